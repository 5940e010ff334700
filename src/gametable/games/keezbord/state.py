"""The state of a Keezbord game: pawns on the board, hands, the deck, and the flow of deals.

Everything is small ints in flat lists (see :mod:`~gametable.games.keezbord.board`):
``pos[pid]`` is a pawn's place, ``track[space]`` the pawn on a track space (or -1),
``home[4 * seat + h]`` the pawn in a home space (or -1), ``at_home[seat]`` how many of a seat's
pawns are home.  Hands are sorted lists of ranks; ``deck`` holds the cards of this deal cycle not
yet dealt (its order is hidden), ``played`` the cards played or handed in this cycle (public).
Derived from the pawns and kept up to date as they move (never saved): ``blocks``, the blockers
as a bit per seat, and ``taken``, each seat's home spaces taken as bits, from which
:meth:`~KeezbordState.step_bits` reads the tabled paths of :class:`~gametable.games.keezbord.board.Paths`.

Each rule of movement lives in one method here (:meth:`~KeezbordState.step_bits`,
:meth:`~KeezbordState.backward`, :meth:`~KeezbordState.nest_pawn`,
:meth:`~KeezbordState.placing_for`, :meth:`~KeezbordState.swappable`), answering with small
integer codes (:mod:`~gametable.games.keezbord.rules`) so that listing legal actions is cheap;
the move generator (:mod:`~gametable.games.keezbord.generate`) and the explained refusals
(:mod:`~gametable.games.keezbord.checks`) both use them.

Speed: the legal actions are listed once per position and kept until the position changes;
``apply`` given one of those very action objects knows it is legal and skips re-deriving it
(any other action is checked rule by rule, and refused with its rule, the state untouched).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from gametable.core.positions import header_json
from gametable.core.protocol import Action, Game, Outcome
from gametable.core.rng import Rng, as_rng
from gametable.core.statecopy import CopiedState
from gametable.games.keezbord import checks, rules
from gametable.games.keezbord.actions import (
    HAND_IN,
    ActionTable,
    HandIn,
    Move,
    Place,
    Split,
    Swap,
    action_tables,
    decode,
    kept_code,
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
    DEAL_SIZES,
    FOUR,
    JACK,
    KING,
    SEVEN,
    STEPS,
    build_deck,
    card_text,
)
from gametable.games.keezbord.describe import describe_action
from gametable.games.keezbord.generate import plays
from gametable.games.keezbord.textform import position_text
from gametable.games.keezbord.views import KeezbordView

#: ``to_move`` of each seat, built once
_TO_MOVE = tuple((seat,) for seat in range(6))

#: the keys of :meth:`KeezbordState.event_counts`, always all present
EVENTS = (
    "hits",
    "hits_own",
    "hits_opponent",
    "jack_swaps",
    "seven_splits",
    "hand_ins",
    "placements",
    "pawns_home",
    "deals",
    "cycles",
    "backward_moves",
    "cards_played",
)


class KeezbordState(CopiedState):
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
    # every attribute, typed: the protocol's, the board's geometry and the options read once,
    # the position, and what is derived from it
    game: Game
    players: int
    options: dict[str, Any]
    seed: int
    rng: Rng
    ply: int
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
    #: the legal actions of this very position once listed (``None``: not yet); every change
    #: of the position forgets them
    _legal: list[Action] | None

    def new_position(self) -> None:
        """A game's state before its first deal."""
        players, options = self.players, self.options
        self.rng = Rng(self.seed)
        self.ply = 0
        board = board_for(players)
        self.board = board
        self.length = board.length
        self.starts = board.starts
        self.tables = action_tables(players)
        self.paths = paths_for(players)
        self.sweeping = options["seven_hits_passed"]
        self.max_turns = options["max_turns"]
        self.king_when_nest_empty = options["king_helps_teammate"] == "when_nest_empty"
        self.pos = [-1] * (PAWNS * players)
        self.track = [-1] * board.length
        self.home = [-1] * (PAWNS * players)
        self.at_home = [0] * players
        self.blocks = 0
        self.taken = [0] * players
        self.hands = [[] for _ in range(players)]
        self.deck = []
        self.played = []
        self.dealer = options["dealer"]
        self.cycle = 0
        self.deal = 0
        self.to_move = ()
        self.handed_in = []
        self.stats = defaultdict(int)
        self._legal = None

    def copy_position(self, source: KeezbordState) -> None:
        """Take everything but the header from ``source`` (lists copied, shared tables kept)."""
        self.rng = Rng(source.rng.state)
        self.ply = source.ply
        self.board = source.board
        self.length = source.length
        self.starts = source.starts
        self.tables = source.tables
        self.paths = source.paths
        self.sweeping = source.sweeping
        self.max_turns = source.max_turns
        self.king_when_nest_empty = source.king_when_nest_empty
        self._legal = source._legal  # the same position: the same legal actions (never changed)
        self.pos = source.pos[:]
        self.track = source.track[:]
        self.home = source.home[:]
        self.at_home = source.at_home[:]
        self.blocks = source.blocks
        self.taken = source.taken[:]
        self.hands = [h[:] for h in source.hands]
        self.deck = source.deck[:]
        self.played = source.played[:]
        self.dealer = source.dealer
        self.cycle = source.cycle
        self.deal = source.deal
        self.to_move = source.to_move
        self.handed_in = source.handed_in[:]
        self.stats = source.stats.copy()

    # -- deals ("Setup", "Gameplay") ----------------------------------------------------------------
    def deal_next(self) -> None:
        """Deal the next round: 4 each from what is left, or, once the cards are used up, pass the
        deal to the left, reshuffle all the cards and deal 5 each.  The dealer's left begins."""
        n = self.players
        if len(self.deck) < DEAL_SIZES[1] * n:
            if self.cycle:
                self.dealer = (self.dealer + 1) % n
            self.cycle += 1
            self.deal = 1
            deck = build_deck(n)
            self.rng.shuffle(deck)
            self.deck = deck
            self.played = []
            self.stats["cycles"] += 1
            size = DEAL_SIZES[0]
        else:
            self.deal += 1
            size = DEAL_SIZES[1]
        self.stats["deals"] += 1
        self.handed_in = []
        deck = self.deck
        for k in range(1, n + 1):
            seat = (self.dealer + k) % n
            self.hands[seat] = sorted(deck[-size:])
            del deck[-size:]
        self.to_move = _TO_MOVE[(self.dealer + 1) % n]

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
        self.to_move = () if seat is None else _TO_MOVE[seat]

    @property
    def is_over(self) -> bool:
        return not self.to_move

    @property
    def outcome(self) -> Outcome | None:
        if self.to_move:
            return None
        scores = [float(sum(self.at_home[t] for t in self.team_of(s))) for s in range(self.players)]
        team = self.winning_team()
        if team is None:
            reason = (
                f"the turn limit of {self.options['max_turns']} was reached; "
                "each team scores its pawns home"
            )
        elif len(team) == 1:
            reason = f"seat {team[0]} brought all four pawns home"
        else:
            reason = f"seats {team[0]} and {team[1]} brought all their pawns home"
        return Outcome.from_scores(scores, reason=reason)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        to_move = self.to_move
        if not to_move:
            return []
        current = to_move[0]
        if seat is not None and seat != current:
            return []
        legal = self._legal
        if legal is None:
            legal = plays(self, current) or [HAND_IN]
            self._legal = legal
        return legal.copy()  # a copy: the list kept for this position stays as it is

    def known_legal(self, action: Action | str, seat: int | None) -> int | None:
        """The seat to move if ``action`` is one of the very action objects listed as legal for
        it in this position (so it needs no checking), else ``None``."""
        legal = self._legal
        to_move = self.to_move
        if legal is None or not to_move or (seat is not None and seat != to_move[0]):
            return None
        for known in legal:
            if known is action:
                return to_move[0]
        return None

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """:meth:`State.apply`; an action object taken from ``legal_actions`` of this very
        position is known to be legal and is applied without deriving its legality again
        (the test of :meth:`known_legal`, written out here because it is the hot path)."""
        legal = self._legal
        to_move = self.to_move
        if legal is not None and to_move and (seat is None or seat == to_move[0]):
            for known in legal:
                if known is action:
                    self._apply(known, to_move[0])
                    self.ply += 1
                    return
        super().apply(action, seat)

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

    # -- checking -------------------------------------------------------------------------------------
    def check_action(self, action: Action, seat: int) -> None:
        if self.known_legal(action, seat) is not None:
            return
        if isinstance(action, Move):
            checks.check_move(self, action, seat)
        elif isinstance(action, Split):
            checks.check_split(self, action, seat)
        elif isinstance(action, Place):
            checks.check_place(self, action, seat)
        elif isinstance(action, Swap):
            checks.check_swap(self, action, seat)
        elif isinstance(action, HandIn):
            checks.check_hand_in(self, seat)
        else:
            rules.illegal(f"{action!r} is not a Keezbord action", rules.PLAY_ONE_CARD)

    # -- applying -------------------------------------------------------------------------------------
    def _apply(self, action: Action, seat: int) -> None:
        """Play ``action`` (known legal) for ``seat``: move the pawns, count the events, put the
        card on the pile, and pass the turn."""
        self._legal = None
        stats = self.stats
        if type(action) is Move or isinstance(action, Move):  # (the commonest, exactly, first)
            card = action.card
            pid = action.pawn
            x = self.pos[pid]
            length = self.length
            if card == FOUR:
                target = x - 4 if x >= 4 else x - 4 + length
                stats["backward_moves"] += 1
            else:  # (where it lands: :meth:`landing`, written out)
                target = self.paths.land[pid >> 2][x * STRIDE + STEPS[card]]
                if card == SEVEN and self.sweeping:
                    for swept, _ in self.sweep(pid, target):
                        self.count_hit(swept, seat)
                if target >= length > x:
                    stats["pawns_home"] += 1
            # (move_and_count, written out for the commonest action)
            hit = self.move_pawn(pid, target)
            if hit >= 0:
                self.count_hit(hit, seat)
        elif isinstance(action, Place):
            card = action.card
            owner = self.placing_for(seat, card)
            self.move_and_count(self.nest_pawn(owner), self.starts[owner], seat)
            stats["placements"] += 1
        elif isinstance(action, HandIn):
            hand = self.hands[seat]
            self.played.extend(hand)
            hand.clear()
            self.handed_in.append(seat)
            stats["hand_ins"] += 1
            self.advance(seat)
            return
        elif isinstance(action, Split):
            card = SEVEN
            p = action.first
            self.move_and_count(p, self.landing(p, action.first_steps), seat, True)
            q = action.second
            self.move_and_count(q, self.landing(q, SEVEN - action.first_steps), seat, True)
            stats["seven_splits"] += 1
        elif isinstance(action, Swap):
            card = JACK
            self.swap_pawns(action.mine, action.other)
            stats["jack_swaps"] += 1
        else:
            rules.illegal(f"{action!r} is not a Keezbord action", rules.PLAY_ONE_CARD)
        stats["cards_played"] += 1
        self.hands[seat].remove(card)
        self.played.append(card)
        self.advance(seat)

    def move_and_count(self, pid: int, target: int, seat: int, seven: bool = False) -> None:
        """Move ``pid`` to ``target`` for ``seat`` (a 7 sweeps the pawns it passes under option
        ``seven_hits_passed``) and count the pawns hit and a pawn that enters its home."""
        if seven and self.sweeping:
            for swept, _ in self.sweep(pid, target):
                self.count_hit(swept, seat)
        if target >= self.length and self.pos[pid] < self.length:
            self.stats["pawns_home"] += 1
        hit = self.move_pawn(pid, target)
        if hit >= 0:
            self.count_hit(hit, seat)

    def count_hit(self, hit: int, seat: int) -> None:
        stats = self.stats
        stats["hits"] += 1
        stats["hits_own" if hit >> 2 in self.board.team_of[seat] else "hits_opponent"] += 1

    def advance(self, seat: int) -> None:
        """After a turn: the game may be won (or out of turns); else the next seat clockwise that
        still holds cards moves; when nobody does, the next round is dealt.

        Only ``seat``'s team can have won with this turn: the pawns it brought home are its
        own or its partner's, and no team had won before (the game would be over)."""
        at_home = self.at_home
        if PAWNS in at_home and min(map(at_home.__getitem__, self.board.team_of[seat])) == PAWNS:
            self.to_move = ()
            return
        limit = self.max_turns
        if limit is not None and self.ply + 1 >= limit:
            self.to_move = ()
            return
        hands = self.hands
        for s in self.board.after[seat]:
            if hands[s]:
                self.to_move = _TO_MOVE[s]
                return
        self.deal_next()

    # -- information ----------------------------------------------------------------------------------
    def pawn_places(self) -> list[list[PlaceText]]:
        length = self.length
        pos = self.pos
        return [
            [place_text(pos[4 * s + i], length) for i in range(PAWNS)] for s in range(self.players)
        ]

    def deal_played(self) -> list[int]:
        """The cards played or handed in during the current deal: the end of ``played``.

        Every card dealt this deal is in a hand or was played since, so their number is the deal's
        size times the players less the cards still held (kept within ``played`` for positions
        written by hand)."""
        size = DEAL_SIZES[0] if self.deal <= 1 else DEAL_SIZES[1]
        n = size * self.players - sum(len(h) for h in self.hands)
        n = max(0, min(n, len(self.played)))
        return self.played[len(self.played) - n :]

    def event_counts(self) -> dict[str, int]:
        """hits (pawns sent back to a nest, split into hits_own: the mover's team, and
        hits_opponent), jack_swaps, seven_splits (a 7 over two pawns), hand_ins, placements (Ace
        or King), pawns_home (pawns that entered a home), deals and cycles dealt, backward_moves
        (4s), cards_played (hand-ins not counted)."""
        counts = {key: 0 for key in EVENTS}
        counts.update(self.stats)
        return counts

    def pawn_progress(self) -> list[list[int | None]]:
        """Per seat, how far each pawn has come from its own start (``None`` in the nest)."""
        length, pos, starts = self.length, self.pos, self.starts
        return [
            [
                None if x < 0 else x if x >= length else (x - starts[s]) % length
                for x in pos[4 * s : 4 * s + PAWNS]
            ]
            for s in range(self.players)
        ]

    def view(self, seat: int | None) -> KeezbordView:
        # (the protocol declares dict[str, Any]; a TypedDict is the declared, narrower shape)
        out: KeezbordView = {
            "game": "keezbord",
            "seat": seat,
            "players": self.players,
            "teams": [list(t) for t in self.board.teams],
            "track_length": self.length,
            "starts": list(self.starts),
            "dealer": self.dealer,
            "cycle": self.cycle,
            "deal": self.deal,
            "ply": self.ply,
            "to_move": list(self.to_move),
            "pawns": self.pawn_places(),
            "progress": self.pawn_progress(),
            "plays_for": [self.controlled(s) for s in range(self.players)],
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "played": [card_text(c) for c in self.played],
            "deal_played": [card_text(c) for c in self.deal_played()],
            "handed_in": sorted(self.handed_in),
            "is_over": self.is_over,
        }
        if seat is not None:
            out["hand"] = [card_text(c) for c in self.hands[seat]]
        outcome = self.outcome
        if outcome is not None:
            out["outcome"] = {
                "scores": list(outcome.scores),
                "ranking": list(outcome.ranking),
                "winners": list(outcome.winners),
                "reason": outcome.reason,
            }
        return out

    def views(self, seats: Iterable[int | None]) -> dict[int | None, Mapping[str, Any]]:
        """Several seats' views, the public part built once: the spectator's view, which a
        seat's differs from only in ``seat`` and its own ``hand``.  The views share everything
        else (the same objects): read them, never change them."""
        public = self.view(None)
        outcome = public.get("outcome")
        out: dict[int | None, Mapping[str, Any]] = {}
        for who in seats:
            if who is None:
                out[None] = public
                continue
            own: dict[str, Any] = {**public, "seat": who}  # same keys, same order as view()
            if outcome is not None:
                del own["outcome"]
            own["hand"] = [card_text(c) for c in self.hands[who]]
            if outcome is not None:
                own["outcome"] = outcome
            out[who] = own
        return out

    def resample(self, seat: int | None, rng: Any) -> KeezbordState:
        """Redraw what ``seat`` cannot see: the other hands (same sizes) and the deck, from this
        cycle's cards minus those played and minus ``seat``'s own hand."""
        rng = as_rng(rng)
        new = self.clone()
        pool = list(self.deck)
        for s in range(self.players):
            if s != seat:
                pool.extend(self.hands[s])
        pool.sort()  # what the seat cannot see, in an order that does not depend on the truth
        rng.shuffle(pool)
        i = 0
        for s in range(self.players):
            if s != seat:
                k = len(self.hands[s])
                new.hands[s] = sorted(pool[i : i + k])
                i += k
        new.deck = pool[i:]
        new.rng = rng.fork()
        new._legal = None  # other hands: the seat to move may hold other cards
        return new

    def describe(self, action: Action, seat: int | None = None) -> str:
        """Which card moves which pawn from where to where, and which pawns it hits (public: the
        board and the card played; a hand handed in is told only by its size)."""
        return describe_action(self, action, seat)

    # -- copying, JSON, encoding ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        def cards(cs: list[int]) -> list[str]:
            return [card_text(c) for c in cs]

        return {
            **header_json(self),
            "dealer": self.dealer,
            "cycle": self.cycle,
            "deal": self.deal,
            "to_move": self.current,
            "pawns": self.pawn_places(),
            "hands": [cards(h) for h in self.hands],
            "deck": cards(self.deck),
            "played": cards(self.played),
            "handed_in": sorted(self.handed_in),
            "stats": dict(sorted(self.stats.items())),
        }

    def to_text(self) -> str:
        """The position in one line (like chess FEN): :func:`textform.position_text`."""
        return position_text(self)

    def encode_action(self, action: Action) -> int:
        return kept_code(action, self.players)

    def decode_action(self, code: int) -> Action:
        return decode(code, self.players)
