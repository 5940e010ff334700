"""Balam's answers for standings told king by king: observatories at the divination and ball
courts at a ball game ("1 - DIVINATION", "4 - KATUN > NEUTRAL EVENTS"), each reply compared
with the engine's scoring, and near misses left to the rules text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.scoring import ball_game_points, divination_peeks
from gametable.rulebook.question import Question


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=2, max_size=4))
def test_divination_looks_told_king_by_king_match_the_engine(counts):
    """BA-084, BA-085, BA-087: a lone leader looks at NJ cards, a lone second at 1, two tied
    leaders at 1 each; every king's looks in the reply are the engine's."""
    others = ", ".join(str(c) for c in counts[1:-1])
    listed = f"{others} and {counts[-1]}" if others else str(counts[-1])
    text = (
        f"{len(counts)} players: I have {counts[0]} observatories, the others {listed}. "
        "How many cards do I look at?"
    )
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    looks = divination_peeks(counts, len(counts))
    assert reply.text.startswith(f"You look at {looks[0]} card"), (text, reply.text)
    assert f"look at {' and '.join(map(str, looks[1:]))}." in reply.text.replace(", ", " and ")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=2, max_size=4), st.integers(1, 9))
def test_ball_game_courts_told_king_by_king_match_the_engine(courts, cities):
    """BA-088, BA-179, BA-180: the asker's prestige at a ball game with every king's
    courts told is the engine's scoring."""
    others = " and ".join(str(c) for c in courts[1:])
    text = (
        f"Ball game: I have {courts[0]} ball courts, the others {others}. "
        f"I own {cities} cities. What do I win?"
    )
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    won = ball_game_points(courts, [cities] + [1] * (len(courts) - 1))[0]
    assert reply.text.startswith(f"{won} prestige points."), (text, reply.text)


def test_named_rivals_with_a_count_each_are_read():
    """BA-084, BA-087: "Anna and Bram have 1 each" is two rivals tied for second: nobody second."""
    reply = _reply("Three players: I have 2 observatories, Anna and Bram have 1 each. Who looks?")
    assert reply is not None and reply.checked
    assert reply.text.startswith(
        "You look at 3 cards; the others, with 1 and 1 observatories, look at 0 and 0"
    )


def test_a_rivals_ball_game_points_need_his_cities():
    """BA-179: asked what a rival wins without his cities, the reply is not checked."""
    reply = _reply(
        "Ball game: I have 1 court, the others 2 and 0. I own 4 cities. What does he win?"
    )
    assert reply is None or not reply.checked


def test_a_standing_with_an_unread_condition_is_left_to_the_rules_text():
    """BA-084: a condition the reader does not place ("unless") is not answered as checked."""
    reply = _reply(
        "I have 2 observatories, the others 1 and 0, unless someone builds one. How many cards?"
    )
    assert reply is None or not reply.checked


def test_one_player_with_the_most_courts_is_no_table_of_one():
    """BA-180: "one player has the most courts and I am second alone" is a lone second."""
    reply = _reply(
        "Ball game: one player clearly has the most courts, and I'm alone in second place with "
        "7 cities. My points?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("7 // 2 = 3 prestige")


def test_a_tie_for_the_most_observatories_looks_at_one_card_at_any_table():
    """BA-085, BA-086: two tied leaders look at 1 card each and three tied leaders at none,
    whatever the number of players, so the table need not be told."""
    two = _reply(
        "Two of us are tied for the most observatories. How many Katun cards can we look at?"
    )
    assert two is not None and two.checked and two.text.startswith("1 card.")
    three = _reply("Three of us tie for the most observatories. Who gets to peek?")
    assert three is not None and three.checked and three.text.startswith("None: 0 cards.")


def test_nobody_having_as_many_observatories_is_no_tie():
    """BA-084: "nobody has as many observatories as me" says the asker leads alone (NJ cards),
    although it says "as many"."""
    reply = _reply("3 players and nobody has as many observatories as me. How many cards do I see?")
    assert reply is not None and reply.checked and reply.text.startswith("3 cards.")


def test_a_group_that_is_not_the_tie_is_left_to_the_rules_text():
    """BA-086: "four of us" tied for the most is not a tie the reader builds: not checked."""
    reply = _reply("Four of us tie for the most observatories. Who gets to peek?")
    assert reply is None or not reply.checked


def test_a_terse_table_size_and_cards_per_round_is_worked_out():
    """BA-053: "3 players katun cards each round?" asks the number: one more than the players."""
    reply = _reply("3 players katun cards each round?")
    assert reply is not None and reply.checked and reply.text.startswith("4 Katun cards")
    asked = _reply("Do 3 players get katun cards each round?")
    assert asked is None or not asked.text.startswith("4 Katun cards")
