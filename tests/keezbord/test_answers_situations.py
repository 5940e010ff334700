"""Keezbord's referee answers to the kinds of question read from situations: whether a pawn
is hit, a whole hand, a pawn that needs some steps to get home, the pack after the first deal,
table sizes and a card's steps.  Each property test phrases generated situations as questions and
compares every referee-checked verdict with the engine asked directly.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametable
from gametable.games.keezbord.answers import ANSWERS
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

GAME = gametable.load_game("keezbord")
FORWARD = ["A", "2", "3", "5", "6", "8", "9", "10", "Q"]
_NAMES = {"A": "an ace", "Q": "a queen", "8": "an 8"}


def reply_to(text: str) -> Answer | None:
    return ANSWERS.answer(Question.read(text))


def checked_reply(text: str) -> Answer:
    reply = reply_to(text)
    assert reply is not None and reply.checked, f"not answered from the referee: {text!r}"
    if reply.position is not None:
        GAME.state_from_json(reply.position)  # the position it rests on opens
    return reply


def first_word(reply: Answer) -> str:
    return reply.text.split()[0].rstrip(".,:").lower()


def statements(reply: Answer) -> set[str]:
    return {s for source in reply.sources for s in source.statements}


def played(pawns: dict[str, list[Any]], hand: list[str], action: str) -> Any | None:
    """The pawns after seat ``a`` plays ``action`` on a two-player board, or ``None`` when
    the engine refuses it."""
    state = GAME.state_from_json(
        {"game": "keezbord", "players": 2, "pawns": pawns, "hands": {"a": hand}, "to_move": 0}
    )
    parsed = GAME.parse_action(state, action)
    if action not in {str(a) for a in state.legal_actions(0)}:
        return None
    state.apply(parsed, 0)
    return state.view(None)["pawns"]


# -- is it hit? ---------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None, derandomize=True)
@given(d=st.integers(1, 11), card=st.sampled_from(FORWARD))
def test_whether_a_pawn_is_hit_agrees_with_the_engine(d, card):
    """KB-038, KB-039: a pawn is hit only when a move ends on it; the verdict to "is it hit?"
    is whether the engine sends it to its nest, never whether the move is allowed."""
    name = _NAMES.get(card, f"a {card}")
    text = f"An opponent's pawn is {d} spaces before my pawn. I play {name}. Is his pawn hit?"
    reply = checked_reply(text)
    after = played({"a": [2, "N", "N", "N"], "b": [2 + d, "N", "N", "N"]}, [card], f"{card} a1")
    hit = after is not None and after[1][0] == "N"
    assert first_word(reply) == ("yes" if hit else "no"), (text, reply.text)


def test_passing_without_landing_does_not_hit():
    """KB-038: "my pawn goes past ... without landing on it. Is his pawn hit?" is No."""
    reply = checked_reply(
        "I play a 10 and my pawn goes past an opponent's pawn without landing on it. "
        "Is his pawn hit?"
    )
    assert first_word(reply) == "no"
    assert "KB-038" in statements(reply)


def test_a_four_hits_backwards():
    """KB-038, KB-060: a 4 that ends on a pawn hits it."""
    reply = checked_reply("Moving back with a 4 I land exactly on an opponent's pawn. Is it hit?")
    assert first_word(reply) == "yes"


@pytest.mark.parametrize(("a", "b"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)])
def test_both_parts_of_a_split_seven_hit(a, b):
    """KB-056, KB-038: each part of a split 7 is a move that hits where it ends."""
    reply = checked_reply(
        f"I split a 7 as {a} and {b} and both parts end on other players' pawns. "
        "Are both pawns hit?"
    )
    after = played(
        {"a": [5, 20, "N", "N"], "b": [5 + a, 20 + b, "N", "N"]}, ["7"], f"7 a1:{a} a2:{b}"
    )
    assert after is not None and after[1][:2] == ["N", "N"]
    assert first_word(reply) == "yes"


# -- the seven -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["Can I divide my seven between three of my pawns?", "Can I share my 7 over three pawns?"],
)
def test_a_seven_never_moves_three_pawns(text):
    """KB-056: a 7 moves one pawn or two, never three."""
    reply = checked_reply(text)
    assert first_word(reply) == "no"
    assert "two" in reply.text


@pytest.mark.parametrize("steps", [1, 2, 3, 4, 5, 6])
def test_the_last_pawns_seven_gives_the_rest_to_the_partner(steps):
    """KB-056, KB-072: a 7 whose first part brings the last pawn home gives the rest to the
    partner's pawn."""
    reply = checked_reply(
        f"4 players: with my 7 I bring my last pawn home using {steps} steps. Can I use the "
        f"other {7 - steps} steps on my partner's pawn?"
    )
    assert first_word(reply) == "yes"
    assert "c1" in reply.text


# -- getting home with the cards held ---------------------------------------------------------------
def _place(steps: int, last: bool) -> int | str:
    """Where a pawn stands that needs ``steps`` to reach H1 (or H4): the engine counts space
    63 as one step before H1 (checked below)."""
    if last and steps <= 3:
        return f"H{4 - steps}"
    return 64 - steps + (3 if last else 0)


