"""gametable: referee, play and study Balzakken, Keezbord and Balam.

>>> import gametable
>>> "balzakken" in gametable.game_names()
True
"""

from importlib.metadata import PackageNotFoundError, version

# first of all: which engine runs (the compiled modules where built, else pure Python)
from gametable.compiled import install as _install_engine

_install_engine()

from gametable.core import (  # noqa: E402  (after the engine is chosen)
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
