"""Pawns placed by their relations, read by parts: "an opponent's pawn 5 spaces ahead of mine",
"my pawn on my start and his 4 behind it", "my pawn 3 steps from the first space of my home".

A player rarely knows the space numbers; they tell where pawns stand from each other and from
the landmarks (a start, the home).  :func:`read_relative` reads the question as parts
(:mod:`.relative_parts`): the pawns named, with their owner (my pawn A, my other pawn B, an
opponent's pawn), every relation told between them or to a landmark with its count of spaces,
who moves, the card played (or the hand, or a 7's parts) and what is asked (whether it is
allowed, whether a pawn is hit, what happens, where it ends, which cards take it home).  It
then places the pawns on the board (on the open track, clear of every start unless a start is
said), builds the position, and asks the referee.  When a part the concept needs is missing,
or a word is left that the parts do not place, it returns ``None`` and the rules text answers.

>>> from gametable.rulebook.question import Question
>>> read_relative(Question.read("An opponent's pawn is 5 spaces ahead of my pawn. I play a 5. Is it hit?")).text.split()[0]
'Yes.'
>>> read_relative(Question.read("My pawn is 2 steps from the first space of my home. I play a 5. Where does it end?")).text.split(".")[0]
'It ends on home space H4'
"""

from __future__ import annotations

from dataclasses import replace

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers.build import FORWARD, GAME, hit_verdict, start, verdict
from gametable.games.keezbord.answers.referee import Trial, judge, refusal, where
from gametable.games.keezbord.answers.relative_duty import back_on_front, duty
from gametable.games.keezbord.answers.relative_ends import end_as_told, need, outcome, steps_home
from gametable.games.keezbord.answers.relative_parts import read_parts
from gametable.games.keezbord.answers.relative_told import Parts
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

#: the pawns: mine (a1, the one moved; a2, another), the opponent's (b1)
_SEAT_OF = {"M1": "a", "M2": "a", "O": "b"}
_INDEX = {"M1": 0, "M2": 1, "O": 0}


#: a home space's place among the spots: above every track space (H1 is 1001)
_IN_HOME = 1000


def _size(players: int) -> int:
    return 96 if players == 6 else 64


#: marks that put a pawn on the very space told, a start among them ("my pawn is on 48")
_TOLD_SPACES = ("abs", "start_of")


