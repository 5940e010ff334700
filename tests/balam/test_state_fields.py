"""Balam's state class is written out explicitly (typed attributes and ``clone``, so that the
optional compiled build makes it a native class); these tests hold it to its declarations,
``gametable.games.balam.fields.FIELDS``, declared once."""

from __future__ import annotations

import inspect

import gametable
from gametable.core.protocol import State
from gametable.core.statefields import clone_lines
from gametable.games.balam.fields import FIELDS, BalamFields


def test_attributes_are_the_declared_fields_in_order() -> None:
    header = list(inspect.get_annotations(State))
    own = [name for name in inspect.get_annotations(BalamFields) if name != "_fields_"]
    assert header + own == [f.name for f in FIELDS]
    assert BalamFields._fields_ is FIELDS


def test_clone_copies_each_field_as_declared() -> None:
    """The written-out ``clone`` makes exactly the assignments the declarations derive, in
    their order (a field added, removed or copied otherwise must be written there too)."""
    source = inspect.getsource(BalamFields.clone)
    written = [line.strip() for line in source.splitlines() if line.strip().startswith("new.")]
    assert written == clone_lines(FIELDS)


def test_clone_is_independent_and_plays_on_identically() -> None:
    state = gametable.load_game("balam").new_game(3, seed=5)
    for _ in range(40):
        state.apply(state.legal_actions()[0], state.to_move[0])
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    for _ in range(30):
        if not state.to_move:
            break
        seat = state.to_move[0]
        action = state.legal_actions(seat)[-1]
        state.apply(action, seat)
        copy.apply(action, seat)
    assert copy.to_json() == state.to_json()
    before = copy.to_json()
    while state.to_move:
        state.apply(state.legal_actions()[0], state.to_move[0])
    assert copy.to_json() == before
