"""Checks every registered game must pass, whatever its rules.

:func:`check_playout` plays one seeded random game and, along the way, checks the protocol's
promises: someone is to move until the end and always has a legal action; each legal action
applies; text round-trips through the notation and the integer encoding; garbage text and illegal
actions raise the right error and leave the state unchanged; clones are independent; JSON round
trips exactly (RNG included); every view is JSON-serialisable and fits the game's declared view
schema; actions round-trip through their JSON form and malformed JSON forms are refused; the legal
actions' steps form a menu tree no level of which is wider than ``core.choices.MAX_ENTRIES``; and
no hidden information leaks:
``view(seat)`` and the spectator's view are unchanged when everything hidden from ``seat`` is
redrawn by ``resample``.  :func:`check_determinism` replays a game from its seed.

They raise :class:`ConformanceError` with the seed and ply, so a failure can be replayed.
``tests/conformance/`` runs them over every game and player count.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gametable.core.choices import check_steps
from gametable.core.errors import GameError, IllegalAction, InvalidAction
from gametable.core.options import GivenOptions
from gametable.core.protocol import Action, Game, State
from gametable.core.schema import schema_errors

GARBAGE = ("", "   ", "xyzzy", "!!!", "999999", "move move move", "\x00", "é" * 3, "-1 -1 -1 -1")
#: JSON values that are no action of any game
GARBAGE_JSON: tuple[Any, ...] = (None, [], {}, "end", 3, {"kind": None}, {"kind": "xyzzy"}, [{}])
#: values of a type no action field has (fields are integers, text or true/false): refused
WRONG_FIELD_VALUES: tuple[Any, ...] = (None, [], {"x": 1}, 1.5)


class ConformanceError(AssertionError):
    """A game broke one of the protocol's promises."""


@dataclass
class PlayoutReport:
    game: str
    players: int
    seed: int
    decisions: int = 0
    over: bool = False
    resamples_that_changed: int = 0
    checked_steps: int = 0
    actions_seen: set[str] = field(default_factory=set)


def _fail(report: PlayoutReport, ply: int, message: str) -> ConformanceError:
    return ConformanceError(
        f"{report.game} players={report.players} seed={report.seed} ply={ply}: {message}"
    )


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, allow_nan=False)


def check_json_round_trip(
    game: Game, state: State, report: PlayoutReport, continue_steps: int = 3
) -> None:
    text = _dumps(state.to_json())
    restored = game.state_from_json(json.loads(text))
    if _dumps(restored.to_json()) != text:
        raise _fail(report, state.ply, "to_json -> state_from_json -> to_json is not the identity")
    if restored.to_move != state.to_move:
        raise _fail(report, state.ply, "restored state has a different to_move")
    for seat in state.to_move:
        if restored.legal_actions(seat) != state.legal_actions(seat):
            raise _fail(
                report, state.ply, f"restored state has other legal actions for seat {seat}"
            )
    # the restored state must also continue exactly as the original would (RNG included)
    original = state.clone()
    picker = random.Random(state.ply)
    for _ in range(continue_steps):
        if not original.to_move:
            break
        seat = picker.choice(original.to_move)
        action = picker.choice(original.legal_actions(seat))
        original.apply(action, seat)
        restored.apply(action, seat)
        if _dumps(original.to_json()) != _dumps(restored.to_json()):
            raise _fail(
                report,
                state.ply,
                "a state restored from to_json continues differently "
                "from the original (is the RNG or some other part not serialised?)",
            )


def check_views(state: State, report: PlayoutReport) -> dict[int | None, str]:
    views: dict[int | None, str] = {}
    for seat in [None, *range(state.players)]:
        try:
            views[seat] = _dumps(state.view(seat))
        except (TypeError, ValueError) as exc:
            raise _fail(
                report, state.ply, f"view({seat}) is not JSON-serialisable: {exc}"
            ) from None
    return views


