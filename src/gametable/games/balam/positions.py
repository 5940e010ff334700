"""Balam positions as JSON: the codecs of the state's fields and the checks of what they may hold.

The format is described in ``docs/rules/balam.md`` ("Positions by hand").  These are plain
functions of the board and of values (lists of codes), so that :mod:`~gametable.games.balam.fields`
declares each field once with its codec here; derived values (small pyramids, the supply, ball
games played, the Eclipse) are written for readers and checked on loading.  A broken invariant
raises :class:`InvalidState` naming it.  The round's account and the rounds finished are in
:mod:`~gametable.games.balam.rounds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Final, TypedDict

from msgspec import Meta

from gametable.core.errors import InvalidState
from gametable.core.positions import expect_int
from gametable.core.rng import Rng
from gametable.core.statefields import MISSING, Codec, ListOf
from gametable.games.balam.board import (
    BUILDINGS,
    COURT,
    DOUBLE,
    EMPTY,
    GARRISON,
    KINDS,
    LARGE_PYRAMIDS,
    MARKET,
    MAX_PLOTS,
    NO_RICHES,
    OBSERVATORY,
    OBSIDIAN,
    PALACE,
    PRISONER,
    RICHES,
    SECOND_PLOT,
    SMALL_PYRAMIDS,
    TEMPLE,
    TILE_LIMIT,
    TILE_NAMES,
    TILE_OF,
    VILLAGE,
    Board,
    all_riches,
    riches_count,
)
from gametable.games.balam.boardview import RichesCount
from gametable.games.balam.dice import SKULL, face_text, parse_faces
from gametable.games.balam.katun import ECLIPSE_WINDOW, KIND, TEXT, deck_places, fits_place

#: how a plot is written: the building, ``+`` for a palace's or temple's second plot
SECOND_MARK: Final = "+"


# -- values --------------------------------------------------------------------------------------------
def riches_code(value: Any, where: str) -> int:
    if value not in RICHES:
        raise InvalidState(f"{where}: {value!r} is not a riches ({', '.join(RICHES)})")
    return RICHES.index(value)


def site_code(board: Board, name: Any, where: str) -> int:
    if not isinstance(name, str) or name not in board.names:
        raise InvalidState(f"{where}: {name!r} is not a site of this board")
    return board.index(name)


def position_code(board: Board, text: Any, where: str) -> int:
    """``"b3.1"`` -> the plot position ``4 * site + plot``."""
    try:
        name, plot = str(text).split(".")
        s = board.index(name)
        p = int(plot)
    except (ValueError, KeyError):
        raise InvalidState(f"{where}: {text!r} is not a SITE.PLOT of this board") from None
    if not 0 <= p < board.plots[s]:
        raise InvalidState(f"{where}: site {name} has no plot {p}")
    return s * MAX_PLOTS + p


def position_text(board: Board, pos: int) -> str:
    return f"{board.names[pos // MAX_PLOTS]}.{pos % MAX_PLOTS}"


class SiteName(Codec[int]):
    """A site, written by its name on the board."""

    def dump(self, value: int, state: Any) -> Any:
        return state.board.names[value]

    def load(self, raw: Any, where: str, state: Any) -> int:
        return site_code(state.board, raw, where)


class PlotPosition(Codec[int]):
    """A plot position, written ``SITE.PLOT``."""

    def dump(self, value: int, state: Any) -> Any:
        return position_text(state.board, value)

    def load(self, raw: Any, where: str, state: Any) -> int:
        return position_code(state.board, raw, where)


class RichesCounts(Codec[list[int]]):
    """Counts of the six riches, written ``{"maize": 2, ...}``; ``every`` writes all six."""

    def __init__(self, every: bool = False) -> None:
        self.every = every

    def dump(self, value: list[int], state: Any) -> Any:
        return all_riches(value) if self.every else riches_count(value)

    def load(self, raw: Any, where: str, state: Any) -> list[int]:
        if not isinstance(raw, dict):
            raise InvalidState(f"{where} must map riches names to counts")
        out = [0] * len(RICHES)
        for name, n in raw.items():
            out[riches_code(name, where)] = expect_int(n, f"{where}.{name}", 0)
        return out


class Face(Codec[int]):
    """A die face: ``"X"`` (a skull) or its success points."""

    def dump(self, value: int, state: Any) -> Any:
        return face_text(value)

    def load(self, raw: Any, where: str, state: Any) -> int:
        if raw == "X":
            return SKULL
        try:
            points = int(raw)
        except (TypeError, ValueError):
            raise InvalidState(f"{where}: {raw!r} is not a die face") from None
        return expect_int(points, where, 0, 3)


class FixedDice(Codec[list[int]]):
    """``dice``: the next die faces to roll, before the RNG's (a position set up by hand); each
    must be a face of the game's die (option ``faces``)."""

    def __init__(self) -> None:
        self.faces = ListOf(Face(), most=64)

    def dump(self, value: list[int], state: Any) -> Any:
        return self.faces.dump(value, state)

    def load(self, raw: Any, where: str, state: Any) -> list[int]:
        faces = self.faces.load(raw, where, state)
        die = parse_faces(state.options["faces"])
        for f in faces:
            if f not in die:
                raise InvalidState(
                    f"{where}: {face_text(f)} is not a face of the die ({state.options['faces']})"
                )
        return faces


