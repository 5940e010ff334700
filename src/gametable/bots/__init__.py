"""Bots: they see a game only through :class:`SeatState` (a seat's view, legal actions, resample).

``make_bot("random")`` or ``make_bot("ismcts:iterations=2000", seed=1)`` builds one from a spec.

=============  ==================================================================================
``easy``       levels, the same names in every game (:mod:`gametable.bots.levels`): the rules of
``normal``     thumb with human slips, the rules of thumb, and the tuned search
``hard``
``random``     uniform over the legal actions
``heuristic``  the game's rules of thumb (:mod:`gametable.bots.heuristics`; a one-ply look-ahead
               for games without any)
``ismcts``     Information Set MCTS (:mod:`gametable.bots.ismcts`); parameters ``iterations``,
               ``seconds``, ``rollout`` (heuristic/random/none/policy), ``depth``, ``c``,
               ``anchor``, ``leaf`` (heuristic/learned: :mod:`gametable.bots.learned`), ``settle``,
               ``draws`` (weighted determinisation)
``improve``    flat Monte Carlo policy improvement over the rules of thumb
               (:mod:`gametable.bots.improve`); parameters ``samples``, ``depth``, ``leaf``,
               ``draws``, ``margin``, ``successive``
``rollouts``   the rules of thumb improved by paired rollouts (:mod:`gametable.bots.rollouts`);
               parameters ``candidates``, ``plies``, ``least``, ``horizon``, ``margin``, ``z``
               (the same idea as ``improve``, built in parallel for Balam: to be folded into
               one bot, docs/bots.md)
=============  ==================================================================================

Fairness: a bot's choice must not change when the hidden parts of the real state change
(``tests/bots/test_fairness.py``).  Bots that imagine through ``resample`` are exactly fair only
when the game's ``resample(seat, rng)`` depends on nothing but the seat's information and
``rng`` (e.g. it sorts the unseen cards before shuffling them, rather than shuffling them in the
order the real deck holds them).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping

from gametable.bots.base import Bot, RandomBot, SeatState
from gametable.bots.heuristic import HeuristicBot
from gametable.bots.improve import ImproveBot
from gametable.bots.ismcts import ISMCTSBot
from gametable.bots.levels import LEVELS, EasyBot, HardBot, NormalBot
from gametable.bots.rollouts import RolloutBot

_FACTORIES: dict[str, Callable[..., Bot]] = {}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    """The levels (easiest first), then the other bots by name."""
    return [n for n in LEVELS if n in _FACTORIES] + sorted(set(_FACTORIES) - set(LEVELS))


def convert_value(text: str) -> object:
    """A parameter's text as an int, a float, a bool or the text itself.

    >>> convert_value("3"), convert_value("0.5"), convert_value("True"), convert_value("fast")
    (3, 0.5, True, 'fast')
    """
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


#: a spec is short; its parameter names are identifiers and its values short words or numbers
MAX_SPEC = 200
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}")
_VALUE = re.compile(r"[A-Za-z0-9_.+-]{1,32}")


def parse_bot_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``"ismcts:iterations=2000,rollout=heuristic"`` -> ``("ismcts", {...})``.

    Refused with ``ValueError``: a spec longer than ``MAX_SPEC``, a parameter that is not
    ``key=value``, a value that is not a short word or number, and numbers that are not finite
    (``inf``, ``nan``, ``1e400``).
    """
    if not isinstance(spec, str) or len(spec) > MAX_SPEC:
        raise ValueError(f"a bot spec is text of at most {MAX_SPEC} characters")
    name, _, rest = spec.strip().partition(":")
    params: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep:
            raise ValueError(f"bot parameter {part!r} is not of the form key=value")
        if not _KEY.fullmatch(key):
            raise ValueError(f"bot parameter name {key[:40]!r} is not a name")
        if key in params:
            raise ValueError(f"bot parameter {key!r} is given twice")
        if not _VALUE.fullmatch(value):
            raise ValueError(f"bot parameter {key}={value[:40]!r} is not a short word or number")
        converted = convert_value(value)
        if isinstance(converted, float) and not math.isfinite(converted):
            raise ValueError(f"bot parameter {key}={value} is not a finite number")
        params[key] = converted
    return name, params


def check_bot_spec(
    spec: str,
    max_seconds: float | None = None,
    max_iterations: int | None = None,
    limits: Mapping[str, float] | None = None,
) -> str:
    """``spec``, stripped, if a bot can be made from it and its search budget stays within
    ``max_seconds``, ``max_iterations`` and ``limits`` (the most of each budget parameter by
    name, whatever the bot: ``{"samples": 500, "plies": 20000}``); ``ValueError`` says why not.

    >>> check_bot_spec("ismcts:iterations=100", max_iterations=1000)
    'ismcts:iterations=100'
    >>> check_bot_spec("ismcts:seconds=60", max_seconds=5)
    Traceback (most recent call last):
    ...
    ValueError: bot 'ismcts': seconds=60 is more than this server allows (at most 5 seconds a move)
    >>> check_bot_spec("rollouts:plies=90000", limits={"plies": 20000})
    Traceback (most recent call last):
    ...
    ValueError: bot 'rollouts': plies=90000 is more than this server allows (at most 20000 a move)
    """
    bot = make_bot(spec, seed=0)
    caps = {"seconds": max_seconds, "iterations": max_iterations, **(limits or {})}
    for key, cap in caps.items():
        value = getattr(bot, key, None)
        if cap is None or not isinstance(value, int | float) or value <= cap:
            continue
        unit = " seconds" if key == "seconds" else ""
        raise ValueError(
            f"bot {bot.name!r}: {key}={value:g} is more than this server allows "
            f"(at most {cap:g}{unit} a move)"
        )
    return spec.strip()


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from a spec such as ``random`` or ``ismcts:iterations=2000``."""
    name, params = parse_bot_spec(spec)
    if name not in _FACTORIES:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}")
    try:
        return _FACTORIES[name](seed=seed, **params)
    except TypeError as exc:
        raise ValueError(f"bad parameters for bot {name!r}: {exc}") from None


register_bot("random", RandomBot)
register_bot("heuristic", HeuristicBot)
register_bot("ismcts", ISMCTSBot)
register_bot("easy", EasyBot)
register_bot("normal", NormalBot)
register_bot("hard", HardBot)
register_bot("improve", ImproveBot)
register_bot("rollouts", RolloutBot)

__all__ = [
    "LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "HeuristicBot",
    "ISMCTSBot",
    "ImproveBot",
    "NormalBot",
    "RandomBot",
    "RolloutBot",
    "SeatState",
    "bot_names",
    "check_bot_spec",
    "convert_value",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
]
