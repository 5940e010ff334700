"""The actions of a turn: "Playing the Game > Action 1..3", "Important" (several of one value,
action cards) and "Card Types > The Swinger / The Lul"."""

from __future__ import annotations

from collections import Counter

import pytest
from balzakken_helpers import (
    ACTION_CARD,
    DISCARD,
    EMPTY_HAND,
    IMPORTANT,
    SWAP,
    all_cards,
    deck,
    discard_pile,
    hand,
    in_front,
    pile,
    position,
    refused,
)

from gametable import InvalidAction

# -- Action 1: discard and draw ----------------------------------------------------------------------


def test_discard_a_balzak_then_draw_from_the_draw_pile() -> None:
    """BZ-027: the Balzak goes onto the discard pile and the draw pile's top card comes into the
    hand, face down (only the drawer sees it)."""
    state = position([["1", "7", "9"], ["4", "5"]], ["3"])
    top = pile(state)[-1]
    size = len(pile(state))
    state.apply("discard 7")
    assert discard_pile(state) == ["3", "7"]
    assert Counter(hand(state, 0)) == Counter(["1", "9", top])
    assert len(pile(state)) == size - 1
    assert state.view(1)["known_cards"] == {}
    assert state.to_move == (1,)


def test_discard_first_then_draw() -> None:
    """BZ-028: discard first, then draw: with an empty draw pile the card just discarded is
    already the discard pile's top, so it stays there while the card under it is reshuffled into
    the draw pile and drawn."""
    # a one-copy deck (15 cards) with every card placed: the draw pile is empty
    rest = ["L", "-1", "0", "1", "2", "4", "5", "6", "8", "9", "10", "11"]
    state = position(
        [["7", "S"], rest], ["3"], draw_pile=[], options={"copies": 1, "swingers": 1, "luls": 1}
    )
    assert pile(state) == []
    state.apply("discard 7")
    assert discard_pile(state) == ["7"]
    assert hand(state, 0) == ["3", "S"]


def test_discard_only_balzakken_you_hold() -> None:
    """BZ-027: you discard a Balzak from your own hand: one you do not hold is refused."""
    state = position([["1", "7"], ["4", "5"]], ["3"])
    refused(state, "discard 8", DISCARD)
    refused(state, "discard 7x0", DISCARD)


def test_single_discard_never_takes_the_discard_pile_top() -> None:
    """BZ-027, BZ-041: after a single discard you draw from the draw pile; taking the top of the
    discard pile instead would be a swap (docs: "Multi-discard")."""
    state = position([["1", "7"], ["4", "5"]], ["3"])
    refused(state, "discard 7 top", DISCARD)
    assert "discard 7 top" not in {str(a) for a in state.legal_actions()}


# -- Action 2: swap -----------------------------------------------------------------------------------


def test_swap_a_balzak_with_the_discard_pile_top() -> None:
    """BZ-030: a Balzak from the hand and the discard pile's top change places; no card is
    drawn."""
    state = position([["1", "7", "9"], ["4", "5"]], ["2", "3"])
    size = len(pile(state))
    state.apply("swap 7")
    assert hand(state, 0) == ["1", "3", "9"]
    assert discard_pile(state) == ["2", "7"]
    assert len(pile(state)) == size
    assert state.to_move == (1,)


def test_swap_needs_a_balzak_you_hold() -> None:
    """BZ-030: only a Balzak you hold can be swapped: not a missing card, not an action card."""
    state = position([["1", "S", "L"], ["4", "5"]], ["3"])
    refused(state, "swap 7", SWAP)
    refused(state, "swap S", SWAP)
    refused(state, "swap L", SWAP)


# -- several of one value ---------------------------------------------------------------------------


def test_balzakken_of_the_same_value_may_be_discarded_together() -> None:
    """BZ-039, BZ-040, BZ-042: several Balzakken of one value go onto the discard pile at once and
    one card comes back, so the hand shrinks for the rest of the round."""
    state = position([["1", "7", "7", "7", "9"], ["4", "5"]], ["3"])
    top = pile(state)[-1]
    state.apply("discard 7x3")
    assert discard_pile(state) == ["3", "7", "7", "7"]
    assert Counter(hand(state, 0)) == Counter(["1", "9", top])
    assert len(hand(state, 0)) == 3


