"""Every gametable game as an OpenSpiel Python game.

Importing this module registers every game in ``gametable.game_names()``, as OpenSpiel's own
Python games register on import (``register_all()`` picks up games registered later):

>>> import pyspiel
>>> from gametable.adapters import openspiel
>>> game = pyspiel.load_game("python_gametable_balzakken(players=3,seed=7)")
>>> game.num_players()
3
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # chance picks one of `deals` deals
True
>>> state.apply_action(0)
>>> state.current_player() == state.gametable_state.to_move[0]
True

**Names and parameters.**  A game ``g`` is registered as ``python_gametable_g`` with the
parameters ``players`` (default: the smallest count), ``seed`` (default 0), ``deals`` (default
4096) and one parameter per game option, by the option's name.  An option that may be ``None`` is
a text parameter (``"none"``).  Text parameters are percent-encoded (``faces=0%2C1%2C2``), since
OpenSpiel's game strings cannot quote ``,``, ``=`` or parentheses; values passed in a dict may be
plain.

**Chance.**  gametable draws every shuffle and die from the seeded RNG inside the state, during
``apply``.  OpenSpiel Python games cannot declare ``SAMPLED_STOCHASTIC`` and still serialise
(``Game::Serialize`` then needs ``GetRNGState``, which Python games cannot provide), so the game
is ``EXPLICIT_STOCHASTIC`` with exactly one chance node: the initial state, where chance picks
one of ``deals`` equally likely deals; deal ``i`` is the gametable game with seed
``SplitMix64(seed * 2**32 + i) >> 1``.  That seed fixes all later chance too, hidden from every
player, so after the deal there are no more chance nodes and a clone continues exactly like its
original.  ``resample_from_infostate`` redraws what the player cannot see, future chance
included (the history still names the original deal).

**Game type.**  Sequential, imperfect information, reward model ``TERMINAL``.  Utility: gametable's
``returns`` in [0, 1] (1 first place, 0 last, linear between, 0.5 each when all tie); with two
players they always sum to 1 (``CONSTANT_SUM``), otherwise ``GENERAL_SUM``.

**Seats deciding together.**  OpenSpiel is sequential: when gametable's ``to_move`` holds several
seats (Balam's end of round), ``current_player()`` is ``to_move[0]``; once it has acted, the next
is whoever is first then.  A seat other than the one on turn (a defender) is likewise the
current player while it must decide.

**Actions** of the players are the game's integer encoding (``encode_action`` and
``decode_action``) over ``num_distinct_actions(players, options)``, listed in increasing order;
their strings are the game's notation.

**Observations.**  The observation string is the seat's ``view(seat)`` as canonical JSON; the
information-state string adds the seat's own past actions (so it has perfect recall of what the
seat did; what it saw is what the game's view keeps).  Both tensors are the view encoded by the
game's documented layout, :func:`gametable.adapters.features.layout` (``docs/observations.md``):
named blocks such as the hand's card counts, pawn planes or site ownership, which the observer's
``dict`` gives by name, shaped.  Observers asked for public information only, or for a negative
player id, use the spectator's view ``view(None)``.

**Serialisation.**  OpenSpiel pickles a Python state's ``__dict__``; ours holds the deal's setup
and a :class:`_Held` value that pickles as the game's name and ``to_json()`` text, so
``pyspiel.serialize_game_and_state`` round-trips exactly, RNG included (the reading process must
have imported this module, so that the game is registered).

**Bots.**  OpenSpiel's ``ISMCTSBot`` determinises with ``resample_from_infostate``.  Its
``MCTSBot`` searches the true state, hidden cards and future chance included: it plays, but it
cheats, as it does on every imperfect-information game.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, unquote

import numpy as np
import pyspiel

import gametable
from gametable.adapters import features
from gametable.adapters.features import Layout
from gametable.core.options import Option
from gametable.core.protocol import Game, State
from gametable.core.rng import Rng

PREFIX = "python_gametable_"

_RESERVED = ("players", "seed", "deals")

#: default number of deals the initial chance node chooses among
DEALS = 4096


def short_name(game_name: str) -> str:
    """The OpenSpiel short name of a gametable game: ``python_gametable_<name>``."""
    return PREFIX + game_name


# -- parameters -----------------------------------------------------------------------------------
def _is_text_parameter(option: Option) -> bool:
    return option.nullable or option.default is None


def _parameter_default(option: Option) -> Any:
    if _is_text_parameter(option):
        return "none" if option.default is None else str(option.default)
    return option.kind(option.default)


def _escape(value: Any) -> Any:
    """Text parameters are percent-encoded: OpenSpiel's game strings cannot quote ``,=()``."""
    return quote(value, safe="") if isinstance(value, str) else value


def _unescape(value: Any) -> Any:
    return unquote(value) if isinstance(value, str) else value


