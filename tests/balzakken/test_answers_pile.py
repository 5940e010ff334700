"""The discard pile's top card said in a question: the position is built with that card on top,
and the referee's reply names it (BZ-030 swap, BZ-040/BZ-041 several discarded, one drawn back
from either pile)."""

from __future__ import annotations

import pytest

from gametable.games.balzakken.answers import guard, turns
from gametable.rulebook.answer import Answer
from gametable.rulebook.chat import ask
from gametable.rulebook.question import Question


@pytest.mark.parametrize(
    ("text", "mine", "top"),
    [
        (
            "The top of the discard pile is a -1 and I'm holding a 10. Can I just trade them?",
            "10",
            "-1",
        ),
        ("top of the discard pile is a 2, I have a 9: can I exchange my 9 for the 2?", "9", "2"),
        ("The discard pile shows a 3 and I hold an 11. May I swap them as my turn?", "11", "3"),
    ],
)
def test_a_swap_with_the_top_said_takes_that_card(text: str, mine: str, top: str) -> None:
    """BZ-030: the asker's card goes onto the pile and the card said to be on top comes back."""
    reply = ask("balzakken", text)
    assert reply.checked and reply.text.startswith("Yes."), reply.text
    given, _, taken = reply.text.partition(" goes onto the discard pile")
    assert given.endswith((f"Your {mine}", f"({mine})")), reply.text
    assert f"({top})" in taken, reply.text
    assert reply.position is not None and reply.position["discard_pile"][-1] == top


def test_a_swap_with_the_top_said_in_dutch() -> None:
    reply = ask("balzakken", "Bovenop de aflegstapel ligt een 2 en ik heb een 9. Mag ik ze ruilen?")
    assert reply.checked and reply.text.startswith("Ja."), reply.text
    assert "(2)" in reply.text


def test_several_discarded_may_take_back_the_top_that_was_said() -> None:
    """BZ-040, BZ-041: after discarding both 7s the card drawn back may be the 4 that lay on
    top (read as the top card, not as a third card of the hand)."""
    reply = ask(
        "balzakken", "The top card is a 4 and I have two 7s. Can I discard both 7s and take the 4?"
    )
    assert reply.checked and reply.text.startswith("Yes."), reply.text
    assert "discard 2" in reply.text and "on top of the discard pile" in reply.text, reply.text


def test_an_action_card_swapped_for_the_top_said_is_refused() -> None:
    """BZ-030, BZ-044: only a Balzak is swapped with the discard pile's top; the Lul said to be
    swapped "for it" (the card said on top) is refused by the referee."""
    reply = ask(
        "balzakken",
        "There's a 0 on top of the discard pile. Can I swap the Lul in my hand for it?",
    )
    assert reply.checked and reply.text.startswith("No."), reply.text


def test_a_checked_reply_holds_every_card_the_asker_says_they_hold() -> None:
    """The guard of referee-checked replies: a position in which the asker lacks a card the
    question gives them (and no hand has as many cards, for a count) judged another hand, so
    its reply is not given as checked, whichever reader built it."""
    question = Question.read("I hold the Swinger, an 11 and a 9. Can I play the Swinger on Tom?")
    read = turns.read_numbers(question)

    def judged(mine: list[str]) -> Answer:
        position = {"game": "balzakken", "players": 2, "hands": [mine, ["3"]], "to_move": 0}
        return Answer("balzakken", question.text, "Yes.", (), True, position=position, checked=True)

    assert guard.fits(question, judged(["S", "11", "9"]), read, hands=True)
    assert guard.fits(question, judged(["S", "3"]), read, hands=True) is False
    assert guard.fits(question, judged(["S", "10", "9", "1"]), read, hands=False) is False
