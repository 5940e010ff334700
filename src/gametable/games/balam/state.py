"""The state of a Balam game as data: every field declared once, and the small queries and
changes every rule uses.

The board's buildings live in flat lists indexed by the plot position ``pos = 4 * site + plot``
(:data:`~gametable.games.balam.board.MAX_PLOTS` positions per site, some unused):
``buildings[pos]`` is :data:`~gametable.games.balam.board.EMPTY`, a
:class:`~gametable.games.balam.board.Building` on its anchor plot, or
:data:`~gametable.games.balam.board.SECOND_PLOT` on the other plot of a palace or temple;
``riches_on[pos]`` is the riches lying there (or ``NO_RICHES``; a palace or temple holds its
second riches on its second plot).  ``owner[site]`` is the seat whose large pyramid stands there
(-1: nobody); ``pyramids[site][seat]`` counts small pyramids (commercial control); ``sheets[seat]
[riches]`` are the riches on each king sheet.  The Katun deck is a list
with its top card last; ``slots`` are the round's face-down cards (-1 once turned); ``peeks[seat]``
is a bit mask of the slots that seat has looked at.

The fields are declared once, in :data:`FIELDS` (:func:`gametable.core.statefields.field`): how
each is made and copied and where it lives in the JSON form (``docs/rules/balam.md``, "Positions
by hand"; the codecs are in :mod:`~gametable.games.balam.positions`).  :class:`BalamData` writes
them out as typed attributes with their ``clone`` (checked against :data:`FIELDS` by a test), so
that the optional compiled build makes it a native class.  The rules are functions over this data, one module per
rulebook section, and :mod:`~gametable.games.balam.flow` runs the turns and rounds; the
:class:`Phase` says which decision comes next.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Self

from gametable.core.errors import InvalidState
from gametable.core.protocol import Action, State
from gametable.core.rng import Rng
from gametable.core.statefields import (
    MISSING,
    SEAT,
    Bool,
    Choice,
    Codec,
    Copy,
    Field,
    Int,
    ListOf,
    Maybe,
    Part,
    Plain,
    Record,
    SetOf,
    create_fields,
    declare,
    field,
    fields_json,
    load_fields,
)
from gametable.games.balam import rules
from gametable.games.balam.actions import ActionCodec, ActionTable, action_codec, action_table
from gametable.games.balam.board import (
    BUILDINGS,
    DEFAULT,
    DOUBLE,
    EMPTY,
    GARRISON,
    KINDS,
    MARKET,
    MAX_PLOTS,
    NO_RICHES,
    RANDOM,
    RESERVE,
    RICHES,
    SECOND_PLOT,
    SUPPLY,
    TILE_OF,
    VILLAGE,
    Board,
    game_board,
    load_board,
    random_tiles,
    riches_count,
    tiles_problem,
)
from gametable.games.balam.dice import SKULL, parse_faces
from gametable.games.balam.katun import CATASTROPHE, CATASTROPHES, KIND
from gametable.games.balam.positions import (
    PRESTIGE_SOURCES,
    Face,
    FixedDice,
    KatunCards,
    PlotPosition,
    RichesCounts,
    Rounds,
    RoundSeatView,
    RoundView,
    SiteName,
    Sites,
    Tally,
    TurnedCard,
    free_plots,
    katun_json,
    kings_json,
    load_katun,
    load_kings,
    load_sites,
    load_tally,
    sites_json,
    tally_json,
    tiles_used,
)
from gametable.games.balam.rules import Refusal
from gametable.games.balam.scoring import SCORE_CAP
from gametable.games.balam.transport import reach, usable_mask

#: entries kept in the transport memo of a board before it starts afresh
MEMO_SIZE: Final = 1 << 16
_PLURAL = {"observatory": "observatories"}
#: the keys of ``event_counts``, always all present
EVENTS: Final = (
    "rounds",
    "wars",
    "wars_won",
    "wars_lost",
    "buildings_destroyed",
    "prisoners_taken",
    "garrisons_lost_in_war",
    "devastated_cities",
    "catastrophes",
    "catastrophes_paid",
    "catastrophes_suffered",
    "catastrophes_harmless",
    "buildings_lost_to_catastrophes",
    "cities_lost_to_catastrophes",
    *(f"prestige_{src}" for src in PRESTIGE_SOURCES),
    "katun_cards_turned",
    "ball_games",
    "cenote_offerings",
    "dowries",
    "buildings_built",
    *(f"{_PLURAL.get(k, k + 's')}_built" for k in KINDS),
    "buildings_removed",
    "riches_produced",
    "taxes_collected",
    "chaak_maize",
)
assert PRESTIGE_SOURCES == ("ceremony", "cenote", "ball_game", "prosperous", "bonus")
#: the event counted when a building of each kind is built
BUILT: Final = tuple(f"{_PLURAL.get(k, k + 's')}_built" for k in KINDS)


class Phase(enum.StrEnum):
    """Which decision comes next."""

    #: the current king pays a riches (then acts) or turns over a Katun card
    TURN = "turn"
    #: build, remove, attack or end the turn
    ACT = "act"
    #: pay a building's riches, one at a time
    COST = "cost"
    #: the defender chooses how much obsidian to spend
    DEFEND = "defend"
    #: the king chooses the buildings he loses (war losses, catastrophes)
    LOSE = "lose"
    #: the attacker chooses the buildings destroyed
    DESTROY = "destroy"
    #: a Katun card's choice (with ``warding``: which of the Mayas' riches pay a catastrophe)
    CHOOSE = "choose"
    #: sacrifices in the sacred cenotes
    OFFER = "offer"
    #: every king not yet done moves riches (end of the round)
    DISTRIBUTION = "distribution"
    OVER = "over"


# plain names for the rules' hot paths (an enum's class attribute is slow to look up)
TURN: Final = Phase.TURN
ACT: Final = Phase.ACT
COST: Final = Phase.COST
DEFEND: Final = Phase.DEFEND
LOSE: Final = Phase.LOSE
DESTROY: Final = Phase.DESTROY
CHOOSE: Final = Phase.CHOOSE
OFFER: Final = Phase.OFFER
DISTRIBUTION: Final = Phase.DISTRIBUTION
OVER: Final = Phase.OVER


class Then(enum.Enum):
    """What the flow does once a rule has played its part (the rules never call upward)."""

    #: a seat must decide (the phase says which decision)
    DECIDE = "decide"
    #: the turn is over
    END_TURN = "end turn"
    #: every king has distributed: the round closes
    CLOSE_ROUND = "close round"


DECIDE: Final = Then.DECIDE
END_TURN: Final = Then.END_TURN
CLOSE_ROUND: Final = Then.CLOSE_ROUND

#: the rule cited when an action is not one of the current phase's
PHASE_RULE: Final = {
    TURN: rules.TURNS,
    ACT: rules.CONSTRUCTIONS,
    COST: rules.COSTS,
    DEFEND: rules.DEFENCE,
    LOSE: rules.WAR_LOSSES,
    DESTROY: rules.DESTRUCTION,
    CHOOSE: rules.KATUN,
    OFFER: rules.CENOTES,
    DISTRIBUTION: rules.TRANSPORT,
}


def not_now(state: BalamData, action: Action) -> Refusal:
    """The refusal of an action that the current phase does not offer."""
    return Refusal(
        f"{action} is not possible now ({state.phase} phase)",
        PHASE_RULE.get(state.phase, rules.TURNS),
    )


class AfterLosses(enum.StrEnum):
    """What follows once a king has lost the buildings he owes."""

    NOTHING = ""
    #: the war goes on: the attacker destroys
    DESTRUCTION = "destroy"
    #: the Katun card is resolved
    KATUN = "katun"


@dataclass(frozen=True, slots=True)
class War:
    """An attack under way ("3 - WARS"), replaced (never changed) as it unfolds."""

    source: int
    target: int
    garrisons: int
    obsidian: int
    defender: int
    #: destruction points left to the attacker
    points: int = 0
    defence_obsidian: int = 0
    destroyed: int = 0


@dataclass(frozen=True, slots=True)
class Fallen:
    """A building a war took away ("3 - WARS"): destroyed by the attacker, or one of the
    attacker's garrisons lost to a skull; as it stood, with what went with it."""

    kind: int
    #: its plot position (its anchor plot)
    pos: int
    #: the seat whose city it stood in
    owner: int
    #: the riches lying on it, lost with it
    riches: tuple[int, ...] = ()
    #: small pyramids (commercial control) discarded with it: a market's, else 0
    pyramids: int = 0


