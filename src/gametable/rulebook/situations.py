"""The plug-in through which a game answers questions from its engine.

A game that can answer questions from its engine declares the part ``answers``
(:mod:`gametable.core.parts`), usually ``ANSWERS`` in a sub-package ``answers`` beside its rules
(``gametable/games/<game>/answers/``), an object with

- ``answer(question) -> Answer | None``: a question that describes a situation (cards in a hand,
  points, pawns' places, buildings...) or asks for a number the game's data and scoring work out.
  The game's own grammar reads the :class:`~gametable.rulebook.question.Question`, builds the
  situation as a position in the game's position format, asks the engine (legal actions, the
  check of one action and its refusal, the scoring functions) and answers from what it says,
  with :func:`checked`.  ``None`` when the question is not one it can build: the chat then answers
  from the rules text;
- optionally ``answer_at(state, seat, question) -> Answer | None``: the same at a table, from the
  asking seat's own view of the live position (``state.view(seat)``, ``state.legal_actions(seat)``
  and actions tried for ``seat`` on a clone; never another seat's hidden facts).

The chat finds a game's answers through the game's declaration (:func:`answers_for`), so this
shared layer names no game; a game with only a rulebook has none and is answered from its text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, Protocol, runtime_checkable

from gametable.core.errors import UnknownGame
from gametable.core.parts import Kind, package_of, part
from gametable.core.protocol import State
from gametable.core.registry import load_game
from gametable.core.rules import RuleRef
from gametable.rulebook.answer import Answer, Source
from gametable.rulebook.model import UnknownSection, load
from gametable.rulebook.question import Question


@runtime_checkable
class GameAnswers(Protocol):
    """What ``games/<game>/answers`` exports as ``ANSWERS`` (see the module docstring)."""

    def answer(self, question: Question) -> Answer | None: ...


@runtime_checkable
class TableAnswers(Protocol):
    def answer_at(self, state: State, seat: int, question: Question) -> Answer | None: ...


def game_package(game: str) -> str | None:
    """The package that declares ``game``, or ``None`` for a game with no engine (a rulebook
    alone).

    >>> game_package("balzakken")
    'gametable.games.balzakken'
    """
    try:
        return package_of(load_game(game))
    except UnknownGame:
        return None


#: a game's ``answers`` part
ANSWERS: Kind[GameAnswers] = Kind("answers", GameAnswers)


@cache
def answers_for(game: str) -> GameAnswers | None:
    """The answers ``game`` declares (its part ``answers``), or ``None`` when it has none."""
    try:
        found = part(load_game(game), ANSWERS)
    except UnknownGame:
        return None
    return found


def sources(game: str, refs: Iterable[RuleRef | str]) -> tuple[Source, ...]:
    """The sections of ``game``'s reference that ``refs`` name (rule references or section ids),
    each once, with the statements the references cite."""
    reference = load(game)
    by_id = {s.id: s for s in reference.sections}
    out: dict[str, Source] = {}
    for ref in refs:
        section_id = ref.id if isinstance(ref, RuleRef) else ref
        section = by_id.get(section_id)
        if section is None:
            raise UnknownSection(f"{section_id!r} names no section of the {game} reference")
        statements = ref.statements if isinstance(ref, RuleRef) else ()
        if section_id in out:
            statements = tuple(dict.fromkeys((*out[section_id].statements, *statements)))
        text = next((i.text for i in section.items if set(i.refs) & set(statements)), "")
        out[section_id] = Source(section.id, section.path, section.title, statements, text)
    return tuple(out.values())


def checked(
    game: str,
    question: Question,
    verdict: str,
    reason: str,
    refs: Iterable[RuleRef | str],
    *,
    position: Mapping[str, Any] | None = None,
    details: Iterable[str] = (),
    topic: str = "situation",
) -> Answer:
    """A reply worked out by the referee: ``verdict`` first ("No.", "69, which drops back to
    50."), then ``reason`` in one sentence, resting on the sections ``refs`` name.

    ``position`` is the position the referee judged, in the game's JSON position format
    (``game.state_from_json`` reads it back), so that a user can open it.
    """
    text = f"{verdict.strip()} {reason.strip()}".strip()
    return Answer(
        game,
        question.text,
        text,
        sources(game, refs),
        answered=True,
        details=tuple(details),
        topic=topic,
        checked=True,
        position=dict(position) if position is not None else None,
        lang=question.lang,
    )


def yes_no(question: Question, allowed: bool) -> str:
    """The verdict "Yes." or "No." ("Ja." or "Nee.") in the question's language."""
    if allowed:
        return question.say("Yes.", "Ja.")
    return question.say("No.", "Nee.")
