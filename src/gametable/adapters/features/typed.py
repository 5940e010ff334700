"""Reading a game's declared view type (``game.view_type``, ``TypedDict`` classes): the names a
field may take (its ``Literal`` values) and the type of a nested field.

The layouts take their card names, building kinds, phases and so on from here, so they follow
the game's own declaration rather than a copy of it.

>>> import gametable
>>> view_type = gametable.load_game("balam").view_type
>>> literal_values(field_type(view_type, "sites", "buildings", "building"))[:3]
('village', 'palace', 'temple')
>>> field_names(field_type(view_type, "round_tally", "prestige"))
('ceremony', 'cenote', 'ball_game', 'prosperous', 'bonus')
"""

from __future__ import annotations

import types
import typing
from typing import Annotated, Any, Literal, NotRequired, Required, Union


def _strip(tp: Any) -> Any:
    """``tp`` without ``Annotated``, ``NotRequired`` and ``Required`` wrappers."""
    while True:
        origin = typing.get_origin(tp)
        if origin is Annotated or origin is NotRequired or origin is Required:
            tp = typing.get_args(tp)[0]
        else:
            return tp


def _inner(tp: Any) -> list[Any]:
    """What ``tp`` holds: the arms of a union, the items of a list, the values of a dict."""
    tp = _strip(tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is Union or origin is types.UnionType:
        return [a for a in args if a is not type(None)]
    if origin in (list, tuple):
        return [a for a in args if a is not Ellipsis]
    if origin is dict:
        return [args[1]]
    return []


def _is_typed_dict(tp: Any) -> bool:
    return isinstance(tp, type) and typing.is_typeddict(tp)


def _typed_dict(tp: Any) -> Any:
    """The ``TypedDict`` inside ``tp`` (looking through unions, lists and dicts)."""
    todo = [tp]
    while todo:
        t = _strip(todo.pop(0))
        if _is_typed_dict(t):
            return t
        todo.extend(_inner(t))
    raise TypeError(f"{tp!r} holds no TypedDict")


def field_names(typed_dict: Any) -> tuple[str, ...]:
    """The fields of a ``TypedDict``, in the order they are declared."""
    return tuple(typing.get_type_hints(typed_dict))


def field_type(typed_dict: Any, *path: str) -> Any:
    """The declared type at ``path`` (field names, going through lists, dicts and unions)."""
    tp = typed_dict
    for name in path:
        tp = typing.get_type_hints(_typed_dict(tp), include_extras=True)[name]
    return tp


def literal_values(tp: Any) -> tuple[Any, ...]:
    """Every ``Literal`` value ``tp`` may hold, in declared order (looking through wrappers,
    unions and containers)."""
    found: list[Any] = []
    todo = [tp]
    while todo:
        t = _strip(todo.pop(0))
        if typing.get_origin(t) is Literal:
            found.extend(v for v in typing.get_args(t) if v not in found)
        else:
            todo.extend(_inner(t))
    if not found:
        raise TypeError(f"{tp!r} declares no Literal values")
    return tuple(found)
