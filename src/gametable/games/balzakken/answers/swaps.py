"""What a swap does to the points in a hand ("Playing the Game > Action 2: Swap").

"I swap my 10 for the top of the discard pile, which is a 1. How many points lighter is my hand
now?" is built as a position whose discard pile shows the card said on top and whose hand holds
the card swapped; the engine plays the swap and the reply gives the difference between the
hand's points before and after, both read from the asker's view.

>>> from gametable.rulebook.question import Question
>>> swap_points(Question.read(
...     "I swap my 10 for the top of the discard pile, which is a 1. How many points do I save?"
... )).text.split(".")[0]
'9 points fewer'
"""

from __future__ import annotations

import re

from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.build import build, load
from gametable.games.balzakken.answers.mentions import word_at
from gametable.games.balzakken.answers.names import card_name, numbered
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balzakken"
_CARD = r"(-?\d{1,2})"
#: the asker's card swapped ("swap my 10", "ruil mijn 9", "swapping a 7")
_MINE = re.compile(
    rf"\b(?:swap|swaps|swapped|swapping|exchange|trade|ruil|ruilen|wissel|wisselen) "
    rf"(?:my |a |an |the |mijn |een |de )?{_CARD}\b"
)
#: the card on top of the discard pile ("the top ..., which is a 1", "the top card is a 4", "de
#: bovenste kaart is een 2", "for the 3 on top")
_TOP = re.compile(
    rf"\b(?:top|bovenste)\b[^.?!]*?(?:\bis|\bwas|:|,) (?:a |an |een |de )?{_CARD}\b"
    rf"|\b(?:for|with|met|voor) (?:the |a |an |de |een )?{_CARD} (?:on top|bovenop|op de "
    r"aflegstapel|(?:on|from) the discard pile)\b"
)
#: points asked about ("how many points lighter", "how many points do I save", "hoeveel punten
#: minder")
_POINTS_ASKED = re.compile(
    r"\bhow (?:many|much) (?:points?|lighter|heavier|lower|higher)\b"
    r"|\bhoeveel (?:punten|lichter|zwaarder|minder|meer)\b"
)


def asks_swap_points(question: Question) -> bool:
    lower = question.lower
    return (
        question.kind == "number"
        and _POINTS_ASKED.search(lower) is not None
        and _MINE.search(lower) is not None
        and _TOP.search(lower) is not None
    )


def _cards(question: Question) -> tuple[str, str, set[int]] | None:
    """The card swapped, the discard pile's top and where their numbers stand."""
    lower = question.lower
    mine, top = _MINE.search(lower), _TOP.search(lower)
    if mine is None or top is None:
        return None
    group = 1 if top.group(1) is not None else 2
    read = {word_at(lower, mine.start(1)), word_at(lower, top.start(group))}
    return mine.group(1), top.group(group), read


def read_numbers(question: Question) -> set[int]:
    cards = _cards(question)
    return set() if cards is None else cards[2]


def swap_points(question: Question) -> Answer | None:
    """The points the asker's hand loses or gains by the swap, as the engine plays it."""
    cards = _cards(question)
    if cards is None:
        return None
    mine, top, _ = cards
    if mine == top or not all(-1 <= int(c) <= 11 for c in (mine, top)):
        return None
    filler = next(c for c in ("4", "3", "2") if c not in (mine, top))
    position = build([[mine, filler, "2" if filler != "2" else "3"], ["9", "9"]], to_move=0,
                     discard=[top])  # fmt: skip
    state = load(position)
    if state is None:
        return None
    before = int(state.view(0)["hand_value"])
    state.apply(f"swap {mine}", 0)
    after = int(state.view(0)["hand_value"])
    change = before - after
    lang = question.lang
    word_en, word_nl = ("fewer", "minder") if change >= 0 else ("more", "meer")
    verdict = question.say(
        f"{numbered(abs(change), 'point', 'en')} {word_en}.",
        f"{numbered(abs(change), 'point', 'nl')} {word_nl}.",
    )
    gave, took = _bare(card_name(mine, lang)), card_name(top, lang)
    sum_text = f"{top} - {mine if int(mine) >= 0 else f'({mine})'} = {int(top) - int(mine):+d}"
    reason = question.say(
        f"In a swap your {gave} goes onto the discard pile and its top card ({took}) comes "
        f"into your hand: {sum_text}.",
        f"Bij ruilen gaat je {gave} op de aflegstapel en komt de bovenste kaart ({took}) in "
        f"je hand: {sum_text}.",
    )
    return checked(GAME, question, verdict, reason, [refs.SWAP], position=position)


def _bare(name: str) -> str:
    """A card's name after "your" / "je", without its article ("Blue Ball (11)")."""
    return re.sub(r"^(?:the|de|The|De) ", "", name)
