"""Yes/no questions that the shared reading takes for another kind: asked after a "what if"
scene, reported from someone else, quoted whole, or guessed after "where".  The reply keeps its
verdict; a referee reader that would answer the opposite obligation ("must I discard them one at
a time?") is kept silent, and the rules text answers, marked as not checked.
"""

from __future__ import annotations

import pytest

from gametable.games.balzakken.answers.asking import asks_yes_no
from gametable.rulebook.answer import Answer
from gametable.rulebook.chat import ask
from gametable.rulebook.question import Question


def _answer(text: str) -> Answer | None:
    """The chat's reply to ``text``: the game's answers, else the rules text."""
    reply = ask("balzakken", text)
    return reply if reply.answered else None


@pytest.mark.parametrize(
    "text",
    [
        "what if I hold two 7s, must I get rid of them one at a time?",
        "I hold three 4s. Do I have to discard them separately?",
        "Ik heb drie vieren, moet ik ze een voor een afleggen?",
    ],
)
def test_equal_balzakken_need_not_go_one_by_one(text: str) -> None:
    """BZ-040, BZ-041: equal Balzakken go down together, so "must I discard them one at a
    time?" is answered No, from the rules text and not as a checked reply."""
    reply = _answer(text)
    assert reply is not None
    assert reply.text.lower().startswith(("no", "nee"))
    assert not reply.checked


def test_near_miss_equal_balzakken_together_is_checked_yes() -> None:
    """BZ-040: the same hand asked "can I discard them together?" is still judged by the
    referee, and the answer is Yes."""
    reply = _answer("I hold two 7s and a 3. Can I discard both 7s together?")
    assert reply is not None and reply.checked
    assert reply.text.lower().startswith("yes")


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("but what if I have two Swingers, can I play them both together?", "no"),  # BZ-043
        ("Someone asks whether the action cards go on the discard pile.", "no"),  # BZ-044
        ("'Can you do a normal move and then also call BALZAK! in the same turn?'", "no"),  # BZ-052
        ("Waar leg je De Lul neer als je hem speelt, gewoon op de aflegstapel?", "no"),  # BZ-073
    ],
)
def test_yes_no_asked_in_another_shape_keeps_its_verdict(text: str, verdict: str) -> None:
    """BZ-043, BZ-044, BZ-052, BZ-073: a yes/no question asked after a scene, reported, quoted
    or guessed after "where" is answered with the rules text's verdict first."""
    reply = _answer(text)
    assert reply is not None
    assert reply.text.lower().startswith(verdict)


@pytest.mark.parametrize(
    "text",
    [
        "what if the draw pile runs out?",
        "Where does the Swinger go when I play it?",
        "Wat gebeurt er als de trekstapel op is?",
    ],
)
def test_near_miss_open_questions_are_not_read_as_yes_no(text: str) -> None:
    """BZ-059, BZ-122: an open what/where question without a yes/no clause stays open."""
    assert not asks_yes_no(Question.read(text))
