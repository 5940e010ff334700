"""A game's parts are named once in its declaration and found there by every layer."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import ClassVar

import pytest

import gametable
from gametable.core.parts import (
    KINDS,
    Kind,
    PartError,
    check_parts,
    declared,
    package_of,
    part,
    part_file,
)
from tests.core.tinygame import TinyGame


@pytest.mark.parametrize("name", ["balzakken", "keezbord", "balam"])
def test_every_declared_part_is_where_the_declaration_says(name):
    game = gametable.load_game(name)
    assert package_of(game) == f"gametable.games.{name}"
    assert set(game.parts) <= set(KINDS)
    assert check_parts(game) == []


def test_an_unknown_kind_of_part_is_refused():
    with pytest.raises(ValueError, match="unknown kind of part 'skin'"):
        declared(gametable.load_game("balzakken"), "skin")


class _Broken(TinyGame):
    """A declaration whose parts are not there: every layer must hear of it, not guess."""

    parts: ClassVar[Mapping[str, str]] = {
        "answers": ".nowhere:ANSWERS",
        "web": "web/nowhere.js",
        "terminal": "no-colon",
    }


def test_a_part_not_where_declared_is_an_error_naming_it():
    game = _Broken()
    with pytest.raises(PartError, match=re.escape("part 'answers' is not at '.nowhere:ANSWERS'")):
        part(game, Kind("answers"))
    with pytest.raises(PartError, match=re.escape("part 'web' is not at 'web/nowhere.js'")):
        part_file(game, "web")
    assert len(check_parts(game)) == 3
    assert part(game, Kind("heuristic")) is None


class _Mistyped(TinyGame):
    """A declaration whose part is there but is not what its kind is."""

    parts: ClassVar[Mapping[str, str]] = {"words": ".tinygame:TinyGame"}


def test_a_part_that_is_not_what_its_kind_is_is_an_error_naming_both():
    game = _Mistyped()
    with pytest.raises(PartError, match=r"part 'words' at '\.tinygame:TinyGame' is a \w+, not"):
        part(game, Kind("words", str))
    assert part(game, Kind("words", type)) is TinyGame
    assert part(game, Kind("words", accepts=callable)) is TinyGame


def test_a_kind_must_be_one_of_the_kinds():
    with pytest.raises(ValueError, match="unknown kind of part 'skin'"):
        Kind("skin")
