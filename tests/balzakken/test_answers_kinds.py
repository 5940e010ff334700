"""Balzakken's answers, fourth round: the kinds of question the development sets showed the
grammar missing, each checked against the engine and beside the near misses it must leave alone.

Every referee-checked reply here is compared with what the engine itself does in the position
the reply judged (the reply's ``position``), never with a sentence written by hand.
"""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.games.balzakken.answers import ANSWERS
from gametable.rulebook.answer import Answer
from gametable.rulebook.chat import ask
from gametable.rulebook.question import Question

GAME = load_game("balzakken")


def reply(text: str) -> Answer:
    return ask("balzakken", text)


def scored(answer: Answer) -> list[int]:
    """What everyone writes down when the caller of the judged position calls."""
    assert answer.position is not None
    state = GAME.state_from_json(answer.position)
    state.apply("balzak", answer.position["to_move"])
    return list(state.view(None)["rounds"][-1]["points"])


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("I called with 3 and two other players hold 5 and 1. Who scores what?", [25, 5, 0]),
        ("I call BALZAK! holding 3 points. The other three have -1, 6 and 9. Who scores what?",
         [25, 0, 6, 9]),
        ("Ik riep BALZAK met 2, de andere twee hadden allebei 0. Wie krijgt wat?", [25, 0, 0]),
        ("I called with 4 and the other two both had 7. What does everybody write?", [0, 7, 7]),
        ("I call with 3 but my neighbour has 3 and my opponent has 2. Who scores what?",
         [25, 3, 0]),
    ],
)  # fmt: skip
def test_a_group_said_with_its_count_is_that_many_players(text: str, points: list[int]) -> None:
    """BZ-090, BZ-093, BZ-098, BZ-102, BZ-110, BZ-111: "the other three have -1, 6 and 9", "de
    andere twee hadden allebei 0": a group with its count is that many hands, one number said
    for "both" is each one's; the engine scores the call."""
    answer = reply(text)
    assert answer.checked, answer.text
    assert scored(answer) == points


@pytest.mark.parametrize(
    "text",
    [
        "I called with 3 and the other three have 5 and 1. Who scores what?",
        "I called with 3 and the other two have 5, 6 and 1. Who scores what?",
    ],
)
def test_a_group_whose_count_the_numbers_do_not_match_is_not_judged(text: str) -> None:
    """BZ-098, BZ-102: three players said and two hands given: the table does not add up, so
    the referee does not guess."""
    assert ANSWERS.answer(Question.read(text)) is None