@dataclass(frozen=True, slots=True)
class WarResult:
    """The last war ("3 - WARS"), kept until the next war: the battle's totals (set when the
    dice are rolled), then what the war changed on the board as it unfolds (the garrisons lost
    to skulls, the buildings destroyed, the prisoners taken, the cities left to no one) and,
    once it is over, who won."""

    source: int
    target: int
    attacker: int
    defender: int
    #: dice rolled (garrisons committed) and obsidian the attacker spent
    garrisons: int
    attack_obsidian: int
    #: the defender's garrisons counted (the attacked city and his adjacent cities) and obsidian
    defence_garrisons: int
    defence_obsidian: int
    #: success points + obsidian; garrisons + obsidian
    attack: int
    defence: int
    skulls: int
    #: the attacker's garrisons lost to the skulls, in the order lost
    lost: tuple[Fallen, ...] = ()
    #: the defender's buildings destroyed, in the order destroyed
    destroyed: tuple[Fallen, ...] = ()
    #: the plot positions of the attacking city's garrisons that took a prisoner, one per
    #: building destroyed while a garrison was free (the others' prisoners are lost)
    prisoners: tuple[int, ...] = ()
    #: the sites whose last building the war took: they belong to no one now
    devastated: tuple[int, ...] = ()
    #: the seat that won once the war is over (-1 until then): the attacker if he destroyed at
    #: least one building, else the defender (docs/rules/balam.md, "3 - WARS")
    winner: int = -1


@dataclass(frozen=True, slots=True)
class Loss:
    """Buildings a king owes: ``count`` of ``kind``, on ``site`` (-1: anywhere)."""

    kind: int
    count: int
    site: int = -1


class LossList(Codec[tuple[Loss, ...]]):
    """``[[building, count, site or null], ...]``."""

    def dump(self, value: Sequence[Loss], state: Any) -> Any:
        names = state.board.names
        return [[KINDS[x.kind], x.count, None if x.site < 0 else names[x.site]] for x in value]

    def load(self, raw: Any, where: str, state: Any) -> tuple[Loss, ...]:
        if not isinstance(raw, list):
            raise InvalidState(f"{where} must be a list of [building, count, site or null]")
        out = []
        for item in raw:
            if not isinstance(item, list) or len(item) != 3 or item[0] not in KINDS:
                raise InvalidState(f"{where}: {item!r} is not [building, count, site or null]")
            site = -1 if item[2] is None else SITE.load(item[2], where, state)
            count = COUNT.load(item[1], f"{where} count", state)
            out.append(Loss(KINDS.index(item[0]), count, site))
        return tuple(out)


SITE: Final = SiteName()
COUNT: Final = Int(0)


class TupleOf(Codec[tuple[Any, ...]]):
    """A list of values of ``codec``, read as a tuple (for the fields of frozen records)."""

    def __init__(self, codec: Codec[Any]) -> None:
        self.items = ListOf(codec)

    def dump(self, value: Sequence[Any], state: Any) -> Any:
        return self.items.dump(value, state)

    def load(self, raw: Any, where: str, state: Any) -> tuple[Any, ...]:
        return tuple(self.items.load(raw, where, state))


