"""Positions written by hand: loading, round trips, and refusing broken ones."""

from __future__ import annotations

import json

import pytest

from gametable import InvalidState
from tests.keezbord.helpers import GAME, pawns, position


def test_a_hand_written_position_loads_and_round_trips():
    s = position(
        4,
        pawns={"a": [5, "H1", "nest", "home 4"], "c": ["N", "N", "N", 33]},
        hands={"a": ["A", "7"], "b": ["2"], "c": ["K"], "d": ["Q"]},
        played=["3"],
        dealer=3,
        to_move=0,
    )
    assert pawns(s, 0) == [5, "H1", "N", "H4"]
    data = s.to_json()
    assert sum(len(h) for h in data["hands"]) + len(data["deck"]) + len(data["played"]) == 52
    again = GAME.state_from_json(json.dumps(data))
    assert again.to_json() == data
    assert again.legal_actions() == s.legal_actions()


def test_positions_may_list_seats_as_lists():
    data = {
        "game": "keezbord",
        "players": 2,
        "pawns": [[5, "N", "N", "N"], ["N", "N", "N", "N"]],
        "hands": [["8"], ["2"]],
        "to_move": 0,
    }
    s = GAME.state_from_json(data)
    assert [str(a) for a in s.legal_actions()] == ["8 a1"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"pawns": {"a": [1, 2, 3, 4, 5]}}, "5 pawns"),
        ({"pawns": {"a": [1, 2, 3]}}, "3 pawns"),
        (
            {"pawns": {"a": [7, "N", "N", "N"], "b": [7, "N", "N", "N"]}},
            "two pawns on track space 7",
        ),
        ({"pawns": {"a": ["H2", "H2", "N", "N"]}}, "two pawns in home space H2"),
        ({"pawns": {"a": [64, "N", "N", "N"]}}, "track space 64 does not exist"),
        ({"pawns": {"a": ["X", "N", "N", "N"]}}, "not a place"),
        ({"pawns": {"e": ["N", "N", "N", "N"]}}, "not a seat"),
        ({"hands": {"a": ["A", "A", "A"]}}, "card A appears 3 times"),
        ({"hands": {"a": ["2"]}, "played": ["2", "2"]}, "card 2 appears 3 times"),
        ({"hands": {"a": ["Z"]}}, "not a card"),
        ({"hands": {"a": ["2", "3", "5", "6", "8", "9"]}}, "never holds more than 5"),
        ({"hands": {"a": ["2"]}, "deck": ["3"]}, "missing"),
        ({"hands": {"a": [], "b": ["2"]}, "to_move": 0}, "holds no cards"),
        ({"hands": {"a": ["2"]}, "to_move": None}, "no team has all its pawns home"),
        (
            {"pawns": {"a": ["H1", "H2", "H3", "H4"]}, "hands": {"b": ["2"]}, "to_move": 1},
            r"seat a \(0\) has all its pawns home, so the game is over: to_move must be null",
        ),
        ({"hands": {"a": ["2", "3", "5", "6", "8", "9"]}}, r'hands\["a"\] holds 6 cards'),
        ({"hands": {"b": ["Z"]}}, r'hands\["b"\]: .Z. is not a card'),
        ({"hands": {"1": ["Z"]}}, r'hands\["1"\]: .Z. is not a card'),
        ({"hands": [["2"], ["Z"]]}, r"hands\[1\]: .Z. is not a card"),
        ({"players": 3}, "odd"),
        ({"players": 2, "options": {"dealer": 3}}, "dealer"),
        ({"game": "balzakken"}, "not 'keezbord'"),
        ({"rng": 5}, "rng state must be a hex string"),
    ],
)
def test_positions_that_break_the_rules_are_refused(change, words):
    data = {"game": "keezbord", "players": 2, "pawns": {}, "hands": {"a": ["2"]}, "to_move": 0}
    data.update(change)
    with pytest.raises(InvalidState, match=words):
        GAME.state_from_json(data)


def test_finished_game_needs_no_to_move():
    s = position(pawns={"a": ["H1", "H2", "H3", "H4"]}, to_move=None)
    assert s.is_over and s.outcome.winners == (0,)


