"""Drive ``gametable`` in a pseudo-terminal and read its screen as a person sees it.

The command runs under :mod:`pexpect` in a pseudo-terminal of 80x24 (so it meets the real prompt,
not the plain fallback for pipes); its output goes through :mod:`pyte`, a terminal emulator, which
also answers the prompt's cursor-position requests as a terminal would.  Tests type lines and wait
until the screen shows something.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pexpect
import pyte

HERE = Path(__file__).parent
ORCHARD_CLI = HERE / "orchard_cli.py"
PROMPT = "What do you play?"
HINT = "a number, first letters or a whole move"


class _Terminal(pyte.Screen):
    """A screen that sends its answers (cursor position reports) back to the program."""

    def __init__(self, columns: int, lines: int, send: Callable[[str], Any]) -> None:
        super().__init__(columns, lines)
        self._send = send

    def write_process_input(self, data: str) -> None:
        self._send(data)


class Session:
    """``gametable ARGS`` (or the Orchard launcher with ``orchard=True``) at an 80x24 terminal."""

    def __init__(
        self,
        args: list[str],
        data_dir: Path,
        cwd: Path,
        *,
        orchard: bool = False,
        columns: int = 80,
        lines: int = 24,
    ) -> None:
        env = dict(os.environ, GAMETABLE_DATA_DIR=str(data_dir), TERM="xterm")
        env.pop("COLUMNS", None)  # the size is the terminal's
        env.pop("LINES", None)
        program = [str(ORCHARD_CLI)] if orchard else ["-m", "gametable.cli"]
        self.child = pexpect.spawn(
            sys.executable,
            [*program, *args],
            cwd=str(cwd),
            env=env,
            dimensions=(lines, columns),
            encoding="utf-8",
            codec_errors="replace",
            timeout=30,
        )
        self.screen = _Terminal(columns, lines, self.child.send)
        self.stream = pyte.Stream(self.screen)
        #: everything the program wrote, as plain text lines once read by the terminal
        self.transcript = ""

    # -- reading ------------------------------------------------------------------------------------
    def _pump(self, wait: float) -> bool:
        try:
            data = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            return False
        self.transcript += data
        self.stream.feed(data)
        return True

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, needle: str | re.Pattern[str], timeout: float = 40.0) -> str:
        """Read until the screen shows ``needle``; the screen's text."""
        end = time.monotonic() + timeout
        while True:
            screen = self.text()
            found = needle.search(screen) if isinstance(needle, re.Pattern) else needle in screen
            if found:
                # let the program finish drawing (a prompt comes after the menu)
                while self._pump(0.3):
                    pass
                return self.text()
            if time.monotonic() > end or not (self._pump(0.5) or self.child.isalive()):
                raise AssertionError(f"the screen never showed {needle!r}:\n{screen}")

    def wait_for_prompt(self) -> str:
        """Read until the cursor waits after the question; the screen's text."""
        end = time.monotonic() + 40
        while time.monotonic() < end:
            self._pump(0.3)
            row = self.screen.display[self.screen.cursor.y].rstrip()
            if row == PROMPT and not self._pump(0.3):
                return self.text()
            if not self.child.isalive():
                break
        raise AssertionError(f"no prompt came:\n{self.text()}")

    def wait_for_end(self, timeout: float = 40.0) -> str:
        end = time.monotonic() + timeout
        while self.child.isalive() and time.monotonic() < end:
            self._pump(0.3)
        while self._pump(0.1):
            pass
        return self.text()

    # -- typing -------------------------------------------------------------------------------------
    def type(self, line: str, enter: bool = True) -> None:
        self.child.send(line + ("\r" if enter else ""))

    def key(self, sequence: str) -> None:
        self.child.send(sequence)

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


def menu_numbers(screen: str) -> list[int]:
    """The entry numbers on the screen's menu, in order: between the line that counts the choices and the
    hint line below the page."""
    lines = screen.split("\n")
    hint = max(i for i, line in enumerate(lines) if line.startswith(HINT))
    # the heading starts its line ("plant: 3 choices"); entries are indented
    heading = max(i for i in range(hint) if re.match(r"(\S.*: )?\d+ choices?\b", lines[i]))
    numbers = []
    for line in lines[heading + 1 : hint]:
        # an entry is a number then its label, at the line's start or after a gap; a note
        # "then 30 choices" beside a label is not one
        numbers += [int(n) for n in re.findall(r"(?:^|\s\s)\s*(\d+) (?!choices\b)(?=\S)", line)]
    return sorted(numbers)
