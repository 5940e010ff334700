"""The war dice ("3 - WARS"): six faces, each 0 to 3 success points or a skull (``X``).

The default faces are ``0,1,1,2,3,X``; the ``faces`` option changes them.

>>> parse_faces("0,1,1,2,3,X")
(0, 1, 1, 2, 3, -1)
>>> face_text(SKULL)
'X'
"""

from __future__ import annotations

from functools import cache
from typing import Final

#: a skull on a die (costs the attacker a garrison)
SKULL: Final = -1
FACES: Final = 6


@cache
def parse_faces(text: str) -> tuple[int, ...]:
    parts = [p.strip().upper() for p in text.split(",")]
    if len(parts) != FACES:
        raise ValueError("a die has 6 faces: write six values like 0,1,1,2,3,X")
    out = []
    for p in parts:
        if p == "X":
            out.append(SKULL)
        elif p in ("0", "1", "2", "3"):
            out.append(int(p))
        else:
            raise ValueError(f"die face {p!r}: a face is 0, 1, 2, 3 or X (a skull)")
    return tuple(out)


def check_faces(text: str) -> str | None:
    """Option check: six faces."""
    try:
        parse_faces(text)
    except ValueError as exc:
        return str(exc)
    return None


def face_text(face: int) -> str:
    return "X" if face == SKULL else str(face)
