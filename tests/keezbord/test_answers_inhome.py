"""Pawns in and just before the home told by their places (a home space by order or number, the
space just before the home, a move worked back from where it would land), each checked reply
compared with the engine's own ruling."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable import load_game
from gametable.rulebook.chat import ask

KEEZBORD = load_game("keezbord")
_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}
_CARD_WORD = {1: "an Ace", 2: "a 2", 3: "a 3", 5: "a 5", 6: "a 6", 8: "an 8"}


def _engine_allows(reply) -> bool:
    state = KEEZBORD.state_from_json(dict(reply.position))
    action = next(d for d in reply.details if d.startswith("Judged: "))[len("Judged: ") :]
    action = action.rstrip(".").partition(" for seat ")[0]
    return action in {str(a) for a in state.legal_actions(0)}


@settings(max_examples=30, deadline=None)
@given(space=st.integers(1, 4), steps=st.sampled_from(sorted(_CARD_WORD)))
def test_moving_up_inside_the_home_agrees_with_exact_count(space: int, steps: int) -> None:
    """KB-035: a pawn moves up inside its home only by an exact count that stays on a home
    space; the checked verdict is Yes exactly when space + steps is at most 4."""
    text = (
        f"My pawn is on the {_ORDINAL[space]} spot of my home and the rest of the home is empty. "
        f"Can I move it up with {_CARD_WORD[steps]}?"
    )
    reply = ask("keezbord", text)
    if not reply.checked:
        return
    assert reply.text.startswith("Yes." if space + steps <= 4 else "No."), (text, reply.text)
    assert _engine_allows(reply) == (space + steps <= 4)


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("pawn on h1 in my honk, my other pawn comes in w a 6 that'd land on h3. ok?", False),
        (
            "A pawn of mine is on h2. My other pawn comes in with a 5 that would land on h1. Allowed?",
            True,
        ),
        (
            "My front pawn is on H2 and another pawn is just before my home. Can I move that one into H1 with an Ace?",
            True,
        ),
    ],
)
def test_coming_in_behind_a_pawn_in_the_home(text: str, allowed: bool) -> None:
    """KB-044, KB-045: a pawn coming into the home may not pass a pawn already there; it may
    stop short of it."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith("Yes." if allowed else "No."), reply.text
    assert _engine_allows(reply) == allowed


def test_pawn_just_before_the_home_counts_into_it() -> None:
    """KB-035: from the last track space a 3 ends on the third home space."""
    reply = ask(
        "keezbord",
        "My pawn is on the space right before my home, which is empty, and I play a 3. Where does it go?",
    )
    assert reply.checked and "H3" in reply.text, reply.text


@pytest.mark.parametrize(
    "text",
    [
        "One pawn is on h1 and another is just before my home. Can I play a 2?",
        "One pawn is on h3 and another is just before my home. Can I play a 2?",
    ],
)
def test_which_pawn_moves_unsaid_is_not_built(text: str) -> None:
    """KB-035, KB-044 near miss: a pawn in the home and one before it, with no word for which
    moves, is not judged by the referee on one of them alone (the other might play the card)."""
    reply = ask("keezbord", text)
    assert not reply.checked, reply.text


def test_last_track_space_is_not_a_home_space() -> None:
    """KB-035 near miss: "the last space before my home" is on the track, not the last home space."""
    reply = ask("keezbord", "My pawn is on the last space before my home. Can I play a 5?")
    assert reply.checked and reply.text.startswith("No."), reply.text
    assert reply.position is not None and reply.position["pawns"]["a"][0] == 63


@pytest.mark.parametrize(
    ("text", "verdict", "pawns"),
    [
        (
            "My home has pawns on the 3rd and 4th spaces. My next pawn is 1 step from the first "
            "home space. Can I play a 2 to put it on the second home space?",
            "Yes.",
            ["H3", "H4"],
        ),
        (
            "My home has pawns on the third and fourth spaces. My next pawn is 1 step from the "
            "first home space. Can I play a 3 to move it to the third home space?",
            "No.",
            ["H3", "H4"],
        ),
    ],
)
def test_home_pawns_told_by_ordinal_and_the_target_space_is_no_pawn(
    text: str, verdict: str, pawns: list[str]
) -> None:
    """KB-035, KB-044: pawns told on home spaces by '3rd and 4th' stand there; the space the
    move is to end on ('put it on the second home space') holds no pawn; the referee judges
    the move into the free second space (allowed) and onto the held third (refused)."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith(verdict), reply.text
    assert reply.position is not None
    assert sorted(p for p in reply.position["pawns"]["a"] if str(p).startswith("H")) == pawns
