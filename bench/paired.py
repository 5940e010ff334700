"""Two ``bench/levels.py`` runs on the same deals, game by game (a paired comparison).

    .venv/bin/python bench/paired.py LOG_A LOG_B

Each log is the output of ``bench/levels.py GAME SPEC normal --games N --seed S`` with the same
game and seed (so game ``i`` of both runs is dealt the same cards from the same seat); the
script prints both first bots' scores over the games both runs reached and how often their
results differ, with a sign test of the difference (the chance of a split at least this uneven
if both were equally strong).
"""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path

LINE = re.compile(r"^game\s+(\d+) seats \(([\d, ]+)\) returns \(([\d., ]+)\)\s+(\S+):")


def first_bot_scores(path: Path) -> tuple[str, dict[int, float]]:
    """The first bot's spec and its return in each game of a levels.py log."""
    spec = ""
    out: dict[int, float] = {}
    for line in path.read_text().splitlines():
        m = LINE.match(line)
        if not m:
            continue
        index = int(m.group(1))
        seats = [int(s) for s in m.group(2).split(",")]
        returns = [float(r) for r in m.group(3).split(",")]
        spec = m.group(4)
        mine = [r for s, r in zip(seats, returns, strict=True) if s == 0]
        out[index] = sum(mine) / len(mine)
    return spec, out


def sign_test(wins: int, losses: int) -> float:
    """Two-sided binomial sign test of ``wins`` against ``losses``."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path)
    args = parser.parse_args()
    spec_a, a = first_bot_scores(args.a)
    spec_b, b = first_bot_scores(args.b)
    common = sorted(set(a) & set(b))
    if not common:
        raise SystemExit("the two logs share no game")
    n = len(common)
    better = sum(a[i] > b[i] for i in common)
    worse = sum(a[i] < b[i] for i in common)
    print(f"{n} games both runs played (game 0..{common[-1]})")
    print(f"{spec_a}: {sum(a[i] for i in common) / n:.3f}")
    print(f"{spec_b}: {sum(b[i] for i in common) / n:.3f}")
    print(
        f"{spec_a} did better in {better}, worse in {worse}, the same in {n - better - worse}; "
        f"sign test p = {sign_test(better, worse):.2f}"
    )


if __name__ == "__main__":
    main()
