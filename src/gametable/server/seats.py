"""A table's seats and their keys: who sits where, and the secret each human seat holds.

A human seat's key (its token) is shown once, when the seat is made or taken, and stored hashed;
a request proves its seat by the token (:func:`seat_for_token`).  A seat the creator left open
is taken by the first stranger who claims it (:func:`claim`), and only then gets its key.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from gametable.server.refused import Refused

#: the longest name a seat may have (characters)
MAX_NAME = 40
#: a terminal's escape sequence (colours, cursor moves): dropped whole from names
ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|.)?")


def clean_name(name: str | None) -> str | None:
    r"""A seat's name as the others see it: terminal escape sequences dropped, every other
    control, format (bidirectional overrides, zero-width marks) or unassigned character made a
    space, runs of spaces made one, the ends trimmed, at most :data:`MAX_NAME` characters;
    ``None`` if nothing is left.

    >>> clean_name("\x1b[31mEve\x1b[0m \u202eevil\n  ")
    'Eve evil'
    >>> clean_name("\u200b\t") is None
    True
    """
    if not name:
        return None
    kept = "".join(
        " " if unicodedata.category(c).startswith("C") else c for c in ESCAPE.sub("", name)
    )
    return " ".join(kept.split())[:MAX_NAME].rstrip() or None


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatInfo:
    kind: str  # "human" or "bot"
    bot: str | None = None
    token_hash: str | None = None
    name: str | None = None
    #: a human seat the creator left for anyone to take (no key yet; ``claim`` gives one)
    open: bool = False

    def __post_init__(self) -> None:
        self.name = clean_name(self.name)  # also names stored before they were cleaned

    def to_store(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "bot": self.bot,
            "token_hash": self.token_hash,
            "name": self.name,
            "open": self.open,
        }

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "name": self.name, "open": self.open}


def seat_for_token(seats: list[SeatInfo], token: str | None) -> int | None:
    """The seat whose secret is ``token`` (``None`` for no token); :class:`Refused` if none."""
    if not token:
        return None
    digest = hash_token(token)
    for seat, info in enumerate(seats):
        if info.token_hash and hmac.compare_digest(info.token_hash, digest):
            return seat
    raise Refused("auth", "this token does not belong to any seat of this table")


def free_seats(seats: list[SeatInfo]) -> list[int]:
    """The seats a stranger may still take."""
    return [i for i, s in enumerate(seats) if s.open and s.token_hash is None]


def claim(
    seats: list[SeatInfo], seat: int | None, name: str | None, token: str | None = None
) -> tuple[int, str, list[SeatInfo]]:
    """A stranger takes ``seat`` (or the first free one): the seat, its new key (``token`` if
    given: a player's seat key, :mod:`gametable.server.players`) and the seats after it;
    :class:`Refused` says why not.

    1. The seat was left open by the table's creator and nobody has taken it yet.
    2. It is one of the table's seats.
    """
    free = free_seats(seats)
    if seat is None:
        if not free:
            raise Refused("taken", "this table has no free seat left")
        seat = free[0]
    elif not 0 <= seat < len(seats):
        raise Refused("invalid", f"this table has seats 0 to {len(seats) - 1}")
    elif seat not in free:
        raise Refused("taken", f"seat {seat} is not free for anyone to take")
    token = token or new_token()
    taken = SeatInfo("human", token_hash=hash_token(token), name=name or seats[seat].name)
    return seat, token, [taken if i == seat else s for i, s in enumerate(seats)]
