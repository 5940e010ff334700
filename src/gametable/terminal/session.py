"""The interactive terminal game: human seats and bot seats in any mix, hot seat included.

It renders only from ``view(seat)`` of the human seat to move.  A human types the number of a
listed action or the action in the game's notation, or a command (see :data:`HELP`).  When the
turn passes from one human to another, the screen is cleared and the next player must press
Enter before their hand is shown, so nobody sees another player's cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console

from gametable.bots import Bot
from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import State
from gametable.core.record import Record
from gametable.terminal.render import renderer_for

HELP = """Type the number of an action, or the action in the game's notation.
Commands: help (this text and how a turn works), why (the last refusal's reason again),
save FILE (write the game so far), quit (stop; resume with: gametable play --load FILE)."""


class TerminalGame:
    """Runs one game at a terminal; ``ask`` reads a line (raising EOFError at end of input)."""

    def __init__(
        self,
        state: State,
        record: Record,
        bots: dict[int, Bot],
        console: Console,
        ask: Callable[[str], str],
    ) -> None:
        self.state = state
        self.record = record
        self.bots = bots
        self.console = console
        self.ask = ask
        self.renderer = renderer_for(state.game.name)
        self.last_refusal: IllegalAction | None = None
        self.humans = [s for s in range(state.players) if s not in bots]
        self.screen_owner: int | None = self.humans[0] if len(self.humans) == 1 else None
        self._public: dict[str, Any] = state.view(None)

    def run(self) -> None:
        state = self.state
        while state.to_move:
            seat = next((s for s in state.to_move if s in self.bots), state.to_move[0])
            bot = self.bots.get(seat)
            if bot is not None:
                action = bot.act(state, seat)
                self.console.print(f"[dim]bot:[/dim] {state.describe(action, seat)}")
                self.record.append(state, action, seat)
            else:
                self.human_turn(seat)
            self.show_summary()
        outcome = state.outcome
        assert outcome is not None
        self.console.rule("Game over")
        self.console.print(self.renderer.board(state.view(self.screen_owner)))
        self.console.print(f"[bold]{outcome.reason}[/bold]")
        for s, (score, rank) in enumerate(zip(outcome.scores, outcome.ranking, strict=True)):
            mark = "  [bold green]winner[/bold green]" if s in outcome.winners else ""
            self.console.print(f"  seat {s}: {score:g} points, place {rank}{mark}")

    def show_summary(self) -> None:
        public = self.state.view(None)
        summary = self.renderer.summary(self._public, public)
        if summary is not None:
            self.console.print(summary)
        self._public = public

    def hand_over(self, seat: int) -> None:
        """Hot seat: hide the screen before showing ``seat``'s hand."""
        if self.screen_owner == seat:
            return
        if self.screen_owner is not None or len(self.humans) > 1:
            self.console.clear()
            self.console.rule(f"Hand the screen to seat {seat}")
            self.ask(f"seat {seat}: press Enter when only you can see the screen")
        self.screen_owner = seat

    def human_turn(self, seat: int) -> None:
        state = self.state
        self.hand_over(seat)
        self.console.rule(f"{state.game.title}: seat {seat} to move")
        self.console.print(self.renderer.board(state.view(seat)))
        legal = state.legal_actions(seat)
        for i, action in enumerate(legal, start=1):
            self.console.print(
                f"  {i:>3}. {action}  [dim]{state.describe(action, seat)}[/dim]", highlight=False
            )
        while True:
            line = self.ask(f"seat {seat}> ").strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            if word == "help":
                self.console.print(HELP)
                if self.renderer.help:
                    self.console.print(self.renderer.help)
                continue
            if word == "why":
                if self.last_refusal is None:
                    self.console.print("Nothing was refused yet.")
                else:
                    self.explain(self.last_refusal)
                continue
            if word == "save":
                self.save(rest.strip())
                continue
            if word in ("quit", "exit"):
                raise KeyboardInterrupt
            text = line
            if line.isdigit():
                index = int(line)
                if not 1 <= index <= len(legal):
                    self.console.print(f"Choose a number from 1 to {len(legal)}.")
                    continue
                text = str(legal[index - 1])
            try:
                action = state.game.parse_action(state, text)
                question = self.renderer.confirm(state.view(seat), str(action))
                if question and state.is_legal(action, seat):
                    answer = self.ask(f"{question} (y/n)").strip().lower()
                    if answer not in ("y", "yes"):
                        self.console.print("Not played; choose again.")
                        continue
                self.record.append(state, action, seat)
            except IllegalAction as exc:
                self.last_refusal = exc
                self.console.print(f"[red]Refused:[/red] {exc.explanation}")
                self.console.print(
                    f"  rule: {exc.rule}  (type 'why' to see this again)", highlight=False
                )
                continue
            except GameError as exc:
                self.console.print(f"[red]Not understood:[/red] {exc}")
                continue
            return

    def explain(self, refusal: IllegalAction) -> None:
        """The refusal again, with the rules reference section it points to."""
        self.console.print(f"{refusal.explanation}\n  rule: {refusal.rule}", highlight=False)
        try:
            from gametable.rulebook import load
            from gametable.rulebook.render import render_section

            reference = load(refusal.rule.game)
            self.console.print(render_section(reference, reference.resolve(refusal.rule)))
        except (KeyError, LookupError, OSError):
            self.console.print(f"  (see: gametable rules {refusal.rule.game})")

    def save(self, path: str) -> None:
        if not path:
            self.console.print("save needs a file name: save FILE")
            return
        try:
            self.record.save(path)
        except OSError as exc:
            self.console.print(f"[red]Could not save:[/red] {exc.strerror}")
            return
        self.console.print(f"Saved to {path}; resume with: gametable play --load {path}")
