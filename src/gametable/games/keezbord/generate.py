"""Listing Keezbord's legal card plays: every card of the hand, every pawn it may move.

Each movement rule is judged by the one state method that states it
(:meth:`~gametable.games.keezbord.pawns.KeezbordPawns.step_bits`, ``backward``,
``nest_pawn``, ``placing_for``, ``swappable``), the same methods the checks in
:mod:`~gametable.games.keezbord.checks` use to explain a refusal, so a listed play and an
accepted play cannot disagree.  The order of the list is part of the game's behaviour (seeded
bots choose by position in it): card by card in the order of the sorted hand, a card's
placement before its moves, pawns in order, a 7's single moves before its splits.

The pawns a card may move come as a group (a bit per pawn of the seat played for) from the
step bits, and the group picks a row of shared action objects
(:class:`~gametable.games.keezbord.actions.ActionTable`), so a card costs a few operations
whatever the number of pawns.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

from gametable.core.protocol import Action
from gametable.games.keezbord.actions import PLACE_ACE, PLACE_KING
from gametable.games.keezbord.board import BACK_SHIFT, LANES, PAWNS, STEP_SHIFT, spread
from gametable.games.keezbord.cards import ACE, FOUR, JACK, KING, SEVEN, STEPS
from gametable.games.keezbord.pawns import KeezbordPawns

#: the step bits of 1 to 6 steps (the parts of a split 7) of the four pawns of a seat
SHORT_STEPS: Final = spread(SEVEN - 1) * LANES
#: the six track spaces ahead of a pawn, in bits by space (a first part of a 7 lands there)
NEAR: Final = (1 << SEVEN - 1) - 1
#: the members of each group of a seat's pawns: the indices of its bits
MEMBERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in range(PAWNS) if group >> i & 1) for group in range(1 << PAWNS)
)


def plays(state: KeezbordPawns, seat: int) -> list[Action]:
    """Every card play open to ``seat`` (empty when it must hand in), card by card in the
    order of the hand."""
    owner = seat if state.at_home[seat] < PAWNS else state.controlled(seat)
    tables = state.tables
    groups = tables.move_group
    out: list[Action] = []
    able = -1  # the step bits of owner's pawns, once a card moving forward needs them
    last = 0
    for card in state.hands[seat]:
        if card == last:
            continue
        last = card
        steps = STEPS[card]
        if steps:
            if card == ACE and state.nest_pawn(owner) >= 0:
                out.append(PLACE_ACE)
            if able < 0:
                able = state.step_bits(owner)
            group = able >> STEP_SHIFT[steps] & LANES
            if group:
                out.extend(groups[card][owner][group])
            if card == SEVEN and able:
                if state.sweeping:
                    add_swept_splits(state, seat, owner, out)
                else:
                    add_splits(state, seat, owner, able, out)
        elif card == FOUR:
            if able < 0:
                able = state.step_bits(owner)
            group = able >> BACK_SHIFT & LANES
            if group:
                out.extend(groups[FOUR][owner][group])
        elif card == JACK:
            add_swaps(state, owner, out)
        elif state.nest_pawn(state.placing_for(seat, KING)) >= 0:
            out.append(PLACE_KING)
    return out


def add_swaps(state: KeezbordPawns, owner: int, out: list[Action]) -> None:
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


def add_splits(state: KeezbordPawns, seat: int, owner: int, able: int, out: list[Action]) -> None:
    """The 7 split over two pawns (KB-056): each part an ordinary forward move, the second
    judged after the first (so it may be a partner's pawn once the first brought the last
    pawn home).  ``able``: the step bits of ``owner``'s pawns.

    The second part is judged by the same rule (:meth:`step_bits`) on the board as the
    first part leaves it.  That board differs from this one only where the first pawn ``p``
    stood and where it lands.  Where it stood: a pawn on the track blocks none of its own
    side's pawns (not even from its own start, which is behind them all), and a pawn in the
    home limits the pawns behind it.  Where it lands: on the track it hits the pawn there
    (which then cannot move) and blocks nobody (it cannot land on its own start); in the home
    it fills a home space, and may hand the rest of the 7 to the partner.  So the pawns that
    may move the rest of the 7 after a first part of ``a`` steps on the track are the group
    of those that may move ``7 - a`` in this position, less ``p`` and a pawn it hits; when
    the first part ends in the home, :func:`add_second_parts` looks the group up again for
    the home as the first part leaves it.  When no first part of ``p`` can reach the home or
    hit a pawn of its side (the common case), its splits depend on the step bits alone and
    come whole from :meth:`~gametable.games.keezbord.actions.ActionTable.track_splits`.
    ``tests/keezbord/test_move_generation.py`` checks the result against playing the first
    part and judging the second on many positions.
    """
    tables = state.tables
    paths = state.paths
    pos = state.pos
    base = owner * PAWNS
    short = able & SHORT_STEPS
    runs = tables.split_runs
    near_home = paths.near_home[owner]
    ahead = -1  # the track spaces of owner's pawns, as bits, twice round (to look past space 0)
    for i in MEMBERS[able & LANES]:  # the pawns that may move at least one step
        p = base + i
        x = pos[p]
        if not near_home[x]:
            if ahead < 0:
                ahead = sum(map(paths.twice.__getitem__, pos[base : base + PAWNS]))
            if not ahead >> x + 1 & NEAR:
                # every first part stays on the track and hits no pawn of owner: the splits
                # come from the step bits alone
                run = runs[p].get(short)
                out.extend(tables.track_splits(p, short) if run is None else run)
                continue
        add_first_parts(state, seat, owner, able, p, out)


def add_first_parts(
    state: KeezbordPawns, seat: int, owner: int, able: int, p: int, out: list[Action]
) -> None:
    """The splits of :func:`add_splits` whose first pawn ``p`` is in its home or may enter
    it, or may hit a pawn of its side, first part by first part."""
    pos, track, length = state.pos, state.track, state.length
    base = owner * PAWNS
    i = p - base
    x = pos[p]
    if x >= length:  # in the home: every first part stays in the home
        for a in range(1, SEVEN):
            if not able >> STEP_SHIFT[a] + i & 1:
                break
            add_second_parts(state, seat, owner, p, a, x + a - length, out)
        return
    own_start = state.starts[owner]
    progress = x - own_start if x >= own_start else x - own_start + length
    rows = state.tables.split_group[p]
    others = LANES & ~(1 << i)
    for a in range(1, SEVEN):
        if not able >> STEP_SHIFT[a] + i & 1:
            break
        if progress + a >= length:
            add_second_parts(state, seat, owner, p, a, progress + a - length, out)
            continue
        group = able >> STEP_SHIFT[SEVEN - a] & others
        if group:
            t = x + a if x + a < length else x + a - length
            hit = track[t] - base  # (a pawn the first part hits is back in its nest)
            if 0 <= hit < PAWNS:
                group &= ~(1 << hit)
            out.extend(rows[a][group])


def add_second_parts(
    state: KeezbordPawns, seat: int, owner: int, p: int, a: int, h: int, out: list[Action]
) -> None:
    """The second parts of a split 7 whose first part of ``a`` steps brings ``p`` (a pawn of
    ``owner``) to its home space ``h``, judged for the seat played for then, on the board as
    the first part leaves it, without playing it.

    When ``p`` is the last of ``seat``'s own pawns to come home, the rest is played for the
    partner (Playing in Teams), whose step bits ``p`` does not change: it leaves a track space
    that is not its own start (no blocker goes) for its own home.  Otherwise the rest is
    played for ``owner``, whose step bits are those of ``owner``'s home with ``p`` on ``h``
    (and off its former home space): no blocker changes either."""
    x = state.pos[p]
    length = state.length
    at_home = state.at_home[owner]
    partner = state.board.partner[seat]
    shift = STEP_SHIFT[SEVEN - a]
    if x < length and owner == seat and at_home == PAWNS - 1 and partner is not None:
        group = state.step_bits(partner) >> shift & LANES
        row = state.tables.split[p][a]
        second = partner * PAWNS
        for i in range(PAWNS):
            if group >> i & 1:
                out.append(row[second + i])
        return
    taken = state.taken[owner]
    if x >= length:
        taken &= ~(1 << (x - length))
    group = state.step_bits_with_home(owner, taken | 1 << h) >> shift & LANES & ~(1 << (p & 3))
    out.extend(state.tables.split_group[p][a][group])


def add_swept_splits(state: KeezbordPawns, seat: int, owner: int, out: list[Action]) -> None:
    """The 7 split under option ``seven_hits_passed``: each first part is played out on the
    board (sweeping the pawns it passes) and the second judged there, then taken back."""
    splits = state.tables.split
    pos = state.pos
    base = owner * PAWNS
    for p in range(base, base + PAWNS):
        if pos[p] < 0:
            continue
        for a in range(1, SEVEN):
            t = state.forward(p, a)
            if t < 0:  # blocked, a home pawn in the way or overshooting: so is every longer part
                break
            x = pos[p]
            swept = state.sweep(p, t)
            hit = state.move_pawn(p, t)
            second = state.controlled(seat)
            row = splits[p][a]
            for q in range(second * PAWNS, second * PAWNS + PAWNS):
                if q != p and state.forward(q, SEVEN - a) >= 0:
                    out.append(row[q])
            state.unmove_pawn(p, x, t, hit)
            state.unsweep(swept)
