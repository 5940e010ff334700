"""Questions the readers once answered with a wrong referee-checked reply: a card asked to do
"only" one thing, a 7 told to go backwards, a dealer's cards in total, and cards dealt so far."""

from __future__ import annotations

from gametable.rulebook import chat


def test_a_card_asked_to_do_only_one_thing_is_not_judged_as_a_move() -> None:
    """KB-041..KB-043 (the Ace): "does the ace only bring a pawn out?" asks what the card can
    do, not whether one move is legal: no checked "Yes"."""
    reply = chat.ask("keezbord", "Does the ace only bring a pawn onto the board?")
    assert not (reply.checked and reply.text.startswith("Yes"))


def test_a_seven_told_to_go_backwards_gets_no_checked_yes() -> None:
    """KB-056: a 7 moves forward only; a split told with "2 steps back" is not judged as two
    forward parts."""
    for text in (
        "Can I split a 7 as 5 steps forward with one pawn and 2 steps back with another?",
        "Mag ik een 7 splitsen: 4 vooruit met de ene pion en 3 achteruit met de andere?",
    ):
        reply = chat.ask("keezbord", text)
        assert not (reply.checked and reply.text.startswith(("Yes", "Ja"))), text


def test_a_dealers_cards_in_total_count_every_player() -> None:
    """KB-003, KB-004: one dealer deals 5 + 4 + 4 cards to each player; in total that is 13
    times the players."""
    reply = chat.ask(
        "keezbord",
        "Two players: how many cards does one dealer deal out in total before someone else "
        "becomes dealer?",
    )
    assert reply.text.startswith("26 ")
    four = chat.ask(
        "keezbord", "With 4 players, how many cards does a dealer deal in total before the next?"
    )
    assert not (four.checked and four.text.startswith("13 "))


def test_cards_dealt_so_far_are_not_one_deals_size() -> None:
    """KB-004: "how many have been dealt after the first round" asks a sum over deals, not the
    size of the next deal: no checked per-deal count."""
    reply = chat.ask(
        "keezbord", "Met z'n vieren: hoeveel kaarten zijn er al gedeeld na de eerste ronde?"
    )
    assert not (reply.checked and reply.text.startswith("4 "))


def test_how_far_past_the_start_counts_on_past_the_last_sixteen_spaces() -> None:
    """KB-035: a pawn 37 spaces past its start moved 12 by a Queen stands 49 past it; the reply
    once said it as "15 spaces before your start: 37 + 12 = -15"."""
    reply = chat.ask(
        "keezbord",
        "My pawn stands 37 spaces past my own start and the way ahead is clear. I play a Queen "
        "on it. How many spaces past my start is it afterwards?",
    )
    assert reply.checked and reply.text.startswith("49 spaces past your start")
    assert "37 + 12 = 49" in reply.text
