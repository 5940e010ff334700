"""What Balzakken's seats know of each other's hands is copied with its sharing kept (the state's
declared fields and their copy are checked for every game in
``tests/conformance/test_state_declarations.py``)."""

from __future__ import annotations

from tests.conformance.test_state_declarations import play_on

import gametable


def test_a_copy_keeps_observers_sharing_what_they_know() -> None:
    """Observers who know the same of a hand share one list; the copy shares its copy of it,
    so a card played openly after copying is forgotten by all of them in the copy too."""
    state = gametable.load_game("balzakken").new_game(3, seed=2)
    play_on(state, 25, pick=1)
    copy = state.clone()
    rows = copy.known  # type: ignore[attr-defined]
    for seat in range(copy.players):
        column = copy.knowledge.columns[seat]  # type: ignore[attr-defined]
        for o, row in enumerate(rows):
            if o != seat:
                assert any(row[seat] is cells for cells in column)
                assert all(row[seat] is not cells for cells in state.known[o])  # type: ignore[attr-defined]
