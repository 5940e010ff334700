"""Calling BALZAK! and scoring the round: "Action 4: Call BALZAK!", "Important",
"BALZAK! - End of a Round", "Tasty (In-Between) Positions" and the end of the game."""

from __future__ import annotations

from typing import Any

import pytest
from balzakken_helpers import (
    IMPORTANT,
    OVERVIEW,
    TURN,
    discard_pile,
    hand,
    position,
    refused,
)

from gametable import State


def call(hands: list[list[str]], caller: int = 0, **fields: Any) -> tuple[State, dict[str, Any]]:
    """``caller`` calls BALZAK! in a position with these hands; the state and the round's record."""
    state = position(hands, ["3"], to_move=caller, **fields)
    state.apply("balzak")
    return state, state.view(None)["rounds"][-1]


# -- when BALZAK! may be called ---------------------------------------------------------------------


def test_balzak_may_be_called_with_five_points_or_fewer() -> None:
    """BZ-005, BZ-036, BZ-085: with 5 points or fewer you may call BALZAK! as your turn, and
    exactly 5 still makes a good call."""
    state = position([["2", "3"], ["4", "4"]])
    assert "balzak" in {str(a) for a in state.legal_actions()}
    _, record = call([["2", "3"], ["4", "4"]])
    assert record["kind"] == "good" and record["values"] == [5, 8]


def test_balzak_with_more_than_five_points_is_legal_but_costs_25() -> None:
    """BZ-005, BZ-104, BZ-106: 6 points is too many for a good call; the call is still legal
    (docs: priced at 25, never refused)."""
    state = position([["2", "4"], ["9", "9"]])
    assert "balzak" in {str(a) for a in state.legal_actions()}
    _, record = call([["2", "4"], ["9", "9"]])
    assert record["kind"] == "overcall" and record["points"] == [25, 0]


@pytest.mark.parametrize("card", ["S", "L"])
def test_balzak_cannot_be_called_while_holding_an_action_card(card: str) -> None:
    """BZ-047, BZ-048, BZ-049, BZ-065, BZ-066, BZ-078, BZ-079: with an action card in hand you
    may not call BALZAK!, even with 5 points or fewer; play the action card first."""
    verb = "swinger" if card == "S" else "lul"
    state = position([[card, "1"], ["9", "8"]])
    refused(state, "balzak", IMPORTANT)
    assert "balzak" not in {str(a) for a in state.legal_actions()}
    state.apply(f"{verb} 1")
    state.apply("discard 9" if card == "L" else "discard 1")
    assert "balzak" in {str(a) for a in state.legal_actions()}


def test_balzak_can_only_be_called_on_your_turn() -> None:
    """BZ-050: only the player whose turn it is may call BALZAK!."""
    state = position([["9", "9"], ["1"], ["2"]])
    error = refused(state, "balzak", IMPORTANT, seat=1)
    assert "BZ-050" in error.rule.statements
    refused(state, "discard 1", TURN, seat=1)
    assert state.legal_actions(1) == []


def test_balzak_is_the_whole_turn() -> None:
    """BZ-051, BZ-052: calling BALZAK! is a turn of its own: after discarding, swapping or playing
    an action card the turn has passed, so the same player cannot call BALZAK! on top of it."""
    for action in ["discard 9", "swap 9", "lul 1"]:
        state = position([["9", "1", "L"], ["8", "8"], ["7"]])
        state.apply(action)
        refused(state, "balzak", IMPORTANT, seat=0)
    state = position([["1"], ["8"]])
    ply = state.ply
    state.apply("balzak")
    assert state.ply == ply + 1


# -- the round ends ---------------------------------------------------------------------------------


def test_balzak_ends_the_round_immediately() -> None:
    """BZ-037, BZ-086, BZ-087: the round stops at once: no one else plays on in it, the hands
    are counted, the call is judged and a new round is dealt."""
    state, record = call([["1", "2"], ["9", "L"], ["4", "4"]])
    assert record["round"] == 1 and record["caller"] == 0
    assert record["hands"] == [["1", "2"], ["9", "L"], ["4", "4"]]
    assert record["values"] == [3, 19, 8]
    assert record["kind"] == "good"
    assert state.view(None)["round"] == 2
    assert state.view(None)["hand_sizes"] == [5, 5, 5]


