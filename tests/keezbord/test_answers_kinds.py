"""Kinds of question (counts, steps, parts of a 7, table sizes), each against the engine's own ruling."""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.rulebook.chat import ask


def _reply(text: str):
    return ask("keezbord", text)


def test_jack_swap_hits_nobody() -> None:
    """KB-052: a swap only changes two pawns' places; nobody goes to the nest."""
    for text in (
        "Does swapping with a Jack hit anyone?",
        "Wordt er iemand geslagen als ik met de Boer ruil?",
    ):
        reply = _reply(text)
        assert reply.checked and reply.text.startswith(("No.", "Nee.")), reply.text


def test_jack_cannot_take_a_pawn_from_a_nest() -> None:
    """KB-052: a Jack swaps only pawns on the track, never one in a nest."""
    reply = _reply("Can I swap my pawn with a pawn in someone's nest using the Jack?")
    assert reply.checked and reply.text.startswith("No."), reply.text


def test_pawn_on_another_players_start_is_not_protected() -> None:
    """KB-041, KB-042: only a pawn on its own start space is protected."""
    reply = _reply("One of my pawns is on an opponent's start space. Is it safe there?")
    assert reply.checked and reply.text.startswith("No.") and "own" in reply.text


def test_passing_in_dutch_never_hits() -> None:
    """KB-038: only landing on a pawn hits it; 'eroverheen' and 'langs' are passing."""
    for text in (
        "Sla ik een pion als ik eroverheen ga?",
        "Wordt een pion geslagen als ik er langs loop?",
    ):
        reply = _reply(text)
        assert reply.checked and reply.text.startswith("Nee."), reply.text


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize(("deal", "k"), [("first", 1), ("second", 2), ("third", 3)])
def test_cards_left_after_a_deal(players: int, deal: str, k: int) -> None:
    """KB-004, KB-009 to KB-011: the pack less every player's deals so far (5, then 4, 4)."""
    reply = _reply(
        f"With {players} players, how many cards are left in the pack after the {deal} deal?"
    )
    left = players * 13 - players * sum((5, 4, 4)[:k])
    assert reply.checked and reply.text.startswith(f"{left} cards"), reply.text


@pytest.mark.parametrize("first", [1, 2, 3, 4, 5, 6])
def test_second_part_of_a_split_seven(first: int) -> None:
    """KB-056, KB-057: the two parts of a 7 make 7."""
    reply = _reply(f"I play a 7 and move one pawn {first}. How many steps for the other one?")
    rest = 7 - first
    unit = "step" if rest == 1 else "steps"
    assert reply.checked and reply.text.startswith(f"{rest} {unit}."), reply.text


@pytest.mark.parametrize("steps", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("card", ["A", "2", "3", "5", "6", "8", "Q"])
def test_pawn_short_of_its_home_as_the_referee_rules(steps: int, card: str) -> None:
    """KB-035: a card takes a pawn into its home only when it lands exactly on a home space
    (compared with the engine's own legal moves from the same position)."""
    name = {"A": "an Ace", "Q": "a Queen", "8": "an 8"}.get(card, f"a {card}")
    reply = _reply(
        f"My pawn needs {steps} steps to reach the first space of my home. Can I play {name} on it?"
    )
    assert reply.checked, reply.text
    game = load_game("keezbord")
    state = game.state_from_json(dict(reply.position))
    legal = {str(a) for a in state.legal_actions(0)}
    assert reply.text.startswith("Yes." if f"{card} a1" in legal else "No."), reply.text


def test_no_placing_card_with_every_pawn_in_the_nest_hands_in() -> None:
    """KB-021, KB-026, KB-027: with every pawn in the nest and no Ace or King, the hand goes in."""
    for text in ("None of my pawns are out and I have no Ace or King. What now?",
                 "Ik heb nog geen pionnen op het bord, alleen een 4 en een 9. Wat nu?"):  # fmt: skip
        reply = _reply(text)
        assert reply.checked and (
            "hand in" in reply.text.lower() or "kaarten in" in reply.text.lower()
        )


def test_table_size_after_another_sentence() -> None:
    """KB-069: never an odd number of players."""
    reply = _reply("There are five of us. Can we play?")
    assert reply.checked and reply.text.startswith("No.")
