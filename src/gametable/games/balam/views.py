"""What each seat sees (``view(seat)``), declared once as ``TypedDict`` classes.

``Game.view_schema`` derives the JSON Schema from :class:`BalamView` (field descriptions
included), and mypy checks that :func:`view` builds exactly that.  Everything public is there:
the board and its buildings, the kings' sheets, the Katun cards turned (and those this seat
looked at), the turn under way, the rounds finished.  Never the deck's order, the face-down
cards this seat has not seen, the seed or the RNG.

Every fact is a typed field, so a client never parses text: a plot is a :class:`PlotView`
(its building, the plot that building stands on, the riches lying there), a Katun card a
:class:`CardView`, each site's place on the map is ``x``/``y`` in ``board``.  The cards' texts in
positions (``"prosperous:cacao/jade/prestige:2"``) are given beside them only to name a card the
way a position file does.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from itertools import compress
from operator import ne
from typing import Annotated, Any, Literal, NotRequired, TypedDict, cast

import msgspec

from gametable.games.balam.board import (
    BUILDINGS,
    DOUBLE,
    KINDS,
    LARGE_PYRAMIDS,
    MAX_PLOTS,
    RICHES,
    SMALL_PYRAMIDS,
    BoardView,
    BuildingName,
    RichesName,
    all_riches,
    board_json,
    riches_names,
    second_of,
)
from gametable.games.balam.boardview import AllRiches
from gametable.games.balam.dice import face_text
from gametable.games.balam.katun import CARDS, CATASTROPHE, TEXT, CardType
from gametable.games.balam.phases import OVER, AfterLosses, Phase
from gametable.games.balam.positions import (
    KingView,
    RoundView,
    TallyView,
    kings_json,
    position_text,
    tally_json,
)
from gametable.games.balam.state import BalamData
from gametable.games.balam.warlog import Fallen, FallenCodec


def doc(text: str) -> msgspec.Meta:
    """A field's description in the derived JSON Schema."""
    return msgspec.Meta(description=text)


PhaseName = Literal[
    "turn", "act", "cost", "defend", "lose", "destroy", "choose", "offer", "distribution", "over"
]


class BuildingView(TypedDict):
    """A building standing on a site."""

    building: BuildingName
    plots: Annotated[
        list[int], doc("the plots it covers, its anchor first (palaces and temples cover two)")
    ]
    riches: Annotated[
        list[RichesName | None],
        doc(
            "per plot it covers (as in plots), the riches lying there or null (a palace or "
            "temple holds up to 2 riches, the other buildings 1)"
        ),
    ]


class PlotView(TypedDict):
    """A plot that a building covers."""

    building: Annotated[BuildingName, doc("the building covering it")]
    anchor: Annotated[
        int,
        doc(
            "the plot that building stands on: this plot itself, or for the second plot of a "
            "palace or temple the plot where it begins"
        ),
    ]
    riches: Annotated[RichesName | None, doc("the riches lying on this plot (null: none)")]


class SiteView(TypedDict):
    """A site of the board and what stands on it (its layout is in ``board``)."""

    owner: Annotated[int | None, doc("the seat whose city it is (null: a free site)")]
    plots: Annotated[
        list[PlotView | None],
        doc("per plot, numbered from 0: what covers it (null: an empty plot)"),
    ]
    pyramids: NotRequired[
        Annotated[list[int], doc("small pyramids per seat (commercial control), if any")]
    ]
    buildings: Annotated[list[BuildingView], doc("the buildings, by their anchor plot")]


class BuildingCount(TypedDict):
    building: BuildingName
    count: int


class LossView(TypedDict):
    """Buildings a king still owes (a war's losses, a catastrophe)."""

    building: BuildingName
    count: Annotated[int, doc("how many of them")]
    site: Annotated[str | None, doc("the site they must stand on (null: anywhere)")]


class CatastropheView(TypedDict):
    """What a catastrophe asks of the king who turns it over."""

    mayas_pay: Annotated[RichesName, doc("the riches his Mayas may pay to ward it off")]
    count: Annotated[int, doc("how many of that riches")]
    loses: Annotated[
        list[BuildingCount], doc("else the buildings he loses (as far as he has them)")
    ]
    cities: Annotated[
        Literal["volcano", "seashore"] | None,
        doc("else every city of his with this feature is lost (null: buildings instead)"),
    ]


