"""Balzakken in the terminal: your hand, the piles, the action cards in front of each player, the
hand sizes and the score sheet with the tasty 69 and 99 positions marked.

On a small screen (:meth:`BalzakkenRenderer.compact`) the score sheet's last rounds become
columns of the players' table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.core.protocol import Action
from gametable.games.balzakken.public import BalzakkenView
from gametable.terminal.render import GameRenderer


def card(text: str) -> Text:
    """One card as a coloured chip: low values green, high red, action cards by name."""
    if text == "S":
        return Text(" Swinger ", style="bold black on magenta")
    if text == "L":
        return Text(" Lul ", style="bold black on cyan")
    value = int(text)
    style = (
        "bold black on green"
        if value <= 1
        else "black on yellow"
        if value <= 5
        else "bold white on red"
    )
    return Text(f" {value:>2} ", style=style)


def counted(n: int, thing: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def cards(texts: Sequence[str]) -> Text:
    out = Text()
    for i, t in enumerate(texts):
        if i:
            out.append(" ")
        out.append_text(card(t))
    return out or Text("none", style="dim")


def seat_name(seat: int, me: int | None) -> str:
    return f"seat {seat} (you)" if seat == me else f"seat {seat}"


class BalzakkenRenderer(GameRenderer[BalzakkenView]):
    help = (
        "On your turn do one thing: discard a Balzak and draw (discard 7); discard several of one "
        "value and draw one back from the pile or take the old discard top (discard 7x2, discard "
        "7x2 top); swap a Balzak with the discard top (swap 7); play The Swinger (swinger SEAT: "
        "swap hands) or The Lul (lul SEAT: they draw 2); or call BALZAK! (balzak) with 5 points or "
        "fewer and no action card in hand. Lowest total when someone reaches 100 wins. "
        "Full rules: gametable rules balzakken"
    )

    def board(self, view: BalzakkenView) -> RenderableType:
        me = view.get("seat")
        moving = view.get("to_move") or []
        head = Text(f"Round {view['round']}  ·  dealer: seat {view['dealer']}  ·  ")
        head.append(
            "to move: " + ", ".join(seat_name(s, me) for s in moving) if moving else "game over",
            style="bold",
        )
        piles = Text("Discard pile top: ")
        pile = view["discard_pile"]
        piles.append_text(card(pile[-1]) if pile else Text("empty", style="dim"))
        piles.append(
            f"  ({counted(len(pile), 'card')})   Draw pile: "
            f"{counted(view['draw_pile_size'], 'card')}"
        )

        table = Table(box=None, padding=(0, 1), header_style="bold")
        table.add_column("player")
        table.add_column("cards", justify="right")
        table.add_column("in front (out of play)")
        table.add_column("known in hand")
        table.add_column("score", justify="right")
        known = view.get("known_cards", {})
        for s in range(view["players"]):
            style = "bold" if s in moving else ""
            table.add_row(
                Text(seat_name(s, me), style=style),
                str(view["hand_sizes"][s]),
                cards(view["in_front"][s]) if view["in_front"][s] else Text(""),
                cards(known[str(s)]) if str(s) in known else Text(""),
                str(view["scores"][s]),
            )
        parts: list[RenderableType] = [head, piles, table]
        if me is not None and "hand" in view:
            hand = Text("Your hand: ")
            hand.append_text(cards(view["hand"]))
            hand.append(f"   = {view['hand_value']} points", style="bold")
            parts.append(hand)
        if view.get("rounds"):
            parts.append(score_sheet(view))
        return Group(*parts)

    #: the most finished rounds the compact layout shows (the totals are always there)
    compact_rounds = 3

    def compact(self, view: BalzakkenView) -> RenderableType:
        """The board in fewer lines: one table of the players with their last rounds' points."""
        me = view.get("seat")
        moving = view.get("to_move") or []
        head = Text(f"Balzakken round {view['round']}", style="bold reverse")
        head.append(f" · dealer: seat {view['dealer']} · ")
        head.append(
            "to move: " + ", ".join(seat_name(s, me) for s in moving) if moving else "game over",
            style="bold",
        )
        pile = view["discard_pile"]
        piles = Text("Discard pile top: ")
        piles.append_text(card(pile[-1]) if pile else Text("empty", style="dim"))
        piles.append(
            f" ({counted(len(pile), 'card')}) · draw pile: "
            f"{counted(view['draw_pile_size'], 'card')}"
        )
        rounds = view.get("rounds") or []
        shown = rounds[-self.compact_rounds :]
        table = Table(box=None, padding=(0, 1), header_style="bold", pad_edge=False)
        table.add_column("player")
        table.add_column("cards", justify="right")
        table.add_column("score", justify="right")
        for r in shown:
            table.add_column(f"r{r['round']}", justify="right")
        table.add_column("in front")
        table.add_column("known in hand")
        known = view.get("known_cards", {})
        for s in range(view["players"]):
            points = [f"+{r['points'][s]}" + ("*" if s in r["tasty"] else "") for r in shown]
            table.add_row(
                Text(seat_name(s, me), style="bold" if s in moving else ""),
                str(view["hand_sizes"][s]),
                str(view["scores"][s]),
                *points,
                cards(view["in_front"][s]) if view["in_front"][s] else "",
                cards(known[str(s)]) if str(s) in known else "",
            )
        parts: list[RenderableType] = [head, piles, table]
        if me is not None and "hand" in view:
            hand = Text("Your hand: ")
            hand.append_text(cards(view["hand"]))
            hand.append(f"   = {view['hand_value']} points", style="bold")
            if shown:
                hand.append("   (* tasty 69→50, 99→75)", style="dim")
            parts.append(hand)
        return Group(*parts)

    def confirm(self, view: BalzakkenView, action: Action) -> str | None:
        if action.kind == "balzak" and view.get("hand_value", 0) > 5:
            return (
                f"You hold {view['hand_value']} points: a BALZAK! with more than 5 points costs "
                "you 25 and everyone else scores 0. Call it anyway?"
            )
        return None

    def summary(self, before: BalzakkenView, after: BalzakkenView) -> RenderableType | None:
        if len(after.get("rounds", [])) <= len(before.get("rounds", [])):
            return None
        last = after["rounds"][-1]
        table = Table(header_style="bold")
        for col in ("player", "hand", "value", "points", "total"):
            table.add_column(
                col, justify="right" if col in ("value", "points", "total") else "left"
            )
        for s in range(after["players"]):
            total = str(last["totals"][s])
            if s in last["tasty"]:
                total += (
                    f"  (tasty: {last['before'][s] + last['points'][s]} -> {last['totals'][s]})"
                )
            table.add_row(
                f"seat {s}",
                cards(last["hands"][s]),
                str(last["values"][s]),
                str(last["points"][s]),
                total,
            )
        return Group(Text(call_sentence(last), style="bold"), table)


