"""Keezbord's state class is written out explicitly (typed attributes and ``clone``, so that the
optional compiled build makes it a native class); these tests hold it to its declarations,
``gametable.games.keezbord.pawns.FIELDS``, declared once."""

from __future__ import annotations

import inspect

import gametable
from gametable.core.protocol import State
from gametable.core.statefields import clone_lines
from gametable.games.keezbord.pawns import FIELDS, KeezbordPawns


def test_attributes_are_the_declared_fields_in_order() -> None:
    header = list(inspect.get_annotations(State))
    own = [name for name in inspect.get_annotations(KeezbordPawns) if name != "_fields_"]
    assert header + own == [f.name for f in FIELDS]
    assert KeezbordPawns._fields_ is FIELDS
    assert set(KeezbordPawns.__slots__) == {f.name for f in FIELDS}


def test_clone_copies_each_field_as_declared() -> None:
    """The written-out ``clone`` makes exactly the assignments the declarations derive, in
    their order (a field added, removed or copied otherwise must be written there too)."""
    source = inspect.getsource(KeezbordPawns.clone)
    written = [line.strip() for line in source.splitlines() if line.strip().startswith("new.")]
    assert written == clone_lines(FIELDS)


def _play(state: State, steps: int, pick: int = 0) -> None:
    for _ in range(steps):
        if not state.to_move:
            return
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(actions[pick % len(actions)], seat)


def test_clone_is_independent_and_plays_on_identically() -> None:
    state = gametable.load_game("keezbord").new_game(4, seed=7)
    _play(state, 60, pick=3)
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    _play(state, 80, pick=-1)
    _play(copy, 80, pick=-1)
    assert copy.to_json() == state.to_json()
    before = copy.to_json()
    _play(state, 10_000)
    assert copy.to_json() == before
