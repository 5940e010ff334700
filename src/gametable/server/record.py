"""A table's log of moves, and the position it replays to.

The log is what the table's store keeps: each move's seat, notation and public description, and
the id the client gave its request.  Seed and moves give the same position every time, so a
table loaded from the store, or a move taken back, is the position replayed from the seed.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gametable.core.protocol import Action, Game, State

log = logging.getLogger("gametable.server")


@dataclass(slots=True)  # one per move of every table in memory: no __dict__ each
class LogEntry:
    n: int
    seat: int
    notation: str
    text: str
    request: str | None = None  # the id the client gave its request
    #: the game lets its seat take this move back (``Game.can_take_back``) while it is the last
    undoable: bool = False

    def for_seat(self, seat: int | None, over: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"n": self.n, "seat": self.seat, "text": self.text}
        if over or seat == self.seat:
            out["notation"] = self.notation
        return out


def undoable_move(game: Game, before: State, seat: int, action: Action, after: State) -> bool:
    """Whether the game lets ``seat`` take ``action`` back (asked once, when it is made).  A move
    that drew on chance (the RNG moved) is never taken back, whatever the game says: replaying
    it again would deal the same cards or roll the same dice, and the seat has seen them."""
    if before.rng != after.rng:
        return False
    try:
        return game.can_take_back(before, seat, action, after)
    except Exception:  # a rules bug in the answer must not refuse the move itself
        log.exception("%s: can_take_back failed on %s", game.name, action)
        return False


def replay(
    game: Game, players: int, seed: int, options: Mapping[str, Any], entries: Iterable[LogEntry]
) -> State:
    """The position after ``entries`` (a log, or a prefix of one), replayed from the seed."""
    state = game.new_game(players, seed=seed, options=dict(options))
    for entry in entries:
        state.apply(game.parse_action(state, entry.notation), entry.seat)
    return state


def rebuild(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    moves: list[tuple[int, str, str]],
    requests: Mapping[int, str],
) -> tuple[State, list[LogEntry]]:
    """The position and the log of the stored ``moves`` (seat, notation, text) with their
    ``requests`` ids (by move number); the last move's entry says whether it may be taken
    back."""
    state = game.new_game(players, seed=seed, options=dict(options))
    entries = []
    for n, (seat, notation, text) in enumerate(moves, start=1):
        action = game.parse_action(state, notation)
        before = state.clone() if n == len(moves) else None
        state.apply(action, seat)
        entry = LogEntry(n, seat, notation, text, requests.get(n))
        if before is not None:  # the last move: may its seat still take it back?
            entry.undoable = undoable_move(game, before, seat, action, state)
        entries.append(entry)
    return state, entries
