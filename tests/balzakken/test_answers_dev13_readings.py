"""Readings a fresh set of questions asked for: points said in words, a misspelt or bare call,
two neighbours told apart, a number joined to a card, the deck and the players counted in
Dutch, a total on the sheet, a game's end told by its totals, and the Swinger with other cards.

Every reply here is the referee's; the property test compares a call against "mijn buurman" and
"mijn buurvrouw" with the engine's scoring of the same hands.
"""

from __future__ import annotations

import re

import pytest
from balzakken_helpers import position
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balzakken.answers import ANSWERS
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question


def checked(text: str) -> Answer:
    found = ANSWERS.answer(Question.read(text))
    assert found is not None and found.checked, text
    return found


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("ik heb drie punten en geen actiekaarten, mag ik balzak roepen", "Ja."),
        ("I have two points and a lull. balzack?", "No."),
        ("I have four points. balzak?", "Yes."),
        ("I have seven points, can I call balzac?", "Yes, but it costs you"),
        ("Ik heb twee punten en de Swinger. Mag ik roepen?", "Nee."),
    ],
)
def test_points_in_words_and_a_misspelt_or_bare_call(text: str, verdict: str) -> None:
    """BZ-036, BZ-047, BZ-104: "drie punten" is 3 points; "balzack?" asks whether one may
    call."""
    assert checked(text).text.startswith(verdict), text


@settings(max_examples=40, deadline=None, derandomize=True)
@given(mine=st.integers(-1, 8), his=st.integers(-1, 11), hers=st.integers(-1, 11))
def test_buurman_and_buurvrouw_are_two_players(mine: int, his: int, hers: int) -> None:
    """BZ-090..BZ-111: "mijn buurman heeft 4 en mijn buurvrouw 2" names two players; what each
    writes is the engine's score of the same hands."""
    text = (
        f"Ik roep BALZAK! met {mine} punten, mijn buurman heeft {his} en mijn buurvrouw {hers}. "
        "Wat schrijft iedereen op?"
    )
    answer = ANSWERS.answer(Question.read(text))
    if answer is None:
        return
    assert answer.checked, text
    state = position([[str(mine)], [str(his)], [str(hers)]], ["8"])
    state.apply("balzak", 0)
    points = state.view(None)["rounds"][-1]["points"]
    found = [int(n) for n in re.findall(r"schrijft? (-?\d+)", answer.text.split(". ")[0])]
    assert found == points, (text, answer.text)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Mijn buurman roept BALZAK! met 2 en ik heb 2 en een 0. Wat schrijf ik op?", "0."),
        ("Tom calls with 4 and I have 3 and a 1. What do I write?", "0."),
        ("Tom calls with 2 and I have 3 and a 1. What do I write?", "4."),
    ],
)
def test_a_number_joined_to_a_card_is_a_card_of_that_hand(text: str, start: str) -> None:
    """BZ-098, BZ-102: "ik heb 2 en een 0": a hand of a 2 and a 0 (2 points)."""
    answer = checked(text)
    assert answer.text.startswith(start), (text, answer.text)
    assert answer.position is not None and len(answer.position["hands"][0]) == 2


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Hoeveel kaarten zitten er in het hele spel?", "60."),
        ("Hoeveel kaarten heeft het spel?", "60."),
        ("Kunnen we met z'n tweeën spelen?", "Ja."),
        ("Kunnen we ook met z'n negenen spelen?", "Nee."),
        ("Can we play with just the two of us?", "Yes."),
    ],
)
def test_the_deck_and_the_players_counted_in_other_words(text: str, start: str) -> None:
    """BZ-014, BZ-019: the default deck of 60 cards; 2 to 8 players."""
    assert checked(text).text.startswith(start), text


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I have 50 on the sheet and score 19. New total?", "50 + 19 = 69, which drops back to 50"),
        ("I have 90 on the score sheet and get 9 this round. New total?", "90 + 9 = 99"),
        ("Ik heb 40 op het scoreblad en krijg er 29 bij. Nieuwe stand?", "40 + 29 = 69"),
    ],
)
def test_a_total_on_the_sheet_said_without_points(text: str, start: str) -> None:
    """BZ-114..BZ-118: the total on the sheet, then this round's points."""
    assert checked(text).text.startswith(start), text


