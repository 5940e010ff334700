"""Situations worked out by the referee, said in ways the earlier readers missed.

Each test phrases one rule's situation in a few ways (other numbers, other names, English and
Dutch) and checks the reply against the engine: the hand of a list that names action cards
between its numbers, a Dutch call said in the perfect tense, a total of one other player who
calls, the totals of a game's final round, the first turn of a round, and where the card comes
from after discarding several of one value.
"""

from __future__ import annotations

import re

import pytest
from balzakken_helpers import GAME, position
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


_NAMES = {"en": {"L": "the Lul", "S": "the Swinger"}, "nl": {"L": "De Lul", "S": "De Swinger"}}


@settings(max_examples=50, deadline=None, derandomize=True)
@given(
    balzakken=st.lists(st.integers(-1, 11), min_size=2, max_size=3),
    action=st.sampled_from(["L", "S"]),
    where=st.integers(1, 2),
    lang=st.sampled_from(["en", "nl"]),
)
def test_hand_listed_with_an_action_card_between_its_numbers_scores_as_the_engine(
    balzakken: list[int], action: str, where: int, lang: str
) -> None:
    """BZ-071, BZ-081, BZ-082, BZ-098: "I hold 4, the Swinger, 2 and 9 when Tom calls": every
    card of the list is in the hand judged, and the points the reply gives are the engine's
    hand value (The Lul 10, The Swinger 0)."""
    cards = [str(v) for v in balzakken]
    cards.insert(min(where, len(cards) - 1), action)
    said = ", ".join(_NAMES[lang].get(c, c) for c in cards[:-1])
    if lang == "en":
        text = f"I hold {said} and {cards[-1]} when Tom calls BALZAK!. What do I write down?"
    else:
        text = f"Ik heb {said} en {cards[-1]} en Tom roept BALZAK!. Hoeveel punten schrijf ik op?"
    answer = checked(text)
    value = position([cards, ["-1"]], ["8"], to_move=1).view(0)["hand_value"]
    assert answer.position is not None
    assert sorted(answer.position["hands"][0]) == sorted(cards), text
    assert answer.text.startswith(f"{max(value, 0)}."), (text, answer.text)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Daan heeft BALZAK! geroepen en ik heb 3, 4 en 9. Hoeveel punten schrijf ik op?", "16."),
        ("Ik roep BALZAK! met 8 punten. Wat moet ik opschrijven?", "25."),
        ("Ik roep BALZAK! met 6 punten, foutje. Wat moet ik noteren?", "25."),
    ],
)
def test_dutch_calls_in_the_perfect_tense_and_what_is_written(text: str, start: str) -> None:
    """BZ-098, BZ-106: "heeft BALZAK! geroepen" is a call; "opschrijven" asks what is written."""
    answer = checked(text)
    assert answer.text.startswith(start), (text, answer.text)
    assert answer.lang == "nl"


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Tom is on 44 and makes a false BALZAK!. Where does he end up?", "44 + 25 = 69"),
        ("Opa is op 74 en doet een valse BALZAK!. Waar staat hij dan?", "74 + 25 = 99"),
        ("Sanne staat op 50 en doet een valse BALZAK!. Waar staat ze dan?", "50 + 25 = 75."),
    ],
)
def test_one_other_players_false_call_adds_25_to_their_total(text: str, verdict: str) -> None:
    """BZ-103, BZ-114..BZ-118: a question about one other player alone reads their total as the
    caller's, and the engine adds 25 (69 and 99 drop back)."""
    answer = checked(text)
    assert answer.text.startswith(verdict), (text, answer.text)
    state = GAME.state_from_json(answer.position)
    state.apply("balzak", state.to_move[0])
    assert str(state.view(0)["scores"][0]) in answer.text.split(". ")[0]


@pytest.mark.parametrize(
    ("text", "winner"),
    [
        ("Final round just got scored: Anna 102, me 37, Bob 37, Cas 55. Who wins?", r"you and bob"),
        ("Last round is over: Tim 99, me 101, Sara 60. Who is the winner?", r"^sara wins"),
        ("Laatste ronde: oma 40, opa 100, ik 40. Wie wint?", r"jij en je oma|je oma en jij"),
    ],
)
def test_totals_of_the_final_round_name_the_winners(text: str, winner: str) -> None:
    """BZ-009, BZ-010: the totals told after the last round: the fewest points win, ties
    share the win."""
    answer = checked(text)
    assert re.search(winner, answer.text, re.IGNORECASE), (text, answer.text)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        (
            "I was dealt 2, 1, 0, 1, -1, that's 3 points. It's my very first turn. Can I call?",
            "Yes.",
        ),
        ("It's my first turn and I hold 4, 1 and 0. May I call BALZAK!?", "Yes."),
        ("Het is mijn eerste beurt, ik heb 2, 2 en de Lul. Mag ik meteen BALZAK! roepen?", "Nee."),
    ],
)
def test_the_first_turn_of_a_round_is_a_turn_like_any_other(text: str, verdict: str) -> None:
    """BZ-036, BZ-047, BZ-050: on the first turn of a round a call is judged as on any turn."""
    assert checked(text).text.startswith(verdict), text


@pytest.mark.parametrize(
    "text",
    [
        "So if you throw down two 9s together, where does your new card come from?",
        "I put down three 5s at once. Where do I draw my card from?",
        "Ik leg twee achten tegelijk af, waar pak ik dan een nieuwe kaart?",
    ],
)
def test_after_several_of_one_value_the_card_comes_from_either_pile(text: str) -> None:
    """BZ-041: after discarding several of one value you draw back one card, from the draw pile
    or the card that lay on top of the discard pile before."""
    reply = ask("balzakken", text)
    said = reply.text.lower()
    assert re.search(r"draw pile|trekstapel", said), (text, reply.text)
    assert re.search(r"top of the discard pile|bovenop de aflegstapel", said), (text, reply.text)
