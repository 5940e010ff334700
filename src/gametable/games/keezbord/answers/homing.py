"""A pawn a number of steps short of its home, other pawns already in it, and one card: judged
by the referee (KB-035 exact count, KB-044 and KB-045 no passing in the home).

The question says how many steps the pawn needs to reach the first or the last home space
("needs 3 steps to reach the first space of my home", "ik moet precies 2 om op de laatste plek
in mijn honk te komen") and may put other pawns on home spaces by their order ("one of my pawns
is on the second home space"); the two-player board is built with seat ``a``'s pawns there.

>>> from gametable.rulebook.question import Question
>>> read_home_need(Question.read("My pawn needs 3 steps to reach the first space of my home. Can I play a Queen on it?")).text.split()[0]
'No.'
"""

from __future__ import annotations

import re
from dataclasses import replace

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import FORWARD, verdict
from gametable.games.keezbord.answers.referee import Trial
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

_ORDER = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": 4, "final": 4,
          "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
          "eerste": 1, "tweede": 2, "derde": 3, "vierde": 4, "laatste": 4}  # fmt: skip
_ORD = r"(first|second|third|fourth|1st|2nd|3rd|4th|last|final|eerste|tweede|derde|vierde|laatste)"
#: how far a pawn is from its home: "needs 3 steps to reach the first space of my home"
NEED = re.compile(
    r"\b(?:needs?|is) (?:exactly |just |only |still )?(?P<n>\d+)(?: more)?(?: steps?| spaces?)?"
    r"(?: away)? (?:to (?:reach|get|go|move|come)|from)(?: (?:my|the|its|that) pawn| it)?"
    r"(?: (?:to|into|onto|in|on))? (?:the )?"
    + _ORD.replace("(", "(?P<to>", 1)
    + r"?(?: free)?(?: home)?(?: (?:space|spot|square|place))?(?: (?:of|in) (?:my|its|the) home)?"
    r"|\b(?:moet|heb|is|staat) (?:nog |precies )*(?P<nl>\d+)(?: stappen| vakken| stap)? (?:tot|om|"
    r"voor|van|naar)(?: op)? (?:het |de )?"
    + _ORD.replace("(", "(?P<tonl>", 1)
    + r"? ?(?:vakje|vak|plekje|plek|plaats)? ?(?:van |in )?(?:mijn|zijn|de) (?:thuis)?honk"
)
#: pawns already in the home by their order: "on the second home space", "on the first and
#: third spaces of my home"
IN_HOME = re.compile(
    r"\b(?:on|in|op) (?:the |het )?" + _ORD + r"(?: and (?:the )?" + _ORD + r")? (?:home space|"
    r"spaces? (?:of|in) my home|thuishonkvak|vak van mijn (?:thuis)?honk)"
    r"|\bhome (?:has|holds) (?:\w+ )?pawns? (?:on|in) (?:the )?"
    + _ORD
    + r"(?: and (?:the )?"
    + _ORD
    + r")? spaces?\b"
)
#: a place a pawn is asked to reach, not one that holds a pawn: "put it on the second home space"
_TARGET = re.compile(
    r"\b(?:put|puts|move|moves|moving|bring|brings|get|gets|go|goes|land|lands|reach|end up|"
    r"zet|zetten|komen|komt|landen|landt)\b(?: (?:it|him|that pawn|my pawn|hem|die pion))?\s*$"
)
#: pawns already in the home by the number of their space: "my other pawn is on home space 2"
IN_HOME_NUMBER = re.compile(
    r"\b(?:pawn|pion|one)\s+(?:is |stands |sits |staat |zit )?(?:on|in|op)\s+(?:h|home space |"
    r"thuishonkvak |honkvak )([1-4])\b"
)
#: a free home space said, which the position already has: "home space 1 is free"
FREE_HOME = re.compile(
    r"\b(?:h|home space |thuishonkvak |honkvak )[1-4] (?:is )?(?:still )?(?:free|empty|vrij|leeg)\b"
)
#: the pawn one step short of its home: "on the last track space before my home"
LAST_BEFORE_HOME = re.compile(
    r"\b(?:on|op) (?:the |het )?(?:last|laatste) (?:track |baan)?(?:space|spot|square|vakje|vak|"
    r"plek)(?: of the track)? (?:before|voor) (?:my|the|its|mijn|de|zijn) (?:own |eigen )?(?:home|"
    r"honk|thuishonk)\b"
)
#: the pawn moved is the one in the home: "move the one on the first space"
MOVE_HOME_PAWN = re.compile(r"\bthe one (?:on|in) the " + _ORD + r" (?:home )?space\b")


def _home_pawns(question: Question) -> list[int]:
    """The home spaces said to hold the asker's other pawns."""
    out: list[int] = []
    for m in IN_HOME.finditer(question.lower):
        if _TARGET.search(question.lower[max(0, m.start() - 30) : m.start()]):
            continue  # where the move is to end, not a pawn standing there
        out += [_ORDER[g] for g in m.groups() if g]
    out += [int(m.group(1)) for m in IN_HOME_NUMBER.finditer(question.lower)]
    return out


def _needing_place(steps: int, last: bool) -> int | str | None:
    """Where a pawn stands that needs ``steps`` to reach H1 (or H4) on the two-player board."""
    if last and steps <= 3:
        return f"H{4 - steps}"
    place = 64 - steps + (3 if last else 0)
    return place if 0 < place < 64 else None


def read_home_need(question: Question) -> Answer | None:
    """One card played on a pawn short of its home, other pawns in the home as said."""
    cards = [c for c in w.cards_named(question) if c in FORWARD]
    if len(cards) != 1 or cards[0] == "7" or len(w.cards_named(question)) != 1:
        return None
    card = cards[0]
    home = _home_pawns(question)
    if not home and re.search(
        r"\b(?:other|another|second) (?:pawn|one)\b|\bandere pion", question.lower
    ):
        return None  # another pawn said somewhere not in the home: it might play the card instead
    need = NEED.search(question.lower)
    moving = MOVE_HOME_PAWN.search(question.lower)
    if need is None and LAST_BEFORE_HOME.search(question.lower):
        pawns: list[int | str] = [63] + [f"H{h}" for h in home]
    elif need is not None:
        steps = int(need.group("n") or need.group("nl"))
        to = need.group("to") or need.group("tonl")
        last = to is not None and _ORDER[to] == 4
        if last and (home or not question.matches(r"\b(last|laatste|final)\b")):
            return None  # the last space said free only when nothing else is in the home
        place = _needing_place(steps, last)
        if place is None or (isinstance(place, str) and int(place[1]) in home):
            return None
        pawns = [place] + [f"H{h}" for h in home]
    elif moving is not None and home and _ORDER[moving.group(1)] in home:
        first = _ORDER[moving.group(1)]
        pawns = [f"H{first}", *(f"H{h}" for h in home if h != first)]
    else:
        return None
    if len(pawns) > 4 or len(set(pawns)) != len(pawns):
        return None
    pawns += ["N"] * (4 - len(pawns))
    trial = Trial.of(2, {"a": pawns}, [card], f"{card} a1")
    reply = verdict(question, trial, [kb.EXACT_HOME, kb.HOME_NO_PASSING])
    exact = question.say(
        " A pawn goes into its home only by landing exactly on a free home space.",
        " Een pion komt alleen in zijn honk door precies op een vrij honkvak uit te komen.",
    )
    said = question.say(" exact", " precies")
    return reply if said in reply.text else replace(reply, text=reply.text + exact)
