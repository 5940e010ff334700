"""Building what each seat sees (:class:`~gametable.games.balam.views.BalamView`) from a state:
a seat's view, several seats' views with their public part built once, the public parts kept from
one move to the next for a server, and single parts built alone for bots."""

from __future__ import annotations

from collections.abc import Callable, Collection
from itertools import compress
from operator import ne
from typing import Any, Literal, cast

from gametable.core.protocol import Outcome
from gametable.games.balam.board import (
    BUILDINGS,
    DOUBLE,
    KINDS,
    LARGE_PYRAMIDS,
    MAX_PLOTS,
    RICHES,
    SMALL_PYRAMIDS,
    BoardView,
    RichesName,
    all_riches,
    board_json,
    riches_names,
    second_of,
)
from gametable.games.balam.dice import face_text
from gametable.games.balam.katun import CARDS, CATASTROPHE, TEXT
from gametable.games.balam.phases import OVER, AfterLosses, Phase
from gametable.games.balam.positions import kings_json, position_text
from gametable.games.balam.rounds import tally_json
from gametable.games.balam.state import BalamData
from gametable.games.balam.views import (
    BalamView,
    BuildingCount,
    BuildingView,
    CardView,
    CatastropheView,
    FallenView,
    KatunView,
    LastWarView,
    OptionsView,
    PhaseName,
    PlotView,
    RoundCardView,
    SiteView,
    TurnView,
    WarView,
)
from gametable.games.balam.warlog import Fallen, FallenCodec


# -- building a view --------------------------------------------------------------------------------------
def card_view(card: int) -> CardView:
    """A Katun card described (a fresh object each time: views share nothing)."""
    known = _CARD_VIEWS.get(card)
    if known is None:
        known = _CARD_VIEWS[card] = _describe_card(card)
    catastrophe = known["catastrophe"]
    return {
        **known,
        "riches": list(known["riches"]),
        "catastrophe": None
        if catastrophe is None
        else {**catastrophe, "loses": [dict(x) for x in catastrophe["loses"]]},  # type: ignore[typeddict-item]
    }


_CARD_VIEWS: dict[int, CardView] = {}


def _describe_card(card: int) -> CardView:
    c = CARDS[card]
    catastrophe: CatastropheView | None = None
    if c.kind in CATASTROPHE:
        riches, n, loses = CATASTROPHE[c.kind]
        catastrophe = {
            "mayas_pay": RICHES[riches],
            "count": n,
            "loses": [] if isinstance(loses, str) else [building_count(b, k) for b, k in loses],
            "cities": None if not isinstance(loses, str) else CITY_FEATURES[loses],
        }
    return {
        "type": c.kind,
        "name": c.name,
        "riches": riches_names(c.riches),
        "prestige": c.prestige,
        "effect": c.effect,
        "catastrophe": catastrophe,
        "text": TEXT[card],
    }


PHASE_NAMES: dict[Phase, PhaseName] = {
    Phase.TURN: "turn",
    Phase.ACT: "act",
    Phase.COST: "cost",
    Phase.DEFEND: "defend",
    Phase.LOSE: "lose",
    Phase.DESTROY: "destroy",
    Phase.CHOOSE: "choose",
    Phase.OFFER: "offer",
    Phase.DISTRIBUTION: "distribution",
    Phase.OVER: "over",
}
assert all(PHASE_NAMES[p] == p.value for p in Phase)
AFTER_NAMES: dict[AfterLosses, Literal["", "destroy", "katun"]] = {
    AfterLosses.NOTHING: "",
    AfterLosses.DESTRUCTION: "destroy",
    AfterLosses.KATUN: "katun",
}
CITY_FEATURES: dict[str, Literal["volcano", "seashore"]] = {
    "volcano": "volcano",
    "seashore": "seashore",
}


def building_count(building: int, count: int) -> BuildingCount:
    return {"building": KINDS[building], "count": count}


