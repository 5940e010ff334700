"""The rules references: complete against the rules index, in our own words, addressable."""

from __future__ import annotations

import json
import re

import pytest

from gametable import rulebook
from gametable.core.rules import RuleRef, slug
from tests.games import shipped_games
from tests.rulebook.helpers import rulebook_text, rules_index

GAMES = sorted(set(rulebook.available()) | set(shipped_games()))


def test_every_registered_game_has_a_reference():
    for name in shipped_games():
        assert name in rulebook.available(), f"no rules reference for {name}"


@pytest.mark.parametrize("game", GAMES)
def test_sections_are_well_formed(game):
    ref = rulebook.load(game)
    assert ref.game == game and len(ref) > 0
    for s in ref:
        assert s.items, f"{s.id} has no statement"
        assert s.title and s.id
        assert s.id == "/".join(slug(p) for p in s.path.split(">"))
        for item in s.items:
            assert item.text.strip()
            assert item.kind in ("rule", "example", "clarification")
            for r in item.refs:
                assert re.fullmatch(r"[A-Z]{2}-\d{3}", r), r
        for target in s.see:
            ref.section(target)  # every cross-reference names a real section


@pytest.mark.parametrize("game", GAMES)
def test_every_section_of_the_rules_index_is_covered(game):
    rows = rules_index(game)
    if rows is None:
        pytest.skip("shared/rules-index is not available")
    ref = rulebook.load(game)
    known = {row["id"]: row for row in rows}
    sections = {row["section"] for row in rows}
    for name in sections:
        section = ref.resolve(RuleRef(game, name))
        assert section.path == name, f"{section.id}: path {section.path!r} != {name!r}"
    for s in ref:
        for r in s.statements:
            assert r in known, f"{s.id} cites unknown statement {r}"
    for row in rows:
        if row["kind"] in ("rule", "example"):
            cited = ref.resolve(RuleRef(game, row["section"])).statements
            assert row["id"] in cited, f"{row['id']} ({row['section']}) is cited by no statement"


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.parametrize("game", GAMES)
def test_no_rulebook_sentence_is_copied(game):
    """Facts carry over, sentences don't: no run of 8 words of the rulebook appears in ours."""
    book = rulebook_text(game)
    if book is None:
        pytest.skip("shared/rulebooks is not available")
    words = _words(book)
    n = 8
    shingles = {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}
    for s in rulebook.load(game):
        for text in (s.summary, *(i.text for i in s.items)):
            ours = _words(text)
            for i in range(len(ours) - n + 1):
                run = tuple(ours[i : i + n])
                assert run not in shingles, f"{s.id}: copied from the rulebook: {' '.join(run)}"


def test_examples_and_clarifications_are_there():
    bz = rulebook.load("balzakken")
    lul = bz.section("card-types/action-card-2-the-lul")
    assert any("Pleun" in e.text and "Nena" in e.text for e in lul.examples)
    assert bz.section("playing-the-game/important").clarifications
    balam = rulebook.load("balam")
    assert balam.section("3-wars/example").examples
    assert balam.section("6-distribution/example").examples


def test_section_lookup_by_id_title_or_path():
    ref = rulebook.load("balzakken")
    important = ref.section("playing-the-game/important")
    assert important.title == "Important"
    assert ref.section("Playing the Game > Important") is important
    assert ref.section("False BALZAK!").id == "balzak-end-of-a-round/false-balzak"
    assert "BZ-041" in important.statements
    assert ref.section("bz-041") is important


def test_unknown_section_is_a_key_error_with_a_clear_message():
    ref = rulebook.load("balzakken")
    with pytest.raises(KeyError) as info:
        ref.section("playing-the-game/importnt")
    message = str(info.value)
    assert "no rules section" in message and "playing-the-game/important" in message


def test_resolve_refuses_an_unknown_section_or_another_game():
    ref = rulebook.load("balzakken")
    with pytest.raises(KeyError, match="names no section"):
        ref.resolve(RuleRef("balzakken", "Playing the Game > Nowhere"))
    with pytest.raises(KeyError, match="belongs to"):
        ref.resolve(RuleRef("keezbord", "Setup"))


def test_unknown_game():
    with pytest.raises(rulebook.UnknownRulebook, match="known games"):
        rulebook.load("chess")


def test_reference_is_json_ready():
    data = json.loads(json.dumps(rulebook.load("balam").to_json()))
    assert data["game"] == "balam"
    wars = next(s for s in data["sections"] if s["id"] == "3-wars")
    assert wars["title"] == "3 - WARS" and "BA-141" in wars["statements"]
