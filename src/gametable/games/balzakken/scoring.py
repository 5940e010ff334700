"""Scoring a round after BALZAK! and the score sheet's tasty positions.

"BALZAK! - End of a Round": a good call scores 0 for the caller and each other player's hand for
them; a false call (someone else holds as few points or fewer) scores 25 for the caller, 0 for
the lowest other hand or hands, and their hand for the rest; a call holding more than 5 points
scores 25 for the caller and 0 for everyone else.  No entry on the score sheet is ever negative.
"Tasty (In-Between) Positions": a total of exactly 69 drops to 50, exactly 99 drops to 75.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, NamedTuple

#: how a round ended: a good call, a false call, or a call with more than 5 points
RoundKind = Literal["good", "false", "overcall"]
GOOD: Final = "good"
FALSE: Final = "false"
OVERCALL: Final = "overcall"
KINDS: Final[tuple[RoundKind, ...]] = (GOOD, FALSE, OVERCALL)

BALZAK_LIMIT: Final = 5
FALSE_PENALTY: Final = 25
GAME_END: Final = 100
TASTY: Final = {69: 50, 99: 75}
#: TASTY's position for a total, else the total: ``_TASTY_OR_SAME(total, total)``
_TASTY_OR_SAME: Final = TASTY.get


class RoundScore(NamedTuple):
    kind: RoundKind
    points: tuple[int, ...]


def score_round(values: Sequence[int], caller: int) -> RoundScore:
    """Points written down this round, given each hand's value and who called BALZAK!.

    >>> score_round([4, 13, 7], caller=0)          # the Pleun and Nena example, plus a third
    RoundScore(kind='good', points=(0, 13, 7))
    >>> score_round([4, 4, 9], caller=0)           # a tie makes the call false
    RoundScore(kind='false', points=(25, 0, 9))
    >>> score_round([8, 2, 3], caller=0)           # more than 5 points: only the caller pays
    RoundScore(kind='overcall', points=(25, 0, 0))
    """
    mine = values[caller]
    if mine > BALZAK_LIMIT:
        points = [0] * len(values)
        points[caller] = FALSE_PENALTY
        return RoundScore(OVERCALL, tuple(points))
    others = [v for seat, v in enumerate(values) if seat != caller]
    lowest = min(others) if others else mine + 1
    if lowest <= mine:
        points = [0 if v == lowest else v if v > 0 else 0 for v in values]
        points[caller] = FALSE_PENALTY
        return RoundScore(FALSE, tuple(points))
    points = [v if v > 0 else 0 for v in values]  # no entry on the score sheet is negative
    points[caller] = 0
    return RoundScore(GOOD, tuple(points))


def tasty_position(total: int) -> int:
    """A total of exactly 69 becomes 50 and exactly 99 becomes 75; any other stays.

    >>> [tasty_position(t) for t in (68, 69, 99, 100)]
    [68, 50, 75, 100]
    """
    return TASTY.get(total, total)


def tasty_positions(totals: Sequence[int]) -> list[int]:
    """:func:`tasty_position` of each total, in one call (every round's end applies them).

    >>> tasty_positions([69, 0, 99, 70])
    [50, 0, 75, 70]
    """
    return list(map(_TASTY_OR_SAME, totals, totals))


def game_is_over(totals: Sequence[int]) -> bool:
    """The game ends as soon as someone has 100 points or more."""
    return max(totals) >= GAME_END