def test_turn_limit_ends_the_game_when_set():
    """The max_turns option (not the rulebook's default) ends a game after that many decisions."""
    s = GAME.new_game(2, seed=4, options={"max_turns": 10})
    while s.to_move:
        s.apply(s.legal_actions()[0])
    assert s.ply == 10
    assert "turn limit" in s.outcome.reason
    assert GAME.max_game_length(2, {"max_turns": 10}) == 10


def test_view_shows_only_your_own_hand():
    s = GAME.new_game(4, seed=2)
    view = s.view(1)
    assert len(view["hand"]) == 5 and "hands" not in view and "deck" not in view
    assert "hand" not in s.view(None)
    assert view["hand_sizes"] == [5, 5, 5, 5] and view["deck_size"] == 32


def test_resample_redraws_only_what_the_seat_cannot_see():
    """The unseen pool: this cycle's cards minus those played minus the seat's own hand."""
    s = GAME.new_game(4, seed=2)
    s.apply(s.legal_actions()[0])
    seen = s.view(2)
    changed = 0
    for k in range(20):
        other = s.resample(2, k)
        assert other.view(2) == seen
        assert other.view(None) == s.view(None)
        data = other.to_json()
        assert data["hands"][2] == s.to_json()["hands"][2]
        changed += data != s.to_json()
    assert changed > 0


def test_text_form_round_trips_and_loads():
    """The one-line text form: pawns, hands, played, dealer, cycle, deal, seat to move."""
    s = GAME.state_from_text("62,H1,N,N/32,40,N,N 5,4,K/7,J Q,3 a 1 1 a")
    assert pawns(s, 0) == [62, "H1", "N", "N"]
    assert sorted(str(a) for a in s.legal_actions()) == ["4 a1", "K place"]
    game = GAME.new_game(6, seed=8)
    for _ in range(60):
        game.apply(game.legal_actions()[-1])
    text = game.to_text()
    again = GAME.state_from_text(text, seed=1)
    assert again.to_text() == text
    assert again.legal_actions() == game.legal_actions()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("N,N,N,N/N,N,N,N 2/- - a 1 1", "7 fields"),
        ("N,N,N,N/N,N,N,N 2/-/- - a 1 1 a", "hands"),
        ("N,N,N,N/N,N,N,N 2/- - z 1 1 a", "dealer"),
        ("N,N,N,N/N,N,N,N 2/- - a x 1 a", "cycle"),
        ("N,N,N,N,N/N,N,N,N 2/- - a 1 1 a", "5 pawns"),
    ],
)
def test_broken_text_forms_are_refused(text, words):
    with pytest.raises(InvalidState, match=words):
        GAME.state_from_text(text)


def test_position_where_nobody_holds_a_card_is_refused():
    with pytest.raises(InvalidState, match="nobody holds a card"):
        GAME.state_from_json({"game": "keezbord", "players": 4, "pawns": {}})


def test_to_move_defaults_to_the_first_seat_left_of_the_dealer_holding_cards():
    """KB-006: the player to the dealer's left begins."""
    s = GAME.state_from_json(
        {
            "game": "keezbord",
            "players": 4,
            "pawns": {},
            "dealer": 1,
            "hands": {"a": ["2"], "d": ["3"]},
        }
    )
    assert s.to_move == (3,)


def test_a_team_home_with_a_seat_to_move_is_refused_naming_the_team():
    """KB-074: once a team has all its pawns home the game is over; the refusal says so."""
    data = {
        "game": "keezbord",
        "players": 4,
        "pawns": {"a": ["H1", "H2", "H3", "H4"], "c": ["H1", "H2", "H3", "H4"]},
        "hands": {"b": ["5"]},
        "to_move": 1,
    }
    with pytest.raises(InvalidState) as info:
        GAME.state_from_json(data)
    assert str(info.value) == (
        "seat a (0) and seat c (2) have all their pawns home, so the game is over: "
        "to_move must be null (or left out), not 1"
    )
    del data["to_move"]
    assert GAME.state_from_json(data).is_over
