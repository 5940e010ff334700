"""Clients read fields, never notation (issue 15, item 4).

Everything above the games (bots, terminal, adapters, simulation, server, CLI) must learn what an
action or a view means from their fields (``action.to_json()``, the declared view), never by
taking text apart.  Two checks, each able to fail:

- **A static scan** of the client code for the ways of recovering meaning from text: an
  object's text (``str(x)``, ``repr(x)``, an f-string) that is split, sliced or searched; a
  regular expression that is not one of the reviewed ones below (none of which reads notation);
  an import of a game's own modules (a client that reads a game's internals does not need the
  protocol).  ``test_the_scan_finds_what_it_forbids`` shows it flags each pattern.
- **Scrambled notation**: every action class's ``__str__`` (and ``repr``, ``format``) is
  replaced by a reversed, bracketed text.  The games do not care (they never read it back), so a
  client that reads fields behaves exactly as before; one that parses notation breaks or plays
  differently.  The terminal's output must be the same once the scrambled texts are turned back.

Reading what a *person* typed (``game.parse_action`` on a typed line or a saved record, whose
format is notation) is not parsing notation in this sense: the text came from outside.
"""

from __future__ import annotations

import ast
import io
import json
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rich.console import Console

import gametable
from gametable.adapters import features
from gametable.adapters.pettingzoo import raw_env
from gametable.bots import make_bot
from gametable.core.protocol import Game
from gametable.core.record import Record
from gametable.simulate.play import RunConfig, play_game
from gametable.terminal.render import renderer_for
from gametable.terminal.session import TerminalGame

SRC = Path(gametable.__file__).parent

#: the clients: every part of gametable above the games.  ``core`` is the protocol itself (it
#: defines notation and its round trip); ``rulebook`` reads a person's question in English.
CLIENTS = (
    "adapters",
    "bots",
    "simulate",
    "server",
    "terminal",
    "cli.py",
    "arena.py",
    "pettingzoo.py",
    # a game's own parts for these layers read its views and public door, never its notation
    "games/*/bots",
    "games/*/features.py",
    "games/*/terminal.py",
    "games/*/terminal",
    "games/*/cli.py",
)
#: what a game's own parts may import of their game: its public door and their fellow parts
OWN_PARTS = ("public", "bots", "features", "terminal", "cli")

#: regular expressions reviewed as not reading notation: (file, pattern) -> what they read
REVIEWED_PATTERNS = {
    ("server/manager.py", r"[A-Za-z0-9_+=:,-]{0,40}"): "an option value a person sent",
    ("bots/__init__.py", r"[A-Za-z_][A-Za-z0-9_]{0,31}"): "a bot spec's parameter name",
    ("bots/__init__.py", r"[A-Za-z0-9_.+-]{1,32}"): "a bot spec's parameter value",
    (
        "terminal/saves.py",
        r"^(?P<game>[a-z0-9_]+)-(?P<stamp>\d{8}-\d{6})(?:-(?P<n>\d+))?\.json$",
    ): "a save file's name",
    ("simulate/store.py", r"^games-(\d+)-(\d+)\.(parquet|csv)$"): "a shard file's name",
    (
        "server/seats.py",
        r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|.)?",
    ): "a terminal's escape sequence in a seat's name",
    ("server/ws.py", r"[0-9a-f]{32}"): "a worker's incarnation in a forwarded socket's header",
}

#: imports of a game's modules allowed outside the games: (file, module) -> why
REVIEWED_IMPORTS: dict[tuple[str, str], str] = {}

#: text methods that take a text apart or look inside it
TEXT_METHODS = frozenset(
    [
        "split",
        "rsplit",
        "partition",
        "rpartition",
        "startswith",
        "endswith",
        "find",
        "rfind",
        "index",
        "rindex",
        "count",
        "removeprefix",
        "removesuffix",
        "splitlines",
    ]
)
#: functions and pattern methods of ``re`` that read a text
RE_FUNCTIONS = frozenset(
    ["match", "fullmatch", "search", "findall", "finditer", "split", "sub", "subn"]
)


