"""Whole games through the real ``gametable`` command at an 80x24 pseudo-terminal, read back from
the screen as a person sees it (the prompt is prompt_toolkit's, since this is a terminal)."""

from __future__ import annotations

import json
import re

import pytest

from tests.terminal.screen import PROMPT, Session, menu_numbers

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def run(tmp_path):
    sessions: list[Session] = []

    def start(*args: str, orchard: bool = False) -> Session:
        session = Session(list(args), tmp_path / "data", tmp_path, orchard=orchard)
        sessions.append(session)
        return session

    yield start
    for session in sessions:
        session.close()


def saves_in(tmp_path) -> list:
    folder = tmp_path / "data" / "saves"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_a_level_is_picked_by_first_letters_paged_gone_back_and_a_plot_picked_by_number(run):
    """Orchard's steps: plant > tree > plot; 30 plots are two pages of 20."""
    s = run("play", "orchard", "--seed", "1", "--bot", "random", orchard=True)
    screen = s.wait_for_prompt()
    assert menu_numbers(screen) == [1, 2]
    assert re.search(r"1 plant\s+then apple, pear or plum", screen)
    s.type("pl")  # first letters open the plant level
    screen = s.wait_for("plant: 3 choices")
    assert re.search(r"1 apple\s+then 30 choices: plot 1, plot 2, plot 3 …", screen)
    s.type("ap")
    screen = s.wait_for("plant › apple: 30 choices, page 1 of 2")
    assert menu_numbers(screen) == list(range(1, 21))
    assert screen.startswith("─") and "Orchard: seat 0 to move" in screen  # the board stays
    s.type("next")
    screen = s.wait_for("page 2 of 2")
    assert menu_numbers(screen) == list(range(21, 31))
    s.type("back")
    screen = s.wait_for_prompt()
    assert menu_numbers(screen) == [1, 2, 3] and "plant: 3 choices" in screen
    s.type("3")  # plum
    s.wait_for("plant › plum: 30 choices")
    s.type("25")  # a number on the second page, typed from the first
    screen = s.wait_for("bot: seat 1")
    s.wait_for_prompt()
    assert "plum (0)" in s.text() and '"25"' in s.text()


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_a_whole_move_typed_in_notation_plays_at_any_level(run):
    s = run("play", "orchard", "--seed", "1", "--bot", "random", orchard=True)
    s.wait_for_prompt()
    s.type("plant")
    s.wait_for("plant: 3 choices")
    s.type("plant pear 7")
    s.wait_for("bot: seat 1")
    screen = s.wait_for_prompt()
    assert "pear (0)" in screen
    # labels of several levels at once
    s.type("plant apple plot 9")
    s.wait_for("apple (0)")
    assert "bot: seat 1" in s.wait_for_prompt()


def test_a_refused_move_names_its_rule_and_the_menu_stays(run):
    s = run("play", "orchard", "--seed", "1", "--bot", "random", orchard=True)
    s.wait_for_prompt()
    s.type("plant pear 7")
    s.wait_for_prompt()
    taken = re.search(r'"(\d+)": "\w+ \(1\)"', s.text())
    assert taken, s.text()
    s.type(f"plant apple {taken[1]}")
    screen = s.wait_for("Refused:")
    assert f"plot {taken[1]} already has a tree" in screen and "rule: " in screen


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_balzakken_by_number_first_letters_and_tab_completion(run, tmp_path):
    """Balzakken's steps: discard > card (> draw or top), swap > card, swinger/lul > seat."""
    s = run("play", "balzakken", "-p", "3", "--seed", "3")
    screen = s.wait_for_prompt()
    assert "Your hand:" in screen and "= 40 points" in screen
    assert menu_numbers(screen) == [1, 2, 3]
    assert re.search(r"1 discard\s+then 3, 7, 8, 11 or 11x2", screen)
    s.type("sw")  # first letters open the swap level
    screen = s.wait_for("swap: 4 choices")
    assert re.search(r"4 11\s+swaps a Blue Ball \(11\)", screen)
    s.type("back")
    s.wait_for(re.compile(r"^3 choices", re.M))
    s.type("disc", enter=False)
    s.key("\t")  # Tab completes the common part
    s.wait_for(f"{PROMPT} discard")
    s.key("\t")  # a second Tab lists the completions
    screen = s.wait_for("discard 11x2 top")
    s.key("\x15")  # Ctrl-U empties the line
    s.type("1")  # discard
    s.wait_for("discard: 5 choices")
    s.type("1")  # discard 3
    s.wait_for("bot: seat 2")
    s.wait_for_prompt()
    assert len(s.transcript.split(PROMPT)) > 3


