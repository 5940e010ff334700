"""A fix applied to mypyc's C code before it is compiled: weak references to native objects.

On Python 3.11 mypyc gives a native class whose bases include a Python class (``ABC``,
``Generic``: our :class:`~gametable.core.protocol.State` and ``Action``, so every game's state
and action classes) a ``__dict__`` slot and a ``__weakref__`` slot after its struct.  Its
generated type functions treat the ``__weakref__`` slot, the head of the list of weak
references to the object, as a reference the object owns (mypyc/mypyc#1102):

- ``tp_dealloc`` never calls ``PyObject_ClearWeakRefs``: a weak reference outlives its object
  and reads freed memory;
- ``tp_clear`` (which ``tp_dealloc`` calls) runs ``Py_CLEAR`` on the slot: it drops a
  reference to the first weak reference object that the object never held, so that weak
  reference is freed while whoever made it still holds it;
- ``tp_traverse`` visits the slot: the collector counts a reference that does not exist.

So the first weak reference to a dying state crashed the interpreter, in the garbage collector
or later (Hypothesis keeps a weak reference to every value a test draws: the untrusted-input
properties crashed on Balam's states).  :func:`fix_weak_references` rewrites those three places
as CPython's own types do: ``tp_dealloc`` clears the weak references first
(``PyObject_ClearWeakRefs``, which also runs their callbacks), and ``tp_clear`` and
``tp_traverse`` leave the list alone.  The build (:mod:`gametable.compiled.build`) applies it
between mypyc's code generation and the C compiler, and stops if mypyc's code no longer has the
shape it expects.  (On Python 3.12 and later mypyc gives these classes a managed dict and no
``__weakref__`` slot: the pattern is absent and nothing is changed.)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

#: the ``__weakref__`` slot as mypyc addresses it: right after the ``__dict__`` slot, which is
#: right after the object's struct (group 1: the struct's name)
_SLOT = r"\*\(\(PyObject \*\*\)\(\(char \*\)self \+ sizeof\(PyObject \*\) \+ sizeof\((\w+)\)\)\)"
#: a line of ``tp_traverse`` or ``tp_clear`` that visits or clears that slot
_SLOT_LINE = re.compile(rf"^([ \t]*)Py_(VISIT|CLEAR)\({_SLOT}\);$", re.MULTILINE)
#: the head of a generated ``tp_dealloc`` (mypyc indents a module's code or not)
_DEALLOC = re.compile(
    r"^(?P<indent>[ \t]*)static void\n[ \t]*(?P<name>\w+)_dealloc\((?P<struct>\w+) \*self\)\n"
    r"[ \t]*\{\n",
    re.MULTILINE,
)
#: in its body: the line after which the weak references are cleared (the object is no longer
#: tracked by the collector, and neither reused from a free list nor freed yet) ...
_UNTRACKED = re.compile(r"^([ \t]*)PyObject_GC_UnTrack\(self\);\n", re.MULTILINE)
#: ... or, for a class the collector does not track, the line before which they are
_TRASHCAN = re.compile(r"^([ \t]*)CPy_TRASHCAN_BEGIN\(self, ", re.MULTILINE)
#: marks a file already fixed (the fix is applied once)
MARK = "/* gametable: weak references cleared (gametable.compiled.weakrefs) */"
CLEAR_CALL = "PyObject_ClearWeakRefs((PyObject *)self);"


class FixError(RuntimeError):
    """mypyc's C code does not have the shape this fix expects."""


def fix_source(text: str) -> tuple[str, int]:
    """``text`` (one C file of mypyc's) fixed, and the number of classes fixed."""
    if MARK in text:
        return text, 0
    structs: set[str] = set()

    def drop_slot_line(match: re.Match[str]) -> str:
        structs.add(match.group(3))
        what = "visited" if match.group(2) == "VISIT" else "cleared"
        return f"{match.group(1)}/* __weakref__ not {what}: the object does not own it */"

    text = _SLOT_LINE.sub(drop_slot_line, text)
    text, fixed = _clear_in_dealloc(text, structs)
    if fixed != structs:
        missing = ", ".join(sorted(structs - fixed))
        raise FixError(f"no tp_dealloc found to clear the weak references of {missing}")
    if structs:
        text = f"{MARK}\n{text}"
    return text, len(structs)


def _clear_in_dealloc(text: str, structs: set[str]) -> tuple[str, set[str]]:
    """``text`` with a call of ``PyObject_ClearWeakRefs`` in the ``tp_dealloc`` of each class of
    ``structs``; the classes done."""
    done: set[str] = set()
    inserts: list[tuple[int, str]] = []
    for head in _DEALLOC.finditer(text):
        if head.group("struct") not in structs:
            continue
        closing = re.compile(rf"^{head.group('indent')}\}}$", re.MULTILINE)
        end = closing.search(text, head.end())
        body = text[head.end() : end.start() if end else head.end()]
        after = _UNTRACKED.search(body)
        before = _TRASHCAN.search(body)
        if after is not None:
            inserts.append((head.end() + after.end(), f"{after.group(1)}{CLEAR_CALL}\n"))
        elif before is not None:
            inserts.append((head.end() + before.start(), f"{before.group(1)}{CLEAR_CALL}\n"))
        else:
            continue
        done.add(head.group("struct"))
    pieces, last = [], 0
    for at, line in sorted(inserts):
        pieces += [text[last:at], line]
        last = at
    return "".join([*pieces, text[last:]]), done


def fix_weak_references(folder: Path, python: tuple[int, int] = sys.version_info[:2]) -> int:
    """Fix every C file mypyc wrote in ``folder`` (see the module's docstring); the number of
    native classes fixed.  Before Python 3.12 the protocol's classes always have the slot: if
    no class was fixed there, mypyc's code has changed shape and the build stops."""
    count = 0
    for path in sorted(folder.rglob("*.c")):
        text = path.read_text()
        new, fixed = fix_source(text)
        if new != text:
            path.write_text(new)
        count += fixed
    if (
        count == 0
        and python < (3, 12)
        and not any(MARK in p.read_text() for p in folder.rglob("*.c"))
    ):
        raise FixError(
            "no __weakref__ slot found in mypyc's code, where the protocol's classes have one "
            "before Python 3.12: mypyc writes it another way now; check gametable.compiled.weakrefs"
        )
    return count
