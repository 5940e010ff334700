"""Keezbord's chat reading situations by their parts, fifth round: the families behind the
misses of ``dev-heldout5.toml``, tested with the variants of ``dev15.toml`` (other numbers,
orders and fillers, Dutch) and with properties that phrase generated situations and compare the
chat's referee-checked reply with the engine, played here on positions the test builds itself.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.keezbord.answers import ANSWERS
from gametable.rulebook.chat import ask
from gametable.rulebook.question import Question
from tests.keezbord.answering import (
    GAME,
    ORDINALS,
    STEPS,
    after,
    card_said,
    checked_reply,
    first_word,
    state_of,
)


# -- how far past the start, which card lands home (KB-035, KB-049 to KB-063) ---------------------
@settings(max_examples=40, deadline=None, derandomize=True)
@given(past=st.integers(1, 40), card=st.sampled_from(["2", "3", "5", "6", "8", "9", "10", "Q"]),
       form=st.integers(0, 2))  # fmt: skip
def test_kb035_kb053_how_far_past_the_start_a_card_takes_a_pawn(past, card, form):
    """Card Meanings: the number asked is the pawn's distance from its start after the card,
    worked out, as the engine plays it; the first sentence gives it."""
    text = [
        f"My pawn stands {past} spaces past my own start and the way ahead is clear. I play "
        f"{card_said(card)} on it. How many spaces past my start is it afterwards?",
        f"I play {card_said(card)} on my pawn, which is {past} spaces past my start with nothing in "
        "front of it. How many spaces past my start is it then?",
        f"Mijn pion staat {past} vakken voorbij mijn startvak en de weg is vrij. Ik speel "
        f"{card_said(card, 'nl')} op die pion. Hoeveel vakken voorbij mijn start staat hij daarna?",
    ][form]
    now = after({"a": [past, "N", "N", "N"]}, card, f"{card} a1")
    reply = checked_reply(text)
    assert now is not None
    assert reply.text.startswith(f"{now[0]} "), reply.text


def test_kb060_a_four_told_back_from_past_the_start_is_counted_back():
    """KB-060, KB-061: a 4 from 8 past the start leaves the pawn 4 past it; from 3 past, it
    ends 1 space before the start."""
    reply = checked_reply(
        "My pawn stands 8 spaces past my start with a clear run ahead. I play a 4 on it. How "
        "many spaces past my start is it afterwards?"
    )
    assert reply.text.startswith("4 spaces past your start"), reply.text
    dutch = checked_reply(
        "Mijn pion staat 3 vakken voorbij mijn eigen startvak en er staat niemand in de buurt. "
        "Ik speel een 4 op die pion. Waar komt hij terecht?"
    )
    assert "1 vak vóór je startvak" in dutch.text, dutch.text


@settings(max_examples=30, deadline=None, derandomize=True)
@given(before=st.integers(1, 9), space=st.integers(1, 4), form=st.integers(0, 1))
def test_kb035_which_card_lands_exactly_on_a_home_space(before, space, form):
    """KB-035: the cards named are exactly those the engine lets land on that home space."""
    text = [
        f"My pawn is {before} spaces before my own start and my home is empty. What card do I "
        f"need to land exactly on the {ORDINALS[space]} space of my home?",
        f"Mijn pion staat {before} vakken voor mijn startvak en mijn honk is leeg. Welk getal "
        f"moet ik spelen om precies op het {['', 'eerste', 'tweede', 'derde', 'laatste'][space]} "
        "vak van mijn honk te komen?",
    ][form]
    fits = [c for c in STEPS if after({"a": [64 - before, "N", "N", "N"]}, c, f"{c} a1") ==
            [f"H{space}", "N", "N", "N"]]  # fmt: skip
    head = checked_reply(text).text.split(".")[0]
    for card in STEPS:
        said = f" {card}" in f" {head.replace(' or ', ' ').replace(' of ', ' ')}"
        assert said == (card in fits), (head, fits)


# -- before my start, the last space before it, the clearances said (KB-035, KB-038) -------------
@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("My pawn is 6 spaces before my own start and my home is empty. Can I play a Queen on "
         "it?", "no"),
        ("Mijn pion staat op het laatste vak voor mijn startvak en mijn honk is leeg. Mag ik met "
         "deze pion een 6 spelen?", "nee"),
        ("My pawn is on the last track space before my home, right before my start space. My "
         "home is empty. Can I use a 3 to move it into my home?", "yes"),
        ("An opponent's pawn is exactly 6 spaces ahead of mine, nothing in between and neither "
         "of them on a start space. I play a 6 on my pawn. Does he get hit, and where does his "
         "pawn go?", "yes"),
        ("His pawn is 3 spaces behind mine in the middle of the track, no start spaces "
         "involved. I play a 4 on my pawn. Do I knock his pawn off?", "no"),
        ("Standard rules. An opponent's pawn is 2 spaces ahead of mine (not on a start). I play "
         "a 7 with that one pawn, jumping over him and stopping 5 spaces beyond him. Is he "
         "knocked off?", "no"),
    ],
)  # fmt: skip
def test_kb035_kb038_kb042_situations_told_from_my_start_with_their_clearances(text, verdict):
    """Gameplay (exact count), Additional Rules (hitting): the verdict first, checked."""
    reply = checked_reply(text)
    assert first_word(reply) == verdict, reply.text
    if "where does his pawn go" in text:
        assert "nest" in reply.text


def test_kb035_an_end_told_that_the_engine_does_not_reach_is_not_checked():
    """A told end ("stopping 2 spaces beyond him") that the move does not reach: no reply is
    built from a position that contradicts the question."""
    reply = ANSWERS.answer(Question.read(
        "An opponent's pawn is 2 spaces ahead of mine (not on a start). I play a 7 with that one "
        "pawn, jumping over him and stopping 2 spaces beyond him. Is he knocked off?"
    ))  # fmt: skip
    assert reply is None or not reply.checked


# -- the table's variants told (options) ---------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "options", "verdict"),
    [
        ("We play the option that a King helps your teammate as soon as your nest is empty. My "
         "nest is empty and I have two pawns on the track. My partner has pawns in his nest and "
         "nobody on his start. Can I use my King to place one of his pawns?",
         {"king_helps_teammate": "when_nest_empty"}, "yes"),
        ("We spelen met de optie dat een Heer je maat helpt zodra je nest leeg is. Mijn nest is "
         "leeg, ik heb nog een pion op de baan. Mag mijn Heer een pion van mijn maat op het bord "
         "zetten?", {"king_helps_teammate": "when_nest_empty"}, "ja"),
        ("Default rules, 4 players. My nest is empty, one pawn still on the track and three "
         "home. My partner has pawns in his nest and his start is free. Can my King put one of "
         "his pawns on the board?", {}, "no"),
    ],
)  # fmt: skip
def test_kb046_kb047_the_king_for_the_teammate_with_the_option_told(text, options, verdict):
    """KB-046, KB-047 (docs/rules/keezbord.md, "The King and your teammate"): the position is
    judged with the option the question tells, and the engine agrees."""
    reply = checked_reply(text)
    assert first_word(reply) == verdict, reply.text
    assert reply.position is not None
    state = GAME.state_from_json(reply.position)
    legal = "K place" in {str(a) for a in state.legal_actions(0)}
    assert legal == (verdict in ("yes", "ja"))
    assert {k: reply.position.get("options", {}).get(k) for k in options} == options


def test_kb056_the_seven_hitting_what_it_passes_told_as_the_table_rule():
    """Card Meanings (Seven), option seven_hits_passed: told as the table's rule, it is judged."""
    reply = checked_reply(
        "At our table we use the variant where a 7 hits every pawn it passes. An opponent's pawn "
        "stands 2 spaces ahead of mine (not on a start space) and I move my pawn the full 7. Does "
        "his pawn get sent back?"
    )
    assert first_word(reply) == "yes" and reply.position["options"] == {"seven_hits_passed": True}


