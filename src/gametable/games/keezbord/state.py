"""The state of a Keezbord game: a position (:mod:`~gametable.games.keezbord.pawns`) with the
flow of turns and deals, the protocol's queries, views and JSON form.

Imports run one way: :mod:`~gametable.games.keezbord.pawns` (the position and the rules of
movement) below :mod:`~gametable.games.keezbord.generate`, :mod:`~gametable.games.keezbord.checks`,
:mod:`~gametable.games.keezbord.describe` and :mod:`~gametable.games.keezbord.textform`, and this
module above them all.

Speed: the legal actions are listed once per position and kept until the position changes;
``apply`` given one of those very action objects knows it is legal and skips re-deriving it
(any other action is checked rule by rule, and refused with its rule, the state untouched).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from gametable.core.positions import header_json
from gametable.core.protocol import Action, Outcome
from gametable.core.rng import RngSource, as_rng
from gametable.games.keezbord import checks, rules
from gametable.games.keezbord.actions import (
    HAND_IN,
    HandIn,
    Move,
    Place,
    Split,
    Swap,
    decode,
    kept_code,
)
from gametable.games.keezbord.board import (
    PAWNS,
    STRIDE,
)
from gametable.games.keezbord.cards import (
    DEAL_SIZES,
    FOUR,
    JACK,
    SEVEN,
    STEPS,
    build_deck,
    card_text,
)
from gametable.games.keezbord.describe import describe_action
from gametable.games.keezbord.generate import plays
from gametable.games.keezbord.pawns import TO_MOVE, KeezbordPawns
from gametable.games.keezbord.textform import position_text
from gametable.games.keezbord.views import KeezbordView

#: the keys of :meth:`KeezbordState.event_counts`, always all present
EVENTS: Final[tuple[str, ...]] = (
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


class KeezbordState(KeezbordPawns):
    __slots__ = ()

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
            hand = deck[-size:]
            hand.sort()
            self.hands[seat] = hand
            del deck[-size:]
        self.to_move = TO_MOVE[(self.dealer + 1) % n]

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
        self.plays_counted += 1  # (stats["cards_played"], counted apart: counted_stats)
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
                self.to_move = TO_MOVE[s]
                return
        self.deal_next()

    # -- information ----------------------------------------------------------------------------------
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
        counts.update(self.counted_stats())
        return counts

    def counted_stats(self) -> dict[str, int]:
        """The counts of notable events as the position records them: ``stats``, with the cards
        played since the state was made or loaded (``plays_counted``) added to its
        ``cards_played``, which is there once a card was played or a position gave it."""
        counts = dict(self.stats)
        if self.plays_counted:
            counts["cards_played"] = counts.get("cards_played", 0) + self.plays_counted
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

    def views(self, seats: Iterable[int | None]) -> dict[int | None, KeezbordView]:
        """Several seats' views, the public part built once: the spectator's view, which a
        seat's differs from only in ``seat`` and its own ``hand``.  The views share everything
        else (the same objects): read them, never change them."""
        public = self.view(None)
        outcome = public.get("outcome")
        out: dict[int | None, KeezbordView] = {}
        for who in seats:
            if who is None:
                out[None] = public
                continue
            own = public.copy()  # same keys, same order as view()
            own["seat"] = who
            if outcome is not None:
                del own["outcome"]
            own["hand"] = [card_text(c) for c in self.hands[who]]
            if outcome is not None:
                own["outcome"] = outcome
            out[who] = own
        return out

    def resample(self, seat: int | None, rng: RngSource) -> KeezbordState:
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
            "stats": dict(sorted(self.counted_stats().items())),
        }

    def to_text(self) -> str:
        """The position in one line (like chess FEN): :func:`textform.position_text`."""
        return position_text(self)

    def encode_action(self, action: Action) -> int:
        return kept_code(action, self.players)

    def decode_action(self, code: int) -> Action:
        return decode(code, self.players)
