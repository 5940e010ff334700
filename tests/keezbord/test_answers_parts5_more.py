"""Keezbord's chat reading situations by their parts, fifth round (continued from
``test_answers_parts5.py``): swaps, playing for the partner, moves in the home, must play or hand
in, colours, and the misreadings closed; tested with the variants of ``dev15.toml`` and with
properties that compare the chat's referee-checked reply with the engine.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.keezbord.answers import ANSWERS
from gametable.games.keezbord.answers.relative_parts import read_parts
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


# -- the Jack's swap told by places (KB-052, KB-043) ---------------------------------------------
@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("My only pawn out stands on my own start space, I just placed it. Can I use a Jack to "
         "swap it with an opponent's pawn on the track?", "no"),
        ("I have a Jack and a pawn on the track. My opponent's only pawn out sits on his own "
         "start space. Can I swap with it?", "no"),
        ("One of my pawns is on my start space and another is 15 spaces along the track. Can I "
         "play the Jack to swap the second one with an opponent's pawn in the middle of the "
         "track?", "yes"),
        ("4 spelers. Ik heb nog eigen pionnen op de baan. Mag ik met een Boer een van mijn "
         "pionnen op de baan ruilen met een pion van mijn maat op de baan?", "ja"),
    ],
)  # fmt: skip
def test_kb052_kb043_a_swap_told_by_where_the_pawns_stand(text, verdict):
    """The pawn on its own start cannot be swapped; my other pawn on the track still can."""
    reply = checked_reply(text)
    assert first_word(reply) == verdict, reply.text
    state = GAME.state_from_json(reply.position)
    judged = reply.details[0].removeprefix("Judged: ").removesuffix(" for seat a.")
    legal = judged in {str(a) for a in state.legal_actions(0)}
    assert legal == (verdict in ("yes", "ja"))


# -- playing for the partner (KB-070, KB-072) ----------------------------------------------------
@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Four players in teams. I have two pawns on the track, one in my nest and one home. "
         "Can I play a 6 on my partner's pawn?", "no"),
        ("All my pawns are home. My teammate has a pawn 10 spaces past his start with nothing "
         "ahead. May I play a 9 on his pawn?", "yes"),
        ("Al mijn vier pionnen zijn thuis. Mijn maat heeft een pion 5 vakken voorbij zijn "
         "startvak, de baan is vrij. Mag ik mijn 8 gebruiken voor zijn pion?", "ja"),
        ("4 players. My last pawn not home stands 1 space before my start; my other three are "
         "on home spaces 2, 3 and 4. My partner has a pawn on the track with a clear way. Can I "
         "split a 7: 1 step to put my last pawn on home space 1 and 6 steps for my partner's "
         "pawn?", "yes"),
    ],
)  # fmt: skip
def test_kb072_a_card_for_the_partners_pawn(text, verdict):
    """Playing in Teams: only once all my pawns are home do I play for my partner's."""
    reply = checked_reply(text)
    assert first_word(reply) == verdict, reply.text
    judged = reply.details[0].removeprefix("Judged: ").removesuffix(" for seat a.")
    state = GAME.state_from_json(reply.position)
    assert (judged in {str(a) for a in state.legal_actions(0)}) == (verdict in ("yes", "ja"))


# -- moves in the home, my other pawn moved (KB-035, KB-044) -------------------------------------
@pytest.mark.parametrize(
    ("text", "verdict", "said"),
    [
        ("My pawn is on the 2nd space of my home and spaces 3 and 4 are empty. Can I play a 2 "
         "on it? Where does it go?", "yes", "H4"),
        ("One of my pawns sits on home space 1. My other pawn is 1 space before my start. Can I "
         "play a 2 on that other pawn?", "no", ""),
        ("Mijn pion staat op het eerste vak van mijn thuishonk en de rest van mijn honk is leeg. "
         "Mag ik er een 2 mee spelen? Waar komt hij?", "ja", "H3"),
        ("One pawn of mine is on home space 2 and another is 3 spaces before my own start; home "
         "spaces 3 and 4 are empty. Can I split a 7 as 2 steps for the home pawn first and then "
         "5 for the other one?", "yes", ""),
        ("My pawn A is 2 spaces before my own start, my home is empty, and my pawn B is 8 spaces "
         "past my start with nothing in front of it. Can I split a 7 as 5 steps for A and 2 for "
         "B, and where does A land?", "yes", "H4"),
    ],
)  # fmt: skip
def test_kb035_kb044_moves_in_and_into_the_home(text, verdict, said):
    """The verdict first when yes or no is asked beside where; the place the engine gives."""
    reply = checked_reply(text)
    assert first_word(reply) == verdict, reply.text
    assert said in reply.text


