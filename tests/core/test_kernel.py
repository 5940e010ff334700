"""The kernel: registry, options, RNG, outcome, records, refusals, and the conformance checks."""

from __future__ import annotations

import json
import random

import pytest

import gametable
from gametable.core.conformance import ConformanceError, check_determinism, check_playout
from gametable.core.options import Option, parse_option_pairs, resolve_options
from gametable.core.rng import Rng, as_rng
from tests.core.tinygame import (
    ChattyGame,
    ForgetfulGame,
    LeakyGame,
    MuddledGame,
    PeekyGame,
    SloppyGame,
    TinyGame,
)


def test_game_names_are_sorted_and_include_balzakken():
    names = gametable.game_names()
    assert names == sorted(names)
    assert "balzakken" in names


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(gametable.UnknownGame) as info:
        gametable.load_game("chess")
    assert "balzakken" in str(info.value)


def test_rng_is_deterministic_and_round_trips():
    a, b = Rng(5), Rng(5)
    assert [a.randbelow(100) for _ in range(20)] == [b.randbelow(100) for _ in range(20)]
    c = Rng.from_json(a.to_json())
    assert c.next64() == a.next64()
    items = list(range(30))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))


def test_rng_randbelow_is_roughly_uniform():
    r = Rng(123)
    counts = [0] * 6
    for _ in range(60000):
        counts[r.randbelow(6)] += 1
    assert all(9000 < c < 11000 for c in counts)


def test_as_rng_accepts_random_int_and_rng():
    assert isinstance(as_rng(random.Random(1)), Rng)
    assert as_rng(7) == Rng(7)
    with pytest.raises(TypeError):
        as_rng("seed")


def test_options_name_the_bad_option_and_what_it_accepts():
    opts = (
        Option("size", 3, "size", int, minimum=1, maximum=5),
        Option("fast", False, "fast", bool),
    )
    assert resolve_options(opts, {"size": "4", "fast": "yes"}) == {"size": 4, "fast": True}
    with pytest.raises(ValueError, match=r"'size'.*from 1 to 5"):
        resolve_options(opts, {"size": 9})
    with pytest.raises(ValueError, match=r"unknown option 'colour'.*fast, size"):
        resolve_options(opts, {"colour": 1})
    with pytest.raises(ValueError, match="key=value"):
        parse_option_pairs(["nonsense"])


def test_new_game_refuses_bad_players_and_seeds():
    game = gametable.load_game("balzakken")
    with pytest.raises(ValueError, match="2, 3, 4"):
        game.new_game(1)
    with pytest.raises(ValueError, match="seed"):
        game.new_game(2, seed=-3)
    with pytest.raises(ValueError, match="option 'copies'"):
        game.new_game(2, options={"copies": 0})


def test_outcome_ranks_ties_together():
    o = gametable.Outcome.from_scores([10, 3, 10, 7], lower_is_better=True)
    assert o.ranking == (3, 1, 3, 2)
    assert o.winners == (1,)
    assert o.returns == (0.0, 1.0, 0.0, 0.5)
    tie = gametable.Outcome.from_scores([1, 1])
    assert tie.winners == (0, 1) and tie.returns == (0.5, 0.5)


def test_acting_out_of_turn_is_refused_with_a_rule_and_changes_nothing():
    game = gametable.load_game("balzakken")
    state = game.new_game(3, seed=2)
    before = state.to_json()
    action = state.legal_actions()[0]
    with pytest.raises(gametable.IllegalAction) as info:
        state.apply(action, seat=1)
    assert info.value.rule.section == "Playing the Game > Action!"
    assert state.to_json() == before


def test_garbage_text_is_an_invalid_action():
    state = gametable.load_game("balzakken").new_game(2, seed=1)
    with pytest.raises(gametable.InvalidAction):
        state.apply("fly to the moon")


def test_record_replays_exactly_and_round_trips():
    game = gametable.load_game("balzakken")
    rec = gametable.Record.start(game, 3, seed=11)
    state = rec.replay()
    rng = random.Random(0)
    for _ in range(40):
        if not state.to_move:
            break
        rec.append(state, rng.choice(state.legal_actions()))
    again = gametable.Record.from_json(json.loads(json.dumps(rec.to_json())))
    assert again.replay().to_json() == state.to_json()
    assert again.replay(upto=5).ply == 5


def test_record_from_another_version_is_refused():
    rec = gametable.Record.start(gametable.load_game("balzakken"), 2, seed=1)
    rec.version = 99
    with pytest.raises(gametable.RecordError, match="version 99"):
        rec.replay()


def test_record_with_a_bad_move_names_it():
    rec = gametable.Record.start(gametable.load_game("balzakken"), 2, seed=1)
    rec.moves.append((1, "balzak"))
    with pytest.raises(gametable.RecordError, match="move 1"):
        rec.replay()


def test_record_rejects_non_records():
    with pytest.raises(gametable.RecordError):
        gametable.Record.from_json({"hello": 1})
    with pytest.raises(gametable.RecordError):
        gametable.Record.from_json("{not json")


def test_state_from_json_refuses_other_games_and_versions():
    game = gametable.load_game("balzakken")
    data = game.new_game(2, seed=1).to_json()
    with pytest.raises(gametable.InvalidState, match="version"):
        game.state_from_json({**data, "version": 0})
    with pytest.raises(gametable.InvalidState, match="for game"):
        game.state_from_json({**data, "game": "keezbord"})
    with pytest.raises(gametable.InvalidState, match="JSON"):
        game.state_from_json("{oops")


@pytest.mark.parametrize("players", [2, 3])
def test_the_tiny_game_passes_the_conformance_checks(players):
    for seed in range(5):
        report = check_playout(TinyGame(), players, seed)
        assert report.over and report.resamples_that_changed > 0
        check_determinism(TinyGame(), players, seed)


def test_the_leak_check_catches_a_spectator_view_that_shows_hands():
    with pytest.raises(ConformanceError, match="spectator"):
        check_playout(LeakyGame(), 3, 1)


def test_the_round_trip_check_catches_a_lost_rng():
    with pytest.raises(ConformanceError, match="to_json"):
        check_playout(SloppyGame(), 2, 1)


def test_the_resample_check_catches_a_resample_that_depends_on_the_hidden_truth():
    with pytest.raises(ConformanceError, match="depends on the hidden truth"):
        check_playout(PeekyGame(), 3, 1)


def test_the_view_schema_check_catches_an_undeclared_view_field():
    with pytest.raises(ConformanceError, match="does not fit the declared view schema"):
        check_playout(ChattyGame(), 2, 1)


def test_the_action_json_check_catches_a_json_form_that_loses_a_field():
    with pytest.raises(ConformanceError, match="action_from_json"):
        check_playout(ForgetfulGame(), 2, 1)


def test_the_steps_check_catches_two_actions_with_the_same_steps():
    with pytest.raises(ConformanceError, match="same steps"):
        check_playout(MuddledGame(), 2, 1)
