"""The statistics of the simulation report and of the arena (one module for both).

* :func:`wilson`: a rate with its Wilson score interval (the only one in gametable);
* :func:`rate_bots`: Plackett-Luce ratings of bots over games of any number of seats
  (``openskill``), each with a 95% interval;
* :func:`summarize`: balance statistics over a run's rows, following the definitions of the Ludii
  general game system's evaluation metrics (Balance, Drawishness, Timeouts, Duration, Branching
  Factor, Decisiveness, Drama, Advantage P1), re-implemented here over our rows;
  :data:`METRIC_DOCS` states each formula as the report shows it.

>>> wilson(5, 10).rounded()
Interval(rate=0.5, low=0.2366, high=0.7634)
>>> wilson(0, 0)
Interval(rate=nan, low=0.0, high=1.0)
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from openskill.models import PlackettLuce

from gametable.simulate.play import EVENT_PREFIX

Z95 = 1.959963984540054

METRIC_DOCS: dict[str, str] = {
    "balance": "1 − max over seat pairs (a, b) of |w(a) − w(b)|, where w(s) is the fraction of "
    "games seat s won (shared wins count). 1 = every seat wins equally often (Ludii Balance).",
    "drawishness": "fraction of finished games in which every seat shares first place (no "
    "decision cap reached) (Ludii Drawishness).",
    "timeouts": "fraction of games stopped by the decision cap without a result (Ludii Timeouts).",
    "duration": "mean number of decisions (applied actions) per game (Ludii Duration, in moves).",
    "duration_rounds": "mean number of rounds per game, from the game's 'rounds' event counter "
    "(Ludii Duration, in rounds where the game has them).",
    "branching_factor": "Σ legal actions over all decisions / number of decisions, over all "
    "games: the mean number of choices a seat had (Ludii Branching Factor).",
    "first_mover_advantage": "w(first mover) − mean over seats of w(s): how much more often the "
    "seat that decides first wins than the average seat (Ludii Advantage P1, relative).",
    "decisiveness": "per game, with v_s(t) the heuristic evaluation of seat s before decision t "
    "(sampled every few decisions) and T the highest value any eventual loser ever reached: "
    "(first t where a winner's v exceeds T) / decisions (1 if never); mean over games. Low = the "
    "winner is clear early (Ludii Decisiveness).",
    "drama": "per game, mean over sampled states of (max_s v_s(t) − mean over winners w of "
    "v_w(t)): how far behind the eventual winners looked; mean over games. 0 = the winner always "
    "led (Ludii Drama, average).",
}


class Interval(NamedTuple):
    """A rate (``nan`` without any trial) and the bounds of its confidence interval."""

    rate: float
    low: float
    high: float

    def rounded(self, digits: int = 4) -> Interval:
        return Interval(*(round(x, digits) for x in self))


def wilson(successes: float, n: int, z: float = Z95) -> Interval:
    """The rate ``successes / n`` with its Wilson score interval (95% by default).

    ``successes`` may be fractional (a draw counts as half a win).  Without trials (``n == 0``)
    the rate is unknown (``nan``) and the interval is all of [0, 1].

    >>> wilson(60, 100).rounded(3)
    Interval(rate=0.6, low=0.502, high=0.691)
    """
    if n <= 0:
        return Interval(math.nan, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact at the ends
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return Interval(p, low, high)


@dataclass(frozen=True)
class Rating:
    """A Plackett-Luce skill estimate: mean ``mu`` and standard deviation ``sigma`` (openskill's
    scale: a newcomer is 25 +- 8.3); ``low``/``high`` bound its 95% interval."""

    mu: float
    sigma: float

    @property
    def low(self) -> float:
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z95 * self.sigma


def rate_bots(count: int, games: Iterable[Mapping[int, float]]) -> list[Rating]:
    """Plackett-Luce ratings of ``count`` bots from games in the order given.

    Each game maps the bots that played it to their result in it (higher is better, e.g. the mean
    return of the bot's seats); bots with equal results share a place.  Any number of bots may
    meet in a game, which is what a rating from pairwise results cannot model.

    >>> a, b = rate_bots(2, [{0: 1.0, 1: 0.0}] * 20)
    >>> a.mu > 25 > b.mu and a.low > b.high
    True
    """
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(count)]
    for result in games:
        bots = sorted(result)
        if len(bots) < 2:
            continue
        # openskill takes places (1 first, equal results share one), not the results themselves
        ranks = [1.0 + sum(result[o] > result[b] for o in bots) for b in bots]
        updated = model.rate([[ratings[b]] for b in bots], ranks=ranks)
        for b, (new,) in zip(bots, updated, strict=True):
            ratings[b] = new
    return [Rating(r.mu, r.sigma) for r in ratings]


@dataclass
class RateCI:
    label: str
    wins: int
    n: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, label: str, wins: int, n: int) -> RateCI:
        return cls(label, wins, n, *wilson(wins, n).rounded())


@dataclass
class Summary:
    """Everything the report shows about one run."""

    games: int
    players: int
    finished: int
    seat_rates: list[RateCI]
    order_rates: list[RateCI]
    bot_rates: list[RateCI]
    first_mover: RateCI
    metrics: dict[str, float | None]
    decisions: list[int]
    rounds: list[int]
    scores: list[list[float]]
    events: dict[str, dict[str, float]] = field(default_factory=dict)


def winners_of(row: Mapping[str, Any]) -> list[int]:
    value = row["winners"]
    return list(json.loads(value)) if isinstance(value, str) else list(value or [])


def _mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


def summarize(rows: Sequence[Mapping[str, Any]]) -> Summary:
    """The win rates, metrics and distributions of one run's rows."""
    if not rows:
        raise ValueError("no games to summarise")
    n = int(rows[0]["players"])
    finished = [r for r in rows if not r["timeout"]]
    total = len(finished)
    wins = [0] * n
    order_wins = [0] * n
    first_wins = 0
    bot_seen: dict[str, int] = {}
    bot_wins: dict[str, int] = {}
    draws = 0
    for r in finished:
        ws = winners_of(r)
        first = int(r["first_seat"])
        draws += len(ws) == n
        for s in ws:
            wins[s] += 1
            order_wins[(s - first) % n] += 1
        first_wins += first in ws
        for s in range(n):
            spec = r[f"seat_{s}_bot"]
            bot_seen[spec] = bot_seen.get(spec, 0) + 1
            bot_wins[spec] = bot_wins.get(spec, 0) + (s in ws)
    seat_rates = [RateCI.of(f"seat {s}", wins[s], total) for s in range(n)]
    order_rates = [
        RateCI.of("first" if k == 0 else f"first + {k}", order_wins[k], total) for k in range(n)
    ]
    bot_rates = [RateCI.of(b, bot_wins[b], bot_seen[b]) for b in sorted(bot_seen)]
    rates = [c.rate for c in seat_rates] if total else []
    first_mover = RateCI.of("first mover", first_wins, total)
    decisions = [int(r["decisions"]) for r in rows]
    rounds = [int(r["rounds"]) for r in rows if r.get("rounds") is not None]
    legal = sum(
        r["mean_branching"] * r["decisions"] for r in rows if r["mean_branching"] is not None
    )
    dramas = [r["drama"] for r in finished if r.get("drama") is not None]
    decisive = [r["decisiveness"] for r in finished if r.get("decisiveness") is not None]
    metrics: dict[str, float | None] = {
        "balance": 1 - max(abs(a - b) for a in rates for b in rates) if rates else None,
        "drawishness": draws / total if total else None,
        "timeouts": (len(rows) - total) / len(rows),
        "duration": _mean(decisions),
        "duration_rounds": _mean(rounds),
        "branching_factor": legal / sum(decisions) if sum(decisions) else None,
        "first_mover_advantage": first_mover.rate - statistics.fmean(rates) if rates else None,
        "decisiveness": _mean(decisive),
        "drama": _mean(dramas),
    }
    scores = [[float(r[f"score_{s}"]) for r in finished] for s in range(n)]
    return Summary(
        games=len(rows),
        players=n,
        finished=total,
        seat_rates=seat_rates,
        order_rates=order_rates,
        bot_rates=bot_rates,
        first_mover=first_mover,
        metrics=metrics,
        decisions=decisions,
        rounds=rounds,
        scores=scores,
        events=event_summary(rows),
    )


def event_summary(rows: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, float]]:
    """Per event counter: mean, sd, min, median, max per game, share of games with one, per round."""
    keys = sorted({k for r in rows for k in r if k.startswith(EVENT_PREFIX)})
    out: dict[str, dict[str, float]] = {}
    rounds = sum(int(r["rounds"]) for r in rows if r.get("rounds") is not None)
    for key in keys:
        values = [int(r[key]) for r in rows if r.get(key) is not None]
        if not values:
            continue
        out[key[len(EVENT_PREFIX) :]] = {
            "mean": statistics.fmean(values),
            "sd": statistics.pstdev(values),
            "min": min(values),
            "median": statistics.median(values),
            "max": max(values),
            "games_with": sum(v > 0 for v in values) / len(values),
            "per_round": sum(values) / rounds if rounds else math.nan,
        }
    return out
