"""Balzakken questions of the families the fourth round's held-out set missed (issue #40, the
fifth round), about a turn's actions and the counts the rules give: variants told with other
numbers, in another order and in Dutch, and property tests that phrase generated situations as
questions and compare the referee-checked replies with the engine.

Each test is named after the rule it checks, with its rules-index statements.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gametable.rulebook.chat import ask


def _reply(text: str) -> tuple[str, bool]:
    answer = ask("balzakken", text)
    return answer.text, answer.checked


# -- BZ-040, BZ-041: several of one value, with a yes/no and a number asked ------------------
@pytest.mark.parametrize(
    ("text", "start", "number"),
    [
        ("I'm holding two 5s, a 9 and a 10. May I discard both 5s together, and how many cards "
         "do I get back?", "Yes", r"\b1 card\b"),
        ("Ik heb drie zessen en een 1. Mag ik de drie zessen samen afleggen, en hoeveel kaarten "
         "trek ik terug?", "Ja", r"\b1\b"),
        ("Ik heb twee 3's in mijn hand. Mag ik die tegelijk afleggen, en hoeveel kaarten pak ik "
         "dan terug?", "Ja", r"\b1\b"),
    ],
)  # fmt: skip
def test_bz040_bz041_may_i_discard_several_and_how_many_back(
    text: str, start: str, number: str
) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said
    assert re.search(number, said.split(".")[0]), said


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("If I discard a pair of 6s from a full hand of 5, how many cards am I holding "
         "afterwards?", 4),
        ("Ik heb 5 kaarten en leg drie 7's tegelijk af. Hoeveel kaarten heb ik daarna?", 3),
        ("I hold 3 cards, one of them The Swinger, and Bo holds 5 cards. I swing with Bo. How "
         "many cards do Bo and I have now?", 5),
        ("I hold 4 cards including The Lul and I use it on Iris, who has 3 cards. Afterwards, "
         "how many cards does Iris have and how many do I have?", 5),
    ],
)  # fmt: skip
def test_bz041_bz060_bz074_cards_held_after_a_turn(text: str, held: int) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert re.search(rf"\b{held}\b", said.split(". ")[0]), said


@settings(max_examples=30, deadline=None)
@given(value=st.integers(-1, 11), count=st.integers(2, 4), rest=st.integers(0, 3))
def test_bz041_one_card_drawn_back_agrees_with_the_rules(value: int, count: int, rest: int) -> None:
    """BZ-040, BZ-041: asked whether and how many, the reply is Yes and one card."""
    other = [v for v in range(-1, 12) if v != value][:rest]
    hand = [str(value)] * count + [str(v) for v in other]
    question = (
        f"I hold {', '.join(hand)}. May I discard all {count} {value}s at once, and how many "
        "cards do I draw back?"
    )
    said, checked = _reply(question)
    assert checked, (question, said)
    assert said.startswith("Yes, you draw back 1 card."), (question, said)


# -- BZ-047, BZ-048, BZ-045, BZ-046, BZ-050: may I call ---------------------------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I've got a 1, a 2 and The Swinger. That's only 3 points, so can I call BALZAK! now?",
         "No."),
        ("My hand is a 0, a 3 and The Lul, so 3 points. May I call BALZAK!?", "No."),
        ("There's a Lul on the table in front of me and my hand is a 4 and a 1. May I call "
         "BALZAK! now that it's my turn?", "Yes."),
        ("De Lul ligt voor mij op tafel. Ik heb een 3 en een 0. Mag ik BALZAK! roepen als ik aan "
         "de beurt ben?", "Ja."),
        ("Earlier this round someone played The Lul in front of me and I drew my two cards. My "
         "hand is now 0, 2 and 1, and the Lul card is still lying on the table in front of me. "
         "On my turn, can I call BALZAK!?", "Yes."),
        ("It's Pieter's turn and I have 1 point and no action cards. May I call BALZAK! now?",
         "No."),
        ("Het is niet mijn beurt, maar ik heb maar 3 punten. Mag ik toch BALZAK! roepen?",
         "Nee."),
    ],
)  # fmt: skip
def test_bz047_bz046_bz050_may_i_call(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


def test_bz047_points_said_again_that_do_not_add_up_are_not_judged() -> None:
    said, checked = _reply(
        "I've got a 1, a 2 and The Swinger. That's only 4 points, so can I call BALZAK! now?"
    )
    assert not checked, said


# -- BZ-064, BZ-077, BZ-024: whose turn after The Swinger or The Lul -------------------------
@pytest.mark.parametrize(
    "text",
    [
        "Four of us play. I play The Lul on the player two seats to my left. Who plays next?",
        "I play The Swinger on the player sitting two seats to my left. Whose turn is it next: "
        "that player's, or someone else's?",
        "I play The Lul on Kees. Who plays next?",
    ],
)
def test_bz064_bz077_the_turn_after_an_action_card(text: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith("The player to your left"), said


@settings(max_examples=14, deadline=None)
@given(players=st.integers(2, 8), card=st.sampled_from(["The Lul", "The Swinger"]))
def test_bz064_bz077_the_turn_after_an_action_card_for_any_table(players: int, card: str) -> None:
    """BZ-064, BZ-077: play passes to the player after the one who played the card."""
    said, checked = _reply(f"We are {players} players. I play {card} on Kim. Who plays next?")
    assert checked, said
    assert said.startswith("The player to your left"), said


def test_bz064_dutch_the_turn_after_the_swinger() -> None:
    said, checked = _reply(
        "Ik speel De Swinger op de speler rechts van mij. Wie is daarna aan de beurt?"
    )
    assert checked, said
    assert said.startswith("De speler links van jou"), said


# -- BZ-068, BZ-125: The Swinger as the last card ----------------------------------------------
@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("My last card is The Swinger. I play it on Lotte, who has 4 cards. What happens to my "
         "hand and hers, and what does Lotte have to do next?", "Lotte"),
        ("Ik heb alleen nog De Swinger. Ik speel hem op Kees, die 2 kaarten heeft. Wat gebeurt "
         "er?", "Kees"),
    ],
)  # fmt: skip
def test_bz068_bz125_the_swinger_as_the_last_card(text: str, who: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(who) and re.search(r"(?:no cards|geen kaarten)", said), said
    assert "BALZAK!" in said, said


# -- BZ-121, BZ-122, BZ-014..BZ-018: counts from the rules -------------------------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("The draw pile is empty and I need to draw. The discard pile has 12 cards in it and 3 "
         "action cards are lying in front of players. How many cards make up the new draw pile?",
         "12 - 1 = 11"),
        ("De trekstapel is op en de aflegstapel heeft 9 kaarten. Hoeveel kaarten komen er in de "
         "nieuwe trekstapel?", "9 - 1 = 8"),
        ("How many cards does the deck have, and how many Swingers are in it?",
         "60 cards, 4 of them"),
        ("Met 5 spelers, hoeveel kaarten liggen er nog op de trekstapel na het delen en het "
         "omdraaien van de eerste kaart?", "34."),
    ],
)  # fmt: skip
def test_bz122_bz014_counts_from_the_rules(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


@settings(max_examples=20, deadline=None)
@given(size=st.integers(2, 40), luls=st.integers(0, 4))
def test_bz122_new_draw_pile_agrees_with_the_engine(size: int, luls: int) -> None:
    """BZ-122: all of the discard pile but its top card, whatever lies in front of players."""
    question = (
        f"The draw pile is empty. There are {size} cards on the discard pile and {luls} Luls lie "
        "in front of players. How many cards go into the new draw pile?"
    )
    said, checked = _reply(question)
    assert checked, (question, said)
    assert said.startswith(f"{size} - 1 = {size - 1}:"), (question, said)


def test_bz122_the_reshuffle_rule_gives_no_count_it_was_not_told() -> None:
    said, _ = _reply("What's the rule when the draw pile runs out?")
    assert "top card" in said and not re.search(r"\d+ cards here", said), said


# -- BZ-030: a swap with the discard pile's top ------------------------------------------------
def test_bz030_a_swap_of_a_card_named_in_a_listed_hand() -> None:
    said, checked = _reply(
        "The discard pile shows a 2. My hand is 11, 7, 4, 3, 0. Can I swap my 11 for that 2 as "
        "my turn?"
    )
    assert checked, said
    assert said.startswith("Yes."), said


# -- BZ-041, BZ-027: taking back the card that lay on top of the discard pile -----------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I put down my pair of 9s. Before I did, the top of the discard pile was a 0. May I "
         "take that 0 as the card I draw back?", "Yes."),
        ("I discard two 4s. Before that the top card of the discard pile was a -1. Can I take "
         "the -1 back instead of drawing?", "Yes."),
        ("Ik leg twee tienen af. Bovenop de aflegstapel lag een 3. Mag ik die 3 terugpakken?",
         "Ja."),
        ("I discard a single 8; the top of the discard pile was a 1. May I take that 1 instead of "
         "drawing from the draw pile?", "No."),
    ],
)  # fmt: skip
def test_bz041_bz027_taking_back_the_former_top(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


@settings(max_examples=30, deadline=None)
@given(value=st.integers(-1, 11), count=st.integers(1, 3), top=st.integers(-1, 11))
def test_bz041_taking_back_the_former_top_agrees_with_the_rules(
    value: int, count: int, top: int
) -> None:
    """BZ-041: after several of one value the former top may come back; after one, never."""
    assume(top != value)
    said_count = {1: "a single", 2: "two", 3: "three"}[count]
    plural = "s" if count > 1 else ""
    question = (
        f"I discard {said_count} {value}{plural}. Before that the top card of the discard pile "
        f"was a {top}. Can I take the {top} back instead of drawing?"
    )
    said, checked = _reply(question)
    assert checked, (question, said)
    assert said.startswith("Yes." if count > 1 else "No."), (question, said)


# -- BZ-050: a call before another player has played is out of turn ---------------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("It's not my turn, but I've got 2 points and no action cards. Can I shout BALZAK! right "
         "now before the next player goes?", "No."),
        ("My hand is worth 2 and my neighbour is still thinking about his turn. Can I shout "
         "BALZAK! before he plays?", "No."),
        ("Ik heb 2 punten. Mag ik BALZAK! roepen voordat hij speelt?", "Nee."),
    ],
)  # fmt: skip
def test_bz050_a_call_before_another_player_has_played(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


# -- BZ-040, BZ-041: Balzakken laid down together ----------------------------------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("My hand: 2, 2, 2, 2 and 7. Can I lay down all four 2s at once? And how many cards do I "
         "pick up afterwards?", "Yes, you draw back 1 card."),
        ("I put down my pair of 9s. How many cards do I draw back?", "1."),
    ],
)  # fmt: skip
def test_bz040_bz041_balzakken_laid_down_together(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


# -- BZ-055, BZ-067, BZ-081: several cards' points asked at once --------------------------------
@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("How many points is the Blue Ball worth and how many is the Bruisbal worth?",
         ["11 points", "-1 points"]),
        ("What are the Lul and the Swinger worth if someone calls?", ["10 points", "0 points"]),
        ("Hoeveel punten zijn De Lul en De Swinger waard?", ["10 punten", "0 punten"]),
    ],
)  # fmt: skip
def test_bz055_bz067_bz081_several_cards_points(text: str, numbers: list[str]) -> None:
    said, checked = _reply(text)
    assert checked, said
    first = said.split(". ")[0]
    assert all(n in first for n in numbers), said


# -- BZ-067, BZ-093: a Dutch question opened by the call's verb ---------------------------------
def test_bz067_dutch_call_said_before_its_caller() -> None:
    said, checked = _reply(
        "Roept iemand BALZAK terwijl ik De Swinger en een 4 heb, hoeveel punten tel ik dan?"
    )
    assert checked, said
    assert said.startswith("4 punten"), said


# -- BZ-014..BZ-018: the draw pile after the deal, never the cards dealt ------------------------
@settings(max_examples=14, deadline=None)
@given(players=st.integers(2, 8), dutch=st.booleans())
def test_bz014_bz016_bz017_draw_pile_after_the_deal(players: int, dutch: bool) -> None:
    """BZ-014, BZ-016, BZ-017: 5 cards each are dealt, one is turned up, the rest is the pile."""
    question = (
        f"Met {players} spelers: hoeveel kaarten liggen er in de trekstapel na het delen en het "
        "omdraaien van de eerste aflegkaart?"
        if dutch
        else f"With {players} players, how many cards are in the draw pile after the deal and "
        "turning up the first discard?"
    )
    said, checked = _reply(question)
    assert checked, (question, said)
    assert said.startswith(f"{60 - 5 * players - 1}."), (question, said)


# -- BZ-064, BZ-077: the turn after another player's action card ----------------------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Three players. Tom plays the Lul on me. Whose turn is it next?",
         "The player to Tom's left"),
        ("Saar speelt De Lul op mij. Wie is er daarna aan de beurt?", "De speler links van Saar"),
    ],
)  # fmt: skip
def test_bz064_bz077_the_turn_after_another_players_action_card(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


# -- BZ-055, BZ-014: counts of a kind of card in the deck ---------------------------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("How many Luls are there?", "4."),
        ("How many action cards are in the deck?", "8."),
        ("Hoeveel actiekaarten zitten er in het spel?", "8."),
        ("Hoeveel Balzakken van elke waarde zitten er in het spel?", "4."),
        ("How many cards of each value are there?", "4."),
    ],
)
def test_bz055_counts_of_a_kind_of_card(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


# -- BZ-041: a past discard and the former top ----------------------------------------------
def test_bz041_a_past_discard_and_the_former_top() -> None:
    said, checked = _reply(
        "I threw away a pair of 3s and the discard pile's top card was a 10. May I take the 10?"
    )
    assert checked, said
    assert said.startswith("Yes."), said


# -- BZ-073..BZ-075, BZ-059..BZ-062: may I play an action card, and the hands after it ----------
@pytest.mark.parametrize(
    "text",
    [
        "I have 5 cards including the Lul. Can I play the Lul on Kim, who has 2 cards, and how "
        "many cards will Kim have?",
        "I hold 3 cards, one of them The Swinger, and Bo holds 5 cards. Can I swing with Bo, and "
        "how many cards do we have then?",
    ],
)
def test_bz073_bz060_may_i_play_an_action_card_and_the_hands_after(text: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith("Yes."), said


def test_bz041_a_number_alone_for_a_yes_no_and_a_number_is_not_checked() -> None:
    """Two things asked, one answered: the reply is not marked checked (issue #40)."""
    said, checked = _reply(
        "I have 5 cards. Can I play the Lul on Kim, who has 2 cards, and how many cards will "
        "Kim have?"
    )
    assert not checked or said.startswith(("Yes", "No")), said


# -- BZ-043, BZ-025: never two action cards in one turn ------------------------------------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Mag ik twee Lullen in één beurt spelen?", "Nee."),
        ("Kan ik mijn twee Lullen in dezelfde beurt spelen?", "Nee."),
        ("I have two Luls. Can I play one on Kim?", "Yes."),
    ],
)
def test_bz043_bz025_one_action_card_a_turn(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


def test_bz114_a_total_said_as_landed_on_shows_no_made_up_sum() -> None:
    said, checked = _reply("Wat gebeurt er als je precies 69 punten hebt?")
    assert checked, said
    assert said.startswith("69,") and "+" not in said.split(". ")[0], said


# -- BZ-039..BZ-041: whether several of one value may go down, counted by a pronoun ------------
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Ik heb vier 3's. Mag ik er drie afleggen?", "Ja."),
        ("I have three 7s. Can I discard two of them?", "Yes."),
        ("I have two 7s and a 1. Can I discard three of them?", "No."),
    ],
)
def test_bz039_bz040_several_counted_by_a_pronoun(text: str, start: str) -> None:
    said, checked = _reply(text)
    assert checked, said
    assert said.startswith(start), said


