"""Fit the weights of Balam's rules of thumb (:mod:`.weights`, ``Weights``) by self-play.

    nice -n 10 .venv/bin/python -m gametable.games.balam.bots.tune [--iterations 800] [--seed 1]
        [--state out/tune-balam.json] [--holdout 200] [--write]
    nice -n 10 .venv/bin/python -m gametable.games.balam.bots.tune --score FILE [--holdout 200]
    nice -n 10 .venv/bin/python -m gametable.games.balam.bots.tune --start FILE [--against plain]
    nice -n 10 .venv/bin/python -m gametable.games.balam.bots.tune --start FILE \
        --grid tempo=0,0.05,0.1,0.15

The recipe (2 players; every step seeded, so a rerun prints the same figures):

1. *Search*: SPSA (simultaneous perturbation stochastic approximation, Spall 1992), the way
   chess engines tune their evaluation by self-play.  The weights are searched as logarithms
   (each stays positive and moves by ratios).  At iteration ``k`` every weight is perturbed at
   once by a random sign times ``--perturb`` (``theta + c D`` against ``theta - c D``); the two
   play each other on ``--deals`` deals, each deal twice with the seats swapped (paired games:
   a deal's luck cancels out); the mean score difference ``r`` in [-1, 1] moves the weights by
   ``--rate * r * D``.  Deals of the search are seeds ``1_000_000 * seed + 2 k + j``, the signs
   come from ``Random("seed:k")``: iteration ``k`` is the same whatever came before, so a run
   is resumed from its ``--state`` file (weights and iteration, written every ``--every``
   iterations) without changing its course.
   ``--start FILE`` begins the search at a policy file's weights (to continue a fit; the
   bounds stay around the defaults); ``--against plain`` replaces the self-play objective by
   the score against the plain rules of thumb: the two perturbed policies each play the plain
   rules on the same deal, both seatings, and ``r`` is the difference of their scores.  Neither
   improved the held-out score of the shipped fit (the runs: ``bench/results/bots.md``).
2. *Result*: the mean of the weights over the second half of the iterations (averaging damps
   the steps' noise).
3. *Held-out score*: the result against the plain rules of thumb (``normal``'s weights) on
   ``--holdout`` fresh deals (seeds ``--holdout-base`` on, never used by the search), both
   seatings of each, no search on either side: the win rate with its 95% Wilson interval.
   With ``--write`` the result goes to this package's ``data/balam-policy.json`` with this
   recipe's command and the held-out score (:mod:`.tuned` reads it).

Cost: a game between the rules of thumb is about 0.1 s of CPU on a quiet core (about 250
moves), so an iteration of 1 deal (2 games) is about 0.25 s and 800 iterations about 3-4
minutes of a core; the held-out score of 200 deals (400 games) under a minute.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import sys
import time
from pathlib import Path

import gametable
from gametable.bots.base import SeatState
from gametable.games.balam.bots import heuristic, tuned
from gametable.games.balam.bots import weights as balam_weights
from gametable.simulate.stats import wilson

#: the fitted policy, written with ``--write``: this package's data file
DATA = Path(__file__).resolve().parent / "data" / tuned.POLICY_FILE
#: how a written file records the command that made it
COMMAND = "nice -n 10 .venv/bin/python -m gametable.games.balam.bots.tune"
GAME = gametable.load_game("balam")
#: the weights searched: those the plain rules of thumb use (a weight whose default is 0, a rule
#: ``normal`` leaves out, such as ``ball``, keeps the value it starts with)
NAMES = tuple(k for k, v in balam_weights.DEFAULT_WEIGHTS.to_flat().items() if v > 0)
#: the search keeps every weight within this factor of the default (either way)
SPAN = 8.0


def play(policies: tuple[heuristic.Policy, heuristic.Policy], deal: int) -> tuple[float, float]:
    """One game of the deal ``deal`` between the two policies (seat 0, seat 1): the returns.
    The policies' tie-breaks draw from streams seeded by the deal and the seat."""
    state = GAME.new_game(2, seed=deal)
    rngs = [random.Random(f"{deal}:{seat}") for seat in range(2)]
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = policies[seat].choose(SeatState(state, seat), rngs[seat])
        state.apply(action, seat)
    returns = state.returns()
    return float(returns[0]), float(returns[1])


