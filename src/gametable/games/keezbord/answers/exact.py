"""Exact positions told space by space ("my pawn is on 60", "seat b's pawn is on 16", "H2"),
built as they are said and judged by the referee.

A player mid-game often says where each pawn stands by its space number.  :func:`read_exact`
reads such a question whole: the table (players stated, else two), the asking seat ("I'm seat
b"), every pawn's place with its owner (mine, the opponent's, a seat's, my partner's), the card
played and what is asked (where the pawn ends, whether a card may be played or must be, whether
a pawn is hit, what a Jack's swap does, what happens).  Statements that only confirm the board
("my start is space 0", "its own start", "my home is empty") are checked against the engine's
board.  The reading is strict: once every phrase it knows is set aside, only filler words may be
left; any other word, a number it did not place, or a place the board does not have, and it
returns ``None`` (the rules text answers instead).

>>> from gametable.rulebook.question import Question
>>> read_exact(Question.read("My pawn is on space 60 and I play a 5. Where does it end up?")).text
'It ends on home space H2. You play a 5: a1 moves 5 forward from space 60 into home space H2.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import BY_STEPS, GAME, hit_verdict, start
from gametable.games.keezbord.answers.exact_asks import (
    count_hits,
    hand_in,
    no_extra_lap,
    seven_in_part,
    which_card,
)
from gametable.games.keezbord.answers.exact_words import (
    ACTION,
    ASK,
    FILLER,
    HAND,
    OPTION,
    OWNER,
    PLACE,
    TABLE,
)
from gametable.games.keezbord.answers.referee import Trial, judge, moved, refusal, where
from gametable.games.keezbord.board import board_for
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

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


def read_exact(question: Question) -> Answer | None:
    """The referee's answer to a position told space by space, or ``None``."""
    lower = question.lower
    if not re.search(r"\b(?:on|op|at|is)\s+(?:space |vak |vakje |plek |spot )?\d{1,2}\b|\bh[1-4]\b", lower):
        return None
    told = _read_table(lower)
    if told is None:
        return None
    text = TABLE.strip.sub(" ", lower)
    said_starts = [int(m.group(1)) for m in TABLE.start_is.finditer(text)]
    if said_starts and TABLE.asker.search(lower) is None:
        # "my start is 16": the asker sits at the seat whose start that is
        told.seat = next(
            (s for s in range(told.players) if start(s, told.players) == said_starts[0]), 0
        )
    told.starts += [(told.seat, space) for space in said_starts]
    text = TABLE.start_is.sub(" ", text).strip(" ,")
    for m in TABLE.home_after.finditer(text):
        told.homes_after.append((told.seat, int(next(g for g in m.groups() if g))))
    text = TABLE.home_after.sub(" ", text).strip(" ,")
    sentences = [s for s in re.split(r"(?<=[.?!])\s+", text) if s.strip()]
    if len(sentences) < 2:
        return None
    said, asked = " ".join(sentences[:-1]), sentences[-1]
    if OPTION.search(said):
        told.options["seven_hits_passed"] = True
        said = OPTION.sub(" ", said)
    said = _read_action(said, told)
    rest = _read_pawns(w.NUMBER_CARD.sub(" ", HAND.sub(" ", said)), told)
    asked = _read_swap_with(asked, told)
    ask = _read_ask(asked, told)
    if rest is None or ask is None or not _consistent(told):
        return None
    kind, left = ask
    if not _only_filler(rest + " " + left, question):
        return None
    return _answer(question, told, kind, w.cards_named(question), asked)


def _read_action(said: str, told: Told) -> str:
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
    return said


def _told_action(told: Told) -> str | None:
    """The notation of the 7 told before the ask, from the asker's pawns as told; ``None`` when
    it does not fit them (the steps do not add up to 7, the end is not 7 on)."""
    if told.action is None:
        return None
    mine = [(i, p) for i, p in enumerate(told.pawns[told.seat]) if isinstance(p, int)]
    me = SEATS[told.seat]
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


