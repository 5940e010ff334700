"""Server settings: one place, every value checked (a bad value is said, never half-applied)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from gametable.server.settings import BOUNDS, Settings, SettingsError


def test_the_defaults_are_within_their_bounds() -> None:
    settings = Settings()
    for name, (low, high) in BOUNDS.items():
        assert low <= getattr(settings, name) <= high, name
    assert settings.max_body == 64 * 1024


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("bot_max_seconds", math.inf),
        ("bot_deadline", math.nan),
        ("max_body", -1),
        ("max_tables", 0),
        ("bot_processes", 0),
        ("messages_per_second", True),
        ("max_sockets", "many"),
        ("create_burst", 2.5),
    ],
)
def test_values_out_of_range_or_of_the_wrong_kind_are_refused(name: str, value: object) -> None:
    with pytest.raises(SettingsError, match=f"setting {name}"):
        Settings().replace({name: value})


def test_text_values_are_read_as_the_setting_s_type() -> None:
    settings = Settings().replace({"max_body": "2048", "bot_deadline": "1.5", "database_url": ""})
    assert settings.max_body == 2048 and settings.bot_deadline == 1.5
    assert settings.database_url is None


def test_sqlite_synchronous_is_normal_unless_set_to_full() -> None:
    assert Settings().sqlite_synchronous == "normal"
    assert Settings().wal_sync_interval == 1.0
    assert Settings().replace({"sqlite_synchronous": "FULL"}).sqlite_synchronous == "full"
    for bad in ("off", "extra", 1, ""):
        with pytest.raises(SettingsError, match="setting sqlite_synchronous"):
            Settings().replace({"sqlite_synchronous": bad})


def test_unknown_settings_are_named() -> None:
    with pytest.raises(SettingsError, match="unknown setting 'max_bodyy'"):
        Settings().replace({"max_bodyy": 1})


def test_a_toml_file_sets_them(tmp_path: Path) -> None:
    path = tmp_path / "gametable.toml"
    path.write_text('database_url = "sqlite:///x.db"\nmax_tables = 50\nbot_max_seconds = 2.5\n')
    settings = Settings.from_toml(path)
    assert (settings.database_url, settings.max_tables, settings.bot_max_seconds) == (
        "sqlite:///x.db",
        50,
        2.5,
    )
    path.write_text("max_tables = [")
    with pytest.raises(SettingsError, match="is not a TOML file"):
        Settings.from_toml(path)