def check_no_leak(
    state: State, views: Mapping[int | None, str], rng: random.Random, report: PlayoutReport
) -> None:
    """Resampling what ``seat`` cannot see must not change what ``seat`` (or a spectator) sees."""
    before = _dumps(state.to_json())
    truth = state.to_json()
    for seat in [*range(state.players), None]:
        other = state.resample(seat, random.Random(rng.getrandbits(64)))
        if _dumps(state.to_json()) != before:
            raise _fail(report, state.ply, f"resample({seat}) changed the original state")
        if _dumps(other.view(seat)) != views[seat]:
            raise _fail(
                report, state.ply, f"view({seat}) changed when its hidden part was resampled"
            )
        if _dumps(other.view(None)) != views[None]:
            raise _fail(
                report,
                state.ply,
                f"the spectator's view changed when seat {seat}'s hidden part was resampled",
            )
        if other.to_move != state.to_move:
            raise _fail(report, state.ply, f"resample({seat}) changed who is to move")
        if (
            seat is not None
            and seat in state.to_move
            and (other.legal_actions(seat) != state.legal_actions(seat))
        ):
            raise _fail(report, state.ply, f"resample({seat}) changed seat {seat}'s legal actions")
        if other.to_json() != truth:
            report.resamples_that_changed += 1
        # what is imagined must depend only on what the seat knows, not on the hidden truth
        seed = rng.getrandbits(63)
        if _dumps(state.resample(seat, seed).to_json()) != _dumps(
            other.resample(seat, seed).to_json()
        ):
            raise _fail(
                report,
                state.ply,
                f"resample({seat}) depends on the hidden truth: two states that look the same "
                f"to seat {seat} resample differently with the same seed",
            )


def check_notation(
    game: Game, state: State, seat: int, actions: list[Action], report: PlayoutReport
) -> None:
    size = game.num_distinct_actions(state.players, state.options)
    codes = set()
    for action in actions:
        text = str(action)
        report.actions_seen.add(text)
        parsed = game.parse_action(state, text)
        if parsed != action:
            raise _fail(report, state.ply, f"parse_action(str({action!r})) gave {parsed!r}")
        code = state.encode_action(action)
        if not (isinstance(code, int) and 0 <= code < size):
            raise _fail(
                report, state.ply, f"encode_action({text}) = {code!r} is outside 0..{size - 1}"
            )
        if state.decode_action(code) != action:
            raise _fail(report, state.ply, f"decode_action(encode_action({text})) is not {text}")
        codes.add(code)
    if len(codes) != len(actions):
        raise _fail(report, state.ply, f"two legal actions of seat {seat} share an integer")
    if len(set(actions)) != len(actions):
        raise _fail(report, state.ply, f"legal_actions({seat}) lists an action twice")


def check_view_schemas(
    game: Game, state: State, views: Mapping[int | None, str], report: PlayoutReport
) -> None:
    """Every view fits the schema the game declares for this player count."""
    schema = game.view_schema(state.players, state.options)
    for seat, text in views.items():
        errors = schema_errors(schema, json.loads(text))
        if errors:
            raise _fail(
                report, state.ply, f"view({seat}) does not fit the declared view schema: {errors}"
            )


def check_action_json(
    game: Game, state: State, actions: list[Action], rng: random.Random, report: PlayoutReport
) -> None:
    """Each action's JSON form round-trips; malformed JSON forms raise :class:`InvalidAction`."""
    kinds = {cls.kind for cls in game.action_types}
    if len(kinds) != len(game.action_types) or not all(kinds):
        raise _fail(report, state.ply, "the game's action_types need distinct, non-empty kinds")
    for action in actions:
        data = action.to_json()
        if (
            not isinstance(data, dict)
            or data.get("kind") != action.kind
            or action.kind not in kinds
        ):
            raise _fail(report, state.ply, f"{action}.to_json() = {data!r} does not carry its kind")
        try:
            text = _dumps(data)
        except (TypeError, ValueError) as exc:
            raise _fail(report, state.ply, f"{action}.to_json() is not JSON: {exc}") from None
        back = game.action_from_json(state, json.loads(text))
        if back != action:
            raise _fail(
                report, state.ply, f"action_from_json({text}) gave {back!r}, not {action!r}"
            )
    bad: list[Any] = list(GARBAGE_JSON)
    for action in rng.sample(actions, min(2, len(actions))):
        data = action.to_json()
        bad.append({**data, "unexpected": 1})
        for name in [k for k in data if k != "kind"]:
            bad.append({k: v for k, v in data.items() if k != name})
            bad.append({**data, name: rng.choice(WRONG_FIELD_VALUES)})
    for data in bad:
        try:
            game.action_from_json(state, data)
        except InvalidAction:
            continue
        raise _fail(report, state.ply, f"action_from_json accepted malformed {data!r:.120}")


