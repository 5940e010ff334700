"""What Balam's scoring makes of the position in front of a seat, and the Katun cards a
question names: the part ``standing`` (:class:`gametable.rulebook.standing.AtTable`).

Everything here reads one seat's ``view(seat)`` (fields, never notation), so it uses only what
that seat may see.
"""

from __future__ import annotations

from gametable.rulebook.standing import AtTable, Card, InGameChecks, Standing, View, seat_names


def standing(view: View, seat: int) -> Standing:
    """Prestige, the riches bonus if the game ended now, and this round's prestige (BA-229,
    BA-251, BA-252)."""
    name = seat_names(seat)
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


#: the Katun cards by kind (as views write them, before any ":"): the words a question may use,
#: and the rules question about the card
_CARDS = {
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


def card_names(view: View) -> dict[str, Card]:
    """Words (lower case) that name a Katun card in a question, and the card each names."""
    out: dict[str, Card] = {}
    for kind, (words, q) in _CARDS.items():
        for word in words:
            out[word] = Card(kind, q)
    discard = view.get("katun", {}).get("discard_cards", [])
    if discard:  # "this card": the Katun card turned last
        kind = discard[-1]["type"]
        if kind in _CARDS:
            out["this card"] = Card(kind, _CARDS[kind][1])
    return out


#: the section that governs each kind of action (by its ``kind``, and by its class name)
ACTION_SECTIONS: dict[str, str] = {
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
}

#: the section that states each Katun card's effect, by kind (rules index: the Katun events)
CARD_SECTIONS: dict[str, str] = {
    **dict.fromkeys(("ball_game", "eclipse"), "4-katun/neutral-events"),
    **dict.fromkeys(
        (
            "prosperous",
            "favourable",
            "exceptional",
            "expedition",
            "cacao_festival",
            "marriage",
            "cenotes",
        ),
        "4-katun/positive-events",
    ),
    "*": "4-katun/negative-events",
}
#: how a player names a Katun card kind
_KATUN_WORDS = {"ball_game": "ball game", "cacao_festival": "cacao festival", "toltec_raid": "raid"}


def card_asked(view: View, i: int) -> tuple[str, str] | None:
    """The Katun card turned last, and how a player names its kind (``None`` before the first)."""
    discard = view.get("katun", {}).get("discard", [])
    if not discard:
        return None
    kind = str(discard[-1]).split(":")[0]
    return kind, _KATUN_WORDS.get(kind, kind.replace("_", " "))


def score_figures(view: View, seat: int) -> list[str]:
    """The seat's prestige and riches, which a right answer to "how is it scored?" gives."""
    king = view["kings"][seat]
    return [f"{king['prestige']} prestige", f"{sum(king['riches'].values())} riches"]


AT_TABLE = AtTable(
    standing=standing,
    card_names=card_names,
    action_sections=ACTION_SECTIONS,
    checks=InGameChecks(
        card_sections=CARD_SECTIONS,
        card_asked=card_asked,
        score_figures=score_figures,
        card_kind="katun",
        refuse_cards=False,
    ),
)
