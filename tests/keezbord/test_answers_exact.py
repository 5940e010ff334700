"""Positions told space by space, each reply checked against the engine's own play of the
position it judged, with near misses the strict reading leaves to the rules text."""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.games.keezbord.answers import ANSWERS
from gametable.rulebook.question import Question

GAME = load_game("keezbord")


def _answer(text: str):
    return ANSWERS.answer(Question.read(text))


def _end_of(position, action: str, seat: int):
    state = GAME.state_from_json(dict(position))
    state.apply(GAME.parse_action(state, action), seat)
    pawn = action.split()[1]
    return state.view(None)["pawns"]["abcdef".index(pawn[0])][int(pawn[1]) - 1]


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("My pawn is on space 60 and I play a 5. Where does it end up?", "H2"),
        ("I'm seat a, my pawn is on space 2. I play a 4. Which space does it land on?", "62"),
        ("4 players, I'm seat b (start 16). My pawn is on space 10 and I play a 7 on it. "
         "Where does it go?", "H2"),
        ("Seat a, pawn on 55, empty home. I play a quen on it. Where does it stop?", "H4"),
        ("Ik ben speler a. Mijn pion staat op vak 62 en ik speel een 3. Waar komt hij terecht?",
         "H2"),
        ("Four players; my start is space 0 and my home turns off after space 63. Pawn's on 60 "
         "now, home's empty. I play a 5, where does it end up?", "H2"),
        ("Four players; my start is space 0 and my home turns off after space 63. Pawn on 50, "
         "I play the queen. Which space does it end on?", "62"),
        ("Four players. My start is 16, so my home turns off after 15. Pawn on 8, home empty, "
         "I play a 9. Where does it go?", "H2"),
        ("Mijn start is vakje 0 en na 63 ga ik de thuishonk in. Mijn pion staat op 61 en ik "
         "speel een 6. Waar komt hij terecht?", "H4"),
    ],
)  # fmt: skip
def test_where_a_pawn_ends_is_the_engines_move(text: str, end: str) -> None:
    """KB-035, KB-060, KB-061: a pawn moves its card's count, into its home exactly; the
    reply names the place the engine's own move ends on."""
    reply = _answer(text)
    assert reply is not None and reply.checked, text
    action = reply.details[0].split(": ")[1].split(" for ")[0]
    seat = reply.position.get("to_move", 0)
    assert str(_end_of(reply.position, action, seat)) == end
    assert end in reply.text.split(".")[0], reply.text


@pytest.mark.parametrize(
    ("text", "yes"),
    [
        ("4 players, I'm seat a. My pawn is on 27 and seat c has a pawn on 32, its own start. "
         "Can I play my 6?", False),
        ("4 players. Seat b has a pawn on 32, which is seat c's start, not b's. My pawn is on 27 "
         "and I play a 5. Is b's pawn hit?", True),
        ("An opponent's pawn is on 25 and mine on 20. I play a 9. Does my pawn hit his?", False),
        ("I'm seat a. My pawn is on 62 and I want to use a 6. Can I move it with the 6?", False),
        ("I have pawns on H2 and on space 62. Can I move the one on 62 with a 3?", False),
        ("Two players. My pawn a1 stands on my start space 0, a2 is on 30, the opponent has a "
         "pawn on 40. Can I use my Jack to swap a2 with his pawn?", True),
        ("Pawns on H2, H3, H4 and 60, but my only card is a 4. Do I have to play it?", True),
    ],
)  # fmt: skip
def test_told_positions_get_the_referees_verdict(text: str, yes: bool) -> None:
    """KB-035, KB-038, KB-041, KB-042, KB-044, KB-052, KB-023: the verdict is the referee's
    ruling on the position as told: a pawn on its own start blocks, one on another seat's start
    does not, passing never hits, a home space is exact and never passed, a must-play card."""
    reply = _answer(text)
    assert reply is not None and reply.checked, text
    assert reply.text.startswith("Yes" if yes else "No"), reply.text


def test_a_start_said_wrongly_is_not_judged() -> None:
    """KB-041: the near miss: a start space that is not the seat's on our board."""
    assert (
        _answer("4 players, I'm seat b (start 20). My pawn is on 10. I play a 7. Where does it go?")
        is None
    )


def test_a_start_that_is_no_seats_is_not_judged() -> None:
    """KB-041: "my start is 20" at four players names no seat's start (0, 16, 32, 48)."""
    assert (
        _answer(
            "Four players. My start is 20. Pawn on 8, home empty, I play a 9. Where does it go?"
        )
        is None
    )


def test_a_home_entry_said_wrongly_is_not_judged() -> None:
    """KB-035: the near miss: the last track space before the home is not the seat's on our
    board (seat a's home turns off after space 63 at four players)."""
    assert (
        _answer("Four players; my start is space 0 and my home turns off after space 60. Pawn "
                "on 50, I play the queen. Which space does it end on?")
        is None
    )  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "My pawn is on space 60 and I play a 5 unless he hits me. Where does it end up?",
        "My pawn is on space 60, not 61, and I play a 5. Where does it end up?",
        "My pawn is on space 60 and I play a 5 and then a 3. Where does it end up?",
        "My pawn is on space 60 if I remember right and I play a 5. Where does it end up?",
        "Seat e has a pawn on 20 and mine is on 15. I play a 5. Is e's pawn hit?",
    ],
)
def test_what_the_exact_reading_does_not_place_is_not_judged(text: str) -> None:
    """KB-035: a condition, a negation, a second card, a partner at a table of two, or a seat
    beyond the table: never judged from half the question."""
    reply = _answer(text)
    assert reply is None or not reply.checked or "H2" not in reply.text.split(".")[0]


def test_which_home_space_a_card_reaches_is_the_engines() -> None:
    """KB-035: asked which home space a card reaches from a told space, the reply names the
    home space the engine moves the pawn to."""
    game = load_game("keezbord")
    reply = ANSWERS.answer(
        Question.read(
            "In the app I'm seat a and my pawn is on space 60. I play a 6 on it. Which home space does it reach?"
        )
    )
    assert reply is not None
    state = game.state_from_json(dict(reply.position))
    state.apply(game.parse_action(state, "6 a1"), 0)
    assert reply.checked and str(state.view(None)["pawns"][0][0]) in reply.text.split(".")[0], (
        reply.text
    )
