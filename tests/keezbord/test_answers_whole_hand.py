"""Exact positions whose ask weighs the whole hand or counts what a move does, each reply
compared with the engine's own judgement of the position it built: handing in and hitting
one's own pawn (KB-023, KB-024, KB-027), which card reaches a home space (KB-035), the pawns a
7 hits, the variant too (KB-038, KB-056), a 7 split in the ask or used in part (KB-056,
KB-057), and no second lap (KB-035)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable import load_game
from gametable.games.keezbord.answers import ANSWERS
from gametable.rulebook.question import Question

GAME = load_game("keezbord")
STEPS = {"A": 1, "2": 2, "3": 3, "5": 5, "6": 6, "8": 8, "9": 9, "10": 10, "Q": 12}
WORD = {"A": "an ace", "Q": "a queen"}


def _answer(text: str):
    return ANSWERS.answer(Question.read(text))


def _legal(position) -> list[str]:
    state = GAME.state_from_json(dict(position))
    return [str(a) for a in state.legal_actions(state.to_move[0])]


def _hits(position, action: str) -> list[str]:
    state = GAME.state_from_json(dict(position))
    seat = state.to_move[0]
    before = state.view(None)["pawns"]
    state.apply(GAME.parse_action(state, action), seat)
    after = state.view(None)["pawns"]
    return [
        f"{'abcdef'[s]}{i + 1}"
        for s, (was, now) in enumerate(zip(before, after, strict=True))
        for i, (x, y) in enumerate(zip(was, now, strict=True))
        if x != "N" and y == "N"
    ]


@settings(max_examples=25, deadline=None)
@given(
    first=st.integers(2, 40),
    gap=st.integers(1, 12),
    card=st.sampled_from(sorted(STEPS)),
    dutch=st.booleans(),
)
def test_handing_in_and_hitting_ones_own_pawn_agree_with_the_engine(first, gap, card, dutch):
    """KB-023, KB-024, KB-027: the hand may be handed in only when no card can be played, and
    one's own pawn must be hit only when every play hits it."""
    name = WORD.get(card, f"a {card}")
    second = first + gap
    if dutch:
        texts = (f"Ik heb een pion op {first} en een op {second} en alleen {name}. Mag ik ze "
                 "inleveren?", f"Ik heb een pion op {first} en een op {second} en alleen "
                 f"{name}. Moet ik mezelf slaan?")  # fmt: skip
    else:
        texts = (f"My pawns are on {first} and {second} and my only card is {name}. Can I hand "
                 "it in?", f"My pawns are on {first} and {second}, nothing else anywhere near, "
                 f"and my only card is {name}. Do I have to hit my own pawn?")  # fmt: skip
    for text, own_hit in zip(texts, (False, True), strict=True):
        reply = _answer(text)
        if reply is None:
            continue  # the Dutch card words are not all read: the rules text answers
        assert reply.checked
        plays = [a for a in _legal(reply.position) if a != "hand in"]
        verdict = reply.text.split(".")[0] in ("Yes", "Ja")
        if own_hit:
            expected = bool(plays) and all(
                any(p[0] == "a" for p in _hits(reply.position, a)) for a in plays
            )
        else:
            expected = not plays
        assert verdict == expected, (text, reply.text)


@settings(max_examples=25, deadline=None)
@given(
    space=st.integers(52, 63),
    cards=st.lists(st.sampled_from(sorted(STEPS)), min_size=2, max_size=3, unique=True),
    target=st.integers(1, 4),
)
def test_which_card_reaches_a_home_space_agrees_with_the_engine(space, cards, target):
    """KB-035: the card named is the one whose move the engine ends on the home space asked;
    when none or several do, the reading stays silent."""
    named = [WORD.get(c, f"a {c}") for c in cards]
    hand = ", ".join(named[:-1]) + f" and {named[-1]}"
    text = (
        f"Four players; my start is space 0. My pawn's on {space}, my home is empty, and I've "
        f"got {hand}. Which card puts it on H{target}?"
    )
    reply = _answer(text)
    reaching = []
    for card in cards:
        position = {"game": "keezbord", "players": 4, "pawns": {"a": [space, "N", "N", "N"]},
                    "hands": {"a": [card]}, "to_move": 0}  # fmt: skip
        state = GAME.state_from_json(position)
        action = f"{card} a1"
        if action in [str(a) for a in state.legal_actions(0)]:
            state.apply(GAME.parse_action(state, action), 0)
            if state.view(None)["pawns"][0][0] == f"H{target}":
                reaching.append(card)
    if len(reaching) != 1:
        assert reply is None or not reply.text.startswith(("The ", "the ")), reply.text
        return
    assert reply is not None and reply.checked, text
    head = reply.text.split(".")[0].lower()
    card = reaching[0]
    assert {"A": "ace", "Q": "queen"}.get(card, card) in head, (text, reply.text)


