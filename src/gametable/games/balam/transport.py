"""Transport ("6 - DISTRIBUTION > TRANSPORT"): which sites a king's riches may cross.

A king's riches may cross or enter a site unless it is commercially controlled by an enemy:

1. an enemy has more small pyramids there than the king (we compare with the strongest single
   enemy, docs/rules/balam.md "Commercial control");
2. on a tie at the top, a site held by a king stays under its holder's full control: only he may
   use it (so an enemy city with no small pyramid is closed to everyone else);
3. on a tie on a free site, every king of the tie may use it (0 to 0 included).

Riches in a site closed to their own king may only be used in that same site.  Sets of sites are
bit masks (bit ``s`` for site ``s``).  Pure functions of the board, the owners and the small
pyramids; the state memoises them.
"""

from __future__ import annotations

from collections.abc import Sequence

from gametable.games.balam.board import Board


def usable(owner: Sequence[int], pyramids: Sequence[Sequence[int]], seat: int, site: int) -> bool:
    """May ``seat``'s riches cross or enter ``site``?"""
    row = pyramids[site]
    own = row[seat]
    enemy = max((c for q, c in enumerate(row) if q != seat), default=0)
    if enemy > own:
        return False
    return not (enemy == own and owner[site] not in (-1, seat))


def usable_mask(
    board: Board, owner: Sequence[int], pyramids: Sequence[Sequence[int]], seat: int
) -> int:
    mask = 0
    for s in board.sites:
        if usable(owner, pyramids, seat, s):
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