class TurnedCard(Codec[int]):
    """The Katun card being resolved: one of the discard pile (the last of that text)."""

    def dump(self, value: int, state: Any) -> Any:
        return TEXT[value]

    def load(self, raw: Any, where: str, state: Any) -> int:
        matches = [c for c in state.discard if TEXT[c] == raw]
        if not matches:
            raise InvalidState(f"{where} {raw!r} must be a card of the discard pile")
        return matches[-1]


# -- sites -----------------------------------------------------------------------------------------------
@dataclass
class Sites:
    """The buildings: per site its owner, per plot position its building and riches, per site
    and seat the small pyramids (derived from the markets)."""

    owner: list[int]
    buildings: list[int]
    riches_on: list[int]
    pyramids: list[list[int]]


def plot_text(kind: int, riches: int) -> str | None:
    if kind == EMPTY:
        return None
    name = SECOND_MARK if kind == SECOND_PLOT else KINDS[kind]
    return name if riches < 0 else f"{name}:{RICHES[riches]}"


def sites_json(board: Board, sites: Sites) -> dict[str, Any]:
    """Every site: ``owner`` (a seat or null), ``plots`` and, where markets reach, ``pyramids``."""
    owner, buildings, riches_on, pyramids = (
        sites.owner,
        sites.buildings,
        sites.riches_on,
        sites.pyramids,
    )
    out = {}
    for s in board.sites:
        base = s * MAX_PLOTS
        entry: dict[str, Any] = {
            "owner": None if owner[s] < 0 else owner[s],
            "plots": [
                plot_text(buildings[b], riches_on[b]) for b in range(base, base + board.plots[s])
            ],
        }
        if any(pyramids[s]):
            entry["pyramids"] = list(pyramids[s])
        out[board.names[s]] = entry
    return out


def empty_sites(board: Board, players: int) -> Sites:
    n = len(board.names)
    return Sites([-1] * n, [EMPTY] * board.size, [NO_RICHES] * board.size, [[0] * players] * n)


def load_sites(raw: Any, board: Board, players: int, distribution: bool) -> Sites:
    """Sites given by name (the others empty), checked: plots, owners, riches, pyramids, tiles.

    ``distribution``: villages, temples and palaces may hold riches (only then)."""
    if raw is MISSING:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidState("sites must map site names to {owner, plots}")
    out = empty_sites(board, players)
    out.pyramids = [[0] * players for _ in board.sites]
    for name, entry in raw.items():
        s = site_code(board, name, "sites")
        if not isinstance(entry, dict):
            raise InvalidState(f"sites.{name} must be an object with owner and plots")
        _load_plots(out, board, s, entry)
        _load_owner(out, board, players, s, entry)
    for s in board.sites:
        base = s * MAX_PLOTS
        for p in range(board.plots[s]):
            _check_riches(out, board, s, p, distribution)
            if out.buildings[base + p] == MARKET:
                seat = out.owner[s]
                out.pyramids[s][seat] += 1
                for t in board.neighbours[s]:
                    out.pyramids[t][seat] += 1
    for name, entry in raw.items():
        given = entry.get("pyramids")
        s = board.index(name)
        if given is not None and list(given) != out.pyramids[s]:
            raise InvalidState(
                f"site {name}: small pyramids {given} do not match the markets "
                f"around it ({out.pyramids[s]})"
            )
    _check_supplies(out, players)
    return out


