"""Every rule a game can cite in a refusal resolves to a section of its rules reference.

Two nets: every RuleRef defined at module level in the game packages (and each game's
``turn_rule``/``end_rule``), and the ``exc.rule`` of refusals met in random playouts, where
actions legal elsewhere in the game are tried in positions that forbid them.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import random
from pathlib import Path

import pytest

import gametable
import gametable.games
from gametable import rulebook
from gametable.core.errors import GameError, IllegalAction
from gametable.core.rules import RuleRef
from tests.games import shipped_games

GAMES = shipped_games()


def _module_rulerefs(game: str) -> dict[str, RuleRef]:
    """Every RuleRef reachable from a module-level name of ``gametable.games.<game>``."""
    found: dict[str, RuleRef] = {}
    package = importlib.import_module(f"gametable.games.{game}")
    modules = [package]
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        modules.append(importlib.import_module(info.name))

    def visit(where: str, value, depth: int = 0) -> None:
        if isinstance(value, RuleRef):
            found[where] = value
        elif depth < 3 and isinstance(value, dict):
            for k, v in value.items():
                visit(f"{where}[{k!r}]", v, depth + 1)
        elif depth < 3 and isinstance(value, (list, tuple, set, frozenset)):
            for i, v in enumerate(value):
                visit(f"{where}[{i}]", v, depth + 1)

    for module in modules:
        for name, value in vars(module).items():
            visit(f"{module.__name__}.{name}", value)
    g = gametable.load_game(game)
    for attr in ("turn_rule", "end_rule"):
        if isinstance(getattr(g, attr, None), RuleRef):
            found[f"{game}.{attr}"] = getattr(g, attr)
    return found


def _playout_rulerefs(game: str, seeds: int = 3, steps: int = 250) -> set[RuleRef]:
    """Rules cited by refusals: actions seen legal elsewhere, tried where they are not."""
    g = gametable.load_game(game)
    cited: set[RuleRef] = set()
    for seed in range(seeds):
        for players in g.player_counts[:2]:
            rng = random.Random(seed)
            state = g.new_game(players, seed=seed)
            pool: list = []
            for _ in range(steps):
                moving = state.to_move
                if not moving:
                    break
                seat = rng.choice(moving)
                legal = state.legal_actions(seat)
                pool.extend(rng.sample(legal, min(3, len(legal))))
                if len(pool) > 300:
                    pool = rng.sample(pool, 200)
                for action in rng.sample(pool, min(10, len(pool))):
                    for who in range(players):
                        try:
                            state.clone().apply(action, who)
                        except IllegalAction as exc:
                            cited.add(exc.rule)
                        except GameError:
                            pass
                state.apply(rng.choice(legal), seat)
            try:  # acting after the end, or out of turn
                state.clone().apply(pool[0], 0)
            except IllegalAction as exc:
                cited.add(exc.rule)
            except GameError:
                pass
    return cited


@pytest.mark.parametrize("game", GAMES)
def test_every_module_level_ruleref_resolves(game):
    refs = _module_rulerefs(game)
    assert refs, f"found no RuleRef in gametable.games.{game}"
    reference = rulebook.load(game)
    bad = []
    for where, ref in refs.items():
        try:
            reference.resolve(ref)
        except KeyError as exc:
            bad.append(f"{where}: {exc}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_in_random_play_cites_a_known_section(game):
    cited = _playout_rulerefs(game)
    assert cited, "random play met no refusal"
    bad = []
    for ref in cited:
        try:
            rulebook.resolve(ref)
        except KeyError as exc:
            bad.append(str(exc))
    assert not bad, "\n".join(bad)


def _literal_sections(game: str) -> list[tuple[str, str]]:
    """Section strings written literally in ``RuleRef(...)``/``_ref(...)`` calls of a game's code."""
    package = importlib.import_module(f"gametable.games.{game}")
    found = []
    for path in Path(package.__path__[0]).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            args = node.args
            if node.func.id == "RuleRef" and len(args) >= 2:
                args = (
                    args[1:] if isinstance(args[0], ast.Constant) and args[0].value == game else []
                )
            elif node.func.id != "_ref":
                continue
            if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                found.append((f"{path.name}:{node.lineno}", args[0].value))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_section_named_in_the_code_resolves(game):
    reference = rulebook.load(game)
    bad = []
    for where, section in _literal_sections(game):
        try:
            reference.resolve(RuleRef(game, section))
        except KeyError as exc:
            bad.append(f"{where}: {exc}")
    assert not bad, "\n".join(bad)
