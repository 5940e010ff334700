"""Hidden information: hands are private ("Overview > Ready to start?"), what each seat has seen
of other hands (a card taken from the discard pile, a hand swapped by The Swinger), and
``resample``, which redraws everything a seat cannot see."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from balzakken_helpers import GAME, all_cards, deck, hand, position

from gametable import State


def play_randomly(state: State, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))


def test_nobody_sees_another_players_hand() -> None:
    """BZ-015: you hold your cards so nobody else sees them: a seat's view (and a spectator's)
    holds only its own hand, and does not change when another hand is different."""
    a = position([["1", "2", "S"], ["9", "10"], ["4"]], ["3"])
    b = position([["11", "11", "L"], ["9", "10"], ["4"]], ["3"])
    assert "hand" not in a.view(None) and "hand_value" not in a.view(None)
    assert a.view(1)["hand"] == ["9", "10"]
    for seat in (1, 2, None):
        va, vb = a.view(seat), b.view(seat)
        assert va == vb, seat
        assert va["known_cards"] == {}


def test_draw_pile_order_is_never_shown() -> None:
    """BZ-015, BZ-016: the draw pile is face down: views give only its size."""
    state = GAME.new_game(3, seed=11)
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert "draw_pile" not in view
        assert view["draw_pile_size"] == len(state.to_json()["draw_pile"])
        json.dumps(view)


def test_views_of_other_hands_stay_private_through_play() -> None:
    """BZ-015: through a played game no view ever lists another seat's hand, except cards that
    seat has seen (``known_cards``) and the hands shown when a round is scored."""
    for seed in range(5):
        state = GAME.new_game(4, seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            if state.is_over:
                break
            full = state.to_json()
            for seat in range(4):
                view = state.view(seat)
                assert view["hand"] == full["hands"][seat]
                for other, cards in view["known_cards"].items():
                    assert int(other) != seat
                    assert not Counter(cards) - Counter(full["hands"][int(other)])
            state.apply(rng.choice(state.legal_actions()))


def test_a_card_taken_from_the_discard_pile_is_known_to_all() -> None:
    """BZ-030, BZ-041: a card taken from the discard pile is taken in plain sight: every other
    seat (and a spectator) knows it is in that hand, until it is played again."""
    state = position([["1", "7"], ["4", "8"], ["5"]], ["2", "6"])
    state.apply("swap 7")
    for seat in (1, 2, None):
        assert state.view(seat)["known_cards"] == {"0": ["6"]}
    assert state.view(0)["known_cards"] == {}
    state.apply("discard 4")
    state.apply("discard 5")
    state.apply("discard 6")
    for seat in (1, 2, None):
        assert state.view(seat)["known_cards"] == {}


def test_a_swinger_shows_both_players_the_hand_the_other_now_holds() -> None:
    """BZ-032, BZ-060: swapping hands with The Swinger, each of the two players knows the whole
    hand the other now holds (it was their own); a third player learns nothing new."""
    state = position([["S", "1", "2"], ["9", "10"], ["4"]], ["3"])
    state.apply("swinger 1")
    assert state.view(0)["known_cards"] == {"1": ["1", "2"]}
    assert state.view(1)["known_cards"] == {"0": ["9", "10"]}
    assert state.view(2)["known_cards"] == {}
    assert state.view(None)["known_cards"] == {}


def test_public_knowledge_travels_with_a_swung_hand() -> None:
    """BZ-030, BZ-060: a card everyone saw taken moves with the hand swapped by The Swinger."""
    state = position([["1", "7"], ["4", "8"], ["S", "5"]], ["2", "6"])
    state.apply("swap 7")  # seat 0 visibly takes the 6
    state.apply("discard 4")
    state.apply("swinger 0")  # seat 2 swaps hands with seat 0
    assert "6" in hand(state, 2)
    assert state.view(1)["known_cards"] == {"2": ["6"]}
    assert state.view(None)["known_cards"] == {"2": ["6"]}
    assert state.view(0)["known_cards"] == {"2": ["1", "6"]}


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_resample_keeps_everything_the_seat_sees(seat: int | None) -> None:
    """BZ-015: ``resample(seat)`` redraws hidden cards (other hands, the draw pile) but keeps the
    seat's view exactly, keeps every card it knows in the hand it knows it in, and gives a valid
    position with the whole deck."""
    changed = 0
    for seed in range(12):
        state = GAME.new_game(3, seed=seed)
        play_randomly(state, 10 + seed, seed)
        if state.is_over:
            continue
        view = state.view(seat)
        for k in range(3):
            other = state.resample(seat, random.Random(k))
            assert other.view(seat) == view
            assert all_cards(other) == deck()
            for p, cards in view["known_cards"].items():
                assert not Counter(cards) - Counter(other.to_json()["hands"][int(p)])
            restored = GAME.state_from_json(other.to_json())  # all invariants hold
            assert restored.to_json() == other.to_json()
            if other.to_json()["hands"] != state.to_json()["hands"]:
                changed += 1
            if other.legal_actions():
                other.apply(other.legal_actions()[0])
    assert changed > 0


def test_resample_after_a_swinger_keeps_the_known_hand() -> None:
    """BZ-060: after a Swinger the player who swapped knows the other's whole hand; resampling
    for that seat keeps that hand exactly and redraws only the third hand and the pile."""
    state = position([["S", "1", "2"], ["9", "10"], ["4", "6"]], ["3"])
    state.apply("swinger 1")
    seen = set()
    for k in range(10):
        other = state.resample(0, k)
        assert hand(other, 1) == ["1", "2"]
        assert hand(other, 0) == ["9", "10"]
        assert len(hand(other, 2)) == 2
        seen.add(tuple(hand(other, 2)))
    assert len(seen) > 1
