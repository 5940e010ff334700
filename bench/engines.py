"""Random playouts: gametable's engines, pure and compiled, beside OpenSpiel's C++ games.

    .venv/bin/python bench/engines.py [--seconds 1] [--slice 1] [--repeat 3]
                                      [--players N ...] [--game NAME ...] [--check]

The fair loop, the same for every engine: a new seeded game whenever one ends; at each step the
seat to move (a random one of them when several must decide) takes a uniformly random legal
action: ``state.apply(rng.choice(state.legal_actions(seat)), seat)`` for gametable,
``state.apply_action(rng.choice(state.legal_actions()))`` for OpenSpiel; a decision is one such
step.  OpenSpiel's chance nodes are sampled by index, ``outcomes[int(rng.random() * n)]`` for
``n`` outcomes (the cheapest uniform draw in Python, so the reference loses no time to it), and
not counted as decisions (gametable deals and rolls inside its engines, from the seeded RNG of
each state); that is right only for uniform chance events, which those of crazy_eights and maedn
are at 2 to 4 players: the run checks it once per reference and player count (three seeded games,
every chance node) and reports the reference unavailable where it fails.  A slice may end in the
middle of a game: the next slice goes on with it.

Fairness on a shared, noisy machine:

- each engine runs in a process of its own (``--worker``): OpenSpiel, gametable's pure-Python
  engines (``GAMETABLE_PURE=1``) and its compiled engines (``gametable build-engines``), so no
  engine's garbage or live objects weigh on another's garbage collector, and the pure and
  compiled modules can have the same names;
- time is each process's CPU time (``time.process_time``), not wall-clock;
- the engines of one game and player count take turns in slices (``--slice`` CPU seconds, the
  order rotating each time; the others wait) until each has had ``--seconds`` CPU seconds: that
  is one *measurement*, and its ratios are taken within it.  There are ``--repeat`` measurements
  (at least 3 for ``--check``); the table shows the medians and the range of the ratios.

Columns, for each game and player count (default: 2 and 4 players):

- ``openspiel``: decisions/s of the reference, OpenSpiel's C++ game.  Its ``apply_action`` does
  not check that the action is legal (crazy_eights checks only that the card is in hand: the
  self-check printed first shows it accepting a card that does not match the discard pile);
- ``pure``, ``compiled``: gametable's public ``state.apply(action, seat)``, which validates every
  action and refuses an illegal one with its rule, the state untouched (also shown by the
  self-check), with the pure-Python and the compiled engines; each with its ratio to the
  reference (median of the per-measurement ratios, with their range);
- with ``--unchecked``, also the trusted ``state.apply_unchecked(action, seat)`` of each, which
  skips validation for an action taken from ``legal_actions`` of the same state, as OpenSpiel's
  does.

The floors (``--check``) apply to ``apply``, the validating path, at 2 and 4 players: it is what
every caller gets, and the reference skips validation, so a floor met there is met with margin::

    balzakken  vs crazy_eights   pure 0.6x    compiled 1.8x
    keezbord   vs maedn          pure 0.35x   compiled 1.2x
    balam      vs maedn          pure 0.25x   compiled 0.6x

``--check`` exits with status 1 when a ratio is below its floor, and 2 when it cannot check
(OpenSpiel missing, no compiled build, fewer than 3 measurements).  A count the reference does
not allow (maedn: 2-4 players) prints gametable's own figures and says why.

OpenSpiel comes from the ``bench`` extra (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

import gametable
import gametable.compiled

try:
    import pyspiel
except ImportError:  # the reference is optional: gametable's own figures still print
    pyspiel = None


@dataclass(frozen=True)
class Reference:
    """The OpenSpiel game a gametable game is measured against, and the floors."""

    game: str
    floor: float
    compiled_floor: float


REFERENCES = {
    "balzakken": Reference("crazy_eights", 0.6, 1.8),
    "keezbord": Reference("maedn", 0.35, 1.2),
    "balam": Reference("maedn", 0.25, 0.6),
}
DEFAULT_PLAYERS = (2, 4)
#: decisions between two looks at the clock
STRIDE = 64


@dataclass
class Tally:
    """What an engine did in some CPU time."""

    decisions: int = 0
    cpu: float = 0.0

    def add(self, other: Tally) -> None:
        self.decisions += other.decisions
        self.cpu += other.cpu

    @property
    def rate(self) -> float:
        return self.decisions / self.cpu if self.cpu else 0.0


class Runner(Protocol):
    def run(self, seconds: float) -> Tally:
        """Play random games for at least ``seconds`` of CPU time (going on where it stopped)."""
        ...


# -- OpenSpiel --------------------------------------------------------------------------------------
@functools.cache  # the chance check runs once per reference and player count in a run
def reference_unavailable(ref: str, players: int) -> str | None:
    """Why ``ref`` cannot serve as the reference at ``players``, or ``None`` when it can."""
    if pyspiel is None:
        return "OpenSpiel is not installed"
    game_type = pyspiel.load_game(ref).get_type()
    if not game_type.min_num_players <= players <= game_type.max_num_players:
        return (
            f"{ref} is played by {game_type.min_num_players}-{game_type.max_num_players} "
            f"players, not {players}"
        )
    return uniform_chance_refused(ref, players)


class OpenSpielRunner:
    """The fair loop over an OpenSpiel game."""

    def __init__(self, ref: str, players: int, seed: int = 0) -> None:
        self.game = pyspiel.load_game(ref, {"players": players})
        self.rng = random.Random(seed)
        self.state = self.game.new_initial_state()

    def run(self, seconds: float) -> Tally:
        game, rng, state = self.game, self.rng, self.state
        decisions = 0
        start = time.process_time()
        while True:
            for _ in range(STRIDE):
                if state.is_terminal():
                    state = game.new_initial_state()
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                self.state = state
                return Tally(decisions, elapsed)


def uniform_chance_refused(ref: str, players: int, games: int = 3, seed: int = 1) -> str | None:
    """Play ``games`` seeded random games of ``ref`` and check that every chance node is
    uniform, as the loop's sampling assumes: ``None`` if so, else the first node that is not."""
    game = pyspiel.load_game(ref, {"players": players})
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                uniform = 1.0 / len(outcomes)
                odd = next((o for o in outcomes if abs(o[1] - uniform) > 1e-9), None)
                if odd is not None:
                    return (
                        f"{ref} ({players}p) has a chance node that is not uniform "
                        f"(outcome {odd[0]}: p = {odd[1]:.4f}, not 1/{len(outcomes)})"
                    )
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return None


