"""The statistics of the simulation report and of the arena (one module for both).

* :func:`wilson`: a rate with its Wilson score interval (the only one in gametable);
* :func:`t_interval`: a mean with its Student t interval (the spread of the values themselves,
  for results that take more values than a win or a loss); :func:`t_critical` its quantile;
* :func:`seat_returns`: one bot's returns over games of any number of seats: its mean with both
  intervals, its excess over the table's mean return, its first and last places beside the
  even share of them;
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


def _t_within(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` (a whole number >= 1) degrees of freedom.

    The closed form for whole degrees of freedom (Abramowitz and Stegun 26.7.3 and 26.7.4), with
    ``theta = atan(t / sqrt(df))``: a finite sum of powers of ``cos(theta)``.
    """
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2 == 1:
        term, total = math.cos(theta), 0.0
        if df > 1:
            total = term
            for k in range(1, (df - 3) // 2 + 1):
                term *= c2 * (2 * k) / (2 * k + 1)
                total += term
        return 2 / math.pi * (theta + math.sin(theta) * total)
    term = total = 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return math.sin(theta) * total


def t_critical(df: int, level: float = 0.95) -> float:
    """The ``t`` with ``P(|T| <= t) = level`` for Student's t with ``df`` degrees of freedom:
    the half-width of a ``level`` interval in standard errors (1.96 as ``df`` grows).

    >>> round(t_critical(1), 4), round(t_critical(9), 4), round(t_critical(99), 4)
    (12.7062, 2.2622, 1.9842)
    """
    if df < 1 or df != int(df):
        raise ValueError(f"degrees of freedom must be a whole number >= 1, not {df}")
    if not 0 < level < 1:
        raise ValueError(f"the level must lie between 0 and 1, not {level}")
    low, high = 0.0, 1.0
    while _t_within(high, int(df)) < level:
        high *= 2
    for _ in range(200):  # bisection to the last bit
        mid = (low + high) / 2
        if mid in (low, high):
            break
        if _t_within(mid, int(df)) < level:
            low = mid
        else:
            high = mid
    return high


def t_interval(values: Sequence[float], level: float = 0.95) -> Interval:
    """The mean of ``values`` with its Student t interval: ``mean +- t * sd / sqrt(n)``, with the
    sample standard deviation ``sd`` and ``n - 1`` degrees of freedom.

    Unlike :func:`wilson` it reads the spread from the values, so it fits a mean of results that
    take several values (a return of 1, 2/3, 1/3 or 0), and it is not bounded to [0, 1].  With
    no value the mean is unknown (``nan``); with fewer than two the interval is unbounded.

    >>> t_interval([0.0, 0.5, 1.0, 1.0]).rounded(4)
    Interval(rate=0.625, low=-0.1367, high=1.3867)
    """
    n = len(values)
    if n == 0:
        return Interval(math.nan, -math.inf, math.inf)
    mean = statistics.fmean(values)
    if n == 1:
        return Interval(mean, -math.inf, math.inf)
    half = t_critical(n - 1, level) * statistics.stdev(values) / math.sqrt(n)
    return Interval(mean, mean - half, mean + half)


def _share_of(places: int, seats: int, held: int) -> float:
    """The chance that ``held`` seats drawn at random from ``seats`` include at least one of
    ``places`` given seats (a first or a last place shared by ``places`` seats)."""
    return 1 - math.comb(seats - places, held) / math.comb(seats, held)


@dataclass(frozen=True)
class SeatReturns:
    """One bot's returns over a set of games (:func:`seat_returns`)."""

    games: int
    wilson: Interval  # its mean return (``rate``) with the Wilson interval (a draw as a half win)
    t: Interval  # the same mean with the t interval of the games' returns
    table_mean: float  # the mean over games of the table's mean return: its even share
    excess: Interval  # its return minus the table's mean, game by game, with the t interval
    firsts: int  # games it finished first in (shared first places count)
    firsts_even: float  # the firsts an even seat would take in these games
    lasts: int  # games it finished last in (shared last places count)
    lasts_even: float

    @property
    def mean(self) -> float:
        return self.wilson.rate


def seat_returns(
    games: Iterable[tuple[Sequence[int], Sequence[float]]], bot: int = 0
) -> SeatReturns:
    """The statistics of bot ``bot`` over ``games``, each given as the bot of every seat and the
    return of every seat (1 first, 0 last: the arena's ``MatchResult.seats`` and ``returns``).

    The bot's return in a game is the mean return of the seats it held.  Its *excess* in a game
    is that return minus the mean of all the seats' returns (the table's mean, which is what an
    even seat gets on average: 1/2 in most games, less where seats share a last place).  A first
    (last) place is one of its seats at the highest (lowest) return, shared or not; the even
    share of them is the chance that as many seats drawn at random would hold one.

    >>> s = seat_returns([((0, 1, 2), (1.0, 0.5, 0.0)), ((1, 2, 0), (1.0, 0.0, 0.0))])
    >>> s.mean, round(s.table_mean, 4), round(s.excess.rate, 4), s.firsts, s.lasts
    (0.5, 0.4167, 0.0833, 1, 1)
    >>> round(s.firsts_even, 4), round(s.lasts_even, 4)  # 1/3 + 1/3; 1/3 + 2/3 (a shared last)
    (0.6667, 1.0)
    """
    mine: list[float] = []
    excess: list[float] = []
    tables: list[float] = []
    firsts = lasts = 0
    firsts_even = lasts_even = 0.0
    for seats, returns in games:
        if len(seats) != len(returns) or not returns:
            raise ValueError(f"a game needs a return for each of its seats: {seats} {returns}")
        held = [r for b, r in zip(seats, returns, strict=True) if b == bot]
        if not held:
            raise ValueError(f"bot {bot} holds no seat in the game {seats}")
        value = sum(held) / len(held)
        table = sum(returns) / len(returns)
        mine.append(value)
        tables.append(table)
        excess.append(value - table)
        best, worst = max(returns), min(returns)
        firsts += best in held
        lasts += worst in held
        firsts_even += _share_of(returns.count(best), len(returns), len(held))
        lasts_even += _share_of(returns.count(worst), len(returns), len(held))
    n = len(mine)
    return SeatReturns(
        games=n,
        wilson=wilson(sum(mine), n),
        t=t_interval(mine),
        table_mean=statistics.fmean(tables) if tables else math.nan,
        excess=t_interval(excess),
        firsts=firsts,
        firsts_even=firsts_even,
        lasts=lasts,
        lasts_even=lasts_even,
    )


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


# A row is a record read back from the run's store (columns named per seat, values of any
# game's JSON): it stays ``Mapping[str, Any]``, the store being the wire's edge.
def winners_of(row: Mapping[str, Any]) -> list[int]:
    value = row["winners"]
    return list(json.loads(value)) if isinstance(value, str) else list(value or [])


def _mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


@dataclass
class Tally:
    """The wins counted over a run's finished games."""

    wins: list[int]  # by seat
    order_wins: list[int]  # by place in the turn order of the first decision
    first_wins: int  # games the first mover won
    draws: int  # games every seat won
    bot_seen: dict[str, int]  # seat-games by bot spec
    bot_wins: dict[str, int]  # seat-games won by bot spec

    @classmethod
    def of(cls, finished: Sequence[Mapping[str, Any]], n: int) -> Tally:
        tally = cls([0] * n, [0] * n, 0, 0, {}, {})
        for r in finished:
            tally.add(r, n)
        return tally

    def add(self, row: Mapping[str, Any], n: int) -> None:
        ws = winners_of(row)
        first = int(row["first_seat"])
        self.draws += len(ws) == n
        for s in ws:
            self.wins[s] += 1
            self.order_wins[(s - first) % n] += 1
        self.first_wins += first in ws
        for s in range(n):
            spec = row[f"seat_{s}_bot"]
            self.bot_seen[spec] = self.bot_seen.get(spec, 0) + 1
            self.bot_wins[spec] = self.bot_wins.get(spec, 0) + (s in ws)


def summarize(rows: Sequence[Mapping[str, Any]]) -> Summary:
    """The win rates, metrics and distributions of one run's rows."""
    if not rows:
        raise ValueError("no games to summarise")
    n = int(rows[0]["players"])
    finished = [r for r in rows if not r["timeout"]]
    total = len(finished)
    tally = Tally.of(finished, n)
    seat_rates = [RateCI.of(f"seat {s}", tally.wins[s], total) for s in range(n)]
    order_rates = [
        RateCI.of("first" if k == 0 else f"first + {k}", tally.order_wins[k], total)
        for k in range(n)
    ]
    bot_rates = [RateCI.of(b, tally.bot_wins[b], tally.bot_seen[b]) for b in sorted(tally.bot_seen)]
    first_mover = RateCI.of("first mover", tally.first_wins, total)
    decisions = [int(r["decisions"]) for r in rows]
    rounds = [int(r["rounds"]) for r in rows if r.get("rounds") is not None]
    return Summary(
        games=len(rows),
        players=n,
        finished=total,
        seat_rates=seat_rates,
        order_rates=order_rates,
        bot_rates=bot_rates,
        first_mover=first_mover,
        metrics=balance_metrics(rows, finished, tally, seat_rates, first_mover, decisions, rounds),
        decisions=decisions,
        rounds=rounds,
        scores=[[float(r[f"score_{s}"]) for r in finished] for s in range(n)],
        events=event_summary(rows),
    )


def balance_metrics(
    rows: Sequence[Mapping[str, Any]],
    finished: Sequence[Mapping[str, Any]],
    tally: Tally,
    seat_rates: Sequence[RateCI],
    first_mover: RateCI,
    decisions: Sequence[int],
    rounds: Sequence[int],
) -> dict[str, float | None]:
    """The Ludii metrics of a run (:data:`METRIC_DOCS`) from its rows, its finished rows and
    what :func:`summarize` drew from them; ``None`` where no game tells."""
    total = len(finished)
    rates = [c.rate for c in seat_rates] if total else []
    legal = sum(
        r["mean_branching"] * r["decisions"] for r in rows if r["mean_branching"] is not None
    )
    dramas = [r["drama"] for r in finished if r.get("drama") is not None]
    decisive = [r["decisiveness"] for r in finished if r.get("decisiveness") is not None]
    return {
        "balance": 1 - max(abs(a - b) for a in rates for b in rates) if rates else None,
        "drawishness": tally.draws / total if total else None,
        "timeouts": (len(rows) - total) / len(rows),
        "duration": _mean(decisions),
        "duration_rounds": _mean(rounds),
        "branching_factor": legal / sum(decisions) if sum(decisions) else None,
        "first_mover_advantage": first_mover.rate - statistics.fmean(rates) if rates else None,
        "decisiveness": _mean(decisive),
        "drama": _mean(dramas),
    }


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