@settings(max_examples=25, deadline=None)
@given(
    gaps=st.lists(st.integers(1, 6), min_size=2, max_size=2, unique=True),
    variant=st.booleans(),
)
def test_the_pawns_a_told_seven_hits_agree_with_the_engine(gaps, variant):
    """KB-038, KB-056: a 7 hits the pawn it ends on; with the variant seven_hits_passed it
    also hits every pawn it passes."""
    a, b = sorted(gaps)
    prefix = "We're playing the variant where a 7 hits everything it passes. " if variant else ""
    text = (
        f"{prefix}My pawn is on 20, their pawns are on {20 + a} and {20 + b} (neither on a "
        f"start), and I move this pawn 7 to 27. How many pawns get hit?"
    )
    reply = _answer(text)
    assert reply is not None and reply.checked, text
    assert bool(reply.position.get("options")) == variant
    n = len(_hits(reply.position, "7 a1"))
    assert reply.text.startswith(f"{['None', 'One', 'Two'][n]} ({n})"), reply.text


@settings(max_examples=20, deadline=None)
@given(first=st.integers(1, 6), last=st.integers(55, 63))
def test_a_seven_split_in_the_ask_is_that_split(first, last):
    """KB-056, KB-057; Playing in Teams: the last pawn's part brings it home and the rest goes
    to the partner's pawn; the verdict is the engine's check of exactly that split."""
    rest = 7 - first
    text = (
        f"Four players; my start is space 0. Three of my pawns are home on H2, H3 and H4, my "
        f"last is on {last}. My partner has a pawn in the middle of the track. I've got a 7: "
        f"can I move my last pawn {first} and give the other {rest} to my partner's pawn?"
    )
    reply = _answer(text)
    assert reply is not None and reply.checked, text
    allowed = f"7 a4:{first} c1:{rest}" in _legal(reply.position)
    assert reply.text.startswith("Yes" if allowed else "No"), (text, reply.text)


@given(used=st.integers(1, 6))
@settings(max_examples=6, deadline=None)
def test_a_seven_is_never_used_in_part(used):
    """KB-056: all seven steps are used; dropping the rest is refused, whatever the position."""
    text = (
        f"Two-player game. My start is 0. My last pawn is on {64 - used}, H2 to H4 are full. "
        f"My only card is a 7. Can I use {used} to get into H1 and just drop the other "
        f"{7 - used}?"
    )
    reply = _answer(text)
    assert reply is not None and reply.checked, text
    assert reply.text.startswith("No."), reply.text


def test_no_pawn_runs_a_second_lap() -> None:
    """KB-035 (no extra lap): whatever the card does, the pawn never goes round again."""
    for card, space in (("a 5", 63), ("a 2", 60), ("an ace", 63)):
        text = (
            f"Four players; my start is space 0. My pawn's on {space}, my home is empty, and my "
            f"only card is {card}. Can it just go round the board again?"
        )
        reply = _answer(text)
        assert reply is not None and reply.checked and reply.text.startswith("No."), reply


