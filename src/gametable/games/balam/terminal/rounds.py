"""Balam's round summaries in the terminal: the production when the last Katun card is turned,
and the account of a finished round (from the view's ``rounds``, or by comparing the kings'
sheets of two views).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.games.balam.public import BalamView, RoundView
from gametable.games.balam.terminal.chips import colour, riches_text, short_riches
from gametable.terminal.render import ByWidth


def round_summary(before: BalamView, after: BalamView) -> RenderableType | None:
    phase_b, phase_a = before.get("phase"), after.get("phase")
    if phase_a == "distribution" and phase_b != "distribution":
        return production(after)
    new_round = (after.get("round") or 0) > (before.get("round") or 0)
    over = phase_a == "over" and phase_b != "over"
    if not (new_round or over):
        return None
    rounds_b, rounds_a = before.get("rounds"), after.get("rounds")
    if (
        isinstance(rounds_a, list)
        and isinstance(rounds_b, list)
        and len(rounds_a) > len(rounds_b)
        and isinstance(rounds_a[-1], dict)
    ):
        return round_table(rounds_a[-1], over)
    kb, ka = before.get("kings") or [], after.get("kings") or []
    bonus = after.get("bonus") if over else None
    title = (
        f"End of round {before.get('round')}: ceremony, taxes"
        + ("" if (after.get("katun") or {}).get("eclipse") else ", Clemency of Chaak")
        + (", riches bonus; the game is over" if over else "")
    )
    table = Table(header_style="bold")
    columns = (
        ["king", "prestige", "ceremony"]
        + (["bonus"] if bonus else [])
        + ["riches in", "personal riches"]
    )
    for col in columns:
        table.add_column(
            col, justify="left" if col in ("king", "riches in", "personal riches") else "right"
        )
    for s in range(len(ka)):
        p0 = kb[s].get("prestige", 0) if s < len(kb) else 0
        p1 = ka[s].get("prestige", 0)
        r0: Mapping[str, Any] = (kb[s].get("riches") if s < len(kb) else None) or {}
        r1: Mapping[str, Any] = ka[s].get("riches") or {}
        gained = {r: r1.get(r, 0) - r0.get(r, 0) for r in r1 if r1.get(r, 0) > r0.get(r, 0)}
        row: list[RenderableType] = [Text(f"seat {s}", style=colour(s)), str(p1)]
        extra = bonus[s] if bonus and s < len(bonus) else 0
        row.append(f"+{p1 - p0 - extra}")
        if bonus:
            row.append(f"+{extra}")
        row += ["+" + riches_text(gained) if gained else "-", riches_text(r1)]
        table.add_row(*row)
    table.caption = "ceremony: temple prestige · riches in: palace taxes" + (
        " + Chaak" if not (after.get("katun") or {}).get("eclipse") else ""
    )
    table.caption_justify = "left"
    return Group(Text(title, style="bold"), table)


#: the columns of a finished round: heading, short heading (narrow screens), what it counts
COLUMNS = (
    ("king", "king", ""),
    ("prestige", "P", "prestige (gain this round)"),
    ("ceremony", "cer", "ceremony"),
    ("cenote", "cen", "cenote"),
    ("katun", "kat", "ball games and Katun cards"),
    ("bonus", "bon", "riches bonus"),
    ("made", "made", "by villages"),
    ("taxes", "tax", "from palaces"),
    ("Chaak", "Chk", "Clemency of Chaak"),
    ("unused", "back", "riches back to the supply"),
    ("lost", "lost", "buildings lost to wars and catastrophes"),
)


def round_table(entry: RoundView, over: bool) -> RenderableType:
    """A finished round from the view's ``rounds``: per king the prestige after the round and
    its gain, where the prestige came from, riches produced, taxes, Chaak's maize, riches left
    unused and buildings lost; on a screen under 100 columns with short headings and a key."""
    final = over or bool(entry.get("final"))
    eclipse = bool(entry.get("eclipse"))
    title = Text(
        f"End of round {entry.get('round')}: ceremony, taxes"
        + ("" if eclipse else ", Clemency of Chaak")
        + (", riches bonus; the game is over" if final else ""),
        style="bold",
    )
    columns = [c for c in COLUMNS if final or c[0] != "bonus"]
    rows = [round_row(s, row, final, eclipse) for s, row in enumerate(entry["seats"])]
    wide = Table(header_style="bold")
    narrow = Table(header_style="bold", box=None, padding=(0, 1), pad_edge=False)
    left = ("king", "made", "taxes", "unused")
    for name, short, _ in columns:
        justify: Literal["left", "right"] = "left" if name in left else "right"
        wide.add_column(name, justify=justify, no_wrap=True)
        narrow.add_column(short, justify=justify, no_wrap=True)
    for cells in rows:
        wide.add_row(*cells)
        narrow.add_row(*cells)
    wide.caption = (
        "prestige (gain this round) · katun: ball games and Katun cards · made: "
        "by villages · taxes: from palaces · unused: riches back to the supply · "
        "lost: buildings lost to wars and catastrophes"
    )
    wide.caption_justify = "left"
    key = Text(" · ".join(f"{short}: {says}" for _, short, says in columns if says), style="dim")
    return Group(title, ByWidth(wide, Group(narrow, key)))


def round_row(
    seat: int, row: Mapping[str, Any], final: bool, eclipse: bool
) -> list[RenderableType]:
    """One king's line of a finished round."""
    before, after = int(row.get("score_before", 0)), int(row.get("score_after", 0))
    katun = int(row.get("ball_game", 0)) + int(row.get("prosperous", 0))
    cells: list[RenderableType] = [
        Text(f"seat {seat}", style=colour(seat)),
        f"{after} (+{after - before})",
        f"+{row.get('ceremony', 0)}",
        f"+{row.get('cenote', 0)}",
        f"+{katun}",
    ]
    if final:
        cells.append(f"+{row.get('bonus', 0)}")
    return [
        *cells,
        short_riches(row.get("production")),
        short_riches(row.get("taxes")),
        "-" if eclipse else f"+{row.get('chaak', 0)}",
        short_riches(row.get("riches_lost")),
        str(row.get("buildings_lost", 0)),
    ]


def production(view: BalamView) -> Text:
    produced = view["round_tally"]["production"]
    made = {s: dict(d) for s, d in enumerate(produced) if any(d.values())}
    out = Text(
        f"Round {view.get('round')}: the last Katun card is turned. Production: ", style="bold"
    )
    if not made:
        out.append("no village produces.")
    else:
        out.append("; ".join(f"seat {s} {riches_text(r)}" for s, r in sorted(made.items())))
    out.append("\nNow every king moves riches (distribution), then 'done'.")
    return out
