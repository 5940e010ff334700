"""Keezbord's answers from the referee (``games/keezbord/answers``): situations built from a
question and judged by the engine, numbers from the engine, questions at a table.

Each scenario names the rules-index statements it checks; the property tests phrase generated
situations as questions (English and Dutch) and compare every referee-checked verdict with the
engine asked directly.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametable
from gametable import IllegalAction, InvalidAction
from gametable.games.keezbord.answers import ANSWERS
from gametable.rulebook.answer import Answer
from gametable.rulebook.chat import ask as ask_chat
from gametable.rulebook.question import Question
from gametable.rulebook.replies import evaluate_replies, grade, reply_questions

GAME = gametable.load_game("keezbord")


def ask(text: str) -> Answer:
    """The Keezbord answers' reply; a question they cannot build fails the test."""
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None, f"not answered from the referee: {text!r}"
    assert reply.checked
    if reply.position is not None:  # (a table that cannot exist, e.g. 3 players, has none)
        GAME.state_from_json(reply.position)  # the position it rests on opens
    return reply


def first_word(reply: Answer) -> str:
    return reply.text.split()[0].rstrip(".,:").lower()


def statements(reply: Answer) -> set[str]:
    return {s for source in reply.sources for s in source.statements}


def engine_allows(position: dict[str, Any], action: str) -> bool:
    state = GAME.state_from_json(position)
    try:
        state.check_action(GAME.parse_action(state, action), 0)
    except (IllegalAction, InvalidAction):  # refused, or a notation the game never accepts
        return False
    return True


def position(players: int, pawns: dict[str, list[Any]], hand: list[str]) -> dict[str, Any]:
    return {"game": "keezbord", "players": players, "pawns": pawns, "hands": {"a": hand},
            "to_move": 0}  # fmt: skip


# -- scenarios ---------------------------------------------------------------------------------------
def test_pawn_on_own_start_may_not_be_passed():
    """KB-041, KB-042: a pawn on its own start space is neither passed nor hit."""
    reply = ask("Can I pass a pawn that is standing on its own start space?")
    assert first_word(reply) == "no"
    assert {"KB-041", "KB-042"} <= statements(reply)


def test_partner_on_start_blocks_a_five_three_spaces_behind():
    """KB-042 (the issue's example): 3 spaces before the partner's pawn on its start, a 5 would
    pass it; a 2 stops short."""
    assert first_word(ask("My pawn is 3 spaces before my partner's pawn on its start space, "
                          "can I play a 5 with it?")) == "no"  # fmt: skip
    assert first_word(ask("My pawn is 3 spaces before my partner's pawn on its start space, "
                          "can I play a 2 with it?")) == "yes"  # fmt: skip


def test_a_pawn_not_on_its_start_may_be_passed():
    """KB-038, KB-042: only a pawn on its own start is protected; passing never hits."""
    reply = ask("May I jump over an opponent's pawn that is not on its start?")
    assert first_word(reply) == "yes"
    assert "hit" not in reply.text


def test_landing_on_a_pawn_sends_it_to_its_nest():
    """KB-038, KB-039: "what happens" says the outcome: the pawn landed on goes to its nest."""
    reply = ask("What happens if I land on an opponent's pawn?")
    assert first_word(reply) not in ("yes", "no")
    assert "b1 back to the nest" in reply.text


def test_must_play_even_when_it_hits_own_pawn():
    """KB-023, KB-024: a card that can be played must be, even one that hits your own pawn."""
    reply = ask("Do I have to play my card even when it knocks my own pawn off the board?")
    assert first_word(reply) == "yes"
    assert {"KB-023", "KB-024"} <= statements(reply)


def test_hand_in_only_when_no_card_can_be_played():
    """KB-025, KB-026, KB-027: hand in only with no playable card."""
    assert first_word(ask("Can I hand in my cards if I could still play?")) == "no"
    reply = ask("I have no pawns on the board and no ace or king, may I hand in my cards?")
    assert first_word(reply) == "yes"
    assert "KB-027" in statements(reply)


