"""Wars ("3 - WARS"): the attack, the defence, the dice, the losses and the destruction.

The state's ``last_war`` (:class:`~gametable.games.balam.state.WarResult`) keeps the battle's
totals and, as the war unfolds, what it changed: the garrisons lost to skulls, the buildings
destroyed, the prisoners taken, the cities left to no one, and once it is over who won.

An attack goes: obsidian of the attacker, the defender's obsidian (``defend`` phase), the roll,
the attacker's losses (``lose`` phase), the destruction (``destroy`` phase), a devastated city
(which the attacker may take at once by building on it).  The losses a king owes to a catastrophe
are chosen the same way (``lose`` phase).

>>> potentials([3, -1], attack_obsidian=1, defending_garrisons=3, defence_obsidian=0)
(4, 3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from gametable.core.protocol import Action
from gametable.games.balam import rules
from gametable.games.balam.actions import Attack, Defend, Destroy, Lose, remember
from gametable.games.balam.board import (
    DOUBLE,
    EMPTY,
    GARRISON,
    KINDS,
    MARKET,
    MAX_PLOTS,
    NO_RICHES,
    OBSIDIAN,
    PRISONER,
    plot_symmetries,
)
from gametable.games.balam.constructions import build_actions
from gametable.games.balam.dice import FACES, SKULL, face_text
from gametable.games.balam.memos import targets_key
from gametable.games.balam.phases import (
    ACT,
    DECIDE,
    DEFEND,
    DESTROY,
    END_TURN,
    LOSE,
    TURN,
    AfterLosses,
    Then,
)
from gametable.games.balam.rules import Refusal
from gametable.games.balam.state import BalamData, not_now
from gametable.games.balam.turns import pay_first_refusal
from gametable.games.balam.warlog import Fallen, Loss, War, WarResult

DEFEND_ACTIONS: Final = tuple(Defend(i) for i in range(41))


def potentials(
    roll: Sequence[int], attack_obsidian: int, defending_garrisons: int, defence_obsidian: int
) -> tuple[int, int, int]:
    """(attack, defence, skulls): attack = success points + obsidian spent; defence = garrisons
    of the city and of the defender's adjacent cities + obsidian spent."""
    skulls = sum(1 for f in roll if f == SKULL)
    attack = sum(f for f in roll if f != SKULL) + attack_obsidian
    return attack, defending_garrisons + defence_obsidian, skulls


def destruction_cost(kind: int) -> int:
    """Temples and palaces need 2 points to be destroyed, the other buildings 1."""
    return 2 if DOUBLE[kind] else 1


# -- queries ---------------------------------------------------------------------------------------
def garrison_stats(state: BalamData, site: int) -> tuple[int, int]:
    """(garrisons, garrisons holding obsidian) of a site."""
    base = site * MAX_PLOTS
    g = o = 0
    for b in range(base, base + state.board.plots[site]):
        if state.buildings[b] == GARRISON:
            g += 1
            if state.riches_on[b] == OBSIDIAN:
                o += 1
    return g, o


def defence_sites(state: BalamData) -> list[int]:
    """The attacked city and the defender's cities directly adjacent to it."""
    war = state.war
    assert war is not None
    t, d = war.target, war.defender
    return [t, *(u for u in state.board.neighbours[t] if state.owner[u] == d)]


def defence_obsidian(state: BalamData) -> int:
    return sum(garrison_stats(state, s)[1] for s in defence_sites(state))


def destroy_candidates(state: BalamData) -> list[int]:
    war = state.war
    assert war is not None
    return [
        b for b in state.anchors(war.target) if destruction_cost(state.buildings[b]) <= war.points
    ]


def loss_candidates(state: BalamData, seat: int) -> list[int]:
    first = state.losses[0]
    return state.buildings_of(seat, first.kind, first.site)


