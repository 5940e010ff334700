"""What if the draw pile runs out? ("What If... > The draw pile runs out?")

The engine plays it: a position whose draw pile is empty, every other card in the hands, on the
discard pile or in front of players, and the player on the move discards one card and must draw.

>>> from gametable.rulebook.question import Question
>>> reshuffle(Question.read("What happens when the draw pile runs out?")).checked
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.build import COPIES, build, load
from gametable.games.balzakken.answers.mentions import word_at
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balzakken"
_RUNS_OUT = (
    r"\b(?:draw pile|draw stack|deck|stock|trekstapel|stapel|pot)\b.*\b(?:runs? out|ran out|"
    r"is empty|empty|is gone|is used up|op is|leeg|is op|opraakt|raakt op)\b|"
    r"\b(?:no cards left|no more cards) (?:in|on) the (?:draw pile|deck)\b"
)


_TOP = re.compile(r"\b(?:top card|top of the discard pile|bovenste kaart)\b")
_ACTION_CARDS = re.compile(r"\b(?:action cards?|actiekaarten|actiekaart|swingers?|luls?|lullen)\b")
_INTO = re.compile(r"\b(?:shuffled|shuffle|go|goes|mixed|put|geschud|schudden|gaan|gaat|mee)\b")


def _asks_left_out(
    question: Question, view: Mapping[str, Any], in_front: list[list[str]]
) -> bool | None:
    """ "Is the top card shuffled in too?", "do the action cards go into the new pile?": both
    are left out, as the engine's refill shows (``None`` for any other yes/no question)."""
    if not _INTO.search(question.lower):
        return None
    if _TOP.search(question.lower) and len(view["discard_pile"]) == 1:
        return True
    if _ACTION_CARDS.search(question.lower) and view["in_front"] == in_front:
        return True
    return None


def asks_reshuffle(question: Question) -> bool:
    """The draw pile running out, or what goes into the new draw pile."""
    if question.matches(r"\b(?:hand|my cards)\b"):
        return False
    new_pile = question.matches(r"\b(?:new draw pile|nieuwe trekstapel)\b")
    return question.matches(_RUNS_OUT) or (new_pile and bool(_INTO.search(question.lower)))


#: the discard pile's size said ("the discard pile has 12 cards", "20 cards on the discard
#: pile", "de aflegstapel heeft 9 kaarten", "9 kaarten op de aflegstapel")
_PILE_SIZE = re.compile(
    r"\b(?:discard pile|aflegstapel)\b[^.?!\d]{0,25}?\b(\d+) (?:cards|kaarten)\b|"
    r"\b(\d+) (?:cards|kaarten) (?:(?:are |lie |liggen )?(?:on|in|op) )(?:the |de )?"
    r"(?:discard pile|aflegstapel)\b"
)
#: action cards said to lie in front of players ("3 action cards are lying in front of players",
#: "2 Luls lie in front of players", "er liggen 2 actiekaarten voor spelers")
_FRONT_SIZE = re.compile(
    r"\b(\d+|two|three|four|twee|drie|vier|one|een|één) (action cards?|actiekaarten|luls?|"
    r"lullen|swingers?)\b[^.?!\d]{0,30}?\b(?:in front|voor|on the table|op tafel)\b"
)
_COUNTS = {
    "one": 1,
    "een": 1,
    "één": 1,
    "two": 2,
    "twee": 2,
    "three": 3,
    "drie": 3,
    "four": 4,
    "vier": 4,
}


def read_numbers(question: Question) -> set[int]:
    """The discard pile's size and the count of action cards in front, as word indices."""
    lower = question.lower
    read: set[int] = set()
    for pattern in (_PILE_SIZE, _FRONT_SIZE):
        for found in pattern.finditer(lower):
            group = next(g for g in range(1, 3) if found.group(g))
            read.add(word_at(lower, found.start(group)))
    return read


