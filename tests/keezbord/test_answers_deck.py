"""The cards left in the pack after some deals, asked in many ways, compared with the engine's
pack; a "what if" question whose last clause asks yes or no gets Yes or No; and the near
misses that must not be answered with another count."""

from __future__ import annotations

import re

import pytest

from gametable import load_game
from gametable.games.keezbord.cards import DEAL_SIZES
from gametable.rulebook.chat import ask

KEEZBORD = load_game("keezbord")


def _pack(players: int) -> int:
    position = KEEZBORD.new_game(players, seed=0).to_json()
    return len(position["deck"]) + sum(len(h) for h in position["hands"])


def _first_number(text: str) -> int:
    found = re.match(r"^(\d+)\b", text)
    assert found, text
    return int(found.group(1))


@pytest.mark.parametrize(
    ("text", "players", "deals"),
    [
        (
            "Four players, the dealer just dealt the second round. How many cards are left in the deck?",
            4,
            2,
        ),
        ("Six players, first deal just done. How many cards are still in the deck?", 6, 1),
        ("Just the two of us, first deal done. How many cards are left in the stock?", 2, 1),
        ("6 players: after the 5 card deal n one 4 card deal, how many cards left?", 6, 2),
        ("Met z'n vieren, na de tweede ronde, hoeveel kaarten zitten er nog in de stapel?", 4, 2),
        ("4 players, how many cards are left in the deck after the third deal?", 4, 3),
        (
            "we zijn met z'n zessen. hoeveel kaarten liggen er nog op de stapel na de eerste keer delen?",
            6,
            1,
        ),
    ],
)
def test_cards_left_in_the_pack_after_the_deals_said(text: str, players: int, deals: int) -> None:
    """KB-004, KB-009 to KB-011: the pack of the players' table less 5, then 4 and 4 cards a
    player for each deal made; checked by the referee."""
    reply = ask("keezbord", text)
    assert reply.checked, reply.text
    assert _first_number(reply.text) == _pack(players) - players * sum(DEAL_SIZES[:deals])


def test_cards_left_after_the_first_deal_match_the_engines_deck() -> None:
    """KB-004, KB-010: after the first deal the count is the deck the engine's new game holds."""
    reply = ask("keezbord", "Four players, first deal done: how many cards are still in the deck?")
    assert _first_number(reply.text) == len(KEEZBORD.new_game(4, seed=0).to_json()["deck"])


@pytest.mark.parametrize(
    "text",
    [
        "how many cards are left in the deck?",
        "how many cards are left in my hand after the first deal?",
        "Four players, the dealer deals the second round: how many cards are left in the deck?",
    ],
)
def test_the_pack_asked_without_the_deals_said_is_never_a_checked_count(text: str) -> None:
    """KB-003, KB-004: the pack asked for without the deals made, or a hand asked for, is never
    answered by the referee with the cards a dealer deals over a cycle (13 each)."""
    reply = ask("keezbord", text)
    assert not (reply.checked and reply.text.startswith("13"))


@pytest.mark.parametrize(
    "text",
    [
        "But what if I want to swap with my own partner's pawn with the jack, is that allowed?",
        "en als ik met de boer met mijn maatje wissel, mag dat?",
    ],
)
def test_what_if_a_jack_swaps_with_the_partner_is_answered_yes(text: str) -> None:
    """KB-052: a Jack may swap with a teammate's pawn; a "what if" question whose last clause
    asks yes or no starts with Yes (Ja)."""
    reply = ask("keezbord", text)
    assert reply.checked
    assert re.match(r"^(yes|ja)\b", reply.text, re.IGNORECASE), reply.text
