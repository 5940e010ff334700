"""What a table will not take, and why, as the client is told it."""

from __future__ import annotations

from typing import Any

from gametable.core.errors import GameError, IllegalAction


class Refused(Exception):
    """An action or request the table will not take; ``to_json`` is sent to the client."""

    def __init__(self, kind: str, message: str, rule: Any = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.rule = rule

    @classmethod
    def from_game_error(cls, exc: GameError) -> Refused:
        if isinstance(exc, IllegalAction):
            return cls("illegal", exc.explanation, exc.rule)
        return cls("invalid", str(exc))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "message": self.message}
        if self.rule is not None:
            out["rule"] = self.rule.to_json()
        return out
