"""What a bot is, and the only door through which it sees a game.

A bot gets a :class:`SeatState`: the real state seen from one seat.  It exposes what that seat may
use — its ``view``, the legal actions, ``resample`` (to imagine the hidden parts) and the public
header — and nothing else, so a bot cannot read another seat's cards even by accident.

A seat's window carries its game's view type through: a window on a ``State[BalamView]`` is a
``SeatState[BalamView]``, whose ``view()`` is a ``BalamView``, so a game's bots read their view's
fields typed (``def policy(seat_state: SeatState[BalamView], ...)``).  Code that plays any game
takes a plain ``SeatState`` (``SeatState[Any]``).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping
from typing import Generic

from gametable.core.options import Options
from gametable.core.protocol import Action, Game, State, ViewT
from gametable.core.rng import RngSource


class SeatState(Generic[ViewT]):
    """A read-only window on ``state`` for ``seat``; ``view()`` is the game's view type."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State[ViewT], seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def options(self) -> Options:
        return dict(self._state.options)

    @property
    def to_move(self) -> tuple[int, ...]:
        return self._state.to_move

    @property
    def ply(self) -> int:
        return self._state.ply

    def view(self) -> ViewT:
        return self._state.view(self.seat)

    def view_parts(self, parts: Collection[str]) -> Mapping[str, object]:
        """Only the named top-level parts of :meth:`view` (:meth:`State.view_parts`: cheaper
        where the game builds them alone; read them, never change them)."""
        return self._state.view_parts(self.seat, parts)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions(self.seat)

    def resample(self, rng: RngSource) -> State[ViewT]:
        """A full state consistent with what this seat has seen (hidden parts redrawn)."""
        return self._state.resample(self.seat, rng)

    def describe(self, action: Action) -> str:
        return self._state.describe(action, self.seat)

    def showing(self, actions: list[Action]) -> SeatState[ViewT]:
        """This window, offering only ``actions`` (some of the legal ones) as the legal actions:
        a player who overlooks the others."""
        return Narrowed(self._state, self.seat, actions)

    def encode_action(self, action: Action) -> int:
        return self._state.encode_action(action)

    def decode_action(self, code: int) -> Action:
        return self._state.decode_action(code)


class Narrowed(SeatState[ViewT]):
    """A seat's window on which only some legal actions are noticed (:meth:`SeatState.showing`)."""

    __slots__ = ("_noticed",)

    def __init__(self, state: State[ViewT], seat: int, noticed: list[Action]) -> None:
        super().__init__(state, seat)
        self._noticed = list(noticed)

    def legal_actions(self) -> list[Action]:
        return list(self._noticed)


class Bot(ABC):
    """A player that chooses an action for its seat.

    Subclasses set ``name`` and implement :meth:`choose`.  ``seed`` makes a bot's choices
    reproducible.
    """

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, seat_state: SeatState) -> Action:
        """The action to play now (one of ``seat_state.legal_actions()``)."""

    def act(self, state: State, seat: int) -> Action:
        """Choose for ``seat`` in ``state`` through the seat's window only."""
        return self.choose(SeatState(state, seat))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomBot(Bot):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, seat_state: SeatState) -> Action:
        return self.rng.choice(seat_state.legal_actions())
