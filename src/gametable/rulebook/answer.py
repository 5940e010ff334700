"""Answers to questions about a game's rules: a sentence or two in our words, and what it rests on.

This is the public API that the CLI (``gametable rules GAME --ask``), the web rules page and the
in-game question panel (:mod:`gametable.rulebook.ingame`) build on::

    >>> from gametable.rulebook import answer
    >>> a = answer("balzakken", "how many points for a false BALZAK?")
    >>> a.answered, a.sources[0].id
    (True, 'balzak-end-of-a-round/false-balzak')
    >>> answer("keezbord", "what is the capital of France?").answered
    False

An :class:`Answer` carries

- ``text``: the reply, one to three sentences in our own words (for a question it cannot answer, a
  sentence saying so);
- ``sources``: the sections it rests on, each with its id (``gametable rules GAME ID`` shows it,
  the web page anchors it) and the rules-index statements (``BZ-041``) behind the reply;
- ``related``: other sections close to the question, worth reading next;
- ``answered``: ``False`` when no statement of the reference answers the question well enough:
  ``sources`` is then empty and ``related`` holds the closest sections, offered to read instead
  of a confident wrong reply;
- ``details``: further lines (the in-game answers list the legal choices or the scores there);
- ``checked``: the referee worked the reply out from a position (``position``, in the game's
  JSON format), built from the question or the live game (:mod:`gametable.rulebook.chat`).

Answers come from the reference itself: every rule and clarification in a game's
``rulebook/reference.toml`` lists the questions it answers and its reply;
:mod:`gametable.rulebook.search` picks the best entry.
"""

from __future__ import annotations

import math
import re
from dataclasses import KW_ONLY, dataclass, field, replace
from typing import Any, NamedTuple

from gametable.rulebook import embed
from gametable.rulebook.model import Item, Section, load
from gametable.rulebook.question import Question
from gametable.rulebook.search import EntryHit, Topic, by_section, rank, topic


class Guard(NamedTuple):
    """When the best entry answers a question, and when the question is declined instead.

    The best entry must match at least ``coverage`` of the question's weight, and its score,
    less ``background`` times the question's cosine to the everyday background questions, plus
    ``known`` times the share of the question's weight in words the rules use
    (:class:`~gametable.rulebook.search.Topic`), must reach ``score``.  A question about
    something else than the game sits closer to the background than the game's own questions
    do, and uses words the rules never use: both pull it under the line.
    """

    coverage: float
    score: float
    background: float = 0.0
    known: float = 0.0

    def margin(self, hit: EntryHit, about: Topic) -> float:
        """How far above the line ``hit`` answers (negative: declined)."""
        if hit.coverage < self.coverage:
            return -math.inf
        value = hit.score - self.background * about.background + self.known * about.known
        return value - self.score


#: the guard with the embedding model (words and meaning) and without it (words only).  Fitted
#: on the tuning questions and the tuning off-topic questions: ``python -m
#: gametable.rulebook.tune`` (``--words`` for the second).
THRESHOLDS = {
    "meaning": Guard(coverage=0.0, score=0.66, background=10.0, known=2.0),
    "words": Guard(coverage=0.0, score=1.63, background=0.0, known=1.0),
}
#: how many sections an answer offers in all
MAX_SOURCES = 3


@dataclass(frozen=True)
class Source:
    """A section an answer rests on (or, for an unanswered question, a close section)."""

    id: str
    path: str
    title: str
    #: the rules-index statements behind the answer (``BZ-041``); empty for a mere pointer
    statements: tuple[str, ...] = ()
    #: the statement of the section that the answer used, in our words
    statement: str = ""

    @classmethod
    def of(cls, section: Section, item: Item | None = None) -> Source:
        if item is None:
            return cls(section.id, section.path, section.title)
        return cls(section.id, section.path, section.title, item.refs, item.text)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "path": self.path,
            "title": self.title,
            "statements": list(self.statements),
            "statement": self.statement,
        }


@dataclass(frozen=True)
class Answer:
    """A reply to a question about a game: see the module docstring."""

    game: str
    question: str
    text: str
    sources: tuple[Source, ...]
    answered: bool
    _: KW_ONLY
    related: tuple[Source, ...] = ()
    details: tuple[str, ...] = ()
    #: what kind of question it was taken for: "rules", or for in-game questions "refusal",
    #: "choices", "card", "score", "turn"
    topic: str = "rules"
    #: the retrieval's score and coverage of the best entry (0 for in-game answers from the state)
    score: float = 0.0
    coverage: float = 0.0
    #: worked out by the referee: the engine judged a position built from the question (or the
    #: live position at a table); ``position`` is that position in the game's JSON format
    checked: bool = False
    position: dict[str, Any] | None = field(default=None, compare=False)
    #: the language of the reply: "en", or "nl" for a referee-checked reply to a Dutch question
    lang: str = "en"
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def section_ids(self) -> tuple[str, ...]:
        """The ids of the sections offered, best first: those it rests on, then the related."""
        return tuple(dict.fromkeys(s.id for s in (*self.sources, *self.related)))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "question": self.question,
            "text": self.text,
            "answered": self.answered,
            "topic": self.topic,
            "sources": [s.to_json() for s in self.sources],
            "related": [s.to_json() for s in self.related],
            "details": list(self.details),
            "checked": self.checked,
            "position": self.position,
            "lang": self.lang,
        }


