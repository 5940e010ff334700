"""Finding the statement that answers a question: word matching fused with sentence embeddings.

Every rule, example and clarification of a rules reference is an *entry*.  An entry is matched
against a question by several *signals* (:data:`SIGNALS`):

- word matching, idf-weighted cosines over :func:`~gametable.rulebook.words.tokenize` terms:
  **ask**, the closest of the questions the entry answers (``asks`` in a game's
  ``reference.toml``: players' words matched by players' words); **body**, the statement itself
  and its reply; **context**, the section's path and summary; and **coverage**, the share of the
  question's weight (the idf of its terms; a word the reference never uses weighs most) that the
  entry's words match;
- with the embedding model (:mod:`gametable.rulebook.embed`, the Universal Sentence Encoder, in
  the default install), sentence-embedding cosines: **meaning**, the closest ask;
  **meaning_text**, the statement or reply; **meaning_context**, the section's path and summary.
  The model reads English and Dutch alike; the word matching reads Dutch through the tables of
  :mod:`gametable.rulebook.words`.

An entry's score is the weighted sum of its signals (:class:`Weights`, fitted on the tuning
questions and on the entries' own asks each left out in turn: ``python -m
gametable.rulebook.tune``; never on the held-out questions).  A low coverage means the question is
about something the entry does not speak of, and :mod:`gametable.rulebook.answer` then declines.

Whether a question is about the game at all is told apart from which entry answers it
(:meth:`Index.topic`): the share of the question's weight in words the reference uses anywhere
(**known**), and with the model the closest of a fixed list of everyday questions about nothing
in any game (**background**, ``data/questions/background.toml``, embedded once): a question
nearer to those than a game question would be is about something else.
:mod:`gametable.rulebook.answer` weighs both against the best entry's score to decline.

Sections are ranked by their best entry plus a share of their second best (:func:`by_section`).
The evaluation questions (each game's part ``questions``) measure it:
``python -m gametable.rulebook``.
"""

from __future__ import annotations

import math
import threading
import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources

import numpy as np
from rapidfuzz import fuzz, process

from gametable.rulebook import embed
from gametable.rulebook.model import Item, Reference, Section, load
from gametable.rulebook.words import tokenize

#: a term at least this long that the rules never use is matched against their terms, and read
#: as the closest of them when it scores this much (rapidfuzz's ratio, 0 to 100)
MISSPELT_LENGTH = 5
MISSPELT_SCORE = 85.0

#: the name of each matching signal, in the order of :attr:`Weights.signals`
SIGNALS = ("ask", "body", "context", "coverage", "meaning", "meaning_text", "meaning_context")


@dataclass(frozen=True)
class Weights:
    """How much each signal counts in an entry's score, and a section's second entry.

    The values in :data:`WEIGHTS` are fitted on the tuning questions only
    (``python -m gametable.rulebook.tune``); the held-out questions never set them.
    """

    #: word matching (idf-weighted cosines): the closest ask, the statement and reply, the
    #: section's path and summary; and the share of the question's weight the entry's words cover
    ask: float = 1.0
    body: float = 0.6
    context: float = 0.3
    coverage: float = 0.75
    #: sentence-embedding cosines: the closest ask, the statement or reply, the section
    meaning: float = 1.5
    meaning_text: float = 0.0
    meaning_context: float = 0.0
    #: a section is ranked by its best entry plus this share of its second best: a section several
    #: of whose statements bear on a question is more likely the one that answers it
    support: float = 0.2

    @property
    def signals(self) -> tuple[float, ...]:
        return tuple(getattr(self, name) for name in SIGNALS)


#: the weights with the embedding model ("meaning") and without it ("words": the model switched
#: off with ``GAMETABLE_RULES_MODEL=off``, or failed to load)
WEIGHTS = {
    "meaning": Weights(
        ask=0.6,
        body=0.8,
        context=0.45,
        coverage=1.0,
        meaning=3.0,
        meaning_text=1.5,
        meaning_context=0.45,
        support=0.2,
    ),
    "words": Weights(
        ask=0.6,
        body=0.6,
        context=0.2,
        coverage=0.6,
        meaning=0.0,
        meaning_text=0.0,
        meaning_context=0.0,
        support=0.3,
    ),
}
#: how much a word that no entry uses weighs, against one that a single entry uses
UNKNOWN_WEIGHT = 1.0