# -- must play, or hand in (KB-023 to KB-027) ----------------------------------------------------
@settings(max_examples=30, deadline=None, derandomize=True)
@given(before=st.integers(1, 8), hand=st.lists(st.sampled_from(["5", "6", "8", "9", "10", "Q"]),
       min_size=1, max_size=2, unique=True), form=st.integers(0, 1))  # fmt: skip
def test_kb023_kb027_hand_in_only_when_no_card_can_be_played(before, hand, form):
    """Gameplay: the cards are handed in exactly when the engine allows no play."""
    listed = " and ".join(card_said(c) for c in hand)
    text = [
        f"My only pawn out of the nest is {before} spaces before my own start, home empty. My "
        f"hand is {listed}, no ace or king. Do I have to hand in my cards?",
        f"Situation: my only pawn out of the nest is {before} spaces before my own start and my "
        f"home is empty. My hand is {listed}, no ace or king. Must I hand in my cards?",
    ][form]
    state = state_of({"a": [64 - before, "N", "N", "N"]}, hand)
    none = [str(a) for a in state.legal_actions(0)] == ["hand in"]
    assert first_word(checked_reply(text)) == ("yes" if none else "no")


def test_kb024_a_card_that_hits_my_own_pawn_must_still_be_played():
    """KB-024: my back pawn landing on my front one is still a play I must make."""
    reply = checked_reply(
        "Two players. One pawn of mine is 2 spaces before my own start, my other pawn out is 8 "
        "spaces before my start, two are in my nest and my home is empty, nothing else between "
        "them. My only card is a 6, which would land my back pawn on my front one. Must I play it?"
    )
    assert first_word(reply) == "yes" and "6 a2" in reply.text


def test_kb024_a_landing_told_that_the_card_does_not_make_is_not_built():
    """ "Which would land my back pawn on my front one" when it would not: no checked reply."""
    reply = ANSWERS.answer(Question.read(
        "One pawn of mine is 2 spaces before my own start, my other pawn out is 8 spaces before "
        "my start, two are in my nest. My only card is a 5, which would land my back pawn on my "
        "front one. Must I play it?"
    ))  # fmt: skip
    assert reply is None


# -- pawns named by colour, start spaces of a third seat (KB-041, KB-042) ------------------------
@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Red's pawn is sitting on Red's own start space, 2 spaces ahead of my pawn. I want to "
         "play a 5 on my pawn, which would take it past Red's. Allowed?", "no"),
        ("4-player game, I'm blue. A yellow pawn has stopped on my partner's start space (my "
         "partner has no pawn there). My pawn is exactly 9 spaces behind that yellow pawn with "
         "nothing between. I play a 9. Do I knock the yellow pawn off?", "yes"),
        ("4-player game. A green pawn stands on red's start space; red has no pawn there. My "
         "pawn is 3 spaces behind the green one. I play a 5. Can I jump past it?", "yes"),
    ],
)  # fmt: skip
def test_kb041_kb042_only_a_pawn_on_its_own_start_is_protected(text, verdict):
    """A pawn on its own start cannot be passed or hit; on another seat's start it can."""
    assert first_word(checked_reply(text)) == verdict


def test_kb041_my_own_colour_named_for_another_pawn_is_not_read_by_relations():
    """ "I'm blue" and "a blue pawn" ahead: the relation reader does not take it for his."""
    question = Question.read("I'm blue. A blue pawn is 5 spaces ahead of my pawn. I play a 5. Hit?")
    assert read_parts(question) is None


# -- misreadings closed (a count read as a card or a place; the one hit read as moving) ----------
def test_kb038_plaatsen_after_a_count_are_spaces_and_voor_de_mijne_is_ahead():
    """ "7 plaatsen voor de mijne" are spaces, not placing a pawn."""
    reply = checked_reply(
        "De pion van mijn tegenstander staat precies 7 plaatsen voor de mijne, niet op een "
        "startvak. Ik speel een 7 helemaal met die ene pion. Sla ik hem dan?"
    )
    assert first_word(reply) == "ja", reply.text


