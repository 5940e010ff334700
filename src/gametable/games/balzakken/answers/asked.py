"""Whose score a question asks about, and the number it asks whether they write.

"Wat schrijft Jan op?", "What does my neighbour score?", "Does Jan also get to write 0?",
"Schrijf ik dan -1 op?": the player asked about is read from the words around the verb of
writing or scoring in the question's last sentence, and matched to a player the grammar placed
(:mod:`.grammar`): the asker, a player named by name, by a word ("my neighbour") or by a pronoun
(the last other player named).

>>> from gametable.games.balzakken.answers.grammar import read_table
>>> q = Question.read("I called with 3, Piet has 1 and Jan has 2. Does Jan also get to write 0?")
>>> asked_score(q, read_table(q))
Asked(holder=2, number=0, at=17)
"""

from __future__ import annotations

from dataclasses import dataclass

from gametable.games.balzakken.answers.grammar import Table
from gametable.games.balzakken.answers.mentions import asked_number_at
from gametable.games.balzakken.answers.vocab import (
    ASKED_WHAT,
    ASKED_WHETHER,
    ME,
    OTHERS,
    PRONOUNS,
    SENTENCE_END,
)
from gametable.rulebook.question import Question


@dataclass(frozen=True)
class Asked:
    """The player asked about (an index in ``Table.holders``) and, for a yes/no question, the
    number asked and where it stands (an index in ``Question.words``)."""

    holder: int
    number: int | None = None
    at: int | None = None


def asked_score(question: Question, table: Table) -> Asked | None:
    """The player whose score ``question`` asks about, or ``None`` when it names none the
    table holds."""
    lower = question.lower
    last_start = max((m.end() for m in SENTENCE_END.finditer(lower.strip())), default=0)
    last = lower[last_start:]
    found = ASKED_WHETHER.search(last)
    if found is not None:
        first = found.group(1) is not None
        holder = _holder_named(table, found.group(1) if first else found.group(3))
        said = found.group(2) if first else found.group(4)
        if holder is None:
            return None
        return Asked(holder, int(said), asked_number_at(question))
    found = ASKED_WHAT.search(last)
    if found is None:
        return None
    holder = _holder_named(table, found.group(1) or found.group(2))
    return None if holder is None else Asked(holder)


def _holder_named(table: Table, said: str) -> int | None:
    """The holder a subject names: the asker, a pronoun (the last other player), a name or a
    word for a player ("my neighbour")."""
    words = said.split()
    if words[0] in ME and not (len(words) > 1 and words[1] in OTHERS):
        return 0
    if words[0] in PRONOUNS:
        return len(table.holders) - 1 if len(table.holders) > 1 else None
    for word in words:
        for i, holder in enumerate(table.holders[1:], 1):
            if holder.label_en.casefold() == word or (
                word in OTHERS and OTHERS[word][0] == holder.label_en
            ):
                return i
    return None
