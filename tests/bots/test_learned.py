"""The learned leaf evaluation (issue 21): fitted by self-play, read from the seat's imagined
state, and the routine decisions that ``settle`` leaves to the rules of thumb."""

from __future__ import annotations

import random

import pytest

import gametable
from gametable.bots import HardBot, ISMCTSBot, make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics import heuristic_for
from gametable.bots.improve import ImproveBot
from gametable.bots.learned import (
    LEARNED,
    feature_names,
    features,
    learned_evaluation,
    learned_of,
    load_model,
    many_features,
    many_names,
    seat_features,
    standings,
)
from gametable.bots.parts import game_part
from gametable.core.protocol import State
from gametable.games.balam.bots.learned import balam_standings

LEARNED = sorted(g for g in gametable.game_names() if game_part(g, LEARNED) is not None)


def played(game: str, plies: int, seed: int, strong: str = "heuristic") -> State:
    """A two-player game after ``plies`` decisions: seat 0 plays ``strong``, seat 1 randomly."""
    state = gametable.load_game(game).new_game(2, seed=seed)
    bots = [make_bot(strong, seed=seed), make_bot("random", seed=seed)]
    while not state.is_over and state.ply < plies:
        seat = state.to_move[0]
        state.apply(bots[seat].act(state, seat), seat)
    return state


@pytest.mark.parametrize("game", LEARNED)
def test_a_fitted_model_ships_with_its_recipe(game: str) -> None:
    model = load_model(game, 2)
    assert model is not None
    assert model.names == learned_of(game).names
    assert "scripts/train_eval.py" in model.meta["recipe"]
    assert model.meta["data"].startswith(f"gametable simulate {game} -p 2")


@pytest.mark.parametrize("game", LEARNED)
def test_features_are_one_seats_standing_minus_the_others(game: str) -> None:
    """The model has no intercept: the two seats' features are opposite, so their values sum to
    one and neither seat is favoured for its number."""
    evaluate = learned_evaluation(game, 2)
    assert evaluate is not None
    for plies in (0, 15, 40):
        state = played(game, plies, seed=plies)
        assert features(state, 0) == [-x for x in features(state, 1)]
        values = evaluate(state)
        assert values[0] + values[1] == pytest.approx(1.0)


def test_a_seat_far_ahead_is_valued_above_even() -> None:
    """Keezbord: the rules of thumb against random moves is ahead after 80 decisions."""
    evaluate = learned_evaluation("keezbord", 2)
    assert evaluate is not None
    ahead = [evaluate(played("keezbord", 80, seed=s))[0] for s in range(6)]
    assert min(ahead) > 0.55
    assert sum(ahead) / len(ahead) > 0.7


def test_balam_features_read_the_public_board_once_for_both_kings() -> None:
    """Balam: a king's riches and buildings lie on the table (rules "2 - SETUP"), so the
    imagined state's public view is enough; both kings' numbers come from one reading of it."""
    state = played("balam", 60, seed=3)
    both = balam_standings(state)
    assert len(both) == 2 and len(both[0]) == len(learned_of("balam").names)
    assert features(state, 0) == [a - b for a, b in zip(both[0], both[1], strict=True)]


def test_balam_king_far_ahead_is_valued_above_even() -> None:
    """The rules of thumb against random moves is ahead after 120 decisions."""
    evaluate = learned_evaluation("balam", 2)
    assert evaluate is not None
    ahead = [evaluate(played("balam", 120, seed=s))[0] for s in range(4)]
    assert min(ahead) > 0.55


def test_no_model_for_more_seats_keeps_the_hand_written_evaluation() -> None:
    assert learned_evaluation("balam", 3) is None
    state = gametable.load_game("balam").new_game(3, seed=2)
    bot = ISMCTSBot(seed=1, iterations=20, leaf="learned")
    rules = heuristic_for("balam")
    assert bot.leaf_evaluation(SeatState(state, 0), rules) is rules.evaluate
    assert bot.act(state, state.to_move[0]) in state.legal_actions(state.to_move[0])


