"""Setting up a game and a round: "Overview > Ready to start?", "Playing the Game > Action!",
the deck ("Card Types > Balzakken") and the options that stand in for unprinted details."""

from __future__ import annotations

from collections import Counter

import pytest
from balzakken_helpers import (
    GAME,
    all_cards,
    deck,
    discard_pile,
    hand,
    in_front,
    pile,
    position,
)

SEEDS = range(200)


@pytest.mark.parametrize("players", range(2, 9))
def test_each_player_is_dealt_five_cards(players: int) -> None:
    """BZ-014: shuffle all the cards and deal each player 5."""
    for seed in range(20):
        state = GAME.new_game(players, seed=seed)
        assert state.view(None)["hand_sizes"] == [5] * players
        for seat in range(players):
            assert len(hand(state, seat)) == 5


def test_the_deal_is_shuffled_by_the_seed() -> None:
    """BZ-014: the cards are shuffled: different seeds deal different hands, one seed the same."""
    deals = {tuple(map(tuple, GAME.new_game(4, seed=s).to_json()["hands"])) for s in range(30)}
    assert len(deals) == 30
    assert GAME.new_game(4, seed=7).to_json() == GAME.new_game(4, seed=7).to_json()


@pytest.mark.parametrize("players", [2, 5, 8])
def test_remaining_cards_form_the_draw_pile(players: int) -> None:
    """BZ-016, BZ-017, BZ-018: every card not dealt lies in the draw pile, except the one turned
    up beside it as the discard pile."""
    for seed in range(20):
        state = GAME.new_game(players, seed=seed)
        assert len(discard_pile(state)) == 1
        assert len(pile(state)) == 60 - 5 * players - 1
        assert state.view(None)["draw_pile_size"] == 60 - 5 * players - 1
        assert all_cards(state) == deck()


@pytest.mark.parametrize("players", [2, 3, 4, 8])
def test_first_discard_is_never_an_action_card(players: int) -> None:
    """BZ-019, BZ-020: an action card turned up for the discard pile goes back into the draw pile
    and a new card is turned; so the first discard is always a Balzak and no card is lost."""
    for seed in SEEDS:
        state = GAME.new_game(players, seed=seed)
        top = discard_pile(state)
        assert len(top) == 1 and top[0] not in ("S", "L"), (seed, top)
        assert all_cards(state) == deck()


def test_action_cards_turned_up_go_back_into_the_draw_pile() -> None:
    """BZ-019, BZ-020: in a deck crowded with action cards (16 of 29) the turned-up card is still
    a Balzak every time, and every action card stays in the game (hands or draw pile)."""
    options = {"copies": 1, "swingers": 8, "luls": 8}
    for seed in SEEDS:
        state = GAME.new_game(2, seed=seed, options=options)
        assert discard_pile(state)[0] not in ("S", "L")
        assert len(pile(state)) == 29 - 10 - 1
        assert all_cards(state) == deck(1, 8, 8)
        outside_pile = Counter(pile(state)) + Counter(hand(state, 0)) + Counter(hand(state, 1))
        assert outside_pile["S"] == 8 and outside_pile["L"] == 8


def test_every_round_is_set_up_the_same_way() -> None:
    """BZ-008, BZ-014, BZ-019: each new round is dealt afresh: 5 cards each, a Balzak on the
    discard pile, nothing in front of anybody, the whole deck back in play."""
    state = position([["1", "2"], ["9", "S", "L"], ["11", "11"]], ["4"], in_front=[[], ["L"], []])
    state.apply("balzak")
    assert state.view(None)["round"] == 2
    assert state.view(None)["hand_sizes"] == [5, 5, 5]
    assert discard_pile(state)[0] not in ("S", "L") and len(discard_pile(state)) == 1
    assert in_front(state) == [[], [], []]
    assert all_cards(state) == deck()


def test_deck_holds_values_minus_one_to_eleven_and_the_action_cards() -> None:
    """BZ-055: Balzakken have values -1 to 11; the default deck (not printed in the rulebook,
    see docs/rules/balzakken.md) holds 4 of each, 4 Swingers and 4 Luls: 60 cards."""
    state = GAME.new_game(3, seed=0)
    counts = all_cards(state)
    assert sum(counts.values()) == 60
    assert sorted(int(c) for c in counts if c not in ("S", "L")) == list(range(-1, 12))
    assert all(counts[str(v)] == 4 for v in range(-1, 12))
    assert counts["S"] == 4 and counts["L"] == 4


def test_deck_composition_follows_the_options() -> None:
    """BZ-055: options ``copies``, ``swingers`` and ``luls`` set the deck's composition."""
    options = {"copies": 2, "swingers": 1, "luls": 0}
    for seed in range(10):
        state = GAME.new_game(2, seed=seed, options=options)
        assert all_cards(state) == deck(2, 1, 0)
    assert GAME.new_game(2, seed=0, options=options).options == {**options, "first_player": 0}


def test_blue_ball_counts_eleven_and_bruisbal_minus_one() -> None:
    """BZ-056: the Blue Ball (11) is a bad card, the Bruisbal (-1) a good one: they count 11 and
    -1 in a hand."""
    state = position([["11", "11"], ["-1", "-1", "3"]])
    assert state.view(0)["hand_value"] == 22
    assert state.view(1)["hand_value"] == 1


def test_first_player_is_seat_zero_by_default() -> None:
    """BZ-023: "the youngest begins" is replaced by the option ``first_player`` (default seat 0);
    the first dealer sits to their right."""
    state = GAME.new_game(4, seed=3)
    assert state.to_move == (0,)
    assert state.view(None)["dealer"] == 3


@pytest.mark.parametrize("first", [0, 1, 2])
def test_first_player_option_chooses_who_begins(first: int) -> None:
    """BZ-023: option ``first_player`` names the seat that begins the first round."""
    state = GAME.new_game(3, seed=5, options={"first_player": first})
    assert state.to_move == (first,)
    assert state.view(None)["dealer"] == (first - 1) % 3
    assert [str(a) for a in state.legal_actions(first)]
    assert state.legal_actions((first + 1) % 3) == []


def test_play_proceeds_clockwise() -> None:
    """BZ-024: after each turn the next seat (to the left, clockwise) moves; the last seat is
    followed by seat 0."""
    state = position([["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]], ["3"])
    order = []
    for action in ["discard 1", "discard 4", "discard 7", "discard 2"]:
        order.append(state.to_move[0])
        state.apply(action)
    assert order == [0, 1, 2, 0]
    assert state.to_move == (1,)


def test_a_turn_is_exactly_one_of_the_four_actions() -> None:
    """BZ-025: on your turn you perform one of four actions: discard (and draw), swap, play an
    action card, or call BALZAK!; after one of them the turn passes."""
    state = position([["2", "2", "7", "S", "L"], ["4", "5"]], ["3"])
    kinds = {str(a).split()[0] for a in state.legal_actions()}
    assert kinds == {"discard", "swap", "swinger", "lul"}
    calm = position([["2", "7"], ["4", "5"]], ["3"])
    assert {str(a).split()[0] for a in calm.legal_actions()} == {"discard", "swap", "balzak"}
    state.apply("swap 7")
    assert state.to_move == (1,)
