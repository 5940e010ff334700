"""Keezbord and Balam in the terminal: boards rendered from real views along random games, their
round summaries and confirmations, and ``gametable play`` driven with scripted input."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import gametable
from gametable.cli import app
from gametable.terminal.render import renderer_for
from tests.balam.helpers import EXAMPLES

WIDTH, HEIGHT = 100, 40


def render(thing: Any, colour: bool = False) -> str:
    console = Console(
        record=True,
        width=WIDTH,
        file=io.StringIO(),
        force_terminal=colour,
        color_system="truecolor" if colour else None,
    )
    console.print(thing)
    return console.export_text()


def check_fits(text: str) -> None:
    lines = text.rstrip("\n").split("\n")
    assert max(len(line.rstrip()) for line in lines) <= WIDTH, text
    assert len(lines) <= HEIGHT, text


def random_game(name: str, players: int, seed: int, every: int) -> Iterator[tuple[Any, int]]:
    """Plays a whole game of random moves, yielding (state, seat to move) every ``every`` plies
    and at the end (seat -1)."""
    state = gametable.load_game(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    ply = 0
    while state.to_move:
        seat = state.to_move[0]
        if ply % every == 0:
            yield state, seat
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        ply += 1
    yield state, -1


# -- Keezbord -------------------------------------------------------------------------------------
def check_keezbord(view: dict[str, Any], text: str) -> None:
    check_fits(text)
    flat = " ".join(text.split())
    for owner, places in enumerate(view["pawns"]):
        letter = "abcdef"[owner]
        for i, _place in enumerate(places):
            assert f"{letter}{i + 1}" in text  # every pawn is somewhere: track, home or nest
        nest = [f"{letter}{i + 1}" for i, p in enumerate(places) if p == "N"]
        row = next(
            line
            for line in text.splitlines()
            if f"{letter} seat {owner}" in line and re.search(r"\d+-\d+", line)
        )
        for pawn in nest:
            assert pawn in row
        for i, p in enumerate(places):
            if isinstance(p, str) and p.startswith("H"):
                assert f"{letter}{i + 1}" in row.split("[", 2)[-1]  # in its home brackets
    sizes = " ".join(f"{'abcdef'[s]} {n}" for s, n in enumerate(view["hand_sizes"]))
    assert f"Cards in hand: {sizes}" in flat
    assert f"dealer: {'abcdef'[view['dealer']]} seat {view['dealer']}" in flat
    if view["seat"] is None:
        assert "Your hand" not in text and "(you)" not in text
    else:
        hand = " ".join(f"[{c}]" for c in view["hand"]) or "none"
        assert f"Your hand: {hand}" in flat


def test_keezbord_track_cells_put_pawns_on_their_spaces():
    renderer = renderer_for("keezbord")
    view = gametable.load_game("keezbord").new_game(4, seed=3).view(1)
    view["pawns"][0] = [0, 5, "H2", "N"]  # a1 on seat 0's start, a2 five spaces on, a3 home
    view["pawns"][1] = [17, "N", "N", "N"]
    text = render(renderer.board(view))
    row_a = next(line for line in text.splitlines() if "a seat 0 " in line and "0-15" in line)
    row_b = next(line for line in text.splitlines() if "b seat 1" in line and "16-31" in line)
    assert "[a1]" in row_a and " a2 " in row_a and "[·· a3 ·· ··]" in row_a
    assert "[S]  b1" in row_b  # b's start is empty, b1 stands on the next space
    assert "b2 b3 b4" in row_b  # in the nest


def test_keezbord_summary_when_a_deal_ends_and_at_the_end():
    renderer = renderer_for("keezbord")
    game = gametable.load_game("keezbord")
    state = game.new_game(4, seed=5)
    rng = random.Random(5)
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
    assert any("Deal over" in s for s in shown)
    assert "The game is over" in shown[-1]
    for text in shown:
        check_fits(text)
        assert "home" in text and "seat 3" in text


# -- Balam ----------------------------------------------------------------------------------------
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


#: (game, player count, every how many steps a board is drawn, the check of its text)
BOARDS_ALONG_GAMES = [
    *(("keezbord", p, 37, check_keezbord) for p in (2, 4, 6)),
    *(("balam", p, 11, check_balam) for p in (2, 3, 4)),
]


@pytest.mark.parametrize(("game", "players", "every", "check"), BOARDS_ALONG_GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_boards_along_random_games_show_the_view(game, players, every, check, seed):
    """Every seat's board and the spectator's show what their view holds, and fit 80 columns."""
    renderer = renderer_for(game)
    for state, seat in random_game(game, players, seed, every=every):
        for who in {seat, None} if seat >= 0 else {None, 0}:
            view = state.view(who)
            check(view, render(renderer.board(view)))
    check_fits(render(renderer.board(state.view(0)), colour=True))


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


@pytest.mark.parametrize("name", ["keezbord", "balam"])
def test_missing_view_keys_fall_back_to_the_generic_table(name):
    renderer = renderer_for(name)
    view = gametable.load_game(name).new_game(4, seed=1).view(0)
    for key in ("pawns", "sites", "kings", "katun"):
        view.pop(key, None)
    text = render(renderer.board(view))
    assert text.strip()
    assert renderer.summary(view, view) is None or render(renderer.summary(view, view))


@pytest.mark.parametrize("name", ["keezbord", "balam"])
def test_help_says_how_a_turn_works(name):
    assert f"Full rules: gametable rules {name}" in renderer_for(name).help


# -- gametable play -------------------------------------------------------------------------------
runner = CliRunner()


@pytest.fixture
def _tmp_cwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")


@pytest.mark.usefixtures("_tmp_cwd")
@pytest.mark.parametrize(
    ("name", "players", "shown"),
    [
        ("keezbord", "4", ["Your hand:", "Cards in hand:", "home H1-H4", "Teams: a+c, b+d"]),
        ("keezbord", "2", ["Your hand:", "[S]", "home H1-H4"]),
        ("balam", "3", ["Katun cards this round:", "personal riches", "a1 SHE", "Round 1"]),
    ],
)
def test_gametable_play_shows_the_board(name, players, shown):
    result = runner.invoke(
        app, ["play", name, "-p", players, "--seed", "2"], input="1\n" * 50 + "quit\n"
    )
    assert "Traceback" not in result.output
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    for fact in shown:
        assert fact in out, fact


@pytest.mark.usefixtures("_tmp_cwd")
@pytest.mark.parametrize("name", ["keezbord", "balam"])
def test_gametable_play_help_shows_the_turn_help(name):
    result = runner.invoke(app, ["play", name, "--seed", "2"], input="help\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"gametable rules {name}" in " ".join(result.output.split())


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