def _load_plots(out: Sites, board: Board, s: int, entry: dict[str, Any]) -> None:
    """A site's ``plots``: buildings (``+`` the second plot of a palace or temple) and riches."""
    name = board.names[s]
    plots = entry.get("plots", [])
    if not isinstance(plots, list):
        raise InvalidState(f"sites.{name}.plots must be a list")
    n = board.plots[s]
    if len(plots) > n:
        raise InvalidState(
            f"site {name} has {n} plots but {len(plots)} are given: the site is full"
        )
    base = s * MAX_PLOTS
    buildings = out.buildings
    for p, text in enumerate(plots):
        if text is None:
            continue
        if not isinstance(text, str):
            raise InvalidState(f"sites.{name}.plots[{p}] must be a building name or null")
        kind_text, _, riches = text.partition(":")
        if kind_text == SECOND_MARK:
            buildings[base + p] = SECOND_PLOT
        elif kind_text in KINDS:
            buildings[base + p] = KINDS.index(kind_text)
        else:
            raise InvalidState(
                f"site {name} plot {p}: {kind_text!r} is not a building "
                f"({', '.join(KINDS)}, or + for the second plot of a palace or temple)"
            )
        if riches:
            out.riches_on[base + p] = riches_code(riches, f"site {name} plot {p}")
    for p in range(n):
        k = buildings[base + p]
        if k in BUILDINGS and DOUBLE[k]:
            q = board.second_plot(s, p)
            if q is None or buildings[base + q] != SECOND_PLOT:
                raise InvalidState(
                    f'site {name}: the {KINDS[k]} on plot {p} needs the next plot, marked "+"'
                )
        if k == SECOND_PLOT:
            a = (p - 1) % n
            anchor = buildings[base + a]
            if not (board.second_plot(s, a) == p and anchor in BUILDINGS and DOUBLE[anchor]):
                raise InvalidState(
                    f'site {name}: plot {p} is marked "+" but no palace or temple stands just '
                    "before it"
                )


def _load_owner(out: Sites, board: Board, players: int, s: int, entry: dict[str, Any]) -> None:
    """A site with buildings has an owner; an owner has buildings there."""
    name = board.names[s]
    owner = entry.get("owner")
    if isinstance(owner, list):
        raise InvalidState(f"site {name} is held by one king at most, not {owner}")
    base = s * MAX_PLOTS
    built = any(out.buildings[base + p] != EMPTY for p in range(board.plots[s]))
    if owner is None:
        if built:
            raise InvalidState(f"site {name} has buildings, so it needs an owner")
        return
    out.owner[s] = expect_int(owner, f"sites.{name}.owner", 0, players - 1)
    if not built:
        raise InvalidState(
            f"site {name} has an owner but no building: a site without buildings belongs to nobody"
        )


def _check_riches(out: Sites, board: Board, s: int, p: int, distribution: bool) -> None:
    """Riches lie only where the rules put them."""
    b = s * MAX_PLOTS + p
    r = out.riches_on[b]
    if r < 0:
        return
    k = out.buildings[b]
    where = f"site {board.names[s]} plot {p}"
    if k == SECOND_PLOT:
        k = out.buildings[s * MAX_PLOTS + (p - 1) % board.plots[s]]
    if k == GARRISON and r not in (OBSIDIAN, PRISONER):
        raise InvalidState(f"{where}: a garrison holds only an obsidian or a prisoner")
    if k in (TEMPLE, PALACE) and not distribution:
        raise InvalidState(f"{where}: temples and palaces hold riches only during distribution")
    if k == VILLAGE:
        if not distribution:
            raise InvalidState(f"{where}: villages hold their product only during distribution")
        if r != board.colour[s]:
            raise InvalidState(
                f"{where}: a village here produces {RICHES[board.colour[s]]}, not {RICHES[r]}"
            )
    if k in (MARKET, COURT, OBSERVATORY):
        raise InvalidState(f"{where}: a {KINDS[k]} holds no riches")