@contextlib.contextmanager
def stderr_silenced() -> Iterator[None]:
    """Send file descriptor 2 to /dev/null: OpenSpiel's C++ prints every error it raises."""
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(devnull)
        os.close(saved)


def openspiel_accepts_illegal(ref: str = "crazy_eights", seed: int = 0) -> str:
    """At the first decision of a seeded ``ref`` game, apply (each on a copy) the actions that
    are not among ``legal_actions()`` until one is accepted; says what OpenSpiel did."""
    game = pyspiel.load_game(ref, {"players": 2})
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
    player = state.current_player()
    legal = state.legal_actions()
    refused = []
    for action in range(game.num_distinct_actions()):
        if action in legal:
            continue
        copy = state.clone()
        try:
            with stderr_silenced():
                copy.apply_action(action)
        except pyspiel.SpielError:
            refused.append(action)
            continue
        return (
            f"OpenSpiel {ref} apply_action accepted the illegal action "
            f"{state.action_to_string(player, action)!r} (legal: "
            f"{', '.join(state.action_to_string(player, a) for a in legal)}) and moved on; "
            f"it refused only {len(refused)} actions (cards not in hand)"
        )
    return f"OpenSpiel {ref} refused all {len(refused)} illegal actions"


# -- gametable ---------------------------------------------------------------------------------------
class GametableRunner:
    """The fair loop over a gametable game, through ``apply`` or, trusted, ``apply_unchecked``:
    seeded games 0, 1, 2, ... one after the other."""

    def __init__(self, game: gametable.Game, players: int, trusted: bool) -> None:
        self.game = game
        self.players = players
        self.trusted = trusted
        self.rng = random.Random(0)
        self.seed = 0
        self.state = self._next()

    def _next(self) -> gametable.State:
        state = self.game.new_game(self.players, seed=self.seed)
        self.seed += 1
        return state

    def run(self, seconds: float) -> Tally:
        rng, state = self.rng, self.state
        decisions = 0
        start = time.process_time()
        while True:
            for _ in range(STRIDE):
                moving = state.to_move
                if not moving:
                    state = self._next()
                    moving = state.to_move
                seat = moving[0] if len(moving) == 1 else rng.choice(moving)
                action = rng.choice(state.legal_actions(seat))
                if self.trusted:
                    state.apply_unchecked(action, seat)
                else:
                    state.apply(action, seat)
                decisions += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                self.state = state
                return Tally(decisions, elapsed)


