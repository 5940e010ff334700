"""Balam's battles told with obsidian spent or the defender's neighbouring city: each reply
fought by the engine and compared with the rule's sums (attack = the dice plus the attacker's
obsidian, defence = the garrisons of the attacked city and of his city next to it plus his
obsidian), and near misses (obsidian held, not spent; the sides swapped; several neighbouring
cities in one breath) left to the rules text."""

from __future__ import annotations

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.answers.battle import battle_with_obsidian
from gametable.rulebook.question import Question


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


@settings(max_examples=40, deadline=None)
@given(
    faces=st.lists(st.sampled_from(["0", "1", "2", "3", "X"]), min_size=1, max_size=3),
    spent=st.integers(0, 3),
    theirs=st.integers(1, 3),
    beside=st.integers(0, 3),
    kept=st.integers(0, 2),
)
def test_a_battle_with_obsidian_and_a_neighbouring_city_sums_as_the_rule_says(
    faces, spent, theirs, beside, kept
):
    """BA-134, BA-139, BA-140, BA-143, BA-148: attack minus defence destroys that many of the
    attacked city's buildings (one point each); each skull costs a garrison. A city the
    question does not describe further holds enough one-point buildings for the margin (the
    rule's "attack - defence = buildings lost"), as far as its 4 plots go; a larger margin is
    answered "up to" the margin, the engine's totals worked out."""
    mine = len(faces)
    spent = min(spent, mine)
    kept = min(kept, theirs + beside)
    rolled = " and ".join("a skull" if f == "X" else f for f in faces)
    text = (
        f"I attack with {mine} garrison{'s' if mine > 1 else ''}, spend {spent} obsidian and "
        f"roll {rolled}. His city has {theirs} garrison{'s' if theirs > 1 else ''}"
        + (
            f" and his city next door {beside} garrison{'s' if beside > 1 else ''}"
            if beside
            else ""
        )
        + f", and he spends {kept} obsidian. How many buildings do I destroy?"
    )
    reply = _reply(text)
    attack = sum(int(f) for f in faces if f != "X") + spent
    defence = theirs + beside + kept
    if max(3, attack - defence) > 4:
        assert reply is not None and reply.checked, text
        margin = attack - defence
        assert reply.text.startswith(
            f"Up to {margin}: attack {attack} against defence {defence} ({attack} - {defence} = "
        ), (text, reply.text)
        return
    assert reply is not None and reply.checked, text
    destroyed = max(0, attack - defence)
    said = f"attack {attack} against defence {defence} ({attack} - {defence} = {attack - defence})"
    assert said in reply.text.lower(), text
    skulls = faces.count("X")
    assert f"you lose {skulls} garrison" in reply.text, text
    if destroyed:
        assert re.match(rf"{destroyed}\. ", reply.text), (text, reply.text)
    else:
        assert reply.text.startswith("Nothing"), (text, reply.text)