def site_view(state: BalamData, site: int) -> SiteView:
    """A site: its owner, each plot (the building covering it and the riches lying there), the
    small pyramids standing there and the buildings by their anchor plot."""
    plots: list[PlotView | None] = [None] * state.board.plots[site]
    owner = state.owner[site]
    entry: SiteView = {
        "owner": None if owner < 0 else owner,
        "plots": plots,
        "buildings": [],
    }
    if any(state.pyramids[site]):
        entry["pyramids"] = list(state.pyramids[site])
    if owner < 0:  # a free site has no building
        return entry
    base = site * MAX_PLOTS
    kinds, riches_on = state.buildings, state.riches_on
    for b in state.anchors(site):
        kind = kinds[b]
        building = KINDS[kind]
        covered = [b - base, state.second_pos(b) - base] if DOUBLE[kind] else [b - base]
        lying = [None if r < 0 else RICHES[r] for r in (riches_on[base + p] for p in covered)]
        for p, riches in zip(covered, lying, strict=True):
            plots[p] = {"building": building, "anchor": covered[0], "riches": riches}
        entry["buildings"].append({"building": building, "plots": covered, "riches": lying})
    return entry


#: (plots) -> a free site's entry without pyramids, shared by the views that may share parts
_FREE: dict[int, SiteView] = {}


def sites_view(state: BalamData, shared: bool = False) -> dict[str, SiteView]:
    """Every site by its name, each as :func:`site_view` gives it (the same values in the same
    order), built in one loop: the board has some thirty sites to describe for every view.
    ``shared``: a free site without pyramids is one entry kept for all (read, never change)."""
    names = state.board.names
    return {names[site]: _site_entry(state, site, shared) for site in state.board.sites}


def _site_entry(state: BalamData, site: int, shared: bool) -> SiteView:
    """One site of :func:`sites_view`."""
    count = state.board.plots[site]
    owner = state.owner[site]
    standing = state.pyramids[site]
    if shared and owner < 0 and not any(standing):
        free = _FREE.get(count)
        if free is None:
            free = _FREE[count] = {"owner": None, "plots": [None] * count, "buildings": []}
        return free
    plots: list[PlotView | None] = [None] * count
    buildings: list[BuildingView] = []
    entry: SiteView = {
        "owner": None if owner < 0 else owner,
        "plots": plots,
        "buildings": buildings,
    }
    if any(standing):
        entry["pyramids"] = list(standing)
    if owner < 0:  # a free site has no building
        return entry
    kinds, riches_on = state.buildings, state.riches_on
    base = site * MAX_PLOTS
    for p in range(count):  # the anchors, plot by plot (as ``state.anchors``)
        kind = kinds[base + p]
        if kind not in BUILDINGS:
            continue
        building = KINDS[kind]
        if DOUBLE[kind]:
            second = second_of(count, p)
            assert second is not None
            covered = [p, second]
        else:
            covered = [p]
        lying: list[RichesName | None] = [
            None if r < 0 else RICHES[r] for r in (riches_on[base + q] for q in covered)
        ]
        for q, riches in zip(covered, lying, strict=True):
            plots[q] = {"building": building, "anchor": p, "riches": riches}
        buildings.append({"building": building, "plots": covered, "riches": lying})
    return entry


def shared_card_view(card: int) -> CardView:
    """A Katun card described, as :func:`card_view`, but one object kept for all (read it,
    never change it)."""
    known = _CARD_VIEWS.get(card)
    if known is None:
        known = _CARD_VIEWS[card] = _describe_card(card)
    return known


def katun_view(
    state: BalamData, seat: int | None, card_view: Callable[[int], CardView] = card_view
) -> KatunView:
    """The Katun cards as ``seat`` sees them (``card_view``: how a card is described)."""
    mine = 0 if seat is None else state.peeks[seat]
    slots: list[str] = []
    cards: list[RoundCardView] = []
    for i, c in enumerate(state.slots):
        seen = c >= 0 and bool(mine >> i & 1)
        slots.append("turned" if c < 0 else TEXT[c] if seen else "?")
        cards.append({"slot": i, "face_down": c >= 0, "card": card_view(c) if seen else None})
    return {
        "deck": len(state.deck),
        "layout": state.layout,
        "discard": [TEXT[c] for c in state.discard],
        "discard_cards": [card_view(c) for c in state.discard],
        "ball_games": state.ball_games,
        "eclipse": state.eclipse,
        "slots": slots,
        "cards": cards,
        "peeked": [m.bit_count() for m in state.peeks],
    }