def weights() -> Weights:
    """The weights in use: with the embedding model when it is available."""
    return WEIGHTS["meaning" if embed.available() else "words"]


@dataclass(frozen=True)
class Topic:
    """How much a question is about the game's rules at all, whatever entry answers it."""

    #: the share of the question's weight (idf of its terms) in words the reference uses
    known: float = 0.0
    #: the embedding cosine to the closest everyday background questions (0 without the model)
    background: float = 0.0

    def elsewhere(self) -> bool:
        """Whether the question is plainly about something else: nearer in meaning to the
        everyday background questions than questions about a game's rules come (see
        :data:`ELSEWHERE`), and mostly in words the rules never use.  No part of the chat
        answers such a question, not even a game's own situation grammar."""
        return self.background >= ELSEWHERE.background and self.known < ELSEWHERE.known


#: the line of :meth:`Topic.elsewhere`: no question of the games' tuning and development reply
#: sets comes this near the background (the nearest, "who wins the game?", at about 0.6; they
#: use the rules' own words besides), while an everyday question such as "how many players are
#: on a football team" comes nearer and uses few of them
ELSEWHERE = Topic(known=0.5, background=0.62)


def background_sentences() -> list[str]:
    """Everyday questions about nothing in any game (``data/questions/background.toml``)."""
    path = resources.files("gametable.rulebook") / "data" / "questions" / "background.toml"
    return list(tomllib.loads(path.read_text("utf-8"))["sentences"])


_BACKGROUND_LOCK = threading.Lock()


@cache
def _background(model: str) -> embed.EntryVectors:
    """The background questions' embeddings by ``model`` (the model in use, by name)."""
    return embed.EntryVectors([[s] for s in background_sentences()])


#: how many of the closest background questions :func:`background_similarity` averages (one
#: alone is often a mere twin in form: "when does the shop close?" for "when does the game end?")
BACKGROUND_CLOSEST = 3


def background_similarity(question: str) -> float:
    """The mean cosine between ``question`` and its :data:`BACKGROUND_CLOSEST` closest background
    questions (0 without the model, or when it fails to load)."""
    if not embed.available():
        return 0.0
    try:
        with _BACKGROUND_LOCK:  # built once, from the server's worker threads too
            vectors = _background(embed.model_name())
        cosines = vectors.best(embed.question(question))
        return float(np.sort(cosines)[-BACKGROUND_CLOSEST:].mean())
    except embed.ModelLoadError:  # logged where it failed; words only from now on
        return 0.0


@dataclass(frozen=True)
class Entry:
    """One answerable statement: an item of a section."""

    section: Section
    item: Item
    #: the item's place among its section's items (an entry's id is ``<section id>#<index>``)
    index: int

    @property
    def id(self) -> str:
        return f"{self.section.id}#{self.index}"


@dataclass(frozen=True)
class EntryHit:
    """An entry, its score for a question, the share of the question it covers, matched terms."""

    entry: Entry
    score: float
    coverage: float
    terms: tuple[str, ...] = ()
    #: the similarity of the question to the entry's closest ask (0 to 1)
    ask: float = 0.0
    #: the sentence-embedding similarity to the entry's closest ask (-1 to 1; 0 without the
    #: model)
    meaning: float = 0.0


@dataclass(frozen=True)
class Hit:
    """A section that answers a question, its score and its best-matching statement."""

    section: Section
    score: float
    statement: Item | None
    terms: tuple[str, ...] = ()
    coverage: float = 0.0

    @property
    def id(self) -> str:
        return self.section.id


def _norm(weights: dict[str, float]) -> float:
    return math.sqrt(sum(w * w for w in weights.values())) or 1.0


