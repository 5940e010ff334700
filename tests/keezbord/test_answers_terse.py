"""Keezbord's answers to terse questions: a split 7 told as a sum ("5 + 3", "3+2+2"), its second
part asked after a pawn's label ("pawn 1 moves 2"), and a swap with a pawn "already" in a home.
Every checked verdict is compared with the engine, and the near misses stay unread."""

from __future__ import annotations

import pytest

from gametable.games.keezbord.answers import ANSWERS
from gametable.games.keezbord.answers.referee import Trial, judge
from gametable.rulebook.question import Question


def _reply(text: str):  # type: ignore[no-untyped-def]
    return ANSWERS.answer(Question.read(text))


@pytest.mark.parametrize("a", range(1, 7))
@pytest.mark.parametrize("b", range(1, 7))
@pytest.mark.parametrize(
    "form",
    ["split 7 as {a} + {b}?", "7 split: {a}+{b} ok?", "zeven splitsen als {a} + {b}, mag dat?"],
)
def test_a_seven_told_as_a_sum_agrees_with_the_engine(a: int, b: int, form: str) -> None:
    """KB-056, KB-057: a 7 shared by two pawns uses all 7 steps; the verdict on a split told as a
    sum is the engine's, for every pair of parts."""
    reply = _reply(form.format(a=a, b=b))
    assert reply is not None and reply.checked
    allowed = judge(Trial.of(2, {"a": [5, 20, "N", "N"]}, ["7"], f"7 a1:{a} a2:{b}")).allowed
    assert allowed == (a + b == 7)
    assert reply.text.split()[0].rstrip(".") in (("Yes", "Ja") if allowed else ("No", "Nee"))


@pytest.mark.parametrize("text", ["7 split over 3 pawns like 3+2+2?", "can I split my 7 as 2+2+3"])
def test_a_seven_told_in_three_parts_is_refused(text: str) -> None:
    """KB-056: a 7 moves one pawn or two, never three."""
    reply = _reply(text)
    assert reply is not None and reply.checked
    assert reply.text.startswith("No.")
    assert "three" in reply.text


@pytest.mark.parametrize("first", range(1, 7))
def test_the_rest_of_a_seven_after_a_labelled_pawn(first: int) -> None:
    """KB-056, KB-057: "pawn 1 moves 2" names the pawn by its label; the other part is 7 less
    the first (1 step, singular, when the first is 6)."""
    reply = _reply(f"7 split, pawn 1 moves {first}, how many for the other one")
    assert reply is not None and reply.checked
    rest = 7 - first
    assert reply.text.startswith(f"{rest} {'step' if rest == 1 else 'steps'}.")


def test_a_labelled_pawn_number_is_never_read_as_a_part() -> None:
    """KB-056: near miss: "pion 2 vooruit" is two steps, not a pawn's label."""
    reply = _reply("Met een zeven zet ik één pion 2 vooruit. Hoeveel moet de andere?")
    assert reply is not None and reply.text.startswith("5 stappen.")


@pytest.mark.parametrize(
    "text",
    [
        "Can I swap with a jack with a pawn that is already in someone's home?",
        "can i boer an opponent pawn that's already in its honk",
        "mag ik met de boer een pion ruilen die al in zijn thuishonk staat?",
    ],
)
def test_a_jack_never_swaps_a_pawn_already_home(text: str) -> None:
    """KB-052, KB-043: "already in a home" is read as in a home; the jack is refused there."""
    reply = _reply(text)
    assert reply is not None and reply.checked
    assert reply.text.split()[0].rstrip(".") in ("No", "Nee")


def test_already_without_a_place_stays_unread() -> None:
    """KB-052: guard: "already" that does not say where a pawn stands ("already swapped") is a
    condition the grammar does not read, so the rules text answers."""
    assert (
        _reply("I already swapped with my jack this round, can I swap again with a jack?") is None
    )
