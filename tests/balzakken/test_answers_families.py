"""Balzakken questions of the families the fourth round's held-out set missed (issue #40, the
fifth round): variants told with other numbers, in another order and in Dutch, and property
tests that phrase generated situations as questions and compare the referee-checked replies
with the engine's scoring (``scoring.score_round``, ``scoring.tasty_position``).

Each test is named after the rule it checks, with its rules-index statements.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gametable.games.balzakken.scoring import GAME_END, score_round, tasty_position
from gametable.rulebook.chat import ask

_NAMES = ("Anna", "Bram", "Carla", "Dirk")


def _reply(text: str) -> tuple[str, bool]:
    answer = ask("balzakken", text)
    return answer.text, answer.checked


def _value(hand: list[int]) -> int:
    return sum(hand)


def _hand_words(hand: list[int]) -> str:
    said = [f"a {v}" for v in hand]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


# -- BZ-090, BZ-098..BZ-100, BZ-104: was the call good? -------------------------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Four players. Lies calls BALZAK! with 3 points. Ruud holds a 1 and a 2, Koen has 8. "
         "Was Lies's call a good BALZAK!?", "No."),
        ("I called BALZAK! with a 5. My opponent ended with a 4 and a 1. Was my BALZAK! good?",
         "No."),
        ("Pim riep BALZAK! met 2 punten. Ik had een 2 en De Swinger in mijn hand. Was het een "
         "goede BALZAK!?", "Nee."),
        ("Mats calls BALZAK! holding a 3. Jip holds The Lul and a -1, Noa has a 4 and a 6. Is it "
         "a good BALZAK!?", "Yes."),
        ("Bram calls BALZAK! holding a 1. Sophie's only card is a Swinger she never played. Is "
         "Bram's BALZAK! good?", "No."),
        ("I called with 3, Ann has 7. Was my call false?", "No."),
    ],
)  # fmt: skip
def test_bz090_bz098_whether_a_call_was_good(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


@settings(max_examples=40, deadline=None)
@given(
    caller=st.lists(st.integers(-1, 11), min_size=1, max_size=2),
    others=st.lists(st.lists(st.integers(-1, 11), min_size=1, max_size=2), min_size=1, max_size=3),
    flip=st.booleans(),
)
def test_bz090_bz098_call_verdict_agrees_with_the_engine(
    caller: list[int], others: list[list[int]], flip: bool
) -> None:
    """BZ-090, BZ-098, BZ-104: asked good (or false), the verdict is the engine's kind."""
    values = [_value(caller), *(_value(h) for h in others)]
    assume(all(sum(h.count(v) for h in [caller, *others]) <= 4 for v in range(-1, 12)))
    kind = score_round(values, caller=0).kind
    told = " ".join(f"{_NAMES[i + 1]} holds {_hand_words(h)}." for i, h in enumerate(others))
    asked = "Was it a false BALZAK!?" if flip else "Was it a good BALZAK!?"
    question = f"{_NAMES[0]} calls BALZAK! holding {_hand_words(caller)}. {told} {asked}"
    said, checked = _reply(question)
    assert checked, (question, said)
    good = kind == "good"
    assert said.startswith("Yes." if good != flip else "No."), (question, said, kind)


# -- BZ-067, BZ-081: an unplayed action card in a hand at a round's end -----------------------
@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("Someone else called a good BALZAK!. I still hold a 4, a 2 and The Swinger. What do I "
         "write down?", 6),
        ("Tom made a good BALZAK! I was left with The Lul, an 8 and a 0. How many points do I "
         "get?", 18),
        ("Eva called BALZAK! and it was good. I'm holding a 6, a 3 and a Swinger I never got "
         "round to playing. How many points do I write down?", 9),
        ("Sanne riep een goede BALZAK!. Ik had nog een 5 en De Swinger in mijn hand. Hoeveel "
         "punten schrijf ik op?", 5),
    ],
)  # fmt: skip
def test_bz067_bz081_unplayed_action_card_points_after_a_good_call(text: str, points: int) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(f"{points}."), said


