"""Balzakken situations read by their parts (``answers/parts.py``, ``answers/concepts.py``):
variants of the questions the development sets missed, told in other orders, with other
numbers and fillers, and in Dutch; and property tests that phrase generated situations as
questions and compare the referee-checked replies with the engine's scoring.

Each test is named after the rule it checks, with its rules-index statements.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from gametable.games.balzakken.answers import concepts
from gametable.games.balzakken.answers.build import COPIES
from gametable.games.balzakken.cards import hand_value, parse_card
from gametable.games.balzakken.scoring import TASTY, score_round
from gametable.rulebook.chat import ask
from gametable.rulebook.question import Question

_NAMES = ("Anna", "Bram", "Carla")


def _reply(text: str) -> tuple[str, bool]:
    answer = ask("balzakken", text)
    return answer.text, answer.checked


# -- BZ-090..BZ-093, BZ-098..BZ-102, BZ-110/111: what each player writes after a call ------
@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("Ines calls BALZAK with 1 point; Olle has 2 and I have 8. What does everyone write?",
         {"Ines": 0, "Olle": 2, "you": 8}),
        ("Rik has 4, Saar has 4 too, and I called with 4. What does each of us write down?",
         {"you": 25, "Rik": 0, "Saar": 0}),
        ("Wim roept BALZAK met 2, ik heb 7 en Fien heeft 1. Wat schrijft iedereen op?",
         {"Wim": 25, "jij": 7, "Fien": 0}),
    ],
)  # fmt: skip
def test_bz090_bz098_what_each_writes_after_a_call(text: str, wanted: dict[str, int]) -> None:
    said, checked = _reply(text)
    assert checked, said
    for who, points in wanted.items():
        assert re.search(rf"\b{who}\b (?:writes?|schrijft) {points}\b", said, re.I), said


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("Five of us. Joep calls BALZAK with 0. The others hold: 2 and 3; The Lul; 11; -1 and 4. "
         "What do the four others write together?", 5 + 10 + 11 + 3),
        ("Ik roep BALZAK met 1. De anderen hebben 9, 6 en 2. Hoeveel schrijven zij samen op?", 17),
    ],
)  # fmt: skip
def test_bz090_the_others_points_added_up(text: str, total: int) -> None:
    said, checked = _reply(text)
    assert checked and said.startswith(str(total)), said


# -- BZ-104..BZ-107: a call with more than 5 points, the caller's total and the others -------
@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("I was on 50 and called BALZAK with 10 points. My total now, and what do the others get?",
         "75"),
        ("Ik stond op 11 en riep BALZAK met een 9. Wat is mijn totaal en wat krijgen de anderen?",
         "36"),
    ],
)  # fmt: skip
def test_bz104_overcall_total_and_the_others_both_answered(text: str, total: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert re.search(rf"= {total}\b", said) and re.search(r"\b0\b", said.split("=", 1)[1]), said


# -- BZ-067, BZ-080..BZ-082: the hands' points when someone calls -------------------------------
@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("Someone called BALZAK. Still in my hand: The Lul and a 3. What is my hand worth?", "13"),
        ("Round's over. Jop holds The Swinger and a 5, Eef holds 2 and 2. Who has the fewest points?",
         "Eef"),
        ("Einde ronde. Kim heeft De Lul, ik heb 4 en 4. Wie heeft de minste punten?", "Jij"),
    ],
)  # fmt: skip
def test_bz067_bz081_hand_points_at_the_round_end(text: str, first: str) -> None:
    said, checked = _reply(text)
    assert checked and said.startswith(first), said


# -- BZ-114..BZ-118, BZ-009/010: a total after this round, tasty positions, the end -------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I had 50 and picked up 19 this round. Is the game over for me?", "No. 50 + 19 = 69"),
        ("Ik stond op 80 en kreeg deze ronde 25 punten erbij. Ben ik af?", "Ja. 80 + 25 = 105"),
    ],
)  # fmt: skip
def test_bz114_bz009_total_after_the_round(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked and said.startswith(start), said


# -- BZ-009, BZ-010: the lowest total wins once a total reaches 100 -----------------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Final totals: Pim 88, Roos 120 and Sem 40. Who won?", "Sem wins"),
        ("Eindstand: Lot op 101, Mees op 70 en Noa op 70. Wie wint?", "Mees en Noa delen"),
    ],
)  # fmt: skip
def test_bz009_winner_of_the_totals_said(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked and said.startswith(start), said


# -- BZ-039..BZ-041, BZ-073..BZ-075, BZ-059..BZ-062: a turn's action and the hands after --------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("My hand: 2, 8, 8 and 8. If I discard the three 8s together, how many cards do I keep?",
         "2."),
        ("Ik heb 5, 5, 1 en 0 en gooi de twee vijven tegelijk weg. Hoeveel kaarten heb ik dan?",
         "3."),
        ("Noor has 2 cards and I play The Lul on her. How many cards does she hold now?", "4."),
        ("I have The Swinger, a 9 and a 6; Teun has a 1. I swing with Teun. How many points does "
         "Teun have now?", "15. Teun holds 2 cards worth 15 points"),
    ],
)  # fmt: skip
def test_bz039_bz074_bz060_hands_after_an_action(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked and said.startswith(start), said


# -- what the parts cannot hold is left to the rules text ----------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "I called with 3, one guy has 2 and another has 9. What does everyone write?",
        "I called with 3 and Tom did not have 2. What does Tom write?",
        "I called with 3, Piet has 1 and Jan has 2. Does Jan also write 0?",
        "Mijn zwager riep BALZAK met 2 en ik heb 4. Wat schrijf ik op?",
        "I call with 2 and the woman to my left has 2 too. What does everyone write?",
        "Tom called with 3, and I had the Lul in front of me and a 2. What do I write?",
        "I'm on 52, Marit calls with 1 and I hold 11, 6 and 0. Where do I stand, on 52 or 69?",
    ],
)
def test_unread_parts_give_no_reply_by_parts(text: str) -> None:
    """A player no part names, a negation, a yes or no about a number: not read by parts."""
    assert concepts.answer(Question.read(text)) is None


# -- property tests: generated situations against the engine's scoring --------------------------
_CARD = st.sampled_from([str(v) for v in range(-1, 12)] + ["L", "S"])


def _said(cards: list[str], lang: str) -> str:
    names = {"L": ("The Lul", "De Lul"), "S": ("The Swinger", "De Swinger")}
    words = [names[c][lang == "nl"] if c in names else c for c in cards]
    join = " en " if lang == "nl" else " and "
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + join + words[-1]


_CALL_TEMPLATES = (
    ("en", "{c} calls BALZAK with {cc}. {a} has {ac}, {b} holds {bc}. What does everyone write?"),
    ("en", "{a} holds {ac}; {b} has {bc}; {c} called BALZAK with {cc}. What does each player write down?"),
    ("nl", "{c} roept BALZAK met {cc}. {a} heeft {ac}, {b} heeft {bc}. Wat schrijft iedereen op?"),
)  # fmt: skip


def _fits_deck(*hands: list[str]) -> bool:
    """The default deck holds every card said (``COPIES`` of each)."""
    counts = Counter(c for h in hands for c in h)
    return all(n <= COPIES[c] for c, n in counts.items())


@settings(max_examples=60, deadline=None)
@given(
    caller=st.lists(st.sampled_from([str(v) for v in range(-1, 6)]), min_size=1, max_size=2),
    first=st.lists(_CARD, min_size=1, max_size=3),
    second=st.lists(_CARD, min_size=1, max_size=3),
    template=st.sampled_from(_CALL_TEMPLATES),
)
def test_call_scores_by_parts_agree_with_the_engine(
    caller: list[str], first: list[str], second: list[str], template: tuple[str, str]
) -> None:
    """BZ-090..BZ-111: every score a checked reply gives is the engine's score of the call."""
    assume(_fits_deck(caller, first, second))
    lang, text = template
    c, a, b = "Carla", "Anna", "Bram"
    question = text.format(
        c=c, a=a, b=b, cc=_said(caller, lang), ac=_said(first, lang), bc=_said(second, lang)
    )
    said, checked = _reply(question)
    hands = [[parse_card(x) for x in h] for h in (caller, first, second)]
    expected = score_round([hand_value(h) for h in hands], caller=0).points
    assert checked, (question, said)
    for name, points in zip((c, a, b), expected, strict=True):
        assert re.search(rf"\b{name} (?:writes|schrijft) {points}\b", said), (question, said)


