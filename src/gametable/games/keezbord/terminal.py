"""Keezbord in the terminal: the ring as one row of 16 track spaces per section (the track runs
left to right, row after row, the bottom row leading back into the top one), each seat's nest and
home beside its own section, the teams, your hand, the other hands' sizes, the cards played this
cycle and this deal, and who handed in this deal.

Pawns are written as in the notation (``a1`` = seat 0's first pawn), so the board reads the same
without colour; colour only helps the eye.  Rendered from the view dict alone; any part whose keys
are missing falls back to the generic key/value table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.games.keezbord.public import PAWNS, RANK_TEXT, SEAT_LETTERS, SECTION, KeezbordView
from gametable.terminal.render import (
    GameRenderer,
    board_of_parts,
)

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")


def letter(seat: int) -> str:
    return SEAT_LETTERS[seat] if 0 <= seat < len(SEAT_LETTERS) else "?"


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def seat_name(seat: int, me: int | None) -> str:
    return f"{letter(seat)} seat {seat}" + (" (you)" if seat == me else "")


def pawn_chip(owner: int, index: int) -> Text:
    return Text(f"{letter(owner)}{index + 1}", style=f"bold {colour(owner)}")


def card_chip(text: str) -> Text:
    """A card as ``[Q]``; place cards (A, K) bold, the special 4, 7 and J underlined."""
    style = "bold" if text in ("A", "K") else "underline" if text in ("4", "7", "J") else ""
    return Text(f"[{text}]", style=style)


def card_row(texts: Sequence[str]) -> Text:
    out = Text()
    for i, t in enumerate(texts):
        if i:
            out.append(" ")
        out.append_text(card_chip(str(t)))
    return out or Text("none", style="dim")


def played_lines(view: KeezbordView, compact: bool) -> list[RenderableType]:
    """The cards played this cycle (counted by rank; the last one too unless ``compact``), then
    the last cards of this deal (8 when ``compact``, else 10) and the seats that handed in."""
    out: list[RenderableType] = []
    played = view.get("played")
    if played is not None:
        line = Text(f"Played this cycle ({len(played)}): ")
        if played:
            counts = Counter(str(c) for c in played)
            line.append(" ".join(f"{r}×{counts[r]}" for r in RANK_TEXT if counts[r]))
            if not compact:
                line.append("   last: ")
                line.append_text(card_chip(str(played[-1])))
        else:
            line.append("none", style="dim")
        out.append(line)
    deal = view.get("deal_played")
    handed = view.get("handed_in")
    if deal is not None or handed:
        shown = 8 if compact else 10
        line = Text()
        if deal is not None:
            line.append(f"This deal ({len(deal)}): ")
            if len(deal) > shown:
                line.append("… ", style="dim")
            line.append_text(card_row([str(c) for c in deal[-shown:]]))
        if handed:
            if deal is not None:
                line.append(" · " if compact else "   ·   ")
            line.append("handed in: " + ", ".join(letter(int(s)) for s in handed))
        out.append(line)
    return out


def _places(view: KeezbordView) -> dict[str, tuple[int, int]] | None:
    """Where each pawn stands: {"12": (owner, i), "H2:1": (1, i), ...}; None if unreadable."""
    pawns = view.get("pawns")
    if not isinstance(pawns, list):
        return None
    out: dict[str, tuple[int, int]] = {}
    for owner, places in enumerate(pawns):
        for i, place in enumerate(places):
            if isinstance(place, int):
                out[str(place)] = (owner, i)
            elif isinstance(place, str) and place.startswith("H"):
                out[f"{place}:{owner}"] = (owner, i)
    return out


@dataclass(frozen=True)
class _Ring:
    """What both drawings of the ring read from a view: the sections, their owners, the pawns."""

    me: int | None
    length: int
    places: dict[str, tuple[int, int]]
    pawns: Sequence[Sequence[int | str]]
    owner_of_start: dict[int, int]
    moving: list[int]
    sizes: list[int]
    plays_for: list[int]
    dealer: int | None

    @classmethod
    def of(cls, view: KeezbordView) -> _Ring:
        players = int(view["players"])
        places = _places(view)
        if places is None:
            raise KeyError("pawns")
        starts = [int(x) for x in view.get("starts") or []]
        return cls(
            me=view.get("seat"),
            length=int(view.get("track_length") or SECTION * (6 if players == 6 else 4)),
            places=places,
            pawns=view["pawns"],
            owner_of_start={x: s for s, x in enumerate(starts)},
            moving=view.get("to_move") or [],
            sizes=view.get("hand_sizes") or [],
            plays_for=view.get("plays_for") or list(range(players)),
            dealer=view.get("dealer"),
        )

    def sections(self) -> list[tuple[int, int | None]]:
        """Each section's first space and the seat whose start it holds (None: no seat)."""
        return [(first, self.owner_of_start.get(first)) for first in range(0, self.length, SECTION)]

    def markers(self, owner: int | None) -> Text:
        """The two marks before a section: ▶ its owner is to move, D its owner deals."""
        line = Text()
        line.append("▶" if owner is not None and owner in self.moving else " ", style="bold")
        line.append("D" if owner is not None and owner == self.dealer else " ", style="bold")
        return line

    def helping_note(self, owner: int) -> list[Text]:
        """A note when ``owner`` has all pawns home and now moves a partner's pawns."""
        if owner >= len(self.plays_for) or self.plays_for[owner] == owner:
            return []
        return [
            Text(
                f"{seat_name(owner, self.me)}: all pawns home, now moves "
                f"{seat_name(self.plays_for[owner], self.me)}'s pawns",
                style="italic",
            )
        ]


