"""What a Balam state works out from its cities and keeps until they change: typed, per seat,
so that the rules read a slot of a list instead of hashing a key.

A :class:`CityMemo` is replaced (never emptied in place) whenever a city is founded or lost or a
market goes up or down: clones share it until then.
"""

from __future__ import annotations

from typing import Final

#: a value not worked out yet, in the lists of ints of :class:`CityMemo`
UNKNOWN: Final = -1


class CityMemo:
    """Values derived from the owners of the sites and the small pyramids, by seat."""

    def __init__(self, players: int) -> None:
        #: the sites where each seat has a city (``BalamData.cities_of``)
        self.cities: list[tuple[int, ...] | None] = [None] * players
        #: the plot positions of each seat's cities (``BalamData.plots_of``)
        self.plots: list[tuple[int, ...] | None] = [None] * players
        #: the sites each seat's riches may cross or enter, as a bit mask, or :data:`UNKNOWN`
        #: (``BalamData.open_sites``)
        self.open: list[int] = [UNKNOWN] * players
        #: the neighbours a city may attack, by :func:`targets_key` (``wars.attack_targets``)
        self.targets: dict[int, tuple[int, ...]] = {}


def targets_key(seat: int, source: int) -> int:
    """The key of :attr:`CityMemo.targets`: the seat and the attacking city's site."""
    return source << 8 | seat
