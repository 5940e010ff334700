"""Balzakken's state class is written out explicitly (typed attributes and ``clone``, so that
the optional compiled build makes it a native class); these tests hold it to its declarations,
``gametable.games.balzakken.hands.FIELDS``, declared once."""

from __future__ import annotations

import inspect

import gametable
from gametable.core.protocol import State
from gametable.core.statefields import clone_lines
from gametable.games.balzakken.hands import FIELDS, BalzakkenHands


def test_attributes_are_the_declared_fields_in_order() -> None:
    header = list(inspect.get_annotations(State))
    own = [name for name in inspect.get_annotations(BalzakkenHands) if name != "_fields_"]
    assert header + own == [f.name for f in FIELDS]
    assert BalzakkenHands._fields_ is FIELDS
    assert set(BalzakkenHands.__slots__) == {f.name for f in FIELDS}


def test_clone_copies_each_field_as_declared() -> None:
    """The written-out ``clone`` makes exactly the assignments the declarations derive, in
    their order (a field added, removed or copied otherwise must be written there too)."""
    source = inspect.getsource(BalzakkenHands.clone)
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
    state = gametable.load_game("balzakken").new_game(4, seed=11)
    _play(state, 60, pick=3)
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    _play(state, 80, pick=-1)
    _play(copy, 80, pick=-1)
    assert copy.to_json() == state.to_json()
    before = copy.to_json()
    _play(state, 10_000)
    assert copy.to_json() == before


def test_a_copy_keeps_observers_sharing_what_they_know() -> None:
    """Observers who know the same of a hand share one list; the copy shares its copy of it,
    so a card played openly after copying is forgotten by all of them in the copy too."""
    state = gametable.load_game("balzakken").new_game(3, seed=2)
    _play(state, 25, pick=1)
    copy = state.clone()
    rows = copy.known  # type: ignore[attr-defined]
    for seat in range(copy.players):
        column = copy.knowledge.columns[seat]  # type: ignore[attr-defined]
        for o, row in enumerate(rows):
            if o != seat:
                assert any(row[seat] is cells for cells in column)
                assert all(row[seat] is not cells for cells in state.known[o])  # type: ignore[attr-defined]
