"""Balam rules of thumb: build an economy, feed the temples, avoid catastrophes, attack weak
neighbours.

Everything is measured in prestige points.  A king's *worth* (:func:`worth`) is his prestige, the
riches on his sheet (half a point at the end, and they build), the riches his Mayas are carrying
to temples, palaces and reserves, and the income his buildings should bring in the rounds that
are left: villages produce, temples turn two riches a round into prestige, palaces bring two to
the king's sheet.  Production nobody can use yet, and temple room nobody fills yet, still count
a little, since the next building will use them: that is what makes the first village or the
first temple worth its price.  The number of rounds left is estimated from the ball games still
to come among the cards not yet turned.  Three rules of thumb only a :class:`Policy` with other
:class:`Weights` counts (``normal`` leaves them out or as they were): the ball games still to
come for a king whose courts lead (``ball``), riches on the sheet worth more while rounds are
left (``tempo``: they pay for the turns and buildings that bring income), and the worth of a
prisoner an attack takes (``captive``).

Each decision is scored by the lead it leaves (the king's worth minus the best other's):

* a build is scored from its fields (the building added, its price paid);
* paying the turn's riches is scored by the best thing the payment allows (build or attack),
  tried on an imagined copy of the table;
* turning a Katun card is scored by what the card is worth to this king on average over the
  cards he has not seen (catastrophes cost what warding them off, or suffering them, costs);
* an attack by the expected battle: success points and obsidian against the defence, buildings
  destroyed, prisoners taken, garrisons lost to skulls;
* every other choice (a Katun choice, a catastrophe, a war's losses, a distribution move) by
  trying it on an imagined copy and reading the public board; of a war's or a catastrophe's
  losses otherwise alike, the one that keeps room for a palace or temple (two touching empty
  plots: buildings never move) is preferred.

:func:`action_scores` ranks every legal action this way: the ISMCTS bot expands moves in that
order (progressive widening), and :func:`evaluate` scores its leaves with the same worth.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from importlib import resources
from types import MappingProxyType
from typing import Any

from gametable.bots.base import SeatState
from gametable.bots.heuristics import Heuristic, register_heuristic, register_tuned, soft_rank
from gametable.core.protocol import Action, State
from gametable.core.rng import Rng

#: prestige a temple gives for each riches ("6 - DISTRIBUTION > Ceremony")
SACRIFICE = {"maize": 1, "cacao": 2, "shell": 2, "jade": 2, "obsidian": 2, "prisoner": 3}
RICHES = 0.6  # a riches on the king's sheet: half a point at the end, and it pays for buildings
STORED = 0.4  # a riches kept in a reserve (or obsidian on a garrison): wards off, or is sacrificed
LOOSE = 0.05  # a riches left where it is discarded at the end of the round
FUTURE = 0.8  # the share of an estimated future income a king can count on
UNFED = 0.5  # a riches produced that no temple or palace takes yet (a temple will come)
ROOM = 0.4  # temple room that no village fills yet (a village will come)
#: what a building is worth beside its income (defence, storage, control, divination, ball games)
STATIC = {
    "village": 0.2,
    "temple": 0.3,
    "palace": 0.3,
    "garrison": 0.7,
    "reserve": 0.6,
    "market": 0.5,
    "observatory": 0.4,
    "court": 0.4,
}
BASE_COST = {"village": 1, "garrison": 1, "palace": 2, "temple": 2}  # riches of any type
OWN_COST = {"reserve": "maize", "market": "cacao", "observatory": "jade", "court": "shell"}
#: the rulebook's Katun deck ("4 - KATUN"): cards of each type.  Kept here, not read from
#: ``gametable.games.balam``: the rules of thumb see the game only through its protocol
#: (tests/properties/test_clients_read_fields.py), and the deck's make-up is public
DECK = {
    "prosperous": 10,
    "favourable": 14,
    "exceptional": 2,
    "expedition": 2,
    "cacao_festival": 1,
    "marriage": 2,
    "cenotes": 3,
    "ball_game": 5,
    "eclipse": 1,
    "drought": 6,
    "insurrection": 4,
    "earthquake": 4,
    "pochteca": 4,
    "toltec_raid": 4,
    "decadence": 4,
    "eruption": 3,
    "tidal_wave": 3,
}
#: what a catastrophe asks of the Mayas and what it takes otherwise ("4 - KATUN")
CATASTROPHE: dict[str, tuple[str, int, tuple[tuple[str, int], ...] | str]] = {
    "drought": ("maize", 1, (("village", 2),)),
    "insurrection": ("maize", 1, (("palace", 1),)),
    "earthquake": ("prisoner", 1, (("temple", 1),)),
    "pochteca": ("prisoner", 1, (("market", 2),)),
    "toltec_raid": ("prisoner", 1, (("garrison", 2),)),
    "decadence": ("prisoner", 1, (("court", 1), ("observatory", 1))),
    "eruption": ("prisoner", 2, "volcano"),
    "tidal_wave": ("prisoner", 2, "seashore"),
}
#: what everybody knows of a deck built by the rules (docs/rules/balam.md, "Hidden
#: information"; rulebook "Setup > Building the card deck"), places counted from the top card = 1
PROSPEROUS_PLACES = range(1, 11)
BALL_PLACES = (21, 32, 43, 53, 63)
ECLIPSE_WINDOW = range(35, 40)
GARRISON_PRISONER = 0.3  # goes to a temple, reserve or palace at the distribution, or is lost
#: a pair of touching empty plots in a city: room for a palace or temple (buildings never move,
#: so a loss that keeps such room is the better one when the rest is alike)
PALACE_ROOM = 0.1
#: what the positive cards bring the king who turns them, on average
GAIN = {
    "prosperous": 1.5,
    "favourable": 2.0 * RICHES,
    "exceptional": 2 * RICHES,
    "expedition": RICHES,
    "marriage": 2 * RICHES,
}
#: an attack whose dice cannot take a building: what the bare try costs beside the losses
FUTILE_ATTACK = 0.5
#: the share of a defender's obsidian on garrisons he is expected to spend in defence
DEFENDER_OBSIDIAN = 0.5
#: the share of the ball games still to come (each worth a king's number of cities while his
#: courts lead: "4 - KATUN", ball game) that counts in his worth; ``normal`` counts none of it
#: (it sees a court only as a building, :data:`STATIC`), the fitted policy may
BALL = 0.0
#: a prisoner an attack takes (it goes to a temple, reserve or palace at the distribution):
#: ``normal`` values it as a riches kept in a reserve (:data:`STORED`)
CAPTIVE = STORED
#: what a riches on the king's sheet is worth beside :data:`RICHES` for each round still to
#: come (riches pay for the turns and buildings that bring income, so they are worth more early):
#: ``normal`` counts none of it
TEMPO = 0.0


@dataclass(frozen=True)
class Weights:
    """The numbers the rules of thumb weigh their choices by; the defaults are the module's
    constants (:data:`RICHES` ... :data:`DEFENDER_OBSIDIAN`), the rules of thumb of ``normal``.
    A :class:`Policy` plays with other weights (``scripts/tune_balam.py`` fits them by
    self-play).  ``static`` and ``gain`` hold the values of :data:`STATIC` and :data:`GAIN`."""

    riches: float = RICHES
    stored: float = STORED
    loose: float = LOOSE
    future: float = FUTURE
    unfed: float = UNFED
    room: float = ROOM
    garrison_prisoner: float = GARRISON_PRISONER
    palace_room: float = PALACE_ROOM
    futile_attack: float = FUTILE_ATTACK
    defender_obsidian: float = DEFENDER_OBSIDIAN
    ball: float = BALL
    captive: float = CAPTIVE
    tempo: float = TEMPO
    static: Mapping[str, float] = field(default_factory=lambda: MappingProxyType(dict(STATIC)))
    gain: Mapping[str, float] = field(default_factory=lambda: MappingProxyType(dict(GAIN)))

    def to_flat(self) -> dict[str, float]:
        """Every weight by name (``static.village``, ``gain.prosperous``, ...)."""
        out: dict[str, float] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Mapping):
                out.update({f"{f.name}.{k}": float(v) for k, v in value.items()})
            else:
                out[f.name] = float(value)
        return out

    @classmethod
    def from_flat(cls, flat: Mapping[str, Any]) -> Weights:
        """The weights named in ``flat`` (the defaults for those it does not name); an unknown
        name, or a value that is not a finite number, raises :class:`ValueError`."""
        known = DEFAULT_WEIGHTS.to_flat()
        plain: dict[str, float] = {}
        nested: dict[str, dict[str, float]] = {"static": dict(STATIC), "gain": dict(GAIN)}
        for name, value in flat.items():
            if name not in known:
                raise ValueError(f"no Balam weight is called {name!r}")
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"weight {name} must be a number, not {value!r}")
            if not math.isfinite(value):
                raise ValueError(f"weight {name} must be finite, not {value!r}")
            group, _, key = name.partition(".")
            if key:
                nested[group][key] = float(value)
            else:
                plain[name] = float(value)
        return cls(
            **plain,
            static=MappingProxyType(nested["static"]),
            gain=MappingProxyType(nested["gain"]),
        )


DEFAULT_WEIGHTS = Weights()


# -- reading the public board ---------------------------------------------------------------------
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
    view: Mapping[str, Any]
    colour: dict[str, str]
    features: dict[str, list[str]]
    neighbours: dict[str, list[str]]
    estates: list[Estate]
    rounds: float  # incomes still to come (rounds whose production is ahead)
    #: (seat, card type) -> :func:`card_value` on this table, as they are asked for
    card_values: dict[tuple[int, str], float] = field(default_factory=dict)
    #: the weights the table is valued with
    weights: Weights = DEFAULT_WEIGHTS


Layout = tuple[dict[str, str], dict[str, list[str]], dict[str, list[str]]]
#: id of a board's ``sites`` list -> (that list, the layout read from it); a view from
#: ``view_parts`` gives one shared list per board, so the board is read once
_LAYOUTS: dict[int, tuple[list[Any], Layout]] = {}


def layout(board: list[Any]) -> Layout:
    """Each site's colour, features and neighbours (the dicts shared: never change them)."""
    known = _LAYOUTS.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    out = (
        {s["id"]: s["colour"] for s in board},
        {s["id"]: s["features"] for s in board},
        {s["id"]: s["neighbours"] for s in board},
    )
    if len(_LAYOUTS) >= 64:  # fresh lists of whole views: do not keep them all
        _LAYOUTS.clear()
    _LAYOUTS[id(board)] = (board, out)
    return out


