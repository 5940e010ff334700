"""Answers in our own words: the API, the data behind it, and the evaluation's held-out half.

The held-out thresholds are the issue's CI floor: top-1 at least 85% and top-3 at least 95% of
the held-out questions of every game (the targets are 90% / 98%; ``python -m gametable.rulebook``
prints the figures).
"""

from __future__ import annotations

import difflib
import re

import pytest

from gametable import rulebook
from gametable.rulebook.evaluate import measured, offtopic_questions, questions
from tests.rulebook.helpers import answer_all, evaluated

HELD_OUT_TOP1 = 0.85
HELD_OUT_TOP3 = 0.95
#: letter-level similarity from which a held-out question counts as copied
NEAR_COPY = 0.94
GAMES = measured()  # the games that keep questions to measure by


def _sentences(text: str) -> int:
    return len([s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text.strip()) if s])


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_and_clarification_lists_the_questions_it_answers(game):
    for section in rulebook.load(game):
        for item in section.items:
            assert item.asks, f"{section.id}: {item.text[:60]!r} lists no asks"
            assert 1 <= _sentences(item.reply) <= 3, item.reply


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


@pytest.mark.parametrize("game", GAMES)
def test_held_out_questions_are_not_copied_into_the_tuned_text(game):
    """The held-out half is kept apart from the text the retrieval is tuned on: no held-out
    question is, nearly letter for letter, one of the entries' asks or a tuning question."""
    tuned = [_plain(a) for s in rulebook.load(game) for i in s.items for a in i.asks]
    tuned += [_plain(q.text) for q in questions(game, "tune")]
    for q in questions(game, "heldout"):
        text = _plain(q.text)
        for t in tuned:
            match = difflib.SequenceMatcher(None, text, t)
            # the quick ratios bound ratio() from above: only close pairs need the full measure
            if match.real_quick_ratio() >= NEAR_COPY and match.quick_ratio() >= NEAR_COPY:
                assert match.ratio() < NEAR_COPY, (q.text, t)


@pytest.mark.parametrize("game", GAMES)
def test_at_least_120_questions_half_of_them_held_out(game):
    tune, held = questions(game, "tune"), questions(game, "heldout")
    assert len(tune) + len(held) >= 120
    assert len(held) >= 60
    reference = rulebook.load(game)
    for q in tune + held:
        for sid in q.sections:
            reference.section(sid)


@pytest.mark.parametrize("game", GAMES)
def test_held_out_accuracy_meets_the_floor(game):
    """The whole held-out half, in the quick run too since the model runs on NumPy (about a
    second a game; a sample of every third question stood in for it before)."""
    result = evaluated(game, "heldout")
    assert result.top1_accuracy >= HELD_OUT_TOP1, str(result)
    assert result.top3_accuracy >= HELD_OUT_TOP3, str(result)


def test_the_issue_example_a_tied_war_is_answered_by_wars():
    """The first-time user's question from the issue: a tied war is 3 - WARS (BA-148, BA-149)."""
    reply = rulebook.answer("balam", "what happens when a war is tied?")
    assert reply.answered and reply.sources[0].id == "3-wars"
    assert {"BA-148", "BA-149"} & set(reply.sources[0].statements)


def test_an_answer_is_short_in_our_words_and_cites_its_statements():
    reply = rulebook.answer("balzakken", "can I call BALZAK! while I hold a Lul?")
    assert reply.answered and reply.topic == "rules"
    assert 1 <= _sentences(reply.text) <= 3
    first = reply.sources[0]
    assert first.id in ("playing-the-game/important", "card-types/action-card-2-the-lul")
    assert first.statements and all(s.startswith("BZ-") for s in first.statements)
    section = rulebook.load("balzakken").section(first.id)
    assert first.statement in [i.text for i in section.items]
    assert reply.text in [i.reply for i in section.items]
    data = reply.to_json()
    assert data["answered"] is True and data["sources"][0]["id"] == first.id


OFF_TOPIC = (
    "how do I castle in chess?",
    "what is the capital of France?",
    "can you recommend a good pizza place",
    "who invented the telephone",
)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("question", OFF_TOPIC)
def test_off_topic_questions_are_declined_with_the_closest_sections(game, question):
    reply = rulebook.answer(game, question)
    assert not reply.answered, (reply.text, reply.section_ids)
    assert reply.sources == ()
    assert "do not answer" in reply.text or "Nothing in" in reply.text


@pytest.mark.parametrize("game", GAMES)
def test_the_tuning_off_topic_questions_are_declined(game):
    """Every off-topic question of the tuning half is declined (asked in one batch)."""
    texts = offtopic_questions("tune")
    answered = [r.question for r in answer_all(game, texts) if r.answered]
    assert answered == []


@pytest.mark.parametrize("game", GAMES)
def test_off_topic_questions_are_declined(game):
    """The whole evaluation: all the tuning half's off-topic questions, and at least 9 in 10 of
    the held-out half's (a floor set below the figures measured; ``python -m
    gametable.rulebook`` prints them)."""
    tuned = evaluated(game, "tune")
    assert tuned.offtopic_declined == tuned.offtopic, [a.question for a in tuned.confident_wrong]
    held = evaluated(game, "heldout")
    assert held.offtopic_declined >= 0.9 * held.offtopic, str(held)


#: off-topic questions that share the games' own words (kings, cities, dice, cards, points)
SHARING_WORDS = (
    "who was the last king of France?",
    "how were the Egyptian pyramids built?",
    "how many cards are in a tarot deck?",
    "can a pawn move backwards in chess?",
    "wie is de koning van Nederland?",
    "how do I win the lottery?",
)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("question", SHARING_WORDS)
def test_off_topic_questions_sharing_the_games_words_are_declined(game, question):
    assert not rulebook.answer(game, question).answered


@pytest.mark.parametrize(
    ("game", "question", "section"),
    [
        ("balzakken", "swinger", "card-types/action-card-1-the-swinger"),
        ("balzakken", "penalty?", "balzak-end-of-a-round/false-balzak"),
        ("keezbord", "teams", "playing-in-teams"),
        ("keezbord", "slaan?", "additional-rules"),
        ("balam", "drought", "4-katun/negative-events"),
        ("balam", "belasting", "6-distribution/taxes"),
    ],
)
def test_short_vague_questions_about_the_game_are_still_answered(game, question, section):
    """The off-topic guard leaves a player's one-word question to the rules."""
    reply = rulebook.answer(game, question)
    assert reply.answered and reply.sources[0].id == section


def test_a_declined_question_still_offers_the_closest_sections():
    reply = rulebook.answer("keezbord", "what is the colour of the box lid and the pawn tokens?")
    if reply.answered:  # the question touches pawns: then it must at least rest on a section
        assert reply.sources
    else:
        assert reply.related and all(s.id for s in reply.related)


def test_a_question_without_words_is_declined():
    reply = rulebook.answer("balam", "the and of?")
    assert not reply.answered and reply.related == ()
