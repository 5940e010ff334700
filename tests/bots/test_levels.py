"""Levels (issue 21): ``easy``, ``normal`` and ``hard`` by name in every game, through the same
registry that the terminal, the lobby and the arena use."""

from __future__ import annotations

import pytest

import gametable
from gametable.bots import (
    LEVELS,
    EasyBot,
    HardBot,
    HeuristicBot,
    ISMCTSBot,
    bot_names,
    check_bot_spec,
    make_bot,
)
from gametable.bots.base import SeatState
from gametable.bots.improve import ImproveBot
from tests.bots.conftest import positions, set_hard
from tests.games import shipped_games


def test_levels_are_registered_bot_names_easiest_first() -> None:
    assert bot_names()[:3] == ["easy", "normal", "hard"] == list(LEVELS)
    assert isinstance(make_bot("easy", seed=1), EasyBot)
    assert isinstance(make_bot("normal", seed=1), HeuristicBot)
    assert isinstance(make_bot("hard", seed=1), HardBot)
    assert isinstance(make_bot("hard", seed=1), ISMCTSBot)  # servers cap its time like ismcts
    assert check_bot_spec("hard:iterations=50", max_iterations=100) == "hard:iterations=50"
    with pytest.raises(ValueError, match="slip must be a non-negative number"):
        make_bot("easy:slip=-1")
    with pytest.raises(ValueError, match="more than this server allows"):
        check_bot_spec("hard:seconds=9", max_seconds=5)


TUNED = {"balzakken": {"iterations": 7, "c": 0.9}, "keezbord": {"depth": 4}}


def test_hard_takes_the_games_settings_unless_the_spec_gives_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for game in shipped_games():
        set_hard(monkeypatch, game, TUNED.get(game, {}))
    bot = make_bot("hard:c=0.5", seed=1)
    assert isinstance(bot, HardBot)
    state = gametable.load_game("balzakken").new_game(2, seed=1)
    bot.act(state, state.to_move[0])
    assert (bot.iterations, bot.c, bot.last_iterations) == (7, 0.5, 7)
    # another game: the first game's settings are undone, the new game's taken
    state = gametable.load_game("keezbord").new_game(2, seed=1)
    bot.act(state, state.to_move[0])
    assert (bot.iterations, bot.c, bot.depth) == (None, 0.5, 4)


def test_easy_without_slips_plays_the_rules_of_thumb(game_name: str) -> None:
    for state in positions(game_name, seed=5, every=9, limit=120):
        seat = state.to_move[0]
        assert EasyBot(seed=3, slip=0.0).act(state, seat) == HeuristicBot(seed=3).act(state, seat)


def test_easy_slips_choose_among_the_options_it_noticed(game_name: str) -> None:
    """A slip hides some options and keeps the rules of thumb among the rest: every choice is
    legal, and over many positions some differ from the heuristic's (its human mistakes)."""
    differ = total = 0
    for state in positions(game_name, seed=6, every=5, limit=200):
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) < 3:
            continue
        easy = EasyBot(seed=state.ply, slip=1.0, notice=0.5).act(state, seat)
        assert easy in legal
        differ += easy != HeuristicBot(seed=state.ply).act(state, seat)
        total += 1
    assert total > 0 and differ > 0


def test_a_narrowed_window_offers_only_the_noticed_actions() -> None:
    state = gametable.load_game("balzakken").new_game(2, seed=4)
    window = SeatState(state, 0)
    legal = window.legal_actions()
    narrowed = window.showing(legal[:2])
    assert narrowed.legal_actions() == legal[:2]
    assert narrowed.view() == window.view() and narrowed.seat == 0


def test_a_time_cap_set_after_making_hard_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server caps a searching bot's time after making it (``botworker.capped``): ``hard``
    keeps that cap while it takes its own game's iterations."""
    for game in shipped_games():
        set_hard(monkeypatch, game, TUNED.get(game, {}))
    bot = make_bot("hard", seed=1)
    assert isinstance(bot, HardBot)
    bot.iterations, bot.seconds = 5, 0.2
    state = gametable.load_game("balzakken").new_game(2, seed=1)
    bot.act(state, state.to_move[0])
    assert bot.seconds == 0.2 and bot.iterations == 7


