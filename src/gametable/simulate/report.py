"""A self-contained HTML balance report of one run or of a sweep of runs.

Plots are drawn with matplotlib's Agg backend and embedded as base64 PNG, so the page is one
file that opens anywhere.  Sections (each with an ``id``): ``summary``, ``win-rate``,
``first-player``, ``bots`` (when bots differ), ``lineups`` (when the games seat the bots in more
than one way: a warning, and the per-seat figures split by line-up), ``length``, ``scores``,
``metrics``, ``events``, and ``comparison`` for a sweep (runs that differ by an option, players
or bots).
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gametable.simulate.stats import METRIC_DOCS, RateCI, Summary, summarize
from gametable.simulate.store import RunStore, find_runs

METRIC_NAMES = {
    "balance": "Balance",
    "drawishness": "Drawishness",
    "timeouts": "Timeouts",
    "duration": "Duration (decisions)",
    "duration_rounds": "Duration (rounds)",
    "branching_factor": "Branching factor",
    "first_mover_advantage": "First-mover advantage",
    "decisiveness": "Decisiveness",
    "drama": "Drama",
}

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
h1 { border-bottom: 2px solid #345; } h2 { margin-top: 2em; color: #345; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th { background: #eef; } td.l, th.l { text-align: left; }
img { max-width: 100%; } .note { color: #555; font-size: 0.9em; }
.warning { background: #fff4d6; border-left: 4px solid #d9a400; padding: 0.5em 0.8em; }
nav a { margin-right: 1em; }
"""


def _plt() -> Any:
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - matplotlib is a dependency of the simulate extra
        raise RuntimeError("reports need matplotlib: pip install 'gametable[sim]'") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> str:
    """The figure as an ``<img>`` with its PNG inline."""
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=90)
    _plt().close(fig)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _fmt(value: Any, digits: int = 3) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return html.escape(str(value))


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]], left: int = 1) -> str:
    head = "".join(
        f'<th class="{"l" if i < left else ""}">{html.escape(h)}</th>'
        for i, h in enumerate(headers)
    )
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="{"l" if i < left else ""}">{_fmt(v)}</td>' for i, v in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


# -- plots --------------------------------------------------------------------------------------
def _rate_plot(rates: Sequence[RateCI], title: str, baseline: float | None = None) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(max(4, 0.9 * len(rates) + 2), 3.2))
    xs = range(len(rates))
    values = [0 if math.isnan(r.rate) else r.rate for r in rates]
    errors = [
        [v - r.low for v, r in zip(values, rates, strict=True)],
        [r.high - v for v, r in zip(values, rates, strict=True)],
    ]
    ax.bar(xs, values, yerr=errors, capsize=4, color="#5a8fc7")
    if baseline is not None:
        ax.axhline(baseline, color="#c55", linestyle="--", label=f"even share {baseline:.2f}")
        ax.legend(loc="upper right", fontsize=8)
    ax.set_xticks(list(xs), [r.label for r in rates], rotation=0 if len(rates) < 7 else 45)
    ax.set_ylabel("win rate (95% Wilson CI)")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    return _png(fig)


