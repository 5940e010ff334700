"""Katun events ("4 - KATUN"): turning a card over and playing its effect.

Cards needing a decision put the state in the ``choose`` phase (a riches or prestige, a dowry, to
pay or suffer a catastrophe, then which of the Mayas' riches pay), ``offer`` (cenote sacrifices)
or ``lose`` (buildings lost).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gametable.core.protocol import Action
from gametable.games.balam.actions import SUFFER, TAKE_ACTIONS, WARD, Dowry, Offer
from gametable.games.balam.board import CACAO, COURT, GARRISON, MAIZE, RESERVE, RICHES
from gametable.games.balam.katun import CARDS, CATASTROPHE, CATASTROPHES, KIND, PRESTIGE, TEXT
from gametable.games.balam.phases import CHOOSE, LOSE, OFFER
from gametable.games.balam.scoring import CENOTE_FACTOR, CEREMONY, ball_game_points
from gametable.games.balam.wars import continue_losses

if TYPE_CHECKING:
    from gametable.games.balam.state import BalamState


# -- the choices a card offers ---------------------------------------------------------------------


def choose_actions(st: BalamState, seat: int) -> list[Action]:
    kind = KIND[st.card]
    card = CARDS[st.card]
    if kind == "prosperous":
        out: list[Action] = [TAKE_ACTIONS[r] for r in card.riches if st.supply[r] > 0]
        if card.prestige:
            out.append(TAKE_ACTIONS[PRESTIGE])
        return out
    if kind == "expedition":
        return [TAKE_ACTIONS[r] for r in range(5) if st.supply[r] > 0]
    if kind == "marriage":
        return [
            Dowry(q, r)
            for q in range(st.players)
            if q != seat
            for r in range(6)
            if st.chest[q][r] > 0
        ]
    if kind in CATASTROPHES:
        if st.warding:
            pay = st.tables[5]
            return [pay[b] for b in mayas_riches(st, seat, CATASTROPHE[kind][0])]
        return [WARD, SUFFER]
    return []


def mayas_riches(st: BalamState, seat: int, riches: int) -> list[int]:
    """Positions of ``riches`` in the king's reserves and garrisons (the Mayas' riches)."""
    owner, kinds, toks = st.owner, st.kinds, st.toks
    return [
        b
        for b, k in enumerate(kinds)
        if (k in (RESERVE, GARRISON)) and toks[b] == riches and owner[b >> 2] == seat
    ]


def mayas_sources(st: BalamState, seat: int) -> list[int]:
    owner, kinds, toks = st.owner, st.kinds, st.toks
    return [
        b
        for b, k in enumerate(kinds)
        if (k in (RESERVE, GARRISON)) and toks[b] >= 0 and owner[b >> 2] == seat
    ]


def offer_actions(st: BalamState, seat: int) -> list[Action]:
    cenotes = [c for c in st.board.cenotes if c not in st.offered]
    if not cenotes:
        return []
    open_sites = st.open_sites(seat)
    pos = st.tables[0]
    names = st.board.names
    out: list[Action] = []
    for b in mayas_sources(st, seat):
        r = st.reach_from(seat, b >> 2, open_sites)
        for c in cenotes:
            if r >> c & 1:
                out.append(Offer(*pos[b], names[c]))
    return out


# -- playing a card --------------------------------------------------------------------------------


def turn_katun(st: BalamState, seat: int, slot: int) -> None:
    card = st.slots[slot]
    st.slots[slot] = -1
    st.discard.append(card)
    st.card = card
    kind = KIND[card]
    st.note(f"seat {seat} turns over {TEXT[card]}")
    st.stats["katun_cards_turned"] += 1
    if kind in ("prosperous", "expedition", "marriage"):
        st.phase = CHOOSE
        if not choose_actions(st, seat):
            finish_katun(st)
        return
    if kind == "favourable":
        for r in CARDS[card].riches:
            st.gain(seat, r)
    elif kind == "exceptional":
        st.gain(seat, MAIZE, 2)
    elif kind == "cacao_festival":
        for q in st.order_from(seat):
            st.gain(q, CACAO)
    elif kind == "ball_game":
        ball_game(st)
    elif kind == "eclipse":
        st.eclipse = True
    elif kind == "cenotes":
        st.phase = OFFER
        st.offered = []
        if not offer_actions(st, seat):
            finish_katun(st)
        return
    elif kind in CATASTROPHES:
        catastrophe(st, seat, kind)
        return
    finish_katun(st)


def finish_katun(st: BalamState) -> None:
    st.card = -1
    st.end_turn()


def take(st: BalamState, seat: int, riches: int) -> None:
    if riches == PRESTIGE:
        points = CARDS[st.card].prestige
        st.add_prestige(seat, points, "prosperous")
        st.note(f"seat {seat} takes {points} prestige")
    else:
        st.gain(seat, riches)
        st.note(f"seat {seat} takes 1 {RICHES[riches]}")


def ball_game(st: BalamState) -> None:
    st.ball_games += 1
    st.stats["ball_games"] += 1
    courts = [st.count_kind(q, COURT) for q in range(st.players)]
    cities = [st.cities(q) for q in range(st.players)]
    for q, pts in enumerate(ball_game_points(courts, cities)):
        if pts:
            st.add_prestige(q, pts, "ball_game")
            st.note(f"ball game {st.ball_games}: seat {q} wins {pts} prestige")


def exposed(st: BalamState, seat: int, kind: str) -> list[int]:
    """The buildings (or cities) a catastrophe would cost: empty if the king has none."""
    what = CATASTROPHE[kind][2]
    if isinstance(what, str):
        flags = st.board.volcano if what == "volcano" else st.board.seashore
        return [s for s in st.board.sites if flags[s] and st.owner[s] == seat]
    return [b for k, _n in what for b in st.buildings_of(seat, k)]


def catastrophe(st: BalamState, seat: int, kind: str) -> None:
    """No building concerned: nothing happens.  Else the Mayas pay from reserves and garrisons if
    they can (the king chooses to pay or lose when both are possible), or the king loses."""
    riches, n, _ = CATASTROPHE[kind]
    if not exposed(st, seat, kind):
        st.note(f"seat {seat} has nothing the {kind} can strike")
        st.stats["catastrophes_harmless"] += 1
        finish_katun(st)
        return
    st.stats["catastrophes"] += 1
    if len(mayas_riches(st, seat, riches)) >= n:
        st.phase = CHOOSE
        return
    suffer(st, seat)


def ward(st: BalamState, seat: int) -> None:
    """The Mayas pay: the king chooses which of their riches (``pay SITE.PLOT``, one at a time)
    while they hold more of the riches asked than they still owe; the rest pay by themselves."""
    riches, n, _ = CATASTROPHE[KIND[st.card]]
    st.stats["catastrophes_paid"] += 1
    st.warding = n
    st.note(
        f"seat {seat}'s Mayas ward off the {KIND[st.card].replace('_', ' ')}: they pay "
        f"{n} {RICHES[riches]}"
    )
    settle_ward(st, seat)


def settle_ward(st: BalamState, seat: int) -> None:
    """Pay by themselves the riches left when there is nothing to choose, or wait for a choice."""
    candidates = mayas_riches(st, seat, CATASTROPHE[KIND[st.card]][0])
    if len(candidates) > st.warding:
        st.phase = CHOOSE
        return
    for b in candidates[: st.warding]:
        pay_riches(st, seat, b)
    st.warding = 0
    finish_katun(st)


def pay_from(st: BalamState, seat: int, b: int) -> None:
    """The king's choice: the riches on ``b`` wards off (part of) the catastrophe."""
    pay_riches(st, seat, b)
    st.warding -= 1
    if st.warding <= 0:
        st.warding = 0
        finish_katun(st)
        return
    settle_ward(st, seat)


