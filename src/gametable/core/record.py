"""Match records: game, version, players, seed, options and the moves in notation.

A :class:`Record` replays to the exact state it was taken from, because every chance event comes
from the state's seeded RNG.  Each move is stored with the seat that made it, since some games let
several seats decide at once.

>>> from gametable import load_game
>>> game = load_game("balzakken")
>>> rec = Record.start(game, players=3, seed=7)
>>> state = rec.replay()
>>> action = state.legal_actions()[0]
>>> rec.append(state, action)
>>> Record.from_json(rec.to_json()).replay() == rec.replay()
True

Reading a record checks every field's type and range before anything is replayed, so a damaged
or hostile file ends in a :class:`RecordError` naming what is wrong (and the file), never in a
traceback: ``players`` must be a whole number (2.5 is refused, not rounded), ``moves`` a list of
``[seat, notation]`` pairs, ``options`` an object of plain values; numbers must be finite and of a
sensible size (``Infinity``, ``1e400`` and 5,000-digit seeds are refused); nesting is bounded; a
file must be UTF-8 JSON of at most :data:`MAX_BYTES` bytes.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gametable.core.errors import GameError, RecordError
from gametable.core.protocol import Action, Game, State

FORMAT = "gametable-record/1"
#: the largest record file read (a long Balam game is well under a megabyte)
MAX_BYTES = 16 << 20
#: the most digits an integer in a record may have (seeds are below 2**64: 20 digits)
MAX_DIGITS = 24
#: the most players and the longest notation a record may give
MAX_PLAYERS = 64
MAX_NOTATION = 200
#: the deepest nesting of arrays and objects any JSON gametable reads may have
MAX_NESTING = 100


@dataclass
class Record:
    game: str
    version: int
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(
        cls,
        game: Game,
        players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> Record:
        """A record of a new game (options resolved, seed drawn if not given)."""
        state = game.new_game(players, seed=seed, options=options)
        return cls(
            game.name, game.version, players, state.seed, dict(state.options), [], dict(meta or {})
        )

    @classmethod
    def of(cls, state: State, moves: list[tuple[int, str]] | None = None) -> Record:
        """A record of the game ``state`` belongs to, with ``moves`` made since its start."""
        return cls(
            state.game.name,
            state.game.version,
            state.players,
            state.seed,
            dict(state.options),
            list(moves or []),
        )

    def append(self, state: State, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` to ``state`` and record it (nothing is recorded if it is refused)."""
        seat = state.acting_seat(seat)
        state.apply(action, seat)
        self.moves.append((seat, str(action)))

    def load_game(self) -> Game:
        from gametable.core.registry import load_game

        try:
            game = load_game(self.game)
        except GameError as exc:
            raise RecordError(str(exc)) from None
        if game.version != self.version:
            raise RecordError(
                f"this record was made with {self.game} version {self.version}, but this gametable "
                f"has version {game.version}; its moves may not mean the same any more"
            )
        return game

    def states(self) -> Iterator[tuple[State, tuple[int, str] | None]]:
        """Each state of the game in turn, with the move that led to it (None for the start).

        The same state object is updated in place; clone it to keep a copy.
        """
        game = self.load_game()
        try:
            state = game.new_game(self.players, seed=self.seed, options=self.options)
        except ValueError as exc:
            raise RecordError(f"cannot start the recorded game: {exc}") from None
        yield state, None
        for number, (seat, text) in enumerate(self.moves, start=1):
            try:
                state.apply(game.parse_action(state, text), seat)
            except GameError as exc:
                raise RecordError(
                    f"move {number} ({text!r} by seat {seat}) cannot be replayed: {exc}"
                ) from None
            yield state, (seat, text)

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` moves (all of them by default)."""
        limit = len(self.moves) if upto is None else upto
        for index, (state, _move) in enumerate(self.states()):
            if index == limit:
                return state
        raise RecordError(f"the record has only {len(self.moves)} moves, not {limit}")

    # -- JSON ---------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "moves": [[seat, text] for seat, text in self.moves],
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Record:
        """A record from its JSON text or object; :class:`RecordError` says what is wrong."""
        if isinstance(data, str):
            data = parse_json(data)
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RecordError(f'not a gametable record (expected "format": "{FORMAT}")')
        players = whole(data, "players", 1, MAX_PLAYERS)
        return cls(
            game=text_field(data, "game", 64),
            version=whole(data, "version", 0, 1_000_000),
            players=players,
            seed=whole(data, "seed", 0, (1 << 64) - 1),
            options=options_field(data.get("options", {})),
            moves=moves_field(data.get("moves", []), players),
            meta=meta_field(data.get("meta", {})),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """The record in the file ``path``; :class:`RecordError` names the file and the fault."""
        try:
            with open(path, "rb") as file:
                raw = file.read(MAX_BYTES + 1)
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
        if len(raw) > MAX_BYTES:
            raise RecordError(f"{path} is not a record: it is larger than {MAX_BYTES >> 20} MiB")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(
                f"{path} is not a record: it is not UTF-8 text (byte {exc.start})"
            ) from None
        try:
            return cls.from_json(text)
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from None


#: what decides JSON nesting: brackets, and the quotes and backslashes that hide them in strings
_NESTING_MARKS = re.compile(r'[\[\]{}"\\]')


def too_deeply_nested(text: str, limit: int = MAX_NESTING) -> bool:
    """Whether ``text``, read as JSON, nests arrays and objects more than ``limit`` deep.

    Checked before parsing, so that hostile nesting is refused long before the parser nears
    Python's recursion limit (where even a finaliser run by the garbage collector would fail).
    Text that is not JSON may get either answer; the parser then refuses it."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    in_string = False
    skip_at = -1
    for mark in _NESTING_MARKS.finditer(text):
        at = mark.start()
        if at == skip_at:
            continue
        char = mark.group()
        if in_string:
            if char == "\\":
                skip_at = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def parse_json(text: str) -> Any:
    """``text`` as JSON, refusing what JSON does not define (NaN, Infinity), numbers too large
    to mean anything here, and nesting deep enough to exhaust the stack."""
    if too_deeply_nested(text):
        raise RecordError(f"a record may not nest more than {MAX_NESTING} deep")
    try:
        return json.loads(
            text,
            parse_constant=refuse_constant,
            parse_float=finite_float,
            parse_int=bounded_int,
        )
    except json.JSONDecodeError as exc:
        raise RecordError(f"a record must be JSON: {exc}") from None


def refuse_constant(name: str) -> Any:
    raise RecordError(f"a record may not contain {name}")


def finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {text[:40]} is too large")
    return value


def bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"the number {text[:20]}... ({len(text)} digits) is too large")
    return int(text)


def whole(data: Mapping[str, Any], name: str, low: int, high: int) -> int:
    """The required field ``name``: a whole number from ``low`` to ``high`` (not a bool)."""
    if name not in data:
        raise RecordError(f"malformed record: {name!r} is missing")
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"malformed record: {name} must be a whole number, not {value!r:.40}")
    if not low <= value <= high:
        raise RecordError(f"malformed record: {name} must be from {low} to {high}, not {value}")
    return value


def text_field(data: Mapping[str, Any], name: str, longest: int) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise RecordError(f"malformed record: {name} must be text, not {value!r:.40}")
    return value


def options_field(value: Any) -> dict[str, Any]:
    """The game options: an object of plain values (text, numbers, true/false, null)."""
    if not isinstance(value, Mapping):
        raise RecordError(f"malformed record: options must be an object, not {value!r:.40}")
    for key, item in value.items():
        if item is not None and not isinstance(item, str | int | float | bool):
            raise RecordError(f"malformed record: option {key!r:.40} must be a plain value")
        if isinstance(item, str) and len(item) > MAX_NOTATION:
            raise RecordError(f"malformed record: option {key!r:.40} is too long")
    return dict(value)


def moves_field(value: Any, players: int) -> list[tuple[int, str]]:
    """The moves: a list of ``[seat, notation]`` with a seat of the game."""
    if not isinstance(value, list):
        raise RecordError(f"malformed record: moves must be a list, not {value!r:.40}")
    moves = []
    for number, item in enumerate(value, start=1):
        if not (isinstance(item, list) and len(item) == 2):
            raise RecordError(f"malformed record: move {number} is not [seat, notation]")
        seat, text = item
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise RecordError(
                f"malformed record: move {number} is by seat {seat!r:.20}, "
                f"not one of 0 to {players - 1}"
            )
        if not isinstance(text, str) or not 0 < len(text) <= MAX_NOTATION:
            raise RecordError(f"malformed record: move {number} is not notation text")
        moves.append((seat, text))
    return moves


def meta_field(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(f"malformed record: meta must be an object, not {value!r:.40}")
    return dict(value)