def test_leaf_and_settle_are_checked() -> None:
    with pytest.raises(ValueError, match="leaf must be one of heuristic, learned"):
        make_bot("ismcts:leaf=oracle")
    with pytest.raises(ValueError, match="settle must be true or false"):
        make_bot("ismcts:settle=3")


def distribution_position() -> State:
    """A two-player Balam game played by the rules of thumb up to a distribution step with a
    choice (rules "6 - DISTRIBUTION")."""
    state = gametable.load_game("balam").new_game(2, seed=5)
    bot = make_bot("heuristic", seed=1)
    settled = heuristic_for("balam").settled
    assert settled is not None
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and settled(legal):
            return state
        state.apply(bot.act(state, seat), seat)
    raise AssertionError("no distribution step in the game")


def test_settle_leaves_balam_distribution_steps_to_the_rules_of_thumb() -> None:
    state = distribution_position()
    seat = state.to_move[0]
    bot = ISMCTSBot(seed=3, iterations=50, settle=True)
    choice = bot.act(state, seat)
    assert bot.last_iterations == 0  # no search
    stream = random.Random(3)  # the bot's own stream gives the policy its generator
    policy_rng = random.Random(stream.getrandbits(64))
    assert choice == heuristic_for("balam").policy(SeatState(state, seat), policy_rng)
    searching = ISMCTSBot(seed=3, iterations=50)
    searching.act(state, seat)
    assert searching.last_iterations == 50


def test_hard_balzakken_scores_its_leaves_with_the_learned_evaluation() -> None:
    """Balzakken's ``hard`` is the policy improvement search (``improve``), which scores where
    its rollouts stop with the learned evaluation."""
    state = played("balzakken", 6, seed=2)
    bot = make_bot("hard:iterations=30", seed=1)
    assert isinstance(bot, HardBot)
    seat_state = SeatState(state, state.to_move[0])
    bot.choose(seat_state)
    assert bot.improver is not None and bot.improver.leaf == "learned"
    assert bot.improver.samples == 5  # 30 iterations, about 6 rollouts a sample
    leaf = bot.improver.leaf_evaluation(seat_state, heuristic_for("balzakken"))
    assert leaf is not None and leaf is not heuristic_for("balzakken").evaluate


# -- three or more seats ----------------------------------------------------------------------------
MANY = (3, 4, 5, 6)


def played_many(players: int, plies: int, seed: int) -> State:
    """A Balzakken game at ``players`` seats after ``plies`` decisions of the rules of thumb."""
    state = gametable.load_game("balzakken").new_game(players, seed=seed)
    bot = make_bot("heuristic", seed=seed)
    while not state.is_over and state.ply < plies:
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)
    return state


@pytest.mark.parametrize("players", MANY)
def test_balzakken_ships_a_model_per_player_count(players: int) -> None:
    """Each count's model is fitted on games at that count and read by ``leaf=learned`` there."""
    model = load_model("balzakken", players)
    assert model is not None
    assert model.players == players
    assert model.names == many_names("balzakken") == feature_names("balzakken", players)
    assert model.meta["data"].startswith(f"gametable simulate balzakken -p {players}")
    assert model.meta["recipe"].endswith(f"--players {players}")
    state = played_many(players, 30, seed=players)
    evaluate = learned_evaluation("balzakken", players)
    assert evaluate is not None
    values = evaluate(state)
    assert len(values) == players and all(0.0 < v < 1.0 for v in values)
    rules = heuristic_for("balzakken")
    seat_state = SeatState(state, state.to_move[0])
    for bot in (ImproveBot(seed=1, samples=2), ISMCTSBot(seed=1, leaf="learned")):
        leaf = bot.leaf_evaluation(seat_state, rules)
        assert leaf is not None and leaf is not rules.evaluate
        assert leaf(state) == values