def guard() -> Guard:
    """The guard in use: with the embedding model when it is available."""
    return Guard(*THRESHOLDS["meaning" if embed.available() else "words"])


#: a question this close in meaning to one of an entry's own asks is that ask said again: the
#: entry answers it, however everyday the question sounds (words alone are no such proof: "what
#: time is it" shares its one word with an ask)
SAME_ASK = 0.95


def confident(hit: EntryHit, about: Topic) -> bool:
    """Whether the best entry answers the question well enough to be given as the answer
    (``about``: how much the question is about the game at all; see :class:`Guard`)."""
    if hit.meaning >= SAME_ASK:
        return True
    return guard().margin(hit, about) >= 0


def _distinct_sections(hits: list[EntryHit], n: int) -> list[EntryHit]:
    """The best entry of each of the ``n`` best sections (see :func:`search.by_section`)."""
    return [hit for _, hit in by_section(hits)[:n]]


def answer(game: str, question: str) -> Answer:
    """The answer to ``question`` from ``game``'s rules reference (see :class:`Answer`)."""
    reference = load(game)
    hits = rank(reference.game, question)
    sections = _distinct_sections(hits, MAX_SOURCES)
    if not sections or not confident(sections[0], topic(reference.game, question)):
        close = sections
        if close:
            text = (
                f"The {reference.title} rules do not answer that directly. "
                "The closest sections are listed below."
            )
        else:
            text = (
                f"Nothing in the {reference.title} rules matches that question; "
                f"`gametable rules {reference.game}` lists every section."
            )
        return Answer(
            reference.game,
            question,
            text,
            (),
            answered=False,
            related=tuple(Source.of(h.entry.section) for h in close),
            score=hits[0].score if hits else 0.0,
            coverage=hits[0].coverage if hits else 0.0,
        )
    best = sections[0]
    return Answer(
        reference.game,
        question,
        best.entry.item.reply,
        (Source.of(best.entry.section, best.entry.item),),
        answered=True,
        related=tuple(Source.of(h.entry.section) for h in sections[1:]),
        score=best.score,
        coverage=best.coverage,
    )


#: an entry's verdict: Yes or No and its punctuation ("No prisoner is won" is no verdict)
_VERDICT = re.compile(r"^(?:yes|no|ja|nee)[,:;.!]\s*", re.IGNORECASE)


def fit_to_question(reply: Answer, question: Question) -> Answer:
    """A rules-text reply fitted to what was asked: an entry's Yes or No is kept for a yes/no
    question and dropped for any other (a "how many" question is not answered "Yes, ...").

    >>> from gametable.rulebook.answer import Answer
    >>> said = Answer("balam", "", "Yes, the defender may spend obsidian.", (), answered=True)
    >>> fit_to_question(said, Question.read("how many dice does he roll?")).text
    'The defender may spend obsidian.'
    >>> no_verdict = Answer("balam", "", "No prisoner is won for a skull.", (), answered=True)
    >>> fit_to_question(no_verdict, Question.read("what about skulls?")).text
    'No prisoner is won for a skull.'
    """
    if question.kind == "yesno" and reply.answered:
        return _verdict_in_dutch(reply) if question.lang == "nl" else reply
    if not reply.answered:
        return reply
    rest = _VERDICT.sub("", reply.text, count=1)
    if rest == reply.text or not rest:
        return reply
    return replace(reply, text=rest[0].upper() + rest[1:])


def _verdict_in_dutch(reply: Answer) -> Answer:
    """An entry's Yes or No said as Ja or Nee to a Dutch question (the rest stays English).

    >>> said = Answer("balzakken", "", "No: play it first.", (), answered=True)
    >>> _verdict_in_dutch(said).text
    'Nee: play it first.'
    """
    found = re.match(r"(yes|no)(?=[,:;.!])", reply.text, re.IGNORECASE)
    if found is None:
        return reply
    word = "Ja" if found.group(1).lower() == "yes" else "Nee"
    return replace(reply, text=word + reply.text[found.end() :])
