"""Guards against referee-checked replies that misread a question, with their near misses.

Each test names the misreading it closes: passing said with words between the verb and "past",
a question asking what to do answered with a bare verdict, a kind of card counted as the whole
pack, and a table size read from the word "teams" where the question asks for it.
"""

from __future__ import annotations

import re

import pytest

from gametable import load_game
from gametable.games.keezbord.answers import ANSWERS
from gametable.rulebook.chat import ask
from gametable.rulebook.question import Question


def _reply(text: str):
    return ask("keezbord", text)


@pytest.mark.parametrize(
    "text",
    [
        "My 7 moves my pawn past an opponent's pawn. Is that pawn hit?",
        "My 8 takes my pawn beyond his. Is he knocked off?",
        "Mijn 9 brengt mijn pion voorbij die van mijn tegenstander. Wordt hij geslagen?",
    ],
)
def test_passing_a_pawn_with_words_between_never_hits(text: str) -> None:
    """KB-038: a pawn moved past another does not hit it; only landing on it does."""
    reply = _reply(text)
    assert reply.text.startswith(("No", "Nee")), reply.text
    assert not reply.text.startswith(("Yes", "Ja"))


def test_landing_on_a_pawn_still_hits() -> None:
    """KB-038, KB-024: the near miss: a 7 that ends on the opponent's pawn hits it."""
    reply = _reply("My 7 lands exactly on an opponent's pawn. Is that pawn hit?")
    assert not reply.text.startswith(("No", "Nee")), reply.text


@pytest.mark.parametrize(
    "text",
    [
        "Two players, all my pawns are on the board and my only card is a King. What do I do?",
        "All four of my pawns are out on the board and all I hold is a King. What now?",
        "Ik heb alleen nog een Heer en mijn nest is leeg; we spelen met z'n tweeën. Wat nu?",
    ],
)
def test_a_king_with_an_empty_nest_is_handed_in(text: str) -> None:
    """KB-046, KB-026, KB-027: a King with no pawn in the nest cannot be played, so a hand of
    only Kings is handed in; the referee's legal actions are only 'hand in'."""
    reply = _reply(text)
    assert reply.checked, reply.text
    assert re.search(r"hand in|lever", reply.text, re.IGNORECASE), reply.text
    assert not re.match(r"(yes|no|ja|nee)\b", reply.text, re.IGNORECASE)
    state = load_game("keezbord").state_from_json(reply.position)
    assert [str(a) for a in state.legal_actions(0)] == ["hand in"]


def test_a_hand_with_more_than_kings_on_a_full_board_is_not_judged() -> None:
    """KB-023: the near miss: with a 5 beside the King the answer depends on where the pawns
    stand, which the question does not say, so the referee does not judge it."""
    reply = _reply("All my pawns are on the board and I hold a King and a 5. What do I do?")
    assert not reply.checked or "hand in" not in reply.text.lower()


def test_a_what_question_never_gets_a_bare_verdict() -> None:
    """KB-046: 'what happens' asks for the outcome, not Yes or No."""
    for text in (
        "All my pawns are on the board and I play my King. What happens?",
        "My nest is empty and I play a King. What do I do?",
    ):
        reply = _reply(text)
        assert not (reply.checked and re.match(r"(yes|no)\b", reply.text, re.IGNORECASE)), (
            reply.text
        )


@pytest.mark.parametrize(("players", "want"), [(2, 4), (4, 8), (6, 12)])
def test_placement_cards_are_the_aces_and_kings(players: int, want: int) -> None:
    """KB-021, KB-009 to KB-011: the placement cards are the Aces and the Kings, one of each
    per player."""
    reply = _reply(f"With {players} players, how many placement cards are in the pack?")
    assert reply.checked and reply.text.startswith(f"{want} "), reply.text


def test_a_kind_of_card_is_never_counted_as_the_pack() -> None:
    """KB-009: the near miss: 'how many picture cards' is not the pack's 52 cards."""
    reply = _reply("How many picture cards are in the deck with 4 players?")
    assert not reply.text.startswith("52"), reply.text


def test_teams_play_with_four_or_six() -> None:
    """KB-065 to KB-069: teams are played with four or six players."""
    for text in (
        "Met hoeveel spelers speel je in teams?",
        "How many players do you need for teams?",
    ):
        reply = _reply(text)
        assert reply.checked and "4" in reply.text and "6" in reply.text, reply.text
        assert not reply.text.startswith("2 teams")


def test_teams_at_a_stated_table_are_counted() -> None:
    """KB-065: the near miss: with six players stated, the number of teams is asked."""
    reply = _reply("With 6 players, how many teams are there?")
    assert reply.checked and reply.text.startswith("3 teams"), reply.text


@pytest.mark.parametrize(("text", "space"), [
    ("In a 4-player game, which space is seat b's start?", 16),
    ("With 6 players, which space is seat d's start?", 48),
    ("With 2 players, which space is the second player's start?", 32),
])  # fmt: skip
def test_a_seats_start_is_the_boards(text: str, space: int) -> None:
    """KB-041: each seat's start space, read from a new game's board."""
    reply = _reply(text)
    assert reply.checked and reply.text.startswith(f"Space {space}."), reply.text
    assert (
        load_game("keezbord")
        .state_from_json(reply.position)
        .view(None)["starts"]["abcdef".index({16: "b", 48: "d", 32: "b"}[space])]
        == space
    )


def test_a_pass_that_knocks_off_is_asked_whether_hit() -> None:
    """KB-038: 'does that knock it off' after passing asks whether the pawn is hit: No."""
    reply = _reply("My 9 carries my pawn past the opponent's pawn. Does that knock it off?")
    assert reply.text.startswith("No"), reply.text