# -- the static scan --------------------------------------------------------------------------------
class Scan(ast.NodeVisitor):
    """Finds, in one module, the ways of reading meaning out of text (see the module docstring)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[str] = []
        self.texts: set[str] = set()  # names bound to an object's text in the current function

    def flag(self, node: ast.AST, what: str) -> None:
        self.found.append(f"{self.path}:{getattr(node, 'lineno', 0)}: {what}")

    def is_text_of_object(self, node: ast.AST) -> bool:
        """``str(x)``, ``repr(x)``, ``format(x)``, an f-string, or a name bound to one."""
        if isinstance(node, ast.JoinedStr):
            return any(isinstance(v, ast.FormattedValue) for v in node.values)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return node.func.id in ("str", "repr", "format") and len(node.args) == 1
        return isinstance(node, ast.Name) and node.id in self.texts

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        outer, self.texts = self.texts, set()
        self.generic_visit(node)
        self.texts = outer

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Assign(self, node: ast.Assign) -> None:
        if self.is_text_of_object(node.value):
            self.texts |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if self.is_text_of_object(node.value) and not is_truncation(node.slice):
            self.flag(node, "an object's text is sliced or indexed")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute):
            if func.attr in TEXT_METHODS and self.is_text_of_object(func.value):
                self.flag(node, f"an object's text is taken apart with .{func.attr}()")
            if func.attr in RE_FUNCTIONS | {"compile"} and is_re(func.value):
                self.check_pattern(node)
            if func.attr in RE_FUNCTIONS and any(self.is_text_of_object(a) for a in node.args):
                self.flag(node, f"an object's text is matched with .{func.attr}()")
        self.generic_visit(node)

    def check_pattern(self, node: ast.Call) -> None:
        pattern = node.args[0] if node.args else None
        text = pattern.value if isinstance(pattern, ast.Constant) else ast.unparse(pattern or node)
        if (self.path, text) not in REVIEWED_PATTERNS:
            self.flag(node, f"a regular expression not reviewed: {text!r}")

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.check_import(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if (
            node.module
            and node.module.count(".") == 2
            and node.module.startswith("gametable.games.")
        ):
            for alias in node.names:  # from gametable.games.<game> import public
                self.check_import(node, f"{node.module}.{alias.name}")
        elif node.module:
            self.check_import(node, node.module)

    def check_import(self, node: ast.AST, module: str) -> None:
        if not module.startswith("gametable.games") or (self.path, module) in REVIEWED_IMPORTS:
            return
        if self.path.startswith("games/"):  # a game's part: its own public door and parts
            game = self.path.split("/")[1]
            own = module.split(".")
            if own[2:3] == [game] and own[3:4] and own[3] in OWN_PARTS:
                return
        self.flag(node, f"imports a game's own module {module} (use the protocol)")


def is_truncation(index: ast.AST) -> bool:
    """``[:n]`` with ``n`` of 40 or more: a long text cut short for display, not read."""
    return (
        isinstance(index, ast.Slice)
        and index.lower is None
        and index.step is None
        and isinstance(index.upper, ast.Constant)
        and isinstance(index.upper.value, int)
        and index.upper.value >= 40
    )


def is_re(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "re"


def scan_source(source: str, path: str) -> list[str]:
    scan = Scan(path)
    scan.visit(ast.parse(source))
    return scan.found


def client_files(client: str) -> Iterator[Path]:
    for root in sorted(SRC.glob(client)):
        yield from sorted(root.rglob("*.py")) if root.is_dir() else [root]


def scan_client(client: str) -> list[str]:
    found: list[str] = []
    for path in client_files(client):
        found += scan_source(path.read_text(), path.relative_to(SRC).as_posix())
    return found


@pytest.mark.parametrize("client", CLIENTS)
def test_no_client_reads_meaning_out_of_text(client: str) -> None:
    assert list(client_files(client)), f"no code found for {client}"
    assert scan_client(client) == []


def test_the_scan_finds_what_it_forbids() -> None:
    """Every forbidden pattern is flagged; reading fields, and reviewed patterns, are not."""
    offending = """