def _read_swap_with(asked: str, told: Told) -> str:
    """The other pawn of a swap, placed in the ask ("... swap it with his pawn on 50")."""
    m = PLACE.swap_with.search(asked)
    if m is None or told.seat not in told.pawns:
        return asked
    place = int(m.group("at"))
    seat = (told.seat + 1) % 2 if told.players == 2 else _some_opponent(told, place)
    if seat is None or not _put(told, seat, place, None):
        return asked + " unread"  # a place taken twice: left for the guard to refuse
    return asked[: m.start()] + " " + asked[m.end() :]


def _read_table(lower: str) -> Told | None:
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
    m = OWNER.seat.fullmatch(word)
    if m:
        return SEATS.index(m.group(1))
    if OWNER.opponent.fullmatch(word):
        return (told.seat + 1) % told.players if told.players == 2 else -1
    return None


def _read_pawns(said: str, told: Told) -> str | None:
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
            seat = owner if owner >= 0 else _some_opponent(told, place)
            if kind == "its_home" and (owner < 0 or seat == told.seat):
                return None  # whose home it is must be a seat told
            if seat is None or not _put(told, seat, place, name):
                return None
            name = None
    out.append(said[pos:])
    return " ".join(out)


def _opponents(told: Told) -> list[int]:
    """The seats not in the asker's team."""
    half = told.players // 2
    return [s for s in range(told.players) if s % half != told.seat % half]


def _some_opponent(told: Told, place: int | str) -> int | None:
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


def _consistent(told: Told) -> bool:
    """Every start and home entry said is the engine's, and the asker has a pawn told."""
    if any(space != start(seat, told.players) for seat, space in told.starts):
        return False
    length = board_for(told.players).length
    if any(space != (start(seat, told.players) - 1) % length for seat, space in told.homes_after):
        return False
    if any(h in told.pawns.get(told.seat, []) for h in told.free_homes):
        return False
    return told.seat in told.pawns


def _read_ask(asked: str, told: Told) -> tuple[str, str] | None:
    """What the last sentence asks, and its words left once the ask, the pawn it moves, the
    steps and the target and the cards are set aside."""
    for kind, pattern in ASK.items():
        m = pattern.search(asked)
        if m:
            left = asked[: m.start()] + " " + asked[m.end() :]
            for known in (PLACE.mover, PLACE.steps, PLACE.target, PLACE.partner_of_swap,
                          PLACE.home_words, w.NUMBER_CARD):  # fmt: skip
                left = known.sub(" ", left)
            return kind, left
    return None


def _only_filler(rest: str, question: Question) -> bool:
    """Whether only filler words and the cards' own words are left."""
    said = {m.said for m in w.CARDS.find(question)}
    words = re.findall(r"[a-zà-ü0-9']+", rest)
    return all(word in FILLER or word in said for word in words)


def _answer(
    question: Question, told: Told, kind: str, cards: list[str], asked: str
) -> Answer | None:
    """Builds the trial for ``kind`` and answers from the referee's ruling."""
    pawns = {SEATS[s]: p + ["N"] * (4 - len(p)) for s, p in told.pawns.items()}
    if kind == "split":
        return _split_asked(question, told, pawns, cards, asked)
    if kind in ("which", "handin", "hitown", "count"):
        return _whole_hand(question, told, pawns, kind, cards, asked)
    steps = PLACE.steps.search(asked)
    card = cards[0] if len(cards) == 1 else None
    if steps and (card is not None or kind != "can"):
        return None  # steps said beside a card: a part of a 7 or a second step, not read here
    if steps:
        card = BY_STEPS.get(w.value(steps.group(1)))
    if card is None or told.action is not None:
        return None
    if kind == "must":
        return _must(question, told, pawns, card)
    mover = _mover(asked, told)
    if mover is None:
        return None
    if kind == "swap":
        return _swap(question, told, pawns, mover) if card == "J" else None
    action = f"{card} {SEATS[told.seat]}{mover + 1}"
    trial = _trial(told, pawns, [card], action)
    if kind == "lap":
        return no_extra_lap(question, trial)
    if kind == "hit":
        others = [f"{SEATS[s]}{i + 1}" for s, p in told.pawns.items() if s != told.seat
                  for i, _ in enumerate(p)]  # fmt: skip
        if len(others) != 1:
            return None
        return hit_verdict(question, trial, others, [kb.HITTING, kb.START_SAFE])
    target = PLACE.target.search(asked)
    named = PLACE.mover.search(asked) is not None
    return _verdict_or_place(
        question, trial, kind, target and f"H{target.group('home')}", named=named
    )