def gametable_refuses_illegal(name: str, seed: int = 0) -> str:
    """Along a seeded random game, try ``apply`` with an action that was legal earlier but is
    not now; says whether gametable refused it and left the state as it was."""
    state = gametable.load_game(name).new_game(2, seed=seed)
    rng = random.Random(seed)
    seen: list[gametable.Action] = []
    while state.to_move:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        stale = next((a for a in seen if a not in legal), None)
        if stale is not None:
            before = state.to_json()
            try:
                state.apply(stale, seat)
            except gametable.IllegalAction as error:
                kept = "state unchanged" if state.to_json() == before else "STATE CHANGED"
                return f"gametable {name} apply refused the illegal action {stale}: {error}; {kept}"
            return f"gametable {name} apply ACCEPTED the illegal action {stale}"
        seen.extend(legal[:3])
        state.apply(rng.choice(legal), seat)
    return f"gametable {name}: no illegal action found to try along game {seed}"


# -- engines in processes of their own ---------------------------------------------------------------
#: which engine a gametable worker runs: the value of GAMETABLE_PURE in its environment
ENGINES = {"pure": "1", "compiled": "0"}


class WorkerRunner:
    """A runner in a process of its own (``--worker``); ``run`` asks it for one slice."""

    def __init__(self, what: list[str], engine: str = "pure") -> None:
        env = dict(os.environ, GAMETABLE_PURE=ENGINES[engine])
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", *what],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        #: the worker's first line: the engine it runs (``gametable.compiled.engine()``)
        self.engine = self._line()
        if what[0] == "gametable" and not self.engine.startswith(engine):
            self.close()
            raise RuntimeError(f"a {engine} worker runs {self.engine}: not measured")

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker {self.process.args} stopped")
        return line.strip()

    def run(self, seconds: float) -> Tally:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{seconds!r}\n")
        self.process.stdin.flush()
        decisions, cpu = self._line().split()
        return Tally(int(decisions), float(cpu))

    def close(self) -> None:
        with contextlib.suppress(OSError):
            assert self.process.stdin is not None
            self.process.stdin.close()
        self.process.wait()


def worker(what: list[str]) -> int:
    """The ``--worker`` process: ``openspiel REF PLAYERS`` or ``gametable GAME PLAYERS METHOD``;
    prints its engine, then for each line of stdin (CPU seconds) one slice's tally."""
    runner: Runner
    if what[0] == "openspiel":
        runner = OpenSpielRunner(what[1], int(what[2]))
        print("OpenSpiel (C++)", flush=True)
    else:
        game = gametable.load_game(what[1])
        runner = GametableRunner(game, int(what[2]), trusted=what[3] == "unchecked")
        print(gametable.compiled.engine(), flush=True)
    runner.run(0.05)  # warm up: first calls, caches, allocator
    for line in sys.stdin:
        tally = runner.run(float(line))
        print(tally.decisions, tally.cpu, flush=True)
    return 0