def test_several_of_one_value_need_not_be_all_you_hold() -> None:
    """BZ-040: discarding two of three 7s is allowed (docs: any number >= 2 of one value)."""
    state = position([["7", "7", "7"], ["4", "5"]], ["3"])
    legal = {str(a) for a in state.legal_actions()}
    assert {"discard 7", "discard 7x2", "discard 7x3", "discard 7x2 top"} <= legal
    state.apply("discard 7x2")
    assert hand(state, 0).count("7") == 1
    assert len(hand(state, 0)) == 2


def test_several_of_one_value_must_all_be_held() -> None:
    """BZ-039, BZ-040: you can only discard as many of a value as you hold."""
    state = position([["7", "7", "9"], ["4", "5"]], ["3"])
    refused(state, "discard 7x3", IMPORTANT)
    refused(state, "discard 9x2", IMPORTANT)
    refused(state, "discard 9x2 top", IMPORTANT)


def test_several_discarded_draw_back_one_from_the_draw_pile() -> None:
    """BZ-041: after discarding several you draw back one card, from the draw pile."""
    state = position([["1", "7", "7"], ["4", "5"]], ["3"])
    top = pile(state)[-1]
    size = len(pile(state))
    state.apply("discard 7x2")
    assert Counter(hand(state, 0)) == Counter(["1", top])
    assert len(pile(state)) == size - 1
    assert discard_pile(state) == ["3", "7", "7"]


def test_several_discarded_draw_back_the_former_discard_top() -> None:
    """BZ-041: or you draw back one card from the discard pile: the card that lay on top before
    you discarded (taking one of your own discards back would undo the play)."""
    state = position([["1", "7", "7"], ["4", "5"]], ["-1", "3"])
    size = len(pile(state))
    state.apply("discard 7x2 top")
    assert hand(state, 0) == ["1", "3"]
    assert discard_pile(state) == ["-1", "7", "7"]
    assert len(pile(state)) == size
    # everyone saw which card was taken
    assert state.view(1)["known_cards"] == {"0": ["3"]}
    assert state.view(None)["known_cards"] == {"0": ["3"]}


# -- action cards -----------------------------------------------------------------------------------


def test_never_two_swingers_at_once() -> None:
    """BZ-043: Swingers are never played together, unlike Balzakken: only one Swinger is offered
    per turn, a double discard of Swingers is refused, and the second stays in hand."""
    state = position([["S", "S", "4"], ["5", "6"], ["8"]], ["3"])
    error = refused(state, "discard Sx2", IMPORTANT)
    assert "BZ-043" in error.rule.statements
    legal = {str(a) for a in state.legal_actions()}
    assert legal >= {"swinger 1", "swinger 2"}
    assert not any("S" in a and "x" in a for a in legal)
    state.apply("swinger 1")
    assert in_front(state) == [[], ["S"], []]
    assert hand(state, 1).count("S") == 1  # the other Swinger went along with the hand
    assert state.to_move == (1,)


@pytest.mark.parametrize("action", ["discard S", "discard L", "discard Lx2"])
def test_action_cards_never_go_onto_the_discard_pile(action: str) -> None:
    """BZ-044: action cards are not placed on the discard pile."""
    state = position([["S", "L", "L", "4"], ["5", "6"]], ["3"])
    refused(state, action, IMPORTANT)


@pytest.mark.parametrize("card, verb", [("S", "swinger"), ("L", "lul")])
def test_action_card_lies_face_up_in_front_of_the_chosen_player(card: str, verb: str) -> None:
    """BZ-044, BZ-045, BZ-059, BZ-073: the action card is placed face up in front of the chosen
    player, not on the discard pile."""
    state = position([[card, "4"], ["5", "6"], ["7"]], ["3"])
    state.apply(f"{verb} 2")
    assert in_front(state) == [[], [], [card]]
    assert discard_pile(state) == ["3"]
    assert card not in hand(state, 0) + hand(state, 2)


