"""The Katun deck: card types, the cards' riches (``data/katun.toml``) and building the deck.

A card is an integer id 0..71 into :data:`CARDS`; its text (``card_text``) names its type and, for
Prosperous and Favourable cards, its riches (``"favourable:maize+cacao"``,
``"prosperous:cacao/jade/prestige:2"``).  Cards with the same text are interchangeable.

Building the deck ("Setup > Building the card deck"): the 5 ball games, 10 prosperous cards and the
Eclipse are set aside; the other 56 are shuffled and cut into 6 piles of 10, 10, 9, 9, 9, 9 cards;
the ball games go between the piles; the shuffled prosperous cards go on top; the Eclipse goes in
at a random place among the five places nearest the middle of the deck.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Final, Literal, get_args

from gametable.core.rng import Rng
from gametable.games.balam.board import (
    COLOURS,
    COURT,
    DATA,
    GARRISON,
    MAIZE,
    MARKET,
    OBSERVATORY,
    PALACE,
    PRISONER,
    RICHES,
    TEMPLE,
    VILLAGE,
)
from gametable.games.balam.board import (
    KINDS as KIND_NAMES,
)

CardType = Literal[
    "prosperous",
    "favourable",
    "exceptional",
    "expedition",
    "cacao_festival",
    "marriage",
    "cenotes",
    "ball_game",
    "eclipse",
    "drought",
    "insurrection",
    "earthquake",
    "pochteca",
    "toltec_raid",
    "decadence",
    "eruption",
    "tidal_wave",
]
#: the card types in the rulebook's order ("4 - KATUN"): the values of :data:`CardType`, its one
#: source
TYPES: Final[tuple[CardType, ...]] = get_args(CardType)
#: the rulebook's count of each type ("4 - KATUN")
RULEBOOK_COUNTS: Final = {
    "prosperous": 10,
    "favourable": 14,
    "exceptional": 2,
    "expedition": 2,
    "cacao_festival": 1,
    "marriage": 2,
    "cenotes": 3,
    "ball_game": 5,
    "eclipse": 1,
    "drought": 6,
    "insurrection": 4,
    "earthquake": 4,
    "pochteca": 4,
    "toltec_raid": 4,
    "decadence": 4,
    "eruption": 3,
    "tidal_wave": 3,
}
#: catastrophe -> (riches the Mayas pay, how many, buildings lost as (kind, count), or the
#: feature of the cities lost)
CATASTROPHE: Final[dict[str, tuple[int, int, tuple[tuple[int, int], ...] | str]]] = {
    "drought": (MAIZE, 1, ((VILLAGE, 2),)),
    "insurrection": (MAIZE, 1, ((PALACE, 1),)),
    "earthquake": (PRISONER, 1, ((TEMPLE, 1),)),
    "pochteca": (PRISONER, 1, ((MARKET, 2),)),
    "toltec_raid": (PRISONER, 1, ((GARRISON, 2),)),
    "decadence": (PRISONER, 1, ((COURT, 1), (OBSERVATORY, 1))),
    "eruption": (PRISONER, 2, "volcano"),
    "tidal_wave": (PRISONER, 2, "seashore"),
}
#: the catastrophes, in the rulebook's order (the keys of :data:`CATASTROPHE`)
CATASTROPHES: Final[tuple[str, ...]] = tuple(CATASTROPHE)


#: each type's name, as the rulebook names it ("4 - KATUN")
NAMES: Final = {
    "prosperous": "Prosperous Katun",
    "favourable": "Favourable Katun",
    "exceptional": "Exceptional Katun",
    "expedition": "Expedition return",
    "cacao_festival": "Cacao festival",
    "marriage": "Princely marriage",
    "cenotes": "Cult of the sacred cenotes",
    "ball_game": "Ball game",
    "eclipse": "Eclipse",
    "drought": "Drought",
    "insurrection": "Insurrection",
    "earthquake": "Earthquake",
    "pochteca": "Pochteca competition",
    "toltec_raid": "Toltec raid",
    "decadence": "Decadence",
    "eruption": "Volcanic eruptions",
    "tidal_wave": "Tidal wave",
}
#: what the cards without riches of their own do, in our words (see :func:`card_effect`)
EFFECTS: Final = {
    "exceptional": "the king gains 2 maize",
    "expedition": "the king takes 1 riches of his choice (not a prisoner)",
    "cacao_festival": "every king gains 1 cacao",
    "marriage": "the king takes 1 riches of his choice from another king's sheet (a dowry)",
    "cenotes": "the king's Mayas may bring one riches of his reserves and garrisons to each "
    "cenote they can reach, for twice a temple's prestige",
    "ball_game": "the king with the most ball courts wins as much prestige as he has cities "
    "(two tied, or a lone second: half as much)",
    "eclipse": "no more Clemency of Chaak (2 maize per king) at the end of the rounds",
}


@dataclass(frozen=True)
class Card:
    kind: CardType
    #: Favourable: riches gained; Prosperous: riches offered (choose one)
    riches: tuple[int, ...] = ()
    #: Prosperous: prestige points offered instead (0: none)
    prestige: int = 0

    @property
    def text(self) -> str:
        if self.kind == "favourable":
            return "favourable:" + "+".join(RICHES[r] for r in self.riches)
        if self.kind == "prosperous":
            parts: list[str] = [RICHES[r] for r in self.riches]
            if self.prestige:
                parts.append(f"prestige:{self.prestige}")
            return "prosperous:" + "/".join(parts)
        return self.kind

    @property
    def name(self) -> str:
        return NAMES[self.kind]

    @cached_property
    def title(self) -> str:
        """The card as players call it, with what it offers or gives.

        >>> Card("prosperous", (0, 3), 1).title, Card("favourable", (0, 4)).title
        ('Prosperous Katun (maize, jade or 1 prestige)', 'Favourable Katun (+maize +obsidian)')
        >>> Card("drought").title
        'Drought'
        """
        riches = [RICHES[r] for r in self.riches]
        if self.kind == "prosperous":
            offer = riches + ([f"{self.prestige} prestige"] if self.prestige else [])
            choice = ", ".join(offer[:-1]) + " or " if len(offer) > 1 else ""
            return f"{self.name} ({choice}{offer[-1]})"
        if riches:
            return f"{self.name} ({' '.join('+' + r for r in riches)})"
        return self.name

    @cached_property
    def effect(self) -> str:
        """What the card does, in a sentence of our own words."""
        if self.kind == "prosperous":
            offers = [f"1 {RICHES[r]}" for r in self.riches]
            if self.prestige:
                offers.append(f"{self.prestige} prestige point{'s' if self.prestige > 1 else ''}")
            return "the king takes one of: " + ", ".join(offers)
        if self.kind == "favourable":
            counts = Counter(self.riches)
            return "the king gains " + " and ".join(f"{n} {RICHES[r]}" for r, n in counts.items())
        if self.kind in CATASTROPHE:
            pay, n, loses = CATASTROPHE[self.kind]
            what = (
                f"every city of his {'by a volcano' if loses == 'volcano' else 'on the seashore'}"
                if isinstance(loses, str)
                else " and ".join(f"{k} {KIND_NAMES[b]}{'s' if k > 1 else ''}" for b, k in loses)
            )
            plural = "s" if n > 1 else ""
            return (
                f"the king's Mayas pay {n} {RICHES[pay]}{plural} from his reserves and "
                f"garrisons, or he loses {what}"
            )
        return EFFECTS[self.kind]


class KatunError(ValueError):
    """A Katun file that does not describe the rulebook's deck."""


