"""A Keezbord position: pawns on the board, hands and the deck, and the rules of movement.

Everything is small ints in flat lists (see :mod:`~gametable.games.keezbord.board`):
``pos[pid]`` is a pawn's place, ``track[space]`` the pawn on a track space (or -1),
``home[4 * seat + h]`` the pawn in a home space (or -1), ``at_home[seat]`` how many of a seat's
pawns are home.  Hands are sorted lists of ranks; ``deck`` holds the cards of this deal cycle not
yet dealt (its order is hidden), ``played`` the cards played or handed in this cycle (public).
Derived from the pawns and kept up to date as they move (never saved): ``blocks``, the blockers
as a bit per seat, and ``taken``, each seat's home spaces taken as bits, from which
:meth:`~KeezbordPawns.step_bits` reads the tabled paths of :class:`~gametable.games.keezbord.board.Paths`.

Each rule of movement lives in one method here (:meth:`~KeezbordPawns.step_bits`,
:meth:`~KeezbordPawns.backward`, :meth:`~KeezbordPawns.nest_pawn`,
:meth:`~KeezbordPawns.placing_for`, :meth:`~KeezbordPawns.swappable`), answering with small
integer codes (:mod:`~gametable.games.keezbord.rules`) so that listing legal actions is cheap;
the move generator (:mod:`~gametable.games.keezbord.generate`) and the explained refusals
(:mod:`~gametable.games.keezbord.checks`) both use them, and the game's state
(:mod:`~gametable.games.keezbord.state`) is this position with the flow of turns and deals above.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, ClassVar, Final, Self

from gametable.core.protocol import Action, State
from gametable.core.statefields import Copy, Field, create_fields, declare, field
from gametable.games.keezbord import rules
from gametable.games.keezbord.actions import (
    ActionTable,
    action_tables,
)
from gametable.games.keezbord.board import (
    BACK_SHIFT,
    HOME,
    LONGEST,
    PAWNS,
    STEP_SHIFT,
    STRIDE,
    Board,
    Paths,
    PlaceText,
    board_for,
    home_bits,
    paths_for,
    place_text,
)
from gametable.games.keezbord.cards import (
    KING,
)
from gametable.games.keezbord.views import KeezbordView

#: ``to_move`` of each seat, built once
TO_MOVE: Final = tuple((seat,) for seat in range(6))

#: every field of a Keezbord game, declared once: how it is made and copied (the attributes of
#: :class:`KeezbordPawns` and its ``clone`` are written out from these).  The game writes its
#: position with a codec of its own (``to_json`` and :mod:`~gametable.games.keezbord.positions`),
#: so no field names a JSON path here.
FIELDS: Final = declare(
    # -- the board's geometry and the options, read once (shared by clones) ------------------------
    board=field(factory=lambda s: board_for(s.players)),
    length=field(factory=lambda s: s.board.length),
    starts=field(factory=lambda s: s.board.starts),
    tables=field(factory=lambda s: action_tables(s.players)),
    paths=field(factory=lambda s: paths_for(s.players)),
    sweeping=field(factory=lambda s: s.options["seven_hits_passed"]),
    max_turns=field(factory=lambda s: s.options["max_turns"]),
    king_when_nest_empty=field(
        factory=lambda s: s.options["king_helps_teammate"] == "when_nest_empty"
    ),
    # -- the pawns --------------------------------------------------------------------------------------
    pos=field(factory=lambda s: [-1] * (PAWNS * s.players), copy=Copy.SHALLOW),
    track=field(factory=lambda s: [-1] * s.length, copy=Copy.SHALLOW),
    home=field(factory=lambda s: [-1] * (PAWNS * s.players), copy=Copy.SHALLOW),
    at_home=field(factory=lambda s: [0] * s.players, copy=Copy.SHALLOW),
    blocks=field(0),
    taken=field(factory=lambda s: [0] * s.players, copy=Copy.SHALLOW),
    # -- the cards and the turn ---------------------------------------------------------------------------
    hands=field(factory=lambda s: [[] for _ in range(s.players)], copy=Copy.ROWS),
    deck=field(factory=lambda s: [], copy=Copy.SHALLOW),
    played=field(factory=lambda s: [], copy=Copy.SHALLOW),
    dealer=field(factory=lambda s: s.options["dealer"]),
    cycle=field(0),
    deal=field(0),
    to_move=field(()),
    handed_in=field(factory=lambda s: [], copy=Copy.SHALLOW),
    stats=field(factory=lambda s: defaultdict(int), copy=Copy.SHALLOW),
    plays_counted=field(0),
    # -- a memo: the same position has the same legal actions (shared by clones, never changed) -----
    _legal=field(None),
)


class KeezbordPawns(State[KeezbordView]):
    """A position of the game: the protocol's header, the board's geometry, the pawns, the
    cards, and the rules of movement over them (the fields declared in :data:`FIELDS`, written
    out as typed attributes with their ``clone``)."""

    __slots__ = (
        "_legal",
        "at_home",
        "blocks",
        "board",
        "cycle",
        "deal",
        "dealer",
        "deck",
        "game",
        "handed_in",
        "hands",
        "home",
        "king_when_nest_empty",
        "length",
        "max_turns",
        "options",
        "paths",
        "played",
        "players",
        "plays_counted",
        "ply",
        "pos",
        "rng",
        "seed",
        "starts",
        "stats",
        "sweeping",
        "tables",
        "taken",
        "to_move",
        "track",
    )

    _fields_: ClassVar[tuple[Field, ...]] = FIELDS

    # every attribute, typed: the board's geometry and the options read once, the position,
    # and what is derived from it
    board: Board
    length: int
    starts: tuple[int, ...]
    tables: ActionTable
    paths: Paths
    #: option seven_hits_passed
    sweeping: bool
    #: option max_turns
    max_turns: int | None
    #: option king_helps_teammate is when_nest_empty
    king_when_nest_empty: bool
    #: each pawn's place (see the module docstring)
    pos: list[int]
    #: the pawn on each track space, or -1
    track: list[int]
    #: the pawn on each home space (``4 * seat + h``), or -1
    home: list[int]
    #: each seat's pawns home
    at_home: list[int]
    #: the blockers (:meth:`blockers`) as blocker bits, kept up to date as pawns move
    blocks: int
    #: each seat's home spaces taken, as bits (:func:`~gametable.games.keezbord.board.home_bits`),
    #: kept up to date as pawns move
    taken: list[int]
    #: each seat's cards, sorted
    hands: list[list[int]]
    #: the cards of this cycle not dealt yet (hidden order)
    deck: list[int]
    #: the cards played or handed in this cycle (public)
    played: list[int]
    dealer: int
    cycle: int
    deal: int
    #: the seat to move, as the protocol's tuple (empty once the game is over); a plain
    #: attribute rather than a property, because every client reads it at every decision
    to_move: tuple[int, ...]
    #: seats that handed in during the current deal (public)
    handed_in: list[int]
    #: counts of notable events (see :meth:`event_counts`)
    stats: defaultdict[str, int]
    #: the cards played since the state was made or loaded, counted apart from ``stats`` (an
    #: int attribute, where a dict's entry was read and written at every card): ``stats`` with
    #: them added is :meth:`~gametable.games.keezbord.state.KeezbordState.counted_stats`
    plays_counted: int
    #: the legal actions of this very position once listed (``None``: not yet); every change
    #: of the position forgets them
    _legal: list[Action] | None

    @classmethod
    def create(cls, **given: Any) -> Self:
        """A game's state before its first deal: the fields ``given`` (the header) or else
        their defaults, in declaration order."""
        state = cls.__new__(cls)  # (a compiled base class refuses object.__new__)
        create_fields(state, given)
        return state

    def clone(self) -> Self:
        """An independent copy, each field copied as :data:`FIELDS` declares (written out:
        ``tests/keezbord/test_fields.py`` checks these lines against the declarations)."""
        new = type(self).__new__(type(self))
        new.game = self.game
        new.players = self.players
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng.clone()
        new.ply = self.ply
        new.board = self.board
        new.length = self.length
        new.starts = self.starts
        new.tables = self.tables
        new.paths = self.paths
        new.sweeping = self.sweeping
        new.max_turns = self.max_turns
        new.king_when_nest_empty = self.king_when_nest_empty
        new.pos = self.pos.copy()
        new.track = self.track.copy()
        new.home = self.home.copy()
        new.at_home = self.at_home.copy()
        new.blocks = self.blocks
        new.taken = self.taken.copy()
        new.hands = [row.copy() for row in self.hands]
        new.deck = self.deck.copy()
        new.played = self.played.copy()
        new.dealer = self.dealer
        new.cycle = self.cycle
        new.deal = self.deal
        new.to_move = self.to_move
        new.handed_in = self.handed_in.copy()
        new.stats = self.stats.copy()
        new.plays_counted = self.plays_counted
        new._legal = self._legal
        return new

    # -- whose pawns, who won -------------------------------------------------------------------------
    def controlled(self, seat: int) -> int:
        """The seat whose pawns ``seat`` plays: its own, or its partner's once its own are home."""
        if self.at_home[seat] == PAWNS:
            partner = self.board.partner[seat]
            if partner is not None:
                return partner
        return seat

    def winning_team(self) -> tuple[int, ...] | None:
        """The team whose pawns are all home, if any (checked at every turn once a seat's
        pawns are all home, so without a generator)."""
        at_home = self.at_home
        if PAWNS not in at_home:
            return None
        for team in self.board.teams:
            if min(map(at_home.__getitem__, team)) == PAWNS:
                return team
        return None

    def team_of(self, seat: int) -> tuple[int, ...]:
        return self.board.team_of[seat]

    # -- the protocol ---------------------------------------------------------------------------------
    @property
    def current(self) -> int | None:
        """The seat to move (``None``: the game is over)."""
        to_move = self.to_move
        return to_move[0] if to_move else None

    @current.setter
    def current(self, seat: int | None) -> None:
        self.to_move = () if seat is None else TO_MOVE[seat]

    # -- the rules of movement (each used by the move generator and by the checks) --------------------
    def blockers(self) -> list[int]:
        """Start spaces on which a pawn of that start's owner stands (they block passing)."""
        track = self.track
        return [space for space, owner in self.board.start_owners if track[space] >> 2 == owner]

    def derive_board(self) -> None:
        """Work out ``blocks`` and ``taken`` from the pawns' places (a position loaded)."""
        self.blocks = self.blocking()
        self.taken = [home_bits(self.home, seat) for seat in range(self.players)]

    def blocking(self) -> int:
        """The blockers (:meth:`blockers`) as blocker bits: bit ``s`` for seat ``s``'s start."""
        track = self.track
        bits = 0
        for space, owner in self.board.start_owners:
            if track[space] >> 2 == owner:
                bits |= 1 << owner
        return bits

    def step_bits(self, owner: int) -> int:
        """How far each pawn of ``owner`` may move, as step bits (bit ``STEP_SHIFT[s] + i`` set
        when its pawn of index ``i`` may move ``s`` steps forward, bit ``BACK_SHIFT + i`` when
        it may move 4 backward; see :class:`~gametable.games.keezbord.board.Paths`): the
        forward moves that break none of the three rules of :meth:`forward` (lap, start, home),
        and the moves back that :meth:`backward` allows.  A pawn in its nest has none."""
        return self.step_bits_with_home(owner, self.taken[owner])

    def step_bits_with_home(self, owner: int, taken: int) -> int:
        """:meth:`step_bits` with ``owner``'s home spaces ``taken`` (bits) as given, which may
        differ from the board's (the home as the first part of a split 7 leaves it)."""
        row = self.paths.steps[owner][self.blocks << HOME | taken]
        if row is None:
            row = self.paths.step_row(owner, self.blocks, taken)
        pos = self.pos
        base = owner * PAWNS
        return (
            row[pos[base] + 1]
            | row[pos[base + 1] + 1] << 1
            | row[pos[base + 2] + 1] << 2
            | row[pos[base + 3] + 1] << 3
        )

    def landing(self, pid: int, steps: int) -> int:
        """Where ``pid`` (not in its nest) comes to stand ``steps`` forward, into its home once
        past its entrance (the move's legality is judged by :meth:`forward`)."""
        return self.paths.land[pid >> 2][self.pos[pid] * STRIDE + steps]

    def forward(self, pid: int, steps: int) -> int:
        """Where ``pid`` lands moving ``steps`` forward, or ``-code`` (rules.*) if it cannot.

        1. the pawn is on the track or in its home, not in its nest;
        2. *lap* (Gameplay, exact count; no extra lap): it goes no further than its home
           entrance, then into its home by exact count, never past the last home space;
        3. *start* (Additional Rules): it passes and lands on no pawn standing on its own start
           space, on the way to its home entrance (in the home, only the lap limits it);
        4. *home* (Additional Rules): it passes and lands on no pawn already in its home.

        Whether it may is :meth:`step_bits`'s answer; a move it refuses is refused for the
        first of the three rules it breaks.
        """
        x = self.pos[pid]
        if x < 0:
            return -rules.IN_NEST
        owner = pid >> 2
        if 0 < steps <= LONGEST and self.step_bits(owner) >> STEP_SHIFT[steps] + (pid & 3) & 1:
            return self.landing(pid, steps)
        length = self.length
        if x >= length:
            progress, ahead = x, []  # (a pawn in its home is past every blocker)
        else:
            own_start = self.starts[owner]
            progress = x - own_start if x >= own_start else x - own_start + length
            ahead = [
                y - own_start if y >= own_start else y - own_start + length for y in self.blockers()
            ]
        end = progress + steps
        if end > length + PAWNS - 1:
            return -rules.OVERSHOOT
        if any(progress < b <= end for b in ahead):
            return -rules.BLOCKED
        return -rules.HOME_PASS

    def backward(self, owner: int) -> list[int]:
        """Where each pawn of ``owner`` lands moving 4 backward along the track, or ``-code``.

        The pawn is on the track (not in its nest or home); it passes and lands on no pawn on its
        own start space; it stays on the track, even when it passes its own start.  Whether it
        may is :meth:`step_bits`'s answer (its bits of a 4).
        """
        pos, length = self.pos, self.length
        able = self.step_bits(owner) >> BACK_SHIFT
        out = []
        for i in range(PAWNS):
            x = pos[owner * PAWNS + i]
            if x < 0:
                out.append(-rules.IN_NEST)
            elif x >= length:
                out.append(-rules.HOME_BACKWARD)
            elif not able >> i & 1:
                out.append(-rules.BLOCKED)
            else:
                out.append(x - 4 if x >= 4 else x - 4 + length)
        return out

    def nest_pawn(self, owner: int) -> int:
        """The pawn an Ace or King would place for ``owner``, or ``-code``.

        A pawn is left in the nest, and no pawn of ``owner`` stands on its start space (another
        player's pawn there is hit).
        """
        base = owner * PAWNS
        places = self.pos[base : base + PAWNS]
        if -1 not in places:
            return -rules.NEST_EMPTY
        if self.blocks >> owner & 1:  # (a pawn of owner on its start is a blocker)
            return -rules.OWN_START_TAKEN
        return base + places.index(-1)

    def placing_for(self, seat: int, card: int) -> int:
        """The seat whose pawn an Ace or a King played by ``seat`` places: the seat it plays for
        (Playing in Teams), or, with option ``king_helps_teammate=when_nest_empty``, its partner
        when a King finds its own nest empty (Additional Rules, the King)."""
        owner = self.controlled(seat)
        if card == KING and owner == seat and self.king_when_nest_empty:
            partner = self.board.partner[seat]
            if partner is not None and self.nest_pawn(seat) == -rules.NEST_EMPTY:
                return partner
        return owner

    def swappable(self) -> list[int]:
        """The pawns a Jack may swap, in order: those on the track, not on their own start
        space (:meth:`swap_refusal` says why another may not be)."""
        length = self.length
        pos = self.pos
        able = [pid for pid in range(len(pos)) if 0 <= pos[pid] < length]
        blocks = self.blocks  # the pawns on their own start spaces
        if blocks:
            track = self.track
            for space, owner in self.board.start_owners:
                if blocks >> owner & 1:
                    able.remove(track[space])
        return able

    def swap_refusal(self, pid: int) -> int:
        """Why a Jack may not swap ``pid`` (a refusal code), or 0 if it may (:meth:`swappable`)."""
        if pid in self.swappable():
            return rules.OK
        x = self.pos[pid]
        return rules.NOT_ON_TRACK if not 0 <= x < self.length else rules.ON_OWN_START

    # -- changing the board ---------------------------------------------------------------------------
    def move_pawn(self, pid: int, target: int) -> int:
        """Put ``pid`` on ``target``; a pawn already standing there is hit back to its nest.

        Returns the pawn hit (or -1)."""
        pos, track = self.pos, self.track
        length = self.length
        x = pos[pid]
        if x >= length:
            self.home[(pid & ~3) + x - length] = -1
        elif x >= 0:
            track[x] = -1
        pos[pid] = target
        start = self.starts[pid >> 2]
        if x == start or target == start:  # it leaves or takes its own start: it was, or is, a
            self.blocks ^= 1 << (pid >> 2)  # blocker (no other pawn of its seat stood there)
        if target >= length:
            self.home[(pid & ~3) + target - length] = pid
            if x < length:
                self.at_home[pid >> 2] += 1
            self.taken[pid >> 2] = home_bits(self.home, pid >> 2)
            return -1
        hit = track[target]
        track[target] = pid
        if hit >= 0:
            pos[hit] = -1
            if target == self.starts[hit >> 2]:  # (never in play: a blocker cannot be hit)
                self.blocks = self.blocking()
        return hit

    def unmove_pawn(self, pid: int, x: int, target: int, hit: int) -> None:
        """Undo :meth:`move_pawn` (``x`` is where ``pid`` came from)."""
        pos = self.pos
        length = self.length
        owner_base = pid & ~3
        if target >= length:
            self.home[owner_base + target - length] = -1
            if x < length:
                self.at_home[pid >> 2] -= 1
        else:
            self.track[target] = hit
            if hit >= 0:
                pos[hit] = target
        if x >= length:
            self.home[owner_base + x - length] = pid
        elif x >= 0:
            self.track[x] = pid
        pos[pid] = x
        self.blocks = self.blocking()
        self.taken[pid >> 2] = home_bits(self.home, pid >> 2)

    def sweep(self, pid: int, target: int) -> list[tuple[int, int]]:
        """Option ``seven_hits_passed``: hit every pawn on a track space that ``pid`` passes on its
        way to ``target`` (the space where it lands is hit as always, by :meth:`move_pawn`).

        Returns ``(pawn, space)`` pairs for :meth:`unsweep`."""
        x = self.pos[pid]
        length = self.length
        if not 0 <= x < length:
            return []
        if target >= length:
            count = length - 1 - (x - self.starts[pid >> 2]) % length
        else:
            count = (target - x) % length - 1
        track, pos = self.track, self.pos
        out = []
        for k in range(1, count + 1):
            y = x + k
            if y >= length:
                y -= length
            v = track[y]
            if v >= 0:
                out.append((v, y))
                pos[v] = -1
                track[y] = -1
        self.blocks = self.blocking()  # (never changed in play: a blocker cannot be passed)
        return out

    def unsweep(self, swept: list[tuple[int, int]]) -> None:
        for v, y in swept:
            self.pos[v] = y
            self.track[y] = v
        self.blocks = self.blocking()

    def swap_pawns(self, p: int, q: int) -> None:
        """A Jack: ``p`` and ``q`` change places (either may come to stand on its own start)."""
        pos, track = self.pos, self.track
        x, y = pos[p], pos[q]
        pos[p], pos[q] = y, x
        track[x], track[y] = q, p
        self.blocks = self.blocking()

    # -- information ----------------------------------------------------------------------------------
    def pawn_places(self) -> list[list[PlaceText]]:
        length = self.length
        pos = self.pos
        return [
            [place_text(pos[4 * s + i], length) for i in range(PAWNS)] for s in range(self.players)
        ]
