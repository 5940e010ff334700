"""Keezbord actions told in words for people: which card moves which pawn from where to where,
and which pawns it hits (``KeezbordState.describe``).  Only public facts are told: the board and
the card played; a hand handed in is told only by its size.

The state is read, and a split 7's first part is played out and taken back to tell the second.
"""

from __future__ import annotations

from gametable.core.protocol import Action
from gametable.games.keezbord.actions import HandIn, Move, Place, Split, Swap
from gametable.games.keezbord.board import pawn_text, place_text
from gametable.games.keezbord.cards import FORWARD_STEPS, FOUR, NAMES, SEVEN
from gametable.games.keezbord.pawns import KeezbordPawns


def with_article(card: int) -> str:
    """The card's name with its article: an Ace, a 7, an 8."""
    name = NAMES[card]
    return f"an {name}" if name[0] in "A8" else f"a {name}"


def place_words(state: KeezbordPawns, place: int) -> str:
    p = place_text(place, state.length)
    if p == "N":
        return "the nest"
    return f"home space {p}" if isinstance(p, str) else f"space {p}"


def landing_and_hits(
    state: KeezbordPawns, pid: int, card: int, steps: int
) -> tuple[int, list[int]]:
    """Where ``pid`` lands moving ``steps`` with ``card`` (4: backward) and the pawns it hits
    there (and on the way, for a 7 with option ``seven_hits_passed``); ``(-code, [])`` if it
    cannot move.  The state is left as it was."""
    t = state.backward(pid >> 2)[pid & 3] if card == FOUR else state.forward(pid, steps)
    if t < 0:
        return t, []
    hits: list[int] = []
    if card == SEVEN and state.sweeping:
        swept = state.sweep(pid, t)
        hits = [v for v, _ in swept]
        state.unsweep(swept)
    if t < state.length and state.track[t] >= 0 and state.track[t] != pid:
        hits.append(state.track[t])
    return t, hits


def part_words(state: KeezbordPawns, pid: int, card: int, steps: int) -> str:
    """``a1 moves 3 forward from space 5 to space 8, hitting b2``."""
    x = state.pos[pid]
    t, hits = landing_and_hits(state, pid, card, steps)
    way = "back" if card == FOUR else "forward"
    text = f"{pawn_text(pid)} moves {steps} {way} from {place_words(state, x)}"
    if t < 0:
        return text
    text += f" {'into' if t >= state.length else 'to'} {place_words(state, t)}"
    if hits:
        text += ", hitting " + " and ".join(pawn_text(h) for h in hits) + " back to the nest"
    return text


def describe_action(state: KeezbordPawns, action: Action, seat: int | None = None) -> str:
    """Which card moves which pawn from where to where, and which pawns it hits (public: the
    board and the card played; a hand handed in is told only by its size)."""
    who_seat = state.current if seat is None else seat
    who = f"seat {who_seat}"
    try:
        if isinstance(action, Move):
            steps = 4 if action.card == FOUR else FORWARD_STEPS.get(action.card, action.card)
            return (
                f"{who} plays {with_article(action.card)}: "
                f"{part_words(state, action.pawn, action.card, steps)}"
            )
        if isinstance(action, Split):
            p, a, q = action.first, action.first_steps, action.second
            first = part_words(state, p, SEVEN, a)
            t, _ = landing_and_hits(state, p, SEVEN, a)
            if t < 0:
                second = f"{pawn_text(q)} moves {SEVEN - a}"
            else:
                x = state.pos[p]
                swept = state.sweep(p, t) if state.sweeping else ()
                hit = state.move_pawn(p, t)
                try:
                    second = part_words(state, q, SEVEN, SEVEN - a)
                finally:
                    state.unmove_pawn(p, x, t, hit)
                    if swept:
                        state.unsweep(swept)
            return f"{who} plays a 7 split in two: {first}, then {second}"
        if isinstance(action, Place):
            owner = state.controlled(who_seat) if who_seat is not None else 0
            pid = state.nest_pawn(owner)
            start = state.starts[owner]
            if pid < 0:
                return f"{who} plays {with_article(action.card)} to put a pawn on its start space"
            text = (
                f"{who} plays {with_article(action.card)}: {pawn_text(pid)} leaves the nest for its "
                f"start space {start}"
            )
            hit = state.track[start]
            if hit >= 0:
                text += f", hitting {pawn_text(hit)} back to the nest"
            return text
        if isinstance(action, Swap):
            return (
                f"{who} plays a Jack: {pawn_text(action.mine)} "
                f"({place_words(state, state.pos[action.mine])}) and "
                f"{pawn_text(action.other)} "
                f"({place_words(state, state.pos[action.other])}) change places"
            )
        if isinstance(action, HandIn):
            n = len(state.hands[who_seat]) if who_seat is not None else 0
            cards = f"its {n} card{'s' if n != 1 else ''}" if n else "its cards"
            return f"{who} cannot play any card and hands in {cards} (they are shown)"
    except (IndexError, KeyError, TypeError, ValueError):
        pass
    return f"{who}: {action}"
