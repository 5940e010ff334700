"""The end of a round: production, distribution, ceremony, taxes and the Clemency of Chaak
("5 - PRODUCTION", "6 - DISTRIBUTION", "Round Structure > C - End of the round").

Villages produce their site's riches; then every king at once moves riches (each at most once)
from his villages, reserves and garrisons to his temples and palaces (two riches each), empty
reserves and (obsidian only) empty garrisons, along sites no enemy controls commercially
(:mod:`~gametable.games.balam.transport`).  Temples turn their riches into prestige, palaces
bring theirs to the king's sheet, riches left on villages and garrisons go back to the supply.
"""

from __future__ import annotations

from typing import Final

from gametable.core.protocol import Action
from gametable.games.balam import rules
from gametable.games.balam.actions import DONE, Move
from gametable.games.balam.board import (
    GARRISON,
    KINDS,
    MAIZE,
    MAX_PLOTS,
    NO_RICHES,
    OBSIDIAN,
    PALACE,
    RESERVE,
    RICHES,
    TEMPLE,
    VILLAGE,
)
from gametable.games.balam.phases import CLOSE_ROUND, DECIDE, DISTRIBUTION, Then
from gametable.games.balam.positions import position_text
from gametable.games.balam.rules import Refusal
from gametable.games.balam.scoring import CEREMONY
from gametable.games.balam.state import BalamData

#: the buildings whose riches may be moved, and those a riches may be moved to
SOURCES: Final = (VILLAGE, RESERVE, GARRISON)
ROOMS: Final = (TEMPLE, PALACE, RESERVE, GARRISON)


