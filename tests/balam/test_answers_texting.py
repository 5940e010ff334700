"""Balam's answers from the referee for questions typed as text messages ("w", "n", "pts",
emoji), read again written out, and a catastrophe that names none of a king's buildings asked
as yes or no; with the near misses left to the rules text."""

from __future__ import annotations

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.answers.texting import plain
from gametable.rulebook.question import Question


def ask(text: str):
    return ANSWERS.answer(Question.read(text))


def test_shorthand_reads_as_the_written_question():
    """BA-165: "w", "n", "got" and emoji written out give the reply of the plain question."""
    texted = ask("earthquake but i got no temple lol, do i lose anything")
    written = ask("Earthquake, but I have no temple. Do I lose anything?")
    assert texted is not None and written is not None and texted.checked
    assert texted.text == written.text
    assert texted.text.startswith("No.")


def test_plain_leaves_names_and_numbers_alone():
    """Only shorthand words change: the numbers and the things named stay as said."""
    written = plain(Question.read("attack w 2 garisons n roll 3"))
    assert written is not None
    assert written.text == "attack with 2 garrisons and roll 3"
    assert plain(Question.read("Can I build a market without cacao?")) is None


def test_catastrophe_without_its_buildings_costs_nothing_yes_no():
    """BA-165, BA-166: a king without the buildings a catastrophe names pays nothing; asked
    "do I pay?" after the situation with no stop before it, the reply starts with No."""
    reply = ask("drought card n i got no villages 😎 do i pay?")
    assert reply is not None and reply.checked
    assert reply.text.startswith("No.")
    assert "BA-165" in reply.sources[0].statements


def test_catastrophe_what_do_i_pay_is_no_yes_no():
    """BA-165: "what do I pay?" asks what, so the reply says the outcome without a Yes or No
    (the near miss of the trailing yes-or-no clause)."""
    reply = ask("A drought but I have no villages, what do I pay?")
    assert reply is not None and reply.checked
    assert not reply.text.startswith(("No.", "Yes"))
    assert reply.text.startswith("Nothing happens to you.")


def test_paying_with_riches_one_lacks_the_buildings_for_is_not_built():
    """BA-166: "can I pay with maize?" without the villages supposes what is not: the rules
    text answers (near miss of the nothing-to-pay reply)."""
    assert ask("drought and i have no villages, can i pay with maize?") is None
