"""A game that is just its rulebook: text and Markdown files read into sections, and the chat's
general parts (sections, search, follow-ups, declines) working with no game engine behind them.

The rulebook is ``data/tictactoe.md``, a short one of our own; the shipped rulebooks in
``shared/rulebooks/`` check the plain-text layout.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import gametable.games
from gametable.rulebook import embed, model, textbook
from gametable.rulebook.chat import ask
from gametable.rulebook.search import search
from tests.rulebook.helpers import rulebook_text

TICTACTOE = Path(__file__).parent / "data" / "tictactoe.md"
#: the name the tests keep the tic-tac-toe rulebook under
NAME = "tictactoe"


@pytest.fixture
def tictactoe(tmp_path, monkeypatch) -> str:
    """The tic-tac-toe rulebook kept in a fresh data folder, as `gametable rules add` keeps it."""
    monkeypatch.setenv("GAMETABLE_DATA_DIR", str(tmp_path / "data"))
    textbook.keep(TICTACTOE.read_text(encoding="utf-8"), NAME, markdown=True)
    return NAME


@pytest.fixture(params=["words", "meaning"])
def matching(request, monkeypatch) -> str:
    """Each test runs with the embedding model off and, where it is installed, on."""
    if request.param == "words":
        monkeypatch.setattr(embed, "available", lambda: False)
    elif not embed.available():
        pytest.skip("the embedding model is not installed")
    return request.param


# -- reading the files ---------------------------------------------------------------------------


def test_markdown_headings_make_nested_sections_and_the_lone_top_heading_the_title():
    book = textbook.parse(TICTACTOE.read_text(encoding="utf-8"), markdown=True)
    assert book.title == "Tic-Tac-Toe"
    paths = [s.path for s in book.sections]
    assert "Winning > Three in a Row" in paths and "Playing the Game > Taking Turns" in paths
    assert paths.index("Winning") < paths.index("Winning > Three in a Row")
    taking_turns = next(s for s in book.sections if s.path.endswith("Taking Turns"))
    assert taking_turns.sentences[0] == "The player with X always goes first."
    assert len(taking_turns.sentences) == 3


def test_markdown_list_items_are_statements_and_inline_marks_are_dropped():
    text = "# Snap\n\n## Cards\n\n- **Jacks** are worth [ten](http://x) points.\n- `Aces` one\n"
    book = textbook.parse(text, markdown=True)
    assert book.sections[0].sentences == ("Jacks are worth ten points.", "Aces one")


@pytest.mark.parametrize("game", ["balzakken", "keezbord", "balam"])
def test_plain_text_rulebooks_read_their_headings_as_sections(game):
    """The shipped rulebooks (plain text): the title from "<Game> Rulebook", sections from the
    lines standing alone; with a table of contents, its titles are the top sections."""
    text = rulebook_text(game)
    if text is None:
        pytest.skip("shared/rulebooks is not here")
    book = textbook.parse(text, markdown=False)
    assert book.title.lower() == game
    paths = [s.path for s in book.sections]
    assert not any("Table of Contents" in p or "thumbnail" in p for p in paths)
    expected = {
        "balzakken": "Playing the Game > Action 4: Call BALZAK!",
        "keezbord": "Card Meanings",
        "balam": "Components",
    }[game]
    assert expected in paths


def test_a_plain_text_heading_is_a_short_line_alone_without_a_full_stop():
    text = "Snap\n\nHow to win\n\nShout first. It is quick.\n\nA line that ends in a stop.\n"
    book = textbook.parse(text, markdown=False)
    assert [s.path for s in book.sections] == ["How to win"]
    assert book.sections[0].sentences == (
        "Shout first.",
        "It is quick.",
        "A line that ends in a stop.",
    )


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"", "empty"),
        (b"  \n\n ", "empty"),
        (b"\x89PNG\x00\x00\x01binary", "binary"),
        (b"\xff\xfe\xfa not utf-8", "UTF-8"),
        (b"x" * (textbook.MAX_BYTES + 1), "at most"),
    ],
)
def test_bad_files_are_refused_with_a_reason(data, says):
    with pytest.raises(textbook.BadRulebook, match=says):
        textbook.parse(textbook.decode(data), markdown=True)


@pytest.mark.parametrize("markdown", [True, False])
def test_a_file_without_headings_is_refused(markdown):
    text = "Just some words about a game. They have no headings at all.\n"
    with pytest.raises(textbook.BadRulebook, match="no headings"):
        textbook.parse(text, markdown=markdown)


def test_a_name_of_a_builtin_game_or_a_subcommand_cannot_be_taken():
    with pytest.raises(textbook.BadRulebook, match="taken"):
        textbook.check_name("balzakken", {"balzakken"})
    with pytest.raises(textbook.BadRulebook, match="cannot name"):
        textbook.check_name("add", set())
    with pytest.raises(textbook.BadRulebook, match="cannot name"):
        textbook.check_name("Tic Tac", set())
    assert textbook.check_name("tic-tac-toe", {"balzakken"}) == "tic-tac-toe"


# -- the reference model -------------------------------------------------------------------------


def test_a_kept_rulebook_is_available_and_loads_as_a_reference_without_a_referee(tictactoe):
    assert tictactoe in model.available()
    assert model.builtin() == [g for g in model.available() if g != tictactoe]
    ref = model.load(tictactoe)
    assert ref.title == "Tic-Tac-Toe" and not ref.refereed
    section = ref.section("Three in a Row")
    assert section.id == "winning/three-in-a-row"
    assert section.summary == "You win as soon as you have three of your marks in a row."
    assert all(item.refs == () for s in ref for item in s.items)
    assert model.load("balzakken").refereed


def test_a_changed_rulebook_file_is_read_again(tictactoe):
    before = model.load(tictactoe)
    changed = TICTACTOE.read_text(encoding="utf-8") + "\n## Variants\n\nPlay on a bigger grid.\n"
    textbook.keep(changed, tictactoe, markdown=True)
    after = model.load(tictactoe)
    assert "variants" in after.ids and "variants" not in before.ids


def test_a_package_holding_only_a_rulebook_is_a_rules_reference(tmp_path, monkeypatch):
    """A package under gametable.games with a rulebook.md and no engine of its own."""
    monkeypatch.setenv("GAMETABLE_DATA_DIR", str(tmp_path / "data"))
    package = tmp_path / "games" / "noughts"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""Noughts: a rulebook only."""\n')
    shutil.copy(TICTACTOE, package / "rulebook.md")
    monkeypatch.setattr(
        gametable.games, "__path__", [*gametable.games.__path__, str(package.parent)]
    )
    assert "noughts" in model.available()
    reply = ask("noughts", "who goes first?")
    assert reply.answered and not reply.checked
    assert reply.sources[0].id == "playing-the-game/taking-turns"


