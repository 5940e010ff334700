"""Balam's catastrophes that strike cities by their place ("4 - KATUN > NEGATIVE EVENTS": the
Tidal wave and the Volcanic eruptions), asked yes or no: another king's card and no city in the
place played by the engine (checked by the referee), the prisoners the Mayas hold and the choice
to lose rather than pay worked out from the rule (not checked)."""

from __future__ import annotations

import pytest

from gametable.games.balam.answers import ANSWERS
from gametable.rulebook.question import Question


def _reply(text: str, checked: bool = False):
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None and reply.checked == checked, text
    return reply


@pytest.mark.parametrize(
    ("text", "start"),
    [
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


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Tidal wave, but none of my cities are on the seashore. Do I lose anything?", "No:"),
        ("Anna trekt een vulkaanuitbarsting. Verlies ik mijn stad naast de vulkaan?", "Nee:"),
        (
            "My opponent turned over Volcanic eruptions and didn't pay. Two of MY cities are "
            "right next to a volcano. Do I lose them?",
            "No:",
        ),
    ],
)
def test_another_kings_card_or_no_city_there_is_played_by_the_engine(text, start):
    """BA-163, BA-168, BA-190, BA-191: the card strikes only the king who turns it over, and
    only his cities in its place, as the engine plays it."""
    assert _reply(text, checked=True).text.startswith(start)


def test_the_prisoners_paid_are_not_counted_as_held():
    """BA-166, BA-191: "a prisoner in a reserve and another on a garrison" are the 2 the Mayas
    hold; "pay the 2 prisoners" is the price, not more prisoners."""
    reply = _reply(
        "Tidal wave on my turn; I have cities on the seashore, and my Mayas have a prisoner in a "
        "reserve and another on a garrison. Can I pay the 2 prisoners and keep my coastal cities?"
    )
    assert reply.text.startswith("Yes:") and "they hold 2" in reply.text
