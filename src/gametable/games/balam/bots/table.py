"""Balam's rules of thumb read the public board: each king's :class:`Estate` and his *worth*
in prestige points (:func:`worth`), from the view.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from gametable.core.protocol import State
from gametable.games.balam.bots.facts import BALL_PLACES, BASE_COST, DECK, OWN_COST, SACRIFICE
from gametable.games.balam.bots.weights import DEFAULT_WEIGHTS, Weights
from gametable.games.balam.public import BalamView, BoardSiteView


@dataclass
class Estate:
    """What one king holds, read from the public view."""

    prestige: float
    chest: dict[str, int]
    #: site -> kinds of his buildings there (a palace or temple once)
    sites: dict[str, list[str]] = field(default_factory=dict)
    carried: float = 0.0  # riches lying on his buildings now, valued where they lie
    stored: dict[str, int] = field(default_factory=dict)  # riches in his reserves and garrisons
    loose: list[str] = field(default_factory=list)  # riches that must move or be lost
    seat: int = -1  # whose estate (-1: not said)
    #: (the table, the worth there) once :func:`worth` has valued this estate: an estate is not
    #: changed once read, and is valued on its own table only
    valued: tuple[Table, float] | None = field(default=None, compare=False, repr=False)

    def count(self, kind: str) -> int:
        return sum(kinds.count(kind) for kinds in self.sites.values())


#: the parts of a view the rules of thumb read (``State.view_parts``: the game builds only these)
PARTS = (
    "players",
    "options",
    "round",
    "phase",
    "current",
    "sites",
    "kings",
    "katun",
    "turn",
    "distribution",
    "board",
)


@dataclass
class Table:
    view: BalamView
    colour: dict[str, str]
    features: dict[str, Sequence[str]]
    neighbours: dict[str, list[str]]
    estates: list[Estate]
    rounds: float  # incomes still to come (rounds whose production is ahead)
    #: (seat, card type) -> :func:`card_value` on this table, as they are asked for
    card_values: dict[tuple[int, str], float] = field(default_factory=dict)
    #: the weights the table is valued with
    weights: Weights = DEFAULT_WEIGHTS


def parts_of(state: State, seat: int | None) -> BalamView:
    """The parts of ``seat``'s view the rules of thumb read (:data:`PARTS`)."""
    return cast(BalamView, state.view_parts(seat, PARTS))


Layout = tuple[dict[str, str], dict[str, Sequence[str]], dict[str, list[str]]]
#: id of a board's ``sites`` list -> (that list, the layout read from it); a view from
#: ``view_parts`` gives one shared list per board, so the board is read once
_LAYOUTS: dict[int, tuple[list[BoardSiteView], Layout]] = {}


def layout(board: list[BoardSiteView]) -> Layout:
    """Each site's colour, features and neighbours (the dicts shared: never change them)."""
    known = _LAYOUTS.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    out: Layout = (
        {s["id"]: s["colour"] for s in board},
        {s["id"]: s["features"] for s in board},
        {s["id"]: s["neighbours"] for s in board},
    )
    if len(_LAYOUTS) >= 64:  # fresh lists of whole views: do not keep them all
        _LAYOUTS.clear()
    _LAYOUTS[id(board)] = (board, out)
    return out


