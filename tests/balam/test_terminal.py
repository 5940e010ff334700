"""Balam in the terminal: boards rendered from real views along random games, the Katun cards,
wars, production and round ends, the map of any board file, and ``gametable play`` driven with
scripted input."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import gametable
from gametable.terminal.render import renderer_for
from tests.balam.helpers import EXAMPLES
from tests.terminal.rendering import (
    check_boards_along_a_random_game,
    check_fits,
    check_help_points_at_the_rules,
    check_missing_view_keys_fall_back,
    check_play_help_points_at_the_rules,
    check_play_shows,
    random_game,
    render,
)


def check_balam(view: dict[str, Any], text: str) -> None:
    check_fits(text)
    flat = " ".join(text.split())
    for name, site in view["sites"].items():
        cell = re.search(rf"\b{name} [^│]*", text)
        assert cell, name
        if site["owner"] is not None:
            assert f"■{site['owner']}" in cell.group(0)
        else:
            assert "■" not in cell.group(0)
    for s, king in enumerate(view["kings"]):
        assert re.search(rf"seat {s}( \(you\))? +{king['prestige']} ", text), (s, text)
    for i, slot in enumerate(view["katun"]["cards"]):
        seen = "?" if slot["card"] is None else slot["card"]["name"]
        assert (f"{i}:[{seen}" if slot["face_down"] else f"{i}:turned") in flat
    war = view["last_war"]
    if war is not None:
        assert (
            f"seat {war['attacker']} from {war['source']} attacked {war['target']} "
            f"(seat {war['defender']})"
        ) in flat
        assert f"attack {war['attack']} " in flat and f"against defence {war['defence']} " in flat
        if war["winner"] is not None:
            assert f"seat {war['winner']} won" in flat
        for gone in war["destroyed"] + war["lost"]:
            assert f"{gone['building']} {gone['site']}.{gone['plot']}" in flat
        if war["prisoners_lost"]:
            assert f"{war['prisoners_lost']} prisoner" in flat
        for site in war["devastated"]:
            assert f"{site} devastated" in flat
    assert f"Round {view['round']}" in flat
    if view["seat"] is None:
        assert "(you)" not in text and "(peeked)" not in text


def test_balam_shows_the_katun_cards_a_seat_peeked_at():
    """Read from the typed round cards (``katun.cards``), never from their texts."""
    renderer = renderer_for("balam")
    view = gametable.load_game("balam").new_game(3, seed=1).view(0)
    drought = {"type": "drought", "name": "Drought", "riches": [], "prestige": 0}
    cards = view["katun"]["cards"]
    cards[0]["face_down"] = False
    cards[1]["card"] = {**drought, "effect": "", "catastrophe": None, "text": "?"}
    view["katun"]["slots"] = ["?"] * 4  # the texts are not read
    text = " ".join(render(renderer.board(view)).split())
    assert "1:[Drought] (peeked)" in text and "0:turned" in text and "(3 face down)" in text
    compact = " ".join(render(renderer.compact(view)).split())
    assert "0✓ 1[Drought] 2? 3?" in compact


def test_balam_shows_the_last_war_in_both_layouts():
    """The view's ``last_war`` (BA-141..BA-148): who attacked whom, attack against defence."""
    renderer = renderer_for("balam")
    view = gametable.load_game("balam").new_game(3, seed=1).view(0)
    view["last_roll"] = ["3", "X", "1"]
    view["last_war"] = {
        "source": "b2",
        "target": "c2",
        "attacker": 0,
        "defender": 2,
        "garrisons": 3,
        "attack_obsidian": 2,
        "defence_garrisons": 1,
        "defence_obsidian": 1,
        "attack": 6,
        "defence": 2,
        "skulls": 1,
        "winner": 0,
        "destroyed": [
            {
                "site": "c2",
                "plot": 0,
                "building": "market",
                "owner": 2,
                "riches": [],
                "pyramids": 4,
            },
            {"site": "c2", "plot": 1, "building": "garrison", "owner": 2, "riches": ["obsidian"]},
            {"site": "c2", "plot": 2, "building": "village", "owner": 2, "riches": []},
        ],
        "lost": [{"site": "b2", "plot": 1, "building": "garrison", "owner": 0, "riches": []}],
        "prisoners": [{"site": "b2", "plot": 0}, {"site": "b2", "plot": 2}],
        "prisoners_lost": 1,
        "devastated": ["c2"],
    }
    full = " ".join(render(renderer.board(view)).split())
    assert (
        "last war: seat 0 from b2 attacked c2 (seat 2) with 3 garrisons, dice 3 X 1: attack 6 "
        "(with 2 obsidian) against defence 2 (1 garrison, 1 obsidian): 4 destruction points, "
        "1 garrison lost to skulls; seat 0 won: destroyed seat 2's market c2.0 (4 small "
        "pyramids), garrison c2.1 +obsidian, village c2.2; lost seat 0's garrison b2.1; "
        "2 prisoners on b2.0, b2.2; 1 prisoner lost (no free garrison); c2 devastated (no one's)"
    ) in full
    compact = " ".join(render(renderer.compact(view)).split())
    assert (
        "last war b2>c2 (seat 0 on 2): 6 vs 2, dice 3 X 1; seat 0 won: razed c2.0 M c2.1 Go "
        "c2.2 V; lost b2.1 G; 2p; 1p lost; c2 devastated"
    ) in compact


