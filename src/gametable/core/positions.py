"""Helpers every game uses to write and read positions as JSON.

Each game's ``to_json`` starts with :func:`header_json` (game, version, players, options, seed,
RNG, ply) and its loader starts with :func:`read_header`, which validates those fields the same
way for every game; :func:`expect_int` checks the many integers a position holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gametable.core.errors import InvalidState
from gametable.core.rng import Rng

if TYPE_CHECKING:
    from gametable.core.protocol import Game, State


def expect_int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an integer within ``low..high``, else :class:`InvalidState` naming it.

    >>> expect_int(3, "round", 1)
    3
    >>> expect_int(-3, "scores[0]", 0)
    Traceback (most recent call last):
    ...
    gametable.core.errors.InvalidState: scores[0] must be at least 0, not -3
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(f"{where} must be an integer, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            raise InvalidState(f"{where} must be at least {low}, not {value}")
        if low is None:
            raise InvalidState(f"{where} must be at most {high}, not {value}")
        raise InvalidState(f"{where} must be between {low} and {high}, not {value}")
    return value


def expect_cards(value: Any, where: str, parse: Callable[[str], int], forms: str) -> list[int]:
    """A list of card texts (integers are taken as their text) parsed with ``parse``; anything
    else is refused with :class:`InvalidState` naming ``where`` and the accepted ``forms``."""
    if not isinstance(value, list):
        raise InvalidState(f"{where} must be a list of cards")
    out = []
    for item in value:
        if isinstance(item, int) and not isinstance(item, bool):
            item = str(item)
        if not isinstance(item, str):
            raise InvalidState(f"{where}: {item!r} is not a card (use {forms})")
        try:
            out.append(parse(item))
        except ValueError as exc:
            raise InvalidState(f"{where}: {exc}") from None
    return out


@dataclass
class Header:
    """The fields every position starts with, validated."""

    players: int
    options: dict[str, Any]
    seed: int
    rng: Rng
    ply: int


def read_header(game: Game, data: dict[str, Any]) -> Header:
    """Players (allowed with these options), options (resolved), seed, RNG (default: from the
    seed) and ply (default 0) of a position."""
    players = expect_int(data.get("players"), "players")
    try:
        options = game.resolve_options(data.get("options"))
        game.check_players(players, options)
    except ValueError as exc:
        raise InvalidState(str(exc)) from None
    seed = expect_int(data.get("seed", 0), "seed", 0)
    try:
        rng = Rng.from_json(data["rng"]) if "rng" in data else Rng(seed)
    except ValueError as exc:
        raise InvalidState(f"rng: {exc}") from None
    ply = expect_int(data.get("ply", 0), "ply", 0)
    return Header(players, options, seed, rng, ply)


def header_json(state: State) -> dict[str, Any]:
    """The fields :func:`read_header` reads back."""
    return {
        "game": state.game.name,
        "version": state.game.version,
        "players": state.players,
        "options": dict(state.options),
        "seed": state.seed,
        "rng": state.rng.to_json(),
        "ply": state.ply,
    }