@pytest.mark.parametrize(
    "text",
    ["how many players are on a football team", "how many teams play in a chess tournament?"],
)
def test_question_about_another_game_is_not_answered_by_the_referee(text: str) -> None:
    """KB-065 near miss: a count of players or teams asked about another game or a sport is not
    Keezbord's; the referee never answers it."""
    assert ANSWERS.answer(Question.read(text)) is None


@pytest.mark.parametrize(
    "text",
    [
        "Is my pawn safe from being hit when it is 5 spaces ahead of an opponent?",
        "His pawn is 3 spaces in front of mine. Is it safe from my 3?",
    ],
)
def test_safety_is_never_answered_as_whether_a_move_is_allowed(text: str) -> None:
    """KB-038, KB-041 near miss: "is it safe" asks whether a pawn can be hit; a reader that
    judges whether a move is allowed never answers it (its Yes would mean the opposite)."""
    reply = ANSWERS.answer(Question.read(text))
    assert reply is None or not reply.text.startswith("Yes."), reply


def test_another_player_moving_is_not_built_as_the_askers_move() -> None:
    """KB-038 near miss: "if he plays a 4" is the opponent's move; the referee never judges it
    as the asker's own 4 (it judges his, or nothing: a 4 takes his pawn away from mine)."""
    reply = ANSWERS.answer(
        Question.read(
            "An opponent's pawn is 4 spaces behind mine. If he plays a 4, is my pawn hit?"
        )
    )
    if reply is not None:
        assert reply.position is not None and reply.position["to_move"] == 1, reply
        assert reply.text.startswith("No."), reply.text


def test_card_steps_with_another_pawn_is_not_a_plain_card_fact() -> None:
    """Card Meanings near miss: "a 3 on the back one" with a pawn 3 ahead is a move onto one's
    own pawn (it hits it, KB-038), not the plain fact of how far a 3 goes."""
    reply = ANSWERS.answer(
        Question.read(
            "There is a pawn of mine 3 spaces ahead of my other pawn. Can I play a 3 on the back one?"
        )
    )
    assert reply is None or reply.text.startswith("Yes."), reply


def test_his_pawn_on_my_start_in_dutch_is_not_on_its_own_start() -> None:
    """KB-041 near miss: "zijn pion staat op mijn startvak" is an opponent's pawn on the asker's
    start space, unprotected: the asker's Ace placing a pawn hits it."""
    reply = ANSWERS.answer(
        Question.read("Zijn pion staat op mijn startvak. Ik speel een aas. Wat gebeurt er?")
    )
    assert reply is not None and reply.checked and "geslagen" in reply.text, reply


@pytest.mark.parametrize(
    "text",
    [
        "Mijn pion staat 2 plaatsen achter een pion van mijn tegenstander, die niet op zijn "
        "startvak staat. Ik speel een 2. Wat gebeurt er?",
        "My pawn is 3 spaces behind an opponent's pawn. I play a 3. What happens?",
    ],
)
def test_a_pawn_said_to_stand_out_is_never_judged_in_the_nest(text: str) -> None:
    """KB-021, KB-049: a question that puts the asker's pawn on the board is judged, if at all,
    on a position with that pawn out of the nest (a reading that left it in the nest once
    answered 'only an Ace or a King places a pawn', checked)."""
    reply = ask("keezbord", text)
    if reply.checked:
        assert reply.position is not None
        assert any(p != "N" for p in reply.position["pawns"]["a"]), reply.position
    assert (
        "Alleen een Aas of een Heer" not in reply.text and "Only an Ace or a King" not in reply.text
    )


@pytest.mark.parametrize(
    "text",
    [
        "Six players, first deal of the cycle: how many cards are dealt in total, and how many stay "
        "in the pack?",
        "The pack is used up. Who deals next, and how many cards does everyone get?",
    ],
)
def test_two_things_asked_get_no_checked_half_answer(text: str) -> None:
    """KB-004, KB-008 to KB-012: a question asking two things at once is not given a referee-
    checked reply that works out only one of them (one number where two are asked)."""
    reply = ask("keezbord", text)
    if reply.checked:
        head = re.split(r"(?<=[.!?])\s", reply.text, maxsplit=1)[0]
        assert len(re.findall(r"\b\d+\b", head)) >= 2, reply.text


def test_two_things_asked_and_both_worked_out_stay_checked() -> None:
    """KB-004, KB-029: 'how many in the first round, and how many after that?' is answered with
    both numbers by the referee."""
    reply = ask(
        "keezbord", "How many cards does everyone get in the first round, and how many after that?"
    )
    assert reply.checked and re.match(r"5 cards each\b.*\bthen 4\b", reply.text), reply.text


@pytest.mark.parametrize(
    "text",
    [
        "My pawn is 5 spaces behind an opponent's pawn, and my partner's pawn is in between. I "
        "play a 5. Is it hit?",
        "My pawn is 3 steps from the first space of my home, which is full. I play a 3. Where "
        "does it end?",
        "An opponent's pawn is 5 spaces ahead of my pawn and another opponent pawn is 2 ahead. I "
        "play a 5. Is it hit?",
    ],
)
def test_a_pawn_or_a_full_home_the_position_does_not_hold_is_not_judged(text: str) -> None:
    """KB-038, KB-044 near miss: a pawn in between, a second opponent's pawn or a full home
    that no reader places leaves the question to the rules text, unchecked."""
    reply = ANSWERS.answer(Question.read(text))
    assert reply is None, reply