class FallenCodec(Codec[Fallen]):
    """``{"site", "plot", "building", "owner", "riches": [...], "pyramids"}`` (as the view shows
    it; ``riches`` and ``pyramids`` default to none)."""

    def dump(self, value: Fallen, state: Any) -> Any:
        site, plot = divmod(value.pos, MAX_PLOTS)
        return {
            "site": state.board.names[site],
            "plot": plot,
            "building": KINDS[value.kind],
            "owner": value.owner,
            "riches": [RICHES[r] for r in value.riches],
            "pyramids": value.pyramids,
        }

    def load(self, raw: Any, where: str, state: Any) -> Fallen:
        keys = {"site", "plot", "building", "owner", "riches", "pyramids"}
        if not isinstance(raw, Mapping) or not {"site", "plot", "building", "owner"} <= set(raw):
            raise InvalidState(f"{where} must be an object with site, plot, building and owner")
        unknown = sorted(str(k) for k in raw if k not in keys)
        if unknown:
            raise InvalidState(f"{where} has no field {unknown[0]!r}")
        site = SITE.load(raw["site"], f"{where}.site", state)
        plot = Int(0, state.board.plots[site] - 1).load(raw["plot"], f"{where}.plot", state)
        kind = raw["building"]
        if kind not in KINDS or KINDS.index(kind) not in BUILDINGS:
            raise InvalidState(f"{where}.building: {kind!r} is not a building")
        riches = raw.get("riches", [])
        if not isinstance(riches, list) or any(r not in RICHES for r in riches):
            raise InvalidState(f"{where}.riches must be a list of riches names")
        return Fallen(
            KINDS.index(kind),
            site * MAX_PLOTS + plot,
            SEAT.load(raw["owner"], f"{where}.owner", state),
            tuple(RICHES.index(r) for r in riches),
            COUNT.load(raw.get("pyramids", 0), f"{where}.pyramids", state),
        )


FALLEN: Final = TupleOf(FallenCodec())
WAR_RESULT: Final = Record(
    WarResult,
    {
        "source": (SITE, MISSING),
        "target": (SITE, MISSING),
        "attacker": (SEAT, MISSING),
        "defender": (SEAT, MISSING),
        "garrisons": (Int(1, MAX_PLOTS), MISSING),
        "attack_obsidian": (Int(0, MAX_PLOTS), 0),
        "defence_garrisons": (Int(0), MISSING),
        "defence_obsidian": (Int(0), 0),
        "attack": (Int(0), MISSING),
        "defence": (Int(0), MISSING),
        "skulls": (Int(0, MAX_PLOTS), MISSING),
        # what the war changed on the board (left out by positions written before they were
        # recorded: nothing, and the winner unknown)
        "lost": (FALLEN, ()),
        "destroyed": (FALLEN, ()),
        "prisoners": (TupleOf(PlotPosition()), ()),
        "devastated": (TupleOf(SITE), ()),
        "winner": (Maybe(SEAT, none=-1), -1),
    },
)


WAR: Final = Record(
    War,
    {
        "source": (SITE, MISSING),
        "target": (SITE, MISSING),
        "garrisons": (Int(1, MAX_PLOTS), 1),
        "obsidian": (Int(0, MAX_PLOTS), 0),
        "defender": (SEAT, 0),
        "points": (Int(0), 0),
        "defence_obsidian": (Int(0), 0),
        "destroyed": (Int(0), 0),
    },
)


def _stats_problem(value: Any) -> str | None:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
        for k, v in value.items()
    ):
        return "must map event names to counts"
    return None


def _log_problem(value: Any) -> str | None:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        return "must be a list of sentences"
    return None


# -- the parts: fields written together ----------------------------------------------------------------
class SitesPart(Part):
    path = "sites"

    def dump(self, state: BalamData) -> Any:
        return sites_json(
            state.board, Sites(state.owner, state.buildings, state.riches_on, state.pyramids)
        )

    def load(self, raw: Any, state: BalamData) -> None:
        sites = load_sites(raw, state.board, state.players, state.phase == DISTRIBUTION)
        state.owner, state.buildings, state.riches_on, state.pyramids = (
            sites.owner,
            sites.buildings,
            sites.riches_on,
            sites.pyramids,
        )


class KingsPart(Part):
    path = "kings"

    def dump(self, state: BalamData) -> Any:
        return kings_json(state.sheets, state.prestige)

    def load(self, raw: Any, state: BalamData) -> None:
        state.sheets, state.prestige = load_kings(raw, state.players)


class KatunPart(Part):
    path = "katun"

    def dump(self, state: BalamData) -> Any:
        return katun_json(state.cards())

    def load(self, raw: Any, state: BalamData) -> None:
        cards = load_katun(raw, state.players, state.seed)
        state.deck, state.slots, state.discard = cards.deck, cards.slots, cards.discard
        state.peeks, state.layout = cards.peeks, cards.layout


class TallyPart(Part):
    path = "round_tally"

    def dump(self, state: BalamData) -> Any:
        return tally_json(state.tally)

    def load(self, raw: Any, state: BalamData) -> None:
        state.tally = state.tally_from_json(raw)


class TilesPart(Part):
    """``board_tiles`` (only with ``board=random``): per place of the board, the default board's
    tile laid there, named by its place on the default board (``{"a1": "e6", "b1": "c4", ...}``).
    Left out, the layout is the one the game's seed draws."""

    path = ""

    def dump(self, state: BalamData) -> Any:
        if state.board_tiles is None:
            return {}
        return {"board_tiles": dict(zip(state.board.names, state.board_tiles, strict=True))}

    def load(self, raw: Any, state: BalamData) -> None:
        given = raw.get("board_tiles", MISSING)
        if given is MISSING:
            return
        if state.options["board"] != RANDOM:
            raise InvalidState("board_tiles is only for the option board=random")
        names = load_board(DEFAULT).names
        if not isinstance(given, dict) or set(given) != set(names):
            raise InvalidState(
                "board_tiles must map every place of the board (a1 .. e6) to the default "
                "board's tile laid there"
            )
        tiles = tuple(given[n] for n in names)
        problem = tiles_problem(tiles)
        if problem:
            raise InvalidState(f"board_tiles {problem}")
        state.board_tiles = tiles


