"""The declarative state base: fields declared once give clone, to_json and checked loading."""

from __future__ import annotations

import enum
from typing import Any

import pytest

from gametable.core.errors import InvalidState
from gametable.core.rng import Rng
from gametable.core.statefields import (
    MISSING,
    SEAT,
    Bool,
    Choice,
    Copy,
    FieldState,
    Int,
    ListOf,
    Maybe,
    Part,
    Record,
    SetOf,
    Text,
    field,
)
from tests.core.tinygame import TinyGame


class Light(enum.Enum):
    RED = "red"
    GREEN = "green"


class Pair:
    def __init__(self, a: int, b: int = 0) -> None:
        self.a, self.b = a, b

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pair) and (self.a, self.b) == (other.a, other.b)


class Hands(Part):
    """Two fields written together as one object per seat."""

    path = "seats"

    def dump(self, state: Any) -> Any:
        return [{"hand": h, "score": s} for h, s in zip(state.hands, state.scores, strict=True)]

    def load(self, raw: Any, state: Any) -> None:
        if raw is MISSING:
            return
        if not isinstance(raw, list) or len(raw) != state.players:
            raise InvalidState("seats must list one object per seat")
        state.hands = [list(x["hand"]) for x in raw]
        state.scores = [x["score"] for x in raw]


HANDS = Hands()


class Sample(FieldState):
    round: int = field(1, json="round", codec=Int(1))
    light: Light = field(Light.RED, json="light", codec=Choice(Light))
    first: int = field(factory=lambda s: s.players - 1, json="first", codec=SEAT)
    hands: list[list[int]] = field(
        factory=lambda s: [[] for _ in range(s.players)], copy=Copy.ROWS, json=HANDS
    )
    scores: list[int] = field(factory=lambda s: [0] * s.players, copy=Copy.SHALLOW, json=HANDS)
    seen: set[int] = field(
        factory=lambda s: set(), copy=Copy.SHALLOW, json="seen", codec=SetOf(Int(0))
    )
    pair: Pair | None = field(
        None, json="turn.pair", codec=Maybe(Record(Pair, {"a": (Int(), MISSING), "b": (Int(), 0)}))
    )
    flag: bool = field(False, json="turn.flag", codec=Bool())
    name: str = field("", json="name", codec=Text())
    notes: list[str] = field(
        factory=lambda s: [], copy=lambda v: [*v], json="notes", codec=ListOf(Text())
    )
    total: int = field(0, json="total", codec=Int(0), check="the scores")
    memo: dict[str, int] = field(factory=lambda s: {})

    def _after_load(self) -> None:
        self.total = sum(self.scores)
        if len(self.hands) != self.players:
            raise InvalidState("one hand per seat")


GAME = TinyGame()


def fresh(**given: Any) -> Sample:
    head = {"game": GAME, "players": 2, "options": {}, "seed": 3, "rng": Rng(3), "ply": 0}
    return Sample.create(**{**head, **given})


def test_fields_keep_their_declaration_order_after_the_header() -> None:
    assert Sample.field_names() == (
        "game",
        "players",
        "options",
        "seed",
        "rng",
        "ply",
        "round",
        "light",
        "first",
        "hands",
        "scores",
        "seen",
        "pair",
        "flag",
        "name",
        "notes",
        "total",
        "memo",
    )


def test_defaults_and_factories_may_read_earlier_fields() -> None:
    state = fresh()
    assert state.first == 1 and state.hands == [[], []] and state.hands[0] is not state.hands[1]


def test_clone_copies_each_field_as_declared() -> None:
    state = fresh()
    state.hands[0].append(7)
    state.seen.add(2)
    state.notes.append("x")
    copy = state.clone()
    copy.hands[0].append(8)
    copy.scores[1] = 5
    copy.seen.add(9)
    copy.notes.append("y")
    copy.rng.next64()
    assert state.hands == [[7], []] and state.scores == [0, 0]
    assert state.seen == {2} and state.notes == ["x"]
    assert state.rng == Rng(3)
    assert copy.memo is state.memo  # SHARED: memos shared by clones
    assert type(copy) is Sample


def test_clone_is_generated_straight_line_code() -> None:
    """No loop over fields and no __dict__ copying: one assignment per field."""
    code = Sample.clone.__code__
    assert "__dict__" not in code.co_names
    assert set(Sample.field_names()) <= set(code.co_names)


def test_json_round_trip_with_paths_parts_and_checked_fields() -> None:
    state = fresh(round=3, light=Light.GREEN, name="t")
    state.hands = [[1, 2], [3]]
    state.scores = [4, 5]
    state.total = 9
    state.pair = Pair(2)
    state.seen = {5, 1}
    data = state.to_json()
    assert data["seats"] == [{"hand": [1, 2], "score": 4}, {"hand": [3], "score": 5}]
    assert data["turn"] == {"pair": {"a": 2, "b": 0}, "flag": False}
    assert data["seen"] == [1, 5] and data["light"] == "green" and data["total"] == 9
    again = Sample.load_json(data, game=GAME)
    assert again.to_json() == data
    assert again.pair == Pair(2)


def test_loading_fills_what_a_position_leaves_out() -> None:
    data = {"game": "tiny", "players": 2}
    state = Sample.load_json(data, game=GAME)
    assert (state.round, state.light, state.first, state.scores) == (1, Light.RED, 1, [0, 0])
    assert state.rng == Rng(0)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"round": 0}, "round must be at least 1, not 0"),
        ({"light": "blue"}, "light 'blue' is not one of red, green"),
        ({"first": 2}, "first must be between 0 and 1, not 2"),
        ({"turn": 3}, "turn must be an object"),
        ({"turn": {"flag": 1}}, "turn.flag must be true or false"),
        ({"turn": {"pair": {"b": 1}}}, "turn.pair needs 'a'"),
        ({"turn": {"pair": {"a": 1, "c": 1}}}, "turn.pair has no field 'c'"),
        ({"notes": "x"}, "notes must be a list"),
        ({"seats": [{"hand": [], "score": 1}]}, "seats must list one object per seat"),
        ({"total": 4}, "total 4 does not match the scores: it is 0"),
    ],
)
def test_structural_checks_name_what_is_wrong(change: dict[str, Any], message: str) -> None:
    data = {"game": "tiny", "players": 2, **change}
    with pytest.raises(InvalidState, match=message):
        Sample.load_json(data, game=GAME)


def test_declarations_are_checked_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="mutable default"):
        field([])
    with pytest.raises(TypeError, match="needs a codec"):
        field(0, json="x")
    with pytest.raises(TypeError, match="declared twice"):

        class Twice(Sample):
            round: int = field(2)


def test_a_subclass_inherits_the_fields_and_gets_its_own_clone() -> None:
    class More(Sample):
        extra: list[int] = field(factory=lambda s: [], copy=Copy.SHALLOW)

    head = {"game": GAME, "players": 2, "options": {}, "seed": 1, "rng": Rng(1), "ply": 0}
    state = More.create(**head)
    state.extra.append(1)
    copy = state.clone()
    copy.extra.append(2)
    assert type(copy) is More and state.extra == [1]
    assert More.field_names()[-1] == "extra"
