"""Wars ("3 - WARS"): dice, potentials, and playing an attack through to its end.

An attack goes: obsidian of the attacker, the defender's obsidian (``defend`` phase), the roll,
the attacker's losses (``lose`` phase), the destruction (``destroy`` phase), a devastated city.

The dice have six faces, each 0 to 3 success points or a skull (``X``); the default faces are
``0,1,1,2,3,X`` and the ``faces`` option changes them.

>>> parse_faces("0,1,1,2,3,X")
(0, 1, 1, 2, 3, -1)
>>> potentials([3, -1], attack_obsidian=1, defending_garrisons=3, defence_obsidian=0)
(4, 3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gametable.games.balam.actions import Attack
from gametable.games.balam.board import DOUBLE, GARRISON, KINDS, MAX_PLOTS, OBSIDIAN, PRISONER
from gametable.games.balam.phases import ACT, DEFEND, DESTROY, LOSE

if TYPE_CHECKING:
    from gametable.games.balam.state import BalamState

SKULL = -1


def parse_faces(text: str) -> tuple[int, ...]:
    parts = [p.strip().upper() for p in text.split(",")]
    if len(parts) != 6:
        raise ValueError("a die has 6 faces: write six values like 0,1,1,2,3,X")
    out = []
    for p in parts:
        if p == "X":
            out.append(SKULL)
        elif p in ("0", "1", "2", "3"):
            out.append(int(p))
        else:
            raise ValueError(f"die face {p!r}: a face is 0, 1, 2, 3 or X (a skull)")
    return tuple(out)


def check_faces(text: str) -> str | None:
    try:
        parse_faces(text)
    except ValueError as exc:
        return str(exc)
    return None


def face_text(face: int) -> str:
    return "X" if face == SKULL else str(face)


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


def garrison_stats(st: BalamState, site: int) -> tuple[int, int]:
    """(garrisons, garrisons holding obsidian) of a site."""
    base = site * MAX_PLOTS
    g = o = 0
    for b in range(base, base + st.board.plots[site]):
        if st.kinds[b] == GARRISON:
            g += 1
            if st.toks[b] == OBSIDIAN:
                o += 1
    return g, o


def defence_sites(st: BalamState) -> list[int]:
    """The attacked city and the defender's cities directly adjacent to it."""
    war = st.war
    assert war is not None
    t, d = war["target"], war["defender"]
    return [t, *(u for u in st.board.neighbours[t] if st.owner[u] == d)]


def defence_obsidian(st: BalamState) -> int:
    return sum(garrison_stats(st, s)[1] for s in defence_sites(st))


def destroy_candidates(st: BalamState) -> list[int]:
    war = st.war
    assert war is not None
    pts = war["points"]
    return [b for b in st.anchors(war["target"]) if destruction_cost(st.kinds[b]) <= pts]


# -- playing an attack -----------------------------------------------------------------------------


def attack(st: BalamState, seat: int, action: Attack) -> None:
    s, t = st.board.index(action.source), st.board.index(action.target)
    spent = 0
    base = s * MAX_PLOTS
    for b in range(base, base + st.board.plots[s]):
        if spent < action.obsidian and st.kinds[b] == GARRISON and st.toks[b] == OBSIDIAN:
            st.toks[b] = -1
            st.supply[OBSIDIAN] += 1
            spent += 1
    st.attacked = True
    st.war = {
        "source": s,
        "target": t,
        "garrisons": action.garrisons,
        "obsidian": action.obsidian,
        "defender": st.owner[t],
        "points": 0,
        "defence_obsidian": 0,
        "destroyed": 0,
    }
    st.stats["wars"] += 1
    st.note(
        f"seat {seat} attacks {action.target} from {action.source} with "
        f"{action.garrisons} garrison(s) and {action.obsidian} obsidian"
    )
    if defence_obsidian(st) > 0:
        st.phase = DEFEND
    else:
        resolve_war(st, 0)