def test_caller_deals_the_next_round_and_the_player_left_of_the_dealer_begins() -> None:
    """BZ-088, BZ-024: the player who called BALZAK! deals the next round; the next seat
    clockwise (to the dealer's left) begins it."""
    state, _ = call([["9"], ["9"], ["1"], ["9"]], caller=2)
    assert state.view(None)["dealer"] == 2
    assert state.to_move == (3,)
    state, _ = call([["9"], ["9"], ["9"], ["1"]], caller=3)
    assert state.view(None)["dealer"] == 3
    assert state.to_move == (0,)


def test_points_are_written_down_after_every_round() -> None:
    """BZ-007, BZ-113: at the end of each round every player's points go onto the score sheet,
    and the sheet keeps the running totals from round to round."""
    state, record = call([["1"], ["9"], ["4", "4"]], scores=[10, 20, 30])
    assert record["before"] == [10, 20, 30]
    assert record["points"] == [0, 9, 8]
    assert record["totals"] == [10, 29, 38]
    assert state.view(None)["scores"] == [10, 29, 38]
    # a second round adds to the totals
    data = state.to_json()
    data["hands"] = [["11"], ["0"], ["5"]]
    data.pop("draw_pile")
    data.pop("known")
    state = state.game.state_from_json(data)
    assert state.to_move == (1,)
    state.apply("balzak", seat=1)  # a good call by seat 1
    assert state.view(None)["scores"] == [10 + 11, 29 + 0, 38 + 5]
    assert len(state.view(None)["rounds"]) == 2


# -- a good BALZAK! ---------------------------------------------------------------------------------


def test_good_balzak_caller_writes_zero_and_others_their_hands() -> None:
    """BZ-006, BZ-090, BZ-091, BZ-092, BZ-093: 5 points or fewer and everyone else higher: a good
    BALZAK!; the caller writes 0 and saddles the others with the points in their hands."""
    _, record = call([["1", "2"], ["4", "L"], ["11", "11"], ["4"]])
    assert record["kind"] == "good"
    assert record["points"] == [0, 14, 22, 4]


def test_good_balzak_with_a_negative_hand_writes_zero() -> None:
    """BZ-094, BZ-095, BZ-096: a good BALZAK! with fewer than 0 points still writes 0, and no
    entry on the score sheet is ever negative (docs: also another player's negative hand)."""
    _, record = call([["-1", "-1", "-1"], ["-1", "0"], ["5"]])
    assert record["kind"] == "good"
    assert record["values"] == [-3, -1, 5]
    assert record["points"] == [0, 0, 5]


@pytest.mark.parametrize("values, kind", [((3, 4), "good"), ((3, 3), "false"), ((3, 2), "false")])
def test_balzak_is_good_only_if_nobody_else_has_as_few_points(
    values: tuple[int, int], kind: str
) -> None:
    """BZ-090, BZ-091, BZ-098, BZ-099: another player with the same or fewer points makes the
    call false; only strictly more points for everyone else makes it good."""
    _, record = call([[str(values[0])], [str(values[1])], ["9"]])
    assert record["kind"] == kind


# -- a false BALZAK! --------------------------------------------------------------------------------


def test_false_balzak_costs_the_caller_25_and_the_lowest_writes_zero() -> None:
    """BZ-098, BZ-099, BZ-100, BZ-101, BZ-102, BZ-103: someone else has as few points or fewer:
    the caller writes 25 (their own hand is forfeited, not added), the lowest player writes 0
    and the others write their hands."""
    _, record = call([["4"], ["2"], ["9"], ["3", "3"]])
    assert record["kind"] == "false"
    assert record["points"] == [25, 0, 9, 6]


def test_false_balzak_on_a_tie_with_the_caller() -> None:
    """BZ-098, BZ-099, BZ-102: an equal hand is enough to make the call false; that player is the
    lowest and writes 0."""
    _, record = call([["1", "2"], ["3"], ["8"]])
    assert record["points"] == [25, 0, 8]


