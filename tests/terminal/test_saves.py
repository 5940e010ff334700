"""Saved games: one file per game in the data folder, numbered oldest first, never overwritten
by another game."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

import gametable
from gametable.core.errors import RecordError
from gametable.core.record import Record
from gametable.terminal import saves


def played(seed: int, moves: int) -> Record:
    game = gametable.load_game("balzakken")
    record = Record.start(game, 2, seed=seed)
    state = record.replay()
    for _ in range(moves):
        record.append(state, state.legal_actions()[0])
    return record


def test_the_data_folder_comes_from_the_environment_in_tests(tmp_path):
    assert saves.saves_folder() == tmp_path / "data" / "saves"


def test_a_slot_names_its_file_after_the_game_and_time_and_keeps_saving_there(tmp_path):
    slot = saves.SaveSlot(tmp_path)
    record = played(1, 2)
    first = slot.save(record)
    assert first.parent == tmp_path and first.name.startswith("balzakken-")
    record.moves.append(played(1, 3).moves[2])
    assert slot.save(record) == first
    assert len(json.loads(first.read_text())["moves"]) == 3
    assert not list(tmp_path.glob("*.part"))


def test_a_slot_never_overwrites_another_game(tmp_path):
    slot = saves.SaveSlot(tmp_path)
    path = slot.save(played(1, 2))
    other = played(2, 2)  # another deal
    path.write_text(json.dumps(other.to_json()))
    mine = played(1, 3)
    moved = slot.save(mine)
    assert moved != path and slot.moved_from == path
    assert Record.load(path).to_json() == other.to_json()
    assert Record.load(moved).moves == mine.moves


def test_another_continuation_of_the_same_game_is_another_game(tmp_path):
    slot = saves.SaveSlot(tmp_path)
    path = slot.save(played(1, 1))
    state = played(1, 1).replay()
    record = played(1, 1)
    fork = state.legal_actions()[1]
    record.append(state, fork)
    there = played(1, 2)
    path.write_text(json.dumps(there.to_json()))
    assert saves.holds_other_game(path, record)
    assert slot.save(record) != path


def test_a_file_that_is_not_a_record_is_not_overwritten(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("my notes")
    assert saves.holds_other_game(path, played(1, 1))
    assert not saves.holds_other_game(tmp_path / "new.json", played(1, 1))


def test_two_games_started_in_the_same_second_get_two_files(tmp_path):
    when = datetime(2025, 3, 1, 12, 0, 0)
    first = saves.new_save_path(tmp_path, "balam", when)
    first.write_text("{}")
    second = saves.new_save_path(tmp_path, "balam", when)
    assert (first.name, second.name) == (
        "balam-20250301-120000.json",
        "balam-20250301-120000-2.json",
    )


def test_saves_are_numbered_oldest_first_whatever_the_game(tmp_path):
    for name in (
        "keezbord-20250302-090000.json",
        "balzakken-20250301-100000.json",
        "balam-20250303-080000.json",
    ):
        saves.write_record(tmp_path / name, played(1, 1))
    (tmp_path / "balzakken-20250304-080000.json").write_text("not json")
    listed = saves.list_saves(tmp_path)
    assert [(i.number, i.path.name[:6]) for i in listed] == [
        (1, "balzak"),
        (2, "keezbo"),
        (3, "balam-"),
        (4, "balzak"),
    ]
    assert listed[3].record is None and "JSON" in listed[3].problem
    assert saves.resolve_save("2", tmp_path) == tmp_path / "keezbord-20250302-090000.json"
    assert saves.number_of(tmp_path / "balam-20250303-080000.json", tmp_path) == 3


def test_load_takes_a_number_from_the_list_or_a_path(tmp_path):
    assert saves.resolve_save("game.json", tmp_path) == Path("game.json")
    with pytest.raises(RecordError, match="no game has been saved yet"):
        saves.resolve_save("1", tmp_path)
    saves.write_record(tmp_path / "balam-20250303-080000.json", played(1, 1))
    with pytest.raises(RecordError, match="numbered 1 to 1"):
        saves.resolve_save("7", tmp_path)


def test_a_game_loaded_from_the_saves_goes_on_in_its_file_and_one_from_elsewhere_does_not(
    tmp_path,
):
    folder = tmp_path / "saves"
    inside = folder / "balzakken-20250301-100000.json"
    saves.write_record(inside, played(1, 1))
    assert saves.SaveSlot.for_loaded(folder, inside).path == inside
    outside = tmp_path / "mine.json"
    saves.write_record(outside, played(1, 1))
    slot = saves.SaveSlot.for_loaded(folder, outside)
    assert slot.path is None
    assert slot.save(played(1, 2)).parent == folder
    assert len(Record.load(outside).moves) == 1


def test_what_the_list_says_of_a_save():
    meta = {"seats": ["person", "heuristic", "heuristic"], "to_move": [0], "finished": False}
    assert saves.describe_seats(meta, 3) == "3: person, 2 heuristic"
    assert saves.describe_turn(meta) == "seat 0 (person)"
    assert saves.describe_turn({**meta, "finished": True}) == "finished"
    assert saves.describe_seats({}, 4) == "4" and saves.describe_turn({}) == "?"
