"""The full-screen terminal at 80x24, read back through a pseudo-terminal: the raw bytes prove that
hot seat leaves no earlier seat's hand in the scrollback, and a terminal emulator (pyte) shows that
every decision of whole games has its board, menu and prompt on screen together."""

from __future__ import annotations

import itertools
import random
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import gametable
from gametable.core.record import Record
from gametable.terminal.frame import ALT_SCREEN_OFF, ALT_SCREEN_ON, WIPE
from tests.terminal.screen import Session

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ASKS_TO_PLAY = re.compile(r"(Seat \d, w|W)hat do you play\? $")


def settle(s: Session) -> str:
    """Read until the program waits for a line; the line the cursor waits on ('' once it ended)."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        while s._pump(0.4):
            pass
        row = s.screen.display[s.screen.cursor.y]
        if not s.child.isalive():
            return ""
        if row.rstrip().endswith(("?", ".", ")")):
            return row[: s.screen.cursor.x]
    raise AssertionError(f"the program never waited for a line:\n{s.text()}")


def drive(
    s: Session,
    at_decision: Callable[[str], None] = lambda screen: None,
    until: Callable[[Session], bool] = lambda s: False,
    decisions_at_most: int = 2000,
) -> int:
    """Answer every question with its first choice until ``until`` holds, the game ends or
    ``decisions_at_most`` were taken; ``at_decision`` sees the screen at each decision.  The
    number of decisions."""
    decisions = 0
    while not until(s) and decisions < decisions_at_most:
        asked = settle(s)
        if not asked:
            return decisions
        if ASKS_TO_PLAY.search(asked):
            decisions += 1
            at_decision(s.text())
            s.type("1")
        elif "(y/n)" in asked:
            s.type("y")
        else:  # "press Enter" (hand-over, a round's summary)
            s.type("")
    return decisions


@pytest.fixture
def session(tmp_path: Path):
    started: list[Session] = []

    def start(*args: str) -> Session:
        s = Session(list(args), tmp_path / "data", tmp_path)
        started.append(s)
        return s

    yield start
    for s in started:
        s.close()


@pytest.mark.parametrize(
    "game",
    # Balam's first turn is long (about 20 s here): CI runs it (-m '')
    ["balzakken", "keezbord", pytest.param("balam", marks=pytest.mark.slow)],
)
def test_hot_seat_hand_over_erases_the_scrollback_inside_the_alternate_screen(session, game):
    """Between one seat's last decision and the screen that hands over to the other, the output
    erases the screen and its scrollback (ESC[3J), and the whole game runs in the alternate
    screen, which keeps no scrollback of its own."""
    s = session("play", game, "-p", "2", "--seat", "0", "--seat", "1", "--seed", "4")
    banner = re.compile(r"Hand the screen to seat (\d)")
    drive(s, until=lambda s: len(banner.findall(s.transcript)) >= 2)
    raw = s.transcript
    handovers = list(banner.finditer(raw))
    assert {m.group(1) for m in handovers} == {"0", "1"}
    assert raw.index(ALT_SCREEN_ON) < handovers[0].start()
    for before, after in itertools.pairwise(handovers):
        seat = before.group(1)
        decided = raw.rindex(f"Seat {seat}, what do you play?", before.end(), after.start())
        assert decided < raw.rindex(WIPE, 0, after.start()), f"seat {seat}'s screen stayed"
        assert ALT_SCREEN_OFF not in raw[: after.start()]
    assert "\x1b[3J" in WIPE


BOARD_TOP = {
    "balzakken": re.compile(r"^(─+ Balzakken: seat \d to move|Balzakken round)"),
    "keezbord": re.compile(r"^(─+ Keezbord: seat \d to move|Keezbord cycle)"),
    "balam": re.compile(r"^(─+ Balam: seat \d to move|Balam round)"),
}


def key_rows_shown(game: str, screen: str) -> None:
    """The rows a player reads the position from are all on the screen."""
    if game == "balam":
        for column in "abcde":
            for row in range(1, 7):
                assert re.search(rf"(^|[\s│]){column}{row}\b", screen, re.M), screen
    elif game == "balzakken":
        assert "Discard pile top:" in screen and "Your hand:" in screen, screen
    else:
        for letter in "ab":
            assert re.search(rf"^..{letter}[* ]|^..{letter} seat", screen, re.M), screen


def check_decision(game: str) -> Callable[[str], None]:
    def check(screen: str) -> None:
        lines = screen.split("\n")
        assert BOARD_TOP[game].match(lines[0]), f"the board's top is not on screen:\n{screen}"
        key_rows_shown(game, screen)
        assert re.search(r"^(\S.*: )?\d+ choices?\b", screen, re.M), f"no menu:\n{screen}"
        heading = next(
            i for i, line in enumerate(lines) if re.match(r"(\S.*: )?\d+ choices?", line)
        )
        board = lines[:heading]
        assert all(not line.rstrip().endswith("…") for line in board[:-3]), screen

    return check


def test_the_first_decisions_of_balam_keep_the_map_menu_and_prompt_on_screen(session):
    """The crowded game, a few decisions in (paying opens the site menus)."""
    s = session("play", "balam", "-p", "3", "--seed", "6", "--bot", "random")
    assert drive(s, check_decision("balam"), decisions_at_most=8) == 8


@pytest.mark.slow  # whole games through a terminal emulator: CI runs them (-m '')
@pytest.mark.parametrize(("game", "players"), [("balzakken", 3), ("keezbord", 2), ("balam", 2)])
def test_a_whole_game_at_80x24_shows_the_board_menu_and_prompt_at_every_decision(
    session, game, players
):
    s = session("play", game, "-p", str(players), "--seed", "11", "--bot", "random")
    seen = drive(s, check_decision(game))
    assert seen > 5
    assert re.search(r"seat \d: -?\d+(\.\d+)? points, place 1", s.text()), s.text()


def random_record(game: str, players: int, seed: int) -> Record:
    record = Record.start(gametable.load_game(game), players, seed=seed)
    state = record.replay()
    rng = random.Random(seed)
    while state.to_move:
        seat = state.to_move[0]
        record.append(state, rng.choice(state.legal_actions(seat)), seat)
    return record


def test_replay_step_shows_each_move_of_balam_in_one_screen_of_24_lines(session, tmp_path):
    """Every step: the map (column e included) from the screen's top line, the move played,
    the prompt; a round's summary on a screen of its own."""
    record = random_record("balam", 3, 8)
    record.save(tmp_path / "balam.json")
    s = session("replay", str(tmp_path / "balam.json"), "--step")
    steps = 0
    while steps < 15:
        asked = settle(s)
        screen = s.text()
        if asked.startswith("Move "):
            steps += 1
            assert BOARD_TOP["balam"].match(screen), screen
            key_rows_shown("balam", screen)
            assert re.search(rf"^\s+{steps - 1}\. ", screen, re.M) or steps == 1, screen
        else:
            assert asked.startswith("Enter shows the board"), screen
            assert "End of round" in screen or "Production" in screen, screen
        s.type("")
    s.type("q")
    assert settle(s) == ""