class Index:
    """The answer entries of one rules reference, ready to be ranked against questions."""

    def __init__(self, reference: Reference) -> None:
        game = reference.game
        self.reference = reference
        self.entries: list[Entry] = []
        raw_asks: list[list[set[str]]] = []
        raw_bodies: list[Counter[str]] = []
        raw_contexts: dict[str, Counter[str]] = {}
        self.vocab: list[set[str]] = []
        for s in reference.sections:
            context = Counter(tokenize(s.path, game) + tokenize(s.summary, game))
            raw_contexts[s.id] = context
            for i, item in enumerate(s.items):
                asks = [set(tokenize(a, game)) for a in item.asks]
                body = Counter(tokenize(item.text, game) + tokenize(item.answer, game))
                self.entries.append(Entry(s, item, i))
                raw_asks.append(asks)
                raw_bodies.append(body)
                self.vocab.append(set(body).union(*asks, context))
        n = len(self.entries)
        df: Counter[str] = Counter()
        for words in self.vocab:
            df.update(words)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        #: every word the reference uses, and the game's own name ("how do you win Balam?" is
        #: about the game though no entry says its name)
        self.words = frozenset(df) | frozenset(
            tokenize(f"{self.reference.game} {self.reference.title}", self.reference.game)
        )
        #: the weight of a word no entry uses: a share of that of a word found in one entry
        self.unknown_idf = UNKNOWN_WEIGHT * math.log(1 + (n - 0.5) / 1.5)
        self.asks = [[self._vector(a) for a in asks] for asks in raw_asks]
        self.bodies = [self._vector(b) for b in raw_bodies]
        self.contexts = {sid: self._vector(c) for sid, c in raw_contexts.items()}
        self._meanings: tuple[embed.EntryVectors, ...] | None = None
        self._building = threading.Lock()

    def meanings(self, question: str) -> list[tuple[float, float, float]]:
        """The embedding similarities of ``question`` to every entry: to its closest ask, to its
        statement or reply, to its section (zeros without the model)."""
        try:
            return self._meanings_of(question)
        except embed.ModelLoadError:  # logged where it failed; words only from now on
            return [(0.0, 0.0, 0.0)] * len(self.entries)

    def _meanings_of(self, question: str) -> list[tuple[float, float, float]]:
        if not embed.available():
            return [(0.0, 0.0, 0.0)] * len(self.entries)
        with self._building:  # the server asks from worker threads: build the vectors once
            if self._meanings is None:
                sections = {s.id: i for i, s in enumerate(self.reference.sections)}
                by_section = embed.EntryVectors(
                    [[f"{s.path}: {s.summary}"] for s in self.reference.sections]
                )
                self._section_of = [sections[e.section.id] for e in self.entries]
                self._meanings = (
                    embed.EntryVectors([list(e.item.asks) for e in self.entries]),
                    embed.EntryVectors([[e.item.text, e.item.reply] for e in self.entries]),
                    by_section,
                )
        asks, texts, contexts = self._meanings
        vector = embed.question(question)
        per_section = contexts.best(vector)
        return list(
            zip(
                (float(x) for x in asks.best(vector)),
                (float(x) for x in texts.best(vector)),
                (float(per_section[i]) for i in self._section_of),
                strict=True,
            )
        )

    def terms(self, question: str) -> list[str]:
        """The question's terms, each once; a term the rules never use is read as the rules'
        own term it misspells, where one is close enough ("swingr" is the Swinger's, "observatry"
        the observatory's)."""
        return list(
            dict.fromkeys(self._spelled(t) for t in tokenize(question, self.reference.game))
        )

    def _spelled(self, term: str) -> str:
        if term in self.words or len(term) < MISSPELT_LENGTH or term.isdigit():
            return term
        found = process.extractOne(term, self._spellings, scorer=fuzz.ratio)
        if found is None or found[1] < MISSPELT_SCORE or abs(len(found[0]) - len(term)) > 2:
            return term
        return str(found[0])

    @cached_property
    def _spellings(self) -> list[str]:
        return sorted(w for w in self.words if len(w) >= MISSPELT_LENGTH and not w.isdigit())

    def topic(self, question: str) -> Topic:
        """How much ``question`` is about this game at all (see :class:`Topic`)."""
        terms = self.terms(question)
        total = sum(self.weight(t) for t in terms)
        known = sum(self.weight(t) for t in terms if t in self.words) / total if total else 0.0
        return Topic(known, background_similarity(question))

    def weight(self, term: str) -> float:
        return self.idf.get(term, self.unknown_idf)

    def _vector(self, terms: Counter[str] | set[str]) -> tuple[dict[str, float], float]:
        """Idf-weighted term vector (term frequency damped by a square root) and its norm."""
        counts = terms if isinstance(terms, Counter) else Counter(terms)
        vec = {t: self.weight(t) * math.sqrt(f) for t, f in counts.items()}
        return vec, _norm(vec)

    @staticmethod
    def _cosine(q: dict[str, float], q_norm: float, doc: tuple[dict[str, float], float]) -> float:
        vec, norm = doc
        return sum(w * vec[t] for t, w in q.items() if t in vec) / (q_norm * norm)

    def signals(self, question: str) -> list[tuple[tuple[float, ...], tuple[str, ...]]]:
        """For every entry, its matching signals for ``question`` (in :data:`SIGNALS` order) and
        the question's terms it matched; empty when the question has no terms."""
        terms = self.terms(question)
        if not terms:
            return []
        q = {t: self.weight(t) for t in terms}
        q_norm = _norm(q)
        total_weight = sum(q.values())
        contexts = {sid: self._cosine(q, q_norm, c) for sid, c in self.contexts.items()}
        out: list[tuple[tuple[float, ...], tuple[str, ...]]] = []
        for entry, asks, body, vocab, meaning in zip(
            self.entries, self.asks, self.bodies, self.vocab, self.meanings(question), strict=True
        ):
            matched = tuple(t for t in terms if t in vocab)
            ask = max((self._cosine(q, q_norm, a) for a in asks), default=0.0)
            coverage = sum(q[t] for t in matched) / total_weight
            lexical = (ask, self._cosine(q, q_norm, body), contexts[entry.section.id], coverage)
            out.append(((*lexical, *meaning), matched))
        return out

    def rank(
        self, question: str, k: int | None = None, using: Weights | None = None
    ) -> list[EntryHit]:
        """The entries answering ``question``, best first (all that match, or the best ``k``)."""
        found = self.signals(question)
        # chosen after the signals: the model may have just failed to load (words only then)
        w = (using or weights()).signals
        hits = []
        for entry, (signals, matched) in zip(self.entries, found, strict=False):
            meaning = signals[SIGNALS.index("meaning")]
            if not matched and meaning <= 0:
                continue
            score = sum(x * y for x, y in zip(w, signals, strict=True))
            ask = signals[SIGNALS.index("ask")]
            coverage = signals[SIGNALS.index("coverage")]
            hits.append(EntryHit(entry, score, coverage, matched, ask, meaning))
        hits.sort(key=lambda h: -h.score)
        return hits if k is None else hits[:k]

    def search(self, question: str, k: int = 3) -> list[Hit]:
        """The ``k`` sections whose entries best answer ``question``, best first."""
        return [
            Hit(h.entry.section, score, h.entry.item, h.terms, h.coverage)
            for score, h in by_section(self.rank(question))[:k]
        ]


