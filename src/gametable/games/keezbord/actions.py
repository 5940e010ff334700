"""Keezbord's actions, their notation and their integer encoding.

Pawns are written by owner and number, ``a1``..``f4`` (seat letter a = seat 0; see
:mod:`~gametable.games.keezbord.board`).  Cards are ``A 2 .. 10 J Q K``.  Notation
(case-insensitive on input; ``str(action)`` is the canonical form):

=========================  ==========================================================
``A place``, ``K place``   put a pawn from the nest onto its start space
``8 a2``                   play an 8: pawn a2 moves 8 forward (A, 2, 3, 5, 6, 7, 8, 9,
                           10 and Q likewise; ``A a2`` moves one space)
``4 a2``                   play a 4: pawn a2 moves 4 backward
``7 a1:3 a2:4``            a 7 split over two pawns, moved in the order written;
                           ``7 a1`` (or ``7 a1:7``) moves one pawn all seven
``J a1 b3``                play a Jack: your pawn a1 and pawn b3 change places
``hand in``                no card can be played: hand in all your cards
=========================  ==========================================================

The pawn placed by ``A place``/``K place`` is the lowest-numbered one in the nest of the seat
whose pawns you play for (your own, or your partner's once yours are all home).

Integer encoding (``P = 4 * players`` pawns, ``pid = 4 * seat + index``)::

    0                                   hand in
    1, 2                                Ace place, King place
    3 + i * P + pid                     move: i = index of the card in MOVE_CARDS
                                        (A 2 3 4 5 6 7 8 9 10 Q)
    3 + 11P + mine * P + other          Jack swap
    3 + 11P + P*P + (first * 6 + steps - 1) * P + second     a split 7

JSON form (:meth:`to_json`; ``Keezbord.action_from_json`` reads it back) and steps (how a person
picks the action in a menu: the card first, then the pawn or pawns):

=========================  ======================================================  ========================
notation                   JSON                                                    steps
=========================  ======================================================  ========================
``A place``                ``{"kind": "place", "card": "A"}``                      ``("A", "place")``
``8 a2``                   ``{"kind": "move", "card": "8", "pawn": "a2"}``         ``("8", "a2")``
``7 a2``                   ``{"kind": "move", "card": "7", "pawn": "a2"}``         ``("7", "a2 +7")``
``7 a1:3 a2:4``            ``{"kind": "split", "card": "7", "first": "a1",``       ``("7", "a1 +3", "a2 +4")``
                           ``"first_steps": 3, "second": "a2", "second_steps": 4}``
``J a1 b3``                ``{"kind": "swap", "card": "J", "mine": "a1",``         ``("J", "a1", "b3")``
                           ``"other": "b3"}``
``hand in``                ``{"kind": "hand_in"}``                                 ``("hand in",)``
=========================  ======================================================  ========================
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from gametable.core.errors import InvalidAction
from gametable.core.protocol import Action
from gametable.core.schema import action_fields
from gametable.games.keezbord.board import LANES, PAWNS, STEP_SHIFT, parse_pawn, pawn_text
from gametable.games.keezbord.cards import ACE, JACK, KING, QUEEN, SEVEN, card_text, parse_card

#: the cards whose play moves a single pawn (the 4 backwards, the others forwards)
MOVE_CARDS: Final[tuple[int, ...]] = (ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, QUEEN)
_MOVE_INDEX: Final = {c: i for i, c in enumerate(MOVE_CARDS)}


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Play an Ace or a King to put a pawn from the nest onto its start space."""

    card: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.card,))

    def __str__(self) -> str:
        return f"{card_text(self.card)} place"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "place", "card": card_text(self.card)}

    @property
    def steps(self) -> tuple[str, ...]:
        return (card_text(self.card), "place")


