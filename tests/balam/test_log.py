"""The game's log keeps its last 30 sentences, oldest first, however many are noted between two
readings (they are kept apart and written out when the log is read)."""

from __future__ import annotations

import gametable


def test_the_log_keeps_the_last_sentences_in_order() -> None:
    state = gametable.load_game("balam").new_game(2, seed=4)
    state.log = [f"old {i}" for i in range(40)]  # a position may give more than 30
    assert state.log == [f"old {i}" for i in range(40)]
    state.note("a")
    assert state.log == [f"old {i}" for i in range(11, 40)] + ["a"]
    written = [f"n {i}" for i in range(75)]  # more than twice 30 between two readings
    for text in written:
        state.note(text)
    clone = state.clone()
    assert state.log == written[-30:] == clone.log
    assert state.log is state.log  # the same list until the next sentence
    state.note("b")
    assert state.log == [*written[-29:], "b"]
    assert clone.log == written[-30:]
    assert state.to_json()["log"] == state.log
