"""Listing Keezbord's legal card plays: every card of the hand, every pawn it may move.

Each movement rule is judged by the one state method that states it
(:meth:`~gametable.games.keezbord.state.KeezbordState.forward_limits`, ``backward``,
``nest_pawn``, ``placing_for``, ``swappable``), the same methods the checks in
:mod:`~gametable.games.keezbord.checks` use to explain a refusal, so a listed play and an
accepted play cannot disagree.  The order of the list is part of the game's behaviour (seeded
bots choose by position in it): card by card in the order of the sorted hand, a card's
placement before its moves, pawns in order, a 7's single moves before its splits.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from gametable.core.protocol import Action
from gametable.games.keezbord.actions import PLACE_ACE, PLACE_KING, Split
from gametable.games.keezbord.board import PAWNS
from gametable.games.keezbord.cards import ACE, FOUR, JACK, KING, SEVEN, STEPS

if TYPE_CHECKING:
    from gametable.games.keezbord.state import KeezbordState


def plays(state: KeezbordState, seat: int) -> list[Action]:
    """Every card play open to ``seat`` (empty when it must hand in), card by card in the
    order of the hand."""
    owner = seat if state.at_home[seat] < PAWNS else state.controlled(seat)
    base = owner * PAWNS
    blockers = state.blockers()
    moves = state.tables.move
    out: list[Action] = []
    append = out.append
    movable: list[tuple[int, int]] | None = None  # (pawn, most steps forward)
    last = 0
    for card in state.hands[seat]:
        if card == last:
            continue
        last = card
        steps = STEPS[card]
        if steps:
            if card == ACE and state.nest_pawn(owner) >= 0:
                append(PLACE_ACE)
            if movable is None:
                movable = state.forward_limits(owner, blockers)
            row = moves[card]
            for p, most in movable:
                if steps <= most:
                    append(row[p])
            if card == SEVEN and movable:
                if state.sweeping:
                    add_swept_splits(state, seat, owner, blockers, out)
                else:
                    add_splits(state, seat, owner, movable, blockers, out)
        elif card == FOUR:
            row = moves[FOUR]
            for i, target in enumerate(state.backward(owner, blockers)):
                if target >= 0:
                    append(row[base + i])
        elif card == JACK:
            add_swaps(state, owner, out)
        elif state.nest_pawn(state.placing_for(seat, KING)) >= 0:
            append(PLACE_KING)
    return out


def add_swaps(state: KeezbordState, owner: int, out: list[Action]) -> None:
    """The Jack: each pawn played for that may be swapped, with each other seat's pawn that
    may be swapped (the swappable pawns are in order: ``owner``'s are a run among them)."""
    able = state.swappable()
    base = owner * PAWNS
    lo = bisect_left(able, base)
    hi = bisect_left(able, base + PAWNS, lo)
    if lo == hi or hi - lo == len(able):
        return
    others = able[:lo] + able[hi:]
    swaps = state.tables.swap
    for p in able[lo:hi]:
        out.extend(map(swaps[p].__getitem__, others))


def add_splits(
    state: KeezbordState,
    seat: int,
    owner: int,
    movable: list[tuple[int, int]],
    blockers: list[int],
    out: list[Action],
) -> None:
    """The 7 split over two pawns (KB-056): each part an ordinary forward move, the second
    judged after the first (so it may be a partner's pawn once the first brought the last
    pawn home).

    The second part is judged by the same rule (:meth:`forward_limits`) on the board as the
    first part leaves it.  That board differs from this one only where the first pawn ``p``
    stood and where it lands.  Where it stood: a pawn on the track blocks none of its own
    side's pawns (not even from its own start, which is behind them all), and a pawn in the
    home limits the pawns behind it.  Where it lands: on the track it hits the pawn there
    (which then cannot move) and blocks nobody (it cannot land on its own start); in the home
    it fills a home space, and may hand the rest of the 7 to the partner.  So the other
    pawns' limits in this position serve unless the home is involved, where they are worked
    out again on the board as the first part leaves it.
    ``tests/keezbord/test_move_generation.py`` checks the result against playing the first
    part and judging the second on many positions.

    Where the limits serve, the pawns that may move the rest of the 7 after a first part of
    ``a`` steps are those whose limit is at least ``7 - a``: ``able[a]`` holds them as a group
    (a bit per pawn), from which the first pawn and a pawn it hits are taken out.
    """
    groups = state.tables.split_group
    pos, track, length = state.pos, state.track, state.length
    own_start = state.starts[owner]
    base = owner * PAWNS
    able = [0] * SEVEN  # able[a]: the pawns whose limit allows the rest of 7 after a steps
    for q, most in movable:
        if most > 0:
            a = SEVEN - most if most < SEVEN else 1
            able[a] |= 1 << (q - base)
    for a in range(2, SEVEN):
        able[a] |= able[a - 1]
    for p, most in movable:
        if most <= 0:
            continue
        x = pos[p]
        top = most if most < SEVEN else SEVEN - 1
        if x >= length:  # in the home: every first part stays in the home
            rows = state.tables.split[p]
            for a in range(1, top + 1):
                add_second_parts(state, seat, p, x + a, SEVEN - a, blockers, rows[a], out)
            continue
        rows_grouped = groups[p]
        others = ~(1 << (p - base))
        progress = x - own_start if x >= own_start else x - own_start + length
        for a in range(1, top + 1):
            if progress + a >= length:
                rows = state.tables.split[p]
                add_second_parts(state, seat, p, progress + a, SEVEN - a, blockers, rows[a], out)
                continue
            group = able[a] & others
            if group:
                t = x + a if x + a < length else x + a - length
                hit = track[t] - base  # (a pawn the first part hits is back in its nest)
                if 0 <= hit < PAWNS:
                    group &= ~(1 << hit)
                out.extend(rows_grouped[a][group])


def add_second_parts(
    state: KeezbordState,
    seat: int,
    p: int,
    t: int,
    rest: int,
    blockers: list[int],
    row: dict[int, Split],
    out: list[Action],
) -> None:
    """The second parts of a split 7 whose first part brings ``p`` to the home space ``t``:
    judged on the board as the first part leaves it, for the seat played for then."""
    x = state.pos[p]
    entering = x < state.length
    state.move_pawn(p, t)  # no pawn is hit in a home
    try:
        after = [y for y in blockers if y != x] if entering else blockers
        for q, most in state.forward_limits(state.controlled(seat), after):
            if rest <= most and q != p:
                out.append(row[q])
    finally:
        state.unmove_pawn(p, x, t, -1)


def add_swept_splits(
    state: KeezbordState, seat: int, owner: int, blockers: list[int], out: list[Action]
) -> None:
    """The 7 split under option ``seven_hits_passed``: each first part is played out on the
    board (sweeping the pawns it passes) and the second judged there, then taken back."""
    splits = state.tables.split
    pos = state.pos
    base = owner * PAWNS
    for p in range(base, base + PAWNS):
        if pos[p] < 0:
            continue
        for a in range(1, SEVEN):
            t = state.forward(p, a, blockers)
            if t < 0:  # blocked, a home pawn in the way or overshooting: so is every longer part
                break
            x = pos[p]
            swept = state.sweep(p, t)
            hit = state.move_pawn(p, t)
            second = state.controlled(seat)
            after = state.blockers()
            row = splits[p][a]
            for q in range(second * PAWNS, second * PAWNS + PAWNS):
                if q != p and state.forward(q, SEVEN - a, after) >= 0:
                    out.append(row[q])
            state.unmove_pawn(p, x, t, hit)
            state.unsweep(swept)