# each class's kind is set after the class statement, not in its body, where a mypyc-compiled
# build would take it for a dataclass field (see Action in gametable.core.protocol)
Place.kind = "place"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Play ``card`` to move ``pawn`` (forward, or backward for a 4)."""

    card: int
    pawn: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.card, self.pawn))

    def __str__(self) -> str:
        return f"{card_text(self.card)} {pawn_text(self.pawn)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "move", "card": card_text(self.card), "pawn": pawn_text(self.pawn)}

    @property
    def steps(self) -> tuple[str, ...]:
        """``("8", "a2")``; a whole 7 says its count, ``("7", "a2 +7")``, beside the splits."""
        pawn = pawn_text(self.pawn)
        return (card_text(self.card), f"{pawn} +{SEVEN}" if self.card == SEVEN else pawn)


Move.kind = "move"


@dataclass(frozen=True, slots=True)
class Split(Action):
    """Play a 7 split: ``first`` moves ``first_steps`` forward, then ``second`` the rest of 7."""

    first: int
    first_steps: int
    second: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.first, self.first_steps, self.second))

    def __str__(self) -> str:
        a, b = self.first_steps, SEVEN - self.first_steps
        return f"7 {pawn_text(self.first)}:{a} {pawn_text(self.second)}:{b}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "split",
            "card": "7",
            "first": pawn_text(self.first),
            "first_steps": self.first_steps,
            "second": pawn_text(self.second),
            "second_steps": SEVEN - self.first_steps,
        }

    @property
    def steps(self) -> tuple[str, ...]:
        a = self.first_steps
        return ("7", f"{pawn_text(self.first)} +{a}", f"{pawn_text(self.second)} +{SEVEN - a}")


Split.kind = "split"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Play a Jack: your pawn ``mine`` and another player's pawn ``other`` change places."""

    mine: int
    other: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.mine, self.other))

    def __str__(self) -> str:
        return f"J {pawn_text(self.mine)} {pawn_text(self.other)}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "swap",
            "card": "J",
            "mine": pawn_text(self.mine),
            "other": pawn_text(self.other),
        }

    @property
    def steps(self) -> tuple[str, ...]:
        return ("J", pawn_text(self.mine), pawn_text(self.other))


Swap.kind = "swap"


@dataclass(frozen=True, slots=True)
class HandIn(Action):
    """No card in the hand can be played: hand them all in and wait for the next deal."""

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash(())

    def __str__(self) -> str:
        return "hand in"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "hand_in"}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("hand in",)


HandIn.kind = "hand_in"


HAND_IN: Final = HandIn()
PLACE_ACE: Final = Place(ACE)
PLACE_KING: Final = Place(KING)


@dataclass(frozen=True, slots=True)
class ActionTable:
    """Every move, swap and split value of a player count, built once and shared by all states:
    ``move[card][pawn]`` (an empty row for a card that moves no pawn), ``swap[mine][other]`` and
    ``split[first][first_steps][second]``.

    ``move_group[card][seat][group]`` lists the moves of ``card`` for several pawns of
    ``seat`` at once, in pawn order: ``group`` has bit ``i`` set for the pawn of index ``i``.

    ``split_group[first][first_steps][group]`` lists the same splits for several second pawns
    at once, in pawn order: ``group`` has bit ``i`` set for the second pawn of index ``i``
    among the four pawns of ``first``'s owner (the move generator picks the group of pawns
    that may move the rest of the 7 and takes the whole row)."""

    move: tuple[tuple[Move, ...], ...]
    move_group: tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...]
    swap: tuple[dict[int, Swap], ...]
    split: tuple[tuple[dict[int, Split], ...], ...]
    split_group: tuple[tuple[tuple[tuple[Split, ...], ...], ...], ...]
    #: :meth:`track_splits` as met, by first pawn and step bits
    split_runs: tuple[dict[int, tuple[Split, ...]], ...]

    def track_splits(self, first: int, bits: int) -> tuple[Split, ...]:
        """Every split 7 of ``first`` when no first part reaches its home or hits a pawn of its
        side, given the step bits ``bits`` of its seat's pawns (of 1 to 6 steps: see
        :class:`~gametable.games.keezbord.board.Paths`): for each first part ``a`` that
        ``first`` may move, the pawns that may move ``7 - a``, in pawn order.  Worked out once
        per first pawn and step bits, then remembered (at most 7 ** 4 per pawn: each pawn may
        move 0 to 6 of those steps)."""
        runs = self.split_runs[first]
        run = runs.get(bits)
        if run is None:
            lane = first & 3
            others = LANES & ~(1 << lane)
            rows = self.split_group[first]
            parts: list[Split] = []
            for a in range(1, SEVEN):
                if not bits >> STEP_SHIFT[a] + lane & 1:
                    break
                parts.extend(rows[a][bits >> STEP_SHIFT[SEVEN - a] & others])
            run = tuple(parts)
            runs[bits] = run
        return run