def war_view(state: BalamData) -> WarView | None:
    war = state.war
    if war is None:
        return None
    names = state.board.names
    return {
        "source": names[war.source],
        "target": names[war.target],
        "garrisons": war.garrisons,
        "obsidian": war.obsidian,
        "defender": war.defender,
        "points": war.points,
        "defence_obsidian": war.defence_obsidian,
        "destroyed": war.destroyed,
    }


def last_war_view(state: BalamData) -> LastWarView | None:
    result = state.last_war
    if result is None:
        return None
    names = state.board.names
    return {
        "source": names[result.source],
        "target": names[result.target],
        "attacker": result.attacker,
        "defender": result.defender,
        "garrisons": result.garrisons,
        "attack_obsidian": result.attack_obsidian,
        "defence_garrisons": result.defence_garrisons,
        "defence_obsidian": result.defence_obsidian,
        "attack": result.attack,
        "defence": result.defence,
        "skulls": result.skulls,
        "winner": None if result.winner < 0 else result.winner,
        "destroyed": [fallen_view(state, x) for x in result.destroyed],
        "lost": [fallen_view(state, x) for x in result.lost],
        "prisoners": [
            {"site": names[b // MAX_PLOTS], "plot": b % MAX_PLOTS} for b in result.prisoners
        ],
        "prisoners_lost": len(result.destroyed) - len(result.prisoners),
        "devastated": [names[s] for s in result.devastated],
    }


def fallen_view(state: BalamData, gone: Fallen) -> FallenView:
    """A building the war took, as the state's own record writes it (:class:`FallenCodec`)."""
    view: FallenView = _FALLEN.dump(gone, state)
    return view


_FALLEN = FallenCodec()


def turn_view(state: BalamData) -> TurnView:
    names = state.board.names
    return {
        "lock": None if state.build_site < 0 else names[state.build_site],
        "due": state.cost_due,
        "attacked": state.attacked,
        "war": war_view(state),
        "losses": [
            {
                "building": KINDS[x.kind],
                "count": x.count,
                "site": None if x.site < 0 else names[x.site],
            }
            for x in state.losses
        ],
        "after": AFTER_NAMES[state.after_losses],
        "card": None if state.card < 0 else TEXT[state.card],
        "katun_card": None if state.card < 0 else card_view(state.card),
        "ward": state.warding,
        "offered": [names[c] for c in state.offered],
    }


def view(
    state: BalamData, seat: int | None, to_move: tuple[int, ...], outcome: Outcome | None
) -> BalamView:
    """What ``seat`` (``None``: a spectator) sees: every part of :data:`_PARTS`, in its order
    (``outcome`` once the game is over), each built afresh."""
    out = {
        key: build(state, seat, to_move, outcome, False)
        for key, build in _PARTS.items()
        if key != "outcome" or state.phase == OVER
    }
    return cast(BalamView, out)


def views(
    state: BalamData, seats: list[int | None], to_move: tuple[int, ...], outcome: Outcome | None
) -> dict[int | None, BalamView]:
    """The views of ``seats``, each equal to :func:`view` of its seat, built once for all: the
    spectator's view is the public part, and a seat's differs from it only in ``seat`` and, if
    it looked at some of the round's Katun cards (divination), in ``katun``, made for it alone.
    The views share everything else (the same objects): read them, never change them.

    The public part's larger parts that did not change since the last call on this game (its
    state or a clone's) are the same objects as then (:func:`public_view`), so that a server
    may keep their encoding from one move to the next."""
    public = public_view(state, to_move, outcome)
    out: dict[int | None, BalamView] = {}
    for seat in seats:
        if seat is None:
            out[seat] = public
            continue
        own: BalamView = {**public, "seat": seat}  # same keys, same order as view()
        if state.peeks[seat]:  # what it saw of the round's cards is its own
            own["katun"] = katun_view(state, seat)
        out[seat] = own
    return out


# -- the public view's parts kept from one move to the next (for a server) -----------------------
def public_view(state: BalamData, to_move: tuple[int, ...], outcome: Outcome | None) -> BalamView:
    """The spectators' view, equal to :func:`view` of ``None`` (the same keys, order and
    values), whose larger parts are kept in ``state.view_memo`` with what they were built from
    and handed again, the same objects, while that did not change (:data:`_KEPT`): the board,
    the options, the sites (each site apart), the Katun cards, the finished rounds, the log and
    the last war.  The parts are shared with the calls before and after: read them, never
    change them (nothing in the rules does: they are built here and held here only)."""
    memo = state.view_memo
    out: dict[str, Any] = {}
    for key, build in _PARTS.items():
        if key == "outcome" and state.phase != OVER:
            continue
        kept = _KEPT.get(key)
        out[key] = build(state, None, to_move, outcome, True) if kept is None else kept(state, memo)
    return cast(BalamView, out)


ViewMemo = dict[str, tuple[Any, Any]]


def _same(memo: ViewMemo, name: str, source: Any, build: Callable[[], Any]) -> Any:
    """The part ``name`` as built last time if it was built from this very ``source`` (an
    object the rules replace rather than change: the entry keeps it alive, so no other object
    can take its ``id``), else built now and kept."""
    entry = memo.get(name)
    if entry is not None and entry[0] is source:
        return entry[1]
    part = build()
    memo[name] = (source, part)
    return part


def kept_sites(state: BalamData, memo: ViewMemo) -> dict[str, SiteView]:
    """:func:`sites_view` (shared), kept while the owners, buildings, riches and pyramids are
    the same; when some changed, the sites that did not are the entries of the last time."""
    key = (
        tuple(state.owner),
        tuple(state.buildings),
        tuple(state.riches_on),
        tuple(map(tuple, state.pyramids)),
    )
    entry = memo.get("sites")
    if entry is not None and entry[0] == key:
        return cast(dict[str, SiteView], entry[1])
    board = state.board
    names = board.names
    if entry is None:
        out = {names[site]: _site_entry(state, site, True) for site in board.sites}
    else:
        was, old = entry
        # the sites where something differs, found in C (a site's plots are its positions)
        changed: set[int] = set()
        for i in range(4):
            if was[i] != key[i]:
                differ = compress(range(len(key[i])), map(ne, was[i], key[i]))
                changed.update(differ if i in (0, 3) else (b // MAX_PLOTS for b in differ))
        out = dict(old)  # the same keys in the same order
        for site in changed:
            out[names[site]] = _site_entry(state, site, True)
    memo["sites"] = (key, out)
    return out


def kept_katun(state: BalamData, memo: ViewMemo) -> KatunView:
    """:func:`katun_view` for a spectator (the cards described shared), kept while the deck's
    size, the discard pile, the round's cards and who looked at them are the same; the discard
    pile's two lists are kept while it is."""
    discard = tuple(state.discard)
    key = (
        len(state.deck),
        state.layout,
        discard,
        state.ball_games,
        state.eclipse,
        tuple(state.slots),
        tuple(state.peeks),
    )
    entry = memo.get("katun")
    if entry is not None:
        if entry[0] == key:
            return cast(KatunView, entry[1])
        if entry[0][2] == discard:
            texts, cards = entry[1]["discard"], entry[1]["discard_cards"]
        else:
            entry = None
    if entry is None:
        texts = [TEXT[c] for c in discard]
        cards = [shared_card_view(c) for c in discard]
    part: KatunView = {
        "deck": len(state.deck),
        "layout": state.layout,
        "discard": texts,
        "discard_cards": cards,
        "ball_games": state.ball_games,
        "eclipse": state.eclipse,
        "slots": ["turned" if c < 0 else "?" for c in state.slots],
        "cards": [
            {"slot": i, "face_down": c >= 0, "card": None} for i, c in enumerate(state.slots)
        ],
        "peeked": [m.bit_count() for m in state.peeks],
    }
    memo["katun"] = (key, part)
    return part


#: the parts of :func:`public_view` kept between calls, and how: ``kept(state, memo)``
_KEPT: dict[str, Callable[[BalamData, ViewMemo], Any]] = {
    "options": lambda state, memo: _same(
        memo, "options", state.options, lambda: options_view(state.options)
    ),
    "sites": kept_sites,
    "katun": kept_katun,
    "last_war": lambda state, memo: _same(
        memo, "last_war", state.last_war, lambda: last_war_view(state)
    ),
    "log": lambda state, memo: _same(memo, "log", state.log, lambda: list(state.log)),
    "rounds": lambda state, memo: _same(memo, "rounds", state.history, lambda: list(state.history)),
    "board": lambda state, memo: _board_part(state),
}


def options_view(options: dict[str, Any]) -> OptionsView:
    return {
        "board": options["board"],
        "ball_games": options["ball_games"],
        "first_player": options["first_player"],
        "faces": options["faces"],
        "next_round": options["next_round"],
        "market_control": options["market_control"],
        "score_cap": options["score_cap"],
        "ties": options["ties"],
    }


# -- parts of a view, built alone (for bots) ----------------------------------------------------
def _board_part(state: BalamData) -> BoardView:
    """The board's layout as :func:`board_json` gives it, but the one copy kept on the board
    (shared: read it, never change it)."""
    if not state.board.layout_json:
        state.board.layout_json.append(state.board.to_json())
    return state.board.layout_json[0]


#: each top-level key of a view, in the view's order, and how it is built alone:
#: ``build(state, seat, to_move, outcome, shared)``; with ``shared`` (:func:`view_parts`, for
#: bots) the board, the free sites and the Katun cards described are copies kept for all, else
#: (:func:`view`) every part is fresh
_PARTS: dict[str, Callable[[BalamData, int | None, tuple[int, ...], Outcome | None, bool], Any]] = {
    "game": lambda state, seat, to_move, outcome, shared: "balam",
    "version": lambda state, seat, to_move, outcome, shared: state.game.version,
    "players": lambda state, seat, to_move, outcome, shared: state.players,
    "options": lambda state, seat, to_move, outcome, shared: options_view(state.options),
    "ply": lambda state, seat, to_move, outcome, shared: state.ply,
    "round": lambda state, seat, to_move, outcome, shared: state.round,
    "phase": lambda state, seat, to_move, outcome, shared: PHASE_NAMES[state.phase],
    "current": lambda state, seat, to_move, outcome, shared: state.current,
    "round_first": lambda state, seat, to_move, outcome, shared: state.round_first,
    "to_move": lambda state, seat, to_move, outcome, shared: list(to_move),
    "seat": lambda state, seat, to_move, outcome, shared: seat,
    "sites": lambda state, seat, to_move, outcome, shared: sites_view(state, shared=shared),
    "kings": lambda state, seat, to_move, outcome, shared: kings_json(state.sheets, state.prestige),
    "supply": lambda state, seat, to_move, outcome, shared: all_riches(state.supply),
    "katun": lambda state, seat, to_move, outcome, shared: katun_view(
        state, seat, shared_card_view if shared else card_view
    ),
    "turn": lambda state, seat, to_move, outcome, shared: turn_view(state),
    "distribution": lambda state, seat, to_move, outcome, shared: {
        "done": list(state.done),
        "moved": [position_text(state.board, b) for b in sorted(state.moved)],
    },
    "last_roll": lambda state, seat, to_move, outcome, shared: [
        face_text(f) for f in state.last_roll
    ],
    "last_war": lambda state, seat, to_move, outcome, shared: last_war_view(state),
    "log": lambda state, seat, to_move, outcome, shared: list(state.log),
    "bonus": lambda state, seat, to_move, outcome, shared: (
        None if state.bonus is None else list(state.bonus)
    ),
    "rounds": lambda state, seat, to_move, outcome, shared: list(state.history),
    "round_tally": lambda state, seat, to_move, outcome, shared: tally_json(state.tally),
    "board": lambda state, seat, to_move, outcome, shared: (
        _board_part(state) if shared else board_json(state.board)
    ),
    "pyramids_left": lambda state, seat, to_move, outcome, shared: [
        {
            "large": LARGE_PYRAMIDS - state.cities(q),
            "small": SMALL_PYRAMIDS - state.small_used(q),
        }
        for q in range(state.players)
    ],
    # (built once the game is over, when there is an outcome)
    "outcome": lambda state, seat, to_move, outcome, shared: outcome and outcome.to_json(),
}


def view_parts(
    state: BalamData,
    seat: int | None,
    to_move: tuple[int, ...],
    outcome: Outcome | None,
    parts: Collection[str],
) -> dict[str, Any]:
    """The named top-level parts of :func:`view` for ``seat``, each equal to the view's, built
    without the others (``outcome`` only once the game is over; an unknown name is left out, as
    the view has no such key).  The board's layout is shared: read the parts, never change
    them."""
    out: dict[str, Any] = {}
    for key in parts:
        build = _PARTS.get(key)
        if build is None or (key == "outcome" and state.phase != OVER):
            continue
        out[key] = build(state, seat, to_move, outcome, True)
    return out
