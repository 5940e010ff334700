"""Prestige: the ceremony values, the podium shared by divination and ball games, the bonus.

>>> podium([3, 1, 0])       # one leader, one second
{0: 'first', 1: 'second'}
>>> podium([2, 2, 1])       # two tied first: each gets the tie share, nobody is second
{0: 'tied', 1: 'tied'}
>>> podium([1, 1, 1])       # three tied: nobody
{}
>>> podium([3, 1, 1])       # tie for second: no second
{0: 'first'}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gametable.games.balam.board import MAIZE, PRISONER

#: prestige per sacrificed riches in a temple ("6 - DISTRIBUTION > CEREMONY")
CEREMONY: Final[tuple[int, ...]] = (1, 2, 2, 2, 2, 3)
assert CEREMONY[MAIZE] == 1 and CEREMONY[PRISONER] == 3
#: cenote sacrifices are worth twice a temple's ("4 - KATUN", Cult of the sacred cenotes)
CENOTE_FACTOR: Final = 2
SCORE_CAP: Final = 99


def podium(counts: Sequence[int]) -> dict[int, str]:
    """Who places in a count of observatories or ball courts ("1 - DIVINATION").

    Only seats holding at least one such building take part.  A single leader is ``first``; two
    leaders are both ``tied``; three or more leaders: nobody.  After a single leader, a single
    runner-up is ``second``; a tie for second gives nobody second place.
    """
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    if not levels:
        return {}
    top = [s for s, c in enumerate(counts) if c == levels[0]]
    if len(top) == 2:
        return {top[0]: "tied", top[1]: "tied"}
    if len(top) > 2:
        return {}
    out = {top[0]: "first"}
    if len(levels) > 1:
        runners = [s for s, c in enumerate(counts) if c == levels[1]]
        if len(runners) == 1:
            out[runners[0]] = "second"
    return out


def ball_game_points(courts: Sequence[int], cities: Sequence[int]) -> list[int]:
    """Prestige won at a ball game: the winner his number of cities, a tie or second half of it.

    >>> ball_game_points([2, 1, 0], [5, 3, 4])
    [5, 1, 0]
    """
    out = [0] * len(courts)
    for seat, place in podium(courts).items():
        out[seat] = cities[seat] if place == "first" else cities[seat] // 2
    return out


def divination_peeks(observatories: Sequence[int], players: int) -> list[int]:
    """How many Katun cards each seat may look at: NJ for a sole leader, else one or none."""
    out = [0] * len(observatories)
    for seat, place in podium(observatories).items():
        out[seat] = players if place == "first" else 1
    return out


def riches_bonus(riches: int) -> int:
    """Half a point per personal riches, rounded down ("7 - END OF GAME > RICHES BONUS")."""
    return riches // 2
