"""gametable: referee, play and study Balzakken, Keezbord and Balam.

>>> import gametable
>>> "balzakken" in gametable.game_names()
True
"""

from gametable.core import (
    Action,
    Game,
    GameError,
    IllegalAction,
    InvalidAction,
    InvalidState,
    Option,
    Outcome,
    Record,
    RecordError,
    Rng,
    RuleRef,
    State,
    UnknownGame,
    game_names,
    load_game,
    register,
)

__version__ = "0.1.0"

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
    "__version__",
    "game_names",
    "load_game",
    "register",
]
