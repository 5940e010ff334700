"""What each seat sees: the public position, the Katun cards it looked at, the board's layout."""

from __future__ import annotations

from typing import Any

from gametable.games.balam.board import LARGE_PYRAMIDS, SMALL_PYRAMIDS, board_json
from gametable.games.balam.katun import TEXT
from gametable.games.balam.state import OVER, BalamData


def view(
    state: BalamData, seat: int | None, to_move: tuple[int, ...], outcome: Any
) -> dict[str, Any]:
    out = state.to_json()
    for hidden in ("seed", "rng", "stats"):
        del out[hidden]
    out["to_move"] = list(to_move)
    katun = out["katun"]
    katun["deck"] = len(state.deck)
    del katun["peeks"]
    slots = []
    for i, c in enumerate(state.slots):
        if c < 0:
            slots.append("turned")
        elif seat is not None and state.peeks[seat] >> i & 1:
            slots.append(TEXT[c])
        else:
            slots.append("?")
    katun["slots"] = slots
    katun["peeked"] = [bin(m).count("1") for m in state.peeks]
    out["seat"] = seat
    out["board"] = board_json(state.board)
    out["pyramids_left"] = [
        {"large": LARGE_PYRAMIDS - state.cities(q), "small": SMALL_PYRAMIDS - state.small_used(q)}
        for q in range(state.players)
    ]
    if state.phase == OVER:
        out["outcome"] = outcome.to_json()
    return out
