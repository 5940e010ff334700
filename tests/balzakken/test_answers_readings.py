"""Readings of Balzakken's situation grammar: hands said as lists, sums restated, counts of
players said in words, cards said not to be held, final totals, a total after another player's
call, the Lul on a player whose hand size is said.

Each test asks the game's answers (``games/balzakken/answers``) and checks the referee's reply
against the rule it names; the guard tests check that what the grammar does not read is left to
the rules text.
"""

from __future__ import annotations

import re

import pytest

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


def test_hand_said_as_a_list_is_its_cards() -> None:
    """BZ-036: "my hand is 0, 2 and 3" is three Balzakken worth 5, so the call is allowed."""
    table = read_table(Question.read("my hand is 0, 2 and 3, can I call BALZAK!?"))
    assert table.me.cards == ["0", "2", "3"] and table.me.points == []
    answer = reply("my hand is 0, 2 and 3 and no action cards. can i call balzak")
    assert answer.text.startswith("Yes.")
    assert answer.position is not None and answer.position["hands"][0] == ["0", "2", "3"]


def test_points_said_after_the_cards_restate_them() -> None:
    """BZ-047: "-1, 1 and a lul, so 0 points" is still a hand with The Lul: no call."""
    answer = reply("my hand is -1, 1 and a lul, so basically 0 points. balzak allowed?")
    assert answer.text.startswith("No.")
    assert "BZ-047" in statements(answer)
    assert answer.position is not None and sorted(answer.position["hands"][0]) == ["-1", "1", "L"]


def test_two_of_a_listed_hand_go_down_together() -> None:
    """BZ-039, BZ-040: from a hand of 6, 6 and 1 both 6s may be discarded at once (the 1 stays)."""
    answer = reply("My hand is 6, 6 and 1. May I throw away both 6s together?")
    assert answer.text.startswith("Yes.")
    assert "discard 2" in answer.text
    assert answer.position is not None and answer.position["hands"][0] == ["6", "6", "1"]


def test_cards_the_listed_hand_lacks_are_not_judged() -> None:
    """BZ-039: discarding 7s from a hand of 4, 4 and 9 is no position the grammar builds."""
    assert ANSWERS.answer(Question.read("I hold 4, 4 and 9. Can I discard two 7s?")) is None


@pytest.mark.parametrize(
    "text",
    [
        "Three of us: I call BALZAK! with 4, Sara has 1 and Piet has 1 as well. What happens?",
        "Two-player game: my opponent calls BALZAK! with 3 and I'm holding a 1, a 2 and a 0. "
        "What happens?",
    ],
)
def test_tie_on_the_lowest_hand_makes_the_call_false(text: str) -> None:
    """BZ-098, BZ-100, BZ-110: a hand as low as the caller's makes the call false: 25 for the
    caller, 0 for the lowest hands; the count of players said is the count judged."""
    answer = reply(text)
    assert "25" in answer.text and "0" in answer.text
    assert answer.position is not None
    assert answer.position["players"] == (3 if text.startswith("Three") else 2)


def test_a_shouted_call_tied_by_a_named_player_is_false() -> None:
    """BZ-098, BZ-100: "I shouted BALZAK! with 2 but Tom also had 2": false, 25 and 0."""
    answer = reply("I shouted BALZAK! with 2 points but Tom also had exactly 2. What do we write?")
    assert re.match(r"(?:A false BALZAK!: you write )?25\b.*\bTom writes 0", answer.text)


def test_a_card_no_longer_held_does_not_block_the_call() -> None:
    """BZ-036, BZ-047: once The Lul is gone, 3 points may call (in English and in Dutch)."""
    assert reply("I no longer hold The Lul and have 3 points. May I call BALZAK!?").text.startswith(
        "Yes."
    )
    dutch = reply("Mag ik BALZAK! roepen als ik De Lul niet meer heb en 3 punten heb?")
    assert dutch.text.startswith("Ja.") and dutch.lang == "nl"
    kept = reply("I no longer hold the Lul, I have the Swinger and 2 points. Can I call?")
    assert kept.text.startswith("No.") and "BZ-047" in statements(kept)


