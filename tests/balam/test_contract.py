"""Balam's typed contract: actions as JSON fields and as menu steps, views declared as a schema."""

from __future__ import annotations

import random

import pytest

from gametable.bots import make_bot
from gametable.core.choices import MAX_ENTRIES, check_steps, menu, widest_level
from gametable.core.errors import InvalidAction
from gametable.core.schema import schema_errors
from tests.balam.helpers import GAME, play, position


def paid_turn():
    state = GAME.new_game(2, seed=3)
    state.apply("pay maize")
    return state


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("build village c3.0", {"kind": "build", "building": "village", "site": "c3", "plot": 0}),
        ("pay jade", {"kind": "pay", "riches": "jade"}),
        ("pay b3.1", {"kind": "pay_from", "site": "b3", "plot": 1}),
        ("katun 2", {"kind": "katun", "slot": 2}),
        ("remove a2.3", {"kind": "remove", "site": "a2", "plot": 3}),
        (
            "attack b3>c3 2 1",
            {"kind": "attack", "source": "b3", "target": "c3", "garrisons": 2, "obsidian": 1},
        ),
        ("end", {"kind": "end"}),
        ("defend 3", {"kind": "defend", "obsidian": 3}),
        ("lose b3.0", {"kind": "lose", "site": "b3", "plot": 0}),
        ("destroy c3.2", {"kind": "destroy", "site": "c3", "plot": 2}),
        ("take prestige", {"kind": "take", "offer": "prestige"}),
        ("take cacao", {"kind": "take", "offer": "cacao"}),
        ("dowry 1 jade", {"kind": "dowry", "seat": 1, "riches": "jade"}),
        ("ward", {"kind": "ward"}),
        ("suffer", {"kind": "suffer"}),
        ("offer b3.0>d4", {"kind": "offer", "site": "b3", "plot": 0, "cenote": "d4"}),
        (
            "move b3.0>c3.1",
            {"kind": "move", "site": "b3", "plot": 0, "to_site": "c3", "to_plot": 1},
        ),
        ("done", {"kind": "done"}),
    ],
)
def test_each_action_reads_as_named_fields(text: str, data: dict) -> None:
    state = GAME.new_game(2, seed=1)
    action = GAME.parse_action(state, text)
    assert action.to_json() == data
    assert GAME.action_from_json(state, data) == action


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "build", "building": "castle", "site": "c3", "plot": 0}, "not a building"),
        ({"kind": "build", "building": "village", "site": "z9", "plot": 0}, "no site 'z9'"),
        ({"kind": "build", "building": "village", "site": "a1", "plot": 3}, "plot .on a1."),
        ({"kind": "pay", "riches": "gold"}, "not a riches"),
        ({"kind": "katun", "slot": 5}, "slot must be between 0 and 4"),
        (
            {"kind": "attack", "source": "b3", "target": "c3", "garrisons": 0, "obsidian": 0},
            "garrisons must be between 1 and 4",
        ),
        (
            {"kind": "attack", "source": "b3", "target": "c3", "garrisons": 1, "obsidian": 2},
            "obsidian must be between 0 and 1",
        ),
        ({"kind": "dowry", "seat": 2, "riches": "jade"}, "seat must be between 0 and 1"),
        ({"kind": "take", "offer": "gold"}, "not a riches or prestige"),
        ({"kind": "defend", "obsidian": -1}, "obsidian must be between"),
        ({"kind": "build", "building": "village", "site": "c3", "plot": "0"}, "integer"),
        ({"kind": "end", "now": True}, "has no field"),
    ],
)
def test_malformed_json_actions_are_refused_saying_why(data: dict, words: str) -> None:
    with pytest.raises(InvalidAction, match=words):
        GAME.action_from_json(GAME.new_game(2, seed=1), data)


def test_a_build_is_picked_building_then_site_then_plot() -> None:
    """Issue 15's example: ("build", "village", "c3", "plot 0"); the paid turn's 400-odd actions
    (BA-092) make short menus."""
    state = paid_turn()
    legal = state.legal_actions()
    assert len(legal) > 100
    build = GAME.parse_action(state, "build village c3.0")
    assert build.steps == ("build", "village", "c3", "plot 0")
    assert [c.label for c in menu(legal)] == ["build", "end the turn"]
    assert "village" in [c.label for c in menu(legal, ("build",))]
    assert len(menu(legal, ("build", "village"))) == 30  # every site of the default board
    assert check_steps(legal) is None


def test_attacks_and_moves_are_picked_by_source_then_target() -> None:
    sites = {
        "b2": {"owner": 0, "plots": ["garrison:obsidian", "garrison", "village"]},
        "c2": {"owner": 1, "plots": ["village", "temple", "+", None]},
        "b3": {"owner": 0, "plots": ["temple", "+", "reserve"]},
    }
    state = position(2, sites=sites, phase="act")
    attack = GAME.parse_action(state, "attack b2>c2 2 1")
    assert attack.steps == ("attack", "from b2", "on c2", "2 garrisons, 1 obsidian")
    assert check_steps(state.legal_actions()) is None
    sites["b2"]["plots"][2] = "village:obsidian"
    state = position(2, sites=sites, phase="distribution")
    legal = state.legal_actions()
    assert [c.label for c in menu(legal, ("move",))] == ["from b2.0", "from b2.2"]
    targets = {c.label for c in menu(legal, ("move", "from b2.2"))}
    assert targets == {"to b2.1", "to b3.0", "to b3.2"}  # an obsidian may equip a garrison