# -- 5 - PRODUCTION ---------------------------------------------------------------------------------------
def produce(state: BalamData) -> None:
    """Each village puts a riches of its site's colour on itself, while the supply lasts; then
    every king distributes."""
    supply, riches_on, colours = state.supply, state.riches_on, state.board.colour
    produced = 0
    for seat in state.order_from(state.round_first):
        row = state.tally.produced[seat]
        for b in state.buildings_of(seat, VILLAGE):
            colour = colours[b // MAX_PLOTS]
            if supply[colour] > 0:
                supply[colour] -= 1
                riches_on[b] = colour
                row[colour] += 1
                produced += 1
    if produced:
        state.count("riches_produced", produced)
    state.phase = DISTRIBUTION
    state.done = [False] * state.players
    state.moved = set()
    state.move_memo = {}
    state.route_memo = {}


# -- 6 - DISTRIBUTION: the rules -----------------------------------------------------------------------------
def move_source_refusal(state: BalamData, seat: int, b: int) -> Refusal | None:
    """A riches of the king's, on a village, reserve or garrison, not yet moved this round."""
    if (
        state.owner[b // MAX_PLOTS] != seat
        or state.riches_on[b] < 0
        or state.buildings[b] not in SOURCES
    ):
        return Refusal(
            f"there is no riches of yours to move on {position_text(state.board, b)}",
            rules.DISTRIBUTION,
        )
    if b in state.moved:
        return Refusal("that riches has already been moved this round", rules.DISTRIBUTION_ONCE)
    return None


def move_target_refusal(state: BalamData, seat: int, riches: int, d: int) -> Refusal | None:
    """To one of the king's temples or palaces (2 riches at most), empty reserves, or (obsidian
    only) empty garrisons."""
    if state.owner[d // MAX_PLOTS] != seat:
        return Refusal("riches go only to your own buildings", rules.DISTRIBUTION)
    kind = state.buildings[d]
    toks = state.riches_on
    if kind == GARRISON:
        if riches != OBSIDIAN:
            return Refusal("only obsidian is moved onto a garrison", rules.EQUIPMENT)
        if toks[d] >= 0:
            return Refusal(
                f"the garrison on {position_text(state.board, d)} already holds a riches",
                rules.EQUIPMENT,
            )
    elif kind == RESERVE:
        if toks[d] >= 0:
            return Refusal(
                f"the reserve on {position_text(state.board, d)} already holds a riches",
                rules.STORAGE,
            )
    elif kind in (TEMPLE, PALACE):
        if toks[d] >= 0 and toks[state.second_pos(d)] >= 0:
            return Refusal(
                f"the {KINDS[kind]} on {position_text(state.board, d)} already has 2 riches",
                rules.CEREMONY if kind == TEMPLE else rules.TAXES,
            )
    else:
        return Refusal(
            f"no riches goes to {position_text(state.board, d)}: riches go to temples, palaces, "
            "reserves and garrisons",
            rules.DISTRIBUTION,
        )
    return None


def transport_refusal(state: BalamData, seat: int, b: int, d: int) -> Refusal | None:
    """Along sites no enemy controls commercially."""
    if d == b:
        return Refusal("that riches is already there", rules.DISTRIBUTION)
    if not state.reach_from(seat, b // MAX_PLOTS) >> (d // MAX_PLOTS) & 1:
        return Refusal(
            f"the riches on {position_text(state.board, b)} cannot reach "
            f"{position_text(state.board, d)}: an enemy controls its city or every way there",
            rules.TRANSPORT,
        )
    return None


def refuse_move(state: BalamData, action: Move, seat: int) -> Refusal | None:
    if state.phase is not DISTRIBUTION:
        return Refusal(
            "riches are moved during the distribution, at the end of the round",
            rules.DISTRIBUTION,
        )
    b = state.action_codec.b(action.site, action.plot)
    d = state.action_codec.b(action.to_site, action.to_plot)
    return (
        move_source_refusal(state, seat, b)
        or move_target_refusal(state, seat, state.riches_on[b], d)
        or transport_refusal(state, seat, b, d)
    )


# -- the moves ---------------------------------------------------------------------------------------------
def move_routes(state: BalamData, seat: int, site: int) -> tuple[int, ...]:
    """Where a riches on one of ``seat``'s villages, reserves or garrisons on ``site`` could go:
    his rooms (temples, palaces, reserves, garrisons, see ``ROOMS``) in board order that the
    transport rule lets it reach (the riches' own plot among them when it lies on a room: it
    holds the riches, so it is full).  The buildings and the transport do not change during
    the distribution, so this is kept until the next production (``state.route_memo``, by
    site: only the site's holder moves riches from it; the king's rooms under ``-1 - seat``)."""
    memo = state.route_memo
    rooms = memo.get(-1 - seat)
    if rooms is None:
        buildings = state.buildings
        rooms = memo[-1 - seat] = tuple(d for d in state.plots_of(seat) if buildings[d] in ROOMS)
    r = state.reach_from(seat, site)
    routes = []
    for d in rooms:
        if r >> (d // MAX_PLOTS) & 1:
            routes.append(d)
    found = memo[site] = tuple(routes)
    return found


def move_actions(state: BalamData, seat: int) -> list[Action]:
    """Every move no rule refuses: source by source, target by target (in board order).

    The conditions are those of :func:`move_source_refusal` (a riches not yet moved, on one of
    the king's villages, reserves or garrisons), :func:`move_target_refusal` (a room with
    space for it) and :func:`transport_refusal` (another plot, reached under the transport
    rule: :func:`move_routes`), written out for speed: ``tests/balam/test_refusals.py`` checks
    them against the refusals over random play."""
    riches_on, buildings, moved = state.riches_on, state.buildings, state.moved
    moves, size, memo = state.actions.moves, state.board.size, state.route_memo
    out: list[Action] = []
    for b in state.plots_of(seat):
        riches = riches_on[b]
        if riches < 0 or buildings[b] not in SOURCES or b in moved:
            continue
        rooms = memo.get(b // MAX_PLOTS)
        if rooms is None:
            rooms = move_routes(state, seat, b // MAX_PLOTS)
        row = b * size
        for d in rooms:
            if riches_on[d] >= 0:  # a reserve or garrison holds one riches, a temple or palace
                kind = buildings[d]  # two (the second on its second plot); so the riches' own
                if (kind != TEMPLE and kind != PALACE) or riches_on[state.second_pos(d)] >= 0:
                    continue  # plot, a reserve or garrison holding it, is never its target
            elif buildings[d] == GARRISON and riches != OBSIDIAN:
                continue  # only obsidian goes onto a garrison
            out.append(moves[row + d])
    return out


def seat_moves(state: BalamData, seat: int) -> list[Action]:
    """``seat``'s moves, listed once until it moves (no other seat's move changes them)."""
    moves = state.move_memo.get(seat)
    if moves is None:
        moves = state.move_memo[seat] = move_actions(state, seat)
    return moves


def distribution_actions(state: BalamData, seat: int) -> list[Action]:
    return [*seat_moves(state, seat), DONE]


def move(state: BalamData, action: Move, seat: int) -> Then:
    """The riches goes (onto the second plot of a temple or palace already holding one)."""
    b = state.action_codec.b(action.site, action.plot)
    d = state.action_codec.b(action.to_site, action.to_plot)
    r = state.riches_on[b]
    state.riches_on[b] = NO_RICHES
    k = state.buildings[d]
    if k in (TEMPLE, PALACE) and state.riches_on[d] >= 0:
        d = state.second_pos(d)
    state.riches_on[d] = r
    if k in (RESERVE, GARRISON):
        state.moved.add(d)
    state.moved.discard(b)
    state.move_memo.pop(seat, None)
    return after_distribution_step(state)


def finish_distribution(state: BalamData, seat: int) -> Then:
    state.done[seat] = True
    return after_distribution_step(state)


def after_distribution_step(state: BalamData) -> Then:
    """Seats with nothing left to move are done; when all are done the round closes."""
    mark_idle_seats_done(state)
    return CLOSE_ROUND if all(state.done) else DECIDE


def mark_idle_seats_done(state: BalamData) -> None:
    """A king with nothing left to move has finished his distribution (whether he got there by
    play or a position was written so)."""
    for seat in range(state.players):
        if not state.done[seat] and not seat_moves(state, seat):
            state.done[seat] = True


# -- the close of the round ------------------------------------------------------------------------------
def ceremony_and_taxes(state: BalamData) -> tuple[list[list[int]], list[list[int]]]:
    """Temples turn their riches into prestige, palaces bring theirs to the king's sheet, riches
    left on villages and garrisons (obsidian apart) go back to the supply: (taxes, lost) per
    seat and riches.  The buildings are taken in board order."""
    n = state.players
    taxes = [[0] * len(RICHES) for _ in range(n)]
    lost = [[0] * len(RICHES) for _ in range(n)]
    buildings, plots = state.buildings, state.board.plots
    for s, seat in enumerate(state.owner):
        if seat < 0:
            continue
        for b in range(s * MAX_PLOTS, s * MAX_PLOTS + plots[s]):
            k = buildings[b]
            if k in (TEMPLE, PALACE):
                settle(state, seat, k, b, taxes, lost)
                settle(state, seat, k, state.second_pos(b), taxes, lost)
            elif k in (VILLAGE, GARRISON):
                settle(state, seat, k, b, taxes, lost)
    state.moved = set()
    state.done = [False] * state.players
    state.move_memo = {}
    state.route_memo = {}
    return taxes, lost


def settle(
    state: BalamData, seat: int, k: int, x: int, taxes: list[list[int]], lost: list[list[int]]
) -> None:
    """The riches on plot position ``x`` of ``seat``'s building of kind ``k`` (a temple, palace,
    village or garrison) at the close of the round (:func:`ceremony_and_taxes`)."""
    r = state.riches_on[x]
    if r < 0 or (k == GARRISON and r == OBSIDIAN):
        return
    state.riches_on[x] = NO_RICHES
    if k == PALACE:
        state.sheets[seat][r] += 1
        taxes[seat][r] += 1
        state.count("taxes_collected")
    else:
        state.supply[r] += 1
        if k == TEMPLE:
            state.add_prestige(seat, CEREMONY[r], "ceremony")
        else:
            lost[seat][r] += 1


def clemency_of_chaak(state: BalamData) -> list[int]:
    """Unless the Eclipse was turned, every king gets 2 maize (as far as the supply lasts)."""
    chaak = [0] * state.players
    if not state.eclipse:
        for seat in state.order_from(state.round_first):
            chaak[seat] = state.gain(seat, MAIZE, 2)
            state.count("chaak_maize", chaak[seat])
    return chaak