def _whole_hand(
    question: Question,
    told: Told,
    pawns: dict[str, list[int | str]],
    kind: str,
    cards: list[str],
    asked: str,
) -> Answer | None:
    """The asks that weigh the whole hand told, or count what the 7 told does
    (:mod:`.exact_asks`)."""
    if not cards or PLACE.steps.search(asked):
        return None
    if kind == "count":
        action = _told_action(told)
        if action is None or cards != ["7"]:
            return None
        return count_hits(question, _trial(told, pawns, cards, action))
    if told.action is not None:
        return None
    if kind in ("handin", "hitown"):
        return hand_in(question, _trial(told, pawns, cards, "hand in"), kind == "hitown")
    mover = _mover(asked, told)
    target = PLACE.target.search(asked)
    home = f"H{target.group('home')}" if target else _home_said(asked)
    if mover is None or home is None:
        return None
    position = dict(_trial(told, pawns, cards, "hand in").position)
    return which_card(question, position, told.seat, mover, cards, home)


def _split_asked(
    question: Question,
    told: Told,
    pawns: dict[str, list[int | str]],
    cards: list[str],
    asked: str,
) -> Answer | None:
    """A 7 split in the ask: "can I move my last pawn 2 into H1 and give the other 5 to my
    partner's pawn?" (judged as that split), or "... and drop the other 5?" (a 7 is never used
    in part)."""
    m = ASK["split"].search(asked)
    if m is None or cards != ["7"] or int(m.group("a")) + int(m.group("b")) != 7:
        return None
    mover = _mover(asked[: m.start("a")], told)
    if mover is None:
        return None
    me = f"{SEATS[told.seat]}{mover + 1}"
    if m.group("how") in _DROP:
        trial = _trial(told, pawns, cards, f"7 {me}")
        return seven_in_part(question, trial, int(m.group("a")), int(m.group("b")))
    second = _second_pawn(m.group("with"), told, mover)
    if second is None:
        return None
    action = f"7 {me}:{m.group('a')} {second}:{m.group('b')}"
    return _verdict_or_place(question, _trial(told, pawns, cards, action), "can", named=True)


_DROP = ("drop", "waste", "skip", "forget", "lose", "throw away", "ignore", "leave")


