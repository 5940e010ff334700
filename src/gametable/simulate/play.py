"""Playing one simulated game and turning it into a row of tidy data.

Everything a game needs comes from the run's :class:`RunConfig` and the game's index: its seed
(:func:`game_seed`), which bot sits in which seat (:func:`seat_bots`, rotating per game) and each
bot's seed.  So a game is the same on any backend, in any chunk, with any number of jobs, and
:func:`replay_row` plays it again from its row alone.

>>> config = RunConfig("balzakken", players=3, bots=("random",), seed=7)
>>> row = play_game(config, 4)
>>> row["game_index"], row["players"], row["seat_0_bot"]
(4, 3, 'random')
>>> replay_row(row)["winners"] == row["winners"]
True
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, TypedDict, Unpack

from gametable.bots import make_bot
from gametable.core.options import GivenOptions
from gametable.core.protocol import Game, State
from gametable.core.record import Record
from gametable.core.registry import load_game
from gametable.core.rng import Rng

_MASK63 = (1 << 63) - 1
#: prefix of the columns holding ``state.event_counts()``
EVENT_PREFIX = "event_"


class RunSettings(TypedDict, total=False):
    """The settings of a :class:`RunConfig` beyond the game, seats, bots, seed and options."""

    record_moves: bool
    eval_every: int
    max_decisions: int
    deal_every: int
    seat_stats: bool


@dataclass(frozen=True)
class RunConfig:
    """What identifies a batch of games (all but how many, where and on what they run).

    ``bots`` is the line-up, one spec per seat (a shorter list is repeated to fill the seats);
    game ``i`` shifts it by ``i`` seats.  ``options`` are resolved against the game when the
    config is made by :meth:`make`.  ``eval_every`` samples the game's heuristic evaluation every
    so many decisions for the drama and decisiveness metrics (0: never).  ``max_decisions`` ends a
    game that runs away (0: four times the game's ``max_game_length``); such a game is a timeout.

    ``deal_every`` games share a deal (duplicate play: game ``i`` is dealt by
    ``game_seed(seed, i // deal_every)``, and the line-up turns by one seat from game to game, so
    with ``deal_every`` equal to the number of seats every bot plays the same deal from every
    seat).  ``seat_stats`` adds per seat the return, the number of decisions and the CPU seconds
    its bot spent choosing (``return_s``, ``moves_s``, ``cpu_s``; the arena reads them; the CPU
    time is a measurement, so such rows differ from run to run in that column only).
    """

    game: str
    players: int
    bots: tuple[str, ...] = ("random",)
    seed: int = 0
    options: GivenOptions = field(default_factory=dict)
    record_moves: bool = True
    eval_every: int = 8
    max_decisions: int = 0
    version: int = 0
    deal_every: int = 1
    seat_stats: bool = False

    @classmethod
    def make(
        cls,
        game: str,
        players: int,
        bots: Sequence[str] = ("random",),
        seed: int = 0,
        options: GivenOptions | None = None,
        **settings: Unpack[RunSettings],
    ) -> RunConfig:
        """A config checked against the game: known game, allowed player count, valid options."""
        g = load_game(game)
        opts = g.resolve_options(options or {})
        g.check_players(players, opts)
        bots = tuple(bots) or ("random",)
        if len(bots) > players:
            raise ValueError(f"{len(bots)} bots named for {players} seats")
        from gametable.bots import make_bot

        for spec in set(bots):
            make_bot(spec, seed=0)  # a bad spec fails here, not in a worker
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, not {seed!r}")
        return cls(g.name, players, bots, seed, dict(opts), version=g.version, **settings)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["bots"] = list(self.bots)
        data["options"] = dict(self.options)
        for name, default in _LATER_FIELDS.items():  # runs made before they existed still resume
            if data[name] == default:
                del data[name]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunConfig:
        data = dict(data)
        data["bots"] = tuple(data.get("bots", ("random",)))
        data["options"] = dict(data.get("options", {}))
        return cls(**data)


#: fields added after runs were first stored, left out of the JSON form at their defaults
_LATER_FIELDS: dict[str, object] = {"deal_every": 1, "seat_stats": False}


# -- seeds and seats ------------------------------------------------------------------------------
def derive_seed(seed: int, *keys: int) -> int:
    """A 63-bit seed derived from ``seed`` and ``keys`` by SplitMix64 (well spread, stable).

    >>> derive_seed(1, 0) != derive_seed(1, 1) != derive_seed(2, 0)
    True
    """
    state = seed
    for key in keys:
        rng = Rng(state ^ ((key + 1) * 0x9E3779B97F4A7C15))
        rng.next64()
        state = rng.next64()
    return state & _MASK63


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: a function of the run's seed and the index only."""
    return derive_seed(run_seed, index)


def bot_seed(run_seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in game ``index``."""
    return derive_seed(run_seed, index, 1_000_003 + seat)


def lineup(bots: Sequence[str], players: int) -> list[str]:
    """One bot spec per line-up position: the named bots, repeated to fill the seats."""
    return [bots[p % len(bots)] for p in range(players)]


def seat_bots(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bot spec in each seat of game ``index``: line-up position ``p`` sits in seat
    ``(p + index) % players``, so every position plays every seat equally often.

    >>> seat_bots(["a", "b", "c"], 3, 1)
    ['c', 'a', 'b']
    """
    order = lineup(bots, players)
    return [order[(s - index) % players] for s in range(players)]


# -- playing ----------------------------------------------------------------------------------------
def _evaluator(game: Game) -> Callable[[State], Sequence[float]] | None:
    """The game's heuristic evaluation (a value per seat in [0, 1]), if the bots have one."""
    from gametable.bots.heuristics import heuristic_for

    return heuristic_for(game.name).evaluate


def drama_and_decisiveness(
    evaluations: Sequence[tuple[int, Sequence[float]]], winners: Sequence[int], decisions: int
) -> tuple[float | None, float | None]:
    """Ludii's drama and decisiveness of one game from sampled evaluations.

    ``evaluations`` are ``(decision number, value per seat)`` before that decision.  Drama: the
    mean, over the samples, of how far the winners' value lies below the best value.
    Decisiveness: the fraction of the game played before a winner's value first exceeds the
    highest value any eventual loser ever reached (1 when that never happens).

    >>> drama_and_decisiveness([(0, [0.5, 0.5]), (4, [0.8, 0.2]), (8, [0.3, 0.9])], [1], 10)
    (0.2, 0.8)
    """
    if not evaluations or not winners or decisions <= 0:
        return None, None
    losers = [s for s in range(len(evaluations[0][1])) if s not in winners]
    drama = sum(max(v) - sum(v[w] for w in winners) / len(winners) for _d, v in evaluations)
    drama /= len(evaluations)
    threshold = max((v[s] for _d, v in evaluations for s in losers), default=0.0)
    decided = decisions
    for number, values in evaluations:
        if any(values[w] > threshold for w in winners):
            decided = number
            break
    return round(drama, 12), round(decided / decisions, 12)


def play_game(config: RunConfig, index: int) -> dict[str, Any]:
    """Play game ``index`` of the run and return its row (see :mod:`gametable.simulate`)."""
    game = load_game(config.game)
    if not config.version:
        config = replace(config, version=game.version)
    elif config.version != game.version:
        raise ValueError(
            f"this run was made with {config.game} version {config.version}; "
            f"this gametable has version {game.version}"
        )
    specs = seat_bots(config.bots, config.players, index)
    seeds = [bot_seed(config.seed, index, s) for s in range(config.players)]
    cap = config.max_decisions or 4 * game.max_game_length(config.players, config.options)
    deal = game_seed(config.seed, index // max(1, config.deal_every))
    return _play(config, game, index, deal, specs, seeds, cap)


def _play(
    config: RunConfig,
    game: Game,
    index: int,
    seed: int,
    specs: Sequence[str],
    seeds: Sequence[int],
    cap: int,
) -> dict[str, Any]:
    """Play one game with these seats and seeds (at most ``cap`` decisions) into its row."""
    bots = [make_bot(spec, seed=bs) for spec, bs in zip(specs, seeds, strict=True)]
    state = game.new_game(config.players, seed=seed, options=config.options)
    first_seat = state.to_move[0] if state.to_move else 0
    evaluate = _evaluator(game) if config.eval_every > 0 else None
    evaluations: list[tuple[int, Sequence[float]]] = []
    moves: list[tuple[int, str]] = []
    legal_total = 0
    decisions = 0
    cpu = [0.0] * config.players
    made = [0] * config.players
    while not state.is_over and decisions < cap:
        seat = state.to_move[0]
        if evaluate is not None and decisions % config.eval_every == 0:
            try:
                evaluations.append((decisions, tuple(float(x) for x in evaluate(state))))
            except Exception:  # an unfinished heuristic: no drama for this game
                evaluate, evaluations = None, []
        legal_total += len(state.legal_actions(seat))
        start = time.process_time()
        action = bots[seat].act(state, seat)
        cpu[seat] += time.process_time() - start
        made[seat] += 1
        state.apply(action, seat)
        decisions += 1
        if config.record_moves:
            moves.append((seat, str(action)))
    row = _row(
        config,
        index,
        seed,
        specs,
        seeds,
        state,
        first_seat,
        decisions,
        legal_total,
        evaluations,
        moves,
    )
    if config.seat_stats:
        returns = state.returns() if state.is_over else [0.5] * config.players
        for s in range(config.players):
            row[f"return_{s}"] = float(returns[s])
            row[f"moves_{s}"] = made[s]
            row[f"cpu_{s}"] = cpu[s]
    return row


def _row(
    config: RunConfig,
    index: int,
    seed: int,
    specs: Sequence[str],
    seeds: Sequence[int],
    state: State,
    first_seat: int,
    decisions: int,
    legal_total: int,
    evaluations: Sequence[tuple[int, Sequence[float]]],
    moves: list[tuple[int, str]],
) -> dict[str, Any]:
    outcome = state.outcome
    n = config.players
    winners = list(outcome.winners) if outcome is not None else []
    events = state.event_counts()
    drama, decisiveness = drama_and_decisiveness(evaluations, winners, decisions)
    row: dict[str, Any] = {
        "game_index": index,
        "game": config.game,
        "version": config.version,
        "players": n,
        "seed": seed,
        "options": json.dumps(dict(config.options), sort_keys=True),
        "rotation": index % n,
        "first_seat": first_seat,
        "winners": json.dumps(winners),
        "n_winners": len(winners),
        "draw": outcome is not None and len(winners) == n,
        "timeout": outcome is None,
        "reason": outcome.reason if outcome is not None else "decision cap reached",
        "rounds": int(events["rounds"]) if "rounds" in events else None,
        "decisions": decisions,
        "mean_branching": legal_total / decisions if decisions else None,
        "drama": drama,
        "decisiveness": decisiveness,
        "eval_every": config.eval_every,
    }
    for s in range(n):
        row[f"seat_{s}_bot"] = specs[s]
        row[f"seat_{s}_bot_seed"] = seeds[s]
    for s in range(n):
        row[f"score_{s}"] = float(outcome.scores[s]) if outcome is not None else None
        row[f"rank_{s}"] = int(outcome.ranking[s]) if outcome is not None else None
    for key in sorted(events):
        if key != "rounds":
            row[EVENT_PREFIX + key] = int(events[key])
    if config.record_moves:
        meta = {"game_index": index, "bots": list(specs), "bot_seeds": list(seeds)}
        record = Record(config.game, config.version, n, seed, dict(config.options), moves, meta)
        row["record"] = json.dumps(record.to_json(), separators=(",", ":"), sort_keys=True)
    return row


def play_chunk(config: RunConfig | Mapping[str, Any], start: int, stop: int) -> list[dict]:
    """Rows of games ``start`` to ``stop - 1`` (the unit of work sent to a process or Ray task)."""
    if not isinstance(config, RunConfig):
        config = RunConfig.from_json(config)
    rows = []
    for index in range(start, stop):
        try:
            rows.append(play_game(config, index))
        except Exception as exc:  # re-raised with the game's seed and bots, so it can be replayed
            raise GameFailed(
                f"game {index} of the run ({config.game}, "
                f"seed {game_seed(config.seed, index // max(1, config.deal_every))}, "
                f"bots {seat_bots(config.bots, config.players, index)}) failed: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
    return rows


class GameFailed(RuntimeError):
    """A game of a run raised an error (a bug in a game or a bot); names the game to replay it."""


def replay_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """Play the game of ``row`` again from its stored seed, options, bots and bot seeds.

    Returns the new row; it equals the stored one for reproducible games and bots.
    """
    n = int(row["players"])
    config = RunConfig(
        game=row["game"],
        players=n,
        bots=tuple(row[f"seat_{s}_bot"] for s in range(n)),
        options=json.loads(row["options"]),
        record_moves="record" in row,
        eval_every=int(row["eval_every"]),
        version=int(row["version"]),
    )
    game = load_game(config.game)
    if game.version != config.version:
        raise ValueError(
            f"this row was played with {config.game} version {config.version}; "
            f"this gametable has version {game.version}"
        )
    seeds = [int(row[f"seat_{s}_bot_seed"]) for s in range(n)]
    cap = (
        int(row["decisions"]) if row.get("timeout") else 4 * game.max_game_length(n, config.options)
    )
    cap = max(cap, int(row["decisions"]))
    return _play(config, game, int(row["game_index"]), int(row["seed"]), config.bots, seeds, cap)
