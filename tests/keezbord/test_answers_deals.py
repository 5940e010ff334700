"""The deal's counts (cards over one run of the pack, deals per pack, one deal's cards in all,
the first and the later deal sizes), each checked against a new game of the engine."""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.rulebook.chat import ask

KEEZBORD = load_game("keezbord")


def _pack(players: int) -> int:
    position = KEEZBORD.new_game(players, seed=0).to_json()
    return len(position["deck"]) + sum(len(h) for h in position["hands"])


@pytest.mark.parametrize("players", [2, 4, 6])
def test_one_run_of_the_pack_deals_the_pack_out_evenly(players: int) -> None:
    """KB-004, KB-009 to KB-011: over one run of the pack every player gets the pack's share."""
    reply = ask(
        "keezbord",
        f"With {players} players, over a whole run of the pack, how many cards does each player get?",
    )
    assert reply.checked, reply.text
    assert reply.text.startswith(f"{_pack(players) // players} cards each."), reply.text


@pytest.mark.parametrize("players", [2, 4, 6])
def test_first_deal_hands_out_five_a_player(players: int) -> None:
    """KB-004: the first deal of a pack gives each player 5 cards, as a new game shows."""
    hands = KEEZBORD.new_game(players, seed=0).to_json()["hands"]
    reply = ask("keezbord", f"{players} players, first deal: how many cards go out in total?")
    assert reply.checked and reply.text.startswith(f"{sum(len(h) for h in hands)} cards "), (
        reply.text
    )


def test_first_and_later_deal_sizes_in_dutch() -> None:
    """KB-004: 5 cards each in the first round of a pack, 4 in the later ones (Dutch reply)."""
    reply = ask(
        "keezbord", "Hoeveel kaarten krijgt iedereen in de eerste ronde, en hoeveel daarna?"
    )
    assert reply.checked and reply.lang == "nl", reply.text
    assert reply.text.startswith("5 kaarten per speler in de eerste ronde, daarna 4"), reply.text


def test_three_deals_use_up_a_pack() -> None:
    """KB-003, KB-004: a pack is dealt three times (5, 4, 4) before it is reshuffled."""
    reply = ask("keezbord", "2 players: how many deals till the cards are gone?")
    assert reply.checked and reply.text.startswith("3 deals."), reply.text


def test_deal_count_with_an_unread_part_is_not_checked() -> None:
    """KB-004 near miss: a count that also asks about cards played is not read as a deal count."""
    reply = ask(
        "keezbord",
        "how many cards first deal with 4 players, and how many do I have left after playing 2?",
    )
    assert not reply.checked, reply.text


@pytest.mark.parametrize(
    "question",
    [
        "how many cards does each player get with {n} players?",
        "We're {n} players: how many cards does everyone get?",
        "hoeveel kaarten krijgt iedereen met {n} spelers?",
    ],
)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_players_cards_asked_without_a_deal_are_the_deals_of_a_cycle(
    question: str, players: int
) -> None:
    """KB-004, KB-029: asked for each player's cards without naming a deal, the reply gives the
    first deal's size and the later ones' (never the size of the whole pack)."""
    first = len(KEEZBORD.new_game(players, seed=0).to_json()["hands"][0])
    reply = ask("keezbord", question.format(n=players))
    assert reply.checked, reply.text
    assert reply.text.startswith(f"{first} "), reply.text
    assert f"{_pack(players)}" not in reply.text.split(".")[0], reply.text
