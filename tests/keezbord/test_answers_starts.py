"""Pawns met on the track: an opponent's pawn on a start space that is not its own has no
protection, and which side of the asker's pawn the other stands decides what a card can hit;
every checked reply is compared with the engine's own ruling."""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.rulebook.chat import ask

KEEZBORD = load_game("keezbord")


def _engine_allows(reply) -> tuple[bool, list[list[object]]]:
    """Whether the engine allows the judged action on the judged position, and the pawns after."""
    state = KEEZBORD.state_from_json(dict(reply.position))
    action_text = next(d for d in reply.details if d.startswith("Judged: "))[len("Judged: ") :]
    action, _, seat = action_text.rstrip(".").partition(" for seat ")
    seat_index = "abcdef".index(seat)
    parsed = KEEZBORD.parse_action(state, action)
    allowed = parsed in state.legal_actions(seat_index)
    if allowed:
        state.apply(parsed, seat_index)
    return allowed, [list(p) for p in state.view(None)["pawns"]]


@pytest.mark.parametrize(
    "text",
    [
        "An opponent's pawn stands on my start space. Can I hit it?",
        "opp pawn is on MY start space (not his), can i hit it",
        "Een pion van een tegenstander staat op mijn startvak. Kan ik hem slaan?",
    ],
)
def test_opponent_on_my_start_is_hit_by_my_placing(text: str) -> None:
    """KB-021, KB-038, KB-041: only its own start space protects a pawn; the asker's King
    placing a pawn on the asker's start sends the opponent's pawn there to its nest."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith(("Yes.", "Ja.")), reply.text
    allowed, pawns = _engine_allows(reply)
    assert allowed and pawns[1][0] == "N" and pawns[0][0] == 0


def test_opponent_on_my_start_can_be_passed() -> None:
    """KB-041, KB-042: a pawn on another seat's start space can be passed (the engine lets a
    pawn move past it)."""
    reply = ask(
        "keezbord",
        "An opponent's pawn stands on MY start space, not his own. Can I jump over it with an 8?",
    )
    assert reply.checked and reply.text.startswith("Yes."), reply.text
    allowed, pawns = _engine_allows(reply)
    assert allowed and pawns[1][0] == 0


def test_opponent_on_a_third_players_start_is_hit() -> None:
    """KB-038, KB-041: an opponent's pawn on a third player's start space is hit by a move
    that ends on it."""
    reply = ask(
        "keezbord", "His pawn stands on another player's start space, not his own. Can I hit it?"
    )
    assert reply.checked and reply.text.startswith("Yes."), reply.text
    allowed, pawns = _engine_allows(reply)
    assert allowed and pawns[1][0] == "N"


def test_opponent_passing_my_own_pawn_on_my_start_is_not_read_as_theirs() -> None:
    """KB-041 near miss: "my pawn on my start space" is the asker's protected pawn, not an
    opponent's pawn on the asker's start."""
    reply = ask("keezbord", "Can my opponent pass my pawn on my start space?")
    assert not (reply.checked and reply.text.startswith("Yes.")), reply.text


@pytest.mark.parametrize(
    ("text", "hit"),
    [
        ("His pawn is 4 spaces behind mine. Can I hit it with a 4?", True),
        ("His pawn is 3 spaces behind mine. Can I hit it with a 4?", False),
        ("his pawn is 3 spaces in front of mine. Can I hit it with a 3?", True),
        ("My pawn is 5 spaces behind his. Can I hit it with a 6?", False),
        (
            "the other guy's pawn is 12 spaces ahead of mine and I have the quen. can I slaan him?",
            True,
        ),
    ],
)
def test_hit_asked_is_yes_only_when_the_engine_hits(text: str, hit: bool) -> None:
    """KB-038, KB-060: a move hits only the pawn it ends on; a card allowed but not ending on
    the pawn is a No, whichever side of the asker's pawn it stands."""
    reply = ask("keezbord", text)
    assert reply.checked, reply.text
    assert reply.text.startswith("Yes." if hit else "No."), reply.text
    allowed, pawns = _engine_allows(reply)
    assert allowed and (pawns[1][0] == "N") == hit


@pytest.mark.parametrize(
    "text",
    [
        "His pawn is 3 spaces behind mine. Can I hit it with a 3?",
        "My pawn is 3 spaces ahead of his. Can I hit it with a 3?",
        "Zijn pion staat 3 vakken achter de mijne. Kan ik hem slaan met een 3?",
    ],
)
def test_pawn_behind_is_never_built_ahead(text: str) -> None:
    """KB-038 near miss: a pawn said to stand behind the asker's is not judged as one ahead of
    it (a forward card cannot reach it; the reply is not a checked Yes)."""
    reply = ask("keezbord", text)
    assert not (reply.checked and reply.text.startswith(("Yes.", "Ja."))), reply.text


def test_landing_where_a_pawn_stands_sends_it_to_the_nest() -> None:
    """KB-038, KB-039: a move that ends where another pawn stands sends it to its nest."""
    reply = ask(
        "keezbord", "My 9 ends exactly where an opponent's pawn stands. What happens to it?"
    )
    assert reply.checked and "nest" in reply.text, reply.text
    allowed, pawns = _engine_allows(reply)
    assert allowed and pawns[1][0] == "N"


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("his pawn is 3 spaces in front of mine. I have a 3 and a 2. which card hits him?", "3"),
        (
            "An opponent's pawn is 5 spaces ahead of mine. I hold a 5, an 8 and a queen. Which card hits it?",
            "5",
        ),
    ],
)
def test_which_card_hits_is_the_one_that_ends_on_the_pawn(text: str, card: str) -> None:
    """KB-038: of the cards named, only the one the engine moves exactly onto the pawn hits it."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith(f"The {card}."), reply.text
    state = KEEZBORD.state_from_json(dict(reply.position))
    state.apply(KEEZBORD.parse_action(state, f"{card} a1"), 0)
    assert state.view(None)["pawns"][1][0] == "N"


def test_which_card_with_the_pawn_behind_is_not_built() -> None:
    """KB-038 near miss: a pawn behind the asker's is never judged as one ahead of it."""
    reply = ask(
        "keezbord", "His pawn is 3 spaces behind mine. I have a 3 and a 2. which card hits him?"
    )
    assert not reply.checked, reply.text


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        (
            "Can I put my pawn on the board with a King if my start space has my own pawn on it?",
            "No.",
        ),
        ("Mijn startvak is bezet door mijn eigen pion. Mag ik een Heer spelen?", "Nee."),
        ("Can I play an Ace when my start space is occupied by my own pawn?", "No."),
    ],
)
def test_the_start_space_said_to_hold_a_pawn_judges_the_placing(text: str, verdict: str) -> None:
    """KB-021, KB-049, KB-050: a start space said to 'have' or 'be occupied by' one's own pawn
    blocks placing (one's own pawn is never hit)."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith(verdict), reply.text
