"""Search: tokenisation, ranked hits, and the evaluation questions (top-3 at least 80%)."""

from __future__ import annotations

import doctest
import importlib

import pytest

from gametable import rulebook
from gametable.rulebook import tune
from gametable.rulebook.evaluate import questions
from gametable.rulebook.search import weights
from tests.rulebook.helpers import evaluated

THRESHOLD = 0.8


def test_doctests():
    for name in ("gametable.rulebook", "gametable.rulebook.search", "gametable.rulebook.model"):
        assert doctest.testmod(importlib.import_module(name)).failed == 0


def test_tokenizer_lowercases_strips_punctuation_stems_and_maps_synonyms():
    assert rulebook.tokenize("BALZAK! Shout it!") == ["balzak", "call"]
    assert rulebook.tokenize("pieces", "keezbord") == ["pawn"]
    assert rulebook.tokenize("Swinging swingers") == ["swing", "swinger"]
    assert rulebook.tokenize("the seven") == ["7"]


def test_search_returns_ranked_hits_with_the_best_statement():
    hits = rulebook.search("balzakken", "can I call BALZAK! with a Swinger in my hand?", k=3)
    assert len(hits) == 3
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    ids = [h.id for h in hits]
    assert "playing-the-game/important" in ids or "card-types/action-card-1-the-swinger" in ids
    best = hits[0].statement
    assert best is not None and "BALZAK!" in best.text and best.refs
    assert hits[0].section.statements


def test_search_cites_statement_ids():
    hit = rulebook.search("balzakken", "discard several cards of the same value at once")[0]
    assert hit.id == "playing-the-game/important"
    assert "BZ-040" in hit.statement.refs


def test_search_without_words_finds_nothing():
    assert rulebook.search("balam", "the and of?") == []


@pytest.mark.parametrize("game", rulebook.available())
def test_at_least_20_questions_each_naming_a_real_section(game):
    qs = questions(game)
    assert len(qs) >= 20
    ref = rulebook.load(game)
    for q in qs:
        ref.section(q.answer)


@pytest.mark.parametrize("game", rulebook.available())
def test_retrieval_answers_the_evaluation_questions(game):
    result = evaluated(game, "tune")
    assert result.top3_accuracy >= THRESHOLD, str(result) + "".join(
        f"\n  miss: {q.text!r} -> want {q.answer}, got {reply.section_ids[:3]}"
        for q, reply in result.misses
    )


@pytest.mark.parametrize("game", rulebook.available())
def test_the_tuning_harness_ranks_sections_as_the_search_does(game):
    """``python -m gametable.rulebook.tune`` fits weights on arrays; its ranking must be the
    search's own, or it would fit something else."""
    texts = [q.text for q in questions(game)[:12]]
    mx = tune.matrix(game, texts, [() for _ in texts])
    ranked = tune.rank(mx, weights())
    ids = [s.id for s in rulebook.load(game).sections]
    for row, text in enumerate(texts):
        hits = rulebook.search(game, text, k=3)
        assert [ids[i] for i in ranked.order[row, : len(hits)]] == [h.id for h in hits], text
