"""A swap's points, hands after discarding several in Dutch, and counts of players said as the
subject ("Playing the Game > Action 2: Swap", "Important"; "Overview > Ready to start?").

Each reply is checked by the referee, and the property test compares the points a swap saves or
costs with the engine's hand values before and after the same swap.
"""

from __future__ import annotations

import re

import pytest
from balzakken_helpers import position
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balzakken.answers import ANSWERS
from gametable.rulebook.answer import Answer
from gametable.rulebook.chat import ask
from gametable.rulebook.question import Question


def checked(text: str) -> Answer:
    found = ANSWERS.answer(Question.read(text))
    assert found is not None and found.checked, text
    return found


_SWAP_QUESTIONS = (
    "I swap my {mine} for the top of the discard pile, which is a {top}. How many points lighter "
    "is my hand now?",
    "The top card is a {top}. If I swap my {mine} for it, how many points do I save?",
    "Ik ruil mijn {mine} met de bovenste kaart van de aflegstapel, dat is een {top}. Hoeveel "
    "punten minder heb ik?",
)


@settings(max_examples=50, deadline=None, derandomize=True)
@given(
    mine=st.integers(-1, 11),
    top=st.integers(-1, 11),
    template=st.sampled_from(_SWAP_QUESTIONS),
)
def test_a_swaps_points_are_the_engines(mine: int, top: int, template: str) -> None:
    """BZ-030: a swap puts the card from the hand on the discard pile and takes its top card:
    the hand changes by top - mine, as the engine's hand values say."""
    if mine == top:
        return
    answer = checked(template.format(mine=mine, top=top))
    state = position([[str(mine), "4"], ["9"]], [str(top)])
    before = state.view(0)["hand_value"]
    state.apply(f"swap {mine}", 0)
    change = before - state.view(0)["hand_value"]
    number = int(answer.text.split()[0])
    fewer = answer.text.split()[2].rstrip(".") in ("fewer", "minder")
    assert (number if fewer else -number) == change, answer.text
    assert answer.lang == ("nl" if template.startswith("Ik") else "en")


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Hoeveel kaarten heb ik nog als ik twee vijven tegelijk afleg? Ik heb 5 kaarten.", "4."),
        ("Ik heb 4 kaarten en leg drie zessen tegelijk af. Hoeveel kaarten heb ik dan?", "2."),
        ("Ik heb 6 kaarten. Hoeveel kaarten heb ik nog als ik twee achten weggooi?", "5."),
    ],
)
def test_several_of_one_value_said_before_a_dutch_verb(text: str, start: str) -> None:
    """BZ-039..BZ-041: "als ik twee vijven afleg": the verb said last; the hand loses the cards
    discarded and gains the one drawn back."""
    assert checked(text).text.startswith(start), text


def test_a_discard_never_answers_for_another_players_hand() -> None:
    """BZ-041: a discard changes only the discarder's hand; a count asked of another player
    after one is not given from a hand the question did not describe."""
    found = ANSWERS.answer(
        Question.read(
            "Ze heeft 4, 4, 4 en een 1. Hoeveel kaarten heeft ze als ze drie vieren afleg?"
        )
    )
    assert found is None or not re.match(r"^\d", found.text)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Can 9 people play Balzakken together?", "No."),
        ("Can 4 people play?", "Yes."),
        ("Kunnen 3 mensen samen spelen?", "Ja."),
        ("Kunnen 10 spelers meedoen?", "Nee."),
    ],
)
def test_a_count_of_players_said_as_the_subject(text: str, verdict: str) -> None:
    """BZ-014, BZ-019: 2 to 8 players, however the count is said."""
    assert checked(text).text.startswith(verdict), text


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I have 74 points and make a false BALZAK!. What is my new score?", "74 + 25 = 99"),
        ("I have 44 and make a false call. What's my total now?", "44 + 25 = 69"),
        ("Ik heb 60 punten en doe een goede BALZAK!. Wat is mijn stand?", "60 + 0 = 60"),
    ],
)
def test_points_held_before_ones_own_call_of_a_said_kind_are_the_total(
    text: str, said: str
) -> None:
    """BZ-093, BZ-103, BZ-114..BZ-118: more points than a calling hand holds, said before a
    good or false call, with the new total asked, are the total before the round."""
    assert checked(text).text.startswith(said), text


def test_a_few_points_before_a_false_call_are_no_total() -> None:
    """BZ-103: "I have 3 points and make a false BALZAK!": 3 is a hand, not a total."""
    found = ANSWERS.answer(Question.read("I have 3 points and make a false BALZAK!. My new score?"))
    assert found is None or "3 + 25" not in found.text


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Eindstand: ik 55, Mila 103, Joep 60. Wie heeft er gewonnen?", r"^jij wint"),
        ("Game over: Noor 45, Tim 45, Kees 100. Who has won?", r"noor.*tim|tim.*noor"),
        ("if i hav the lull and 2 pts can i shout balzak", r"^no\."),
        ("I call balzak with 2 but my buddy has 1. what do we write?", r"you write 25"),
        ("Ik roep met 4 en mijn neef heeft 6. Wie krijgt wat?", r"neef schrijft 6"),
    ],
)
def test_more_ways_of_naming_players_and_winners(text: str, said: str) -> None:
    """BZ-009, BZ-010, BZ-047, BZ-098: "wie heeft er gewonnen", "hav", "my buddy", "mijn neef"."""
    reply = ask("balzakken", text)
    assert reply.checked and re.search(said, reply.text, re.IGNORECASE), (text, reply.text)
