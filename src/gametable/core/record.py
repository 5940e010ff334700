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
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gametable.core.errors import GameError, RecordError
from gametable.core.protocol import Action, Game, State

FORMAT = "gametable-record/1"


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
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise RecordError(f"a record must be JSON: {exc}") from None
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RecordError(f'not a gametable record (expected "format": "{FORMAT}")')
        try:
            moves = []
            for item in data.get("moves", []):
                seat, text = item
                if not isinstance(seat, int) or not isinstance(text, str):
                    raise TypeError("each move is [seat, notation]")
                moves.append((seat, text))
            rec = cls(
                game=str(data["game"]),
                version=int(data["version"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options", {})),
                moves=moves,
                meta=dict(data.get("meta", {})),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed record: {exc}") from None
        return rec

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text()
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        return cls.from_json(text)