import re
from gametable.games.balam.board import load_board
def a(action):
    kind, site = str(action).split(" ", 1)
def b(action):
    return str(action)[:2], str(message)[:500]
def c(action):
    text = repr(action)
    return text.startswith("build")
def d(action):
    return re.fullmatch(r"([a-z])(\\d+)", f"{action}")
def e(state, seat):
    return [str(a).partition(" ")[0] for a in state.legal_actions(seat)]
"""
    found = scan_source(offending, "bots/example.py")
    lines = sorted({int(f.split(":")[1]) for f in found})
    assert lines == [3, 5, 7, 10, 12, 14], found
    fine = """
import re
def a(action, seat, state):
    data = action.to_json()
    label = f"{data['kind']} at {data['site']}"
    return data["kind"] == "build", label, state.describe(action, seat), str(action)
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}")
"""
    assert scan_source(fine, "bots/__init__.py") == []


# -- scrambled notation -----------------------------------------------------------------------------
OPEN, CLOSE = "\u00ab", "\u00bb"
SCRAMBLED = re.compile(f"{OPEN}([^{CLOSE}]*){CLOSE}")


def unscramble(text: str) -> str:
    """Turn every scrambled notation in ``text`` back into the notation."""
    return SCRAMBLED.sub(lambda m: m.group(1)[::-1], text)


@contextmanager
def scrambled(monkeypatch: pytest.MonkeyPatch, game: Game) -> Iterator[None]:
    """Every action of ``game`` shows its notation reversed, between guillemets."""
    with monkeypatch.context() as m:
        for cls in game.action_types:
            notation = cls.__str__

            def text(self: Any, _notation: Callable[[Any], str] = notation) -> str:
                return OPEN + _notation(self)[::-1] + CLOSE

            m.setattr(cls, "__str__", text)
            m.setattr(cls, "__repr__", lambda self: f"Scrambled({self})")
            m.setattr(cls, "__format__", lambda self, spec: str(self))
        yield


CASES = [
    (name, n) for name in gametable.game_names() for n in gametable.load_game(name).player_counts
]
SMALLEST = [(name, gametable.load_game(name).min_players) for name in gametable.game_names()]


def case_id(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


def bot_game(name: str, players: int, spec: str, seed: int, plies: int) -> list[str]:
    """The actions (as JSON) bots of ``spec`` play in the first ``plies`` decisions."""
    state = gametable.load_game(name).new_game(players, seed=seed)
    bots = [make_bot(spec, seed=seed * 10 + s) for s in range(players)]
    played = []
    while not state.is_over and state.ply < plies:
        seat = state.to_move[0]
        action = bots[seat].act(state, seat)
        played.append(json.dumps([seat, action.to_json()], sort_keys=True))
        state.apply(action, seat)
    return played


def test_scrambling_changes_the_notation_and_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scramble is in force, and the games themselves play on unchanged."""
    game = gametable.load_game("balzakken")
    before = bot_game("balzakken", 2, "random", 1, 200)
    state = game.new_game(2, seed=1)
    action = state.legal_actions(state.to_move[0])[0]
    with scrambled(monkeypatch, game):
        assert str(action).startswith(OPEN) and unscramble(str(action)) != str(action)
        assert bot_game("balzakken", 2, "random", 1, 200) == before
    assert not str(action).startswith(OPEN)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_heuristic_bots_play_the_same_with_scrambled_notation(
    case: tuple[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    name, players = case
    before = [bot_game(name, players, "heuristic", seed, 200) for seed in (1, 2)]
    with scrambled(monkeypatch, gametable.load_game(name)):
        after = [bot_game(name, players, "heuristic", seed, 200) for seed in (1, 2)]
    assert after == before


@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_ismcts_bot_plays_the_same_with_scrambled_notation(
    case: tuple[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    name, players = case
    spec = "ismcts:iterations=12"
    before = bot_game(name, players, spec, 3, 25)
    with scrambled(monkeypatch, gametable.load_game(name)):
        assert bot_game(name, players, spec, 3, 25) == before


@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_simulation_rows_are_the_same_with_scrambled_notation(
    case: tuple[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The simulation runner (its records hold notation, by design; they are left out here)."""
    name, players = case
    config = RunConfig.make(name, players, ("heuristic", "random"), seed=4, record_moves=False)
    before = play_game(config, 0)
    with scrambled(monkeypatch, gametable.load_game(name)):
        assert play_game(config, 0) == before


def adapter_observations(name: str, players: int, plies: int) -> list[bytes]:
    """PettingZoo's observations and masks, and the layout's tensors, along a random game."""
    env = raw_env(name, players=players)
    env.reset(seed=5)
    layout = features.layout(name, players)
    rng = random.Random(5)
    seen = []
    for _agent in env.agent_iter(max_iter=plies):
        observation, _, done, cut, _ = env.last()
        state = env.gametable_state
        seen.append(observation["observation"].tobytes() + observation["action_mask"].tobytes())
        seen.append(layout.encode(state.view(None)).tobytes())
        if done or cut:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return seen


@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_adapters_observe_the_same_with_scrambled_notation(
    case: tuple[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    name, players = case
    before = adapter_observations(name, players, 150)
    with scrambled(monkeypatch, gametable.load_game(name)):
        assert adapter_observations(name, players, 150) == before


class Person:
    """A person at seat 0 of the terminal, choosing like a random bot and opening the menu by
    entry numbers, level by level; answers "yes" to every confirmation.  Stops after ``turns``."""

    def __init__(self, seed: int, turns: int) -> None:
        self.bot = make_bot("random", seed=seed)
        self.turns = turns
        self.session: TerminalGame | None = None
        self.asked: list[str] = []
        self.choice: tuple[int, Any] = (-1, None)

    def __call__(self, message: str, candidates: Any = ()) -> str:
        session = self.session
        assert session is not None and session.menu is not None
        self.asked.append(message)
        if message.endswith("(y/n) "):
            return "yes"
        state = session.state
        if self.choice[0] != state.ply:
            self.turns -= 1
            if self.turns < 0:
                raise Stop
            self.choice = (state.ply, self.bot.act(state, 0))
        label = self.choice[1].steps[len(session.menu.path)]
        entry = next(e for e in session.menu.entries() if e.label == label)
        return str(entry.number)


class Stop(Exception):
    """The person leaves the table."""


def terminal_transcript(name: str, players: int, seed: int, turns: int) -> tuple[list[str], str]:
    """A game at the terminal, seat 0 a :class:`Person`, the others heuristic bots: what the
    person was asked, and the screen as text (with every view's board at the end)."""
    state = gametable.load_game(name).new_game(players, seed=seed)
    bots = {s: make_bot("heuristic", seed=s) for s in range(1, players)}
    out = io.StringIO()
    console = Console(file=out, width=400, height=60, color_system=None)
    person = Person(seed, turns)
    session = TerminalGame(state, Record.of(state), bots, console, person)
    person.session = session
    with suppress(Stop):
        session.run()
    renderer = renderer_for(name)
    for seat in (None, *range(players)):
        console.print(renderer.board(state.view(seat)))
    return person.asked, out.getvalue()


#: turns of the person in each game (Balam's turns are short decisions)
TURNS = {"balzakken": 60, "keezbord": 20, "balam": 20}


@pytest.mark.parametrize("case", [c for c in SMALLEST if c[0] in TURNS], ids=case_id)
def test_the_terminal_is_the_same_with_scrambled_notation(
    case: tuple[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same questions, same screen (once scrambled notation is turned back)."""
    name, players = case
    asked, screen = terminal_transcript(name, players, 2, TURNS[name])
    assert len(asked) >= 20
    with scrambled(monkeypatch, gametable.load_game(name)):
        asked_now, screen_now = terminal_transcript(name, players, 2, TURNS[name])
    assert asked_now == asked
    assert unscramble(screen_now) == screen
