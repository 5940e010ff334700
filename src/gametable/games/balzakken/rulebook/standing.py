"""What Balzakken's scoring makes of the position in front of a seat, and the cards a question
names: the part ``standing`` (:class:`gametable.rulebook.standing.AtTable`).

Everything here reads one seat's ``view(seat)`` (fields, never notation), so it uses only what
that seat may see.
"""

from __future__ import annotations

from gametable.games.balzakken.public import (
    BALZAK_LIMIT,
    BALZAK_VALUES,
    FALSE_PENALTY,
    LUL,
    NAMES,
    POINTS,
    SWINGER,
)
from gametable.rulebook.standing import AtTable, Card, InGameChecks, Standing, View, seat_names

#: what an action card (written "S" and "L" in views) counts in a hand when someone calls
#: BALZAK!, and its name
_ACTION_CARD_POINTS = {"S": POINTS[SWINGER], "L": POINTS[LUL]}
_ACTION_CARD_NAMES = {"S": NAMES[SWINGER], "L": NAMES[LUL]}
#: the lowest value any card can have in a hand
_LOWEST_CARD = min(BALZAK_VALUES)
#: above this, a BALZAK! call is a blunder
_CALL_LIMIT = BALZAK_LIMIT
_FALSE_CALL = FALSE_PENALTY


def _card_points(card: str) -> int:
    return _ACTION_CARD_POINTS[card] if card in _ACTION_CARD_POINTS else int(card)


def _other_hands(view: View, seat: int) -> tuple[list[tuple[int, int, bool]], list[str]]:
    """Every other hand's lowest worth as ``seat`` knows it, and a line on each: the cards it
    has seen in them, and -1 for every card it has not seen."""
    known = {int(s): cards for s, cards in view.get("known_cards", {}).items()}
    others = []
    lines = []
    for s, size in enumerate(view["hand_sizes"]):
        if s == seat:
            continue
        seen = known.get(s, [])
        low = sum(_card_points(c) for c in seen) + _LOWEST_CARD * (size - len(seen))
        exact = len(seen) == size
        others.append((s, low, exact))
        shown = f" (you know {', '.join(seen)})" if seen else ""
        worth = f"exactly {low}" if exact else f"at least {low}"
        lines.append(f"Seat {s} holds {size} cards{shown}: worth {worth}.")
    return others, lines


def _call_now(
    hand: list[str], value: int, others: list[tuple[int, int, bool]]
) -> tuple[str, tuple[str, ...]]:
    """What a BALZAK! call by the seat would score now, and the sections that say so."""
    holding_action = [c for c in hand if c in _ACTION_CARD_POINTS]
    if holding_action:
        text = (
            f"Your hand is worth {value}, but you hold "
            f"{' and '.join(_ACTION_CARD_NAMES[c] for c in holding_action)}: "
            "you cannot call BALZAK! until you have played it."
        )
        return text, ("playing-the-game/important",)
    if value > _CALL_LIMIT:
        text = (
            f"Your hand is worth {value}, more than 5: calling BALZAK! now would cost you "
            f"{_FALSE_CALL} points while everyone else scores 0."
        )
        return text, ("balzak-end-of-a-round/false-balzak",)
    if all(low > value for _, low, _ in others):
        text = (
            f"Your hand is worth {value}: a BALZAK! call now is good for certain, since every "
            "other hand is worth more; you would score 0 and the others their hands."
        )
        return text, ("balzak-end-of-a-round/good-balzak",)
    risky = [s for s, low, _ in others if low <= value]
    text = (
        f"Your hand is worth {value}: a BALZAK! call now is good (0 for you) only if every "
        f"other hand is worth more than {value}; "
        + ", ".join(f"seat {s}" for s in risky)
        + f" might hold {value} or less, which would make it false (25 for you)."
    )
    return text, ("balzak-end-of-a-round/good-balzak", "balzak-end-of-a-round/false-balzak")


def standing(view: View, seat: int) -> Standing:
    """Hand values and what a BALZAK! call by ``seat`` would score now (BZ-090..BZ-111).

    Other hands are bounded from what the seat knows: the cards it has seen in them, and -1 for
    every card it has not seen.
    """
    name = seat_names(seat)
    hand = list(view.get("hand", []))
    value = sum(_card_points(c) for c in hand)
    scores = list(view["scores"])
    details = [
        "Totals so far: " + ", ".join(f"{name(s)} {t}" for s, t in enumerate(scores)),
        f"Your hand ({', '.join(hand) or 'empty'}) is worth {value} points now.",
    ]
    others, lines = _other_hands(view, seat)
    details.extend(lines)
    text, sections = _call_now(hand, value, others)
    if view.get("rounds"):
        last = view["rounds"][-1]
        details.append(
            f"Last round ({last['kind']} BALZAK! by seat {last['caller']}): points "
            + ", ".join(str(p) for p in last["points"])
        )
    details.append("The game ends when a total reaches 100; the lowest total wins.")
    return Standing(text, tuple(details), (*sections, "overview/in-a-nut-shell"))


#: the words a question may use for each card, and the question the rules answer about it
_CARDS = {
    "swinger": ("S", "what does the swinger do"),
    "lul": ("L", "what does the lul do"),
    "blue ball": ("11", "which card is worst"),
    "bruisbal": ("-1", "what is the bruisbal"),
}


def card_names(view: View) -> dict[str, Card]:
    """Words (lower case) that name a card in a question, and the card each names."""
    out: dict[str, Card] = {}
    for word, (label, q) in _CARDS.items():
        out[word] = Card(label, q)
    for card in view.get("hand", []):
        if card not in _ACTION_CARD_POINTS:
            out[card] = Card(card, "how many points is a card worth")
    return out


#: the section that governs each kind of action (by its ``kind``, and by its class name)
ACTION_SECTIONS: dict[str, str] = {
    "discard": "playing-the-game/action-1-discard-and-draw",
    "Discard": "playing-the-game/action-1-discard-and-draw",
    "swap": "playing-the-game/action-2-swap",
    "Swap": "playing-the-game/action-2-swap",
    "swinger": "card-types/action-card-1-the-swinger",
    "PlaySwinger": "card-types/action-card-1-the-swinger",
    "lul": "card-types/action-card-2-the-lul",
    "PlayLul": "card-types/action-card-2-the-lul",
    "balzak": "playing-the-game/action-4-call-balzak",
    "CallBalzak": "playing-the-game/action-4-call-balzak",
}

#: the section that states each card's effect (rules index: the card types)
CARD_SECTIONS: dict[str, str] = {
    "S": "card-types/action-card-1-the-swinger",
    "L": "card-types/action-card-2-the-lul",
    "*": "card-types/balzakken",
}


def card_asked(view: View, i: int) -> tuple[str, str] | None:
    """The card of the hand the ``i``-th position asks about, and how a player names it."""
    hand = [str(c) for c in view.get("hand", [])]
    if not hand:
        return None
    label = hand[i % len(hand)]
    return label, {"S": "swinger", "L": "lul"}.get(label, label)


def score_figures(view: View, seat: int) -> list[str]:
    """The hand's value, which a right answer to "how is it scored?" gives."""
    return [f"worth {view['hand_value']}"]


AT_TABLE = AtTable(
    standing=standing,
    card_names=card_names,
    action_sections=ACTION_SECTIONS,
    checks=InGameChecks(
        card_sections=CARD_SECTIONS,
        card_asked=card_asked,
        score_figures=score_figures,
        # the action cards are played by actions of their own kind, whose fields name no card
        played_by={"s": "swinger", "l": "lul"},
    ),
)
