"""The public game protocol: :class:`Game`, :class:`State`, :class:`Action`, :class:`Outcome`.

Every game is a :class:`Game` subclass (a declarative header: name, version, player counts,
options) whose ``new_game`` returns a :class:`State`.  Seats are the integers ``0..players-1``,
clockwise.  Everything above the games (bots, terminal, server, adapters) uses only the names
defined here.

A state is mutable with a cheap :meth:`State.clone`; :meth:`State.apply` validates first and
changes nothing when it refuses.  See ``docs/architecture.md``.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from gametable.core.errors import IllegalAction, InvalidAction, InvalidState
from gametable.core.options import GivenOptions, Option, Options, OptionValue, resolve_options
from gametable.core.rng import Rng, RngSource, new_seed
from gametable.core.rules import RuleRef
from gametable.core.schema import json_schema


# the three bases are subclassed by interpreted code too (games, tests) when a compiled build
# (docs/performance.md) compiles this module: mypyc must allow that; in pure Python the
# decorator does nothing
@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every game's actions: small frozen values, in four forms that all round-trip.

    - **notation**: ``str(action)``; ``game.parse_action(state, str(a)) == a``.
    - **integer**: ``state.encode_action(a)`` / ``state.decode_action(code)``.
    - **fields**: :meth:`to_json` gives a JSON object with a ``"kind"`` and named fields;
      ``game.action_from_json(state, a.to_json()) == a``.  Clients read these, never the notation.
    - **steps**: :attr:`steps`, how a person picks the action, from the most general choice to
      the last detail; :mod:`gametable.core.choices` groups legal actions into short menus by them.

    Subclasses are ``@dataclass(frozen=True, slots=True)`` and set :attr:`kind` right after the
    class statement (``Discard.kind = "discard"``), not in its body: a mypyc-compiled build (see
    ``docs/performance.md``) would make a class-body ``kind`` a dataclass field.
    """

    __slots__ = ()

    #: the action's ``"kind"`` in its JSON form (one per action class of a game; declared here
    #: without a value so that a dataclass field may not inherit it as a default)
    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON object: ``{"kind": ..., <named fields>}``.

        Field values are what a person reads (``"village"``, ``"c3"``, ``"a1"``), not internal ids.
        """
        raise NotImplementedError(f"{type(self).__name__} does not define to_json")

    @property
    def steps(self) -> tuple[str, ...]:
        """How a person picks this action: a non-empty tuple of short labels, general to
        specific (Balam ``("build", "village", "c3", "plot 0")``).  The legal actions' steps are
        distinct and none is a prefix of another's, so they form a menu tree."""
        return (str(self),)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``scores`` are the game's own final scores per seat (points, prestige, pawns home...),
    ``ranking`` the place of each seat (1 is best; tied seats share a place, the next place follows
    on: 1, 1, 2), ``winners`` the seats ranked first, ``reason`` a sentence for people.
    """

    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str = ""

    @classmethod
    def from_scores(
        cls,
        scores: Sequence[float],
        *,
        lower_is_better: bool = False,
        reason: str = "",
    ) -> Outcome:
        """Rank seats by score; equal scores share a place; every seat placed first wins.

        >>> Outcome.from_scores([30, 12, 30], lower_is_better=True).ranking
        (2, 1, 2)
        """
        distinct = sorted(set(scores), reverse=not lower_is_better)
        place = {score: i + 1 for i, score in enumerate(distinct)}
        ranking = tuple(place[s] for s in scores)
        winners = tuple(i for i, r in enumerate(ranking) if r == 1)
        return cls(tuple(scores), ranking, winners, reason)

    @property
    def returns(self) -> tuple[float, ...]:
        """A utility per seat in [0, 1]: 1 for first place, 0 for last, linear between.

        When every seat shares first place each gets 0.5.  Bots maximise this.
        """
        worst = max(self.ranking)
        if worst == 1:
            return tuple(0.5 for _ in self.ranking)
        return tuple((worst - r) / (worst - 1) for r in self.ranking)

    def to_json(self) -> dict:
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "reason": self.reason,
        }


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game's declarative header and its factory of states.

    Subclasses set the class attributes below and implement the abstract methods.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int]
    player_counts: ClassVar[tuple[int, ...]]
    options: ClassVar[tuple[Option, ...]] = ()
    rulebook: ClassVar[str] = ""
    #: the section cited when a seat acts out of turn
    turn_rule: ClassVar[RuleRef]
    #: the section cited when someone acts after the game has ended
    end_rule: ClassVar[RuleRef]
    #: True when some information is hidden from some seat (cards in hands, deck order)
    has_hidden_information: ClassVar[bool] = True
    #: where the layers above the rules find the game's other parts (bots, renderers, rulebook,
    #: answers): kind -> ``".module:attribute"`` or a file of the game's package
    #: (:mod:`gametable.core.parts`)
    parts: ClassVar[Mapping[str, str]] = {}
    #: the engine modules of the game's package that ``gametable build-engines`` compiles
    #: (names relative to the package; :mod:`gametable.compiled`); the rest run interpreted
    compiled: ClassVar[tuple[str, ...]] = ()

    # -- header helpers -------------------------------------------------------------------------
    @property
    def min_players(self) -> int:
        return min(self.player_counts)

    @property
    def max_players(self) -> int:
        return max(self.player_counts)

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(name)

    def resolve_options(self, options: GivenOptions | None = None) -> Options:
        """All options with defaults filled in; ``ValueError`` names a bad or unknown option."""
        return resolve_options(self.options, options)

    def check_players(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """Refuse a player count the game (with these options) does not allow."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be an integer, not {players!r}")
        if players not in self.player_counts:
            allowed = ", ".join(str(n) for n in self.player_counts)
            raise ValueError(f"{self.title} is played by {allowed} players, not {players}")

    def teams(
        self, players: int, options: GivenOptions | None = None
    ) -> tuple[tuple[int, ...], ...]:
        """The partnerships; by default every seat plays alone."""
        return tuple((s,) for s in range(players))

    # -- creating states --------------------------------------------------------------------------
    def new_game(
        self,
        players: int,
        seed: int | None = None,
        options: GivenOptions | None = None,
    ) -> State:
        """A new game, dealt and ready for the first decision.

        ``seed`` fixes every chance event; ``None`` draws a fresh one (kept in ``state.seed``).
        """
        opts = self.resolve_options(options)
        self.check_players(players, opts)
        if seed is None:
            seed = new_seed()
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, not {seed!r}")
        return self._new_state(players, seed, opts)

    @abstractmethod
    def _new_state(self, players: int, seed: int, options: Options) -> State: ...

    @abstractmethod
    def parse_action(self, state: State, text: str) -> Action:
        """The action written as ``text`` in this game's notation (``InvalidAction`` if it is not one)."""

    # -- actions and views as typed data ------------------------------------------------------------
    #: the game's action classes; each has a distinct :attr:`Action.kind`
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: the ``TypedDict`` that declares the shape of ``view(seat)``
    view_type: ClassVar[Any] = None

    def action_from_json(self, state: State, data: Any) -> Action:
        """The action whose :meth:`Action.to_json` is ``data``.

        ``data`` must be exactly the action's canonical JSON form (every field present, none
        extra); anything else raises :class:`InvalidAction` saying what is wrong.  Legality is not
        checked here: :meth:`State.apply` does that.
        """
        if not isinstance(data, Mapping):
            raise InvalidAction(
                f"an action's JSON form is an object with a 'kind', not {type(data).__name__}"
            )
        kinds = {cls.kind: cls for cls in self.action_types}
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in kinds:
            raise InvalidAction(
                f"{kind!r:.40} is not a kind of {self.title} action; the kinds are: "
                + ", ".join(kinds)
            )
        try:
            action = self._action_from_json(state, kinds[kind], data)
        except InvalidAction:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise InvalidAction(f"malformed {kind!r} action: {exc}") from None
        if action.to_json() != dict(data):
            raise InvalidAction(
                f"{dict(data)!r:.80} is not written the way gametable writes this action; "
                f"write {action.to_json()!r}"
            )
        return action

    def _action_from_json(self, state: State, cls: type[Action], data: Mapping[str, Any]) -> Action:
        """Build an action of class ``cls`` from its checked-kind JSON form (each game defines it)."""
        raise NotImplementedError(f"{self.name} does not read actions from JSON")

    def view_schema(self, players: int, options: GivenOptions | None = None) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) that every ``view(seat)`` of such a game satisfies."""
        if self.view_type is None:
            raise NotImplementedError(f"{self.name} does not declare its view")
        return json_schema(self.view_type, title=f"{self.title} view, {players} players")

    @abstractmethod
    def _state_from_json(self, data: dict[str, Any]) -> State: ...

    def state_from_json(self, data: Mapping[str, Any] | str) -> State:
        """Load a position written by :meth:`State.to_json` (or by hand).

        Raises :class:`InvalidState` naming what is wrong.
        """
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise InvalidState(f"not valid JSON: {exc}") from None
        if not isinstance(data, Mapping):
            raise InvalidState("a position must be a JSON object")
        if "game" not in data:
            raise InvalidState(f'missing game: a position needs "game": "{self.name}"')
        if data.get("game") != self.name:
            raise InvalidState(f"this position is for game {data.get('game')!r}, not {self.name!r}")
        version = data.get("version", self.version)
        if version != self.version:
            raise InvalidState(
                f"this position was written by {self.name} version {version}; "
                f"this is version {self.version}"
            )
        try:
            return self._state_from_json(dict(data))
        except InvalidState:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise InvalidState(
                f"malformed {self.name} position: {type(exc).__name__}: {exc}"
            ) from None

    # -- table manners ------------------------------------------------------------------------------
    def can_take_back(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Whether ``seat``, having played ``action`` (which took ``before`` to ``after``), may
        take it back, as players at an online table may undo their own moves of the current turn.

        The rulebooks say nothing of undoing: each game chooses, as a matter of table manners, and
        writes its choice in ``docs/rules/<game>.md``.  Callers (the server) ask only while no
        other seat has acted since, and never for an action that drew on chance; a game answers
        ``True`` only where nothing hidden was revealed by it.  By default nothing is taken back.
        """
        return False

    # -- integer encoding -------------------------------------------------------------------------
    @abstractmethod
    def num_distinct_actions(self, players: int, options: GivenOptions | None = None) -> int:
        """Size of the integer action space (see :meth:`State.encode_action`)."""

    @abstractmethod
    def max_game_length(self, players: int, options: GivenOptions | None = None) -> int:
        """Decisions within which a random playout is expected to end (used by tests/adapters)."""

    def __repr__(self) -> str:
        return f"<Game {self.name} v{self.version}>"