def test_line_editing_and_history(run):
    s = run("play", "balzakken", "-p", "2", "--seed", "5")
    s.wait_for_prompt()
    s.type("jump arround", enter=False)
    s.key("\x1b[D" * 5 + "\x7f")  # left five times, then backspace: "jump around"
    s.key("\x1b[F")  # End
    s.type("")
    screen = s.wait_for("Not understood")
    assert "'jump around'" in screen
    s.wait_for_prompt()
    s.key("\x1b[A")  # up: the line again
    s.wait_for(f"{PROMPT} jump around")


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_quit_keeps_the_game_and_load_by_number_resumes_it(run, tmp_path):
    s = run("play", "balzakken", "-p", "2", "--seed", "5", "--bot", "random")
    s.wait_for_prompt()
    s.type("1")  # discard
    s.wait_for("discard: ")
    s.type("1")  # the lowest card
    s.wait_for("bot: seat 1")
    s.wait_for_prompt()
    s.type("quit")
    screen = s.wait_for_end()
    assert "Resume it with: gametable play --load 1" in screen
    [path] = saves_in(tmp_path)
    assert path.name.startswith("balzakken-")
    record = json.loads(path.read_text())
    assert record["seed"] == 5 and len(record["moves"]) == 2
    assert record["meta"]["seats"] == ["person", "random"]

    listing = run("saves").wait_for_end()
    assert re.search(
        r"1\s+balzakken\s+2: person, random\s+\S+ \S+\s+2\s+seat 0 \(person\)", listing
    )

    again = run("play", "--load", "1")
    screen = again.wait_for_prompt()
    assert "seed 5" in screen
    again.type("1")
    again.wait_for("discard: ")
    again.type("1")
    again.wait_for("bot: seat 1")  # the saved table: seat 1 is still the random bot
    again.wait_for_prompt()
    again.key("\x03")  # Ctrl-C stops too, and keeps the game in the same file
    assert "gametable play --load 1" in again.wait_for_end()
    assert saves_in(tmp_path) == [path]
    assert len(json.loads(path.read_text())["moves"]) == 4


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_two_games_loaded_from_one_save_never_overwrite_each_other(run, tmp_path):
    s = run("play", "balzakken", "-p", "2", "--seed", "5", "--bot", "random")
    s.wait_for_prompt()
    s.type("1")  # discard
    s.wait_for("discard: ")
    s.type("1")  # the lowest card
    s.wait_for("bot: seat 1")
    s.wait_for_prompt()
    s.type("quit")
    s.wait_for_end()
    [first] = saves_in(tmp_path)

    one, two = run("play", "--load", "1"), run("play", "--load", "1")
    one.wait_for_prompt()
    two.wait_for_prompt()
    one.type("1")  # discard
    one.wait_for("discard: ")
    one.type("1")
    one.wait_for("bot: seat 1")
    one.wait_for_prompt()
    two.type("2")  # swap: another continuation of the same game
    two.wait_for("swap: ")
    two.type("1")
    two.wait_for("bot: seat 1")
    screen = two.wait_for(re.compile(r"was\s*changed"))
    assert "tokeepboth,thisgameisnowsavedin" in "".join(screen.split())
    one.type("quit")
    two.type("quit")
    one.wait_for_end()
    two.wait_for_end()
    paths = saves_in(tmp_path)
    assert len(paths) == 2 and first in paths
    moves = [json.loads(p.read_text())["moves"] for p in paths]
    assert moves[0][:2] == moves[1][:2] and moves[0][2] != moves[1][2]


def test_balam_after_paying_shows_at_most_twenty_entries_and_pages(run):
    s = run("play", "balam", "--seed", "3", "--bot", "random")
    s.wait_for_prompt()
    s.type("pay maize")
    screen = s.wait_for_prompt()
    numbers = menu_numbers(screen)
    assert 0 < len(numbers) <= 20 and numbers == list(range(1, len(numbers) + 1))
    if "page 1 of" in screen:  # while Balam's steps are one flat level
        s.type("next")
        screen = s.wait_for("page 2 of")
        more = menu_numbers(screen)
        assert len(more) <= 20 and more[0] == numbers[-1] + 1


@pytest.mark.parametrize("columns,lines", [(80, 24), (100, 40)])
@pytest.mark.parametrize(
    "game,players",
    [("balam", 4), ("balzakken", 8), ("keezbord", 6)],
)
def test_the_first_screen_fits_the_terminal_with_nothing_cut(
    tmp_path, game, players, columns, lines
):
    """Read back through a terminal emulator: the prompt's screen holds the whole board (Balam's
    column e, Balzakken's discard pile line, every Keezbord seat's row) and the menu."""
    s = Session(
        ["play", game, "-p", str(players), "--seed", "2"],
        tmp_path / "data",
        tmp_path,
        columns=columns,
        lines=lines,
    )
    try:
        screen = s.wait_for_prompt()
    finally:
        s.close()
    shown = screen.split("\n")
    start = next(
        i
        for i, line in enumerate(shown)
        if re.match(r"(─+ \w+: seat \d to move|\w+ (round|cycle))", line)
    )
    board = "\n".join(shown[start:])
    assert menu_numbers(board)
    if game == "balam":
        for column in "abcde":
            for row in range(1, 7):
                assert re.search(rf"(^|[\s│]){column}{row}\b", board, re.M), board
    elif game == "balzakken":
        assert "Discard pile top:" in board and "Your hand:" in board
        for seat in range(players):
            assert f"seat {seat}" in board
    else:
        for letter in "abcdef":
            assert re.search(rf"^..{letter}[* ]|^..{letter} seat", board, re.M), board
    heading = next(i for i, line in enumerate(shown) if re.match(r"(\S.*: )?\d+ choices?\b", line))
    assert all(not line.endswith("…") for line in shown[start:heading]), board  # none cut
