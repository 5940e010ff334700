"""The bot pool (issue 16, item 1): moves worked out in worker processes with a hard deadline; a
worker that overruns is killed and the fallback move played; closing kills every worker."""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any

from gametable.core.registry import load_game
from gametable.server.botpool import BotAnswer, BotPool

#: a worker that says ready, reads a job, gives a fallback move and then thinks for ever
HUNG = """
import sys, time
print('{"ready": true}', flush=True)
sys.stdin.readline()
print('{"provisional": "discard 1"}', flush=True)
time.sleep(3600)
"""
#: a worker that dies on its first job
CRASHING = """
import sys
print('{"ready": true}', flush=True)
sys.stdin.readline()
sys.exit(3)
"""


def job(spec: str, game: str = "balzakken") -> dict[str, Any]:
    state = load_game(game).new_game(2, seed=4)
    return {"game": game, "state": state.to_json(), "seat": 0, "spec": spec, "seed": 9}


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_worker_answers_with_a_legal_move() -> None:
    async def scenario() -> BotAnswer:
        pool = BotPool(1, deadline=5.0, grace=2.0)
        try:
            return await pool.move(job("heuristic"))
        finally:
            await pool.aclose()

    answer = run(scenario())
    state = load_game("balzakken").new_game(2, seed=4)
    assert answer.move in {str(a) for a in state.legal_actions(0)}


def test_a_search_is_cut_at_the_deadline_and_plays_its_best_move() -> None:
    async def scenario() -> tuple[BotAnswer, float]:
        pool = BotPool(1, deadline=0.5, grace=5.0)
        try:
            await pool.move(job("random"))  # the worker is started and warm
            start = time.monotonic()
            answer = await pool.move(job("ismcts:seconds=60"))
            return answer, time.monotonic() - start
        finally:
            await pool.aclose()

    answer, took = run(scenario())
    assert answer.move is not None and answer.provisional is not None  # the search's own move
    assert took < 3.0  # not 60 s: the search stopped at 0.5 s


def test_a_worker_that_overruns_is_killed_and_its_fallback_played() -> None:
    async def scenario() -> tuple[BotAnswer, float, BotPool]:
        pool = BotPool(1, deadline=0.3, grace=0.3, command=[sys.executable, "-c", HUNG])
        start = time.monotonic()
        answer = await pool.move(job("ismcts"))
        took = time.monotonic() - start
        await pool.aclose()
        return answer, took, pool

    answer, took, pool = run(scenario())
    assert answer.move is None and answer.best == "discard 1"
    assert "no move within 0.6 s" in (answer.problem or "")
    assert took < 3.0 and not pool.idle  # killed, not kept


def test_a_worker_that_dies_gives_no_move_and_the_pool_goes_on() -> None:
    async def scenario() -> tuple[BotAnswer, BotAnswer]:
        pool = BotPool(1, deadline=2.0, grace=1.0, command=[sys.executable, "-c", CRASHING])
        try:
            return await pool.move(job("random")), await pool.move(job("random"))
        finally:
            await pool.aclose()

    first, second = run(scenario())
    assert first.best is None and "ended" in (first.problem or "")
    assert second.best is None  # a new worker was started (and died again)


def test_closing_the_pool_ends_a_move_in_progress_at_once() -> None:
    async def scenario() -> tuple[BotAnswer, float]:
        pool = BotPool(1, deadline=60.0, grace=60.0, command=[sys.executable, "-c", HUNG])
        task = asyncio.create_task(pool.move(job("ismcts")))
        while not pool.workers:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)
        start = time.monotonic()
        pool.close()
        answer = await asyncio.wait_for(task, 5)
        took = time.monotonic() - start
        await pool.aclose()
        return answer, took

    answer, took = run(scenario())
    assert answer.move is None and took < 2.0