def _riches(name: object, where: str) -> int:
    given = COLOURS  # a Katun gives the riches a site may produce (never a prisoner)
    if not isinstance(name, str) or name not in given:
        raise KatunError(f"{where}: {name!r} is not a riches a Katun can give ({', '.join(given)})")
    return RICHES.index(name)


def parse_katun(data: dict) -> tuple[Card, ...]:
    counts = data.get("counts", {})
    if counts != RULEBOOK_COUNTS:
        raise KatunError(f"the Katun counts must be the rulebook's {RULEBOOK_COUNTS}")
    cards: list[Card] = []
    pros = data.get("prosperous", [])
    if len(pros) != counts["prosperous"]:
        raise KatunError(f"list {counts['prosperous']} [[prosperous]] cards, not {len(pros)}")
    for i, p in enumerate(pros):
        riches: list[int] = []
        prestige = 0
        for offer in p.get("offers", []):
            if isinstance(offer, str) and offer.startswith("prestige:"):
                prestige = int(offer.split(":", 1)[1])
                if prestige < 1:
                    raise KatunError(f"prosperous card #{i + 1}: prestige must be positive")
            else:
                riches.append(_riches(offer, f"prosperous card #{i + 1}"))
        if not riches and not prestige:
            raise KatunError(f"prosperous card #{i + 1} offers nothing")
        cards.append(Card("prosperous", tuple(riches), prestige))
    favs = data.get("favourable", [])
    if len(favs) != counts["favourable"]:
        raise KatunError(f"list {counts['favourable']} [[favourable]] cards, not {len(favs)}")
    for i, f in enumerate(favs):
        gains = tuple(_riches(g, f"favourable card #{i + 1}") for g in f.get("gains", []))
        if not gains:
            raise KatunError(f"favourable card #{i + 1} gives nothing")
        cards.append(Card("favourable", gains))
    for kind in TYPES[2:]:
        cards.extend(Card(kind) for _ in range(counts[kind]))
    return tuple(cards)


