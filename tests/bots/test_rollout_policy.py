"""ISMCTS rollouts with the game's rules of thumb (``rollout=policy``, issue 21): a playout
then plays the heuristic's moves for every seat, even in a game whose heuristic chooses random
rollouts (Keezbord), and only as deep as ``depth``."""

from __future__ import annotations

import dataclasses
import random

import gametable
from gametable.bots import ISMCTSBot, make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics import Heuristic, heuristic_for
from gametable.core.protocol import Action, State


def keezbord_midgame(seed: int = 5, plies: int = 30) -> State:
    """A two-player Keezbord game after ``plies`` decisions of the rules of thumb."""
    state = gametable.load_game("keezbord").new_game(2, seed=seed)
    bot = make_bot("heuristic", seed=seed)
    while not state.is_over and state.ply < plies:
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)
    return state


def counting(heuristic: Heuristic) -> tuple[Heuristic, list[int]]:
    """The heuristic, with a policy that counts its calls."""
    calls = [0]

    def policy(seat_state: SeatState, rng: random.Random) -> Action:
        calls[0] += 1
        return heuristic.policy(seat_state, rng)

    return dataclasses.replace(heuristic, policy=policy), calls


def test_policy_rollouts_play_the_rules_of_thumb_where_the_game_picks_random_ones() -> None:
    state = keezbord_midgame()
    assert not state.is_over
    heuristic, calls = counting(heuristic_for("keezbord"))
    assert heuristic.rollout == "random"
    ISMCTSBot(seed=1, rollout="heuristic").playout(state.clone(), heuristic, depth=3)
    assert calls[0] == 0  # the game's own choice: random moves
    ISMCTSBot(seed=1, rollout="policy").playout(state.clone(), heuristic, depth=3)
    assert calls[0] == 3


def test_a_policy_rollout_is_the_heuristic_bots_play() -> None:
    """Three plies of a ``rollout=policy`` playout reach the state three heuristic moves reach
    with the same random stream."""
    state = keezbord_midgame(seed=8)
    bot = ISMCTSBot(seed=2, rollout="policy", leaf="learned")
    bot.evaluation = None
    played = state.clone()
    bot.playout(played, heuristic_for("keezbord"), depth=3)
    rng = random.Random(2)
    expected = state.clone()
    policy = heuristic_for("keezbord").policy
    for _ in range(3):
        seat = expected.to_move[0]
        expected.apply(policy(SeatState(expected, seat), rng), seat)
    assert played.view(None) == expected.view(None)


def test_a_policy_rollout_bot_plays_legal_moves() -> None:
    state = keezbord_midgame(seed=11)
    seat = state.to_move[0]
    bot = make_bot("hard:iterations=30,rollout=policy", seed=3)
    assert bot.act(state, seat) in state.legal_actions(seat)