class CardView(TypedDict):
    """A Katun card as printed."""

    type: Annotated[CardType, doc("the card's type")]
    name: Annotated[str, doc("its name, as the rulebook names it")]
    riches: Annotated[
        list[RichesName],
        doc("Favourable: the riches gained; Prosperous: those offered (take one); else none"),
    ]
    prestige: Annotated[int, doc("Prosperous: the prestige points offered instead (0: none)")]
    effect: Annotated[str, doc("what it does, in a sentence")]
    catastrophe: CatastropheView | None
    text: Annotated[str, doc("the card's text in positions, e.g. 'prosperous:cacao/jade'")]


class RoundCardView(TypedDict):
    """One of the round's Katun cards laid beside the board."""

    slot: int
    face_down: Annotated[bool, doc("still face down (false: turned over)")]
    card: Annotated[
        CardView | None, doc("the card if this seat looked at it (divination), else null")
    ]


class KatunView(TypedDict):
    """The Katun cards: the deck (counted), this round's cards, those turned over."""

    deck: Annotated[int, doc("cards left in the deck")]
    layout: Annotated[bool, doc("the deck was built as the rulebook says (its structure is known)")]
    discard: Annotated[list[str], doc("the cards turned over, oldest first, as text")]
    discard_cards: Annotated[list[CardView], doc("the same cards, described")]
    ball_games: Annotated[int, doc("ball games played")]
    eclipse: Annotated[bool, doc("the Eclipse was turned: no more Clemency of Chaak")]
    slots: Annotated[
        list[str],
        doc("per card of the round: 'turned', '?' (face down) or its text if this seat saw it"),
    ]
    cards: Annotated[list[RoundCardView], doc("the same cards, described")]
    peeked: Annotated[list[int], doc("per seat, how many of the round's cards it looked at")]


class WarView(TypedDict):
    """An attack under way."""

    source: Annotated[str, doc("the attacking city")]
    target: Annotated[str, doc("the attacked city")]
    garrisons: Annotated[int, doc("garrisons committed (dice rolled)")]
    obsidian: Annotated[int, doc("obsidian the attacker spent")]
    defender: Annotated[int, doc("the defending seat")]
    points: Annotated[int, doc("destruction points left to the attacker")]
    defence_obsidian: Annotated[int, doc("obsidian the defender spent")]
    destroyed: Annotated[int, doc("buildings destroyed so far")]


class FallenView(TypedDict):
    """A building a war took away ("3 - WARS"): destroyed by the attacker, or a garrison the
    attacker lost to a skull; with what went with it."""

    site: Annotated[str, doc("the city it stood in")]
    plot: Annotated[int, doc("the plot it stood on (its anchor plot)")]
    building: BuildingName
    owner: Annotated[int, doc("the seat whose city it was")]
    riches: Annotated[list[RichesName], doc("the riches lying on it, lost with it")]
    pyramids: Annotated[
        int,
        doc(
            "small pyramids (commercial control) discarded with it: a market's, on its city "
            "and each neighbouring one; else 0"
        ),
    ]


class PlotRef(TypedDict):
    """A plot of a site."""

    site: str
    plot: int


class LastWarView(TypedDict):
    """The last war ("3 - WARS"), kept until the next war: the battle, what it changed on the
    board and who won (public: every seat sees the same)."""

    source: Annotated[str, doc("the attacking city")]
    target: Annotated[str, doc("the attacked city")]
    attacker: Annotated[int, doc("the attacking seat")]
    defender: Annotated[int, doc("the defending seat")]
    garrisons: Annotated[int, doc("garrisons committed (dice rolled, shown in last_roll)")]
    attack_obsidian: Annotated[int, doc("obsidian the attacker spent")]
    defence_garrisons: Annotated[
        int, doc("the defender's garrisons counted: the attacked city's and his adjacent cities'")
    ]
    defence_obsidian: Annotated[int, doc("obsidian the defender spent")]
    attack: Annotated[int, doc("the attack: success points rolled + obsidian spent")]
    defence: Annotated[int, doc("the defence: garrisons counted + obsidian spent")]
    skulls: Annotated[int, doc("skulls rolled: garrisons the attacker lost")]
    winner: Annotated[
        int | None,
        doc(
            "the seat that won: the attacker if he destroyed at least one building, else the "
            "defender; null while the war is still being fought (losses or destruction to "
            "choose), or in a position written before the winner was recorded"
        ),
    ]
    destroyed: Annotated[
        list[FallenView],
        doc("the defender's buildings destroyed, in the order destroyed (so far, while fought)"),
    ]
    lost: Annotated[
        list[FallenView], doc("the attacker's garrisons lost to the skulls, in the order lost")
    ]
    prisoners: Annotated[
        list[PlotRef],
        doc(
            "the garrisons of the attacking city that took a prisoner, one per "
            "building destroyed while a garrison was free and a prisoner left in the supply"
        ),
    ]
    prisoners_lost: Annotated[
        int, doc("buildings destroyed whose prisoner was lost (no free garrison, or none left)")
    ]
    devastated: Annotated[
        list[str],
        doc("the cities whose last building the war took: they belong to no one since then"),
    ]


