"""High Card's rules, through the public API: the conformance suite every game passes, the
notation, the refusals with their rule, positions, and the declaration's parts."""

from __future__ import annotations

import pytest
from gametable_highcard.public import trick_winner

import gametable
from gametable import IllegalAction, InvalidAction, InvalidState
from gametable.core.conformance import check_determinism, check_playout
from gametable.core.parts import check_parts

GAME = gametable.load_game("highcard")


@pytest.mark.parametrize("players", GAME.player_counts)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_conformance_suite(players: int, seed: int) -> None:
    report = check_playout(GAME, players, seed, deep_every=1)
    assert report.over and report.resamples_that_changed > 0
    for more in range(100, 110):
        assert check_playout(GAME, players, more, deep_every=0).over
    check_determinism(GAME, players, seed)


def test_the_registry_finds_the_game_through_its_entry_point() -> None:
    assert "highcard" in gametable.game_names()
    assert type(GAME).__module__ == "gametable_highcard"
    assert check_parts(GAME) == []


def position(**changes: object) -> dict[str, object]:
    """Seat 0 led a 5, seat 1 holds 9 and 2, seat 0 holds 13; the rest of the deck unseen."""
    data: dict[str, object] = {
        "game": "highcard",
        "players": 2,
        "options": {"cards": 13, "hand": 2},
        "hands": [[13], [2, 9]],
        "undealt": [1, 3, 4, 6, 7, 8, 10, 11, 12],
        "leader": 0,
        "trick": [[0, 5]],
        "tricks": [0, 0],
    }
    return {**data, **changes}


def test_the_highest_card_takes_the_trick_and_leads_the_next() -> None:
    state = GAME.state_from_json(position())
    assert state.to_move == (1,)
    state.apply("play 9")
    view = state.view(None)
    assert view["tricks"] == [0, 1] and view["leader"] == 1 and view["trick"] == []
    assert view["history"][-1] == {
        "leader": 0,
        "cards": [{"seat": 0, "card": 5}, {"seat": 1, "card": 9}],
        "winner": 1,
    }
    assert state.to_move == (1,)
    assert trick_winner([(0, 5), (1, 9)]) == 1


def test_a_card_not_in_the_hand_is_refused_with_its_rule_and_changes_nothing() -> None:
    state = GAME.state_from_json(position())
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply("play 13", seat=1)
    assert refused.value.rule.section == "Playing a Trick"
    with pytest.raises(IllegalAction):
        state.apply("play 9", seat=0)  # out of turn
    assert state.to_json() == before


def test_notation_round_trips_and_garbage_is_refused() -> None:
    state = GAME.new_game(3, seed=7)
    for action in state.legal_actions():
        assert GAME.parse_action(state, str(action)) == action
        assert state.decode_action(state.encode_action(action)) == action
        assert GAME.action_from_json(state, action.to_json()) == action
    assert str(GAME.parse_action(state, " PLAY  7 ")) == "play 7"
    for text in ("", "play", "play 0", "draw 3"):
        with pytest.raises(InvalidAction):
            GAME.parse_action(state, text)


def test_hands_are_hidden_from_the_others() -> None:
    state = GAME.new_game(2, seed=3)
    assert "hand" in state.view(0) and "hand" not in state.view(None)
    assert state.view(0)["hand"] != state.view(1)["hand"]
    assert "undealt" not in str(state.view(0))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"undealt": [1, 3, 4]}, "once each"),
        ({"trick": [[1, 5]]}, "in turn from the leader"),
        ({"tricks": [1, 0]}, "do not match"),
        ({"players": 5}, "2, 3, 4 players"),
    ],
)
def test_bad_positions_say_what_is_wrong(changes: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidState, match=message):
        GAME.state_from_json(position(**changes))


def test_too_many_players_for_the_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="the deck has 8"):
        GAME.new_game(4, options={"cards": 8})
