"""Every field of a Balam game declared once, in :data:`FIELDS`
(:func:`gametable.core.statefields.field`): how each is made and copied and where it lives in the
JSON form (``docs/rules/balam.md``, "Positions by hand"; the codecs are in
:mod:`~gametable.games.balam.positions`).  :class:`BalamFields` writes them out as typed
attributes with their ``clone`` (checked against :data:`FIELDS` by a test), so that the optional
compiled build makes it a native class whose fields compiled rules read directly.

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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, Self

from gametable.core.errors import InvalidState
from gametable.core.protocol import Action, State
from gametable.core.rng import Rng
from gametable.core.statefields import (
    MISSING,
    SEAT,
    Bool,
    Choice,
    Copy,
    Field,
    Int,
    ListOf,
    Maybe,
    Part,
    Plain,
    SetOf,
    create_fields,
    declare,
    field,
    fields_json,
    load_fields,
)
from gametable.games.balam.account import Tally
from gametable.games.balam.actions import ActionTable, action_table
from gametable.games.balam.board import (
    DEFAULT,
    EMPTY,
    MAX_PLOTS,
    NO_RICHES,
    RANDOM,
    RICHES,
    SUPPLY,
    VILLAGE,
    Board,
    load_board,
)
from gametable.games.balam.dice import parse_faces
from gametable.games.balam.encoding import ActionCodec, action_codec
from gametable.games.balam.memos import CityMemo
from gametable.games.balam.phases import (
    DISTRIBUTION,
    AfterLosses,
    Phase,
)
from gametable.games.balam.positions import (
    Face,
    FixedDice,
    KatunCards,
    PlotPosition,
    RichesCounts,
    Sites,
    TurnedCard,
    free_plots,
    katun_json,
    kings_json,
    load_katun,
    load_kings,
    load_sites,
    sites_json,
    tiles_used,
)
from gametable.games.balam.randomboard import game_board, random_tiles, tiles_problem
from gametable.games.balam.rounds import RawRound, Rounds, RoundView, load_tally, tally_json
from gametable.games.balam.views import BalamView
from gametable.games.balam.warlog import (
    SITE,
    WAR,
    WAR_RESULT,
    Loss,
    LossList,
    War,
    WarResult,
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


class LogSentences(Plain):
    """The log (``log``): the sentences kept written, with those noted since written out
    (``BalamData.log``)."""

    def __init__(self) -> None:
        super().__init__(_log_problem)

    def dump(self, value: Any, state: Any) -> Any:
        return state.log


#: sentences noted since the log was last written out, newest first: ``(sentence, the rest)``,
#: the rest ``None`` or another such pair (a pair made per sentence, where a list of the last
#: sentences was copied)
LogNotes = tuple[str, Any]


# -- the parts: fields written together ----------------------------------------------------------------
class SitesPart(Part):
    path = "sites"

    def dump(self, state: BalamFields) -> Any:
        return sites_json(
            state.board, Sites(state.owner, state.buildings, state.riches_on, state.pyramids)
        )

    def load(self, raw: Any, state: BalamFields) -> None:
        sites = load_sites(raw, state.board, state.players, state.phase == DISTRIBUTION)
        state.owner, state.buildings, state.riches_on, state.pyramids = (
            sites.owner,
            sites.buildings,
            sites.riches_on,
            sites.pyramids,
        )


class KingsPart(Part):
    path = "kings"

    def dump(self, state: BalamFields) -> Any:
        return kings_json(state.sheets, state.prestige)

    def load(self, raw: Any, state: BalamFields) -> None:
        state.sheets, state.prestige = load_kings(raw, state.players)


class KatunPart(Part):
    path = "katun"

    def dump(self, state: BalamFields) -> Any:
        return katun_json(state.cards())

    def load(self, raw: Any, state: BalamFields) -> None:
        cards = load_katun(raw, state.players, state.seed)
        state.deck, state.slots, state.discard = cards.deck, cards.slots, cards.discard
        state.peeks, state.layout = cards.peeks, cards.layout


class TallyPart(Part):
    path = "round_tally"

    def dump(self, state: BalamFields) -> Any:
        return tally_json(state.tally)

    def load(self, raw: Any, state: BalamFields) -> None:
        state.tally = state.tally_from_json(raw)


class TilesPart(Part):
    """``board_tiles`` (only with ``board=random``): per place of the board, the default board's
    tile laid there, named by its place on the default board (``{"a1": "e6", "b1": "c4", ...}``).
    Left out, the layout is the one the game's seed draws."""

    path = ""

    def dump(self, state: BalamFields) -> Any:
        if state.board_tiles is None:
            return {}
        return {"board_tiles": dict(zip(state.board.names, state.board_tiles, strict=True))}

    def load(self, raw: Any, state: BalamFields) -> None:
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