def test_the_defence_counts_the_neighbouring_city_and_the_obsidian_spent():
    """BA-139, BA-140: the defence is the attacked city's garrisons plus those of his city next to it
    plus the obsidian he spends."""
    reply = _reply(
        "The defender has 3 garrisons in the attacked city and 2 in a neighbouring city of "
        "his, and spends 1 obsidian. What is his defence?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("6: 3 garrisons")


def test_obsidian_held_or_sides_swapped_are_not_a_battle_built():
    """BA-134, BA-139: obsidian a king only holds is not obsidian spent, a defender asking
    about his own defence and several neighbouring cities in one clause are not read here."""
    for text in (
        "I attack with 2 garrisons, spend 1 obsidian and roll 3 and 3. His city has 2 "
        "garrisons and 1 obsidian. How many buildings do I destroy?",
        "I have 1 obsidian and attack with 2 garrisons, roll 3 and 3. His city has 1 garrison. "
        "What happens?",
        "He attacks my city that has 3 garrisons. My city next door has 2 garrisons, and I "
        "spend 1 obsidian. What's my defence?",
        "The defender has 2 garrisons in the attacked city, and two of his own cities next to "
        "it with 3 and 1 garrisons. No obsidian. What's his defence?",
    ):
        assert battle_with_obsidian(Question.read(text)) is None, text


@settings(max_examples=25, deadline=None)
@given(
    faces=st.lists(st.sampled_from(["1", "2", "3", "X"]), min_size=1, max_size=3),
    theirs=st.integers(1, 3),
    beside=st.integers(0, 2),
)
def test_a_battle_told_in_dutch_sums_as_the_rule_says(faces, theirs, beside):
    """BA-134, BA-139, BA-140: a Dutch battle ("ik val aan met ... en gooi ..., de verdediger
    heeft ... en ... in een aangrenzende stad, zonder obsidiaan") is fought by the engine and
    answered with the same sums, in Dutch (a margin beyond the 4 plots of an undescribed city
    is answered "hoogstens" the margin)."""
    mine = len(faces)
    rolled = " en ".join("een schedel" if f == "X" else f for f in faces)
    text = (
        f"Ik val aan met {mine} garnizoenen zonder obsidiaan en gooi {rolled}. De verdediger "
        f"heeft {theirs} garnizoenen in zijn stad"
        + (f" en {beside} in een aangrenzende stad van hem" if beside else "")
        + ", zonder obsidiaan. Hoeveel gebouwen verliest hij?"
    )
    reply = _reply(text)
    attack = sum(int(f) for f in faces if f != "X")
    defence = theirs + beside
    assert reply is not None and reply.checked, text
    if max(3, attack - defence) > 4:
        assert reply.text.startswith(f"Hoogstens {attack - defence}: "), (text, reply.text)
    said = (
        f"aanval {attack} tegen verdediging {defence} ({attack} - {defence} = {attack - defence})"
    )
    assert said in reply.text.lower(), (text, reply.text)


def test_how_many_buildings_he_loses_is_the_battles_outcome_not_his_choice():
    """BA-139, BA-140: "how many buildings does he lose" asks the battle's outcome and is
    fought; "can he spend obsidian" asks what the other king may do and is not built."""
    fought = _reply(
        "I attack with 3 garrisons and spend 1 obsidian. I roll a 2, a 3 and a skull. The "
        "defender has 2 garrisons in the city and 1 in his city next door, and keeps his "
        "obsidian. How many buildings does he lose?"
    )
    assert fought is not None and fought.checked
    assert fought.text.startswith("3. Attack 6 against defence 3")
    asked = _reply(
        "I attack with 3 garrisons and roll 2, 3 and a skull. His city has 2 garrisons. Can he "
        "spend obsidian from his city next door?"
    )
    assert asked is None or not asked.checked


def test_the_attacked_citys_villages_told_are_its_buildings():
    """BA-147, BA-148: the attacked city's villages, when told, are the buildings the margin
    destroys beside its garrisons; a count of villages for another city is not read."""
    reply = _reply(
        "Ik val aan met 2 garnizoenen zonder obsidiaan en gooi een 3 en een schedel. De "
        "verdediger heeft 1 garnizoen en 2 dorpen in zijn stad en geen steden ernaast. Hoeveel "
        "gebouwen verliest hij?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("2. Aanval 3 tegen verdediging 1")
    assert reply.position is not None
    assert reply.position["sites"]["d4"]["plots"].count("village") == 2
    mine = _reply(
        "I attack with 2 garrisons and roll 3 and 2, no obsidian, from my city with 2 villages. "
        "His city has 1 garrison. How many buildings does he lose?"
    )
    assert mine is None or not mine.checked


#: the war dice's faces by default, as success points (a skull counts none)
_POINTS = (0, 1, 1, 2, 3, 0)


@settings(max_examples=30, deadline=None)
@given(
    mine=st.integers(1, 3),
    spent=st.integers(0, 3),
    theirs=st.integers(1, 3),
    beside=st.integers(0, 3),
    dutch=st.booleans(),
)
def test_ba141_ba146_ba149_the_chance_an_attack_destroys_anything(
    mine, spent, theirs, beside, dutch
):
    """BA-141, BA-142, BA-146 to BA-149: "do I win?" before the dice are rolled: the share of
    the 6^n rolls whose success points plus the obsidian spent beat the defence, counted here
    roll by roll from the rule's sums."""
    spent = min(spent, mine)
    if dutch:
        text = (
            f"Ik val aan met {mine} garnizoenen en {spent} obsidiaan, zijn stad heeft {theirs} "
            "garnizoenen" + (f" en zijn stad ernaast {beside}" if beside else "") + ". Win ik?"
        )
    else:
        text = (
            f"I attack with {mine} garrisons and {spent} obsidian, his city has {theirs} "
            "garrisons" + (f" and his city next door {beside}" if beside else "") + ". Do I win?"
        )
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    rolls = list(itertools.product(_POINTS, repeat=mine))
    winning = sum(sum(roll) + spent - (theirs + beside) >= 1 for roll in rolls)
    if winning == 0:
        assert reply.text.startswith(("No", "Nee")), reply.text
    elif winning == len(rolls):
        assert reply.text.startswith(("Yes", "Ja")), reply.text
    else:
        said = f"{winning} of the {len(rolls)}" if not dutch else f"{winning} van de {len(rolls)}"
        assert said in reply.text, (text, reply.text)
