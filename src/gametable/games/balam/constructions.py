"""Constructions ("2 - CONSTRUCTIONS"): building, removing, paying a building's cost.

After paying his turn's riches a king may build on one site only: one of his cities or a free
site (which takes one of his 12 large pyramids: the 13th marks his score).  Each rule below
returns a :class:`~gametable.games.balam.rules.Refusal` or ``None``; :func:`build_actions` lists
exactly the builds none of them refuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gametable.core.protocol import Action
from gametable.games.balam import rules
from gametable.games.balam.actions import Build, Remove, remember
from gametable.games.balam.board import (
    BASE_COST,
    BUILDINGS,
    CACAO,
    DOUBLE,
    JADE,
    KINDS,
    LARGE_PYRAMIDS,
    MAIZE,
    MARKET,
    MAX_PLOTS,
    RICHES,
    SHELL,
    SMALL_PYRAMIDS,
    SPECIAL_COST,
    TILE_LIMIT,
    TILE_NAMES,
    TILE_OF,
    Board,
    Building,
)
from gametable.games.balam.phases import ACT, COST, DECIDE, TURN, Then
from gametable.games.balam.rules import Refusal
from gametable.games.balam.state import BUILT, BalamData, not_now
from gametable.games.balam.turns import pay_actions, pay_first_refusal


# -- the rules -----------------------------------------------------------------------------------------
def build_phase_refusal(state: BalamData, seat: int) -> Refusal | None:
    """A king builds after paying his turn's riches."""
    if state.phase is ACT:
        return None
    if state.phase is TURN:
        return pay_first_refusal(state, seat, "build")
    return Refusal("you cannot build now", rules.CONSTRUCTIONS)


def site_refusal(state: BalamData, seat: int, site: int, large_free: int) -> Refusal | None:
    """Where a king may build (``large_free``: his large pyramids not yet on the board):

    1. on his own site or on a site nobody holds;
    2. on one site only per turn;
    3. a new site needs one of his 12 large pyramids (the 13th stands on the score track).
    """
    owner = state.owner[site]
    if owner != seat and owner != -1:
        return Refusal(
            f"site {state.board.names[site]} belongs to seat {owner}; you build only on your "
            "own sites or on a free one",
            rules.CONSTRUCTIONS,
        )
    if state.build_site != -1 and state.build_site != site:
        return Refusal(
            "you already build on another site this turn; one site per turn", rules.CONSTRUCTIONS
        )
    if owner == -1 and large_free <= 0:
        return Refusal(
            f"all your {LARGE_PYRAMIDS} large pyramids are in use, so you cannot take a new site",
            rules.LARGE_LIMIT,
        )
    return None


def plot_refusal(board: Board, site: int, free: int, plot: int) -> Refusal | None:
    """A building needs an empty plot of the site (``free``: its empty plots, bit by bit)."""
    if plot >= board.plots[site]:
        return Refusal(f"site {board.names[site]} has no plot {plot}", rules.PLOTS)
    if not free >> plot & 1:
        return Refusal(f"plot {plot} is already built on; remove that building first", rules.PLOTS)
    return None


def second_plot_refusal(board: Board, site: int, free: int, plot: int, kind: int) -> Refusal | None:
    """A palace or temple also covers the next plot, which must be empty too."""
    if not DOUBLE[kind]:
        return None
    second = board.second_plot(site, plot)
    if second is None:
        return Refusal(
            f"a {KINDS[kind]} needs plot {plot} and the next plot, and plot {plot} is the last "
            "of this site",
            rules.PLOT_LAYOUT,
        )
    if not free >> second & 1:
        return Refusal(f"a {KINDS[kind]} also covers plot {second}, which is taken", rules.PLOTS)
    return None


def cost_refusal(sheet: list[int], total: int, kind: int) -> Refusal | None:
    """Base buildings cost 1 or 2 riches of any type; the others one riches of a given type
    (``total``: the riches on the king sheet)."""
    special = SPECIAL_COST[kind]
    if special is not None:
        if sheet[special] <= 0:
            return Refusal(
                f"a {KINDS[kind]} costs 1 {RICHES[special]}, and you have none", rules.COSTS
            )
    elif total < BASE_COST[kind]:
        return Refusal(
            f"a {KINDS[kind]} costs {BASE_COST[kind]} riches; you have {total}", rules.COSTS
        )
    return None