def test_kb042_the_opponent_who_gooit_a_card_moves_onto_my_start():
    """KB-042: his 6 would land on my pawn on my own start: he may not hit it."""
    reply = checked_reply(
        "Mijn pion staat op mijn eigen startvak. Mijn tegenstander gooit een 6 op en zou precies "
        "op mijn pion uitkomen. Mag hij mij slaan?"
    )
    assert first_word(reply) == "nee" and reply.position["to_move"] == 1


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("what does the queen do? and the king?", ("12", "start space")),
        ("what does the jack do? and the ace?", ("swaps", "1 space")),
        ("Wat doet de Boer bij Keezbord?", ("ruilt",)),
    ],
)
def test_kb049_to_kb052_each_card_asked_is_explained(text, said):
    """Card Meanings: both cards asked get their meaning, from the engine's plays."""
    reply = checked_reply(text)
    assert all(s in reply.text for s in said), reply.text


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Four players. Three of my pawns are home and one is on the track. Can I play a 5 on my "
         "partner's pawn?", "no"),
        ("4-player team game. All 4 of my pawns are safe in my home. I have a 6: can I move one "
         "of my partner's pawns with it?", "yes"),
    ],
)  # fmt: skip
def test_kb072_three_of_my_pawns_home_are_not_all_of_them(text, verdict):
    """KB-072: "three of my pawns are home" is not "my pawns are home"."""
    assert first_word(checked_reply(text)) == verdict


def test_kb027_a_refusal_says_the_cards_are_handed_in_only_when_the_hand_is_told_whole():
    """KB-027: the hand-in follows a refusal only when the question tells the whole hand."""
    whole = checked_reply(
        "My hand is just a 4. One of my pawns is in my home and the other three are in the "
        "nest. Can I play the 4?"
    )
    assert first_word(whole) == "no" and "hand in" in whole.text
    asked = checked_reply(
        "Can I swap my pawn on the track with an opponent's pawn that sits on his own start space?"
    )
    assert first_word(asked) == "no" and "hand in" not in asked.text


@settings(max_examples=30, deadline=None, derandomize=True)
@given(before=st.integers(1, 9), space=st.integers(1, 4), form=st.integers(0, 2))
def test_kb035_the_steps_a_pawn_needs_to_a_home_space(before, space, form):
    """KB-035: the steps asked are those after which the pawn stands on that home space; where a
    card moves exactly that many, the engine puts it there."""
    text = [
        f"How many steps does my pawn need to reach the {ORDINALS[space]} space of my home if it "
        f"is {before} spaces before my start?",
        f"My pawn is {before} spaces before my start. How many steps to the {ORDINALS[space]} "
        "space of my home?",
        f"Mijn pion staat {before} vakken voor mijn startvak. Hoeveel stappen heeft hij nodig tot "
        f"het {['', 'eerste', 'tweede', 'derde', 'laatste'][space]} vak van mijn honk?",
    ][form]
    reply = checked_reply(text)
    steps = int(reply.text.split()[0])
    card = next((c for c, n in STEPS.items() if n == steps), None)
    if card is not None:
        assert after({"a": [64 - before, "N", "N", "N"]}, card, f"{card} a1")[0] == f"H{space}"
    assert steps == before - 1 + space  # the last track space, then the home spaces counted


def test_kb035_the_homes_size_is_not_the_way_home():
    """ "How many steps ... to the last space of my home" is not "how many spaces has a home"."""
    reply = checked_reply("My pawn is 6 spaces before my start. How many steps to the first "
                          "space of my home?")  # fmt: skip
    assert reply.text.startswith("6 "), reply.text
    assert checked_reply("How many spaces are there in the home?").text.startswith("4")


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Mijn pion staat 1 vak voor mijn startvak en mijn honk is leeg. Mag ik een 4 spelen om "
         "achteruit te gaan?", "ja"),
        ("My pawn is 2 spaces past my start. If I play a 4 on it, can it go backwards into my "
         "home?", "no"),
        ("My pawn is 5 spaces past my start. Can a 4 take it backwards into my home?", "no"),
    ],
)  # fmt: skip
def test_kb061_a_four_from_the_place_told(text, verdict):
    """KB-060, KB-061: a 4 is judged from where the pawn is said to stand (a pawn 1 space
    before its start may go back 4 along the track; none goes back into its home)."""
    reply = checked_reply(text)
    assert first_word(reply) == verdict, reply.text
    place = reply.position["pawns"]["a"][0]
    assert place in (63, 2, 5)


