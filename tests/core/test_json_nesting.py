"""Hostile nesting is refused before JSON is parsed (records, socket messages, position links),
so the parser never nears Python's recursion limit."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from gametable.core.record import MAX_NESTING, too_deeply_nested

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\n', max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=40,
)


def depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    return 0


@given(json_values, st.integers(min_value=0, max_value=8))
def test_the_nesting_check_agrees_with_the_depth_of_the_value(value: Any, limit: int) -> None:
    """Brackets, quotes and backslashes inside strings do not count; every limit is exact."""
    assert too_deeply_nested(json.dumps(value), limit) == (depth(value) > limit)


def test_nesting_up_to_the_limit_is_read_and_one_more_is_refused() -> None:
    assert not too_deeply_nested("[" * MAX_NESTING + "]" * MAX_NESTING)
    assert too_deeply_nested("[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1))
    assert too_deeply_nested('{"a": ' * 100_000)  # cut short: still refused, never parsed


def test_many_brackets_side_by_side_are_not_depth() -> None:
    assert not too_deeply_nested(json.dumps([[1, 2]] * 10_000))
