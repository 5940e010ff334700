"""A High Card position and its rules: dealing, playing a card, taking a trick, the end.

The state holds each seat's hand, the cards left undealt (never shown), the trick on the table,
the tricks each seat has taken and the finished tricks.  Chance is the deal alone, drawn from
the state's :class:`~gametable.core.rng.Rng`.
"""

from __future__ import annotations

from typing import Any

from gametable.core.errors import IllegalAction
from gametable.core.positions import header_json
from gametable.core.protocol import Action, Game, Outcome, State
from gametable.core.rng import Rng, RngSource, as_rng
from gametable_highcard import rules
from gametable_highcard.actions import Play, decode, encode
from gametable_highcard.views import HighCardView, Played, TrickRecord

#: the deck and the hand of the default game (the options ``cards`` and ``hand``)
DECK_SIZE = 13
HAND_SIZE = 3


def trick_winner(trick: list[tuple[int, int]]) -> int:
    """The seat whose card is highest in ``trick`` (``(seat, card)`` pairs): it takes the trick.

    >>> trick_winner([(2, 5), (0, 11), (1, 3)])
    0
    """
    return max(trick, key=lambda played: played[1])[0]


class HighCardState(State[HighCardView]):
    """A High Card game in progress (see the module docstring)."""

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game, self.players, self.seed, self.options = game, players, seed, options
        self.rng = Rng(seed)
        self.ply = 0
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.undealt: list[int] = []
        self.leader = 0
        self.trick: list[tuple[int, int]] = []
        self.tricks = [0] * players
        self.history: list[tuple[int, tuple[tuple[int, int], ...], int]] = []

    def deal(self) -> None:
        """Shuffle the deck and deal ``hand`` cards to each seat (``rules.DEALING``)."""
        deck = list(range(1, self.options["cards"] + 1))
        self.rng.shuffle(deck)
        size = self.options["hand"]
        for seat in range(self.players):
            self.hands[seat] = sorted(deck[seat * size : (seat + 1) * size])
        self.undealt = sorted(deck[self.players * size :])

    # -- who decides --------------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        if self.is_finished():
            return ()
        return ((self.leader + len(self.trick)) % self.players,)

    def is_finished(self) -> bool:
        return not self.trick and not any(self.hands)

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_finished():
            return None
        best = max(self.tricks)
        return Outcome.from_scores(
            [float(t) for t in self.tricks], reason=f"every hand is played out; most tricks: {best}"
        )

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        moving = self.to_move
        if not moving or seat not in (None, moving[0]):
            return []
        return [Play(card) for card in self.hands[moving[0]]]

    def check_action(self, action: Action, seat: int) -> None:
        """1. The action plays a card.  2. The card is in the seat's hand (``rules.OWN_CARD``)."""
        if not isinstance(action, Play):
            raise IllegalAction(f"{action} is not a High Card action", rules.TURN_ORDER)
        if action.card not in self.hands[seat]:
            raise IllegalAction(f"seat {seat} holds no {action.card}", rules.OWN_CARD)

    def _apply(self, action: Action, seat: int) -> None:
        assert isinstance(action, Play)
        self.hands[seat].remove(action.card)
        self.trick.append((seat, action.card))
        if len(self.trick) == self.players:
            self.take_trick()

    def take_trick(self) -> None:
        """The highest card takes the trick; its seat leads the next (``rules.TAKING``)."""
        winner = trick_winner(self.trick)
        self.tricks[winner] += 1
        self.history.append((self.leader, tuple(self.trick), winner))
        self.leader, self.trick = winner, []

    # -- information ----------------------------------------------------------------------------
    def view(self, seat: int | None) -> HighCardView:
        view = HighCardView(
            game="highcard",
            seat=seat,
            players=self.players,
            cards=self.options["cards"],
            to_move=list(self.to_move),
            leader=self.leader,
            trick=[Played(seat=s, card=c) for s, c in self.trick],
            hand_sizes=[len(h) for h in self.hands],
            tricks=list(self.tricks),
            history=[
                TrickRecord(
                    leader=leader, cards=[Played(seat=s, card=c) for s, c in cards], winner=winner
                )
                for leader, cards, winner in self.history
            ],
            is_over=self.is_finished(),
        )
        if seat is not None:
            view["hand"] = list(self.hands[seat])
        outcome = self.outcome
        if outcome is not None:
            view["outcome"] = {
                "scores": list(outcome.scores),
                "ranking": list(outcome.ranking),
                "winners": list(outcome.winners),
                "reason": outcome.reason,
            }
        return view

    def resample(self, seat: int | None, rng: RngSource) -> HighCardState:
        """Every card ``seat`` cannot see (the other hands, the undealt cards) dealt again.

        The unseen cards are pooled in sorted order before shuffling, so the result depends on
        what ``seat`` knows and on ``rng`` only."""
        draw = as_rng(rng)
        new = self.clone()
        others = [s for s in range(self.players) if s != seat]
        pool = sorted([c for s in others for c in self.hands[s]] + self.undealt)
        draw.shuffle(pool)
        for s in others:
            size = len(self.hands[s])
            new.hands[s], pool = sorted(pool[:size]), pool[size:]
        new.undealt = sorted(pool)
        new.rng = draw.fork()
        return new

    # -- copying and serialising ------------------------------------------------------------
    def clone(self) -> HighCardState:
        new = HighCardState(self.game, self.players, self.seed, self.options)
        new.rng, new.ply = self.rng.clone(), self.ply
        new.hands = [list(h) for h in self.hands]
        new.undealt = list(self.undealt)
        new.leader, new.trick = self.leader, list(self.trick)
        new.tricks, new.history = list(self.tricks), list(self.history)
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            **header_json(self),
            "hands": [list(h) for h in self.hands],
            "undealt": list(self.undealt),
            "leader": self.leader,
            "trick": [[s, c] for s, c in self.trick],
            "tricks": list(self.tricks),
            "history": [
                {"leader": leader, "cards": [[s, c] for s, c in cards], "winner": winner}
                for leader, cards, winner in self.history
            ],
        }

    def encode_action(self, action: Action) -> int:
        return encode(action, self.options["cards"])

    def decode_action(self, code: int) -> Action:
        return decode(code, self.options["cards"])
