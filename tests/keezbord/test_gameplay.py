"""Gameplay: placing, must-play, handing in, deals, the exact count home and winning."""

from __future__ import annotations

import pytest

from gametable import IllegalAction
from tests.keezbord.helpers import GAME, legal, pawns, position

FULL_2P = [
    r for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for _ in range(2)
]


def test_one_card_per_turn_moves_your_pawn():
    """KB-018, KB-019: a turn is one card, and the card decides the move; then the next seat."""
    s = position(pawns={"a": [10, "N", "N", "N"]}, hands={"a": ["8", "2"], "b": ["3"]})
    played = len(s.view(None)["played"])
    s.apply("8 a1")
    assert pawns(s, 0)[0] == 18
    assert s.view(0)["hand"] == ["2"]
    assert s.view(None)["played"][played:] == ["8"]
    assert s.to_move == (1,)


def test_placement_needs_an_ace_or_a_king():
    """KB-021: with every pawn in the nest only an Ace or a King can be played."""
    s = position(hands={"a": ["2", "3", "Q"], "b": ["5"]})
    assert legal(s) == ["hand in"]
    s = position(hands={"a": ["A", "2"], "b": ["5"]})
    assert legal(s) == ["A place"]
    s.apply("A place")
    assert pawns(s, 0) == [0, "N", "N", "N"]


def test_placement_needs_an_ace_or_a_king_later_too():
    """KB-022: later in the game a pawn in the nest still needs an Ace or a King."""
    s = position(pawns={"a": [10, "N", "N", "N"]}, hands={"a": ["5", "Q"], "b": ["5"]})
    assert legal(s) == ["5 a1", "Q a1"]
    with pytest.raises(IllegalAction) as info:
        s.apply("5 a2")
    assert "KB-021" in info.value.rule.statements
    s = position(pawns={"a": [10, "N", "N", "N"]}, hands={"a": ["K"], "b": ["5"]})
    assert legal(s) == ["K place"]


def test_must_play_even_if_it_hits_your_own_pawn():
    """KB-023, KB-024: the only playable card must be played though it knocks off your own pawn.

    a2 would pass b1, standing on its own start (32), so only a1 can move: onto a2.
    """
    s = position(
        pawns={"a": [25, 30, "N", "N"], "b": [32, "N", "N", "N"]}, hands={"a": ["5"], "b": ["3"]}
    )
    assert legal(s) == ["5 a1"]
    with pytest.raises(IllegalAction) as info:
        s.apply("hand in")
    assert info.value.rule.section == "Gameplay"
    assert "KB-023" in info.value.rule.statements
    s.apply("5 a1")
    assert pawns(s, 0) == [30, "N", "N", "N"]


def test_hand_in_when_no_card_can_be_played():
    """KB-025, KB-026, KB-027: no pawn on the board and no placement card: hand in every card and
    wait for the next deal (the cards go onto the open pile)."""
    s = position(hands={"a": ["2", "Q"], "b": ["3", "4"]})
    played = len(s.view(None)["played"])
    assert legal(s) == ["hand in"]
    s.apply("hand in")
    view = s.view(None)
    assert view["hand_sizes"] == [0, 2]
    assert sorted(view["played"][played:]) == ["2", "Q"]
    assert s.to_move == (1,)
    s.apply("hand in")  # seat b cannot play either; a new round is dealt
    assert s.view(None)["hand_sizes"] == [4, 4]


def test_next_deal_only_when_all_players_are_out_of_cards():
    """KB-028, KB-029: while anyone holds cards the round goes on (empty hands are skipped); when
    all are out the same dealer deals 4 cards each."""
    s = position(
        pawns={"a": [10, 20, "N", "N"]},
        hands={"a": ["2", "3"], "b": []},
        played=["3", "5", "5", "6", "6", "8", "8", "9"],
        dealer=0,
        deal=1,
    )
    assert s.view(None)["deck_size"] == 16
    s.apply("2 a1")
    assert s.to_move == (0,)  # b holds nothing: a plays again
    s.apply("3 a1")
    view = s.view(None)
    assert view["hand_sizes"] == [4, 4]
    assert (view["dealer"], view["deal"], view["deck_size"]) == (0, 2, 8)
    assert s.to_move == (1,)  # the dealer's left begins


