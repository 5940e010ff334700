"""Keezbord at four and six seats (issue 21, goal 1): a learned evaluation per count that values
a *team* (partners share their team's place and return: rulebook, "Playing in Teams"), and
``hard``'s leaf by player count (``seat_leaf``)."""

from __future__ import annotations

import pytest

import gametable
from gametable.bots import HardBot, ISMCTSBot, make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics import heuristic_for
from gametable.bots.improve import ImproveBot
from gametable.bots.learned import (
    feature_names,
    learned_evaluation,
    load_model,
    seat_features,
    team_standings,
)
from gametable.core.protocol import State
from gametable.games.keezbord.bots.learned import LEARNED, keezbord_standing, keezbord_standings
from tests.bots.conftest import set_hard

NAMES = LEARNED.names


def played(players: int, plies: int, seed: int) -> State:
    """A Keezbord game at ``players`` seats after ``plies`` decisions of the rules of thumb."""
    state = gametable.load_game("keezbord").new_game(players, seed=seed)
    bots = [make_bot("heuristic", seed=seed + s) for s in range(players)]
    while not state.is_over and state.ply < plies:
        seat = state.to_move[0]
        state.apply(bots[seat].act(state, seat), seat)
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_board_read_once_gives_every_seats_standing(players: int) -> None:
    state = played(players, 90, seed=players)
    assert keezbord_standings(state) == [keezbord_standing(state, s) for s in range(players)]


@pytest.mark.parametrize("players", [4, 6])
def test_a_teams_standing_adds_its_partners_and_takes_the_slower_pawn(players: int) -> None:
    """Both partners must bring their pawns home for the team to win (KB "Playing in Teams"):
    the team's slowest pawn is the slower of the two partners', everything else adds up."""
    state = played(players, 120, seed=players + 1)
    seats = keezbord_standings(state)
    table, teams = team_standings(state)
    assert teams == [(s, s + players // 2) for s in range(players // 2)]
    slowest = NAMES.index("slowest")
    for row, (a, b) in zip(table, teams, strict=True):
        for i, value in enumerate(row):
            want = max(seats[a][i], seats[b][i]) if i == slowest else seats[a][i] + seats[b][i]
            assert value == want


@pytest.mark.parametrize("players", [4, 6])
def test_partners_get_their_teams_row_and_rotating_the_teams_rotates_the_rows(
    players: int,
) -> None:
    state = played(players, 100, seed=players + 2)
    rows = seat_features(state)
    half = players // 2
    assert len(rows[0]) == len(feature_names("keezbord", players))
    for seat in range(half):
        assert rows[seat] == rows[seat + half]
    assert len({tuple(row) for row in rows}) == half  # the teams differ after 100 plies
    mean = len(NAMES)
    for column in range(mean):  # the standings against the others' mean cancel over the teams
        assert sum(rows[t][column] for t in range(half)) == pytest.approx(0.0, abs=1e-9)
    assert {row[-1] for row in rows} == {1.0}


@pytest.mark.parametrize("players", [4, 6])
def test_a_model_per_team_count_ships_with_its_recipe(players: int) -> None:
    model = load_model("keezbord", players)
    assert model is not None and model.players == players
    assert model.names == feature_names("keezbord", players)
    assert model.meta["data"].startswith(f"gametable simulate keezbord -p {players}")
    assert model.meta["recipe"].endswith(f"--players {players}")
    assert model.meta["holdout_log_loss"] < model.meta["hand_written_log_loss"]
    evaluate = learned_evaluation("keezbord", players)
    assert evaluate is not None
    state = played(players, 150, seed=players + 3)
    values = evaluate(state)
    half = players // 2
    assert all(0.0 < v < 1.0 for v in values)
    assert all(values[s] == values[s + half] for s in range(half))
    seat_state = SeatState(state, state.to_move[0])
    rules = heuristic_for("keezbord")
    for bot in (ImproveBot(seed=1, samples=2), ISMCTSBot(seed=1, leaf="learned")):
        leaf = bot.leaf_evaluation(seat_state, rules)
        assert leaf is not None and leaf is not rules.evaluate
        assert leaf(state) == values


def test_the_team_far_ahead_on_the_board_is_valued_highest_at_six_seats() -> None:
    """One team of the rules of thumb against two teams of random moves, 150 decisions: where
    the hand-written evaluation sees one team past its clip (value 1, the others 0), the model
    values that team highest of the three."""
    evaluate = learned_evaluation("keezbord", 6)
    rules = heuristic_for("keezbord").evaluate
    assert evaluate is not None and rules is not None
    checked = 0
    for seed in range(4):
        state = gametable.load_game("keezbord").new_game(6, seed=seed)
        bots = [make_bot("heuristic" if s in (0, 3) else "random", seed=seed + s) for s in range(6)]
        while not state.is_over and state.ply < 150:
            seat = state.to_move[0]
            state.apply(bots[seat].act(state, seat), seat)
        hand = list(rules(state))[:3]
        if sorted(hand) != [0.0, 0.0, 1.0]:
            continue
        values = list(evaluate(state))[:3]
        assert max(range(3), key=values.__getitem__) == hand.index(1.0)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("players", "leaf"), [(2, "learned"), (4, "heuristic"), (6, "learned")])
def test_keezbord_hard_takes_the_leaf_of_the_player_count(players: int, leaf: str) -> None:
    """``seat_leaf``: the learned team model at six seats, the hand-written evaluation at four
    (as shipped before the four-seat model), the two-player model at two; a spec's ``leaf``
    holds at every count."""
    state = played(players, 40, seed=players)
    seat_state = SeatState(state, state.to_move[0])
    bot = make_bot("hard:iterations=12", seed=1)
    assert isinstance(bot, HardBot)
    bot.choose(seat_state)
    assert isinstance(bot.improver, ImproveBot) and bot.improver.leaf == leaf
    given = make_bot("hard:iterations=12,leaf=learned", seed=1)
    assert isinstance(given, HardBot)
    given.choose(seat_state)
    assert isinstance(given.improver, ImproveBot) and given.improver.leaf == "learned"


@pytest.mark.parametrize(
    ("seat_leaf", "message"),
    [
        ({4: "oracle"}, "seat_leaf at 4 players must be one of heuristic, learned"),
        ({0: "heuristic"}, "seat_leaf's player count must be a positive integer"),
        ({None: "heuristic"}, "seat_leaf names player counts"),
        (["heuristic"], "seat_leaf must map player counts to leaves"),
    ],
)
def test_hard_refuses_a_bad_seat_leaf(
    monkeypatch: pytest.MonkeyPatch, seat_leaf: object, message: str
) -> None:
    settings = {"search": "improve", "samples": 4, "seat_leaf": seat_leaf}
    set_hard(monkeypatch, "keezbord", settings)
    state = played(4, 10, seed=1)
    with pytest.raises(ValueError, match=message):
        make_bot("hard", seed=1).act(state, state.to_move[0])
