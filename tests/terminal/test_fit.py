"""Every turn screen of every game fits 80x24 and 100x40 (the board in the layout the size
allows, the menu below it, the prompt's line left free) and keeps its facts: Balam's every site
(column e included), Keezbord's every pawn, Balzakken's discard pile and hand."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from rich.console import Console

import gametable
from gametable.core.record import Record
from gametable.terminal.session import TerminalGame

SIZES = [(80, 24), (100, 40)]
TABLES = [
    ("balzakken", 2),
    ("balzakken", 4),
    ("balzakken", 8),
    ("keezbord", 2),
    ("keezbord", 4),
    ("keezbord", 6),
    ("balam", 2),
    ("balam", 3),
    ("balam", 4),
]


def turns(name: str, players: int, seed: int, screens: int) -> Iterator[tuple[Record, Any, int]]:
    """About ``screens`` positions spread over a whole game of random moves, with the seat to
    move."""
    game = gametable.load_game(name)
    record = Record.start(game, players, seed=seed)
    state = record.replay()
    rng = random.Random(seed)
    plies = []
    while state.to_move:
        seat = state.to_move[0]
        plies.append(seat)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    every = max(1, len(plies) // screens)
    state = record.replay()
    rng = random.Random(seed)
    ply = 0
    while state.to_move:
        seat = state.to_move[0]
        if ply % every == every // 2:
            yield record, state, seat
        record.append(state, rng.choice(state.legal_actions(seat)), seat)
        ply += 1


def turn_screen(state: Any, record: Record, seat: int, width: int, height: int) -> str:
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
    )
    session = TerminalGame(state, record, {}, console, lambda *_: "")
    session.start_turn(seat)
    session.show_turn(seat)
    return console.export_text()


def check_size(text: str, width: int, height: int) -> list[str]:
    lines = text.rstrip("\n").split("\n")
    assert max(len(line.rstrip()) for line in lines) <= width, text
    assert len(lines) <= height - 1, f"{len(lines)} lines:\n{text}"  # the prompt's line
    return lines


def check_balam(view: Mapping[str, Any], text: str) -> None:
    for site in view["sites"]:
        assert re.search(rf"(^|[\s│]){site}\b", text, re.M), f"{site} is missing:\n{text}"
    for s, king in enumerate(view["kings"]):
        assert re.search(rf"seat {s}\b.*\b{king['prestige']}", text), text
    for left in view["pyramids_left"]:
        assert re.search(rf"\b{left['large']} ?■ ?{left['small']} ?▲", text), text
    # Katun cards by name, never by their text in positions ("prosperous:maize/jade/...")
    assert not re.search(r"\b(prosperous|favourable):", text), text
    for slot in view["katun"]["cards"]:
        if slot["card"] is not None:
            assert slot["card"]["name"] in text, text


def check_keezbord(view: Mapping[str, Any], text: str) -> None:
    letters = "abcdef"
    for owner, places in enumerate(view["pawns"]):
        for i, place in enumerate(places):
            if isinstance(place, int):
                assert f"{letters[owner]}{i + 1}" in text, text
        row = next(
            line
            for line in text.splitlines()
            if re.match(rf"^.{{2}}{letters[owner]}[* ]|^..{letters[owner]} seat {owner}", line)
        )
        for i, place in enumerate(places):
            if place == "N":
                assert re.search(rf"{letters[owner]}{i + 1}|\b\d*{i + 1}\d*\s+\d+$", row), row
    assert "Played this cycle" in text


def check_balzakken(view: Mapping[str, Any], text: str) -> None:
    assert "Discard pile top:" in text
    if view["discard_pile"]:
        assert re.search(rf"Discard pile top:\s+{re.escape(view['discard_pile'][-1])}\b", text)
    flat = " ".join(text.split())
    if view.get("hand"):
        assert f"= {view['hand_value']} points" in flat
    for s, score in enumerate(view["scores"]):
        assert re.search(rf"seat {s}\b.*\b{score}\b", text), text


CHECKS = {"balam": check_balam, "keezbord": check_keezbord, "balzakken": check_balzakken}


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("name,players", TABLES)
def test_every_turn_screen_fits_and_keeps_its_facts(name, players, width, height):
    for record, state, seat in turns(name, players, seed=players * 7 + 1, screens=12):
        text = turn_screen(state, record, seat, width, height)
        check_size(text, width, height)
        CHECKS[name](state.view(seat), text)


def warlike_turns(players: int, seed: int) -> Iterator[tuple[Record, Any, int]]:
    """A whole game where the kings attack whenever they can (random play seldom does), with
    the seat to move at every step."""
    game = gametable.load_game("balam")
    record = Record.start(game, players, seed=seed)
    state = record.replay()
    rng = random.Random(seed)
    while state.to_move:
        seat = state.to_move[0]
        yield record, state, seat
        legal = state.legal_actions(seat)
        attacks = [a for a in legal if str(a).startswith("attack")]
        pays = [a for a in legal if str(a).startswith("pay")]
        if attacks and rng.random() < 0.9:
            legal = attacks
        elif pays and rng.random() < 0.7:
            legal = pays
        record.append(state, rng.choice(legal), seat)


@pytest.mark.slow  # some 9 s: every screen of a whole game
def test_balam_screens_after_a_war_fit_with_its_record():
    """BA-143 BA-150 BA-153 BA-159: the last war's record (buildings destroyed and lost,
    prisoners, devastated cities) fits the small screen with the menu, on every turn after a
    war that changed something (a game where one screen overflows if the events keep their
    two lines beside a long record)."""
    shown = 0
    for record, state, seat in warlike_turns(3, seed=1):
        war = state.view(seat)["last_war"]
        if war and (war["destroyed"] or war["lost"]):
            text = turn_screen(state, record, seat, 80, 24)
            check_size(text, 80, 24)
            assert "last war" in " ".join(text.split())
            shown += 1
    assert shown > 10