def _second_pawn(said: str | None, told: Told, mover: int) -> str | None:
    """The pawn a split 7's second part moves: the one said, found among the pawns told."""
    if said is None:
        return None
    at = re.search(r"\d{1,2}", said)
    if at is not None:
        place = int(at.group(0))
        owners = [s for s, p in told.pawns.items() if place in p]
        return f"{SEATS[owners[0]]}{told.pawns[owners[0]].index(place) + 1}" if owners else None
    if re.match(r"my (?:partner|teammate)", said):
        seat = (told.seat + told.players // 2) % told.players
    elif said.startswith("my other"):
        seat = told.seat
    else:
        return None
    on_track = [i for i, p in enumerate(told.pawns.get(seat, [])) if isinstance(p, int)]
    on_track = [i for i in on_track if seat != told.seat or i != mover]
    return f"{SEATS[seat]}{on_track[0] + 1}" if len(on_track) == 1 and told.players > 2 or (
        len(on_track) == 1 and seat == told.seat
    ) else None


def _home_said(asked: str) -> str | None:
    """The home space an ask names in words: "the very last home spot" is H4."""
    m = PLACE.home_words.search(asked)
    if m is None:
        return None
    return "H1" if m.group("which") in ("first", "eerste", "voorste") else "H4"


def _trial(
    told: Told, pawns: dict[str, list[int | str]], hand: list[str], action: str
) -> Trial:
    seat = SEATS[told.seat]
    extra = {"options": dict(told.options)} if told.options else {}
    base = Trial.of(
        told.players, pawns, [], action, to_move=told.seat, hands={seat: hand}, **extra
    )
    return Trial(base.position, action, seat=told.seat)


def _mover(asked: str, told: Told) -> int | None:
    """Which of the asker's pawns moves: the one the ask names or places, else the only one
    on the track."""
    mine = told.pawns[told.seat]
    m = PLACE.mover.search(asked)
    if m is None:
        on_track = [i for i, p in enumerate(mine) if isinstance(p, int)]
        return on_track[0] if len(on_track) == 1 else None
    if m.group("name"):
        name = m.group("name")
        return (
            int(name[1]) - 1 if name[0] == SEATS[told.seat] and int(name[1]) <= len(mine) else None
        )
    place: int | str = f"H{m.group('home')}" if m.group("home") else int(m.group("at"))
    return mine.index(place) if place in mine else None


def _verdict_or_place(
    question: Question, trial: Trial, kind: str, target: str | None = None, named: bool = False
) -> Answer:
    """Where the pawn ends, what happens, or Yes or No: the referee's ruling on ``trial``; with
    a target said ("up to H4"), Yes only when the move is allowed and ends there.  A card asked
    about with no pawn ``named`` is judged played any way the referee allows."""
    ruling = judge(trial)
    card, pawn = trial.action.split()[:2]
    other = [a for a in ruling.legal if a.split()[0] == card]
    if kind == "can" and target is None and not ruling.allowed and other and not named:
        trial = Trial(trial.position, other[0], seat=trial.seat)  # the card played another way
        ruling = judge(trial)
    lang = question.lang
    reason = moved(ruling, lang) if ruling.allowed else refusal(ruling, lang)
    if ruling.legal == ("hand in",):
        reason += question.say(
            " No card in the hand can be played, so you hand in your cards until the next deal.",
            " Geen kaart uit je hand kan gespeeld worden, dus je levert je kaarten in tot de "
            "volgende deling.",
        )
    if kind == "can":
        reached = ruling.allowed and (target is None or str(ruling.place_of(pawn)) == target)
        head = yes_no(question, reached)
    elif not ruling.allowed:
        head = question.say("It cannot go there: the move is not allowed.",
                            "Dat kan niet: die zet mag niet.")  # fmt: skip
    elif kind == "where":
        end = ruling.place_of(pawn)
        head = question.say(f"It ends on {where(end, 'en')}.", f"Hij komt op {where(end, 'nl')}.")
    else:
        head = ""
    refs = [ruling.rule] if ruling.rule else [kb.CARD_MEANINGS, kb.EXACT_HOME, kb.HITTING]
    return checked(GAME, question, head, reason, refs, position=trial.position,
                   details=(f"Judged: {trial.action} for seat {SEATS[trial.seat]}.",))  # fmt: skip


def _must(question: Question, told: Told, pawns: dict[str, list[int | str]], card: str) -> Answer:
    """Whether the card must be played: it must if the referee lists any play of it."""
    trial = _trial(told, pawns, [card], "hand in")
    ruling = judge(trial)
    plays = [a for a in ruling.legal if a != "hand in"]
    shown = (
        moved(judge(Trial(trial.position, plays[0], seat=trial.seat)), question.lang)
        if plays
        else ""
    )
    reason = (
        question.say(f"{shown} A card that can be played must be played (the referee allows "
                     f"{', '.join(plays)}).", f"{shown} Een kaart die je kunt spelen moet je "
                     f"spelen (de scheidsrechter staat {', '.join(plays)} toe).")
        if plays else question.say(
            "No move with it is allowed, so you hand in your cards and wait for the next deal.",
            "Geen zet ermee is toegestaan, dus je levert je kaarten in tot de volgende deling.")
    )  # fmt: skip
    head = yes_no(question, bool(plays))
    return checked(GAME, question, head, reason, [kb.MUST_PLAY, kb.HAND_IN],
                   position=trial.position, details=(f"Legal: {', '.join(ruling.legal)}.",))  # fmt: skip


def _swap(
    question: Question, told: Told, pawns: dict[str, list[int | str]], mover: int
) -> Answer | None:
    """A Jack swapping the asker's pawn with the one other player's pawn told."""
    others = [(s, i) for s, p in told.pawns.items() if s != told.seat for i, _ in enumerate(p)]
    if len(others) != 1:
        return None
    s, i = others[0]
    action = f"J {SEATS[told.seat]}{mover + 1} {SEATS[s]}{i + 1}"
    trial = _trial(told, pawns, ["J"], action)
    return _verdict_or_place(question, trial, "can")


__all__ = ["read_exact"]