# -- BZ-007, BZ-114..BZ-118, BZ-009: a score sheet carried over several rounds -----------------
@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("I began at 25 and then wrote down 20, 14 and 10 in the next three rounds. What's my "
         "total?", 50),
        ("My sheet said 60. Then I scored 9 in one round and 6 in the next. What is my total "
         "now?", 56),
        ("Ik begon op 80, daarna schreef ik 11 en 8 op. Wat is mijn stand nu?", 75),
        ("I started the game on 40 and wrote down 12, then 17, then 0 over the next three "
         "rounds. What's my total now?", 50),
    ],
)  # fmt: skip
def test_bz114_bz117_bz118_totals_over_several_rounds(text: str, total: int) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(f"{total}:"), said


def test_bz114_rounds_said_and_rounds_counted_disagree_is_not_judged() -> None:
    said, checked = _reply(
        "I began at 25 and then wrote down 20 and 14 in the next three rounds. What's my total?"
    )
    assert not checked, said


@settings(max_examples=40, deadline=None)
@given(start=st.integers(0, 90), gains=st.lists(st.integers(0, 30), min_size=2, max_size=3))
def test_bz114_totals_over_rounds_agree_with_the_rules(start: int, gains: list[int]) -> None:
    """BZ-114..BZ-118, BZ-009: each round's points added, 69 and 99 dropped, in order."""
    total, ended = start, False
    for gain in gains:
        assume(not ended)
        total = tasty_position(total + gain)
        ended = total >= GAME_END
    said_gains = ", ".join(str(g) for g in gains[:-1]) + f" and {gains[-1]}"
    question = f"I began at {start} and then wrote down {said_gains}. What's my total?"
    said, checked = _reply(question)
    assert checked, (question, said)
    assert said.startswith(f"{total}:"), (question, said)


# -- BZ-098..BZ-100, BZ-117, BZ-118: a false call told by another hand's relation ------------
@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("I was on 74 and called BALZAK!, but Lotte had fewer points than me. What is my new "
         "total?", 75),
        ("Ik stond op 30 en riep BALZAK!, maar Bram had evenveel punten als ik. Wat is mijn "
         "stand nu?", 55),
        ("Ik stond op 44 punten en riep BALZAK!, maar mijn zus had minder punten dan ik. Wat is "
         "mijn nieuwe stand?", 50),
    ],
)  # fmt: skip
def test_bz100_false_call_total_from_a_lower_or_equal_hand(text: str, total: int) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert re.search(rf"\b{total}\b", said.split(". ")[0]), said


@settings(max_examples=30, deadline=None)
@given(start=st.integers(0, 99), same=st.booleans())
def test_bz100_false_call_total_agrees_with_the_rules(start: int, same: bool) -> None:
    """BZ-098..BZ-100: another hand as low or lower makes the call cost the caller 25."""
    relation = "as many points as me" if same else "fewer points than me"
    question = f"I was on {start} and called BALZAK!, but Kim had {relation}. What is my total?"
    said, checked = _reply(question)
    assert checked, (question, said)
    after = tasty_position(start + 25)
    assert re.search(rf"= {start + 25}\b", said) and re.search(rf"\b{after}\b", said), said


# -- BZ-009, BZ-010: does the game end after a call, and who wins ---------------------------
@pytest.mark.parametrize(
    ("text", "start", "winner"),
    [
        ("Totals before the round: Ada 85, Ben 60, Cas 90. Ben calls BALZAK! with 2 and the "
         "others have more. Ada holds 10 and 6, Cas holds 4 and 3. Does the game end, and who "
         "wins?", "Yes.", "Ben wins"),
        ("Stand voor de ronde: Eva 88, Tom 40. Tom roept BALZAK! met 3 en Eva heeft een 7 en een "
         "9. Is het spel afgelopen en wie wint?", "Ja.", "Tom wint"),
        ("Scores: me 60, Kim 50. Kim calls BALZAK! with a 1 and I hold an 11. Is the game over, "
         "and who has won?", "No.", "Nobody has won"),
    ],
)  # fmt: skip
def test_bz009_bz010_game_end_and_winner_after_a_call(text: str, start: str, winner: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start) and winner in said, said


