"""Questions about the game in front of you (rulebook.ingame): refusals with their rule, the
legal choices, card effects, the scoring applied to the position; only the asking seat's view."""

from __future__ import annotations

import random
import re

import pytest

import gametable
from gametable.rulebook.ingame import answer_in_game, topic_of
from tests.rulebook.helpers import played

QUESTIONS = (
    "what can I do now?",
    "why can't I move this pawn?",
    "what does this card do?",
    "how is the round scored?",
    "who is winning?",
    "whose turn is it?",
    "can I pass?",
)


def test_topics():
    assert topic_of("why can't I move this pawn?") == "refusal"
    assert topic_of("what can I do now?") == "choices"
    assert topic_of("what does this card do?") == "card"
    assert topic_of("how is the round scored?") == "score"
    assert topic_of("whose turn is it?") == "turn"
    assert topic_of("how many dice are there?") == "rules"
    assert topic_of("anything", attempt="balzak") == "refusal"


def test_balzakken_refusal_names_its_rule_bz_047():
    """BZ-047..BZ-049: a BALZAK! call with an action card in hand is refused, with that rule."""
    game = gametable.load_game("balzakken")
    for seed in range(200):
        state = game.new_game(3, seed=seed)
        seat = state.to_move[0]
        if "S" in state.view(seat)["hand"] or "L" in state.view(seat)["hand"]:
            break
    else:
        pytest.skip("no deal with an action card in the first hand")
    reply = answer_in_game(state, seat, "why can't I call BALZAK?")
    assert reply.topic == "refusal" and reply.answered
    assert reply.sources[0].id == "playing-the-game/important"
    assert "BZ-047" in reply.sources[0].statements
    same = answer_in_game(state, seat, "why?", attempt="balzak")
    assert same.sources[0].id == "playing-the-game/important"


def test_keezbord_refusal_of_a_card_not_in_hand_kb_018():
    state = played("keezbord", 2, 3, 0)
    seat = state.to_move[0]
    hand = state.view(seat)["hand"]
    missing = next(c for c in ("Q", "10", "9", "8", "5", "3", "2") if c not in hand)
    reply = answer_in_game(state, seat, "why not?", attempt=f"{missing} a1")
    assert reply.topic == "refusal" and reply.answered
    assert reply.text.startswith("Not allowed")
    assert reply.sources and reply.sources[0].id in ("gameplay", "card-meanings")


def test_an_allowed_attempt_is_said_to_be_allowed():
    state = played("balzakken", 2, 1, 0)
    seat = state.to_move[0]
    legal = state.legal_actions(seat)[0]
    reply = answer_in_game(state, seat, "why can't I do this?", attempt=legal)
    assert reply.text.startswith("That is allowed now")


@pytest.mark.parametrize("game", ["balzakken", "keezbord", "balam"])
def test_choices_cover_every_legal_action_grouped(game):
    state = played(game, 2, 7, 12)
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    reply = answer_in_game(state, seat, "what can I do now?")
    assert reply.topic == "choices" and reply.answered
    assert str(len(legal)) in reply.text or len(legal) == 1
    assert reply.details and reply.sources


def test_not_your_turn_says_whose_turn_it_is():
    state = played("keezbord", 2, 2, 1)
    other = 1 - state.to_move[0]
    reply = answer_in_game(state, other, "what can I do now?")
    assert reply.topic == "turn"
    assert f"seat {state.to_move[0]}" in reply.text and "not your turn" in reply.text


def test_balzakken_score_uses_the_hand_value_bz_090():
    state = played("balzakken", 3, 4, 5)
    seat = state.to_move[0]
    view = state.view(seat)
    reply = answer_in_game(state, seat, "how is the round scored?")
    assert reply.topic == "score"
    assert f"worth {view['hand_value']}" in reply.text
    assert any(
        s.id.startswith("balzak-end-of-a-round") or "important" in s.id for s in reply.sources
    )


def test_keezbord_score_counts_pawns_home_kb_033():
    state = played("keezbord", 2, 9, 40)
    seat = state.to_move[0] if state.to_move else 0
    home = sum(1 for p in state.view(seat)["pawns"][seat] if str(p).startswith("H"))
    reply = answer_in_game(state, seat, "how many pawns home?")
    assert reply.topic == "score" and f"{home} of 4" in reply.text


