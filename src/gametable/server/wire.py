"""The view on the wire: an ``update`` carries only what changed in a seat's view.

A seat's view is a JSON object that changes a little at every move, and much of it never does
(Balam's board: 3.7 KB of the 9 KB of every view).  The server keeps, per seat, a fingerprint of
each part of the last view it sent (:class:`Prints`) and sends the next one as a *patch*: a list
of operations on the view of the previous ``seq``, each naming a *path* (one key, or a key and a
key of the object under it):

- ``["set", path, value]``: the value at ``path`` is now ``value`` (new or changed);
- ``["append", path, items]``: the list at ``path`` has ``items`` added at its end;
- ``["del", path]``: the key at ``path`` is gone.

The parts are the top-level keys, and the keys of a top-level object (Balam's ``sites``: one site
changes, not the 30).  A list is one part that may grow at its end (a log: the new lines only).
Nothing here knows a game: any view that is a JSON object works.

A client applies a patch to its view of ``seq - 1`` (:func:`apply_patch`); one that has no such
view (a gap) asks for ``sync``, as before.  The fingerprints are Python's hash of each part's
JSON text (keyed per process: a client cannot craft a collision), 8 bytes a part.

The helpers for clients are here too: :func:`messages` splits a frame (one message, or a JSON
array of messages when the server sent several at once) and :class:`Follower` keeps a socket's
view whole, so tests and tools read ``msg["view"]`` as before.

>>> prints = Prints()
>>> board = list(range(1000))
>>> full, patch = prints.update({"board": board, "log": ["a"], "turn": {"n": 1, "who": 0}})
>>> full[-40:], patch
(b'999],"log":["a"],"turn":{"n":1,"who":0}}', None)
>>> full, patch = prints.update({"board": board, "log": ["a", "b"], "turn": {"n": 2, "who": 0}})
>>> full is None, _encode(patch_value(patch))
(True, b'[["append",["log"],["b"]],["set",["turn"],{"n":2,"who":0}]]')
>>> apply_patch({"board": [1, 2], "log": ["a"], "turn": {"n": 1, "who": 0}},
...             decode(_encode(patch_value(patch))))
{'board': [1, 2], 'log': ['a', 'b'], 'turn': {'n': 2, 'who': 0}}
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any

import msgspec

_encode = msgspec.json.Encoder().encode
decode = msgspec.json.Decoder().decode

#: what is kept of one part: the hash of its JSON text and the text's length; for an object of
#: at least ``SPLIT`` bytes, also its keys' (so that one changed key is sent, not the object)
Print = tuple[int, int, "dict[str, Print] | None"]
#: an operation of a patch: ("set", path, text) / ("append", path, text) / ("del", path)
Op = tuple[Any, ...]
#: objects whose JSON text is shorter are sent whole when they change
SPLIT = 512
EMPTY_LIST = hash(b"[]")
#: views whose JSON text is shorter are sent whole (:meth:`Prints.update`; the server's
#: ``patch_threshold`` setting)
WHOLE = 2048
#: the JSON texts of the parts of one move's views, by the part's ``id``, with the part itself
#: (kept alive, so that its ``id`` names it alone) and the text's hash: several seats' views
#: share their public parts (``State.views``), which are then encoded once, not once per seat.
#: Made afresh for each move (:meth:`Prints.update`'s ``memo``): the parts must not change
#: while it is in use.  It also keeps, by ``(parent, id(part), id(fingerprints before))``, the
#: walk through the keys of a split object (:func:`_split`): seats whose views share the object
#: and were sent the same one before share its fingerprints too, so it is walked once a move;
#: and under :data:`BEFORE` what the move before left (:func:`carried`).
Memo = dict[Any, Any]
#: the key under which a move's memo holds what the move before left it (:func:`carried`)
BEFORE: Any = object()
#: parts whose JSON text is shorter are not carried from one move to the next (encoding them
#: again costs about as much as looking them up)
CARRY = 32


def carried(memo: Memo) -> Memo:
    """What of a move's ``memo`` the next move may use (put it under :data:`BEFORE` in the next
    move's memo): the entries of the parts of this move's views whose text is at least
    :data:`CARRY` bytes long, each with its part (kept alive: its ``id`` names it alone), the
    text's hash and length, but not the text (made again if a seat needs it).  A game that
    keeps an unchanged part of its views as the *same object* from one move to the next (and
    never changes it) then has it looked up, not encoded, at every move.

    Only what this move used is carried: a part that the next move does not use again is
    forgotten after it."""
    return {
        key: (entry[0], None, entry[2], entry[3]) if entry[1] is not None else entry
        for key, entry in memo.items()
        if type(key) is int and entry[3] >= CARRY
    }


#: a part's text length, from its fingerprint
_size_of = itemgetter(1)
#: the fingerprints before a view sent whole (none)
_NOTHING: dict[str, Print] = {}


def _texts(values: list[Any], memo: Memo) -> list[tuple[Any, ...]]:
    """For each of ``values``, its entry in ``memo`` (the value, its JSON text, the text's hash
    and length), encoded now if this move has not encoded it yet.  The look-ups are made in C
    (``map``): a seat's view shares most of its parts with the views made before it."""
    known: list[Any] = list(map(memo.get, map(id, values)))
    if None in known:  # None is the only false entry (an entry is a non-empty tuple)
        before = memo.get(BEFORE)
        for i, entry in enumerate(known):
            if entry is None:
                value = values[i]
                entry = memo.get(id(value))  # met earlier in this list (Balam's free sites)
                if entry is None and before is not None:  # the same object the move before
                    entry = before.get(id(value))
                    if entry is not None:
                        memo[id(value)] = entry
                if entry is None:
                    text = _encode(value)
                    entry = memo[id(value)] = (value, text, hash(text), len(text))
                known[i] = entry
    return known