@cache
def load_cards() -> tuple[Card, ...]:
    return parse_katun(tomllib.loads((DATA / "katun.toml").read_text(encoding="utf-8")))


CARDS: Final = load_cards()
KIND: Final = tuple(c.kind for c in CARDS)
TEXT: Final = tuple(c.text for c in CARDS)
#: each card's title, by card number (read in play, so worked out once)
TITLES: Final = tuple(c.title for c in CARDS)


def ids_of(kind: str) -> list[int]:
    return [i for i, c in enumerate(CARDS) if c.kind == kind]


#: the classes of places in a deck built by :func:`build_deck`: what may lie there
PROSPEROUS_PLACE: Final = "prosperous"  # as the kinds they hold
BALL_PLACE: Final = "ball_game"
ECLIPSE_WINDOW: Final = "window"
OTHER_PLACE: Final = "other"


@cache
def deck_places() -> tuple[str, ...]:
    """What each place of the deck (top card first) may hold after :func:`build_deck`, a public
    fact of the setup ("Setup > Building the card deck"): Prosperous cards on top, each ball game
    at a fixed place between two piles, the Eclipse somewhere in a window of 5 places in the
    middle (the window's other places hold ordinary cards), ordinary cards elsewhere."""
    kinds = Counter(KIND)
    rest = len(KIND) - kinds["ball_game"] - kinds["prosperous"] - kinds["eclipse"]
    sizes = [rest // 6 + (1 if k < rest % 6 else 0) for k in range(6)]
    places = [PROSPEROUS_PLACE] * kinds["prosperous"]
    for k, size in enumerate(sizes):
        places.extend([OTHER_PLACE] * size)
        if k < kinds["ball_game"]:
            places.append(BALL_PLACE)
    middle = (len(places) + 1) // 2
    first = middle - 2  # the Eclipse goes in before place index first + 0..4 (see build_deck)
    assert set(places[first : first + 4]) == {OTHER_PLACE}
    out = places[:first] + [ECLIPSE_WINDOW] * 5 + places[first + 4 :]
    assert len(out) == len(KIND)
    return tuple(out)


def fits_place(card: int, place: str) -> bool:
    """May ``card`` lie at a place of this class in a deck built by :func:`build_deck`?"""
    kind = KIND[card]
    if place in (PROSPEROUS_PLACE, BALL_PLACE):
        return kind == place
    if place == ECLIPSE_WINDOW:
        return kind not in (PROSPEROUS_PLACE, BALL_PLACE)
    return kind not in (PROSPEROUS_PLACE, BALL_PLACE, "eclipse")


#: the cards :func:`build_deck` places apart, and the others
BALL_CARDS, PROSPEROUS_CARDS, ECLIPSE_CARDS = (
    tuple(ids_of(kind)) for kind in ("ball_game", "prosperous", "eclipse")
)
ORDINARY_CARDS: Final = tuple(
    i for i in range(len(CARDS)) if KIND[i] not in ("ball_game", "prosperous", "eclipse")
)


def build_deck(rng: Rng) -> list[int]:
    """The whole deck, **top card last** (so drawing is ``deck.pop()``)."""
    balls = list(BALL_CARDS)
    pros = list(PROSPEROUS_CARDS)
    eclipse = ECLIPSE_CARDS
    rest = list(ORDINARY_CARDS)
    rng.shuffle(rest)
    rng.shuffle(balls)
    rng.shuffle(pros)
    n = len(rest)
    sizes = [n // 6 + (1 if k < n % 6 else 0) for k in range(6)]
    top_down: list[int] = []
    start = 0
    for k, size in enumerate(sizes):
        top_down.extend(rest[start : start + size])
        start += size
        if k < len(balls):
            top_down.append(balls[k])
    top_down = pros + top_down
    middle = (len(top_down) + 1) // 2
    top_down.insert(middle - 2 + rng.randbelow(5), eclipse[0])
    return top_down[::-1]