SITES, KINGS, KATUN, TALLY, TILES = SitesPart(), KingsPart(), KatunPart(), TallyPart(), TilesPart()
#: the random board is drawn from a stream of the game's seed of its own (the deck, built from
#: the state's RNG, is the one the same seed gives on any board)
BOARD_STREAM: Final = 0xB0A2D


def seed_tiles(state: BalamData) -> tuple[str, ...] | None:
    """With ``board=random``, the layout the game's seed draws (``None`` on any other board)."""
    if state.options["board"] != RANDOM:
        return None
    return random_tiles(Rng(state.seed ^ BOARD_STREAM))


def _copy_tally(tally: Tally) -> Tally:
    return tally.copy()


#: every field of a Balam game, declared once: how it is made, copied and written (the
#: attributes of :class:`BalamData` and its ``clone`` are written out from these)
FIELDS: Final = declare(
    # -- fixed by the options (shared by clones, not written but the random board's layout) -------
    board_tiles=field(factory=seed_tiles, json=TILES),
    board=field(factory=lambda s: game_board(s.options["board"], s.board_tiles)),
    action_codec=field(factory=lambda s: action_codec(s.board, s.players)),
    actions=field(factory=lambda s: action_table(s.board)),
    faces=field(factory=lambda s: parse_faces(s.options["faces"])),
    # -- where the game stands --------------------------------------------------------------------------
    round=field(1, json="round", codec=Int(1)),
    phase=field(Phase.TURN, json="phase", codec=Choice(Phase)),
    current=field(0, json="current", codec=SEAT),
    round_first=field(factory=lambda s: s.current, json="round_first", codec=SEAT),
    # -- the board, the kings -----------------------------------------------------------------------------
    owner=field(factory=lambda s: [-1] * len(s.board.names), copy=Copy.SHALLOW, json=SITES),
    buildings=field(factory=lambda s: [EMPTY] * s.board.size, copy=Copy.SHALLOW, json=SITES),
    riches_on=field(factory=lambda s: [NO_RICHES] * s.board.size, copy=Copy.SHALLOW, json=SITES),
    pyramids=field(
        factory=lambda s: [[0] * s.players for _ in s.board.sites], copy=Copy.ROWS, json=SITES
    ),
    free_plots=field(factory=lambda s: free_plots(s.board, s.buildings), copy=Copy.SHALLOW),
    tiles=field(factory=lambda s: tiles_used(s.buildings), copy=Copy.SHALLOW),
    small_placed=field(
        factory=lambda s: [sum(column) for column in zip(*s.pyramids, strict=True)],
        copy=Copy.SHALLOW,
    ),
    sheets=field(
        factory=lambda s: [[0] * len(RICHES) for _ in range(s.players)], copy=Copy.ROWS, json=KINGS
    ),
    prestige=field(factory=lambda s: [0] * s.players, copy=Copy.SHALLOW, json=KINGS),
    supply=field(
        factory=lambda s: list(SUPPLY),
        copy=Copy.SHALLOW,
        json="supply",
        codec=RichesCounts(every=True),
        check="the tokens in play",
    ),
    # -- the Katun cards ------------------------------------------------------------------------------------
    deck=field(factory=lambda s: [], copy=Copy.SHALLOW, json=KATUN),
    layout=field(False, json=KATUN),
    discard=field(factory=lambda s: [], copy=Copy.SHALLOW, json=KATUN),
    slots=field(factory=lambda s: [], copy=Copy.SHALLOW, json=KATUN),
    peeks=field(factory=lambda s: [0] * s.players, copy=Copy.SHALLOW, json=KATUN),
    ball_games=field(0, json="katun.ball_games", codec=Int(0), check="the discard pile"),
    eclipse=field(False, json="katun.eclipse", codec=Bool(), check="the discard pile"),
    # -- the turn under way ------------------------------------------------------------------------------------
    build_site=field(-1, json="turn.lock", codec=Maybe(SITE, none=-1)),
    cost_due=field(0, json="turn.due", codec=Int(0, 2)),
    attacked=field(False, json="turn.attacked", codec=Bool(truthy=True)),
    war=field(None, json="turn.war", codec=Maybe(WAR)),
    losses=field((), json="turn.losses", codec=LossList()),
    after_losses=field(AfterLosses.NOTHING, json="turn.after", codec=Choice(AfterLosses)),
    card=field(-1, json="turn.card", codec=Maybe(TurnedCard(), none=-1)),
    warding=field(0, json="turn.ward", codec=Int(0, 2)),
    offered=field(factory=lambda s: [], copy=Copy.SHALLOW, json="turn.offered", codec=ListOf(SITE)),
    # -- the distribution ----------------------------------------------------------------------------------------
    done=field(
        factory=lambda s: [False] * s.players,
        copy=Copy.SHALLOW,
        json="distribution.done",
        codec=ListOf(Bool(truthy=True), length=lambda s: s.players),
    ),
    moved=field(
        factory=lambda s: set(),
        copy=Copy.SHALLOW,
        json="distribution.moved",
        codec=SetOf(PlotPosition()),
    ),
    # -- what happened -----------------------------------------------------------------------------------------------
    last_roll=field(factory=lambda s: [], json="last_roll", codec=ListOf(Face())),
    last_war=field(None, json="last_war", codec=Maybe(WAR_RESULT)),
    dice=field(factory=lambda s: [], copy=Copy.SHALLOW, json="dice", codec=FixedDice()),
    log=field(factory=lambda s: [], json="log", codec=Plain(_log_problem)),
    bonus=field(None, json="bonus", codec=Maybe(ListOf(Int(0), length=lambda s: s.players))),
    history=field(factory=lambda s: [], json="rounds", codec=Rounds()),
    tally=field(factory=lambda s: Tally.new(s.prestige), copy=_copy_tally, json=TALLY),
    stats=field(factory=lambda s: {}, copy=Copy.SHALLOW, json="stats", codec=Plain(_stats_problem)),
    # -- memos (not written) ----------------------------------------------------------------------------
    moving=field(None),
    legal_cache=field(factory=lambda s: {}),
    move_memo=field(factory=lambda s: {}, copy=Copy.SHALLOW),
    route_memo=field(factory=lambda s: {}),
    city_memo=field(factory=lambda s: {}),
    plot_memo=field(factory=lambda s: {}),
    reach_memo=field(factory=lambda s: s.actions.reach),
    view_memo=field(factory=lambda s: {}),
)


