"""The rules chat's shared parts: reading a question, declining what is no question, follow-ups,
the same reply for the same question, and at a table only what the asking seat may see."""

from __future__ import annotations

import random

import pytest

from gametable.rulebook.chat import about_the_last_try, ask, merge_follow_up
from gametable.rulebook.evaluate import offtopic_questions
from gametable.rulebook.question import Lexicon, Question
from gametable.rulebook.search import topic
from tests.rulebook.helpers import played

GAMES = ("balzakken", "keezbord", "balam")


@pytest.mark.parametrize(
    ("text", "lang", "kind"),
    [
        ("I hold 3 points and The Lul, may I call BALZAK!?", "en", "yesno"),
        ("can I pass a pawn that is standing on its own start space?", "en", "yesno"),
        ("how many Katun cards are turned over each round?", "en", "number"),
        ("I'm on 64 and score 5 this round, what is my total?", "en", "number"),
        ("what happens when the draw pile runs out?", "en", "what"),
        ("who wins when two players have the same total?", "en", "what"),
        ("mag ik BALZAK! roepen met De Lul in mijn hand?", "nl", "yesno"),
        ("hoeveel kaarten krijgt iedere speler?", "nl", "number"),
        ("wat gebeurt er als de trekstapel op is?", "nl", "what"),
        ("tell me about the Swinger", "en", "other"),
    ],
)
def test_a_question_is_read_for_its_language_and_the_reply_it_asks_for(text, lang, kind):
    q = Question.read(text)
    assert (q.lang, q.kind) == (lang, kind)


def test_numbers_are_read_as_digits_and_words():
    assert Question.read("I'm on 64 and score five, with -1 in hand").numbers == (64, 5, -1)
    assert Question.read("ik heb drie punten en twee kaarten").numbers == (3, 2)


def test_misspelled_names_are_found_but_short_words_must_be_exact():
    names = Lexicon({"lul": "L", "de lul": "L", "swinger": "S", "queen": "Q", "vrouw": "Q"})
    found = names.find(Question.read("can I give De Lul or my swingr, or a quen?"))
    assert [(m.name, m.said) for m in found] == [("L", "de lul"), ("S", "swingr")]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "raw",
    ["", "   ", "?!?", b"\xff\xfe\x00binary", "x" * 10_000, "\x00\x01\x02", 42, None],
)
def test_what_is_no_question_gets_a_polite_decline(game, raw):
    reply = ask(game, raw)
    assert not reply.answered and reply.topic == "decline" and reply.text


@pytest.mark.parametrize("game", GAMES)
def test_a_mixed_language_question_gets_a_reply_not_an_error(game):
    reply = ask(game, "hoeveel players mogen there be aan de table? 🎲")
    assert reply.text


def test_a_decline_speaks_the_language_of_the_question():
    assert "vraag" in ask("keezbord", "mag ik met mijn pion " * 100).text
    assert "question" in ask("keezbord", "may I move my pawn " * 100).text


def test_a_follow_up_replaces_the_count_of_players_or_adds_the_change():
    assert (
        merge_follow_up("how many cards with 4 players?", "and with 6 players?")
        == "how many cards with 6 players?"
    )
    assert merge_follow_up("how many cards are dealt?", "en met 3 spelers?") == (
        "how many cards are dealt with 3 spelers?"
    )


def test_a_follow_up_is_answered_as_the_question_before_it_with_the_change():
    alone = ask("keezbord", "and with 6 players?")
    followed = ask(
        "keezbord", "and with 6 players?", history=["how many cards are used with 4 players?"]
    )
    direct = ask("keezbord", "how many cards are used with 6 players?")
    assert followed.to_json() | {"question": ""} == direct.to_json() | {"question": ""}
    assert alone.to_json() != followed.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_the_same_question_gets_the_same_reply(game):
    question = "what happens at the end of a round?"
    assert ask(game, question).to_json() == ask(game, question).to_json()


def test_a_why_question_is_about_the_last_try_only_when_it_names_nothing_else():
    assert about_the_last_try("why?")
    assert about_the_last_try("Why can't I do that?")
    assert about_the_last_try("waarom niet?")
    assert not about_the_last_try("why can't I build a market?")
    assert not about_the_last_try("why can't I call BALZAK!")


TABLE_QUESTIONS = (
    "what can I do now?",
    "can I call BALZAK! now?",
    "why can't I move this pawn?",
    "what would I score if someone called now?",
    "what happens if I call BALZAK! and another player has the same points as me?",
    "can I pass a pawn that is standing on its own start space?",
    "mag ik nu BALZAK! roepen?",
    "whose turn is it?",
)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [3, 4])
def test_table_replies_use_only_what_the_asking_seat_sees(game, seed):
    """Replies at a table for seat 0 do not change when all that seat 0 cannot see is redrawn
    (a reply about the live game carries no position: the live one would show hidden cards)."""
    state = played(game, 2, seed, 7 + seed)
    if state.is_over:
        pytest.skip("game over")
    before = state.to_json()
    for k in range(2):
        other = state.resample(0, random.Random(200 + k))
        for q in TABLE_QUESTIONS:
            mine = ask(game, q, state=state, seat=0)
            assert mine.to_json() == ask(game, q, state=other, seat=0).to_json(), q
    assert state.to_json() == before  # nothing a question says changes the game


def test_a_general_question_at_a_table_gets_the_general_answer():
    state = played("balzakken", 3, 5, 4)
    general = "what happens if I call BALZAK! and another player has the same points as me?"
    at_table = ask("balzakken", general, state=state, seat=state.to_move[0])
    assert at_table.to_json() == ask("balzakken", general).to_json()


@pytest.mark.parametrize("game", GAMES)
def test_the_chat_declines_every_tuning_off_topic_question(game):
    """Not only the rules text: no game's own situation grammar may answer an everyday question
    that shares its words ("how many players are on a football team")."""
    answered = [q for q in offtopic_questions("tune") if ask(game, q).answered]
    assert answered == []


def test_an_everyday_question_is_elsewhere_and_a_rules_question_is_not():
    """The line of ``Topic.elsewhere``: near the everyday background and mostly in words the
    rules never use."""
    assert topic("keezbord", "how many players are on a football team").elsewhere()
    assert not topic("keezbord", "how many players can play in teams?").elsewhere()
    assert not topic("balzakken", "Who wins the game?").elsewhere()


@pytest.mark.parametrize(
    "text",
    [
        "Kan je score onder nul komen?",  # "kan je" asks whether, unlike "kan je me vertellen"
        "It's my turn and I hold a 1, a 2 and The Lul. Who's right, may I call?",
        "where does the swinger go after i play it, discard pile?",
    ],
)
def test_a_question_that_ends_asking_whether_asks_yes_or_no(text):
    assert Question.read(text).kind == "yesno"


def test_a_polite_dutch_opening_still_asks_for_what_follows():
    assert Question.read("kan je me vertellen hoeveel kaarten je krijgt?").kind == "number"
    assert Question.read("who starts, the dealer or his neighbour?").kind != "yesno"