def _parts(
    obj: Mapping[str, Any],
    before: dict[str, Print] | None,
    ops: list[Op],
    parent: str | None,
    memo: Memo | None = None,
) -> dict[str, Print]:
    """The fingerprints of the keys of ``obj`` (the view, or the object under ``parent``), and
    in ``ops`` the operations for those that changed since ``before``."""
    parts: dict[str, Print] = {}
    if memo is None:
        memo = {}
    entries = _texts(list(obj.values()), memo)
    old_of = (_NOTHING if before is None else before).get
    for key, (value, text, digest, size) in zip(obj, entries, strict=True):
        old = old_of(key)
        if old is not None and old[0] == digest and old[1] == size:
            parts[key] = old  # unchanged (and so are its keys' fingerprints)
        else:
            path = [key] if parent is None else [parent, key]
            if text is None:  # carried from the move before without its text
                text = _encode(value)
            parts[key] = _changed(path, value, text, digest, old, ops, memo)
    if before is not None and before.keys() != parts.keys():  # (compared in C; rarely differ)
        gone = [key for key in before if key not in parts]
        ops.extend(("del", [key] if parent is None else [parent, key]) for key in gone)
    return parts


def _changed(
    path: list[str],
    value: Any,
    text: bytes,
    digest: int,
    old: Print | None,
    ops: list[Op],
    memo: Memo | None = None,
) -> Print:
    """The fingerprint of a part that changed since ``old`` (or is new), and its operation."""
    size = len(text)
    if isinstance(value, list) and old is not None and old[2] is None and 2 <= old[1] < size:
        was = old[1]  # grown at its end? the old text less its "]" starts the new one
        if old[0] == EMPTY_LIST:
            ops.append(("append", path, text))
            return digest, size, None
        if text[was - 1] == 0x2C and hash(text[: was - 1] + b"]") == old[0]:  # b","
            ops.append(("append", path, b"[" + text[was:]))
            return digest, size, None
    if isinstance(value, dict) and size >= SPLIT and len(path) == 1:
        if old is not None and old[2] is not None:
            return digest, size, _split(value, old[2], ops, path[0], memo)
        ops.append(("set", path, text))  # sent whole; its keys' fingerprints kept for next time
        return digest, size, _split(value, None, [], path[0], memo)
    ops.append(("set", path, text))
    return digest, size, None


