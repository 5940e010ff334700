"""The round's turns ("Round Structure > A - Start of the round", "B - Turns", "1 - DIVINATION").

A round starts with a Katun card face down per player plus one; kings with the most
observatories look at some of them (divination).  On his turn a king either pays one riches from
his sheet (then builds, attacks or passes: ``act`` phase) or turns over a face-down Katun card.
"""

from __future__ import annotations

from typing import Final

from gametable.core.protocol import Action
from gametable.games.balam import rules
from gametable.games.balam.account import Tally
from gametable.games.balam.actions import (
    MAX_SLOTS,
    PAY_ACTIONS,
    Pay,
    TurnKatun,
    remember,
)
from gametable.games.balam.board import OBSERVATORY, RICHES
from gametable.games.balam.phases import ACT, COST, DECIDE, TURN, Then
from gametable.games.balam.rules import Refusal
from gametable.games.balam.scoring import divination_peeks
from gametable.games.balam.state import BalamData

KATUN_ACTIONS: Final = tuple(TurnKatun(i) for i in range(MAX_SLOTS))
#: bits of the number of a round's slots in :func:`turn_actions`' key (at most ``MAX_SLOTS``)
SLOT_BITS: Final = MAX_SLOTS.bit_length()


# -- A - Start of the round, 1 - DIVINATION ---------------------------------------------------------
def start_round(state: BalamData) -> None:
    """Lay out the round's Katun cards, let the diviners look, and give the first turn."""
    state.round += 1
    n = min(state.players + 1, len(state.deck))
    state.slots = [state.deck.pop() for _ in range(n)]
    state.peeks = [0] * state.players
    counts = [state.count_kind(seat, OBSERVATORY) for seat in range(state.players)]
    for seat, k in enumerate(divination_peeks(counts, state.players) if any(counts) else ()):
        if k >= state.players:
            state.peeks[seat] = (1 << min(k, n)) - 1
        elif k:
            state.peeks[seat] = 1 << (n - 1) if counts[seat] < max(counts) else 1
    state.current = state.round_first
    state.phase = TURN
    state.tally = Tally.new(state.prestige)
    state.clear_turn()
    state.note(f"round {state.round}: {n} Katun cards laid out; seat {state.current} begins")


# -- B - Turns ----------------------------------------------------------------------------------------
def pay_refusal(state: BalamData, seat: int, riches: int) -> Refusal | None:
    """A king pays only with riches on his own king sheet: a building's cost ("2 -
    CONSTRUCTIONS"), or the turn's riches ("B - Turns"; with nothing at all on his sheet, his
    turn is to turn over a Katun card: :func:`must_turn_refusal`)."""
    if may_pay(state.sheets[seat], riches):
        return None
    if state.phase is COST:
        return Refusal(
            f"you have no {RICHES[riches]} on your king sheet to pay with", rules.PAY_FROM_SHEET
        )
    return must_turn_refusal(state, seat) or Refusal(
        f"you have no {RICHES[riches]} on your king sheet to pay the turn's riches with",
        rules.TURN_PAYMENT,
    )


def may_pay(sheet: list[int], riches: int) -> bool:
    """The riches lies on the king sheet (:func:`pay_refusal`'s condition)."""
    return sheet[riches] > 0


def must_turn_refusal(state: BalamData, seat: int) -> Refusal | None:
    """A king with nothing on his sheet cannot pay his turn's riches: his turn is to turn over a
    Katun card (our reading: no free pass, docs/rules/balam.md "B - Turns")."""
    if any(state.sheets[seat]):
        return None
    return Refusal(
        "your king sheet is empty, so you cannot pay the turn's riches: turn over a Katun card",
        rules.MUST_TURN_KATUN,
    )


def pay_first_refusal(state: BalamData, seat: int, doing: str) -> Refusal:
    """Before paying his turn's riches a king does nothing else (but turn over a Katun card)."""
    return must_turn_refusal(state, seat) or Refusal(
        f"pay 1 riches first, then {doing}", rules.TURNS
    )


def katun_refusal(state: BalamData, slot: int) -> Refusal | None:
    """Only a card of this round still face down is turned over."""
    if slot >= len(state.slots) or state.slots[slot] < 0:
        return Refusal(f"Katun card {slot} is not face down beside the board", rules.KATUN)
    return None


def held(sheet: list[int]) -> int:
    """A bit per riches the king sheet holds (at least one of), written out for the six (no
    ``assert len(RICHES) == 6`` beside it: mypy would narrow ``RICHES`` to a 6-tuple, which
    mypyc compiles wrongly).

    >>> held([2, 0, 0, 0, 0, 1]) == 0b100001
    True
    """
    return (
        (sheet[0] > 0)
        | (sheet[1] > 0) << 1
        | (sheet[2] > 0) << 2
        | (sheet[3] > 0) << 3
        | (sheet[4] > 0) << 4
        | (sheet[5] > 0) << 5
    )


def _pays_table() -> tuple[tuple[Action, ...], ...]:
    """The riches :func:`may_pay` lets a sheet pay with, by :func:`held` of the sheet: all that
    rule reads of it."""
    kinds = len(RICHES)
    table = []
    for key in range(1 << kinds):
        sheet = [key >> r & 1 for r in range(kinds)]
        table.append(tuple(PAY_ACTIONS[r] for r in range(kinds) if may_pay(sheet, r)))
    return tuple(table)


PAYS: Final = _pays_table()


def pay_actions(state: BalamData, seat: int) -> tuple[Action, ...]:
    """The riches a king may pay with (from :data:`PAYS`: the caller must not change it)."""
    return PAYS[held(state.sheets[seat])]


def turn_actions(state: BalamData, seat: int) -> tuple[Action, ...]:
    """Pay a riches, or turn over a face-down Katun card (memoised by the riches his sheet
    holds and the round's face-down cards: the caller must not change it)."""
    # which riches the sheet holds, the number of the round's slots, and which hold a
    # face-down card
    slots = state.slots
    down = 0
    for i, card in enumerate(slots):
        if card >= 0:
            down |= 1 << i
    key = (held(state.sheets[seat]) << SLOT_BITS | len(slots)) << MAX_SLOTS | down
    actions = state.actions.turns.get(key)
    if actions is None:
        katun = [KATUN_ACTIONS[i] for i in range(len(slots)) if katun_refusal(state, i) is None]
        actions = remember(state.actions.turns, key, (*pay_actions(state, seat), *katun))
    return actions


def refuse_pay(state: BalamData, action: Pay, seat: int) -> Refusal | None:
    if state.phase not in (TURN, COST):
        return Refusal(
            "a riches is paid at the start of a turn or for a building, not now", rules.TURNS
        )
    return pay_refusal(state, seat, action.riches)


def refuse_turn_katun(state: BalamData, action: TurnKatun, seat: int) -> Refusal | None:
    if state.phase is not TURN:
        return Refusal(
            "a Katun card is turned over instead of paying, at the start of a turn", rules.TURNS
        )
    return katun_refusal(state, action.slot)


def pay_for_turn(state: BalamData, seat: int, riches: int) -> Then:
    """The turn's riches: the king may now build, attack or pass."""
    state.pay_to_supply(seat, riches)
    state.phase = ACT
    state.note(f"seat {seat} pays 1 {RICHES[riches]}")
    return DECIDE