def test_jack_swaps_and_its_limits():
    """KB-052, KB-043: a Jack swaps with another player's pawn on the track, never one on its
    own start space, never two of your own."""
    assert first_word(ask("Can I swap my pawn with an opponent's pawn with a jack?")) == "yes"
    assert first_word(ask("Can I use the jack to swap with my partner's pawn?")) == "yes"
    reply = ask("My pawn is on its start space, can I swap it with the jack?")
    assert first_word(reply) == "no"
    assert "KB-043" in statements(reply)
    assert first_word(ask("Can I swap two of my own pawns with a jack?")) == "no"


def test_placing_needs_an_ace_or_a_king():
    """KB-021, KB-049, KB-050: only an Ace or a King places a pawn; your own pawn on your start
    blocks it; another player's pawn there is hit."""
    assert first_word(ask("Can I bring a pawn onto the board with a king?")) == "yes"
    assert first_word(ask("Can I put a pawn on the board with a ten?")) == "no"
    blocked = ask("Can I place a pawn with an ace while my own pawn stands on my start space?")
    assert first_word(blocked) == "no"
    hit = ask("An opponent's pawn is standing on my start space. Can I place a pawn with an ace?")
    assert first_word(hit) == "yes" and "b1 back to the nest" in hit.text


def test_king_without_a_pawn_to_place():
    """KB-046, KB-047: a King with nothing to place cannot be used; in teams it helps the
    partner once all your pawns are home (the default reading)."""
    assert (
        first_word(ask("I hold a king but all my pawns are on the board, can I play it?")) == "no"
    )
    reply = ask("Can I play a king for my partner if my nest is empty?")
    assert first_word(reply) == "no" and "once all four are home" in reply.text
    assert "KB-046" in statements(reply)


def test_seven_split_over_two_pawns_adding_to_seven():
    """KB-056, KB-057: one pawn 7, or two pawns whose steps add up to 7."""
    assert first_word(ask("Can I split a seven between two of my pawns?")) == "yes"
    assert first_word(ask("With a seven, can I move one pawn 6 steps and another 2 steps?")) == "no"
    assert first_word(ask("Can I divide a 7 over three pawns?")) == "no"


def test_four_goes_back_along_the_track_not_into_the_home():
    """KB-060, KB-061: a 4 never takes a pawn into its home; from its start a 4 and a 6 bring it
    to H3."""
    reply = ask("Can a 4 take my pawn backwards into my home stretch?")
    assert first_word(reply) == "no" and "space 62" in reply.text
    then = ask("My pawn stands on its own start space; I play a 4 and then a 6. Where does it end?")
    assert "H3" in then.text.split(".")[0]


def test_exact_count_into_the_home():
    """KB-035: a pawn lands exactly within its home, never past its end."""
    assert first_word(ask("My pawn is 3 spaces from my home. Can I play a 9?")) == "no"
    reply = ask("My pawn is 3 spaces from my home. Can I play a 6?")
    assert first_word(reply) == "yes" and "H4" in reply.text


def test_pawns_in_the_home_are_not_passed():
    """KB-044, KB-045: a pawn in the home may not be passed."""
    reply = ask("Can I jump over a pawn that is already in my home stretch?")
    assert first_word(reply) == "no"
    assert "KB-044" in statements(reply)


def test_playing_for_the_partner_once_home():
    """KB-070, KB-072: your own pawns first; once all are home you play for your partner."""
    assert first_word(ask("All my pawns are home. Can I play my 8 for my partner?")) == "yes"
    reply = ask("Can I move my teammate's pawn while I still have pawns of my own out?")
    assert first_word(reply) == "no"
    assert "KB-072" in statements(reply)


def test_numbers_from_the_engine():
    """KB-004, KB-029 (5 then 4 cards), KB-009 to KB-011 (26, 52, 78 cards), KB-051 (Queen 12),
    KB-069 (no odd count)."""
    assert ask("How many cards does everyone get in the first deal?").text.startswith("5 ")
    assert ask("How many cards are dealt in the rounds after the first?").text.startswith("4 ")
    assert ask("How many cards are used with 2 players?").text.startswith("26.")
    assert ask("How many cards with 6 players?").text.startswith("78.")
    assert ask("How many steps does a queen move?").text.startswith("12.")
    assert ask("How many cards with 3 players?").text.startswith("None.")