def test_bz040_a_hand_said_by_a_count_gives_no_hand_size() -> None:
    """'Four 3s' may not be the whole hand: no sum of the hand's cards is shown."""
    said, _ = _reply("Ik heb vier 3's. Mag ik er drie afleggen?")
    assert "4 - 3" not in said, said


@settings(max_examples=25, deadline=None)
@given(value=st.integers(-1, 11), held=st.integers(2, 4), asked=st.integers(2, 4))
def test_bz039_bz040_may_discard_several_agrees_with_the_engine(
    value: int, held: int, asked: int
) -> None:
    """BZ-039..BZ-041: Yes when the hand holds as many as asked, No when it holds fewer."""
    counts = {2: "two", 3: "three", 4: "four"}
    question = f"I have {counts[held]} {value}s. Can I discard {counts[asked]} of them?"
    said, checked = _reply(question)
    assert checked, (question, said)
    assert said.startswith("Yes." if held >= asked else "No."), (question, said)


# -- BZ-030, BZ-044: a swap with the top card said: only a Balzak, the one named ------------------
@settings(max_examples=40, deadline=None)
@given(
    hand=st.lists(
        st.sampled_from(["-1", "0", "3", "5", "8", "11", "L", "S"]), min_size=1, max_size=4
    ),
    pick=st.integers(0, 3),
    top=st.sampled_from(["1", "2", "4", "6"]),
)
def test_bz030_bz044_a_swap_for_the_top_said_agrees_with_the_engine(
    hand: list[str], pick: int, top: str
) -> None:
    """BZ-030: one Balzak from the hand for the top card; never an action card (BZ-044)."""
    assume(all(hand.count(c) <= 2 for c in hand))
    card = hand[pick % len(hand)]
    names = {"L": "The Lul", "S": "The Swinger"}
    said = ", ".join(names.get(c, f"a {c}") for c in hand)
    named = names.get(card, f"my {card}")
    question = (
        f"The top of the discard pile is a {top}. I hold {said}. May I swap {named} for the {top}?"
    )
    reply, checked = _reply(question)
    if not checked:
        return  # read by no referee reader: the rules text answers, unchecked
    assert reply.startswith("No." if card in names else "Yes."), (question, reply)
