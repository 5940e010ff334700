"""Damaged and hostile match records given to ``gametable replay`` and ``gametable play --load``
(issue 16, item 7): each one ends with a clear message (exit status 2) or plays, never with a
traceback.  Before the fix, 36 of 250 damaged files gave a traceback (``Infinity`` / ``1e400``:
OverflowError; deep nesting: RecursionError; binary files: UnicodeDecodeError without the file's
name; a 5,000-digit seed), and ``players: 2.5``, ``"moves": {}`` and ``"options": []`` were
silently read as something else.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import typer
from click.testing import CliRunner

from gametable.cli import app as typer_app
from gametable.core.record import Record
from gametable.core.registry import load_game
from gametable.terminal import saves

runner = CliRunner()
#: the click command, built once (Typer builds it anew on every invoke, 60 ms each)
app = typer.main.get_command(typer_app)


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``play`` saves an interrupted game among the user's saves: keep them in tmp."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(saves.DATA_DIR_VARIABLE, str(tmp_path / "data"))


def good_record(game: str = "balzakken", moves: int = 8) -> dict[str, Any]:
    rec = Record.start(load_game(game), 2, seed=11)
    state = rec.replay()
    rng = random.Random(2)
    for _ in range(moves):
        rec.append(state, rng.choice(state.legal_actions()))
    return rec.to_json()


#: values that replace one field of a good record (JSON text, spliced in as is)
BAD_VALUES = [
    "Infinity",
    "-Infinity",
    "NaN",
    "1e400",
    "-1e400",
    "9" * 5000,
    "-1",
    "2.5",
    "0",
    "true",
    "null",
    '"2"',
    '""',
    "[]",
    "{}",
    "[[0, 1]]",
    '[[0, "x", 1]]',
    '[["0", "discard 1"]]',
    '[[99, "discard 1"]]',
    '[[-1, "discard 1"]]',
    '{"copies": {"deep": 1}}',
    '{"board": "/dev/zero"}',
    "[" * 5000 + "]" * 5000,
    '"' + "x" * 300 + '"',
]
FIELDS = ["game", "version", "players", "seed", "options", "moves", "meta", "format"]


def damaged_files(tmp_path: Path) -> list[Path]:
    """250 damaged records: each field replaced by each bad value, then cut, flipped and binary
    files."""
    base = good_record()
    text = json.dumps(base)
    files: list[Path] = []

    def write(name: str, data: bytes | str) -> None:
        path = tmp_path / f"{len(files):03d}-{name}.json"
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
        files.append(path)

    for name in FIELDS:
        for i, bad in enumerate(BAD_VALUES):
            write(
                f"{name}-{i}",
                text.replace(
                    json.dumps(name) + ": " + json.dumps(base[name]),
                    json.dumps(name) + ": " + bad,
                    1,
                ),
            )
    rng = random.Random(16)
    while len(files) < 234:
        cut = rng.randrange(len(text))
        write("cut", text[:cut])
        raw = bytearray(text.encode())
        for _ in range(3):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        write("flip", bytes(raw))
    write("binary", bytes(range(256)) * 8)
    write("utf16", text.encode("utf-16"))
    write("bom", "\ufeff" + text)
    write("empty", b"")
    write("nul", b"\0" * 100)
    write("list", "[]")
    write(
        "deep-meta", text.replace('"meta": {', '"meta": {"x": ' + "[" * 900 + "]" * 900 + ", ", 1)
    )
    write("seat-bool", text.replace('"moves": [[0,', '"moves": [[false,', 1))
    write("many-players", text.replace('"players": 2', '"players": 100000', 1))
    write("big-seed", text.replace(f'"seed": {base["seed"]}', '"seed": 18446744073709551616', 1))
    write("float-version", text.replace('"version": 1', '"version": 1.0', 1))
    write("keezbord-moves", json.dumps({**base, "game": "keezbord"}))
    write(
        "balam-board", json.dumps({**good_record("balam", 0), "options": {"board": "/etc/passwd"}})
    )
    write("unknown-game", json.dumps({**base, "game": "chess"}))
    write("lone-surrogate", text.replace('"meta": {', '"meta": {"x": "\\ud800", ', 1))
    write("not-utf8-name", b'{"format": "gametable-record/1", "game": "\xff"}')
    assert len(files) == 250
    return files


def unwrapped(output: str) -> str:
    """The output without the line breaks Rich adds at the terminal's width (80 here)."""
    return output.replace("\n", "")


def no_traceback(result: Any) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{type(result.exception).__name__}: {result.exception}\n{result.output}"
    )
    assert result.exit_code in (0, 2), result.output


def test_replay_and_load_never_give_a_traceback_on_250_damaged_records(tmp_path: Path) -> None:
    refused = 0
    for path in damaged_files(tmp_path):
        replay = runner.invoke(app, ["replay", str(path)])
        no_traceback(replay)
        load = runner.invoke(app, ["play", "--load", str(path)], input="")
        no_traceback(load)
        refused += replay.exit_code == 2
        if replay.exit_code == 2:
            assert "error:" in replay.output
    assert refused >= 200  # nearly all of them are refused; a few damage only the metadata


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("players", 2.5, "players must be a whole number"),
        ("moves", {}, "moves must be a list"),
        ("options", [], "options must be an object"),
        ("seed", "7", "seed must be a whole number"),
        ("version", True, "version must be a whole number"),
        ("moves", [[5, "discard 1"]], "move 1 is by seat 5"),
    ],
)
def test_fields_of_the_wrong_kind_are_refused_not_converted(
    tmp_path: Path, field: str, value: Any, words: str
) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**good_record(), field: value}))
    result = runner.invoke(app, ["replay", str(path)])
    said = unwrapped(result.output)
    assert result.exit_code == 2 and words in said, result.output
    assert str(path) in said  # the message names the file


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": "gametable-record/1", "seed": Infinity}', "may not contain Infinity"),
        ('{"format": "gametable-record/1", "seed": 1e400}', "too large"),
        ('{"format": "gametable-record/1", "seed": ' + "9" * 5000 + "}", "too large"),
        ("[" * 100_000 + "]" * 100_000, "may not nest more than 100 deep"),
    ],
)
def test_numbers_and_nesting_json_cannot_hold_are_refused(
    tmp_path: Path, text: str, words: str
) -> None:
    path = tmp_path / "record.json"
    path.write_text(text)
    for command in (["replay", str(path)], ["play", "--load", str(path)]):
        result = runner.invoke(app, command, input="")
        assert result.exit_code == 2 and words in unwrapped(result.output), result.output


def test_a_binary_file_is_refused_with_its_name(tmp_path: Path) -> None:
    path = tmp_path / "photo.jpg"
    path.write_bytes(b"\xff\xd8\xff\xe0" + bytes(range(256)))
    result = runner.invoke(app, ["replay", str(path)])
    said = unwrapped(result.output)
    assert result.exit_code == 2 and str(path) in said and "UTF-8" in said, result.output


def test_a_device_or_huge_file_is_not_read_whole(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", "/dev/zero"])
    assert result.exit_code == 2 and "larger than" in unwrapped(result.output)