def test_dutch_questions_get_dutch_referee_replies():
    """KB-042, KB-043, KB-050 asked in Dutch, answered in Dutch with the rulebook's names."""
    reply = ask("Mag ik een pion passeren die op zijn eigen startvak staat?")
    assert first_word(reply) == "nee" and reply.lang == "nl" and "startvak" in reply.text
    swap = ask("Mag ik met de Boer ruilen als mijn pion op zijn startvak staat?")
    assert first_word(swap) == "nee" and "Boer" in swap.text
    assert first_word(ask("Kan ik een pion op het bord zetten met een Heer?")) == "ja"
    assert ask("Hoeveel stappen gaat een Vrouw vooruit?").text.startswith("12.")
    # "met z'n tweetjes", and "dan" closing the question ("in that case", no second step)
    assert ask("Met z'n zessen, met hoeveel kaarten spelen we dan?").text.startswith("78")
    assert ask("Oma, met z'n tweetjes, met hoeveel kaarten spelen we dan?").text.startswith("26")


def test_general_and_off_topic_questions_are_left_to_the_rules_text():
    """Questions that describe no situation get no referee reply (the rules text answers)."""
    for text in ("Who starts the round?", "What is the capital of France?", "", "?" * 50):
        assert ANSWERS.answer(Question.read(text)) is None


# -- properties: generated situations, phrased as questions, against the engine ------------------------
_CARD_EN = {"A": "an ace", "Q": "a queen"}
_CARD_NL = {"A": "een Aas", "Q": "een Vrouw"}
FORWARD = ["A", "2", "3", "5", "6", "7", "8", "9", "10", "Q"]


def _blocker_question(d: int, card: str, whose: str, dutch: bool, template: int) -> str:
    if dutch:
        who = {"partner": "de pion van mijn partner", "opponent": "de pion van een tegenstander"}
        c = _CARD_NL.get(card, f"een {card}")
        return [
            f"Mijn pion staat {d} vakken voor {who[whose]} op zijn eigen startvak, mag ik {c} "
            "spelen?",
            f"Mag ik {c} spelen als mijn pion {d} vakken voor {who[whose]} staat, die op zijn "
            "eigen startvak staat?",
        ][template]
    who = {"partner": "my partner's pawn", "opponent": "an opponent's pawn"}
    c = _CARD_EN.get(card, f"a {card}")
    return [
        f"My pawn is {d} spaces before {who[whose]} on its own start space, can I play {c}?",
        f"Can I play {c} when my pawn is {d} spaces behind {who[whose]} standing on its own start?",
    ][template]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    d=st.integers(1, 12),
    card=st.sampled_from(FORWARD),
    whose=st.sampled_from(["partner", "opponent"]),
    dutch=st.booleans(),
    template=st.integers(0, 1),
)
def test_start_space_verdicts_agree_with_the_engine(d, card, whose, dutch, template):
    """KB-041, KB-042: any distance and card before a pawn on its own start space, in English or
    Dutch: the referee-checked verdict is the engine's."""
    text = _blocker_question(d, card, whose, dutch, template)
    reply = ask(text)
    players = 4 if whose == "partner" else 2
    other, start = ("c", 32) if whose == "partner" else ("b", 32 if players == 2 else 16)
    truth = engine_allows(
        position(players, {"a": [start - d, "N", "N", "N"], other: [start, "N", "N", "N"]}, [card]),
        f"{card} a1",
    )
    expected = ("ja" if dutch else "yes") if truth else ("nee" if dutch else "no")
    assert first_word(reply) == expected, (text, reply.text)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(d=st.integers(1, 14), card=st.sampled_from(FORWARD), dutch=st.booleans())
