"""The state of a Balzakken game and the flow of a round.

Hands are sorted lists of card ints; piles are lists with the top card last.  ``known[o][p]`` is
the multiset of cards observer ``o`` knows to be in seat ``p``'s hand (row ``players`` is what
everybody knows: cards taken from the discard pile in plain sight); a Swinger tells both players
the whole hand the other now holds.  ``resample`` keeps each seat's knowledge and redraws the rest.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from typing import TYPE_CHECKING, Any

from gametable.core.errors import IllegalAction
from gametable.core.positions import header_json
from gametable.core.protocol import Action, Outcome, State
from gametable.core.rng import Rng, as_rng
from gametable.games.balzakken import rules
from gametable.games.balzakken.actions import (
    BALZAK,
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
    card_text,
    hand_value,
    is_balzak,
)
from gametable.games.balzakken.scoring import game_is_over, score_round, tasty_position

if TYPE_CHECKING:
    from gametable.games.balzakken import Balzakken

HAND_SIZE = 5
EVENTS = (
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

# Shared immutable action values, so legal_actions allocates little.
_DISCARD1 = {v: Discard(v) for v in range(-1, 12)}
_SWAP = {v: Swap(v) for v in range(-1, 12)}
_MULTI = {v: {k: (Discard(v, k), Discard(v, k, True)) for k in range(2, 9)} for v in range(-1, 12)}
_TARGETS: dict[tuple[type, int, int], tuple[Action, ...]] = {}


def _targets(kind: type, seat: int, players: int) -> tuple[Action, ...]:
    """The action card ``kind`` played on every other seat (cached: actions are immutable)."""
    key = (kind, seat, players)
    found = _TARGETS.get(key)
    if found is None:
        found = _TARGETS[key] = tuple(kind(t) for t in range(players) if t != seat)
    return found


class BalzakkenState(State):
    __slots__ = (
        "current",
        "dealer",
        "discard",
        "draw",
        "game",
        "hands",
        "history",
        "in_front",
        "known",
        "options",
        "players",
        "ply",
        "rng",
        "round",
        "scores",
        "seed",
        "stats",
    )

    def __init__(self, game: Balzakken, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        self.ply = 0
        self.round = 0
        self.scores = [0] * players
        self.history: list[dict[str, Any]] = []
        self.stats: Counter[str] = Counter()
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.in_front: list[list[int]] = [[] for _ in range(players)]
        self.known: list[list[list[int]]] = []
        self.current: int | None = options["first_player"]
        # the dealer of the first round sits to the right of the first player
        self.dealer = (options["first_player"] - 1) % players

    # -- setting up a round ("Overview > Ready to start?") ------------------------------------------
    def deal_round(self) -> None:
        """Shuffle every card, deal 5 each and turn up the first discard (never an action card)."""
        n = self.players
        self.round += 1
        deck = build_deck(self.options)
        self.rng.shuffle(deck)
        self.hands = [
            sorted(deck[-HAND_SIZE * (i + 1) : len(deck) - HAND_SIZE * i]) for i in range(n)
        ]
        del deck[len(deck) - HAND_SIZE * n :]
        self.draw = deck
        self.in_front = [[] for _ in range(n)]
        self.known = [[[] for _ in range(n)] for _ in range(n + 1)]
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
    def to_move(self) -> tuple[int, ...]:
        return () if self.current is None else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.current is None

    @property
    def outcome(self) -> Outcome | None:
        if self.current is not None:
            return None
        low = min(self.scores)
        names = " and ".join(f"seat {s}" for s, t in enumerate(self.scores) if t == low)
        return Outcome.from_scores(
            self.scores,
            lower_is_better=True,
            reason=f"a player reached 100 points; {names} scored fewest ({low})",
        )

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.current is None or (seat is not None and seat != self.current):
            return []
        seat = self.current
        hand = self.hands[seat]
        if not hand:
            return [BALZAK]
        out: list[Action] = []
        has_action_card = False
        i, n = 0, len(hand)
        while i < n:  # the hand is sorted: walk each run of equal cards once
            card = hand[i]
            j = i + 1
            while j < n and hand[j] == card:
                j += 1
            if card >= SWINGER:  # action cards sort after every Balzak
                has_action_card = True
                if card == SWINGER:
                    out.extend(_targets(PlaySwinger, seat, self.players))
                else:
                    out.extend(_targets(PlayLul, seat, self.players))
            else:
                out.append(_DISCARD1[card])
                multi = _MULTI[card]
                for k in range(2, j - i + 1):
                    out.extend(multi[k])
                out.append(_SWAP[card])
            i = j
        if not has_action_card:
            out.append(BALZAK)
        return out

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """As :meth:`State.apply`; a BALZAK! called out of turn cites the rule about it.

        "Playing the Game > Important": BALZAK! is only called on your own turn, as that turn
        (tests/balzakken checks this refusal's rule section).
        """
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        if (
            isinstance(action, CallBalzak)
            and seat is not None
            and self.current is not None
            and seat != self.current
        ):
            raise IllegalAction(
                f"seat {seat} cannot call BALZAK! now: it is seat {self.current}'s turn, and "
                "BALZAK! is only called as your own turn",
                rules.BALZAK_ON_YOUR_TURN,
            )
        super().apply(action, seat)

    def check_action(self, action: Action, seat: int) -> None:
        hand = self.hands[seat]
        if isinstance(action, CallBalzak):
            rules.check_call_balzak(hand)
            return
        rules.check_not_empty_handed(hand)
        if isinstance(action, Discard):
            rules.check_discard(hand, action.card, action.count, action.take_top)
        elif isinstance(action, Swap):
            rules.check_swap(hand, action.card)
        elif isinstance(action, PlaySwinger):
            rules.check_action_card(hand, SWINGER, seat, action.target, self.players)
        elif isinstance(action, PlayLul):
            rules.check_action_card(hand, LUL, seat, action.target, self.players)
        else:
            raise IllegalAction(f"{action!r} is not a Balzakken action", rules.TURN_ORDER)

    def _apply(self, action: Action, seat: int) -> None:
        if isinstance(action, CallBalzak):
            self.end_round(seat)
            return
        if isinstance(action, Discard):
            self.discard_cards(seat, action.card, action.count, action.take_top)
        elif isinstance(action, Swap):
            self.swap_with_top(seat, action.card)
        elif isinstance(action, PlaySwinger):
            self.play_swinger(seat, action.target)
        else:
            assert isinstance(action, PlayLul)
            self.play_lul(seat, action.target)
        self.current = (seat + 1) % self.players

    # -- the four actions -------------------------------------------------------------------------
    def discard_cards(self, seat: int, card: int, count: int, take_top: bool) -> None:
        """Actions 1 and "same value": discard first, then draw one card back."""
        hand = self.hands[seat]
        former_top = len(self.discard) - 1
        for _ in range(count):
            hand.remove(card)
            self.forget(seat, card)
        self.discard.extend([card] * count)
        if count > 1:
            self.stats["multi_discards"] += 1
        if take_top:
            taken = self.discard.pop(former_top)
            insort(hand, taken)
            self.reveal_taken(seat, taken)
        else:
            self.draw_cards(seat, 1)

    def swap_with_top(self, seat: int, card: int) -> None:
        """Action 2: a Balzak from the hand changes places with the discard pile's top."""
        hand = self.hands[seat]
        hand.remove(card)
        self.forget(seat, card)
        taken = self.discard.pop()
        self.discard.append(card)
        insort(hand, taken)
        self.reveal_taken(seat, taken)
        self.stats["swaps"] += 1

    def play_swinger(self, seat: int, target: int) -> None:
        """The Swinger goes in front of ``target``; the two swap hands (each now knows the other's)."""
        self.hands[seat].remove(SWINGER)
        self.forget(seat, SWINGER)
        self.in_front[target].append(SWINGER)
        self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
        for row in self.known:
            row[seat], row[target] = row[target], row[seat]
        self.known[seat][target] = list(self.hands[target])
        self.known[target][seat] = list(self.hands[seat])
        self.known[seat][seat] = []
        self.known[target][target] = []
        self.stats["swingers"] += 1

    def play_lul(self, seat: int, target: int) -> None:
        """The Lul goes in front of ``target``, who draws 2 cards at once."""
        self.hands[seat].remove(LUL)
        self.forget(seat, LUL)
        self.in_front[target].append(LUL)
        self.draw_cards(target, 2)
        self.stats["luls"] += 1

    def end_round(self, caller: int) -> None:
        """BALZAK!: score the round, apply the tasty positions, end the game or deal again."""
        values = [hand_value(h) for h in self.hands]
        result = score_round(values, caller)
        before = list(self.scores)
        tasty = []
        for s in range(self.players):
            total = self.scores[s] + result.points[s]
            self.scores[s] = tasty_position(total)
            if self.scores[s] != total:
                tasty.append(s)
        self.stats[f"{result.kind}_balzak"] += 1
        self.history = [
            *self.history,
            {
                "round": self.round,
                "caller": caller,
                "kind": result.kind,
                "hands": [[card_text(c) for c in h] for h in self.hands],
                "in_front": [[card_text(c) for c in f] for f in self.in_front],
                "values": values,
                "points": list(result.points),
                "before": before,
                "totals": list(self.scores),
                "tasty": tasty,
            },
        ]
        if game_is_over(self.scores):
            self.current = None
            return
        self.dealer = caller
        self.current = (caller + 1) % self.players
        self.deal_round()

    # -- drawing ----------------------------------------------------------------------------------
    def draw_cards(self, seat: int, count: int) -> None:
        """Draw ``count`` cards from the draw pile, reshuffling it when it runs out.

        "What If... > The draw pile runs out?": every card of the discard pile but its top is
        shuffled into a new draw pile (action cards in front of players stay out).  When even
        that leaves nothing to draw, the draw is skipped.
        """
        hand = self.hands[seat]
        for _ in range(count):
            if not self.draw:
                self.reshuffle()
                if not self.draw:
                    self.stats["skipped_draws"] += 1
                    return
            insort(hand, self.draw.pop())

    def reshuffle(self) -> None:
        if len(self.discard) <= 1:
            return
        cards = self.discard[:-1]
        del self.discard[:-1]
        self.rng.shuffle(cards)
        self.draw = cards
        self.stats["reshuffles"] += 1

    # -- knowledge of other hands -----------------------------------------------------------------
    def forget(self, seat: int, card: int) -> None:
        """``seat`` played ``card`` openly: nobody counts it in their hand any more."""
        for row in self.known:
            cards = row[seat]
            if card in cards:
                cards.remove(card)

    def reveal_taken(self, seat: int, card: int) -> None:
        """``seat`` took ``card`` from the discard pile in plain sight: everyone knows it is there."""
        for o, row in enumerate(self.known):
            if o != seat:
                insort(row[seat], card)

    # -- views ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        row = self.known[self.players if seat is None else seat]
        out: dict[str, Any] = {
            "game": "balzakken",
            "seat": seat,
            "players": self.players,
            "round": self.round,
            "dealer": self.dealer,
            "to_move": list(self.to_move),
            "hand_sizes": [len(h) for h in self.hands],
            "known_cards": {
                str(p): [card_text(c) for c in row[p]]
                for p in range(self.players)
                if row[p] and p != seat
            },
            "discard_pile": [card_text(c) for c in self.discard],
            "draw_pile_size": len(self.draw),
            "in_front": [[card_text(c) for c in f] for f in self.in_front],
            "scores": list(self.scores),
            "rounds": self.history,
            "is_over": self.is_over,
        }
        if seat is not None:
            out["hand"] = [card_text(c) for c in self.hands[seat]]
            out["hand_value"] = hand_value(self.hands[seat])
        if self.is_over:
            out["outcome"] = self.outcome.to_json()  # type: ignore[union-attr]
        return out

    def resample(self, seat: int | None, rng: Any) -> BalzakkenState:
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
        for o in range(self.players + 1):
            if o != me:
                new.known[o] = [[] if p == o else list(public[p]) for p in range(self.players)]
        return new

    def event_counts(self) -> dict[str, int]:
        """good_balzak, false_balzak, overcall_balzak, swingers, luls, swaps, multi_discards,
        reshuffles, skipped_draws, and rounds played."""
        counts = {key: 0 for key in EVENTS}
        counts.update(self.stats)
        counts["rounds"] = len(self.history)
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

    # -- copying, JSON, encoding ------------------------------------------------------------------
    def clone(self) -> BalzakkenState:
        new = object.__new__(BalzakkenState)
        new.game = self.game
        new.players = self.players
        new.options = self.options
        new.seed = self.seed
        new.rng = Rng(self.rng.state)
        new.ply = self.ply
        new.round = self.round
        new.scores = list(self.scores)
        new.history = self.history  # append-only list of finished rounds; copied on write
        new.stats = Counter(self.stats)
        new.hands = [list(h) for h in self.hands]
        new.draw = list(self.draw)
        new.discard = list(self.discard)
        new.in_front = [list(f) for f in self.in_front]
        new.known = [[list(k) for k in row] for row in self.known]
        new.current = self.current
        new.dealer = self.dealer
        return new

    def to_json(self) -> dict[str, Any]:
        def cards(cs: list[int]) -> list[str]:
            return [card_text(c) for c in cs]

        return {
            **header_json(self),
            "round": self.round,
            "dealer": self.dealer,
            "to_move": self.current,
            "scores": list(self.scores),
            "hands": [cards(h) for h in self.hands],
            "draw_pile": cards(self.draw),
            "discard_pile": cards(self.discard),
            "in_front": [cards(f) for f in self.in_front],
            "known": [[cards(k) for k in row] for row in self.known],
            "rounds": self.history,
            "stats": dict(sorted(self.stats.items())),
        }

    def encode_action(self, action: Action) -> int:
        return encode(action, self.players, self.options["copies"])

    def decode_action(self, code: int) -> Action:
        return decode(code, self.players, self.options["copies"])