class TurnView(TypedDict):
    """The turn under way."""

    lock: Annotated[str | None, doc("the site the king builds on this turn")]
    due: Annotated[int, doc("riches still owed for the building just built")]
    attacked: Annotated[bool, doc("the king attacked this turn")]
    war: WarView | None
    losses: Annotated[list[LossView], doc("buildings the king still owes")]
    after: Annotated[
        Literal["", "destroy", "katun"],
        doc("what follows the losses: the destruction of a war, or the end of a Katun card"),
    ]
    card: Annotated[str | None, doc("the Katun card being resolved, as text")]
    katun_card: Annotated[CardView | None, doc("the Katun card being resolved, described")]
    ward: Annotated[int, doc("riches the Mayas still owe for the catastrophe (the king chooses)")]
    offered: Annotated[list[str], doc("cenotes already offered to (Cult of the sacred cenotes)")]


class DistributionView(TypedDict):
    """The distribution at the end of a round."""

    done: Annotated[list[bool], doc("per seat, finished distributing")]
    moved: Annotated[list[str], doc("plots ('SITE.PLOT') whose riches were moved there already")]


class PyramidsLeft(TypedDict):
    """The pyramids still in a king's hand."""

    large: Annotated[int, doc("12 less his cities (his 13th large pyramid marks his score)")]
    small: Annotated[int, doc("15 less those his markets stand on (his 16th marks his score)")]


class OptionsView(TypedDict):
    """The game's options (see the game's header)."""

    board: str
    ball_games: int | None
    first_player: int
    faces: str
    next_round: Literal["left_of_last", "rotate"]
    market_control: Literal["strongest", "all"]
    score_cap: bool
    ties: Literal["shared", "cities"]


class OutcomeView(TypedDict):
    scores: list[float]
    ranking: list[int]
    winners: list[int]
    reason: str


class BalamView(TypedDict):
    """What one seat (or a spectator) of a Balam game sees."""

    game: Literal["balam"]
    version: int
    players: int
    options: OptionsView
    ply: Annotated[int, doc("decisions made so far")]
    round: int
    phase: Annotated[PhaseName, doc("which decision comes next")]
    current: Annotated[int, doc("the seat whose turn it is")]
    round_first: Annotated[int, doc("the seat that began the round")]
    to_move: Annotated[list[int], doc("the seats that must decide now")]
    seat: Annotated[int | None, doc("whose view this is (null: a spectator)")]
    sites: Annotated[dict[str, SiteView], doc("every site, by its id")]
    kings: list[KingView]
    supply: Annotated[AllRiches, doc("riches tokens left in the supply")]
    katun: KatunView
    turn: TurnView
    distribution: DistributionView
    last_roll: Annotated[list[str], doc("the last war's dice: success points 0-3, or X (skull)")]
    last_war: Annotated[
        LastWarView | None, doc("the last war's totals (null before the first war)")
    ]
    log: Annotated[list[str], doc("the last events, in words")]
    bonus: Annotated[list[int] | None, doc("the riches bonus per seat, once the game is over")]
    rounds: Annotated[list[RoundView], doc("the finished rounds, oldest first")]
    round_tally: TallyView
    board: BoardView
    pyramids_left: list[PyramidsLeft]
    outcome: NotRequired[OutcomeView]


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


def view(state: BalamData, seat: int | None, to_move: tuple[int, ...], outcome: Any) -> BalamView:
    """What ``seat`` (``None``: a spectator) sees: every part of :data:`_PARTS`, in its order
    (``outcome`` once the game is over), each built afresh."""
    out = {
        key: build(state, seat, to_move, outcome, False)
        for key, build in _PARTS.items()
        if key != "outcome" or state.phase == OVER
    }
    return cast(BalamView, out)


def views(
    state: BalamData, seats: list[int | None], to_move: tuple[int, ...], outcome: Any
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
def public_view(state: BalamData, to_move: tuple[int, ...], outcome: Any) -> BalamView:
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
_PARTS: dict[str, Callable[[BalamData, int | None, tuple[int, ...], Any, bool], Any]] = {
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
    "outcome": lambda state, seat, to_move, outcome, shared: outcome.to_json(),
}


def view_parts(
    state: BalamData,
    seat: int | None,
    to_move: tuple[int, ...],
    outcome: Any,
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