def check_action_steps(
    state: State, seat: int, actions: list[Action], report: PlayoutReport
) -> None:
    """The legal actions' steps form a menu tree with short levels (see core.choices)."""
    problem = check_steps(actions)
    if problem:
        raise _fail(report, state.ply, f"seat {seat}'s legal actions: {problem}")


def check_refusals(
    game: Game, state: State, pool: list[Action], rng: random.Random, report: PlayoutReport
) -> None:
    """Garbage text and illegal actions raise the right error and change nothing."""
    before = _dumps(state.to_json())
    for text in GARBAGE:
        try:
            game.parse_action(state, text)
        except InvalidAction:
            pass
        else:
            raise _fail(report, state.ply, f"parse_action accepted garbage {text!r}")
        try:
            state.apply(text)
        except InvalidAction:
            pass
        else:
            raise _fail(report, state.ply, f"apply accepted garbage {text!r}")
    moving = state.to_move
    legal = {s: set(state.legal_actions(s)) for s in moving}
    for action in rng.sample(pool, min(len(pool), 12)):
        for seat in moving:
            if action in legal[seat]:
                continue
            try:
                state.apply(action, seat)
            except IllegalAction as exc:
                if not exc.rule or not exc.rule.section:
                    raise _fail(
                        report, state.ply, "an IllegalAction carries no rule reference"
                    ) from None
            else:
                raise _fail(report, state.ply, f"apply accepted illegal {action} for seat {seat}")
    waiting = [s for s in range(state.players) if s not in moving]
    for seat in waiting[:2]:
        if state.legal_actions(seat):
            raise _fail(report, state.ply, f"seat {seat} is not to move but has legal actions")
        if moving:
            some = state.legal_actions(moving[0])[0]
            try:
                state.apply(some, seat)
            except IllegalAction:
                pass
            else:
                raise _fail(report, state.ply, f"seat {seat} acted out of turn")
    if _dumps(state.to_json()) != before:
        raise _fail(report, state.ply, "a refused action changed the state")


def check_clone_independence(
    state: State, action: Action, seat: int, report: PlayoutReport
) -> None:
    before = _dumps(state.to_json())
    copy = state.clone()
    if _dumps(copy.to_json()) != before:
        raise _fail(report, state.ply, "clone() differs from the original")
    copy.apply(action, seat)
    if _dumps(state.to_json()) != before:
        raise _fail(report, state.ply, "applying an action to a clone changed the original")


def check_playout(
    game: Game,
    players: int,
    seed: int,
    *,
    options: GivenOptions | None = None,
    deep_every: int = 1,
    max_decisions: int | None = None,
) -> PlayoutReport:
    """Play one random game from ``seed``, checking the protocol at every ``deep_every``-th step."""
    report = PlayoutReport(game.name, players, seed)
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed, options=options)
    limit = max_decisions or game.max_game_length(players, state.options)
    pool: list[Action] = []
    while True:
        moving = state.to_move
        deep = deep_every > 0 and state.ply % deep_every == 0
        if deep:
            report.checked_steps += 1
            check_position(game, state, rng, report)
        if not moving:
            break
        seat, legal = check_seats_to_move(state, moving, rng, report)
        if deep:
            check_choices(game, state, seat, legal, pool, rng, report)
        action = rng.choice(legal)
        if deep:
            check_clone_independence(state, action, seat, report)
        remember_for_refusals(pool, legal, action, rng)
        apply_legal(state, action, seat, report)
        if report.decisions > limit:
            raise _fail(report, state.ply, f"the game did not end within {limit} decisions")
    check_ending(state, players, report)
    report.over = True
    return report


