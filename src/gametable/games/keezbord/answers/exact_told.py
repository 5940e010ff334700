"""The position an exact question tells, read into a :class:`Told`: the table, the asking
seat, every pawn's place with its owner (the asker's, a partner's, a seat's, an opponent's not
named), the confirmations checked against the board (starts, home entries, empty home spaces),
a variant played and a 7 told before the ask.  :mod:`.exact` reads the ask and judges it.

>>> told = read_table("four players")
>>> told.players, told.seat
(4, 0)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import start
from gametable.games.keezbord.answers.exact_words import ACTION, OWNER, PLACE, TABLE
from gametable.games.keezbord.board import board_for
from gametable.rulebook.question import Question

SEATS = "abcdef"


@dataclass
class Told:
    """What the question told: the table, the asking seat, the pawns by owner, the cards."""

    players: int = 2
    seat: int = 0
    pawns: dict[int, list[int | str]] = field(default_factory=dict)
    starts: list[tuple[int, int]] = field(default_factory=list)  # (seat, space) said a start
    #: (seat, space) said to be the last track space before that seat's home
    homes_after: list[tuple[int, int]] = field(default_factory=list)
    last: tuple[int, int | str] | None = None  # the owner and place of the last pawn told
    options: dict[str, object] = field(default_factory=dict)  # a variant the question plays
    action: str | None = None  # the move told before the ask ("I split the 7: 3 and 4")
    free_homes: list[str] = field(default_factory=list)  # the asker's home spaces said empty


def read_action(said: str, told: Told) -> str:
    """A 7 told before the ask, kept as its notation with the pawns' places still to fill
    (``"7 @0"``: the asker's pawn told first); ``said`` without it."""
    m = ACTION.single.search(said)
    if m:
        told.action = f"7 @{m.group('to') or m.group('to2') or ''}"
        return said[: m.start()] + " " + said[m.end() :]
    m = ACTION.split.search(said)
    if m:
        a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("c"), m.group("d"))
        told.action = f"7 :{a}:{b}"
        return said[: m.start()] + " " + said[m.end() :]
    m = ACTION.split_at.search(said)
    if m:
        names = ("p1", "a", "p2", "b") if m.group("p1") else ("p1b", "ab", "p2b", "bb")
        told.action = "7 @@" + ":".join(m.group(g) for g in names)
        return said[: m.start()] + " " + said[m.end() :]
    return said


def place_action_pawns(told: Told) -> None:
    """The asker's pawns a 7 told by places names but the position did not ("... and 3 with my
    pawn on 50"): placed where the move says they stand, when the space is free."""
    if told.action is None or not told.action.startswith("7 @@"):
        return
    p1, _, p2, _ = (int(x) for x in told.action[4:].split(":"))
    for place in (p1, p2):
        if place not in told.pawns.get(told.seat, []):
            _put(told, told.seat, place, None)


def told_action(told: Told) -> str | None:
    """The notation of the 7 told before the ask, from the asker's pawns as told; ``None`` when
    it does not fit them (the steps do not add up to 7, the end is not 7 on)."""
    if told.action is None:
        return None
    mine = [(i, p) for i, p in enumerate(told.pawns[told.seat]) if isinstance(p, int)]
    me = SEATS[told.seat]
    if told.action.startswith("7 @@"):
        p1, a, p2, b = (int(x) for x in told.action[4:].split(":"))
        at = {place: i for i, place in mine}
        if a + b != 7 or p1 not in at or p2 not in at or p1 == p2:
            return None
        return f"7 {me}{at[p1] + 1}:{a} {me}{at[p2] + 1}:{b}"
    if told.action.startswith("7 @"):
        to = told.action[3:]
        if len(mine) != 1:
            return None
        i, place = mine[0]
        if to and int(to) != (place + 7) % board_for(told.players).length:
            return None
        return f"7 {me}{i + 1}"
    a, b = (int(x) for x in told.action[3:].split(":"))
    if a + b != 7 or len(mine) < 2:
        return None
    return f"7 {me}{mine[0][0] + 1}:{a} {me}{mine[1][0] + 1}:{b}"