# -- a card's other use (KB-049, KB-050) ---------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Apart from bringing a pawn out, can an ace also move a pawn?", "yes"),
        ("Kan ik een aas ook gebruiken om een pion vooruit te zetten in plaats van een nieuwe op "
         "het bord te zetten?", "ja"),
        ("Can a king also move a pawn one space forward, like an ace?", "no"),
        ("mag ik met een heer ook 1 vakje vooruit lopen?", "nee"),
    ],
)  # fmt: skip
def test_kb049_kb050_whether_a_card_moves_a_pawn_besides_placing(text, verdict):
    """Card Meanings: the Ace places or moves one space; the King only places."""
    assert first_word(checked_reply(text)) == verdict


def test_kb056_a_count_of_pawns_is_no_card_step():
    """ "Mag ik met een 7 drie pionnen verzetten?" is not "does a 7 move a pawn": not Ja."""
    reply = ask("keezbord", "Mag ik met een 7 drie pionnen verzetten?")
    assert not reply.text.lower().startswith("ja"), reply.text


# -- the deal and the pack, two counts asked (KB-004, KB-009 to KB-011, KB-069) ------------------
@settings(max_examples=12, deadline=None, derandomize=True)
@given(players=st.sampled_from([2, 4, 6]), form=st.integers(0, 2))
def test_kb009_kb004_the_pack_and_the_first_deal_asked_together(players, form):
    """Both counts asked are worked out in the first sentence, as a new game deals them."""
    words = {2: ("two", "tweeën"), 4: ("four", "vieren"), 6: ("six", "zessen")}[players]
    text = [
        f"There are {words[0]} of us. How many cards are in the pack, and how many are dealt out "
        "in the first round?",
        f"{players} players: how big is the deck, and how many cards are handed out in the first "
        "deal?",
        f"Met z'n {words[1]}: hoeveel kaarten zitten er in het spel en hoeveel worden er in de "
        "eerste ronde uitgedeeld?",
    ][form]
    view = GAME.new_game(players, seed=0).view(None)
    pack = int(view["deck_size"]) + sum(view["hand_sizes"])
    head = checked_reply(text).text.split(".")[0]
    assert str(pack) in head and str(sum(view["hand_sizes"])) in head, head


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Just me and my brother playing heads-up: how many cards do we play with?", "26"),
        ("It's just the two of us, me and my sister: how many cards do we play with?", "26"),
    ],
)
def test_kb009_two_players_told_as_a_pair(text, number):
    """KB-009: "heads-up", "the two of us" are two players."""
    assert checked_reply(text).text.startswith(number)


