"""Balzakken's typed contract: actions as JSON and steps, the declared view, refusals in words a
player would say, and one place for each rule (what is offered is exactly what is accepted)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from balzakken_helpers import DISCARD, EMPTY_HAND, GAME, IMPORTANT, SWAP, position, refused

from gametable import IllegalAction, InvalidAction
from gametable.bots.base import SeatState
from gametable.bots.heuristic import HeuristicBot
from gametable.core.choices import check_steps, menu
from gametable.core.schema import schema_errors

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "balzakken.md"

# -- actions as JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("discard 7", {"kind": "discard", "card": "7", "count": 1, "take_top": False}),
        ("discard -1x2", {"kind": "discard", "card": "-1", "count": 2, "take_top": False}),
        ("discard 7x2 top", {"kind": "discard", "card": "7", "count": 2, "take_top": True}),
        ("swap 11", {"kind": "swap", "card": "11"}),
        ("swinger 2", {"kind": "swinger", "target": 2}),
        ("lul 0", {"kind": "lul", "target": 0}),
        ("balzak", {"kind": "balzak"}),
    ],
)
def test_every_action_has_a_json_form_that_reads_back(text, data) -> None:
    """BZ-027, BZ-030, BZ-032, BZ-033, BZ-036, BZ-040: each of the four actions (and several of
    one value) is written as fields: cards as their text, seats as integers."""
    state = position([["7", "7"], ["4"], ["5"]])
    action = GAME.parse_action(state, text)
    assert action.to_json() == data
    assert GAME.action_from_json(state, data) == action


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "discard", "card": "12", "count": 1, "take_top": False}, "not a Balzakken card"),
        ({"kind": "discard", "card": 7, "count": 1, "take_top": False}, "must be text"),
        ({"kind": "discard", "card": "7", "count": 1}, "needs the field 'take_top'"),
        ({"kind": "swap", "card": "swinger"}, "write {'kind': 'swap', 'card': 'S'}"),
        ({"kind": "lul", "target": "1"}, "must be an integer"),
        ({"kind": "balzak", "loudly": True}, "has no field 'loudly'"),
        ({"kind": "pass"}, "the kinds are: discard, swap, swinger, lul, balzak"),
    ],
)
def test_malformed_json_actions_are_refused_with_a_clear_message(data, words) -> None:
    state = position([["7", "7"], ["4"]])
    with pytest.raises(InvalidAction) as info:
        GAME.action_from_json(state, data)
    assert words in str(info.value)


def test_json_actions_are_checked_for_legality_by_apply_not_by_reading() -> None:
    """BZ-044: a well-formed action the rules forbid reads fine and is refused when applied."""
    state = position([["7", "S"], ["4"]])
    action = GAME.action_from_json(
        state, {"kind": "discard", "card": "S", "count": 1, "take_top": False}
    )
    refused(state, str(action), IMPORTANT)


# -- steps --------------------------------------------------------------------------------------------


def test_steps_pick_the_kind_then_the_cards_then_the_source() -> None:
    """BZ-041: discarding several of one value ends with where the card drawn back comes from."""
    state = position([["7", "7", "9", "S"], ["4"], ["5"]])
    steps = {str(a): a.steps for a in state.legal_actions()}
    assert steps["discard 7x2 top"] == ("discard", "7x2", "top")
    assert steps["discard 7x2"] == ("discard", "7x2", "draw")
    assert steps["discard 9"] == ("discard", "9")
    assert steps["swap 7"] == ("swap", "7")
    assert steps["swinger 2"] == ("swinger", "seat 2")
    legal = state.legal_actions()
    assert [c.label for c in menu(legal)] == ["discard", "swap", "swinger"]
    assert [c.label for c in menu(legal, ("discard",))] == ["7", "7x2", "9"]
    assert [c.label for c in menu(legal, ("discard", "7x2"))] == ["draw", "top"]


def test_balzak_is_a_single_step_and_lul_targets_are_seats() -> None:
    state = position([["1", "L"], ["4"], ["5"]])
    legal = state.legal_actions()
    assert [c.label for c in menu(legal, ("lul",))] == ["seat 1", "seat 2"]
    state.apply("lul 1")
    state.apply("discard 4")
    assert ("balzak",) in {a.steps for a in state.legal_actions()}


# -- the declared view --------------------------------------------------------------------------------


def test_view_schema_is_fitted_to_the_table() -> None:
    """Per-seat lists hold one entry per seat and seat numbers stop at the last seat."""
    schema = GAME.view_schema(3)
    state = position([["7"], ["4"], ["5"]])
    for seat in (None, 0, 1, 2):
        assert schema_errors(schema, state.view(seat)) == []
    view = state.view(0)
    assert schema_errors(schema, {**view, "scores": [0, 0]})
    assert schema_errors(schema, {**view, "dealer": 3})
    assert schema_errors(schema, {**view, "players": 4})
    assert schema_errors(schema, {**view, "hand": ["12"]})
    assert schema_errors(schema, {**view, "secret": 1})
    described = schema["$defs"]["BalzakkenView"]["properties"]
    assert all("description" in described[name] for name in described)


# -- refusals in words a player would say -------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "action", "section", "words"),
    [
        (["1", "7"], "discard 3", DISCARD, "You have no 3 in your hand."),
        (["7", "9"], "discard 9x2", IMPORTANT, "You have only one 9 in your hand, so you cannot "),
        (["7", "7"], "discard 7x3", IMPORTANT, "You have only two 7s in your hand, so you cannot "),
        (["7", "7"], "discard 7x0", DISCARD, "You must discard at least one card."),
        (["7", "7"], "discard 7 top", DISCARD, "swap instead (swap 7)"),
        (["7", "S", "S"], "discard Sx2", IMPORTANT, "You may never play two Swingers at once."),
        (["7", "L"], "discard L", IMPORTANT, "The Lul never goes onto the discard pile"),
        (["7", "L"], "swap L", SWAP, "Only a Balzak can be swapped"),
        (["7", "L"], "swap 8", SWAP, "You have no 8 in your hand."),
        (["7", "L"], "swinger 1", "Playing the Game > Action 3: Play an action card", "no Swinger"),
        (["7", "L"], "lul 0", "Playing the Game > Action 3: Play an action card", "not yourself"),
        (["7", "L"], "lul 4", "Playing the Game > Action 3: Play an action card", "no seat 4"),
        (["1", "L"], "balzak", IMPORTANT, "You hold The Lul: play it before you call BALZAK!"),
        (["1", "L", "L", "S"], "balzak", IMPORTANT, "You hold The Swinger and two Luls: play them"),
    ],
)
def test_refusals_say_why_in_plain_sentences(hand, action, section, words) -> None:
    """BZ-027, BZ-030, BZ-032, BZ-033, BZ-040, BZ-043, BZ-044, BZ-047: each refusal cites its rule
    and explains itself in a sentence, with proper plurals."""
    state = position([hand, ["4"], ["5"]])
    error = refused(state, action, section)
    assert words in error.explanation, error.explanation
    assert error.explanation[0].isupper()
    assert "(s)" not in error.explanation


def test_empty_hand_refusal_and_out_of_turn_call_are_sentences() -> None:
    """BZ-050, BZ-125."""
    state = position([["4", "S"], []], to_move=1)
    error = refused(state, "discard 4", EMPTY_HAND)
    assert error.explanation == "You have no cards left, so you must call BALZAK!"
    error = refused(state, "balzak", IMPORTANT, seat=0)
    assert error.explanation.startswith("Seat 0 cannot call BALZAK! now: it is seat 1's turn")


# -- one place for each rule ----------------------------------------------------------------------------


def _every_action(state) -> list:
    """Every action the integer encoding can name, and some it cannot (odd counts, seats, cards)."""
    size = GAME.num_distinct_actions(state.players, state.options)
    actions = [state.decode_action(code) for code in range(size)]
    extra = [
        "discard 7 top",
        "discard 7x0",
        "discard 7x9",
        "discard S",
        "discard Sx2",
        "discard L",
        "discard Lx2 top",
        "swap S",
        "swap L",
        f"swinger {state.players}",
        f"lul {state.players + 3}",
    ]
    return actions + [GAME.parse_action(state, text) for text in extra]


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_what_is_offered_is_exactly_what_is_accepted(players) -> None:
    """The legal actions and the refusals come from the same rule functions: over random
    positions, an action is in legal_actions exactly when apply accepts it."""
    rng = random.Random(players)
    for seed in range(4):
        state = GAME.new_game(players, seed=seed)
        for _ in range(60):
            if state.is_over:
                break
            seat = state.to_move[0]
            legal = set(state.legal_actions(seat))
            for action in _every_action(state):
                assert state.is_legal(action, seat) == (action in legal), (action, state.to_json())
            state.apply(rng.choice(sorted(legal, key=str)), seat)


@pytest.mark.parametrize("players", [2, 8])
def test_menus_stay_short_in_heuristic_play(players) -> None:
    """Every decision the heuristic bots meet offers a menu tree with at most 40 entries a
    level (the contract's limit; random play is checked by the conformance suite)."""
    for seed in range(2):
        state = GAME.new_game(players, seed=seed)
        bots = [HeuristicBot(seed=seed * 10 + s) for s in range(players)]
        while not state.is_over and state.ply < 600:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            assert check_steps(legal) is None
            state.apply(bots[seat].choose(SeatState(state, seat)), seat)


def test_the_docs_json_and_steps_tables_match_the_engine() -> None:
    """The "Actions as JSON" and "Steps" tables of docs/rules/balzakken.md are kept honest."""
    text = DOC.read_text()
    json_table = text[text.index("## Actions as JSON") : text.index("## Steps")]
    rows = re.findall(r"\| `(\{.*?\})` \| `(.*?)` \|", json_table)
    assert len(rows) == 5
    state = position([["7"], ["4"], ["5"]])
    for data, notation in rows:
        assert str(GAME.action_from_json(state, json.loads(data))) == notation
    steps_table = text[text.index("## Steps") : text.index("## The view")]
    rows = re.findall(r"\| `(.*?)` \| (.*?) \|", steps_table)
    assert len(rows) == 7
    for notation, steps in rows:
        labels = tuple(re.findall(r"`(.*?)`", steps))
        assert GAME.parse_action(state, notation).steps == labels


def test_listed_action_objects_are_trusted_only_in_the_position_that_listed_them() -> None:
    """BZ-027, BZ-030, BZ-040: ``apply`` skips re-checking an action object that
    ``legal_actions`` listed for this very position; once anything changed, an old listed object
    is checked again, and refused if it has become illegal."""
    state = position([["-1", "-1", "-1", "-1", "9"], ["4", "5"]], ["3"])
    first = {str(a): a for a in state.legal_actions()}
    state.apply(first["discard -1x4"])  # every -1 of the deck is now on the discard pile
    state.apply("discard 4")
    before = state.to_json()
    for text in ("discard -1", "swap -1", "discard -1x4"):
        with pytest.raises(IllegalAction):
            state.apply(first[text])
        assert state.to_json() == before
    other = state.clone()
    listed = other.legal_actions()
    state.apply(listed[0])  # listed by another state: checked here, and legal here too
    assert state.ply == other.ply + 1


# -- the trusted path: apply skips the rules only for the very objects it just listed ---------------


def test_a_discard_listed_before_the_hand_changed_is_judged_again() -> None:
    """BZ-039, BZ-040: the ``discard 7x2`` object listed while seat 0 held two 7s is refused,
    with its rule, once a Swinger has taken those 7s away; the state stays as it was."""
    state = position([["7", "7", "S"], ["4", "5"]])
    listed = state.legal_actions(0)
    pair = next(a for a in listed if str(a) == "discard 7x2")
    state.apply(next(a for a in listed if str(a) == "swinger 1"), 0)  # the hands change places
    state.apply(state.legal_actions(1)[0], 1)  # seat 1 plays from what were seat 0's cards
    before = state.to_json()
    error = refused(state, "discard 7x2", IMPORTANT, seat=0)
    assert "no 7" in str(error)
    with pytest.raises(IllegalAction):
        state.apply(pair, 0)
    assert state.to_json() == before


def test_the_list_handed_out_may_be_changed_without_making_anything_legal() -> None:
    """BZ-044: appending a refused action to the list ``legal_actions`` returned does not make
    ``apply`` trust it; it is refused with its rule and the state stays as it was."""
    state = position([["7", "L"], ["4", "5"]])
    listed = state.legal_actions(0)
    lul_on_discard = GAME.parse_action(state, "discard L")
    listed.append(lul_on_discard)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(lul_on_discard, 0)
    assert state.to_json() == before
