"""The discard pile's top card said in a question: the position is built with that card on top,
and the referee's reply names it (BZ-030 swap, BZ-040/BZ-041 several discarded, one drawn back
from either pile)."""

from __future__ import annotations

import pytest

from gametable.rulebook.chat import ask


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
