"""A plain interactive game loop for the terminal: human seats and bot seats in any mix.

It renders only from ``view(seat)`` of the human seat to move, lists the legal actions with a short
description, and accepts a number, the game's notation, or a command: ``help``, ``why``,
``save FILE``, ``quit``.  Bots move through :mod:`gametable.bots`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import Console

from gametable.bots import Bot
from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import State
from gametable.core.record import Record

HELP = """Type the number of an action, or an action in the game's notation.
Commands: help (this text), why (repeat the last refusal's reason), save FILE (write the game so far),
quit (stop; resume later with `gametable play --load FILE`)."""


def render_view(view: dict[str, Any]) -> str:
    """A compact text rendering of any game's view (the per-game renderers refine this)."""
    lines = []
    for key, value in view.items():
        if key in ("game", "rounds") or value in ([], {}, None):
            continue
        text = json.dumps(value, separators=(", ", ": ")) if not isinstance(value, str) else value
        if len(text) > 160:
            text = text[:157] + "..."
        lines.append(f"  {key}: {text}")
    return "\n".join(lines)


class TerminalGame:
    """Runs one game at a terminal.  ``ask`` reads a line (raises EOFError at end of input)."""

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
        self.last_refusal: IllegalAction | None = None

    def run(self) -> None:
        state = self.state
        while state.to_move:
            seat = state.to_move[0]
            bot = self.bots.get(seat)
            if bot is not None:
                action = bot.act(state, seat)
                self.console.print(f"[dim]bot[/dim] {state.describe(action, seat)}")
                self.record.append(state, action, seat)
                continue
            self.human_turn(seat)
        outcome = state.outcome
        assert outcome is not None
        self.console.print(f"[bold]Game over.[/bold] {outcome.reason}")
        for s, (score, rank) in enumerate(zip(outcome.scores, outcome.ranking, strict=True)):
            mark = " (winner)" if s in outcome.winners else ""
            self.console.print(f"  seat {s}: {score:g} points, place {rank}{mark}")

    def human_turn(self, seat: int) -> None:
        state = self.state
        self.console.rule(f"{state.game.title}: seat {seat} to move")
        self.console.print(render_view(state.view(seat)), markup=False, highlight=False)
        legal = state.legal_actions(seat)
        for i, action in enumerate(legal, start=1):
            self.console.print(f"  {i:>3}. {action}  [dim]{state.describe(action, seat)}[/dim]")
        while True:
            line = self.ask(f"seat {seat}> ").strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            if word == "help":
                self.console.print(HELP)
                continue
            if word == "why":
                self.console.print(
                    str(self.last_refusal) if self.last_refusal else "Nothing was refused yet."
                )
                continue
            if word == "save":
                if not rest.strip():
                    self.console.print("save needs a file name: save FILE")
                    continue
                self.record.save(rest.strip())
                self.console.print(
                    f"Saved to {rest.strip()}; resume with: gametable play --load {rest.strip()}"
                )
                continue
            if word in ("quit", "exit"):
                raise KeyboardInterrupt
            action_text = line
            if line.isdigit():
                index = int(line)
                if not 1 <= index <= len(legal):
                    self.console.print(f"Choose a number from 1 to {len(legal)}.")
                    continue
                action_text = str(legal[index - 1])
            try:
                action = state.game.parse_action(state, action_text)
                self.record.append(state, action, seat)
            except IllegalAction as exc:
                self.last_refusal = exc
                self.console.print(f"[red]Refused:[/red] {exc.explanation}")
                self.console.print(f"  rule: {exc.rule}")
                continue
            except GameError as exc:
                self.console.print(f"[red]Not understood:[/red] {exc}")
                continue
            return