@cache
def action_tables(players: int) -> ActionTable:
    """The :class:`ActionTable` of a player count."""
    pawns = range(PAWNS * players)
    move = tuple(
        tuple(Move(c, p) for p in pawns) if c in _MOVE_INDEX else () for c in range(KING + 1)
    )
    swap = tuple({q: Swap(p, q) for q in pawns if q != p} for p in pawns)
    move_group = tuple(
        tuple(
            tuple(
                tuple(row[seat * PAWNS + i] for i in range(PAWNS) if group >> i & 1)
                for group in range(1 << PAWNS)
            )
            for seat in range(players)
        )
        if row
        else ()
        for row in move
    )
    split = tuple(
        tuple({q: Split(p, a, q) for q in pawns if q != p} if a else {} for a in range(SEVEN))
        for p in pawns
    )
    split_group = tuple(
        tuple(
            tuple(
                tuple(
                    split[p][a][(p & ~3) + i]
                    for i in range(PAWNS)
                    if group >> i & 1 and (p & ~3) + i != p
                )
                for group in range(1 << PAWNS)
            )
            if a
            else ()
            for a in range(SEVEN)
        )
        for p in pawns
    )
    return ActionTable(move, move_group, swap, split, split_group, tuple({} for _ in pawns))


# -- notation ----------------------------------------------------------------------------------------
_CARD = r"(10|[2-9]|[atjqkhvb])"
_PAWN = r"([a-f][1-4])"
_HAND_IN = re.compile(r"^(?:hand\s*in|pass)$")
_PLACE = re.compile(rf"^{_CARD}\s+place$")
_MOVE = re.compile(rf"^{_CARD}\s+{_PAWN}$")
_SEVEN = re.compile(rf"^7\s+{_PAWN}\s*:\s*(\d)(?:\s+{_PAWN}\s*:\s*(\d))?$")
_SWAP = re.compile(rf"^{_CARD}\s+{_PAWN}\s+{_PAWN}$")

FORMS = ("A place", "K place", "8 a2", "4 a2", "7 a1:3 a2:4", "J a1 b3", "hand in")


def parse(text: object, players: int) -> Action:
    """Parse the notation above for a ``players``-seat game; :class:`InvalidAction` otherwise.

    >>> parse("7 a1:3 b2:4", 4)
    Split(first=0, first_steps=3, second=5)
    >>> str(parse("b c1 A3", 4))
    'J c1 a3'
    """
    if not isinstance(text, str):
        raise InvalidAction(f"an action must be text, not {type(text).__name__}")
    t = " ".join(text.strip().lower().split())
    try:
        action = _parse(t)
    except ValueError as exc:
        raise InvalidAction(str(exc)) from None
    if action is None:
        raise InvalidAction(f"{text!r} is not a Keezbord action; write one of: " + ", ".join(FORMS))
    for pid in _pawns_of(action):
        if pid >= PAWNS * players:
            raise InvalidAction(
                f"{text!r}: there is no pawn {pawn_text(pid)} in a {players}-player game"
            )
    return action