def read_swap_with(asked: str, told: Told) -> str:
    """The other pawn of a swap, placed in the ask ("... swap it with his pawn on 50")."""
    _mover_in_ask(asked, told)
    m = PLACE.swap_with.search(asked)
    if m is None or told.seat not in told.pawns:
        return asked
    place = int(m.group("at"))
    if re.search(r"partner|teammate|maat", m.group("whose")):
        if told.players == 2:
            return asked + " unread"
        seat: int | None = (told.seat + told.players // 2) % told.players
    else:
        seat = (told.seat + 1) % 2 if told.players == 2 else some_opponent(told, place)
    if seat is None or not _put(told, seat, place, None):
        return asked + " unread"  # a place taken twice: left for the guard to refuse
    return asked[: m.start()] + " " + asked[m.end() :]


def _mover_in_ask(asked: str, told: Told) -> None:
    """The asker's pawn placed in the ask itself ("can I swap my pawn on 30 with ..."), when
    the question has not told it already."""
    m = re.search(r"\bmy pawn on (?:space )?(\d{1,2})\b", asked)
    if m is None:
        return
    place = int(m.group(1))
    if place not in told.pawns.get(told.seat, []):
        _put(told, told.seat, place, None)


def read_table(lower: str) -> Told | None:
    """The players and the asking seat; ``None`` when they do not fit a table."""
    told = Told()
    q = Question.read(lower)
    players = w.players_stated(q)
    seat = TABLE.asker.search(lower)
    told.seat = SEATS.index(seat.group(1) or seat.group(2)) if seat else 0
    named = {SEATS.index(s) for s in TABLE.seat_named.findall(lower)}
    if players is None:
        players = 4 if (w.players_said(q) == 4 or any(s > 1 for s in named)) else 2
        if players == 4 and w.players_said(q) != 4:
            return None  # a seat beyond b at a table whose size is not said
    if players not in (2, 4, 6) or told.seat >= players or any(s >= players for s in named):
        return None
    told.players = players
    return told


def _owner_of(word: str, told: Told) -> int | None:
    """The seat an owner word stands for."""
    if OWNER.mine.fullmatch(word):
        return told.seat
    if OWNER.partner.fullmatch(word):
        return None if told.players == 2 else (told.seat + told.players // 2) % told.players
    if OWNER.left.fullmatch(word):
        return (told.seat + 1) % told.players
    if OWNER.right.fullmatch(word):
        return (told.seat - 1) % told.players
    m = OWNER.seat.fullmatch(word)
    if m:
        return SEATS.index(m.group(1))
    if OWNER.opponent.fullmatch(word):
        return (told.seat + 1) % told.players if told.players == 2 else -1
    return None


def read_pawns(said: str, told: Told) -> str | None:
    """Every pawn's place with its owner, in the order told; the text left over, or ``None``."""
    owner: int | None = told.seat  # pawns told before any owner is named are the asker's
    name: str | None = None
    out: list[str] = []
    pos = 0
    for m in PLACE.token.finditer(said):
        out.append(said[pos : m.start()])
        pos = m.end()
        kind = m.lastgroup
        if kind == "owner":
            owner = _owner_of(m.group("owner"), told)
            if owner is None:
                return None
        elif kind == "pawn_name":
            name = m.group("pawn_name")
            owner = SEATS.index(name[0])
        elif kind == "home_range":
            a, b = int(m.group("range_a")), int(m.group("range_b"))
            if owner is None or owner < 0 or a > b:
                return None
            if not all(_put(told, owner, f"H{n}", None) for n in range(a, b + 1)):
                return None
        elif kind == "home_free":
            told.free_homes.append(f"H{m.group('free_n')}")
        elif kind == "mid_track":
            if owner is None or owner < 0 or owner == told.seat:
                return None
            if not _put(told, owner, start(owner, told.players) + 8, None):
                return None
        elif kind == "own_start_at":
            if owner is None or not _put_on_own_start(told, owner, int(m.group("own_start_n"))):
                return None
            name = None
        elif kind == "own_start":
            if told.last and owner == -1:
                _to_owner_of_start(told)
            if not told.last or told.last[1] != start(told.last[0], told.players):
                return None
        elif kind == "which_start":
            seat = SEATS.index(m.group("whose"))
            if not told.last or told.last[1] != start(seat, told.players):
                return None
        else:
            place = _place(kind, m, told)
            if place is None or owner is None:
                return None
            found = owner if owner >= 0 else some_opponent(told, place)
            if kind == "its_home" and (owner < 0 or found == told.seat):
                return None  # whose home it is must be a seat told
            if found is None or not _put(told, found, place, name):
                return None
            name = None
    out.append(said[pos:])
    return " ".join(out)


def _opponents(told: Told) -> list[int]:
    """The seats not in the asker's team."""
    half = told.players // 2
    return [s for s in range(told.players) if s % half != told.seat % half]


def some_opponent(told: Told, place: int | str) -> int | None:
    """The seat of an opponent's pawn whose seat is not said (four or six players): the first
    opponent for whom ``place`` is not its own start (a pawn said to stand on its own start is
    moved to that seat by :func:`_to_owner_of_start`)."""
    if isinstance(place, str):
        return None  # a home space belongs to a seat: which one is not said
    return next((s for s in _opponents(told) if start(s, told.players) != place), None)


def _put_on_own_start(told: Told, owner: int, place: int) -> bool:
    """A pawn said to stand on its owner's own start, at ``place``: the owner (an opponent not
    named: the one whose start that is) must have its start there."""
    if owner < 0:
        owner = next((s for s in _opponents(told) if start(s, told.players) == place), -1)
    if owner < 0 or start(owner, told.players) != place:
        return False
    return _put(told, owner, place, None)


def _to_owner_of_start(told: Told) -> None:
    """The last pawn told, an opponent's whose seat was not said, stands on its own start: it
    is the pawn of the opponent whose start that is."""
    assert told.last is not None
    seat, place = told.last
    owner = next((s for s in _opponents(told) if start(s, told.players) == place), None)
    if owner is None or owner == seat or len(told.pawns.setdefault(owner, [])) >= 4:
        return
    told.pawns[seat].remove(place)
    if not told.pawns[seat]:
        del told.pawns[seat]
    told.pawns[owner].append(place)
    told.last = (owner, place)


def _place(kind: str | None, m: re.Match[str], told: Told) -> int | str | None:
    """The place a token names: a space, a home space, the asker's start space."""
    if kind == "home":
        return f"H{m.group('home_n')}"
    if kind == "its_home":
        return "H4"  # in its home, the space not said: the last, where it blocks nothing
    if kind == "space":
        n = int(m.group("space"))
        return n if 0 <= n < 16 * (4 if told.players == 2 else told.players) else None
    if kind == "my_start":
        mine = start(told.seat, told.players)
        said = m.group("my_start_n")
        return mine if said is None or int(said) == mine else None
    return None


def _put(told: Told, owner: int, place: int | str, name: str | None) -> bool:
    """Puts a pawn of ``owner`` on ``place`` (a home space is the owner's own); a pawn's name
    must be the next of that owner's."""
    pawns = told.pawns.setdefault(owner, [])
    taken = any(place in p for s, p in told.pawns.items() if isinstance(place, int) or s == owner)
    if len(pawns) >= 4 or taken:
        return False
    pawns.append(place)
    told.last = (owner, place)
    return name is None or (SEATS.index(name[0]) == owner and int(name[1]) == len(pawns))


def consistent(told: Told) -> bool:
    """Every start and home entry said is the engine's, and the asker has a pawn told."""
    if any(space != start(seat, told.players) for seat, space in told.starts):
        return False
    length = board_for(told.players).length
    if any(space != (start(seat, told.players) - 1) % length for seat, space in told.homes_after):
        return False
    if any(h in told.pawns.get(told.seat, []) for h in told.free_homes):
        return False
    return told.seat in told.pawns


__all__ = [
    "Told",
    "consistent",
    "place_action_pawns",
    "read_action",
    "read_pawns",
    "read_swap_with",
    "read_table",
    "told_action",
]
