"""Balam's answers from the referee for a king sheet told
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


def test_riches_said_as_the_payment_are_not_the_sheet():
    """BA-100: "with 1 shell", "pay ... with", "use a prisoner to build" name the riches that pay
    for the building (the turn paid apart), not the sheet before the turn: near misses of the
    sheet told."""
    for text in (
        "Can I build a ball court with 1 shell?",
        "Kan ik een paleis betalen met 2 gevangenen van mijn koningsblad?",
        "mag ik een gevangene gebruiken om een dorp te bouwen?",
    ):
        reply = ask(text)
        assert reply is not None and reply.checked, text
        assert reply.text.split()[0] in ("Yes.", "Ja."), text


def test_ball_game_rival_named_by_name():
    """BA-179, BA-180: a rival named by his name is placed only where the reader knows his
    place (tied with me, or first when I am second); otherwise the rules text answers."""
    reply = ask("Ball game: Anna and I tie for the most ball courts. I have 5 cities. Points?")
    assert reply is not None and reply.text.startswith("5 // 2 = 2")
    reply = ask("Ball game: Piet has the most courts, I'm second with 7 cities. What do I get?")
    assert reply is not None and reply.text.startswith("7 // 2 = 3")
    assert ask("Ball game: Anna has the most courts and I have 5 cities. What do I score?") is None


def test_two_temples_score_only_a_told_split():
    """BA-225, BA-229: prestige over two temples is worked out when no temple gets more than
    2 riches; "one got 3 maize" is left to the rules text."""
    reply = ask("Two temples: one got 2 maize, the other a cacao and an obsidian. Total prestige?")
    assert reply is not None and reply.text.startswith("6 prestige points")
    assert ask("Two temples: one got 3 maize, the other a cacao. Total prestige?") is None


def test_with_riches_from_my_sheet_is_the_payment():
    """BA-090, BA-100: "a village with a prisoner from my king sheet" names the payment, so
    the sheet's word does not make it the whole sheet before the turn."""
    for text in (
        "Can I build a village with a prisoner from my king sheet?",
        "Mag ik een dorp bouwen met een gevangene van mijn koningsblad?",
    ):
        reply = ask(text)
        assert reply is not None and reply.checked, text
        assert reply.text.split()[0] in ("Yes.", "Ja."), text
