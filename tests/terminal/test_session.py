"""The terminal session with an injected input function: what it asks, what it offers for
completion, and how each kind of line is read."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence

import pytest
from rich.console import Console

import gametable
from gametable.bots import make_bot
from gametable.core.choices import MAX_ENTRIES
from gametable.core.record import Record
from gametable.terminal.menu import PAGE_SIZE, StepMenu
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


class BalamTurn:
    """Seat 0 of a Balam game at the terminal: pays maize, then, at the menu that follows, walks
    every level (remembering how many entries each offers) and types ``typed`` (notation or
    labels); then leaves."""

    def __init__(self, typed: list[str]) -> None:
        self.lines = ["pay maize", *typed]
        self.session: TerminalGame | None = None
        self.widths: dict[tuple[str, ...], int] = {}
        self.shown: list[int] = []

    def __call__(self, message: str, candidates: Sequence[Candidate] = ()) -> str:
        session = self.session
        assert session is not None and session.menu is not None
        if session.state.ply == 1 and not self.widths:
            self.walk(StepMenu(session.state.legal_actions(0)))
            self.shown.append(len(session.menu.page()))
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def walk(self, menu: StepMenu) -> None:
        self.widths[menu.path] = len(menu.entries())
        for entry in menu.entries():
            if entry.action is None:
                menu.open(entry)
                self.walk(menu)
                menu.back()


def balam_session(typed: list[str], tmp_path) -> tuple[TerminalGame, BalamTurn, io.StringIO]:
    state = gametable.load_game("balam").new_game(2, seed=3)
    out = io.StringIO()
    person = BalamTurn(typed)
    game = TerminalGame(
        state,
        Record.of(state),
        {1: make_bot("random", seed=1)},
        Console(file=out, width=80, height=24),
        person,
        SaveSlot(tmp_path),
    )
    person.session = game
    return game, person, out


def test_balam_after_paying_no_menu_level_offers_more_than_40_entries(tmp_path):
    """Issue 15: once the king has paid, the 400-odd builds, removals and attacks are a menu
    whose every level fits in MAX_ENTRIES (40) entries, and the page shown holds at most 20."""
    game, person, _ = balam_session([], tmp_path)
    with pytest.raises(EOFError):
        game.run()
    state = gametable.load_game("balam").new_game(2, seed=3)
    state.apply("pay maize")
    assert len(state.legal_actions(0)) > 300  # the flat list a person used to page through
    assert person.widths and max(person.widths.values()) <= MAX_ENTRIES
    assert sum(1 for w in person.widths.values() if w > 1) > 10  # a real tree, several levels
    assert person.shown and person.shown[0] <= PAGE_SIZE


def test_balam_after_paying_any_action_can_still_be_typed_in_notation(tmp_path):
    """At the menu, a whole action typed in notation plays at once (no level opened), as does
    the same action's labels typed level by level."""
    state = gametable.load_game("balam").new_game(2, seed=3)
    state.apply("pay maize")
    legal = state.legal_actions(0)
    build = next(a for a in legal if a.to_json()["kind"] == "build")
    game, _, _ = balam_session([str(build)], tmp_path)
    with pytest.raises(EOFError):
        game.run()
    assert game.record.moves[:2] == [(0, "pay maize"), (0, str(build))]
    game, _, _ = balam_session([" ".join(build.steps)], tmp_path)
    with pytest.raises(EOFError):
        game.run()
    assert game.record.moves[:2] == [(0, "pay maize"), (0, str(build))]
