"""Yes/no questions that set the scene first ("When I play the Lul, do I draw?"): the referee's
reply opens with its verdict, and a checked reply that would not say yes or no is left to the
rules text.

Each test asks the game's answers and checks the referee's reply against the engine's rule it
names; each near miss checks that a question the readers would half answer is left alone.
"""

from __future__ import annotations

import pytest

from gametable.games.balzakken.answers import ANSWERS
from gametable.games.balzakken.answers.asking import kind_asked
from gametable.rulebook.question import Question


def _answer(text: str):  # type: ignore[no-untyped-def]
    return ANSWERS.answer(Question.read(text))


@pytest.mark.parametrize(
    "text",
    [
        "When I play the Lul, do I draw a card to replace it?",
        "after i play de lul do i draw a card",
        "Once I have played The Lul on someone, do I take a new card myself?",
    ],
)
def test_player_of_the_lul_draws_nothing_verdict_first(text: str) -> None:
    """BZ-075: the player who plays The Lul draws nothing; a question asked after a clause
    that sets the scene gets the engine's "No" first."""
    reply = _answer(text)
    assert reply is not None and reply.checked
    assert reply.text.startswith("No")


def test_action_cards_in_front_stay_out_of_reshuffle_verdict_first() -> None:
    """BZ-122: when the draw pile runs out the action cards lying in front of players are not
    shuffled into the new draw pile; the reply opens with "No"."""
    reply = _answer(
        "When the draw pile runs out, do the action cards lying in front of players get "
        "shuffled back in too?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("No")


def test_swinger_player_draws_nothing_verdict_first() -> None:
    """BZ-061: nobody draws when The Swinger is played; asked after a scene-setting clause."""
    reply = _answer("When I play the Swinger, does the other player draw?")
    assert reply is not None and reply.checked
    assert reply.text.startswith("No")


def test_scene_clause_yes_no_is_read_as_yes_no() -> None:
    """BZ-075: the question's kind is yes/no when its asking verb follows a clause."""
    assert kind_asked(Question.read("When I play the Lul, do I draw a card?")) == "yesno"
    assert kind_asked(Question.read("als ik de Lul speel, mag ik dan trekken?")) == "yesno"


def test_what_happens_after_a_clause_is_not_yes_no() -> None:
    """BZ-085 near miss: "what happens if I call with -1, 0, 3 and 4" asks for an outcome, not
    a verdict: the referee works out 6 points and the call's 25."""
    question = Question.read("What happens if I call BALZAK! holding -1, 0, 3 and 4?")
    assert kind_asked(question) != "yesno"
    reply = ANSWERS.answer(question)
    assert reply is not None and reply.checked
    assert "25" in reply.text


@pytest.mark.parametrize(
    "text",
    [
        "where does the swinger go after i play it, discard pile?",
        "where does the lul end up once played, the pile?",
        "who draws after a lul, me?",
    ],
)
def test_a_guess_after_a_question_word_is_not_checked(text: str) -> None:
    """BZ-059, BZ-073 near miss: a question offering its own guess wants yes or no to the
    guess; the referee's readers do not judge guesses, so no checked reply is given."""
    reply = _answer(text)
    assert reply is None or not reply.checked


@pytest.mark.parametrize(
    "text",
    [
        "Can I put The Swinger in front of myself, just to get it out of my hand?",
        "can I play the lul in front of myself so it leaves my hand?",
        "Mag ik de Lul voor mezelf neerleggen om hem uit mijn hand te krijgen?",
    ],
)
def test_an_action_card_on_oneself_is_refused_whatever_follows(text: str) -> None:
    """BZ-032, BZ-033 (docs/rules/balzakken.md, targets of action cards): an action card goes in
    front of another player, never one's own; the referee refuses it however the question goes
    on after naming the asker as the target ("..., to get it out of my hand")."""
    reply = _answer(text)
    assert reply is not None and reply.checked, text
    assert reply.text.startswith(("No.", "Nee.")), reply.text


def test_an_action_card_on_another_player_said_with_ones_hand_stays_allowed() -> None:
    """BZ-033: playing the Lul on someone else to get it out of one's hand is allowed."""
    reply = _answer("Can I play the Lul on Tom to get rid of it from my hand?")
    assert reply is not None and reply.checked
    assert reply.text.startswith("Yes."), reply.text
