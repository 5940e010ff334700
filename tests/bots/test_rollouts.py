"""The rollout bot: the rules of thumb, replaced only where paired playouts show a better move."""

from __future__ import annotations

import random

import pytest

import gametable
from gametable.bots import HardBot, RolloutBot, make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics import heuristic_for
from gametable.core.protocol import State
from gametable.server.botworker import capped
from tests.bots.conftest import hard_of, set_hard


def balam_decisions(seed: int, count: int) -> list[tuple[State, int]]:
    """Balam positions with a real choice (not a distribution step) along a game between
    heuristic bots, every third such decision."""
    heuristic = heuristic_for("balam")
    state = gametable.load_game("balam").new_game(2, seed=seed)
    rng = random.Random(seed)
    out: list[tuple[State, int]] = []
    seen = 0
    while not state.is_over and len(out) < count:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and heuristic.settled is not None and not heuristic.settled(legal):
            if seen % 3 == 0:
                out.append((state.clone(), seat))
            seen += 1
        state.apply(heuristic.policy(SeatState(state, seat), rng), seat)
    return out


def test_rollouts_keep_the_heuristic_move_when_nothing_may_overrule_it() -> None:
    """With a margin no mean gain can pass (rewards lie in [0, 1]), the bot plays exactly what
    the rules of thumb play with the same tie-breaks."""
    for state, seat in balam_decisions(seed=3, count=6):
        bot = RolloutBot(seed=5, plies=60, least=1, margin=1.0)
        mine = bot.act(state, seat)
        twin = random.Random(5)  # the bot's first draw seeds the heuristic's tie-breaks
        expected = heuristic_for("balam").policy(
            SeatState(state, seat), random.Random(twin.getrandbits(64))
        )
        assert mine == expected


