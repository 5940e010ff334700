"""Plain facts of Balzakken answered through the chat: a player count asked as yes or no (the
engine's player counts), an empty hand asked about another player, and the rules text's entries
that answer with their verdict or fact first (the card worth 11, the direction of play, what
follows a call, where the action cards go, a false call's cost and ties, the winner).
"""

from __future__ import annotations

import re

import pytest

from gametable.games.balzakken.answers import ANSWERS
from gametable.rulebook.answer import Answer
from gametable.rulebook.chat import ask
from gametable.rulebook.question import Question


def reply(text: str) -> Answer:
    found = ANSWERS.answer(Question.read(text))
    assert found is not None, text
    assert found.checked, text
    return found


def statements(answer: Answer) -> set[str]:
    return {s for source in answer.sources for s in source.statements}


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Can we play balzakken with 8 players?", "Yes."),
        ("can we play with two players", "Yes."),
        ("Kunnen we met 9 spelers spelen?", "Nee."),
    ],
)
def test_a_player_count_asked_as_yes_or_no_follows_the_engine(text: str, verdict: str) -> None:
    """BZ-014: whether a count of players may play is the engine's player counts (2 to 8)."""
    answer = reply(text)
    assert answer.text.startswith(verdict)
    assert "BZ-014" in statements(answer)


@pytest.mark.parametrize(
    "text",
    [
        "A player with no cards left: does he draw a new card?",
        "My neighbour has no cards. Does she draw at the start of her turn?",
    ],
)
def test_another_empty_hand_draws_nothing(text: str) -> None:
    """BZ-124, BZ-125: a player with no cards draws nothing; on their turn they call."""
    answer = reply(text)
    assert answer.text.startswith("No.")


def test_my_action_beside_an_empty_hand_is_not_the_empty_hands_question() -> None:
    """BZ-124: near miss: the neighbour's empty hand says nothing against the asker's own swap,
    so no "No" from the empty-hand reader."""
    answer = ANSWERS.answer(
        Question.read("My neighbour has no cards. Can I swap with the discard pile?")
    )
    assert answer is None or not answer.text.startswith("No.")


@pytest.mark.parametrize(
    ("text", "must"),
    [
        ("Which card is worth 11?", r"blue ball"),
        ("Which way does play go?", r"\bclockwise"),
        ("What happens right after somebody calls BALZAK!?", r"round.*(?:count|points)"),
        ("Wat krijg je voor een valse BALZAK?", r"\b25\b"),
        ("i put the swinger on the discard pile, thats fine right?", r"^no\b.*in front"),
        ("wat doet de swinger", r"swap hands"),
        ("Wie wint het spel?", r"lowest"),
    ],
)
def test_rules_text_entries_answer_first(text: str, must: str) -> None:
    """BZ-024, BZ-037, BZ-056, BZ-059, BZ-060, BZ-010, BZ-100: the rules text answers plain
    facts with the fact (or the verdict) first."""
    answer = ask("balzakken", text)
    assert answer.answered, text
    assert re.search(must, answer.text, re.IGNORECASE), answer.text


@pytest.mark.parametrize(
    "text",
    [
        "How many copies of each Balzak value are there, like how many 7s?",
        "how many cards of each balzak value are in the deck?",
    ],
)
def test_a_balzak_the_card_is_no_call(text: str) -> None:
    """BZ-027, BZ-055 ("a Balzak" is a card of value -1 to 11): "each Balzak value" names the cards, so the
    question is not read as a call with a hand of 7 (a referee-checked reply about a false
    BALZAK! once answered it); the deck's copies per value are given instead."""
    reply = ask("balzakken", text)
    assert "false BALZAK" not in reply.text, reply.text
    assert re.search(r"\b(4|four)\b", reply.text), reply.text