def test_balam_shows_a_war_still_being_fought_without_a_winner():
    """BA-143 BA-150: while the attacker still chooses his losses or what to destroy, the
    record so far is shown and nobody is said to have won."""
    renderer = renderer_for("balam")
    view = gametable.load_game("balam").new_game(2, seed=1).view(0)
    view["last_roll"] = ["2", "X"]
    view["last_war"] = {
        "source": "b2",
        "target": "c2",
        "attacker": 0,
        "defender": 1,
        "garrisons": 2,
        "attack_obsidian": 0,
        "defence_garrisons": 1,
        "defence_obsidian": 0,
        "attack": 2,
        "defence": 1,
        "skulls": 1,
        "winner": None,
        "destroyed": [],
        "lost": [{"site": "b2", "plot": 1, "building": "garrison", "owner": 0, "riches": []}],
        "prisoners": [],
        "prisoners_lost": 0,
        "devastated": [],
    }
    full = " ".join(render(renderer.board(view)).split())
    assert "1 garrison lost to skulls; still being fought: lost seat 0's garrison b2.1" in full
    compact = " ".join(render(renderer.compact(view)).split())
    assert "dice 2 X; so far: lost b2.1 G" in compact
    assert " won" not in full and " won" not in compact


def test_balam_compact_header_at_the_end_has_no_empty_part():
    """When nobody is to move (the game is over), the small screen's first line says the round
    and that the game is over, with no empty part between them."""
    renderer = renderer_for("balam")
    *_, (state, _) = random_game("balam", 2, 3, every=10_000)
    assert not state.to_move
    first = render(renderer.compact(state.view(0))).splitlines()[0]
    assert re.search(r"Balam round \d+ · the game is over", first), first
    assert "·  ·" not in first


def test_balam_shows_production_and_the_end_of_each_round():
    renderer = renderer_for("balam")
    state = gametable.load_game("balam").new_game(3, seed=4)
    rng = random.Random(4)
    shown = []
    before = state.view(None)
    while state.to_move:
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        after = state.view(None)
        summary = renderer.summary(before, after)
        if summary is not None:
            shown.append(render(summary))
        before = after
    assert any("Production:" in s for s in shown)
    assert any("End of round 1" in s for s in shown)
    assert "the game is over" in " ".join(shown[-1].split())
    final = state.view(None)["kings"]
    last = shown[-1]
    for s, king in enumerate(final):
        assert re.search(rf"seat {s} +│? *{king['prestige']} ", last) or re.search(
            rf"seat {s}\s*│\s*{king['prestige']}\s", last
        ), last
    for text in shown:
        check_fits(text)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_boards_along_random_games_show_the_view(players, seed):
    """Every seat's board and the spectator's show what their view holds, and fit the screen."""
    check_boards_along_a_random_game("balam", players, seed, 11, check_balam)


def test_missing_view_keys_fall_back_to_the_generic_table():
    check_missing_view_keys_fall_back("balam")


def test_help_says_how_a_turn_works():
    check_help_points_at_the_rules("balam")


# -- gametable play -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "shown"),
    [
        ("3", ["Katun cards this round:", "personal riches", "a1 SHE", "Round 1"]),
    ],
)
def test_gametable_play_shows_the_board(monkeypatch, tmp_path, players, shown):
    check_play_shows(monkeypatch, tmp_path, ["balam", "-p", players, "--seed", "2"], shown)


def test_gametable_play_help_shows_the_turn_help(monkeypatch, tmp_path):
    check_play_help_points_at_the_rules(monkeypatch, tmp_path, "balam")


def test_balam_map_of_a_board_file_without_tile_positions_places_every_site():
    """The view places every site (``board.sites[*].x/y``), also for a board file that gives no
    tile positions (the rulebook examples' board): the terminal reads them, never the names."""
    renderer = renderer_for("balam")
    view = gametable.load_game("balam").new_game(2, seed=1, options={"board": EXAMPLES}).view(0)
    places = [(site["x"], site["y"]) for site in view["board"]["sites"]]
    assert len(set(places)) == len(places)
    for layout in (renderer.board, renderer.compact):
        text = render(layout(view))
        for name in view["sites"]:
            assert re.search(rf"(^|[\s│]){name} [A-Z]{{3}}", text), (name, text)


def test_balam_map_without_board_data_falls_back_to_the_generic_table():
    renderer = renderer_for("balam")
    view = gametable.load_game("balam").new_game(3, seed=1).view(0)
    del view["board"]  # type: ignore[misc]
    for layout in (renderer.board, renderer.compact):
        text = render(layout(view))
        assert '"a1"' in text and "SHE" not in text  # the sites as a generic table
        assert "Katun" in text
