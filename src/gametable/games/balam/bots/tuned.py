"""Balam's rules of thumb with the weights fitted by self-play (:mod:`.tune`),
shipped as ``data/balam-policy.json``: the game's ``tuned`` part.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Mapping
from importlib import resources

from gametable.bots.heuristics import Heuristic
from gametable.games.balam.bots.heuristic import Policy, evaluate
from gametable.games.balam.bots.weights import DEFAULT_WEIGHTS, Weights

#: the weights fitted by self-play (:mod:`.tune`), shipped as package data
POLICY_FILE = "balam-policy.json"


def policy_from_json(data: object) -> Policy:
    """A :class:`Policy` from the JSON of a fitted policy file: ``{"game": "balam", "players":
    2, "weights": {name: number}, "meta": {...}}``; anything else raises :class:`ValueError`."""
    if not isinstance(data, Mapping):
        raise ValueError("a Balam policy file holds a JSON object")
    if data.get("game") != "balam":
        raise ValueError(f"not a Balam policy: game {data.get('game')!r}")
    if data.get("players") != 2:
        raise ValueError(f"a Balam policy is fitted at 2 players, not {data.get('players')!r}")
    weights = data.get("weights")
    if not isinstance(weights, Mapping) or not weights:
        raise ValueError("a Balam policy file names its weights (an object of numbers)")
    if not isinstance(data.get("meta", {}), Mapping):
        raise ValueError("a Balam policy file's meta is an object")
    return Policy(Weights.from_flat(weights))


@functools.lru_cache(maxsize=1)
def tuned_policy() -> Policy:
    """The policy fitted by self-play (:data:`POLICY_FILE`, package data); :class:`ValueError`
    if the file is missing or not a Balam policy."""
    path = resources.files(__package__) / "data" / POLICY_FILE
    if not path.is_file():
        raise ValueError(
            f"no fitted Balam policy ({POLICY_FILE}): run python -m {__package__}.tune"
        )
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as error:
        raise ValueError(f"{POLICY_FILE} is not JSON: {error}") from None
    return policy_from_json(data)


@functools.lru_cache(maxsize=1)
def tuned_heuristic() -> Heuristic:
    """The fitted policy's choices and order of moves, with the plain rules of thumb's
    evaluation where a playout stops: the weights are fitted to choose, not to value a position
    (the rollout search's margins were measured on that evaluation's scale).  Only the ball
    games to come (:data:`BALL`), which the plain rules of thumb leave out, are counted there as
    the fitted policy counts them."""
    fitted = tuned_policy()
    if fitted.weights.ball == DEFAULT_WEIGHTS.ball:
        return dataclasses.replace(fitted.heuristic(), evaluate=evaluate)
    scoring = Policy(dataclasses.replace(DEFAULT_WEIGHTS, ball=fitted.weights.ball))
    return dataclasses.replace(fitted.heuristic(), evaluate=scoring.evaluate)