def site_after_loss(state: BalamData, b: int) -> tuple[tuple[int, int, int], ...]:
    """The site of ``b`` as it stands once the building on ``b`` is lost, whatever the numbering
    of its plots: per plot (building, riches, the other plot of a palace or temple or -1), the
    least of its images under :func:`~gametable.games.balam.board.plot_symmetries`."""
    s = b // MAX_PLOTS
    n, base = state.board.plots[s], s * MAX_PLOTS
    riches_on = state.riches_on
    cells = [(EMPTY, NO_RICHES, -1)] * n
    for a in state.anchors(s):
        if a == b:
            continue
        kind, p = state.buildings[a], a - base
        if DOUBLE[kind]:
            q = state.second_pos(a) - base
            cells[p], cells[q] = (kind, riches_on[a], q), (kind, riches_on[base + q], p)
        else:
            cells[p] = (kind, riches_on[a], -1)
    images = []
    for sigma in plot_symmetries(n):
        image = [cells[0]] * n
        for p, (kind, riches, other) in enumerate(cells):
            image[sigma[p]] = (kind, riches, sigma[other] if other >= 0 else -1)
        images.append(tuple(image))
    return min(images)


def interchangeable(state: BalamData, candidates: list[int]) -> bool:
    """Does every choice among ``candidates`` leave the same position (the plots' numbering
    aside)?  Only buildings of one site can: alike, holding the same riches, and leaving the
    site the same once its plots are renumbered (turned or mirrored), so that the same
    buildings, palaces and temples included, can stand there afterwards.  Then the loser has
    nothing to choose ("3 - WARS": the garrison "of his choice")."""
    site = candidates[0] // MAX_PLOTS
    if any(b // MAX_PLOTS != site for b in candidates):
        return False
    return len({site_after_loss(state, b) for b in candidates}) == 1


# -- the rules of an attack --------------------------------------------------------------------------
def may_attack_now(state: BalamData) -> bool:
    """After paying his turn's riches, a king may launch one attack instead of building."""
    return state.phase is ACT and state.build_site < 0 and not state.attacked


def attack_turn_refusal(state: BalamData, seat: int) -> Refusal | None:
    """The refusal of :func:`may_attack_now`."""
    if state.phase is TURN:
        return pay_first_refusal(state, seat, "attack")
    if not may_attack_now(state):
        return Refusal("a king launches one attack, instead of building, per turn", rules.WARS)
    return None


def source_refusal(state: BalamData, seat: int, source: int) -> Refusal | None:
    if state.owner[source] != seat:
        return Refusal(f"{state.board.names[source]} is not one of your cities", rules.WARS)
    return None


def is_target(state: BalamData, seat: int, source: int, target: int) -> bool:
    """The target is an enemy city at the end of a path from the attacking city."""
    holder = state.owner[target]
    return holder != -1 and holder != seat and state.board.adjacent(source, target)


def target_refusal(state: BalamData, seat: int, source: int, target: int) -> Refusal | None:
    """:func:`is_target`, explained."""
    if not is_target(state, seat, source, target):
        names = state.board.names
        return Refusal(
            f"{names[target]} is not an enemy city at the end of a path from {names[source]}",
            rules.WARS,
        )
    return None


def force_refusal(
    state: BalamData, source: int, garrisons: int, obsidian: int, stats: tuple[int, int]
) -> Refusal | None:
    """At least one of the city's garrisons attacks; each may spend the obsidian it holds."""
    g, o = stats
    if garrisons > g:
        return Refusal(
            f"{state.board.names[source]} has {g} garrisons; you cannot commit {garrisons}",
            rules.WARS,
        )
    if obsidian > o:
        return Refusal(f"only {o} of the committed garrisons hold obsidian", rules.WARS)
    if obsidian > garrisons or garrisons < 1:
        return Refusal("each committed garrison spends at most the obsidian it holds", rules.WARS)
    return None


def refuse_attack(state: BalamData, action: Attack, seat: int) -> Refusal | None:
    refusal = attack_turn_refusal(state, seat)
    if refusal:
        return refusal
    s, t = state.board.index(action.source), state.board.index(action.target)
    return (
        source_refusal(state, seat, s)
        or target_refusal(state, seat, s, t)
        or force_refusal(state, s, action.garrisons, action.obsidian, garrison_stats(state, s))
    )


def attack_actions(state: BalamData, seat: int) -> list[Action]:
    """Every attack no rule refuses: from each city, on each enemy neighbour, each force."""
    if not may_attack_now(state):
        return []
    out: list[Action] = []
    for s in state.cities_of(seat):
        stats = garrison_stats(state, s)  # no garrison: nothing attacks from there
        if stats[0] and source_refusal(state, seat, s) is None:
            for t in attack_targets(state, seat, s):
                out.extend(forces(state, s, t, stats))
    return out


def attack_targets(state: BalamData, seat: int, source: int) -> tuple[int, ...]:
    """The neighbours of ``source`` it may attack (memoised until a building goes up or down)."""
    memo = state.city_memo.targets
    key = targets_key(seat, source)
    targets = memo.get(key)
    if targets is None:
        targets = tuple(
            [t for t in state.board.neighbours[source] if is_target(state, seat, source, t)]
        )
        memo[key] = targets
    return targets


def forces(
    state: BalamData, source: int, target: int, stats: tuple[int, int]
) -> tuple[Action, ...]:
    """The attacks from ``source`` on ``target`` that the city's garrisons and their obsidian
    (``stats``) allow, each force once (memoised per board)."""
    key = ((source << 8 | target) << 8 | stats[0]) << 8 | stats[1]  # (each below 256)
    found = state.actions.forces.get(key)
    if found is None:
        names = state.board.names
        found = tuple(
            Attack(names[source], names[target], n, k)
            for n in range(1, stats[0] + 1)
            for k in range(n + 1)
            if force_refusal(state, source, n, k, stats) is None
        )
        remember(state.actions.forces, key, found)
    return found


# -- the defence, the losses, the destruction: the rules ---------------------------------------------
def refuse_defend(state: BalamData, action: Defend, seat: int) -> Refusal | None:
    """The defender spends at most the obsidian his defending garrisons hold."""
    if state.phase is not DEFEND:
        return not_now(state, action)
    top = defence_obsidian(state)
    if action.obsidian > top:
        return Refusal(f"your garrisons there hold only {top} obsidian", rules.DEFENCE)
    return None


def defend_actions(state: BalamData, seat: int) -> list[Action]:
    top = defence_obsidian(state)
    return [DEFEND_ACTIONS[i] if i < len(DEFEND_ACTIONS) else Defend(i) for i in range(top + 1)]


def refuse_lose(state: BalamData, action: Lose, seat: int) -> Refusal | None:
    """A king loses one of the buildings he owes (of the kind, on the site, asked)."""
    if state.phase is not LOSE:
        return not_now(state, action)
    if state.action_codec.b(action.site, action.plot) not in loss_candidates(state, seat):
        first = state.losses[0]
        where = "" if first.site < 0 else f" on {state.board.names[first.site]}"
        rule = (
            rules.WAR_LOSSES
            if state.after_losses == AfterLosses.DESTRUCTION
            else rules.CATASTROPHES
        )
        return Refusal(
            f"{action.site}.{action.plot} is not one of the buildings you owe "
            f"({first.count} {KINDS[first.kind]}{'s' if first.count > 1 else ''}{where})",
            rule,
        )
    return None


def lose_actions(state: BalamData, seat: int) -> list[Action]:
    lose = state.actions.lose
    return [lose[b] for b in loss_candidates(state, seat)]


def refuse_destroy(state: BalamData, action: Destroy, seat: int) -> Refusal | None:
    """The attacker destroys a building of the city his points suffice for."""
    if state.phase is not DESTROY:
        return not_now(state, action)
    if state.action_codec.b(action.site, action.plot) not in destroy_candidates(state):
        war = state.war
        assert war is not None
        return Refusal(
            f"{action.site}.{action.plot} is not a building of {state.board.names[war.target]} "
            f"that your {war.points} destruction point{'s' if war.points != 1 else ''} can "
            "destroy (a temple or palace takes 2)",
            rules.DESTRUCTION,
        )
    return None


def destroy_actions(state: BalamData, seat: int) -> list[Action]:
    destroy = state.actions.destroy
    return [destroy[b] for b in destroy_candidates(state)]


# -- playing an attack ---------------------------------------------------------------------------------
def attack(state: BalamData, action: Attack, seat: int) -> Then:
    """The attacker's obsidian is spent; the defender chooses his, or the dice roll at once."""
    s, t = state.board.index(action.source), state.board.index(action.target)
    spent = 0
    base = s * MAX_PLOTS
    for b in range(base, base + state.board.plots[s]):
        if (
            spent < action.obsidian
            and state.buildings[b] == GARRISON
            and state.riches_on[b] == OBSIDIAN
        ):
            state.take_riches(b)
            spent += 1
    state.attacked = True
    state.war = War(s, t, action.garrisons, action.obsidian, state.owner[t])
    state.count("wars")
    state.note(
        f"seat {seat} attacks {action.target} from {action.source} with "
        f"{action.garrisons} garrison(s) and {action.obsidian} obsidian"
    )
    if defence_obsidian(state) > 0:
        state.phase = DEFEND
        return DECIDE
    return resolve_war(state, 0)


def resolve_war(state: BalamData, obsidian: int) -> Then:
    """Defender's obsidian, the roll, the attacker's losses, then destruction."""
    war = state.war
    assert war is not None
    spent = 0
    garrisons = 0
    for s in defence_sites(state):
        base = s * MAX_PLOTS
        for b in range(base, base + state.board.plots[s]):
            if state.buildings[b] == GARRISON:
                garrisons += 1
                if spent < obsidian and state.riches_on[b] == OBSIDIAN:
                    state.take_riches(b)
                    spent += 1
    roll = [roll_die(state) for _ in range(war.garrisons)]
    state.last_roll = roll
    att, dfn, skulls = potentials(roll, war.obsidian, garrisons, obsidian)
    state.last_war = WarResult(
        war.source,
        war.target,
        state.current,
        war.defender,
        war.garrisons,
        war.obsidian,
        garrisons,
        obsidian,
        att,
        dfn,
        skulls,
    )
    state.war = replace(war, defence_obsidian=obsidian, points=max(0, att - dfn))
    state.note(f"roll {' '.join(face_text(f) for f in roll)}: attack {att}, defence {dfn}")
    state.after_losses = AfterLosses.DESTRUCTION
    state.losses = (Loss(GARRISON, skulls, war.source),) if skulls else ()
    state.phase = LOSE
    return continue_losses(state)


def roll_die(state: BalamData) -> int:
    """The next die's face: one a position fixed (``dice``), else the RNG's."""
    if state.dice:
        return state.dice.pop(0)
    return state.faces[state.rng.randbelow(FACES)]


def continue_losses(state: BalamData) -> Then:
    """Take away buildings owed while there is no real choice (all must go, or every choice
    leaves the same position: :func:`interchangeable`); stop at the first real choice, the
    loser's.  Once all are paid, the war goes on (destruction) or the Katun card is resolved."""
    seat = state.current
    while state.losses:
        first = state.losses[0]
        cands = state.buildings_of(seat, first.kind, first.site)
        if first.count <= 0 or not cands:
            state.losses = state.losses[1:]
            continue
        if first.count >= len(cands) or interchangeable(state, cands):
            lose_one(state, cands[0])
            continue
        state.phase = LOSE
        return DECIDE
    if state.after_losses == AfterLosses.DESTRUCTION:
        return continue_destruction(state)
    return END_TURN


def fallen(state: BalamData, b: int) -> Fallen:
    """The building anchored on ``b`` as it stands, before it goes: its kind, owner, the riches
    lying on it and, a market, the small pyramids that go with it."""
    s = b // MAX_PLOTS
    kind = state.buildings[b]
    owner = state.owner[s]
    riches_on = state.riches_on
    plots = (b, state.second_pos(b)) if DOUBLE[kind] else (b,)
    pyramids = 1 + len(state.board.neighbours[s]) if kind == MARKET and owner >= 0 else 0
    return Fallen(kind, b, owner, tuple(riches_on[x] for x in plots if riches_on[x] >= 0), pyramids)


def record_fall(state: BalamData, gone: Fallen, destroyed: bool) -> None:
    """The last war's record of what it changed: a building destroyed (else a garrison lost to
    a skull), and its city if that was its last building."""
    result = state.last_war
    assert result is not None
    site = gone.pos // MAX_PLOTS
    devastated = result.devastated
    if state.owner[site] < 0 and site not in devastated:
        devastated = (*devastated, site)
    if destroyed:
        state.last_war = replace(result, destroyed=(*result.destroyed, gone), devastated=devastated)
    else:
        state.last_war = replace(result, lost=(*result.lost, gone), devastated=devastated)


def lose_one(state: BalamData, b: int) -> None:
    s, p = divmod(b, MAX_PLOTS)
    state.note(
        f"seat {state.owner[s]} loses the {KINDS[state.buildings[b]]} on {state.board.names[s]}.{p}"
    )
    state.lost_buildings(state.owner[s])
    in_war = state.after_losses == AfterLosses.DESTRUCTION
    state.count("garrisons_lost_in_war" if in_war else "buildings_lost_to_catastrophes")
    gone = fallen(state, b) if in_war else None
    state.demolish(b)
    if gone is not None:
        record_fall(state, gone, destroyed=False)
    first, *rest = state.losses
    state.losses = (replace(first, count=first.count - 1), *rest)


def lose(state: BalamData, action: Lose, seat: int) -> Then:
    lose_one(state, state.action_codec.b(action.site, action.plot))
    return continue_losses(state)


def continue_destruction(state: BalamData) -> Then:
    """Destroy while there is no choice (or everything can go); stop at a real choice."""
    war = state.war
    assert war is not None
    t = war.target
    while True:
        cands = destroy_candidates(state)
        if not cands:
            break
        war = state.war
        assert war is not None
        if sum(destruction_cost(state.buildings[b]) for b in state.anchors(t)) <= war.points:
            for b in list(state.anchors(t)):
                destroy_building(state, b)
            break
        if len(cands) > 1:
            state.phase = DESTROY
            return DECIDE
        destroy_building(state, cands[0])
    return finish_war(state)


def destroy(state: BalamData, action: Destroy, seat: int) -> Then:
    destroy_building(state, state.action_codec.b(action.site, action.plot))
    return continue_destruction(state)


def destroy_building(state: BalamData, b: int) -> None:
    """A building destroyed: its riches and market pyramids go, the attacker takes a prisoner
    onto a free garrison of the attacking city (lost if none is free)."""
    war = state.war
    assert war is not None
    state.war = war = replace(
        war, points=war.points - destruction_cost(state.buildings[b]), destroyed=war.destroyed + 1
    )
    s, p = divmod(b, MAX_PLOTS)
    state.note(f"the {KINDS[state.buildings[b]]} on {state.board.names[s]}.{p} is destroyed")
    state.lost_buildings(state.owner[s])
    state.count("buildings_destroyed")
    gone = fallen(state, b)
    state.demolish(b)
    record_fall(state, gone, destroyed=True)
    src = war.source
    if state.owner[src] != state.current or state.supply[PRISONER] <= 0:
        return
    base = src * MAX_PLOTS
    for g in range(base, base + state.board.plots[src]):
        if state.buildings[g] == GARRISON and state.riches_on[g] < 0:
            state.riches_on[g] = PRISONER
            state.supply[PRISONER] -= 1
            state.count("prisoners_taken")
            result = state.last_war
            assert result is not None
            state.last_war = replace(result, prisoners=(*result.prisoners, g))
            return


def finish_war(state: BalamData) -> Then:
    """A devastated city may be taken at once by building on it, without paying again."""
    war = state.war
    assert war is not None
    t = war.target
    state.war = None
    state.count("wars_won" if war.destroyed else "wars_lost")
    result = state.last_war
    assert result is not None
    state.last_war = replace(result, winner=result.attacker if war.destroyed else result.defender)
    if state.owner[t] == -1:
        state.count("devastated_cities")
        state.note(f"{state.board.names[t]} is devastated")
        state.build_site = t
        state.phase = ACT
        if build_actions(state, state.current):
            return DECIDE
    return END_TURN