def test_rollouts_leave_balam_distribution_steps_to_the_rules_of_thumb() -> None:
    """A distribution step (rulebook "6 - DISTRIBUTION", BA settled steps) is not searched."""
    heuristic = heuristic_for("balam")
    state = gametable.load_game("balam").new_game(2, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and heuristic.settled is not None and heuristic.settled(legal):
            bot = RolloutBot(seed=1)
            assert bot.act(state, seat) in legal
            assert bot.last_samples == 0 and bot.last_plies == 0
            return
        state.apply(heuristic.policy(SeatState(state, seat), rng), seat)
    pytest.fail("no distribution step with a choice in the whole game")


def test_rollouts_stay_within_their_ply_budget() -> None:
    """Samples are added only while the last one's plies still fit: the plies played stay
    below the budget plus one sample, and at least ``least`` samples are taken."""
    for state, seat in balam_decisions(seed=5, count=5):
        bot = RolloutBot(seed=2, plies=150, least=2, candidates=3)
        bot.act(state, seat)
        assert bot.last_samples >= 2
        per_sample = bot.last_plies / bot.last_samples
        assert bot.last_plies <= 150 + 2 * per_sample + 1


def balam_build_decisions(seed: int, count: int) -> list[tuple[State, int]]:
    """Balam decisions offering one building on one site on several plots."""
    alike = heuristic_for("balam").alike
    assert alike is not None
    out = []
    for state, seat in balam_decisions(seed, 200):
        keys = [alike(a) for a in state.legal_actions(seat) if a.kind == "build"]
        if len(keys) > len(set(keys)):
            out.append((state, seat))
    return out[:count]


def test_distinct_rollouts_compare_no_two_builds_of_one_building_on_one_site() -> None:
    """With ``distinct``, the candidates are the heuristic's move and the next best moves that
    are not builds of the same building on the same site on other plots (they play out alike),
    as many as ``candidates`` asks while different moves remain; without it, such builds may
    take several of the places."""
    heuristic = heuristic_for("balam")
    alike = heuristic.alike
    assert alike is not None
    decisions = balam_build_decisions(seed=3, count=6)
    assert decisions, "no Balam build decision with one building on several plots"
    crowded = 0
    for state, seat in decisions:
        legal = state.legal_actions(seat)
        window = SeatState(state, seat)
        suggested = heuristic.policy(window, random.Random(1))
        different = len({alike(a) for a in legal})
        moves = RolloutBot(seed=2, candidates=4, distinct=True).contenders(
            window, heuristic, legal, suggested
        )
        assert moves[0] == suggested
        assert len({alike(a) for a in moves}) == len(moves) == min(4, different)
        plain = RolloutBot(seed=2, candidates=4).contenders(window, heuristic, legal, suggested)
        crowded += len({alike(a) for a in plain}) < len(plain)
    assert crowded > 0  # the plain candidates do waste places here


def test_rollouts_replay_the_same_choices_from_the_same_seed() -> None:
    for state, seat in balam_decisions(seed=6, count=4):
        assert make_bot("rollouts:plies=80", seed=9).act(state, seat) == make_bot(
            "rollouts:plies=80", seed=9
        ).act(state, seat)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("rollouts:candidates=1", "candidates must be a positive integer"),
        ("rollouts:plies=0", "plies must be a positive integer"),
        ("rollouts:horizon=-1", "horizon must be a non-negative integer"),
        ("rollouts:margin=2", "margin must be a non-negative number of at most 1"),
        ("rollouts:speed=3", "bad parameters for bot 'rollouts'"),
        ("rollouts:distinct=2", "distinct must be true or false"),
    ],
)
def test_bad_rollout_specs_say_why(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_bot(spec)


def test_balam_hard_is_the_rollout_bot_unless_the_spec_asks_for_the_tree(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``hard`` in Balam plays the rollout bot (its ``hard`` settings' ``search: rollouts``);
    ``hard:iterations=N`` is the ISMCTS search, as in the other games."""
    set_hard(monkeypatch, "balam", {**hard_of("balam"), "plies": 40, "least": 1})
    state, seat = balam_decisions(seed=7, count=1)[0]
    hard = make_bot("hard", seed=1)
    assert isinstance(hard, HardBot)
    hard.act(state, seat)
    assert isinstance(hard.improver, RolloutBot)
    assert hard.improver.last_samples >= 1 and hard.last_iterations == hard.improver.last_samples
    tree = make_bot("hard:iterations=5", seed=1)
    assert isinstance(tree, HardBot)
    tree.act(state, seat)
    assert tree.improver is None and tree.last_iterations == 5


def test_balam_hard_ignores_the_hidden_truth(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fairness of Balam's ``hard`` (the rollout bot): redrawing the hidden Katun cards of the
    real state does not change its choice."""
    set_hard(monkeypatch, "balam", {**hard_of("balam"), "plies": 40, "least": 1})
    rng = random.Random(11)
    for state, seat in balam_decisions(seed=8, count=6):
        other = state.resample(seat, random.Random(rng.getrandbits(64)))
        assert other.view(seat) == state.view(seat)
        assert make_bot("hard", seed=3).act(state, seat) == make_bot("hard", seed=3).act(
            other, seat
        )


def test_a_server_cap_reaches_balam_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server sets ``seconds`` on a searching bot after making it: Balam's ``hard`` passes
    it to its rollout bot, which then takes a single sample when the cap is tiny."""
    set_hard(monkeypatch, "balam", {**hard_of("balam"), "plies": 10_000, "least": 50})
    state, seat = balam_decisions(seed=9, count=1)[0]
    hard = make_bot("hard", seed=2)
    assert isinstance(hard, HardBot)
    hard.seconds = 1e-9
    hard.act(state, seat)
    improver = hard.improver
    assert isinstance(improver, RolloutBot)
    assert improver.seconds == 1e-9 and improver.last_samples == 1


def test_the_server_caps_a_rollout_bots_time() -> None:
    """``rollouts`` has a ply budget the server's limits do not read, so the bot worker caps its
    time as it caps a search's (``botworker.capped``); a smaller cap of its own stays."""
    bot = make_bot("rollouts:plies=1000000", seed=1)
    assert isinstance(bot, RolloutBot)
    assert capped(bot, "balam", 2.0).seconds == 2.0
    own = make_bot("rollouts:seconds=0.5", seed=1)
    assert isinstance(own, RolloutBot)
    assert capped(own, "balam", 2.0).seconds == 0.5