def parameter_specification(game: Game) -> dict[str, Any]:
    """OpenSpiel parameters of ``game``: players, seed, deals and each option (escaped)."""
    spec: dict[str, Any] = {"players": game.min_players, "seed": 0, "deals": DEALS}
    for option in game.options:
        if option.name in _RESERVED:
            raise ValueError(
                f"{game.name}: option {option.name!r} clashes with an adapter parameter"
            )
        spec[option.name] = _escape(_parameter_default(option))
    return spec


def _split_parameters(
    game: Game, params: Mapping[str, Any] | None
) -> tuple[int, int, int, dict[str, Any], dict[str, Any]]:
    """(players, seed, deals, resolved options, every parameter) from OpenSpiel's parameters."""
    full = parameter_specification(game)
    for key, value in (params or {}).items():
        if key not in full:
            raise ValueError(f"{short_name(game.name)} has no parameter {key!r}")
        full[key] = _escape(_unescape(value))
    players, seed, deals = int(full["players"]), int(full["seed"]), int(full["deals"])
    if seed < 0 or deals < 1:
        raise ValueError("seed must be at least 0 and deals at least 1")
    raw = {o.name: _unescape(full[o.name]) for o in game.options}
    options = game.resolve_options(raw)
    game.check_players(players, options)
    return players, seed, deals, options, full


def game_type(game: Game, players: int | None = None) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of ``game`` (its utility depends on the player count)."""
    two = players == 2
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"gametable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.CONSTANT_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game),
        default_loadable=True,
    )


# -- the held gametable state ---------------------------------------------------------------------
def _restore(game_name: str, data: str) -> _Held:
    """Unpickle a :class:`_Held` (module level so that pickle can find it)."""
    return _Held(gametable.load_game(game_name).state_from_json(data))


class _Held:
    """The gametable state inside an OpenSpiel state: deep-copied with ``clone``, pickled as JSON.

    It also remembers, per seat, the view's text and tensor at the current ply (OpenSpiel asks
    for several strings and tensors of every player at each step); the cache is never copied.
    """

    __slots__ = ("cache", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.cache: dict[tuple[int | None, int], tuple[str, np.ndarray]] = {}

    def encoded_view(self, seat: int | None, setup: _Setup) -> tuple[str, np.ndarray]:
        """(view text, tensor) of ``seat``'s view now."""
        key = (seat, self.state.ply)
        hit = self.cache.get(key)
        if hit is None:
            if len(self.cache) > 64:
                self.cache.clear()
            view = self.state.view(seat)
            hit = self.cache[key] = (view_text(view), setup.layout().encode(view))
        return hit

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        data = json.dumps(self.state.to_json(), sort_keys=True)
        return (_restore, (self.state.game.name, data))


@dataclass(frozen=True)
class _Setup:
    """What an initial state needs to deal: picklable, shared by clones."""

    game_name: str
    players: int
    options: dict[str, Any] = field(hash=False)
    seed: int
    deals: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self

    def deal_seed(self, outcome: int) -> int:
        """The gametable seed of deal ``outcome`` (SplitMix64 of ``seed * 2**32 + outcome``)."""
        return Rng((self.seed << 32) + outcome).next64() >> 1

    def layout(self) -> Layout[Any]:
        """The observation tensor's layout."""
        return _layout_of(self)

    def deal(self, outcome: int) -> State:
        game = gametable.load_game(self.game_name)
        return game.new_game(self.players, self.deal_seed(outcome), self.options)


@functools.lru_cache(maxsize=64)
def _layout_of(setup: _Setup) -> Layout[Any]:
    return features.layout(setup.game_name, setup.players, setup.options)


# -- game and state -------------------------------------------------------------------------------
class OpenSpielGame(pyspiel.Game):
    """A gametable :class:`~gametable.core.protocol.Game` seen as an OpenSpiel game."""

    def __init__(self, game: Game, params: Mapping[str, Any] | None = None) -> None:
        players, seed, deals, options, full = _split_parameters(game, params)
        self.gametable_game = game
        self.setup = _Setup(game.name, players, options, seed, deals)
        #: the observation tensor's layout (``print(game.layout)`` shows its blocks)
        self.layout = self.setup.layout()
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(players, options),
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if players == 2 else None,
            max_game_length=game.max_game_length(players, options),
        )
        super().__init__(game_type(game, players), info, full)

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self, self.setup)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return ViewObserver(self.layout, iig_obs_type)