# -- the chat and the search, with no engine -----------------------------------------------------


@pytest.mark.parametrize(
    ("question", "section", "says"),
    [
        ("how many in a row do I need to win?", "winning/three-in-a-row", "three"),
        ("who goes first?", "playing-the-game/taking-turns", "X"),
        ("can I skip my turn?", "playing-the-game/taking-turns", "not skip"),
        ("can I erase a mark?", "playing-the-game/marking-a-square", "never"),
        ("what if nobody gets three in a row?", "winning/a-draw", "draw"),
    ],
)
def test_the_chat_answers_from_the_rulebook_text_marked_not_checked(
    tictactoe, matching, question, section, says
):
    reply = ask(tictactoe, question)
    assert reply.answered, reply.text
    assert reply.sources[0].id == section
    assert says in reply.text
    assert not reply.checked and reply.position is None


@pytest.mark.parametrize("question", ["how do I castle?", "what is the capital of France?"])
def test_the_chat_declines_what_the_rulebook_does_not_speak_of(tictactoe, matching, question):
    reply = ask(tictactoe, question)
    assert not reply.answered and not reply.checked and reply.sources == ()


@pytest.mark.parametrize("text", ["", "   ", b"\x00\x01\x02", "x" * 10_000])
def test_the_chat_declines_bad_input_politely(tictactoe, text):
    reply = ask(tictactoe, text)
    assert not reply.answered and reply.text


def test_a_follow_up_leans_on_the_question_before(tictactoe, matching):
    first = ask(tictactoe, "who goes first?")
    follow = ask(tictactoe, "what about O?", history=[first.question])
    assert follow.question.startswith("who goes first?")
    assert follow.answered and "goes first" in follow.text
    alone = ask(tictactoe, "what about O?")
    assert alone.question == "what about O?" and "goes first" not in alone.text


def test_the_search_finds_the_section_from_the_statements_text(tictactoe, matching):
    hits = search(tictactoe, "when is the game a draw?")
    assert hits[0].id == "winning/a-draw"
    assert hits[0].statement is not None and "draw" in hits[0].statement.text


def test_answers_are_the_same_for_the_same_question(tictactoe, matching):
    assert ask(tictactoe, "who goes first?") == ask(tictactoe, "who goes first?")
