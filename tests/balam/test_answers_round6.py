"""Balam's answers from the referee for the sixth round's kinds of question: a king sheet told
before the turn's riches is paid, and the near misses each new reading leaves to the rules
text."""

from __future__ import annotations

from gametable.games.balam.answers import ANSWERS
from gametable.rulebook.question import Question


def ask(text: str):
    return ANSWERS.answer(Question.read(text))


def test_a_sheet_told_pays_the_turns_riches_first():
    """BA-059, BA-100: "I have 1 cacao, can I build a market?" pays the turn's 1 riches from
    that sheet first, so no cacao is left; the reply says so."""
    reply = ask("I have 1 cacao, can I build a market?")
    assert reply is not None and reply.checked
    assert reply.text.startswith("No.") and "for your turn first" in reply.text
    reply = ask("Op mijn koningsblad heb ik 1 maïs en 1 jade. Kan ik een sterrenwacht bouwen?")
    assert reply is not None and reply.checked and reply.text.startswith("Ja.")


def test_a_sheet_told_after_paying_is_what_is_left():
    """BA-059, BA-100: "I paid my turn and have 1 cacao" tells the sheet after the turn's
    payment: the market is paid with that cacao."""
    for text in (
        "I paid my turn and have 1 cacao, can I build a market?",
        "After paying I have 1 cacao, can I build a market?",
        "Ik heb al betaald en heb 1 cacao, mag ik een markt bouwen?",
    ):
        reply = ask(text)
        assert reply is not None and reply.checked, text
        assert reply.text.split()[0] in ("Yes.", "Ja."), text


def test_an_empty_sheet_cannot_pay_the_turn_so_builds_nothing():
    """BA-059, BA-065: a king with no riches cannot pay his turn, so he builds nothing."""
    reply = ask("I have no riches, can I build a village?")
    assert reply is not None and reply.text.startswith("No.") and "BA-059" in reply.text
