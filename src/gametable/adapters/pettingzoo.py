"""Every gametable game as a PettingZoo AEC environment.

>>> from gametable import pettingzoo
>>> env = pettingzoo.env("balzakken", players=3)
>>> env.reset(seed=1)
>>> env.agent_selection in env.agents
True
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs)
['action_mask', 'observation']

- **Agents** are ``player_0 .. player_{n-1}``, one per seat.  ``agent_selection`` is the first
  seat of gametable's ``to_move`` (when several seats decide at once, as at Balam's end of
  round, they act one after the other in that order; a defender acting in another's turn is
  selected while it must decide).
- **Actions**: ``Discrete(num_distinct_actions(players, options))``, the game's integer
  encoding.  An illegal action raises gametable's ``IllegalAction`` (a ``ValueError``) and leaves
  the game unchanged.
- **Observations**: ``Dict(observation=Box(float32, (size,)), action_mask=Box(int8, (n,)))``, as
  PettingZoo's classic games.  ``observation`` is the seat's ``view(seat)`` encoded by the
  game's documented layout (``env.unwrapped.layout``, from
  :func:`gametable.adapters.features.layout`; ``docs/observations.md``), and the ``Box`` bounds
  are the layout's; ``action_mask`` marks the seat's legal actions while it must decide (zeros
  otherwise).
- **Rewards** come at the end only: gametable's ``returns`` (in [0, 1]) minus their mean, so
  they sum to zero.  Every agent is then terminated.  A game still running after ``max_steps``
  decisions (default: the game's ``max_game_length``) is truncated with zero rewards.
- **Seeding**: ``reset(seed=s)`` deals the gametable game with seed ``s``; a later ``reset()``
  without a seed draws the next seed from a generator seeded by ``s`` (or a fresh one if the
  environment was never seeded).  ``reset``'s ``options`` are ignored: game options are fixed
  when the environment is made.
- **Render**: ``render_mode="ansi"`` returns the spectator's view as text, ``"human"`` prints it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import gametable
from gametable.adapters import features
from gametable.core.protocol import Game, State
from gametable.core.rng import Rng, new_seed

RENDER_MODES = ("ansi", "human")


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def render_text(state: State) -> str:
    """The spectator's view of ``state`` as plain text, one entry a line."""
    view = state.view(None)
    lines = [f"{state.game.title} ({state.players} players), decision {state.ply}"]
    for key in sorted(view):
        lines.append(f"{key}: {json.dumps(view[key], sort_keys=True)}")
    if state.is_over and state.outcome is not None:
        lines.append(f"over: {state.outcome.reason}")
    else:
        lines.append("to move: " + ", ".join(agent_name(s) for s in state.to_move))
    return "\n".join(lines)


#: PettingZoo's metadata, shared by every game (each environment adds its ``name``)
METADATA: dict[str, Any] = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}


class GametableEnv(AECEnv):
    """A gametable game as a PettingZoo AEC environment (see the module docstring)."""

    #: an instance attribute (it names the game), which PettingZoo reads from the instance
    metadata: dict[str, Any] = METADATA

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        self.game = gametable.load_game(game) if isinstance(game, str) else game
        self.players = self.game.min_players if players is None else players
        self.game_options = self.game.resolve_options(options)
        self.game.check_players(self.players, self.game_options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        self.render_mode = render_mode
        self.max_steps = (
            self.game.max_game_length(self.players, self.game_options)
            if max_steps is None
            else max_steps
        )
        self.metadata = {**METADATA, "name": f"gametable_{self.game.name}_v{self.game.version}"}
        self.possible_agents = [agent_name(s) for s in range(self.players)]
        self.num_actions = self.game.num_distinct_actions(self.players, self.game_options)
        #: the observation tensor's layout (``print(env.unwrapped.layout)`` shows its blocks)
        self.layout = features.layout(self.game, self.players, self.game_options)
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=self.layout.low(), high=self.layout.high(), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._seeds: Rng | None = None
        self._state: State | None = None

    # -- spaces ------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    @property
    def gametable_state(self) -> State:
        """The gametable state being played (after :meth:`reset`)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    # -- the episode -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = Rng(seed)
        game_seed = new_seed() if self._seeds is None else self._seeds.next64() >> 1
        self._state = self.game.new_game(self.players, game_seed, self.game_options)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        moving = self.gametable_state.to_move
        self.agent_selection = agent_name(moving[0]) if moving else self.agents[0]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.gametable_state
        seat = self.possible_agents.index(agent)
        state.apply(state.decode_action(int(action)), seat)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.is_over:
            mean = sum(state.returns()) / self.players
            for s, r in enumerate(state.returns()):
                self.rewards[agent_name(s)] = float(r - mean)
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    # -- what agents see ---------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.gametable_state
        seat = self.possible_agents.index(agent)
        observation = self.layout.encode(state.view(seat))
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if seat in state.to_move:
            for a in state.legal_actions(seat):
                mask[state.encode_action(a)] = 1
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = render_text(self.gametable_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str | Game, **kwargs: Any) -> GametableEnv:
    """The environment without PettingZoo's wrappers."""
    return GametableEnv(game, **kwargs)


def env(
    game: str | Game,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
) -> AECEnv:
    """The AEC environment of ``game``, wrapped as PettingZoo's classic games are.

    ``AssertOutOfBoundsWrapper`` refuses actions outside the action space and
    ``OrderEnforcingWrapper`` refuses ``step`` before ``reset``.
    """
    wrapped: AECEnv = GametableEnv(
        game, players=players, options=options, render_mode=render_mode, max_steps=max_steps
    )
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