def test_balam_score_shows_prestige_and_riches_bonus_ba_251():
    state = played("balam", 2, 5, 30)
    seat = state.to_move[0]
    king = state.view(seat)["kings"][seat]
    riches = sum(king["riches"].values())
    reply = answer_in_game(state, seat, "who is winning?")
    assert reply.topic == "score"
    assert f"{king['prestige']} prestige" in reply.text and f"{riches} riches" in reply.text
    assert reply.sources[0].id == "7-end-of-game/riches-bonus"


def test_card_question_names_the_card_and_its_moves():
    state = played("keezbord", 2, 11, 0)
    seat = state.to_move[0]
    reply = answer_in_game(state, seat, "what does the seven do?")
    assert reply.topic == "card" and reply.sources[0].id == "card-meanings"
    assert "7" in reply.text


def test_unnamed_card_lists_the_hand():
    state = played("balzakken", 2, 11, 0)
    seat = state.to_move[0]
    reply = answer_in_game(state, seat, "what does this card do?")
    assert reply.topic == "card" and len(reply.details) >= 1


@pytest.mark.parametrize("game", ["balzakken", "keezbord", "balam"])
@pytest.mark.parametrize("seed", [1, 2])
def test_answers_use_only_what_the_seat_sees(game, seed):
    """Answers for seat 0 do not change when everything hidden from seat 0 is redrawn."""
    state = played(game, 2, seed, 9 + seed)
    if state.is_over:
        pytest.skip("game over")
    for k in range(2):
        other = state.resample(0, random.Random(100 + k))
        for q in QUESTIONS:
            assert answer_in_game(state, 0, q).to_json() == answer_in_game(other, 0, q).to_json(), q


def test_the_article_a_is_not_the_ace_kb_049():
    """Keezbord's ace is written "A": "what does a 5 do?" asks about the 5 (KB-059), not the ace (KB-049),
    while "the A" still names the ace."""
    state = gametable.load_game("keezbord").new_game(4, seed=1)
    seat = state.to_move[0]
    five = answer_in_game(state, seat, "what does a 5 do?")
    assert five.topic == "card" and five.answered
    assert "5" in five.text and not five.text.startswith("Ace")
    ace = answer_in_game(state, seat, "what does the A do?")
    assert ace.text.startswith("Ace")


def test_a_card_not_in_hand_is_not_offered_as_playable():
    """A card the seat does not hold gets its rule, never "you could play it"."""
    state = gametable.load_game("keezbord").new_game(4, seed=1)
    seat = state.to_move[0]
    missing = next(c for c in ("5", "6", "2", "10") if c not in state.view(seat)["hand"])
    reply = answer_in_game(state, seat, f"what does the {missing} do?")
    assert reply.topic == "card" and "could play it" not in reply.text and not reply.details


def test_a_partly_matching_move_is_not_said_to_be_allowed():
    """Asked "why can't I build a temple?" while the only legal move pays for another building,
    the answer must not say "You can"; it names what no legal move involves."""
    state = played("balam", 3, 3, 25)
    seat = state.to_move[0]
    legal = [state.describe(a, seat).lower() for a in state.legal_actions(seat)]
    if any("temple" in sentence for sentence in legal):
        pytest.skip("a temple can be built here")
    reply = answer_in_game(state, seat, "why can't I build a temple?")
    assert reply.topic == "refusal"
    assert not reply.text.startswith("You can")


def test_answers_show_the_words_asked_not_their_stems():
    """Regression: "why can't I build a temple?" answered "None of your legal moves now involves
    templ" (the stem the matching uses); the answer shows the word as the question typed it."""
    state = played("balam", 3, 3, 25)
    seat = state.to_move[0]
    legal = [state.describe(a, seat).lower() for a in state.legal_actions(seat)]
    if any("temple" in sentence for sentence in legal):
        pytest.skip("a temple can be built here")
    for question, word, stem in (
        ("why can't I build a temple?", "temple", "templ"),
        ("why can't I build palaces?", "palaces", "palac"),
    ):
        reply = answer_in_game(state, seat, question)
        assert re.search(rf"\b{word}\b", reply.text), reply.text
        assert not re.search(rf"\b{stem}\b", reply.text), reply.text
