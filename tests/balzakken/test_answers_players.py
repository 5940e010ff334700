"""Readings of Balzakken's situation grammar: an empty hand said as "out of cards", the Balzakken
played named apart from the hand held, a card lying in front of the asker, the player next to the
asker, groups of opponents, the caller named as "the caller", and the asker's own call with an
unsaid hand.

Each test asks the game's answers and checks the referee's reply against the engine's rule it
names; each near miss checks that a question the grammar would misread is left to the rules text.
"""

from __future__ import annotations

from gametable.games.balzakken.answers import ANSWERS
from gametable.games.balzakken.answers.grammar import read_table
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question


def reply(text: str) -> Answer:
    found = ANSWERS.answer(Question.read(text))
    assert found is not None, text
    assert found.checked, text
    return found


def statements(answer: Answer) -> set[str]:
    return {s for source in answer.sources for s in source.statements}


def test_out_of_cards_is_an_empty_hand_and_a_bruisbal_makes_the_forced_call_false() -> None:
    """BZ-124, BZ-098: "out of cards" is an empty hand (0 points); an opponent holding the
    Bruisbal (-1) is lower, so the forced call is false and costs 25."""
    assert read_table(Question.read("I'm out of cards, my opponent has 3.")).me.empty
    answer = reply(
        "I'm out of cards so I call BALZAK!. My only opponent is holding just a Bruisbal (-1). "
        "What do I score this round?"
    )
    assert answer.text.startswith("25.")
    assert "false" in answer.text
    assert answer.position is not None and answer.position["hands"][0] == []


def test_own_call_with_an_unsaid_hand_is_not_scored() -> None:
    """BZ-090, BZ-098: "I call; my opponent has -1; what do I score?" depends on the caller's
    hand, which the question does not say: no referee reply (it used to invent a good call)."""
    question = Question.read("I call BALZAK!. My opponent holds a Bruisbal. What do I score?")
    assert ANSWERS.answer(question) is None


def test_both_of_one_value_from_a_hand_with_another_card_go_down_together() -> None:
    """BZ-039, BZ-040: from two 7s and a 9, both 7s may be discarded in one go; the 9 held is
    not played with them."""
    answer = reply("I have two 7s and a 9. Can I discard both 7s in one go?")
    assert answer.text.startswith("Yes.")
    assert answer.position is not None and sorted(answer.position["hands"][0]) == ["7", "7", "9"]


def test_two_values_played_together_are_still_refused() -> None:
    """BZ-039: near miss of the above: playing a 7 and a 9 together is no single discard."""
    answer = reply("I have a 7 and a 9. Can I discard the 7 and the 9 together?")
    assert answer.text.startswith("No.")
    assert "BZ-039" in statements(answer)


def test_two_of_three_of_a_kind_may_be_discarded() -> None:
    """BZ-040, BZ-041: "two of them" from three 8s discards two, not all three."""
    answer = reply("I have three 8s. Am I allowed to discard just two of them?")
    assert answer.text.startswith("Yes.")
    assert "discard 2" in answer.text


def test_a_lul_lying_in_front_of_me_does_not_block_my_call() -> None:
    """BZ-047: only an action card in the hand blocks a call; a Lul lying in front of the
    asker is in no hand (docs/rules/balzakken.md)."""
    answer = reply("It's my turn, I have 4 points and The Lul lies in front of me. Can I call?")
    assert answer.text.startswith("Yes.")
    assert answer.position is not None and answer.position["in_front"][0] == ["L"]
    dutch = reply("De Lul ligt voor mij en ik heb 3 punten. Mag ik BALZAK! roepen?")
    assert dutch.text.startswith("Ja.")


def test_a_lul_in_my_hand_beside_one_in_front_still_blocks() -> None:
    """BZ-047: near miss: a Lul held blocks the call even when a Swinger lies in front."""
    answer = reply("I hold the Lul and 3 points; a Swinger lies in front of me. Can I call?")
    assert answer.text.startswith("No.")
    assert "BZ-047" in statements(answer)