def by_section(hits: list[EntryHit], support: float | None = None) -> list[tuple[float, EntryHit]]:
    """Sections ranked by their best entry's score plus ``support`` (:attr:`Weights.support`)
    times their second best's, each with its best entry; ``hits`` must be sorted best first."""
    support = weights().support if support is None else support
    found: dict[str, list[EntryHit]] = {}
    for hit in hits:
        group = found.setdefault(hit.entry.section.id, [])
        if len(group) < 2:
            group.append(hit)
    ranked = [
        (group[0].score + (support * group[1].score if len(group) > 1 else 0.0), group[0])
        for group in found.values()
    ]
    ranked.sort(key=lambda pair: -pair[0])
    return ranked


@cache
def index(game: str) -> Index:
    return Index(load(game))


def topic(game: str, question: str) -> Topic:
    """How much ``question`` is about ``game``'s rules at all (see :class:`Topic`)."""
    return index(game).topic(question)


def rank(game: str, question: str, k: int | None = None) -> list[EntryHit]:
    """The answer entries of ``game``'s rules that best answer ``question``, best first."""
    return index(game).rank(question, k)


def search(game: str, question: str, k: int = 3) -> list[Hit]:
    """The ``k`` sections of ``game``'s rules that best answer ``question``, best first."""
    return index(game).search(question, k)
