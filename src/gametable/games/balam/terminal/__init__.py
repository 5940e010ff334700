"""Balam in the terminal: the map of sites as a grid (owner, buildings, the riches on them, the
small pyramids of commercial control), each king's sheet, the Katun cards of the round and what
is happening in the turn.

Rendered from the view's fields alone (the public protocol and Balam's public door: no text of
the view is taken apart).  The board's fixed layout (each site's place ``x``/``y``,
production colour, seashore / volcano / cenote) comes from the view's ``board``, each plot's
building and riches from the site's ``plots``; a part whose fields are missing falls back to
the generic table.  Katun cards are named from the view's card descriptions (``CardView``),
never by their text in positions.  The last war's outcome is ``last_war``.  The end-of-round
summary (:mod:`.rounds`) reads the view's ``rounds`` (falling back to comparing the kings'
sheets); the small texts of the board are in :mod:`.chips`.

On a small screen (:meth:`BalamRenderer.compact`) the map loses its box and legend, each king's
sheet takes half a line and the Katun cards, the turn and the last events a line each.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.games.balam.public import BalamView
from gametable.games.balam.terminal.chips import (
    CELL,
    LEGEND,
    PHASES,
    SHORT_LINE,
    SHORT_PHASES,
    board_layout,
    card_name,
    colour,
    counted,
    katun_slots,
    riches_text,
    seat_name,
    short_riches,
    site_cell,
    site_grid,
    war_report,
)
from gametable.games.balam.terminal.rounds import round_summary
from gametable.terminal.render import GameRenderer, board_of_parts


class BalamRenderer(GameRenderer[BalamView]):
    help = (
        "On your turn either pay 1 riches from your king sheet (pay maize) and then build on one "
        "site of yours or a free one (build village b3.0; pay the cost with more pay ...), attack "
        "a neighbouring city with garrisons (attack b3>c3 2 1), or end; or turn over a face-down "
        "Katun card (katun 0) and resolve it. When the last Katun card is turned the round ends: "
        "villages produce, every king moves riches to palaces, temples, reserves and garrisons "
        "(move b3.0>c3.1, then done), temples give prestige. Most prestige at the end wins. "
        "Full rules: gametable rules balam\n" + "\n".join(LEGEND) + "\nOn a small screen: "
        "riches as letters (4m 1s: 4 maize, 1 shell), 5P: 5 prestige, 12■16▲: pyramids left "
        "(large, small), Katun 0? face down, 0✓ turned, 0[...] looked at; the last war's "
        "buildings razed and lost as plots (c2.1 Go: a garrison with obsidian), 2p: 2 prisoners."
    )

    def board(self, view: BalamView) -> RenderableType:
        return board_of_parts(
            view,
            (
                (self.header, ("round", "phase", "to_move")),
                (self.map, ("sites",)),
                (self.kings, ("kings",)),
                (self.katun, ("katun",)),
                (self.turn, ("turn", "last_war", "last_roll")),
                (self.log, ("log",)),
            ),
        )

    full_width = 98

    def compact(self, view: BalamView) -> RenderableType:
        """The board in at most 80 columns and about 18 lines (see the module docstring)."""
        return board_of_parts(
            view,
            (
                (self.short_header, ("round", "phase", "to_move")),
                (self.short_map, ("sites",)),
                (self.short_kings, ("kings",)),
                (self.short_katun, ("katun",)),
                (self.short_turn, ("turn", "last_war", "last_roll")),
                (self.short_log, ("log",)),
            ),
        )

    # -- parts of the compact board -----------------------------------------------------------------
    def short_header(self, view: BalamView) -> Text:
        me = view.get("seat")
        moving = view.get("to_move") or []
        phase = view.get("phase", "?")
        head = Text(f"Balam round {view.get('round', '?')}", style="bold reverse")
        if moving:
            head.append(" · ")
            head.append("to move: " + ", ".join(seat_name(s, me) for s in moving), style="bold")
        head.append(f" · {SHORT_PHASES.get(phase, phase)}")
        return head

    def short_map(self, view: BalamView) -> Table:
        """Per site two lines: name, production, features, owner; then plots and pyramids."""
        layout = board_layout(view)
        placed, xs, ys = site_grid(view, layout)
        table = Table.grid(padding=(0, 1))
        for _ in xs:
            table.add_column(width=CELL)
        for y in ys:
            table.add_row(*(site_cell(placed.get((x, y)), view["sites"], layout, True) for x in xs))
        return table

    def short_kings(self, view: BalamView) -> Table:
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

    def short_katun(self, view: BalamView) -> Text:
        katun = view["katun"]
        line = Text("Katun: ")
        for i, (state, card) in enumerate(katun_slots(katun)):
            if state == "turned":
                line.append(f"{i}✓ ", style="dim")
            elif state == "face down":
                line.append(f"{i}? ", style="bold")
            else:
                line.append(f"{i}[{card_name(card, True)}] ", style="bold green")
        players = view.get("players") or 0
        target = (view.get("options") or {}).get("ball_games") or players
        line.append(
            f"· deck {katun.get('deck', '?')} · ball games {katun.get('ball_games', '?')}/"
            f"{target} · {'eclipse drawn' if katun.get('eclipse') else 'no eclipse'}"
        )
        return line

    def short_turn(self, view: BalamView) -> Text | None:
        """The turn under way, after the last Katun card turned."""
        line = Text()
        discard = (view.get("katun") or {}).get("discard_cards") or []
        if discard and not (view.get("turn") or {}).get("card"):  # else: "resolving ..."
            line.append(f"Last Katun turned: {card_name(discard[-1])}")
        turn = self.turn(view, compact=True)
        if turn is not None:
            line.append(" · " if line else "")
            line.append_text(turn)
        return line or None

    def short_log(self, view: BalamView) -> Text | None:
        """The last events in two lines, or one when the turn's line takes three or more (a
        war's record told there: the events would mostly repeat it)."""
        log = (view.get("log") or [])[-2:]
        if not log:
            return None
        turn = self.short_turn(view)
        room = 1 if turn is not None and len(turn) > 2 * SHORT_LINE else 2
        out = Text(" · ".join(log[-room:]), style="dim")
        out.truncate(160 if room == 2 else SHORT_LINE, overflow="ellipsis")
        return out

    # -- parts --------------------------------------------------------------------------------------
    def header(self, view: BalamView) -> Text:
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

    def map(self, view: BalamView) -> RenderableType:
        layout = board_layout(view)
        placed, xs, ys = site_grid(view, layout)
        table = Table(
            box=box.SQUARE, show_header=False, show_lines=False, padding=(0, 0), pad_edge=False
        )
        for _ in xs:
            table.add_column(no_wrap=True, min_width=18)
        for y in ys:
            table.add_row(
                *(site_cell(placed.get((x, y)), view["sites"], layout, False) for x in xs)
            )
        return Group(table, *(Text(line, style="dim") for line in LEGEND))

    def kings(self, view: BalamView) -> Table:
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

    def katun(self, view: BalamView) -> Text:
        katun = view["katun"]
        line = Text("Katun cards this round: ")
        slots = katun_slots(katun)
        for i, (state, card) in enumerate(slots):
            if i:
                line.append("  ")
            if state == "turned":
                line.append(f"{i}:turned", style="dim")
            elif state == "face down":
                line.append(f"{i}:[?]", style="bold")
            else:
                line.append(f"{i}:[{card_name(card)}]", style="bold green")
                line.append(" (peeked)")
        hidden = sum(1 for state, _ in slots if state != "turned")
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

    def turn(self, view: BalamView, compact: bool = False) -> Text | None:
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
            where = f" on {loss['site']}" if loss["site"] else ""
            bits.append(f"to lose: {counted(loss['count'], loss['building'])}{where}")
        if turn.get("offered"):
            bits.append("offered in cenotes: " + ", ".join(map(str, turn["offered"])))
        last_war = view.get("last_war")
        if last_war:
            bits.append(war_report(last_war, view.get("last_roll") or [], compact))
        elif view.get("last_roll"):
            bits.append("last roll: " + " ".join(map(str, view["last_roll"])))
        dist = view.get("distribution") or {}
        if view.get("phase") == "distribution" and dist.get("done"):
            waiting = [str(s) for s, d in enumerate(dist["done"]) if not d]
            bits.append("still distributing: seat " + ", ".join(waiting))
        bonus = view.get("bonus")
        if bonus:
            bits.append("riches bonus: " + ", ".join(f"seat {s} +{b}" for s, b in enumerate(bonus)))
        return Text("  ·  ".join(bits)) if bits else None

    def log(self, view: BalamView) -> Text | None:
        log = (view.get("log") or [])[-3:]
        if not log:
            return None
        out = Text("Recently: ", style="dim")
        out.append(" · ".join(log), style="dim")
        return out

    # -- round summary ------------------------------------------------------------------------------
    def summary(self, before: BalamView, after: BalamView) -> RenderableType | None:
        try:
            return round_summary(before, after)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None


#: the renderer this game declares as its ``terminal`` part
RENDERER = BalamRenderer()
