"""The discard pile's top card, when a question says it ("the top of the discard pile is a -1",
"bovenop de aflegstapel ligt een 2").

A question that says the top card names a value that is not in the asker's hand, so the turn's
readers get the question without that clause, and the position is built with that card on top
of the discard pile: "the top of the discard pile is a -1 and I hold a 10: can I swap them?" is
a swap of the 10 for the -1.

>>> top, rest = said_top(Question.read("The top of the discard pile is a -1 and I hold a 10. Can I swap them?"))
>>> top, rest.text
('-1', 'I hold a 10. Can I swap them?')
>>> said_top(Question.read("Bovenop de aflegstapel ligt een 2; mag ik mijn 9 ruilen?"))[0]
'2'
>>> said_top(Question.read("The top card is a 4 and I have two 7s. Can I discard both and take the 4?"))[1].text
'I have two 7s. Can I discard both and take the top card?'
>>> said_top(Question.read("I hold a 10. Can I swap it?"))[0] is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from gametable.rulebook.question import Question

_VALUE = r"(?:a |an |the |een |de )?(-?\d{1,2})\b"
#: the clauses that say the top card, each with the value as its one group
_TOP = re.compile(
    r"\b(?:the )?top(?: card)? (?:of|on) the (?:discard )?pile (?:is|was|shows|says) " + _VALUE
    + r"|\bthe discard pile (?:shows|has|is showing) " + _VALUE + r"(?: on top)?"
    + r"|\bthe (?:discard pile'?s )?top card (?:is|was|shows) " + _VALUE
    + r"|\b(?:there'?s|there is|with) " + _VALUE + r" (?:lying |sitting )?on top of the (?:discard )?pile"
    + r"|\b(?:bovenop|boven op|op) de aflegstapel (?:ligt|lag) " + _VALUE
    + r"|\bde bovenste kaart (?:van de aflegstapel |op de aflegstapel )?is " + _VALUE,
    re.IGNORECASE,
)  # fmt: skip


#: the pile spoken of, or the card said to be on it referred to ("swap the Lul for it")
PILE_SAID = re.compile(r"stapel|pile|\b(?:for it|for that one|with it|ervoor|daarvoor|ermee)\b")


def other_top(hand: Sequence[str], theirs: Sequence[str]) -> list[str]:
    """A discard pile whose top is a value neither hand holds (so that the card drawn back
    from it cannot be mistaken for one just discarded)."""
    held = {*hand, *theirs}
    return [next(str(v) for v in (5, 4, 2, 1, 0, 10, 6, 7, 9, 11, -1, 3, 8) if str(v) not in held)]


def said_top(question: Question) -> tuple[str | None, Question]:
    """The discard pile's top card the question says (``None``: it says none), and the
    question without the clause that says it (the same question when it says none)."""
    found = _TOP.search(question.text)
    if found is None:
        return None, question
    value = next(g for g in found.groups() if g is not None)
    rest = (question.text[: found.start()] + question.text[found.end() :]).strip(" ,;.")
    if not question.text[: found.start()].strip():
        rest = re.sub(r"^(?:and|en)\b\s*", "", rest)
    # "..., and take the -1?": the card taken is the top card, not one more of the hand
    taken = rf"\b(take|taking|pick up|grab|get|neem|nemen|pak|pakken) (?:the |that |de |die )?{re.escape(value)}(?!\d)"
    rest = re.sub(taken, r"\1 the top card", rest, flags=re.IGNORECASE)
    return value, replace(Question.read(rest or question.text), kind=question.kind)