def test_when_the_cards_are_used_up_the_deal_passes_left_and_all_are_reshuffled():
    """KB-030, KB-031, KB-003: after the last deal of the pack the player to the dealer's left
    collects and reshuffles every card and deals 5 each; the dealer's left begins."""
    played = list(FULL_2P)
    played.remove("2")
    s = position(
        pawns={"a": [10, "N", "N", "N"]},
        hands={"a": ["2"]},
        played=played,
        dealer=0,
        deal=3,
        cycle=1,
    )
    assert s.view(None)["deck_size"] == 0
    s.apply("2 a1")
    view = s.view(None)
    assert (view["dealer"], view["cycle"], view["deal"]) == (1, 2, 1)
    assert view["hand_sizes"] == [5, 5]
    assert view["deck_size"] == 16
    assert view["played"] == []
    assert s.to_move == (0,)


def test_deals_run_five_four_four_and_each_player_deals_in_turn():
    """KB-002, KB-003, KB-004, KB-006, KB-029, KB-032: the chosen starting player deals a whole
    cycle (5, 4, 4 cards each), the dealer's left begins each round, then the deal passes on."""
    for players in (2, 4, 6):
        s = GAME.new_game(players, seed=11, options={"dealer": 1})
        seen = []
        last = None
        while s.to_move and len(seen) < 8:
            v = s.view(None)
            key = (v["cycle"], v["deal"])
            if key != last:
                last = key
                seen.append((v["cycle"], v["deal"], v["dealer"], set(v["hand_sizes"])))
                assert s.to_move == ((v["dealer"] + 1) % players,)
            s.apply(s.legal_actions()[0])
        for i, (cycle, deal, dealer, sizes) in enumerate(seen):
            assert cycle == i // 3 + 1
            assert deal == i % 3 + 1
            assert dealer == (1 + i // 3) % players
            assert sizes == ({5} if deal == 1 else {4})


def test_play_goes_clockwise():
    """KB-005: after each turn the next seat clockwise moves."""
    s = position(
        4,
        pawns={
            "a": [2, "N", "N", "N"],
            "b": [18, "N", "N", "N"],
            "c": [34, "N", "N", "N"],
            "d": [50, "N", "N", "N"],
        },
        hands={x: ["2", "3"] for x in "abcd"},
        to_move=1,
    )
    order = []
    for _ in range(8):
        order.append(s.to_move[0])
        s.apply(s.legal_actions()[0])
    assert order == [1, 2, 3, 0, 1, 2, 3, 0]


def test_exact_count_into_the_home():
    """KB-035: you must land exactly; a move past the last home space is refused (no second lap)."""
    s = position(pawns={"a": [62, "N", "N", "N"]}, hands={"a": ["6", "5", "2"], "b": ["3"]})
    assert legal(s) == ["2 a1", "5 a1"]
    with pytest.raises(IllegalAction) as info:
        s.apply("6 a1")
    assert info.value.rule.clarification and "KB-035" in info.value.rule.statements
    s.apply("5 a1")
    assert pawns(s, 0)[0] == "H4"


def test_no_moving_back_and_forth_in_the_home():
    """KB-035: a pawn in the home moves only forward; the 4 cannot take it back."""
    s = position(pawns={"a": ["H2", 10, "N", "N"]}, hands={"a": ["4", "A", "3"], "b": ["3"]})
    assert "4 a1" not in legal(s)
    assert "3 a1" not in legal(s)
    assert "A a1" in legal(s)
    with pytest.raises(IllegalAction):
        s.apply("4 a1")


def test_two_players_the_first_home_wins():
    """KB-033: with two players you win as soon as your four pawns are home."""
    s = position(
        pawns={"a": [63, "H2", "H3", "H4"], "b": [40, "N", "N", "N"]},
        hands={"a": ["A"], "b": ["5"]},
    )
    assert legal(s) == ["A a1"]
    s.apply("A a1")
    assert s.is_over and s.to_move == ()
    out = s.outcome
    assert out.winners == (0,)
    assert out.scores == (4.0, 0.0)
    assert s.legal_actions() == []


def test_the_team_wins_together_when_all_its_pawns_are_home():
    """KB-034, KB-074: in teams both partners' pawns must be home; then both win."""
    s = position(
        4,
        pawns={"a": ["H1", "H2", "H3", "H4"], "c": [31, "H2", "H3", "H4"]},
        hands={"a": ["A"], "b": ["5"], "c": ["5"], "d": ["5"]},
    )
    assert legal(s) == ["A c1"]
    s.apply("A c1")
    assert s.is_over
    assert s.outcome.winners == (0, 2)
    assert s.outcome.scores[0] == s.outcome.scores[2] == 8.0


def test_game_goes_on_while_only_one_partner_is_home():
    """KB-034: one partner home is not a win."""
    s = position(
        4,
        pawns={"a": [63, "H2", "H3", "H4"]},
        hands={"a": ["A"], "b": ["5"], "c": ["5"], "d": ["5"]},
    )
    s.apply("A a1")
    assert not s.is_over and s.to_move == (1,)