def test_kb044_one_of_my_pawns_after_my_pawn_is_my_other_pawn():
    """KB-044: "my pawn ... and one of my pawns on the second space of my home" are two pawns:
    the one moved may not pass the one in the home."""
    reply = ANSWERS.answer(Question.read(
        "My pawn is 5 spaces before my start and one of my pawns is on the second space of my "
        "home. Can I play an 8 on it?"
    ))  # fmt: skip
    assert reply is not None and first_word(reply) == "no", reply
    first = ANSWERS.answer(Question.read(
        "My pawn is 5 spaces before my start and one of my pawns is on the second space of my "
        "home. Can I play an 8 on the first pawn?"
    ))  # fmt: skip
    assert first is None or not first.checked or first_word(first) == "no"


def test_kb060_a_four_asked_between_two_pawns_is_not_a_question_of_its_steps():
    """KB-060: "4 vakken uit elkaar ... met een 4 mijn achterste pion op mijn voorste" is not
    "does a 4 move 4 spaces": the reply is never a checked Ja."""
    reply = ask(
        "keezbord",
        "Mijn twee pionnen staan op de baan, 4 vakken uit elkaar. Mag ik met een 4 mijn achterste "
        "pion op mijn voorste zetten?",
    )
    assert not (reply.checked and first_word(reply) == "ja"), reply.text


@pytest.mark.parametrize(
    "text",
    ["Mag ik met een Boer twee pionnen van mijn tegenstanders ruilen?",
     "Can I use a Jack to swap two of my opponents' pawns?"],
)  # fmt: skip
def test_kb052_a_jack_never_swaps_two_other_players_pawns(text):
    """KB-052: one of the pawns swapped is always one's own."""
    assert first_word(checked_reply(text)) in ("no", "nee")


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("My pawn is 2 spaces before my start and my home is empty. I have a 2, a 5 and a Queen. "
         "Which of these takes it into my home?", ("2", "5")),
        ("Mijn pion staat 2 vakken voor mijn startvak. Welke kaart brengt hem op het laatste vak "
         "van mijn honk?", ("5",)),
    ],
)  # fmt: skip
def test_kb035_which_card_brings_a_pawn_before_its_start_home(text, cards):
    """KB-035: the cards named are those the engine lets land in the home (or on the space)."""
    head = checked_reply(text).text.split(".")[0]
    assert all(c in head for c in cards), head


@pytest.mark.parametrize(
    "text",
    [
        "I hold a 5 and an 8. Playing the 5 would land on my partner's pawn and knock it off; the "
        "8 played on my other pawn moves it to an empty space with nothing in the way. Am I forced "
        "to play the 5?",
        "I hold a 6 and a 9. The 6 would land on my own other pawn and knock it off; the 9 played "
        "on that other pawn moves it to an empty space with nothing in the way. Do I have to play "
        "the 6?",
    ],
)
def test_kb023_kb024_a_choice_of_cards_the_one_that_hits_ones_own_side_is_not_forced(text):
    """KB-023, KB-024: a card must be played, but the player chooses which; the engine allows
    the other card, so the one that hits is not forced."""
    reply = checked_reply(text)
    assert first_word(reply) == "no", reply.text
    state = GAME.state_from_json(reply.position)
    judged = reply.details[0].removeprefix("Judged: ").removesuffix(" for seat a.")
    assert judged in {str(a) for a in state.legal_actions(0)}


@pytest.mark.parametrize(
    "text",
    [
        "Met de gewone regels: sla je een pion als je er met een 7 overheen gaat zonder erop te "
        "komen?",
        "With the normal rules: does a pawn I pass with a 9 get knocked off?",
    ],
)
def test_kb038_passing_a_pawn_does_not_hit_it_with_the_default_rules_said(text):
    """KB-038: only a move ending on a pawn hits it; the default rules said first change
    nothing."""
    assert first_word(checked_reply(text)) in ("no", "nee")


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("I just placed a pawn on my start space. This turn I play a 4 on it, and next turn a 5 "
         "on the same pawn (nothing in the way, home empty). Where does it finish?", "H2"),
        ("I just put a pawn on my start space. I play a 4 on it and then a 6 (home empty, nothing "
         "in the way). Where does it end?", "H3"),
    ],
)  # fmt: skip
def test_kb061_a_four_then_a_card_from_the_start_with_the_clearances_said(text, end):
    """KB-061: the 4 takes the pawn back past its start, the next card into its home."""
    assert end in checked_reply(text).text


