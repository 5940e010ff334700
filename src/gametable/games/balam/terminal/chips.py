"""The small texts Balam's terminal board is drawn with: seats' colours, riches, plots and sites
on the map, Katun cards' names, and the reports of wars; with the letters and legends they use.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from gametable.games.balam.public import (
    RICHES,
    BalamView,
    BoardSiteView,
    CardView,
    FallenView,
    KatunView,
    LastWarView,
    PlotView,
    SiteView,
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


def seat_name(seat: int, me: int | None) -> str:
    return f"seat {seat} (you)" if seat == me else f"seat {seat}"


def riches_text(riches: Mapping[str, object] | None) -> str:
    if not riches:
        return "-"
    names = [r for r in RICHES if riches.get(r)] + [r for r in riches if r not in RICHES]
    return ", ".join(f"{riches[r]} {r}" for r in names if riches.get(r))


def short_riches(riches: Mapping[str, object] | None) -> str:
    """``{"maize": 2, "jade": 1}`` -> ``2m 1j`` (the map's letters); ``-`` for none."""
    if not riches:
        return "-"
    names = [r for r in RICHES if riches.get(r)] + [r for r in riches if r not in RICHES]
    return " ".join(f"{riches[r]}{RICH_LETTER.get(r, r[:1])}" for r in names if riches.get(r))


def plot_chip(plot: PlotView | None, number: int) -> str:
    """Plot ``number`` as two letters: ``Vm`` (a village with maize on it), ``P`` (a palace's
    first plot), ``+j`` (its second plot, jade on it); ``.`` for an empty plot."""
    if not plot:
        return "."
    building = plot["building"]
    letter = KIND_LETTER.get(building, "?") if plot["anchor"] == number else "+"
    return letter + (RICH_LETTER.get(plot["riches"], "?") if plot["riches"] else "")


def plot_chips(site: SiteView) -> str:
    return " ".join(plot_chip(p, i) for i, p in enumerate(site["plots"]))


def board_layout(view: BalamView) -> dict[str, BoardSiteView]:
    """Each site's fixed layout from the view's ``board`` (``x``, ``y``, ``colour``,
    ``features``), by its id."""
    return {site["id"]: site for site in view["board"]["sites"]}


def site_grid(
    view: BalamView, layout: Mapping[str, BoardSiteView]
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
    sites: Mapping[str, SiteView],
    layout: Mapping[str, BoardSiteView],
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


def card_name(card: CardView | None, short: bool = False) -> str:
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


def war_report(war: LastWarView, dice: list[str], compact: bool) -> str:
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


def fallen_text(gone: FallenView, compact: bool) -> str:
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


def war_changes(war: LastWarView, compact: bool) -> str:
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


def katun_slots(katun: KatunView) -> list[tuple[str, CardView | None]]:
    """Per card of the round: ``"turned"``, ``"face down"`` (not seen) or ``"seen"`` (this seat
    looked at it), with the card if seen."""
    out: list[tuple[str, CardView | None]] = []
    for slot in katun["cards"]:
        if not slot["face_down"]:
            out.append(("turned", None))
        elif slot["card"] is None:
            out.append(("face down", None))
        else:
            out.append(("seen", slot["card"]))
    return out
