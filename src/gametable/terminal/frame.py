"""The full-screen layout of a game at a terminal: one screen a decision, redrawn whole.

A person at a terminal plays in the terminal's alternate screen, which keeps no scrollback.  Each
time the decision shown changes (a new turn, a level of the menu opened or left, a page turned, a
message), the screen is wiped and drawn again from the top: the board, the log (what happened
since the last decision, newest last), the menu, and the prompt on the last line.  So the board's
rows, the menu and the prompt are always on screen together, whatever the menus and the bots did.

When the screen passes from one person to another (hot seat), it is wiped with its scrollback too
(``ESC[3J``): a terminal that ignores the alternate screen still keeps nothing to scroll back to.

>>> log = Log()
>>> for n in range(5):
...     log.add(Text(f"bot: seat 1 plays {n}"), keep=True)
>>> [line.plain for line in log.fitted(3)]
['… 3 earlier: type log', 'bot: seat 1 plays 3', 'bot: seat 1 plays 4']
>>> [line.plain for line in log.fitted(1)]
['(+4 earlier: log) bot: seat 1 plays 4']
>>> log.clear()
>>> log.fitted(3), len(log.history)
([], 5)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.text import Text

#: switch to the alternate screen (no scrollback) and back
ALT_SCREEN_ON = "\x1b[?1049h"
ALT_SCREEN_OFF = "\x1b[?1049l"
#: cursor home, erase the screen, erase the scrollback
WIPE = "\x1b[H\x1b[2J\x1b[3J"
#: how many events ``log`` can show again
HISTORY_LINES = 200


def wipe(console: Console) -> None:
    """Erase the screen and the terminal's scrollback, cursor at the top left."""
    console.file.write(WIPE)
    console.file.flush()


@contextmanager
def alternate_screen(console: Console) -> Iterator[None]:
    """Run the block in the terminal's alternate screen, back to the normal one after it."""
    console.file.write(ALT_SCREEN_ON + WIPE)
    console.file.flush()
    try:
        yield
    finally:
        console.file.write(ALT_SCREEN_OFF)
        console.file.flush()


class Log:
    """What happened since the last decision (bot moves, messages), and a longer history for the
    ``log`` command."""

    def __init__(self) -> None:
        self.fresh: list[Text] = []
        self.history: deque[Text] = deque(maxlen=HISTORY_LINES)

    def add(self, line: Text, keep: bool = False) -> None:
        """A new line; ``keep``: also in the history (events every seat may see, never a
        message to one seat)."""
        self.fresh.append(line)
        if keep:
            self.history.append(line)

    def clear(self) -> None:
        """Forget the fresh lines (they were seen); the history stays."""
        self.fresh = []

    def fitted(self, rows: int, height: Callable[[Text], int] = lambda _: 1) -> list[Text]:
        """The newest fresh lines that fill at most ``rows`` lines (each takes ``height`` of
        them); when some do not fit, the first line says how many (with one row: the newest
        line says it)."""
        kept: list[Text] = []
        used = 0
        for line in reversed(self.fresh):
            if used + height(line) > rows:
                break
            kept.insert(0, line)
            used += height(line)
        if len(kept) == len(self.fresh):
            return kept
        if rows == 1:  # the newest line, saying what came before it
            newest = Text(f"(+{len(self.fresh) - 1} earlier: log) ", style="dim")
            return [newest + self.fresh[-1]]
        while kept and used + 1 > rows:
            used -= height(kept.pop(0))
        if rows <= 0:
            return []
        left = len(self.fresh) - len(kept)
        return [Text(f"… {left} earlier: type log", style="dim"), *kept]


__all__ = ["ALT_SCREEN_OFF", "ALT_SCREEN_ON", "WIPE", "Log", "alternate_screen", "wipe"]
