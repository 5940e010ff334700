"""Where the words of a Balzakken question stand: a word's index, the cards named and held
(not those said not to be held or lying in front of the asker), the asker's own call said with
"had", another player placed beside the asker, and the number a yes/no question asks whether a
player writes.  Read by :mod:`.grammar` and the readers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from gametable.games.balzakken.answers.names import CARDS
from gametable.games.balzakken.answers.vocab import (
    ASKED_WHETHER,
    ASKED_WHO,
    BESIDE,
    SENTENCE_END,
)
from gametable.rulebook.question import Mention, Question


def word_at(lower: str, start: int) -> int:
    """The index in ``Question.words`` of the word starting at character ``start``."""
    return len(re.findall(r"-?\d+|[^\W\d_]+(?:'[^\W\d_]+)?", lower[:start]))


def asked_number_at(question: Question) -> int | None:
    """Where the number stands that the question asks whether a player writes ("does Jan
    also get to write 0?", "schrijf ik dan -1 op?") or who writes ("wie schrijft 0 op?"), as
    an index in ``Question.words``."""
    lower = question.lower
    start = max((m.end() for m in SENTENCE_END.finditer(lower.strip())), default=0)
    found = ASKED_WHETHER.search(lower[start:])
    if found is None:
        who = ASKED_WHO.search(lower[start:])
        return None if who is None else word_at(lower, start + who.start(1))
    group = 2 if found.group(2) is not None else 4
    return word_at(lower, start + found.start(group))


#: the asker's call said with "had" ("I had a good BALZAK!", "ik had een goede BALZAK!")
MY_CALL = re.compile(
    r"\b(?:i|ik) (?:had|have|heb|got) (?:a|an|een) (?:good|false|goede|valse|foute) "
    r"(?:balzak|call|roep)\b"
)


def beside_me(question: Question) -> set[int]:
    """Where "me" names the place of another player ("the player next to me")."""
    return {
        word_at(question.lower, m.start() + re.search(r"\b(?:me|mij|my)\b", m.group(0)).start())  # type: ignore[union-attr]
        for m in BESIDE.finditer(question.lower)
    }


#: a card said not to be held ("I no longer hold The Lul", "De Lul niet meer", "geen Swinger")
NOT_HELD = re.compile(
    r"\b(?:i|ik) (?:already )?(?:played|used|got rid of|heb) (?:my |the |mijn |de )?(?:lul|lull|swinger)"
    r"(?: (?:gespeeld|gebruikt))? (?:last turn|on my last turn|in an earlier turn|earlier|already|"
    r"before|vorige beurt|de vorige beurt|al)\b|"
    r"\b(?:no longer (?:have|hold|holding)|(?:don'?t|do not|didn'?t|did not) (?:have|hold)|"
    r"not holding) (?:the |a |an |my |any )?(?:lul|lull|swinger|luls|swingers|action ?cards?)"
    r"(?: any ?more)?\b(?!,? (?:and|or|nor) (?:a |an |the |my )?(?:-?\d|lul|swinger|blue|bruis))|"
    r"\b(?:(?:als|nu|wanneer) ik |ik heb |heb ik )(?:de |een |mijn )?(?:lul|swinger|actiekaart) "
    r"niet meer(?: (?:heb|houd))?\b|\bgeen (?:lul|swinger|actiekaart(?:en)?)(?: meer)?\b"
    r"(?! (?:en|of) (?:een |de |mijn )?(?:-?\d|lul|swinger|blauwe|bruis))"
)


#: an action card said to lie in front of the asker ("The Lul lies in front of me", "De Lul
#: ligt voor mij"): played on the asker, in nobody's hand
IN_FRONT_OF_ME = re.compile(
    r"\b(?:the |a |de |een )?(?:lul|lull|swinger)s? (?:(?:now |still |already |nu |nog |al )?"
    r"(?:lies|is lying|lying|lays|sits|is|ligt|lag|staat) )(?:open |face up )?"
    r"(?:in front of|before|voor) (?:me|mij)\b|"
    # "a Lul on the table in front of me", "the Lul card is still lying on the table in front
    # of me", "De Lul ligt nog steeds voor mij op tafel": a few words between, no sentence end
    r"\b(?:lul|lull|swinger)s?\b(?: card| kaart)?(?: (?!and\b|en\b|i\b|ik\b)[^\W\d_]+){0,7}? "
    r"(?:in front of|voor) (?:me|mij)\b(?! ?(?:zelf|self))|"
    r"\b(?:in front of|voor) (?:me|mij) (?:lies|ligt|lag|is) (?:the |a |de |een )?(?:lul|lull|"
    r"swinger)\b"
)


_LUL = r"(?:the |de |a |een |his |her |zijn |haar )?(?:lul|lull)"
_GIVER = (
    r"(?:someone|somebody|another player|my neighbou?r|my opponent|iemand|(?!i\b|ik\b)[^\W\d_]+)"
)
_GIVES = (
    r"(?:plays|played|puts|put|gives|gave|lays|laid|places|placed|drops|dropped|slaps|slapped|"
    r"legt|legde|speelt|speelde|geeft|gaf|gooit|gooide)"
)


def _on_me(card: str) -> re.Pattern[str]:
    """An action card (``card``, a pattern) played on the asker by another player."""
    named = rf"(?:the |de |a |een |his |her |zijn |haar ){card}"
    return re.compile(
        rf"\b{_GIVER} (?:just |then |now |net |toen )?{_GIVES} {named} (?:on|in front of|to|at|"
        rf"voor|aan|op) (?:me|mij)\b|"
        rf"\b{_GIVER} (?:just |then |now |net |toen )?(?:gives|gave|geeft|gaf|hands|handed) "
        rf"(?:me|mij) {named}\b|"
        rf"\b{named} (?:is|was|gets|got|has been|wordt|werd|is) (?:played|put|laid|placed|given|"
        rf"gespeeld|gelegd|gegeven)? ?(?:on|in front of|to|voor|aan) (?:me|mij)\b|"
        rf"\b(?:i|ik) (?:got|received|kreeg|ontving) {named} (?:from|van) {_GIVER}\b|"
        rf"\b{_GIVER} {named} (?:op|voor|aan) (?:me|mij) (?:neer)?(?:speelt|legt|geeft|speelde|"
        rf"legde|gaf)\b"
    )


#: The Lul played on the asker by another player ("someone played the Lul in front of me",
#: "Tom gave me the Lul", "the Lul was played on me", "I got the Lul from Tom", "iemand legt De Lul voor
#: me neer"): the asker is the chosen player, who draws, not the one who plays it
LUL_ON_ME = re.compile(
    _on_me(r"(?:lul|lull)").pattern + r"|\b(?:lul'?d|lulled|geluld) (?:me|mij)\b"
)
#: an action card played on the asker (The Lul, or The Swinger: "Tom played the Swinger on
#: me"): it lies in front of the asker, in nobody's hand
ACTION_ON_ME = re.compile(LUL_ON_ME.pattern + "|" + _on_me(r"(?:swinger|swingr)").pattern)


#: the two cards the asker drew for The Lul played on them ("I drew my 2 cards")
DREW_FOR_LUL = re.compile(
    r"\b(?:drew|drawn|draw|took|taken|picked up|trok|getrokken|pakte|gepakt) (?:my |the |those |"
    r"mijn |de )?(2|two|twee) (?:cards|kaarten)\b"
)


def drew_for_lul(question: Question) -> set[int]:
    """Where the count of cards drawn for The Lul played on the asker stands (a word index),
    when it is the 2 the rules give."""
    if not lul_on_me(question):
        return set()
    return {word_at(question.lower, m.start(1)) for m in DREW_FOR_LUL.finditer(question.lower)}


def lul_on_me(question: Question) -> bool:
    """Whether another player plays The Lul on the asker (see :data:`LUL_ON_ME`)."""
    return LUL_ON_ME.search(question.lower) is not None


def in_front_of_me(question: Question) -> list[str]:
    """The action cards the question says lie in front of the asker (said to lie there, or
    played on the asker)."""
    spans = [(m.start(), m.end()) for m in IN_FRONT_OF_ME.finditer(question.lower)]
    spans += [(m.start(), m.end()) for m in ACTION_ON_ME.finditer(question.lower)]
    lying = [
        m.name
        for m in CARDS.find(question)
        if any(word_at(question.lower, s) <= m.start < word_at(question.lower, e) for s, e in spans)
    ]
    return list(dict.fromkeys(lying))  # "The Lul ... the Lul card": one card said twice


def held_mentions(question: Question) -> list[Mention]:
    """The cards the question names, less those it says are not held (or lie in front of the
    asker, or were played on the asker)."""
    spans = [(m.start(), m.end()) for m in NOT_HELD.finditer(question.lower)]
    spans += [(m.start(), m.end()) for m in IN_FRONT_OF_ME.finditer(question.lower)]
    spans += [(m.start(), m.end()) for m in ACTION_ON_ME.finditer(question.lower)]
    if not spans:
        return list(CARDS.find(question))
    negated = {
        i for s, e in spans for i in range(word_at(question.lower, s), word_at(question.lower, e))
    }
    return [m for m in CARDS.find(question) if m.start not in negated]


#: a number said as a score-sheet total ("my total is 30", "my sheet says 57", "mijn stand is 40")
_TOTAL_SAID = re.compile(
    r"\b(?:total|totaal|stand|sheet|score sheet|scoreblad)(?: is| was| says| shows| of| van| staat op)? "
    r"(\d+)\b"
)


def total_read_as_hand(question: Question, holders: Sequence[Any]) -> bool:
    """A total said ("My total is 30") that the grammar took for the points in a hand."""
    totals = {word_at(question.lower, m.start(1)) for m in _TOTAL_SAID.finditer(question.lower)}
    return any(set(h.points_at) & totals for h in holders)
