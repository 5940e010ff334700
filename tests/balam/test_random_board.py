"""``board=random``: the default board's tiles laid out at random, drawn from the game's seed
("Setup > Building the board": BA-020 lets the tiles be placed at random; BA-021 puts the sea
tiles in the corners)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gametable.core.conformance import check_determinism, check_playout
from gametable.core.errors import InvalidState
from gametable.core.record import Record
from gametable.core.rng import Rng
from gametable.games.balam.board import BoardError, load_board, register_board
from gametable.games.balam.randomboard import random_board, random_tiles, sea_places
from tests.balam.helpers import GAME

RANDOM = {"board": "random"}


def tile_contents(board, s):
    return (board.colour[s], board.plots[s], board.volcano[s], board.cenote[s])


def test_a_random_board_lays_the_default_tiles_with_the_sea_in_the_corners():
    """BA-020 BA-021 BA-003: the same 30 tiles as the default board, side by side on the same
    5 x 6 places (paths between tiles sharing an edge), the 4 sea tiles in the corners; the
    seashore is the sea tiles and the tiles touching one."""
    default = load_board("default")
    corners = set(sea_places(default))
    for seed in range(5):
        board = GAME.new_game(2, seed=seed, options=RANDOM).board
        assert board.name == "random"
        assert board.names == default.names and board.xy == default.xy
        assert board.neighbours == default.neighbours
        assert Counter(tile_contents(board, s) for s in board.sites) == Counter(
            tile_contents(default, s) for s in default.sites
        )
        sea = {s for s in board.sites if board.colour[s] == default.colour[0]}  # shell
        assert sea == corners
        coast = corners | {t for s in corners for t in board.neighbours[s]}
        assert {s for s in board.sites if board.seashore[s]} == coast


def test_the_layout_is_drawn_from_the_seed():
    """BA-020: each seed draws its layout; the same seed, the same layout."""
    layouts = {GAME.new_game(3, seed=seed, options=RANDOM).board_tiles for seed in range(6)}
    assert len(layouts) == 6
    again = GAME.new_game(3, seed=4, options=RANDOM)
    assert again.board_tiles == GAME.new_game(3, seed=4, options=RANDOM).board_tiles
    assert again.view(0)["board"]["name"] == "random"


def test_the_deck_is_the_one_the_seed_gives_on_the_default_board():
    """BA-026 BA-030: the layout comes from a stream of the seed of its own, so the Katun deck
    is the same as on the default board."""
    a = GAME.new_game(2, seed=9, options=RANDOM).to_json()["katun"]
    b = GAME.new_game(2, seed=9).to_json()["katun"]
    assert a == b


def test_a_record_replays_on_the_same_layout():
    """BA-020: the record (seed, options, moves) rebuilds the layout."""
    record = Record.start(GAME, 2, seed=12, options=RANDOM)
    state = GAME.new_game(2, seed=12, options=RANDOM)
    rng = random.Random(3)
    for _ in range(120):
        action = rng.choice(state.legal_actions())
        record.append(state, action, state.to_move[0])  # applies it
    again = Record.from_json(record.to_json()).replay()
    assert again.board is state.board
    assert again.to_json() == state.to_json()


def test_positions_hold_the_layout():
    """BA-020: a position of a random board writes its layout (``board_tiles``) and is read
    back on it; a position left without it takes the layout its seed draws; a default board's
    position has none."""
    state = GAME.new_game(2, seed=21, options=RANDOM)
    rng = random.Random(1)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    data = state.to_json()
    assert set(data["board_tiles"]) == set(load_board("default").names)
    loaded = GAME.state_from_json(data)
    assert loaded.board is state.board and loaded.to_json() == data
    data.pop("board_tiles")
    assert GAME.state_from_json(data).board is state.board
    assert "board_tiles" not in GAME.new_game(2, seed=21).to_json()


def test_a_hand_written_layout_is_checked():
    """BA-021: every tile once, the sea tiles in the corners; only with board=random."""
    names = load_board("default").names
    identity = {n: n for n in names}
    head = {"game": "balam", "players": 2, "options": RANDOM, "kings": [{}, {}]}
    head["katun"] = {"slots": ["drought"] * 3}
    state = GAME.state_from_json({**head, "board_tiles": identity})
    default = load_board("default")
    assert [tile_contents(state.board, s) for s in state.board.sites] == [
        tile_contents(default, s) for s in default.sites
    ]
    swapped = {**identity, "a1": "b1", "b1": "a1"}
    with pytest.raises(InvalidState, match="sea tiles lie in the corners"):
        GAME.state_from_json({**head, "board_tiles": swapped})
    twice = {**identity, "b1": "c1"}
    with pytest.raises(InvalidState, match="each of the default board's 30 tiles once"):
        GAME.state_from_json({**head, "board_tiles": twice})
    with pytest.raises(InvalidState, match="every place"):
        GAME.state_from_json({**head, "board_tiles": {"a1": "a1"}})
    with pytest.raises(InvalidState, match="only for the option board=random"):
        GAME.state_from_json({**head, "options": {}, "board_tiles": identity})
    with pytest.raises(BoardError, match="sea tiles"):
        random_board(tuple(swapped[n] for n in names))


def test_random_tiles_keep_the_sea_in_the_corners_for_any_draw():
    """BA-021, over many draws."""
    default = load_board("default")
    sea = {default.names[s] for s in sea_places(default)}
    for seed in range(200):
        tiles = random_tiles(Rng(seed))
        assert sorted(tiles) == sorted(default.names)
        assert {tiles[s] for s in sea_places(default)} == sea


# four seats take 10 s: with the slow tests (CI); two seats check the random board quickly
@pytest.mark.parametrize("players", [2, pytest.param(4, marks=pytest.mark.slow)])
def test_random_board_playout(players):
    report = check_playout(GAME, players, seed=players, options=RANDOM, deep_every=4)
    assert report.over


def test_random_board_same_seed_same_game():
    check_determinism(GAME, 3, seed=5, steps=200, options=RANDOM)


def test_random_is_not_a_name_for_a_board_file(tmp_path):
    """A board file cannot be registered as ``random`` (the option's own value)."""
    path = tmp_path / "b.toml"
    path.write_text('[[site]]\nid = "x"\ncolour = "maize"\nplots = 2\n')
    with pytest.raises(BoardError, match="built-in board"):
        register_board("random", path)
