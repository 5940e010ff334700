"""Positions drawn by hand for the Balam tests, through the public JSON form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gametable import load_game
from gametable.core.rng import Rng
from gametable.games.balam import register_board

GAME = load_game("balam")
#: the board of the rulebook's worked examples, registered under this name
EXAMPLES = register_board("examples", Path(__file__).parent / "data" / "examples.toml")


def position(
    players: int = 2,
    *,
    sites: dict | None = None,
    kings: list | None = None,
    phase: str = "turn",
    current: int = 0,
    slots: list | None = None,
    discard: list | None = None,
    deck: list | None = None,
    peeks: list | None = None,
    turn: dict | None = None,
    distribution: dict | None = None,
    options: dict | None = None,
    rng: str | None = None,
    round_first: int | None = None,
    dice: list | None = None,
):
    """A state from a hand-written position; unspecified parts take plain defaults."""
    katun: dict[str, Any] = {
        "slots": ["exceptional", "exceptional", "expedition", "expedition", "cacao_festival"][
            : players + 1
        ]
        if slots is None
        else slots,
        "discard": discard or [],
        "peeks": peeks or [[] for _ in range(players)],
    }
    if deck is not None:
        katun["deck"] = deck
    data: dict[str, Any] = {
        "game": "balam",
        "version": 1,
        "players": players,
        "options": options or {},
        "seed": 7,
        "phase": phase,
        "current": current,
        "round_first": current if round_first is None else round_first,
        "sites": sites or {},
        "kings": kings or [{"riches": {"maize": 6}} for _ in range(players)],
        "katun": katun,
        "turn": turn or {},
        "distribution": distribution or {},
    }
    if rng is not None:
        data["rng"] = rng
    if dice is not None:
        data["dice"] = dice
    return GAME.state_from_json(data)


def rng_rolling(*faces: int) -> str:
    """An RNG state whose next die rolls (default faces 0,1,1,2,3,X) show ``faces`` (X = -1)."""
    want = [{0: 0, 1: 1, 2: 3, 3: 4, -1: 5}[f] for f in faces]
    for seed in range(100000):
        r = Rng(seed)
        if [r.randbelow(6) for _ in want] == want:
            return Rng(seed).to_json()
    raise AssertionError("no seed found")


def play(state, *actions: str, seat: int | None = None) -> None:
    for a in actions:
        state.apply(a, seat)


def legal(state, seat: int | None = None) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


def plot_texts(site: dict[str, Any]) -> list[str | None]:
    """A site of a view, its plots written as a position writes them (to compare with a board
    drawn in a test): ``None`` for an empty plot, the building on its first plot, ``+`` on the
    second plot of a palace or temple, then ``:riches`` for a riches lying there."""
    out: list[str | None] = []
    for number, plot in enumerate(site["plots"]):
        if plot is None:
            out.append(None)
            continue
        text = plot["building"] if plot["anchor"] == number else "+"
        out.append(text if plot["riches"] is None else f"{text}:{plot['riches']}")
    return out
