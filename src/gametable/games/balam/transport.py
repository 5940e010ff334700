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

from typing import Final

from gametable.games.balam.board import Board

#: the two readings of "more enemy small pyramids than personal small pyramids" (option
#: ``market_control``): the strongest single enemy's, or all the enemies' together
STRONGEST: Final = "strongest"
ALL: Final = "all"


def usable_masks(
    board: Board,
    owner: list[int],
    pyramids: list[list[int]],
    players: int,
    control: str = STRONGEST,
) -> list[int]:
    """The sites each seat's riches may cross or enter, as a bit mask per seat (bit ``s`` for
    site ``s``): the rule above, for every site and every seat in one pass over the sites
    (``control``: :data:`STRONGEST` or :data:`ALL`)."""
    masks = [0] * players
    everybody = 0  # the sites every seat may use
    combined = control == ALL
    for s, row in enumerate(pyramids):
        holder = owner[s]
        if not any(row):  # nobody's small pyramids: a tie at 0 (rules 2 and 3)
            if holder == -1:
                everybody |= 1 << s
            else:
                masks[holder] |= 1 << s
            continue
        top, total = max(row), sum(row)
        for seat in range(players):
            own = row[seat]
            if combined:
                enemies = total - own
                if enemies > own:
                    continue  # the enemies have more small pyramids there
                tie = enemies == own
            else:
                if top > own:  # his own count included: only an enemy can be above it
                    continue  # the strongest enemy has more small pyramids there
                tie = row.count(own) > 1
            if tie and holder != -1 and holder != seat:
                continue  # a tie, in another king's city
            masks[seat] |= 1 << s
    return [mask | everybody for mask in masks]


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