class KeezbordRenderer(GameRenderer[KeezbordView]):
    help = (
        "On your turn play one card from your hand: A or K puts a pawn from your nest on your "
        "start space (A place); A, 2, 3, 5, 6, 8, 9, 10, Q move a pawn that many forward (Q = 12) "
        "(8 a2); 4 moves a pawn 4 back (4 a2); 7 moves one pawn 7 or splits 7 over two pawns "
        "(7 a1:3 a2:4); J swaps your pawn with another's (J a1 b3). Landing on a pawn sends it "
        "home to its nest; a pawn on its own start space can't be passed or hit. Your pawns enter "
        "your home (H1-H4) from the space just before your start, by exact count. If no card can "
        "be played you hand in (hand in). Partners sit opposite; once your pawns are home you play "
        "your partner's. On the board the track runs left to right, row after row, the last row "
        "into the first; [S] is a start space, ▶ marks the seat to move, D the dealer, * you. On "
        "a small screen the home and nest columns give pawn numbers: [1·3·] means that seat's "
        "pawns 1 and 3 stand in H1 and H3, nest 24 that pawns 2 and 4 wait in the nest. "
        "Full rules: gametable rules keezbord"
    )

    def board(self, view: KeezbordView) -> RenderableType:
        return board_of_parts(
            view,
            (
                (self.header, ("dealer", "to_move", "teams")),
                (self.ring, ("pawns", "starts", "track_length")),
                (self.cards, ("hand", "hand_sizes", "played")),
            ),
        )

    full_width = 92

    def compact(self, view: KeezbordView) -> RenderableType:
        """The board in at most 80 columns: a short header, the ring with pawn numbers for the
        homes and nests (``[1·3·]``: that seat's pawns 1 and 3 are home in H1 and H3), the cards
        in three lines.  The legend is in ``help``."""
        return board_of_parts(
            view,
            (
                (self.short_header, ("dealer", "to_move", "teams")),
                (self.short_ring, ("pawns", "starts", "track_length")),
                (self.short_cards, ("hand", "hand_sizes", "played")),
            ),
        )

    # -- parts --------------------------------------------------------------------------------------
    def short_header(self, view: KeezbordView) -> Text:
        me = view.get("seat")
        moving = view.get("to_move") or []
        head = Text("Keezbord", style="bold reverse")
        if view.get("cycle") is not None:
            head.append(f" cycle {view.get('cycle')}, deal {view.get('deal', '?')}", "bold reverse")
        head.append(" · ")
        if view.get("dealer") is not None:
            head.append(f"dealer {letter(view['dealer'])} · ")
        if moving:
            head.append("to move: " + ", ".join(seat_name(s, me) for s in moving), style="bold")
        else:
            head.append("game over", style="bold")
        teams = view.get("teams") or []
        if teams and any(len(t) > 1 for t in teams):
            head.append(" · teams ")
            head.append(", ".join("+".join(letter(s) for s in team) for team in teams))
        return head

    def short_ring(self, view: KeezbordView) -> list[RenderableType]:
        ring = _Ring.of(view)
        me, places, pawns, sizes = ring.me, ring.places, ring.pawns, ring.sizes
        ruler = Text("         S  ", style="dim")
        for k in range(1, SECTION):
            ruler.append(f"{k:>2} " if k % 4 == 0 else "   ", style="dim")
        ruler.append("home   nest hand", style="dim")
        out: list[RenderableType] = [ruler]
        notes: list[RenderableType] = []
        for first, owner in ring.sections():
            line = ring.markers(owner)
            if owner is None:
                line.append("  ", style="dim")
            else:
                line.append(letter(owner), style=f"bold {colour(owner)}")
                line.append("*" if owner == me else " ", style="bold")
            line.append(f" {first:>2} ", style="dim")
            line.append_text(self.track_cells(first, owner is not None, places))
            if owner is not None:
                line.append(" [")
                for h in range(1, PAWNS + 1):
                    at = places.get(f"H{h}:{owner}")
                    if at is None:
                        line.append("·", style="dim")
                    else:
                        line.append(str(at[1] + 1), style=f"bold {colour(owner)}")
                line.append("] ")
                nest = "".join(str(i + 1) for i, p in enumerate(pawns[owner]) if p == "N")
                line.append(f"{nest or '-':<5}", style=colour(owner))
                if owner < len(sizes):
                    line.append(f"{sizes[owner]:>2}")
                notes.extend(ring.helping_note(owner))
            out.append(line)
        return out + notes

    def short_cards(self, view: KeezbordView) -> list[RenderableType]:
        out: list[RenderableType] = []
        me = view.get("seat")
        line = Text()
        if me is not None and "hand" in view:
            line.append("Your hand: ", style="bold")
            line.append_text(card_row(view["hand"]))
            line.append(" · ")
        if view.get("deck_size") is not None:
            line.append(f"deck: {view['deck_size']} left this cycle")
        if line:
            out.append(line)
        return out + played_lines(view, compact=True)

    def header(self, view: KeezbordView) -> Text:
        me = view.get("seat")
        moving = view.get("to_move") or []
        head = Text()
        if view.get("cycle") is not None:
            head.append(f"Cycle {view.get('cycle')}, deal {view.get('deal', '?')}  ·  ")
        if view.get("dealer") is not None:
            head.append(f"dealer: {seat_name(view['dealer'], me)}  ·  ")
        if moving:
            head.append("to move: " + ", ".join(seat_name(s, me) for s in moving), style="bold")
        else:
            head.append("game over", style="bold")
        teams = view.get("teams") or []
        if teams and any(len(t) > 1 for t in teams):
            head.append("\nTeams: ")
            for i, team in enumerate(teams):
                if i:
                    head.append(", ")
                for j, s in enumerate(team):
                    if j:
                        head.append("+")
                    head.append(letter(s), style=f"bold {colour(s)}")
            head.append(
                "  (partners sit opposite; a team wins when all its pawns are home)", style="dim"
            )
        return head

    def ring(self, view: KeezbordView) -> RenderableType:
        ring = _Ring.of(view)
        me, places, pawns, sizes = ring.me, ring.places, ring.pawns, ring.sizes
        helping: list[RenderableType] = []

        table = Table(
            box=None, padding=(0, 0), show_edge=False, header_style="bold", pad_edge=False
        )
        ruler = Text(" S  ")
        for k in range(1, SECTION):
            ruler.append(f"{k:>2} " if k % 4 == 0 else "   ")
        for header, justify in (
            ("section", "left"),
            (ruler, "left"),
            (" home H1-H4", "left"),
            (" nest", "left"),
            (" hand", "right"),
        ):
            table.add_column(header, no_wrap=True, justify=justify)  # type: ignore[arg-type]

        for first, owner in ring.sections():
            label = ring.markers(owner)
            if owner is None:
                label.append(f"{'-':<10}", style="dim")
            else:
                name = f"{letter(owner)} seat {owner}" + ("*" if owner == me else "")
                label.append(f"{name:<10}", style=f"bold {colour(owner)}")
            label.append(f"{first:>2}-{first + SECTION - 1:<2} ", style="dim")
            cells = self.track_cells(first, owner is not None, places)
            home, nest, count = Text(" "), Text(" "), Text("")
            if owner is not None:
                home, nest = self.home_and_nest(owner, places, pawns[owner])
                if owner < len(sizes):
                    count = Text(f" {sizes[owner]}")
                helping.extend(ring.helping_note(owner))
            table.add_row(label, cells, home, nest, count)
        notes = [
            Text(
                "[S] start space · the track runs left to right, row after row, the last row "
                "into the first",
                style="dim",
            ),
            Text(
                "a pawn enters its home (H1 first) from the space before its start · ▶ to move "
                "· D dealer · * you",
                style="dim",
            ),
        ]
        return Group(table, *notes, *helping)

    @staticmethod
    def home_and_nest(
        owner: int, places: dict[str, tuple[int, int]], pawns: Sequence[int | str]
    ) -> tuple[Text, Text]:
        """A seat's home spaces H1-H4 (the pawn on each, or ``··``) and the pawns in its nest."""
        home = Text(" [")
        for h in range(1, PAWNS + 1):
            at = places.get(f"H{h}:{owner}")
            if h > 1:
                home.append(" ")
            home.append_text(pawn_chip(*at) if at else Text("··", style="dim"))
        home.append("]")
        nest = Text(" ")
        in_nest = [i for i, p in enumerate(pawns) if p == "N"]
        for i in in_nest:
            nest.append_text(pawn_chip(owner, i))
            nest.append(" ")
        if not in_nest:
            nest.append("-", style="dim")
        return home, nest

    @staticmethod
    def track_cells(first: int, owned: bool, places: dict[str, tuple[int, int]]) -> Text:
        """16 spaces from ``first``: the first 4 characters wide (``[S] ``/``[a1]`` on an owned
        start space), the others 3 (`` · ``/`` a1``)."""
        cells = Text()
        for k in range(SECTION):
            at = places.get(str(first + k))
            if k == 0 and owned:
                if at is None:
                    cells.append("[S] ", style="bold")
                else:
                    cells.append("[")
                    cells.append_text(pawn_chip(*at))
                    cells.append("]")
            elif at is None:
                cells.append(" · " if k else " ·  ", style="dim")
            else:
                cells.append(" " if k else "  ")
                cells.append_text(pawn_chip(*at))
        return cells

    def cards(self, view: KeezbordView) -> list[RenderableType]:
        """Your hand, every hand's size, the cards played this cycle and this deal."""
        out: list[RenderableType] = []
        me = view.get("seat")
        if me is not None and "hand" in view:
            line = Text()
            line.append("Your hand: ", style="bold")
            line.append_text(card_row(view["hand"]))
            plays_for = view.get("plays_for") or []
            if isinstance(me, int) and me < len(plays_for) and plays_for[me] != me:
                line.append(
                    f"   (your pawns are home: you play for {seat_name(plays_for[me], me)})"
                )
            out.append(line)
        sizes = view.get("hand_sizes")
        if sizes:
            line = Text("Cards in hand: ")
            line.append("  ".join(f"{letter(s)} {n}" for s, n in enumerate(sizes)))
            if view.get("deck_size") is not None:
                line.append(f"   ·   deck: {view['deck_size']} cards left this cycle")
            out.append(line)
        return out + played_lines(view, compact=False)

    # -- round summary ------------------------------------------------------------------------------
    def summary(self, before: KeezbordView, after: KeezbordView) -> RenderableType | None:
        try:
            return self._summary(before, after)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None

    def _summary(self, before: KeezbordView, after: KeezbordView) -> RenderableType | None:
        ended = (before.get("cycle"), before.get("deal")) != (after.get("cycle"), after.get("deal"))
        over = bool(after.get("is_over")) and not before.get("is_over")
        if not (ended or over):
            return None
        pawns = after.get("pawns") or []
        home = [sum(1 for p in ps if isinstance(p, str) and p.startswith("H")) for ps in pawns]
        nest = [sum(1 for p in ps if p == "N") for ps in pawns]
        if over:
            title = "The game is over"
        else:
            fresh = after.get("deal") == 1
            title = (
                f"Deal over. {'The cards are reshuffled: ' if fresh else ''}cycle "
                f"{after.get('cycle')}, deal {after.get('deal')}, dealer seat "
                f"{after.get('dealer')}, {5 if fresh else 4} cards each"
            )
        table = Table(header_style="bold")
        for col in ("player", "home", "on track", "in nest", "cards"):
            table.add_column(col, justify="left" if col == "player" else "right")
        sizes = after.get("hand_sizes") or []
        for s in range(len(pawns)):
            table.add_row(
                Text(seat_name(s, None), style=colour(s)),
                f"{home[s]}/4",
                str(PAWNS - home[s] - nest[s]),
                str(nest[s]),
                str(sizes[s]) if s < len(sizes) else "",
            )
        teams = after.get("teams") or []
        if teams and any(len(t) > 1 for t in teams):
            table.caption = "Teams: " + "   ".join(
                " + ".join(letter(s) for s in t) + f" {sum(home[s] for s in t if s < len(home))}"
                f"/{PAWNS * len(t)} home"
                for t in teams
            )
            table.caption_justify = "left"
        return Group(Text(title, style="bold"), table)


#: the renderer this game declares as its ``terminal`` part
RENDERER = KeezbordRenderer()
