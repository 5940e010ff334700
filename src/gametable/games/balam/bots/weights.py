"""The numbers Balam's rules of thumb weigh their choices by, and :class:`Weights` that holds them
(``normal`` plays the defaults; :mod:`.tune` fits others by self-play).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

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
    A :class:`Policy` plays with other weights (:mod:`.tune` fits them by self-play).
    ``static`` and ``gain`` hold the values of :data:`STATIC` and :data:`GAIN`."""

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
    def from_flat(cls, flat: Mapping[str, object]) -> Weights:
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