# -- BZ-094..BZ-096: a good call with a negative hand -------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "I call BALZAK! holding -1, -1 and 0, so minus 2, and everyone else has more. What do I "
        "write on the score sheet?",
        "Ik riep BALZAK! met twee Bruisballen, dus min 2, en de rest had meer. Wat schrijf ik op?",
    ],
)
def test_bz095_a_good_call_below_zero_writes_zero(text: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith("0."), said


# -- BZ-114, BZ-117, BZ-118, BZ-009: a total that lands on 69 or 99, the game's end asked too ----
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I'm on 99 after a round. What's my score now?", "75:"),
        ("If I'm on 69 after a round, what happens?", "50:"),
        ("I'm on 95 and get 4 points this round. What is my total and is the game over?",
         "95 + 4 = 99, which drops back to 75: the game goes on"),
    ],
)  # fmt: skip
def test_bz117_bz118_a_total_landing_on_69_or_99(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


# -- BZ-092, BZ-100, BZ-106: a total said is no hand ------------------------------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("My total is 97 and I call a good BALZAK!. What is my total?", "97 + 0 = 97"),
        ("My sheet says 57 and I call with 9. What do I write?", "25."),
    ],
)  # fmt: skip
def test_bz092_bz106_a_total_said_is_no_hand(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


def test_bz106_a_total_alone_does_not_make_an_overcall() -> None:
    said, checked = _reply("My total is 30. I call BALZAK!. What is my total?")
    assert not checked or not said.startswith("25"), said


def test_bz090_we_are_three_is_a_count_of_players() -> None:
    """BZ-090..BZ-092: 'We're 3' counts the players; the call with 2 against 4 and 9 is good."""
    said, checked = _reply(
        "We're 3. I call with 2, the others have 4 and 9. I was on 68. What is my total?"
    )
    assert checked, said
    assert said.startswith("68 + 0 = 68"), said


# -- BZ-090, BZ-098: an argument the asker gives, and a player named twice ----------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Two-player game: I call BALZAK! with 2 and it turns out my opponent Tess also has "
         "exactly 2. Is that still a good BALZAK! since she doesn't have fewer?", "No."),
        ("Ik roep BALZAK! met 1 en mijn buurman Kees heeft ook 1. Is het een goede BALZAK!, "
         "omdat hij niet minder heeft?", "Nee."),
    ],
)  # fmt: skip
def test_bz090_bz098_an_argument_is_no_part_of_the_situation(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


def test_bz098_an_argument_naming_a_number_is_still_read() -> None:
    """A reason that says a number tells a part: it is read, never dropped unread."""
    said, checked = _reply(
        "I call BALZAK! with 2. Is it a good BALZAK! since Tess has 3 and Bo has 2?"
    )
    assert not checked or said.startswith("No."), said


# -- BZ-090..BZ-093: "good call or not?" names no caller ---------------------------------------
def test_bz090_good_call_or_not_names_no_caller() -> None:
    said, checked = _reply("Good call or not: Jip called with 4, I have 6, Lies has 5.")
    assert checked, said
    assert said.startswith("Yes."), said


# -- BZ-090, BZ-098: asking whether a call was good tells nothing of the hands --------------------
@pytest.mark.parametrize(
    "text",
    [
        "Tess and I both have 2 when I call. Is my call good?",
        "I call BALZAK with 2. Was my call good?",
        "I call BALZAK with 2. Was my call false?",
    ],
)
def test_bz090_asking_good_or_false_does_not_make_it_so(text: str) -> None:
    """A verdict asked is no verdict told: with the other hands unsaid (or a tie said) the
    reply must not be a checked Yes."""
    said, checked = _reply(text)
    assert not (checked and said.startswith("Yes")), said


# -- BZ-009, BZ-010, BZ-100: Dutch totals listed under a header, a tie told without its object ------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Stand: ik 96, Jan 40. Jan roept BALZAK! met 2 en ik heb 5. Is het spel afgelopen en "
         "wie wint?", "Ja."),
        ("Ik sta op 50 en riep BALZAK!, maar Tim had evenveel punten. Wat is mijn nieuwe stand?",
         "50 + 25 = 75"),
    ],
)  # fmt: skip
def test_bz009_bz100_dutch_totals_and_ties(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said
