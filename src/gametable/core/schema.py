"""Declared shapes: JSON Schemas derived from typed declarations, and strict JSON field reading.

A game writes the shape of ``view(seat)`` once, as :class:`typing.TypedDict` classes (mypy then
checks that the views it builds match), and :func:`json_schema` derives the JSON Schema
(draft 2020-12) from them with ``msgspec``.  The derived schema is strict: an object with declared
properties admits no others, so a view cannot grow an undeclared field unnoticed.
:func:`validator` compiles a schema once (``jsonschema``); the conformance suite validates every
view of its playouts with it.

:func:`action_fields` reads the named fields of an action's JSON form for
``Game.action_from_json``, refusing missing, unknown or mistyped fields with :class:`InvalidAction`.

>>> from typing import TypedDict
>>> class Point(TypedDict):
...     x: int
...     label: str | None
>>> schema = json_schema(Point)
>>> schema["$defs"]["Point"]["additionalProperties"]
False
>>> validator(schema).is_valid({"x": 1, "label": None})
True
>>> validator(schema).is_valid({"x": 1, "label": None, "y": 2})
False
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import jsonschema
import msgspec

from gametable.core.errors import InvalidAction

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _close_objects(node: Any) -> None:
    """Forbid undeclared properties in every object schema that declares its properties."""
    if isinstance(node, dict):
        if "properties" in node and "additionalProperties" not in node:
            node["additionalProperties"] = False
        for value in node.values():
            _close_objects(value)
    elif isinstance(node, list):
        for value in node:
            _close_objects(value)


def json_schema(shape: Any, *, title: str | None = None) -> dict[str, Any]:
    """The strict JSON Schema of ``shape`` (a TypedDict, or any type msgspec understands)."""
    schema: dict[str, Any] = msgspec.json.schema(shape)
    _close_objects(schema)
    schema = {"$schema": SCHEMA_DIALECT, **schema}
    if title:
        schema["title"] = title
    return schema


@cache
def _compiled(text: str) -> jsonschema.protocols.Validator:
    schema = msgspec.json.decode(text)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def validator(schema: Mapping[str, Any]) -> jsonschema.protocols.Validator:
    """A compiled validator for ``schema`` (cached by the schema's content)."""
    return _compiled(msgspec.json.encode(schema, order="sorted").decode())


def schema_errors(schema: Mapping[str, Any], data: Any, limit: int = 3) -> list[str]:
    """Up to ``limit`` readable reasons why ``data`` does not fit ``schema`` (empty if it fits)."""
    out = []
    for error in validator(schema).iter_errors(data):
        where = "/".join(str(p) for p in error.absolute_path) or "(top)"
        out.append(f"at {where}: {error.message}")
        if len(out) >= limit:
            break
    return out


_TYPE_NAMES = {int: "an integer", str: "text", bool: "true or false", float: "a number"}


def action_fields(data: Mapping[str, Any], fields: Mapping[str, type]) -> dict[str, Any]:
    """The fields of an action's JSON form, checked: exactly ``"kind"`` plus ``fields``.

    Each value must have the declared type (``bool`` is not an integer).  Anything else raises
    :class:`InvalidAction` naming the field.

    >>> action_fields({"kind": "swap", "card": "7"}, {"card": str})
    {'card': '7'}
    >>> action_fields({"kind": "swap"}, {"card": str})
    Traceback (most recent call last):
    ...
    gametable.core.errors.InvalidAction: a 'swap' action needs the field 'card'
    """
    kind = data.get("kind")
    unknown = sorted(str(k) for k in data if k != "kind" and k not in fields)
    if unknown:
        expected = ", ".join(repr(k) for k in fields) or "no fields"
        raise InvalidAction(
            f"a {kind!r} action has no field {unknown[0]!r} (it takes {expected} besides 'kind')"
        )
    out = {}
    for name, kind_of_value in fields.items():
        if name not in data:
            raise InvalidAction(f"a {kind!r} action needs the field {name!r}")
        value = data[name]
        wrong_bool = isinstance(value, bool) and kind_of_value is not bool
        if wrong_bool or not isinstance(value, kind_of_value):
            what = _TYPE_NAMES.get(kind_of_value, kind_of_value.__name__)
            raise InvalidAction(
                f"field {name!r} of a {kind!r} action must be {what}, not {value!r:.40}"
            )
        out[name] = value
    return out


__all__ = ["action_fields", "json_schema", "schema_errors", "validator"]
