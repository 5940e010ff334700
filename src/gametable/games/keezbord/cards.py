"""Keezbord's cards: thirteen ranks, one copy of each per player (suits never matter in play).

Cards are ints inside the engine: Ace 1, 2..10, Jack 11, Queen 12, King 13.  Their text is
``A 2 3 4 5 6 7 8 9 10 J Q K``; on input ``T`` is accepted for 10 and the Dutch letters of the
rulebook (``H`` heer = King, ``V`` vrouw = Queen, ``B`` boer = Jack).

"Card Distribution": 26 cards for two players, 52 for four, 78 for six.  Each is 13 ranks times
the number of players; we read the misprinted six-player sentence as "six cards of every rank",
which is all that matters since no card's suit has any effect (docs/rules/keezbord.md).

>>> card_text(13), parse_card("v"), parse_card("10")
('K', 12, 10)
>>> len(build_deck(6))
78
"""

from __future__ import annotations

from functools import cache
from typing import Final, Literal

# (each constant ``Final``: compiled, a module's other constants are looked up by name at
# every use)
ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
FOUR: Final = 4
SEVEN: Final = 7
RANKS: Final = tuple(range(1, 14))
#: cards dealt per player in the deals of one cycle: 5, then 4, then 4
DEAL_SIZES: Final[tuple[int, ...]] = (5, 4, 4)

#: forward steps of the cards that move one pawn forward
FORWARD_STEPS: Final = {ACE: 1, 2: 2, 3: 3, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, QUEEN: 12}
#: the same indexed by card (0 for the cards that move no pawn forward)
STEPS: Final[tuple[int, ...]] = tuple(FORWARD_STEPS.get(card, 0) for card in range(KING + 1))

#: a card's rank as people write it
CardText = Literal["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
#: the text of each rank, Ace (1) first
RANK_TEXT: Final[tuple[CardText, ...]] = (
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
)  # fmt: skip
_TEXT: Final[dict[int, CardText]] = dict(zip(RANKS, RANK_TEXT, strict=True))
_FROM_TEXT = {t.lower(): c for c, t in _TEXT.items()}
_FROM_TEXT.update(
    {
        "t": 10,
        "h": KING,
        "v": QUEEN,
        "b": JACK,
        "ace": ACE,
        "king": KING,
        "queen": QUEEN,
        "jack": JACK,
    }
)

NAMES: Final = {
    ACE: "Ace",
    JACK: "Jack",
    QUEEN: "Queen",
    KING: "King",
    **{v: str(v) for v in range(2, 11)},
}


def card_text(card: int) -> CardText:
    return _TEXT[card]


def parse_card(text: str) -> int:
    """``"Q"`` -> 12; ``ValueError`` for anything that is not a rank."""
    try:
        return _FROM_TEXT[text.strip().lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"{text!r} is not a card (use A, 2-10, J, Q or K)") from None


def copies(players: int) -> int:
    """Copies of each rank in the deck: one per player (26, 52 or 78 cards)."""
    return players


def build_deck(players: int) -> list[int]:
    """The whole deck, unshuffled."""
    return list(_full_deck(players))


@cache
def _full_deck(players: int) -> tuple[int, ...]:
    return tuple(card for card in RANKS for _ in range(copies(players)))