def tile_refusal(tiles: list[int], kind: int) -> Refusal | None:
    """A building needs a tile of its type left in the box (``tiles``: those on the board)."""
    tile = TILE_OF[kind]
    if tiles[tile] >= TILE_LIMIT[tile]:
        return Refusal(
            f"all {TILE_LIMIT[tile]} {TILE_NAMES[tile]} tiles are on the board", rules.TILE_SUPPLY
        )
    return None


def market_refusal(kind: int, small_left: int, needed: int) -> Refusal | None:
    """A market puts a small pyramid on its site and on each neighbour (``needed`` in all): the
    king needs them all among his ``small_left``."""
    if kind == MARKET and small_left < needed:
        return Refusal(
            f"a market here needs {needed} small pyramids; you have {small_left} of your "
            f"{SMALL_PYRAMIDS} left",
            rules.MARKET_PYRAMIDS,
        )
    return None


def refuse_build(state: BalamData, action: Build, seat: int) -> Refusal | None:
    s = state.board.index(action.site)
    kind = action.building
    free = state.free_plots[s]
    return (
        build_phase_refusal(state, seat)
        or site_refusal(state, seat, s, LARGE_PYRAMIDS - state.cities(seat))
        or plot_refusal(state.board, s, free, action.plot)
        or second_plot_refusal(state.board, s, free, action.plot, kind)
        or cost_refusal(state.sheets[seat], sum(state.sheets[seat]), kind)
        or tile_refusal(state.tiles, kind)
        or market_refusal(kind, SMALL_PYRAMIDS - state.small_used(seat), market_needs(state, s))
    )


def market_needs(state: BalamData, site: int) -> int:
    """Small pyramids a market on ``site`` puts on the board."""
    return 1 + len(state.board.neighbours[site])


def removal_refusal(state: BalamData, seat: int, b: int) -> Refusal | None:
    """While building, a king may remove one of his buildings, on the turn's site only."""
    s = b // MAX_PLOTS
    if state.owner[s] != seat or state.buildings[b] not in BUILDINGS:
        where = f"{state.board.names[s]}.{b % MAX_PLOTS}"
        return Refusal(f"no building of yours stands on {where}", rules.REMOVAL)
    if state.build_site != -1 and state.build_site != s:
        return Refusal(
            "you build on another site this turn; you may remove a building only there",
            rules.REMOVAL,
        )
    return None


def refuse_remove(state: BalamData, action: Remove, seat: int) -> Refusal | None:
    if state.phase is TURN:
        return pay_first_refusal(state, seat, "remove a building")
    if state.phase is not ACT:
        return not_now(state, action)
    return removal_refusal(state, seat, state.action_codec.b(action.site, action.plot))


# -- the legal actions ------------------------------------------------------------------------------------
MARKET_BIT: Final = 1 << MARKET
BUILDING_CODES: Final = tuple(range(len(Building)))
#: no site (where a market is refused when the king has every building's pyramids)
NO_SITES: Final[frozenset[int]] = frozenset()


#: the riches that pay for the special buildings, one bit each in the key of :data:`COSTS`
PAID_SPECIALLY: Final = (MAIZE, CACAO, SHELL, JADE)
assert set(PAID_SPECIALLY) == {r for r in SPECIAL_COST if r is not None}
#: the most a base building costs: a sheet's total counts in the key of :data:`COSTS` up to it
MOST_BASE: Final = max(BASE_COST)


def _costs_table() -> tuple[int, ...]:
    """The buildings :func:`cost_refusal` lets a sheet pay for, bit by bit, by the key
    ``min(total, MOST_BASE) << 4 | held`` (``held``: a bit per riches of :data:`PAID_SPECIALLY`
    on the sheet): all that rule reads of a sheet."""
    table = []
    for key in range((MOST_BASE + 1) << len(PAID_SPECIALLY)):
        sheet = [0] * len(RICHES)
        for i, r in enumerate(PAID_SPECIALLY):
            sheet[r] = key >> i & 1
        total = key >> len(PAID_SPECIALLY)
        table.append(sum(1 << k for k in BUILDING_CODES if cost_refusal(sheet, total, k) is None))
    return tuple(table)