#: the type of a game's views (its ``TypedDict``, :attr:`Game.view_type`)
ViewT = TypeVar("ViewT", bound=Mapping[str, Any], covariant=True)


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC, Generic[ViewT]):
    """A position of a game, with everything needed to continue it exactly (RNG included).

    A game's state declares the type of its views (``class BalzakkenState(State[BalzakkenView])``),
    so that its parts (bots, renderers, answers) read ``view(seat)`` as that ``TypedDict``;
    code that handles any game sees a ``State`` (``State[Any]``) and its views as mappings.
    """

    game: Game
    players: int
    options: dict[str, Any]
    seed: int
    rng: Rng
    #: decisions applied so far in this game
    ply: int

    # -- who decides --------------------------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """The seats that must decide now (empty when the game is over)."""

    @property
    def is_over(self) -> bool:
        return not self.to_move

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The :class:`Outcome` once the game is over, else ``None``."""

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: the first seat to move); empty if none."""

    # -- acting -------------------------------------------------------------------------------------
    def acting_seat(self, seat: int | None) -> int:
        """The seat that acts: ``seat`` if it must decide now, else :class:`IllegalAction`."""
        moving = self.to_move
        if not moving:
            raise IllegalAction("the game is over; no more actions can be made", self.game.end_rule)
        if seat is None:
            return moving[0]
        if seat not in moving:
            whose = ", ".join(f"seat {s}" for s in moving)
            raise IllegalAction(
                f"seat {seat} cannot act now; it is {whose}'s turn", self.game.turn_rule
            )
        return seat

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Validate ``action`` for ``seat`` (default: first to move), then apply it.

        Text is parsed in the game's notation first.  An illegal action raises
        :class:`IllegalAction` and leaves the state exactly as it was.
        """
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        seat = self.acting_seat(seat)
        self.check_action(action, seat)
        self._apply(action, seat)
        self.ply += 1

    def check_action(self, action: Action, seat: int) -> None:
        """Raise :class:`IllegalAction` (with the rule it breaks) if ``seat`` may not play ``action``.

        Games override this with checks named after their rules.
        """
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action} is not a legal action here", self.game.turn_rule)

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        try:
            self.check_action(action, self.acting_seat(seat))
        except IllegalAction:
            return False
        return True

    def apply_unchecked(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` without validating it: the trusted path for bots and simulations.

        The caller promises that ``action`` is one of ``legal_actions(seat)`` of this very state
        (``seat`` defaults to the first seat to move).  Anything else may corrupt the state; use
        :meth:`apply` for every action that comes from a person or over a network.
        """
        self._apply(action, self.to_move[0] if seat is None else seat)
        self.ply += 1

    @abstractmethod
    def _apply(self, action: Action, seat: int) -> None:
        """Apply an action already checked legal."""

    def describe(self, action: Action, seat: int | None = None) -> str:
        """A short sentence for people about what ``action`` does (public information only)."""
        return str(action)

    # -- information ----------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> ViewT:
        """A JSON-ready mapping of exactly what ``seat`` may know (``None``: a spectator).

        Its shape is declared by the game's ``view_type`` (a ``TypedDict``); see
        :meth:`Game.view_schema`.
        """

    def views(self, seats: Iterable[int | None]) -> dict[int | None, ViewT]:
        """The views of several seats at once (``None``: the spectators), each equal to
        :meth:`view` of its seat: what a server sends after a move.

        Unlike :meth:`view`, the views returned may share their public parts (the same objects
        in several views, built once): read them, never change them.  A game overrides this to
        build the public part once; a seat's private part is still its own.
        """
        return {seat: self.view(seat) for seat in seats}

    def view_parts(self, seat: int | None, parts: Collection[str]) -> Mapping[str, object]:
        """The named top-level parts of :meth:`view` for ``seat``, each equal to the view's (a
        part the view has not got now is left out): for a bot that reads only these, which a
        game may build without the rest.  The parts may be shared (between calls and states):
        read them, never change them.  This default builds the whole view."""
        whole = self.view(seat)
        return {key: whole[key] for key in parts if key in whole}

    @abstractmethod
    def resample(self, seat: int | None, rng: RngSource) -> State[ViewT]:
        """A full state consistent with all ``seat`` has seen, everything hidden from it redrawn.

        ``rng`` is an :class:`~gametable.core.rng.Rng`, a :class:`random.Random` or an int seed.
        """

    # -- copying and serialising ----------------------------------------------------------------
    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; ``game.state_from_json`` restores it exactly."""

    @abstractmethod
    def encode_action(self, action: Action) -> int:
        """The action's integer in ``range(game.num_distinct_actions(players, options))``."""

    @abstractmethod
    def decode_action(self, code: int) -> Action:
        """The action whose integer is ``code`` (inverse of :meth:`encode_action`)."""

    def event_counts(self) -> dict[str, int]:
        """Counts of notable public events so far (for simulations and balance reports).

        Each game declares its own, e.g. Balzakken's good, false and overcalled BALZAK!s.
        """
        return {}

    def returns(self) -> tuple[float, ...]:
        """Per-seat utilities in [0, 1] once over (see :attr:`Outcome.returns`), else zeros."""
        outcome = self.outcome
        if outcome is None:
            return tuple(0.0 for _ in range(self.players))
        return outcome.returns

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __ne__(self, other: object) -> bool:
        # written out (as Python would derive it) because mypyc cannot derive it for subclasses
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.game.name} state ply={self.ply} to_move={self.to_move}>"
