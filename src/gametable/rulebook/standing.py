"""What each game's scoring makes of the position in front of a seat, and the cards it names.

Everything here reads one seat's ``view(seat)`` (fields, never notation), so it uses only what that
seat may see.  :mod:`gametable.rulebook.ingame` calls :func:`standing` for "how is the round
scored?" and :func:`card_names` to find the card a question is about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

#: Balzakken: what an action card (written "S" and "L" in views) counts in a hand when someone
#: calls BALZAK!, and its name
_ACTION_CARD_POINTS = {"S": 0, "L": 10}
_ACTION_CARD_NAMES = {"S": "The Swinger", "L": "The Lul"}
#: the lowest value any Balzakken card can have in a hand
_LOWEST_CARD = -1
#: above this, a BALZAK! call is a blunder
_CALL_LIMIT = 5
_FALSE_CALL = 25


@dataclass(frozen=True)
class Standing:
    """The scoring applied to the current position: a short text, lines of figures, the sections."""

    text: str
    details: tuple[str, ...]
    sections: tuple[str, ...]


def _card_points(card: str) -> int:
    return _ACTION_CARD_POINTS[card] if card in _ACTION_CARD_POINTS else int(card)


def _seat_names(view: Mapping[str, Any], seat: int) -> Callable[[int], str]:
    return lambda s: "you" if s == seat else f"seat {s}"


def balzakken(view: Mapping[str, Any], seat: int) -> Standing:
    """Hand values and what a BALZAK! call by ``seat`` would score now (BZ-090..BZ-111).

    Other hands are bounded from what the seat knows: the cards it has seen in them, and -1 for
    every card it has not seen.
    """
    name = _seat_names(view, seat)
    hand = list(view.get("hand", []))
    value = sum(_card_points(c) for c in hand)
    scores = list(view["scores"])
    details = [
        "Totals so far: " + ", ".join(f"{name(s)} {t}" for s, t in enumerate(scores)),
        f"Your hand ({', '.join(hand) or 'empty'}) is worth {value} points now.",
    ]
    known = {int(s): cards for s, cards in view.get("known_cards", {}).items()}
    others = []
    for s, size in enumerate(view["hand_sizes"]):
        if s == seat:
            continue
        seen = known.get(s, [])
        low = sum(_card_points(c) for c in seen) + _LOWEST_CARD * (size - len(seen))
        exact = len(seen) == size
        others.append((s, low, exact))
        shown = f" (you know {', '.join(seen)})" if seen else ""
        worth = f"exactly {low}" if exact else f"at least {low}"
        details.append(f"Seat {s} holds {size} cards{shown}: worth {worth}.")
    holding_action = [c for c in hand if c in _ACTION_CARD_POINTS]
    sections: tuple[str, ...]
    if holding_action:
        text = (
            f"Your hand is worth {value}, but you hold "
            f"{' and '.join(_ACTION_CARD_NAMES[c] for c in holding_action)}: "
            "you cannot call BALZAK! until you have played it."
        )
        sections = ("playing-the-game/important",)
    elif value > _CALL_LIMIT:
        text = (
            f"Your hand is worth {value}, more than 5: calling BALZAK! now would cost you "
            f"{_FALSE_CALL} points while everyone else scores 0."
        )
        sections = ("balzak-end-of-a-round/false-balzak",)
    elif all(low > value for _, low, _ in others):
        text = (
            f"Your hand is worth {value}: a BALZAK! call now is good for certain, since every "
            "other hand is worth more; you would score 0 and the others their hands."
        )
        sections = ("balzak-end-of-a-round/good-balzak",)
    else:
        risky = [s for s, low, _ in others if low <= value]
        text = (
            f"Your hand is worth {value}: a BALZAK! call now is good (0 for you) only if every "
            f"other hand is worth more than {value}; "
            + ", ".join(f"seat {s}" for s in risky)
            + f" might hold {value} or less, which would make it false (25 for you)."
        )
        sections = ("balzak-end-of-a-round/good-balzak", "balzak-end-of-a-round/false-balzak")
    if view.get("rounds"):
        last = view["rounds"][-1]
        details.append(
            f"Last round ({last['kind']} BALZAK! by seat {last['caller']}): points "
            + ", ".join(str(p) for p in last["points"])
        )
    details.append("The game ends when a total reaches 100; the lowest total wins.")
    return Standing(text, tuple(details), (*sections, "overview/in-a-nut-shell"))


def _pawn_name(owner: int, index: int) -> str:
    return f"{chr(ord('a') + owner)}{index + 1}"


def keezbord(view: Mapping[str, Any], seat: int) -> Standing:
    """Pawns home and still to come, per seat and team (KB-033, KB-034, KB-074)."""
    name = _seat_names(view, seat)
    length = view["track_length"]
    starts = view["starts"]
    details = []
    home_counts = []
    for owner, places in enumerate(view["pawns"]):
        home = sum(1 for p in places if isinstance(p, str) and p.startswith("H"))
        home_counts.append(home)
        parts = []
        for i, place in enumerate(places):
            pawn = _pawn_name(owner, i)
            if place == "N":
                parts.append(f"{pawn} in the nest")
            elif isinstance(place, str):
                parts.append(f"{pawn} home ({place})")
            else:
                to_go = length - (place - starts[owner]) % length
                parts.append(f"{pawn} on space {place}, {to_go} steps from the home")
        details.append(f"{name(owner).capitalize()}: {home} of 4 home; " + "; ".join(parts) + ".")
    teams = [list(t) for t in view["teams"]]
    mine = next((t for t in teams if seat in t), [seat])
    team_home = sum(home_counts[s] for s in mine)
    needed = 4 * len(mine)
    who = "your team has" if len(mine) > 1 else "you have"
    text = (
        f"Keezbord is won by bringing every pawn home: {who} {team_home} of {needed} pawns home, "
        f"{needed - team_home} still to go."
    )
    rivals = [t for t in teams if t is not mine and seat not in t]
    if rivals:
        text += " Other teams: " + ", ".join(
            f"{'+'.join(f'seat {s}' for s in t)} {sum(home_counts[s] for s in t)} of {4 * len(t)}"
            for t in rivals
        )
        text += "."
    return Standing(text, tuple(details), ("gameplay", "playing-in-teams"))


def balam(view: Mapping[str, Any], seat: int) -> Standing:
    """Prestige, the riches bonus if the game ended now, and this round's prestige (BA-229,
    BA-251, BA-252)."""
    name = _seat_names(view, seat)
    totals = []
    details = []
    for s, king in enumerate(view["kings"]):
        riches = sum(king["riches"].values())
        bonus = riches // 2
        totals.append(king["prestige"] + bonus)
        details.append(
            f"{name(s).capitalize()}: {king['prestige']} prestige, {riches} riches on the sheet "
            f"(worth {bonus} at the end), {king['prestige'] + bonus} if the game ended now."
        )
    tally = view.get("round_tally") or {}
    gained = tally.get("prestige", {})
    if gained:
        parts = [f"{kind} {points[seat]}" for kind, points in gained.items() if points[seat]]
        details.append("Your prestige this round: " + (", ".join(parts) if parts else "none yet"))
    katun = view.get("katun", {})
    target = view.get("options", {}).get("ball_games") or len(view["kings"])
    details.append(f"Ball games played: {katun.get('ball_games', 0)} of {target}.")
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    me = view["kings"][seat]
    riches = sum(me["riches"].values())
    text = (
        f"You have {me['prestige']} prestige and {riches} riches on your sheet, worth "
        f"{riches // 2} more at the end (half a point each, rounded down): {totals[seat]} if the "
        f"game ended now. "
        + (
            "You would win."
            if leaders == [seat]
            else "Leading: " + ", ".join(name(s) for s in leaders) + f" with {best}."
        )
    )
    return Standing(text, tuple(details), ("7-end-of-game/riches-bonus", "6-distribution/ceremony"))


STANDINGS: dict[str, Callable[[Mapping[str, Any], int], Standing]] = {
    "balzakken": balzakken,
    "keezbord": keezbord,
    "balam": balam,
}


def standing(game: str, view: Mapping[str, Any], seat: int) -> Standing | None:
    """The scoring of ``game`` applied to ``view`` for ``seat`` (``None`` for an unknown game)."""
    scorer = STANDINGS.get(game)
    return scorer(view, seat) if scorer else None


#: the words a question may use for each card, and the question the rules answer about it
_BALZAKKEN_CARDS = {
    "swinger": ("S", "what does the swinger do"),
    "lul": ("L", "what does the lul do"),
    "blue ball": ("11", "which card is worst"),
    "bruisbal": ("-1", "what is the bruisbal"),
}
_KEEZBORD_CARDS = {
    "ace": "A",
    "king": "K",
    "queen": "Q",
    "jack": "J",
    "seven": "7",
    "four": "4",
    "ten": "10",
    "nine": "9",
    "eight": "8",
    "six": "6",
    "five": "5",
    "three": "3",
    "two": "2",
}
_KEEZBORD_RULES = {
    "A": "what does the ace do",
    "K": "what does the king do",
    "Q": "what does the queen do",
    "J": "what does the jack do",
    "7": "what does the seven do",
    "4": "what does the four do",
}


#: Balam's Katun cards by kind (as views write them, before any ":"): the words a question may
#: use, and the rules question about the card
_BALAM_CARDS = {
    "ball_game": (("ball game",), "how does a ball game work"),
    "eclipse": (("eclipse",), "what is the eclipse"),
    "prosperous": (("prosperous",), "what does a prosperous katun card do"),
    "favourable": (("favourable", "favorable"), "what does a favourable katun do"),
    "exceptional": (("exceptional",), "what does the exceptional katun give"),
    "expedition": (("expedition",), "what is an expedition return"),
    "cacao_festival": (("cacao festival", "festival"), "what is the cacao festival"),
    "marriage": (("marriage",), "what does the marriage card do"),
    "cenotes": (("cenote", "cenotes"), "sacred cenotes card"),
    "drought": (("drought",), "what does drought do"),
    "insurrection": (("insurrection",), "what does insurrection do"),
    "earthquake": (("earthquake",), "what does an earthquake do"),
    "pochteca": (("pochteca",), "what is pochteca competition"),
    "toltec_raid": (("toltec", "raid"), "what is a toltec raid"),
    "decadence": (("decadence",), "what does decadence do"),
    "eruption": (("eruption", "volcanic", "volcano"), "what do volcanic eruptions do"),
    "tidal_wave": (("tidal wave", "tidal"), "what does the tidal wave do"),
}


@dataclass(frozen=True)
class Card:
    """A card a question is about: how the game writes it, and the rules question about it."""

    label: str
    rules_question: str


def card_names(game: str, view: Mapping[str, Any]) -> dict[str, Card]:
    """Words (lower case) that name a card of ``game`` in a question, and the card each names."""
    out: dict[str, Card] = {}
    if game == "balzakken":
        for word, (label, q) in _BALZAKKEN_CARDS.items():
            out[word] = Card(label, q)
        for card in view.get("hand", []):
            if card not in _ACTION_CARD_POINTS:
                out[card] = Card(card, "how many points is a card worth")
    elif game == "keezbord":
        for word, label in _KEEZBORD_CARDS.items():
            out[word] = Card(label, _KEEZBORD_RULES.get(label, ""))
        for label in ("A", "K", "Q", "J", *(str(n) for n in range(2, 11))):
            out.setdefault(label.lower(), Card(label, _KEEZBORD_RULES.get(label, "")))
        for word, card in list(out.items()):
            if not card.rules_question:  # asked about "a 6", the rules answer six players
                out[word] = Card(card.label, "what does a plain number card do")
    elif game == "balam":
        for kind, (words, q) in _BALAM_CARDS.items():
            for word in words:
                out[word] = Card(kind, q)
        discard = view.get("katun", {}).get("discard_cards", [])
        if discard:  # "this card": the Katun card turned last
            kind = discard[-1]["type"]
            if kind in _BALAM_CARDS:
                out["this card"] = Card(kind, _BALAM_CARDS[kind][1])
    return out


#: the section that governs each kind of action (keyed by the action's ``kind``, or by its class
#: name for games whose actions declare no kind yet), per game
ACTION_SECTIONS: dict[str, dict[str, str]] = {
    "balzakken": {
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
    },
    "keezbord": {
        "place": "card-meanings",
        "Place": "card-meanings",
        "move": "card-meanings",
        "Move": "card-meanings",
        "split": "card-meanings",
        "Split": "card-meanings",
        "swap": "card-meanings",
        "jack": "card-meanings",
        "Swap": "card-meanings",
        "hand_in": "gameplay",
        "HandIn": "gameplay",
    },
    "balam": {
        "pay": "round-structure/b-turns-clockwise",
        "Pay": "round-structure/b-turns-clockwise",
        "pay_from": "2-constructions",
        "PayFrom": "2-constructions",
        "turn": "4-katun",
        "turn_katun": "4-katun",
        "TurnKatun": "4-katun",
        "build": "2-constructions",
        "Build": "2-constructions",
        "remove": "2-constructions",
        "Remove": "2-constructions",
        "attack": "3-wars",
        "Attack": "3-wars",
        "end": "round-structure/b-turns-clockwise",
        "End": "round-structure/b-turns-clockwise",
        "defend": "3-wars",
        "Defend": "3-wars",
        "lose": "3-wars",
        "Lose": "3-wars",
        "destroy": "3-wars",
        "Destroy": "3-wars",
        "take": "4-katun/positive-events",
        "Take": "4-katun/positive-events",
        "dowry": "4-katun/positive-events",
        "Dowry": "4-katun/positive-events",
        "ward": "4-katun/catastrophes",
        "Ward": "4-katun/catastrophes",
        "suffer": "4-katun/catastrophes",
        "Suffer": "4-katun/catastrophes",
        "offer": "4-katun/positive-events",
        "Offer": "4-katun/positive-events",
        "move": "6-distribution/transport",
        "Move": "6-distribution/transport",
        "done": "6-distribution",
        "Done": "6-distribution",
    },
}
