"""Balzakken's actions, their notation and their integer encoding.

Notation (case-insensitive on input; ``str(action)`` is the canonical form):

==========================  ==================================================================
``discard 7``               Action 1: discard one Balzak 7, then draw from the draw pile
``discard 7x2``             discard two 7s at once, then draw back one card from the draw pile
``discard 7x2 top``         discard two 7s at once, then take back the card that lay on top of
                            the discard pile before they were discarded
``swap 7``                  Action 2: swap a 7 from your hand with the discard pile's top
``swinger 2``               Action 3: play The Swinger in front of seat 2 and swap hands
``lul 2``                   Action 3: play The Lul in front of seat 2, who draws 2 cards
``balzak``                  Action 4: call BALZAK!
==========================  ==================================================================

Short forms ``d``, ``s``, ``w``, ``l`` and ``b`` are accepted on input; seats are 0-based.

JSON forms (``to_json``: cards as their text, seats as integers) and steps (how a person picks
the action in a menu, from the most general choice to the last detail)::

    {"kind": "discard", "card": "7", "count": 2, "take_top": true}     ("discard", "7x2", "top")
    {"kind": "discard", "card": "7", "count": 2, "take_top": false}    ("discard", "7x2", "draw")
    {"kind": "discard", "card": "7", "count": 1, "take_top": false}    ("discard", "7")
    {"kind": "swap", "card": "7"}                                      ("swap", "7")
    {"kind": "swinger", "target": 2}                                   ("swinger", "seat 2")
    {"kind": "lul", "target": 2}                                       ("lul", "seat 2")
    {"kind": "balzak"}                                                 ("balzak",)

Integer encoding (``V`` = 13 values -1..11 at index ``value + 1``; ``C`` = copies per value;
``N`` = players)::

    0 .. V-1                       discard one Balzak of value index i
    V .. V+V*(C-1)-1               discard k>=2 of value i, draw from the pile: V + i*(C-1) + (k-2)
    next V*(C-1)                   the same, taking back the former top of the discard pile
    next V                         swap value i
    next N                         swinger in front of seat t
    next N                         lul in front of seat t
    last                           balzak
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from gametable.core.errors import InvalidAction
from gametable.core.protocol import Action
from gametable.core.schema import action_fields
from gametable.games.balzakken.cards import card_text, parse_card


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard ``count`` cards of ``card``; draw one back (from the discard pile if ``take_top``)."""

    card: int
    count: int = 1
    take_top: bool = False

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.card, self.count, self.take_top))

    def __str__(self) -> str:
        text = f"discard {card_text(self.card)}"
        if self.count != 1:
            text += f"x{self.count}"
        if self.take_top:
            text += " top"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "discard",
            "card": card_text(self.card),
            "count": self.count,
            "take_top": self.take_top,
        }

    @property
    def steps(self) -> tuple[str, ...]:
        """``("discard", "7")`` for one card; ``("discard", "7x2", "draw" | "top")`` for several,
        the last step saying where the card drawn back comes from."""
        card = card_text(self.card)
        if self.count == 1 and not self.take_top:
            return ("discard", card)
        return ("discard", f"{card}x{self.count}", "top" if self.take_top else "draw")


# each class's kind is set after the class statement, not in its body, where a mypyc-compiled
# build would take it for a dataclass field (see Action in gametable.core.protocol)
Discard.kind = "discard"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Swap a Balzak of value ``card`` from the hand with the discard pile's top card."""

    card: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.card,))

    def __str__(self) -> str:
        return f"swap {card_text(self.card)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "swap", "card": card_text(self.card)}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("swap", card_text(self.card))


Swap.kind = "swap"


@dataclass(frozen=True, slots=True)
class PlaySwinger(Action):
    """Play The Swinger in front of ``target`` and swap hands with them."""

    target: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.target,))

    def __str__(self) -> str:
        return f"swinger {self.target}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "swinger", "target": self.target}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("swinger", f"seat {self.target}")


PlaySwinger.kind = "swinger"


@dataclass(frozen=True, slots=True)
class PlayLul(Action):
    """Play The Lul in front of ``target``, who draws 2 cards at once."""

    target: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.target,))

    def __str__(self) -> str:
        return f"lul {self.target}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "lul", "target": self.target}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("lul", f"seat {self.target}")


PlayLul.kind = "lul"


@dataclass(frozen=True, slots=True)
class CallBalzak(Action):
    """Call BALZAK!: the round ends and is scored."""

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash(())

    def __str__(self) -> str:
        return "balzak"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "balzak"}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("balzak",)


CallBalzak.kind = "balzak"


BALZAK: Final = CallBalzak()
ACTION_TYPES: tuple[type[Action], ...] = (Discard, Swap, PlaySwinger, PlayLul, CallBalzak)


def _card_field(value: str) -> int:
    try:
        return parse_card(value)
    except ValueError:
        raise InvalidAction(
            f"{value!r:.20} is not a Balzakken card; cards are written "
            '"-1" to "11", "S" (The Swinger) and "L" (The Lul)'
        ) from None


