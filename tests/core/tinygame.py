"""A tiny game used to prove the kernel and to show the conformance checks can fail.

"High card": every seat is dealt one hidden card 1..9 from a shuffled deck; in turn, each seat
either keeps its card or trades it for a card drawn at random from the deck; after one round the highest card wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from gametable.core.errors import InvalidAction
from gametable.core.protocol import Action, Game, Outcome, State
from gametable.core.rng import Rng, as_rng
from gametable.core.rules import RuleRef
from gametable.core.schema import action_fields

TURNS = RuleRef("tiny", "Turns")


@dataclass(frozen=True, slots=True)
class Choice(Action):
    trade: bool
    kind = "choice"

    def __str__(self) -> str:
        return "trade" if self.trade else "keep"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "trade": self.trade}

    @property
    def steps(self) -> tuple[str, ...]:
        return (str(self),)


class TinyView(TypedDict):
    """What a seat of the tiny game sees."""

    to_move: list[int]
    deck: int
    card: NotRequired[int]
    hands: NotRequired[list[int]]


class TinyState(State):
    action_class: type[Choice] = Choice

    def __init__(self, game: TinyGame, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game, self.players, self.options, self.seed = game, players, options, seed
        self.rng = Rng(seed)
        self.ply = 0
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        self.hands = [deck.pop() for _ in range(players)]
        self.deck = deck
        self.current: int | None = 0

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.current is None else (self.current,)

    @property
    def outcome(self) -> Outcome | None:
        return None if self.current is not None else Outcome.from_scores(self.hands)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.current is None or seat not in (None, self.current):
            return []
        return [self.action_class(False), self.action_class(True)]

    def _apply(self, action: Action, seat: int) -> None:
        assert isinstance(action, Choice)
        if action.trade:  # trade for a card drawn at random from the deck
            i = self.rng.randbelow(len(self.deck))
            self.hands[seat], self.deck[i] = self.deck[i], self.hands[seat]
        self.current = seat + 1 if seat + 1 < self.players else None

    def view(self, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"to_move": list(self.to_move), "deck": len(self.deck)}
        if seat is not None:
            out["card"] = self.hands[seat]
        if self.current is None:
            out["hands"] = list(self.hands)
        return out

    def resample(self, seat: int | None, rng: Any) -> TinyState:
        r = as_rng(rng)
        new = self.clone()
        pool = self.unseen_pool(seat)
        if self.current is None:
            return new
        r.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                new.hands[s] = pool.pop()
        new.deck = pool
        new.rng = r.fork()
        return new

    def unseen_pool(self, seat: int | None) -> list[int]:
        """The cards ``seat`` cannot see, in an order that gives nothing away."""
        return sorted([c for s, c in enumerate(self.hands) if s != seat] + self.deck)

    def clone(self) -> TinyState:
        # every field written out: compiled, the protocol's fields (game, players, ...) are
        # the native State's slots, not in the instance dict (nor is the dict there yet)
        new = type(self).__new__(type(self))  # (a compiled State refuses object.__new__)
        new.game, new.players, new.options = self.game, self.players, self.options
        new.seed, new.ply, new.current = self.seed, self.ply, self.current
        new.hands, new.deck, new.rng = list(self.hands), list(self.deck), self.rng.clone()
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "version": 1,
            "players": self.players,
            "seed": self.seed,
            "rng": self.rng.to_json(),
            "ply": self.ply,
            "hands": self.hands,
            "deck": self.deck,
            "current": self.current,
        }

    def encode_action(self, action: Action) -> int:
        assert isinstance(action, Choice)
        return int(action.trade)

    def decode_action(self, code: int) -> Action:
        return self.action_class(bool(code))


class TinyGame(Game):
    name = "tiny"
    title = "Tiny"
    version = 1
    player_counts = (2, 3)
    turn_rule = TURNS
    end_rule = TURNS
    state_class = TinyState
    action_types = (Choice,)
    view_type = TinyView

    def _action_from_json(self, state: State, cls: type[Action], data: Mapping[str, Any]) -> Action:
        return self.state_class.action_class(action_fields(data, {"trade": bool})["trade"])

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return self.state_class(self, players, seed, options)

    def parse_action(self, state: State, text: str) -> Action:
        if text not in ("keep", "trade"):
            raise InvalidAction(f"{text!r}: write keep or trade")
        return self.state_class.action_class(text == "trade")

    def _state_from_json(self, data: dict[str, Any]) -> State:
        state = self.state_class(self, data["players"], data["seed"], {})
        state.rng = Rng.from_json(data["rng"])
        state.ply, state.hands, state.deck = data["ply"], data["hands"], data["deck"]
        state.current = data["current"]
        return state

    def num_distinct_actions(self, players: int, options: Any = None) -> int:
        return 2

    def max_game_length(self, players: int, options: Any = None) -> int:
        return players


class LeakyState(TinyState):
    """Shows every hand to the spectator: the leak test must catch it."""

    def view(self, seat: int | None) -> dict[str, Any]:
        out = super().view(seat)
        if seat is None:
            out["hands"] = list(self.hands)
        return out


class LeakyGame(TinyGame):
    name = "leaky"
    state_class = LeakyState


class SloppyState(TinyState):
    """Forgets the RNG in its JSON: the round-trip check must catch it."""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["rng"] = Rng(0).to_json()
        return out


class SloppyGame(TinyGame):
    name = "sloppy"
    state_class = SloppyState


class PeekyState(TinyState):
    """Pools the unseen cards in their true order: the resample check must catch it."""

    def unseen_pool(self, seat: int | None) -> list[int]:
        return [c for s, c in enumerate(self.hands) if s != seat] + self.deck


class PeekyGame(TinyGame):
    name = "peeky"
    state_class = PeekyState


class ChattyState(TinyState):
    """Adds a field its declared view does not have: the view schema check must catch it."""

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "secret_note": "hello"}


class ChattyGame(TinyGame):
    name = "chatty"
    state_class = ChattyState


@dataclass(frozen=True, slots=True)
class Forgetful(Choice):
    """Its JSON form forgets which choice it is: the action JSON check must catch it."""

    kind = "choice"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "trade": False}


class ForgetfulState(TinyState):
    action_class = Forgetful


class ForgetfulGame(TinyGame):
    name = "forgetful"
    state_class = ForgetfulState


@dataclass(frozen=True, slots=True)
class Muddled(Choice):
    """Both choices have the same steps: the steps check must catch it."""

    kind = "choice"

    @property
    def steps(self) -> tuple[str, ...]:
        return ("choose",)


class MuddledState(TinyState):
    action_class = Muddled


class MuddledGame(TinyGame):
    name = "muddled"
    state_class = MuddledState
