"""Balam's observation tensor (see ``docs/observations.md`` and ``docs/rules/balam.md``).

Sites run in the board's order (``board.sites`` of the view: ``a1``, ``b1``, ... on the default
board), plots ``0`` .. ``3``.  Seats are counted from the viewer (``me``, ``+1`` the next seat
clockwise, ...).  A Katun card is described by its type (one-hot), its riches (counted) and its
prestige: that is all that tells two cards apart.  The names of buildings, riches, phases and
card types come from the view's declared type; the board and the size of the Katun deck from
the view of a new game with the same options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np

from gametable.adapters.features.layout import (
    Builder,
    Layout,
    Planes,
    Seats,
    fill_seat_and_outcome,
    seat_axis,
)
from gametable.adapters.features.typed import field_names, field_type, literal_values
from gametable.core.protocol import Game
from gametable.games.balam.public import BalamView, CardView, OptionsView

#: the faces a war's die shows (``last_roll``): success points 0-3, or X (a skull)
DIE_FACES = ("0", "1", "2", "3", "X")
#: the numbers of a war under way, in the order of the ``turn.war.numbers`` block
WarNumber = Literal["garrisons", "obsidian", "points", "defence_obsidian", "destroyed"]
WAR_NUMBERS: tuple[WarNumber, ...] = (
    "garrisons",
    "obsidian",
    "points",
    "defence_obsidian",
    "destroyed",
)

NOT_ENCODED = (
    "`game`, `version`, `players`, `options` and `board`: the same in every view of a layout "
    "(the board's colours, features and plots are given as the constant `board.*` blocks; its "
    "names, title, coordinates and paths are not encoded)",
    "`log`: free text",
    "`rounds`: the finished rounds (history; this round's account is `round_tally`)",
    "`sites.*.plots`: the plots by building, encoded from `sites.*.buildings`",
    "`katun.discard`, `katun.slots` and `turn.card`: texts that repeat the typed fields encoded "
    "(`katun.discard_cards`, `katun.cards`, `turn.katun_card`)",
    "a card's `name`, `effect`, `text` and `catastrophe`, and a round card's `slot`: they follow "
    "from its type, riches and prestige (encoded) and from its place in the list",
    "`last_roll`: the order of the dice (the count of each face is encoded)",
    "`turn.losses` and `turn.offered`: the order of the entries (the count per building and "
    "site, and the set of cenotes, are encoded)",
    "`outcome.reason`: free text",
)


class BalamTensor:
    """The names and sizes a Balam layout is made of, and how a view fills it."""

    def __init__(self, game: Game, players: int, options: OptionsView) -> None:
        vt = game.view_type
        self.players = players
        self.kinds: tuple[str, ...] = literal_values(
            field_type(vt, "sites", "buildings", "building")
        )
        self.riches: tuple[str, ...] = literal_values(
            field_type(vt, "sites", "buildings", "riches")
        )
        self.phases: tuple[str, ...] = literal_values(field_type(vt, "phase"))
        self.types: tuple[str, ...] = literal_values(
            field_type(vt, "katun", "cards", "card", "type")
        )
        self.features: tuple[str, ...] = literal_values(
            field_type(vt, "board", "sites", "features")
        )
        self.after: tuple[str, ...] = literal_values(field_type(vt, "turn", "after"))
        self.sources = field_names(field_type(vt, "round_tally", "prestige"))
        fresh = game.new_game(players, 0, options).view(None)
        board = fresh["board"]["sites"]
        self.sites = tuple(s["id"] for s in board)
        self.plots = max(s["plots"] for s in board)
        katun = fresh["katun"]
        self.slots = len(katun["cards"])
        self.deck = katun["deck"] + self.slots + len(katun["discard"])
        self.site_index = {s: i for i, s in enumerate(self.sites)}
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.riches_index = {r: i for i, r in enumerate(self.riches)}
        self.type_index = {t: i for i, t in enumerate(self.types)}
        self.plot_index = {
            f"{s}.{p}": (i, p) for i, s in enumerate(self.sites) for p in range(self.plots)
        }
        self.face_index = {f: i for i, f in enumerate(DIE_FACES)}

    # -- the layout ------------------------------------------------------------------------------
    def layout(self, game: Game, options: OptionsView) -> Layout[BalamView]:
        b = Builder()
        self.board_blocks(b)
        self.flow_blocks(b)
        self.site_blocks(b)
        self.king_blocks(b)
        self.katun_blocks(b)
        self.turn_blocks(b)
        self.round_blocks(b)
        b.outcome(self.players, "final prestige")
        return b.build(game.name, self.players, options, NOT_ENCODED, self.fill)

    @property
    def card_axis(self) -> tuple[str, ...]:
        return (*self.types, *self.riches, "prestige")

    @property
    def plot_axis(self) -> tuple[str, ...]:
        return tuple(str(p) for p in range(self.plots))

    def board_blocks(self, b: Builder) -> None:
        sites = self.sites
        b.add("board.colour", [sites, self.riches], "the riches each site's villages produce")
        b.add("board.features", [sites, self.features], "each site's features")
        b.add("board.plots", [sites, self.plot_axis], "the plots each site has")

    def flow_blocks(self, b: Builder) -> None:
        seats = seat_axis(self.players)
        b.seat(self.players)
        b.scalar("round", "the round (from 1)")
        b.scalar("ply", "decisions made so far")
        b.add("phase", [self.phases], "which decision comes next, one-hot")
        b.add("current", [seats], "the seat whose turn it is, one-hot")
        b.add("round_first", [seats], "the seat that began the round, one-hot")
        b.add("to_move", [seats], "the seats that must decide now")

    def site_blocks(self, b: Builder) -> None:
        sites, seats, plots = self.sites, seat_axis(self.players), self.plot_axis
        b.add("sites.owner", [sites, ("free", *seats)], "whose city each site is, one-hot")
        b.add(
            "sites.buildings",
            [sites, plots, (*self.kinds, "second plot")],
            "the building anchored on each plot, or the second plot of a palace or temple, "
            "one-hot (0s: an empty plot)",
        )
        b.add("sites.riches", [sites, plots, self.riches], "the riches lying on each plot, one-hot")
        b.counted("sites.pyramids", [sites, seats], "small pyramids on each site, per seat")

    def king_blocks(self, b: Builder) -> None:
        seats = seat_axis(self.players)
        b.counted("kings.riches", [seats, self.riches], "the riches on each king's sheet")
        b.counted("kings.prestige", [seats], "each king's prestige points")
        b.counted("pyramids_left", [seats, ("large", "small")], "pyramids left in each hand")
        b.counted("supply", [self.riches], "riches tokens left in the supply")

    def katun_blocks(self, b: Builder) -> None:
        slots = tuple(f"slot {i}" for i in range(self.slots))
        b.scalar("katun.deck", "Katun cards left in the deck")
        b.flag("katun.layout", "1: the deck was built as the rulebook says")
        b.scalar("katun.ball_games", "ball games played")
        b.flag("katun.eclipse", "1: the Eclipse was turned over")
        b.counted("katun.peeked", [seat_axis(self.players)], "round cards each seat looked at")
        b.add(
            "katun.cards.state",
            [slots, ("laid", "face down", "seen")],
            "each of the round's cards: laid out, still face down, seen by the viewer",
        )
        b.counted(
            "katun.cards.card",
            [slots, self.card_axis],
            "each round card the viewer saw: type one-hot, riches counted, prestige",
        )
        b.counted(
            "katun.discard",
            [tuple(f"turned {i + 1}" for i in range(self.deck)), self.card_axis],
            "the cards turned over, oldest first: type one-hot, riches counted, prestige",
        )
        b.counted("katun.discard_types", [self.types], "the cards turned over, counted by type")

    def turn_blocks(self, b: Builder) -> None:
        sites = self.sites
        b.add("turn.lock", [sites], "the site the king builds on this turn, one-hot")
        b.scalar("turn.due", "riches still owed for the building just built")
        b.flag("turn.attacked", "1: the king attacked this turn")
        b.flag("turn.war", "1: an attack is under way")
        b.add("turn.war.source", [sites], "the attacking city, one-hot")
        b.add("turn.war.target", [sites], "the attacked city, one-hot")
        b.add("turn.war.defender", [seat_axis(self.players)], "the defending seat, one-hot")
        b.counted("turn.war.numbers", [WAR_NUMBERS], "the war's numbers")
        b.counted(
            "turn.losses",
            [self.kinds, ("anywhere", *sites)],
            "buildings the king still owes, by building and site",
        )
        b.add("turn.after", [self.after], "what follows the losses, one-hot ('': nothing)")
        b.counted("turn.katun_card", [self.card_axis], "the Katun card being resolved (0s: none)")
        b.scalar("turn.ward", "riches the Mayas still owe for the catastrophe")
        b.add("turn.offered", [sites], "cenotes already offered to this turn")

    def round_blocks(self, b: Builder) -> None:
        seats = seat_axis(self.players)
        b.add("distribution.done", [seats], "seats that finished distributing")
        b.add("distribution.moved", [self.sites, self.plot_axis], "plots whose riches were moved")
        b.counted("last_roll", [DIE_FACES], "the last war's dice, counted by face")
        b.flag("bonus.given", "1: the riches bonus was given (the game is over)")
        b.counted("bonus", [seats], "the riches bonus of each seat")
        b.counted("round_tally.score_before", [seats], "prestige at the round's start")
        b.counted("round_tally.production", [seats, self.riches], "riches produced this round")
        b.counted("round_tally.prestige", [seats, self.sources], "prestige won, by source")
        b.counted("round_tally.buildings_lost", [seats], "buildings lost this round")

    # -- filling it from a view ------------------------------------------------------------------
    def fill(self, view: BalamView, p: Planes) -> None:
        rel = Seats(view, self.players)
        fill_seat_and_outcome(view, p, rel)
        self.fill_board(view, p)
        self.fill_flow(view, p, rel)
        self.fill_sites(view, p, rel)
        self.fill_kings(view, p, rel)
        self.fill_katun(view, p, rel)
        self.fill_turn(view, p, rel)
        self.fill_round(view, p, rel)

    def card(self, row: np.ndarray, c: CardView) -> None:
        """Describe a Katun card in ``row`` (along :attr:`card_axis`)."""
        row[self.type_index[c["type"]]] = 1
        first = len(self.types)
        for r in c["riches"]:
            row[first + self.riches_index[r]] += 1
        row[first + len(self.riches)] = c["prestige"]

    def fill_board(self, view: BalamView, p: Planes) -> None:
        for i, site in enumerate(view["board"]["sites"]):
            if site["id"] != self.sites[i]:
                raise ValueError(f"this view's board is not the layout's ({site['id']!r})")
            p["board.colour"][i, self.riches_index[site["colour"]]] = 1
            for f in site["features"]:
                p["board.features"][i, self.features.index(f)] = 1
            p["board.plots"][i, : site["plots"]] = 1

    def fill_flow(self, view: BalamView, p: Planes, rel: Seats) -> None:
        p["round"][0] = view["round"]
        p["ply"][0] = view["ply"]
        p["phase"][self.phases.index(view["phase"])] = 1
        p["current"][rel(view["current"])] = 1
        p["round_first"][rel(view["round_first"])] = 1
        for s in view["to_move"]:
            p["to_move"][rel(s)] = 1

    def fill_sites(self, view: BalamView, p: Planes, rel: Seats) -> None:
        owner, built, lying = p["sites.owner"], p["sites.buildings"], p["sites.riches"]
        second = len(self.kinds)
        for name, site in view["sites"].items():
            i = self.site_index[name]
            owner[i, 0 if site["owner"] is None else 1 + rel(site["owner"])] = 1
            for building in site["buildings"]:
                covered = building["plots"]
                built[i, covered[0], self.kind_index[building["building"]]] = 1
                for plot in covered[1:]:
                    built[i, plot, second] = 1
                for plot, r in zip(covered, building["riches"], strict=True):
                    if r is not None:
                        lying[i, plot, self.riches_index[r]] = 1
            if "pyramids" in site:
                p["sites.pyramids"][i] = rel.rotate(site["pyramids"])

    def fill_kings(self, view: BalamView, p: Planes, rel: Seats) -> None:
        for s, king in enumerate(view["kings"]):
            for name, n in king["riches"].items():
                p["kings.riches"][rel(s), self.riches_index[name]] = n
            p["kings.prestige"][rel(s)] = king["prestige"]
        for s, left in enumerate(view["pyramids_left"]):
            p["pyramids_left"][rel(s)] = (left["large"], left["small"])
        for name, n in view["supply"].items():
            p["supply"][self.riches_index[name]] = n

    def fill_katun(self, view: BalamView, p: Planes, rel: Seats) -> None:
        k = view["katun"]
        p["katun.deck"][0] = k["deck"]
        p["katun.layout"][0] = k["layout"]
        p["katun.ball_games"][0] = k["ball_games"]
        p["katun.eclipse"][0] = k["eclipse"]
        p["katun.peeked"][:] = rel.rotate(k["peeked"])
        for i, c in enumerate(k["cards"]):
            p["katun.cards.state"][i] = (1, c["face_down"], c["card"] is not None)
            if c["card"] is not None:
                self.card(p["katun.cards.card"][i], c["card"])
        for i, seen in enumerate(k["discard_cards"]):
            self.card(p["katun.discard"][i], seen)
            p["katun.discard_types"][self.type_index[seen["type"]]] += 1

    def fill_turn(self, view: BalamView, p: Planes, rel: Seats) -> None:
        t, site = view["turn"], self.site_index
        if t["lock"] is not None:
            p["turn.lock"][site[t["lock"]]] = 1
        p["turn.due"][0] = t["due"]
        p["turn.attacked"][0] = t["attacked"]
        war = t["war"]
        if war is not None:
            p["turn.war"][0] = 1
            p["turn.war.source"][site[war["source"]]] = 1
            p["turn.war.target"][site[war["target"]]] = 1
            p["turn.war.defender"][rel(war["defender"])] = 1
            p["turn.war.numbers"][:] = [war[x] for x in WAR_NUMBERS]
        for loss in t["losses"]:
            column = 0 if loss["site"] is None else 1 + site[loss["site"]]
            p["turn.losses"][self.kind_index[loss["building"]], column] += loss["count"]
        p["turn.after"][self.after.index(t["after"])] = 1
        if t["katun_card"] is not None:
            self.card(p["turn.katun_card"], t["katun_card"])
        p["turn.ward"][0] = t["ward"]
        for name in t["offered"]:
            p["turn.offered"][site[name]] = 1

    def fill_round(self, view: BalamView, p: Planes, rel: Seats) -> None:
        d = view["distribution"]
        p["distribution.done"][:] = rel.rotate(d["done"])
        for position in d["moved"]:
            p["distribution.moved"][self.plot_index[position]] = 1
        for face in view["last_roll"]:
            p["last_roll"][self.face_index[face]] += 1
        if view["bonus"] is not None:
            p["bonus.given"][0] = 1
            p["bonus"][:] = rel.rotate(view["bonus"])
        tally = view["round_tally"]
        p["round_tally.score_before"][:] = rel.rotate(tally["score_before"])
        for s, produced in enumerate(tally["production"]):
            for name, n in produced.items():
                p["round_tally.production"][rel(s), self.riches_index[name]] = n
        won: Mapping[str, Any] = tally["prestige"]  # read by the names its type declares
        for j, source in enumerate(self.sources):
            p["round_tally.prestige"][:, j] = rel.rotate(won[source])
        p["round_tally.buildings_lost"][:] = rel.rotate(tally["buildings_lost"])


def build(game: Game, players: int, options: OptionsView) -> Layout[BalamView]:
    return BalamTensor(game, players, options).layout(game, options)
