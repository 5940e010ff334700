"""Balam's defence counted over several cities ("3 - WARS"): the garrisons of the attacked city
and of each of the defender's cities next to it, plus the obsidian he spends, told city by city
or as a group ("two of his cities next to it have 2 each"); each reply compared with the sum,
never marked as checked by the referee; a group whose counts do not match its size is left to
the rules text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.rulebook.question import Question

_WORD = {2: "two", 3: "three"}


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 3),
    st.lists(st.integers(1, 3), min_size=2, max_size=3),
    st.integers(0, 2),
    st.booleans(),
)
def test_a_defence_over_several_cities_is_their_garrisons_and_the_obsidian(
    home, beside, spent, grouped
):
    """BA-139, BA-147: defence = the garrisons of the attacked city and of each friendly city
    next to it + the obsidian spent, however the neighbours' counts are told."""
    if grouped:
        beside = [beside[0]] * len(beside)
        told = f"{_WORD[len(beside)]} of his cities next to it have {beside[0]} garrisons each"
    else:
        counts = " and ".join(map(str, beside))
        told = f"{_WORD[len(beside)]} of his cities next to it have {counts} garrisons"
    text = (
        f"His city has {home} garrisons, {told}, and he spends {spent} obsidian. "
        "What's his defence?"
    )
    reply = _reply(text)
    total = home + sum(beside) + spent
    assert reply is not None, text
    assert reply.text.startswith(f"{total}: " if not reply.checked else f"{total}."), (
        text,
        reply.text,
    )


def test_a_group_whose_counts_do_not_match_its_size_is_not_summed():
    """BA-147: "three of his cities ... have 1 and 2" tells two counts for three cities: no sum."""
    reply = _reply(
        "His city has 2 garrisons; three of his cities next to it have 1 and 2 garrisons. "
        "What's his defence?"
    )
    assert reply is None or not reply.text[:1].isdigit()