def test_a_named_pawn_is_judged_not_another() -> None:
    """KB-044: the pawn asked about is the one judged, never another pawn the card could move."""
    reply = _answer(
        "Four players; my start is space 0. My front pawn is on H1 and my other pawn on 62. "
        "I've got a 3. Can the one on 62 go in?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("No."), reply
    assert "a2" in reply.text


def test_an_opponent_not_named_on_its_own_start_is_that_seats_pawn() -> None:
    """KB-041, KB-042: red's pawn said to stand on red's own start, space 16, is seat b's and
    blocks a 4 that would pass it."""
    reply = _answer(
        "Four players. My pawn's on 18 and red's pawn is sitting on red's own start, space 16. "
        "I play a 4 on my pawn, okay?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("No."), reply
    assert reply.position["pawns"]["b"][0] == 16


@settings(max_examples=25, deadline=None)
@given(
    places=st.lists(st.integers(2, 50), min_size=3, max_size=3, unique=True),
    first=st.integers(1, 6),
    ask_hit=st.booleans(),
)
def test_a_seven_told_by_the_pawns_places_agrees_with_the_engine(places, first, ask_hit):
    """KB-056, KB-057, KB-038: a 7 told part by part by the pawns' places is judged as that
    split; asked whether it hits the opponent's pawn, Yes only when the engine's play hits it."""
    mine1, mine2, his = places
    rest = 7 - first
    ask_text = "Is his pawn hit?" if ask_hit else "Does that work?"
    text = (
        f"My pawn is on {mine1}, his pawn is on {his}, and my other pawn is on {mine2}; nobody "
        f"is on a start. I split my 7: {first} with the pawn on {mine1} and {rest} with the one "
        f"on {mine2}. {ask_text}"
    )
    reply = _answer(text)
    assert reply is not None and reply.checked, text
    action = f"7 a1:{first} a2:{rest}"
    legal = action in _legal(reply.position)
    expected = legal and "b1" in _hits(reply.position, action) if ask_hit else legal
    assert reply.text.startswith("Yes" if expected else "No"), (text, reply.text)


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("Four players. I'm on 14 and the pawn of the player to my left sits on its own start at "
         "16. I want to play a 5. Allowed?", "No"),
        ("Four players. I'm on 12 and the pawn of the player to my left sits on its own start at "
         "16. I want to play a 3. Allowed?", "Yes"),
        ("My pawn is on 59 and my home is empty. I hold a 5, a 9 and a queen. Which one gets it "
         "into my home?", "The 5"),
        ("My pawn is on 57 and my home is empty. I hold a 10, a 6 and a 2. Which one gets it "
         "into my home?", "The 10"),
        ("Two players. My pawns are on 28 and 31, the opponent's pawn sits on its own start, "
         "space 32, and my only card is a 4. Can I hand it in then?", "No"),
        ("my pawn is on 50 and i got a queen, where do i end up", "It ends on space 62"),
        ("My pawn is standing on my own start, space 0, and I play a 4 on it. Where is it then?",
         "It ends on space 60"),
    ],
)  # fmt: skip
def test_told_positions_in_other_words(text: str, head: str) -> None:
    """KB-041, KB-042, KB-035, KB-023, KB-060: the same readings said other ways, each judged
    by the referee."""
    reply = _answer(text)
    assert reply is not None and reply.checked, text
    assert reply.text.startswith(head), reply.text


@settings(max_examples=20, deadline=None)
@given(
    place=st.integers(2, 40),
    cards=st.lists(st.sampled_from(["2", "3", "4", "5", "6", "8", "9"]), min_size=2, max_size=2),
)
def test_cards_played_in_turn_from_a_numbered_space_agree_with_the_engine(place, cards):
    """Card Meanings, KB-035, KB-060: two cards played one after the other on a pawn told by
    its space; the reply names where the engine's moves end."""
    first, second = cards
    text = f"My pawn is on {place}. I play a {first} and then a {second}. Where does it end up?"
    reply = _answer(text)
    if first == second:  # the same card twice: left to the rules text, never judged once
        assert reply is None or not reply.checked, reply.text
        return
    assert reply is not None and reply.checked, text
    state = GAME.state_from_json(
        {
            "game": "keezbord",
            "players": 2,
            "pawns": {"a": [place, "N", "N", "N"]},
            "hands": {"a": [first]},
            "to_move": 0,
        }
    )
    state.apply(GAME.parse_action(state, f"{first} a1"), 0)
    middle = state.view(None)["pawns"][0][0]
    state = GAME.state_from_json(
        {
            "game": "keezbord",
            "players": 2,
            "pawns": {"a": [middle, "N", "N", "N"]},
            "hands": {"a": [second]},
            "to_move": 0,
        }
    )
    if f"{second} a1" not in [str(a) for a in state.legal_actions(0)]:
        assert "cannot" in reply.text, reply.text
        return
    state.apply(GAME.parse_action(state, f"{second} a1"), 0)
    end = str(state.view(None)["pawns"][0][0])
    assert end in reply.text.split(".")[0], (text, reply.text)


@settings(max_examples=20, deadline=None)
@given(
    mine=st.integers(2, 30),
    gap=st.integers(1, 12),
    cards=st.lists(st.sampled_from(sorted(STEPS)), min_size=2, max_size=2, unique=True),
)
def test_which_card_hits_agrees_with_the_engine(mine, gap, cards):
    """KB-038: the card named is the one whose move ends on the other pawn."""
    if mine + gap == 32:
        return  # space 32 is the opponent's start: "not on a start" would not hold
    named = " and ".join(WORD.get(c, f"a {c}") for c in cards)
    text = (f"My pawn is on space {mine} and the opponent's pawn is on {mine + gap}, not on a "
            f"start. I have {named}. Which card hits him?")  # fmt: skip
    reply = _answer(text)
    hitting = [c for c in cards if STEPS[c] == gap]
    if len(hitting) != 1:
        assert reply is None or not reply.text.startswith("The"), reply.text
        return
    assert reply is not None and reply.checked, text
    head = reply.text.split(".")[0].lower()
    assert {"A": "ace", "Q": "queen"}.get(hitting[0], hitting[0]) in head, reply.text
