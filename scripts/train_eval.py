"""Fit a game's learned leaf evaluation (``gametable.bots.learned``) by self-play.

    nice -n 10 .venv/bin/python scripts/train_eval.py GAME [--games 1500] [--seed 1]

The recipe, in three steps, each reproducible from the seed (a few minutes per game on one
core of a small machine; well under an hour for both games):

1. *Data*: ``gametable simulate GAME -p 2 -b heuristic -b easy --games N --seed S -j 1
   --eval-every 0 --out DATA/GAME`` (``--data``, default ``out/selfplay``): the rules of thumb
   against themselves with human slips, so positions both good and bad are seen; seats
   rotate.  An existing run is resumed, not replayed.
2. *Rows*: every ``--every``-th position of every game is replayed from the game's record; a
   row is the features of seat 0 (its standing minus seat 1's) and whether seat 0 won; each row
   also appears mirrored (seat 1's features, seat 1's result), so the model treats the seats
   alike.  Drawn games count half to each side.
3. *Fit*: logistic regression without intercept (scikit-learn), fitted on the first 80% of the
   games and scored on the last 20% (log loss and accuracy against the hand-written evaluation
   on the same positions), then refitted on all games and written to
   ``src/gametable/bots/data/GAME-2p.json`` with the recipe and the scores.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import sklearn  # type: ignore[import-untyped]
from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]

from gametable.bots.heuristics import heuristic_for
from gametable.bots.learned import STANDINGS, Model, features, model_file
from gametable.core.record import Record
from gametable.simulate.runner import load_results

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "src" / "gametable" / "bots" / "data"


def simulate_command(game: str, games: int, seed: int, out: Path) -> list[str]:
    return [
        str(Path(sys.executable).parent / "gametable"),
        "simulate",
        game,
        "-p",
        "2",
        "-b",
        "heuristic",
        "-b",
        "easy",
        "--games",
        str(games),
        "--seed",
        str(seed),
        "-j",
        "1",
        "--eval-every",
        "0",
        "--out",
        str(out),
    ]


def rows_of(
    records: Sequence[str], every: int
) -> tuple[list[list[float]], list[float], list[float], list[float]]:
    """Features, results, weights and the hand-written evaluation's value, per row (mirrored)."""
    xs: list[list[float]] = []
    ys: list[float] = []
    ws: list[float] = []
    hand: list[float] = []
    for text in records:
        record = Record.from_json(text)
        evaluate = heuristic_for(record.game).evaluate
        seen: list[tuple[list[float], float, int]] = []  # (features, hand-written value, seat)
        state = None
        for index, (state, _move) in enumerate(record.states()):  # one state, updated in place
            if index % every or state.is_over:
                continue
            guess = evaluate(state) if evaluate is not None else (0.5, 0.5)
            seen.extend((features(state, seat), guess[seat], seat) for seat in (0, 1))
        assert state is not None and state.is_over, "a recorded game ends"
        result = state.returns()
        for x, guess_value, seat in seen:
            for label, weight in ((1.0, result[seat]), (0.0, 1.0 - result[seat])):
                if weight > 0:
                    xs.append(x)
                    ys.append(label)
                    ws.append(weight)
                    hand.append(guess_value)
    return xs, ys, ws, hand


def log_loss(p: Sequence[float], y: Sequence[float], w: Sequence[float]) -> float:
    eps = 1e-6
    total = sum(
        wi * -(yi * math.log(max(eps, pi)) + (1 - yi) * math.log(max(eps, 1 - pi)))
        for pi, yi, wi in zip(p, y, w, strict=True)
    )
    return total / sum(w)


def accuracy(p: Sequence[float], y: Sequence[float], w: Sequence[float]) -> float:
    right = sum(wi for pi, yi, wi in zip(p, y, w, strict=True) if (pi > 0.5) == (yi > 0.5))
    return right / sum(w)


def fit(xs: list[list[float]], ys: list[float], ws: list[float]) -> LogisticRegression:
    model = LogisticRegression(fit_intercept=False, C=1.0, max_iter=2000)
    model.fit(np.asarray(xs), np.asarray(ys), sample_weight=np.asarray(ws))
    return model


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(STANDINGS))
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=3, help="keep every N-th position")
    parser.add_argument("--data", type=Path, default=ROOT / "out" / "selfplay")
    parser.add_argument("--out", type=Path, default=None, help="default: the package's data")
    args = parser.parse_args()

    run_dir = args.data / args.game
    command = simulate_command(args.game, args.games, args.seed, run_dir)
    print("data:", " ".join(command[1:]), flush=True)
    subprocess.run(command, check=True)
    records = [row["record"] for row in load_results(run_dir)][: args.games]

    split = int(len(records) * 0.8)
    train = rows_of(records[:split], args.every)
    test = rows_of(records[split:], args.every)
    print(f"rows: {len(train[0])} to fit, {len(test[0])} to score", flush=True)
    held = fit(train[0], train[1], train[2])
    predicted = held.predict_proba(np.asarray(test[0]))[:, 1].tolist()
    scores = {
        "holdout_log_loss": round(log_loss(predicted, test[1], test[2]), 4),
        "holdout_accuracy": round(accuracy(predicted, test[1], test[2]), 4),
        "hand_written_log_loss": round(log_loss(test[3], test[1], test[2]), 4),
        "hand_written_accuracy": round(accuracy(test[3], test[1], test[2]), 4),
    }
    print(json.dumps(scores), flush=True)

    everything = rows_of(records, args.every)
    final = fit(everything[0], everything[1], everything[2])
    names = STANDINGS[args.game][0]
    recipe = (
        f"python scripts/train_eval.py {args.game} --games {args.games} --seed {args.seed} "
        f"--every {args.every}"
    )
    model = Model(
        args.game,
        2,
        names,
        tuple(round(float(w), 6) for w in final.coef_[0]),
        {
            "recipe": recipe,
            "data": "gametable " + " ".join(command[1:-2]),
            "games": len(records),
            "rows": len(everything[0]),
            "scikit_learn": sklearn.__version__,
            "fitted": datetime.date.today().isoformat(),
            **scores,
        },
    )
    out = args.out or DATA_DIR / model_file(args.game, 2)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(model.to_json(), indent=1) + "\n")
    print(f"wrote {out}")
    for name, weight in zip(names, model.weights, strict=True):
        print(f"  {name:12s} {weight:+.4f}")


if __name__ == "__main__":
    main()
