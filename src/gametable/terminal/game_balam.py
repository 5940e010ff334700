"""Balam in the terminal: the map of sites as a grid (owner, buildings, the riches on them, the
small pyramids of commercial control), each king's sheet, the Katun cards of the round and what
is happening in the turn.

Rendered from the view dict alone (the public protocol: no Balam module is imported).  The
board's fixed layout (tile positions, production colour, seashore / volcano / cenote) comes from
the view's ``board``; without it the grid falls back to the site names (letter = column, digit =
row), and any part whose keys are missing to the generic table.  Katun cards are named from the
view's card descriptions (``CardView``), never by their text in positions.  The end-of-round
summary reads the view's ``rounds`` (falling back to comparing the kings' sheets).

On a small screen (:meth:`BalamRenderer.compact`) the map loses its box and legend, each king's
sheet takes half a line and the Katun cards, the turn and the last events a line each.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.terminal.render import GameRenderer, generic_board, register_renderer

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
RICHES = ("maize", "cacao", "shell", "jade", "obsidian", "prisoner")
#: one letter per riches on the map (obsidian is "o", cenote is "@")
RICH_LETTER = {
    "maize": "m",
    "cacao": "c",
    "shell": "s",
    "jade": "j",
    "obsidian": "o",
    "prisoner": "p",
}
KIND_LETTER = {
    "village": "V",
    "palace": "P",
    "temple": "T",
    "garrison": "G",
    "reserve": "R",
    "market": "M",
    "observatory": "O",
    "court": "C",
    "+": "+",
}
FEATURE_MARK = {"seashore": "~", "volcano": "^", "cenote": "@"}
PHASES = {
    "turn": "pay 1 riches (build/attack/pass) or turn a Katun card",
    "act": "build, remove, attack, or end the turn",
    "cost": "paying a building's cost, one riches at a time",
    "defend": "the defender decides how much obsidian to spend",
    "lose": "choosing the buildings lost",
    "destroy": "the attacker chooses the buildings to destroy",
    "choose": "choosing what the Katun card offers",
    "offer": "offering riches in the sacred cenotes",
    "distribution": "end of round: every king moves riches (distribution)",
    "over": "the game is over",
}
#: the width of a site's cell on the compact map (five columns and their gaps fit 80)
CELL = 15
#: the phases in a few words, for the compact header
SHORT_PHASES = {
    "turn": "pay 1 riches or turn a Katun card",
    "act": "build, remove, attack or end the turn",
    "cost": "paying for the building",
    "defend": "the defender spends obsidian",
    "lose": "choosing the buildings lost",
    "destroy": "the attacker destroys buildings",
    "choose": "choosing what the Katun card offers",
    "offer": "offering in the cenotes",
    "distribution": "every king moves riches",
    "over": "the game is over",
}
LEGEND = (
    "Plots: V village P palace T temple G garrison R reserve M market O observatory C court "
    ". empty",
    "Riches on a plot: m maize c cacao s shell j jade o obsidian p prisoner · + 2nd plot of a P/T",
    "Sites: ~ seashore ^ volcano @ cenote · ■N owner seat N · ▲ S:n seat S's small pyramids",
)


def counted(n: int, thing: str) -> str:
    """``1 garrison``, ``2 garrisons``."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def seat_name(seat: Any, me: int | None) -> str:
    return f"seat {seat} (you)" if seat == me else f"seat {seat}"


def riches_text(riches: dict[str, int] | None) -> str:
    if not riches:
        return "-"
    names = [r for r in RICHES if riches.get(r)] + [r for r in riches if r not in RICHES]
    return ", ".join(f"{riches[r]} {r}" for r in names if riches.get(r))


def short_riches(riches: dict[str, int] | None) -> str:
    """``{"maize": 2, "jade": 1}`` -> ``2m 1j`` (the map's letters); ``-`` for none."""
    if not riches:
        return "-"
    names = [r for r in RICHES if riches.get(r)] + [r for r in riches if r not in RICHES]
    return " ".join(f"{riches[r]}{RICH_LETTER.get(r, r[:1])}" for r in names if riches.get(r))


