"""Rulebook references of Balam and the small rule checks, one function per rule.

Each check raises :class:`~gametable.core.errors.IllegalAction` naming the rulebook section it
enforces, as the rulebook names it, with the numbered statements of
``shared/rules-index/balam.tsv``.  Our readings of unclear points carry ``clarification=True``
and are explained in ``docs/rules/balam.md``.
"""

from __future__ import annotations

from gametable.core.errors import IllegalAction
from gametable.core.rules import RuleRef
from gametable.games.balam.board import (
    BASE_COST,
    DOUBLE,
    EMPTY,
    KINDS,
    LARGE_PYRAMIDS,
    MARKET,
    RICHES,
    SMALL_PYRAMIDS,
    SPECIAL_COST,
    TILE_LIMIT,
    TILE_NAMES,
    TILE_OF,
)


def _ref(section: str, *ids: str, clarification: bool = False) -> RuleRef:
    return RuleRef("balam", section, ids, clarification)


SETUP_LENGTH = _ref(
    "Setup > Choosing the length of the game and the first player", "BA-043", "BA-044", "BA-048"
)
START_OF_ROUND = _ref("Round Structure > A - Start of the round", "BA-053", "BA-056")
TURNS = _ref("Round Structure > B - Turns (clockwise)", "BA-058", "BA-059", "BA-065")
MUST_TURN_KATUN = _ref("4 - KATUN", "BA-163", clarification=True)
END_OF_ROUND = _ref("Round Structure > C - End of the round", "BA-072", "BA-078")
DIVINATION = _ref("1 - DIVINATION", "BA-083", "BA-084")
CONSTRUCTIONS = _ref("2 - CONSTRUCTIONS", "BA-092", "BA-093")
PAY_FROM_SHEET = _ref("2 - CONSTRUCTIONS", "BA-090", "BA-091")
COSTS = _ref("2 - CONSTRUCTIONS", "BA-100")
PLOTS = _ref("2 - CONSTRUCTIONS", "BA-096", "BA-099")
REMOVAL = _ref("2 - CONSTRUCTIONS", "BA-097", "BA-098")
MARKET_PYRAMIDS = _ref("2 - CONSTRUCTIONS", "BA-121", "BA-124")
LARGE_LIMIT = _ref("Components", "BA-009", clarification=True)
TILE_SUPPLY = _ref("Components", "BA-012", clarification=True)
WARS = _ref("3 - WARS", "BA-134", "BA-135", "BA-136", "BA-137")
DEFENCE = _ref("3 - WARS", "BA-139", "BA-140")
WAR_LOSSES = _ref("3 - WARS", "BA-143", "BA-144")
DESTRUCTION = _ref("3 - WARS", "BA-148", "BA-150", "BA-151")
DEVASTATED = _ref("3 - WARS > DEVASTATED CITY", "BA-159", "BA-160")
KATUN = _ref("4 - KATUN", "BA-163")
CATASTROPHES = _ref("4 - KATUN > CATASTROPHES", "BA-165", "BA-166", "BA-167", "BA-168")
#: which of the Mayas' riches pay is not said: the drawing king chooses (``pay SITE.PLOT``)
WARD_CHOICE = _ref("4 - KATUN > CATASTROPHES", "BA-166", "BA-167", clarification=True)
POSITIVE = _ref("4 - KATUN > POSITIVE EVENTS", "BA-171", "BA-174", "BA-176")
CENOTES = _ref("4 - KATUN > POSITIVE EVENTS", "BA-177")
TRANSPORT = _ref(
    "6 - DISTRIBUTION > TRANSPORT", "BA-204", "BA-207", "BA-208", "BA-209", "BA-210", "BA-211"
)
EQUIPMENT = _ref("6 - DISTRIBUTION > EQUIPMENT OF GARRISONS", "BA-213", "BA-216")
STORAGE = _ref("6 - DISTRIBUTION > STORAGE", "BA-218")
CEREMONY = _ref("6 - DISTRIBUTION > CEREMONY", "BA-225", "BA-226", "BA-227")
TAXES = _ref("6 - DISTRIBUTION > TAXES", "BA-235", "BA-236")
DISTRIBUTION = _ref("6 - DISTRIBUTION", "BA-201", "BA-203")
DISTRIBUTION_ONCE = _ref("6 - DISTRIBUTION", "BA-203", clarification=True)
END_OF_GAME = _ref("7 - END OF GAME", "BA-246")


def check_can_pay(chest: list[int], riches: int, rule: RuleRef = PAY_FROM_SHEET) -> None:
    """A king pays only with riches on his own king sheet."""
    if chest[riches] <= 0:
        raise IllegalAction(f"you have no {RICHES[riches]} on your king sheet to pay with", rule)


def check_build_site(
    owner: int, seat: int, lock: int, site: int, name: str, large_free: int
) -> None:
    """Where a king may build:

    1. on his own site or on a site nobody holds;
    2. on one site only per turn;
    3. a new site needs one of his 13 large pyramids.
    """
    if owner not in (-1, seat):
        raise IllegalAction(
            f"site {name} belongs to seat {owner}; you build only on your own "
            "sites or on a free one",
            CONSTRUCTIONS,
        )
    if lock not in (-1, site):
        raise IllegalAction(
            "you already build on another site this turn; one site per turn", CONSTRUCTIONS
        )
    if owner == -1 and large_free <= 0:
        raise IllegalAction(
            f"all your {LARGE_PYRAMIDS} large pyramids are in use, so you cannot take a new site",
            LARGE_LIMIT,
        )


def check_plots(kinds: list[int], base: int, plot: int, second: int | None, kind: int) -> None:
    """A building needs an empty plot; a palace or temple two adjacent empty plots."""
    if kinds[base + plot] != EMPTY:
        raise IllegalAction(f"plot {plot} is already built on; remove that building first", PLOTS)
    if DOUBLE[kind]:
        if second is None:
            raise IllegalAction(
                f"a {KINDS[kind]} needs plot {plot} and the next plot, and "
                f"plot {plot} is the last of this site",
                PLOTS,
            )
        if kinds[base + second] != EMPTY:
            raise IllegalAction(f"a {KINDS[kind]} also covers plot {second}, which is taken", PLOTS)


def check_cost(chest: list[int], kind: int) -> None:
    """Base buildings cost 1 or 2 riches of any type; the others one riches of a given type."""
    special = SPECIAL_COST[kind]
    if special is not None:
        if chest[special] <= 0:
            raise IllegalAction(
                f"a {KINDS[kind]} costs 1 {RICHES[special]}, and you have none", COSTS
            )
    elif sum(chest) < BASE_COST[kind]:
        raise IllegalAction(
            f"a {KINDS[kind]} costs {BASE_COST[kind]} riches; you have {sum(chest)}", COSTS
        )


def check_tiles(used: list[int], kind: int) -> None:
    tile = TILE_OF[kind]
    if used[tile] >= TILE_LIMIT[tile]:
        raise IllegalAction(
            f"all {TILE_LIMIT[tile]} {TILE_NAMES[tile]} tiles are on the board", TILE_SUPPLY
        )


def check_market_pyramids(kind: int, small_free: int, needed: int) -> None:
    """A market puts a small pyramid on its site and on each neighbour: the king needs them all."""
    if kind == MARKET and small_free < needed:
        raise IllegalAction(
            f"a market here needs {needed} small pyramids; you have "
            f"{small_free} of your {SMALL_PYRAMIDS} left",
            MARKET_PYRAMIDS,
        )
