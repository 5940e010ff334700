"""Declared state fields: each field of a game's state is written once, in a table, with how it
is made, how it is copied and how it is written to and read from JSON; ``create``, ``to_json``
and the structural checks of loading a position are derived from the table, and ``clone`` is
checked against it.

A game's state keeps its declarations in a table made by :func:`declare`, as its ``_fields_``::

    FIELDS = declare(
        round=field(1, json="round", codec=Int(1)),
        hands=field(factory=lambda s: [[] for _ in range(s.players)], copy=Copy.ROWS,
                    json="hands", codec=...),
        memo=field(factory=lambda s: {}),          # not written, shared by clones
    )

and writes each field out as a typed attribute of its class with a straight-line ``clone``
(:func:`clone_lines` gives the lines, for a test of the game to compare): a class written out
this way is what a compiler such as mypyc makes native, so that compiled rules read a field as
a struct member.  ``create``, ``to_json`` and loading come from :func:`create_fields`,
:func:`fields_json` and :func:`load_fields`.

Per field:

- ``copy`` says what ``clone`` does with it (:class:`Copy`: share an immutable value or one that
  is replaced rather than changed in place, copy a flat container, copy a list of lists, call
  the value's own ``clone()``, or a function);
- ``json`` is where the field lives in the JSON form: a dotted path (``"turn.lock"``) read and
  written with a :class:`Codec` (which checks the value's structure and says where it is wrong),
  or a :class:`Part`, the game's own codec for several fields written together (a board drawn
  as a map of sites), or ``None`` for a field that is not written (derived, a cache, a memo);
- ``check`` marks a derived value written for readers: it is not read back but recomputed, and a
  position that gives it must give the value it derives to (:func:`load_fields`).

Fields are set in declaration order, so a ``factory`` (or a codec reading the state) may use the
fields declared before it.  Each game keeps its own invariants: the state's ``_after_load()``
derives what is not written and checks what the structure alone cannot.

The position header (game, version, players, options, seed, RNG, ply) is declared here once for
every game (:data:`HEADER_FIELDS`, written together by :class:`Header`).

>>> fields = declare(count=field(0, json="count", codec=Int(0)),
...                  seen=field(factory=lambda s: [], copy=Copy.SHALLOW, json="seen",
...                             codec=ListOf(Int(0))))
>>> [f.name for f in fields][-2:]
['count', 'seen']
>>> clone_lines(fields)[-2:]
['new.count = self.count', 'new.seen = self.seen.copy()']
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from gametable.core.errors import InvalidState
from gametable.core.positions import expect_int, header_json, read_header
from gametable.core.rng import Rng

T = TypeVar("T")


class _Missing:
    """The absence of a value (a field without default, a key absent from a position)."""

    _instance: _Missing | None = None

    def __new__(cls) -> _Missing:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Any = _Missing()


class Copy(enum.Enum):
    """What a state's ``clone`` does with a field's value."""

    #: an immutable value, or a container replaced (never changed in place) on write: shared
    SHARED = "shared"
    #: a list, dict or set of immutable values: ``value.copy()``
    SHALLOW = "shallow"
    #: a list of lists of immutable values: each row copied
    ROWS = "rows"
    #: an object with its own ``clone()`` (an RNG)
    CLONE = "clone"


# -- codecs: one JSON value <-> one field value ------------------------------------------------------
class Codec(ABC, Generic[T]):
    """How a field's value is written as JSON and read back, with structural checks.

    ``load`` raises :class:`InvalidState` naming ``where`` (the field's path) when the JSON value
    does not have the expected shape.  Both receive the state being written or loaded, for the
    values that depend on it (the number of players, a board's site names).
    """

    @abstractmethod
    def dump(self, value: T, state: Any) -> Any: ...

    @abstractmethod
    def load(self, raw: Any, where: str, state: Any) -> T: ...


Bound = int | Callable[[Any], int] | None


def _bound(bound: Bound, state: Any) -> int | None:
    return bound(state) if callable(bound) else bound


class Int(Codec[int]):
    """An integer within ``low..high`` (each a number, a function of the state, or None).

    >>> Int(0, lambda s: 3).load(5, "current", None)
    Traceback (most recent call last):
    ...
    gametable.core.errors.InvalidState: current must be between 0 and 3, not 5
    """

    def __init__(self, low: Bound = None, high: Bound = None) -> None:
        self.low, self.high = low, high

    def dump(self, value: int, state: Any) -> Any:
        return value

    def load(self, raw: Any, where: str, state: Any) -> int:
        return expect_int(raw, where, _bound(self.low, state), _bound(self.high, state))


def _last_seat(state: Any) -> int:
    return int(state.players) - 1


#: a seat of the game: ``0 .. players - 1``
SEAT = Int(0, _last_seat)


class Bool(Codec[bool]):
    """``true`` or ``false`` (``truthy=True`` also takes any value for its truth, as older
    positions did)."""

    def __init__(self, truthy: bool = False) -> None:
        self.truthy = truthy

    def dump(self, value: bool, state: Any) -> Any:
        return value

    def load(self, raw: Any, where: str, state: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        if self.truthy:
            return bool(raw)
        raise InvalidState(f"{where} must be true or false, not {raw!r}")


class Text(Codec[str]):
    def dump(self, value: str, state: Any) -> Any:
        return value

    def load(self, raw: Any, where: str, state: Any) -> str:
        if not isinstance(raw, str):
            raise InvalidState(f"{where} must be text, not {raw!r:.40}")
        return raw


E = TypeVar("E", bound=enum.Enum)


class Choice(Codec[E]):
    """A member of an :class:`enum.Enum`, written as its value (``"turn"``)."""

    def __init__(self, kind: type[E]) -> None:
        self.kind = kind
        self.by_value = {m.value: m for m in kind}

    def dump(self, value: E, state: Any) -> Any:
        return value.value

    def load(self, raw: Any, where: str, state: Any) -> E:
        try:
            return self.by_value[raw]
        except (KeyError, TypeError):
            names = ", ".join(str(v) for v in self.by_value)
            raise InvalidState(f"{where} {raw!r:.40} is not one of {names}") from None


class Maybe(Codec[Any]):
    """JSON ``null`` or a value of ``codec``; ``null`` stands for ``none`` in the state (``None``
    unless a sentinel such as ``-1`` is kept instead)."""

    def __init__(self, codec: Codec[Any], none: Any = None) -> None:
        self.codec, self.none = codec, none

    def dump(self, value: Any, state: Any) -> Any:
        return None if value == self.none else self.codec.dump(value, state)

    def load(self, raw: Any, where: str, state: Any) -> Any:
        return self.none if raw is None else self.codec.load(raw, where, state)


class ListOf(Codec[list[Any]]):
    """A list of values of ``codec``; ``length`` (a number or a function of the state) fixes
    its length, ``most`` bounds it."""

    def __init__(self, codec: Codec[Any], length: Bound = None, most: Bound = None) -> None:
        self.codec, self.length, self.most = codec, length, most

    def dump(self, value: Sequence[Any], state: Any) -> Any:
        dump = self.codec.dump
        return [dump(x, state) for x in value]

    def load(self, raw: Any, where: str, state: Any) -> list[Any]:
        length = _bound(self.length, state)
        if not isinstance(raw, list) or (length is not None and len(raw) != length):
            size = "" if length is None else f" of {length}"
            raise InvalidState(f"{where} must be a list{size}, not {raw!r:.60}")
        most = _bound(self.most, state)
        if most is not None and len(raw) > most:
            raise InvalidState(f"{where} holds at most {most} entries, not {len(raw)}")
        load = self.codec.load
        return [load(x, where, state) for x in raw]


class SetOf(Codec[set[Any]]):
    """A set of values of ``codec``, written as a list in the values' order."""

    def __init__(self, codec: Codec[Any]) -> None:
        self.items = ListOf(codec)

    def dump(self, value: set[Any], state: Any) -> Any:
        return self.items.dump(sorted(value), state)

    def load(self, raw: Any, where: str, state: Any) -> set[Any]:
        return set(self.items.load(raw, where, state))


class Record(Codec[Any]):
    """An object written as a JSON object of named values: ``keys`` maps each key (an
    attribute of the value and a keyword of ``make``) to its codec and its default (``MISSING``:
    required)."""

    def __init__(self, make: Callable[..., Any], keys: Mapping[str, tuple[Codec[Any], Any]]):
        self.make, self.keys = make, dict(keys)

    def dump(self, value: Any, state: Any) -> Any:
        return {k: codec.dump(getattr(value, k), state) for k, (codec, _) in self.keys.items()}

    def load(self, raw: Any, where: str, state: Any) -> Any:
        if not isinstance(raw, Mapping):
            raise InvalidState(f"{where} must be an object")
        unknown = sorted(str(k) for k in raw if k not in self.keys)
        if unknown:
            raise InvalidState(f"{where} has no field {unknown[0]!r}")
        values = {}
        for key, (codec, default) in self.keys.items():
            if key in raw:
                values[key] = codec.load(raw[key], f"{where}.{key}", state)
            elif default is MISSING:
                raise InvalidState(f"{where} needs {key!r}")
            else:
                values[key] = default
        return self.make(**values)


class Plain(Codec[Any]):
    """JSON data kept as it is, checked by ``accept`` (which returns what is wrong, or None)."""

    def __init__(self, accept: Callable[[Any], str | None]) -> None:
        self.accept = accept

    def dump(self, value: Any, state: Any) -> Any:
        return value

    def load(self, raw: Any, where: str, state: Any) -> Any:
        problem = self.accept(raw)
        if problem:
            raise InvalidState(f"{where} {problem}")
        return raw


# -- parts: several fields written together -----------------------------------------------------------
class Part(ABC):
    """The game's own codec for several fields written together under one JSON ``path`` (``""``:
    at the top of the position).  Each field of the part names it as its ``json``.

    Before :meth:`load` the part's fields hold their defaults; ``load`` (given the JSON value,
    or ``MISSING`` when the position leaves it out) sets them, checking the structure.
    """

    path: str = ""

    @abstractmethod
    def dump(self, state: Any) -> Any: ...

    @abstractmethod
    def load(self, raw: Any, state: Any) -> None: ...


class Header(Part):
    """The position header every game starts with (see :mod:`gametable.core.positions`)."""

    def dump(self, state: Any) -> Any:
        return header_json(state)

    def load(self, raw: Any, state: Any) -> None:
        head = read_header(state.game, raw)
        state.players, state.options, state.seed = head.players, head.options, head.seed
        state.rng, state.ply = head.rng, head.ply


HEADER = Header()


# -- fields ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    """One declared field (see :func:`field`)."""

    name: str
    default: Any = MISSING
    factory: Callable[[Any], Any] | None = None
    copy: Copy | Callable[[Any], Any] = Copy.SHARED
    json: str | Part | None = None
    codec: Codec[Any] | None = None
    check: str | None = None

    def initial(self, state: Any) -> Any:
        if self.factory is not None:
            return self.factory(state)
        return self.default


@dataclass(frozen=True)
class _Declared:
    default: Any
    factory: Callable[[Any], Any] | None
    copy: Copy | Callable[[Any], Any]
    json: str | Part | None
    codec: Codec[Any] | None
    check: str | None


def field(
    default: Any = MISSING,
    *,
    factory: Callable[[Any], Any] | None = None,
    copy: Copy | Callable[[Any], Any] = Copy.SHARED,
    json: str | Part | None = None,
    codec: Codec[Any] | None = None,
    check: str | None = None,
) -> Any:
    """Declare a state field (see the module's documentation).

    ``default`` is an immutable initial value; ``factory(state)`` makes a fresh one (it may read
    the fields declared before).  A field with a JSON ``path`` needs a ``codec``; ``check`` (what
    the value is derived from, for the message) marks a derived value that is written, never
    read: a position giving it must agree with the state it describes.
    """
    if isinstance(default, list | dict | set):
        raise TypeError("a mutable default is shared by every state: give a factory instead")
    if isinstance(json, str) and codec is None:
        raise TypeError(f"the field written at {json!r} needs a codec")
    if check is not None and not isinstance(json, str):
        raise TypeError("a checked derived field needs a JSON path")
    return _Declared(default, factory, copy, json, codec, check)


def _copy_expression(f: Field, names: dict[str, Any] | None = None) -> str:
    """The expression copying field ``f`` of ``self`` in a ``clone``: generated (a custom copy
    function is put in ``names``) or written out (``names`` None: the function by its name)."""
    value = f"self.{f.name}"
    if f.copy is Copy.SHARED:
        return value
    if f.copy is Copy.SHALLOW:
        return f"{value}.copy()"
    if f.copy is Copy.ROWS:
        return f"[row.copy() for row in {value}]"
    if f.copy is Copy.CLONE:
        return f"{value}.clone()"
    if names is None:
        return f"{f.copy.__name__}({value})"
    names[f"_copy_{f.name}"] = f.copy
    return f"_copy_{f.name}({value})"


def _compile_fill(fields: Sequence[Field]) -> Callable[[Any, Mapping[str, Any]], None]:
    """``fill(state, given)`` as straight-line code for ``fields``: each field ``given`` or else
    its default, in declaration order (what :func:`create_fields` does, without a loop)."""
    names: dict[str, Any] = {}
    lines = ["def fill(state, given):"]
    for i, f in enumerate(fields):
        if f.factory is not None:
            names[f"_make{i}"] = f.factory
            initial = f"_make{i}(state)"
        else:
            names[f"_default{i}"] = f.default
            initial = f"_default{i}"
        lines.append(
            f"    state.{f.name} = given[{f.name!r}] if {f.name!r} in given else {initial}"
        )
    if not fields:
        lines.append("    pass")
    exec("\n".join(lines), names)
    fill: Callable[[Any, Mapping[str, Any]], None] = names["fill"]
    return fill


def _get(data: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted ``path`` of a position, or ``MISSING``; an intermediate value that
    is not an object is refused."""
    node: Any = data
    parts = path.split(".")
    for i, key in enumerate(parts):
        if not isinstance(node, Mapping):
            raise InvalidState(f"{'.'.join(parts[:i])} must be an object")
        if key not in node:
            return MISSING
        node = node[key]
    return node


def _put(out: dict[str, Any], path: str, value: Any) -> None:
    if not path:
        out.update(value)
        return
    *parents, key = path.split(".")
    node = out
    for name in parents:
        node = node.setdefault(name, {})
    node[key] = value


#: the position header's fields, which every state has first (written by
#: :func:`gametable.core.positions.header_json`)
HEADER_FIELDS: tuple[Field, ...] = tuple(
    Field(name, **vars(declared))
    for name, declared in {
        "game": field(factory=lambda s: None),
        "players": field(0, json=HEADER),
        "options": field(factory=lambda s: {}, json=HEADER),
        "seed": field(0, json=HEADER),
        "rng": field(factory=lambda s: Rng(s.seed), copy=Copy.CLONE, json=HEADER),
        "ply": field(0, json=HEADER),
    }.items()
)


# -- the declarations at work ------------------------------------------------------------------------
def declare(**declared: Any) -> tuple[Field, ...]:
    """The header's fields, then each keyword's :func:`field` declaration in order: the fields
    of a state class whose attributes, ``create`` and ``clone`` are written out explicitly (so
    that a compiler such as mypyc can make it a native class), which keeps them as its
    ``_fields_`` for :func:`load_fields` and :func:`fields_json`.  :func:`clone_lines` is
    the ``clone`` such a class must write out (a test of the game compares them).

    >>> [f.name for f in declare(count=field(0, json="count", codec=Int(0)))][-2:]
    ['ply', 'count']
    """
    own = []
    for name, d in declared.items():
        if not isinstance(d, _Declared):
            raise TypeError(f"{name} is not declared with field()")
        own.append(Field(name, **vars(d)))
    return (*HEADER_FIELDS, *own)


def create_fields(state: Any, given: Mapping[str, Any]) -> None:
    """Set every field of ``state`` (its class's ``_fields_``) to its ``given`` value or else
    its default, in declaration order (straight-line code generated once per set of fields)."""
    cls = type(state)
    fill = _FILL.get(cls)
    if fill is None:
        fill = _FILL[cls] = _compile_fill(cls._fields_)
    fill(state, given)


#: the generated ``fill`` of each state class (:func:`create_fields`)
_FILL: dict[type, Callable[[Any, Mapping[str, Any]], None]] = {}


def load_fields(cls: Any, data: Mapping[str, Any], given: Mapping[str, Any]) -> Any:
    """A state of ``cls`` read from its JSON form: each field of ``cls._fields_`` read at its
    path (checked by its codec) or set to its default, in declaration order; then the state's
    ``_after_load()`` derives the rest and checks the game's invariants, and each derived value
    the position gives must agree."""
    state = cls.__new__(cls)  # (a compiled base class refuses object.__new__)
    loaded: set[int] = set()
    fields: tuple[Field, ...] = cls._fields_
    for i, f in enumerate(fields):
        if f.name in given:
            setattr(state, f.name, given[f.name])
        elif isinstance(f.json, Part):
            if id(f.json) in loaded:
                continue
            loaded.add(id(f.json))
            part = f.json
            for g in fields[i:]:
                if g.json is part and g.name not in given:
                    setattr(state, g.name, g.initial(state))
            part.load(_get(data, part.path) if part.path else data, state)
        elif isinstance(f.json, str) and f.check is None:
            raw = _get(data, f.json)
            if raw is MISSING:
                setattr(state, f.name, f.initial(state))
            else:
                assert f.codec is not None
                setattr(state, f.name, f.codec.load(raw, f.json, state))
        else:
            setattr(state, f.name, f.initial(state))
    state._after_load()
    for f in fields:
        if f.check is None:
            continue
        assert isinstance(f.json, str) and f.codec is not None
        raw = _get(data, f.json)
        want = f.codec.dump(getattr(state, f.name), state)
        if raw is not MISSING and raw != want:
            raise InvalidState(f"{f.json} {raw!r:.80} does not match {f.check}: it is {want!r:.80}")
    return state


def fields_json(state: Any) -> dict[str, Any]:
    """Every written field of ``state`` (its class's ``_fields_``) at its path (the parts once
    each), header first."""
    out: dict[str, Any] = {}
    done: set[int] = set()
    for f in type(state)._fields_:
        where = f.json
        if where is None:
            continue
        if isinstance(where, Part):
            if id(where) not in done:
                done.add(id(where))
                _put(out, where.path, where.dump(state))
            continue
        assert f.codec is not None
        _put(out, where, f.codec.dump(getattr(state, f.name), state))
    return out


def clone_lines(fields: Sequence[Field]) -> list[str]:
    """The assignments a written-out ``clone`` makes, one per field in declaration order
    (``new.deck = self.deck.copy()``): what a state class written out explicitly must hold."""
    return [f"new.{f.name} = {_copy_expression(f)}" for f in fields]


__all__ = [
    "HEADER",
    "HEADER_FIELDS",
    "MISSING",
    "SEAT",
    "Bool",
    "Choice",
    "Codec",
    "Copy",
    "Field",
    "Header",
    "Int",
    "ListOf",
    "Maybe",
    "Part",
    "Plain",
    "Record",
    "SetOf",
    "Text",
    "clone_lines",
    "create_fields",
    "declare",
    "field",
    "fields_json",
    "load_fields",
]
