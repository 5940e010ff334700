"""Transport ("6 - DISTRIBUTION > TRANSPORT"): which sites a king's riches may cross.

A king's riches may cross or enter a site unless it is commercially controlled by an enemy:

1. the enemies have more small pyramids there than the king: by default the strongest single
   enemy; with the option ``market_control=all``, all his enemies together (docs/rules/balam.md
   "Commercial control");
2. on a tie, a site held by a king stays under its holder's full control: only he may use it (so
   an enemy city with no small pyramid is closed to everyone else);
3. on a tie on a free site, every king of the tie may use it (0 to 0 included).

Riches in a site closed to their own king may only be used in that same site.  Sets of sites are
bit masks (bit ``s`` for site ``s``).  Pure functions of the board, the owners and the small
pyramids; the state memoises them.
"""

from __future__ import annotations

from gametable.games.balam.board import Board

#: the two readings of "more enemy small pyramids than personal small pyramids" (option
#: ``market_control``): the strongest single enemy's, or all the enemies' together
STRONGEST, ALL = "strongest", "all"


def usable_mask(
    board: Board,
    owner: list[int],
    pyramids: list[list[int]],
    seat: int,
    control: str = STRONGEST,
) -> int:
    """The sites ``seat``'s riches may cross or enter, as a bit mask (bit ``s`` for site ``s``):
    the rule above, for every site at once (``control``: :data:`STRONGEST` or :data:`ALL`)."""
    mask = 0
    combined = control == ALL
    for s, row in enumerate(pyramids):
        if not any(row):  # nobody's small pyramids: a tie at 0 (rules 2 and 3)
            if owner[s] == -1 or owner[s] == seat:
                mask |= 1 << s
            continue
        own = row[seat]
        if combined:
            enemies = sum(row) - own
            if enemies > own:
                continue  # the enemies have more small pyramids there
            tie = enemies == own
        else:
            if max(row) > own:  # his own count included: only an enemy can be above it
                continue  # the strongest enemy has more small pyramids there
            tie = row.count(own) > 1
        if tie and owner[s] != -1 and owner[s] != seat:
            continue  # a tie, in another king's city
        mask |= 1 << s
    return mask


def reach(board: Board, open_sites: int, site: int) -> int:
    """Sites a riches in ``site`` may be carried to (itself always), given the open sites: the
    open sites connected to it through open sites, grown a ring of neighbours at a time."""
    if not open_sites >> site & 1:
        return 1 << site
    masks = board.neighbour_bits
    seen = ring = 1 << site
    while ring:
        grown = 0
        while ring:
            low = ring & -ring
            grown |= masks[low.bit_length() - 1]
            ring ^= low
        ring = grown & open_sites & ~seen
        seen |= ring
    return seen
