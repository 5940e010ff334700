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
    """BA-143, BA-151: a battle told with dice or obsidian is not read as a bare margin (the
    battle's own reader, :mod:`.warsums`, answers it from the engine's war arithmetic)."""
    reply = ask(
        "I beat his defence by 1 after rolling a skull; his city has a temple. Can I destroy it?"
    )
    assert reply is None or (reply.checked and reply.text.startswith("No."))
    assert (
        ask(
            "I destroyed 3 buildings, one garrison spent its obsidian and 2 empty "
            "garrisons are left. How many prisoners do I keep?"
        )
        is None
    )


def test_an_attack_and_a_defence_told_apart_destroy_up_to_their_difference():
    """BA-148: the attack minus the defence is spent on buildings, 1 point each (2 for a temple
    or palace), so "attack 5, defence 3" destroys up to 2; a margin of 0 or less destroys none."""
    up_to = ANSWERS.answer(
        Question.read("Mijn aanval is 5 en zijn verdediging 3. Hoeveel gebouwen verliest hij?")
    )
    assert up_to is not None and up_to.text.startswith("Hoogstens 2")
    none = ANSWERS.answer(
        Question.read("My attack is 4 and his defence 6. How many buildings do I destroy?")
    )
    assert none is not None and none.text.startswith("None")


def test_a_margin_covering_every_building_names_them():
    """BA-148, BA-159: a margin covering all the attacked city's buildings destroys them all,
    and the reply names them."""
    reply = ANSWERS.answer(
        Question.read(
            "I beat his defence by 3 and his city has a temple and a village. What can I destroy?"
        )
    )
    assert reply is not None and reply.text.startswith("All of them (the temple and the village)")


def test_the_attacker_may_build_at_once_on_a_city_he_emptied_said_in_dutch():
    """BA-159: a city whose last buildings the attacker destroyed belongs to no one, and the
    engine lets him build on it at once; asked in Dutch with "de laatste gebouwen"."""
    for text in (
        "Ik heb de laatste gebouwen van een vijandelijke stad vernietigd. Mag ik daar meteen bouwen?",
        "Mijn aanval heeft het laatste gebouw van zijn stad vernietigd. Mag ik daar meteen bouwen?",
    ):
        reply = ANSWERS.answer(Question.read(text))
        assert reply is not None and reply.checked and reply.text.startswith("Ja."), text


def test_each_skull_costs_a_garrison_even_in_a_won_attack():
    """BA-143, BA-144: each skull costs the attacker a garrison, whether the attack wins or
    not: "two skulls but won" loses 2."""
    reply = ANSWERS.answer(
        Question.read("I rolled two skulls but still won the fight. Do I lose garrisons anyway?")
    )
    assert reply is not None and reply.text.startswith("Yes: 2 garrisons")
    dutch = ANSWERS.answer(
        Question.read("Ik gooide 3 schedels maar won toch. Verlies ik garnizoenen?")
    )
    assert dutch is not None and dutch.text.startswith("Ja: 3 garnizoen")
