"""``gametable rules``, registered on a fresh Typer app and driven by Typer's test runner (and in
a pseudo-terminal of 80x24 for the chat loop)."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from gametable.rulebook.answer import Answer, Source
from gametable.rulebook.chat import ask
from gametable.rulebook.cli import PROMPT, register
from gametable.rulebook.model import load
from gametable.rulebook.render import CHECKED, FROM_TEXT, render_reply
from tests.rulebook.helpers import rulebook_text
from tests.terminal.screen import Session

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer(pretty_exceptions_enable=False)
    register(app)

    @app.command("other")
    def other() -> None:  # a second command, so "rules" is a subcommand as in gametable
        """Unused."""

    return app


def _run(*args: str):
    return runner.invoke(_app(), ["rules", *args], env={"COLUMNS": "120"})


def test_lists_the_sections():
    result = _run("balzakken")
    assert result.exit_code == 0, result.output
    assert "playing-the-game/important" in result.output
    assert "Tasty (In-Between) Positions" in result.output


def test_shows_one_section_by_id_or_title():
    result = _run("balzakken", "card-types/action-card-2-the-lul")
    assert result.exit_code == 0, result.output
    assert "Pleun" in result.output and "BZ-083" in result.output
    by_title = _run("keezbord", "Card Meanings")
    assert by_title.exit_code == 0 and "KB-056" in by_title.output


def test_ask_prints_a_short_answer_then_the_sections_it_rests_on():
    result = _run("balzakken", "--ask", "can I call BALZAK! with a Swinger in my hand?")
    assert result.exit_code == 0, result.output
    answer_at = result.output.index("Q:")
    rests_at = result.output.index("Rests on:")
    assert answer_at < rests_at
    assert "BALZAK!" in result.output[answer_at:rests_at]
    rests = result.output[rests_at:]
    assert "card-types/action-card-1-the-swinger" in rests or "playing-the-game/important" in rests
    assert "BZ-0" in rests


def test_ask_with_sections_lists_the_best_sections():
    result = _run(
        "balzakken", "--ask", "can I call BALZAK! with a Swinger in my hand?", "--sections"
    )
    assert result.exit_code == 0, result.output
    assert "▶" in result.output and "1." in result.output


def test_ask_about_something_else_says_it_is_not_answered():
    result = _run("keezbord", "--ask", "who won the world cup in 2010")
    assert result.exit_code == 0, result.output
    assert "not answered" in result.output


def test_unknown_game_exits_2_without_traceback():
    result = _run("chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output and "balzakken" in result.output
    assert "Traceback" not in result.output


def test_unknown_section_exits_2_with_suggestions():
    result = _run("balam", "3-war")
    assert result.exit_code == 2
    assert "no rules section" in result.output and "3-wars" in result.output
    assert "Traceback" not in result.output


def test_section_and_ask_together_is_an_error():
    result = _run("balam", "3-wars", "--ask", "dice")
    assert result.exit_code == 2


# -- rulebooks of one's own: gametable rules add / remove ----------------------------------------

TICTACTOE = Path(__file__).parent / "data" / "tictactoe.md"


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    """A fresh data folder for the rulebooks `rules add` keeps."""
    folder = tmp_path / "data"
    monkeypatch.setenv("GAMETABLE_DATA_DIR", str(folder))
    return folder


def _add(*args: str):
    return runner.invoke(_app(), ["rules", "add", *args], env={"COLUMNS": "200"})


def test_rules_add_keeps_a_markdown_rulebook_under_a_name_from_its_title(data_dir):
    result = _add(str(TICTACTOE))
    assert result.exit_code == 0, result.output
    assert "tic-tac-toe" in result.output and "no referee" in result.output
    assert (data_dir / "rulebooks" / "tic-tac-toe.md").read_text() == TICTACTOE.read_text()


def test_rules_lists_an_added_rulebook_beside_the_games(data_dir):
    assert _add(str(TICTACTOE), "--name", "tictactoe").exit_code == 0
    result = runner.invoke(_app(), ["rules"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    for game in ("balzakken", "keezbord", "balam", "tictactoe"):
        assert game in result.output
    assert "rulebook only" in result.output


def test_an_added_rulebook_shows_its_index_and_a_section(data_dir):
    assert _add(str(TICTACTOE), "--name", "tictactoe").exit_code == 0
    index = _run("tictactoe")
    assert index.exit_code == 0 and "winning/three-in-a-row" in index.output
    assert "no referee" in index.output
    shown = _run("tictactoe", "winning/three-in-a-row")
    assert shown.exit_code == 0, shown.output
    assert "three of your marks in a row" in shown.output


@pytest.mark.parametrize(
    ("question", "section", "says"),
    [
        ("how many in a row do I need to win?", "winning/three-in-a-row", "three of your marks"),
        ("who goes first?", "playing-the-game/taking-turns", "X always goes first"),
    ],
)
def test_an_added_rulebook_answers_from_its_text_not_checked(data_dir, question, section, says):
    assert _add(str(TICTACTOE), "--name", "tictactoe").exit_code == 0
    result = _run("tictactoe", "--ask", question)
    assert result.exit_code == 0, result.output
    rests = result.output.index("Rests on:")
    assert says in result.output[:rests] and section in result.output[rests:]
    assert FROM_TEXT in result.output and CHECKED not in result.output


def test_an_added_rulebook_declines_what_it_does_not_speak_of(data_dir):
    assert _add(str(TICTACTOE), "--name", "tictactoe").exit_code == 0
    result = _run("tictactoe", "--ask", "how do I castle?")
    assert result.exit_code == 0, result.output
    assert "not answered" in result.output and CHECKED not in result.output


def _bad_files(tmp: Path) -> dict[str, Path]:
    files = {
        "empty": b"",
        "binary": b"\x7fELF\x02\x01\x01\x00\x00\x00" * 50,
        "headings": b"Some words about a game. No headings at all here.\n",
        "at most": b"# Big\n\n## Part\n\n" + b"word " * 1_100_000,
    }
    out = {}
    for says, data in files.items():
        path = tmp / f"{says.replace(' ', '-')}.md"
        path.write_bytes(data)
        out[says] = path
    return out


@pytest.mark.parametrize("says", ["empty", "binary", "headings", "at most"])
def test_rules_add_refuses_a_bad_file_with_exit_2(data_dir, tmp_path, says):
    result = _add(str(_bad_files(tmp_path)[says]))
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output
    assert not (data_dir / "rulebooks").exists() or not any((data_dir / "rulebooks").iterdir())


def test_rules_add_refuses_a_missing_file_and_a_folder(data_dir, tmp_path):
    for path in (tmp_path / "nothing.md", tmp_path):
        result = _add(str(path))
        assert result.exit_code == 2 and "error:" in result.output


def test_rules_add_refuses_the_name_of_a_builtin_game(data_dir):
    result = _add(str(TICTACTOE), "--name", "balzakken")
    assert result.exit_code == 2 and "taken" in result.output
    assert _run("balzakken").exit_code == 0  # still the built-in reference


def test_rules_add_twice_needs_replace(data_dir):
    assert _add(str(TICTACTOE), "--name", "tictactoe").exit_code == 0
    again = _add(str(TICTACTOE), "--name", "tictactoe")
    assert again.exit_code == 2 and "--replace" in again.output
    assert _add(str(TICTACTOE), "--name", "tictactoe", "--replace").exit_code == 0


def test_rules_add_reads_a_plain_text_rulebook(data_dir):
    """The shipped Balzakken rulebook, kept under another name, answers from its own text."""
    text = rulebook_text("balzakken")
    if text is None:
        pytest.skip("shared/rulebooks is not here")
    path = data_dir.parent / "balzakken.txt"
    path.write_text(text, encoding="utf-8")
    assert _add(str(path)).exit_code == 2  # the title names the built-in game
    added = _add(str(path), "--name", "balzak-text")
    assert added.exit_code == 0, added.output
    shown = _run("balzak-text", "Action 4: Call BALZAK!")
    assert shown.exit_code == 0 and "5 points or fewer" in shown.output


def test_rules_remove_deletes_an_added_rulebook_only(data_dir):
    assert _add(str(TICTACTOE), "--name", "tictactoe").exit_code == 0
    removed = _run("remove", "tictactoe")
    assert removed.exit_code == 0, removed.output
    assert _run("tictactoe").exit_code == 2
    assert _run("remove", "tictactoe").exit_code == 2
    builtin = _run("remove", "balzakken")
    assert builtin.exit_code == 2 and "Traceback" not in builtin.output


# -- the chat loop ---------------------------------------------------------------------------------


def test_rules_game_from_a_pipe_prints_the_index_only():
    result = runner.invoke(_app(), ["rules", "balzakken"], input="who begins?\n")
    assert result.exit_code == 0
    assert "playing-the-game/important" in result.output and PROMPT not in result.output


def test_chat_from_a_pipe_answers_each_line_with_the_conversation_so_far(data_dir):
    assert _add(str(TICTACTOE), "--name", "tictactoe").exit_code == 0
    lines = "who goes first?\nwhat about O?\nhow do I castle?\n\n\nnever read\n"
    result = runner.invoke(_app(), ["rules", "tictactoe", "--chat"], input=lines)
    assert result.exit_code == 0, result.output
    chat = result.output[result.output.index(PROMPT) :]
    assert chat.count(PROMPT) == 5  # three questions, then two empty lines leave
    assert "X always goes first" in chat and FROM_TEXT in chat
    assert "(O)" not in chat  # the reply, not the merged question, is printed
    assert "never read" not in chat
    castle = chat[chat.index("how do I castle?") :]
    castle = castle[: castle.index(PROMPT)]
    assert "Tic-Tac-Toe rules" in castle and "Rests on:" not in castle


@pytest.mark.parametrize("leave", ["quit\n", "exit\n", ""])
def test_chat_leaves_on_quit_exit_or_end_of_input(leave):
    result = runner.invoke(_app(), ["rules", "keezbord", "--chat"], input=leave)
    assert result.exit_code == 0 and result.output.count(PROMPT) == 1


def test_chat_prints_a_referee_checked_reply_with_its_position():
    """A reply the referee worked out carries its position as compact JSON (BZ-047: an action
    card in hand forbids the call)."""
    question = "I hold 3 points and The Lul, may I call BALZAK!?"
    reply = ask("balzakken", question)
    if not reply.checked:
        pytest.skip("Balzakken's referee-checked answers are not in this tree")
    result = runner.invoke(
        _app(), ["rules", "balzakken", "--chat"], input=f"{question}\nquit\n", env={"COLUMNS": "80"}
    )
    assert result.exit_code == 0, result.output
    assert CHECKED in result.output and "position: {" in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80


def test_chat_in_a_terminal_at_80x24(data_dir, tmp_path):
    """At a real terminal, `gametable rules GAME` opens the chat after the index."""
    assert _add(str(TICTACTOE), "--name", "tictactoe").exit_code == 0
    session = Session(["rules", "tictactoe"], data_dir, tmp_path)
    try:
        session.wait_for(PROMPT.strip())
        session.type("who goes first?")
        screen = session.wait_for("X always goes first")
        assert FROM_TEXT in screen
        assert all(len(line) <= 80 for line in screen.splitlines())
        session.type("quit")
        session.wait_for_end()
        assert not session.child.isalive()
        session.child.close()
        assert session.child.exitstatus == 0
    finally:
        session.close()


def test_chat_in_a_terminal_leaves_on_ctrl_d(tmp_path):
    session = Session(["rules", "keezbord"], tmp_path / "data", tmp_path)
    try:
        session.wait_for(PROMPT.strip())
        session.key("\x04")
        session.wait_for_end()
        assert not session.child.isalive()
    finally:
        session.close()


def test_a_checked_reply_renders_its_mark_and_position_within_80_columns():
    """The chat's rendering of a referee-checked reply (made up here: the Lul in hand forbids
    the call, BZ-047), folded to 80 columns."""
    reference = load("balzakken")
    section = reference.section("playing-the-game/important")
    reply = Answer(
        "balzakken",
        "may I call with the Lul?",
        "No. An action card in hand forbids the call.",
        (Source(section.id, section.path, section.title, ("BZ-047",)),),
        answered=True,
        checked=True,
        position={"hands": [["lul", "3"], ["5", "6", "7"]], "turn": 0, "scores": [0, 0]},
    )
    console = Console(record=True, width=80, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render_reply(reference, reply))
    out = console.export_text()
    assert out.index("No.") < out.index(CHECKED) < out.index("position: {") < out.index("BZ-047")
    assert FROM_TEXT not in out
    assert max(len(line) for line in out.splitlines()) <= 80
