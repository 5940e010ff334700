"""A decision as a short menu that a person opens level by level (the terminal's use of
:mod:`gametable.core.choices`).

The menu starts at the first level of the legal actions' steps, skipping levels that offer a
single entry (:func:`~gametable.core.choices.forced_path`).  A person opens an entry by its number
or by its label (whole, or its first letters when no other entry starts with them), goes back a
level, and pages through a level longer than one page.  Labels of several levels may be typed at
once (``build village c3``).  Numbers count within a level, across its pages, so an entry keeps its
number whichever page is shown.

>>> from dataclasses import dataclass
>>> from gametable.core.protocol import Action
>>> @dataclass(frozen=True)
... class Pick(Action):
...     path: tuple[str, ...]
...     @property
...     def steps(self) -> tuple[str, ...]:
...         return self.path
>>> legal = [Pick(("build", "village", f"c{n}")) for n in range(1, 26)] + [Pick(("end",))]
>>> m = StepMenu(legal, page_size=20)
>>> [e.label for e in m.page()]
['build', 'end']
>>> m.open(m.find("bu")[0])          # first letters: opens the level below
>>> m.path                           # 'village' was the only entry there: skipped
('build', 'village')
>>> len(m.page()), m.page_count(), m.next_page(), m.page()[0].number
(20, 2, True, 21)
>>> m.open(m.entry(25))              # a number completes an action
Pick(path=('build', 'village', 'c25'))
>>> m.back(), m.path
(True, ())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gametable.core.choices import Choice, forced_path, menu
from gametable.core.protocol import Action

#: the most entries one screen shows
PAGE_SIZE = 20


@dataclass(frozen=True)
class Entry:
    """One numbered entry of the level shown: ``number`` counts from 1 across the level's pages."""

    number: int
    choice: Choice

    @property
    def label(self) -> str:
        return self.choice.label

    @property
    def action(self) -> Action | None:
        """The action this entry completes, or ``None`` when it opens a level."""
        return self.choice.action


def _words(text: str) -> str:
    """``text`` compared as people mean it: case and repeated spaces ignored."""
    return " ".join(text.split()).casefold()


class StepMenu:
    """The menu of one decision: the level shown (:attr:`path`), its page, and the way back."""

    def __init__(self, actions: Sequence[Action], page_size: int = PAGE_SIZE) -> None:
        if not actions:
            raise ValueError("a menu needs at least one legal action")
        self.actions = list(actions)
        self.page_size = max(1, min(page_size, PAGE_SIZE))
        #: the levels opened so far; the last one is shown
        self._trail: list[tuple[str, ...]] = [forced_path(self.actions)]
        #: the first entry shown on each level before the one shown
        self._starts: list[int] = []
        self._entries = self._level(self._trail[-1])
        self.start = 0

    # -- the level shown ------------------------------------------------------------------------
    @property
    def path(self) -> tuple[str, ...]:
        """The labels chosen so far (empty at the first level)."""
        return self._trail[-1]

    @property
    def depth(self) -> int:
        """How many levels can be gone back."""
        return len(self._trail) - 1

    def entries(self) -> list[Entry]:
        """Every entry of the level shown, numbered."""
        return list(self._entries)

    def entry(self, number: int) -> Entry | None:
        """The entry with this number in the level shown, if there is one."""
        if 1 <= number <= len(self._entries):
            return self._entries[number - 1]
        return None

    def _level(self, path: tuple[str, ...]) -> list[Entry]:
        return [Entry(i, c) for i, c in enumerate(menu(self.actions, path), start=1)]

    def _show(self, path: tuple[str, ...]) -> None:
        self._entries = self._level(path)
        self.start = 0

    # -- pages ----------------------------------------------------------------------------------
    def set_page_size(self, size: int) -> None:
        """Show ``size`` entries a page (at most :data:`PAGE_SIZE`) from the first one shown."""
        self.page_size = max(1, min(size, PAGE_SIZE))

    def page(self) -> list[Entry]:
        """The entries on the page shown."""
        return self._entries[self.start : self.start + self.page_size]

    def _pages_before(self) -> int:
        return -(-self.start // self.page_size)

    def page_count(self) -> int:
        rest = len(self._entries) - self.start
        return max(1, self._pages_before() + -(-rest // self.page_size))

    def page_number(self) -> int:
        """The page shown, counting from 1."""
        return self._pages_before() + 1

    def next_page(self) -> bool:
        """Show the next page; ``False`` (and nothing changes) on the last one."""
        if self.start + self.page_size >= len(self._entries):
            return False
        self.start += self.page_size
        return True

    def previous_page(self) -> bool:
        """Show the previous page; ``False`` (and nothing changes) on the first one."""
        if self.start == 0:
            return False
        self.start = max(0, self.start - self.page_size)
        return True

    def preview(self, entry: Entry) -> list[str]:
        """The labels of the level that opening ``entry`` shows (empty for an action)."""
        if entry.action is not None:
            return []
        return [c.label for c in menu(self.actions, forced_path(self.actions, entry.choice.path))]

    # -- moving between levels -------------------------------------------------------------------
    def open(self, entry: Entry) -> Action | None:
        """Pick ``entry``: the action it completes, or ``None`` after opening the level below it
        (levels with a single entry are opened through)."""
        done = entry.action
        if done is not None:
            return done
        self._enter(forced_path(self.actions, entry.choice.path))
        return None

    def _enter(self, path: tuple[str, ...]) -> None:
        self._trail.append(path)
        self._starts.append(self.start)
        self._show(path)

    def back(self) -> bool:
        """Go back to the level before, at the page it showed; ``False`` (and nothing changes)
        at the first level."""
        if len(self._trail) == 1:
            return False
        self._trail.pop()
        start = self._starts.pop()
        self._show(self._trail[-1])
        self.start = start
        return True

    def top(self) -> None:
        """Go back to the first level."""
        del self._trail[1:]
        del self._starts[:]
        self._show(self._trail[0])

    # -- finding entries by their labels -----------------------------------------------------------
    def find(self, text: str, *, first_letters: bool = True) -> list[Entry]:
        """The entries ``text`` names, from the level shown down.

        ``text`` is an entry's label (case and spacing aside), or labels of several levels in a
        row (``build village c3``), the last of which may be cut to its first letters when
        ``first_letters`` is true.  An exact label beats first letters.  When the labels lead
        below the level shown, that level is opened, so the entries returned are always on the
        level shown.  An empty list: nothing fits.
        """
        key = _words(text)
        if not key:
            return []
        found = self._find(self.path, key, first_letters)
        if found is None:
            return []
        path, entries = found
        if path != self.path:
            self._enter(path)
        return entries

    def _find(
        self, path: tuple[str, ...], key: str, first_letters: bool
    ) -> tuple[tuple[str, ...], list[Entry]] | None:
        entries = self._entries if path == self.path else self._level(path)
        exact = [e for e in entries if _words(e.label) == key]
        if exact:
            return path, exact
        for e in entries:
            head = _words(e.label) + " "
            if e.action is None and key.startswith(head):
                below = self._find(
                    forced_path(self.actions, e.choice.path), key[len(head) :], first_letters
                )
                if below is not None:
                    return below
        if first_letters:
            starting = [e for e in entries if _words(e.label).startswith(key)]
            if starting:
                return path, starting
        return None


__all__ = ["PAGE_SIZE", "Entry", "StepMenu"]