def test_exact_home_verdicts_agree_with_the_engine(d, card, dutch):
    """KB-035: a pawn ``d`` steps before its home and any forward card: the verdict is the
    engine's."""
    if dutch:
        c = _CARD_NL.get(card, f"een {card}")
        text = f"Mijn pion staat {d} vakken voor mijn thuishonk. Mag ik {c} spelen?"
    else:
        c = _CARD_EN.get(card, f"a {card}")
        text = f"My pawn is {d} spaces from my home. Can I play {c}?"
    reply = ask(text)
    truth = engine_allows(position(2, {"a": [64 - d, "N", "N", "N"]}, [card]), f"{card} a1")
    expected = ("ja" if dutch else "yes") if truth else ("nee" if dutch else "no")
    assert first_word(reply) == expected, (text, reply.text)


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("template", ["How many cards are used with {n} players?",
                                      "Hoeveel kaarten gebruik je met {n} spelers?"])  # fmt: skip
def test_pack_size_agrees_with_the_engine(players, template):
    """KB-009, KB-010, KB-011: the number of cards is the engine's pack for that table."""
    view = GAME.new_game(players, seed=3).view(None)
    total = sum(view["hand_sizes"]) + view["deck_size"]
    assert ask(template.format(n=players)).text.startswith(f"{total}.")


# -- at a table ------------------------------------------------------------------------------------------
def _table() -> Any:
    return GAME.state_from_json(
        position(2, {"a": [30, 10, "N", "N"], "b": [32, 40, "N", "N"]}, ["5", "2", "K"])
        | {"hands": {"a": ["5", "2", "K"], "b": ["7", "J", "Q"]}}
    )


def at_table(state: Any, seat: int, text: str) -> Answer | None:
    return ANSWERS.answer_at(state, seat, Question.read(text))


def test_at_table_can_i_play_from_the_live_position():
    """KB-042 at a table: a1 stands 2 before b1 on its start, so a 5 with a1 is refused while
    a2 may play it; the King places a pawn (KB-050)."""
    state = _table()
    five_a1 = at_table(state, 0, "Can I play my 5 with a1?")
    assert five_a1 is not None and first_word(five_a1) == "no" and "KB-042" in statements(five_a1)
    five = at_table(state, 0, "Can I play my 5?")
    assert five is not None and first_word(five) == "yes"
    why = at_table(state, 0, "Why can't I play my 5 with a1?")
    assert why is not None and "own start space" in why.text
    queen = at_table(state, 0, "Can I play a queen?")
    assert queen is not None and first_word(queen) == "no" and "no Q" in queen.text
    choices = at_table(state, 0, "What can I do?")
    assert choices is not None and "K place" in choices.text


def test_at_table_what_happens_is_played_on_a_clone():
    """KB-042, KB-056 at a table: "what happens if I play my 5 with a1" gives the engine's own
    refusal (a1 would pass b1 on its start); with a2 the outcome, tried on a clone."""
    state = _table()
    before = state.to_json()
    refused = at_table(state, 0, "What happens if I play my 5 with a1?")
    assert refused is not None and refused.text.startswith("It is not allowed.")
    assert "own start space" in refused.text and "KB-042" in statements(refused)
    played = at_table(state, 0, "What happens if I play my 5 with a2?")
    assert played is not None and "space 10 to space 15" in played.text
    assert state.to_json() == before


def test_at_table_general_questions_get_the_general_answer():
    """At a table, a rules question that describes its own situation is not about the live game."""
    state = _table()
    for text in ("Can I pass a pawn that is standing on its own start space?",
                 "How many cards are dealt in the first round?",
                 "If my pawn is 3 spaces before a pawn on its start, can I play a 5?"):  # fmt: skip
        assert at_table(state, 0, text) is None