def check_position(game: Game, state: State, rng: random.Random, report: PlayoutReport) -> None:
    """The state round-trips through JSON, and every seat's view is well formed, matches the
    game's schema and leaks nothing hidden."""
    check_json_round_trip(game, state, report)
    views = check_views(state, report)
    check_view_schemas(game, state, views, report)
    check_no_leak(state, views, rng, report)


def check_seats_to_move(
    state: State, moving: tuple[int, ...], rng: random.Random, report: PlayoutReport
) -> tuple[int, list[Action]]:
    """A game with seats to move has no outcome yet, every seat to move has a legal action,
    and ``legal_actions()`` is the first such seat's.  Returns one of them at random with its
    legal actions."""
    if state.outcome is not None:
        raise _fail(report, state.ply, "a game with seats to move already has an outcome")
    legal_by_seat = {}
    for seat in moving:
        legal = state.legal_actions(seat)
        if not legal:
            raise _fail(report, state.ply, f"seat {seat} is to move but has no legal action")
        legal_by_seat[seat] = legal
    if state.legal_actions() != legal_by_seat[moving[0]]:
        raise _fail(report, state.ply, "legal_actions() is not legal_actions(to_move[0])")
    seat = rng.choice(moving)
    return seat, legal_by_seat[seat]


def check_choices(
    game: Game,
    state: State,
    seat: int,
    legal: list[Action],
    pool: list[Action],
    rng: random.Random,
    report: PlayoutReport,
) -> None:
    """The seat's legal actions round-trip through notation and JSON and through their steps,
    and actions legal elsewhere (``pool``) are refused here without changing the state."""
    check_notation(game, state, seat, legal, report)
    check_action_json(game, state, legal, rng, report)
    check_action_steps(state, seat, legal, report)
    check_refusals(game, state, pool, rng, report)


def remember_for_refusals(
    pool: list[Action], legal: list[Action], action: Action, rng: random.Random
) -> None:
    """Keep up to 400 actions seen in the game, to offer them where they may be illegal."""
    if len(pool) < 400:
        pool.extend(legal[:3])
    else:
        pool[rng.randrange(len(pool))] = action


def apply_legal(state: State, action: Action, seat: int, report: PlayoutReport) -> None:
    """A legal action is applied without refusal (one more decision)."""
    try:
        state.apply(action, seat)
    except GameError as exc:
        raise _fail(report, state.ply, f"legal action {action} was refused: {exc}") from None
    report.decisions += 1


def check_ending(state: State, players: int, report: PlayoutReport) -> None:
    """A game with no seat to move has a well-formed outcome and no legal action."""
    outcome = state.outcome
    if outcome is None:
        raise _fail(report, state.ply, "the game is over but has no outcome")
    if len(outcome.scores) != players or len(outcome.ranking) != players or not outcome.winners:
        raise _fail(report, state.ply, f"malformed outcome {outcome}")
    if state.legal_actions():
        raise _fail(report, state.ply, "a finished game still has legal actions")


def check_determinism(
    game: Game,
    players: int,
    seed: int,
    *,
    options: GivenOptions | None = None,
    steps: int = 300,
) -> None:
    """Two games from the same seed, fed the same actions, stay identical to the byte."""
    a = game.new_game(players, seed=seed, options=options)
    b = game.new_game(players, seed=seed, options=options)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(steps):
        if _dumps(a.to_json()) != _dumps(b.to_json()):
            raise ConformanceError(
                f"{game.name} seed={seed} ply={a.ply}: same seed and actions differ"
            )
        if not a.to_move:
            return
        seat = rng.choice(a.to_move)
        action = rng.choice(a.legal_actions(seat))
        a.apply(action, seat)
        b.apply(game.parse_action(b, str(action)), seat)
