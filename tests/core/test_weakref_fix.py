"""The fix the build applies to mypyc's C code (:mod:`gametable.compiled.weakrefs`): a native
object's ``tp_dealloc`` clears its weak references, and its ``tp_clear`` and ``tp_traverse``
leave the list of weak references alone (mypyc/mypyc#1102).  The C below has the shape of
mypyc 1.x's output for a class with ``__dict__`` and ``__weakref__`` slots on Python 3.11; that
the built engines behave is checked in ``test_compiled.py``
(``test_weak_references_to_states_and_actions_die_with_them``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gametable.compiled.weakrefs import CLEAR_CALL, MARK, FixError, fix_source, fix_weak_references

DICT = "*((PyObject **)((char *)self + sizeof(m___ThingObject)))"
WEAKLIST = "*((PyObject **)((char *)self + sizeof(PyObject *) + sizeof(m___ThingObject)))"

THING = f"""
static int
m___Thing_traverse(m___ThingObject *self, visitproc visit, void *arg)
{{
    Py_VISIT(self->_board);
    Py_VISIT({DICT});
    Py_VISIT({WEAKLIST});
    return 0;
}}

static int
m___Thing_clear(m___ThingObject *self)
{{
    Py_CLEAR(self->_board);
    Py_CLEAR({DICT});
    Py_CLEAR({WEAKLIST});
    return 0;
}}

static void
m___Thing_dealloc(m___ThingObject *self)
{{
    PyObject_GC_UnTrack(self);
    CPy_TRASHCAN_BEGIN(self, m___Thing_dealloc)
    m___Thing_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
    CPy_TRASHCAN_END(self)
    done: ;
}}
"""

#: a class without the slots (no Python base class): left as it is
PLAIN = """
static void
m___Plain_dealloc(m___PlainObject *self)
{
    PyObject_GC_UnTrack(self);
    CPy_TRASHCAN_BEGIN(self, m___Plain_dealloc)
    m___Plain_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
    CPy_TRASHCAN_END(self)
    done: ;
}
"""


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def test_the_dealloc_clears_the_weak_references_once_untracked() -> None:
    fixed, count = fix_source(THING + PLAIN)
    assert count == 1
    body = lines(fixed)
    at = body.index("m___Thing_dealloc(m___ThingObject *self)")
    assert body[at + 2 : at + 5] == [
        "PyObject_GC_UnTrack(self);",
        CLEAR_CALL,
        "CPy_TRASHCAN_BEGIN(self, m___Thing_dealloc)",
    ]
    assert fixed.count(CLEAR_CALL) == 1  # not in the class without the slots


def test_traverse_and_clear_leave_the_weak_reference_list_alone() -> None:
    fixed, _ = fix_source(THING)
    assert WEAKLIST not in fixed
    # the instance dict is the object's own: still visited and cleared
    assert f"Py_VISIT({DICT});" in fixed and f"Py_CLEAR({DICT});" in fixed
    assert "Py_VISIT(self->_board);" in fixed and "Py_CLEAR(self->_board);" in fixed


def test_an_indented_module_and_a_free_list_are_fixed_before_the_reuse() -> None:
    """mypyc indents some modules' code; a class kept on a free list returns early."""
    reused = THING.replace(
        "    CPy_TRASHCAN_BEGIN",
        "    if (m___Thing_free_instance == NULL) {\n"
        "        m___Thing_free_instance = self;\n"
        "        return;\n"
        "    }\n"
        "    CPy_TRASHCAN_BEGIN",
    )
    indented = "\n".join("        " + line if line else line for line in reused.splitlines())
    fixed, count = fix_source(indented)
    assert count == 1
    body = lines(fixed)
    at = body.index("PyObject_GC_UnTrack(self);")
    assert body[at + 1 : at + 3] == [CLEAR_CALL, "if (m___Thing_free_instance == NULL) {"]


def test_a_class_the_collector_does_not_track_clears_them_before_the_trashcan() -> None:
    acyclic = THING.replace("    PyObject_GC_UnTrack(self);\n", "")
    body = lines(fix_source(acyclic)[0])
    at = body.index(CLEAR_CALL)
    assert body[at + 1] == "CPy_TRASHCAN_BEGIN(self, m___Thing_dealloc)"


def test_code_of_another_shape_stops_the_build() -> None:
    """Slots cleared but no dealloc of the expected shape: the build must not go on."""
    no_dealloc = THING[: THING.index("static void")]
    with pytest.raises(FixError, match="m___ThingObject"):
        fix_source(no_dealloc)


def test_a_file_is_fixed_once(tmp_path: Path) -> None:
    (tmp_path / "group.c").write_text(THING)
    (tmp_path / "other.c").write_text(PLAIN)
    assert fix_weak_references(tmp_path) == 1
    once = (tmp_path / "group.c").read_text()
    assert once.startswith(MARK)
    assert (tmp_path / "other.c").read_text() == PLAIN
    assert fix_weak_references(tmp_path) == 0
    assert (tmp_path / "group.c").read_text() == once


def test_code_without_the_slot_before_python_3_12_stops_the_build(tmp_path: Path) -> None:
    """Before 3.12 the protocol's classes have the slot: finding none means mypyc writes it
    another way, and the fix would silently do nothing."""
    (tmp_path / "group.c").write_text(PLAIN)
    with pytest.raises(FixError, match="no __weakref__ slot"):
        fix_weak_references(tmp_path, python=(3, 11))
    assert fix_weak_references(tmp_path, python=(3, 12)) == 0