def _tiles_table() -> tuple[int, ...]:
    """The buildings :func:`tile_refusal` allows, bit by bit, by the key holding a bit per tile
    type with a tile left in the box: all that rule reads of the tiles on the board."""
    table = []
    for key in range(1 << len(TILE_LIMIT)):
        tiles = [0 if key >> t & 1 else TILE_LIMIT[t] for t in range(len(TILE_LIMIT))]
        table.append(sum(1 << k for k in BUILDING_CODES if tile_refusal(tiles, k) is None))
    return tuple(table)


COSTS: Final = _costs_table()
IN_BOX: Final = _tiles_table()
assert len(PAID_SPECIALLY) == len(TILE_LIMIT) == 4  # the keys written out in affordable()


def affordable(state: BalamData, seat: int) -> int:
    """The buildings the king can pay for and still find a tile for, bit by bit (from the
    tables of :func:`cost_refusal` and :func:`tile_refusal`, keys written out: this runs
    whenever the builds are listed)."""
    sheet, tiles = state.sheets[seat], state.tiles
    cost_key = (
        min(sum(sheet), MOST_BASE) << 4
        | (sheet[MAIZE] > 0)
        | (sheet[CACAO] > 0) << 1
        | (sheet[SHELL] > 0) << 2
        | (sheet[JADE] > 0) << 3
    )
    tile_key = (
        (tiles[0] < TILE_LIMIT[0])
        | (tiles[1] < TILE_LIMIT[1]) << 1
        | (tiles[2] < TILE_LIMIT[2]) << 2
        | (tiles[3] < TILE_LIMIT[3]) << 3
    )
    return COSTS[cost_key] & IN_BOX[tile_key]


def market_refused(state: BalamData, seat: int) -> frozenset[int]:
    """The sites where the king lacks the small pyramids a market needs (memoised by how many
    he has left)."""
    small_left = SMALL_PYRAMIDS - state.small_used(seat)
    sites = state.actions.markets.get(small_left)
    if sites is None:
        sites = frozenset(
            s
            for s in state.board.sites
            if market_refusal(MARKET, small_left, market_needs(state, s)) is not None
        )
        remember(state.actions.markets, small_left, sites)
    return sites


def site_builds(state: BalamData, site: int, kinds: int) -> tuple[Action, ...]:
    """The builds the plot rules allow on ``site`` for the buildings in ``kinds`` (bit by bit),
    plot by plot: a function of the site's empty plots, memoised per board
    (``state.actions.site_builds``)."""
    free = state.free_plots[site]
    rows = state.actions.site_builds
    row = rows[site << MAX_PLOTS | free]
    if row is None:
        row = rows[site << MAX_PLOTS | free] = {}
    builds = row.get(kinds)
    if builds is None:
        board, table = state.board, state.actions.build
        base = site * MAX_PLOTS
        found: list[Action] = []
        for p in range(board.plots[site]):
            if plot_refusal(board, site, free, p) is not None:
                continue
            for k in BUILDING_CODES:
                if kinds >> k & 1 and second_plot_refusal(board, site, free, p, k) is None:
                    found.append(table[k][base + p])
        builds = row[kinds] = tuple(found)
    return builds


def build_actions(state: BalamData, seat: int) -> list[Action]:
    """Every build no rule refuses (the phase aside), site by site, plot by plot, in a new list
    (each site's builds are memoised per board by :func:`site_builds`)."""
    kinds = affordable(state, seat)
    if not kinds:
        return []
    large_free = LARGE_PYRAMIDS - state.cities(seat)
    lock = state.build_site
    if lock >= 0:  # one site only
        if site_refusal(state, seat, lock, large_free) is not None:
            return []
        if kinds & MARKET_BIT and lock in market_refused(state, seat):
            kinds &= ~MARKET_BIT
        return list(site_builds(state, lock, kinds))
    no_market = market_refused(state, seat) if kinds & MARKET_BIT else NO_SITES
    rows, free = state.actions.site_builds, state.free_plots
    out: list[Action] = []
    # rules 1 and 3 of site_refusal (rule 2 holds: no turn's site yet) read in the same pass
    # over the owners; site_builds's memo read here: a call per site costs more than the lookup
    for s, holder in enumerate(state.owner):
        if holder != seat and (holder != -1 or large_free <= 0):
            continue
        k = kinds & ~MARKET_BIT if no_market and s in no_market else kinds
        row = rows[s << MAX_PLOTS | free[s]]
        part = None if row is None else row.get(k)
        out += site_builds(state, s, k) if part is None else part
    return out