@settings(max_examples=60, deadline=None)
@given(
    first=st.lists(_CARD, min_size=1, max_size=3),
    second=st.lists(_CARD, min_size=1, max_size=3),
    dutch=st.booleans(),
)
def test_fewest_points_at_the_round_end_agrees_with_the_engine(
    first: list[str], second: list[str], dutch: bool
) -> None:
    """BZ-067, BZ-081: a Lul in hand counts 10 and a Swinger 0 when someone else calls."""
    assume(_fits_deck(first, second))
    lang = "nl" if dutch else "en"
    question = (
        f"Einde ronde. Anna heeft {_said(first, lang)}, Bram heeft {_said(second, lang)}. "
        "Wie heeft de minste punten?"
        if dutch
        else f"Round's over. Anna has {_said(first, lang)}, Bram has {_said(second, lang)}. "
        "Who has the fewest points?"
    )
    said, checked = _reply(question)
    values = [hand_value([parse_card(x) for x in h]) for h in (first, second)]
    assert checked, (question, said)
    low = min(values)
    winners = [n for n, v in zip(("Anna", "Bram"), values, strict=True) if v == low]
    assert all(said.startswith(w) or f" {w}" in said.split("(")[0] for w in winners), said
    assert f"{low}" in said.split("(")[0], said


