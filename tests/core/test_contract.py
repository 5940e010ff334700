"""The typed contract's kernel: action JSON forms, step menus (core.choices), view schemas."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NotRequired, TypedDict

import pytest

from gametable.core.choices import (
    MAX_ENTRIES,
    below,
    check_steps,
    forced_path,
    menu,
    tree,
    widest_level,
)
from gametable.core.errors import InvalidAction
from gametable.core.protocol import Action
from gametable.core.schema import action_fields, json_schema, schema_errors
from tests.core.tinygame import Choice, TinyGame


@dataclass(frozen=True)
class Pick(Action):
    path: tuple[str, ...]
    kind = "pick"

    @property
    def steps(self) -> tuple[str, ...]:
        return self.path

    def __str__(self) -> str:
        return " ".join(self.path)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "path": list(self.path)}


BUILDS = [
    Pick(("build", k, s, f"plot {p}"))
    for k in ("village", "temple")
    for s in ("c3", "d4")
    for p in (0, 1)
]
LEGAL = [*BUILDS, Pick(("attack", "b3", "c3", "2 garrisons")), Pick(("end",))]


def test_menu_levels_group_actions_by_their_next_step_in_first_seen_order():
    assert [c.label for c in menu(LEGAL)] == ["build", "attack", "end"]
    assert [c.label for c in menu(LEGAL, ("build",))] == ["village", "temple"]
    plots = menu(LEGAL, ("build", "temple", "d4"))
    assert [c.label for c in plots] == ["plot 0", "plot 1"]
    assert plots[1].action == Pick(("build", "temple", "d4", "plot 1"))
    assert plots[1].path == ("build", "temple", "d4", "plot 1")


def test_an_entry_is_final_only_when_it_completes_an_action():
    top = {c.label: c for c in menu(LEGAL)}
    assert top["end"].is_final and top["end"].action == Pick(("end",))
    assert not top["build"].is_final and top["build"].action is None
    assert len(top["build"].actions) == len(BUILDS)


def test_a_path_that_no_action_starts_with_has_an_empty_menu():
    assert menu(LEGAL, ("build", "palace")) == []
    assert below(LEGAL, ("build", "palace")) == []
    assert below(LEGAL, ()) == LEGAL


def test_forced_path_skips_levels_with_a_single_entry_but_never_picks_the_action():
    assert forced_path(LEGAL, ("attack",)) == ("attack", "b3", "c3")
    assert forced_path(LEGAL, ()) == ()
    assert forced_path([Pick(("end",))]) == ()


def test_widest_level_finds_the_widest_menu_anywhere_in_the_tree():
    many = [Pick(("move", f"s{i}")) for i in range(45)] + [Pick(("end",))]
    assert widest_level(many) == (45, ("move",))
    assert widest_level(LEGAL) == (3, ())


def test_tree_is_json_with_the_action_form_at_each_leaf():
    nodes = tree([Choice(False), Choice(True)])
    assert nodes == [
        {"label": "keep", "action": {"kind": "choice", "trade": False}},
        {"label": "trade", "action": {"kind": "choice", "trade": True}},
    ]
    build = tree(LEGAL)[0]
    assert tree(LEGAL)[2] == {"label": "end", "action": {"kind": "pick", "path": ["end"]}}
    assert build["label"] == "build" and "action" not in build
    assert [n["label"] for n in build["children"]] == ["village", "temple"]


def test_check_steps_names_each_way_steps_can_be_wrong():
    assert check_steps(LEGAL) is None
    assert "same steps" in check_steps([Pick(("a",)), Pick(("a",))])
    assert "prefix" in check_steps([Pick(("a",)), Pick(("a", "b"))])
    assert "non-empty tuple" in check_steps([Pick(())])
    assert "short non-empty label" in check_steps([Pick(("x" * 40,))])
    assert "short non-empty label" in check_steps([Pick(("",))])
    wide = [Pick((f"s{i}",)) for i in range(MAX_ENTRIES + 1)]
    assert "offers 41 entries" in check_steps(wide)


def test_action_from_json_gives_back_an_equal_action():
    game = TinyGame()
    state = game.new_game(2, seed=1)
    for action in state.legal_actions():
        assert game.action_from_json(state, action.to_json()) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "object with a 'kind'"),
        ({"trade": True}, "not a kind of Tiny action"),
        ({"kind": "nope"}, "the kinds are: choice"),
        ({"kind": "choice"}, "needs the field 'trade'"),
        ({"kind": "choice", "trade": 1}, "must be true or false"),
        ({"kind": "choice", "trade": True, "why": 1}, "has no field 'why'"),
    ],
)
def test_action_from_json_refuses_malformed_data_with_a_clear_message(data, message):
    game = TinyGame()
    with pytest.raises(InvalidAction, match=message):
        game.action_from_json(game.new_game(2, seed=1), data)


def test_action_fields_refuses_a_bool_where_an_integer_is_wanted():
    with pytest.raises(InvalidAction, match="must be an integer"):
        action_fields({"kind": "move", "plot": True}, {"plot": int})
    assert action_fields({"kind": "move", "plot": 2}, {"plot": int}) == {"plot": 2}


class Inner(TypedDict):
    scores: list[int]


class Outer(TypedDict):
    seat: int | None
    inner: Inner
    names: dict[str, str]
    note: NotRequired[str]


def test_derived_schemas_are_strict_about_undeclared_fields_but_not_about_maps():
    schema = json_schema(Outer, title="outer")
    assert schema["title"] == "outer"
    good = {"seat": None, "inner": {"scores": [1]}, "names": {"any": "key"}}
    assert schema_errors(schema, good) == []
    assert schema_errors(schema, {**good, "note": "fine"}) == []
    assert schema_errors(schema, {**good, "extra": 1})
    assert schema_errors(schema, {**good, "inner": {"scores": [1], "extra": 2}})
    assert "seat" in schema_errors(schema, {**good, "seat": "x"})[0]
    assert schema_errors(schema, {"seat": 1, "names": {}})  # 'inner' is required


def test_the_tiny_game_declares_its_view_schema():
    game = TinyGame()
    state = game.new_game(2, seed=3)
    schema = game.view_schema(2)
    for seat in (None, 0, 1):
        assert schema_errors(schema, state.view(seat)) == []
