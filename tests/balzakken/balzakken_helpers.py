"""Shared helpers of the Balzakken tests: positions written by hand and refusal checks.

Positions go through the public API only (``game.state_from_json``); see
``docs/rules/balzakken.md`` ("Positions by hand") for the format.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from gametable import IllegalAction, State, load_game

GAME = load_game("balzakken")

# Rulebook sections, spelled as the rulebook (and rules.py) spells them.
OVERVIEW = "Overview > In a (nut)shell"
TURN = "Playing the Game > Action!"
DISCARD = "Playing the Game > Action 1: Discard and draw"
SWAP = "Playing the Game > Action 2: Swap"
ACTION_CARD = "Playing the Game > Action 3: Play an action card"
IMPORTANT = "Playing the Game > Important"
EMPTY_HAND = "What If... > A player has no cards left?"


def position(hands: list[list[str]], discard: list[str] | None = None, **fields: Any) -> State:
    """A position from hands written by hand; the rest of the deck is shuffled into the draw pile
    unless ``draw_pile`` is given (top card last).  Seat 0 is to move unless ``to_move`` says."""
    data: dict[str, Any] = {
        "game": "balzakken",
        "players": len(hands),
        "hands": [list(h) for h in hands],
        "discard_pile": list(discard if discard is not None else ["3"]),
        "to_move": 0,
    }
    data.update(fields)
    return GAME.state_from_json(data)


def hand(state: State, seat: int) -> list[str]:
    """The cards ``seat`` holds, as that seat sees them."""
    return state.view(seat)["hand"]


def pile(state: State) -> list[str]:
    """The draw pile, top card last (the full state knows its order)."""
    return state.to_json()["draw_pile"]


def discard_pile(state: State) -> list[str]:
    return state.view(None)["discard_pile"]


def in_front(state: State) -> list[list[str]]:
    return state.view(None)["in_front"]


def all_cards(state: State) -> Counter[str]:
    """Every card of the state, wherever it lies."""
    data = state.to_json()
    total: Counter[str] = Counter(data["draw_pile"]) + Counter(data["discard_pile"])
    for cards in (*data["hands"], *data["in_front"]):
        total.update(cards)
    return total


def deck(copies: int = 4, swingers: int = 4, luls: int = 4) -> Counter[str]:
    out = Counter({str(v): copies for v in range(-1, 12)})
    out["S"] = swingers
    out["L"] = luls
    return +out


def refused(state: State, action: str, section: str, seat: int | None = None) -> IllegalAction:
    """Apply ``action``, expect :class:`IllegalAction` citing ``section``, and an unchanged state."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action, seat)
    assert info.value.rule.section == section, info.value
    assert info.value.rule.game == "balzakken"
    assert state.to_json() == before
    return info.value


def may_call(state: State, seat: int = 0) -> bool:
    """Whether the engine lets ``seat`` call BALZAK! in ``state`` (its own check, nothing applied)."""
    try:
        state.check_action(GAME.parse_action(state, "balzak"), seat)
    except IllegalAction:
        return False
    return True