def call_sentence(entry: Mapping[str, Any]) -> str:
    """What a BALZAK! call came to, as a player would say it."""
    caller, kind = entry["caller"], entry["kind"]
    held = entry["values"][caller]
    said = f"Round {entry['round']}: seat {caller} called BALZAK! holding {held} points"
    if kind == "good":
        verdict = "a good call (5 points or fewer, and every other hand higher)"
    elif kind == "false":
        lower = [str(s) for s, v in enumerate(entry["values"]) if s != caller and v <= held]
        who = "seat " + ", ".join(lower) if lower else "another hand"
        verdict = f"a false call ({who} held as few points or fewer)"
    else:
        verdict = "an over-call (more than 5 points)"
    points = entry["points"][caller]
    return f"{said}: {verdict}. Seat {caller} writes {counted(points, 'point')}."


def score_sheet(view: BalzakkenView) -> Table:
    """Points per round and running totals; a tasty 69 -> 50 or 99 -> 75 is marked with *."""
    table = Table(title="Score sheet", box=None, padding=(0, 1), header_style="bold")
    table.add_column("round", justify="right")
    for s in range(view["players"]):
        table.add_column(f"seat {s}", justify="right")
    for r in view["rounds"][-8:]:
        cells = []
        for s in range(view["players"]):
            cell = f"+{r['points'][s]} = {r['totals'][s]}"
            if s in r["tasty"]:
                cell += "*"
            cells.append(cell)
        table.add_row(str(r["round"]), *cells)
    table.caption = "* tasty position: exactly 69 drops to 50, exactly 99 to 75. Game ends at 100."
    return table


#: the renderer this game declares as its ``terminal`` part
RENDERER = BalzakkenRenderer()
