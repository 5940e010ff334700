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
    assert said.startswith("De speler links van je"), said


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


# -- BZ-090..BZ-093: "good call or not?" names no caller ---------------------------------------
def test_bz090_good_call_or_not_names_no_caller() -> None:
    said, checked = _reply("Good call or not: Jip called with 4, I have 6, Lies has 5.")
    assert checked, said
    assert said.startswith("Yes."), said


def test_bz041_a_past_discard_and_the_former_top() -> None:
    said, checked = _reply(
        "I threw away a pair of 3s and the discard pile's top card was a 10. May I take the 10?"
    )
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