@settings(max_examples=40, deadline=None)
@given(totals=st.lists(st.integers(0, 130), min_size=2, max_size=3))
def test_winner_of_named_totals_agrees_with_the_rules(totals: list[int]) -> None:
    """BZ-009, BZ-010: at 100 or more the game ends; the lowest totals share the win."""
    assume(max(totals) >= 100)
    names = _NAMES[: len(totals)]
    question = "Final scores: " + ", ".join(f"{n} {t}" for n, t in zip(names, totals, strict=True))
    said, checked = _reply(question + ". Who wins?")
    assert checked, said
    best = min(totals)
    head = said.split(".")[0]
    for name, total in zip(names, totals, strict=True):
        assert (name in head) == (total == best), (question, said)


@settings(max_examples=40, deadline=None)
@given(
    value=st.integers(-1, 11),
    copies=st.integers(2, 4),
    rest=st.lists(st.integers(-1, 11), min_size=0, max_size=3),
)
def test_cards_after_discarding_several_agree_with_the_rules(
    value: int, copies: int, rest: list[int]
) -> None:
    """BZ-039..BZ-041: several of one value go together and one card comes back."""
    assume(value not in rest)
    assume(all(n <= 4 for n in Counter(rest).values()))
    hand = [str(value)] * copies + [str(v) for v in rest]
    question = (
        f"I hold {', '.join(hand)}. I discard all {copies} {value}s at once. "
        "How many cards do I hold after my turn?"
    )
    said, checked = _reply(question)
    assert checked, said
    assert said.startswith(f"{len(hand) - copies + 1}."), said


# -- BZ-036, BZ-037, BZ-047, BZ-048: may I call, another player's turn, a Lul played first ------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I hold 2 points, but it's Joost's turn right now. May I call BALZAK?", "No."),
        ("Ik heb 1 punt en het is de beurt van Saar. Mag ik BALZAK roepen?", "Nee."),
        ("I have 4 points and The Lul. I play The Lul this turn. Can I call BALZAK on my next "
         "turn if I still have 4 points?", "Yes."),
    ],
)  # fmt: skip
def test_bz036_bz047_may_call_by_parts(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked and said.startswith(start), said


@pytest.mark.parametrize(
    "text",
    [
        "I discarded a 7 and drew a card, and now I have 3 points. Can I call BALZAK too?",
        "Ik heb net geruild en heb 2 punten. Mag ik meteen BALZAK roepen?",
        "I have 3 points and no Lul. May I call BALZAK?",
    ],
)
def test_bz037_a_call_after_another_action_is_not_read_by_parts(text: str) -> None:
    """A call after another action of the same turn is not judged by the parts' may-call."""
    assert concepts.may_call_answer(Question.read(text)) is None


@settings(max_examples=50, deadline=None)
@example(caller=2, other=9, totals=(40, 60), dutch=False)  # Bram lands on 69: back to 50
@example(caller=4, other=4, totals=(74, 10), dutch=True)  # a tie: Anna lands on 99
@given(
    caller=st.integers(-1, 5),
    other=st.integers(-1, 11),
    totals=st.tuples(st.integers(0, 99), st.integers(0, 99)),
    dutch=st.booleans(),
)
def test_bz114_totals_after_a_call_agree_with_the_engine(
    caller: int, other: int, totals: tuple[int, int], dutch: bool
) -> None:
    """BZ-090..BZ-102, BZ-114..BZ-118: each total said plus what the call writes, 69 and 99
    dropping back; told in another order, in English or Dutch."""
    question = (
        f"Anna staat op {totals[0]} en Bram op {totals[1]}. Bram heeft een {other}, en Anna "
        f"roept BALZAK met een {caller}. Wat is de stand nu?"
        if dutch
        else f"Anna is on {totals[0]} and Bram on {totals[1]}. Bram holds a {other}; Anna "
        f"calls BALZAK with a {caller}. What are the totals now?"
    )
    said, checked = _reply(question)
    points = score_round([caller, other], caller=0).points
    expected = [t + p for t, p in zip(totals, points, strict=True)]
    assert checked, (question, said)
    for name, before, gain, after in zip(("Anna", "Bram"), totals, points, expected, strict=True):
        shown = f"{name}: {before} + {gain} = {after}"
        assert shown in said, (question, said)
        if after in TASTY:
            drop = "en dat zakt terug naar" if dutch else "which drops back to"
            assert f"{shown}, {drop} {TASTY[after]}" in said, (question, said)


# -- BZ-090..BZ-093: a good call said by how the others stand, what the others write -----------
@pytest.mark.parametrize(
    "text",
    [
        "I call BALZAK with 2 and everybody else has more. What do the others write?",
        "Ik riep BALZAK met 4 en alle anderen hadden meer. Wat schrijven de anderen op?",
    ],
)
def test_bz090_others_higher_write_their_own_points(text: str) -> None:
    said, checked = _reply(text)
    assert checked and re.search(r"own hand|eigen hand", said), said
