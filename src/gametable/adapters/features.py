"""A fixed-size numeric encoding of a seat's view, shared by the OpenSpiel and PettingZoo adapters.

gametable views are JSON dicts whose shape differs per game and per position (hands shrink, piles
grow), while OpenSpiel tensors and PettingZoo ``Box`` spaces need one fixed length.  We use feature
hashing (Weinberger et al., 2009): every leaf of the view becomes a *feature*, and the feature's
name is hashed (CRC-32, stable across runs and platforms) to one of ``size`` slots.

The leaves, walking the view in sorted key order:

- a dict recurses with ``path.key``, a list with ``path[i]`` (per-seat lists keep their seats);
- a list's text elements also count, position aside, in ``path[]="text"`` (a hand of cards
  counts each card however it is sorted);
- text and ``null`` add 1 to the slot of ``path="text"`` / ``path=null`` (one-hot), ``true`` to
  ``path=true``; ``false`` adds nothing;
- a number adds its value to the slot of ``path``.

The encoding is a pure function of the view, so it inherits the view's guarantee: it shows a seat
exactly what that seat may know.  Collisions are possible (two features sharing a slot add up);
a game that wants a hand-made tensor can later supply one without changing the adapters' API.

>>> sorted(view_features({"hand": ["7", "7", "9"], "score": 12}).values())
[1.0, 1.0, 1.0, 1.0, 2.0, 12.0]
"""

from __future__ import annotations

import functools
import json
import zlib
from collections.abc import Mapping
from typing import Any

#: default length of the encoded view
TENSOR_SIZE = 2048


def _leaves(value: Any, path: str, out: list[tuple[str, float]]) -> None:
    """Append the (feature name, amount) pairs of ``value`` found at ``path`` to ``out``."""
    kind = type(value)
    if kind is dict:
        for key in sorted(value, key=str):
            _leaves(value[key], f"{path}.{key}", out)
    elif kind is list or kind is tuple:
        bag = path + "[]="
        for i, v in enumerate(value):
            if type(v) is str:
                out.append((f'{path}[{i}]="{v}"', 1.0))
                out.append((f'{bag}"{v}"', 1.0))
            else:
                _leaves(v, f"{path}[{i}]", out)
    elif kind is str:
        out.append((f'{path}="{value}"', 1.0))
    elif kind is bool:
        if value:
            out.append((path + "=true", 1.0))
    elif kind is int or kind is float:
        out.append((path, float(value)))
    elif value is None:
        out.append((path + "=null", 1.0))
    else:
        out.append((path + "=" + json.dumps(value, sort_keys=True), 1.0))


@functools.lru_cache(maxsize=1 << 16)
def slot(feature: str, size: int = TENSOR_SIZE) -> int:
    """The slot of a feature name: CRC-32 modulo ``size``."""
    return zlib.crc32(feature.encode("utf-8")) % size


def view_features(view: Mapping[str, Any], size: int = TENSOR_SIZE) -> dict[int, float]:
    """The non-zero slots of the encoded ``view``."""
    out: dict[int, float] = {}
    leaves: list[tuple[str, float]] = []
    _leaves(view, "", leaves)
    get = out.get
    for feature, amount in leaves:
        i = slot(feature, size)
        out[i] = get(i, 0.0) + amount
    return {i: v for i, v in out.items() if v != 0.0}


def write_view(view: Mapping[str, Any], buffer: Any) -> None:
    """Fill ``buffer`` (a zeroed, writable 1-D array such as a numpy vector) with the encoding."""
    for i, v in view_features(view, len(buffer)).items():
        buffer[i] = v


def view_text(view: Mapping[str, Any]) -> str:
    """The view as canonical JSON: the observation string of both adapters."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))
