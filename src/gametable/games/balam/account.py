"""The running account of a Balam round (``round_tally`` in a position; its JSON form is in
:mod:`~gametable.games.balam.rounds`): plain typed data, so that the optional compiled build
makes it a native class the rules read directly."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gametable.games.balam.board import RICHES

#: where prestige comes from, in the order of :attr:`Tally.won`
PRESTIGE_SOURCES: Final[tuple[str, ...]] = (
    "ceremony",
    "cenote",
    "ball_game",
    "prosperous",
    "bonus",
)


@dataclass
class Tally:
    """The running account of a round (see ``docs/rules/balam.md``): per seat the prestige at
    the round's start, the riches its villages produced, the prestige won per source, the
    buildings lost (wars and catastrophes)."""

    score_before: list[int]
    produced: list[list[int]]
    won: list[list[int]]
    lost: list[int]

    @classmethod
    def new(cls, prestige: Sequence[int]) -> Tally:
        n = len(prestige)
        return Tally(  # (not ``cls``: compiled, a direct call of the native class)
            list(prestige),
            [[0] * len(RICHES) for _ in range(n)],
            [[0] * n for _ in PRESTIGE_SOURCES],
            [0] * n,
        )

    def copy(self) -> Tally:
        return Tally(
            self.score_before,  # replaced, never changed in place
            [row[:] for row in self.produced],
            [row[:] for row in self.won],
            self.lost[:],
        )
