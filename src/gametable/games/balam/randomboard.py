"""The random board ("Setup > Building the board"): the default board's tiles laid out at
random, the sea tiles in the corners (BA-020, BA-021), and the board of a game, named or drawn.

>>> from gametable.core.rng import Rng
>>> tiles = random_tiles(Rng(7))
>>> tiles_problem(tiles) is None, random_board(tiles).names == load_board(DEFAULT).names
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from gametable.core.rng import Rng
from gametable.games.balam.board import DEFAULT, RANDOM, Board, BoardError, load_board


def sea_places(board: Board) -> tuple[int, ...]:
    """The corners of a rectangular board's grid, where the sea tiles lie."""
    xs = [xy[0] for xy in board.xy if xy is not None]
    ys = [xy[1] for xy in board.xy if xy is not None]
    corners = {(x, y) for x in (min(xs), max(xs)) for y in (min(ys), max(ys))}
    return tuple(s for s in board.sites if board.xy[s] in corners)


def random_tiles(rng: Rng) -> tuple[str, ...]:
    """The default board's 30 tiles laid out at random (BA-020) under the default's constraint
    (BA-021): the 4 sea tiles shuffled among the corners, the others among the other places.
    Per place (in the default board's site order), the tile laid there, named by its place on
    the default board."""
    default = load_board(DEFAULT)
    corners = sea_places(default)
    inland = [s for s in default.sites if s not in corners]
    seas, others = list(corners), list(inland)
    rng.shuffle(seas)
    rng.shuffle(others)
    out = [""] * len(default.names)
    for places, tiles in ((corners, seas), (inland, others)):
        for place, tile in zip(places, tiles, strict=True):
            out[place] = default.names[tile]
    return tuple(out)


def tiles_problem(tiles: Sequence[str]) -> str | None:
    """What is wrong with a random board's layout (:func:`random_tiles`), or None."""
    default = load_board(DEFAULT)
    if len(tiles) != len(default.names) or set(tiles) != set(default.names):
        return f"must lay each of the default board's {len(default.names)} tiles once"
    corners = sea_places(default)
    sea = {default.names[s] for s in corners}
    misplaced = [default.names[s] for s in corners if tiles[s] not in sea]
    if misplaced:
        return f"the sea tiles lie in the corners: {misplaced[0]} holds {tiles[corners[0]]!r}"
    return None


@lru_cache(maxsize=32)
def random_board(tiles: tuple[str, ...]) -> Board:
    """The board of a layout drawn by :func:`random_tiles`: the default board's places (names,
    tiles' positions, paths between tiles sharing an edge, the seashore: the sea tiles and the
    tiles touching one), each holding the colour, plots, volcano and cenote of the tile laid
    there.  Kept for the last few layouts (games of one layout share their board)."""
    problem = tiles_problem(tiles)
    if problem:
        raise BoardError(f"random board: {problem}")
    default = load_board(DEFAULT)
    tile = [default.index(t) for t in tiles]
    board = Board(
        name=RANDOM,
        title="Random board (the default tiles shuffled, sea in the corners)",
        names=default.names,
        colour=tuple(default.colour[t] for t in tile),
        plots=tuple(default.plots[t] for t in tile),
        seashore=default.seashore,
        volcano=tuple(default.volcano[t] for t in tile),
        cenote=tuple(default.cenote[t] for t in tile),
        neighbours=default.neighbours,
        xy=default.xy,
    )
    return board


def game_board(name: str, tiles: tuple[str, ...] | None) -> Board:
    """The board of a game: the named one, or the random layout ``tiles`` for ``random``."""
    if name == RANDOM:
        assert tiles is not None
        return random_board(tiles)
    return load_board(name)
