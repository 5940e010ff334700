"""Whether a long run of ``bench/capacity.py`` stayed flat: its timeline's drift over a window.

Reads the output of ``bench/capacity.py`` (one line every 5 s: the seconds since the measured
window began, moves/s, latencies, the server's CPU and RSS, ...) and prints, for the moves per
second, the server's CPU and its RSS over the lines from ``--from`` seconds on: the mean, the
least-squares slope, and the change that slope makes over the window as a share of the mean
(within 5%: flat); and the same for the server's CPU divided by the load processes' CPU, a
control taken side by side in the same run: on a shared machine both climb together when the
machine slows (or the views grow), while work left behind in the server climbs this ratio alone.
Where the timeline has it, the bytes the load received per move. Also the errors column's last
value (the load's refusals, closed sockets and unanswered moves, summed over the run).

    nice -n 5 .venv/bin/python bench/capacity.py --tables 2000 --seconds 5400 > soak.txt
    .venv/bin/python bench/drift.py soak.txt --from 3000     # its last 40 minutes (docs/capacity.md)
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

#: the timeline's columns read here (0-based): seconds, moves/s, server CPU %, RSS MiB, errors
COLUMNS = {"moves/s": 1, "server CPU %": 5, "RSS MiB": 6}
ERRORS = 10
#: the load processes' CPU %: they read every frame the server sends, so their CPU per move moves
#: with the views' size and with the machine's state, not with anything left behind in the server
LOAD_CPU = 7
#: the bytes the load received per move (in timelines that have the column): whether the views
#: grew as the games aged, which would make both sides' CPU climb together
BYTES = 12


def timeline(text: str) -> list[list[str]]:
    """The timeline's lines (those that start with the seconds), split in columns."""
    rows = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) > ERRORS and fields[0].isdigit():
            rows.append(fields)
    return rows


def drift(times: list[float], values: list[float]) -> tuple[float, float, float]:
    """Mean, slope per second, and the slope's change over the span as a share of the mean.

    >>> drift([0.0, 10.0, 20.0], [100.0, 105.0, 110.0])
    (105.0, 0.5, 0.09523809523809523)
    """
    mean = statistics.mean(values)
    slope = statistics.linear_regression(times, values).slope
    return mean, slope, slope * (times[-1] - times[0]) / mean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("timeline", type=Path, help="the saved output of bench/capacity.py")
    parser.add_argument("--from", dest="start", type=float, default=0.0, help="seconds")
    args = parser.parse_args()
    text = args.timeline.read_text()
    rows = [r for r in timeline(text) if float(r[0]) >= args.start]
    if len(rows) < 3:
        raise SystemExit("too few timeline lines in that window")
    times = [float(r[0]) for r in rows]
    print(f"{len(rows)} lines from {times[0]:.0f} s to {times[-1]:.0f} s")
    for name, column in COLUMNS.items():
        mean, slope, change = drift(times, [float(r[column].rstrip("%")) for r in rows])
        print(
            f"  {name:>13}: mean {mean:8.1f}, slope {slope * 600:+8.2f} per 10 min, "
            f"{change * 100:+6.1f}% of the mean over the window"
        )
    ratios = [_percent(r[COLUMNS["server CPU %"]]) / max(_percent(r[LOAD_CPU]), 0.1) for r in rows]
    mean, slope, change = drift(times, ratios)
    print(
        f"  server / load CPU: mean {mean:8.2f}, slope {slope * 600:+8.3f} per 10 min, "
        f"{change * 100:+6.1f}% of the mean over the window"
    )
    if "B/move" in text:
        mean, slope, change = drift(times, [float(r[BYTES]) for r in rows])
        print(
            f"  bytes per move: mean {mean:8.0f}, slope {slope * 600:+8.1f} per 10 min, "
            f"{change * 100:+6.1f}% of the mean over the window"
        )
    print(f"  errors (the load's, summed over the run): {rows[-1][ERRORS]}")


def _percent(field: str) -> float:
    return float(field.rstrip("%"))


if __name__ == "__main__":
    main()
