"""A player with no cards left must call BALZAK!, and that call is scored like any other."""

from __future__ import annotations

import gametable


def _empty_hand_against(other: list[str]) -> gametable.core.protocol.State:
    game = gametable.load_game("balzakken")
    position = {"game": "balzakken", "players": 2, "hands": [[], other], "discard_pile": ["8"]}
    return game.state_from_json(position)


def test_an_empty_hand_may_only_call():
    """BZ-124 BZ-125: no cards is 0 points, nothing is drawn, and the turn is the call."""
    state = _empty_hand_against(["4"])
    assert [str(a) for a in state.legal_actions(0)] == ["balzak"]


def test_a_forced_call_is_false_when_another_hand_is_as_low():
    """BZ-125 BZ-098 BZ-102: the forced call with an empty hand (0 points) is false when another
    player holds 0 or less: the caller writes 25 and the lowest other hand 0
    (docs/rules/balzakken.md, A turn)."""
    state = _empty_hand_against(["-1"])
    state.apply("balzak", 0)
    assert state.to_json()["scores"] == [25, 0]
    good = _empty_hand_against(["-1", "5"])
    good.apply("balzak", 0)
    assert good.to_json()["scores"] == [0, 4]


def test_an_action_card_lying_in_front_of_you_neither_counts_nor_blocks_a_call():
    """BZ-045 BZ-046 BZ-047: a Lul played in front of a player is in nobody's hand: that player may
    still call, and it adds nothing to his points (docs/rules/balzakken.md, A turn)."""
    game = gametable.load_game("balzakken")
    position = {
        "game": "balzakken",
        "players": 2,
        "hands": [["3"], ["9"]],
        "discard_pile": ["8"],
        "in_front": [["L"], []],
    }
    state = game.state_from_json(position)
    assert "balzak" in [str(a) for a in state.legal_actions(0)]
    state.apply("balzak", 0)
    assert state.to_json()["scores"] == [0, 9]
