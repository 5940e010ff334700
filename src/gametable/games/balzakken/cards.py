"""Balzakken's cards: the Balzakken -1..11 and the two action cards, The Swinger and The Lul.

Cards are small ints inside the engine: a Balzak is its value (-1..11), The Swinger is
:data:`SWINGER` and The Lul is :data:`LUL`.  In JSON and notation a card is its text:
``"-1"`` ... ``"11"``, ``"S"`` (The Swinger) or ``"L"`` (The Lul).

Hand values follow "Card Types": a Balzak counts its face value, a Lul left in hand counts 10
and a Swinger left in hand counts 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal

SWINGER: Final = 20
LUL: Final = 21
ACTION_CARDS: Final = (SWINGER, LUL)
LOWEST: Final = -1
HIGHEST: Final = 11
BALZAK_VALUES: Final = tuple(range(LOWEST, HIGHEST + 1))
ALL_CARDS: Final = (*BALZAK_VALUES, SWINGER, LUL)

#: points a card counts in a hand at the end of a round
POINTS: Final = {**{v: v for v in BALZAK_VALUES}, SWINGER: 0, LUL: 10}

#: a card as text (JSON, notation, views)
CardText = Literal["-1", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "S", "L"]
_POINTS_OF: Final = POINTS.__getitem__

_TEXT: Final[dict[int, CardText]] = {
    -1: "-1",
    0: "0",
    1: "1",
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "11",
    SWINGER: "S",
    LUL: "L",
}
_TEXT_OF: Final = _TEXT.__getitem__
_FROM_TEXT: dict[str, int] = {t: c for c, t in _TEXT.items()}
_FROM_TEXT.update(
    {"SWINGER": SWINGER, "LUL": LUL, "s": SWINGER, "l": LUL, "swinger": SWINGER, "lul": LUL}
)

NAMES: Final = {**{v: f"Balzak {v}" for v in BALZAK_VALUES}, SWINGER: "The Swinger", LUL: "The Lul"}
NAMES[11] = "Blue Ball (11)"
NAMES[-1] = "Bruisbal (-1)"


def is_balzak(card: int) -> bool:
    return LOWEST <= card <= HIGHEST


def card_text(card: int) -> CardText:
    return _TEXT[card]


def cards_text(cards: Iterable[int]) -> list[CardText]:
    """``[7, SWINGER]`` -> ``["7", "S"]``."""
    return list(map(_TEXT_OF, cards))


def hands_text(hands: Iterable[Iterable[int]]) -> list[list[CardText]]:
    """:func:`cards_text` of each hand, in one call (a round's record writes every hand).

    >>> hands_text([[7, SWINGER], []])
    [['7', 'S'], []]
    """
    return [list(map(_TEXT_OF, cards)) for cards in hands]


def parse_card(text: str) -> int:
    """``"7"`` -> 7, ``"S"`` -> SWINGER; ``ValueError`` for anything else."""
    try:
        return _FROM_TEXT[text.strip()]
    except (KeyError, AttributeError):
        raise ValueError(f"{text!r} is not a Balzakken card (use -1..11, S or L)") from None


def hand_value(hand: Iterable[int]) -> int:
    """Points in a hand: Balzakken at face value, a Lul 10, a Swinger 0.

    >>> hand_value([-1, 3, LUL, SWINGER])
    12
    """
    return sum(map(_POINTS_OF, hand))


def hand_values(hands: Iterable[list[int]]) -> list[int]:
    """:func:`hand_value` of each sorted hand, in one call (scoring a round values every hand).

    A Balzak counts its face value, so a hand without action cards (which sort after every
    Balzak) is worth the sum of its cards.

    >>> hand_values([[-1, 3, SWINGER, LUL], [11], []])
    [12, 11, 0]
    """
    return [
        sum(hand) if not hand or hand[-1] < SWINGER else sum(map(_POINTS_OF, hand))
        for hand in hands
    ]


def deck_counts(options: Mapping[str, Any]) -> dict[int, int]:
    """How many of each card the deck holds under ``options``."""
    counts = {v: options["copies"] for v in BALZAK_VALUES}
    counts[SWINGER] = options["swingers"]
    counts[LUL] = options["luls"]
    return counts


_DECKS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def build_deck(options: Mapping[str, Any]) -> list[int]:
    """The whole deck, unshuffled, in card order."""
    key = (options["copies"], options["swingers"], options["luls"])
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = tuple(c for c, n in deck_counts(options).items() for _ in range(n))
    return list(deck)
