"""The shapes of the board's layout and of riches counts in views (``TypedDict``s), and the
names they use.

They live apart from :mod:`~gametable.games.balam.board` so that the board can be compiled by
the optional compiled build (mypyc) while these stay interpreted: compiling a ``TypedDict``
loses the annotations (``Annotated`` metadata, ``Literal`` names) that view schemas are
generated from.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from msgspec import Meta

RichesName = Literal["maize", "cacao", "shell", "jade", "obsidian", "prisoner"]
Feature = Literal["seashore", "volcano", "cenote"]
Count = Annotated[int, Meta(ge=0)]


class BoardSiteView(TypedDict):
    """A site's fixed layout."""

    id: str
    colour: Annotated[RichesName, Meta(description="the riches its villages produce")]
    plots: Annotated[int, Meta(description="its number of building plots (2 to 4)")]
    features: list[Feature]
    x: Annotated[
        int,
        Meta(
            description="its tile's column, from 0 (a board file that places no tile of its "
            "own: the game's place for it, see map_places)"
        ),
    ]
    y: Annotated[int, Meta(description="its tile's row, from 0 (as x)")]
    neighbours: Annotated[list[str], Meta(description="the sites at the end of a path from it")]


class BoardView(TypedDict):
    """The board's fixed public layout."""

    name: str
    title: str
    sites: list[BoardSiteView]


class RichesCount(TypedDict, total=False):
    """Counts of riches by name; a riches left out is none."""

    maize: Count
    cacao: Count
    shell: Count
    jade: Count
    obsidian: Count
    prisoner: Count


class AllRiches(TypedDict):
    """A count of each of the six riches."""

    maize: Count
    cacao: Count
    shell: Count
    jade: Count
    obsidian: Count
    prisoner: Count