def _parse(t: str) -> Action | None:
    if _HAND_IN.match(t):
        return HAND_IN
    if m := _PLACE.match(t):
        card = parse_card(m.group(1))
        if card not in (ACE, KING):
            raise ValueError(f"only an Ace or a King places a pawn, not {card_text(card)}")
        return Place(card)
    if m := _SEVEN.match(t):
        first, a = parse_pawn(m.group(1)), int(m.group(2))
        if m.group(3) is None:
            if a != SEVEN:
                raise ValueError("a 7 moves seven steps in all; one pawn alone moves all seven")
            return Move(SEVEN, first)
        second, b = parse_pawn(m.group(3)), int(m.group(4))
        if a + b != SEVEN or not 1 <= a <= 6:
            raise ValueError(f"the parts of a 7 must add up to 7, not {a} + {b}")
        if first == second:
            raise ValueError("a 7 is split over two different pawns")
        return Split(first, a, second)
    if m := _MOVE.match(t):
        card = parse_card(m.group(1))
        if card not in _MOVE_INDEX:
            what = "a Jack swaps two pawns" if card == JACK else "a King only places a pawn"
            raise ValueError(f"{card_text(card)} cannot move a pawn: {what}")
        return Move(card, parse_pawn(m.group(2)))
    if m := _SWAP.match(t):
        if parse_card(m.group(1)) != JACK:
            raise ValueError("only a Jack names two pawns")
        mine, other = parse_pawn(m.group(2)), parse_pawn(m.group(3))
        if mine == other:
            raise ValueError("a Jack swaps two different pawns")
        return Swap(mine, other)
    return None


def _pawns_of(action: Action) -> tuple[int, ...]:
    if isinstance(action, Move):
        return (action.pawn,)
    if isinstance(action, Split):
        return (action.first, action.second)
    if isinstance(action, Swap):
        return (action.mine, action.other)
    return ()


# -- JSON form -----------------------------------------------------------------------------------
ACTION_TYPES: Final[tuple[type[Action], ...]] = (Place, Move, Split, Swap, HandIn)


def _json_pawn(value: str, field: str, players: int) -> int:
    try:
        pid = parse_pawn(value)
    except ValueError as exc:
        raise InvalidAction(f"field {field!r}: {exc}") from None
    if pid >= PAWNS * players:
        raise InvalidAction(
            f"field {field!r}: there is no pawn {pawn_text(pid)} in a {players}-player game"
        )
    return pid


def _json_card(value: str, allowed: frozenset[int], expected: str) -> int:
    """The card of the field ``card``, which must be one of ``allowed`` (``expected`` says so)."""
    try:
        card = parse_card(value)
    except ValueError as exc:
        raise InvalidAction(f"field 'card': {exc}") from None
    if card not in allowed:
        raise InvalidAction(f"field 'card': {expected}, not {value!r}")
    return card


_PLACING: Final = frozenset((ACE, KING))
_MOVING: Final = frozenset(MOVE_CARDS)


def from_json(cls: type[Action], data: Mapping[str, Any], players: int) -> Action:
    """The action of class ``cls`` (its kind already checked) written as ``data`` in its JSON form
    (see the table above); :class:`InvalidAction` names a missing, unknown or bad field.

    >>> from_json(Split, {"kind": "split", "card": "7", "first": "a1", "first_steps": 3,
    ...                   "second": "b2", "second_steps": 4}, 2)
    Split(first=0, first_steps=3, second=5)
    """
    if cls is HandIn:
        action_fields(data, {})
        return HAND_IN
    if cls is Place:
        f = action_fields(data, {"card": str})
        return (
            PLACE_ACE
            if _json_card(f["card"], _PLACING, "only an Ace (A) or a King (K) places a pawn") == ACE
            else PLACE_KING
        )
    if cls is Move:
        f = action_fields(data, {"card": str, "pawn": str})
        return Move(
            _json_card(
                f["card"],
                _MOVING,
                "a pawn is moved with A, 2-10 or Q (a Jack swaps, a King places)",
            ),
            _json_pawn(f["pawn"], "pawn", players),
        )
    if cls is Swap:
        f = action_fields(data, {"card": str, "mine": str, "other": str})
        _json_card(f["card"], frozenset((JACK,)), "a swap is played with a Jack (J)")
        mine = _json_pawn(f["mine"], "mine", players)
        other = _json_pawn(f["other"], "other", players)
        if mine == other:
            raise InvalidAction("a Jack swaps two different pawns ('mine' and 'other')")
        return Swap(mine, other)
    if cls is Split:
        f = action_fields(
            data,
            {"card": str, "first": str, "first_steps": int, "second": str, "second_steps": int},
        )
        _json_card(f["card"], frozenset((SEVEN,)), "a split is played with a 7")
        first = _json_pawn(f["first"], "first", players)
        second = _json_pawn(f["second"], "second", players)
        a, b = f["first_steps"], f["second_steps"]
        if not 1 <= a <= 6 or a + b != SEVEN:
            raise InvalidAction(
                f"the parts of a split 7 are 1 to 6 steps each and add up to 7, not {a} + {b}"
            )
        if first == second:
            raise InvalidAction("a 7 is split over two different pawns ('first' and 'second')")
        return Split(first, a, second)
    raise InvalidAction(f"{cls.__name__} is not a Keezbord action")  # pragma: no cover


