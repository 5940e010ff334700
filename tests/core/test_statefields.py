"""Declared state fields: a table of fields declared once gives create, to_json and checked
loading; a state class writes the fields out (typed attributes and a straight-line clone, as a
compiled build needs) and is held to the table."""

from __future__ import annotations

import enum
import inspect
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
    Int,
    ListOf,
    Maybe,
    Part,
    Record,
    SetOf,
    Text,
    clone_lines,
    create_fields,
    declare,
    field,
    fields_json,
    load_fields,
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


def _copy_notes(notes: list[str]) -> list[str]:
    return [*notes]


FIELDS = declare(
    round=field(1, json="round", codec=Int(1)),
    light=field(Light.RED, json="light", codec=Choice(Light)),
    first=field(factory=lambda s: s.players - 1, json="first", codec=SEAT),
    hands=field(factory=lambda s: [[] for _ in range(s.players)], copy=Copy.ROWS, json=HANDS),
    scores=field(factory=lambda s: [0] * s.players, copy=Copy.SHALLOW, json=HANDS),
    seen=field(factory=lambda s: set(), copy=Copy.SHALLOW, json="seen", codec=SetOf(Int(0))),
    pair=field(
        None, json="turn.pair", codec=Maybe(Record(Pair, {"a": (Int(), MISSING), "b": (Int(), 0)}))
    ),
    flag=field(False, json="turn.flag", codec=Bool()),
    name=field("", json="name", codec=Text()),
    notes=field(factory=lambda s: [], copy=_copy_notes, json="notes", codec=ListOf(Text())),
    total=field(0, json="total", codec=Int(0), check="the scores"),
    memo=field(factory=lambda s: {}),
)


class Sample:
    """A state written out from :data:`FIELDS`, as a game's state is."""

    _fields_ = FIELDS

    game: Any
    players: int
    options: dict[str, Any]
    seed: int
    rng: Rng
    ply: int
    round: int
    light: Light
    first: int
    hands: list[list[int]]
    scores: list[int]
    seen: set[int]
    pair: Pair | None
    flag: bool
    name: str
    notes: list[str]
    total: int
    memo: dict[str, int]

    @classmethod
    def create(cls, **given: Any) -> Sample:
        state = cls.__new__(cls)
        create_fields(state, given)
        return state

    @classmethod
    def load_json(cls, data: dict[str, Any], **given: Any) -> Sample:
        state: Sample = load_fields(cls, data, given)
        return state

    def to_json(self) -> dict[str, Any]:
        return fields_json(self)

    def clone(self) -> Sample:
        new = type(self).__new__(type(self))
        new.game = self.game
        new.players = self.players
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng.clone()
        new.ply = self.ply
        new.round = self.round
        new.light = self.light
        new.first = self.first
        new.hands = [row.copy() for row in self.hands]
        new.scores = self.scores.copy()
        new.seen = self.seen.copy()
        new.pair = self.pair
        new.flag = self.flag
        new.name = self.name
        new.notes = _copy_notes(self.notes)
        new.total = self.total
        new.memo = self.memo
        return new

    def _after_load(self) -> None:
        self.total = sum(self.scores)
        if len(self.hands) != self.players:
            raise InvalidState("one hand per seat")


GAME = TinyGame()


def fresh(**given: Any) -> Sample:
    head = {"game": GAME, "players": 2, "options": {}, "seed": 3, "rng": Rng(3), "ply": 0}
    return Sample.create(**{**head, **given})


def test_fields_keep_their_declaration_order_after_the_header() -> None:
    assert tuple(f.name for f in FIELDS) == (
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


def test_clone_is_the_straight_line_code_the_declarations_derive() -> None:
    """One assignment per field, in declaration order, as :func:`clone_lines` derives them (a
    function copying a field is named by its name)."""
    source = inspect.getsource(Sample.clone)
    written = [line.strip() for line in source.splitlines() if line.strip().startswith("new.")]
    assert written == clone_lines(FIELDS)


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


def test_declarations_are_checked() -> None:
    with pytest.raises(TypeError, match="mutable default"):
        field([])
    with pytest.raises(TypeError, match="needs a codec"):
        field(0, json="x")
    with pytest.raises(TypeError, match="not declared with field"):
        declare(round=1)