def test_space_63_is_one_step_before_the_home():
    """KB-035: the geometry the next test relies on, from the engine."""
    after = played({"a": [63, "N", "N", "N"]}, ["A"], "A a1")
    assert after is not None and after[0][0] == "H1"


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    steps=st.integers(1, 10),
    last=st.booleans(),
    cards=st.lists(st.sampled_from(FORWARD), min_size=1, max_size=2, unique=True),
)
def test_getting_home_with_the_cards_held_agrees_with_the_engine(steps, last, cards):
    """KB-035: a card brings a pawn home only when it ends exactly on a home space; the
    verdict to "can I get it home?" is Yes only when one of the cards held does."""
    to = "the last space of my home" if last else "my home"
    held = " and ".join(_NAMES.get(c, f"a {c}") for c in cards)
    text = f"My pawn needs {steps} steps to reach {to} and I only have {held}. Can I get it home?"
    reply = checked_reply(text)
    place = _place(steps, last)
    home = False
    for card in cards:
        after = played({"a": [place, "N", "N", "N"]}, cards, f"{card} a1")
        home = home or (after is not None and str(after[0][0]).startswith("H"))
    assert first_word(reply) == ("yes" if home else "no"), (text, reply.text)


def test_a_card_that_stops_short_does_not_get_the_pawn_home():
    """KB-035: "can I get it home with a 2?" three spaces away is No, not "the 2 may be
    played"."""
    reply = checked_reply("My pawn is 3 spaces from my home. Can I get it home with a 2?")
    assert first_word(reply) == "no"


def test_the_pawn_behind_may_not_pass_the_one_on_the_first_home_space():
    """KB-044, KB-045: pawns in the home are not passed."""
    reply = checked_reply(
        "I have a pawn on the first space of my home and another pawn right in front of my home. "
        "Can I move the back pawn 3 into the home?"
    )
    assert first_word(reply) == "no"
    assert "pass" in reply.text


def test_a_four_goes_back_past_ones_own_start():
    """KB-060, KB-061: a 4 takes a pawn backwards past its own start onto the track's end."""
    assert first_word(checked_reply("Can I play a 4 to move my pawn back past my own start?")) == (
        "yes"
    )


# -- a whole hand ------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None, derandomize=True)
@given(hand=st.lists(st.sampled_from(["A", "K", "2", "3", "5", "8", "J", "Q"]), min_size=2,
                     max_size=5, unique=True))  # fmt: skip
def test_a_hand_with_every_pawn_in_the_nest_agrees_with_the_engine(hand):
    """KB-021, KB-023, KB-026: with every pawn in the nest only an Ace or a King can be played;
    a hand with neither is handed in."""
    listed = ", ".join(hand[:-1]) + f" and {hand[-1]}"
    reply = checked_reply(f"All my pawns are in the nest and my hand is {listed}. What do I do?")
    state = GAME.state_from_json(
        {"game": "keezbord", "players": 2, "pawns": {}, "hands": {"a": hand}, "to_move": 0}
    )
    legal = [str(a) for a in state.legal_actions(0)]
    if legal == ["hand in"]:
        assert reply.text.startswith("Hand in"), reply.text
    else:
        assert reply.text.startswith("Play ") and all(p in reply.text for p in legal)


# -- numbers and facts -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6])
def test_cards_left_after_the_first_deal(players):
    """KB-004, KB-009 to KB-011: the pack less the first deal, from a new game's view."""
    reply = checked_reply(
        f"With {players} players, how many cards are still in the deck after the first deal?"
    )
    left = GAME.new_game(players, seed=0).view(None)["deck_size"]
    assert first_word(reply) == str(left)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_cards_dealt_in_all_in_the_first_round(players):
    """KB-004: five each in a cycle's first deal, for every player at the table."""
    reply = checked_reply(f"With {players} players, how many cards get dealt in the first round?")
    assert f"{5 * players} in all" in reply.text


@pytest.mark.parametrize("n", range(2, 9))
def test_table_sizes_come_from_the_declaration(n):
    """KB-069: only the declared numbers of players play, never an odd one (English and Dutch)."""
    words = {2: "tweeën", 3: "drieën", 4: "vieren", 5: "vijven", 6: "zessen", 7: "zevens",
             8: "achten"}  # fmt: skip
    expected = n in GAME.player_counts
    assert first_word(checked_reply(f"Can {n} of us play?")) == ("yes" if expected else "no")
    dutch = checked_reply(f"Kunnen we met z'n {words[n]} spelen?")
    assert first_word(dutch) == ("ja" if expected else "nee")


@settings(max_examples=40, deadline=None, derandomize=True)
@given(card=st.sampled_from(FORWARD), n=st.integers(1, 13))
def test_a_cards_steps_agree_with_the_engine(card, n):
    """KB-049 and the Card Meanings: "can an X move N spaces?" is Yes only when the engine moves
    a pawn exactly N with it."""
    name = _NAMES.get(card, f"a {card}")
    reply = checked_reply(f"Can {name} move {n} spaces?")
    after = played({"a": [20, "N", "N", "N"]}, [card], f"{card} a1")
    assert after is not None
    assert first_word(reply) == ("yes" if abs(int(after[0][0]) - 20) == n else "no")


# -- what the grammar leaves alone --------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "My opponent just put a pawn out on his start space and my pawn is 2 spaces behind it. "
        "Can I play a 5 and jump over it?",
    ],
)
def test_another_players_placing_is_not_the_askers(text):
    """KB-041, KB-042: an opponent's pawn just placed stands on its own start; the question is
    about passing it, not about placing with a 5."""
    reply = checked_reply(text)
    assert first_word(reply) == "no"
    assert "start" in reply.text and "Ace" not in reply.text


@pytest.mark.parametrize(
    "text",
    [
        "Can 5 or 6 of us play?",
        "My pawn needs 2 steps to reach my home and I hold a 3 or a 5. Can I get it home?",
        "All my pawns are in the nest except one and my hand is 5, 8 and 3. What do I do?",
        "Can an ace move one space unless it places a pawn?",
    ],
)
def test_alternatives_and_exceptions_are_not_judged(text):
    """KB-035, KB-049, KB-069: an alternative or an exception the grammar does not place leaves
    the question to the rules text."""
    assert reply_to(text) is None
