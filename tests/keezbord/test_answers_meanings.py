"""One card alone ("what does the quen do", "queen = 12?", "kan de Heer ook een pion moven?"),
answered from the engine's legal plays with that card; and words that only look like a swap."""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.rulebook.chat import ask

KEEZBORD = load_game("keezbord")
_BOARD = {"a": [20, 10, "N", "N"], "b": [40, "N", "N", "N"]}


def _steps(card: str) -> int:
    """How far the engine moves a pawn on space 20 with ``card`` (negative: backward)."""
    position = {
        "game": "keezbord",
        "players": 2,
        "pawns": _BOARD,
        "hands": {"a": [card]},
        "to_move": 0,
    }
    state = KEEZBORD.state_from_json(position)
    state.apply(KEEZBORD.parse_action(state, f"{card} a1"), 0)
    return int(state.view(None)["pawns"][0][0]) - 20


@pytest.mark.parametrize(
    ("text", "card"),
    [("what does the quen do", "Q"), ("wat doet de vrouw?", "Q"), ("what does a four do", "4")],
)
def test_card_meaning_states_the_engines_steps(text: str, card: str) -> None:
    """KB-051, KB-060: the reply gives the steps the engine moves a pawn with the card."""
    reply = ask("keezbord", text)
    assert reply.checked and f"{abs(_steps(card))} " in reply.text, reply.text


@pytest.mark.parametrize(
    ("text", "yes"), [("queen = 12?", True), ("queen = 10?", False), ("ace = 1?", True)]
)
def test_card_equals_a_number_is_checked(text: str, yes: bool) -> None:
    """KB-049, KB-051: "queen = 12?" is Yes exactly when the engine moves a pawn 12 with it."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith("Yes." if yes else "No."), reply.text


@pytest.mark.parametrize(
    "text", ["kan de Heer ook een pion moven?", "can the king also move a pawn forward?"]
)
def test_king_never_moves_a_pawn(text: str) -> None:
    """KB-050: the engine offers no move of a pawn on the track with a King, only placing."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith(("No.", "Nee.")), reply.text


def test_changing_dealer_is_not_a_jack_swap() -> None:
    """KB-052 near miss: "wanneer wisselt de deler" speaks of the dealer changing, not of a
    Jack swapping pawns; the referee does not judge a swap for it."""
    reply = ask("keezbord", "wanneer wisselt de deler eigenlijk?")
    assert not reply.checked, reply.text


def test_two_cards_named_are_not_one_cards_meaning() -> None:
    """Card Meanings near miss: a question naming two cards is not read as one card's meaning."""
    reply = ask("keezbord", "what does the queen do with a 4?")
    assert not (reply.checked and reply.text.startswith("The Queen moves")), reply.text