# -- integer encoding --------------------------------------------------------------------------------
def num_actions(players: int) -> int:
    p = PAWNS * players
    return 3 + len(MOVE_CARDS) * p + p * p + 6 * p * p


def encode(action: Action, players: int) -> int:
    p = PAWNS * players
    if any(not 0 <= pid < p for pid in _pawns_of(action)):
        raise ValueError(f"{action} names a pawn that does not exist with {players} players")
    if isinstance(action, HandIn):
        return 0
    if isinstance(action, Place) and action.card in (ACE, KING):
        return 1 if action.card == ACE else 2
    if isinstance(action, Move) and action.card in _MOVE_INDEX:
        return 3 + _MOVE_INDEX[action.card] * p + action.pawn
    base = 3 + len(MOVE_CARDS) * p
    if isinstance(action, Swap) and action.mine != action.other:
        return base + action.mine * p + action.other
    base += p * p
    if isinstance(action, Split) and 1 <= action.first_steps <= 6 and action.first != action.second:
        return base + (action.first * 6 + action.first_steps - 1) * p + action.second
    raise ValueError(f"{action!r} has no integer encoding")


#: the most codes :data:`_KEPT_CODES` holds (then forgotten all at once)
CODES_KEPT: Final = 20_000
#: codes by the action object's ``id`` and the player count, with the action (kept alive, so that
#: its ``id`` names it alone): the legal actions are the same objects again (the tables above),
#: and an ``id`` is hashed in C where an action's ``__hash__`` is Python code
_KEPT_CODES: dict[tuple[int, int], tuple[Action, int]] = {}


def kept_code(action: Action, players: int) -> int:
    """:func:`encode`, each action object's code worked out once (a server lists the mover's
    legal actions with their codes at every move)."""
    key = (id(action), players)
    known = _KEPT_CODES.get(key)
    if known is not None:
        return known[1]
    code = encode(action, players)
    if len(_KEPT_CODES) >= CODES_KEPT:
        _KEPT_CODES.clear()
    _KEPT_CODES[key] = (action, code)
    return code


def decode(code: int, players: int) -> Action:
    p = PAWNS * players
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < num_actions(players):
        raise ValueError(f"action code {code!r} is out of range")
    if code == 0:
        return HAND_IN
    if code in (1, 2):
        return PLACE_ACE if code == 1 else PLACE_KING
    code -= 3
    if code < len(MOVE_CARDS) * p:
        i, pid = divmod(code, p)
        return Move(MOVE_CARDS[i], pid)
    code -= len(MOVE_CARDS) * p
    if code < p * p:
        mine, other = divmod(code, p)
        if mine == other:
            raise ValueError("this code names no action (a pawn swapped with itself)")
        return Swap(mine, other)
    code -= p * p
    rest, second = divmod(code, p)
    first, a = divmod(rest, 6)
    if first == second:
        raise ValueError("this code names no action (a 7 split over one pawn)")
    return Split(first, a + 1, second)


__all__ = [
    "ACTION_TYPES",
    "FORMS",
    "HAND_IN",
    "MOVE_CARDS",
    "ActionTable",
    "HandIn",
    "Move",
    "Place",
    "Split",
    "Swap",
    "action_tables",
    "decode",
    "encode",
    "from_json",
    "num_actions",
    "parse",
]