def test_kb038_my_other_pawn_and_his_both_named_is_not_read_as_mine_hit():
    """KB-038: "5 behind an opponent's pawn, I play a 5 on my other pawn": whose pawn is met is
    not read; never a checked Yes built from my own two pawns."""
    reply = ask(
        "keezbord",
        "My pawn is 5 spaces behind an opponent's pawn. I play a 5 on my other pawn. Is the "
        "opponent hit?",
    )
    assert not (reply.checked and first_word(reply) == "yes"), reply.text


def test_kb056_two_yes_no_questions_in_one_are_not_answered_checked_by_half():
    """Two things asked yes or no at once, and no reader judges both: never marked checked."""
    reply = ask("keezbord", "Can I play a 7 on one pawn, and can I split it over two pawns?")
    assert not reply.checked, reply.text


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Een gele pion staat op het startvak van rood. Mijn pion staat 3 vakken erachter. Mag "
         "ik er met een 5 overheen?", "ja"),
        ("Een gele pion staat op het startvak van geel. Mijn pion staat 3 vakken erachter. Mag "
         "ik er met een 5 overheen?", "nee"),
        ("Een pion van mijn tegenstander staat 8 vakken voorbij de mijne. Ik speel een 8. Wordt "
         "hij geslagen?", "ja"),
    ],
)  # fmt: skip
def test_kb038_kb042_dutch_colours_and_distances_told(text, verdict):
    """KB-038, KB-042: a colour's start is its own only for that colour's pawn; a distance told
    ("8 vakken voorbij de mijne") is placed, not read as passing."""
    reply = checked_reply(text)
    assert first_word(reply) == verdict, reply.text


@pytest.mark.parametrize(
    "text",
    [
        "My opponent's pawn is 5 spaces ahead of mine and on my start space. I play a 5. Do I hit "
        "him?",
        "My pawn is 2 spaces past my start. An opponent's pawn is 2 spaces behind mine, on my "
        "start. I play a 4. Do I hit him?",
    ],
)
def test_kb041_his_pawn_on_my_start_is_never_judged_as_on_its_own(text):
    """KB-041: a pawn on another seat's start is not protected; a reply judged on a position
    with his pawn on its own start, or mine on my start, is never given."""
    reply = ANSWERS.answer(Question.read(text))
    if reply is None or not reply.checked:
        return
    pawns = reply.position["pawns"]
    theirs = pawns.get("b", ["N"])[0]
    assert theirs == 0, (reply.text, pawns)  # his pawn stands on seat a's start


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Mijn enige pion staat 1 vak voor mijn startvak en ik heb alleen een 6 en een 8. Moet ik "
         "mijn kaarten inleveren?", "ja"),
        ("My hand is a 5 and a 7. My only pawn out is 2 spaces before my start and my home is "
         "empty. Must I hand in?", "no"),
    ],
)  # fmt: skip
def test_kb025_kb027_hand_in_told_in_other_words(text, verdict):
    """KB-025 to KB-027: the hand ("ik heb alleen ...") and the ask ("must I hand in?") read."""
    assert first_word(checked_reply(text)) == verdict


def test_kb035_dutch_diminutives_are_read_as_the_plain_words():
    """ "3 vakjes voorbij mijn startvakje" is "3 vakken voorbij mijn startvak"."""
    reply = checked_reply(
        "Mijn pion staat 3 vakjes voorbij mijn startvakje. Ik speel een Vrouw. Hoeveel vakjes "
        "voorbij mijn startvakje staat hij dan?"
    )
    assert reply.text.startswith("15 "), reply.text


@pytest.mark.parametrize(
    "text",
    [
        "Mijn tegenstander staat 3 vakken achter mijn pion en speelt een 3. Word ik geslagen?",
        "My opponent is 5 spaces behind my pawn and plays a 5. Is my pawn hit?",
    ],
)
def test_kb038_the_opponent_who_plays_is_the_one_who_moves(text):
    """KB-038: "my opponent ... and plays a 3": his pawn moves onto mine, and mine is hit."""
    reply = checked_reply(text)
    assert first_word(reply) in ("yes", "ja") and reply.position["to_move"] == 1, reply.text
