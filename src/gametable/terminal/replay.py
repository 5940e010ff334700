"""``gametable replay``: a recorded game move by move, or one screen a move with ``--step``.

Each move is replayed from the record's notation; a move that cannot be read or played stops the
replay with a :class:`~gametable.core.errors.RecordError` naming its number, its seat, its text,
and what is wrong with it (for a move the rules refuse, the rule).  With ``step`` at a terminal,
each move is one screen in the alternate screen: the move, the board in the layout that fits,
the prompt; a round's summary gets a screen of its own before the board after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.text import Text

from gametable.core.errors import GameError, IllegalAction, RecordError
from gametable.core.protocol import Action, State
from gametable.core.record import Record
from gametable.terminal.frame import alternate_screen, wipe
from gametable.terminal.prompt import Ask, Candidate
from gametable.terminal.render import GameRenderer, fitted_board, renderer_for

#: lines a step's screen keeps below the board: the move, the prompt
STEP_ROOM = 2


def bad_move(number: int, seat: int, text: str, exc: GameError) -> RecordError:
    """The error of a recorded move that cannot be replayed: which move, and why.

    >>> from gametable.core.errors import InvalidAction
    >>> print(bad_move(7, 1, "discard 99", InvalidAction("'99' is not a Balzakken card")))
    move 7 (seat 1: 'discard 99') is not a move of this game: '99' is not a Balzakken card
    """
    where = f"move {number} (seat {seat}: {text!r})"
    if isinstance(exc, IllegalAction):
        return RecordError(f"{where} is refused by the rules: {exc.explanation} (rule: {exc.rule})")
    return RecordError(f"{where} is not a move of this game: {exc}")


def moves_of(record: Record) -> list[tuple[int, int, str]]:
    """The record's moves numbered from 1: ``(number, seat, notation)``."""
    return [(n, seat, text) for n, (seat, text) in enumerate(record.moves, start=1)]


def read_move(state: State, number: int, seat: int, text: str) -> Action:
    """The recorded move ``text`` read in ``state``; :func:`bad_move` when it is not one."""
    try:
        return state.game.parse_action(state, text)
    except GameError as exc:
        raise bad_move(number, seat, text, exc) from None


def play_move(state: State, number: int, seat: int, text: str) -> str:
    """Play the recorded move on ``state``; what it did, in words."""
    action = read_move(state, number, seat, text)
    said = state.describe(action, seat)
    try:
        state.apply(action, seat)
    except GameError as exc:
        raise bad_move(number, seat, text, exc) from None
    return said


class Replay:
    """One replay: prints each move (and with ``ask``, steps through them a screen at a time)."""

    def __init__(
        self,
        console: Console,
        record: Record,
        seat: int | None,
        ask: Ask | None = None,
        full_screen: bool = False,
    ) -> None:
        self.console, self.record, self.seat, self.ask = console, record, seat, ask
        self.full_screen = full_screen and ask is not None
        self.renderer: GameRenderer[Any] = renderer_for(record.load_game())

    def run(self) -> State | None:
        """Replay every move; the last state, or ``None`` when the person stopped stepping."""
        if self.full_screen:
            with alternate_screen(self.console):
                return self.moves()
        return self.moves()

    def moves(self) -> State | None:
        game = self.record.load_game()
        try:
            state = game.new_game(
                self.record.players, seed=self.record.seed, options=self.record.options
            )
        except ValueError as exc:
            raise RecordError(f"cannot start the recorded game: {exc}") from None
        if self.ask is not None and not self.show(state, 0, "   0. the start", None):
            return None
        for number, seat, text in moves_of(self.record):
            before = state.view(self.seat)
            said = play_move(state, number, seat, text)
            line = f"{number:>4}. {escape(text):<20} [dim]{escape(said)}[/dim]"
            summary = self.renderer.summary(before, state.view(self.seat))
            if self.ask is None:
                self.console.print(line, highlight=False)
                if summary is not None:
                    self.console.print(summary)
            elif not self.show(state, number, line, summary):
                return None
        return state

    def show(self, state: State, number: int, line: str, summary: RenderableType | None) -> bool:
        """Step ``number``: the move and the board after it (a summary first, on its own
        screen); ``False`` when the person stops."""
        total = len(self.record.moves)
        if summary is not None:
            self.screen()
            self.console.print(Text.from_markup(line))
            self.console.print(summary)
            if not self.go_on("Enter shows the board after it, q stops. "):
                return False
        self.screen()
        view: Mapping[str, Any] = state.view(self.seat)
        board, _ = fitted_board(self.renderer, view, self.console, STEP_ROOM)
        self.console.print(board)
        self.console.print(Text.from_markup(line), soft_wrap=False, overflow="ellipsis")
        if number >= total:
            return True
        return self.go_on(f"Move {number + 1} of {total}: Enter shows it, q stops. ")

    def screen(self) -> None:
        """A clean screen for the next step (at a terminal)."""
        if self.full_screen:
            wipe(self.console)

    def go_on(self, question: str) -> bool:
        assert self.ask is not None
        line = self.ask(question, [Candidate("q", "stop")])
        return line.strip().casefold() not in ("q", "quit")


__all__ = ["Replay", "bad_move", "moves_of", "play_move", "read_move"]