def free_plots(board: Board, buildings: Sequence[int]) -> list[int]:
    """Per site, its empty plots as a bit mask (bit ``p`` for plot ``p``)."""
    if buildings.count(EMPTY) == len(buildings):  # an empty board (a new game)
        return [(1 << n) - 1 for n in board.plots]
    out = []
    for s, n in enumerate(board.plots):
        base = s * MAX_PLOTS
        out.append(sum(1 << p for p in range(n) if buildings[base + p] == EMPTY))
    return out


def tiles_used(kinds: Sequence[int]) -> list[int]:
    """Building tiles on the board, per tile type."""
    used = [0] * len(TILE_LIMIT)
    for k in kinds:
        if k in BUILDINGS:
            used[TILE_OF[k]] += 1
    return used


def _check_supplies(out: Sites, players: int) -> None:
    """No more tiles, large or small pyramids than the game has."""
    for tile, n in enumerate(tiles_used(out.buildings)):
        if n > TILE_LIMIT[tile]:
            raise InvalidState(
                f"{n} {TILE_NAMES[tile]} tiles are built but there are only {TILE_LIMIT[tile]}"
            )
    for q in range(players):
        cities = out.owner.count(q)
        if cities > LARGE_PYRAMIDS:
            raise InvalidState(
                f"seat {q} holds {cities} sites but has only {LARGE_PYRAMIDS} large pyramids"
            )
        small = sum(row[q] for row in out.pyramids)
        if small > SMALL_PYRAMIDS:
            raise InvalidState(
                f"seat {q}'s markets need {small} small pyramids but a king has {SMALL_PYRAMIDS}"
            )


# -- kings ----------------------------------------------------------------------------------------------
class KingView(TypedDict):
    """A king's sheet."""

    riches: Annotated[RichesCount, Meta(description="the riches on his king sheet")]
    prestige: Annotated[int, Meta(description="his prestige points")]


def kings_json(chest: list[list[int]], prestige: list[int]) -> list[KingView]:
    return [
        {"riches": riches_count(row), "prestige": points}
        for row, points in zip(chest, prestige, strict=True)
    ]


def load_kings(raw: Any, players: int) -> tuple[list[list[int]], list[int]]:
    """Each king's sheet: ``riches`` and ``prestige`` (both default to none)."""
    if not isinstance(raw, list) or len(raw) != players:
        raise InvalidState(f"kings must list {players} kings, one per seat")
    chest, prestige = [], []
    for q, king in enumerate(raw):
        if not isinstance(king, dict):
            raise InvalidState(f"kings[{q}] must be an object with riches and prestige")
        chest.append(RichesCounts().load(king.get("riches", {}), f"kings[{q}].riches", None))
        prestige.append(expect_int(king.get("prestige", 0), f"kings[{q}].prestige", 0))
    return chest, prestige


# -- the Katun cards -------------------------------------------------------------------------------------
@dataclass
class KatunCards:
    """Where the 72 cards are: ``deck`` (top card last), the round's ``slots`` (-1: turned), the
    ``discard`` pile in order; ``peeks`` per seat a bit mask of the slots it looked at; ``layout``
    when the deck was built as the rulebook says."""

    deck: list[int]
    slots: list[int]
    discard: list[int]
    peeks: list[int]
    layout: bool

    def places_dealt(self) -> int:
        """How many cards of the deck were dealt before this round's."""
        return len(deck_places()) - len(self.deck) - len(self.slots)


def katun_json(cards: KatunCards) -> dict[str, Any]:
    return {
        "deck": [TEXT[c] for c in reversed(cards.deck)],
        "layout": cards.layout,
        "discard": [TEXT[c] for c in cards.discard],
        "slots": [None if c < 0 else TEXT[c] for c in cards.slots],
        "peeks": [[i for i in range(len(cards.slots)) if m >> i & 1] for m in cards.peeks],
    }


def unknown_card(text: Any) -> str:
    """Why ``text`` names no Katun card, with the forms expected: a Prosperous or Favourable
    card is written with its riches (``favourable:maize+cacao``), any other by its type.

    >>> print(unknown_card("favourable").split(":")[0])
    'favourable' alone is not a Katun card
    """
    kind = text.split(":", 1)[0] if isinstance(text, str) else None
    if kind in WITH_RICHES:
        forms = ", ".join(sorted({t for t in TEXT if t.startswith(kind + ":")}))
        alone = f"{text!r} alone is not" if text == kind else f"{text!r} is not"
        return (
            f"{alone} a Katun card: a {kind.capitalize()} card is written with its riches, "
            f"one of {forms}"
        )
    plain = ", ".join(sorted({t for t in TEXT if ":" not in t}))
    return (
        f"{text!r} is not a Katun card: write a card's type ({plain}) or a Prosperous or "
        "Favourable card with its riches (prosperous:maize/cacao/prestige:1, "
        "favourable:maize+cacao)"
    )