def _walk(state, rng, bots=None):
    widest = 0
    while state.to_move:
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        width, path = widest_level(legal)
        assert width <= MAX_ENTRIES, (state.ply, path, width)
        widest = max(widest, width)
        action = bots[seat].act(state, seat) if bots else rng.choice(legal)
        state.apply(action, seat)
    return widest


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", ["default", "small"])
def test_no_menu_level_offers_more_than_40_entries(players: int, board: str) -> None:
    """Random play and heuristic play, every position: the widest level is the 30 sites to
    build on."""
    widest = 0
    for seed in range(2):
        state = GAME.new_game(players, seed=seed, options={"board": board})
        widest = max(widest, _walk(state, random.Random(seed)))
    if board == "default":
        assert widest >= 20
    state = GAME.new_game(players, seed=9, options={"board": board})
    bots = [make_bot("heuristic", seed=s) for s in range(players)]
    _walk(state, random.Random(9), bots)


def test_katun_cards_are_described_by_typed_fields() -> None:
    """A client renders a card from fields (4 - KATUN, BA-163): type, name, riches, prestige,
    the catastrophe's price; never by parsing its text."""
    state = position(
        2,
        slots=["prosperous:cacao/jade/prestige:2", "drought", "eruption"],
        peeks=[[0, 1, 2], []],
        discard=["favourable:maize+cacao"],
    )
    view = state.view(0)
    prosperous, drought, eruption = (slot["card"] for slot in view["katun"]["cards"])
    assert prosperous["type"] == "prosperous" and prosperous["name"] == "Prosperous Katun"
    assert prosperous["riches"] == ["cacao", "jade"] and prosperous["prestige"] == 2
    assert drought["catastrophe"] == {
        "mayas_pay": "maize",
        "count": 1,
        "loses": [{"building": "village", "count": 2}],
        "cities": None,
    }
    assert eruption["catastrophe"]["cities"] == "volcano"
    assert view["katun"]["discard_cards"][0]["riches"] == ["maize", "cacao"]
    assert [slot["card"] for slot in state.view(1)["katun"]["cards"]] == [None, None, None]


def test_the_view_describes_the_buildings_and_fits_its_schema() -> None:
    sites = {"a2": {"owner": 0, "plots": ["village", "temple", "+", "reserve:maize"]}}
    state = position(2, sites=sites)
    view = state.view(None)
    assert view["sites"]["a2"]["buildings"] == [
        {"building": "village", "plots": [0], "riches": [None]},
        {"building": "temple", "plots": [1, 2], "riches": [None, None]},
        {"building": "reserve", "plots": [3], "riches": ["maize"]},
    ]
    schema = GAME.view_schema(2)
    assert schema_errors(schema, view) == []
    assert schema_errors(GAME.view_schema(3), view)  # two kings where three are declared
    chaak = schema["$defs"]["RoundSeatView"]["properties"]["chaak"]
    assert "maize" in chaak["description"]


def test_a_finished_round_in_the_view_fits_the_schema() -> None:
    """C - End of the round (BA-072): the rounds' accounts are typed."""
    state = GAME.new_game(2, seed=4)
    rng = random.Random(4)
    while not state.view(None)["rounds"]:
        play(state, str(rng.choice(state.legal_actions())), seat=state.to_move[0])
    assert schema_errors(GAME.view_schema(2), state.view(1)) == []


def test_the_heuristic_reads_fields_never_notation(monkeypatch) -> None:
    """Issue 15: clients read action and view fields.  The Balam heuristic scores the same
    with every action's notation made unusable and every text of the view blanked."""
    from gametable.games.balam.actions import ACTION_TYPES
    from gametable.games.balam.bots import heuristic

    sites = {
        "b2": {"owner": 0, "plots": ["garrison:obsidian", "garrison", "village:obsidian"]},
        "c2": {"owner": 1, "plots": ["village", "temple", "+", None]},
        "b3": {"owner": 0, "plots": ["temple", "+", "reserve:maize"]},
    }
    cases = [GAME.new_game(2, seed=5), paid_turn(), position(2, sites=sites, phase="distribution")]
    expected = []
    for state in cases:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        expected.append(heuristic.action_scores(state.view(seat), seat, legal, state.clone))

    def no_notation(self):
        raise AssertionError(f"{type(self).__name__} was turned into notation")

    for cls in ACTION_TYPES:
        monkeypatch.setattr(cls, "__str__", no_notation)
    for state, scores in zip(cases, expected, strict=True):
        seat = state.to_move[0]
        view = state.view(seat)
        view["katun"]["discard"] = ["?"] * len(view["katun"]["discard"])
        view["turn"]["card"] = None
        legal = state.legal_actions(seat)
        assert heuristic.action_scores(view, seat, legal, state.clone) == scores
