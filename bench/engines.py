"""Random playouts: gametable's engines beside OpenSpiel's C++ games, side by side in one run.

    .venv/bin/python bench/engines.py [--seconds 1] [--slice 0.25] [--repeat 3]
                                      [--players N ...] [--game NAME ...] [--check]

Every engine is driven by the same Python loop: pick a uniformly random legal action of the seat
to move and apply it; a decision is one applied action.  OpenSpiel's chance nodes are sampled in
the loop (not counted as decisions) as ``outcomes[int(rng.random() * len(outcomes))][0]``, which
is right only for uniform chance events: those of crazy_eights and maedn are, at 2 to 4 players.
The run checks it once per reference and player count (three seeded games, every chance node)
before relying on it; where it fails (crazy_eights deals from two decks from 6 players on) the
reference is reported unavailable.  gametable deals and rolls inside its engines, from the
seeded RNG of each state.

Fairness on a shared, noisy machine:

- time is this process's CPU time (``time.process_time``), not wall-clock;
- the engines of one game and player count take turns in short slices (``--slice`` CPU seconds,
  the order rotating each time) until each has had ``--seconds`` CPU seconds: that is one
  *measurement*, and its ratios are taken within it.  There are ``--repeat`` measurements (at
  least 3 for ``--check``); the table shows the medians.  Nothing is cached across games or
  player counts: each pair is measured afresh.

Columns, for each game and player count (default: 2 and 4 players):

- ``openspiel``: decisions/s of the reference, OpenSpiel's C++ game.  Its ``apply_action`` does
  not check that the action is legal (crazy_eights checks only that the card is in hand: the
  self-check printed first shows it accepting a card that does not match the discard pile);
- ``apply``: gametable's public ``state.apply(action, seat)``, which validates every action and
  refuses an illegal one with its rule, the state untouched (also shown by the self-check);
- ``unchecked``: gametable's trusted path ``state.apply_unchecked(action, seat)``, which skips
  validation for an action taken from ``legal_actions`` of the same state, as OpenSpiel's does;
- each with its ratio to the reference (median of the per-measurement ratios, with their range).

The floors of issue 19 (pure Python, 2 and 4 players) apply to the ``apply`` ratio, the
validating path: it is what every caller gets by default, and the reference skips validation,
so a floor met there is met with margin.  ``unchecked`` is shown beside it, not checked::

    balzakken  vs crazy_eights   floor 0.6x    (compiled build: 1.0x)
    keezbord   vs maedn          floor 0.35x   (compiled build: 0.6x)
    balam      vs maedn          floor 0.15x   (compiled build: 0.3x)

``--check`` exits with status 1 when a ratio is below its floor, and 2 when it cannot check
(OpenSpiel missing, fewer than 3 measurements).  A count the reference does not allow (maedn:
2-4 players) prints gametable's own figures and says why the reference is unavailable.

The optional compiled build of the engines (issue 19, mypyc; ``docs/performance.md``) is made
by ``bench/build_compiled.py`` into ``build/compiled/``, as a renamed copy of the package that
imports beside the pure-Python ``gametable``.  When it is there and up to date, the same loops
time it in the same slices as two more columns (``compiled apply``, ``compiled unchecked``),
checked against the compiled floors; otherwise the run says ``compiled: not built`` (or
``stale``) and why.  The run also warns if the ``gametable`` it imported is itself compiled
(then ``apply`` and ``unchecked`` are not the pure-Python figures).

OpenSpiel comes from the ``bench`` extra (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import importlib.machinery
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

import build_compiled  # bench/build_compiled.py, beside this script

import gametable

try:
    import pyspiel
except ImportError:  # the reference is optional: gametable's own figures still print
    pyspiel = None


@dataclass(frozen=True)
class Reference:
    """The OpenSpiel game a gametable game is measured against, and the floors of issue 19."""

    game: str
    floor: float
    compiled_floor: float


REFERENCES = {
    "balzakken": Reference("crazy_eights", 0.6, 1.0),
    "keezbord": Reference("maedn", 0.35, 0.6),
    "balam": Reference("maedn", 0.15, 0.3),
}
DEFAULT_PLAYERS = (2, 4)


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
        """Play whole random games for at least ``seconds`` of CPU time."""
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
    def __init__(self, ref: str, players: int, seed: int = 0) -> None:
        self.game = pyspiel.load_game(ref, {"players": players})
        self.rng = random.Random(seed)

    def run(self, seconds: float) -> Tally:
        game, rng = self.game, self.rng
        decisions = 0
        start = time.process_time()
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
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


# -- gametable --------------------------------------------------------------------------------------
class GametableRunner:
    """Random playouts of a gametable game through ``apply`` or, trusted, ``apply_unchecked``."""

    def __init__(self, game: gametable.Game, players: int, trusted: bool) -> None:
        self.game = game
        self.players = players
        self.method = "apply_unchecked" if trusted else "apply"
        self.rng = random.Random(0)
        self.seed = 0

    def run(self, seconds: float) -> Tally:
        game, players, rng, method = self.game, self.players, self.rng, self.method
        decisions = 0
        start = time.process_time()
        while True:
            state = game.new_game(players, seed=self.seed)
            self.seed += 1
            apply = getattr(state, method)
            while moving := state.to_move:
                seat = moving[0] if len(moving) == 1 else rng.choice(moving)
                apply(rng.choice(state.legal_actions(seat)), seat)
                decisions += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
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


def compiled_load_game() -> tuple[Callable[[str], gametable.Game] | None, str]:
    """The ``load_game`` of the compiled build (``bench/build_compiled.py``), imported beside
    the pure-Python package, and a line saying what was found; ``None`` when there is no
    build or it was built from other sources than those of this tree (stale)."""
    stale = build_compiled.stale_files()
    if stale is None:
        return None, "not built (python bench/build_compiled.py; docs/performance.md)"
    if stale:
        return None, (
            f"stale: {stale[0]} changed since it was built "
            f"({len(stale)} files); python bench/build_compiled.py"
        )
    package = build_compiled.import_compiled()
    games = build_compiled.compiled_games(package)
    return package.load_game, f"mypyc build in build/compiled/ ({', '.join(games)} compiled)"


def compiled_gametable_modules() -> list[str]:
    """Modules of the imported ``gametable`` that are extension modules (a compiled build in
    place): then the ``apply`` and ``unchecked`` columns are not the pure-Python figures."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if (name == "gametable" or name.startswith("gametable."))
        and (getattr(module, "__file__", "") or "").endswith(suffixes)
    )


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
                gc.collect()  # each slice starts without the others' garbage
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
def print_preamble(args: argparse.Namespace, compiled_note: str) -> None:
    print(
        f"CPU time (time.process_time); {args.repeat} measurements of {args.seconds:g} s per "
        f"engine in alternating slices of {min(args.slice, args.seconds):g} s; medians shown"
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
    print("compiled: " + compiled_note)
    in_place = compiled_gametable_modules()
    if in_place:
        print(
            f"warning: {len(in_place)} gametable modules are loaded compiled ({in_place[0]}, ...): "
            "'apply' and 'unchecked' below are not pure Python"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="CPU seconds per engine per measurement"
    )
    parser.add_argument("--slice", type=float, default=0.25, help="CPU seconds of one turn")
    parser.add_argument("--repeat", type=int, default=3, help="measurements (medians shown)")
    parser.add_argument(
        "--players", type=int, action="append", default=None, help="repeatable; default: 2 and 4"
    )
    parser.add_argument("--game", action="append", default=None, choices=sorted(REFERENCES))
    parser.add_argument("--check", action="store_true", help="exit 1 below the issue-19 floors")
    args = parser.parse_args()
    if args.seconds <= 0 or args.slice <= 0 or args.repeat < 1:
        parser.error("--seconds, --slice and --repeat must be positive")
    names = [n for n in REFERENCES if n in (args.game or gametable.game_names())]
    counts = args.players or list(DEFAULT_PLAYERS)
    compiled, compiled_note = compiled_load_game()
    print_preamble(args, compiled_note)

    compiled_names = (
        build_compiled.compiled_games(build_compiled.import_compiled()) if compiled else []
    )
    labels = ["apply", "unchecked"] + (["compiled apply", "compiled unchecked"] if compiled else [])
    print()
    print(
        f"{'game':<10}{'p':>2} {'reference':<13}{'openspiel':>10}"
        + "".join(f" | {label:<32}" for label in labels)
        + " | floors"
    )
    print(
        f"{'':<26}{'dec/s':>10}"
        + f" | {'dec/s':>10} {'ratio':>7} {'[range]':<13}" * len(labels)
        + " | (ratio of)"
    )
    failures: list[str] = []
    checked = 0  # game and player counts with a reference, hence a floor to check
    for name in names:
        reference = REFERENCES[name]
        game = gametable.load_game(name)
        native = compiled(name) if compiled is not None and name in compiled_names else None
        for players in counts:
            line = f"{name:<10}{players:>2} {reference.game:<13}"
            if players not in game.player_counts:
                print(line + f"  ({name} is not played by {players})")
                continue
            unavailable = reference_unavailable(reference.game, players)
            has_reference = unavailable is None
            runners: list[Runner] = []
            if has_reference:
                runners.append(OpenSpielRunner(reference.game, players))
            runners.append(GametableRunner(game, players, trusted=False))
            runners.append(GametableRunner(game, players, trusted=True))
            if native is not None:
                runners.append(GametableRunner(native, players, trusted=False))
                runners.append(GametableRunner(native, players, trusted=True))
            figures = summarise(
                measure(runners, args.seconds, args.slice, args.repeat), has_reference
            )
            ours = figures[1:] if has_reference else figures
            line += f"{figures[0].rate:>10,.0f}" if has_reference else f"{'-':>10}"
            line += "".join(f" | {f.cell():<32}" for f in ours)
            if compiled is not None and native is None:
                line += f" | {'(not compiled)':<32}" * 2
            if has_reference:
                floors = [("apply", ours[0], reference.floor)]
                if native is not None:
                    floors.append(("compiled apply", ours[2], reference.compiled_floor))
                for label, figure, floor in floors:
                    assert figure.ratio is not None
                    below = figure.ratio < floor
                    line += f" | {label} {floor:.2f}x {'BELOW' if below else 'ok'}"
                    if below:
                        failures.append(f"{name} {players}p {label} {figure.ratio:.3f}x < {floor}x")
                checked += 1
            else:
                line += f" | no reference ({unavailable}): gametable's figures only"
            print(line, flush=True)

    if not args.check:
        return 0
    if not checked or args.repeat < 3:
        print("check: cannot check (needs a reference figure and --repeat >= 3)")
        return 2
    for failure in failures:
        print(f"check: below the floor: {failure}")
    print("check: " + ("FAILED" if failures else "every apply ratio is at or above its floor"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