# -- measuring --------------------------------------------------------------------------------------
def measure(runners: list[Runner], seconds: float, slice_: float, repeat: int) -> list[list[Tally]]:
    """``repeat`` measurements; in each, the runners take turns in slices of ``slice_`` CPU
    seconds (the order rotating) until each has run ``seconds``.  Result: [measurement][runner]."""
    for runner in runners:  # warm up: first calls, caches, allocator
        runner.run(min(0.1, slice_))
    slices = max(1, round(seconds / slice_))
    out = []
    turn = 0
    for _ in range(repeat):
        tallies = [Tally() for _ in runners]
        for _ in range(slices):
            order = list(range(len(runners)))
            order = order[turn % len(order) :] + order[: turn % len(order)]
            turn += 1
            for i in order:
                tallies[i].add(runners[i].run(seconds / slices))
        out.append(tallies)
    return out


@dataclass
class Figure:
    """One engine's figures over the measurements of a game and player count."""

    rate: float  # median decisions/s
    ratio: float | None  # median of the per-measurement ratios to the reference
    low: float | None  # the smallest and largest of those ratios
    high: float | None

    def cell(self) -> str:
        if self.ratio is None:
            return f"{self.rate:>10,.0f}{'':>22}"
        return f"{self.rate:>10,.0f} {self.ratio:6.3f}x [{self.low:.3f}-{self.high:.3f}]"


def summarise(measurements: list[list[Tally]], has_reference: bool) -> list[Figure]:
    figures = []
    for i in range(len(measurements[0])):
        ratios = [m[i].rate / m[0].rate for m in measurements] if has_reference else []
        figures.append(
            Figure(
                rate=statistics.median(m[i].rate for m in measurements),
                ratio=statistics.median(ratios) if ratios else None,
                low=min(ratios) if ratios else None,
                high=max(ratios) if ratios else None,
            )
        )
    return figures


# -- the run ----------------------------------------------------------------------------------------
def print_preamble(args: argparse.Namespace) -> None:
    print(
        f"CPU time (time.process_time); {args.repeat} measurements of {args.seconds:g} s per "
        f"engine in alternating slices of {min(args.slice, args.seconds):g} s, each engine in a "
        "process of its own; medians shown"
    )
    if pyspiel is None:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no reference, no ratios")
    else:
        print("self-check: " + openspiel_accepts_illegal())
    print("self-check: " + gametable_refuses_illegal("balzakken"))
    print(
        "note: "
        + (
            "OpenSpiel's apply_action does not check legality (self-check above); "
            if pyspiel
            else ""
        )
        + "gametable's 'apply' validates every action; 'unchecked' is gametable's trusted "
        "apply_unchecked, which does not (an action taken from legal_actions of the same state)"
    )


def engine_runners(
    name: str, players: int, methods: list[str], with_compiled: bool
) -> list[WorkerRunner]:
    out = []
    for engine in ("pure", "compiled") if with_compiled else ("pure",):
        for method in methods:
            out.append(WorkerRunner(["gametable", name, str(players), method], engine))
    return out


def compiled_engine() -> str:
    """What a worker without ``GAMETABLE_PURE`` runs: ``gametable.compiled.engine()``."""
    probe = subprocess.run(
        [sys.executable, "-c", "import gametable.compiled as c; print(c.engine())"],
        env=dict(os.environ, GAMETABLE_PURE="0"),
        capture_output=True,
        text=True,
        check=True,
    )
    return probe.stdout.strip()


