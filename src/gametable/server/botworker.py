"""A bot worker process: ``python -m gametable.server.botworker PARENT_PID``.

The server (:mod:`gametable.server.botpool`) writes one job per line on the worker's stdin and
reads JSON lines back from its stdout:

- ``{"ready": true}`` once, when the games are loaded;
- for a job ``{"game", "state", "seat", "spec", "seed", "seconds"}``: first, for a searching bot,
  ``{"provisional": NOTATION}`` (the heuristic's move, the fallback should the search be cut
  short), then ``{"move": NOTATION}`` or ``{"error": TEXT}``.

A search is given at most ``seconds`` (its best move so far is played then); the server kills a
worker that overruns that by more than its grace.  The worker ends when its stdin closes or its
parent is gone (even after a SIGKILL of the server).  Anything a bot prints goes to stderr, so
stdout carries only the protocol.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from typing import IO, Any

from gametable.bots import HeuristicBot, ISMCTSBot, RandomBot, make_bot
from gametable.bots.heuristics import heuristic_for
from gametable.core.registry import game_names, load_game

#: how much lower than the server a worker's CPU priority is
NICENESS = 5


def exit_with_parent(parent: int) -> None:
    """End this process when ``parent`` is gone (checked every half second)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def capped(bot: Any, game: str, seconds: float) -> Any:
    """``bot`` with its search cut at ``seconds`` (its own budget kept when it is smaller),
    whatever kind of searching bot it is (any bot with a ``seconds`` budget: the tree search,
    the policy improvement and the rollouts bots, and the levels made of them).

    An ISMCTS bot without a budget of its own searches the game's default number of iterations,
    so the cap is added beside that budget, not instead of it.
    """
    if isinstance(bot, ISMCTSBot) and bot.iterations is None and bot.seconds is None:
        bot.iterations = heuristic_for(game).iterations
    if hasattr(bot, "seconds"):
        bot.seconds = seconds if bot.seconds is None else min(bot.seconds, seconds)
    return bot


def answer(job: dict[str, Any], say: Any) -> None:
    """Work out the move for one job, saying the fallback first for searching bots."""
    game = load_game(job["game"])
    state = game.state_from_json(job["state"])
    seat, seed = int(job["seat"]), int(job["seed"])
    bot = make_bot(job["spec"], seed=seed)
    if not isinstance(bot, RandomBot | HeuristicBot):
        say({"provisional": str(HeuristicBot(seed=seed).act(state, seat))})
    capped(bot, game.name, float(job["seconds"]))
    say({"move": str(bot.act(state, seat))})


def serve(jobs: IO[bytes], out: IO[bytes]) -> None:
    def say(message: dict[str, Any]) -> None:
        out.write(json.dumps(message).encode() + b"\n")
        out.flush()

    game_names()  # load every game before saying ready
    say({"ready": True})
    for line in jobs:
        try:
            answer(json.loads(line), say)
        except Exception as exc:  # a bot or rules bug: the server plays a fallback move instead
            say({"error": f"{type(exc).__name__}: {exc}"})


def main() -> None:
    if len(sys.argv) > 1:
        exit_with_parent(int(sys.argv[1]))
    os.nice(NICENESS)  # the server's own work (moves, pages, writes) goes first on a busy CPU
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # stray prints must not break the protocol
    serve(sys.stdin.buffer, out)


if __name__ == "__main__":
    main()