def test_at_table_answers_use_no_hidden_facts():
    """The answers at a table are the same over every redraw of what the seat cannot see."""
    rng = random.Random(7)
    for seed in range(4):
        state = GAME.new_game(4, seed=seed)
        for _ in range(rng.randrange(0, 30)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        seat = state.to_move[0]
        questions = ["What can I do?", "Can I play my 5?", "Can I play a king?",
                     "Why can't I play my 7?", "Can I hand in my cards?",
                     "What happens if I play my 7 with a1 and a2?"]  # fmt: skip
        for other_seat in (seat, (seat + 1) % 4):
            want = [at_table(state, other_seat, q) for q in questions]
            for k in range(3):
                redrawn = state.resample(other_seat, random.Random(k))
                got = [at_table(redrawn, other_seat, q) for q in questions]
                assert [a and (a.text, a.details) for a in got] == [
                    a and (a.text, a.details) for a in want
                ]


def test_at_table_asking_changes_nothing():
    """Nothing a question says changes the game: the live state is the same after asking."""
    state = _table()
    before = state.to_json()
    for text in ("Can I play my 5 with a1?", "What can I do?", "Can I hand in my cards?"):
        at_table(state, 0, text)
    assert state.to_json() == before


# -- the guard: what the grammar does not read is left to the rules text ------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "Is it true that I cannot pass a pawn on its own start space?",
        "My pawn is on space 20 or 21. Can I play a 5?",
        "My pawn is 3 spaces from my home. Can I play a 9 or a 2?",
        "My pawn is 3 spaces from my home. Can I play a 9 instead of a 6?",
        "My pawn is 3 spaces from my home and my other pawn is on space 20. Can I play a 9?",
        "Can my opponent pass my pawn on my start space?",
        "Can I first play a 4 and then a 5 with a pawn 2 spaces before my home?",
        "Can I split a 7 over two pawns when one of them is still in the nest?",
        "With 2 players, can I play my 8 for my partner?",
        "Can I pass a pawn on its start space unless it is my partner's?",
        "Mag ik niet met de Boer ruilen als mijn pion op zijn startvak staat?",
        "Mag ik een 5 of een 8 spelen als mijn pion 3 vakken voor mijn thuishonk staat?",
    ],
)
def test_questions_the_grammar_does_not_read_are_not_judged(text):
    """KB-035, KB-042, KB-043, KB-056, KB-072: a negation, an alternative, a second step, a
    number or pawn it does not place, another player moving or teams at a two-player table
    leave the question to the rules text, never to a referee reply built from half of it."""
    assert ANSWERS.answer(Question.read(text)) is None


def test_a_seven_shared_with_an_opponents_pawn_is_refused():
    """KB-056, KB-019: the two parts of a 7 move pawns you play for, not an opponent's."""
    reply = ask("Can I split a seven between my pawn and an opponent's pawn?")
    assert first_word(reply) == "no"


def test_the_jack_does_not_swap_the_askers_pawn_from_its_home():
    """KB-052: a Jack swaps pawns on the track only, so not your pawn in your home."""
    assert first_word(ask("Can I swap my pawn in my home with an opponent's pawn?")) == "no"


def test_passing_a_pawn_does_not_hit_it():
    """KB-038, KB-042: only landing on a pawn hits it; a pawn passed stays."""
    reply = ask("Do I hit the pawns I jump over?")
    assert first_word(reply) == "no" and "stays" in reply.text


def test_a_card_word_that_is_an_everyday_word_is_no_card():
    """KB-009 to KB-011: "packs" is not a misspelt Jack, "where" not a misspelt Heer."""
    reply = ask("Do we use both packs with 4 players?")
    assert first_word(reply) == "no" and "52" in reply.text
    then = ask("My pawn stands on its own start space; I play a 4 and then a 5. Where does it end?")
    assert "H2" in then.text


