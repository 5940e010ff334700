"""High Card's one action, its notation and its integer encoding.

Notation (case-insensitive on input; ``str(action)`` is the canonical form): ``play 7`` plays
the card 7; a bare ``7`` is accepted on input.  JSON form: ``{"kind": "play", "card": 7}``.
Steps (the menu a person picks from): ``("play 7",)``.  Integer encoding: card ``c`` is
``c - 1``, in ``range(cards)``.

>>> parse("Play 7"), str(Play(7)), Play(7).to_json()
(Play(card=7), 'play 7', {'kind': 'play', 'card': 7})
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gametable.core.errors import InvalidAction
from gametable.core.protocol import Action
from gametable.core.schema import action_fields


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from the hand to the trick."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "play", "card": self.card}

    @property
    def steps(self) -> tuple[str, ...]:
        return (str(self),)


# set after the class statement, not in its body (see Action in gametable.core.protocol)
Play.kind = "play"

ACTION_TYPES: tuple[type[Action], ...] = (Play,)
_PLAY = re.compile(r"^(?:play\s+|p\s+)?(\d{1,3})$")


def parse(text: str) -> Play:
    """The action written as ``text``; :class:`InvalidAction` for anything else."""
    if not isinstance(text, str):
        raise InvalidAction(f"an action must be text, not {type(text).__name__}")
    found = _PLAY.match(" ".join(text.strip().lower().split()))
    if found is None or int(found.group(1)) < 1:
        raise InvalidAction(f"{text!r:.40} is not a High Card action; write: play CARD (play 7)")
    return Play(int(found.group(1)))


def from_json(data: Mapping[str, Any]) -> Play:
    """The action whose JSON form is ``data`` (its kind already checked)."""
    return Play(action_fields(data, {"card": int})["card"])


def encode(action: Action, cards: int) -> int:
    if isinstance(action, Play) and 1 <= action.card <= cards:
        return action.card - 1
    raise ValueError(f"{action} has no integer encoding")


def decode(code: int, cards: int) -> Play:
    if not 0 <= code < cards:
        raise ValueError(f"action code {code} is out of range 0..{cards - 1}")
    return Play(code + 1)