def read(view: Mapping[str, Any], weights: Weights = DEFAULT_WEIGHTS) -> Table:
    colour, features, neighbours = layout(view["board"]["sites"])
    estates = [
        Estate(prestige=float(k["prestige"]), chest=dict(k["riches"]), seat=seat)
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
    view: Mapping[str, Any], seat: int, estate: Estate, weights: Weights = DEFAULT_WEIGHTS
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


def rounds_left(view: Mapping[str, Any]) -> float:
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


def balls_to_come(view: Mapping[str, Any]) -> int:
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


def lead(view: Mapping[str, Any], seat: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
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


# -- the Katun cards ----------------------------------------------------------------------------
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
        return sum(2 * v - table.weights.stored for v in stored[:2])
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
        kind = card["type"]
        left[kind] = max(0, left.get(kind, 0) - 1)
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


# -- wars -----------------------------------------------------------------------------------------
def faces(view: Mapping[str, Any]) -> tuple[float, float]:
    """Mean success points of a die and the chance of a skull."""
    text: str = view["options"].get("faces") or "0,1,1,2,3,X"  # the option's own syntax
    values = [f.strip().upper() for f in text.split(",")]
    points = [int(f) for f in values if f != "X"]
    return sum(points) / len(values), (len(values) - len(points)) / len(values)


def attack_gain(
    table: Table, seat: int, source: str, target: str, garrisons: int, obsidian: int
) -> float:
    """How much an attack should raise the attacker's lead, on average over the dice."""
    view = table.view
    defender = view["sites"][target]["owner"]
    if defender is None:
        return -1.0
    mean, skull = faces(view)
    defence = 0.0
    spendable = 0
    for site in [target, *table.neighbours[target]]:
        entry = view["sites"][site]
        if entry["owner"] != defender:
            continue
        for building in entry["buildings"]:
            if building["building"] == "garrison":
                defence += 1
                spendable += building["riches"] == ["obsidian"]
    w = table.weights
    margin = garrisons * mean + obsidian - defence - w.defender_obsidian * spendable
    estate = table.estates[defender]
    kinds = estate.sites.get(target, [])
    points = sum(2 if k in ("temple", "palace") else 1 for k in kinds)
    lost = garrisons * skull * w.static["garrison"] + obsidian * w.stored
    if margin < 1 or not points:
        return -lost - w.futile_attack
    share = min(1.0, math.floor(margin) / points)
    damage = share * (worth(table, estate) - worth(table, without(estate, {target: kinds})))
    prisoners = min(math.floor(margin), len(kinds)) * w.captive
    # the change of the attacker's lead: hurting a king who is not the best other one does not
    # raise it (with two players it is the damage plus the prisoners minus the losses)
    values = worths(table)
    before = lead_of(values, seat)
    values[seat] += prisoners - lost
    values[defender] -= damage
    return lead_of(values, seat) - before


# -- scoring the legal actions --------------------------------------------------------------------
class Builds:
    """What building a kind on a site adds to a king's worth (the plot makes no difference)."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.estate = table.estates[seat]
        self.base = worth(table, self.estate)
        self.known: dict[tuple[str, str], float] = {}

    def gain(self, action: dict[str, Any]) -> float:
        """``action``: a build's JSON form."""
        key = (action["building"], action["site"])
        out = self.known.get(key)
        if out is None:
            built = with_building(self.estate, key[1], key[0])
            out = self.known[key] = worth(self.table, built) - self.base
        return out


def best_follow_up(table: Table, seat: int, actions: Sequence[Action]) -> float:
    best = 0.0  # ``end``: the riches is spent for nothing
    builds = Builds(table, seat)
    for action in actions:
        if action.kind == "build":
            best = max(best, builds.gain(action.to_json()))
        elif action.kind == "attack":
            best = max(best, attack_score(table, seat, action.to_json()))
    return best


def attack_score(table: Table, seat: int, action: dict[str, Any]) -> float:
    """``action``: an attack's JSON form."""
    return attack_gain(
        table, seat, action["source"], action["target"], action["garrisons"], action["obsidian"]
    )


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


def building_at(view: Mapping[str, Any], site: str, plot: int) -> tuple[str, str]:
    """(kind of the building covering ``plot`` of ``site``, the riches on that plot or "")."""
    covering = view["sites"][site]["plots"][plot]
    if covering is None:
        return "", ""
    return covering["building"], covering["riches"] or ""


def touching_plots(plots: int) -> list[tuple[int, int]]:
    """The pairs of plots a palace or temple can cover on a site of ``plots`` plots (they lie in
    a row; a 4-plot site is a 2 x 2 square, so plot 3 also touches plot 0: docs/rules/balam.md,
    "Plots of a site")."""
    pairs = [(p, p + 1) for p in range(plots - 1)]
    return [*pairs, (3, 0)] if plots == 4 else pairs


def palace_room(view: Mapping[str, Any], seat: int) -> int:
    """How many places for a palace or temple (two touching empty plots) the king's cities
    offer."""
    room = 0
    for site in view["sites"].values():
        if site["owner"] != seat:
            continue
        empty = [p is None for p in site["plots"]]
        room += sum(1 for p, q in touching_plots(len(empty)) if empty[p] and empty[q])
    return room


def move_gain(view: Mapping[str, Any], action: Action, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """A distribution move: the riches is worth what it is worth where it lands."""
    move = action.to_json()
    kind, riches = building_at(view, move["site"], move["plot"])
    landing = building_at(view, move["to_site"], move["to_plot"])[0]
    return held_value(landing, riches, weights) - held_value(kind, riches, weights)


def action_scores(
    view: Mapping[str, Any],
    seat: int,
    legal: Sequence[Action],
    imagine: Callable[[], State],
    weights: Weights = DEFAULT_WEIGHTS,
) -> list[float]:
    """Each legal action's score: the lead it should leave this king (higher is better)."""
    table = read(view, weights)
    values = worths(table)
    now = lead_of(values, seat)
    phase = view["phase"]
    imagined: State | None = None
    builds = Builds(table, seat)
    scores = []
    for action in legal:
        head = action.kind
        if head == "katun":
            score = now + katun_value(table, seat, action.to_json()["slot"])
        elif head == "build":
            score = now + builds.gain(action.to_json())
        elif head == "attack":
            score = now + attack_score(table, seat, action.to_json())
        elif head == "end" or (head == "done" and phase == "distribution"):
            score = now
        elif head == "move":
            score = now + move_gain(view, action, weights)
        elif head == "remove":
            score = now - 5.0
        elif head == "pay" and phase == "cost":  # a building's price: the most plentiful riches
            riches = action.to_json()["riches"]
            score = now - weights.riches + 0.01 * table.estates[seat].chest.get(riches, 0)
        elif head == "pay" and phase == "turn":  # the turn's riches: what it allows
            if imagined is None:
                imagined = imagine()
            after = imagined.clone()
            after.apply(action, seat)
            later = read(after.view_parts(None, PARTS), weights)
            score = lead_of(worths(later), seat) + best_follow_up(
                later, seat, after.legal_actions(seat)
            )
        else:
            if imagined is None:
                imagined = imagine()
            after = imagined.clone()
            after.apply(action, seat)
            if after.is_over:
                score = 1e6 * (after.returns()[seat] - 0.5)
            else:
                seen = after.view_parts(None, PARTS)
                score = lead(seen, seat, weights)
                if head == "lose":  # of buildings alike, keep room for a palace or temple
                    score += weights.palace_room * palace_room(seen, seat)
        scores.append(score)
    return scores


def choose(seat_state: SeatState, rng: random.Random, weights: Weights = DEFAULT_WEIGHTS) -> Action:
    legal = seat_state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    scores = action_scores(
        seat_state.view_parts(PARTS),
        seat_state.seat,
        legal,
        lambda: seat_state.resample(rng.getrandbits(63)),
        weights,
    )
    top = max(scores)
    best = [a for a, s in zip(legal, scores, strict=True) if s >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def rank(
    state: State,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    weights: Weights = DEFAULT_WEIGHTS,
) -> list[Action]:
    """The legal actions, best first (for the ISMCTS bot's progressive widening)."""

    def imagine() -> State:
        copy = state.clone()
        copy.rng = Rng(rng.getrandbits(64))  # not the dice this iteration is about to roll
        return copy

    scores = action_scores(state.view_parts(seat, PARTS), seat, legal, imagine, weights)
    order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
    return [legal[i] for i in order]


def evaluate(state: State, weights: Weights = DEFAULT_WEIGHTS) -> Sequence[float]:
    return soft_rank(worths(read(state.view_parts(None, PARTS), weights)), scale=4.0)


DISTRIBUTING = frozenset({"move", "done"})


def distributing(legal: Sequence[Action]) -> bool:
    """A distribution step ("6 - DISTRIBUTION"): the choices are to move a riches, or to be
    done distributing."""
    return all(action.kind in DISTRIBUTING for action in legal)  # ``kind``: as in the JSON form


def alike(action: Action) -> Hashable:
    """Builds of one building on one site share a key, whatever their plots (the rules of thumb
    score them alike: :class:`Builds`); every other move is its own key."""
    if action.kind == "build":
        move = action.to_json()
        return ("build", move["building"], move["site"])
    return action


@dataclass(frozen=True)
class Policy:
    """The rules of thumb playing with a set of :class:`Weights` (the defaults: ``normal``'s)."""

    weights: Weights = DEFAULT_WEIGHTS

    def choose(self, seat_state: SeatState, rng: random.Random) -> Action:
        return choose(seat_state, rng, self.weights)

    def rank(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> list[Action]:
        return rank(state, seat, legal, rng, self.weights)

    def evaluate(self, state: State) -> Sequence[float]:
        return evaluate(state, self.weights)

    def heuristic(self) -> Heuristic:
        """These rules of thumb in the form the bots take (as the registered one, with these
        weights)."""
        if self.weights is DEFAULT_WEIGHTS:
            return HEURISTIC
        return Heuristic(
            policy=self.choose,
            evaluate=self.evaluate,
            iterations=HEURISTIC.iterations,
            depth=HEURISTIC.depth,
            rollout=HEURISTIC.rollout,
            rank=self.rank,
            settled=distributing,
            alike=alike,
        )


#: the weights fitted by self-play (``scripts/tune_balam.py``), shipped as package data
POLICY_FILE = "balam-policy.json"


def policy_from_json(data: object) -> Policy:
    """A :class:`Policy` from the JSON of a fitted policy file: ``{"game": "balam", "players":
    2, "weights": {name: number}, "meta": {...}}``; anything else raises :class:`ValueError`."""
    if not isinstance(data, Mapping):
        raise ValueError("a Balam policy file holds a JSON object")
    if data.get("game") != "balam":
        raise ValueError(f"not a Balam policy: game {data.get('game')!r}")
    if data.get("players") != 2:
        raise ValueError(f"a Balam policy is fitted at 2 players, not {data.get('players')!r}")
    weights = data.get("weights")
    if not isinstance(weights, Mapping) or not weights:
        raise ValueError("a Balam policy file names its weights (an object of numbers)")
    if not isinstance(data.get("meta", {}), Mapping):
        raise ValueError("a Balam policy file's meta is an object")
    return Policy(Weights.from_flat(weights))


@functools.lru_cache(maxsize=1)
def tuned_policy() -> Policy:
    """The policy fitted by self-play (:data:`POLICY_FILE`, package data); :class:`ValueError`
    if the file is missing or not a Balam policy."""
    path = resources.files("gametable.bots") / "data" / POLICY_FILE
    if not path.is_file():
        raise ValueError(f"no fitted Balam policy ({POLICY_FILE}): run scripts/tune_balam.py")
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as error:
        raise ValueError(f"{POLICY_FILE} is not JSON: {error}") from None
    return policy_from_json(data)


HEURISTIC = Heuristic(
    policy=choose,
    evaluate=evaluate,
    iterations=800,
    depth=0,
    rollout="none",
    rank=rank,
    settled=distributing,
    alike=alike,
)
register_heuristic("balam", HEURISTIC)


@functools.lru_cache(maxsize=1)
def tuned_heuristic() -> Heuristic:
    """The fitted policy's choices and order of moves, with the plain rules of thumb's
    evaluation where a playout stops: the weights are fitted to choose, not to value a position
    (the rollout search's margins were measured on that evaluation's scale).  Only the ball
    games to come (:data:`BALL`), which the plain rules of thumb leave out, are counted there as
    the fitted policy counts them."""
    fitted = tuned_policy()
    if fitted.weights.ball == DEFAULT_WEIGHTS.ball:
        return dataclasses.replace(fitted.heuristic(), evaluate=evaluate)
    scoring = Policy(dataclasses.replace(DEFAULT_WEIGHTS, ball=fitted.weights.ball))
    return dataclasses.replace(fitted.heuristic(), evaluate=scoring.evaluate)


register_tuned("balam", tuned_heuristic)
