"""Balam's catastrophes that strike cities by their place ("4 - KATUN > NEGATIVE EVENTS": the
Tidal wave and the Volcanic eruptions), asked yes or no and worked out from the rule, never
marked as checked by the referee: another king's card, no city in the place, the prisoners the
Mayas hold, the choice to lose rather than pay."""

from __future__ import annotations

import pytest

from gametable.games.balam.answers import ANSWERS
from gametable.rulebook.question import Question


def _reply(text: str):
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None and not reply.checked, text
    return reply


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Tidal wave, but none of my cities are on the seashore. Do I lose anything?", "No:"),
        ("Anna trekt een vulkaanuitbarsting. Verlies ik mijn stad naast de vulkaan?", "Nee:"),
        (
            "tidal wave, i got 2 prisoners stored n 1 city on the coast. can i choose to lose "
            "the city instead of paying?",
            "Yes:",
        ),
        (
            "Ik trek een vloedgolf en heb 2 gevangenen in mijn opslag. Mag ik die gebruiken om "
            "mijn kuststeden te redden?",
            "Ja:",
        ),
        ("Tidal wave: I have 2 cities on the coast and only 1 prisoner stored. Can I pay?", "No:"),
    ],
)
def test_a_place_catastrophe_is_answered_by_its_rule(text, start):
    """BA-163, BA-165, BA-166, BA-168, BA-190, BA-191: the card strikes the king who turns it
    over; without a city in its place he loses nothing; 2 prisoners of his Mayas pay it; paying
    or losing is his choice."""
    assert _reply(text).text.startswith(start)


def test_the_prisoners_paid_are_not_counted_as_held():
    """BA-166, BA-191: "a prisoner in a reserve and another on a garrison" are the 2 the Mayas
    hold; "pay the 2 prisoners" is the price, not more prisoners."""
    reply = _reply(
        "Tidal wave on my turn; I have cities on the seashore, and my Mayas have a prisoner in a "
        "reserve and another on a garrison. Can I pay the 2 prisoners and keep my coastal cities?"
    )
    assert reply.text.startswith("Yes:") and "they hold 2" in reply.text
