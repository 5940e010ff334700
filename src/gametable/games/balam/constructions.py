"""Constructions ("2 - CONSTRUCTIONS"): building, removing, paying a building's cost.

After paying his turn's riches a king may build on one site only: one of his cities or a free
site (which takes one of his 13 large pyramids).  Each rule below returns a
:class:`~gametable.games.balam.rules.Refusal` or ``None``; :func:`build_actions` lists exactly
the builds none of them refuses.
"""

from __future__ import annotations

from gametable.core.protocol import Action
from gametable.games.balam import rules
from gametable.games.balam.actions import Build, Remove
from gametable.games.balam.board import (
    BASE_COST,
    BUILDINGS,
    DOUBLE,
    EMPTY,
    KINDS,
    LARGE_PYRAMIDS,
    MARKET,
    MAX_PLOTS,
    RICHES,
    SMALL_PYRAMIDS,
    SPECIAL_COST,
    TILE_LIMIT,
    TILE_NAMES,
    TILE_OF,
    Building,
)
from gametable.games.balam.rules import Refusal
from gametable.games.balam.state import (
    ACT,
    BUILT,
    COST,
    DECIDE,
    TURN,
    BalamData,
    Then,
    not_now,
)
from gametable.games.balam.turns import pay_actions


# -- the rules -----------------------------------------------------------------------------------------
def build_phase_refusal(state: BalamData) -> Refusal | None:
    """A king builds after paying his turn's riches."""
    if state.phase == ACT:
        return None
    if state.phase == TURN:
        return Refusal("pay 1 riches first, then build", rules.TURNS)
    return Refusal("you cannot build now", rules.CONSTRUCTIONS)


