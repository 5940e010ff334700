"""The legal actions are listed once per position, and ``apply`` trusts the very action objects
it listed; everything else is still judged rule by rule (KB-018: one card per turn, as the rules
allow), refused with its rule, the state untouched."""

from __future__ import annotations

import random

import pytest

from gametable import IllegalAction
from gametable.games.keezbord.actions import Move
from tests.keezbord.helpers import GAME, legal, position


def test_the_list_handed_out_is_a_copy_that_callers_may_change():
    s = position(pawns={"a": [5, 20, "N", "N"]}, hands={"a": ["8", "3"], "b": ["2"]})
    first = s.legal_actions()
    first.clear()
    assert legal(s) == ["3 a1", "3 a2", "8 a1", "8 a2"]


def test_an_action_listed_before_the_position_changed_is_judged_again():
    """KB-035 (no extra lap): the very ``5 a1`` object listed when a1 stood on 58 is refused once
    a1 stands on 63, where five steps would run past the home; the state stays as it was."""
    s = position(pawns={"a": [58, "N", "N", "N"]}, hands={"a": ["5", "5"], "b": ["2"]})
    five = next(a for a in s.legal_actions() if str(a) == "5 a1")
    s.apply(five)  # a1 to 63, its home entrance
    s.apply(s.legal_actions()[0])  # seat b hands in (its pawns are all in the nest)
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(five)
    assert "KB-035" in info.value.rule.statements
    assert s.to_json() == before


def test_a_listed_action_applied_for_a_seat_not_to_move_is_refused():
    s = GAME.new_game(2, seed=3)
    action = s.legal_actions()[0]
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(action, 1 - s.to_move[0])
    assert s.to_json() == before


@pytest.mark.parametrize("players", [2, 4, 6])
def test_actions_from_other_positions_are_refused_with_their_rule_and_change_nothing(players):
    """Actions listed in other positions of the same game are either legal here (then they
    apply) or refused citing a rule, the state unchanged; each agrees with ``is_legal``."""
    state = GAME.new_game(players, seed=7)
    rng = random.Random(7)
    seen: list = []
    while state.to_move and state.ply < 300:
        here = state.legal_actions()
        for old in rng.sample(seen, min(6, len(seen))):
            probe = GAME.state_from_json(state.to_json())
            probe.legal_actions()  # the position's own list is kept: ``old`` is not one of them
            before = probe.to_json()
            if old in here:
                assert probe.is_legal(old)
                continue
            assert not probe.is_legal(old)
            with pytest.raises(IllegalAction) as info:
                probe.apply(old)
            assert info.value.rule.section
            assert probe.to_json() == before
        seen.extend(here[:3])
        state.apply(rng.choice(here))


def test_a_fresh_action_object_equal_to_a_listed_one_is_accepted_by_the_rules():
    s = position(pawns={"a": [5, "N", "N", "N"]}, hands={"a": ["8"], "b": ["2"]})
    s.legal_actions()
    s.apply(Move(8, 0))
    assert s.view(None)["pawns"][0][0] == 13
