"""Legal actions of each phase, and ``check``: why an action is refused, naming the rule.

``legal_actions`` lists every action a seat may take now; ``check`` refuses anything else with an
:class:`IllegalAction` citing the rulebook section the action breaks (the small rule functions
of :mod:`gametable.games.balam.rules` for constructions, a phase's own rule otherwise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gametable.core.errors import IllegalAction
from gametable.core.protocol import Action
from gametable.games.balam import rules
from gametable.games.balam.actions import (
    DONE,
    END,
    PAY_ACTIONS,
    Attack,
    Build,
    Defend,
    Move,
    Offer,
    Pay,
    PayFrom,
    TurnKatun,
)
from gametable.games.balam.board import (
    BASE_COST,
    DOUBLE,
    EMPTY,
    GARRISON,
    KINDS,
    LARGE_PYRAMIDS,
    MARKET,
    MAX_PLOTS,
    OBSIDIAN,
    PALACE,
    RESERVE,
    RICHES,
    SMALL_PYRAMIDS,
    SPECIAL_COST,
    TEMPLE,
    TILE_LIMIT,
    TILE_OF,
    VILLAGE,
)
from gametable.games.balam.distribution import move_actions
from gametable.games.balam.events import (
    choose_actions,
    mayas_riches,
    mayas_sources,
    offer_actions,
)
from gametable.games.balam.katun import CATASTROPHE, KIND
from gametable.games.balam.phases import (
    ACT,
    CHOOSE,
    COST,
    DEFEND,
    DESTROY,
    DIST,
    LOSE,
    OFFER,
    TURN,
)
from gametable.games.balam.wars import defence_obsidian, destroy_candidates, garrison_stats

if TYPE_CHECKING:
    from gametable.games.balam.state import BalamState

_KATUN = tuple(TurnKatun(i) for i in range(5))
_DEFEND = tuple(Defend(i) for i in range(41))


def legal_actions(st: BalamState, seat: int) -> list[Action]:
    phase = st.phase
    if phase == TURN:
        return turn_actions(st, seat)
    if phase == ACT:
        return act_actions(st, seat)
    if phase == COST:
        return [PAY_ACTIONS[r] for r in range(6) if st.chest[seat][r] > 0]
    if phase == DEFEND:
        top = defence_obsidian(st)
        return [_DEFEND[i] if i < len(_DEFEND) else Defend(i) for i in range(top + 1)]
    if phase == LOSE:
        lose = st.tables[3]
        return [lose[b] for b in loss_candidates(st, seat)]
    if phase == DESTROY:
        destroy = st.tables[4]
        return [destroy[b] for b in destroy_candidates(st)]
    if phase == CHOOSE:
        return choose_actions(st, seat)
    if phase == OFFER:
        return [*offer_actions(st, seat), DONE]
    if phase == DIST:
        return [*move_actions(st, seat), DONE]
    return []


# -- B - Turns ------------------------------------------------------------------------------------
def turn_actions(st: BalamState, seat: int) -> list[Action]:
    chest = st.chest[seat]
    out: list[Action] = [PAY_ACTIONS[r] for r in range(6) if chest[r] > 0]
    out.extend(_KATUN[i] for i, c in enumerate(st.slots) if c >= 0)
    return out


def act_actions(st: BalamState, seat: int) -> list[Action]:
    out: list[Action] = build_actions(st, seat)
    remove = st.tables[2]
    sites = [st.lock] if st.lock >= 0 else st.board.sites
    for s in sites:
        if st.owner[s] == seat:
            out.extend(remove[b] for b in st.anchors(s))
    if st.lock < 0 and not st.attacked:
        out.extend(attack_actions(st, seat))
    out.append(END)
    return out


def affordable_kinds(st: BalamState, seat: int) -> list[int]:
    chest = st.chest[seat]
    total = sum(chest)
    used = st.tiles_used()
    out = []
    for k in range(8):
        special = SPECIAL_COST[k]
        ok = chest[special] > 0 if special is not None else total >= BASE_COST[k]
        if ok and used[TILE_OF[k]] < TILE_LIMIT[TILE_OF[k]]:
            out.append(k)
    return out


def build_actions(st: BalamState, seat: int) -> list[Action]:
    kinds_ok = affordable_kinds(st, seat)
    if not kinds_ok:
        return []
    board = st.board
    kinds = st.kinds
    owner = st.owner
    large_free = LARGE_PYRAMIDS - owner.count(seat)
    small_free = SMALL_PYRAMIDS - st.small_used(seat)
    table = st.tables[1]
    out: list[Action] = []
    sites = [st.lock] if st.lock >= 0 else board.sites
    for s in sites:
        o = owner[s]
        if o != seat and (o != -1 or large_free <= 0):
            continue
        base = s * MAX_PLOTS
        market_ok = small_free >= 1 + len(board.neighbours[s])
        for p in range(board.plots[s]):
            if kinds[base + p] != EMPTY:
                continue
            for k in kinds_ok:
                if DOUBLE[k]:
                    q = board.second_plot(s, p)
                    if q is None or kinds[base + q] != EMPTY:
                        continue
                elif k == MARKET and not market_ok:
                    continue
                out.append(table[k][base + p])
    return out


def attack_actions(st: BalamState, seat: int) -> list[Action]:
    out: list[Action] = []
    names = st.board.names
    for s in st.board.sites:
        if st.owner[s] != seat:
            continue
        g, o = garrison_stats(st, s)
        if not g:
            continue
        for t in st.board.neighbours[s]:
            if st.owner[t] in (-1, seat):
                continue
            for n in range(1, g + 1):
                for k in range(min(n, o) + 1):
                    out.append(Attack(names[s], names[t], n, k))
    return out


# -- wars ---------------------------------------------------------------------------------------------


def loss_candidates(st: BalamState, seat: int) -> list[int]:
    kind, _count, site = st.losses[0]
    return st.buildings_of(seat, kind, site)


# -- Katun choices ------------------------------------------------------------------------------------


# -- distribution -------------------------------------------------------------------------------------


# -- check: refusing with the rule broken ---------------------------------------------------------
PHASE_RULE = {
    TURN: rules.TURNS,
    ACT: rules.CONSTRUCTIONS,
    COST: rules.COSTS,
    DEFEND: rules.DEFENCE,
    LOSE: rules.WAR_LOSSES,
    DESTROY: rules.DESTRUCTION,
    CHOOSE: rules.KATUN,
    OFFER: rules.CENOTES,
    DIST: rules.TRANSPORT,
}


def check(st: BalamState, action: Action, seat: int) -> None:
    """Accept a legal action; refuse anything else naming the rule it breaks."""
    legal = st.legal_actions(seat)
    if action in legal:
        return
    explain(st, action, seat)
    raise IllegalAction(
        f"{action} is not possible now ({st.phase} phase)", PHASE_RULE.get(st.phase, rules.TURNS)
    )


def explain(st: BalamState, action: Action, seat: int) -> None:
    """Raise the most telling reason an action is refused (if one of the rule checks finds it)."""
    phase = st.phase
    if phase == CHOOSE and st.warding:
        explain_ward(st, action, seat)
    if isinstance(action, PayFrom):
        raise IllegalAction(
            "the Mayas pay riches from a reserve or garrison only to ward off a "
            "catastrophe, after choosing ward",
            rules.WARD_CHOICE,
        )
    if isinstance(action, Pay):
        if phase not in (TURN, COST):
            raise IllegalAction(
                "a riches is paid at the start of a turn or for a building, not now", rules.TURNS
            )
        rules.check_can_pay(st.chest[seat], action.riches)
    if isinstance(action, TurnKatun):
        if phase != TURN:
            raise IllegalAction(
                "a Katun card is turned over instead of paying, at the start of a turn", rules.TURNS
            )
        if action.slot >= len(st.slots) or st.slots[action.slot] < 0:
            raise IllegalAction(
                f"Katun card {action.slot} is not face down beside the board", rules.KATUN
            )
    if isinstance(action, Build):
        if phase != ACT:
            if phase == TURN:
                raise IllegalAction("pay 1 riches first, then build", rules.TURNS)
            raise IllegalAction("you cannot build now", rules.CONSTRUCTIONS)
        s = st.board.index(action.site)
        base = s * MAX_PLOTS
        rules.check_build_site(
            st.owner[s], seat, st.lock, s, action.site, LARGE_PYRAMIDS - st.owner.count(seat)
        )
        rules.check_plots(
            st.kinds, base, action.plot, st.board.second_plot(s, action.plot), action.kind
        )
        rules.check_cost(st.chest[seat], action.kind)
        rules.check_tiles(st.tiles_used(), action.kind)
        rules.check_market_pyramids(
            action.kind, SMALL_PYRAMIDS - st.small_used(seat), 1 + len(st.board.neighbours[s])
        )
    if isinstance(action, Attack):
        if phase == TURN:
            raise IllegalAction("pay 1 riches first, then attack", rules.TURNS)
        if phase != ACT or st.lock >= 0 or st.attacked:
            raise IllegalAction(
                "a king launches one attack, instead of building, per turn", rules.WARS
            )
        s, t = st.board.index(action.source), st.board.index(action.target)
        if st.owner[s] != seat:
            raise IllegalAction(f"{action.source} is not one of your cities", rules.WARS)
        if not st.board.adjacent(s, t) or st.owner[t] in (-1, seat):
            raise IllegalAction(
                f"{action.target} is not an enemy city at the end of a path from {action.source}",
                rules.WARS,
            )
        g, o = garrison_stats(st, s)
        if action.garrisons > g:
            raise IllegalAction(
                f"{action.source} has {g} garrisons; you cannot commit {action.garrisons}",
                rules.WARS,
            )
        if action.obsidian > o:
            raise IllegalAction(f"only {o} of the committed garrisons hold obsidian", rules.WARS)
    if isinstance(action, Defend) and phase == DEFEND:
        raise IllegalAction(
            f"your garrisons there hold only {defence_obsidian(st)} obsidian", rules.DEFENCE
        )
    if isinstance(action, Move):
        if phase != DIST:
            raise IllegalAction(
                "riches are moved during the distribution, at the end of the round",
                rules.DISTRIBUTION,
            )
        explain_move(st, action, seat)
    if isinstance(action, Offer):
        if phase != OFFER:
            raise IllegalAction(
                "riches go to the cenotes only when the Cult of the sacred cenotes is turned over",
                rules.CENOTES,
            )
        b = st.codec.b(action.site, action.plot)
        if b not in mayas_sources(st, seat):
            raise IllegalAction(
                "only riches in your reserves and garrisons (your Mayas' riches) "
                "go to the cenotes, never those of your king sheet",
                rules.CENOTES,
            )
        c = st.board.index(action.cenote)
        if not st.board.cenote[c] or c in st.offered:
            raise IllegalAction(
                f"{action.cenote} is not a cenote still waiting for a riches", rules.CENOTES
            )
        raise IllegalAction(
            f"the riches on {action.site}.{action.plot} cannot reach "
            f"{action.cenote} under the transport rules",
            rules.TRANSPORT,
        )


def explain_ward(st: BalamState, action: Action, seat: int) -> None:
    """While the Mayas pay for a catastrophe, the king only chooses which of their riches go."""
    riches = RICHES[CATASTROPHE[KIND[st.card]][0]]
    if isinstance(action, Pay):
        raise IllegalAction(
            "the riches warding off a catastrophe come from the Mayas' reserves "
            "or garrisons, never from the king's chest: choose one with pay "
            "SITE.PLOT",
            rules.CATASTROPHES,
        )
    if not isinstance(action, PayFrom):
        raise IllegalAction(
            f"the Mayas are paying for the catastrophe: choose which {riches} "
            "of your reserves and garrisons goes (pay SITE.PLOT)",
            rules.WARD_CHOICE,
        )
    b = st.codec.b(action.site, action.plot)
    if b not in mayas_riches(st, seat, CATASTROPHE[KIND[st.card]][0]):
        raise IllegalAction(
            f"there is no {riches} on a reserve or garrison of yours at "
            f"{action.site}.{action.plot}",
            rules.CATASTROPHES,
        )


def explain_move(st: BalamState, action: Move, seat: int) -> None:
    """A distribution move:

    1. a riches of the king's, on a village, reserve or garrison, not yet moved this round;
    2. to one of his own temples or palaces (2 riches at most), empty reserves, or (obsidian
       only) empty garrisons;
    3. along sites no enemy controls commercially.
    """
    b = st.codec.b(action.site, action.plot)
    d = st.codec.b(action.to_site, action.to_plot)
    where = f"{action.to_site}.{action.to_plot}"
    if (
        st.owner[b >> 2] != seat
        or st.toks[b] < 0
        or st.kinds[b] not in (VILLAGE, RESERVE, GARRISON)
    ):
        raise IllegalAction(
            f"there is no riches of yours to move on {action.site}.{action.plot}",
            rules.DISTRIBUTION,
        )
    if b in st.moved:
        raise IllegalAction(
            "that riches has already been moved this round", rules.DISTRIBUTION_ONCE
        )
    if st.owner[d >> 2] != seat:
        raise IllegalAction("riches go only to your own buildings", rules.DISTRIBUTION)
    kind = st.kinds[d]
    if kind == GARRISON:
        if st.toks[b] != OBSIDIAN:
            raise IllegalAction("only obsidian is moved onto a garrison", rules.EQUIPMENT)
        if st.toks[d] >= 0:
            raise IllegalAction(f"the garrison on {where} already holds a riches", rules.EQUIPMENT)
    elif kind == RESERVE:
        if st.toks[d] >= 0:
            raise IllegalAction(f"the reserve on {where} already holds a riches", rules.STORAGE)
    elif kind in (TEMPLE, PALACE):
        if st.toks[d] >= 0 and st.toks[st.second_b(d)] >= 0:
            raise IllegalAction(
                f"the {KINDS[kind]} on {where} already has 2 riches",
                rules.CEREMONY if kind == TEMPLE else rules.TAXES,
            )
    else:
        raise IllegalAction(
            f"no riches goes to {where}: riches go to temples, palaces, reserves and garrisons",
            rules.DISTRIBUTION,
        )
    if d == b:
        raise IllegalAction("that riches is already there", rules.DISTRIBUTION)
    raise IllegalAction(
        f"the riches on {action.site}.{action.plot} cannot reach {where}: an "
        "enemy controls its city or every way there",
        rules.TRANSPORT,
    )
