"""Production, distribution and the close of a round ("5 - PRODUCTION", "6 - DISTRIBUTION").

Transport ("6 - DISTRIBUTION > TRANSPORT"): which sites a king's riches may cross.

A king's riches may cross or enter a site unless it is commercially controlled by an enemy:

1. an enemy has more small pyramids there than the king (we compare with the strongest single
   enemy, docs/rules/balam.md "Commercial control");
2. on a tie at the top, a site held by a king stays under its holder's full control: only he may
   use it (so an enemy city with no small pyramid is closed to everyone else);
3. on a tie on a free site, every king of the tie may use it (0 to 0 included).

Riches in a site closed to their own king may only be used in that same site.  Reach is a set of
sites given as a bit mask.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gametable.core.protocol import Action
from gametable.games.balam.actions import Move
from gametable.games.balam.board import (
    DOUBLE,
    GARRISON,
    MAIZE,
    OBSIDIAN,
    PALACE,
    RESERVE,
    RICHES,
    TEMPLE,
    VILLAGE,
    Board,
)
from gametable.games.balam.phases import DIST
from gametable.games.balam.scoring import CEREMONY, end_game

if TYPE_CHECKING:
    from gametable.games.balam.state import BalamState


def usable(owner: Sequence[int], ctrl: Sequence[Sequence[int]], seat: int, site: int) -> bool:
    """May ``seat``'s riches cross or enter ``site``?"""
    row = ctrl[site]
    own = row[seat]
    enemy = max((c for q, c in enumerate(row) if q != seat), default=0)
    if enemy > own:
        return False
    return not (enemy == own and owner[site] not in (-1, seat))


def usable_mask(
    board: Board, owner: Sequence[int], ctrl: Sequence[Sequence[int]], seat: int
) -> int:
    mask = 0
    for s in board.sites:
        if usable(owner, ctrl, seat, s):
            mask |= 1 << s
    return mask


def reach(board: Board, open_sites: int, site: int) -> int:
    """Sites a riches in ``site`` may be carried to (itself always), given the open sites."""
    if not open_sites >> site & 1:
        return 1 << site
    seen = 1 << site
    todo = [site]
    neighbours = board.neighbours
    while todo:
        s = todo.pop()
        for t in neighbours[s]:
            if not seen >> t & 1 and open_sites >> t & 1:
                seen |= 1 << t
                todo.append(t)
    return seen


# -- moves of the distribution ---------------------------------------------------------------------


def dist_sources(st: BalamState, seat: int) -> list[int]:
    owner, kinds, toks, moved = st.owner, st.kinds, st.toks, st.moved
    return [
        b
        for b, k in enumerate(kinds)
        if toks[b] >= 0
        and (k in (VILLAGE, RESERVE, GARRISON))
        and owner[b >> 2] == seat
        and b not in moved
    ]


def dist_targets(st: BalamState, seat: int) -> list[tuple[int, int]]:
    """(b, what) for the seat's buildings that can still take a riches: what is the kind."""
    owner, kinds, toks = st.owner, st.kinds, st.toks
    out = []
    for b, k in enumerate(kinds):
        if owner[b >> 2] != seat:
            continue
        if k in (TEMPLE, PALACE):
            if toks[b] < 0 or toks[st.second_b(b)] < 0:
                out.append((b, k))
        elif (k in (RESERVE, GARRISON)) and toks[b] < 0:
            out.append((b, k))
    return out


def move_actions(st: BalamState, seat: int) -> list[Action]:
    sources = dist_sources(st, seat)
    if not sources:
        return []
    targets = dist_targets(st, seat)
    if not targets:
        return []
    open_sites = st.open_sites(seat)
    pos = st.tables[0]
    out: list[Action] = []
    reach_cache: dict[int, int] = {}
    for b in sources:
        s = b >> 2
        r = reach_cache.get(s)
        if r is None:
            r = reach_cache[s] = st.reach_from(seat, s, open_sites)
        tok = st.toks[b]
        for d, k in targets:
            if d == b or not r >> (d >> 2) & 1:
                continue
            if k == GARRISON and tok != OBSIDIAN:
                continue
            out.append(Move(*pos[b], *pos[d]))
    return out


# -- C - End of the round --------------------------------------------------------------------------


def end_round(st: BalamState) -> None:
    """The last Katun card is turned: production, then every king distributes at once."""
    if st.options["next_round"] == "rotate":
        st.round_first = (st.round_first + 1) % st.players
    else:
        st.round_first = (st.current + 1) % st.players
    st.clear_turn()
    for seat in st.order_from(st.round_first):
        for b in st.buildings_of(seat, VILLAGE):
            colour = st.board.colour[b >> 2]
            if st.supply[colour] > 0:
                st.supply[colour] -= 1
                st.toks[b] = colour
                made = st.tally["production"][seat]
                made[RICHES[colour]] = made.get(RICHES[colour], 0) + 1
                st.stats["riches_produced"] += 1
    st.phase = DIST
    st.done = [False] * st.players
    st.moved = set()
    after_distribution_step(st)


def move(st: BalamState, seat: int, action: Move) -> None:
    b = st.codec.b(action.site, action.plot)
    d = st.codec.b(action.to_site, action.to_plot)
    r = st.toks[b]
    st.toks[b] = -1
    k = st.kinds[d]
    if (k in (TEMPLE, PALACE)) and st.toks[d] >= 0:
        d = st.second_b(d)
    st.toks[d] = r
    if k in (RESERVE, GARRISON):
        st.moved.add(d)
    st.moved.discard(b)
    after_distribution_step(st)


def after_distribution_step(st: BalamState) -> None:
    """Seats with nothing left to move are done; when all are done the round closes."""
    for seat in range(st.players):
        if not st.done[seat] and not move_actions(st, seat):
            st.done[seat] = True
    if all(st.done):
        close_round(st)


def close_round(st: BalamState) -> None:
    """Ceremony and taxes, losses, the Clemency of Chaak, then the end check or a new round."""
    n = st.players
    taxes: list[dict[str, int]] = [{} for _ in range(n)]
    lost: list[dict[str, int]] = [{} for _ in range(n)]
    for b, k in enumerate(st.kinds):
        if k not in (TEMPLE, PALACE, VILLAGE, GARRISON):
            continue
        seat = st.owner[b >> 2]
        plots = [b, st.second_b(b)] if DOUBLE[k] else [b]
        for x in plots:
            r = st.toks[x]
            if r < 0 or (k == GARRISON and r == OBSIDIAN):
                continue
            st.toks[x] = -1
            name = RICHES[r]
            if k == PALACE:
                st.chest[seat][r] += 1
                taxes[seat][name] = taxes[seat].get(name, 0) + 1
                st.stats["taxes_collected"] += 1
            else:
                st.supply[r] += 1
                if k == TEMPLE:
                    st.add_prestige(seat, CEREMONY[r], "ceremony")
                else:
                    lost[seat][name] = lost[seat].get(name, 0) + 1
    st.moved = set()
    st.done = [False] * st.players
    chaak = [0] * n
    if not st.eclipse:
        for seat in st.order_from(st.round_first):
            chaak[seat] = st.gain(seat, MAIZE, 2)
            st.stats["chaak_maize"] += chaak[seat]
    over = st.ball_games >= st.target_ball_games or not st.deck
    if over:
        end_game(st)
    st.record_round(taxes, lost, chaak)
    if not over:
        st.start_round()
