"""The game-agnostic kernel: protocol, errors, RNG, options, records, registry, conformance."""

from gametable.core.errors import (
    GameError,
    IllegalAction,
    InvalidAction,
    InvalidState,
    RecordError,
    UnknownGame,
)
from gametable.core.options import Option
from gametable.core.protocol import Action, Game, Outcome, State
from gametable.core.record import Record
from gametable.core.registry import game_names, load_game, register
from gametable.core.rng import Rng
from gametable.core.rules import RuleRef

__all__ = [
    "Action",
    "Game",
    "GameError",
    "IllegalAction",
    "InvalidAction",
    "InvalidState",
    "Option",
    "Outcome",
    "Record",
    "RecordError",
    "Rng",
    "RuleRef",
    "State",
    "UnknownGame",
    "game_names",
    "load_game",
    "register",
]
