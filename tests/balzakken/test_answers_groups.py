"""Readings of Balzakken's situation grammar: a group said as a count of the others, a player named
by place ("the fourth had 8"), the score asked about ("who writes 0?"), family members as players,
"only" said of a hand, a hand listed after "Hand ...:", an empty hand on its turn, a new total said
again and a tasty total passed, a hand's points asked as "how much is that?".

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


def hands(text: str) -> list[tuple[list[str], list[int]]]:
    return [(h.cards, h.points) for h in read_table(Question.read(text)).holders]


def test_two_of_the_others_with_two_each_beat_the_caller_so_the_call_is_false() -> None:
    """BZ-098, BZ-110: "two of the others had 2 each" is two players on 2; a caller on 4 is
    beaten, so the call is false and costs 25, and the third other writes his 9."""
    said = "I called with 4. Two of the others had 2 each, the third had 9. Who writes what?"
    assert sorted(p for _, points in hands(said)[1:] for p in points) == [2, 2, 9]
    answer = reply(said)
    assert "false" in answer.text and "25" in answer.text and "9" in answer.text


def test_a_group_without_its_count_is_left_to_the_rules_text() -> None:
    """BZ-098 (near miss): "two of them had 2" names no group the grammar counts, so the 2 is
    not copied to a second player and the referee does not answer."""
    assert (
        ANSWERS.answer(Question.read("I called with 4. Two of them had 2. Who scores what?"))
        is None
    )


def test_the_zero_asked_about_is_no_hand() -> None:
    """BZ-098: "wie schrijft 0 op?" asks who writes 0; the 0 is no card of the sister's hand,
    and the sister on 2 beats the caller on 4."""
    said = "Iemand roept BALZAK! met 4 terwijl ik ook 4 heb en mijn zus 2. Wie schrijft 0 op?"
    assert [points for _, points in hands(said)] == [[4], [4], [2]]
    answer = reply(said)
    assert answer.lang == "nl" and "zus schrijft 0" in answer.text and "25" in answer.text


def test_a_son_who_calls_with_seven_points_pays_25() -> None:
    """BZ-104, BZ-106: a call with more than 5 points costs the caller 25 and the others write
    0; "mijn zoon" is a player and "maar 3" is the asker's hand."""
    answer = reply("Mijn zoon riep BALZAK! met 7 punten. Ik had er zelf maar 3. Wat krijgen we?")
    assert "zoon schrijft 25" in answer.text and "jij schrijft 0" in answer.text


def test_only_said_of_the_players_asked_is_read_but_only_before_a_card_or_number() -> None:
    """BZ-098 (near miss): "only if" stays a condition the grammar does not read."""
    question = "I called with 4 and my neighbour had 3. Do I only pay if the call was false?"
    assert ANSWERS.answer(Question.read(question)) is None


def test_a_hand_listed_after_hand_colon_is_the_askers() -> None:
    """BZ-080, BZ-091: "Hand when someone calls: 11, 11, 10, 9 and the Lul" is the asker's
    hand; the Lul counts 10, so the asker writes 51 after a good call."""
    answer = reply("Hand when someone calls a good balzak: 11, 11, 10, 9 and the Lul. My score?")
    assert answer.text.startswith("51")


def test_an_empty_hand_on_its_turn_must_call_and_a_bruisbal_makes_it_false() -> None:
    """BZ-125, BZ-098: an empty hand can only call on its turn; the opponent's Bruisbal (-1)
    is lower than 0, so the call is false and costs 25."""
    answer = reply("My hand is empty and my opponent has the Bruisbal. It's my turn. What happens?")
    assert answer.text.startswith("You must call BALZAK!") and "25" in answer.text


def test_an_empty_hand_without_the_turn_is_not_made_to_call() -> None:
    """BZ-125 (near miss): an empty hand whose turn is not said has not called."""
    question = "My hand is empty and my opponent has the Bruisbal. What happens?"
    reply_ = ANSWERS.answer(Question.read(question))
    assert reply_ is None or "must call" not in reply_.text


def test_a_total_past_69_does_not_drop_and_the_restated_sum_is_read() -> None:
    """BZ-114, BZ-117: only exactly 69 drops back to 50; 65 + 8 = 73 passes it and stays."""
    answer = reply("I'm at 65 and I get 8 this round, so 73. Do I go back to 50 as I went past 69?")
    assert answer.text.startswith("No.") and "73" in answer.text


def test_a_restated_total_that_is_not_the_sum_is_left_to_the_rules_text() -> None:
    """BZ-114 (near miss): "on 60 and score 5, so 66" does not add up: the referee is silent."""
    assert ANSWERS.answer(Question.read("I'm on 60 and score 5, so 66. Do I drop to 50?")) is None


def test_a_dutch_hand_still_held_after_a_good_call_lands_on_69() -> None:
    """BZ-091, BZ-117: "ik heb nog 11, 11 en 2" is the hand (24), not 11 points gained;
    45 + 24 = 69 drops back to 50."""
    answer = reply(
        "Ik sta op 45, iemand anders roept een goede BALZAK en ik heb nog 11, 11 en 2 in mijn "
        "hand. Wat wordt mijn stand?"
    )
    assert answer.text.startswith("45 + 24 = 69") and "50" in answer.text


def test_how_much_is_that_adds_up_the_hand() -> None:
    """BZ-055, BZ-056: each Balzak counts its value: 11 + 11 - 1 + 0 + 5 = 26."""
    answer = reply("My hand when the round ended: 11, 11, -1, 0 and 5. How much is that?")
    assert answer.text.startswith("26 points")
    assert reply("Ik heb -1, -1 en 2. Hoeveel punten heb ik in mijn hand?").text.startswith("0")
