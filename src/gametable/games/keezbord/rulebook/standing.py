"""What Keezbord's scoring makes of the position in front of a seat, and the cards a question
names: the part ``standing`` (:class:`gametable.rulebook.standing.AtTable`).

Everything here reads one seat's ``view(seat)`` (fields, never notation), so it uses only what
that seat may see.
"""

from __future__ import annotations

from gametable.rulebook.standing import AtTable, Card, InGameChecks, Standing, View, seat_names


def _pawn_name(owner: int, index: int) -> str:
    return f"{chr(ord('a') + owner)}{index + 1}"


def standing(view: View, seat: int) -> Standing:
    """Pawns home and still to come, per seat and team (KB-033, KB-034, KB-074)."""
    name = seat_names(seat)
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


#: the words a question may use for each card
_CARDS = {
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
#: the question the rules answer about each card with a rule of its own
_RULES = {
    "A": "what does the ace do",
    "K": "what does the king do",
    "Q": "what does the queen do",
    "J": "what does the jack do",
    "7": "what does the seven do",
    "4": "what does the four do",
}


def card_names(view: View) -> dict[str, Card]:
    """Words (lower case) that name a card in a question, and the card each names."""
    out: dict[str, Card] = {}
    for word, label in _CARDS.items():
        out[word] = Card(label, _RULES.get(label, ""))
    for label in ("A", "K", "Q", "J", *(str(n) for n in range(2, 11))):
        out.setdefault(label.lower(), Card(label, _RULES.get(label, "")))
    for word, card in list(out.items()):
        if not card.rules_question:  # asked about "a 6", the rules answer six players
            out[word] = Card(card.label, "what does a plain number card do")
    return out


#: the section that governs each kind of action (by its ``kind``, and by its class name)
ACTION_SECTIONS: dict[str, str] = {
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
}

#: the section that states each card's effect (rules index: the card meanings)
CARD_SECTIONS: dict[str, str] = {"*": "card-meanings"}
#: how a player names a card (the label itself for the rest)
_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "7": "seven", "4": "four"}


def card_asked(view: View, i: int) -> tuple[str, str] | None:
    """The card of the hand the ``i``-th position asks about, and how a player names it (by
    its word or its label, in turn)."""
    hand = [str(c) for c in view.get("hand", [])]
    if not hand:
        return None
    label = hand[i % len(hand)]
    name = _WORDS.get(label, label) if i % 2 == 0 else label
    return label, name


def pawn_asked(seat: int, i: int) -> str:
    """The pawn of ``seat`` that "why can't I move {pawn}?" names at the ``i``-th position."""
    return f"{chr(ord('a') + seat)}{1 + i % 4}"


def score_figures(view: View, seat: int) -> list[str]:
    """The seat's team's pawns home, which a right answer to "how is it scored?" gives."""
    home = [sum(str(p).startswith("H") for p in pawns) for pawns in view["pawns"]]
    team = next((list(t) for t in view["teams"] if seat in t), [seat])
    return [f"{sum(home[s] for s in team)} of {4 * len(team)}"]


AT_TABLE = AtTable(
    standing=standing,
    card_names=card_names,
    action_sections=ACTION_SECTIONS,
    checks=InGameChecks(
        card_sections=CARD_SECTIONS,
        card_asked=card_asked,
        score_figures=score_figures,
        pawn_asked=pawn_asked,
    ),
)
