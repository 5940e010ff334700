"""Balzakken's words: the cards' names as players say them, in English and in the rulebook's Dutch.

Cards are written as in positions (``"-1"`` .. ``"11"``, ``"S"``, ``"L"``).  The Dutch names are
the booklet's own: De Lul, De Swinger, de Blauwe Bal (11) and de Bruisbal (-1).

>>> from gametable.rulebook.question import Question
>>> [m.name for m in CARDS.find(Question.read("may I call with the lull and a swingr?"))]
['L', 'S']
>>> card_name("L", "nl"), card_name("11", "en")
('De Lul', 'the Blue Ball (11)')
>>> numbered(1, "card", "en"), numbered(-1, "point", "en"), numbered(2, "card", "nl")
('1 card', '-1 points', '2 kaarten')
"""

from __future__ import annotations

from gametable.rulebook.question import Lexicon

LUL = "L"
SWINGER = "S"
ACTION_CARDS = (SWINGER, LUL)

#: every way a player names a card that is not a plain number
CARDS = Lexicon(
    {
        "lul": LUL,
        "lull": LUL,
        "luls": LUL,
        "lullen": LUL,
        "swinger": SWINGER,
        "swingers": SWINGER,
        "blue ball": "11",
        "blauwe bal": "11",
        "blueball": "11",
        "bruisbal": "-1",
        "bruise ball": "-1",
        "bruisballen": "-1",
    },
    cutoff=85.0,
)

_NAMES = {
    "en": {LUL: "The Lul", SWINGER: "The Swinger", "11": "the Blue Ball (11)", "-1": "the Bruisbal (-1)"},
    "nl": {LUL: "De Lul", SWINGER: "De Swinger", "11": "de Blauwe Bal (11)", "-1": "de Bruisbal (-1)"},
}  # fmt: skip

#: Dutch plurals of the card values ("twee zevens"), and English ones spelt out
VALUE_WORDS = {
    "nullen": 0, "enen": 1, "tweeën": 2, "tweeen": 2, "drieën": 3, "drieen": 3, "vieren": 4,
    "vijven": 5, "zessen": 6, "zevens": 7, "achten": 8, "negens": 9, "tienen": 10, "elven": 11,
    "zeros": 0, "ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6,
    "sevens": 7, "eights": 8, "nines": 9, "tens": 10, "elevens": 11,
}  # fmt: skip


def card_name(card: str, lang: str) -> str:
    """A card's name in a reply: the action cards and the two named Balzakken by name, the others
    as their value."""
    return _NAMES["nl" if lang == "nl" else "en"].get(card, card)


def hand_text(hand: list[str], lang: str) -> str:
    """A hand in a reply: ``"3 and The Lul"``, ``"an empty hand"``."""
    if not hand:
        return "een lege hand" if lang == "nl" else "an empty hand"
    names = [card_name(c, lang) for c in hand]
    joiner = " en " if lang == "nl" else " and "
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + joiner + names[-1]


_DUTCH_WORDS = {"card": ("kaart", "kaarten"), "point": ("punt", "punten")}


def numbered(n: int, word: str, lang: str) -> str:
    """``n`` with ``word`` ("card", "point") in the singular or plural, in ``lang``."""
    if lang == "nl":
        one, many = _DUTCH_WORDS[word]
        return f"{n} {one if n == 1 else many}"
    return f"{n} {word if n == 1 else word + 's'}"
