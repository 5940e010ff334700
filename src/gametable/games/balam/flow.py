"""Applying checked actions: the dispatch, the turn's payment and constructions.

Wars are played in :mod:`~gametable.games.balam.wars`, Katun cards in
:mod:`~gametable.games.balam.events`, the end of a round in
:mod:`~gametable.games.balam.distribution`; the state's ``phase`` says which decision comes next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gametable.core.protocol import Action
from gametable.games.balam.actions import (
    Attack,
    Build,
    Defend,
    Destroy,
    Done,
    Dowry,
    End,
    Lose,
    Move,
    Offer,
    Pay,
    PayFrom,
    Remove,
    Suffer,
    Take,
    TurnKatun,
    Ward,
)
from gametable.games.balam.board import BASE_COST, KINDS, MAX_PLOTS, RICHES, SPECIAL_COST
from gametable.games.balam.distribution import after_distribution_step, move
from gametable.games.balam.events import (
    finish_katun,
    offer,
    pay_from,
    suffer,
    take,
    turn_katun,
    ward,
)
from gametable.games.balam.phases import ACT, COST, OFFER, TURN
from gametable.games.balam.wars import attack, continue_destruction, destroy, lose, resolve_war

if TYPE_CHECKING:
    from gametable.games.balam.state import BalamState


def apply(st: BalamState, action: Action, seat: int) -> None:
    if isinstance(action, Pay):
        pay(st, seat, action.riches)
    elif isinstance(action, TurnKatun):
        turn_katun(st, seat, action.slot)
    elif isinstance(action, Build):
        build(st, seat, action)
    elif isinstance(action, Remove):
        st.lock = st.board.index(action.site)
        st.demolish(st.codec.b(action.site, action.plot))
        st.stats["buildings_removed"] += 1
        st.note(f"seat {seat} removes a building on {action.site}.{action.plot}")
    elif isinstance(action, Attack):
        attack(st, seat, action)
    elif isinstance(action, End):
        st.end_turn()
    elif isinstance(action, Defend):
        resolve_war(st, action.obsidian)
    elif isinstance(action, Lose):
        lose(st, st.codec.b(action.site, action.plot))
    elif isinstance(action, Destroy):
        destroy(st, st.codec.b(action.site, action.plot))
        continue_destruction(st)
    elif isinstance(action, Take):
        take(st, seat, action.riches)
        finish_katun(st)
    elif isinstance(action, Dowry):
        st.chest[action.seat][action.riches] -= 1
        st.chest[seat][action.riches] += 1
        st.note(f"seat {seat} takes 1 {RICHES[action.riches]} from seat {action.seat} as dowry")
        st.stats["dowries"] += 1
        finish_katun(st)
    elif isinstance(action, Ward):
        ward(st, seat)
    elif isinstance(action, PayFrom):
        pay_from(st, seat, st.codec.b(action.site, action.plot))
    elif isinstance(action, Suffer):
        suffer(st, seat)
    elif isinstance(action, Offer):
        offer(st, seat, action)
    elif isinstance(action, Move):
        move(st, seat, action)
    elif isinstance(action, Done):
        if st.phase == OFFER:
            finish_katun(st)
        else:
            st.done[seat] = True
            after_distribution_step(st)


#: the event_counts key of each building kind built
BUILT = tuple(f"{'observatories' if k == 'observatory' else k + 's'}_built" for k in KINDS)


# -- B - Turns -------------------------------------------------------------------------------------


def pay(st: BalamState, seat: int, riches: int) -> None:
    """The turn's riches (then build, attack or pass), or one riches of a building's cost."""
    st.chest[seat][riches] -= 1
    st.supply[riches] += 1
    if st.phase == TURN:
        st.phase = ACT
        st.note(f"seat {seat} pays 1 {RICHES[riches]}")
        return
    st.due -= 1
    if st.due <= 0:
        st.phase = ACT


# -- 2 - CONSTRUCTIONS ----------------------------------------------------------------------------


def build(st: BalamState, seat: int, action: Build) -> None:
    s = st.board.index(action.site)
    b = s * MAX_PLOTS + action.plot
    kind = action.kind
    st.lock = s
    st.erect(seat, kind, b)
    st.stats["buildings_built"] += 1
    st.stats[BUILT[kind]] += 1
    st.note(f"seat {seat} builds a {KINDS[kind]} on {action.site}.{action.plot}")
    special = SPECIAL_COST[kind]
    if special is not None:
        st.chest[seat][special] -= 1
        st.supply[special] += 1
    else:
        st.due = BASE_COST[kind]
        st.phase = COST
