"""Balam's turn of building counted in all ("Round Structure > B", "2 - CONSTRUCTIONS"): the
turn's riches first, then each building's cost, for up to three buildings on one site whose
size the question may tell, played in the engine and compared with the cost table; a site too
small for the buildings is not answered as checked."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.board import BASE_COST, DOUBLE, KINDS
from gametable.rulebook.question import Question

_BASE = ("village", "garrison", "palace", "temple")


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(_BASE), min_size=1, max_size=3, unique=True), st.integers(2, 4))
def test_a_turn_of_several_buildings_costs_the_turn_and_each_building(kinds, room):
    """BA-059, BA-093, BA-096, BA-099, BA-103, BA-106, BA-109: one riches for the turn, then each base
    building's cost, all on one site; buildings that need more spaces than the site has are
    not answered as checked."""
    named = " and a ".join(kinds)
    text = (
        f"I want a {named} on a new site with {room} free spaces this turn. How many riches "
        "do I spend in total?"
    )
    reply = _reply(text)
    plots = sum(2 if DOUBLE[KINDS.index(k)] else 1 for k in kinds)
    if plots > room:
        assert reply is None or not reply.checked, text
        return
    total = 1 + sum(BASE_COST[KINDS.index(k)] for k in kinds)
    assert reply is not None and reply.checked, text
    assert reply.text.startswith(f"{total} riches"), (text, reply.text)


def test_the_turns_payment_included_is_read_in_dutch():
    """BA-059, BA-109: "de beurtbetaling meegerekend" counts the turn's riches with the
    building: a temple in a turn costs 1 + 2."""
    reply = _reply(
        "Hoeveel rijkdommen kost een tempel in totaal als ik hem in mijn beurt bouw, de "
        "betaling voor de beurt meegerekend?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("3 rijkdommen")


def test_a_site_size_said_before_the_site_is_read():
    """BA-096, BA-099: "a free 3-plot site" holds a palace and a village (3 plots), not a
    palace and a temple (4)."""
    fits = _reply(
        "I want to found a new city on a free 3-plot site with a palace and a village in one "
        "turn. How many riches does the whole turn cost me?"
    )
    assert fits is not None and fits.checked and fits.text.startswith("4 riches")
    too_big = _reply(
        "I want to found a new city on a free 3-plot site with a palace and a temple in one "
        "turn. How many riches does the whole turn cost me?"
    )
    assert too_big is None or not too_big.checked