@pytest.mark.parametrize(
    "text",
    ["there are 3 of us, can we play keezbord with three?", "there r 5 of us tonite, can we play "
     "keezbord with 5?", "Kunnen we Keezbord met z'n vijven spelen?"],
)  # fmt: skip
def test_kb069_an_odd_table_is_refused(text):
    """KB-069: no odd number of players."""
    assert first_word(checked_reply(text)) in ("no", "nee")


@settings(max_examples=25, deadline=None, derandomize=True)
@given(space=st.integers(40, 62), card=st.sampled_from(["2", "3", "5", "6", "8", "9", "10", "Q"]))
def test_kb035_a_pawn_told_by_its_space_number_from_my_start_0(space, card):
    """KB-035: "my start is space 0. My pawn is on N": the verdict and the end are the
    engine's for a pawn on space N."""
    text = (
        f"Four players, my start is space 0. My pawn is on {space} and my home is empty. Can I "
        f"play {card_said(card)} on it, and where does it end?"
    )
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None and reply.checked, text
    state = state_of({"a": [space, "N", "N", "N"]}, [card], players=4)
    legal = f"{card} a1" in {str(a) for a in state.legal_actions(0)}
    assert first_word(reply) == ("yes" if legal else "no"), reply.text
    if legal:
        state.apply(GAME.parse_action(state, f"{card} a1"), 0)
        end = state.view(None)["pawns"][0][0]
        assert f"space {end}" in reply.text or f"home space {end}" in reply.text, reply.text


@pytest.mark.parametrize(
    ("players", "count", "space"), [(4, "Four", 16), (4, "Four", 48), (6, "Six", 80)]
)
def test_kb035_a_pawn_told_on_another_seats_start_by_its_number(players, count, space):
    """KB-035: a pawn of mine told by number on another seat's start ("my pawn is on 48" with
    four players) stands there; the end is the engine's."""
    text = (
        f"{count} players, my start is space 0. My pawn is on {space} and my home is empty. Can I "
        "play a 5 on it, and where does it end?"
    )
    reply = checked_reply(text)
    state = state_of({"a": [space, "N", "N", "N"]}, ["5"], players=players)
    state.apply(GAME.parse_action(state, "5 a1"), 0)
    assert first_word(reply) == "yes" and f"space {state.view(None)['pawns'][0][0]}" in reply.text


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("I hold a K. Can I get a pawn out of the nest?", "K"),
        ("Two players, my start is space 0. My pawn is on 40. Can I play a Q on it?", "Q"),
        ("Ik heb een H en al mijn pionnen staan in het nest. Mag ik er een uitzetten?", "K"),
    ],
)
def test_kb050_kb051_a_face_card_told_by_its_letter(text, card):
    """KB-050, KB-051: "a K", "a Q" (and the rulebook's Dutch "een H", "een V") are the King and
    the Queen."""
    reply = checked_reply(text)
    assert first_word(reply) in ("yes", "ja") and reply.position["hands"]["a"] == [card], reply


@pytest.mark.parametrize(
    "text",
    [
        "I have a King and all my pawns are in my nest. Can I bring a pawn out?",
        "All my pawns are in the nest and I have a King. Can I bring one out?",
        "Ik heb een Heer en al mijn pionnen staan in mijn nest. Mag ik er een uitzetten?",
    ],
)
def test_kb050_all_pawns_in_the_nest_is_not_all_home(text):
    """KB-050: "all my pawns are in my nest" places the pawns in the nest, not home: a King
    brings one out."""
    reply = checked_reply(text)
    assert first_word(reply) in ("yes", "ja"), reply.text
    assert GAME.state_from_json(reply.position).view(None)["pawns"][0] == ["N"] * 4
