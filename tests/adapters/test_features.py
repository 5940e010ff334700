"""The observation tensors (``gametable.adapters.features``): documented layouts, built from the
view alone, and faithful: two views that differ give different tensors, except in the parts each
layout lists as ``not_encoded`` (the projections below drop exactly those).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import gametable
from gametable.adapters import features
from gametable.bots import make_bot
from gametable.bots.base import SeatState
from gametable.core.protocol import Action, State
from tests.adapters.cases import case_id, game_cases
from tests.games import shipped_games

CASES = game_cases()
#: the cases of the games whose encoding and sample sizes are written down here and in the docs
SHIPPED_CASES = [case for case in CASES if case[0] in shipped_games()]
DOCS = Path(__file__).parents[2] / "docs"


# -- what each layout encodes: the view without its documented `not_encoded` parts ---------------
def without(view: Mapping[str, Any], *names: str) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in names}


def outcome_part(view: dict[str, Any]) -> None:
    if "outcome" in view:
        view["outcome"] = without(view["outcome"], "reason")


def balzakken_part(view: Mapping[str, Any]) -> dict[str, Any]:
    v = without(view, "game", "players", "rounds", "discard_pile")
    pile = view["discard_pile"]
    v["discard_top"] = pile[-1] if pile else None
    v["discard_cards"] = sorted(pile)
    v["in_front"] = [sorted(cards) for cards in view["in_front"]]
    v["known_cards"] = {s: sorted(cards) for s, cards in view["known_cards"].items()}
    outcome_part(v)
    return v


def keezbord_part(view: Mapping[str, Any]) -> dict[str, Any]:
    v = without(view, "game", "players", "teams", "track_length", "starts")
    v["played"] = sorted(view["played"])
    v["deal_played"] = sorted(view["deal_played"])
    outcome_part(v)
    return v


def card_part(card: Mapping[str, Any] | None) -> Any:
    return None if card is None else without(card, "name", "effect", "text", "catastrophe")


def balam_part(view: Mapping[str, Any]) -> dict[str, Any]:
    v = without(view, "game", "version", "players", "options", "board", "log", "rounds")
    v["sites"] = {name: without(site, "plots") for name, site in view["sites"].items()}
    katun = without(view["katun"], "discard", "slots")
    katun["discard_cards"] = [card_part(c) for c in katun["discard_cards"]]
    katun["cards"] = [
        {"face_down": c["face_down"], "card": card_part(c["card"])} for c in katun["cards"]
    ]
    v["katun"] = katun
    turn = without(view["turn"], "card")
    turn["katun_card"] = card_part(turn["katun_card"])
    turn["losses"] = sorted(turn["losses"], key=json.dumps)
    turn["offered"] = sorted(turn["offered"])
    v["turn"] = turn
    v["last_roll"] = sorted(view["last_roll"])
    outcome_part(v)
    return v


ENCODED_PART: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "balzakken": balzakken_part,
    "keezbord": keezbord_part,
    "balam": balam_part,
}


# -- sampling views ---------------------------------------------------------------------------------
#: kinds of action the eager sampler favours, so that rare positions (Balam's wars) come up
EAGER = {"attack": 1e6, "ward": 20.0, "defend": 5.0, "destroy": 5.0, "lose": 5.0, "offer": 5.0}


def eager_weight(action: Action) -> float:
    data = action.to_json()
    if data["kind"] == "build" and data.get("building") == "garrison":
        return 20.0
    return EAGER.get(data["kind"], 1.0)


def sampled_states(name: str, players: int, games: int, plies: int) -> Iterator[State]:
    """The states of ``games`` playouts of up to ``plies`` decisions, played in turn at random,
    by the heuristic bot and by an eager random player that attacks whenever it can."""
    game = gametable.load_game(name)
    for g in range(games):
        state = game.new_game(players, seed=100 + g)
        rng = random.Random(g)
        style = ("random", "eager", "heuristic")[g % 3]
        bot = make_bot("heuristic", seed=g)
        while True:
            yield state
            if state.is_over or state.ply >= plies:
                break
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            if style == "heuristic":
                action = bot.choose(SeatState(state, seat))
            elif style == "eager":
                action = rng.choices(legal, [eager_weight(a) for a in legal])[0]
            else:
                action = rng.choice(legal)
            state.apply(action, seat)


def check_distinct(name: str, players: int, games: int, plies: int) -> np.ndarray:
    """Encode every view (each seat's and the spectator's) of the sampled states; two views
    whose encoded parts differ must never share a tensor.  Which elements were ever non-zero."""
    layout = features.layout(name, players)
    part = ENCODED_PART[name]
    seen: dict[bytes, str] = {}
    touched = np.zeros(layout.size, bool)
    views = 0
    for state in sampled_states(name, players, games, plies):
        for seat in (None, *range(players)):
            view = state.view(seat)
            tensor = layout.encode(view)
            touched |= tensor != 0
            text = json.dumps(part(view), sort_keys=True)
            other = seen.setdefault(tensor.tobytes(), text)
            assert other == text, f"two views share a tensor:\n{other}\n{text}"
            views += 1
    assert len(set(seen.values())) == len(seen) > views // 20
    return touched


#: (playouts, decisions per playout) of the quick and the thorough checks
QUICK = {"balzakken": (6, 150), "keezbord": (3, 150), "balam": (3, 150)}
THOROUGH = {"balzakken": (30, 2000), "keezbord": (12, 1500), "balam": (6, 2000)}
#: blocks that the thorough sample may leave unset at some player count: positions it seldom
#: reaches (the Eclipse, divination, warding a catastrophe off, offerings, a defended war)
RARE = {
    "balam": {
        "katun.eclipse",
        "katun.peeked",
        "katun.cards.card",
        "turn.ward",
        "turn.offered",
        "turn.war.defender",
        "turn.war.numbers",
    }
}


@pytest.mark.parametrize("case", SHIPPED_CASES, ids=case_id)
def test_distinct_views_give_distinct_tensors(case: tuple[str, int]) -> None:
    """Views of a few playouts: distinct encoded parts, distinct tensors."""
    name, players = case
    check_distinct(name, players, *QUICK[name])


@pytest.mark.slow
@pytest.mark.parametrize("case", SHIPPED_CASES, ids=case_id)
def test_distinct_views_give_distinct_tensors_over_many_playouts(case: tuple[str, int]) -> None:
    """The same over whole games, enough of them that nearly every block is set somewhere."""
    name, players = case
    touched = check_distinct(name, players, *THOROUGH[name])
    layout = features.layout(name, players)
    never = {b.name for b in layout.blocks if not touched[b.offset : b.stop].any()}
    assert never <= RARE.get(name, set())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_tensors_stay_within_the_layout_bounds(case: tuple[str, int]) -> None:
    name, players = case
    layout = features.layout(name, players)
    low, high = layout.low(), layout.high()
    for state in sampled_states(name, players, 2, 200):
        for seat in (None, *range(players)):
            tensor = layout.encode(state.view(seat))
            assert tensor.dtype == np.float32 and tensor.shape == (layout.size,)
            bad = np.flatnonzero((tensor < low) | (tensor > high))
            assert not bad.size, [layout_block(layout, i) for i in bad]


def layout_block(layout: features.Layout, index: int) -> str:
    block = next(b for b in layout.blocks if b.offset <= index < b.stop)
    return f"{block.name}[{index - block.offset}]"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_blocks_tile_the_tensor_as_declared(case: tuple[str, int]) -> None:
    """Blocks lie end to end, each shaped by its axes' labels, with sound bounds; ``split``
    gives each back with its declared shape, over the tensor itself (no copy)."""
    name, players = case
    layout = features.layout(name, players)
    offset = 0
    for block in layout.blocks:
        assert block.offset == offset, block.name
        assert block.shape == tuple(len(axis) for axis in block.axes), block.name
        assert block.size == int(np.prod(block.shape)) > 0 and block.low <= block.high
        offset = block.stop
    assert layout.size == offset and len(set(layout.names())) == len(layout.blocks)
    tensor = layout.encode(gametable.load_game(name).new_game(players, seed=1).view(0))
    parts = layout.split(tensor)
    assert [(n, p.shape) for n, p in parts.items()] == [(b.name, b.shape) for b in layout.blocks]
    assert all(np.shares_memory(p, tensor) for p in parts.values())
    with pytest.raises(ValueError):
        layout.split(tensor[:-1])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_seats_tensor_holds_nothing_hidden_from_it(case: tuple[str, int]) -> None:
    """Redraw everything a seat cannot see (``State.resample``): its tensor stays the same.
    The redraw is real: other seats' hands change, so their tensors do (in games with hands)."""
    name, players = case
    layout = features.layout(name, players)
    redrawn = others_changed = 0
    every = 4 if name == "balam" else 1  # Balam's redraw and tensors cost more: fewer states
    for i, state in enumerate(sampled_states(name, players, 2, 120)):
        if state.is_over or i % every:
            continue
        seat = i // every % players
        other = state.resample(seat, i)
        assert np.array_equal(layout.encode(other.view(seat)), layout.encode(state.view(seat)))
        assert np.array_equal(layout.encode(other.view(None)), layout.encode(state.view(None)))
        redrawn += other.to_json() != state.to_json()
        others_changed += any(
            not np.array_equal(layout.encode(other.view(s)), layout.encode(state.view(s)))
            for s in range(players)
            if s != seat
        )
    assert redrawn > 0
    if "hand" in layout.names():
        assert others_changed > 0


def test_the_documented_layouts_are_the_layouts() -> None:
    """``docs/observations.md`` shows each game's table at its smallest player count, its size
    at every count and what it leaves out, exactly as the code builds them."""
    text = (DOCS / "observations.md").read_text()
    for name in shipped_games():
        game = gametable.load_game(name)
        layout = features.layout(name, game.min_players)
        assert layout.table() in text, f"{name}'s table in docs/observations.md is out of date"
        sizes = ", ".join(
            f"{n} players: {features.layout(name, n).size}" for n in game.player_counts
        )
        assert f"Sizes ({name}): {sizes}." in text
        for item in layout.not_encoded:
            assert item in text, f"{name}: not documented as left out: {item}"
