"""Self-play simulation and balance reports.

``simulate(config, games, out)`` plays ``games`` games of a :class:`RunConfig` on all local cores
(or a Ray cluster) and writes one row per game, in shards keyed by game index, under ``out``;
re-running it resumes.  ``load_results(out)`` reads the rows back; ``write_report(dir)`` turns
one run, or a sweep of runs, into a self-contained HTML page.

A row holds the game index, its seed, the options (JSON), each seat's bot spec and bot seed,
the winners, scores and ranking, the length in rounds and decisions, the mean number of legal
actions per decision, Ludii's drama and decisiveness for that game, the game's event counts
(``event_*`` columns) and its moves as a :class:`~gametable.core.record.Record` (JSON), so
:func:`replay_row` replays any game exactly.
"""

from gametable.simulate.play import (
    RunConfig,
    game_seed,
    play_chunk,
    play_game,
    replay_row,
    seat_bots,
)

__all__ = [
    "RunConfig",
    "game_seed",
    "load_results",
    "play_chunk",
    "play_game",
    "replay_row",
    "seat_bots",
    "simulate",
    "write_report",
]


def __getattr__(
    name: str,
) -> object:  # the runner and report pull in pyarrow and matplotlib: load lazily
    if name in ("simulate", "load_results"):
        from gametable.simulate import runner

        return getattr(runner, name)
    if name == "write_report":
        from gametable.simulate.report import write_report

        return write_report
    raise AttributeError(name)