def pay_riches(st: BalamState, seat: int, b: int) -> None:
    r = st.toks[b]
    st.toks[b] = -1
    st.supply[r] += 1
    site, plot = st.tables[0][b]
    st.note(f"seat {seat}'s Mayas pay the {RICHES[r]} on {site}.{plot}")


def suffer(st: BalamState, seat: int) -> None:
    kind = KIND[st.card]
    what = CATASTROPHE[kind][2]
    st.stats["catastrophes_suffered"] += 1
    if isinstance(what, str):
        for s in exposed(st, seat, kind):
            st.note(f"seat {seat} loses the city {st.board.names[s]} to the {kind}")
            st.stats["cities_lost_to_catastrophes"] += 1
            for b in list(st.anchors(s)):
                st.lost_buildings(seat)
                st.stats["buildings_lost_to_catastrophes"] += 1
                st.demolish(b)
        finish_katun(st)
        return
    st.losses = [[k, n, -1] for k, n in what]
    st.after = "katun"
    st.phase = LOSE
    continue_losses(st)


def offer(st: BalamState, seat: int, action: Offer) -> None:
    b = st.codec.b(action.site, action.plot)
    c = st.board.index(action.cenote)
    r = st.toks[b]
    st.toks[b] = -1
    st.supply[r] += 1
    st.offered.append(c)
    pts = CENOTE_FACTOR * CEREMONY[r]
    st.add_prestige(seat, pts, "cenote")
    st.stats["cenote_offerings"] += 1
    st.note(f"seat {seat} sacrifices 1 {RICHES[r]} in the cenote {action.cenote}: {pts} prestige")
    if not offer_actions(st, seat):
        finish_katun(st)