def read(view: BalamView, weights: Weights = DEFAULT_WEIGHTS) -> Table:
    colour, features, neighbours = layout(view["board"]["sites"])
    estates = [
        Estate(
            prestige=float(k["prestige"]),
            chest=cast("dict[str, int]", dict(k["riches"])),
            seat=seat,
        )
        for seat, k in enumerate(view["kings"])
    ]
    players = view["players"]
    for name, site in view["sites"].items():
        owner = site["owner"]
        if owner is None or not 0 <= owner < players:
            continue
        estate = estates[owner]
        kinds: list[str] = []
        temple_load: dict[int, int] = {}
        # plot by plot, as the board lies (the view's ``plots``: the building covering each)
        for p, covering in enumerate(site["plots"]):
            if covering is None:
                continue
            building, where, riches = covering["building"], covering["anchor"], covering["riches"]
            if where == p:
                kinds.append(building)
            if not riches:
                continue
            if building == "temple" and temple_load.get(where, 0) < 2:
                temple_load[where] = temple_load.get(where, 0) + 1
                estate.carried += SACRIFICE.get(riches, 1)
            elif building == "palace":
                estate.carried += weights.riches
            else:
                # a reserve keeps anything to the next round, a garrison only obsidian; both
                # can give what they hold to ward off a catastrophe this round
                estate.carried += held_value(building, riches, weights)
                if building in ("reserve", "garrison"):
                    estate.stored[riches] = estate.stored.get(riches, 0) + 1
                if building == "village" or (building == "garrison" and riches != "obsidian"):
                    estate.loose.append(riches)
        if kinds:
            estate.sites[name] = kinds
    if view["phase"] == "cost":  # the building stands; the riches still owed are not paid yet
        estates[view["current"]].chest["maize"] = (
            estates[view["current"]].chest.get("maize", 0) - view["turn"]["due"]
        )
    if view["phase"] == "distribution":
        done = view["distribution"]["done"]
        for seat, estate in enumerate(estates):
            if not done[seat]:
                estate.carried += to_be_moved(view, seat, estate, weights)
    return Table(view, colour, features, neighbours, estates, rounds_left(view), weights=weights)


def to_be_moved(
    view: BalamView, seat: int, estate: Estate, weights: Weights = DEFAULT_WEIGHTS
) -> float:
    """During the distribution, riches still lying on villages (or prisoners on garrisons) are
    worth what they will be worth once moved: the best free room first (transport ignored)."""
    rooms: list[float] = []
    for site in view["sites"].values():
        if site["owner"] != seat:
            continue
        for building in site["buildings"]:
            kind = building["building"]
            free = building["riches"].count(None)
            if kind in ("temple", "palace"):
                rooms += [-1.0 if kind == "temple" else weights.riches] * free
            elif kind == "reserve" and free:
                rooms.append(weights.stored)
    gain = 0.0
    riches = sorted(estate.loose, key=lambda r: -SACRIFICE.get(r, 1))
    temples = sum(1 for r in rooms if r < 0)
    others = sorted((r for r in rooms if r >= 0), reverse=True)
    for r in riches:
        base = weights.garrison_prisoner if r == "prisoner" else weights.loose
        if temples:
            temples -= 1
            gain += SACRIFICE.get(r, 1) - base
        elif others:
            gain += max(0.0, others.pop(0) - base)
    return gain


def rounds_left(view: BalamView) -> float:
    """Expected number of productions still to come, from the ball games left to turn."""
    katun = view["katun"]
    players = view["players"]
    needed = view["options"].get("ball_games") or players
    played = katun["ball_games"]
    production_ahead = 1.0 if view["phase"] not in ("distribution", "over") else 0.0
    if played >= needed or view["phase"] == "over":
        return production_ahead
    if katun.get("layout") and needed <= len(BALL_PLACES):  # the last round is known
        last_round = math.ceil(BALL_PLACES[needed - 1] / (players + 1))
        return max(0, last_round - view["round"]) + production_ahead
    face_down = sum(1 for s in katun["slots"] if s != "turned")
    unseen = katun["deck"] + face_down
    balls = max(needed - played, DECK["ball_game"] - played)
    cards_to_end = (needed - played) * (unseen + 1) / (balls + 1)
    later = max(0.0, cards_to_end - face_down) / (players + 1)
    return production_ahead + (later + 0.5 if later > 0 else 0.0)


