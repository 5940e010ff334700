"""The cards left in the pack after some deals of a cycle, worked out from the engine's pack.

A cycle deals 5, then 4, then 4 cards to every player from one pack (``cards.DEAL_SIZES``);
the pack's size comes from a new game of the engine.  The deals already made are read from the
question: an ordinal ("the second round was just dealt"), the deal sizes named one by one ("after
the 5-card deal and one 4-card deal"), or the start of the game.  A question about the pack whose
deals are not read is answered by no other number reader (:func:`asks_deck_left`).

>>> from gametable.rulebook.question import Question
>>> deck_left(Question.read("Four players, second round dealt: how many cards are left?")).text.split()[0]
'16'
>>> deck_left(Question.read("6 players: after the 5 card deal n one 4 card deal, how many cards left?")).text.split()[0]
'24'
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.referee import GAME as KEEZBORD
from gametable.games.keezbord.cards import DEAL_SIZES
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "keezbord"
_PACK = r"(?:deck|pack|pile|stock|stack|draw pile|stapel|stok|pot)"
#: the cards still in the pack are asked for (never those in a hand)
IN_DECK = re.compile(
    rf"\b(?:left|remain\w*|still|over|stays?|staying|are there) (?:in|on) (?:the )?{_PACK}\b"
    rf"|\b{_PACK} (?:after|once)\b|\bin de {_PACK} (?:over|na)\b"
    rf"|\b(?:nog|over) (?:in|op) de {_PACK}\b|\b(?:blijven|liggen|zitten) er (?:nog )?(?:over )?"
    rf"(?:in|op) de {_PACK}\b"
    r"|\b(?:how many|hoeveel) (?:cards|kaarten) (?:are |is |zijn |er |nog )*(?:left|remaining|"
    r"over|still there)\b(?! in (?:my|your|his|her|their|mijn|je|zijn|haar) hand)"
    rf"|\bhoeveel kaarten (?:zitten |liggen |zijn )?(?:er )?(?:nog )?in de {_PACK}\b"
)
#: the cards in the pack asked for, which after a deal said means those still there
IN_PACK_NOW = re.compile(
    rf"\b(?:how many|hoeveel) (?:cards|kaarten) (?:are|is|zijn|zitten|liggen) (?:there |er )?"
    rf"(?:still |nog )?in (?:the|de) {_PACK}\b"
)
#: either way of asking, the trigger of :func:`deck_left`
ASKED = re.compile(f"{IN_DECK.pattern}|{IN_PACK_NOW.pattern}")
_ORDINAL = re.compile(
    r"\b(first|second|third|1st|2nd|3rd|eerste|tweede|derde) (?:keer )?(?:deal|round|ronde|deling|"
    r"delen|hand)s?\b"
)
_NTH = {"first": 1, "1st": 1, "eerste": 1, "second": 2, "2nd": 2, "tweede": 2}
_NTH |= {"third": 3, "3rd": 3, "derde": 3}
#: deals named by their size: "the 5 card deal", "one 4-card deal", "two 4-card deals"
_SIZED = re.compile(
    r"\b(?:(a|an|one|two|both|1|2|een|één|twee) )?(?:(?:the|de) )?(\d|four|five|vier|vijf)[- ]"
    r"(?:card|kaart|kaarten)[- ](?:deal|round|ronde|deling)(s?)\b"
)
_HOW_MANY = {"a": 1, "an": 1, "one": 1, "1": 1, "een": 1, "één": 1}
_HOW_MANY |= {"two": 2, "both": 2, "2": 2, "twee": 2}
_SIZE = {"four": 4, "vier": 4, "five": 5, "vijf": 5}
#: only the game's start: the first deal is all that was dealt
#: "the first two deals", "de eerste drie rondes": that many deals made
_FIRST_N = re.compile(
    r"\b(?:first|eerste) (two|three|2|3|twee|drie) (?:deals|rounds|delingen|rondes|keer delen)\b"
)
_COUNT = {"two": 2, "2": 2, "twee": 2, "three": 3, "3": 3, "drie": 3}
_START = re.compile(
    r"\b(?:at the start|start of the game|beginning|begin van het spel|bij het begin)\b"
)


#: the phrases this module reads, set aside before the guard looks at the rest
PHRASES = re.compile(
    "|".join(p.pattern for p in (ASKED, _SIZED, _START, _FIRST_N))
    + r"|\b(?:(?:after|once|when|na|nadat) (?:the |de |a |een )?)?(?:(?:first|second|third|1st|2nd|"
    r"3rd|eerste|tweede|derde) (?:keer )?(?:deal|round|ronde|deling|delen|hand)s?)\b"
    r"|\b(?:just |already |al |net )?(?:dealt|done|over|gedeeld|gedaan|klaar|voorbij)\b"
    r"|\b(?:after|once|na|nadat)\b(?= (?:the |de |a |an |one |een |één )?(?:\d|four|five|vier|vijf)"
    r"[- ](?:card|kaart))"
)


def _deals_done(lower: str) -> int | None:
    """How many deals of the cycle were made, or ``None`` when the question does not say."""
    sized = _SIZED.findall(lower)
    if sized:
        sizes: list[int] = []
        for many, size, plural in sized:
            n = _HOW_MANY.get(many, 2 if plural else 1)
            sizes += [int(_SIZE.get(size, size))] * n
        fits = list(DEAL_SIZES[: len(sizes)]) == sizes
        return len(sizes) if fits else None
    first_n = _FIRST_N.search(lower)
    if first_n is not None:  # "after the first two deals"
        return _COUNT[first_n.group(1)]
    found = {_NTH[m] for m in _ORDINAL.findall(lower)}
    if found:
        return max(found)
    return 1 if _START.search(lower) else None


def _deals(n: int) -> str:
    return "the first deal" if n == 1 else f"the first {n} deals"


def _pack(players: int) -> tuple[int, dict[str, Any]]:
    position = KEEZBORD.new_game(players, seed=0).to_json()
    return len(position["deck"]) + sum(len(h) for h in position["hands"]), position


def asks_deck_left(question: Question) -> bool:
    """Whether the cards still in the pack are asked for: left in it, or in it after a deal."""
    lower = question.lower
    return bool(IN_DECK.search(lower) or (IN_PACK_NOW.search(lower) and _deals_done(lower)))


def deck_left(question: Question) -> Answer | None:
    """The cards left in the pack after the deals the question says were made: the pack of a
    new game less the deal sizes times the players (KB-004, KB-009 to KB-011)."""
    if not asks_deck_left(question):
        return None
    done = _deals_done(question.lower)
    players = w.players_said(question)
    if done is None or not 1 <= done <= len(DEAL_SIZES) or players not in KEEZBORD.player_counts:
        return None
    total, position = _pack(players)
    sizes = DEAL_SIZES[:done]
    out = players * sum(sizes)
    left = total - out
    each = " + ".join(str(s) for s in sizes)
    head = question.say(f"{left} cards.", f"{left} kaarten.")
    reason = question.say(
        f"With {players} players the pack has {total} cards; {_deals(done)} ({each} cards to each "
        f"player) hand out {players} x {sum(sizes)} = {out}, so {total} - {out} = {left} stay in "
        "the pack.",
        f"Met {players} spelers heeft de stapel {total} kaarten; {done} keer delen ({each} per "
        f"speler) geeft {players} x {sum(sizes)} = {out} weg, dus {total} - {out} = {left} blijven "
        "in de stapel.",
    )
    return checked(GAME, question, head, reason, [kb.CARD_DISTRIBUTION, kb.SETUP],
                   position=position, topic="number")  # fmt: skip