def _split(
    obj: dict[str, Any],
    before: dict[str, Print] | None,
    ops: list[Op],
    parent: str,
    memo: Memo | None,
) -> dict[str, Print]:
    """:func:`_parts` for the keys of the object under ``parent``, done once a move for the
    seats that share both the object and the fingerprints it had before (``memo``): the
    fingerprints returned are shared by them, and never changed (a new move makes new ones)."""
    if memo is None:
        return _parts(obj, before, ops, parent)
    key = (parent, id(obj), id(before))
    known = memo.get(key)
    if known is None:
        mine: list[Op] = []
        # obj and before are kept in the entry: their ids name them alone while it lives
        known = memo[key] = (obj, before, _parts(obj, before, mine, parent, memo), mine)
    ops.extend(known[3])
    return known[2]


class Prints:
    """The fingerprints of the last view sent to one seat, and the patch to the next."""

    __slots__ = ("parts", "size")

    def __init__(self) -> None:
        #: top-level key -> its fingerprint (None: the next view is sent whole)
        self.parts: dict[str, Print] | None = None
        #: the length of the last view's JSON text
        self.size = 0

    def update(
        self, view: Mapping[str, Any], whole: int = WHOLE, memo: Memo | None = None
    ) -> tuple[bytes | None, list[Op] | None]:
        """Take ``view`` as the last one sent: the whole view's JSON text if there was no view
        before (``(text, None)``), else the patch from the one before (``(None, ops)``).  A
        view shorter than ``whole`` bytes is always sent whole: a patch would save little, and
        costs a fingerprint per part (the server's ``patch_threshold``).  ``memo``: the texts
        of this move's parts already encoded for another seat (:data:`Memo`)."""
        before = self.parts
        ops: list[Op] = []
        if before is None or self.size < whole:
            text = _encode(view)  # (each seat's view is its own object: not memoised)
            self.size = len(text)
            self.parts = None if self.size < whole else _parts(view, None, [], None, memo)
            return text, None
        self.parts = _parts(view, before, ops, None, memo)
        self.size = sum(map(_size_of, self.parts.values()))
        return None, ops


def patch_value(ops: list[Op]) -> list[list[Any]]:
    """A patch ready to be encoded inside a message (its values as raw JSON text)."""
    return [
        [kind, path, msgspec.Raw(rest[0])] if rest else [kind, path] for kind, path, *rest in ops
    ]


# -- the client's side ----------------------------------------------------------------------------
def apply_patch(view: dict[str, Any], patch: list[list[Any]]) -> dict[str, Any]:
    """The view after ``patch`` (a new object; ``view`` and what it holds are not changed)."""
    out = dict(view)
    copied: set[str] = set()
    for op in patch:
        kind, path = op[0], op[1]
        target = out
        if len(path) == 2:
            key = path[0]
            if key not in copied:
                out[key] = dict(out[key])
                copied.add(key)
            target = out[key]
        last = path[-1]
        if kind == "set":
            target[last] = op[2]
        elif kind == "append":
            target[last] = [*target[last], *op[2]]
        elif kind == "del":
            target.pop(last, None)
        else:
            raise ValueError(f"unknown patch operation {kind!r}")
    return out


def messages(frame: str | bytes) -> list[dict[str, Any]]:
    """The messages of one frame: a JSON object, or an array of them in order."""
    data = decode(frame)
    return data if isinstance(data, list) else [data]


class Gap(Exception):
    """A patch for a ``seq`` whose previous view this client does not have: ask for ``sync``."""


class Follower:
    """One socket's view kept whole: :meth:`take` turns every ``update`` with a ``patch`` into
    one with the whole ``view`` (raises :class:`Gap` if it cannot)."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.seq = -1
        self.takebacks = 0

    def take(self, msg: dict[str, Any]) -> dict[str, Any]:
        kind = msg.get("type")
        if kind not in ("sync", "update"):
            return msg
        if "patch" in msg:
            epoch = msg.get("takebacks", 0)
            if self.view is None or msg["seq"] != self.seq + 1 or epoch != self.takebacks:
                raise Gap(f"a patch for seq {msg['seq']}; this client is at {self.seq}")
            view = apply_patch(self.view, msg["patch"])
            msg = {k: v for k, v in msg.items() if k != "patch"}
            msg["view"] = view
        self.view, self.seq, self.takebacks = msg["view"], msg["seq"], msg.get("takebacks", 0)
        return msg