def income(table: Table, estate: Estate) -> float:
    """Prestige a round the king's buildings should bring."""
    colour = table.colour
    w = table.weights
    produced: list[int] = []
    temples = palaces = 0
    for site, kinds in estate.sites.items():  # one pass: villages, temples and palaces
        for kind in kinds:
            if kind == "village":
                produced.append(SACRIFICE[colour[site]])
            elif kind == "temple":
                temples += 1
            elif kind == "palace":
                palaces += 1
    produced.sort(reverse=True)
    room = 2 * temples
    fed = produced[:room]
    rest = len(produced) - len(fed)
    taxed = min(rest, 2 * palaces)
    unfed = rest - taxed
    return sum(fed) + w.riches * taxed + w.unfed * unfed + w.room * (room - len(fed))


def worth(table: Table, estate: Estate) -> float:
    valued = estate.valued
    if valued is not None and valued[0] is table:
        return valued[1]
    w = table.weights
    static_of = w.static
    static = sum([static_of.get(k, 0.2) for kinds in estate.sites.values() for k in kinds])
    out = (
        estate.prestige
        + w.riches * sum(estate.chest.values())
        + estate.carried
        + static
        + w.future * table.rounds * income(table, estate)
    )
    if w.ball:
        out += w.ball * balls_to_come(table.view) * ball_points(table, estate)
    if w.tempo:
        out += w.tempo * table.rounds * sum(estate.chest.values())
    estate.valued = (table, out)
    return out


def balls_to_come(view: BalamView) -> int:
    """How many ball games are still to be turned before the game ends."""
    if view["phase"] == "over":
        return 0
    needed = view["options"].get("ball_games") or view["players"]
    return max(0, needed - view["katun"]["ball_games"])


def ball_points(table: Table, estate: Estate) -> int:
    """The prestige a ball game turned now would bring this king (his estate as given, the
    others' as on the table): his number of cities as the one king with the most courts, half
    of it as one of two tied leaders or as the one runner-up behind a single leader."""
    mine = estate.count("court")
    if not mine:
        return 0
    courts = [e.count("court") for e in table.estates]
    if 0 <= estate.seat < len(courts):
        courts[estate.seat] = mine
    ranked = sorted({c for c in courts if c > 0}, reverse=True)
    cities = len(estate.sites)
    leaders = courts.count(ranked[0])
    if mine == ranked[0]:
        return cities if leaders == 1 else cities // 2 if leaders == 2 else 0
    if leaders == 1 and mine == ranked[1] and courts.count(mine) == 1:
        return cities // 2
    return 0


def worths(table: Table) -> list[float]:
    return [worth(table, e) for e in table.estates]


def lead_of(values: Sequence[float], seat: int) -> float:
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def lead(view: BalamView, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    return lead_of(worths(read(view, weights)), seat)


def without(estate: Estate, sites: dict[str, list[str]]) -> Estate:
    """The estate with the given buildings removed (site -> kinds lost)."""
    kept = {}
    for site, kinds in estate.sites.items():
        left = list(kinds)
        for kind in sites.get(site, []):
            if kind in left:
                left.remove(kind)
        if left:
            kept[site] = left
    return Estate(
        estate.prestige, estate.chest, kept, estate.carried, estate.stored, seat=estate.seat
    )


def with_building(estate: Estate, site: str, kind: str) -> Estate:
    sites = {s: list(k) for s, k in estate.sites.items()}
    sites.setdefault(site, []).append(kind)
    chest = dict(estate.chest)
    if kind in OWN_COST:
        chest[OWN_COST[kind]] = chest.get(OWN_COST[kind], 0) - 1
    else:
        chest["maize"] = chest.get("maize", 0) - BASE_COST[kind]  # any riches: counted alike
    return Estate(estate.prestige, chest, sites, estate.carried, estate.stored, seat=estate.seat)


def held_value(building: str, riches: str, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """What a riches is worth lying on a building of this kind (see :func:`read`)."""
    if building == "temple":
        return SACRIFICE.get(riches, 1)
    if building == "palace":
        return weights.riches
    if building == "reserve" or (building == "garrison" and riches == "obsidian"):
        return weights.stored
    if building == "garrison" and riches == "prisoner":
        return weights.garrison_prisoner
    return weights.loose
