"""Balam's ball games and divinations told king by king ("4 - KATUN > NEUTRAL EVENTS",
BA-171..BA-174; "1 - DIVINATION", BA-083..BA-088), in the ways the fifth round's questions
told them: two asks about two kings' points ("how many do I get and how many does Anna
get?"), "my opponent" as a king, a name that is a Dutch word ("Dan"), the cards each king
looks at said with their noun; and two things asked in one question, each answered by its
reader (NJ + 1 cards laid out, NJ looked at by the lone leader)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.rulebook.question import Question

_NAMES = ("Anna", "Dan", "Ben")


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


def _ball_points(courts: list[int], cities: list[int]) -> list[int]:
    """The rulebook's ball game: only kings with a court take part; a lone leader wins his
    cities, two tied leaders or a lone second half theirs (rounded down), bigger ties nothing."""
    points = [0] * len(courts)
    playing = sorted({c for c in courts if c > 0}, reverse=True)
    if not playing:
        return points
    first = [i for i, c in enumerate(courts) if c == playing[0]]
    if len(first) == 1:
        points[first[0]] = cities[first[0]]
        if len(playing) > 1:
            second = [i for i, c in enumerate(courts) if c == playing[1]]
            if len(second) == 1:
                points[second[0]] = cities[second[0]] // 2
    elif len(first) == 2:
        for i in first:
            points[i] = cities[i] // 2
    return points


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=3, max_size=3),
    st.lists(st.integers(1, 9), min_size=3, max_size=3),
)
def test_ba171_two_kings_points_asked_apart_are_both_given(courts, cities):
    """BA-171..BA-174: "How many points do I get and how many does Anna get?": every king's
    points given, each the rulebook's."""
    court = ["no ball court" if c == 0 else f"{c} ball court{'s' if c > 1 else ''}" for c in courts]
    text = (
        f"Ball game card just came up, 3 players. I have {court[0]} and {cities[0]} cities, "
        f"Anna has {court[1]} and {cities[1]} cities, Dan has {court[2]} and {cities[2]} cities. "
        "How many points do I get and how many does Anna get?"
    )
    reply = _reply(text)
    if reply is None or not reply.checked:
        return  # a table the reader does not place: the rules text, never a wrong number
    points = _ball_points(courts, cities)
    head = reply.text.split(" prestige points")[0]
    assert re.search(rf"\bYou {points[0]}\b", head), (text, reply.text)
    assert re.search(rf"\bAnna {points[1]}\b", head), (text, reply.text)


def test_ba171_my_opponent_is_a_king_of_the_table():
    """BA-171: "my opponent has 2 ball courts and 5 cities, I have none and 7": he wins 5."""
    reply = _reply(
        "2 players, a ball game comes up: my opponent has 2 ball courts and 5 cities, I have no "
        "ball court and 7 cities. What do we each score?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("You 0 and your opponent 5 prestige points"), reply.text


def test_ba084_the_cards_looked_at_are_said_with_their_noun():
    """BA-084..BA-087: a lone leader of 4 looks at 4 cards, a tie for second at none; "Dan" is
    a king in an English question."""
    reply = _reply(
        "4-player game, start of round. I have 3 observatories, Dan and Eve have 1 each, Fay "
        "has none. How many cards do I get to peek at, and does Dan or Eve see anything?"
    )
    assert reply is not None and reply.checked
    assert "you 4 cards, Dan 0 cards (none), Eve 0 cards (none)" in reply.text, reply.text


@settings(max_examples=10, deadline=None)
@given(st.sampled_from((2, 3, 4)))
def test_ba079_two_asks_in_one_are_both_answered(players):
    """BA-079, BA-084: "how many Katun cards are laid out, and how many of them may the king
    with the most observatories look at?": NJ + 1 and NJ, both given before the reasons."""
    reply = _reply(
        f"With {players} players, how many Katun cards are laid out at the start of a round, and "
        "how many of them may the king with the most observatories look at?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith(
        f"{players + 1} Katun cards a round with {players} players ({players} + 1 = "
        f"{players + 1}). {players} cards."
    ), reply.text
