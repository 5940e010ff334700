"""Every section renders in the terminal (Rich, recorded to text)."""

from __future__ import annotations

import pytest
from rich.console import Console

from gametable import rulebook
from gametable.rulebook.render import render_hits, render_index, render_section


def _text(renderable) -> str:
    console = Console(record=True, width=100, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("game", rulebook.available())
def test_every_section_renders_with_its_rules_and_statement_ids(game):
    ref = rulebook.load(game)
    index = _text(render_index(ref))
    for s in ref:
        assert s.id in index
        out = _text(render_section(ref, s))
        assert s.id in out and s.title in out
        for item in s.items:
            assert item.text.split()[0] in out
        for r in s.statements:
            assert r in out
        if s.examples:
            assert "Example:" in out
        if s.clarifications:
            assert "Clarification:" in out


def test_hits_render_with_the_matching_statement_highlighted():
    ref = rulebook.load("balzakken")
    question = "can I call BALZAK! with a Swinger in my hand?"
    hits = rulebook.search("balzakken", question)
    out = _text(render_hits(ref, question, hits))
    assert "▶" in out and hits[0].section.id in out
    assert hits[0].statement.text.split()[0] in out


def test_no_hit_says_so():
    ref = rulebook.load("keezbord")
    assert "No section" in _text(render_hits(ref, "zzz qqq", []))


@pytest.mark.parametrize("game", rulebook.available())
@pytest.mark.parametrize("width", [80, 120])
def test_the_index_never_breaks_an_id_or_a_word(game, width):
    """At 80 columns the index folds into a list rather than cut an id or wrap a word."""
    ref = rulebook.load(game)
    console = Console(record=True, width=width, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render_index(ref))
    lines = console.export_text().splitlines()
    words = {w for line in lines for w in line.replace("│", " ").split()}
    for s in ref:
        assert s.id in words or any(s.id in line for line in lines), s.id
        for word in s.title.split():
            assert word in words, (s.id, word)
    assert "…" not in "\n".join(lines)
