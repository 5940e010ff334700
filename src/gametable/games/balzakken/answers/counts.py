"""How many players a question says are at the table: "with 4 players", "three of us",
"a two-player game", "we zijn met z'n drieën".

One reading for every reader and for the guard, so that the count a reply judged is the count
the question said.

>>> from gametable.rulebook.question import Question
>>> players_said(Question.read("Three of us: I call with 4 and Sara has 1."))
(3, 0)
>>> players_said(Question.read("Two-player game: my opponent calls BALZAK! with 3."))
(2, 0)
>>> players_said(Question.read("Met 4 spelers, hoeveel kaarten?"))
(4, 1)
>>> players_said(Question.read("How many cards do I draw?")) is None
True
"""

from __future__ import annotations

import re

from gametable.rulebook.question import Question

COUNTS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "twee": 2,
    "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "tweeën": 2, "drieën": 3,
    "vieren": 4, "vijven": 5, "zessen": 6, "zevenen": 7, "achten": 8, "negenen": 9,
}  # fmt: skip
_COUNT = r"(\d+|" + "|".join(sorted(COUNTS, key=len, reverse=True)) + ")"
#: the ways a count of players is said; the count is the first group
PLAYERS = re.compile(
    rf"\b{_COUNT}(?: |-)(?:players?|spelers?|people|persons|mensen|personen)\b|"
    rf"\b{_COUNT} of us\b|\bwe(?:'re| are| zijn)(?: met)? (?:z'n |zijn |ons )?{_COUNT}\b|"
    rf"\bmet (?:z'n|zijn|ons) {_COUNT}\b"
)
_WORD = re.compile(r"-?\d+|[^\W\d_]+(?:'[^\W\d_]+)?")


def players_said(question: Question) -> tuple[int, int] | None:
    """The count of players the question says and the index (in ``question.words``) of the
    word that says it, or ``None`` when it says none (or two different counts)."""
    found = list(PLAYERS.finditer(question.lower))
    if not found:
        return None
    counts = {_value(_said(m)) for m in found}
    if len(counts) != 1:
        return None
    first = found[0]
    start = next(first.start(g) for g in range(1, (first.lastindex or 0) + 1) if first.group(g))
    return counts.pop(), len(_WORD.findall(question.lower[:start]))


def count_words(question: Question) -> set[int]:
    """The indices (in ``question.words``) of every word that says a count of players."""
    out = set()
    for match in PLAYERS.finditer(question.lower):
        start = next(match.start(g) for g in range(1, (match.lastindex or 0) + 1) if match.group(g))
        out.add(len(_WORD.findall(question.lower[:start])))
    return out


def _said(match: re.Match[str]) -> str:
    return next(g for g in match.groups() if g is not None)


def _value(said: str) -> int:
    return int(said) if said.isdigit() else COUNTS[said]
