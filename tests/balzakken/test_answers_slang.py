"""Text-message shorthand in questions ("3 pts + de lul", "called w 3", "allowed or nah"): spelt
out before the grammar reads it, and judged by the engine like the words it stands for.

Each test checks the referee's reply against the rule it names; the near misses check that a
lone digit is never read as a word and that shorthand changes no verdict.
"""

from __future__ import annotations

import pytest

from gametable.games.balzakken.answers import ANSWERS
from gametable.games.balzakken.answers.slang import plain
from gametable.rulebook import chat
from gametable.rulebook.question import Question


def test_swinger_in_hand_forbids_balzak_said_in_shorthand() -> None:
    """BZ-065: holding The Swinger forbids the call, asked as "allowed or nah"."""
    reply = ANSWERS.answer(Question.read("3 pts n a swinger in my hand. balzak allowed or nah"))
    assert reply is not None and reply.checked
    assert reply.text.startswith("No")


def test_lul_in_hand_counts_ten_said_in_shorthand() -> None:
    """BZ-081: a Lul still in hand counts 10 when someone calls; "lul + a 4" scores 14."""
    reply = ANSWERS.answer(
        Question.read("some1 calls balzak n i still got the lul + a 4. how many pts for me")
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("14")


def test_plus_between_cards_reads_as_and_but_digits_stay() -> None:
    """BZ-055 near miss: a "+" between two held things is "and"; a lone "2" stays a card."""
    assert plain("i got swinger + 2 + 1") == "i got swinger and 2 and 1"
    assert plain("i got 2 cards w 2 pts") == "i got 2 cards with 2 points"


def test_shorthand_leaves_plain_questions_alone() -> None:
    """BZ-085 near miss: a question in full words is read unchanged."""
    text = "I hold 3 points and The Lul, may I call BALZAK!?"
    assert plain(text) == text


def test_lul_in_hand_forbids_balzak_asked_after_the_scene_without_a_stop() -> None:
    """BZ-048: "i got 3 points and de lul can i yell balzak??" asks yes or no; the Lul forbids
    the call.  Near miss: "what can i do" after the scene is not a yes/no question."""
    reply = ANSWERS.answer(Question.read("i got 3 pts + de lul 😅 can i yell balzak??"))
    assert reply is not None and reply.checked
    assert reply.text.startswith("No")
    near = ANSWERS.answer(Question.read("i got 3 pts what can i do now?"))
    assert near is None or not near.text.startswith(("Yes", "No"))


def test_points_written_as_a_sum_are_one_hand() -> None:
    """BZ-047, BZ-048: "1 + 2 points and the lull" is a hand of 3 points with The Lul: no
    call; "2+2 pts" alone may call (4 points, no action card)."""
    assert plain("I have 1 + 2 points and the lull") == "I have 3 points and the lull"
    lul = ANSWERS.answer(Question.read("I have 1 + 2 points and the lull. Can I call BALZAK!?"))
    assert lul is not None and lul.checked and lul.text.startswith("No")
    bare = ANSWERS.answer(Question.read("got 2+2 pts, may i call?"))
    assert bare is not None and bare.checked and bare.text.startswith("Yes")
    assert plain("3 + de lul") == "3 and de lul"  # no points word: no sum


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Ik heb een twee en een drie. Mag ik BALZAK! roepen?", "Ja"),
        ("I have a two and a three. Can I call BALZAK!?", "Yes"),
        ("I have a two, a three and the Lul. Can I call BALZAK!?", "No"),
        ("I hold a four and a seven. Can I call BALZAK!?", "Yes"),  # a false call is allowed
    ],
)
def test_bz036_bz047_card_values_said_in_words_are_the_cards(text: str, verdict: str) -> None:
    """BZ-036, BZ-047: "a two and a three" is a hand of 2 and 3 (5 points, a call allowed); the
    Lul beside them forbids the call; 4 and 7 (11 points) may be called, falsely."""
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None and reply.checked, text
    assert reply.text.startswith(verdict), reply.text
    hand = sorted(reply.position["hands"][0])
    assert hand in (["2", "3"], ["2", "3", "L"], ["4", "7"]), hand


@pytest.mark.parametrize(
    "text",
    [
        "I have a 2, a 3 and an ace. Can I call BALZAK!?",
        "Ik heb een aas, een twee en een drie. Mag ik BALZAK! roepen?",
        "I have an ace, a two and a three. Can I call BALZAK!?",
    ],
)
def test_bz055_a_card_of_another_deck_is_no_hand_to_judge(text: str) -> None:
    """BZ-055: Balzakken's cards are -1 to 11 and the two action cards: a hand with an ace is
    not judged (never a checked reply that drops the ace), and the reply says so."""
    reply = chat.ask("balzakken", text)
    assert not reply.checked
    assert "no such card" in reply.text or "niet in Balzakken" in reply.text


def test_plain_leaves_counts_in_words_alone() -> None:
    """A value in words after an article is a card; a count of players, cards or Balzakken
    said in words stays a count."""
    assert plain("I have a two and een drie") == "I have a 2 and een 3"
    assert plain("the two of us, the three others, de drie vieren") == (
        "the two of us, the three others, de drie vieren"
    )


def test_bz050_the_first_turn_may_be_a_call() -> None:
    """BZ-036, BZ-050: nothing makes a player wait: the first turn of a round may be the call
    (the engine allows any own turn), told by the rules text."""
    for text in (
        "Can I call BALZAK! on my first turn?",
        "Mag ik in mijn eerste beurt al BALZAK! roepen?",
    ):
        reply = chat.ask("balzakken", text)
        assert reply.text.split()[0].rstrip(",:") in ("Yes", "Ja"), reply.text