#: the card types written with their riches
WITH_RICHES: Final = ("prosperous", "favourable")


def load_katun(raw: Any, players: int, seed: int) -> KatunCards:
    """The cards by their text; each card once; a deck left out is the rest, shuffled."""
    if raw is MISSING:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidState("katun must be an object")
    pool: dict[str, list[int]] = {}
    for c in range(len(TEXT) - 1, -1, -1):
        pool.setdefault(TEXT[c], []).append(c)

    def take(text: Any, where: str) -> int:
        ids = pool.get(text) if isinstance(text, str) else None
        if ids is None:
            raise InvalidState(f"{where}: {unknown_card(text)}")
        if not ids:
            raise InvalidState(f"{where}: there are no more {text!r} cards in the deck")
        return ids.pop()

    discard = raw.get("discard", [])
    slots = raw.get("slots", [])
    if not isinstance(discard, list) or not isinstance(slots, list):
        raise InvalidState("katun.discard and katun.slots must be lists")
    if len(slots) > players + 1:
        raise InvalidState(f"a round lays out {players + 1} Katun cards, not {len(slots)}")
    cards = KatunCards([], [], [take(t, "katun.discard") for t in discard], [0] * players, False)
    cards.slots = [-1 if t is None else take(t, "katun.slots") for t in slots]
    deck = raw.get("deck")
    if isinstance(deck, list):
        cards.deck = [take(t, "katun.deck") for t in reversed(deck)]
        rest = [c for ids in pool.values() for c in ids]
        if rest:
            raise InvalidState(
                f"every Katun card must be somewhere; missing: {sorted(TEXT[c] for c in rest)} "
                "(or leave out the deck to have the rest shuffled into it)"
            )
    else:
        rest = sorted(c for ids in pool.values() for c in ids)
        Rng(seed ^ 0xDEC).shuffle(rest)  # never the state's own RNG
        cards.deck = rest
    layout = raw.get("layout", False)
    if not isinstance(layout, bool):
        raise InvalidState(f"katun.layout must be true or false, not {layout!r}")
    if layout:
        check_layout(cards)
    cards.layout = layout
    peeks = raw.get("peeks", [[] for _ in range(players)])
    if not isinstance(peeks, list) or len(peeks) != players:
        raise InvalidState(f"katun.peeks must list {players} lists of slot numbers")
    for q, seen in enumerate(peeks):
        for i in seen:
            cards.peeks[q] |= 1 << expect_int(i, f"katun.peeks[{q}]", 0, len(cards.slots) - 1)
    return cards


def check_layout(cards: KatunCards) -> None:
    """``layout: true`` says the deck was built as the rulebook says: the cards not yet turned
    must sit where such a deck puts them (``katun.deck_places``)."""
    places = deck_places()
    drawn = cards.places_dealt()
    face_down = sum(1 for c in cards.slots if c >= 0)
    if drawn < 0 or len(cards.discard) + len(cards.deck) + face_down != len(places):
        raise InvalidState("katun.layout: the whole deck of the rulebook must be in play")
    order = [*cards.slots, *reversed(cards.deck)]
    for i, c in enumerate(order):
        if c >= 0 and not fits_place(c, places[drawn + i]):
            raise InvalidState(
                f"katun.layout: {TEXT[c]!r} cannot lie at place {drawn + i + 1} of a deck "
                f"built as the rulebook says (a {places[drawn + i]} place)"
            )
    eclipse_seen = any(KIND[c] == "eclipse" for c in cards.discard)
    window = [
        drawn + i for i, c in enumerate(order) if c >= 0 and places[drawn + i] == ECLIPSE_WINDOW
    ]
    if not eclipse_seen and not any(KIND[order[p - drawn]] == "eclipse" for p in window):
        raise InvalidState("katun.layout: the Eclipse must lie in its window of the deck")
