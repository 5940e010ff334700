"""Balzakken rules of thumb: shed high cards, keep pairs, Lul the leader, call BALZAK! when safe.

Everything is read from the seat's ``view()`` (a :class:`BalzakkenView`), the fields of the
legal actions' JSON forms (``{"kind": "discard", "card": "7", "count": 2, "take_top": true}``,
``{"kind": "lul", "target": 2}``, ...; see ``docs/rules/balzakken.md``), never from their
notation, and the cards' points from the game's public door.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from gametable.bots.base import SeatState
from gametable.bots.heuristics import Heuristic, Weight, soft_rank
from gametable.core.protocol import Action, State
from gametable.games.balzakken import public
from gametable.games.balzakken.public import BALZAK_VALUES, POINTS, BalzakkenView, card_text

LIMIT = public.BALZAK_LIMIT  # BALZAK! with more points costs a penalty: never
LUL_POINTS = POINTS[public.LUL]
SWINGER, LUL = card_text(public.SWINGER), card_text(public.LUL)
SIZE_WEIGHT = 1.2  # a card fewer in hand is worth about this many points (closer to BALZAK!)
SWAP_PENALTY = 0.3  # on a tie, draw a fresh card: it shows the opponent less and may be low


#: a card's points by its text, as views show cards
_POINTS: dict[str, int] = {card_text(card): points for card, points in POINTS.items()}


def points(card: str) -> int:
    return _POINTS[card]


#: an action's fields as the bot uses them: kind, card, count, take_top, target (-1: none)
Fields = tuple[str, str, int, bool, int]


def fields(action: Action) -> Fields:
    """``{"kind": "discard", "card": "7", "count": 2, "take_top": true}`` ->
    ``("discard", "7", 2, True, -1)``; a target seat goes in the last field."""
    data = action.to_json()
    kind = data["kind"]
    if kind in ("swinger", "lul"):
        return kind, "", 0, False, data["target"]
    if kind == "balzak":
        return kind, "", 0, False, -1
    if kind == "swap":
        return kind, data["card"], 1, False, -1
    return kind, data["card"], data["count"], data["take_top"], -1


def unseen_mean(view: BalzakkenView, options: Mapping[str, Any]) -> float:
    """Mean points of the cards this seat has not seen (the draw pile and unknown hand cards)."""
    copies, luls = options.get("copies", 4), options.get("luls", 4)
    count = len(BALZAK_VALUES) * copies + options.get("swingers", 4) + luls
    total = sum(BALZAK_VALUES) * copies + LUL_POINTS * luls
    pts = _POINTS
    for group in (
        view.get("hand", ()),
        view["discard_pile"],
        *view["in_front"],
        *view["known_cards"].values(),
    ):
        count -= len(group)
        for c in group:
            total -= pts[c]
    return total / count if count > 0 else 5.0


def opponent_estimates(view: BalzakkenView, me: int, mean: float) -> dict[int, float]:
    """A guess of each opponent's hand points: the cards we know plus the mean for the rest.

    Players shed their high cards, so unknown cards are guessed a little below the mean.
    """
    out = {}
    for p, size in enumerate(view["hand_sizes"]):
        if p == me:
            continue
        known = view["known_cards"].get(str(p), [])
        out[p] = sum(points(c) for c in known) + (size - len(known)) * mean * 0.8
    return out


def safe_to_call(value: int, view: BalzakkenView, estimates: dict[int, float]) -> bool:
    """BALZAK! only with 5 points or fewer, and only when every opponent very likely holds more."""
    if value > LIMIT:
        return False
    for p, est in estimates.items():
        size = view["hand_sizes"][p]
        known = view["known_cards"].get(str(p), [])
        unknown = size - len(known)
        margin = 1.0 + 2.0 * math.sqrt(unknown) if unknown else 0.5
        if size == 0 or value >= est - margin + (0 if unknown else 1):
            return False
    return True


_FIELDS: dict[Action, Fields] = {}

#: the legal actions by kind, each with its fields
ByKind = dict[str, list[tuple[Action, Fields]]]


def by_kind_of(legal: Sequence[Action]) -> ByKind:
    """The legal actions grouped by kind, each with its :func:`fields` (kept across calls)."""
    by_kind: ByKind = {}
    cache = _FIELDS
    for action in legal:
        known = cache.get(action)
        if known is None:
            known = cache[action] = fields(action)
        by_kind.setdefault(known[0], []).append((action, known))
    return by_kind


def threat(view: BalzakkenView, estimates: dict[int, float], p: int) -> tuple[float, float]:
    """How much opponent ``p`` leads: the likeliest to call BALZAK! soon, then the lowest total
    on the sheet (smaller is more threatening)."""
    return (estimates[p] + SIZE_WEIGHT * view["hand_sizes"][p], view["scores"][p])


def choose(
    view: BalzakkenView, options: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
) -> Action:
    """The rules of thumb in order: BALZAK! when safe, a Lul to the leader, a Swinger when it
    pays, else the discard or swap that leaves the fewest points and cards (ties at random)."""
    me = view["seat"]
    if me is None:
        raise ValueError("a spectator's view has no hand to choose from")
    by_kind = by_kind_of(legal)
    if len(legal) == 1:
        return legal[0]
    mean = unseen_mean(view, options)
    estimates = opponent_estimates(view, me, mean)
    if "balzak" in by_kind and safe_to_call(view["hand_value"], view, estimates):
        return by_kind["balzak"][0][0]
    if "lul" in by_kind:  # a Lul in hand counts 10 and blocks BALZAK!: give it to the leader
        return min(by_kind["lul"], key=lambda ap: threat(view, estimates, ap[1][4]))[0]
    if "swinger" in by_kind:
        swing = swinger_move(view, by_kind, estimates)
        if swing is not None:
            return swing
    best = best_exchanges(view, by_kind, mean)
    if best:
        return rng.choice(best)
    return rng.choice(list(legal))


def swinger_move(
    view: BalzakkenView, by_kind: ByKind, estimates: dict[int, float]
) -> Action | None:
    """The Swinger on the leader, when swapping hands pays: theirs is worth clearly less than
    ours, or we have nothing else to do, or nothing left to improve; ``None`` otherwise."""
    hand = view["hand"]
    mine_without = view["hand_value"] - LUL_POINTS * hand.count(LUL)
    size_without = len(hand) - hand.count(SWINGER)
    action, picked = min(by_kind["swinger"], key=lambda ap: threat(view, estimates, ap[1][4]))
    target = picked[4]
    theirs = estimates[target] + SIZE_WEIGHT * view["hand_sizes"][target]
    mine = mine_without + SIZE_WEIGHT * (size_without - 1)
    if theirs < mine - 2 or not any(k in by_kind for k in ("discard", "swap")):
        return action
    if max((points(c) for c in hand if c not in (SWINGER, LUL)), default=0) <= 2:
        return action  # nothing left to improve: swing before someone calls
    return None


def best_exchanges(view: BalzakkenView, by_kind: ByKind, mean: float) -> list[Action]:
    """The discards and swaps that leave the lowest hand (its points plus ``SIZE_WEIGHT`` a
    card), all of them on a tie.  The card taken is the discard pile's top, or the mean unseen
    card from the draw pile; a swap must gain something; breaking a pair costs a little."""
    hand = view["hand"]
    value = view["hand_value"]
    top = points(view["discard_pile"][-1]) if view["discard_pile"] else mean
    held: Counter[str] = Counter(hand)
    best: list[Action] = []
    best_score = math.inf
    for kind in ("discard", "swap"):
        for action, (_, card, count, take_top, _) in by_kind.get(kind, []):
            c = points(card)
            if kind == "swap":
                if top >= c:
                    continue  # a swap that gains nothing only stalls the round
                new_value, new_size = value - c + top + SWAP_PENALTY, len(hand)
            else:
                new_value = value - count * c + (top if take_top else mean)
                new_size = len(hand) - count + 1
            score = new_value + SIZE_WEIGHT * new_size
            if held[card] > count and c > 0:
                score += 0.8  # breaking a pair of positive cards wastes a later double discard
            if score < best_score - 1e-9:
                best, best_score = [action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(action)
    return best


def policy(seat_state: SeatState[BalzakkenView], rng: random.Random) -> Action:
    return choose(seat_state.view(), seat_state.options, seat_state.legal_actions(), rng)


def evaluate(state: State[BalzakkenView]) -> tuple[float, ...]:
    """Score sheet plus most of each hand in play, turned into a soft ranking."""
    views = [state.view(s) for s in range(state.players)]
    scores = views[0]["scores"]
    totals = [scores[s] + 0.6 * max(0, views[s]["hand_value"]) for s in range(state.players)]
    scale = 6.0 + 0.25 * max(0, 100 - max(scores))
    return soft_rank([-t for t in totals], scale)


#: how much less plausible an imagined hand is for each card it holds above what its owner's
#: last discard suggests (the weight is ``exp(-SHED_BETA * excess)``)
SHED_BETA = 2.0


def shed_bound(pile: Sequence[str]) -> float | None:
    """What the top of the discard pile says of the hand of the player who discarded it.

    Players shed their highest cards (these rules of thumb always do), so the other cards they
    kept were worth no more than the card thrown; several of one value thrown together (a run
    of equal cards on top) may have been preferred to a single higher card, so the bound is
    then the run's worth (plus the card fewer it leaves).  ``None`` when the top is the round's
    first card or an action card.

    >>> shed_bound(["3", "7"]), shed_bound(["2", "5", "5"]), shed_bound(["4"])
    (7.0, 11.2, None)
    """
    if len(pile) < 2 or pile[-1] in (SWINGER, LUL):
        return None
    top = pile[-1]
    run = 1
    while run < len(pile) - 1 and pile[-1 - run] == top:
        run += 1
    value = points(top)
    return float(value) if run == 1 else run * value + SIZE_WEIGHT * (run - 1)


#: at three seats and more, every other seat's hidden cards are weighed too: the cards a player
#: of the rules of thumb holds unseen are worth this share of the unseen mean, where a BALZAK!
#: call is open to the seat to move (fitted on games of the rules of thumb, ``bench/calls.py
#: --fit``: 0.56, 0.64 and 0.71 at three, four and six seats; they shed their highest cards and
#: play their action cards at once); five seats between, seven and eight as six
HAND_SHARE = {3: 0.56, 4: 0.64, 5: 0.68}
HAND_SHARE_MANY = 0.71
#: how much less plausible an imagined state is for each point the others' hidden cards hold,
#: all together, above that share (``exp(-HAND_BETA * excess)``, 1 at or below it); chosen
#: with ``bench/calls.py --fit`` so that the imagined chance of a false BALZAK! comes near the
#: real one (0.3 leaves it lower; 1.2 gains little more)
HAND_BETA = 0.6


def hand_share(players: int) -> float:
    """The share of the unseen mean that a rules-of-thumb player's hidden card is worth."""
    return HAND_SHARE.get(players, HAND_SHARE_MANY)


