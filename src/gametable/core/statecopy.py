"""A state copied through its constructor: the header set once, then a new or a copied position.

Balzakken and Keezbord keep their positions in plain attributes and copy them by hand (fast
``clone`` for bots and simulations).  What they share lives here, once: the constructor takes the
position header (game, players, seed, options) and either starts a new position
(:meth:`CopiedState.new_position`) or copies one from ``source``
(:meth:`CopiedState.copy_position`); :meth:`CopiedState.clone` is the constructor with
``source=self``.  Copying through the constructor, rather than ``object.__new__`` plus
assignments, is also what the optional compiled build needs (native classes refuse
``object.__new__``).  Games whose fields are declared once (:mod:`gametable.core.statefields`)
derive ``clone`` from the declarations instead.

"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, TypeVar

from mypy_extensions import mypyc_attr

from gametable.core.protocol import Game, State

S = TypeVar("S", bound="CopiedState")


@mypyc_attr(allow_interpreted_subclasses=True)
class CopiedState(State):
    """A :class:`~gametable.core.protocol.State` made by its constructor, new or copied."""

    __slots__ = ()

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: dict[str, Any],
        source: Any = None,
    ) -> None:
        """A game's state at its start (before any deal), or with ``source`` a copy of that
        state's position (for :meth:`clone`)."""
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        if source is None:
            self.new_position()
        else:
            self.copy_position(source)

    @abstractmethod
    def new_position(self) -> None:
        """Set every field but the header for a game that starts."""

    @abstractmethod
    def copy_position(self, source: Any) -> None:
        """Take every field but the header from ``source`` (containers copied as needed)."""

    def clone(self: S) -> S:
        return type(self)(self.game, self.players, self.seed, self.options, source=self)