def from_json(cls: type[Action], data: Mapping[str, Any]) -> Action:
    """The action of class ``cls`` whose JSON form is ``data`` (its ``"kind"`` already matched).

    Fields are checked for names and types (:class:`InvalidAction` otherwise); legality is not.

    >>> from_json(Discard, {"kind": "discard", "card": "7", "count": 2, "take_top": True})
    Discard(card=7, count=2, take_top=True)
    """
    if cls is Discard:
        f = action_fields(data, {"card": str, "count": int, "take_top": bool})
        return Discard(_card_field(f["card"]), f["count"], f["take_top"])
    if cls is Swap:
        f = action_fields(data, {"card": str})
        return Swap(_card_field(f["card"]))
    if cls is PlaySwinger:
        return PlaySwinger(action_fields(data, {"target": int})["target"])
    if cls is PlayLul:
        return PlayLul(action_fields(data, {"target": int})["target"])
    action_fields(data, {})
    return BALZAK


_CARD = r"(-?\d+|s|l|swinger|lul)"
_DISCARD = re.compile(rf"^(?:discard|d)\s+{_CARD}(?:\s*x\s*(\d+))?(?:\s+(top|pile|draw))?$")
_SWAP = re.compile(rf"^(?:swap|s)\s+{_CARD}$")
_TARGET = re.compile(r"^(swinger|w|lul|l)\s+(\d+)$")
_BALZAK = re.compile(r"^(?:balzak!?|b)$")

FORMS = (
    "discard V",
    "discard VxN",
    "discard VxN top",
    "swap V",
    "swinger SEAT",
    "lul SEAT",
    "balzak",
)


def parse(text: object) -> Action:
    """Parse the notation above; :class:`InvalidAction` for anything else.

    >>> parse("discard 7x2 top")
    Discard(card=7, count=2, take_top=True)
    >>> str(parse("W 3"))
    'swinger 3'
    """
    if not isinstance(text, str):
        raise InvalidAction(f"an action must be text, not {type(text).__name__}")
    t = " ".join(text.strip().lower().split())
    try:
        if _BALZAK.match(t):
            return BALZAK
        if m := _DISCARD.match(t):
            count = int(m.group(2)) if m.group(2) else 1
            return Discard(parse_card(m.group(1)), count, m.group(3) == "top")
        if m := _SWAP.match(t):
            return Swap(parse_card(m.group(1)))
        if m := _TARGET.match(t):
            target = int(m.group(2))
            return PlaySwinger(target) if m.group(1) in ("swinger", "w") else PlayLul(target)
    except ValueError as exc:
        raise InvalidAction(str(exc)) from None
    raise InvalidAction(f"{text!r} is not a Balzakken action; write one of: " + ", ".join(FORMS))


# -- integer encoding -------------------------------------------------------------------------------
VALUES: Final = 13


def num_actions(players: int, copies: int) -> int:
    multi = VALUES * max(0, copies - 1)
    return VALUES + 2 * multi + VALUES + 2 * players + 1


def encode(action: Action, players: int, copies: int) -> int:
    multi = VALUES * max(0, copies - 1)
    base_swap = VALUES + 2 * multi
    if isinstance(action, Discard) and -1 <= action.card <= 11:
        i = action.card + 1
        if action.count == 1 and not action.take_top:
            return i
        if 2 <= action.count <= copies:
            offset = VALUES + (multi if action.take_top else 0)
            return offset + i * (copies - 1) + action.count - 2
    elif isinstance(action, Swap) and -1 <= action.card <= 11:
        return base_swap + action.card + 1
    elif isinstance(action, PlaySwinger) and 0 <= action.target < players:
        return base_swap + VALUES + action.target
    elif isinstance(action, PlayLul) and 0 <= action.target < players:
        return base_swap + VALUES + players + action.target
    elif isinstance(action, CallBalzak):
        return base_swap + VALUES + 2 * players
    raise ValueError(f"{action} has no integer encoding")


def decode(code: int, players: int, copies: int) -> Action:
    multi = VALUES * max(0, copies - 1)
    if not 0 <= code < num_actions(players, copies):
        raise ValueError(f"action code {code} is out of range")
    if code < VALUES:
        return Discard(code - 1)
    code -= VALUES
    if code < 2 * multi:
        take_top, code = divmod(code, multi) if multi else (0, code)
        i, k = divmod(code, copies - 1)
        return Discard(i - 1, k + 2, bool(take_top))
    code -= 2 * multi
    if code < VALUES:
        return Swap(code - 1)
    code -= VALUES
    if code < players:
        return PlaySwinger(code)
    code -= players
    if code < players:
        return PlayLul(code)
    return BALZAK


__all__ = [
    "ACTION_TYPES",
    "BALZAK",
    "CallBalzak",
    "Discard",
    "PlayLul",
    "PlaySwinger",
    "Swap",
    "decode",
    "encode",
    "from_json",
    "num_actions",
    "parse",
]
