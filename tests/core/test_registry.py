"""The registry finds the games under ``gametable.games`` and every game installed on its own
through the ``gametable.games`` entry point; a broken one is reported and skipped."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from gametable.core import registry
from gametable.core.errors import UnknownGame
from tests.core.tinygame import TinyGame


class AddOnGame(TinyGame):
    """A game that an installed package adds (here: named by the entry points below)."""

    name = "addon"
    title = "Add-on"


class Impostor(TinyGame):
    """A game that takes the name of a packaged one."""

    name = "balzakken"


#: what an entry point names: a package that registers its game on import, or the game itself
GAME = AddOnGame()
IMPOSTOR = Impostor()


def entry(name: str, value: str) -> EntryPoint:
    return EntryPoint(name, value, registry.ENTRY_POINT_GROUP)


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    """The registry of the packaged games only, to be discovered again, with these entry
    points installed (the packaged games' modules are imported once, so they are kept)."""
    registry.game_names()
    packaged = {
        name: game
        for name, game in registry._GAMES.items()
        if type(game).__module__.startswith("gametable.games.")
    }
    installed: list[EntryPoint] = []
    monkeypatch.setattr(registry, "_GAMES", packaged)
    monkeypatch.setattr(registry, "_BROKEN", {})
    monkeypatch.setattr(registry, "_discovered", False)
    monkeypatch.setattr(
        registry,
        "entry_points",
        lambda group: [e for e in installed if e.group == group],
    )
    yield installed


def test_the_packaged_games_are_found_without_entry_points(fresh: list[EntryPoint]) -> None:
    assert {"balzakken", "keezbord", "balam"} <= set(registry.game_names())
    assert registry.broken_games() == {}


def test_a_game_named_by_an_entry_point_is_found(fresh: list[EntryPoint]) -> None:
    fresh.append(entry("addon", f"{__name__}:GAME"))
    assert "addon" in registry.game_names()
    assert registry.load_game("Addon") is GAME


def test_a_broken_entry_point_is_reported_and_skipped(fresh: list[EntryPoint]) -> None:
    fresh.append(entry("ghost", "gametable_no_such_package"))
    fresh.append(entry("addon", f"{__name__}:GAME"))
    with pytest.warns(registry.GameLoadWarning, match="ghost.*ModuleNotFoundError"):
        names = registry.game_names()
    assert "addon" in names and "balzakken" in names
    broken = registry.broken_games()
    assert list(broken) == ["entry point 'ghost' = 'gametable_no_such_package'"]
    assert "gametable_no_such_package" in broken[next(iter(broken))]
    with pytest.raises(UnknownGame, match="known games: addon, balam"):
        registry.load_game("ghost")


def test_a_name_clash_with_a_registered_game_is_reported_not_fatal(
    fresh: list[EntryPoint],
) -> None:
    fresh.append(entry("impostor", f"{__name__}:IMPOSTOR"))
    with pytest.warns(registry.GameLoadWarning, match="already registered"):
        names = registry.game_names()
    assert type(registry.load_game("balzakken")).__name__ == "Balzakken"
    assert "balzakken" in names
