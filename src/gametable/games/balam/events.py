"""Katun events ("4 - KATUN"): turning a card over and playing its effect.

Cards needing a decision put the state in the ``choose`` phase (a riches or prestige, a dowry, to
pay or suffer a catastrophe, then which of the Mayas' riches pay), ``offer`` (cenote sacrifices)
or ``lose`` (buildings lost).  The functions that play a card return what follows
(:class:`~gametable.games.balam.phases.Then`): a decision, or the end of the turn.
"""

from __future__ import annotations

from typing import Final

from gametable.core.protocol import Action
from gametable.games.balam import rules
from gametable.games.balam.actions import (
    PRESTIGE,
    SUFFER,
    TAKE_ACTIONS,
    WARD,
    Dowry,
    Offer,
    Pay,
    PayFrom,
    Suffer,
    Take,
    Ward,
)
from gametable.games.balam.board import CACAO, COURT, MAIZE, MAX_PLOTS, PRISONER, RICHES
from gametable.games.balam.katun import CARDS, CATASTROPHE, CATASTROPHES, KIND, NAMES, TITLES
from gametable.games.balam.phases import CHOOSE, DECIDE, END_TURN, LOSE, OFFER, AfterLosses, Then
from gametable.games.balam.rules import Refusal
from gametable.games.balam.scoring import CENOTE_FACTOR, CEREMONY, ball_game_points
from gametable.games.balam.state import BalamData, not_now
from gametable.games.balam.warlog import Loss
from gametable.games.balam.wars import continue_losses

#: the kinds of card that ask the drawing king to choose
CHOICE_CARDS: Final = ("prosperous", "expedition", "marriage")


# -- the choices a card offers ---------------------------------------------------------------------
def choose_actions(state: BalamData, seat: int) -> list[Action]:
    """A riches (or the prestige) offered, a dowry, ward or suffer a catastrophe, or which of
    the Mayas' riches pay for it."""
    kind = KIND[state.card]
    card = CARDS[state.card]
    if kind == "prosperous":
        out: list[Action] = [TAKE_ACTIONS[r] for r in card.riches if state.supply[r] > 0]
        if card.prestige:
            out.append(TAKE_ACTIONS[PRESTIGE])
        return out
    if kind == "expedition":
        return [TAKE_ACTIONS[r] for r in range(PRISONER) if state.supply[r] > 0]
    if kind == "marriage":
        return [
            Dowry(q, r)
            for q in range(state.players)
            if q != seat
            for r in range(len(RICHES))
            if state.sheets[q][r] > 0
        ]
    if kind in CATASTROPHES:
        if state.warding:
            pay = state.actions.pay_from
            return [pay[b] for b in state.mayas_riches(seat, CATASTROPHE[kind][0])]
        return [WARD, SUFFER]
    return []