class BalamData(State):
    """Everything a Balam game is: the fields declared in :data:`FIELDS`, written out as typed
    attributes with their ``clone`` (so that the optional compiled build makes this a native
    class, whose fields compiled rules read directly; see ``docs/performance.md``), and the small
    queries and changes every rule uses."""

    _fields_: ClassVar[tuple[Field, ...]] = FIELDS

    # -- fixed by the options (shared by clones, not written but the random board's layout) -------
    #: with ``board=random``: per place, the default board's tile laid there (see ``TilesPart``)
    board_tiles: tuple[str, ...] | None
    board: Board
    action_codec: ActionCodec
    actions: ActionTable
    faces: tuple[int, ...]

    # -- where the game stands --------------------------------------------------------------------------
    round: int
    phase: Phase
    current: int
    round_first: int

    # -- the board, the kings -----------------------------------------------------------------------------
    owner: list[int]
    buildings: list[int]
    riches_on: list[int]
    pyramids: list[list[int]]
    #: per site, its empty plots bit by bit (derived from the buildings)
    free_plots: list[int]
    #: building tiles on the board, per tile type (derived from the buildings)
    tiles: list[int]
    #: per seat, small pyramids on the board (derived from the markets)
    small_placed: list[int]
    sheets: list[list[int]]
    prestige: list[int]
    supply: list[int]

    # -- the Katun cards ------------------------------------------------------------------------------------
    deck: list[int]
    layout: bool
    discard: list[int]
    slots: list[int]
    peeks: list[int]
    ball_games: int
    eclipse: bool

    # -- the turn under way ------------------------------------------------------------------------------------
    build_site: int
    cost_due: int
    attacked: bool
    war: War | None
    losses: tuple[Loss, ...]
    after_losses: AfterLosses
    card: int
    #: riches the Mayas still owe for the catastrophe being warded off (the king chooses)
    warding: int
    offered: list[int]

    # -- the distribution ----------------------------------------------------------------------------------------
    done: list[bool]
    moved: set[int]

    # -- what happened -----------------------------------------------------------------------------------------------
    last_roll: list[int]
    #: the totals of the last war (null before the first)
    last_war: WarResult | None
    #: die faces the next rolls will show, before the RNG's (set by a position; hidden)
    dice: list[int]
    #: the last sentences of the game's log (replaced on write)
    log: list[str]
    bonus: list[int] | None
    #: finished rounds, oldest first (append-only; replaced, never changed in place)
    history: list[RoundView]
    #: the current round's account
    tally: Tally
    #: counts of notable events (see ``event_counts``)
    stats: dict[str, int]

    # -- memos (not written) ----------------------------------------------------------------------------
    #: the seats to move, once asked since the last action
    moving: tuple[int, ...] | None
    #: the legal actions of each seat asked since the last action (shared by clones until
    #: they act: they are the same position)
    legal_cache: dict[int, Sequence[Action]]
    #: during the distribution, each seat's moves (a seat's moves change only when it moves)
    move_memo: dict[int, list[Action]]
    #: during the distribution, where the riches on each plot position may go, and under
    #: ``-1 - seat`` each seat's rooms (``distribution.move_routes``: the buildings and the
    #: transport do not change then); replaced at each production, shared by clones until then
    route_memo: dict[int, tuple[int, ...]]
    #: values derived from the cities and the small pyramids (the sites a king may use or build
    #: on), replaced whenever a city is founded or lost or a market goes up or down; shared by
    #: clones until then
    city_memo: dict[tuple[Any, ...], Any]
    #: values derived from the buildings (the builds and removals allowed), replaced whenever a
    #: building goes up or down; shared by clones until then
    plot_memo: dict[tuple[Any, ...], Any]
    #: transport memo, a pure function of the board shared by the games on it: the sites a
    #: riches may reach by (open sites, site), keyed ``open_sites * sites + site``
    reach_memo: dict[int, int]
    #: the parts of the spectators' view last built by ``views`` (for a server), by name, each
    #: with what it was built from: a part whose source did not change is handed again as the
    #: same object (``views.public_view``); shared by clones (an entry is checked against the
    #: state that reads it, so any of them may use or replace it)
    view_memo: dict[str, tuple[Any, Any]]

    @classmethod
    def create(cls, **given: Any) -> Self:
        """A state whose fields are ``given`` or else their defaults, in declaration order."""
        state = cls.__new__(cls)  # (a compiled base class refuses object.__new__)
        create_fields(state, given)
        return state

    @classmethod
    def load_json(cls, data: Mapping[str, Any], **given: Any) -> Self:
        """A state read from its JSON form (:func:`~gametable.core.statefields.load_fields`)."""
        state: Self = load_fields(cls, data, given)
        return state

    def to_json(self) -> dict[str, Any]:
        return fields_json(self)

    def clone(self) -> Self:
        """An independent copy, each field copied as :data:`FIELDS` declares (written out:
        ``tests/balam/test_state_fields.py`` checks these lines against the declarations)."""
        new = type(self).__new__(type(self))
        new.game = self.game
        new.players = self.players
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng.clone()
        new.ply = self.ply
        new.board_tiles = self.board_tiles
        new.board = self.board
        new.action_codec = self.action_codec
        new.actions = self.actions
        new.faces = self.faces
        new.round = self.round
        new.phase = self.phase
        new.current = self.current
        new.round_first = self.round_first
        new.owner = self.owner.copy()
        new.buildings = self.buildings.copy()
        new.riches_on = self.riches_on.copy()
        new.pyramids = [row.copy() for row in self.pyramids]
        new.free_plots = self.free_plots.copy()
        new.tiles = self.tiles.copy()
        new.small_placed = self.small_placed.copy()
        new.sheets = [row.copy() for row in self.sheets]
        new.prestige = self.prestige.copy()
        new.supply = self.supply.copy()
        new.deck = self.deck.copy()
        new.layout = self.layout
        new.discard = self.discard.copy()
        new.slots = self.slots.copy()
        new.peeks = self.peeks.copy()
        new.ball_games = self.ball_games
        new.eclipse = self.eclipse
        new.build_site = self.build_site
        new.cost_due = self.cost_due
        new.attacked = self.attacked
        new.war = self.war
        new.losses = self.losses
        new.after_losses = self.after_losses
        new.card = self.card
        new.warding = self.warding
        new.offered = self.offered.copy()
        new.done = self.done.copy()
        new.moved = self.moved.copy()
        new.last_roll = self.last_roll
        new.last_war = self.last_war
        new.dice = self.dice.copy()
        new.log = self.log
        new.bonus = self.bonus
        new.history = self.history
        new.tally = _copy_tally(self.tally)
        new.stats = self.stats.copy()
        new.moving = self.moving
        new.legal_cache = self.legal_cache
        new.move_memo = self.move_memo.copy()
        new.route_memo = self.route_memo
        new.city_memo = self.city_memo
        new.plot_memo = self.plot_memo
        new.reach_memo = self.reach_memo
        new.view_memo = self.view_memo
        return new

    # -- loading ----------------------------------------------------------------------------------------------
    def _after_load(self) -> None:
        self.ball_games = sum(1 for c in self.discard if KIND[c] == "ball_game")
        self.eclipse = any(KIND[c] == "eclipse" for c in self.discard)
        self._derive_supply()
        self._check_turn()
        self._check_last_war()
        if self.phase == DISTRIBUTION and all(self.done):
            raise InvalidState("in the distribution phase at least one seat is not done")

    def _derive_supply(self) -> None:
        """The supply is what the kings' sheets and the board do not hold."""
        held = [0] * len(RICHES)
        for chest in self.sheets:
            for r, n in enumerate(chest):
                held[r] += n
        for r in self.riches_on:
            if r >= 0:
                held[r] += 1
        for r, total in enumerate(SUPPLY):
            self.supply[r] = total - held[r]
            if self.supply[r] < 0:
                raise InvalidState(
                    f"{held[r]} {RICHES[r]} tokens are in play but the game has only {total}"
                )

    def _check_turn(self) -> None:
        """Each phase has the details it needs."""
        phase = self.phase
        if self.war is None and phase in (DEFEND, DESTROY):
            raise InvalidState(f"phase {phase} needs turn.war")
        if phase == LOSE and not self.losses:
            raise InvalidState("phase lose needs turn.losses")
        if self.card < 0 and phase in (CHOOSE, OFFER):
            raise InvalidState(f"phase {phase} needs turn.card, the Katun card being resolved")
        if self.warding:
            if phase != CHOOSE or self.card < 0 or KIND[self.card] not in CATASTROPHES:
                raise InvalidState(
                    "turn.ward (riches the Mayas still owe) needs phase choose and a "
                    "catastrophe as turn.card"
                )
            riches = CATASTROPHE[KIND[self.card]][0]
            held = len(self.mayas_riches(self.current, riches))
            if held < self.warding:
                raise InvalidState(
                    f"turn.ward is {self.warding} but seat {self.current}'s reserves and "
                    f"garrisons hold only {held} {RICHES[riches]}"
                )
        if phase in (TURN, ACT) and not any(c >= 0 for c in self.slots):
            raise InvalidState(
                "during the turns at least one Katun card of the round lies face down (when "
                "the last is turned, the round is over)"
            )

    def _check_last_war(self) -> None:
        """The last war's totals add up ("3 - WARS": attack = success points + obsidian,
        defence = garrisons + obsidian), and agree with ``last_roll`` when it holds its dice."""
        result = self.last_war
        if result is None:
            return
        if result.attacker == result.defender:
            raise InvalidState("last_war: a king does not attack himself")
        if result.defence != result.defence_garrisons + result.defence_obsidian:
            raise InvalidState("last_war.defence must be defence_garrisons + defence_obsidian")
        if result.attack_obsidian > result.garrisons or result.skulls > result.garrisons:
            raise InvalidState("last_war: more obsidian or skulls than garrisons committed")
        if len(self.last_roll) == result.garrisons:
            points = sum(f for f in self.last_roll if f != SKULL)
            if (result.attack, result.skulls) != (
                points + result.attack_obsidian,
                self.last_roll.count(SKULL),
            ):
                raise InvalidState(
                    "last_war.attack (success points + attack_obsidian) and skulls must "
                    "match last_roll"
                )
        elif result.attack < result.attack_obsidian:
            raise InvalidState("last_war.attack is at least the obsidian spent")
        self._check_war_changes(result)

    def _check_war_changes(self, result: WarResult) -> None:
        """What the last war changed agrees with its battle: the attacker's garrisons of the
        attacking city lost to skulls (one each at most), the defender's buildings of the
        attacked city destroyed, a prisoner at most per building destroyed, on a plot of the
        attacking city, and the winner the attacker exactly when something was destroyed."""
        source, target = result.source, result.target
        if len(result.lost) > result.skulls or any(
            (x.kind, x.pos // MAX_PLOTS, x.owner) != (GARRISON, source, result.attacker)
            for x in result.lost
        ):
            raise InvalidState(
                "last_war.lost holds at most one garrison of the attacker's attacking city "
                "per skull"
            )
        if any(
            (x.pos // MAX_PLOTS, x.owner) != (target, result.defender) for x in result.destroyed
        ):
            raise InvalidState("last_war.destroyed holds buildings of the defender's attacked city")
        if len(result.prisoners) > len(result.destroyed) or any(
            b // MAX_PLOTS != source for b in result.prisoners
        ):
            raise InvalidState(
                "last_war.prisoners: at most one per building destroyed, on plots of the "
                "attacking city"
            )
        if any(s not in (source, target) for s in result.devastated):
            raise InvalidState("last_war.devastated: only the two cities at war can be devastated")
        if result.winner >= 0 and result.winner != (
            result.attacker if result.destroyed else result.defender
        ):
            raise InvalidState(
                "last_war.winner is the attacker if he destroyed a building, else the defender"
            )

    def tally_from_json(self, raw: Any) -> Tally:
        """The round's account as given, or (left out) nothing yet; in the distribution the
        production is read off the riches on the villages."""
        if raw is not MISSING:
            return load_tally(raw, self.prestige)
        tally = Tally.new(self.prestige)
        if self.phase == DISTRIBUTION:
            for b, k in enumerate(self.buildings):
                seat = self.owner[b // MAX_PLOTS]
                if k == VILLAGE and self.riches_on[b] >= 0 and seat >= 0:
                    tally.produced[seat][self.riches_on[b]] += 1
        return tally

    def cards(self) -> KatunCards:
        return KatunCards(self.deck, self.slots, self.discard, self.peeks, self.layout)

    def places_dealt(self) -> int:
        """How many cards of the deck were dealt before this round's (face-down or turned)."""
        return self.cards().places_dealt()

    @property
    def target_ball_games(self) -> int:
        n = self.options["ball_games"]
        return self.players if n is None else int(n)

    # -- small changes every rule uses --------------------------------------------------------------------
    def count(self, event: str, n: int = 1) -> None:
        """One more (or ``n`` more) of a notable event (see ``event_counts``)."""
        stats = self.stats
        stats[event] = stats.get(event, 0) + n

    def gain(self, seat: int, riches: int, n: int = 1) -> int:
        """Riches from the supply to a king's sheet, as far as the supply lasts."""
        got = min(n, self.supply[riches])
        self.supply[riches] -= got
        self.sheets[seat][riches] += got
        return got

    def pay_to_supply(self, seat: int, riches: int) -> None:
        """A riches from a king's sheet back to the supply."""
        self.sheets[seat][riches] -= 1
        self.supply[riches] += 1

    def add_prestige(self, seat: int, points: int, source: str) -> None:
        """Prestige won from ``source`` (one of :data:`PRESTIGE_SOURCES`), counted as gained
        (the score cap may take some of it)."""
        before = self.prestige[seat]
        total = before + points
        self.prestige[seat] = min(total, SCORE_CAP) if self.options["score_cap"] else total
        gained = self.prestige[seat] - before
        if gained:
            self.count(f"prestige_{source}", gained)
            self.tally.won[PRESTIGE_SOURCES.index(source)][seat] += gained

    def lost_buildings(self, seat: int, n: int = 1) -> None:
        """``seat`` lost ``n`` buildings (war, catastrophe) this round."""
        if seat >= 0:
            self.tally.lost[seat] += n

    def clear_turn(self) -> None:
        """Nothing of a turn remains under way."""
        self.build_site = -1
        self.cost_due = 0
        self.attacked = False
        self.war = None
        self.losses = ()
        self.after_losses = AfterLosses.NOTHING
        self.card = -1
        self.warding = 0
        self.offered = []

    def record_round(self, taxes: list[list[int]], lost: list[list[int]], chaak: list[int]) -> None:
        """The round's entry in ``history`` (the ``rounds`` of the view), at its close: per seat
        the riches its palaces brought (``taxes``), those it lost, Chaak's maize."""
        tally = self.tally
        ceremony, cenote, ball_game, prosperous, bonus = tally.won  # as PRESTIGE_SOURCES
        seats: list[RoundSeatView] = [
            {
                "production": riches_count(tally.produced[q]),
                "ceremony": ceremony[q],
                "cenote": cenote[q],
                "ball_game": ball_game[q],
                "prosperous": prosperous[q],
                "bonus": bonus[q],
                "taxes": riches_count(taxes[q]),
                "chaak": chaak[q],
                "riches_lost": riches_count(lost[q]),
                "buildings_lost": tally.lost[q],
                "score_before": tally.score_before[q],
                "score_after": self.prestige[q],
            }
            for q in range(self.players)
        ]
        entry: RoundView = {
            "round": self.round,
            "eclipse": self.eclipse,
            "final": self.phase == OVER,
            "seats": seats,
        }
        self.history = [*self.history, entry]

    def note(self, text: str) -> None:
        log = self.log[-29:]  # a new list: the old one may be a clone's too
        log.append(text)
        self.log = log

    def order_from(self, first: int) -> list[int]:
        return [(first + i) % self.players for i in range(self.players)]

    def erect(self, seat: int, kind: int, b: int) -> None:
        """A building goes up (a new site becomes the king's city; a market brings small
        pyramids onto its site and the neighbours)."""
        s, p = divmod(b, MAX_PLOTS)
        if self.owner[s] == -1:
            self.owner[s] = seat
            self.city_memo = {}
        self.plot_memo = {}
        self.buildings[b] = kind
        self.free_plots[s] &= ~(1 << p)
        self.tiles[TILE_OF[kind]] += 1
        if DOUBLE[kind]:
            second = self.second_pos(b)
            self.buildings[second] = SECOND_PLOT
            self.free_plots[s] &= ~(1 << second % MAX_PLOTS)
        if kind == MARKET:
            self.pyramids[s][seat] += 1
            for t in self.board.neighbours[s]:
                self.pyramids[t][seat] += 1
            self.small_placed[seat] += 1 + len(self.board.neighbours[s])
            self.city_memo = {}

    def demolish(self, b: int) -> None:
        """A building goes: riches on it to the supply, a market's small pyramids with it; a site
        with no building left belongs to nobody ("3 - WARS > DEVASTATED CITY")."""
        s = b // MAX_PLOTS
        kind = self.buildings[b]
        plots = [b, self.second_pos(b)] if DOUBLE[kind] else [b]
        for x in plots:
            if self.riches_on[x] >= 0:
                self.supply[self.riches_on[x]] += 1
                self.riches_on[x] = NO_RICHES
            self.buildings[x] = EMPTY
            self.free_plots[s] |= 1 << x % MAX_PLOTS
        self.tiles[TILE_OF[kind]] -= 1
        seat = self.owner[s]
        if kind == MARKET and seat >= 0:
            self.pyramids[s][seat] -= 1
            for t in self.board.neighbours[s]:
                self.pyramids[t][seat] -= 1
            self.small_placed[seat] -= 1 + len(self.board.neighbours[s])
            self.city_memo = {}
        if self.free_plots[s] == (1 << self.board.plots[s]) - 1:  # no building left
            self.owner[s] = -1
            self.city_memo = {}
        self.plot_memo = {}

    def take_riches(self, b: int) -> int:
        """The riches lying on plot position ``b`` goes back to the supply; which was it."""
        r = self.riches_on[b]
        self.riches_on[b] = NO_RICHES
        self.supply[r] += 1
        return r

    # -- queries ---------------------------------------------------------------------------------------------
    def count_kind(self, seat: int, kind: int) -> int:
        return list(map(self.buildings.__getitem__, self.plots_of(seat))).count(kind)

    def cities(self, seat: int) -> int:
        return self.owner.count(seat)

    def plots_of(self, seat: int) -> tuple[int, ...]:
        """The plot positions of ``seat``'s cities, in order (memoised like ``cities_of``)."""
        key = ("plots", seat)
        plots: tuple[int, ...] | None = self.city_memo.get(key)
        if plots is None:
            counts = self.board.plots
            found: list[int] = []
            for s in self.cities_of(seat):
                found += range(s * MAX_PLOTS, s * MAX_PLOTS + counts[s])
            plots = self.city_memo[key] = tuple(found)
        return plots

    def cities_of(self, seat: int) -> tuple[int, ...]:
        """The sites where ``seat`` has a city (memoised until a building goes up or down)."""
        key = ("cities", seat)
        sites: tuple[int, ...] | None = self.city_memo.get(key)
        if sites is None:
            sites = self.city_memo[key] = tuple(
                [s for s, holder in enumerate(self.owner) if holder == seat]
            )
        return sites

    def small_used(self, seat: int) -> int:
        return self.small_placed[seat]

    def buildings_of(self, seat: int, kind: int, site: int = -1) -> list[int]:
        """The positions of ``seat``'s buildings of ``kind`` (on ``site``, or anywhere)."""
        owner = self.owner
        if site >= 0:
            if owner[site] != seat:
                return []
            base = site * MAX_PLOTS
            return [
                base + p for p in range(self.board.plots[site]) if self.buildings[base + p] == kind
            ]
        buildings = self.buildings
        return [b for b in self.plots_of(seat) if buildings[b] == kind]

    def anchors(self, site: int) -> list[int]:
        """The positions of the buildings standing on ``site`` (each on its anchor plot)."""
        base = site * MAX_PLOTS
        kinds = self.buildings
        return [base + p for p in range(self.board.plots[site]) if kinds[base + p] in BUILDINGS]

    def second_pos(self, b: int) -> int:
        """The second plot of the palace or temple anchored on ``b``."""
        s, p = divmod(b, MAX_PLOTS)
        q = self.board.second_plot(s, p)
        assert q is not None
        return s * MAX_PLOTS + q

    def mayas_riches(self, seat: int, riches: int) -> list[int]:
        """Positions of ``riches`` in the king's reserves and garrisons (the Mayas' riches)."""
        buildings, riches_on = self.buildings, self.riches_on
        return [
            b
            for b in self.plots_of(seat)
            if riches_on[b] == riches and buildings[b] in (RESERVE, GARRISON)
        ]

    def mayas_sources(self, seat: int) -> list[int]:
        """Positions of every riches in the king's reserves and garrisons."""
        buildings, riches_on = self.buildings, self.riches_on
        return [
            b
            for b in self.plots_of(seat)
            if riches_on[b] >= 0 and buildings[b] in (RESERVE, GARRISON)
        ]

    def open_sites(self, seat: int) -> int:
        """The sites ``seat``'s riches may cross or enter, as a bit mask (memoised)."""
        key = ("open", seat)
        mask: int | None = self.city_memo.get(key)
        if mask is None:
            mask = self.city_memo[key] = usable_mask(
                self.board, self.owner, self.pyramids, seat, self.options["market_control"]
            )
        return mask

    def reach_from(self, seat: int, site: int, open_sites: int | None = None) -> int:
        """The sites a riches of ``seat`` lying on ``site`` may be carried to (memoised)."""
        if open_sites is None:
            open_sites = self.open_sites(seat)
        key = open_sites * len(self.board.names) + site  # (open sites, site) as one number
        memo = self.reach_memo
        out = memo.get(key)
        if out is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            out = memo[key] = reach(self.board, open_sites, site)
        return out