def measure_line(
    name: str, players: int, args: argparse.Namespace, with_compiled: bool
) -> tuple[str, list[str], bool]:
    """One game and player count measured: its table line, the floors it is below, whether it
    had a reference."""
    reference = REFERENCES[name]
    line = f"{name:<10}{players:>2} {reference.game:<13}"
    unavailable = reference_unavailable(reference.game, players)
    has_reference = unavailable is None
    methods = ["apply", "unchecked"] if args.unchecked else ["apply"]
    runners: list[WorkerRunner] = []
    try:
        if has_reference:
            runners.append(WorkerRunner(["openspiel", reference.game, str(players)]))
        runners += engine_runners(name, players, methods, with_compiled)
        figures = summarise(measure(runners, args.seconds, args.slice, args.repeat), has_reference)
    finally:
        for runner in runners:
            runner.close()
    ours = figures[1:] if has_reference else figures
    line += f"{figures[0].rate:>10,.0f}" if has_reference else f"{'-':>10}"
    line += "".join(f" | {f.cell():<32}" for f in ours)
    below: list[str] = []
    if not has_reference:
        return line + f" | no reference ({unavailable})", below, False
    floors = [("pure", ours[0], reference.floor)]
    if with_compiled:
        floors.append(("compiled", ours[len(methods)], reference.compiled_floor))
    for label, figure, floor in floors:
        assert figure.ratio is not None
        low = figure.ratio < floor
        line += f" | {label} {floor:.2f}x {'BELOW' if low else 'ok'}"
        if low:
            below.append(f"{name} {players}p {label} apply {figure.ratio:.3f}x < {floor}x")
    return line, below, True


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="CPU seconds per engine per measurement"
    )
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds of one turn")
    parser.add_argument("--repeat", type=int, default=3, help="measurements (medians shown)")
    parser.add_argument(
        "--players", type=int, action="append", default=None, help="repeatable; default: 2 and 4"
    )
    parser.add_argument("--game", action="append", default=None, choices=sorted(REFERENCES))
    parser.add_argument("--unchecked", action="store_true", help="also time apply_unchecked")
    parser.add_argument("--check", action="store_true", help="exit 1 below the floors")
    args = parser.parse_args()
    if args.seconds <= 0 or args.slice <= 0 or args.repeat < 1:
        parser.error("--seconds, --slice and --repeat must be positive")
    return args


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        return worker(sys.argv[2:])
    args = parse_args()
    names = [n for n in REFERENCES if n in (args.game or gametable.game_names())]
    print_preamble(args)
    compiled = compiled_engine()
    with_compiled = compiled.startswith("compiled")
    print(f"compiled: {compiled}" + ("" if with_compiled else " (no compiled columns)"))
    labels = ["pure apply"] + (["pure unchecked"] if args.unchecked else [])
    if with_compiled:
        labels += [label.replace("pure", "compiled") for label in labels]
    print()
    print(
        f"{'game':<10}{'p':>2} {'reference':<13}{'openspiel':>10}"
        + "".join(f" | {label:<32}" for label in labels)
        + " | floors"
    )
    print(f"{'':<26}{'dec/s':>10}" + f" | {'dec/s':>10} {'ratio':>7} {'[range]':<13}" * len(labels))
    failures: list[str] = []
    checked = 0
    for name in names:
        game = gametable.load_game(name)
        for players in args.players or list(DEFAULT_PLAYERS):
            if players not in game.player_counts:
                print(f"{name:<10}{players:>2}  ({name} is not played by {players})")
                continue
            line, below, had_reference = measure_line(name, players, args, with_compiled)
            print(line, flush=True)
            failures += below
            checked += had_reference
    if not args.check:
        return 0
    if not checked or args.repeat < 3 or not with_compiled:
        print("check: cannot check (needs a reference, a compiled build and --repeat >= 3)")
        return 2
    for failure in failures:
        print(f"check: below the floor: {failure}")
    print("check: " + ("FAILED" if failures else "every apply ratio is at or above its floor"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
