"""Bots: they see a game only through :class:`SeatState` (a seat's view, legal actions, resample).

``make_bot("random")`` or ``make_bot("ismcts:iterations=2000", seed=1)`` builds one from a spec.

=============  ==================================================================================
``random``     uniform over the legal actions
``heuristic``  the game's rules of thumb (:mod:`gametable.bots.heuristics`; a one-ply look-ahead
               for games without any)
``ismcts``     Information Set MCTS (:mod:`gametable.bots.ismcts`); parameters ``iterations``,
               ``seconds``, ``rollout`` (heuristic/random), ``depth``, ``c``, ``anchor``
=============  ==================================================================================

Fairness: a bot's choice must not change when the hidden parts of the real state change
(``tests/bots/test_fairness.py``).  Bots that imagine through ``resample`` are exactly fair only
when the game's ``resample(seat, rng)`` depends on nothing but the seat's information and
``rng`` (e.g. it sorts the unseen cards before shuffling them, rather than shuffling them in the
order the real deck holds them).
"""

from __future__ import annotations

from collections.abc import Callable

from gametable.bots.base import Bot, RandomBot, SeatState
from gametable.bots.heuristic import HeuristicBot
from gametable.bots.ismcts import ISMCTSBot

_FACTORIES: dict[str, Callable[..., Bot]] = {}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    return sorted(_FACTORIES)


def _convert(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_bot_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``"ismcts:iterations=2000,rollout=heuristic"`` -> ``("ismcts", {...})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"bot parameter {part!r} is not of the form key=value")
        params[key.strip()] = _convert(value.strip())
    return name, params


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

__all__ = [
    "Bot",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "SeatState",
    "bot_names",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
]
