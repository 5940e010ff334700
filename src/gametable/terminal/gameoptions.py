"""Options a game adds to the ``gametable`` command: its ``cli`` part.

A game whose play needs something from outside its rules (a board file, say) declares, in its
package, a tuple of :class:`GameOption` and names it in its declaration
(``parts = {"cli": ".cli:OPTIONS"}``, :mod:`gametable.core.parts`).  ``gametable play`` and
``gametable replay`` take every game's options and list them in their ``--help``; the shared
command line calls :attr:`GameOption.use` with what was given and never names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gametable.core.parts import Kind


def _options(found: object) -> bool:
    return isinstance(found, tuple) and all(isinstance(o, GameOption) for o in found)


@dataclass(frozen=True)
class GameOption:
    """One option a game adds to ``gametable play`` and ``gametable replay``.

    ``name`` is its parameter's name and ``annotation`` its Typer declaration
    (``Annotated[Path | None, typer.Option("--board-file", help=...)]``; the default is
    ``None``: not given).  ``use`` takes the value given, does what it says (reads and
    registers a file, say: records and options name things, never files) and returns the game
    options it sets unless ``--option`` sets them; a ``ValueError`` is the command's error.
    ``refusal`` is the error when the option is given for another game.
    """

    name: str
    annotation: Any
    use: Callable[[Any], Mapping[str, Any]]
    refusal: str


#: a game's ``cli`` part: its options of ``gametable play`` and ``gametable replay``
GAME_OPTIONS: Kind[tuple[GameOption, ...]] = Kind("cli", tuple, _options)