def site_refusal(state: BalamData, seat: int, site: int) -> Refusal | None:
    """Where a king may build:

    1. on his own site or on a site nobody holds;
    2. on one site only per turn;
    3. a new site needs one of his 13 large pyramids.
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
    if owner == -1 and state.cities(seat) >= LARGE_PYRAMIDS:
        return Refusal(
            f"all your {LARGE_PYRAMIDS} large pyramids are in use, so you cannot take a new site",
            rules.LARGE_LIMIT,
        )
    return None


def plot_refusal(state: BalamData, site: int, plot: int) -> Refusal | None:
    """A building needs an empty plot (of the site's 2 to 4)."""
    if plot >= state.board.plots[site]:
        return Refusal(f"site {state.board.names[site]} has no plot {plot}", rules.PLOTS)
    if state.buildings[site * MAX_PLOTS + plot] != EMPTY:
        return Refusal(f"plot {plot} is already built on; remove that building first", rules.PLOTS)
    return None


def second_plot_refusal(state: BalamData, site: int, plot: int, kind: int) -> Refusal | None:
    """A palace or temple also covers the next plot, which must be empty too."""
    if not DOUBLE[kind]:
        return None
    second = state.board.second_plot(site, plot)
    if second is None:
        return Refusal(
            f"a {KINDS[kind]} needs plot {plot} and the next plot, and plot {plot} is the last "
            "of this site",
            rules.PLOTS,
        )
    if state.buildings[site * MAX_PLOTS + second] != EMPTY:
        return Refusal(f"a {KINDS[kind]} also covers plot {second}, which is taken", rules.PLOTS)
    return None


def cost_refusal(state: BalamData, seat: int, kind: int) -> Refusal | None:
    """Base buildings cost 1 or 2 riches of any type; the others one riches of a given type."""
    chest = state.sheets[seat]
    special = SPECIAL_COST[kind]
    if special is not None:
        if chest[special] <= 0:
            return Refusal(
                f"a {KINDS[kind]} costs 1 {RICHES[special]}, and you have none", rules.COSTS
            )
    elif sum(chest) < BASE_COST[kind]:
        return Refusal(
            f"a {KINDS[kind]} costs {BASE_COST[kind]} riches; you have {sum(chest)}", rules.COSTS
        )
    return None


def tile_refusal(used: list[int], kind: int) -> Refusal | None:
    """A building needs a tile of its type left in the box (``used``: tiles on the board)."""
    tile = TILE_OF[kind]
    if used[tile] >= TILE_LIMIT[tile]:
        return Refusal(
            f"all {TILE_LIMIT[tile]} {TILE_NAMES[tile]} tiles are on the board", rules.TILE_SUPPLY
        )
    return None


def market_refusal(state: BalamData, seat: int, kind: int, site: int) -> Refusal | None:
    """A market puts a small pyramid on its site and on each neighbour: the king needs them all."""
    if kind != MARKET:
        return None
    needed = 1 + len(state.board.neighbours[site])
    left = SMALL_PYRAMIDS - state.small_used(seat)
    if left < needed:
        return Refusal(
            f"a market here needs {needed} small pyramids; you have {left} of your "
            f"{SMALL_PYRAMIDS} left",
            rules.MARKET_PYRAMIDS,
        )
    return None


def refuse_build(state: BalamData, action: Build, seat: int) -> Refusal | None:
    s = state.board.index(action.site)
    kind = action.building
    return (
        build_phase_refusal(state)
        or site_refusal(state, seat, s)
        or plot_refusal(state, s, action.plot)
        or second_plot_refusal(state, s, action.plot, kind)
        or cost_refusal(state, seat, kind)
        or tile_refusal(state.tiles_used(), kind)
        or market_refusal(state, seat, kind, s)
    )


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
    if state.phase != ACT:
        return not_now(state, action)
    return removal_refusal(state, seat, state.action_codec.b(action.site, action.plot))


# -- the legal actions ------------------------------------------------------------------------------------
def affordable_kinds(state: BalamData, seat: int) -> list[int]:
    """The buildings the king can pay for and still find a tile for."""
    used = state.tiles_used()
    return [
        k
        for k in Building
        if cost_refusal(state, seat, k) is None and tile_refusal(used, k) is None
    ]


def build_actions(state: BalamData, seat: int) -> list[Action]:
    """Every build no rule refuses (the phase aside), site by site, plot by plot."""
    kinds_ok = affordable_kinds(state, seat)
    if not kinds_ok:
        return []
    board = state.board
    table = state.actions.build
    out: list[Action] = []
    for s in [state.build_site] if state.build_site >= 0 else board.sites:
        if site_refusal(state, seat, s) is not None:
            continue
        base = s * MAX_PLOTS
        market_ok = market_refusal(state, seat, MARKET, s) is None
        for p in range(board.plots[s]):
            if plot_refusal(state, s, p) is not None:
                continue
            for k in kinds_ok:
                if DOUBLE[k]:
                    if second_plot_refusal(state, s, p, k) is not None:
                        continue
                elif k == MARKET and not market_ok:
                    continue
                out.append(table[k][base + p])
    return out


def remove_actions(state: BalamData, seat: int) -> list[Action]:
    remove = state.actions.remove
    out: list[Action] = []
    for s in [state.build_site] if state.build_site >= 0 else state.board.sites:
        if state.owner[s] == seat:
            out.extend(
                remove[b] for b in state.anchors(s) if removal_refusal(state, seat, b) is None
            )
    return out


def cost_actions(state: BalamData, seat: int) -> list[Action]:
    """A building's cost is paid one riches at a time, from the king's sheet."""
    return pay_actions(state, seat)


# -- playing them -------------------------------------------------------------------------------------------
def build(state: BalamData, seat: int, action: Build) -> Then:
    """The building goes up; a special building's riches is paid at once, a base building's
    cost next (``cost`` phase)."""
    s = state.board.index(action.site)
    kind = action.building
    state.build_site = s
    state.erect(seat, kind, s * MAX_PLOTS + action.plot)
    state.count("buildings_built")
    state.count(BUILT[kind])
    state.note(f"seat {seat} builds a {KINDS[kind]} on {action.site}.{action.plot}")
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


def remove(state: BalamData, seat: int, action: Remove) -> Then:
    state.build_site = state.board.index(action.site)
    state.demolish(state.action_codec.b(action.site, action.plot))
    state.count("buildings_removed")
    state.note(f"seat {seat} removes a building on {action.site}.{action.plot}")
    return DECIDE
