"""What turning a Katun card is worth to a king, known or on average over the cards he has not
seen ("4 - KATUN").
"""

from __future__ import annotations

from gametable.games.balam.bots.facts import (
    BALL_PLACES,
    CATASTROPHE,
    CENOTE_FACTOR,
    DECK,
    ECLIPSE_WINDOW,
    PROSPEROUS_PLACES,
    SACRIFICE,
)
from gametable.games.balam.bots.table import Table, lead_of, without, worth


def catastrophe_cost(table: Table, seat: int, kind: str) -> float:
    estate = table.estates[seat]
    riches, count, takes = CATASTROPHE[kind]
    if isinstance(takes, str):
        lost = {s: k for s, k in estate.sites.items() if takes in table.features[s]}
    else:
        lost = {}
        for building, n in takes:
            for site, kinds in estate.sites.items():
                take = min(n, kinds.count(building))
                if take:
                    lost.setdefault(site, []).extend([building] * take)
                    n -= take
    if not lost:
        return 0.0
    loss = worth(table, estate) - worth(table, without(estate, lost))
    if estate.stored.get(riches, 0) >= count:
        return min(loss, count * (table.weights.stored + table.weights.riches))
    return loss


def ball_game_gain(table: Table, seat: int) -> float:
    """What a ball game now brings this king, minus what it brings the best other king."""
    courts = [e.count("court") for e in table.estates]
    cities = [len(e.sites) for e in table.estates]
    gains = [0.0] * len(courts)
    ranked = sorted({c for c in courts if c > 0}, reverse=True)
    if ranked:
        leaders = [s for s, c in enumerate(courts) if c == ranked[0]]
        if len(leaders) == 1:
            gains[leaders[0]] = cities[leaders[0]]
            if len(ranked) > 1:
                second = [s for s, c in enumerate(courts) if c == ranked[1]]
                if len(second) == 1:
                    gains[second[0]] = cities[second[0]] // 2
        elif len(leaders) == 2:
            for s in leaders:
                gains[s] = cities[s] // 2
    return lead_of(gains, seat)


def card_value(table: Table, seat: int, kind: str) -> float:
    known = table.card_values.get((seat, kind))
    if known is None:
        known = table.card_values[seat, kind] = _card_value(table, seat, kind)
    return known


def _card_value(table: Table, seat: int, kind: str) -> float:
    gain = table.weights.gain
    if kind in gain:
        return gain[kind]
    if kind == "cenotes":
        stored = sorted(
            (SACRIFICE[r] for r, n in table.estates[seat].stored.items() for _ in range(n)),
            reverse=True,
        )
        return sum(CENOTE_FACTOR * v - table.weights.stored for v in stored[:2])
    if kind == "ball_game":
        return ball_game_gain(table, seat)
    if kind in CATASTROPHE:
        return -catastrophe_cost(table, seat, kind)
    return 0.0  # the cacao festival and the eclipse treat every king alike


def katun_value(table: Table, seat: int, slot: int) -> float:
    """What turning face-down card ``slot`` is worth to this king (known, or on average)."""
    katun = table.view["katun"]
    cards = katun["cards"]
    known: list[str | None] = [
        c["card"]["type"] if c["face_down"] and c["card"] else None for c in cards
    ]
    seen = known[slot] if 0 <= slot < len(cards) else None
    if seen:
        return card_value(table, seat, seen)
    left = dict(DECK)
    for card in katun["discard_cards"]:
        left[card["type"]] = max(0, left.get(card["type"], 0) - 1)
    for kind in known:
        if kind:
            left[kind] = max(0, left.get(kind, 0) - 1)
    if katun.get("layout"):
        place = sum(DECK.values()) - katun["deck"] - len(cards) + slot + 1
        if place in PROSPEROUS_PLACES:
            left = {"prosperous": 1}
        elif place in BALL_PLACES:
            left = {"ball_game": 1}
        else:
            left = {k: n for k, n in left.items() if k not in ("prosperous", "ball_game")}
            if place not in ECLIPSE_WINDOW:
                left.pop("eclipse", None)
    total = sum(left.values())
    if not total:
        return 0.0
    return sum(n * card_value(table, seat, kind) for kind, n in left.items() if n) / total
