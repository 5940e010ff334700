"""Explained refusals: why a Keezbord play is not legal, citing the rulebook.

Each check asks the state's rule methods (``step_bits`` through ``forward``, ``backward``,
``nest_pawn``, ``placing_for``, ``swappable``: the same ones the move generator in
:mod:`~gametable.games.keezbord.generate` uses) and turns a refusal code into an
:class:`~gametable.core.errors.IllegalAction` naming the rule (:mod:`~gametable.games.keezbord.rules`).
"""

from __future__ import annotations

from typing import Final

from gametable.games.keezbord import rules
from gametable.games.keezbord.actions import MOVE_CARDS, Move, Place, Split, Swap
from gametable.games.keezbord.board import PAWNS, pawn_text
from gametable.games.keezbord.cards import ACE, FOUR, JACK, KING, NAMES, SEVEN, STEPS
from gametable.games.keezbord.generate import plays
from gametable.games.keezbord.pawns import KeezbordPawns

_MOVE_CARD_SET: Final = frozenset(MOVE_CARDS)


def check_holds(state: KeezbordPawns, seat: int, card: int) -> None:
    """The card played is in the player's hand."""
    if card not in state.hands[seat]:
        rules.illegal(f"you hold no {NAMES.get(card, card)}", rules.PLAY_ONE_CARD)


def check_pawn_is_played_for(state: KeezbordPawns, seat: int, pid: int, owner: int) -> None:
    """The pawn exists and belongs to the seat whose pawns ``seat`` plays for."""
    if not 0 <= pid < PAWNS * state.players:
        rules.illegal(f"there is no pawn {pid} at this table", rules.PLAY_ONE_CARD)
    if pid >> 2 != owner:
        if owner == seat and pid >> 2 != state.board.partner[seat]:
            rules.illegal(
                f"{pawn_text(pid)} is not your pawn; you move your own pawns",
                rules.PLAY_ONE_CARD,
            )
        if owner != seat:
            rules.illegal(
                f"your pawns are all home; you now play for your partner's pawns, "
                f"not {pawn_text(pid)}",
                rules.HELP_TEAMMATE,
            )
        rules.illegal(
            f"{pawn_text(pid)} is your partner's pawn: while your own pawns are "
            "not all home you move only them",
            rules.HELP_TEAMMATE,
        )


def check_move(state: KeezbordPawns, action: Move, seat: int) -> None:
    card, pid = action.card, action.pawn
    if card not in _MOVE_CARD_SET:
        rules.illegal(f"a {NAMES.get(card, card)} does not move a pawn", rules.CARD_MEANINGS)
    check_holds(state, seat, card)
    check_pawn_is_played_for(state, seat, pid, state.controlled(seat))
    t = state.backward(pid >> 2)[pid & 3] if card == FOUR else state.forward(pid, STEPS[card])
    if t < 0:
        rules.refuse(-t, pawn_text(pid))


def check_split(state: KeezbordPawns, action: Split, seat: int) -> None:
    """A 7 over two pawns: two different pawns, 1-6 steps each adding to 7, each part a legal
    move made in order (the second judged after the first, on the board the first leaves)."""
    p, a, q = action.first, action.first_steps, action.second
    if not 1 <= a <= 6 or p == q:
        rules.illegal(
            "a 7 splits over two different pawns, 1 to 6 steps each, 7 in all", rules.SEVEN
        )
    check_holds(state, seat, SEVEN)
    check_pawn_is_played_for(state, seat, p, state.controlled(seat))
    t = state.forward(p, a)
    if t < 0:
        rules.refuse(-t, pawn_text(p))
    x = state.pos[p]
    swept = state.sweep(p, t) if state.sweeping else []
    hit = state.move_pawn(p, t)
    try:
        check_pawn_is_played_for(state, seat, q, state.controlled(seat))
        u = state.forward(q, SEVEN - a)
    finally:
        state.unmove_pawn(p, x, t, hit)
        state.unsweep(swept)
    if u < 0:
        rules.refuse(-u, pawn_text(q) + f" (after {pawn_text(p)} moved {a})")


def check_place(state: KeezbordPawns, action: Place, seat: int) -> None:
    card = action.card
    if card not in (ACE, KING):
        rules.illegal(f"a {NAMES.get(card, card)} does not place a pawn", rules.PLACEMENT)
    check_holds(state, seat, card)
    owner = state.placing_for(seat, card)
    pid = state.nest_pawn(owner)
    if pid >= 0:
        return
    if pid == -rules.NEST_EMPTY:
        if owner == seat:
            why = ""
        elif state.controlled(seat) == seat:
            why = " (your nest is empty, and so is your partner's, whom your King may help)"
        else:
            why = " (you play for your partner, whose nest is empty)"
        rules.illegal("no pawn is left in the nest to place" + why, rules.KING_NO_PAWN)
    rules.refuse(-pid, pawn_text(state.track[state.starts[owner]]))


def check_swap(state: KeezbordPawns, action: Swap, seat: int) -> None:
    p, q = action.mine, action.other
    check_holds(state, seat, JACK)
    owner = state.controlled(seat)
    check_pawn_is_played_for(state, seat, p, owner)
    if not 0 <= q < PAWNS * state.players:
        rules.illegal(f"there is no pawn {q} at this table", rules.JACK)
    if q >> 2 == owner:
        rules.illegal(
            "a Jack swaps your pawn with another player's pawn, not with your own", rules.JACK
        )
    for pid in (p, q):
        code = state.swap_refusal(pid)
        if code:
            rules.refuse(code, pawn_text(pid))


def check_hand_in(state: KeezbordPawns, seat: int) -> None:
    """Must play: handing in is allowed only when no card in the hand can be played (by the
    seat to move; another seat has nothing to play)."""
    legal = plays(state, seat) if seat == state.current else []
    if legal:
        rules.illegal(
            f"you can play a card (for example {legal[0]}), so you must play one",
            rules.MUST_PLAY,
        )
