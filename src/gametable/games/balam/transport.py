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


def usable_mask(
    board: Board, owner: Sequence[int], pyramids: Sequence[Sequence[int]], seat: int
) -> int:
    """The sites ``seat``'s riches may cross or enter, as a bit mask (bit ``s`` for site ``s``):
    the rule above, for every site at once."""
    mask = 0
    for s, row in enumerate(pyramids):
        own = row[seat]
        top = max(row)
        if top > own:
            continue  # an enemy has more small pyramids there
        if row.count(own) > 1 and owner[s] != -1 and owner[s] != seat:
            continue  # a tie at the top, in another king's city
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
