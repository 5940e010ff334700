"""What a war leaves in the state ("3 - WARS"): the attack under way, the last war's result and
the buildings it took, the buildings a king owes; and how each is written in a position's JSON
form (``turn.war``, ``last_war``, ``turn.losses``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from gametable.core.errors import InvalidState
from gametable.core.statefields import (
    MISSING,
    SEAT,
    Codec,
    Int,
    ListOf,
    Maybe,
    Record,
)
from gametable.games.balam.board import (
    BUILDINGS,
    KINDS,
    MAX_PLOTS,
    RICHES,
)
from gametable.games.balam.positions import PlotPosition, SiteName


@dataclass(frozen=True, slots=True)
class War:
    """An attack under way ("3 - WARS"), replaced (never changed) as it unfolds."""

    source: int
    target: int
    garrisons: int
    obsidian: int
    defender: int
    #: destruction points left to the attacker
    points: int = 0
    defence_obsidian: int = 0
    destroyed: int = 0


@dataclass(frozen=True, slots=True)
class Fallen:
    """A building a war took away ("3 - WARS"): destroyed by the attacker, or one of the
    attacker's garrisons lost to a skull; as it stood, with what went with it."""

    kind: int
    #: its plot position (its anchor plot)
    pos: int
    #: the seat whose city it stood in
    owner: int
    #: the riches lying on it, lost with it
    riches: tuple[int, ...] = ()
    #: small pyramids (commercial control) discarded with it: a market's, else 0
    pyramids: int = 0


@dataclass(frozen=True, slots=True)
class WarResult:
    """The last war ("3 - WARS"), kept until the next war: the battle's totals (set when the
    dice are rolled), then what the war changed on the board as it unfolds (the garrisons lost
    to skulls, the buildings destroyed, the prisoners taken, the cities left to no one) and,
    once it is over, who won."""

    source: int
    target: int
    attacker: int
    defender: int
    #: dice rolled (garrisons committed) and obsidian the attacker spent
    garrisons: int
    attack_obsidian: int
    #: the defender's garrisons counted (the attacked city and his adjacent cities) and obsidian
    defence_garrisons: int
    defence_obsidian: int
    #: success points + obsidian; garrisons + obsidian
    attack: int
    defence: int
    skulls: int
    #: the attacker's garrisons lost to the skulls, in the order lost
    lost: tuple[Fallen, ...] = ()
    #: the defender's buildings destroyed, in the order destroyed
    destroyed: tuple[Fallen, ...] = ()
    #: the plot positions of the attacking city's garrisons that took a prisoner, one per
    #: building destroyed while a garrison was free (the others' prisoners are lost)
    prisoners: tuple[int, ...] = ()
    #: the sites whose last building the war took: they belong to no one now
    devastated: tuple[int, ...] = ()
    #: the seat that won once the war is over (-1 until then): the attacker if he destroyed at
    #: least one building, else the defender (docs/rules/balam.md, "3 - WARS")
    winner: int = -1


@dataclass(frozen=True, slots=True)
class Loss:
    """Buildings a king owes: ``count`` of ``kind``, on ``site`` (-1: anywhere)."""

    kind: int
    count: int
    site: int = -1


class LossList(Codec[tuple[Loss, ...]]):
    """``[[building, count, site or null], ...]``."""

    def dump(self, value: Sequence[Loss], state: Any) -> Any:
        names = state.board.names
        return [[KINDS[x.kind], x.count, None if x.site < 0 else names[x.site]] for x in value]

    def load(self, raw: Any, where: str, state: Any) -> tuple[Loss, ...]:
        if not isinstance(raw, list):
            raise InvalidState(f"{where} must be a list of [building, count, site or null]")
        out = []
        for item in raw:
            if not isinstance(item, list) or len(item) != 3 or item[0] not in KINDS:
                raise InvalidState(f"{where}: {item!r} is not [building, count, site or null]")
            site = -1 if item[2] is None else SITE.load(item[2], where, state)
            count = COUNT.load(item[1], f"{where} count", state)
            out.append(Loss(KINDS.index(item[0]), count, site))
        return tuple(out)