def test_the_player_next_to_me_holds_the_tie() -> None:
    """BZ-098, BZ-110: "the player next to me turns out to have 3" is that player's hand, not
    the asker's: a tie on the call is false, 25 for the caller and 0 for the tied player."""
    table = read_table(Question.read("I call with 3 and the player next to me has 3."))
    assert [h.value for h in table.holders] == [3, 3]
    answer = reply(
        "I called BALZAK! with 3 and the player next to me turns out to have 3 as well. "
        "Who scores what?"
    )
    assert answer.text.startswith("A false BALZAK!: you write 25")


def test_a_tie_said_after_but() -> None:
    """BZ-098, BZ-110: "but the player across from me also had 4" is a hand, and the third
    player's 9 is written."""
    answer = reply(
        "I called BALZAK! on 4 points, but the player across from me also had 4 and the third "
        "player had 9. Who writes what?"
    )
    assert "you write 25" in answer.text and "writes 9" in answer.text


def test_my_two_opponents_are_two_players() -> None:
    """BZ-098: "my two opponents have 6 and 5" are two hands; 5 ties the caller's 5."""
    answer = reply("I called with 5. My two opponents have 6 and 5. What are the scores?")
    assert answer.position is not None and answer.position["players"] == 3
    assert "false" in answer.text


def test_the_caller_named_as_the_caller() -> None:
    """BZ-090, BZ-091, BZ-080: "the caller has 5" is the calling player; the asker's 2 and Lul
    count 12 after the good call."""
    answer = reply(
        "Three players. The caller has 5. I have a 2 and The Lul, the third player has 6. "
        "What do I write?"
    )
    assert answer.text.startswith("12.")


def test_one_players_score_asked_by_name() -> None:
    """BZ-098, BZ-100, BZ-102: "what does Jan write?" after a false call: the lowest other hand
    (Piet's 1) writes 0 and Jan writes his 2."""
    answer = reply("Ik roep BALZAK! met 3, Piet heeft 1 en Jan heeft 2. Wat schrijft Jan op?")
    assert answer.text.startswith("2.")
    whether = reply("I called with 3, Piet has 1 and Jan has 2. Does Jan also get to write 0?")
    assert whether.text.startswith("No.")


def test_a_negative_hand_is_never_written_below_zero() -> None:
    """BZ-094, BZ-095: the number asked ("schrijf ik -1 op?") is no hand: a good call with -1
    writes 0."""
    answer = reply("Ik had een goede BALZAK! met -1 punten. Schrijf ik dan -1 op?")
    assert answer.text.startswith("Nee.")
    assert answer.position is not None and answer.position["hands"][0] == ["-1"]


def test_a_point_taken_off_asks_the_score_not_whether_the_call_was_good() -> None:
    """BZ-094, BZ-095: near miss: "good" said in the story but not asked ("do I get a point
    taken off?") asks whether the score goes down, not whether the call was good: No (a good
    call writes 0, never below), never the Yes of "was it good?"."""
    question = Question.read(
        "I called a good BALZAK! with the bruisbal as my only card. Do I get a point taken off?"
    )
    answer = ANSWERS.answer(question)
    assert answer is not None and answer.text.startswith("No.")
    assert "You write 0" in answer.text


def test_a_score_asked_is_not_a_call_asked() -> None:
    """BZ-094: near miss: "do I get -2 on the sheet?" asks a score, not whether one may call;
    the reply says No, 0."""
    answer = reply(
        "I hold two Bruisballen and call BALZAK!; everyone else is above me. Do I get -2 on the "
        "sheet?"
    )
    assert answer.text.startswith("No.")
    assert "You write 0" in answer.text


def test_a_hand_worth_from_its_cards() -> None:
    """BZ-055, BZ-080: a hand of 3, 4, -1 and 0 is worth 6; 2, 2 and The Lul 14."""
    assert reply("3, 4, -1 and 0 in my hand: what is it worth?").text.startswith("6 points.")
    assert reply("What is my hand worth: 2, 2 and the Lul?").text.startswith("14 points.")


def test_a_cards_worth_asked_yes_or_no() -> None:
    """BZ-080, BZ-056: "lul worth 10?" Yes; "is the blue ball worth 10?" No (11)."""
    assert reply("lul worth 10?").text.startswith("Yes.")
    assert reply("Is the blue ball worth 10?").text.startswith("No.")
    assert reply("telt de lul 10 punten?").text.startswith("Ja.")
