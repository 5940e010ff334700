"""The terminal session with an injected input function: what it asks, what it offers for
completion, and how each kind of line is read."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence

import pytest
from rich.console import Console

from gametable.bots import make_bot
from gametable.core.record import Record
from gametable.terminal.prompt import Candidate
from gametable.terminal.saves import SaveSlot
from gametable.terminal.session import TerminalGame
from tests.terminal.orchard import OrchardGame


class Script:
    """An ``ask`` that answers from a list and remembers every question and its candidates."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.asked: list[tuple[str, list[Candidate]]] = []

    def __call__(self, message: str, candidates: Sequence[Candidate] = ()) -> str:
        self.asked.append((message, list(candidates)))
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def session(
    lines: list[str], tmp_path, humans: int = 1
) -> tuple[TerminalGame, Script, io.StringIO]:
    game = OrchardGame()
    state = game.new_game(2, seed=1)
    record = Record.of(state)
    bots = {s: make_bot("random", seed=s) for s in range(humans, 2)}
    out = io.StringIO()
    console = Console(file=out, width=80, height=24)
    script = Script(lines)
    return TerminalGame(state, record, bots, console, script, SaveSlot(tmp_path)), script, out


def test_the_prompt_is_a_question_and_offers_entries_moves_and_commands(tmp_path):
    game, script, _ = session(["quit"], tmp_path)
    with pytest.raises(KeyboardInterrupt):
        game.run()
    message, candidates = script.asked[0]
    assert message == "What do you play? "
    texts = [c.text for c in candidates]
    assert texts[:2] == ["plant", "rest"]
    assert "plant apple 12" in texts and "back" in texts and "quit" in texts
    assert dict(candidates)["plant"] == "then apple, pear or plum"
    assert dict(candidates)["plant apple 12"] == "plants an apple tree on plot 12"


def test_hot_seat_asks_each_seat_by_name(tmp_path):
    game, script, _ = session(["", "rest", "", "quit"], tmp_path, humans=2)
    with pytest.raises(KeyboardInterrupt):
        game.run()
    questions = [m for m, _ in script.asked]
    assert questions[:4] == [
        "Seat 0, press Enter when only you can see the screen. ",
        "Seat 0, what do you play? ",
        "Seat 1, press Enter when only you can see the screen. ",
        "Seat 1, what do you play? ",
    ]


def test_lines_are_read_as_commands_numbers_labels_moves_then_first_letters(tmp_path):
    game, _, out = session(
        ["99", "pla", "back", "top", "plant", "plum", "next", "prev", "frobnicate", "30"],
        tmp_path,
    )
    with pytest.raises(EOFError):
        game.run()
    text = out.getvalue()
    assert "Choose a number from 1 to 2." in text
    assert "This is the first level already." not in text.split("plant: 3 choices")[0]
    assert "plant › plum: 30 choices" in text and "page 2 of 2" in text
    assert "Not understood: 'frobnicate' is not an Orchard move" in text
    assert game.record.moves[0] == (0, "plant plum 30")


def test_save_to_a_file_asks_before_replacing_another_game(tmp_path):
    other = tmp_path / "other.json"
    other.write_text(
        json.dumps(
            {
                "format": "gametable-record/1",
                "game": "balam",
                "version": 1,
                "players": 2,
                "seed": 4,
                "moves": [],
            }
        )
    )
    before = other.read_text()
    game, script, out = session(["rest", f"save {other}", "n", "quit"], tmp_path)
    with pytest.raises(KeyboardInterrupt):
        game.run()
    assert other.read_text() == before
    assert any("holds another game. Replace it?" in m for m, _ in script.asked)
    assert "Not saved." in out.getvalue()


def test_save_writes_the_autosave_now_and_a_file_of_ones_own(tmp_path):
    mine = tmp_path / "mine.json"
    game, _, out = session(["rest", "save", f"save {mine}", "quit"], tmp_path)
    with pytest.raises(KeyboardInterrupt):
        game.run()
    text = " ".join(out.getvalue().split())
    assert "Saved in " in text and f"Saved to {mine}" in text
    assert json.loads(mine.read_text())["moves"][0] == [0, "rest"]
    [auto] = tmp_path.glob("orchard-*.json")
    assert json.loads(auto.read_text())["meta"]["to_move"] == [0]


def test_brackets_typed_are_shown_as_typed_not_read_as_markup(tmp_path):
    game, _, out = session(["[/bold] [red", "quit"], tmp_path)
    with pytest.raises(KeyboardInterrupt):
        game.run()
    assert "Not understood: '[/bold] [red' is not an Orchard move" in out.getvalue()
