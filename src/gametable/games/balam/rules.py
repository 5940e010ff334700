"""Rulebook references of Balam, and :class:`Refusal`, the reason a rule refuses an action.

Each reference names a rulebook section as the rulebook names it, with the numbered statements of
``shared/rules-index/balam.tsv``.  Our readings of unclear points carry ``clarification=True``
and are explained in ``docs/rules/balam.md``.

Each legality rule is one function (in the module of its rulebook section) that returns a
:class:`Refusal` or ``None``; the legal-move generators and ``check_action`` both use it, so a
legal action and an explained refusal can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gametable.core.errors import IllegalAction
from gametable.core.rules import RuleRef


def _ref(section: str, *ids: str, clarification: bool = False) -> RuleRef:
    return RuleRef("balam", section, ids, clarification)


SETUP_LENGTH: Final = _ref(
    "Setup > Choosing the length of the game and the first player", "BA-043", "BA-044", "BA-048"
)
START_OF_ROUND: Final = _ref("Round Structure > A - Start of the round", "BA-053", "BA-056")
TURNS: Final = _ref("Round Structure > B - Turns (clockwise)", "BA-058", "BA-059", "BA-065")
#: the turn's riches comes from the king's own sheet
TURN_PAYMENT: Final = _ref("Round Structure > B - Turns (clockwise)", "BA-059", "BA-090", "BA-091")
#: a king with nothing on his sheet cannot pay, so his turn is to turn over a Katun card (no free
#: pass: "4 - KATUN" says he turns one "if he has no other choice")
MUST_TURN_KATUN: Final = _ref(
    "Round Structure > B - Turns (clockwise)", "BA-059", "BA-065", "BA-163", clarification=True
)
END_OF_ROUND: Final = _ref("Round Structure > C - End of the round", "BA-072", "BA-078")
DIVINATION: Final = _ref("1 - DIVINATION", "BA-083", "BA-084")
CONSTRUCTIONS: Final = _ref("2 - CONSTRUCTIONS", "BA-092", "BA-093")
PAY_FROM_SHEET: Final = _ref("2 - CONSTRUCTIONS", "BA-090", "BA-091")
COSTS: Final = _ref("2 - CONSTRUCTIONS", "BA-100")
PLOTS: Final = _ref("2 - CONSTRUCTIONS", "BA-096", "BA-099")
#: which plots touch: in a row, a 4-plot site a 2 x 2 square (plot 3 beside plot 0)
PLOT_LAYOUT: Final = _ref("2 - CONSTRUCTIONS", "BA-096", "BA-099", clarification=True)
REMOVAL: Final = _ref("2 - CONSTRUCTIONS", "BA-097", "BA-098")
MARKET_PYRAMIDS: Final = _ref("2 - CONSTRUCTIONS", "BA-121", "BA-124", "BA-037")
LARGE_LIMIT: Final = _ref("Components", "BA-009", "BA-037", clarification=True)
TILE_SUPPLY: Final = _ref("Components", "BA-012", clarification=True)
WARS: Final = _ref("3 - WARS", "BA-134", "BA-135", "BA-136", "BA-137")
DEFENCE: Final = _ref("3 - WARS", "BA-139", "BA-140")
WAR_LOSSES: Final = _ref("3 - WARS", "BA-143", "BA-144")
DESTRUCTION: Final = _ref("3 - WARS", "BA-148", "BA-150", "BA-151")
DEVASTATED: Final = _ref("3 - WARS > DEVASTATED CITY", "BA-159", "BA-160")
KATUN: Final = _ref("4 - KATUN", "BA-163")
CATASTROPHES: Final = _ref("4 - KATUN > CATASTROPHES", "BA-165", "BA-166", "BA-167", "BA-168")
#: which of the Mayas' riches pay is not said: the drawing king chooses (``pay SITE.PLOT``)
WARD_CHOICE: Final = _ref("4 - KATUN > CATASTROPHES", "BA-166", "BA-167", clarification=True)
POSITIVE: Final = _ref("4 - KATUN > POSITIVE EVENTS", "BA-171", "BA-174", "BA-176")
CENOTES: Final = _ref("4 - KATUN > POSITIVE EVENTS", "BA-177")
#: Expedition return gives one of the five produced riches, never a prisoner (only captured)
EXPEDITION: Final = _ref(
    "4 - KATUN > POSITIVE EVENTS", "BA-174", "BA-197", "BA-198", clarification=True
)
TRANSPORT: Final = _ref(
    "6 - DISTRIBUTION > TRANSPORT", "BA-204", "BA-207", "BA-208", "BA-209", "BA-210", "BA-211"
)
EQUIPMENT: Final = _ref("6 - DISTRIBUTION > EQUIPMENT OF GARRISONS", "BA-213", "BA-216")
STORAGE: Final = _ref("6 - DISTRIBUTION > STORAGE", "BA-218")
CEREMONY: Final = _ref("6 - DISTRIBUTION > CEREMONY", "BA-225", "BA-226", "BA-227")
TAXES: Final = _ref("6 - DISTRIBUTION > TAXES", "BA-235", "BA-236")
DISTRIBUTION: Final = _ref("6 - DISTRIBUTION", "BA-201", "BA-203")
DISTRIBUTION_ONCE: Final = _ref("6 - DISTRIBUTION", "BA-203", clarification=True)
END_OF_GAME: Final = _ref("7 - END OF GAME", "BA-246")


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a rule refuses an action: an explanation in our own words and the rule it breaks."""

    explanation: str
    rule: RuleRef

    def error(self) -> IllegalAction:
        return IllegalAction(self.explanation, self.rule)