def test_with_several_lower_players_only_the_lowest_writes_zero() -> None:
    """BZ-108, BZ-109: when several players have fewer points than the caller, the one with the
    lowest points wins the round (writes 0); the others write their hands."""
    _, record = call([["5"], ["1"], ["3"], ["10"]])
    assert record["kind"] == "false"
    assert record["points"] == [25, 0, 3, 10]


def test_players_tied_for_lowest_all_write_zero_except_the_caller() -> None:
    """BZ-110, BZ-111: several players tied on the lowest points all write 0; the false caller
    writes 25 even when tied with them."""
    _, record = call([["2"], ["2"], ["0", "2"], ["7"]])
    assert record["kind"] == "false"
    assert record["points"] == [25, 0, 0, 7]


def test_false_balzak_writes_no_negative_entries() -> None:
    """BZ-096, BZ-103: a false BALZAK! with other negative hands writes 0, never below."""
    _, record = call([["1"], ["-1", "-1"], ["-1"], ["6"]])
    assert record["points"] == [25, 0, 0, 6]


# -- a call with more than 5 points ------------------------------------------------------------------


def test_balzak_with_more_than_five_points_costs_25_and_others_write_zero() -> None:
    """BZ-104, BZ-106, BZ-107: a call with more than 5 points costs the caller 25 and every other
    player writes 0, whatever their hands, higher or lower."""
    _, record = call([["7"], ["11", "11", "L"], ["1"]])
    assert record["kind"] == "overcall"
    assert record["points"] == [25, 0, 0]


# -- action cards in hand at the end of a round ------------------------------------------------------


def test_swinger_left_in_hand_counts_zero() -> None:
    """BZ-067: when someone else calls BALZAK! a Swinger still in hand counts 0 points."""
    _, record = call([["1"], ["S", "4"], ["S"]])
    assert record["values"] == [1, 4, 0]
    assert record["kind"] == "false"  # seat 2's lone Swinger is 0 points: lower than 1
    assert record["points"] == [25, 4, 0]


def test_lul_left_in_hand_counts_ten() -> None:
    """BZ-080, BZ-081: a Lul still in hand when someone calls BALZAK! is bad luck: 10 points."""
    _, record = call([["1"], ["L"], ["L", "L", "2"]])
    assert record["values"] == [1, 10, 22]
    assert record["points"] == [0, 10, 22]


def test_lul_points_count_like_balzakken() -> None:
    """BZ-082: the Lul's 10 points count in the hand like a Balzak's: they decide who is lowest.
    Without them seat 1 (-4 in Balzakken) would make the call false."""
    _, record = call([["5"], ["L", "-1", "-1", "-1", "-1"], ["9"]])
    assert record["values"] == [5, 6, 9]
    assert record["kind"] == "good"
    assert record["points"] == [0, 6, 9]


def test_pleun_and_nena() -> None:
    """BZ-083: Pleun has 4 points and calls BALZAK!; Nena holds 3 points plus The Lul, so 13.
    Pleun's BALZAK! is good: she writes 0, Nena writes 13."""
    pleun, nena = 0, 1
    state = position([["1", "3"], ["3", "L"]], ["6"], to_move=pleun)
    assert state.view(pleun)["hand_value"] == 4
    assert state.view(nena)["hand_value"] == 13
    state.apply("balzak", seat=pleun)
    record = state.view(None)["rounds"][-1]
    assert record["kind"] == "good"
    assert record["points"][pleun] == 0
    assert record["points"][nena] == 13
    assert state.view(None)["scores"] == [0, 13]


def test_empty_hand_counts_zero_points() -> None:
    """BZ-124: a player without cards has 0 points: lower than a caller with 1."""
    _, record = call([["1"], [], ["9"]])
    assert record["values"] == [1, 0, 9]
    assert record["kind"] == "false"
    assert record["points"] == [25, 0, 9]


# -- tasty positions --------------------------------------------------------------------------------


