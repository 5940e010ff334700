"""What a situation told by relations holds (:class:`Parts`, read by :mod:`.relative_parts`),
and whether it holds all that its question asks for (:func:`complete`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Parts:
    """What the question tells: the pawns named (``M1``, ``M2``, ``O``), where each is marked
    or how it relates to another, who moves with which card or hand, and what is asked
    (see :mod:`.relative_parts`)."""

    players: int = 2
    stated: bool = False
    pawns: list[str] = field(default_factory=list)
    marks: dict[str, tuple[str, int]] = field(default_factory=dict)
    relations: list[tuple[str, int, str]] = field(default_factory=list)
    on_start: list[str] = field(default_factory=list)
    mover: str = "M"
    card: str | None = None
    hand: list[str] = field(default_factory=list)
    split: tuple[int, int] | None = None
    ask: str = ""
    on_track: bool = False
    near_home: bool = False
    target: int | None = None
    into_home: int | None = None
    beyond: int | None = None
    options: dict[str, object] = field(default_factory=dict)
    #: what the question tells beside a duty to play, each checked: no placing card held, my
    #: pawns not placed in the nest, the card on my back pawn landing on my front one
    told: set[str] = field(default_factory=set)


def complete(parts: Parts) -> bool:
    """Whether the parts hold what their ask needs, and nothing unplaced."""
    if not parts.ask or "M1" not in parts.pawns or ("?", 0, "?") in parts.relations:
        return False
    mark, steps = parts.marks.get("M1", ("", 0))
    if parts.near_home and not (mark == "home" or (mark == "past" and steps < 0)):
        return False  # said to be about to go home, but not placed short of my start
    if not (parts.relations or parts.marks or _free(parts)):
        return False
    if parts.ask == "which":
        near = [m == "home" or (m == "past" and n < 0) for m, n in parts.marks.values()]
        return bool(parts.hand) and any(near)
    if parts.ask in ("need", "steps"):
        return parts.card is None and not parts.hand and parts.mover == "M"
    if parts.ask in ("must", "handin"):
        return _duty_told(parts)
    if parts.card is None:
        return False
    if parts.mover == "O":
        return parts.ask in ("hit", "may") and "O" in parts.pawns
    return True


def _duty_told(parts: Parts) -> bool:
    """A duty asked: a hand told (no card played besides it), every claim beside it true of
    the position (``back on front`` is checked once the pawns are placed)."""
    hand = parts.hand or ([parts.card] if parts.card else [])
    if not hand or parts.mover != "M" or (parts.hand and parts.card):
        return False
    parts.hand, parts.card = hand, None
    if "no placer" in parts.told and {"A", "K"} & set(hand):
        return False
    mine = [p for p in parts.pawns if p in ("M1", "M2")]
    return "two nested" not in parts.told or len(mine) == 2


def _free(parts: Parts) -> bool:
    """Only my own pawns, said to be on the open track or sharing a 7: placed apart, clear of
    every start and home."""
    mine = set(parts.pawns) <= {"M1", "M2"}
    return mine and (parts.on_track or parts.split is not None or parts.card == "7")
