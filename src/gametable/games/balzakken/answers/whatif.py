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


def reshuffle(question: Question) -> Answer | None:
    """Seat 0 discards a 7 with the draw pile empty; the engine refills it and draws."""
    hands = [["7", "3"], ["9", "5"]]
    in_front = [["L"] * COPIES["L"], ["S"] * COPIES["S"]]
    rest = Counter({c: n for c, n in COPIES.items() if c not in ("S", "L")})
    rest.subtract(Counter(c for h in hands for c in h))
    pile = sorted(rest.elements(), key=int)
    position = build(hands, to_move=0, discard=pile, in_front=in_front)
    position["draw_pile"] = []
    state = load(position)
    if state is None:
        return None
    state.apply("discard 7", 0)
    view = state.view(0)
    shuffled = view["draw_pile_size"] + 1  # one card was drawn from the new pile
    kept = len(view["discard_pile"])
    verdict = question.say(
        "The game simply goes on with a new draw pile.",
        "Het spel gaat gewoon door met een nieuwe trekstapel.",
    )
    if question.kind == "yesno":
        left_out = _asks_left_out(question, view, in_front)
        if left_out is None:
            return None
        verdict = yes_no(question, False)
    return checked(
        GAME, question,
        verdict,
        question.say(
            f"Every card of the discard pile except its top ({shuffled} cards here, leaving "
            f"{kept} on the discard pile) is shuffled into the new draw pile; the action cards "
            "lying in front of players stay out until someone calls BALZAK!.",
            f"Alle kaarten van de aflegstapel behalve de bovenste (hier {shuffled} kaarten, er "
            f"blijft er {kept} liggen) worden geschud tot de nieuwe trekstapel; de actiekaarten "
            "die voor spelers liggen, blijven buiten het spel tot iemand BALZAK! roept.",
        ),
        [refs.RESHUFFLE], position=position,
    )  # fmt: skip
