"""The moves the web table asks a player to confirm (each game's ``cautions`` part), and the
legal entries that carry the question (``caution``) to the page.

The browser side (the question shown, Cancel changing nothing) is in ``test_web_moves.py``.
"""

from __future__ import annotations

import json
import random

from gametable import load_game
from gametable.core.parts import part
from gametable.games.balam.web.cautions import WASTED
from gametable.games.balzakken.web.cautions import over_call
from gametable.server.offers import CAUTIONS, Offers, cautions

KEEZBORD = load_game("keezbord")


def asked(state, seat: int) -> dict[str, str]:
    """The questions for ``seat``'s legal moves, by notation."""
    legal = state.legal_actions(seat)
    return {str(legal[i]): text for i, text in cautions(state, seat, legal).items()}


def test_every_game_declares_its_cautions() -> None:
    for name in ("balzakken", "keezbord", "balam"):
        assert callable(part(load_game(name), CAUTIONS)), name


def test_kb024_a_move_knocking_off_ones_own_pawn_is_asked_when_another_play_exists() -> None:
    """KB-024: a card must be played even if it knocks one's own pawn off the board; when
    another play exists, the page asks first (5 a1 lands on a2)."""
    state = KEEZBORD.state_from_text("10,15,N,N/N,N,N,N 5,3/8,8 - a 1 1 a")
    said = asked(state, 0)
    assert list(said) == ["5 a1"]
    assert "your own pawn a2 back to the nest" in said["5 a1"]


def test_kb024_nothing_is_asked_when_every_play_knocks_off_a_friendly_pawn() -> None:
    """KB-024 again: the only play (5 a1) lands on the partner's c1; the rules leave no choice,
    so nothing is asked."""
    state = KEEZBORD.state_from_text("10,N,N,N/N,N,N,N/15,N,N,N/N,N,N,N 5/8/8/8 - a 1 1 a")
    assert [str(a) for a in state.legal_actions(0)] == ["5 a1"]
    assert asked(state, 0) == {}


def test_a_move_hitting_the_partners_pawn_is_asked_and_an_opponents_is_not() -> None:
    """Four players, partners a & c: 5 a1 lands on c1 (the partner's pawn)."""
    partner = KEEZBORD.state_from_text("10,N,N,N/N,N,N,N/15,N,N,N/N,N,N,N 5,3/8/8/8 - a 1 1 a")
    assert "your partner's pawn c1" in asked(partner, 0)["5 a1"]
    opponent = KEEZBORD.state_from_text("10,N,N,N/15,N,N,N/N,N,N,N/N,N,N,N 5,3/8/8/8 - a 1 1 a")
    assert asked(opponent, 0) == {}


def test_keezbord_asks_about_exactly_the_moves_that_send_a_friendly_pawn_home() -> None:
    """Over random games at 2 and 4 seats, the moves asked about are those that, played by the
    engine, send one of the seat's side's pawns to its nest (every legal move tried here, the
    quick reach test of the cautions included), unless every move does."""
    rng = random.Random(5)
    checked = 0
    for players in (2, 4):
        for seed in range(8):
            state = KEEZBORD.new_game(players, seed=seed)
            while not state.is_over and state.ply < 400:
                seat = state.to_move[0]
                legal = state.legal_actions(seat)
                friends = next(t for t in KEEZBORD.teams(players) if seat in t)
                before = state.view(seat)["pawns"]
                hitting = set()
                for i, action in enumerate(legal):
                    after = state.clone()
                    after.apply_unchecked(action, seat)
                    now = after.view(seat)["pawns"]
                    if any(
                        was != "N" and then == "N"
                        for p in friends
                        for was, then in zip(before[p], now[p], strict=True)
                    ):
                        hitting.add(i)
                expected = set() if len(hitting) == len(legal) or len(legal) < 2 else hitting
                assert set(cautions(state, seat, legal)) == expected, state.to_text()
                checked += len(expected)
                state.apply_unchecked(rng.choice(legal), seat)
    assert checked > 10


def test_bz036_bz100_balzak_with_more_than_five_points_is_asked_with_its_cost() -> None:
    """BZ-036: BALZAK! with 5 points or fewer; a false call scores 25 (BZ-100)."""
    game = load_game("balzakken")
    seen = 0
    for seed in range(40):
        state = game.new_game(2, seed=seed)
        seat = state.to_move[0]
        value = state.view_parts(seat, ("hand_value",))["hand_value"]
        said = asked(state, seat)
        if any(a.kind == "balzak" for a in state.legal_actions(seat)) and value > 5:
            assert said == {"balzak": over_call(value)}
            assert f"You hold {value} points" in said["balzak"] and "25" in said["balzak"]
            seen += 1
        else:
            assert said == {}
    assert seen > 5


def test_ba059_ba064_ending_a_paid_turn_with_nothing_done_is_asked() -> None:
    """BA-059..BA-064: pay 1 riches, then build, attack or pass; passing right after paying
    leaves the riches for nothing, so the page asks. Before paying, nothing is asked."""
    state = load_game("balam").new_game(2, seed=1)
    seat = state.to_move[0]
    assert asked(state, seat) == {}
    state.apply(next(a for a in state.legal_actions(seat) if a.kind == "pay"), seat)
    assert asked(state, seat) == {"end": WASTED}
    build = next(a for a in state.legal_actions(seat) if a.kind == "build")
    state.apply(build, seat)
    assert "end" not in asked(state, seat)


def test_the_legal_entries_carry_the_caution_in_both_encodings() -> None:
    state = KEEZBORD.state_from_text("10,15,N,N/N,N,N,N 5,3/8,8 - a 1 1 a")
    offers = Offers()
    as_text = json.loads(bytes(offers.legal_text(state, 0)))
    assert as_text == offers.legal_for(state, 0)
    marked = [e["notation"] for e in as_text if "caution" in e]
    assert marked == ["5 a1"]
    assert list(as_text[2]) == ["notation", "text", "caution", "code", "json", "steps"]
