"""Balam's replies on a won battle's spoils: what a margin of attack over defence destroys
(a temple or palace takes 2 points, other buildings 1) and how many prisoners an attacking
city keeps (one per empty garrison), with near misses the readers must leave alone."""

from __future__ import annotations

from gametable.games.balam.answers import ANSWERS
from gametable.rulebook.question import Question


def ask(text: str):
    return ANSWERS.answer(Question.read(text))


def test_one_point_cannot_destroy_a_temple():
    """BA-148, BA-150: a temple takes 2 points of the margin, so 1 point destroys nothing."""
    reply = ask("We fought and I won by 1; the city has only a temple. May I destroy it?")
    assert reply is not None and not reply.checked
    assert reply.text.startswith("No") and "2" in reply.text


def test_margin_covering_every_building_destroys_them_all():
    """BA-150, BA-159: a margin of 3 covers a palace (2) and a village (1): both go."""
    reply = ask(
        "My attack beats his defence by 3 and his city holds a palace and a village. "
        "Can I destroy both?"
    )
    assert reply is not None and reply.text.startswith("Yes")


def test_dutch_margin_replies_in_dutch():
    """BA-150: a Dutch question about a 1-point margin against a palace gets a Dutch No."""
    reply = ask(
        "Mijn aanval is 1 hoger dan zijn verdediging en er staat alleen een paleis. "
        "Kan ik het vernietigen?"
    )
    assert reply is not None and reply.text.startswith("Nee")


def test_prisoners_kept_are_limited_by_empty_garrisons():
    """BA-151: 4 buildings destroyed with 3 empty garrisons keep 3 prisoners; one is lost."""
    reply = ask(
        "I destroyed 4 buildings and my attacking city has 3 empty garrisons. "
        "How many prisoners do I keep?"
    )
    assert reply is not None and reply.text.startswith("3 prisoners") and "lost" in reply.text


def test_near_miss_with_obsidian_or_dice_is_left_to_other_readers():
    """BA-143, BA-151: a battle told with dice or obsidian is not read as a bare margin."""
    assert (
        ask(
            "I beat his defence by 1 after rolling a skull; his city has a temple. "
            "Can I destroy it?"
        )
        is None
    )
    assert (
        ask(
            "I destroyed 3 buildings, one garrison spent its obsidian and 2 empty "
            "garrisons are left. How many prisoners do I keep?"
        )
        is None
    )
