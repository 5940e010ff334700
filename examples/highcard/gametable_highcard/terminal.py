"""High Card in the terminal: the trick on the table, your hand, the tricks taken and the last
finished trick (the ``terminal`` part; :mod:`gametable.terminal.render`)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.terminal.render import GameRenderer
from gametable_highcard.public import HighCardView, Played


def card(number: int) -> Text:
    """One card as a chip: the higher, the warmer."""
    style = (
        "bold white on red"
        if number >= 10
        else "black on yellow"
        if number >= 5
        else "black on green"
    )
    return Text(f" {number:>2} ", style=style)


def cards(numbers: Sequence[int]) -> Text:
    out = Text()
    for i, n in enumerate(numbers):
        out.append(" " if i else "")
        out.append_text(card(n))
    return out or Text("none", style="dim")


def played(trick: Sequence[Played], me: int | None) -> Text:
    out = Text()
    for i, p in enumerate(trick):
        out.append("   " if i else "")
        out.append("you " if p["seat"] == me else f"seat {p['seat']} ")
        out.append_text(card(p["card"]))
    return out or Text("no card yet", style="dim")


class HighCardRenderer(GameRenderer[HighCardView]):
    help = (
        "On your turn play one card from your hand (play 7). The highest card takes the trick "
        "and its player leads the next. When the hands are played out, most tricks wins. "
        "Full rules: gametable rules highcard"
    )

    def board(self, view: HighCardView) -> RenderableType:
        me = view["seat"]
        moving = view["to_move"]
        head = Text(f"Trick {len(view['history']) + 1}  ·  led by seat {view['leader']}  ·  ")
        who = ", ".join("you" if s == me else f"seat {s}" for s in moving)
        head.append(f"to play: {who}" if moving else "game over", style="bold")
        seats = Table(show_header=True, box=None, padding=(0, 1))
        for column in ("seat", "cards", "tricks"):
            seats.add_column(column)
        for s in range(view["players"]):
            name = f"seat {s} (you)" if s == me else f"seat {s}"
            seats.add_row(name, str(view["hand_sizes"][s]), str(view["tricks"][s]))
        lines: list[RenderableType] = [
            head,
            Text("On the table: ").append_text(played(view["trick"], me)),
        ]
        if view["history"]:
            last = view["history"][-1]
            lines.append(
                Text("Last trick: ")
                .append_text(played(last["cards"], me))
                .append(f"  → seat {last['winner']}")
            )
        lines.append(seats)
        if "hand" in view:
            lines.append(Text("Your hand: ").append_text(cards(view["hand"])))
        if "outcome" in view:
            lines.append(Text(view["outcome"]["reason"], style="bold"))
        return Group(*lines)


RENDERER = HighCardRenderer()