def resolve_war(st: BalamState, obsidian: int) -> None:
    """Defender's obsidian, the roll, the attacker's losses, then destruction."""
    war = st.war
    assert war is not None
    spent = 0
    garrisons = 0
    for s in defence_sites(st):
        base = s * MAX_PLOTS
        for b in range(base, base + st.board.plots[s]):
            if st.kinds[b] == GARRISON:
                garrisons += 1
                if spent < obsidian and st.toks[b] == OBSIDIAN:
                    st.toks[b] = -1
                    st.supply[OBSIDIAN] += 1
                    spent += 1
    roll = [st.faces[st.rng.randbelow(6)] for _ in range(war["garrisons"])]
    st.last_roll = roll
    att, dfn, skulls = potentials(roll, war["obsidian"], garrisons, obsidian)
    war["defence_obsidian"] = obsidian
    war["points"] = max(0, att - dfn)
    st.note(f"roll {' '.join(face_text(f) for f in roll)}: attack {att}, defence {dfn}")
    st.after = "destroy"
    st.losses = [[GARRISON, skulls, war["source"]]] if skulls else []
    st.phase = LOSE
    continue_losses(st)


def continue_losses(st: BalamState) -> None:
    """Take away buildings owed while there is no real choice; stop at the first real choice."""
    seat = st.current
    while st.losses:
        kind, count, site = st.losses[0]
        cands = st.buildings_of(seat, kind, site)
        if count <= 0 or not cands:
            st.losses.pop(0)
            continue
        same = len({(b >> 2, st.toks[b]) for b in cands}) == 1
        if count >= len(cands) or same:
            lose_one(st, cands[0])
            continue
        st.phase = LOSE
        return
    if st.after == "destroy":
        continue_destruction(st)
    else:
        from gametable.games.balam.events import finish_katun

        finish_katun(st)


def lose_one(st: BalamState, b: int) -> None:
    s, p = divmod(b, MAX_PLOTS)
    st.note(f"seat {st.owner[s]} loses the {KINDS[st.kinds[b]]} on {st.board.names[s]}.{p}")
    st.lost_buildings(st.owner[s])
    st.stats[
        "garrisons_lost_in_war" if st.after == "destroy" else "buildings_lost_to_catastrophes"
    ] += 1
    st.demolish(b)
    st.losses[0][1] -= 1


def lose(st: BalamState, b: int) -> None:
    lose_one(st, b)
    continue_losses(st)


def continue_destruction(st: BalamState) -> None:
    war = st.war
    assert war is not None
    t = war["target"]
    while True:
        cands = destroy_candidates(st)
        if not cands:
            break
        if sum(destruction_cost(st.kinds[b]) for b in st.anchors(t)) <= war["points"]:
            for b in list(st.anchors(t)):
                destroy(st, b)
            break
        if len(cands) > 1:
            st.phase = DESTROY
            return
        destroy(st, cands[0])
    finish_war(st)


def destroy(st: BalamState, b: int) -> None:
    """A building destroyed: its riches and market pyramids go, the attacker takes a prisoner
    onto a free garrison of the attacking city (lost if none is free)."""
    war = st.war
    assert war is not None
    war["points"] -= destruction_cost(st.kinds[b])
    s, p = divmod(b, MAX_PLOTS)
    st.note(f"the {KINDS[st.kinds[b]]} on {st.board.names[s]}.{p} is destroyed")
    st.lost_buildings(st.owner[s])
    st.stats["buildings_destroyed"] += 1
    war["destroyed"] = war.get("destroyed", 0) + 1
    st.demolish(b)
    src = war["source"]
    if st.owner[src] != st.current or st.supply[PRISONER] <= 0:
        return
    base = src * MAX_PLOTS
    for g in range(base, base + st.board.plots[src]):
        if st.kinds[g] == GARRISON and st.toks[g] < 0:
            st.toks[g] = PRISONER
            st.supply[PRISONER] -= 1
            st.stats["prisoners_taken"] += 1
            return


def finish_war(st: BalamState) -> None:
    """A devastated city may be taken at once by building on it, without paying again."""
    war = st.war
    assert war is not None
    t = war["target"]
    st.war = None
    st.stats["wars_won" if war.get("destroyed", 0) else "wars_lost"] += 1
    if st.owner[t] == -1:
        st.stats["devastated_cities"] += 1
        st.note(f"{st.board.names[t]} is devastated")
        st.lock = t
        st.phase = ACT
        from gametable.games.balam.legal import build_actions

        if build_actions(st, st.current):
            return
    st.end_turn()
