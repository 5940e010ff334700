"""Reading a person's line: a real prompt at a terminal, plain lines otherwise.

At a terminal the prompt is :mod:`prompt_toolkit`'s: line editing (arrows, Home/End, Ctrl-A/E,
Ctrl-W...), history (up/down) and completion with Tab of the candidates the session offers (the
menu's labels, the legal actions in notation, the commands), with a short description beside each.
When standard input or output is not a terminal (a pipe, a file, a test), lines are read plainly.

Both are an :class:`Ask`: ``ask(message, candidates)`` returns the line typed, raises ``EOFError``
at the end of input and ``KeyboardInterrupt`` on Ctrl-C.  Tests inject their own.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple, Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.shortcuts import CompleteStyle
from rich.console import Console


class Candidate(NamedTuple):
    """A completion offered at the prompt: the ``text`` to insert and a short ``meta`` beside it."""

    text: str
    meta: str = ""


class Ask(Protocol):
    """Reads one line after showing ``message``; ``candidates`` are offered for completion."""

    def __call__(self, message: str, candidates: Sequence[Candidate] = ()) -> str: ...


def completions(typed: str, candidates: Iterable[Candidate]) -> Iterator[Candidate]:
    """The candidates that continue what was typed (case and spacing aside), each once.

    >>> [c.text for c in completions("Disc", [Candidate("discard 3"), Candidate("swap 3"),
    ...                                       Candidate("discard 3")])]
    ['discard 3']
    """
    key = " ".join(typed.split()).casefold()
    if typed[-1:].isspace() and key:
        key += " "
    seen: set[str] = set()
    for candidate in candidates:
        if candidate.text not in seen and candidate.text.casefold().startswith(key):
            seen.add(candidate.text)
            yield candidate


class _Offered(Completer):
    """Completes the whole line from the candidates of the current question."""

    def __init__(self) -> None:
        self.candidates: list[Candidate] = []

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        typed = document.text_before_cursor
        for c in completions(typed, self.candidates):
            yield Completion(c.text, start_position=-len(typed), display_meta=c.meta)


class ToolkitAsk:
    """The prompt at a terminal: editing, history and Tab completion (:mod:`prompt_toolkit`)."""

    def __init__(self) -> None:
        self._offered = _Offered()
        self._session: PromptSession[str] = PromptSession(
            history=InMemoryHistory(),
            completer=self._offered,
            complete_while_typing=False,
            complete_style=CompleteStyle.READLINE_LIKE,
            reserve_space_for_menu=0,
        )

    def __call__(self, message: str, candidates: Sequence[Candidate] = ()) -> str:
        self._offered.candidates = list(candidates)
        return self._session.prompt([("bold", message)])


class PlainAsk:
    """Lines from standard input, as they come (no editing beyond the terminal's own)."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def __call__(self, message: str, candidates: Sequence[Candidate] = ()) -> str:
        return self.console.input(message, markup=False)


def at_terminal() -> bool:
    """Whether a person sits at a terminal (standard input and output are one)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def make_ask(console: Console) -> Ask:
    """The real prompt when a person sits at a terminal, plain lines otherwise."""
    if at_terminal():
        return ToolkitAsk()
    return PlainAsk(console)


__all__ = ["Ask", "Candidate", "PlainAsk", "ToolkitAsk", "at_terminal", "completions", "make_ask"]
