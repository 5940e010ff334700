"""A hand said as a list of cards, for :mod:`.grammar`.

"I hold 4, 4 and 9", "11, De Lul, De Lul en -1", "ik heb 2 en een 0": numbers said one after
another (with card names or "and a" between them) are the Balzakken of one hand, not sums of
points; a sum said after them ("so basically 0 points", "(-2)") restates them.

>>> from gametable.games.balzakken.answers.grammar import Holder
>>> from gametable.rulebook.question import Question
>>> hand = Holder(True, "you", "je", points=[4, 4, 9], points_at=[2, 3, 5])
>>> lists_as_cards(Question.read("I hold 4, 4 and 9"), hand)
>>> hand.cards, hand.points
(['4', '4', '9'], [])
"""

from __future__ import annotations

import re
from typing import Protocol

from gametable.games.balzakken.answers.mentions import held_mentions
from gametable.rulebook.question import Question


class HandSaid(Protocol):
    """What a question says of one hand (:class:`.grammar.Holder`)."""

    points: list[int]
    points_at: list[int]
    cards: list[str]
    listed: list[str]


#: what may stand between the numbers of one list of cards ("4, 4 and 9", "0, 2 en 3")
_LIST_GLUE = frozenset(["and", "en", "a", "an", "een"])
#: words that say a number restates the cards before it ("so basically 0 points", "(-2)")
_RESTATING = frozenset(
    [
        "so",
        "basically",
        "thus",
        "total",
        "makes",
        "that's",
        "thats",
        "dus",
        "eigenlijk",
        "samen",
        "totaal",
        "dat",
    ]
)
POINT_WORDS = frozenset(["point", "points", "punt", "punten", "pts"])


def lists_as_cards(question: Question, holder: HandSaid) -> None:
    """A list of two or more numbers with no "points" after any ("I hold 4, 4 and 9", "my hand
    is 0, 2 and 3") names Balzakken one by one, not sums; a sum said after it stays a sum."""
    words = question.words
    at = holder.points_at
    if len(at) < 2:
        return
    named: set[int] | None = None  # "11, De Lul, De Lul en -1": cards in the list (found once)
    run = 1
    while run < len(at):
        between = list(enumerate(words[at[run - 1] + 1 : at[run]], at[run - 1] + 1))
        if not all(w in _LIST_GLUE for _, w in between):
            named = _named_card_words(question) if named is None else named
            if not all(
                w in _LIST_GLUE or k in named or (w in ("the", "de") and k + 1 in named)
                for k, w in between
            ):
                break
        run += 1
    listed = holder.points[:run]
    if run < 2 or not all(-1 <= p <= 11 for p in listed):
        return
    if any(i + 1 < len(words) and words[i + 1] in POINT_WORDS for i in at[:run]):
        return
    holder.listed = [str(p) for p in listed]
    holder.cards[:0] = holder.listed
    del holder.points[:run]
    del holder.points_at[:run]


def number_before_a_card(question: Question, holder: HandSaid) -> None:
    """ "ik heb 2 en een 0", "I have 3 and a 1": a lone number joined by "and a" to a Balzak
    named as a card is a card of that hand too, not a sum beside it."""
    if len(holder.points) != 1 or not holder.cards or holder.listed:
        return
    words, at = question.words, holder.points_at[0]
    value = holder.points[0]
    if not -1 <= value <= 11 or at + 3 >= len(words) + 1:
        return
    after = words[at + 1 : at + 4]
    if len(after) < 3 or after[0] not in ("and", "en") or after[1] not in ("a", "an", "een"):
        return
    if not after[2].lstrip("-").isdigit() or after[2] not in holder.cards:
        return
    holder.cards.insert(0, str(value))
    holder.points.clear()
    holder.points_at.clear()


def _named_card_words(question: Question) -> set[int]:
    """The indices of the words that name a card by name ("de lul", "the swinger")."""
    return {m.start + k for m in held_mentions(question) for k in range(len(m.said.split()))}


def restated_sum(question: Question, holder: HandSaid) -> None:
    """ "-1, 1 and a lul, so basically 0 points", "two Bruisballen (-2)": one sum said after the
    cards it adds up (their Balzakken, or with The Lul at 10) is no more cards."""
    if len(holder.points) != 1 or not holder.cards:
        return
    i = holder.points_at[0]
    before = question.words[max(0, i - 3) : i]
    opened = re.search(
        rf"\(\s*{re.escape(question.words[i])}\s*(?:points?|punten)?\s*\)", question.lower
    )
    after = question.words[i + 1 : i + 5]
    spelt = any(w in ("made", "consisting", "bestaande", "namelijk") for w in after)
    if not (opened or _RESTATING & set(before) or spelt):  # "5 too, made of a 5 and a swingr"
        return
    balzakken = sum(int(c) for c in holder.cards if c not in ("S", "L"))
    if holder.points[0] in (balzakken, balzakken + 10 * holder.cards.count("L")):
        holder.points.clear()
        holder.points_at.clear()