@pytest.mark.parametrize(
    ("text", "winner"),
    [
        ("Final: Anna 100, Ben 30, me 31. Who wins?", r"^ben wins"),
        ("Anna 104, Ben 30, me 31. Who wins?", r"^ben wins"),
        ("Eind van het spel: oma 101, opa 20, ik 20. Wie wint er?", r"jij en je opa|opa"),
    ],
)
def test_a_total_of_100_or_more_ends_the_game_and_the_fewest_win(text: str, winner: str) -> None:
    """BZ-009, BZ-010: a total of 100 or more ends the game; the fewest points win."""
    assert re.search(winner, checked(text).text, re.IGNORECASE), text


def test_totals_under_100_name_no_winner() -> None:
    """BZ-009: no total reaches 100: the game goes on, so no winner is named."""
    found = ANSWERS.answer(Question.read("Anna 60, Ben 30, me 31. Who wins?"))
    assert found is None or not found.checked


@pytest.mark.parametrize(
    ("text", "start"),
    [
        (
            "I have the Swinger and 3 other cards. I play the Swinger on Kim, who has 5 cards. "
            "How many cards do I have now?",
            "5.",
        ),
        (
            "Ik heb de Swinger en 2 andere kaarten. Ik speel de Swinger op Kim, die 4 kaarten "
            "heeft. Hoeveel kaarten heb ik dan?",
            "4.",
        ),
    ],
)
def test_the_swinger_with_other_cards_takes_the_chosen_players_hand(text: str, start: str) -> None:
    """BZ-059..BZ-062: the Swinger is played and the hands change places: you hold theirs."""
    assert checked(text).text.startswith(start), text


def test_after_putting_down_a_pair_the_former_top_may_be_taken() -> None:
    """BZ-041: after several of one value, the card that lay on top may be drawn back."""
    text = (
        "After putting down a pair of 9s, may I take the card that was on top of the discard pile?"
    )
    assert checked(text).text.startswith("Yes."), text


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I have 7, 7 and 2 in my hand. Can I discard both sevens in one go?", "Yes."),
        ("Ik heb 4, 4 en 9. Mag ik beide vieren tegelijk afleggen?", "Ja."),
        ("I have 3, 3, 3 and 8. Can I discard all three threes at once?", "Yes."),
        ("i have two 7s, can i chuck both at once", "Yes."),
    ],
)
def test_several_of_one_value_named_in_words_from_a_listed_hand(text: str, start: str) -> None:
    """BZ-039..BZ-041: "both sevens" from a hand of 7, 7 and 2 go down together."""
    assert checked(text).text.startswith(start), text


def test_cards_named_in_words_that_the_hand_lacks_are_not_judged() -> None:
    """BZ-039: "both twos" from a hand with one 2 is no situation the hand allows."""
    found = ANSWERS.answer(Question.read("I have 7, 7 and 2. Can I discard both twos at once?"))
    assert found is None or not found.checked


@pytest.mark.parametrize(
    "text",
    [
        "mag ik balzak roepen als ik 2 punten heb maar de lul nog in mijn hand?",
        "Can I call BALZAK! with 3 points but the Swinger still in my hand?",
        "Ik heb 1 punt maar de Swinger zit nog in mijn hand. Mag ik roepen?",
    ],
)
def test_an_action_card_said_held_after_but_forbids_the_call(text: str) -> None:
    """BZ-047, BZ-048: "but the Lul still in my hand": the call is refused."""
    assert checked(text).text.split()[0] in ("No.", "Nee."), text