def paired(first: heuristic.Policy, second: heuristic.Policy, deal: int) -> float:
    """``first``'s score over the deal played twice, the seats swapped: 0, 0.5 or 1 (a game
    counts a win 1, a draw 0.5)."""
    a = play((first, second), deal)[0]
    b = play((second, first), deal)[1]
    return (a + b) / 2


def policy_of(theta: dict[str, float], fixed: dict[str, float] | None = None) -> heuristic.Policy:
    """The policy of the searched weights ``theta`` (logarithms) and the ``fixed`` others."""
    flat = {**(fixed or {}), **{k: math.exp(v) for k, v in theta.items()}}
    return heuristic.Policy(balam_weights.Weights.from_flat(flat))


def fixed_of(args: argparse.Namespace) -> dict[str, float]:
    """The weights the search leaves as they start: those outside :data:`NAMES`, from the
    ``--start`` file (none without one: their defaults)."""
    if not args.start:
        return {}
    begun = tuned.policy_from_json(json.loads(Path(args.start).read_text()))
    return {k: v for k, v in begun.weights.to_flat().items() if k not in NAMES}


def start_theta() -> dict[str, float]:
    flat = balam_weights.DEFAULT_WEIGHTS.to_flat()
    return {k: math.log(flat[k]) for k in NAMES}


def clip(theta: dict[str, float], origin: dict[str, float]) -> dict[str, float]:
    span = math.log(SPAN)
    return {k: min(origin[k] + span, max(origin[k] - span, v)) for k, v in theta.items()}