def seed_tiles(state: BalamFields) -> tuple[str, ...] | None:
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
    log_kept=field(factory=lambda s: [], json="log", codec=LogSentences()),
    log_notes=field(None),
    log_noted=field(0),
    bonus=field(None, json="bonus", codec=Maybe(ListOf(Int(0), length=lambda s: s.players))),
    rounds_kept=field(factory=lambda s: [], json="rounds", codec=Rounds()),
    tally=field(factory=lambda s: Tally.new(s.prestige), copy=_copy_tally, json=TALLY),
    stats=field(factory=lambda s: {}, copy=Copy.SHALLOW, json="stats", codec=Plain(_stats_problem)),
    # -- memos (not written) ----------------------------------------------------------------------------
    moving=field(None),
    listed_seat=field(-1),
    listed=field(factory=lambda s: []),
    move_memo=field(factory=lambda s: {}, copy=Copy.SHALLOW),
    route_memo=field(factory=lambda s: {}),
    city_memo=field(factory=lambda s: CityMemo(s.players)),
    plot_memo=field(factory=lambda s: [None] * s.players),
    reach_memo=field(factory=lambda s: s.actions.reach),
    view_memo=field(factory=lambda s: {}),
)


class BalamFields(State[BalamView]):
    """Everything a Balam game is: the fields declared in :data:`FIELDS`, written out as typed
    attributes with their ``clone`` (so that the optional compiled build makes this a native
    class, whose fields compiled rules read directly), and how it is made, copied and written."""

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
    #: the last sentences of the game's log as last written out (replaced, never changed in
    #: place); those noted since are ``log_noted`` pairs in ``log_notes`` (``BalamData.log``)
    log_kept: list[str]
    log_notes: LogNotes | None
    log_noted: int
    bonus: list[int] | None
    #: finished rounds, oldest first (append-only; replaced, never changed in place), those
    #: played here kept as the rules left them until read (``BalamData.history`` writes them out)
    rounds_kept: list[RoundView | RawRound]
    #: the current round's account
    tally: Tally
    #: counts of notable events (see ``event_counts``)
    stats: dict[str, int]

    # -- memos (not written) ----------------------------------------------------------------------------
    #: the seats to move, once asked since the last action
    moving: tuple[int, ...] | None
    #: the seat whose legal actions were last listed since the last action (-1: none), and
    #: those actions (shared by clones until they act: they are the same position)
    listed_seat: int
    listed: list[Action]
    #: during the distribution, each seat's moves (a seat's moves change only when it moves)
    move_memo: dict[int, list[Action]]
    #: during the distribution, where the riches on each site may go, and under ``-1 - seat``
    #: each seat's rooms (``distribution.move_routes``: the buildings and the transport do not
    #: change then); replaced at each production, shared by clones until then
    route_memo: dict[int, tuple[int, ...]]
    #: values derived from the cities and the small pyramids (the sites a king may use or build
    #: on), replaced whenever a city is founded or lost or a market goes up or down; shared by
    #: clones until then
    city_memo: CityMemo
    #: per seat, the buildings he may remove (``constructions.remove_actions``), replaced
    #: whenever a building goes up or down; shared by clones until then
    plot_memo: list[tuple[Action, ...] | None]
    #: transport memo, a pure function of the board shared by the games on it: the sites a
    #: riches may reach by (open sites, site), keyed ``open_sites * sites + site``
    reach_memo: dict[int, int]
    #: the parts of the spectators' view last built by ``views`` (for a server), by name, each
    #: with what it was built from: a part whose source did not change is handed again as the
    #: same object (``viewbuild.public_view``); shared by clones (an entry is checked against the
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
        new.log_kept = self.log_kept
        new.log_notes = self.log_notes
        new.log_noted = self.log_noted
        new.bonus = self.bonus
        new.rounds_kept = self.rounds_kept
        new.tally = _copy_tally(self.tally)
        new.stats = self.stats.copy()
        new.moving = self.moving
        new.listed_seat = self.listed_seat
        new.listed = self.listed
        new.move_memo = self.move_memo.copy()
        new.route_memo = self.route_memo
        new.city_memo = self.city_memo
        new.plot_memo = self.plot_memo
        new.reach_memo = self.reach_memo
        new.view_memo = self.view_memo
        return new

    def _after_load(self) -> None:
        """Derive what a position does not write and check what its structure alone cannot
        (called by :func:`~gametable.core.statefields.load_fields` once every field is read;
        the game's state does both)."""

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