def place(parts: Parts) -> dict[str, int] | None:
    """Track spaces for the pawns the parts name, every relation kept, every pawn on the
    open track and clear of every start but the ones said or told by number; ``None`` when no
    base fits."""
    size, starts = _size(parts.players), {start(s, parts.players) for s in range(parts.players)}
    for base in range(2, size // 2):
        spots = _spots(parts, base, size)
        if spots is None:
            continue
        said_start = {spots[p] for p in parts.on_start}
        said_start |= {spots[p] for p, (mark, _) in parts.marks.items() if mark in _TOLD_SPACES}
        if any(v in starts and v not in said_start for v in spots.values()):
            continue
        if len(set(spots.values())) == len(spots):
            return spots
    return None


def _spots(parts: Parts, base: int, size: int) -> dict[str, int] | None:
    """The pawns' spaces with ``base`` for the first pawn no landmark fixes; ``None`` when a
    relation would run round the board's end past my home (the pawns are not placed as told)."""
    spots: dict[str, int] = {}
    for pawn, (mark, steps) in parts.marks.items():
        own = start(0 if pawn != "O" else 1, parts.players)
        if mark == "in":  # on home space H<steps>: kept apart from the track's numbers
            spots[pawn] = _IN_HOME + steps
            continue
        if mark == "start_of":  # on the start of seat ``steps``, not his own
            spots[pawn] = start(steps, parts.players)
            continue
        if mark == "abs":  # told by its space number, my start being 0
            if not 0 <= steps < size:
                return None
            spots[pawn] = steps
            continue
        spots[pawn] = {"start": own, "past": own + steps, "home": own - steps}[mark] % size
    if not spots:
        spots[parts.pawns[0]] = base
    for _ in range(3):  # relations chain at most through three pawns
        for pawn, steps, other in parts.relations:
            if pawn not in spots and other in spots:
                spots[pawn] = spots[other] + steps
            elif other not in spots and pawn in spots:
                spots[other] = spots[pawn] - steps
    track = {p: v for p, v in spots.items() if v < _IN_HOME}
    if any(not 0 <= v < size for p, v in track.items() if p != "O" or "M1" not in parts.on_start):
        return None  # mine would cross my home's entry; only a pawn on my start looks back
    for pawn in parts.pawns:
        if pawn not in spots:
            if pawn != "M2":
                return None  # a pawn told apart from the others: not placed by a relation
            spots[pawn] = max(track.values(), default=0) + 16  # my other pawn, told apart
    return {p: v if v >= _IN_HOME else v % size for p, v in spots.items()}


def _position(parts: Parts, spots: dict[str, int], hand: list[str]) -> dict[str, object]:
    pawns: dict[str, list[object]] = {"a": ["N"] * 4, "b": ["N"] * 4}
    for pawn, space in spots.items():
        place = f"H{space - _IN_HOME}" if space > _IN_HOME else space
        pawns[_SEAT_OF[pawn]][_INDEX[pawn]] = place
    mover = "b" if parts.mover == "O" else "a"
    return {
        "game": GAME,
        "players": parts.players,
        "pawns": pawns,
        "hands": {mover: hand},
        "to_move": 0 if mover == "a" else 1,
        "options": dict(parts.options),
    }


def _action(parts: Parts) -> str | None:
    card = parts.card
    if card is None:
        return None
    if parts.split is not None:
        first, second = parts.split
        return f"7 a1:{first} a2:{second}" if first + second == 7 else None
    pawn = "b1" if parts.mover == "O" else "a1"
    return f"{card} {pawn}"


_REFS = {
    "hit": [kb.HITTING, kb.START_SAFE],
    "may": [kb.CARD_MEANINGS, kb.START_SAFE, kb.HOME_NO_PASSING],
    "what": [kb.HITTING, kb.CARD_MEANINGS],
    "where": [kb.EXACT_HOME, kb.CARD_MEANINGS],
    "which": [kb.EXACT_HOME, kb.CARD_MEANINGS],
}


def read_relative(question: Question) -> Answer | None:
    """The referee's answer to pawns placed by their relations (see the module docstring)."""
    parts = read_parts(question)
    if parts is None:
        return None
    spots = place(parts)
    if spots is None:
        return None
    if parts.ask == "which":
        return _which(question, parts, spots)
    if parts.ask == "need":
        return need(question, parts, spots, _position(parts, spots, []))
    if parts.ask == "steps":
        return steps_home(question, parts, _position(parts, spots, ["5"]))
    if parts.ask in ("must", "handin"):
        if "back on front" in parts.told and not back_on_front(spots, parts.hand[0]):
            return None  # the landing told is not where the card takes my back pawn
        return duty(question, parts.ask, _position(parts, spots, parts.hand))
    action = _action(parts)
    if action is None or parts.card is None:
        return None
    hand = [parts.card]
    trial = Trial(_position(parts, spots, hand), action, 1 if parts.mover == "O" else 0)
    if not end_as_told(parts, spots, judge(trial)):
        return None  # the end the question tells is not where the referee puts the pawn
    if parts.ask in ("howfar", "where") and parts.mover != "O":
        return outcome(question, parts, spots, trial)
    refs = _REFS[parts.ask]
    if parts.ask == "hit":
        target = "a1" if parts.mover == "O" else "b1"
        if target[:1] == "b" and "O" not in spots:
            return None
        return _theirs(parts, hit_verdict(question, trial, [target], refs))
    return _theirs(parts, verdict(question, trial, refs))


def _theirs(parts: Parts, reply: Answer) -> Answer:
    """The reply saying who plays: the opponent, when he is the one who moves."""
    if parts.mover != "O":
        return reply
    return replace(reply, text=reply.text.replace("You play", "Your opponent plays"))


def _which(question: Question, parts: Parts, spots: dict[str, int]) -> Answer | None:
    """Which cards of the hand take pawn a1 into its home: each tried by the referee."""
    hand = [c for c in parts.hand if c in FORWARD or c == "4"]
    if len(hand) < 2 or len(hand) != len(parts.hand) or parts.mover == "O":
        return None
    position = _position(parts, spots, hand)
    home, why = [], []
    for card in hand:
        ruling = judge(Trial(position, f"{card} a1"))
        end = ruling.place_of("a1") if ruling.allowed else None
        if end is not None and str(end).startswith("H"):
            home.append(card)
        said = where(end, question.lang) if end is not None else refusal(ruling, question.lang)
        why.append(f"{card}: {said.rstrip('.')}")
    names = " and ".join(f"the {c}" for c in home) if home else "none of them"
    names_nl = " en ".join(f"de {c}" for c in home) if home else "geen van allemaal"
    head = question.say(
        names[0].upper() + names[1:] + ".", names_nl[0].upper() + names_nl[1:] + "."
    )
    reason = question.say("Tried one by one: ", "Een voor een geprobeerd: ") + "; ".join(why) + "."
    return checked(GAME, question, head, reason, _REFS["which"], position=position,
                   details=tuple(f"Judged: {c} a1 for seat a." for c in hand))  # fmt: skip
