"""Questions about other games and sports are declined ("Overview"; BZ-001).

Balzakken shares its words with other games and sports ("players", "team", "cards", "points",
"hand", "call"): a question that names another game or sport, a team, or a card of everyday life
is declined through the whole chat, in the question's language, while Balzakken's own questions
with the same words are still answered.
"""

from __future__ import annotations

import re

import pytest

from gametable.rulebook.chat import ask

OTHER_GAMES_AND_SPORTS = (
    "How many players does a basketball team have?",
    "How many players in a hockey team?",
    "How many players are in a cricket team?",
    "How many players are needed for a game of Werewolf?",
    "How many players are in an orchestra?",
    "How many players in a string quartet?",
    "How many points is a credit card reward worth?",
    "Hoeveel spelers staan er in een voetbalteam?",
    "Hoeveel kaarten krijg je bij klaverjassen?",
    "Can I call a timeout in volleyball?",
    "Who deals first in rummy?",
    "In blackjack, what happens if I go over 21?",
    "Mag een keeper de bal met zijn handen pakken?",
    "How many cards does each player get in Uno?",
    "Can my teammate see my hand?",
)


@pytest.mark.parametrize("text", OTHER_GAMES_AND_SPORTS)
def test_questions_about_other_games_and_sports_are_declined(text: str) -> None:
    """BZ-001: a question about another game or sport gets no answer, only sections to read."""
    reply = ask("balzakken", text)
    assert not reply.answered, (text, reply.text)
    assert not reply.checked


def test_a_dutch_question_about_another_game_is_declined_in_dutch() -> None:
    reply = ask("balzakken", "Hoeveel spelers heeft een hockeyteam?")
    assert not reply.answered
    assert reply.text.startswith("Dat gaat niet over Balzakken")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("How many players can play Balzakken?", r"\b2\b.*\b8\b"),
        ("How many cards does each player get?", r"\b5\b"),
        ("Hoeveel spelers kunnen meedoen?", r"\b2\b.*\b8\b"),
        ("Can I call BALZAK! with 3 points and the Lul in my hand?", r"^No\b"),
        ("Ik heb net 2 punten, mag ik BALZAK! roepen?", r"^Ja\b"),
    ],
)
def test_balzakkens_own_questions_with_the_same_words_are_answered(text: str, said: str) -> None:
    """BZ-014, BZ-019, BZ-036, BZ-047: the same words about Balzakken itself are answered."""
    reply = ask("balzakken", text)
    assert reply.answered, text
    assert re.search(said, reply.text), (text, reply.text)


@pytest.mark.parametrize(
    "text",
    ["What is a Queen worth?", "Hoeveel punten is een Vrouw waard?", "Telt een Aas als 1 punt?"],
)
def test_cards_of_other_decks_are_declined_with_balzakkens_own_cards(text: str) -> None:
    """BZ-055, BZ-056: Balzakken has no Queen, Vrouw or Aas: the decline names its own cards."""
    reply = ask("balzakken", text)
    assert not reply.answered, (text, reply.text)
    assert re.search(r"Swinger", reply.text), reply.text


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Wat is de lul waard?", "10. De Lul telt 10 punten"),
        ("Hoeveel is de swinger waard?", "0. De Swinger telt 0 punten"),
        ("What is de lul worth?", "10. The Lul counts 10 points"),
    ],
)
def test_a_short_dutch_question_gets_its_referee_reply_in_dutch(text: str, start: str) -> None:
    """BZ-067, BZ-081: "Wat is de lul waard?" is Dutch ("de", "waard"): the checked reply is in
    Dutch with the rulebook's Dutch names; the same card asked in English is answered in
    English."""
    reply = ask("balzakken", text)
    assert reply.checked and reply.text.startswith(start), (text, reply.text)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "Als iemand BALZAK! roept, mag ik dan nog een kaart spelen?",
            r"^(?:No|Nee)\b.*stops at once",
        ),
        ("Can I skip the drop to 75 when I hit 99?", r"^No\b.*without asking"),
        ("What if a player has no cards left?", r"\b0 points\b.*BALZAK"),
        ("How many actions can I choose from on my turn?", r"\bfour\b"),
    ],
)
def test_rules_text_replies_answer_first(text: str, said: str) -> None:
    """BZ-025, BZ-037, BZ-086, BZ-116..BZ-118, BZ-124, BZ-125: the round stops at once after a
    call; dropping back is not a choice; an empty hand holds 0 points; four actions."""
    reply = ask("balzakken", text)
    assert reply.answered and re.search(said, reply.text), (text, reply.text)