def plausibility(view: BalzakkenView, me: int) -> Weight | None:
    """Weighs an imagined state by what the others' play suggests (weighted determinisation).

    The last player's discards: on this seat's turn the top of the discard pile was thrown by
    the seat before it, which kept nothing higher but the card it drew afterwards.  At two
    players the card under it is this seat's own and the one under that the other's previous
    discard: of its cards, at most two (the two drawn since) are above the lower of its two
    discards.  At three seats and more, every other seat's hand as well: players shed their
    highest cards and play their action cards, so the cards they hold unseen are worth less
    than the unseen cards on average; each point that the others' imagined hidden cards hold
    together above :func:`hand_share` of the unseen mean makes the state less plausible (an
    exponential tilt of their sum, which leaves the high cards in the draw pile rather than in
    a hand; a seat's own excess alone would not favour the low hands that decide a false call).
    At two players this part is left out, so ``hard`` there chooses as before.  Reads only this
    seat's view; cards a seat is known to hold are left aside."""
    players = view["players"]
    if view.get("to_move") != [me] or players < 2:
        return None
    last = (me - 1) % players
    shed = shed_weight(view, last)
    if players < 3:
        return shed
    share = hand_share(players)
    sizes = view["hand_sizes"]
    known_of = {p: Counter(view["known_cards"].get(str(p), ())) for p in range(players) if p != me}
    others = [(p, known, sizes[p] - sum(known.values())) for p, known in known_of.items()]
    others = [(p, known, unknown) for p, known, unknown in others if unknown > 0]
    if not others:
        return shed
    pts = _POINTS
    expected: list[float] = []  # the deck's options come with the imagined state

    def weight(state: State) -> float:
        if not expected:
            expected.append(share * unseen_mean(view, state.options))
        excess = 0.0
        for p, known, unknown in others:
            hand = Counter(state.view(p)["hand"])
            hand.subtract(known)
            hidden = sum(pts[card] * n for card, n in hand.items() if n > 0)
            excess += hidden - expected[0] * unknown
        prior = math.exp(-HAND_BETA * max(0.0, excess))
        return prior if shed is None else prior * shed(state)

    return weight


def shed_weight(view: BalzakkenView, last: int) -> Weight | None:
    """The weight from the last player's discards (:func:`plausibility`); ``None`` when they
    say nothing."""
    players = view["players"]
    pile = view["discard_pile"]
    bound = shed_bound(pile)
    if bound is None:
        return None
    known = Counter(view["known_cards"].get(str(last), ()))
    if view["hand_sizes"][last] - sum(known.values()) < 2:
        return None  # at most the drawn card is hidden: nothing to weigh
    earlier = shed_bound(pile[:-2]) if players == 2 and pile[-2] != pile[-1] else None
    lower = bound if earlier is None else min(bound, earlier)

    def weight(state: State) -> float:
        hand = Counter(state.view(last)["hand"])
        hand.subtract(known)
        values = [points(card) for card, n in hand.items() for _ in range(max(0, n))]
        excess = max(0, sum(v > bound for v in values) - 1)  # the card drawn since
        excess += max(0, sum(v > lower for v in values) - 2)  # and the one before it
        return math.exp(-SHED_BETA * excess)

    return weight


HEURISTIC = Heuristic(
    policy=policy, evaluate=evaluate, iterations=150, depth=20, plausibility=plausibility
)