def test_lowest_final_total_wins_and_ties_share() -> None:
    """BZ-009, BZ-010: a game over with 104, 38 and 38: both players on 38 share the win."""
    answer = reply("Final scores are 104, 38 and 38. Who wins?")
    assert answer.text.startswith("The two players on 38 share the win")
    assert answer.position is not None and answer.position["scores"] == [104, 38, 38]
    assert reply("The totals are 45, 101 and 30, who is the winner?").text.startswith(
        "The player on 30 wins."
    )


def test_no_winner_before_a_total_reaches_100() -> None:
    """BZ-009: with every total under 100 the game goes on."""
    assert reply("Scores are 30, 45 and 60. Who has won?").text.startswith("Nobody yet")


def test_total_after_another_players_good_call_counts_the_lul() -> None:
    """BZ-092, BZ-080, BZ-009: on 95, a good call by another while holding 3, 4 and The Lul
    writes 17 for the asker: 112, and the game ends."""
    answer = reply(
        "I'm on 95 and someone calls a good BALZAK! while I hold 3, 4 and the Lul. What happens?"
    )
    assert answer.text.startswith("95 + 17 = 112: the game ends.")


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I had 87 and picked up 12 this round. What's my score now?", "87 + 12 = 99, which drops"),
        ("Ik sta op 66 en krijg er deze ronde 3 punten bij. Wat is mijn score?", "66 + 3 = 69"),
    ],
)
def test_tasty_total_drops_back(text: str, start: str) -> None:
    """BZ-114, BZ-117, BZ-118: 99 drops back to 75 and 69 to 50."""
    assert reply(text).text.startswith(start)


def test_a_total_stated_that_misses_69_stays() -> None:
    """BZ-114, BZ-117: "I'm on 70 after this round": no drop, only exactly 69 drops."""
    answer = reply("I'm on 70 after this round. Do I get to drop back to 50?")
    assert answer.text.startswith("No.") and "69" in answer.text


def test_lul_makes_a_player_with_a_hand_size_said_draw_two() -> None:
    """BZ-074: The Lul on Kim, who has 2 cards, leaves Kim with 4."""
    answer = reply(
        "I play The Lul on Kim, who has 2 cards. How many cards does Kim hold after that?"
    )
    assert answer.text.startswith("4.")
    assert answer.position is not None and len(answer.position["hands"][1]) == 2


def test_draw_pile_after_the_deal() -> None:
    """BZ-014, BZ-016, BZ-017: with 4 players 20 cards are dealt and 1 turned up: 39 are left."""
    answer = reply(
        "With 4 players, how many cards are left in the draw pile after dealing and turning up "
        "the first discard?"
    )
    assert answer.text.startswith("39.")


def test_cards_dealt_in_all_with_the_players_said() -> None:
    """BZ-014: 5 cards to each of 8 players is 40 cards."""
    assert reply(
        "With 8 players, how many cards get dealt at the start of a round?"
    ).text.startswith("5 each, 40 in all")


def test_swinger_still_in_hand_is_worth_nothing() -> None:
    """BZ-067: "what's it worth" of The Swinger in hand at a call: 0."""
    answer = reply("someone calls and I'm still holding a swinger, what's it worth")
    assert answer.text.startswith("0.")


@pytest.mark.parametrize(
    "text",
    [
        "I had the Lul and 3 points but played it. Can I call BALZAK!?",
        "I had 3 points and drew a 9. Can I call BALZAK!?",
        "I hold 3 points but the Lul is in front of me. Can I call?",
    ],
)
def test_guard_leaves_past_hands_and_contrasts_to_the_rules_text(text: str) -> None:
    """BZ-036: a hand said in the past or against a "but" is not built: no referee reply."""
    assert ANSWERS.answer(Question.read(text)) is None


def test_points_one_must_write_down_land_on_the_total() -> None:
    """BZ-114, BZ-118: "ik sta op 94 en moet er 5 bij schrijven" lands on 99, which drops to
    75; "have to write down 9" from 60 lands on 69, which drops to 50."""
    nl = ANSWERS.answer(Question.read("Ik sta op 94 en moet er 5 bij schrijven. Hoeveel heb ik?"))
    assert nl is not None and nl.checked and nl.text.startswith("94 + 5 = 99")
    assert "75" in nl.text
    en = ANSWERS.answer(Question.read("I'm on 60 and have to write down 9. What's my total?"))
    assert en is not None and en.checked and en.text.startswith("60 + 9 = 69")
    assert "50" in en.text
