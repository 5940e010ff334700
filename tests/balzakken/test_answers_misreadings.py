"""Situations the readers once misread into a wrong referee-checked reply: a sentence opened by
a verb read as a player's name, and a Lul lying in front of another player counted as held."""

from __future__ import annotations

import pytest

from gametable.games.balzakken.answers import ANSWERS
from gametable.rulebook import chat
from gametable.rulebook.question import Question


def test_a_sentence_opened_by_a_verb_names_no_player() -> None:
    """BZ-114, BZ-117: "Had 52 points." is the asker's total, not a player called Had; said
    with its subject it works out 52 + 17 = 69, back to 50."""
    text = (
        "{}52 points. This round I got stuck with a 9, a 5 and a 3 when Tom called a good "
        "BALZAK!. What's my new score?"
    )
    bare = chat.ask("balzakken", text.format("Had "))
    assert not (bare.checked and "Had writes" in bare.text)
    said = chat.ask("balzakken", text.format("I had "))
    assert said.checked and "50" in said.text.split(".")[0]


def test_a_lul_lying_in_front_of_another_player_is_not_counted_in_her_hand() -> None:
    """BZ-080..BZ-082: a Lul lying in front of a player is out of her hand; no checked reply
    counts it as 10 points of hers."""
    reply = chat.ask(
        "balzakken",
        "Mark calls BALZAK! with 2 points. Lisa has -1, 11 and 0 in her hand, and a Lul lies "
        "on the table in front of her. What does Lisa write down?",
    )
    assert not (reply.checked and reply.text.startswith("20"))
    plain = chat.ask(
        "balzakken",
        "Mark calls BALZAK! with 2 points. Lisa has -1, 11 and 0 in her hand. "
        "What does Lisa write down?",
    )
    assert plain.checked and plain.text.startswith("10")


def test_a_discard_is_judged_only_of_the_cards_asked_about() -> None:
    """BZ-039, BZ-040: Balzakken of one value go down together. A hand said without the cards asked
    about, or a value said in words, is never judged as another card's discard."""
    for text in (
        "I hold a 9. Can I discard two 7s?",
        "Ik heb twee zevens en een 9. Mag ik de twee zevens afleggen?",
    ):
        reply = chat.ask("balzakken", text)
        assert not (reply.checked and reply.text.lower().startswith(("yes", "ja"))), text
    held = chat.ask("balzakken", "I have a 7, a 7 and a 9. Can I discard the two 7s?")
    assert held.checked and held.text.startswith("Yes") and "discard 2" in held.text


@pytest.mark.parametrize(
    "item", ["a banana", "a red card", "another card", "one unknown card", "a face-down card"]
)
@pytest.mark.parametrize(
    "frame",
    ["I have a 2, a 3 and {item}. Can I call BALZAK!?",
     "Someone calls BALZAK!. I hold a 4, {item} and the Lul. What do I score?"],
)  # fmt: skip
def test_bz036_bz081_a_hand_listing_what_is_no_card_is_never_judged(frame: str, item: str) -> None:
    """BZ-036, BZ-081: a hand is judged only when every item listed is a card of the game;
    one that is not ("a banana", "another card") is never dropped to judge the rest."""
    reply = ANSWERS.answer(Question.read(frame.format(item=item)))
    assert reply is None or not reply.checked, reply.text


def test_bz036_a_hand_of_known_cards_in_the_same_frame_is_judged() -> None:
    """BZ-036: the same list with a card of the game in its place is judged."""
    reply = ANSWERS.answer(Question.read("I have a 2, a 3 and a -1. Can I call BALZAK!?"))
    assert reply is not None and reply.checked and reply.text.startswith("Yes"), reply
