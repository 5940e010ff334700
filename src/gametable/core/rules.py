"""References into a game's rulebook.

A :class:`RuleRef` names a section of a rulebook the way the rulebook itself names it
(``"Playing the Game > Important"``), optionally the numbered statements of
``shared/rules-index/<game>.tsv`` it stands for, and has a stable ``id`` derived from the section
path (``"playing-the-game/important"``) that the rules reference and the web client link to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def slug(text: str) -> str:
    """Lower-case, ASCII-ish, hyphenated form of a section name.

    >>> slug("BALZAK! - End of a Round")
    'balzak-end-of-a-round'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A section of a game's rulebook.

    >>> r = RuleRef("balzakken", "Playing the Game > Important", ("BZ-047",))
    >>> r.id
    'playing-the-game/important'
    >>> str(r)
    'Balzakken rulebook, "Playing the Game > Important"'
    """

    game: str
    section: str
    statements: tuple[str, ...] = ()
    clarification: bool = False

    @property
    def id(self) -> str:
        return "/".join(slug(part) for part in self.section.split(">"))

    def __str__(self) -> str:
        where = f'{self.game.capitalize()} rulebook, "{self.section}"'
        if self.clarification:
            where += f" as clarified in docs/rules/{self.game}.md"
        return where

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "section": self.section,
            "id": self.id,
            "statements": list(self.statements),
            "clarification": self.clarification,
        }
