"""Where every layer finds a game's parts: named once, in the game's declaration.

A game is one package (``gametable/games/<game>/``, or any package registered through the
``gametable.games`` entry point). Beside its rules it holds the parts the other layers need:
its bots' rules of thumb, its terminal and web renderers, its rulebook in our words, its answers
to rules questions. Its :class:`~gametable.core.protocol.Game` names them in ``parts``, a
mapping from the kind of part (:data:`KINDS`) to where it lives inside the game's package:

- ``".bots.heuristic:HEURISTIC"``: an attribute of a module (the leading dot: inside the game's
  package), imported only when a layer first asks for it, so that the rules engine never imports
  the layers above it;
- ``"web/renderer.js"``: a file of the package (a data file, read as a resource).

Shared layers ask with :func:`part` or :func:`part_file` and never name a game.  A layer names
the kinds it reads as :class:`Kind` values that carry the type of the part, so that what
:func:`part` returns is typed, and checked when it is loaded::

    >>> from gametable import load_game
    >>> ANSWERS = Kind("answers", object)
    >>> part(load_game("balzakken"), ANSWERS)
    <gametable.games.balzakken.answers...>
    >>> part(load_game("balzakken"), Kind("cli", tuple)) is None  # declares none
    True
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Generic, TypeVar, cast

if TYPE_CHECKING:
    from gametable.core.protocol import Game

#: the kinds of part a game may declare, and what each is (the layer that reads it says more)
KINDS: dict[str, str] = {
    "heuristic": "the bots' rules of thumb (gametable.bots.heuristics.Heuristic)",
    "tuned": "a factory of the rules of thumb with fitted weights (gametable.bots)",
    "levels": "the settings of the bot levels for this game (gametable.bots.levels)",
    "learned": "the learned evaluation's standings (gametable.bots.learned)",
    "features": "the feature layout of the OpenSpiel/PettingZoo adapters",
    "terminal": "the terminal renderer (gametable.terminal.render.GameRenderer)",
    "cli": "its own options of gametable play and replay (gametable.terminal.gameoptions)",
    "web": "the web renderer, a JavaScript module file",
    "cautions": "the moves the web table asks to confirm, with their cost (gametable.server.offers)",
    "rulebook": "the rules in our own words, a TOML rules reference file",
    "questions": "the folder of the rules questions by which the answers are measured",
    "words": "the game's words for the rules search (synonyms, Dutch words)",
    "standing": "the standing of a seat, from its view, for the rules answers at a table",
    "answers": "the rules answers worked out by the referee (gametable.rulebook.situations)",
}


T = TypeVar("T")


class PartError(LookupError):
    """A declared part that is not where its game's declaration says, or not what its kind is."""


@dataclass(frozen=True)
class Kind(Generic[T]):
    """A kind of part (one of :data:`KINDS`) as the layer that reads it sees it: ``T``, the type
    the layer uses it as (given by the annotation of the constant that holds the kind), checked
    at load time as an instance of ``cls`` that also passes ``accepts`` where a class cannot
    say it all (a callable, a mapping of settings).

    >>> Kind("heuristic", int).name
    'heuristic'
    >>> Kind("no-such-kind", int)
    Traceback (most recent call last):
    ...
    ValueError: unknown kind of part 'no-such-kind'; the kinds are: heuristic, ...
    """

    name: str
    cls: type[object] = object
    accepts: Callable[[object], bool] | None = None

    def __post_init__(self) -> None:
        if self.name not in KINDS:
            raise ValueError(
                f"unknown kind of part {self.name!r}; the kinds are: {', '.join(KINDS)}"
            )

    def fits(self, found: object) -> bool:
        """Whether ``found`` is a part of this kind."""
        return isinstance(found, self.cls) and (self.accepts is None or self.accepts(found))


def package_of(game: Game) -> str:
    """The package that declares ``game``: the one its game class lives in.

    >>> from gametable import load_game
    >>> package_of(load_game("keezbord"))
    'gametable.games.keezbord'
    """
    module = type(game).__module__
    if hasattr(sys.modules[module], "__path__"):  # the class lives in the package's __init__
        return module
    return module.rpartition(".")[0] or module


def declared(game: Game, kind: str) -> str | None:
    """Where ``game`` says its part of ``kind`` lives, or ``None`` when it has none."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind of part {kind!r}; the kinds are: {', '.join(KINDS)}")
    where = game.parts.get(kind)
    return where or None


def part(game: Game, kind: Kind[T]) -> T | None:
    """``game``'s part of ``kind`` (an attribute of one of its modules), or ``None`` when the
    game declares none; :class:`PartError` when it is not where the declaration says, or not
    what ``kind`` says it is."""
    found = loaded(game, kind.name)
    if found is None:
        return None
    if not kind.fits(found):
        where = declared(game, kind.name)
        raise PartError(
            f"{game.name}: part {kind.name!r} at {where!r} is a {type(found).__name__}, "
            f"not what a {kind.name!r} part is: {KINDS[kind.name]}"
        )
    return cast(T, found)


def loaded(game: Game, kind: str) -> object | None:
    """``game``'s part of ``kind``, imported as the declaration says, unchecked (``None``:
    the game declares none); :class:`PartError` when it is not there."""
    where = declared(game, kind)
    if where is None:
        return None
    module_name, _, attribute = where.partition(":")
    if not attribute or not module_name.startswith("."):
        raise PartError(f"{game.name}: part {kind!r} must read '.module:attribute', not {where!r}")
    try:
        module = importlib.import_module(module_name, package_of(game))
        return getattr(module, attribute)
    except (ImportError, AttributeError) as exc:
        raise PartError(f"{game.name}: part {kind!r} is not at {where!r}: {exc}") from exc


def part_file(game: Game, kind: str) -> Traversable | None:
    """``game``'s part of ``kind`` that is a file or folder of its package, or ``None`` when the
    game declares none; :class:`PartError` when it is missing."""
    where = declared(game, kind)
    if where is None:
        return None
    found = resources.files(package_of(game)).joinpath(*where.split("/"))
    if not (found.is_file() or found.is_dir()):
        raise PartError(f"{game.name}: part {kind!r} is not at {where!r} in its package")
    return found


def check_parts(game: Game) -> list[str]:
    """Every declared part of ``game`` that cannot be found, as a message (empty: all found)."""
    problems = []
    for kind, where in game.parts.items():
        try:
            if kind not in KINDS:
                raise PartError(f"{game.name}: {kind!r} is no kind of part")
            (loaded if ":" in where else part_file)(game, kind)
        except PartError as exc:
            problems.append(str(exc))
    return problems