def test_varied_phrasings_are_read():
    """KB-042: the phrasings of the property below are read when nothing is negated (so the
    property compares real verdicts)."""
    for text in (
        "Can I play a 5 if an opponent's pawn stands on its own start space 3 spaces ahead?",
        "An opponent's pawn is on its own start space and my pawn is 3 spaces behind it. "
        "May I play a 5?",
        "Am I allowed to play a 2 when my pawn is 3 spaces behind my partner's pawn on its own "
        "start space?",
    ):
        assert ANSWERS.answer(Question.read(text)) is not None, text


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    d=st.integers(1, 12),
    card=st.sampled_from(FORWARD),
    whose=st.sampled_from(["partner", "opponent"]),
    template=st.integers(0, 3),
    filler=st.sampled_from(["", "Quick question: ", "Hi! ", "In our game, "]),
    negation=st.sampled_from(["", "not ", "never ", "instead "]),
)
def test_varied_phrasings_agree_with_the_engine_or_are_left_alone(
    d, card, whose, template, filler, negation
):
    """KB-041, KB-042 in other words: word order, extra words and negations.  A reply the
    referee checked always gives the engine's verdict; a negated question is never judged."""
    who = {"partner": "my partner's pawn", "opponent": "an opponent's pawn"}[whose]
    c = _CARD_EN.get(card, f"a {card}")
    text = (
        filler
        + [
            f"Can I {negation}play {c} if {who} stands on its own start space {d} spaces ahead?",
            f"{who.capitalize()} is on its own start space and my pawn is {d} spaces behind it. "
            f"May I {negation}play {c}?",
            f"With {c} and my pawn {d} spaces before {who} on its own start, can I {negation}move?",
            f"Am I {negation}allowed to play {c} when my pawn is {d} spaces behind {who} on its "
            "own start space?",
        ][template]
    )
    reply = ANSWERS.answer(Question.read(text))
    if reply is None:
        return
    assert reply.checked and not negation.strip(), text
    players = 4 if whose == "partner" else 2
    other, start = ("c", 32) if whose == "partner" else ("b", 32)
    truth = engine_allows(
        position(players, {"a": [start - d, "N", "N", "N"], other: [start, "N", "N", "N"]}, [card]),
        f"{card} a1",
    )
    assert first_word(reply) == ("yes" if truth else "no"), (text, reply.text)


@pytest.mark.parametrize("a", range(1, 9))
@pytest.mark.parametrize("b", range(1, 9))
@pytest.mark.parametrize("dutch", [False, True])
@pytest.mark.parametrize("order", [False, True])
def test_split_seven_verdicts_agree_with_the_engine(a, b, dutch, order):
    """KB-056, KB-057: any two parts of a 7 over two of your pawns, in either language and
    word order: the referee-checked verdict is the engine's."""
    if dutch:
        text = (f"Mag ik de 7 verdelen als {a} en {b}?" if order
                else f"Mag ik met een 7 de ene pion {a} stappen en een andere pion {b} stappen "
                "zetten?")  # fmt: skip
    else:
        text = (f"Can I split a 7 into {a} and {b}?" if order
                else f"With a seven, can I move one pawn {a} steps and another {b} steps?")  # fmt: skip
    reply = ask(text)
    truth = engine_allows(position(2, {"a": [5, 20, "N", "N"]}, ["7"]), f"7 a1:{a} a2:{b}")
    expected = ("ja" if dutch else "yes") if truth else ("nee" if dutch else "no")
    assert first_word(reply) == expected, (text, reply.text)


# -- the tuning set --------------------------------------------------------------------------------------
def test_tuning_set_is_answered_right():
    """The tuning questions (tune.toml) through the chat, graded by the shared grader: at least
    95% right, no referee-checked reply wrong, every off-topic question declined."""
    result = evaluate_replies("keezbord", "tune", ["What is the capital of France?"])
    assert result.total >= 120
    assert result.checked_wrong == 0, [m[0].text for m in result.misses if m[1].checked]
    assert result.right_share >= 0.95, [(m[0].text, m[1].text) for m in result.misses]
    assert result.offtopic_declined == result.offtopic


def test_tuning_near_misses_are_right_or_unchecked():
    """Every question of the tuning set that the referee checked is graded right: a
    near-miss the grammar misreads would show up here as a checked wrong reply."""
    for question in reply_questions("keezbord", "tune"):
        reply = ask_chat("keezbord", question.text)
        if reply.checked:
            assert grade(question, reply) == "right", (question.text, reply.text)