def test_a_model_is_read_only_for_its_own_player_count() -> None:
    """No file for the count (Balzakken at 7, Balam at 4): nothing learned, the hand-written
    evaluation stays; a model whose count or features differ from the file name's is refused."""
    assert load_model("balzakken", 7) is None
    assert learned_evaluation("balam", 4) is None
    assert learned_evaluation("balzakken", 1) is None
    assert load_model("balzakken", 4) != load_model("balzakken", 3)
    assert feature_names("balzakken", 2) == learned_of("balzakken").names


@pytest.mark.parametrize("players", MANY)
def test_many_seat_features_treat_the_seats_alike(players: int) -> None:
    """Rotating the seats rotates the feature rows (no seat is favoured for its number), and
    the standings against the others' mean cancel over the table."""
    state = played_many(players, 25, seed=10 + players)
    table = standings(state)
    rows = many_features(table, "balzakken")
    assert rows == seat_features(state)
    for shift in range(1, players):
        turned = table[shift:] + table[:shift]
        for got, want in zip(
            many_features(turned, "balzakken"), rows[shift:] + rows[:shift], strict=True
        ):
            assert got == pytest.approx(want, abs=1e-12)  # the others' mean, summed in turn
    means = len(learned_of("balzakken").names)
    for column in range(means):
        assert sum(row[column] for row in rows) == pytest.approx(0.0, abs=1e-9)
    ahead = many_names("balzakken").index("ahead")
    assert sum(row[ahead] for row in rows) == pytest.approx(0.0, abs=1e-9)
    assert {row[-1] for row in rows} == {1.0}


def test_the_seat_with_the_fewest_points_is_valued_highest_at_four_seats() -> None:
    """Balzakken scores penalty points (rules: the lowest total wins): on an even table
    otherwise, the seat whose standing shows the fewest points is valued above the rest."""
    model = load_model("balzakken", 4)
    assert model is not None
    even = [[0.5, 0.25, 2.0, 1.0, 5.0, 0.0, 0.0, 0.0, 0.0] for _ in range(4)]
    even[2] = [0.2, 0.1, 2.0, 1.0, 5.0, 0.0, 0.0, 0.0, 0.0]
    values = [model.win_chance(row) for row in many_features(even, "balzakken")]
    assert max(range(4), key=values.__getitem__) == 2
    assert values[2] > 0.6 and all(v < 0.5 for i, v in enumerate(values) if i != 2)


def test_two_player_rows_are_unchanged() -> None:
    """At two players the rows are the two-seat differences, seat 0's then seat 1's."""
    state = played("balzakken", 20, seed=4)
    assert seat_features(state) == [features(state, 0), features(state, 1)]


@pytest.mark.parametrize(("players", "budget"), [(2, None), (3, 480), (4, 400), (5, 280), (6, 260)])
def test_hard_balzakken_caps_a_moves_rollouts_by_player_count(
    players: int, budget: int | None
) -> None:
    """A longer round at more seats makes every playout longer: ``seat_budget`` of the game's ``hard`` settings caps
    a move's rollouts at each count from three seats up (two players: 64 samples, no cap); a
    spec's ``iterations`` set the samples at every count, within the same cap."""
    state = played_many(players, 12, seed=players) if players > 2 else played("balzakken", 6, 2)
    seat_state = SeatState(state, state.to_move[0])
    bot = make_bot("hard", seed=1)
    assert isinstance(bot, HardBot)
    bot.choose(seat_state)
    assert isinstance(bot.improver, ImproveBot)
    assert (bot.improver.samples, bot.improver.budget) == (64, budget)
    assert budget is None or bot.improver.last_rollouts <= budget
    given = make_bot("hard:iterations=30", seed=1)
    assert isinstance(given, HardBot)
    given.choose(seat_state)
    assert isinstance(given.improver, ImproveBot)
    assert (given.improver.samples, given.improver.budget) == (5, budget)