@pytest.mark.parametrize("card, verb", [("S", "swinger"), ("L", "lul")])
def test_action_cards_stay_in_front_until_balzak(card: str, verb: str) -> None:
    """BZ-046, BZ-063, BZ-076: the action card stays in front of the player for the rest of the
    round (through other turns) and is cleared only when someone calls BALZAK!."""
    state = position([[card, "4", "4"], ["4", "4"], ["7", "2"]], ["3"])
    state.apply(f"{verb} 1")
    for action in ["discard 4", "discard 2", "discard 4", "swap 4"]:
        state.apply(action)
        assert in_front(state)[1] == [card]
    state.apply("balzak")  # seat 2 calls; the next round starts with nothing in front
    assert state.view(None)["round"] == 2
    assert in_front(state) == [[], [], []]
    assert state.view(None)["rounds"][-1]["in_front"] == [[], [card], []]


@pytest.mark.parametrize("verb", ["swinger", "lul"])
def test_action_card_targets_another_player(verb: str) -> None:
    """BZ-032, BZ-033: the action card is played on a player of your choice: another player
    (docs: never yourself), and one who sits at the table."""
    state = position([["S", "L", "4"], ["5", "6"]], ["3"])
    error = refused(state, f"{verb} 0", ACTION_CARD)
    assert error.rule.clarification
    refused(state, f"{verb} 2", ACTION_CARD)
    assert f"{verb} 0" not in {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize("verb", ["swinger", "lul"])
def test_action_card_must_be_held(verb: str) -> None:
    """BZ-032, BZ-033: you can only play an action card you hold."""
    state = position([["4", "5"], ["S", "L"]], ["3"])
    refused(state, f"{verb} 1", ACTION_CARD)


# -- The Swinger ------------------------------------------------------------------------------------


def test_swinger_swaps_whole_hands_with_the_chosen_player() -> None:
    """BZ-032, BZ-060: The Swinger swaps all cards in your hand with the chosen player's."""
    state = position([["S", "-1", "2"], ["9", "10", "11"], ["5"]], ["3"])
    state.apply("swinger 1")
    assert hand(state, 0) == ["9", "10", "11"]
    assert hand(state, 1) == ["-1", "2"]
    assert hand(state, 2) == ["5"]


def test_swinger_draws_no_new_card() -> None:
    """BZ-061, BZ-062: no card is drawn after The Swinger, so the player you swung with now plays
    with one card fewer than they had."""
    state = position([["S", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], ["3"])
    size = len(pile(state))
    state.apply("swinger 1")
    assert len(pile(state)) == size
    assert len(hand(state, 1)) == 4
    assert len(hand(state, 0)) == 5


def test_play_passes_to_the_player_after_the_swinger() -> None:
    """BZ-064: play passes to the player after the one who played The Swinger, whoever was
    swung with."""
    state = position([["S", "1"], ["5"], ["6"], ["7"]], ["3"])
    state.apply("swinger 2")
    assert state.to_move == (1,)


def test_swinger_as_last_card_swaps_an_empty_hand() -> None:
    """BZ-068: with only The Swinger left you swap your empty hand (0 points) for the chosen
    player's cards; they are left with no cards."""
    state = position([["S"], ["5", "9", "11"], ["6"]], ["3"])
    state.apply("swinger 1")
    assert hand(state, 0) == ["5", "9", "11"]
    assert hand(state, 1) == []
    assert state.view(1)["hand_value"] == 0
    assert state.legal_actions() == [state.game.parse_action(state, "balzak")]


def test_swinger_may_target_a_player_with_no_cards() -> None:
    """BZ-060, BZ-068: The Swinger may be played on a player with an empty hand: you take their
    (empty) hand and give them yours (docs: Swinger targets)."""
    state = position([["S", "4", "9"], [], ["6"]], ["3"])
    assert "swinger 1" in {str(a) for a in state.legal_actions()}
    state.apply("swinger 1")
    assert hand(state, 0) == []
    assert hand(state, 1) == ["4", "9"]


# -- The Lul ----------------------------------------------------------------------------------------


def test_lul_makes_the_chosen_player_draw_two() -> None:
    """BZ-033, BZ-074: the player who receives The Lul immediately draws the top 2 cards of the
    draw pile."""
    state = position([["L", "4"], ["5"], ["6"]], ["3"])
    two = pile(state)[-2:]
    size = len(pile(state))
    state.apply("lul 2")
    assert Counter(hand(state, 2)) == Counter(["6", *two])
    assert len(pile(state)) == size - 2
    assert hand(state, 1) == ["5"]


def test_lul_player_draws_no_new_card() -> None:
    """BZ-075: the player of The Lul draws nothing and plays on with one card fewer."""
    state = position([["L", "4", "8"], ["5"]], ["3"])
    state.apply("lul 1")
    assert hand(state, 0) == ["4", "8"]


def test_play_passes_to_the_player_after_the_lul() -> None:
    """BZ-077: play passes to the player after the one who played The Lul."""
    state = position([["1"], ["L", "5"], ["6"], ["7"]], ["3"], to_move=1)
    state.apply("lul 3")
    assert state.to_move == (2,)


def test_lul_on_a_player_with_no_cards_still_draws_two() -> None:
    """BZ-074, BZ-125: an empty-handed player only draws nothing on their own turn; receiving
    The Lul they still draw 2 (docs: The Lul)."""
    state = position([["L", "4"], []], ["3"])
    state.apply("lul 1")
    assert len(hand(state, 1)) == 2


# -- an empty hand ----------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["discard 4", "swap 4", "swinger 0", "lul 0"])
def test_empty_hand_must_call_balzak(action: str) -> None:
    """BZ-125: a player with no cards draws no card, and on their turn their only action is to
    call BALZAK!."""
    state = position([["4", "S", "L"], []], ["3"], to_move=1)
    refused(state, action, EMPTY_HAND)
    assert [str(a) for a in state.legal_actions()] == ["balzak"]


def test_empty_hand_draws_nothing_until_its_turn() -> None:
    """BZ-124, BZ-125: a player left without cards draws nothing: the hand stays empty through
    other turns, counts 0, and their turn is BALZAK!."""
    state = position([["S"], ["5", "9"], ["6", "7"]], ["3"])
    state.apply("swinger 2")  # seat 2 now has no cards
    state.apply("discard 5")
    assert hand(state, 2) == []
    assert state.to_move == (2,)
    assert [str(a) for a in state.legal_actions()] == ["balzak"]
    state.apply("balzak")
    last = state.view(None)["rounds"][-1]
    assert last["kind"] == "good" and last["values"][2] == 0 and last["points"][2] == 0


# -- the deck stays whole ---------------------------------------------------------------------------


def test_no_card_is_created_or_lost_by_any_action() -> None:
    """BZ-016, BZ-027, BZ-030, BZ-041, BZ-060, BZ-074: whatever is played, the 60 cards are all
    still somewhere."""
    state = position([["7", "7", "S", "L", "1"], ["2", "2", "9", "L"], ["5"]], ["3"])
    for action in ["discard 7x2 top", "discard 2x2", "swap 5", "swinger 2", "lul 0", "swap 1"]:
        state.apply(action)
        assert all_cards(state) == deck(), action


def test_garbage_is_not_an_action() -> None:
    """BZ-025: text that is none of the four actions raises InvalidAction, changing nothing."""
    state = position([["7", "S"], ["4"]], ["3"])
    before = state.to_json()
    for text in [
        "",
        "discard",
        "discard 12",
        "swap",
        "lul",
        "swinger two",
        "draw",
        "7",
        "balzak now",
        "discard 7x",
        "discard -2",
    ]:
        with pytest.raises(InvalidAction):
            state.apply(text)
    assert state.to_json() == before