def turn_site_actions(state: BalamData, seat: int) -> list[Action]:
    """Once the king has built or removed on the turn's site (``state.build_site``), the builds
    and then the removals there, in a new list: :func:`build_actions` followed by
    :func:`remove_actions`, with the site rules settled once for that site (his own site passes
    :func:`site_refusal`; only a site he emptied this turn is asked again)."""
    lock = state.build_site
    mine = state.owner[lock] == seat
    out: list[Action]
    if mine or site_refusal(state, seat, lock, LARGE_PYRAMIDS - state.cities(seat)) is None:
        kinds = affordable(state, seat)
        if kinds & MARKET_BIT and market_refusal(
            MARKET, SMALL_PYRAMIDS - state.small_placed[seat], market_needs(state, lock)
        ):
            kinds &= ~MARKET_BIT
        out = list(site_builds(state, lock, kinds)) if kinds else []
    else:
        out = []
    if mine:  # removal_refusal: his buildings on the turn's site
        remove, buildings = state.actions.remove, state.buildings
        base = lock * MAX_PLOTS
        for b in range(base, base + MAX_PLOTS):
            if buildings[b] in BUILDINGS:
                out.append(remove[b])
    return out


def remove_actions(state: BalamData, seat: int) -> Sequence[Action]:
    """The king's buildings he may remove (memoised until a building goes up or down: the
    caller must not change it)."""
    remove, buildings, lock = state.actions.remove, state.buildings, state.build_site
    if lock >= 0:  # the turn's site only (removal_refusal: his buildings there), afresh
        if state.owner[lock] != seat:
            return ()
        base = lock * MAX_PLOTS
        here: list[Action] = []
        for b in range(base, base + MAX_PLOTS):
            if buildings[b] in BUILDINGS:
                here.append(remove[b])
        return here
    found = state.plot_memo[seat]
    if found is None:
        # removal_refusal: his buildings (no turn's site yet)
        found = tuple([remove[b] for b in state.plots_of(seat) if buildings[b] in BUILDINGS])
        state.plot_memo[seat] = found
    return found


def cost_actions(state: BalamData, seat: int) -> tuple[Action, ...]:
    """A building's cost is paid one riches at a time, from the king's sheet."""
    return pay_actions(state, seat)


# -- playing them -------------------------------------------------------------------------------------------
def build(state: BalamData, action: Build, seat: int) -> Then:
    """The building goes up; a special building's riches is paid at once, a base building's
    cost next (``cost`` phase)."""
    s = state.board.index(action.site)
    kind = action.building
    state.build_site = s
    state.erect(seat, kind, s * MAX_PLOTS + action.plot)
    state.count("buildings_built")
    state.count(BUILT[kind])
    name = KINDS[kind]
    article = "an" if name[0] in "aeiou" else "a"
    state.note(f"seat {seat} builds {article} {name} on {action.site}.{action.plot}")
    special = SPECIAL_COST[kind]
    if special is not None:
        state.pay_to_supply(seat, special)
    else:
        state.cost_due = BASE_COST[kind]
        state.phase = COST
    return DECIDE


def pay_cost(state: BalamData, seat: int, riches: int) -> Then:
    """One riches of a building's cost."""
    state.pay_to_supply(seat, riches)
    state.cost_due -= 1
    if state.cost_due <= 0:
        state.phase = ACT
    return DECIDE


def remove(state: BalamData, action: Remove, seat: int) -> Then:
    state.build_site = state.board.index(action.site)
    state.demolish(state.action_codec.b(action.site, action.plot))
    state.count("buildings_removed")
    state.note(f"seat {seat} removes a building on {action.site}.{action.plot}")
    return DECIDE
