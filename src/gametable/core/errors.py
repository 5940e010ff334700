"""The errors every game raises, shared by all layers.

All of them derive from :class:`GameError`, which is a :class:`ValueError`, so callers that only
care about "bad input" can catch ``ValueError``.

- :class:`InvalidAction`: the text is not an action of this game at all (bad notation).
- :class:`IllegalAction`: a well-formed action that the rules forbid here; it carries ``.rule``,
  the rulebook section it breaks, and an explanation in our own words.
- :class:`InvalidState`: a JSON position that is malformed or breaks the game's invariants.
- :class:`RecordError`: a match record that cannot be replayed (other version, bad move, ...).
- :class:`UnknownGame`: a game name that is not registered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gametable.core.rules import RuleRef


class GameError(ValueError):
    """Base class of every error gametable raises on purpose."""


class InvalidAction(GameError):
    """Text that is not an action of the game (a notation error)."""


class IllegalAction(GameError):
    """A well-formed action that the rules forbid in this state.

    ``rule`` is the rulebook section the action breaks; ``explanation`` says why, in our words.
    The state the action was tried on is left untouched.
    """

    def __init__(self, explanation: str, rule: RuleRef) -> None:
        self.explanation = explanation
        self.rule = rule
        super().__init__(f"{explanation} ({rule})")


class InvalidState(GameError):
    """A position (JSON) that is malformed or breaks one of the game's invariants."""


class RecordError(GameError):
    """A match record that cannot be read or replayed."""


class UnknownGame(GameError, LookupError):
    """No game of that name is registered."""