def _in_front_said(question: Question) -> list[list[str]] | None:
    """The action cards said to lie in front of players, all in front of seat 1 (whose cards
    they are does not change a reshuffle); ``None`` when their kind is not said."""
    cards: list[str] = []
    for found in _FRONT_SIZE.finditer(question.lower):
        n = _COUNTS.get(found.group(1)) or int(found.group(1))
        kind = found.group(2)
        card = "L" if kind.startswith("lul") else "S" if kind.startswith("swinger") else None
        if card is None:  # "action cards": as many Luls first, then Swingers
            luls = min(n, COPIES["L"])
            cards += ["L"] * luls + ["S"] * (n - luls)
        else:
            cards += [card] * n
    if Counter(cards)["L"] > COPIES["L"] or Counter(cards)["S"] > COPIES["S"]:
        return None
    return [[], cards]


def _pile_position(question: Question) -> tuple[dict[str, Any], int] | None:
    """A position with an empty draw pile in which seat 0 discards a card and must draw: the
    discard pile then holds the cards said (one fewer before the discard), or, with no size
    said, every Balzak not in a hand; with the count said, that count."""
    found = _PILE_SIZE.search(question.lower)
    said = int(next(g for g in found.groups() if g)) if found else None
    in_front = (
        _in_front_said(question) if said is not None else [["L"] * COPIES["L"], ["S"] * COPIES["S"]]
    )
    if in_front is None or (said is not None and not 1 <= said <= 50):
        return None
    rest = Counter({c: n for c, n in COPIES.items() if c not in ("S", "L")})
    rest.subtract(Counter(["7"]))
    balzakken = sorted(rest.elements(), key=int)
    pile = balzakken if said is None else balzakken[: said - 1]
    others = balzakken[len(pile) :]
    front = Counter(c for f in in_front for c in f)
    actions = ["L"] * (COPIES["L"] - front["L"]) + ["S"] * (COPIES["S"] - front["S"])
    hands = [["7"], others + actions]
    position = build(hands, to_move=0, discard=pile or None, in_front=in_front)
    position["draw_pile"] = []
    return position, len(pile) + 1


def reshuffle(question: Question) -> Answer | None:
    """Seat 0 discards with the draw pile empty; the engine refills it and draws."""
    built = _pile_position(question)
    said = _PILE_SIZE.search(question.lower) is not None
    if built is None or (said and question.kind != "number"):
        return None
    position, pile_size = built
    state = load(position)
    if state is None:
        return None
    state.apply("discard 7", 0)
    view = state.view(0)
    shuffled = view["draw_pile_size"] + 1  # one card was drawn from the new pile
    if shuffled != pile_size - 1:
        return None
    verdict = question.say(
        "The game simply goes on with a new draw pile.",
        "Het spel gaat gewoon door met een nieuwe trekstapel.",
    )
    if said:
        verdict = question.say(
            f"{pile_size} - 1 = {shuffled}: every card of the discard pile but its top card "
            "makes the new draw pile.",
            f"{pile_size} - 1 = {shuffled}: alle kaarten van de aflegstapel behalve de bovenste "
            "vormen de nieuwe trekstapel.",
        )
    elif question.kind == "yesno":
        left_out = _asks_left_out(question, view, position["in_front"])
        if left_out is None:
            return None
        verdict = yes_no(question, False)
    return checked(
        GAME, question,
        verdict,
        question.say(
            "Every card of the discard pile except its top card is shuffled into the new draw "
            "pile; the action cards lying in front of players stay out until someone calls "
            "BALZAK!, and the cards in hands stay there.",
            "Alle kaarten van de aflegstapel behalve de bovenste kaart worden geschud tot de "
            "nieuwe trekstapel; de actiekaarten die voor spelers liggen, blijven buiten het spel "
            "tot iemand BALZAK! roept, en de kaarten in de handen blijven daar.",
        ),
        [refs.RESHUFFLE], position=position,
    )  # fmt: skip