class OpenSpielState(pyspiel.State):
    """An OpenSpiel state: first a chance node picking the deal, then a gametable state."""

    def __init__(self, game: OpenSpielGame, setup: _Setup) -> None:
        super().__init__(game)
        self._setup = setup
        self._held: _Held | None = None
        #: the player of each action after the deal (OpenSpiel's history holds only actions)
        self._movers: list[int] = []

    @property
    def gametable_state(self) -> State | None:
        """The gametable state, or ``None`` before the deal."""
        return None if self._held is None else self._held.state

    def _state(self) -> State:
        assert self._held is not None, "the deal has not been chosen yet"
        return self._held.state

    # -- who moves, what is legal ----------------------------------------------------------------
    def current_player(self) -> int:
        if self._held is None:
            return pyspiel.PlayerId.CHANCE
        moving = self._held.state.to_move
        return moving[0] if moving else pyspiel.PlayerId.TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._setup.deals
        return [(i, 1.0 / n) for i in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        state = self._state()
        return sorted(state.encode_action(a) for a in state.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        if self._held is None:
            self._held = _Held(self._setup.deal(action))
            return
        state = self._held.state
        seat = state.to_move[0]
        state.apply(state.decode_action(action), seat)
        self._movers.append(seat)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action} (seed {self._setup.deal_seed(action)})"
        return str(self._state().decode_action(action))

    # -- the end -----------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._held is not None and self._held.state.is_over

    def returns(self) -> list[float]:
        if self._held is None:
            return [0.0] * self._setup.players
        return [float(r) for r in self._held.state.returns()]

    # -- information -------------------------------------------------------------------------------
    def view(self, seat: int | None) -> Mapping[str, Any]:
        """gametable's ``view(seat)``; ``{}`` before the deal."""
        return {} if self._held is None else self._held.state.view(seat)

    def encoded_view(self, seat: int | None) -> tuple[str, np.ndarray]:
        """The view's canonical JSON and its tensor (all zeros before the deal)."""
        if self._held is None:
            return view_text({}), self._setup.layout().zeros()
        return self._held.encoded_view(seat, self._setup)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A state ``player_id`` cannot tell from this one, all it cannot see redrawn.

        Built on gametable's ``State.resample``; ``probability_sampler`` (a callable giving a
        float in [0, 1), as OpenSpiel's ``UniformProbabilitySampler``) seeds the redraw.  The
        history keeps the original deal's chance outcome: the new state is consistent with what
        ``player_id`` knows, not with that outcome.
        """
        new = self.clone()
        if self._held is not None:
            seed = int(probability_sampler() * (1 << 53))
            new._held = _Held(self._held.state.resample(player_id, Rng(seed)))
        return new

    def own_actions(self, player: int) -> list[int]:
        """The actions ``player`` has made so far, in order."""
        after_the_deal = self.history()[1:]
        return [a for a, p in zip(after_the_deal, self._movers, strict=True) if p == player]

    def __str__(self) -> str:
        if self._held is None:
            return f"chance: one of {self._setup.deals} deals"
        return view_text(self._held.state.to_json())


class ViewObserver:
    """OpenSpiel's Python observer interface over gametable views (see the module docstring).

    ``tensor`` is the view encoded by ``layout``; ``dict`` holds its blocks by name, shaped.
    """

    def __init__(self, layout: Layout[Any], iig_obs_type: Any = None) -> None:
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info != pyspiel.PrivateInfoType.NONE
        self.tensor = layout.zeros()
        self.dict = layout.split(self.tensor)

    def _seat(self, player: int) -> int | None:
        return player if self.private and player >= 0 else None

    def set_from(self, state: OpenSpielState, player: int) -> None:
        self.tensor[:] = state.encoded_view(self._seat(player))[1]

    def string_from(self, state: OpenSpielState, player: int) -> str:
        text = state.encoded_view(self._seat(player))[0]
        if self.perfect_recall and player >= 0:
            text += "\nown actions: " + " ".join(str(a) for a in state.own_actions(player))
        return text


def view_text(view: Mapping[str, Any]) -> str:
    """A view (or a whole state) as canonical JSON: the observation string."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


# -- registration ---------------------------------------------------------------------------------
def register(game_name: str) -> str:
    """Register one gametable game with OpenSpiel (again is harmless); its short name."""
    name = short_name(game_name)
    if name not in pyspiel.registered_names():
        pyspiel.register_game(game_type(gametable.load_game(game_name)), _game_class(game_name))
    return name


def _game_class(game_name: str) -> type[OpenSpielGame]:
    """A subclass of :class:`OpenSpielGame` fixed to one game: OpenSpiel's factory.

    A class rather than a ``functools.partial``: OpenSpiel keeps the factory until the process
    ends, and releasing a partial or lambda there aborts the interpreter at exit (GIL released).
    """

    def __init__(self: OpenSpielGame, params: Mapping[str, Any] | None = None) -> None:
        OpenSpielGame.__init__(self, gametable.load_game(game_name), params)

    title = "".join(part.title() for part in game_name.split("_"))
    return type(f"{title}OpenSpielGame", (OpenSpielGame,), {"__init__": __init__})


def register_all() -> list[str]:
    """Register every game in ``gametable.game_names()``; their short names."""
    return [register(n) for n in gametable.game_names()]


def load(game_name: str, **params: Any) -> OpenSpielGame:
    """``pyspiel.load_game`` for a gametable game, registering it first.

    >>> load("balzakken", players=4, seed=1).num_distinct_actions() > 0
    True
    """
    return pyspiel.load_game(register(game_name), params)


register_all()
