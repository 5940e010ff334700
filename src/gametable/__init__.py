"""gametable: referee, play and study Balzakken, Keezbord and Balam.

>>> import gametable
>>> "balzakken" in gametable.game_names()
True
"""

from importlib.metadata import PackageNotFoundError, version

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

try:
    __version__ = version("gametable")  # one source of truth: pyproject.toml
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

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