def whole_bins(values: Sequence[float]) -> list[float]:
    """Histogram bins for counts: one bin per whole number, centred on it (at most 60 bins;
    beyond that, bins of a whole width).

    >>> whole_bins([9, 11, 11, 12])
    [8.5, 9.5, 10.5, 11.5, 12.5]
    """
    low, high = math.floor(min(values)), math.ceil(max(values))
    step = max(1, math.ceil((high - low + 1) / 60))
    return [low - 0.5 + step * k for k in range((high - low) // step + 2)]


def _hist(values: Sequence[float], title: str, xlabel: str) -> str:
    """A histogram of counts (decisions, rounds): whole-number bins."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(5.5, 3.2))
    bins = whole_bins(values)
    ax.hist(values, bins=bins, color="#6a9f5a")
    if len(bins) <= 21:  # a tick under every bar
        ax.set_xticks([round(b + 0.5) for b in bins[:-1]])
    else:
        ax.xaxis.set_major_locator(_plt().MaxNLocator(integer=True))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    return _png(fig)


def _score_plot(summary: Summary) -> str:
    plt = _plt()
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.4))
    labels = [f"seat {s}" for s in range(summary.players)]
    left.boxplot(summary.scores, tick_labels=labels)
    left.set_title("final score per seat")
    for s, values in enumerate(summary.scores):
        right.hist(values, bins=30, alpha=0.5, label=labels[s])
    right.set_title("final score distribution")
    right.set_xlabel("score")
    right.legend(fontsize=8)
    return _png(fig)


def _event_plot(events: dict[str, dict[str, float]]) -> str:
    """Horizontal bars, the most frequent event on top, one label a row (labels never
    overlap however many events a game counts)."""
    plt = _plt()
    names = sorted(events, key=lambda k: events[k]["mean"])
    fig, ax = plt.subplots(figsize=(7.5, max(2.4, 0.32 * len(names) + 1.2)))
    ax.barh(
        range(len(names)),
        [events[k]["mean"] for k in names],
        xerr=[events[k]["sd"] for k in names],
        capsize=2,
        color="#b88a3a",
    )
    ax.set_yticks(range(len(names)), names, fontsize=8)
    ax.set_xlabel("per game (mean ± sd)")
    ax.set_title("event counts")
    return _png(fig)


# -- one run ------------------------------------------------------------------------------------
def _title(meta: dict[str, Any]) -> str:
    c = meta["config"]
    return f"{c['game']} — {c['players']} players — bots {', '.join(c['bots'])}"


def run_sections(
    summary: Summary,
    meta: dict[str, Any],
    anchor: str = "",
    rows: Sequence[Mapping[str, Any]] = (),
) -> str:
    """The HTML sections of one run (ids prefixed by ``anchor`` when several runs share a page);
    its ``rows`` give the split by line-up when they seat the bots in more than one way."""
    parts = [
        *_summary_section(summary, meta, anchor),
        *_lineup_section(rows, anchor),
        *_seat_sections(summary, anchor),
        *_bot_section(summary, anchor),
        *_length_section(summary, anchor),
        *_score_section(summary, anchor),
        f'<h2 id="{anchor}metrics">Balance metrics (Ludii)</h2>',
        _metrics_table(summary),
        *_event_section(summary, anchor),
    ]
    return "\n".join(parts)


def _rate_rows(rates: Sequence[RateCI]) -> list[list[Any]]:
    return [[r.label, r.wins, r.n, r.rate, r.low, r.high] for r in rates]


def _summary_section(summary: Summary, meta: dict[str, Any], anchor: str) -> list[str]:
    c = meta["config"]
    return [
        f'<h2 id="{anchor}summary">Summary</h2>',
        _table(
            ["", ""],
            [
                ["game", f"{c['game']} (version {c['version']})"],
                ["players", summary.players],
                ["bots (line-up, rotating one seat per game)", ", ".join(c["bots"])],
                ["options", json.dumps(c["options"], sort_keys=True)],
                ["run seed", c["seed"]],
                ["games", summary.games],
                ["finished (not timed out)", summary.finished],
            ],
        ),
    ]


def _seat_sections(summary: Summary, anchor: str) -> list[str]:
    """Win rates per seat and by place in the turn order (the first-player advantage)."""
    even = statistics_even(summary)
    first = summary.first_mover
    return [
        f'<h2 id="{anchor}win-rate">Win rate per seat</h2>',
        '<p class="note">A seat wins when it is ranked first (tied first places all win). '
        "Bars show 95% Wilson score intervals; the dashed line is each seat's even share.</p>",
        _rate_plot(summary.seat_rates, "win rate per seat", even),
        _table(
            ["seat", "wins", "games", "win rate", "95% low", "95% high"],
            _rate_rows(summary.seat_rates),
        ),
        f'<h2 id="{anchor}first-player">First-player advantage</h2>',
        '<p class="note">Seats by their place in the turn order of the first decision '
        "(first mover, the next one clockwise, ...).</p>",
        _rate_plot(summary.order_rates, "win rate by turn order", even),
        _table(
            ["turn order", "wins", "games", "win rate", "95% low", "95% high"],
            _rate_rows(summary.order_rates),
        ),
        f"<p>First-mover advantage: <b>{_fmt(summary.metrics['first_mover_advantage'])}</b> "
        f"(first mover wins {_fmt(first.rate)}, 95% CI "
        f"{_fmt(first.low)}–{_fmt(first.high)}).</p>",
    ]


def _bot_section(summary: Summary, anchor: str) -> list[str]:
    """Win rates per bot, when the run has more than one."""
    if len(summary.bot_rates) <= 1:
        return []
    return [
        f'<h2 id="{anchor}bots">Win rate per bot</h2>',
        _rate_plot(summary.bot_rates, "win rate per bot (all seats)", None),
        _table(
            ["bot", "wins", "seat-games", "win rate", "95% low", "95% high"],
            _rate_rows(summary.bot_rates),
        ),
    ]


def lineups(rows: Sequence[Mapping[str, Any]]) -> dict[tuple[str, ...], list[Mapping[str, Any]]]:
    """The games by line-up: the bot in each seat, seat 0 first."""
    out: dict[tuple[str, ...], list[Mapping[str, Any]]] = {}
    for row in rows:
        seats = tuple(str(row.get(f"seat_{s}_bot")) for s in range(int(row["players"])))
        out.setdefault(seats, []).append(row)
    return out


def _lineup_section(rows: Sequence[Mapping[str, Any]], anchor: str) -> list[str]:
    """A warning and the per-seat figures of each line-up, when the games have several."""
    groups = lineups(rows)
    if len(groups) <= 1:
        return []
    table = []
    for seats, group in sorted(groups.items()):
        part = summarize(group)
        wins = [f"{r.rate:.2f} ({r.low:.2f}–{r.high:.2f})" for r in part.seat_rates]
        table.append([", ".join(seats), len(group), *wins, part.first_mover.rate])
    players = len(next(iter(groups)))
    return [
        f'<h2 id="{anchor}lineups">Line-ups</h2>',
        f'<p class="warning"><b>Warning:</b> these {len(rows)} games seat the bots in '
        f"{len(groups)} different ways. The figures per seat and by turn order below pool "
        "them, so a seat's win rate mixes the strength of the bots that sat there; read "
        "each line-up's own figures here.</p>",
        _table(
            ["bot in seat 0, 1, ...", "games"]
            + [f"seat {s} win rate (95% CI)" for s in range(players)]
            + ["first mover wins"],
            table,
        ),
    ]


def _length_section(summary: Summary, anchor: str) -> list[str]:
    parts = [
        f'<h2 id="{anchor}length">Game length</h2>',
        _hist(summary.decisions, "decisions per game", "decisions"),
    ]
    if summary.rounds:
        parts.append(_hist(summary.rounds, "rounds per game", "rounds"))
        parts += _steady_length(summary.rounds)
    return [*parts, _length_table(summary)]


def _steady_length(rounds: Sequence[int]) -> list[str]:
    """A note when the number of rounds barely varies: it is then the rules that set it."""
    low, high = min(rounds), max(rounds)
    if high - low > 1:
        return []
    common, count = Counter(rounds).most_common(1)[0]
    share = f"{count / len(rounds):.0%} of them {common}"
    lasted = f"exactly {low} rounds" if low == high else f"{low} or {high} rounds ({share})"
    return [
        f'<p class="note">Every game lasted {lasted}: the '
        "number of rounds is set by the rules and the options of this run (a game that ends "
        "after a fixed round or count), not by how the bots played, so its spread says nothing "
        "about balance. The decisions per game show how long play really varied.</p>"
    ]


def _score_section(summary: Summary, anchor: str) -> list[str]:
    if not summary.finished:
        return []
    return [
        f'<h2 id="{anchor}scores">Score distributions</h2>',
        _score_plot(summary),
        _score_table(summary),
    ]


def _event_section(summary: Summary, anchor: str) -> list[str]:
    heading = f'<h2 id="{anchor}events">Event counts</h2>'
    if not summary.events:
        return [heading, '<p class="note">This game reports no event counters.</p>']
    columns = ("mean", "sd", "min", "median", "max", "games_with", "per_round")
    return [
        heading,
        _event_plot(summary.events),
        _table(
            ["event", "mean/game", "sd", "min", "median", "max", "games with ≥1", "per round"],
            [[k, *(v[c] for c in columns)] for k, v in summary.events.items()],
        ),
    ]


def statistics_even(summary: Summary) -> float | None:
    """The win rate every seat would have if wins were shared out evenly."""
    rates = [r.rate for r in summary.seat_rates if not math.isnan(r.rate)]
    return sum(rates) / len(rates) if rates else None


def _length_table(summary: Summary) -> str:
    import statistics

    rows = []
    for name, values in (("decisions", summary.decisions), ("rounds", summary.rounds)):
        if values:
            q = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
            rows.append(
                [
                    name,
                    statistics.fmean(values),
                    statistics.pstdev(values),
                    min(values),
                    q[0],
                    statistics.median(values),
                    q[-1],
                    max(values),
                ]
            )
    return _table(["length", "mean", "sd", "min", "10%", "median", "90%", "max"], rows)


def _score_table(summary: Summary) -> str:
    import statistics

    rows = [
        [
            f"seat {s}",
            statistics.fmean(v),
            statistics.pstdev(v),
            min(v),
            statistics.median(v),
            max(v),
        ]
        for s, v in enumerate(summary.scores)
        if v
    ]
    return _table(["seat", "mean score", "sd", "min", "median", "max"], rows)


def _metrics_table(summary: Summary) -> str:
    rows: list[tuple[str, float | None, str]] = []
    for key, name in METRIC_NAMES.items():
        doc = METRIC_DOCS.get(key, "")
        value = summary.metrics.get(key)
        if key in ("decisiveness", "drama") and value is None:
            doc += " Not available: this game's bots have no heuristic evaluation."
        rows.append((name, value, doc))
    head = "<tr><th class='l'>metric</th><th>value</th><th class='l'>definition</th></tr>"
    body = "".join(
        f"<tr><td class='l'>{html.escape(n)}</td><td>{_fmt(v)}</td>"
        f"<td class='l'>{html.escape(d)}</td></tr>"
        for n, v, d in rows
    )
    return f"<table>{head}{body}</table>"


# -- sweeps ------------------------------------------------------------------------------------
def run_labels(metas: Sequence[dict[str, Any]]) -> list[str]:
    """Names of runs by what differs between them (options, players, bots)."""
    flat = []
    for m in metas:
        c = m["config"]
        flat.append(
            {
                **{k: v for k, v in c["options"].items()},
                "players": c["players"],
                "bots": ",".join(c["bots"]),
                "seed": c["seed"],
            }
        )
    keys = [k for k in flat[0] if len({json.dumps(f.get(k)) for f in flat}) > 1]
    if not keys:
        return [f"run {i + 1}" for i in range(len(metas))]
    return [" ".join(f"{k}={f.get(k)}" for k in keys) for f in flat]


def comparison_section(labels: Sequence[str], summaries: Sequence[Summary]) -> str:
    plt = _plt()
    parts = ['<h2 id="comparison">Comparison of runs</h2>']
    rows = []
    for label, s in zip(labels, summaries, strict=True):
        rows.append([label, s.games] + [s.metrics.get(k) for k in METRIC_NAMES])
    parts.append(_table(["run", "games", *METRIC_NAMES.values()], rows))
    # win rate per seat, grouped by run
    width = 0.8 / len(summaries)
    fig, ax = plt.subplots(figsize=(8, 3.6))
    for i, (label, s) in enumerate(zip(labels, summaries, strict=True)):
        xs = [k + i * width for k in range(s.players)]
        vals = [0 if math.isnan(r.rate) else r.rate for r in s.seat_rates]
        err = [
            [v - r.low for v, r in zip(vals, s.seat_rates, strict=True)],
            [r.high - v for v, r in zip(vals, s.seat_rates, strict=True)],
        ]
        ax.bar(xs, vals, width, yerr=err, capsize=3, label=label)
    centre = width * (len(summaries) - 1) / 2
    seats = range(max(s.players for s in summaries))
    ax.set_xticks([k + centre for k in seats], [f"seat {k}" for k in seats])
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title("win rate per seat by run")
    ax.legend(fontsize=8)
    parts.append(_png(fig))
    # lengths by run
    fig, ax = plt.subplots(figsize=(8, 3.4))
    ax.boxplot([s.decisions for s in summaries], tick_labels=list(labels))
    ax.set_ylabel("decisions per game")
    ax.set_title("game length by run")
    parts.append(_png(fig))
    events = sorted({k for s in summaries for k in s.events})
    if events:
        parts.append(
            _table(
                ["event (mean per game)", *labels],
                [[e, *[s.events.get(e, {}).get("mean") for s in summaries]] for e in events],
            )
        )
    return "\n".join(parts)


# -- the page ------------------------------------------------------------------------------------
def render_report(root: str | Path, warnings: list[str] | None = None) -> str:
    """The HTML of the report on the run or sweep in ``root``; what a reader must be warned of
    is also added to ``warnings``."""
    runs = find_runs(root)
    if not runs:
        raise FileNotFoundError(f"no simulation results in {root} (no run.json found)")
    metas, summaries, rowsets = [], [], []
    for path in runs:
        store = RunStore(path)
        rows = store.read_rows(exclude=("record",))
        if not rows:
            continue
        metas.append(store.read_meta())
        summaries.append(summarize(rows))
        rowsets.append(rows)
        ways = len(lineups(rows))
        if ways > 1 and warnings is not None:
            warnings.append(
                f"{path}: the games seat the bots in {ways} different ways; the per-seat figures "
                "pool them (the report's 'Line-ups' section splits them)"
            )
    if not summaries:
        raise ValueError(f"the runs in {root} have no finished games yet")
    title = _title(metas[0]) if len(metas) == 1 else f"{metas[0]['config']['game']} — sweep"
    body = [f"<h1>Balance report: {html.escape(title)}</h1>"]
    if len(summaries) == 1:
        body.append(run_sections(summaries[0], metas[0], rows=rowsets[0]))
    else:
        labels = run_labels(metas)
        links = " ".join(
            f'<a href="#run{i}-summary">{html.escape(lab)}</a>' for i, lab in enumerate(labels)
        )
        body += [f"<nav>Runs: {links}</nav>", comparison_section(labels, summaries)]
        for i, (label, s, meta) in enumerate(zip(labels, summaries, metas, strict=True)):
            body += [
                f'<h1 id="run{i}">Run {html.escape(label)}</h1>',
                run_sections(s, meta, anchor=f"run{i}-", rows=rowsets[i]),
            ]
    return (
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def write_report(
    root: str | Path, out: str | Path | None = None, warnings: list[str] | None = None
) -> Path:
    """Write the report on ``root`` to ``out`` (default ``root/report.html``) and return its path
    (``warnings``: as :func:`render_report`)."""
    path = Path(out) if out is not None else Path(root) / "report.html"
    path.write_text(render_report(root, warnings), encoding="utf-8")
    return path
