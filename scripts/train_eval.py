"""Fit a game's learned leaf evaluation (``gametable.bots.learned``) by self-play.

    nice -n 10 .venv/bin/python scripts/train_eval.py GAME [--players 2] [--games 1500] [--seed 1]

The recipe, in three steps, each reproducible from the seed (a few minutes per game and player
count on one core of a small machine; well under an hour for everything shipped):

1. *Data*: ``gametable simulate GAME -p P -b heuristic -b easy --games N --seed S -j 1
   --eval-every 0 --out DATA/GAME`` (``--data``, default ``out/selfplay``; at more than two
   players ``DATA/GAME-Pp``): the rules of thumb against themselves with human slips, so
   positions both good and bad are seen; the two fill the seats in turn and rotate.  An
   existing run is resumed, not replayed.
2. *Rows*: every ``--every``-th position of every game is replayed from the game's record; a
   row is one seat's features in that position and the seat's return at the end (1 first, 0
   last, linear between: at two players whether it won, a drawn game counting half to each
   side), as a weighted pair of rows (label 1 with the return's weight, label 0 with the
   rest).  At two players the features are the seat's standing minus the other's (seat 1's row
   mirrors seat 0's); at more, the seat's standing against the others' mean, best and worst
   and a constant (``learned.many_features``), computed alike for every seat.  In a game of
   teams (Keezbord at four and six seats, a game whose ``learned`` part reads ``teams``) the row is the seat's *team's*
   standing against the other teams' (``learned.team_features``: both partners get the same
   row) and the label the team's return, which both partners share.
3. *Fit*: logistic regression without intercept (scikit-learn; at more than two players the
   constant feature is the intercept), fitted on the first 80% of the games and scored on the
   last 20% (log loss and accuracy against the hand-written evaluation on the same positions),
   then refitted on all games and written to ``src/gametable/games/GAME/bots/data/GAME-Pp.json`` with the
   recipe and the scores.

What ships (the times on a shared 2-core machine under load, ``nice -n 10``): Keezbord, Balam
and Balzakken at two players (the first two minutes each, Balam about 15), and Balzakken at
three to six players, about two minutes a count (under 10 minutes for all four)::

    for p in 3 4 5 6; do nice -n 10 .venv/bin/python scripts/train_eval.py balzakken --players $p; done

and Keezbord's team models at four and six seats (1000 games a count, 3.5 and 9 minutes under
load)::

    for p in 6 4; do nice -n 10 .venv/bin/python scripts/train_eval.py keezbord --players $p --games 1000; done
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

import gametable
from gametable.bots.heuristics import heuristic_for
from gametable.bots.learned import Model, feature_names, model_file, seat_features
from gametable.bots.parts import game_part
from gametable.core.record import Record
from gametable.simulate.runner import load_results

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "src" / "gametable" / "games"


def simulate_command(game: str, games: int, seed: int, out: Path, players: int = 2) -> list[str]:
    return [
        str(Path(sys.executable).parent / "gametable"),
        "simulate",
        game,
        "-p",
        str(players),
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
    """Features, results, weights and the hand-written evaluation's value, per row: one row per
    seat and position (at two players seat 1's row is seat 0's mirrored).  The label is the
    seat's return (1 first, 0 last), as a weighted pair of rows where it lies between."""
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
            n = state.players
            guess = evaluate(state) if evaluate is not None else (0.5,) * n
            seen.extend((row, guess[seat], seat) for seat, row in enumerate(seat_features(state)))
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
    """No intercept: at two players the features are antisymmetric, at more they carry their
    own constant (``bias``)."""
    model = LogisticRegression(fit_intercept=False, C=1.0, max_iter=2000)
    model.fit(np.asarray(xs), np.asarray(ys), sample_weight=np.asarray(ws))
    return model


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "game", choices=[g for g in gametable.game_names() if game_part(g, "learned") is not None]
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=3, help="keep every N-th position")
    parser.add_argument("--data", type=Path, default=ROOT / "out" / "selfplay")
    parser.add_argument("--out", type=Path, default=None, help="default: the package's data")
    args = parser.parse_args()

    players = args.players
    if players < 2:
        parser.error("--players must be at least 2")
    run_dir = args.data / (args.game if players == 2 else f"{args.game}-{players}p")
    command = simulate_command(args.game, args.games, args.seed, run_dir, players)
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

    # the rows of all the games are those of the two parts (each game is replayed on its own)
    everything = tuple(a + b for a, b in zip(train, test, strict=True))
    final = fit(everything[0], everything[1], everything[2])
    names = feature_names(args.game, players)
    recipe = (
        f"python scripts/train_eval.py {args.game} --games {args.games} --seed {args.seed} "
        f"--every {args.every}"
    )
    if players != 2:
        recipe += f" --players {players}"
    model = Model(
        args.game,
        players,
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
    out = args.out or GAMES_DIR / args.game / "bots" / "data" / model_file(args.game, players)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(model.to_json(), indent=1) + "\n")
    print(f"wrote {out}")
    for name, weight in zip(names, model.weights, strict=True):
        print(f"  {name:22s} {weight:+.4f}")


if __name__ == "__main__":
    main()