def save_state(path: Path, state: dict[str, object]) -> None:
    """The search's ``state`` (settings, iteration, weights, running total) into ``path``, from
    which a rerun with the same settings resumes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(state))
    sys.stdout.flush()


def search(args: argparse.Namespace) -> dict[str, float]:
    """SPSA by self-play (module docstring); the averaged weights, as logarithms.  With
    ``--start FILE`` the search begins at that policy file's weights instead of the defaults
    (the bounds stay around the defaults) and keeps its weights outside :data:`NAMES`."""
    origin = start_theta()
    first = dict(origin)
    fixed = fixed_of(args)
    if args.start:
        begun = tuned.policy_from_json(json.loads(Path(args.start).read_text()))
        flat = begun.weights.to_flat()
        first = clip({k: math.log(flat[k]) for k in NAMES}, origin)
    path = Path(args.state)
    saved = json.loads(path.read_text()) if path.exists() else None
    settings = {
        "seed": args.seed,
        "deals": args.deals,
        "perturb": args.perturb,
        "rate": args.rate,
        "iterations": args.iterations,
        "start": args.start,
        "against": args.against,
    }
    if saved is not None and saved["settings"] == settings:
        k, theta, total = saved["k"], saved["theta"], saved["total"]
        count = saved["count"]
        print(f"resuming {path} at iteration {k}", flush=True)
    else:
        k, theta, total, count = 0, dict(first), dict.fromkeys(origin, 0.0), 0
    half = args.iterations // 2
    started = time.process_time()
    drift = 0.0
    while k < args.iterations:
        signs = random.Random(f"{args.seed}:{k}")
        delta = {name: signs.choice((-1.0, 1.0)) for name in NAMES}
        plus = policy_of({n: theta[n] + args.perturb * delta[n] for n in NAMES}, fixed)
        minus = policy_of({n: theta[n] - args.perturb * delta[n] for n in NAMES}, fixed)
        deals = [1_000_000 * args.seed + 2 * k + j for j in range(args.deals)]
        if args.against == "self":
            scores = [paired(plus, minus, deal) for deal in deals]
            r = 2 * sum(scores) / len(scores) - 1  # plus's score minus minus's
        else:  # each against the plain rules of thumb on the same deals
            plain = heuristic.Policy()
            r = sum(paired(plus, plain, d) - paired(minus, plain, d) for d in deals) / len(deals)
        drift = 0.98 * drift + 0.02 * r
        theta = clip({n: theta[n] + args.rate * r * delta[n] for n in NAMES}, origin)
        k += 1
        if k > half:
            total = {n: total[n] + theta[n] for n in NAMES}
            count += 1
        if k % args.every == 0 or k == args.iterations:
            cpu = time.process_time() - started
            moved = sorted(NAMES, key=lambda n: -abs(theta[n] - origin[n]))[:4]
            shown = ", ".join(f"{n} x{math.exp(theta[n] - origin[n]):.2f}" for n in moved)
            print(f"it {k}: |r| avg {abs(drift):.3f}; cpu {cpu:.0f} s; most moved {shown}")
            state = {"settings": settings, "k": k, "theta": theta, "total": total, "count": count}
            save_state(path, state)
    return {n: total[n] / max(1, count) for n in NAMES} if count else theta


def held_out(policy: heuristic.Policy, deals: int, base: int) -> tuple[float, int, float, float]:
    """``policy`` against the plain rules of thumb on ``deals`` fresh deals, both seatings:
    (win rate, games, Wilson low, Wilson high)."""
    plain = heuristic.Policy()
    points = 0.0
    for d in range(deals):
        points += 2 * paired(policy, plain, base + d)
    games = 2 * deals
    rate, low, high = wilson(points, games)
    return rate, games, low, high


def grid(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """``--grid NAME=V1,V2,...``: the ``--start`` policy with ``NAME`` at each value, each
    against the plain rules of thumb on the same ``--holdout`` deals (so the values are compared
    deal by deal); with ``--write`` the best value goes into the data file, the rest of the
    start file's weights unchanged, with the scores in its ``meta``.  This is how a rule of
    thumb the SPSA search leaves alone (a weight whose default is 0, ``normal`` not counting it)
    gets its value: ``tempo`` 0.1 in the shipped file (the screen: ``bench/results/bots.md``)."""
    if not args.start:
        parser.error("--grid needs --start FILE (the policy whose one weight it varies)")
    name, _, listed = args.grid.partition("=")
    begun = json.loads(Path(args.start).read_text())
    flat = tuned.policy_from_json(begun).weights.to_flat()
    if name not in flat or not listed:
        parser.error(f"--grid NAME=V1,V2,...: NAME is one of {', '.join(sorted(flat))}")
    values = [float(v) for v in listed.split(",")]
    started = time.process_time()
    scores: dict[str, list[float]] = {}
    for value in values:
        policy = heuristic.Policy(balam_weights.Weights.from_flat({**flat, name: value}))
        rate, games, low, high = held_out(policy, args.holdout, args.holdout_base)
        scores[f"{value:g}"] = [round(rate, 4), round(low, 4), round(high, 4)]
        print(f"{name} = {value:g}: held-out {rate:.3f} [{low:.3f}, {high:.3f}] over {games} games")
        sys.stdout.flush()
    best = max(values, key=lambda v: scores[f"{v:g}"][0])  # the first of equals
    print(f"best: {name} = {best:g}; cpu {time.process_time() - started:.0f} s")
    if args.write:
        begun["weights"] = {**flat, name: best}
        begun.setdefault("meta", {})[f"grid_{name}"] = {
            "command": " ".join([COMMAND, *sys.argv[1:]]),
            "made": datetime.date.today().isoformat(),
            "held_out_against_normal": scores,
            "deals": args.holdout,
            "first_deal": args.holdout_base,
            "chosen": best,
        }
        DATA.write_text(json.dumps(begun, indent=1) + "\n")
        print(f"wrote {DATA}")


def parser_of() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m gametable.games.balam.bots.tune", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--iterations", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=1, help="deals an iteration (x2 games)")
    parser.add_argument("--perturb", type=float, default=0.3, help="c, in log units")
    parser.add_argument("--rate", type=float, default=0.008, help="step per unit of r")
    parser.add_argument("--every", type=int, default=25)
    parser.add_argument("--state", default="out/tune-balam.json")
    parser.add_argument("--holdout", type=int, default=200, help="fresh deals (x2 games)")
    parser.add_argument("--holdout-base", type=int, default=900_000_000)
    parser.add_argument(
        "--against",
        choices=("self", "plain"),
        default="self",
        help="self: the two perturbed policies play each other; plain: each plays the plain "
        "rules of thumb on the same deals (r: the difference of their scores)",
    )
    parser.add_argument("--start", help="begin the search at this policy file's weights")
    parser.add_argument("--score", help="only score this policy file on the held-out deals")
    parser.add_argument(
        "--grid",
        metavar="NAME=V1,V2,...",
        help="score the --start policy with the weight NAME set to each value in turn, on the "
        "same held-out deals; with --write, ship the best (a rule the search leaves alone)",
    )
    parser.add_argument("--write", action="store_true", help=f"write {DATA.name}")
    return parser


def write_fit(
    args: argparse.Namespace,
    weights: dict[str, float],
    score: tuple[float, int, float, float],
    cpu: float,
) -> None:
    """The fitted ``weights`` into :data:`DATA`, with the recipe and the held-out ``score``."""
    rate, games, low, high = score
    data = {
        "game": "balam",
        "players": 2,
        "weights": weights,
        "meta": {
            "command": " ".join([COMMAND, *sys.argv[1:]]),
            "made": datetime.date.today().isoformat(),
            "method": "SPSA by self-play on log weights, averaged over the second half",
            "iterations": args.iterations,
            "deals_per_iteration": args.deals,
            "perturb": args.perturb,
            "rate": args.rate,
            "seed": args.seed,
            "start": args.start,
            "against": args.against,
            "held_out": {
                "against": "normal (the plain rules of thumb), no search",
                "deals": args.holdout,
                "first_deal": args.holdout_base,
                "games": games,
                "win_rate": round(rate, 4),
                "wilson95": [round(low, 4), round(high, 4)],
            },
            "cpu_seconds": round(cpu),
        },
    }
    DATA.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {DATA}")


def main() -> None:
    parser = parser_of()
    args = parser.parse_args()
    if not 1 <= args.deals <= 2:
        parser.error("--deals is 1 or 2 (iteration k plays seeds 2k and 2k+1)")
    if args.grid:
        grid(args, parser)
        return
    if args.score:
        policy = tuned.policy_from_json(json.loads(Path(args.score).read_text()))
        rate, games, low, high = held_out(policy, args.holdout, args.holdout_base)
        print(f"held-out: {rate:.3f} [{low:.3f}, {high:.3f}] over {games} games")
        return
    started = time.process_time()
    theta = search(args)
    policy = policy_of(theta, fixed_of(args))
    weights = policy.weights.to_flat()
    print("weights (fitted / default):")
    for name in NAMES:
        print(
            f"  {name:24} {weights[name]:8.4f}  x{weights[name] / math.exp(start_theta()[name]):.2f}"
        )
    score = held_out(policy, args.holdout, args.holdout_base)
    rate, games, low, high = score
    cpu = time.process_time() - started
    print(f"held-out against normal: {rate:.3f} [{low:.3f}, {high:.3f}] over {games} games")
    print(f"cpu {cpu:.0f} s")
    if args.write:
        write_fit(args, weights, score, cpu)


if __name__ == "__main__":
    main()
