"""Every bot plays legal actions through whole games of every game, reproducibly."""

from __future__ import annotations

import pytest

import gametable
from gametable.bots import make_bot
from tests.bots.conftest import BOT_SPECS


def play(
    game_name: str, specs: list[str], seed: int, limit: int | None = None
) -> tuple[list[str], gametable.State]:
    """Play a game with one bot per seat (specs taken in turn); the moves and the last state."""
    game = gametable.load_game(game_name)
    players = game.min_players
    state = game.new_game(players, seed=seed)
    bots = [make_bot(specs[s % len(specs)], seed=seed + s) for s in range(players)]
    limit = limit or 2 * game.max_game_length(players)
    moves = []
    while not state.is_over and state.ply < limit:
        # every seat that must decide gets asked (once: a search's answer is costly); the
        # first one's answer is played
        answers = {seat: bots[seat].act(state, seat) for seat in state.to_move}
        for seat, answer in answers.items():
            assert answer in state.legal_actions(seat), f"seat {seat}: {answer} is not legal"
        seat = state.to_move[0]
        action = answers[seat]
        state.apply(action, seat)  # raises if illegal
        moves.append(str(action))
    return moves, state


@pytest.mark.parametrize("spec", BOT_SPECS)
def test_whole_games_are_legal(game_name: str, spec: str) -> None:
    # the searches are slow: some plies show they stay legal (those whose playouts play the
    # rules of thumb, ``hard`` among them, get the fewest)
    costly = spec.startswith(("improve", "rollouts", "hard")) or "rollout=policy" in spec
    limit = 40 if costly else 400 if spec.startswith("ismcts") else None
    play(game_name, [spec], seed=11, limit=limit)


def test_mixed_table_finishes(game_name: str) -> None:
    moves, state = play(game_name, ["heuristic", "random"], seed=5)
    assert state.is_over, f"no end after {len(moves)} moves"
    outcome = state.outcome
    assert outcome is not None and len(outcome.ranking) == state.players


@pytest.mark.parametrize("spec", BOT_SPECS)
def test_same_seed_same_choices(game_name: str, spec: str) -> None:
    # the searches play out to the round's end or many plies: a few decisions show a seed
    # replays them
    costly = spec.startswith(("improve", "rollouts", "hard")) or "rollout=policy" in spec
    limit = 16 if costly else 40
    assert (
        play(game_name, [spec], seed=3, limit=limit)[0]
        == play(game_name, [spec], seed=3, limit=limit)[0]
    )


def test_ismcts_time_budget_answers() -> None:
    game = gametable.load_game("balzakken")
    state = game.new_game(2, seed=2)
    bot = make_bot("ismcts:seconds=0.05", seed=1)
    assert bot.act(state, 0) in state.legal_actions(0)
    assert bot.last_iterations >= 1


@pytest.mark.parametrize("players", [3, 4])
def test_ismcts_at_bigger_tables_and_in_teams(game_name: str, players: int) -> None:
    """Multi-player reward vectors and shared team rewards (Keezbord partners) stay legal."""
    game = gametable.load_game(game_name)
    if players not in game.player_counts:
        pytest.skip(f"{game_name} is not played by {players}")
    state = game.new_game(players, seed=8)
    bots = [make_bot("ismcts:iterations=15,depth=5", seed=s) for s in range(players)]
    while not state.is_over and state.ply < 60:
        seat = state.to_move[-1]  # also ask the last of several deciding seats
        state.apply(bots[seat].act(state, seat), seat)


def test_team_rewards_are_shared() -> None:
    from gametable.bots.base import SeatState
    from gametable.bots.ismcts import ISMCTSBot

    game = gametable.load_game("keezbord")
    state = game.new_game(4, seed=1)
    teams = ISMCTSBot.team_of(SeatState(state, 0))
    assert teams[0] == teams[2] and teams[1] == teams[3] and teams[0] != teams[1]


def test_heuristics_do_not_stall_a_balzakken_round() -> None:
    """Seed 2 once looped for ever: both hands above 5, swapping equal cards back and forth."""
    moves, state = play("balzakken", ["heuristic"], seed=2, limit=3000)
    assert len(moves) < 1000 and state.is_over


def test_balam_heuristic_pays_a_catastrophe_with_the_prisoner_it_would_lose_anyway():
    """A garrison keeps only obsidian to the next round, a reserve keeps anything: warding off an
    earthquake, the heuristic pays with the garrison's prisoner and keeps the reserve's."""
    from tests.balam.test_katun import REPRO, draw

    state = draw("earthquake", sites=REPRO, kings=[{"riches": {"prisoner": 2}}, {}])
    state.apply("ward")
    choices = {str(make_bot("heuristic", seed=s).act(state, 0)) for s in range(12)}
    assert choices == {"pay c2.0"}
