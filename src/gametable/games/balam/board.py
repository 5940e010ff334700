"""The board of Balam: sites, their building plots, production colour, features and paths.

Boards are data (TOML, see ``docs/rules/balam.md`` "Board files"), loaded and validated once.
A site has 2 to 4 plots.  Plots are numbered from 0 and lie in a row, plot ``p`` beside plot
``p + 1``; a site of 4 plots is a 2 x 2 square, so plot 3 also touches plot 0.  A palace or
temple anchored on plot ``p`` covers ``p`` and the next plot.

>>> board = load_board("default")
>>> len(board.sites), board.names[0], board.colour[0]
(30, 'a1', 2)
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from importlib import resources
from itertools import permutations
from math import isqrt
from pathlib import Path
from typing import Any, Final, Literal, cast

from gametable.games.balam.boardview import AllRiches, BoardView, Feature, RichesCount, RichesName

#: the boards' folder, found through the package (a compiled module's own file is elsewhere)
DATA: Final = Path(str(resources.files(__name__.rpartition(".")[0]))) / "data"


class Riches(IntEnum):
    """The six riches, in the order used everywhere (a riches' code is its value)."""

    MAIZE = 0
    CACAO = 1
    SHELL = 2
    JADE = 3
    OBSIDIAN = 4
    PRISONER = 5


# the codes as plain ints for the rules (compiled, an enum member is a Python object: every
# comparison or index with one is a generic operation; an int ``Final`` is written into the code)
MAIZE: Final = 0
CACAO: Final = 1
SHELL: Final = 2
JADE: Final = 3
OBSIDIAN: Final = 4
PRISONER: Final = 5
assert tuple(Riches) == (MAIZE, CACAO, SHELL, JADE, OBSIDIAN, PRISONER)
#: the riches' names, by code
RICHES: Final[tuple[RichesName, ...]] = ("maize", "cacao", "shell", "jade", "obsidian", "prisoner")
assert tuple(r.name.lower() for r in Riches) == RICHES
#: what lies on a plot that holds no riches
NO_RICHES: Final = -1
#: the token supply (Components)
SUPPLY: Final[tuple[int, ...]] = (30, 10, 8, 8, 16, 10)
#: colours a site may produce (prisoners are captured, never produced)
COLOURS: Final = RICHES[:PRISONER]
FEATURES: Final[tuple[Feature, ...]] = ("seashore", "volcano", "cenote")
MAX_PLOTS: Final = 4
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class BoardError(ValueError):
    """A board file that cannot be played on, with the reason."""


@dataclass(frozen=True, eq=False)
class Board:
    """An immutable, validated board.  Sites are indexed 0..n-1 in file order.  Boards are
    loaded once and compared by identity (cheap to hash: the caches key on them)."""

    name: str
    title: str
    names: tuple[str, ...]
    colour: tuple[int, ...]
    plots: tuple[int, ...]
    seashore: tuple[bool, ...]
    volcano: tuple[bool, ...]
    cenote: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    xy: tuple[tuple[int, int] | None, ...]
    #: each site's index by its name (derived from ``names``)
    by_name: dict[str, int] = field(init=False, repr=False)
    #: the public layout once built (see :func:`board_json`)
    layout_json: list[BoardView] = field(init=False, repr=False)
    #: per site, its neighbours as a bit mask (bit ``t`` for site ``t``; derived)
    neighbour_bits: tuple[int, ...] = field(init=False, repr=False)
    #: per plot position (``4 * site + plot``), the position of the plot a palace or temple
    #: anchored there also covers, or -1 (:func:`second_of`; derived)
    second_at: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # derived values, set once (a frozen dataclass is set through object.__setattr__)
        object.__setattr__(self, "by_name", {n: i for i, n in enumerate(self.names)})
        object.__setattr__(self, "layout_json", [])
        bits = tuple(sum(1 << t for t in set(near)) for near in self.neighbours)
        object.__setattr__(self, "neighbour_bits", bits)
        second = []
        for s, plots in enumerate(self.plots):
            for p in range(MAX_PLOTS):
                q = second_of(plots, p) if p < plots else None
                second.append(-1 if q is None else s * MAX_PLOTS + q)
        object.__setattr__(self, "second_at", tuple(second))

    @property
    def sites(self) -> range:
        return range(len(self.names))

    @property
    def size(self) -> int:
        """Number of building positions ``b = site * 4 + plot`` (some unused)."""
        return len(self.names) * MAX_PLOTS

    def index(self, name: str) -> int:
        try:
            return self.by_name[name]
        except KeyError:
            raise KeyError(f"no site {name!r} on board {self.name!r}") from None

    def second_plot(self, site: int, plot: int) -> int | None:
        """The plot a palace or temple anchored on ``plot`` also covers (None if it cannot)."""
        return second_of(self.plots[site], plot)

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    @property
    def cenotes(self) -> tuple[int, ...]:
        return tuple(s for s in self.sites if self.cenote[s])

    def to_json(self) -> BoardView:
        """The public layout: per site its id, colour, plot count, features, place on the map
        (``x``/``y``: :func:`map_places`) and neighbours."""
        places = map_places(self.xy)
        return {
            "name": self.name,
            "title": self.title,
            "sites": [
                {
                    "id": self.names[s],
                    "colour": RICHES[self.colour[s]],
                    "plots": self.plots[s],
                    "features": features_of(self, s),
                    "x": places[s][0],
                    "y": places[s][1],
                    "neighbours": [self.names[t] for t in self.neighbours[s]],
                }
                for s in self.sites
            ],
        }


def map_places(xy: Sequence[tuple[int, int] | None]) -> list[tuple[int, int]]:
    """Where each site is drawn: its tile's place from the board file; a site the file places
    nowhere goes, in file order, to the next free square of rows below the placed tiles, rows
    as wide as the placed tiles' grid or, if narrower, about the square root of their number.

    >>> map_places([(0, 0), None, (1, 0), None, None])
    [(0, 0), (0, 1), (1, 0), (1, 1), (0, 2)]
    >>> map_places([None] * 5)
    [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)]
    """
    placed = [p for p in xy if p is not None]
    unplaced = len(xy) - len(placed)
    width = max(
        max((x + 1 for x, _ in placed), default=0), isqrt(unplaced - 1) + 1 if unplaced else 0
    )
    # the free squares, row by row below the placed tiles (a loop, not an endless generator:
    # the compiled build turns generator expressions into lists)
    x, y = 0, max((y + 1 for _, y in placed), default=0)
    out: list[tuple[int, int]] = []
    for p in xy:
        if p is None:
            p = (x, y)
            x += 1
            if x == width:
                x, y = 0, y + 1
        out.append(p)
    return out


def second_of(plots: int, plot: int) -> int | None:
    """On a site of ``plots`` plots, the plot a palace or temple anchored on ``plot`` also covers
    (None if it cannot): the next one, and on a 4-plot site (a 2 x 2 square) plot 0 after 3."""
    if plot < plots - 1:
        return plot + 1
    if plots == 4 and plot == 3:
        return 0
    return None


@cache
def plot_symmetries(plots: int) -> tuple[tuple[int, ...], ...]:
    """The renumberings of a site's plots that keep which plots touch (a palace or temple fits on
    two plots exactly when their images fit it): ``sigma[p]`` is where plot ``p`` goes.  A row of
    2 or 3 plots may be read backwards; a 2 x 2 square turned or mirrored (8 ways).

    >>> plot_symmetries(3)
    ((0, 1, 2), (2, 1, 0))
    >>> len(plot_symmetries(4))
    8
    """
    pairs = {frozenset((p, q)) for p in range(plots) if (q := second_of(plots, p)) is not None}
    return tuple(
        sigma
        for sigma in permutations(range(plots))
        if {frozenset(sigma[p] for p in pair) for pair in pairs} == pairs
    )


def board_json(board: Board) -> BoardView:
    """A fresh copy of ``board.to_json()`` (built once per board and kept on it, copied per
    call)."""
    if not board.layout_json:
        board.layout_json.append(board.to_json())
    layout = board.layout_json[0]
    return {
        "name": layout["name"],
        "title": layout["title"],
        "sites": [
            {**site, "features": list(site["features"]), "neighbours": list(site["neighbours"])}
            for site in layout["sites"]
        ],
    }


def features_of(board: Board, s: int) -> list[Feature]:
    out: list[Feature] = []
    if board.seashore[s]:
        out.append("seashore")
    if board.volcano[s]:
        out.append("volcano")
    if board.cenote[s]:
        out.append("cenote")
    return out


#: one site read from board data: id, colour, plots, features, place on the map
SiteData = tuple[str, int, int, set[str], tuple[int, int] | None]


def parse_board(data: dict[str, Any], name: str = "custom") -> Board:
    """Validate board data (as read from TOML) and build a :class:`Board`.

    Raises :class:`BoardError` naming the problem: an unknown colour or feature, a plot count out
    of range, a path to an unknown site, a site that cannot be reached from the others...
    """
    sites = data.get("site")
    if not isinstance(sites, list) or len(sites) < 2:
        raise BoardError(f"board {name!r}: needs a list of at least 2 [[site]] tables")
    read: list[SiteData] = []
    for i, site in enumerate(sites):
        read.append(_parse_site(site, i, name, [entry[0] for entry in read]))
    names = [entry[0] for entry in read]
    xy = [entry[4] for entry in read]
    adj: list[set[int]] = [set() for _ in names]
    adjacency = data.get("adjacency", "paths")
    if adjacency not in ("paths", "orthogonal"):
        raise BoardError(f"board {name!r}: adjacency is 'paths' or 'orthogonal', not {adjacency!r}")
    if adjacency == "orthogonal":
        _join_orthogonal(xy, names, name, adj)
    _join_paths(data.get("path", []), names, name, adj)
    _check_connected(adj, names, name)
    return Board(
        name=name,
        title=str(data.get("title", name)),
        names=tuple(names),
        colour=tuple(entry[1] for entry in read),
        plots=tuple(entry[2] for entry in read),
        seashore=tuple("seashore" in entry[3] for entry in read),
        volcano=tuple("volcano" in entry[3] for entry in read),
        cenote=tuple("cenote" in entry[3] for entry in read),
        neighbours=tuple(tuple(sorted(a)) for a in adj),
        xy=tuple(xy),
    )


def _parse_site(site: Any, i: int, name: str, names: list[str]) -> SiteData:
    """One ``[[site]]`` table checked: an id not used before (``names``), a colour, 2 to 4
    plots, known features, and integer ``x`` and ``y`` or neither."""
    if not isinstance(site, dict):
        raise BoardError(f"board {name!r}: site #{i + 1} is not a table")
    sid = site.get("id")
    if not isinstance(sid, str) or not _ID.match(sid):
        raise BoardError(
            f"board {name!r}: site #{i + 1} has id {sid!r}; an id is lower-case "
            "letters, digits and _ and starts with a letter"
        )
    if sid in names:
        raise BoardError(f"board {name!r}: two sites are called {sid!r}")
    col = site.get("colour")
    if col not in COLOURS:
        raise BoardError(
            f"board {name!r}: site {sid!r} has unknown colour {col!r}; "
            f"a site produces one of {', '.join(COLOURS)}"
        )
    n = site.get("plots")
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= MAX_PLOTS:
        raise BoardError(f"board {name!r}: site {sid!r} has {n!r} plots; a site has 2 to 4")
    fs = site.get("features", [])
    if not isinstance(fs, list) or any(f not in FEATURES for f in fs):
        raise BoardError(
            f"board {name!r}: site {sid!r} has features {fs!r}; "
            f"features are taken from {', '.join(FEATURES)}"
        )
    x, y = site.get("x"), site.get("y")
    if (x is None) != (y is None) or not all(
        v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in (x, y)
    ):
        raise BoardError(f"board {name!r}: site {sid!r} needs integer x and y (or neither)")
    return sid, COLOURS.index(col), n, set(fs), None if x is None or y is None else (x, y)


def _join_orthogonal(
    xy: list[tuple[int, int] | None], names: list[str], name: str, adj: list[set[int]]
) -> None:
    """Orthogonal adjacency: sites on tiles side by side (each site on a tile of its own)."""
    at: dict[tuple[int, int], int] = {}
    where = f"board {name!r}"
    for i, p in enumerate(xy):
        if p is None:
            raise BoardError(f"{where}: orthogonal adjacency needs x and y on site {names[i]!r}")
        if p in at:
            raise BoardError(
                f"{where}: sites {names[at[p]]!r} and {names[i]!r} share the tile at {p}"
            )
        at[p] = i
    for (x, y), i in at.items():
        for q in ((x + 1, y), (x, y + 1)):
            if q in at:
                adj[i].add(at[q])
                adj[at[q]].add(i)


def _join_paths(paths: Any, names: list[str], name: str, adj: list[set[int]]) -> None:
    """Each ``[[path]]`` joins two different known sites."""
    index = {n: i for i, n in enumerate(names)}
    for k, path in enumerate(paths):
        ends = path.get("between") if isinstance(path, dict) else path
        if not isinstance(ends, list) or len(ends) != 2:
            raise BoardError(f"board {name!r}: path #{k + 1} must name two sites")
        a, b = ends
        for end in (a, b):
            if end not in index:
                raise BoardError(f"board {name!r}: path #{k + 1} leads to unknown site {end!r}")
        if a == b:
            raise BoardError(f"board {name!r}: path #{k + 1} leads from {a!r} to itself")
        adj[index[a]].add(index[b])
        adj[index[b]].add(index[a])


def _check_connected(adj: list[set[int]], names: list[str], name: str) -> None:
    """Every site can be reached from the first along the paths."""
    seen, todo = {0}, [0]
    while todo:
        s = todo.pop()
        for t in adj[s]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    if len(seen) != len(names):
        lost = ", ".join(names[s] for s in range(len(names)) if s not in seen)
        raise BoardError(
            f"board {name!r}: sites {lost} cannot be reached from {names[0]!r} along the paths"
        )


#: the boards that come with the game
BUILTIN: Final = ("default", "small")
DEFAULT: Final = "default"
#: the option's value for the default board's tiles laid out at random, per game
RANDOM: Final = "random"
#: boards registered at run time (:func:`register_board`): name -> file
_REGISTERED: dict[str, Path] = {}
_BOARD_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
#: the largest board file read (a board of 100 sites is about 10 KB)
MAX_BOARD_FILE: Final = 1_000_000


def board_names() -> tuple[str, ...]:
    """The names the ``board`` option accepts: the built-in boards, ``random``, then those
    registered."""
    return (*BUILTIN, RANDOM, *_REGISTERED)


def register_board(name: str, path: str | Path) -> str:
    """Make the board file at ``path`` (TOML, ``docs/rules/balam.md`` "Board files") playable
    as the option ``board=name``; returns ``name``.

    The option accepts only board names (never a path), so that a record or a client cannot make
    the program read any file; a user's own board is registered here, by the command line
    (``gametable play/replay --board-file PATH``) or a program.  The file is read and checked
    now (:class:`BoardError` says what is wrong).  Registering a name again with the same file is
    harmless; with another file it is refused.
    """
    if name in BUILTIN or name == RANDOM:
        raise BoardError(f"{name!r} is a built-in board: register your board under another name")
    if not _BOARD_NAME.match(name):
        raise BoardError(
            f"{name!r} cannot name a board: use letters, digits, '_' and '-' (64 at most)"
        )
    file = Path(path).resolve()
    known = _REGISTERED.get(name)
    if known is not None and known != file:
        raise BoardError(f"a board {name!r} is already registered, from {known}")
    _read_board(file, name)
    _REGISTERED[name] = file
    return name


def _read_board(path: Path, name: str) -> Board:
    """The board in a TOML file, checked (a regular file of reasonable size only)."""
    try:
        if not path.is_file():
            raise BoardError(f"board {name!r}: {path} is not a readable board file")
        if path.stat().st_size > MAX_BOARD_FILE:
            raise BoardError(f"board {name!r}: {path} is too large for a board file")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BoardError(f"cannot read board file {str(path)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise BoardError(f"board file {str(path)!r} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"board file {str(path)!r} is not valid TOML: {exc}") from None
    return parse_board(data, name)


@cache
def load_board(name: str) -> Board:
    """A built-in board (``default``, ``small``) or one registered with :func:`register_board`
    (a ``random`` board is drawn per game: :mod:`.randomboard`)."""
    if name == RANDOM:
        raise BoardError(
            "a random board is drawn for each game: see gametable.games.balam.randomboard"
        )
    if name in BUILTIN:
        return _read_board(DATA / f"board_{name}.toml", name)
    file = _REGISTERED.get(name)
    if file is None:
        raise BoardError(
            f"there is no board {name!r:.80}; the boards are {', '.join(board_names())} (a "
            "board file of your own is registered with register_board, or given to gametable "
            "play and replay with --board-file)"
        )
    return _read_board(file, name)


def check_board_option(value: str) -> str | None:
    """Option check: a built-in or registered board name (the board loads), or ``random``."""
    if value == RANDOM:
        return None
    try:
        load_board(value)
    except BoardError as exc:
        return str(exc)
    return None


def board_frame(name: str) -> Board:
    """A board with the sites every game of the option ``board=name`` has (their names, hence
    the actions' integer encoding): the board itself, or for ``random`` the default board, whose
    places a random board keeps."""
    return load_board(DEFAULT if name == RANDOM else name)


# -- buildings (2 - CONSTRUCTIONS) -------------------------------------------------------------------
class Building(IntEnum):
    """The eight buildings (a building's code is its value)."""

    VILLAGE = 0
    PALACE = 1
    TEMPLE = 2
    GARRISON = 3
    RESERVE = 4
    MARKET = 5
    OBSERVATORY = 6
    COURT = 7


# the codes as plain ints for the rules (see the riches' above)
VILLAGE: Final = 0
PALACE: Final = 1
TEMPLE: Final = 2
GARRISON: Final = 3
RESERVE: Final = 4
MARKET: Final = 5
OBSERVATORY: Final = 6
COURT: Final = 7
assert tuple(Building) == (VILLAGE, PALACE, TEMPLE, GARRISON, RESERVE, MARKET, OBSERVATORY, COURT)
BuildingName = Literal[
    "village", "palace", "temple", "garrison", "reserve", "market", "observatory", "court"
]
#: the buildings' names, by code
KINDS: Final = cast(tuple[BuildingName, ...], tuple(b.name.lower() for b in Building))
#: what a plot holds besides a building's code: nothing, or the second plot of a palace/temple
EMPTY: Final = -1
SECOND_PLOT: Final = len(Building)
#: the codes of the buildings themselves (a plot holding one is the building's anchor)
BUILDINGS: Final = frozenset(range(len(Building)))
#: buildings that take two adjacent plots
DOUBLE: Final[tuple[bool, ...]] = (False, True, True, False, False, False, False, False)
#: riches owed for the 4 base buildings (any riches); the 4 others cost one riches of one type
BASE_COST: Final[tuple[int, ...]] = (1, 2, 2, 1, 0, 0, 0, 0)
SPECIAL_COST: Final[tuple[int | None, ...]] = (None, None, None, None, MAIZE, CACAO, JADE, SHELL)
#: the 4 double-sided tile types and which tile each building is printed on
TILE_OF: Final[tuple[int, ...]] = (0, 1, 1, 0, 2, 2, 3, 3)
TILE_NAMES: Final[tuple[str, ...]] = (
    "village/garrison",
    "palace/temple",
    "market/reserve",
    "court/observatory",
)
#: our split of the 99 tiles among the 4 types (docs/rules/balam.md, "Summary", building tiles)
TILE_LIMIT: Final = (33, 22, 22, 22)
#: each king's set of pyramids: a quarter of the 52 large and 64 small ones ("Components")
LARGE_SET: Final = 13
SMALL_SET: Final = 16
#: one large and one small pyramid of each king stand on the score track from the start ("Setup >
#: Setting up the other elements"), so these are left to build with: cities, and markets' pyramids
LARGE_PYRAMIDS: Final = LARGE_SET - 1
SMALL_PYRAMIDS: Final = SMALL_SET - 1


# -- riches in views ---------------------------------------------------------------------------------
def riches_count(row: Sequence[int]) -> RichesCount:
    """``[2, 0, 0, 1, 0, 0]`` -> ``{"maize": 2, "jade": 1}``."""
    return cast(RichesCount, {RICHES[r]: n for r, n in enumerate(row) if n})


def all_riches(row: Sequence[int]) -> AllRiches:
    return cast(AllRiches, dict(zip(RICHES, row, strict=True)))


def riches_names(codes: Sequence[int]) -> list[RichesName]:
    return [RICHES[r] for r in codes]