def offer_actions(state: BalamData, seat: int) -> list[Action]:
    """The Mayas' riches that can reach a cenote not yet offered to, under transport."""
    cenotes = [c for c in state.board.cenotes if c not in state.offered]
    if not cenotes:
        return []
    open_sites = state.open_sites(seat)
    pos = state.actions.positions
    names = state.board.names
    out: list[Action] = []
    for b in state.mayas_sources(seat):
        r = state.reach_from(seat, b // MAX_PLOTS, open_sites)
        for c in cenotes:
            if r >> c & 1:
                out.append(Offer(*pos[b], names[c]))
    return out


# -- the rules of the choices --------------------------------------------------------------------------
def ward_refusal(state: BalamData, action: Action, seat: int) -> Refusal | None:
    """While the Mayas pay for a catastrophe, the king only chooses which of their riches go."""
    riches = CATASTROPHE[KIND[state.card]][0]
    if isinstance(action, Pay):
        return Refusal(
            "the riches warding off a catastrophe come from the Mayas' reserves or garrisons, "
            "never from the king's chest: choose one with pay SITE.PLOT",
            rules.CATASTROPHES,
        )
    if not isinstance(action, PayFrom):
        return Refusal(
            f"the Mayas are paying for the catastrophe: choose which {RICHES[riches]} of your "
            "reserves and garrisons goes (pay SITE.PLOT)",
            rules.WARD_CHOICE,
        )
    b = state.action_codec.b(action.site, action.plot)
    if b not in state.mayas_riches(seat, riches):
        return Refusal(
            f"there is no {RICHES[riches]} on a reserve or garrison of yours at "
            f"{action.site}.{action.plot}",
            rules.CATASTROPHES,
        )
    return None


def refuse_pay_from(state: BalamData, action: PayFrom, seat: int) -> Refusal | None:
    """The Mayas' riches pay only after ``ward`` (see :func:`ward_refusal`)."""
    return Refusal(
        "the Mayas pay riches from a reserve or garrison only to ward off a catastrophe, after "
        "choosing ward",
        rules.WARD_CHOICE,
    )


def refuse_choice(
    state: BalamData, action: Take | Dowry | Ward | Suffer, seat: int
) -> Refusal | None:
    """A card's choice is one the card offers (riches the supply or the other king still has)."""
    if state.phase is not CHOOSE:
        return not_now(state, action)
    choices = choose_actions(state, seat)
    if action in choices:
        return None
    kind = KIND[state.card]
    offered = ", ".join(str(a) for a in choices)
    if kind == "expedition" and action == TAKE_ACTIONS[PRISONER]:
        return Refusal(
            f"an {NAMES[kind]} brings one of the riches villages produce, never a prisoner "
            f"(prisoners are only captured in war); take one of: {offered}",
            rules.EXPEDITION,
        )
    rule = rules.CATASTROPHES if kind in CATASTROPHES else rules.POSITIVE
    return Refusal(f"the {NAMES[kind]} card offers only: {offered}", rule)


def refuse_offer(state: BalamData, action: Offer, seat: int) -> Refusal | None:
    """Cult of the sacred cenotes: a riches of the Mayas, to a cenote not yet offered to,
    carried there under the transport rules."""
    if state.phase is not OFFER:
        return Refusal(
            "riches go to the cenotes only when the Cult of the sacred cenotes is turned over",
            rules.CENOTES,
        )
    b = state.action_codec.b(action.site, action.plot)
    if b not in state.mayas_sources(seat):
        return Refusal(
            "only riches in your reserves and garrisons (your Mayas' riches) go to the cenotes, "
            "never those of your king sheet",
            rules.CENOTES,
        )
    c = state.board.index(action.cenote)
    if not state.board.cenote[c] or c in state.offered:
        return Refusal(f"{action.cenote} is not a cenote still waiting for a riches", rules.CENOTES)
    if not state.reach_from(seat, b // MAX_PLOTS) >> c & 1:
        return Refusal(
            f"the riches on {action.site}.{action.plot} cannot reach {action.cenote} under the "
            "transport rules",
            rules.TRANSPORT,
        )
    return None


# -- playing a card --------------------------------------------------------------------------------
def turn_katun(state: BalamData, seat: int, slot: int) -> Then:
    card = state.slots[slot]
    state.slots[slot] = -1
    state.discard.append(card)
    state.card = card
    kind = KIND[card]
    state.note(f"seat {seat} turns over {TITLES[card]}")
    state.count("katun_cards_turned")
    if kind in CHOICE_CARDS:
        state.phase = CHOOSE
        return DECIDE if choose_actions(state, seat) else END_TURN
    if kind == "favourable":
        for r in CARDS[card].riches:
            state.gain(seat, r)
    elif kind == "exceptional":
        state.gain(seat, MAIZE, 2)
    elif kind == "cacao_festival":
        for q in state.order_from(seat):
            state.gain(q, CACAO)
    elif kind == "ball_game":
        ball_game(state)
    elif kind == "eclipse":
        state.eclipse = True
    elif kind == "cenotes":
        state.phase = OFFER
        state.offered = []
        return DECIDE if offer_actions(state, seat) else END_TURN
    elif kind in CATASTROPHES:
        return catastrophe(state, seat, kind)
    return END_TURN


def take(state: BalamData, action: Take, seat: int) -> Then:
    if action.riches == PRESTIGE:
        points = CARDS[state.card].prestige
        state.add_prestige(seat, points, "prosperous")
        state.note(f"seat {seat} takes {points} prestige")
    else:
        state.gain(seat, action.riches)
        state.note(f"seat {seat} takes 1 {RICHES[action.riches]}")
    return END_TURN


def dowry(state: BalamData, action: Dowry, seat: int) -> Then:
    """Princely marriage: a riches from another king's sheet."""
    state.sheets[action.seat][action.riches] -= 1
    state.sheets[seat][action.riches] += 1
    state.note(f"seat {seat} takes 1 {RICHES[action.riches]} from seat {action.seat} as dowry")
    state.count("dowries")
    return END_TURN


def ball_game(state: BalamData) -> None:
    state.ball_games += 1
    state.count("ball_games")
    courts = [state.count_kind(q, COURT) for q in range(state.players)]
    cities = [state.cities(q) for q in range(state.players)]
    for q, pts in enumerate(ball_game_points(courts, cities)):
        if pts:
            state.add_prestige(q, pts, "ball_game")
            state.note(f"ball game {state.ball_games}: seat {q} wins {pts} prestige")


def exposed(state: BalamData, seat: int, kind: str) -> list[int]:
    """The buildings (or cities) a catastrophe would cost: empty if the king has none."""
    what = CATASTROPHE[kind][2]
    if isinstance(what, str):
        flags = state.board.volcano if what == "volcano" else state.board.seashore
        return [s for s in state.board.sites if flags[s] and state.owner[s] == seat]
    return [b for k, _n in what for b in state.buildings_of(seat, k)]


def catastrophe(state: BalamData, seat: int, kind: str) -> Then:
    """No building concerned: nothing happens.  Else the Mayas pay from reserves and garrisons if
    they can (the king chooses to pay or lose when both are possible), or the king loses."""
    riches, n, _ = CATASTROPHE[kind]
    if not exposed(state, seat, kind):
        state.note(f"seat {seat} has nothing the {NAMES[kind]} can strike")
        state.count("catastrophes_harmless")
        return END_TURN
    state.count("catastrophes")
    if len(state.mayas_riches(seat, riches)) >= n:
        state.phase = CHOOSE
        return DECIDE
    return suffer(state, seat)


def ward(state: BalamData, seat: int) -> Then:
    """The Mayas pay: the king chooses which of their riches (``pay SITE.PLOT``, one at a time)
    while they hold more of the riches asked than they still owe; the rest pay by themselves."""
    riches, n, _ = CATASTROPHE[KIND[state.card]]
    state.count("catastrophes_paid")
    state.warding = n
    state.note(
        f"seat {seat}'s Mayas ward off the {KIND[state.card].replace('_', ' ')}: they pay "
        f"{n} {RICHES[riches]}"
    )
    return settle_ward(state, seat)


def settle_ward(state: BalamData, seat: int) -> Then:
    """Pay by themselves the riches left when there is nothing to choose, or wait for a choice."""
    candidates = state.mayas_riches(seat, CATASTROPHE[KIND[state.card]][0])
    if len(candidates) > state.warding:
        state.phase = CHOOSE
        return DECIDE
    for b in candidates[: state.warding]:
        mayas_pay(state, seat, b)
    state.warding = 0
    return END_TURN


def pay_from(state: BalamData, action: PayFrom, seat: int) -> Then:
    """The king's choice: the riches on that plot wards off (part of) the catastrophe."""
    mayas_pay(state, seat, state.action_codec.b(action.site, action.plot))
    state.warding -= 1
    if state.warding <= 0:
        state.warding = 0
        return END_TURN
    return settle_ward(state, seat)


def mayas_pay(state: BalamData, seat: int, b: int) -> None:
    r = state.take_riches(b)
    site, plot = state.actions.positions[b]
    state.note(f"seat {seat}'s Mayas pay the {RICHES[r]} on {site}.{plot}")


def suffer(state: BalamData, seat: int) -> Then:
    """The king loses the buildings (or the cities) the catastrophe strikes."""
    kind = KIND[state.card]
    what = CATASTROPHE[kind][2]
    state.count("catastrophes_suffered")
    if isinstance(what, str):
        for s in exposed(state, seat, kind):
            state.note(f"seat {seat} loses the city {state.board.names[s]} to the {kind}")
            state.count("cities_lost_to_catastrophes")
            for b in list(state.anchors(s)):
                state.lost_buildings(seat)
                state.count("buildings_lost_to_catastrophes")
                state.demolish(b)
        return END_TURN
    state.losses = tuple(Loss(k, n) for k, n in what)
    state.after_losses = AfterLosses.KATUN
    state.phase = LOSE
    return continue_losses(state)


def offer(state: BalamData, action: Offer, seat: int) -> Then:
    """A sacrifice in a cenote: twice a temple's prestige."""
    r = state.take_riches(state.action_codec.b(action.site, action.plot))
    state.offered.append(state.board.index(action.cenote))
    pts = CENOTE_FACTOR * CEREMONY[r]
    state.add_prestige(seat, pts, "cenote")
    state.count("cenote_offerings")
    state.note(
        f"seat {seat} sacrifices 1 {RICHES[r]} in the cenote {action.cenote}: {pts} prestige"
    )
    return DECIDE if offer_actions(state, seat) else END_TURN
