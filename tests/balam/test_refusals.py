"""One place for each rule: the functions that refuse an action are those the legal-action
generators use, so over random play an action is listed legal exactly when no rule refuses it."""

from __future__ import annotations

import random

import pytest

from gametable.core.errors import IllegalAction
from gametable.games.balam import flow
from tests.balam.helpers import GAME, position


@pytest.mark.parametrize(("players", "board"), [(2, "default"), (3, "default"), (4, "small")])
def test_an_action_is_legal_exactly_when_no_rule_refuses_it(players: int, board: str) -> None:
    """Every phase's actions (BA-058 BA-092 BA-134 BA-163 BA-201): listed legal <=> no refusal,
    for the legal actions, actions seen in other positions and random integer codes."""
    rng = random.Random(players)
    state = GAME.new_game(players, seed=players, options={"board": board})
    size = GAME.num_distinct_actions(players, {"board": board})
    pool: list = []
    checked = 0
    while state.to_move:
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        candidates = [*legal, *rng.sample(pool, min(len(pool), 30))]
        candidates += [state.decode_action(rng.randrange(size)) for _ in range(20)]
        listed = set(legal)
        for action in candidates:
            refusal = flow.refusal(state, action, seat)
            assert (refusal is None) == (action in listed), (state.ply, str(action), refusal)
            checked += 1
        pool.extend(legal[:4])
        del pool[:-300]
        state.apply(rng.choice(legal), seat)
    assert checked > 5000


def test_a_refused_removal_names_the_removal_rule() -> None:
    """2 - CONSTRUCTIONS (BA-097 BA-098): a king removes only his own buildings, on the turn's
    site."""
    sites = {
        "a2": {"owner": 0, "plots": ["village", None]},
        "b2": {"owner": 1, "plots": ["village"]},
        "a3": {"owner": 0, "plots": ["garrison"]},
    }
    state = position(2, sites=sites, phase="act", turn={"lock": "a2"})
    with pytest.raises(IllegalAction, match=r"no building of yours stands on b2\.0") as err:
        state.apply("remove b2.0")
    assert err.value.rule.statements == ("BA-097", "BA-098")
    with pytest.raises(IllegalAction, match="remove a building only there"):
        state.apply("remove a3.0")
    state.apply("remove a2.0")


def test_a_refused_katun_choice_lists_what_the_card_offers() -> None:
    """4 - KATUN > POSITIVE EVENTS (BA-171): a Prosperous Katun offers its riches or prestige."""
    state = position(2, slots=["prosperous:cacao/jade/prestige:2", "drought", "eruption"])
    state.apply("katun 0")
    with pytest.raises(IllegalAction, match="offers only: take cacao, take jade, take prestige"):
        state.apply("take maize")


@pytest.mark.parametrize("players", [2, 4])
def test_fields_kept_up_to_date_match_those_derived_from_scratch(players: int) -> None:
    """The counts kept as buildings go up and down (empty plots, tiles, small pyramids) and the
    memoised legal actions agree with a copy of the position loaded from its JSON form."""
    rng = random.Random(players + 10)
    state = GAME.new_game(players, seed=players + 10)
    while state.to_move:
        seat = rng.choice(state.to_move)
        if state.ply % 7 == 0:
            fresh = GAME.state_from_json(state.to_json())
            assert (fresh.free_plots, fresh.tiles, fresh.small_placed) == (
                state.free_plots,
                state.tiles,
                state.small_placed,
            )
            for q in state.to_move:
                assert fresh.legal_actions(q) == state.legal_actions(q)
        state.apply(rng.choice(state.legal_actions(seat)), seat)


def test_an_action_object_listed_before_the_last_action_is_checked_by_the_rules_again() -> None:
    """B - Turns (BA-058 BA-059): the very ``pay`` object listed at the start of the turn is
    accepted once (it was listed legal), then refused by the turn rule once the riches is paid,
    with the state untouched, although the new position's legal actions were listed too."""
    state = GAME.new_game(2, seed=3)
    seat = state.to_move[0]
    pay = next(a for a in state.legal_actions(seat) if str(a).startswith("pay "))
    state.apply(pay, seat)
    assert pay not in state.legal_actions(seat)
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(pay, seat)
    assert "BA-058" in err.value.rule.statements
    assert state.to_json() == before