SITE: Final = SiteName()
COUNT: Final = Int(0)


class TupleOf(Codec[tuple[Any, ...]]):
    """A list of values of ``codec``, read as a tuple (for the fields of frozen records)."""

    def __init__(self, codec: Codec[Any]) -> None:
        self.items = ListOf(codec)

    def dump(self, value: Sequence[Any], state: Any) -> Any:
        return self.items.dump(value, state)

    def load(self, raw: Any, where: str, state: Any) -> tuple[Any, ...]:
        return tuple(self.items.load(raw, where, state))


class FallenCodec(Codec[Fallen]):
    """``{"site", "plot", "building", "owner", "riches": [...], "pyramids"}`` (as the view shows
    it; ``riches`` and ``pyramids`` default to none)."""

    def dump(self, value: Fallen, state: Any) -> Any:
        site, plot = divmod(value.pos, MAX_PLOTS)
        return {
            "site": state.board.names[site],
            "plot": plot,
            "building": KINDS[value.kind],
            "owner": value.owner,
            "riches": [RICHES[r] for r in value.riches],
            "pyramids": value.pyramids,
        }

    def load(self, raw: Any, where: str, state: Any) -> Fallen:
        keys = {"site", "plot", "building", "owner", "riches", "pyramids"}
        if not isinstance(raw, Mapping) or not {"site", "plot", "building", "owner"} <= set(raw):
            raise InvalidState(f"{where} must be an object with site, plot, building and owner")
        unknown = sorted(str(k) for k in raw if k not in keys)
        if unknown:
            raise InvalidState(f"{where} has no field {unknown[0]!r}")
        site = SITE.load(raw["site"], f"{where}.site", state)
        plot = Int(0, state.board.plots[site] - 1).load(raw["plot"], f"{where}.plot", state)
        kind = raw["building"]
        if kind not in KINDS or KINDS.index(kind) not in BUILDINGS:
            raise InvalidState(f"{where}.building: {kind!r} is not a building")
        riches = raw.get("riches", [])
        if not isinstance(riches, list) or any(r not in RICHES for r in riches):
            raise InvalidState(f"{where}.riches must be a list of riches names")
        return Fallen(
            KINDS.index(kind),
            site * MAX_PLOTS + plot,
            SEAT.load(raw["owner"], f"{where}.owner", state),
            tuple(RICHES.index(r) for r in riches),
            COUNT.load(raw.get("pyramids", 0), f"{where}.pyramids", state),
        )


FALLEN: Final = TupleOf(FallenCodec())
WAR_RESULT: Final = Record(
    WarResult,
    {
        "source": (SITE, MISSING),
        "target": (SITE, MISSING),
        "attacker": (SEAT, MISSING),
        "defender": (SEAT, MISSING),
        "garrisons": (Int(1, MAX_PLOTS), MISSING),
        "attack_obsidian": (Int(0, MAX_PLOTS), 0),
        "defence_garrisons": (Int(0), MISSING),
        "defence_obsidian": (Int(0), 0),
        "attack": (Int(0), MISSING),
        "defence": (Int(0), MISSING),
        "skulls": (Int(0, MAX_PLOTS), MISSING),
        # what the war changed on the board (left out by positions written before they were
        # recorded: nothing, and the winner unknown)
        "lost": (FALLEN, ()),
        "destroyed": (FALLEN, ()),
        "prisoners": (TupleOf(PlotPosition()), ()),
        "devastated": (TupleOf(SITE), ()),
        "winner": (Maybe(SEAT, none=-1), -1),
    },
)


WAR: Final = Record(
    War,
    {
        "source": (SITE, MISSING),
        "target": (SITE, MISSING),
        "garrisons": (Int(1, MAX_PLOTS), 1),
        "obsidian": (Int(0, MAX_PLOTS), 0),
        "defender": (SEAT, 0),
        "points": (Int(0), 0),
        "defence_obsidian": (Int(0), 0),
        "destroyed": (Int(0), 0),
    },
)