def test_exactly_69_goes_back_to_50_and_99_to_75() -> None:
    """BZ-114, BZ-116, BZ-117, BZ-118: a total of exactly 69 or 99 after a round drops to 50 or
    75 (applied automatically: docs, it can only help)."""
    state, record = call([["1"], ["9"], ["9"], ["1", "9"], ["1", "9"]], scores=[0, 60, 90, 58, 88])
    assert record["totals"] == [0, 50, 75, 68, 98]
    assert record["tasty"] == [1, 2]
    assert state.view(None)["scores"] == [0, 50, 75, 68, 98]


def test_tasty_position_only_on_exactly_69_or_99() -> None:
    """BZ-114, BZ-117, BZ-118: passing over 69 or 99 without landing on it changes nothing."""
    _, record = call([["1"], ["11"], ["11"]], scores=[0, 60, 90])
    assert record["totals"] == [0, 71, 101]
    assert record["tasty"] == []


def test_false_caller_landing_on_69_goes_back_to_50() -> None:
    """BZ-100, BZ-117: the 25 of a false call can land on 69 too, and it drops to 50."""
    _, record = call([["4"], ["2"]], scores=[44, 0])
    assert record["points"] == [25, 0]
    assert record["totals"] == [50, 0]


def test_99_goes_back_to_75_and_the_game_goes_on() -> None:
    """BZ-009, BZ-118: 99 is below 100 anyway; it drops to 75 and the game goes on."""
    state, _ = call([["1"], ["9"]], scores=[0, 90])
    assert state.view(None)["scores"] == [0, 75]
    assert not state.is_over


# -- the end of the game ----------------------------------------------------------------------------


def test_game_ends_as_soon_as_a_player_reaches_100() -> None:
    """BZ-009: the game ends when a player has 100 points or more after a round: exactly 100 is
    enough; nobody is to move and no action is accepted any more."""
    state, record = call([["1"], ["9"], ["2", "2"]], scores=[0, 91, 40])
    assert record["totals"] == [0, 100, 44]
    assert state.is_over
    assert state.to_move == ()
    assert state.legal_actions() == []
    refused(state, "balzak", OVERVIEW)
    assert state.to_json()["to_move"] is None


def test_game_goes_on_below_100() -> None:
    """BZ-009: at 98 the game goes on with a new round."""
    state, _ = call([["1"], ["8"]], scores=[0, 90])
    assert not state.is_over and state.view(None)["round"] == 2


def test_fewest_points_wins() -> None:
    """BZ-003, BZ-010: the goal is to score low: when the game ends the player with the fewest
    points wins, and the others are ranked by their points, fewest first."""
    state, _ = call([["4"], ["2"], ["9"]], scores=[80, 30, 20])  # false call: 105, 30, 29
    outcome = state.outcome
    assert outcome is not None
    assert outcome.scores == (105, 30, 29)
    assert outcome.winners == (2,)
    assert outcome.ranking == (3, 2, 1)
    assert state.returns() == (0.0, 0.5, 1.0)
    assert state.view(1)["outcome"]["winners"] == [2]


def test_players_tied_for_fewest_points_all_win() -> None:
    """BZ-010: players tied on the fewest points at the end all win (docs: ties)."""
    state, _ = call([["1"], ["9"], ["5"]], scores=[20, 95, 24])  # good: 20, 104, 29
    state2, _ = call([["1"], ["9"], ["1", "0"]], scores=[20, 95, 20])  # false: 45, 104, 20
    assert state.outcome.winners == (0,)
    assert state2.outcome.winners == (2,)
    tied, _ = call([["1"], ["9"], ["5"]], scores=[29, 95, 24])  # 29, 104, 29
    assert tied.outcome.scores == (29, 104, 29)
    assert tied.outcome.winners == (0, 2)
    assert tied.outcome.ranking == (1, 2, 1)


def test_the_game_is_over_when_loaded_with_100_points() -> None:
    """BZ-009: a position with a score of 100 or more is a finished game (to_move null)."""
    state = position([["1"], ["2"]], scores=[100, 3], to_move=None)
    assert state.is_over and state.outcome.winners == (1,)
    assert discard_pile(state) == ["3"] and hand(state, 0) == ["1"]
