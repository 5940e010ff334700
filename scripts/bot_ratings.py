"""Rate the bot levels of every game in an arena run and write the ratings the server reads.

The server rates people and bots on one scale (:mod:`gametable.server.ratings`): a player's
Plackett-Luce rating (openskill, a newcomer at 25 +- 8.3) moves against the fixed ratings of
the bots that sat at the table.  Those come from this script: each game's levels (``easy``,
``normal``, ``hard``) play an arena run (every pair at every seating, the same deals for each
pair), rated by the arena's own Plackett-Luce ratings, and the result is written to
``src/gametable/server/data/bot_ratings.json``::

    .venv/bin/python scripts/bot_ratings.py --games 60 --jobs 2

Rerun it when a level changes; ``--game`` rates one game and keeps the others' entries.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from gametable.arena import run_arena
from gametable.bots.levels import LEVELS
from gametable.core.registry import game_names

OUT = Path(__file__).resolve().parent.parent / "src/gametable/server/data/bot_ratings.json"


def rate_game(game: str, games: int, jobs: int, seed: int) -> dict[str, Any]:
    """The levels' ratings in ``game`` from an arena run of ``games`` games."""
    started = time.monotonic()
    report = run_arena(game, list(LEVELS), games, seed=seed, jobs=jobs)
    levels = {
        s.label: {"mu": round(s.rating.mu, 3), "sigma": round(s.rating.sigma, 3), "games": s.games}
        for s in report.stats
    }
    print(
        f"{game}: {len(report.results)} games at {report.players} seats in "
        f"{time.monotonic() - started:.0f} s: "
        + ", ".join(f"{k} {v['mu']:.2f} +- {v['sigma']:.2f}" for k, v in levels.items()),
        flush=True,
    )
    return {"players": report.players, "games": len(report.results), "seed": seed, "levels": levels}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="arena games per game")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    data: dict[str, Any] = json.loads(args.out.read_text()) if args.out.exists() else {}
    data.setdefault("games", {})
    for game in args.game or game_names():
        data["games"][game] = rate_game(game, args.games, args.jobs, args.seed)
    data["about"] = (
        "Plackett-Luce ratings (openskill) of the bot levels from arena runs "
        "(scripts/bot_ratings.py); the server rates people against them"
    )
    args.out.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
