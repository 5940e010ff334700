"""Actions told in words, from public information only (the board, the kings' sheets, the Katun
cards turned; never a face-down card): one small function per kind of action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from gametable.core.protocol import Action
from gametable.games.balam.actions import (
    PRESTIGE,
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
from gametable.games.balam.board import (
    BASE_COST,
    BUILDINGS,
    DOUBLE,
    KINDS,
    MAX_PLOTS,
    PALACE,
    RICHES,
    SPECIAL_COST,
    TEMPLE,
)
from gametable.games.balam.katun import CARDS, CATASTROPHE, KIND
from gametable.games.balam.phases import COST, OFFER, AfterLosses
from gametable.games.balam.scoring import CENOTE_FACTOR, CEREMONY
from gametable.games.balam.state import BalamData

Words = Callable[[BalamData, Any, str, int], str]


def describe(state: BalamData, action: Action, seat: int) -> str:
    """``seat 0 builds a village on plot 0 of the free maize site a2 for 1 riches, paid next``."""
    words = WORDS.get(type(action))
    who = f"seat {seat}"
    return words(state, action, who, seat) if words else f"{who}: {action}"


def card_name(state: BalamData) -> str:
    """The Katun card being resolved, in words (empty if none)."""
    return KIND[state.card].replace("_", " ") if state.card >= 0 else ""


def building_words(state: BalamData, site: str, plot: int, seat: int | None = None) -> str:
    """``seat 2's temple on c3.1 (holding 1 jade)`` (or ``the plot c3.1``)."""
    b = state.action_codec.b(site, plot)
    kind = state.buildings[b]
    if kind not in BUILDINGS:
        return f"the plot {site}.{plot}"
    owner = state.owner[b // MAX_PLOTS]
    whose = "its" if owner == seat else f"seat {owner}'s"
    tok = state.riches_on[b]
    return f"{whose} {KINDS[kind]} on {site}.{plot}" + (
        f" (holding 1 {RICHES[tok]})" if tok >= 0 else ""
    )


def left_to_pay(left: int) -> str:
    return f" ({left} more to pay)" if left > 0 else ""


def pay(state: BalamData, action: Pay, who: str, seat: int) -> str:
    r = RICHES[action.riches]
    if state.phase == COST and state.build_site >= 0:
        towards = f"{who} pays 1 {r} towards the building on {state.board.names[state.build_site]}"
        return towards + (left_to_pay(state.cost_due - 1) or " (paid in full)")
    return f"{who} pays 1 {r} for the turn, to build, attack or pass"


def turn_katun(state: BalamData, action: TurnKatun, who: str, seat: int) -> str:
    left = sum(1 for c in state.slots if c >= 0) - 1
    return f"{who} turns over face-down Katun card {action.slot}" + (
        " (the last of the round: production and distribution follow)"
        if left == 0
        else f" ({left} left face down)"
    )


def build(state: BalamData, action: Build, who: str, seat: int) -> str:
    """The words depend on the action, the board, the seat and whether the site is the seat's
    city, nothing else: kept per board (``ActionCodec.words``; a server lists 20-30 of them a
    move, mostly the same again)."""
    s = state.board.index(action.site)
    key = (action, seat, state.owner[s] == seat)
    words = state.action_codec.words
    known = words.get(key)
    if known is None:
        known = build_words(state, action, who, seat, s)
        if len(words) >= WORDS_KEPT:
            words.clear()
        words[key] = known
    return known


#: the most sentences an ``ActionCodec.words`` keeps
WORDS_KEPT: Final = 20_000


def build_words(state: BalamData, action: Build, who: str, seat: int, s: int) -> str:
    kind = KINDS[action.building]
    where = f"plot {action.plot}"
    if DOUBLE[action.building]:
        where = f"plots {action.plot} and {state.board.second_plot(s, action.plot)}"
    site = f"the free {RICHES[state.board.colour[s]]} site {action.site}"
    if state.owner[s] == seat:
        site = f"its city {action.site}"
    special = SPECIAL_COST[action.building]
    price = (
        f" for {BASE_COST[action.building]} riches, paid next" if BASE_COST[action.building] else ""
    )
    if special is not None:
        price = f" for 1 {RICHES[special]}"
    article = "an" if kind[0] in "aeiou" else "a"
    return f"{who} builds {article} {kind} on {where} of {site}{price}"


def remove(state: BalamData, action: Remove, who: str, seat: int) -> str:
    kind = KINDS[state.buildings[state.action_codec.b(action.site, action.plot)]]
    return f"{who} removes its {kind} on {action.site}.{action.plot}, freeing the plot"


def attack(state: BalamData, action: Attack, who: str, seat: int) -> str:
    defender = state.owner[state.board.index(action.target)]
    obsidian = f", spending {action.obsidian} obsidian" if action.obsidian else ""
    plural = "s" if action.garrisons != 1 else ""
    return (
        f"{who} attacks seat {defender}'s city {action.target} from {action.source} with "
        f"{action.garrisons} garrison{plural}{obsidian}"
    )


def end(state: BalamData, action: End, who: str, seat: int) -> str:
    if state.phase == OFFER:
        return f"{who} stops offering"
    if state.build_site >= 0:
        return f"{who} stops building on {state.board.names[state.build_site]} and ends the turn"
    return f"{who} ends the turn"


def defend(state: BalamData, action: Defend, who: str, seat: int) -> str:
    war = state.war
    target = state.board.names[war.target] if war is not None else "its city"
    if not action.obsidian:
        return f"{who} defends {target} without spending obsidian"
    return f"{who} spends {action.obsidian} obsidian to defend {target}"


def lose(state: BalamData, action: Lose, who: str, seat: int) -> str:
    card = card_name(state)
    why = f"to the {card}" if card else ""
    if state.after_losses == AfterLosses.DESTRUCTION:
        why = "to the skulls of the attack"
    return f"{who} gives up {building_words(state, action.site, action.plot, seat)} {why}".strip()


def destroy(state: BalamData, action: Destroy, who: str, seat: int) -> str:
    return f"{who} destroys {building_words(state, action.site, action.plot)}"


def take(state: BalamData, action: Take, who: str, seat: int) -> str:
    if action.riches == PRESTIGE:
        return f"{who} takes {CARDS[state.card].prestige} prestige offered by the Katun card"
    source = "on an expedition" if card_name(state) == "expedition" else "from the Katun card"
    return f"{who} takes 1 {RICHES[action.riches]} {source}"


def dowry(state: BalamData, action: Dowry, who: str, seat: int) -> str:
    return (
        f"{who} takes 1 {RICHES[action.riches]} from seat {action.seat} as a dowry "
        "(Princely marriage)"
    )


def ward(state: BalamData, action: Ward, who: str, seat: int) -> str:
    riches, n, _ = CATASTROPHE[KIND[state.card]]
    choice = len(state.mayas_riches(seat, riches)) > n
    return (
        f"{who}'s Mayas pay {n} {RICHES[riches]} from reserves and garrisons to ward off the "
        f"{card_name(state)}" + (f" ({who} then chooses which)" if choice else "")
    )


def pay_from(state: BalamData, action: PayFrom, who: str, seat: int) -> str:
    b = state.action_codec.b(action.site, action.plot)
    r, kind = state.riches_on[b], state.buildings[b]
    what = f"the {RICHES[r]} in its {KINDS[kind]}" if r >= 0 and kind in BUILDINGS else "the riches"
    card = card_name(state)
    why = f" to ward off the {card}" if card else ""
    return f"{who}'s Mayas pay {what} on {action.site}.{action.plot}{why}" + left_to_pay(
        state.warding - 1
    )


def suffer(state: BalamData, action: Suffer, who: str, seat: int) -> str:
    what = CATASTROPHE[KIND[state.card]][2]
    loss = f"its {what} cities"
    if not isinstance(what, str):
        loss = " and ".join(f"{n} {KINDS[k]}{'s' if n > 1 else ''}" for k, n in what)
    return f"{who} suffers the {card_name(state)}: it loses {loss}"


def offer(state: BalamData, action: Offer, who: str, seat: int) -> str:
    r = state.riches_on[state.action_codec.b(action.site, action.plot)]
    return (
        f"{who} sacrifices the {RICHES[r]} on {action.site}.{action.plot} in the sacred cenote "
        f"{action.cenote} for {CENOTE_FACTOR * CEREMONY[r]} prestige"
    )


def move(state: BalamData, action: Move, who: str, seat: int) -> str:
    r = state.riches_on[state.action_codec.b(action.site, action.plot)]
    kind = state.buildings[state.action_codec.b(action.to_site, action.to_plot)]
    use = USE.get(kind, "")
    return (
        f"{who} carries the {RICHES[r]} on {action.site}.{action.plot} to its {KINDS[kind]} on "
        f"{action.to_site}.{action.to_plot}{use}"
    )


#: what a riches moved onto a temple or palace is for
USE: dict[int, str] = {TEMPLE: " (to sacrifice for prestige)", PALACE: " (taxes for the king)"}


def done(state: BalamData, action: Done, who: str, seat: int) -> str:
    if state.phase == OFFER:
        return f"{who} stops offering in the cenotes"
    return f"{who} has finished distributing"


WORDS: dict[type[Action], Words] = {
    Pay: pay,
    TurnKatun: turn_katun,
    Build: build,
    Remove: remove,
    Attack: attack,
    End: end,
    Defend: defend,
    Lose: lose,
    Destroy: destroy,
    Take: take,
    Dowry: dowry,
    Ward: ward,
    PayFrom: pay_from,
    Suffer: suffer,
    Offer: offer,
    Move: move,
    Done: done,
}
