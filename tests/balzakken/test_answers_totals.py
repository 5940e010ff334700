"""Totals after a round ("Tasty (In-Between) Positions", "Overview > In a (nut)shell").

A total said before the round and another player's call with the asker's hand ("I'm at 47 and
someone calls. I hold 10, 8 and 4"), or a total said from and to ("from 65 to 72"): the engine
scores the round on a sheet holding that total and the reply gives the new one, 69 dropping to
50 and 99 to 75.  Each test asks the game's answers and checks the referee's reply.
"""

from __future__ import annotations

import pytest

from gametable.games.balzakken.answers import ANSWERS
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question


def reply(text: str) -> Answer:
    found = ANSWERS.answer(Question.read(text))
    assert found is not None, text
    assert found.checked, text
    return found


def statements(answer: Answer) -> set[str]:
    return {s for source in answer.sources for s in source.statements}


@pytest.mark.parametrize(
    ("text", "start"),
    [
        (
            "I'm at 47 and someone calls BALZAK!. I hold 10, 8 and 4. What's my new total?",
            "47 + 22 = 69, which drops back to 50",
        ),
        (
            "My total is 85 and I'm caught with The Lul and a 4 when my sister calls. Where am I "
            "after the round?",
            "85 + 14 = 99, which drops back to 75",
        ),
        (
            "Ik stond op 80. Anne riep BALZAK! met 2 en ik had 9, 9 en 1. Wat is mijn nieuwe "
            "stand?",
            "80 + 19 = 99, en dat zakt terug naar 75",
        ),
        (
            "I'm on 30 and my neighbour calls. I hold 9 and 7. What is my total now?",
            "30 + 16 = 46.",
        ),
    ],
)
def test_a_total_after_another_players_call_adds_the_hand(text: str, start: str) -> None:
    """BZ-090, BZ-114, BZ-117, BZ-118: the asker's hand at another player's call is added to the
    total said, and exactly 69 or 99 drops back to 50 or 75."""
    answer = reply(text)
    assert answer.text.startswith(start)
    assert "BZ-114" in statements(answer)


def test_the_total_said_is_no_hand() -> None:
    """BZ-080: "My total is 85" is the score sheet, not points in the hand: the hand is the Lul
    and a 4, 14 points."""
    answer = reply(
        "My total is 85 and I'm caught with The Lul and a 4 when my sister calls. Where am I?"
    )
    assert answer.position is not None
    assert sorted(answer.position["hands"][0]) == ["4", "L"]
    assert answer.position["scores"][0] == 85


def test_a_small_hand_at_an_unsaid_call_is_not_totalled() -> None:
    """BZ-098, BZ-102: holding 3 at a call whose hand is not said, the asker may be the lowest
    hand of a false call (0) or write 3: no total is guessed."""
    text = "I'm at 40 and someone calls BALZAK!. I hold a 1 and a 2. What's my new total?"
    assert ANSWERS.answer(Question.read(text)) is None


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("I went from 65 to 72 this round, so I passed 69. Do I drop back to 50?", "No."),
        ("I went from 60 to 69 this round. Do I go back to 50?", "Yes."),
        ("I went from 90 to 99 this round. Do I go back to 50?", "No."),
    ],
)
def test_only_landing_exactly_drops_back(text: str, verdict: str) -> None:
    """BZ-114, BZ-117, BZ-118: passing 69 keeps the total; landing on 69 drops to 50; 99 drops
    to 75, not to the 50 asked about."""
    answer = reply(text)
    assert answer.text.startswith(verdict)
