"""Balam in the terminal: the map of sites as a grid (owner, buildings, the riches on them, the
small pyramids of commercial control), each king's sheet, the Katun cards of the round and what
is happening in the turn.

Rendered from the view's fields alone (the public protocol: no Balam module is imported, no
text of the view is taken apart).  The board's fixed layout (each site's place ``x``/``y``,
production colour, seashore / volcano / cenote) comes from the view's ``board``, each plot's
building and riches from the site's ``plots``; a part whose fields are missing falls back to
the generic table.  Katun cards are named from the view's card descriptions (``CardView``),
never by their text in positions.  The last war's outcome is ``last_war``.  The end-of-round
summary reads the view's ``rounds`` (falling back to comparing the kings' sheets).

On a small screen (:meth:`BalamRenderer.compact`) the map loses its box and legend, each king's
sheet takes half a line and the Katun cards, the turn and the last events a line each.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.games.balam.public import RICHES, BalamView
from gametable.terminal.render import (
    GameRenderer,
    board_of_parts,
)

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
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
}
#: a site's production colour on the map, in three letters
COLOUR_TAG = {
    "maize": "MAI",
    "cacao": "CAC",
    "shell": "SHE",
    "jade": "JAD",
    "obsidian": "OBS",
    "prisoner": "PRI",
}
#: the Katun cards whose name ends in "Katun", named without it on a small screen
SHORT_CARD_NAMES = {
    "prosperous": "Prosperous",
    "favourable": "Favourable",
    "exceptional": "Exceptional",
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
#: the characters counted as one line of the small screen's text (80 columns, less a margin
#: for the words wrapped whole)
SHORT_LINE = 76
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


def riches_text(riches: Mapping[str, Any] | None) -> str:
    if not riches:
        return "-"
    names = [r for r in RICHES if riches.get(r)] + [r for r in riches if r not in RICHES]
    return ", ".join(f"{riches[r]} {r}" for r in names if riches.get(r))


def short_riches(riches: Mapping[str, Any] | None) -> str:
    """``{"maize": 2, "jade": 1}`` -> ``2m 1j`` (the map's letters); ``-`` for none."""
    if not riches:
        return "-"
    names = [r for r in RICHES if riches.get(r)] + [r for r in riches if r not in RICHES]
    return " ".join(f"{riches[r]}{RICH_LETTER.get(r, r[:1])}" for r in names if riches.get(r))


def plot_chip(plot: Mapping[str, Any] | None, number: int) -> str:
    """Plot ``number`` as two letters: ``Vm`` (a village with maize on it), ``P`` (a palace's
    first plot), ``+j`` (its second plot, jade on it); ``.`` for an empty plot."""
    if not plot:
        return "."
    building = plot["building"]
    letter = KIND_LETTER.get(building, "?") if plot["anchor"] == number else "+"
    return letter + (RICH_LETTER.get(plot["riches"], "?") if plot["riches"] else "")


def plot_chips(site: Mapping[str, Any]) -> str:
    return " ".join(plot_chip(p, i) for i, p in enumerate(site["plots"]))


def _layout(view: BalamView) -> dict[str, Mapping[str, Any]]:
    """Each site's fixed layout from the view's ``board`` (``x``, ``y``, ``colour``,
    ``features``), by its id."""
    return {site["id"]: site for site in view["board"]["sites"]}


def _grid(
    view: BalamView, layout: Mapping[str, Mapping[str, Any]]
) -> tuple[dict[tuple[int, int], str], list[int], list[int]]:
    """The sites by their place on the grid, and the grid's columns and rows."""
    placed = {(layout[n]["x"], layout[n]["y"]): n for n in view["sites"]}
    if len(placed) != len(view["sites"]) or not all(
        isinstance(c, int) for xy in placed for c in xy
    ):
        raise ValueError("sites without a place of their own on the grid")
    return placed, sorted({x for x, _ in placed}), sorted({y for _, y in placed})


def site_cell(
    name: str | None,
    sites: Mapping[str, Any],
    layout: Mapping[str, Mapping[str, Any]],
    compact: bool,
) -> Text:
    """A site on the map: its name, production colour, features and owner on the first line, its
    plots below, then the small pyramids standing there (on the plots' line when ``compact``)."""
    if name is None:
        return Text("")
    site, info = sites[name], layout[name]
    owner = site.get("owner")
    indent = "\n" if compact else "\n  "
    cell = Text()
    cell.append(name, style=f"bold {colour(owner)}" if owner is not None else "bold")
    cell.append(f" {COLOUR_TAG.get(info['colour'], '?')}")
    marks = "".join(FEATURE_MARK.get(f, "?") for f in info["features"])
    if marks:
        cell.append(marks if compact else f" {marks}")
    if owner is not None:
        cell.append(f" ■{owner}", style=f"bold {colour(owner)}")
    cell.append(indent + plot_chips(site))
    pyramids = [(seat, n) for seat, n in enumerate(site.get("pyramids") or []) if n]
    if pyramids:
        cell.append(" ▲" if compact else indent + "▲")
        for i, (seat, n) in enumerate(pyramids):
            gap = ("," if i else "") if compact else " "
            cell.append(f"{gap}{seat}:{n}", style=colour(seat))
    return cell


def card_name(card: Mapping[str, Any] | None, short: bool = False) -> str:
    """A Katun card as players call it: ``Prosperous Katun (maize, jade or 1 prestige)``,
    ``Favourable Katun (+maize +obsidian)``, ``Drought``; ``short`` drops "Katun"."""
    if not card:
        return "?"
    name = str(card.get("name") or card.get("type") or "?")
    if short:
        name = SHORT_CARD_NAMES.get(card.get("type", ""), name)
    riches = [str(r) for r in card.get("riches") or []]
    if card.get("type") == "prosperous":
        offer = riches + ([f"{card['prestige']} prestige"] if card.get("prestige") else [])
        if len(offer) > 1:
            return f"{name} ({', '.join(offer[:-1])} or {offer[-1]})"
        return f"{name} ({''.join(offer)})"
    if riches:
        return f"{name} ({' '.join('+' + r for r in riches)})"
    return name


def war_report(war: Mapping[str, Any], dice: list[str], compact: bool) -> str:
    """The last war's outcome (the view's ``last_war``, its dice ``last_roll``): who attacked
    whom, the attack against the defence and what it cost, then what it changed on the board
    (:func:`war_changes`)."""
    points = max(0, war["attack"] - war["defence"])
    rolled = " ".join(map(str, dice)) or "-"
    if compact:
        text = (
            f"last war {war['source']}>{war['target']} (seat {war['attacker']} on "
            f"{war['defender']}): {war['attack']} vs {war['defence']}, dice {rolled}"
        )
        if not war.get("lost"):  # else the garrisons lost say it
            text += f", {counted(war['skulls'], 'skull')}"
    else:
        text = (
            f"last war: seat {war['attacker']} from {war['source']} attacked {war['target']} "
            f"(seat {war['defender']}) with {counted(war['garrisons'], 'garrison')}, dice "
            f"{rolled}: attack {war['attack']} (with {war['attack_obsidian']} obsidian) against "
            f"defence {war['defence']} ({counted(war['defence_garrisons'], 'garrison')}, "
            f"{war['defence_obsidian']} obsidian): {counted(points, 'destruction point')}, "
            f"{counted(war['skulls'], 'garrison')} lost to skulls"
        )
    changes = war_changes(war, compact)
    return f"{text}; {changes}" if changes else text


def fallen_text(gone: Mapping[str, Any], compact: bool) -> str:
    """A building a war took: ``village c2.3``, with the riches lost on it (``garrison b2.1
    +obsidian``) and, a market, its small pyramids; on a small screen as the map writes a plot
    (``c2.3 V``, ``b2.1 Go``)."""
    riches = gone.get("riches") or []
    if compact:
        letters = "".join(RICH_LETTER.get(r, r[:1]) for r in riches)
        return f"{gone['site']}.{gone['plot']} {KIND_LETTER.get(gone['building'], '?')}{letters}"
    text = f"{gone['building']} {gone['site']}.{gone['plot']}"
    text += "".join(f" +{r}" for r in riches)
    if gone.get("pyramids"):
        text += f" ({counted(gone['pyramids'], 'small pyramid')})"
    return text


def war_changes(war: Mapping[str, Any], compact: bool) -> str:
    """What the last war changed (its ``winner``, ``destroyed``, ``lost``, ``prisoners``,
    ``devastated``; ``""`` for a view without them): who won, the buildings destroyed and
    lost, whose and where, the prisoners, the cities left to no one."""
    if "destroyed" not in war:
        return ""
    bits: list[str] = []
    winner = war.get("winner")
    if winner is not None:
        bits.append(f"seat {winner} won")
    elif war["destroyed"] or war["lost"] or not compact:
        bits.append("so far" if compact else "still being fought")
    comma = " " if compact else ", "
    destroyed = [fallen_text(x, compact) for x in war["destroyed"]]
    if destroyed:
        whose = "" if compact else f" seat {war['defender']}'s"
        bits.append(f"{'razed' if compact else 'destroyed'}{whose} " + comma.join(destroyed))
    lost = [fallen_text(x, compact) for x in war["lost"]]
    if lost:
        whose = "" if compact else f" seat {war['attacker']}'s"
        bits.append(f"lost{whose} " + comma.join(lost))
    prisoners = war.get("prisoners") or []
    if prisoners and not compact:
        where = ", ".join(f"{p['site']}.{p['plot']}" for p in prisoners)
        bits.append(f"{counted(len(prisoners), 'prisoner')} on {where}")
    elif prisoners:
        bits.append(f"{len(prisoners)}p")
    if war.get("prisoners_lost"):
        n = war["prisoners_lost"]
        bits.append(
            f"{n}p lost" if compact else f"{counted(n, 'prisoner')} lost (no free garrison)"
        )
    for site in war.get("devastated") or []:
        bits.append(f"{site} devastated" if compact else f"{site} devastated (no one's)")
    return ", ".join(bits[:1]) + (": " + "; ".join(bits[1:]) if bits[1:] else "")


def katun_slots(katun: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any] | None]]:
    """Per card of the round: ``"turned"``, ``"face down"`` (not seen) or ``"seen"`` (this seat
    looked at it), with the card if seen."""
    out: list[tuple[str, Mapping[str, Any] | None]] = []
    for slot in katun["cards"]:
        if not slot["face_down"]:
            out.append(("turned", None))
        elif slot["card"] is None:
            out.append(("face down", None))
        else:
            out.append(("seen", slot["card"]))
    return out


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
        layout = _layout(view)
        placed, xs, ys = _grid(view, layout)
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
        layout = _layout(view)
        placed, xs, ys = _grid(view, layout)
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
            return self._summary(before, after)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None

    def _summary(self, before: BalamView, after: BalamView) -> RenderableType | None:
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

    @staticmethod
    def round_table(entry: Mapping[str, Any], over: bool) -> RenderableType:
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


#: the renderer this game declares as its ``terminal`` part
RENDERER = BalamRenderer()