def test_hard_as_improve_takes_the_games_rollout_depth_and_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the game's ``hard`` settings say ``search: improve`` with a ``depth`` and a ``budget`` (Keezbord), the
    improve search gets both, and ``hard`` then chooses as ``improve`` with the same seed."""
    settings = {"search": "improve", "samples": 4, "depth": 3, "budget": 10, "leaf": "learned"}
    set_hard(monkeypatch, "keezbord", settings)
    for state in positions("keezbord", seed=8, every=5, limit=150):
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) < 2:
            continue
        bot = make_bot("hard", seed=5)
        assert isinstance(bot, HardBot)
        chosen = bot.act(state, seat)
        assert isinstance(bot.improver, ImproveBot)
        assert (bot.improver.depth, bot.improver.budget) == (3, 10)
        assert chosen == make_bot("improve:samples=4,depth=3,budget=10", seed=5).act(state, seat)


def balzakken_at(players: int, plies: int, seed: int) -> gametable.State:
    """A Balzakken game at ``players`` seats after ``plies`` decisions of the rules of thumb,
    stopped at a decision with at least three moves."""
    state = gametable.load_game("balzakken").new_game(players, seed=seed)
    bot = make_bot("normal", seed=seed)
    while not state.is_over:
        seat = state.to_move[0]
        if state.ply >= plies and len(state.legal_actions(seat)) >= 3:
            return state
        state.apply(bot.act(state, seat), seat)
    raise AssertionError("the game ended before a decision with three moves")


def test_hard_takes_the_rollout_budget_of_the_player_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``seat_budget`` caps a move's rollouts at the counts it names and ``budget`` holds at the
    others; one bot moved from table to table takes each table's cap, and chooses as
    ``improve`` with that budget and the same seed."""
    settings = {"search": "improve", "samples": 6, "seat_budget": {3: 7, 4: 9}, "leaf": "learned"}
    set_hard(monkeypatch, "balzakken", settings)
    bot = make_bot("hard", seed=2)
    assert isinstance(bot, HardBot)
    for players, budget in [(3, 7), (2, None), (4, 9), (5, None), (3, 7)]:
        state = balzakken_at(players, 4, seed=players)
        seat = state.to_move[0]
        fresh = make_bot("hard", seed=2)
        chosen = fresh.act(state, seat)
        bot.act(state, seat)
        for used in (bot, fresh):
            assert isinstance(used, HardBot) and isinstance(used.improver, ImproveBot)
            assert used.improver.budget == budget
        if budget is None:  # no cap: all six samples, more rollouts than any cap above
            assert fresh.improver.last_rollouts > 9
        else:
            # at least two samples, else within the budget
            assert fresh.improver.last_rollouts <= max(budget, 2 * len(state.legal_actions(seat)))
        spec = "improve:samples=6,draws=1" + ("" if budget is None else f",budget={budget}")
        assert chosen == make_bot(spec, seed=2).act(state, seat)
    # the game's ``budget`` holds at the counts ``seat_budget`` does not name
    set_hard(monkeypatch, "balzakken", {**settings, "budget": 11})
    bot = make_bot("hard", seed=2)
    assert isinstance(bot, HardBot)
    state = balzakken_at(2, 4, seed=2)
    bot.act(state, state.to_move[0])
    assert isinstance(bot.improver, ImproveBot) and bot.improver.budget == 11


@pytest.mark.parametrize(
    ("seat_budget", "message"),
    [
        ({4: 0}, "seat_budget at 4 players must be a positive integer"),
        ({4: -5}, "seat_budget at 4 players must be a positive integer"),
        ({4: 2.5}, "seat_budget at 4 players must be a positive integer"),
        ({4: True}, "seat_budget at 4 players must be a positive integer"),
        ({4: 10**9}, "seat_budget at 4 players must be a positive integer of at most"),
        ({4: None}, "seat_budget names counts and budgets"),
        ({0: 100}, "seat_budget's player count must be a positive integer"),
        ({"4": 100}, "seat_budget's player count must be a positive integer"),
        ([4, 100], "seat_budget must map player counts to budgets"),
        (560, "seat_budget must map player counts to budgets"),
    ],
)
def test_hard_refuses_a_bad_seat_budget(
    monkeypatch: pytest.MonkeyPatch, seat_budget: object, message: str
) -> None:
    settings = {"search": "improve", "samples": 4, "seat_budget": seat_budget}
    set_hard(monkeypatch, "balzakken", settings)
    state = balzakken_at(4, 4, seed=4)
    with pytest.raises(ValueError, match=message):
        make_bot("hard", seed=1).act(state, state.to_move[0])


def test_keezbord_hard_caps_a_six_seat_move_at_96_rollouts_and_keeps_320_below() -> None:
    """The shipped Keezbord setting: a six-seat rollout costs several times a two-seat one, so
    ``hard`` takes at most 96 rollouts a move there and 320 at two and four seats."""
    game = gametable.load_game("keezbord")
    for players, budget in [(6, 96), (4, 320), (2, 320), (6, 96)]:
        state = game.new_game(players, seed=players)
        bot = make_bot("hard:iterations=12", seed=1)
        seat = state.to_move[0]
        assert bot.act(state, seat) in state.legal_actions(seat)
        assert isinstance(bot, HardBot) and isinstance(bot.improver, ImproveBot)
        assert bot.improver.budget == budget
