"""Situations built as Balam positions (``docs/rules/balam.md``, "Positions by hand"), loaded
by the engine, and actions tried on them.

A situation is always set on the default board: the asking king (seat 0) holds the city
:data:`HOME` (c4, a jade site of 3 plots, by no volcano, no sea, no cenote); the enemy (seat 1)
holds :data:`NEIGHBOUR` (d4, at the end of a path from c4) or :data:`FAR` (a1, far from it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import State
from gametable.core.registry import load_game

HOME: Final = "c4"
NEIGHBOUR: Final = "d4"
FAR: Final = "a1"
#: more sites for a king who holds several cities, none by a volcano or on the seashore
MORE_SITES: Final = ("a3", "e3", "e4", "c2", "a4", "d3", "b3", "d5", "c1", "c3", "b4", "b5")
#: cards laid out beside the one a question is about (harmless when turned)
FILLERS: Final = ("exceptional", "expedition", "marriage", "exceptional", "expedition")


def position(
    *,
    players: int = 2,
    phase: str = "act",
    sites: Mapping[str, Sequence[str | None]] | None = None,
    owners: Mapping[str, int] | None = None,
    riches: Sequence[Mapping[str, int]] | None = None,
    prestige: Sequence[int] | None = None,
    card: str | None = None,
    discard: Sequence[str] = (),
    dice: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A position in the game's JSON format: seat 0 to play in round 3, ``sites`` their plots
    (owned by seat 0 unless ``owners`` says otherwise), ``riches`` on the king sheets, ``card``
    the first face-down Katun card of the round (the others harmless)."""
    sites = sites or {}
    owners = owners or {}
    riches = list(riches or [{"maize": 2}])
    riches += [{"maize": 2}] * (players - len(riches))
    prestige = list(prestige or [0] * players)
    fillers = [c for c in FILLERS if c != card]
    slots = ([card] if card else []) + fillers[: players + 1 - (1 if card else 0)]
    out: dict[str, Any] = {
        "game": "balam",
        "version": 1,
        "players": players,
        "options": {"board": "default", **(options or {})},
        "phase": phase,
        "current": 0,
        "round_first": 0,
        "round": 3,
        "sites": {
            name: {"owner": owners.get(name, 0), "plots": list(plots)}
            for name, plots in sites.items()
        },
        "kings": [
            {"riches": dict(r), "prestige": p} for r, p in zip(riches, prestige, strict=False)
        ],
        "katun": {"slots": slots, "discard": list(discard)},
    }
    if dice:
        out["dice"] = list(dice)
    return out


def load(data: Mapping[str, Any]) -> State | None:
    """The engine's state for ``data``, or ``None`` when the engine refuses the position (the
    situation cannot be: more cities than pyramids, more tokens than the supply...)."""
    try:
        return load_game("balam").state_from_json(dict(data))
    except GameError:
        return None


def refusal(state: State, text: str, seat: int = 0) -> IllegalAction | None:
    """The engine's refusal of the action written ``text`` for ``seat``, or ``None`` when it is
    legal (the state is not changed)."""
    action = load_game("balam").parse_action(state, text)
    try:
        state.check_action(action, seat)
    except IllegalAction as refused:
        return refused
    return None


def play(state: State, *texts: str, seat: int = 0) -> State:
    """A clone of ``state`` after the actions ``texts`` of ``seat``."""
    after = state.clone()
    for text in texts:
        after.apply(load_game("balam").parse_action(after, text), seat)
    return after


def legal_texts(state: State, seat: int = 0) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]
