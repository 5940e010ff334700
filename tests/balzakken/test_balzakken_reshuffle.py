""" "What If... > The draw pile runs out?": reshuffling the discard pile into a new draw pile."""

from __future__ import annotations

from collections import Counter

from balzakken_helpers import all_cards, deck, discard_pile, hand, in_front, pile, position


def nearly_empty_pile() -> object:
    """Default deck; the draw pile holds one card (a 5); the discard pile all other Balzakken
    with an 8 on top; action cards in hands and in front of players."""
    hands = [["7", "L"], ["2", "S"], ["6"]]
    front = [["S", "L"], ["S", "L"], ["S", "L"]]
    placed = Counter(c for h in hands for c in h) + Counter(c for f in front for c in f)
    placed.update(["5", "8"])
    rest = sorted((deck() - placed).elements(), key=int)
    return position(hands, [*rest, "8"], draw_pile=["5"], in_front=front)


def test_the_draw_pile_is_reshuffled_when_it_runs_out() -> None:
    """BZ-121, BZ-122: when the draw pile runs out the game simply continues: all cards of the
    discard pile except its top are shuffled into a new draw pile (the action cards in front of
    players stay out of it), and the drawing goes on from there."""
    state = nearly_empty_pile()
    under_top = Counter(discard_pile(state)[:-1])
    state.apply("lul 1")  # seat 1 draws the 5, the pile is empty, then one more after a reshuffle
    assert discard_pile(state) == ["8"]
    assert in_front(state) == [["S", "L"], ["S", "L", "L"], ["S", "L"]]
    drawn = Counter(hand(state, 1)) - Counter(["2", "S", "5"])
    assert sum(drawn.values()) == 1
    assert Counter(pile(state)) + drawn == under_top
    assert "S" not in pile(state) and "L" not in pile(state)
    assert all_cards(state) == deck()
    assert state.to_move == (1,)
    assert state.to_json()["stats"]["reshuffles"] == 1


def test_the_reshuffle_is_random_and_seeded() -> None:
    """BZ-122: the new draw pile is shuffled (by the state's seeded generator)."""
    orders = set()
    for seed in range(6):
        state = nearly_empty_pile()
        data = state.to_json()
        data["rng"] = f"{seed:016x}"
        state = state.game.state_from_json(data)
        state.apply("lul 1")
        orders.add(tuple(pile(state)))
    assert len(orders) > 1


def test_no_reshuffle_until_a_card_must_be_drawn() -> None:
    """BZ-121, BZ-122: an empty draw pile is only refilled at the moment someone must draw: a
    swap draws nothing and leaves it empty."""
    rest = ["L", "-1", "0", "1", "2", "4", "5", "6", "8", "9", "10", "11"]
    options = {"copies": 1, "swingers": 1, "luls": 1}
    state = position([["7", "S"], rest], ["3"], draw_pile=[], options=options)
    state.apply("swap 7")
    assert pile(state) == [] and discard_pile(state) == ["7"]


def test_draw_is_skipped_when_even_a_reshuffle_gives_nothing() -> None:
    """BZ-121, BZ-122: with an empty draw pile and only the top card on the discard pile there is
    nothing to shuffle: the draw is skipped (docs), here both cards of a Lul; the next draw,
    after a discard, finds the card now under the top."""
    rest = ["-1", "0", "1", "2", "4", "5", "6", "8", "9", "10", "11"]
    options = {"copies": 1, "swingers": 1, "luls": 1}
    state = position([["L", "7"], rest], ["3"], draw_pile=[], in_front=[["S"], []], options=options)
    state.apply("lul 1")
    assert hand(state, 1) == rest
    assert in_front(state) == [["S"], ["L"]]
    state.apply("discard 4")
    assert discard_pile(state) == ["4"]
    assert "3" in hand(state, 1) and len(hand(state, 1)) == len(rest)
    assert all_cards(state) == deck(1, 1, 1)
