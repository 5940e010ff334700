"""The state of a Balzakken game and the flow of a round: a position
(:mod:`~gametable.games.balzakken.hands`) with the protocol, the four actions, the end of a
round, and the views.

Legality lives in :mod:`~gametable.games.balzakken.rules` (one function per rule, returning a
refusal or nothing); :meth:`BalzakkenState.legal_actions` and :meth:`BalzakkenState.apply` both
ask those functions, through :mod:`~gametable.games.balzakken.legal` and
:meth:`BalzakkenState.refusal_of`.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from operator import add
from typing import Any, Final

from gametable.core.positions import header_json
from gametable.core.protocol import Action, Outcome
from gametable.core.rng import RngSource, as_rng
from gametable.games.balzakken import rules
from gametable.games.balzakken.actions import (
    CallBalzak,
    Discard,
    PlayLul,
    PlaySwinger,
    Swap,
    decode,
    encode,
)
from gametable.games.balzakken.cards import (
    LUL,
    NAMES,
    SWINGER,
    build_deck,
    cards_text,
    hand_value,
    hand_values,
    hands_text,
    is_balzak,
)
from gametable.games.balzakken.hands import BalzakkenHands, RawRound
from gametable.games.balzakken.knowledge import Knowledge
from gametable.games.balzakken.legal import actions_of_hand
from gametable.games.balzakken.scoring import (
    KINDS,
    game_is_over,
    score_round,
    tasty_positions,
)
from gametable.games.balzakken.views import BalzakkenView, OutcomeView, RoundRecord

HAND_SIZE: Final = 5
#: the event counted for each kind of call
ROUND_EVENT: Final = {kind: f"{kind}_balzak" for kind in KINDS}
EVENTS: Final[tuple[str, ...]] = (
    "good_balzak",
    "false_balzak",
    "overcall_balzak",
    "swingers",
    "luls",
    "swaps",
    "multi_discards",
    "reshuffles",
    "skipped_draws",
)


#: a finished round's figures as :meth:`BalzakkenState.end_round` keeps them: round, caller,
#: kind, hands, cards in front, hand values, points, totals before, totals after, and the sums


class BalzakkenState(BalzakkenHands):
    __slots__ = ()

    # -- setting up a round ("Overview > Ready to start?") ------------------------------------------
    def deal_round(self) -> None:
        """Shuffle every card, deal 5 each and turn up the first discard (never an action card)."""
        n = self.players
        self.round += 1
        deck = build_deck(self.options)
        self.rng.shuffle(deck)
        size = len(deck)
        cut = size - HAND_SIZE * n
        # seat 0 takes the top five, seat 1 the next five, ...
        self.hands = [sorted(deck[end - HAND_SIZE : end]) for end in range(size, cut, -HAND_SIZE)]
        del deck[cut:]
        self.draw = deck
        self.in_front = [[] for _ in range(n)]
        # nobody knows anything yet (the rows are made when someone asks: see `known`)
        self.knowledge = Knowledge(n)
        self.discard = [self.turn_first_discard()]

    def turn_first_discard(self) -> int:
        """Turn the draw pile's top; an action card goes back into the pile at a random place."""
        while True:
            card = self.draw.pop()
            if is_balzak(card):
                return card
            self.draw.insert(self.rng.randbelow(len(self.draw) + 1), card)

    # -- the protocol -----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return not self.to_move

    @property
    def outcome(self) -> Outcome | None:
        if self.to_move:
            return None
        low = min(self.scores)
        names = " and ".join(f"seat {s}" for s, t in enumerate(self.scores) if t == low)
        return Outcome.from_scores(
            self.scores,
            lower_is_better=True,
            reason=f"a player reached 100 points; {names} scored fewest ({low})",
        )

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        to_move = self.to_move
        if not to_move:
            return []
        current = to_move[0]
        if seat is not None and seat != current:
            return []
        legal = actions_of_hand(self.hands[current], current, self.players)
        self._offered = tuple(legal)
        return legal

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """As :meth:`State.apply`: refuse with the rule broken (state untouched), else apply.

        An action object listed by :meth:`legal_actions` for the seat to move in this very
        position is known legal and is not asked about again (the hot path, first).

        "Playing the Game > Important": BALZAK! called out of turn cites the rule that it is only
        called on your own turn, as that turn.
        """
        to_move = self.to_move
        if to_move and (seat is None or seat == to_move[0]):
            for listed in self._offered:
                if listed is action:  # this very object was listed legal here
                    self._apply(listed, to_move[0])
                    self.ply += 1
                    return
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        if not to_move or (seat is not None and seat != to_move[0]):
            if to_move and seat is not None and isinstance(action, CallBalzak):
                raise rules.out_of_turn_balzak_refusal(seat, to_move[0]).error()
            self.acting_seat(seat)  # raises: the game is over, or it is another seat's turn
            raise AssertionError(f"seat {seat} may not act now, yet acting_seat accepted it")
        seat = to_move[0]
        refusal = self.refusal_of(action, seat)
        if refusal is not None:
            raise refusal.error()
        self._apply(action, seat)
        self.ply += 1

    def check_action(self, action: Action, seat: int) -> None:
        refusal = self.refusal_of(action, seat)
        if refusal is not None:
            raise refusal.error()

    def refusal_of(self, action: Action, seat: int) -> rules.Refusal | None:
        """What rule forbids ``seat``, whose turn it is, to play ``action`` now; ``None`` if none.

        The same rule functions generate :meth:`legal_actions`.  With no cards in hand, every
        action but the call is refused by the empty-hand rule.
        """
        hand = self.hands[seat]
        if isinstance(action, CallBalzak):
            return rules.balzak_refusal(hand.count(SWINGER), hand.count(LUL))
        empty = rules.empty_hand_refusal(len(hand))
        if empty is not None:
            return empty
        if isinstance(action, Discard):
            card = action.card
            return rules.discard_refusal(card, hand.count(card), action.count, action.take_top)
        if isinstance(action, Swap):
            return rules.swap_refusal(action.card, hand.count(action.card))
        if isinstance(action, PlaySwinger):
            return rules.action_card_refusal(
                SWINGER, hand.count(SWINGER), seat, action.target, self.players
            )
        if isinstance(action, PlayLul):
            return rules.action_card_refusal(
                LUL, hand.count(LUL), seat, action.target, self.players
            )
        return rules.Refusal(f"{action!r} is not a Balzakken action.", rules.TURN_ORDER)

    def _apply(self, action: Action, seat: int) -> None:
        self._offered = ()
        # (exact classes first, the commonest first: this runs at every decision)
        if type(action) is Discard:
            self.discard_cards(seat, action.card, action.count, action.take_top)
        elif type(action) is Swap:
            self.swap_with_top(seat, action.card)
        elif type(action) is CallBalzak:
            self.end_round(seat)
            return
        elif type(action) is PlaySwinger:
            self.play_swinger(seat, action.target)
        elif type(action) is PlayLul:
            self.play_lul(seat, action.target)
        # (subclasses of the actions)
        elif isinstance(action, Discard):
            self.discard_cards(seat, action.card, action.count, action.take_top)
        elif isinstance(action, Swap):
            self.swap_with_top(seat, action.card)
        elif isinstance(action, CallBalzak):
            self.end_round(seat)
            return
        elif isinstance(action, PlaySwinger):
            self.play_swinger(seat, action.target)
        else:
            assert isinstance(action, PlayLul)
            self.play_lul(seat, action.target)
        self.to_move = self._next_to_move[seat]

    # -- the four actions -------------------------------------------------------------------------
    def discard_cards(self, seat: int, card: int, count: int, take_top: bool) -> None:
        """Actions 1 and "same value": discard first, then draw one card back."""
        hand = self.hands[seat]
        discard = self.discard
        seen = self.knowledge.seen
        if count == 1:  # (the commonest, without a loop)
            hand.remove(card)
            seen.append((seat, card))  # played openly: nobody counts it in the hand any more
            discard.append(card)
        else:
            for _ in range(count):
                hand.remove(card)
                seen.append((seat, card))
                discard.append(card)
            if count > 1:
                self.stats["multi_discards"] += 1
        if take_top:
            taken = discard.pop(-1 - count)  # the former top, under the cards just discarded
            insort(hand, taken)
            seen[-1] = (seat, card, taken)  # taken in plain sight: everyone else knows it
            return
        draw = self.draw
        if draw:
            insort(hand, draw.pop())
        else:
            self.draw_cards(seat, 1)

    def swap_with_top(self, seat: int, card: int) -> None:
        """Action 2: a Balzak from the hand changes places with the discard pile's top."""
        hand = self.hands[seat]
        hand.remove(card)
        discard = self.discard
        taken = discard[-1]
        discard[-1] = card
        insort(hand, taken)
        # played openly (forgotten), and taken in plain sight (everyone else knows it is there)
        self.knowledge.seen.append((seat, card, taken))
        self.stats["swaps"] += 1

    def play_swinger(self, seat: int, target: int) -> None:
        """The Swinger goes in front of ``target``; the two swap hands (each now knows the other's)."""
        hands = self.hands
        hands[seat].remove(SWINGER)
        self.in_front[target].append(SWINGER)
        hands[seat], hands[target] = hands[target], hands[seat]
        # played openly, then what each of the two now holds is what the other knows
        self.knowledge.seen.append((seat, target, hands[seat][:], hands[target][:]))
        self.stats["swingers"] += 1

    def play_lul(self, seat: int, target: int) -> None:
        """The Lul goes in front of ``target``, who draws 2 cards at once."""
        self.hands[seat].remove(LUL)
        self.knowledge.seen.append((seat, LUL))  # played openly: forgotten
        self.in_front[target].append(LUL)
        self.draw_cards(target, 2)
        self.stats["luls"] += 1

    def end_round(self, caller: int) -> None:
        """BALZAK!: score the round, apply the tasty positions, end the game or deal again.

        The round's record keeps the round's figures as they are (the hands and the cards in
        front of players are replaced, not changed, by the next deal); :attr:`history` writes
        them out as a :class:`RoundRecord` when it is first read.
        """
        hands = self.hands
        values = hand_values(hands)
        kind, points = score_round(values, caller)
        before = self.scores  # replaced, not changed: the round's record keeps it
        sums = list(map(add, before, points))
        scores = tasty_positions(sums)
        self.scores = scores
        self.stats[ROUND_EVENT[kind]] += 1
        over = game_is_over(scores)
        in_front = self.in_front
        if over:  # no deal replaces them: the record keeps copies
            hands = [h[:] for h in hands]
            in_front = [f[:] for f in in_front]
        raw: RawRound = (
            self.round,
            caller,
            kind,
            hands,
            in_front,
            values,
            points,
            before,
            scores,
            sums,
        )
        self._rounds = [*self._rounds, raw]  # shared with clones: copied on write
        if over:
            self.to_move = ()
            return
        self.dealer = caller
        self.to_move = self._next_to_move[caller]
        self.deal_round()

    @property
    def history(self) -> list[RoundRecord]:
        """The finished rounds, in order, as written on the score sheet (shared with clones:
        treat as read-only)."""
        return self.write_out_rounds()

    @history.setter
    def history(self, rounds: list[RoundRecord]) -> None:
        self._rounds = list(rounds)

    def write_out_rounds(self) -> list[RoundRecord]:
        """Write out the rounds still kept as raw figures (:func:`round_record`); the rounds."""
        rounds = self._rounds
        last = len(rounds) - 1
        while last >= 0:
            raw = rounds[last]
            if not isinstance(raw, tuple):
                break  # (rounds are written out from the last back: the earlier ones are)
            rounds[last] = round_record(raw)  # the same value, written out: clones may share it
            last -= 1
        # every entry is now a RoundRecord
        return rounds  # type: ignore[return-value]

    # -- views ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> BalzakkenView:
        row = self.known[self.players if seat is None else seat]
        out: BalzakkenView = {
            "game": "balzakken",
            "seat": seat,
            "players": self.players,
            "round": self.round,
            "dealer": self.dealer,
            "to_move": list(self.to_move),
            "hand_sizes": [len(h) for h in self.hands],
            "known_cards": {
                str(p): cards_text(row[p]) for p in range(self.players) if row[p] and p != seat
            },
            "discard_pile": cards_text(self.discard),
            "draw_pile_size": len(self.draw),
            "in_front": [cards_text(f) for f in self.in_front],
            "scores": list(self.scores),
            "rounds": self.history,
            "is_over": self.is_over,
        }
        if seat is not None:
            out["hand"] = cards_text(self.hands[seat])
            out["hand_value"] = hand_value(self.hands[seat])
        outcome = self.outcome
        if outcome is not None:
            out["outcome"] = outcome_view(outcome)
        return out

    def resample(self, seat: int | None, rng: RngSource) -> BalzakkenState:
        """Redraw every card ``seat`` cannot see: other hands (but the cards it knows) and the pile.

        The result depends only on what ``seat`` may know and on ``rng``: the unseen cards are
        pooled in a fixed order before shuffling, and in the new state the other players know
        only what everybody knows of each hand (what they privately learnt is hidden from
        ``seat``, so it cannot be carried over).
        """
        rng = as_rng(rng)
        me = self.players if seat is None else seat
        mine = self.known[me]
        public = self.known[self.players]
        new = self.clone()
        pool = list(self.draw)
        unknown_counts = []
        for p in range(self.players):
            if p == seat:
                unknown_counts.append(0)
                continue
            rest = Counter(self.hands[p])
            rest.subtract(mine[p])
            unknown = list(rest.elements())
            pool.extend(unknown)
            unknown_counts.append(len(unknown))
        pool.sort()
        rng.shuffle(pool)
        for p in range(self.players):
            if p == seat:
                continue
            k = unknown_counts[p]
            new.hands[p] = sorted(mine[p] + pool[:k])
            del pool[:k]
        new.draw = pool
        new.rng = rng.fork()
        new._offered = ()  # other hands: the seat to move may hold other cards
        for o in range(self.players + 1):
            if o != me:
                new.known[o] = [[] if p == o else list(public[p]) for p in range(self.players)]
        new.index_knowledge()
        return new

    def event_counts(self) -> dict[str, int]:
        """good_balzak, false_balzak, overcall_balzak, swingers, luls, swaps, multi_discards,
        reshuffles, skipped_draws, and rounds played."""
        counts = {key: 0 for key in EVENTS}
        counts.update(self.stats)
        counts["rounds"] = len(self._rounds)
        return counts

    def describe(self, action: Action, seat: int | None = None) -> str:
        who = f"seat {self.current if seat is None else seat}"
        if isinstance(action, Discard):
            name = NAMES.get(action.card, str(action.card))
            if action.count == 1:
                return f"{who} discards a {name} and draws from the draw pile"
            source = (
                "takes back the former top of the discard pile"
                if action.take_top
                else "draws one card"
            )
            return f"{who} discards {action.count} x {name} at once and {source}"
        if isinstance(action, Swap):
            return f"{who} swaps a {NAMES.get(action.card, action.card)} for the discard pile's top"
        if isinstance(action, PlaySwinger):
            return f"{who} plays The Swinger on seat {action.target} and they swap hands"
        if isinstance(action, PlayLul):
            return f"{who} plays The Lul on seat {action.target}, who draws 2 cards"
        if isinstance(action, CallBalzak):
            return f"{who} calls BALZAK! (the round ends; a call with more than 5 points costs 25)"
        return str(action)

    # -- JSON, encoding ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            **header_json(self),
            "round": self.round,
            "dealer": self.dealer,
            "to_move": self.current,
            "scores": list(self.scores),
            "hands": [cards_text(h) for h in self.hands],
            "draw_pile": cards_text(self.draw),
            "discard_pile": cards_text(self.discard),
            "in_front": [cards_text(f) for f in self.in_front],
            "known": [[cards_text(k) for k in row] for row in self.known],
            "rounds": self.history,
            "stats": dict(sorted(self.stats.items())),
        }

    def encode_action(self, action: Action) -> int:
        return encode(action, self.players, self.options["copies"])

    def decode_action(self, code: int) -> Action:
        return decode(code, self.players, self.options["copies"])


def round_record(raw: RawRound) -> RoundRecord:
    """A round's figures, as :meth:`BalzakkenState.end_round` keeps them, written out."""
    number, caller, kind, hands, in_front, values, points, before, totals, sums = raw
    return {
        "round": number,
        "caller": caller,
        "kind": kind,
        "hands": hands_text(hands),
        "in_front": hands_text(in_front),
        "values": values,
        "points": list(points),
        "before": before,
        "totals": totals[:],
        "tasty": [] if sums == totals else [s for s, t in enumerate(sums) if t != totals[s]],
    }


def outcome_view(outcome: Outcome) -> OutcomeView:
    return {
        "scores": list(outcome.scores),
        "ranking": list(outcome.ranking),
        "winners": list(outcome.winners),
        "reason": outcome.reason,
    }
