"""What a game's scoring makes of the position in front of a seat, and the cards it names.

Each game says it in its part ``standing`` (:mod:`gametable.core.parts`), an :class:`AtTable`
in its package (``games/<game>/rulebook/standing.py``); this module names no game.  Everything
there reads one seat's ``view(seat)`` (fields, never notation), so it uses only what that seat
may see.  :mod:`gametable.rulebook.ingame` calls :func:`standing` for "how is the round scored?",
:func:`card_names` to find the card a question is about and :func:`action_sections` for the
section that governs an action; :mod:`gametable.rulebook.ingame_eval` reads the game's
:class:`InGameChecks`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from gametable.core.errors import UnknownGame
from gametable.core.parts import Kind, part
from gametable.core.registry import load_game

#: one seat's view, as the game's ``view(seat)`` gives it
View = Mapping[str, Any]


@dataclass(frozen=True)
class Standing:
    """The scoring applied to the current position: a short text, lines of figures, the sections."""

    text: str
    details: tuple[str, ...]
    sections: tuple[str, ...]


@dataclass(frozen=True)
class Card:
    """A card a question is about: how the game writes it, and the rules question about it."""

    label: str
    rules_question: str


@dataclass(frozen=True)
class InGameChecks:
    """What the evaluation of in-game answers (:mod:`gametable.rulebook.ingame_eval`) needs to
    know of a game to ask its questions and check their answers' kind.

    - ``card_sections``: the section that states each card's effect, by label (``"*"``: the
      others);
    - ``card_asked(view, i)``: the card the ``i``-th position asks about, as ``(label, the name
      a player gives it)``, or ``None`` when the view shows no card to ask about;
    - ``card_kind``: the kind of question asked about that card (``"card"``, ``"katun"``);
    - ``refuse_cards``: whether "why can't I play my {card}?" is asked;
    - ``pawn_asked(seat, i)``: the pawn "why can't I move {pawn}?" names, or ``None``;
    - ``score_figures(view, seat)``: the figures a right "how is it scored?" answer must give;
    - ``played_by``: cards (lower case) played by actions of their own kind, whose fields name
      no card: the word of their action's fields instead.
    """

    card_sections: Mapping[str, str]
    card_asked: Callable[[View, int], tuple[str, str] | None]
    score_figures: Callable[[View, int], list[str]]
    card_kind: str = "card"
    refuse_cards: bool = True
    pawn_asked: Callable[[int, int], str] | None = None
    played_by: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class AtTable:
    """What a game's part ``standing`` is: what the rules answers at a table need of the game.

    - ``standing(view, seat)``: the scoring applied to the seat's view;
    - ``card_names(view)``: the words (lower case) that name a card in a question, and the card
      each names;
    - ``action_sections``: the section that governs each kind of action (keyed by the action's
      ``kind``, or by its class name for actions that declare no kind);
    - ``checks``: what the evaluation of the answers needs (``None``: the game is not evaluated).
    """

    standing: Callable[[View, int], Standing]
    card_names: Callable[[View], dict[str, Card]]
    action_sections: Mapping[str, str] = field(default_factory=dict)
    checks: InGameChecks | None = None


def seat_names(seat: int) -> Callable[[int], str]:
    """How seats are named to ``seat``: "you", and "seat 2" for the others."""
    return lambda s: "you" if s == seat else f"seat {s}"


#: a game's ``standing`` part
AT_TABLE: Kind[AtTable] = Kind("standing", AtTable)


@cache
def at_table(game: str) -> AtTable | None:
    """``game``'s part ``standing``, or ``None`` for a game that declares none (or a rulebook
    without a referee)."""
    try:
        found = part(load_game(game), AT_TABLE)
    except UnknownGame:
        return None
    return found


def standing(game: str, view: View, seat: int) -> Standing | None:
    """The scoring of ``game`` applied to ``view`` for ``seat`` (``None`` for a game that
    declares none)."""
    found = at_table(game)
    return found.standing(view, seat) if found else None


def card_names(game: str, view: View) -> dict[str, Card]:
    """Words (lower case) that name a card of ``game`` in a question, and the card each names."""
    found = at_table(game)
    return found.card_names(view) if found else {}


def action_sections(game: str) -> Mapping[str, str]:
    """The section that governs each kind of action of ``game`` (empty when it says none)."""
    found = at_table(game)
    return found.action_sections if found else {}