def plot_chip(plot: str | None) -> str:
    """``"village:maize"`` -> ``Vm``; ``"+"`` -> ``+``; empty -> ``.``."""
    if not plot:
        return "."
    kind, _, rich = str(plot).partition(":")
    return KIND_LETTER.get(kind, kind[:1].upper() or "?") + RICH_LETTER.get(rich, rich[:1])


def _layout(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Per site: {"xy": (x, y) | None, "colour": str | None, "features": [...]}, from the view's
    ``board``; a site it does not place is placed by its name (``c3``: column c, row 3)."""
    out: dict[str, dict[str, Any]] = {}
    given = view.get("board")
    if isinstance(given, dict):
        for site in given.get("sites") or []:
            x, y = site.get("x"), site.get("y")
            out[site["id"]] = {
                "xy": None if x is None or y is None else (int(x), int(y)),
                "colour": site.get("colour"),
                "features": list(site.get("features") or []),
            }
    for name in view.get("sites") or {}:
        info = out.setdefault(name, {"xy": None, "colour": None, "features": []})
        if info["xy"] is None:
            m = re.fullmatch(r"([a-z])(\d+)", name)
            if m:
                info["xy"] = (ord(m.group(1)) - ord("a"), int(m.group(2)) - 1)
    return out


def _grid(view: Mapping[str, Any]) -> tuple[dict[tuple[int, int], str], list[int], list[int]]:
    """The sites by their place on the grid, and the grid's columns and rows."""
    sites = view["sites"]
    layout = _layout(view)
    placed = {layout[n]["xy"]: n for n in sites if layout.get(n, {}).get("xy") is not None}
    if len(placed) != len(sites):
        raise ValueError("sites without a place on the grid")
    return placed, sorted({x for x, _ in placed}), sorted({y for _, y in placed})


def card_name(card: Mapping[str, Any] | None, short: bool = False) -> str:
    """A Katun card as players call it: ``Prosperous Katun (maize, jade or 1 prestige)``,
    ``Favourable Katun (+maize +obsidian)``, ``Drought``; ``short`` drops "Katun"."""
    if not card:
        return "?"
    name = str(card.get("name") or card.get("type") or "?")
    if short:
        name = name.removesuffix(" Katun")
    riches = [str(r) for r in card.get("riches") or []]
    if card.get("type") == "prosperous":
        offer = riches + ([f"{card['prestige']} prestige"] if card.get("prestige") else [])
        if len(offer) > 1:
            return f"{name} ({', '.join(offer[:-1])} or {offer[-1]})"
        return f"{name} ({''.join(offer)})"
    if riches:
        return f"{name} ({' '.join('+' + r for r in riches)})"
    return name


def card_names(view: Mapping[str, Any]) -> dict[str, str]:
    """Every Katun card text this view shows, with the card's name (for the event log)."""
    katun = view.get("katun") or {}
    known = list(katun.get("discard_cards") or [])
    known += [c.get("card") for c in katun.get("cards") or [] if c.get("card")]
    known.append((view.get("turn") or {}).get("katun_card"))
    return {str(c["text"]): card_name(c) for c in known if c and c.get("text")}


def plain_log(view: Mapping[str, Any], last: int) -> list[str]:
    """The last events, Katun cards by their names."""
    names = card_names(view)
    out = []
    for event in (view.get("log") or [])[-last:]:
        text = str(event)
        for card_text in sorted(names, key=len, reverse=True):
            text = text.replace(card_text, names[card_text])
        out.append(text)
    return out


class BalamRenderer(GameRenderer):
    help = (
        "On your turn either pay 1 riches from your king sheet (pay maize) and then build on one "
        "site of yours or a free one (build village b3.0; pay the cost with more pay ...), attack "
        "a neighbouring city with garrisons (attack b3>c3 2 1), or end; or turn over a face-down "
        "Katun card (katun 0) and resolve it. When the last Katun card is turned the round ends: "
        "villages produce, every king moves riches to palaces, temples, reserves and garrisons "
        "(move b3.0>c3.1, then done), temples give prestige. Most prestige at the end wins. "
        "Full rules: gametable rules balam\n" + "\n".join(LEGEND) + "\nOn a small screen: "
        "riches as letters (4m 1s: 4 maize, 1 shell), 5P: 5 prestige, 12■16▲: pyramids left "
        "(large, small), Katun 0? face down, 0✓ turned, 0[...] looked at."
    )

    def board(self, view: Mapping[str, Any]) -> RenderableType:
        parts: list[RenderableType] = [self.header(view)]
        for part in (self.map, self.kings, self.katun, self.turn, self.log):
            try:
                got = part(view)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                keys = {
                    "map": ("sites",),
                    "kings": ("kings",),
                    "katun": ("katun",),
                    "turn": ("turn", "last_roll"),
                    "log": ("log",),
                }[part.__name__]
                got = generic_board({k: view.get(k) for k in keys})
            if got is not None:
                parts.append(got)
        return Group(*parts)

    full_width = 98

    def compact(self, view: Mapping[str, Any]) -> RenderableType:
        """The board in at most 80 columns and about 18 lines (see the module docstring)."""
        parts: list[RenderableType] = [self.short_header(view)]
        for part, keys in (
            (self.short_map, ("sites",)),
            (self.short_kings, ("kings",)),
            (self.short_katun, ("katun",)),
            (self.short_turn, ("turn", "last_roll")),
            (self.short_log, ("log",)),
        ):
            got: RenderableType | None
            try:
                got = part(view)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                got = generic_board({k: view.get(k) for k in keys})
            if got is not None:
                parts.append(got)
        return Group(*parts)

    # -- parts of the compact board -----------------------------------------------------------------
    def short_header(self, view: Mapping[str, Any]) -> Text:
        me = view.get("seat")
        moving = view.get("to_move") or []
        phase = view.get("phase", "?")
        head = Text(f"Balam round {view.get('round', '?')} · ", style="bold reverse")
        if moving:
            head.append("to move: " + ", ".join(seat_name(s, me) for s in moving), style="bold")
        head.append(f" · {SHORT_PHASES.get(phase, phase)}")
        return head

    def short_map(self, view: Mapping[str, Any]) -> Table:
        """Per site two lines: name, production, features, owner; then plots and pyramids."""
        sites: dict[str, Any] = view["sites"]
        layout = _layout(view)
        placed, xs, ys = _grid(view)
        table = Table.grid(padding=(0, 1))
        for _ in xs:
            table.add_column(width=CELL)
        for y in ys:
            table.add_row(*(self.short_cell(placed.get((x, y)), sites, layout) for x in xs))
        return table

    @staticmethod
    def short_cell(name: str | None, sites: dict[str, Any], layout: dict[str, Any]) -> Text:
        if name is None:
            return Text("")
        site = sites.get(name) or {}
        info = layout.get(name) or {}
        owner = site.get("owner")
        cell = Text()
        cell.append(name, style=f"bold {colour(owner)}" if owner is not None else "bold")
        col = info.get("colour")
        cell.append(f" {str(col)[:3].upper()}" if col else "")
        cell.append("".join(FEATURE_MARK.get(f, "?") for f in info.get("features") or []))
        if owner is not None:
            cell.append(f" ■{owner}", style=f"bold {colour(owner)}")
        cell.append("\n" + " ".join(plot_chip(p) for p in site.get("plots") or []))
        pyramids = site.get("pyramids") or []
        if any(pyramids):
            cell.append(" ▲")
            cell.append(",".join(f"{s}:{n}" for s, n in enumerate(pyramids) if n))
        return cell

    def short_kings(self, view: Mapping[str, Any]) -> Table:
        """Each king in half a line: prestige, riches, pyramids left, Katun cards looked at."""
        me = view.get("seat")
        moving = view.get("to_move") or []
        kings = view["kings"]
        left = view.get("pyramids_left") or []
        peeked = (view.get("katun") or {}).get("peeked") or []
        halves = 2
        table = Table.grid(padding=(0, 2))
        for _ in range(halves):
            table.add_column()
        cells: list[Text] = []
        for s, king in enumerate(kings):
            cell = Text("▶" if s in moving else " ", style="bold")
            cell.append(seat_name(s, me), style=f"bold {colour(s)}" if s in moving else colour(s))
            cell.append(f" {king.get('prestige', '?')}P {short_riches(king.get('riches'))}")
            if s < len(left):
                cell.append(f" ·{left[s]['large']}■{left[s]['small']}▲", style="dim")
            if s < len(peeked) and peeked[s]:
                cell.append(f" ·peeked {peeked[s]}", style="dim")
            cells.append(cell)
        for i in range(0, len(cells), halves):
            table.add_row(*cells[i : i + halves])
        return table

    def short_katun(self, view: Mapping[str, Any]) -> Text:
        katun = view["katun"]
        slots = katun.get("slots") or []
        seen = katun.get("cards") or [{}] * len(slots)
        line = Text("Katun: ")
        for i, slot in enumerate(slots):
            if slot == "turned":
                line.append(f"{i}✓ ", style="dim")
            elif slot == "?":
                line.append(f"{i}? ", style="bold")
            else:
                line.append(f"{i}[{card_name(seen[i].get('card'), True)}] ", style="bold green")
        players = view.get("players") or 0
        target = (view.get("options") or {}).get("ball_games") or players
        line.append(
            f"· deck {katun.get('deck', '?')} · ball games {katun.get('ball_games', '?')}/"
            f"{target} · {'eclipse drawn' if katun.get('eclipse') else 'no eclipse'}"
        )
        return line

    def short_turn(self, view: Mapping[str, Any]) -> Text | None:
        """The turn under way, after the last Katun card turned."""
        line = Text()
        discard = (view.get("katun") or {}).get("discard_cards") or []
        if discard and not (view.get("turn") or {}).get("card"):  # else: "resolving ..."
            line.append(f"Last Katun turned: {card_name(discard[-1])}")
        turn = self.turn(view)
        if turn is not None:
            line.append(" · " if line else "")
            line.append_text(turn)
        return line or None

    def short_log(self, view: Mapping[str, Any]) -> Text | None:
        log = plain_log(view, 2)
        if not log:
            return None
        out = Text(" · ".join(log), style="dim")
        out.truncate(160, overflow="ellipsis")
        return out

    # -- parts --------------------------------------------------------------------------------------
    def header(self, view: Mapping[str, Any]) -> Text:
        me = view.get("seat")
        moving = view.get("to_move") or []
        phase = view.get("phase", "?")
        head = Text(f"Round {view.get('round', '?')}  ·  ")
        if moving:
            head.append("to move: " + ", ".join(seat_name(s, me) for s in moving), style="bold")
        else:
            head.append("game over", style="bold")
        if phase != "over":
            head.append(f"  ·  {phase}: {PHASES.get(phase, phase)}")
        return head

    def map(self, view: Mapping[str, Any]) -> RenderableType:
        sites: dict[str, Any] = view["sites"]
        layout = _layout(view)
        placed, xs, ys = _grid(view)
        table = Table(
            box=box.SQUARE, show_header=False, show_lines=False, padding=(0, 0), pad_edge=False
        )
        for _ in xs:
            table.add_column(no_wrap=True, min_width=18)
        for y in ys:
            table.add_row(*(self.site_cell(placed.get((x, y)), sites, layout) for x in xs))
        return Group(table, *(Text(line, style="dim") for line in LEGEND))

    @staticmethod
    def site_cell(name: str | None, sites: dict[str, Any], layout: dict[str, Any]) -> Text:
        if name is None:
            return Text("")
        site = sites.get(name) or {}
        info = layout.get(name) or {}
        owner = site.get("owner")
        cell = Text()
        cell.append(name, style=f"bold {colour(owner)}" if owner is not None else "bold")
        col = info.get("colour")
        if col:
            cell.append(f" {str(col)[:3].upper()}")
        marks = "".join(FEATURE_MARK.get(f, "?") for f in info.get("features") or [])
        if marks:
            cell.append(f" {marks}")
        if owner is not None:
            cell.append(f" ■{owner}", style=f"bold {colour(owner)}")
        cell.append("\n  " + " ".join(plot_chip(p) for p in site.get("plots") or []))
        pyramids = site.get("pyramids")
        if pyramids and any(pyramids):
            cell.append("\n  ▲")
            for seat, n in enumerate(pyramids):
                if n:
                    cell.append(f" {seat}:{n}", style=colour(seat))
        return cell

    def kings(self, view: Mapping[str, Any]) -> Table:
        me = view.get("seat")
        moving = view.get("to_move") or []
        kings = view["kings"]
        sites = view.get("sites") or {}
        peeked = (view.get("katun") or {}).get("peeked") or []
        scores = [k.get("prestige", 0) for k in kings]
        table = Table(box=None, padding=(0, 1), header_style="bold", pad_edge=False)
        for col, justify in (
            ("king", "left"),
            ("prestige", "right"),
            ("place", "right"),
            ("personal riches", "left"),
            ("cities", "right"),
            ("pyramids left", "right"),
            ("peeked", "right"),
        ):
            table.add_column(col, justify=justify)  # type: ignore[arg-type]
        left = view.get("pyramids_left") or []
        for s, king in enumerate(kings):
            cities = sum(1 for site in sites.values() if site.get("owner") == s)
            large_left, small_left = left[s]["large"], left[s]["small"]
            place = 1 + sum(1 for x in scores if x > scores[s])
            name = Text("▶ " if s in moving else "  ", style="bold")
            name.append(seat_name(s, me), style=f"bold {colour(s)}" if s in moving else colour(s))
            table.add_row(
                name,
                str(king.get("prestige", "?")),
                str(place),
                riches_text(king.get("riches")),
                str(cities),
                f"{large_left} ■ {small_left} ▲",
                str(peeked[s]) if s < len(peeked) else "",
            )
        return table

    def katun(self, view: Mapping[str, Any]) -> Text:
        katun = view["katun"]
        line = Text("Katun cards this round: ")
        slots = katun.get("slots") or []
        for i, slot in enumerate(slots):
            if i:
                line.append("  ")
            if slot == "turned":
                line.append(f"{i}:turned", style="dim")
            elif slot == "?":
                line.append(f"{i}:[?]", style="bold")
            else:
                seen = (katun.get("cards") or [{}] * len(slots))[i].get("card")
                line.append(f"{i}:[{card_name(seen) if seen else slot}]", style="bold green")
                line.append(" (peeked)")
        hidden = sum(1 for s in slots if s != "turned")
        line.append(f"   ({hidden} face down)")
        players = view.get("players") or 0
        target = (view.get("options") or {}).get("ball_games") or players
        line.append(
            f"\nDeck: {katun.get('deck', '?')} cards  ·  ball games: "
            f"{katun.get('ball_games', '?')}/{target}  ·  eclipse: "
            f"{'drawn (no Clemency of Chaak)' if katun.get('eclipse') else 'not yet'}"
        )
        discard = katun.get("discard_cards") or []
        if discard:
            line.append(f"  ·  last turned: {card_name(discard[-1])}")
        return line

    def turn(self, view: Mapping[str, Any]) -> Text | None:
        turn = view.get("turn") or {}
        bits: list[str] = []
        if turn.get("card"):
            bits.append(f"resolving {card_name(turn.get('katun_card'))}")
        if turn.get("lock"):
            bits.append(f"building on {turn['lock']}")
        if turn.get("due"):
            bits.append(f"{turn['due']} riches still to pay")
        if turn.get("ward"):
            bits.append(
                f"the Mayas still pay {turn['ward']} riches for the catastrophe: choose "
                "which (pay SITE.PLOT)"
            )
        war = turn.get("war")
        if war:
            text = (
                f"war: {war.get('source')} attacks {war.get('target')} (seat "
                f"{war.get('defender')}) with {counted(war.get('garrisons', 0), 'garrison')}, "
                f"{war.get('obsidian')} obsidian"
            )
            if view.get("phase") != "defend" and "defence_obsidian" in war:
                text += f"; defence {war['defence_obsidian']} obsidian"
            if war.get("points"):
                text += f"; {war['points']} destruction points"
            bits.append(text)
        for loss in turn.get("losses") or []:
            if isinstance(loss, list | tuple) and len(loss) == 3:
                kind, n, where = loss
                bits.append(f"to lose: {counted(n, kind)}" + (f" on {where}" if where else ""))
        if turn.get("offered"):
            bits.append("offered in cenotes: " + ", ".join(map(str, turn["offered"])))
        if view.get("last_roll"):
            bits.append("last roll: " + " ".join(map(str, view["last_roll"])))
        dist = view.get("distribution") or {}
        if view.get("phase") == "distribution" and dist.get("done"):
            waiting = [str(s) for s, d in enumerate(dist["done"]) if not d]
            bits.append("still distributing: seat " + ", ".join(waiting))
        if view.get("bonus"):
            bits.append(
                "riches bonus: " + ", ".join(f"seat {s} +{b}" for s, b in enumerate(view["bonus"]))
            )
        return Text("  ·  ".join(bits)) if bits else None

    def log(self, view: Mapping[str, Any]) -> Text | None:
        log = plain_log(view, 3)
        if not log:
            return None
        out = Text("Recently: ", style="dim")
        out.append(" · ".join(log), style="dim")
        return out

    # -- round summary ------------------------------------------------------------------------------
    def summary(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> RenderableType | None:
        try:
            return self._summary(before, after)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None

    def _summary(
        self, before: Mapping[str, Any], after: Mapping[str, Any]
    ) -> RenderableType | None:
        phase_b, phase_a = before.get("phase"), after.get("phase")
        if phase_a == "distribution" and phase_b != "distribution":
            return self.production(after)
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
            return self.round_table(rounds_a[-1], over)
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
            r0 = (kb[s].get("riches") if s < len(kb) else None) or {}
            r1 = ka[s].get("riches") or {}
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

    @staticmethod
    def round_table(entry: dict[str, Any], over: bool) -> RenderableType:
        """A finished round from the view's ``rounds``: per king the prestige after the round and
        its gain, where the prestige came from, riches produced, taxes, Chaak's maize, riches left
        unused and buildings lost."""
        seats = entry["seats"]
        final = over or bool(entry.get("final"))
        eclipse = bool(entry.get("eclipse"))
        title = (
            f"End of round {entry.get('round')}: ceremony, taxes"
            + ("" if eclipse else ", Clemency of Chaak")
            + (", riches bonus; the game is over" if final else "")
        )
        table = Table(header_style="bold")
        columns = ["king", "prestige", "ceremony", "cenote", "katun"]
        if final:
            columns.append("bonus")
        columns += ["made", "taxes", "Chaak", "unused", "lost"]
        left = ("king", "made", "taxes", "unused")
        for col in columns:
            table.add_column(col, justify="left" if col in left else "right", no_wrap=True)
        for s, row in enumerate(seats):
            before, after = int(row.get("score_before", 0)), int(row.get("score_after", 0))
            katun = int(row.get("ball_game", 0)) + int(row.get("prosperous", 0))
            cells: list[RenderableType] = [
                Text(f"seat {s}", style=colour(s)),
                f"{after} (+{after - before})",
                f"+{row.get('ceremony', 0)}",
                f"+{row.get('cenote', 0)}",
                f"+{katun}",
            ]
            if final:
                cells.append(f"+{row.get('bonus', 0)}")
            cells += [
                short_riches(row.get("production")),
                short_riches(row.get("taxes")),
                "-" if eclipse else f"+{row.get('chaak', 0)}",
                short_riches(row.get("riches_lost")),
                str(row.get("buildings_lost", 0)),
            ]
            table.add_row(*cells)
        table.caption = (
            "prestige (gain this round) · katun: ball games and Katun cards · made: "
            "by villages · taxes: from palaces · unused: riches back to the supply · "
            "lost: buildings lost to wars and catastrophes"
        )
        table.caption_justify = "left"
        return Group(Text(title, style="bold"), table)

    @staticmethod
    def production(view: Mapping[str, Any]) -> Text:
        made: dict[int, dict[str, int]] = {}
        tally = view.get("round_tally") or {}
        produced = tally.get("production") if isinstance(tally, dict) else None
        if isinstance(produced, list) and all(isinstance(d, dict) for d in produced):
            made = {s: dict(d) for s, d in enumerate(produced) if any(d.values())}
        else:  # no round_tally in the view: read the products off the villages
            for site in (view.get("sites") or {}).values():
                owner = site.get("owner")
                if owner is None:
                    continue
                for plot in site.get("plots") or []:
                    kind, _, rich = str(plot or "").partition(":")
                    if kind == "village" and rich:
                        made.setdefault(owner, {}).setdefault(rich, 0)
                        made[owner][rich] += 1
        out = Text(
            f"Round {view.get('round')}: the last Katun card is turned. Production: ", style="bold"
        )
        if not made:
            out.append("no village produces.")
        else:
            out.append("; ".join(f"seat {s} {riches_text(r)}" for s, r in sorted(made.items())))
        out.append("\nNow every king moves riches (distribution), then 'done'.")
        return out


register_renderer("balam", BalamRenderer())
