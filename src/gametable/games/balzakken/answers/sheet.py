"""The score sheet's concepts, answered by the engine from the parts a question tells: a call's
scores ("BALZAK! - End of a Round"), the hands' points when a round ends ("Card Types"), a
total after this round's points ("Tasty (In-Between) Positions") and the winner of the totals
said ("Overview > In a (nut)shell").  Chosen by :mod:`.concepts`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from gametable.core.errors import IllegalAction
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.asks import Asked
from gametable.games.balzakken.answers.build import build, load
from gametable.games.balzakken.answers.callwords import kind_words
from gametable.games.balzakken.answers.scene import Player, Scene
from gametable.games.balzakken.answers.seating import capital, filler, hand_for, label, listed
from gametable.games.balzakken.scoring import BALZAK_LIMIT, GAME_END
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME_NAME = "balzakken"
#: the asking sentence asks whether the call was good: it says nothing of the call
_GOOD_ASKED = re.compile(r"\b(?:good|goed|goede|valid|geldig|geldige)\b")


@dataclass
class Round:
    """A call the engine scored: the seats, the position before it, the round's record, the
    view after it, and the seats filled in for players the question leaves unsaid."""

    seats: list[Player]
    position: dict[str, Any]
    record: dict[str, Any]
    view: dict[str, Any]
    filled: set[int]


def _seat_hands(
    scene: Scene, caller: Player, said_good: bool = False
) -> tuple[list[Player], list[list[str]], set[int]] | None:
    """Every player's hand; an unsaid rest of the table filled in only where it cannot change
    what the caller writes (a call with more than 5 points; a call said to be good), and the
    hand of a caller said to make a good call, left unsaid, made under every other hand (a good
    call writes 0 whatever the caller held)."""
    used: Counter[str] = Counter()
    seats = sorted(scene.players, key=lambda p: not p.me)  # the asker sits at seat 0
    hands: list[list[str]] = []
    if _two_unsaid_false(scene, caller):
        return seats, [["3"] if p is caller else ["2"] for p in seats], set()
    related = any(p.below for p in seats)
    for player in seats:
        if not player.hand_said and (player.below or (player is caller and related)):
            hands.append([])  # made below, from the caller's hand
            continue
        if player is caller and said_good and not player.hand_said:
            hands.append([])  # made below, under every other hand
            continue
        hand = hand_for(player, used)
        if hand is None or (player.size is not None and player.size != len(hand)):
            return None  # "3 cards: a 3 and a 4" leaves a card unsaid
        hands.append(hand)
    filled: set[int] = set()
    if related and not _below_caller(seats, hands, caller, used, filled):
        return None
    if said_good and not caller.hand_said and not related:
        low = _under_every(hands, seats.index(caller), used)
        if low is None:
            return None
        hands[seats.index(caller)] = low
        filled.add(seats.index(caller))
    if len(seats) == 1:
        mine = sum(10 if c == "L" else 0 if c == "S" else int(c) for c in hands[0])
        if mine <= BALZAK_LIMIT and "good" not in scene.flags:
            return None
        extra = filler(max(mine, 0) + 4 if mine <= BALZAK_LIMIT else 9, used)
        if extra is None:
            return None
        seats.append(Player("others#rest"))
        hands.append(extra)
        filled.add(1)
    if scene.count is not None and scene.count != len(seats) and not filled:
        return None
    return seats, hands, filled


def _below_caller(
    seats: list[Player],
    hands: list[list[str]],
    caller: Player,
    used: Counter[str],
    filled: set[int],
) -> bool:
    """Hands for players said to hold fewer points than the caller, or as many ("but Lotte had
    fewer points than me"), and for the caller when the question gives no hand: the call is
    false, which decides the caller's score alone (the seats made up are ``filled``)."""
    at = seats.index(caller)
    if caller.below:
        return False
    if not caller.hand_said:
        made = filler(3, used)
        if made is None:
            return False
        hands[at] = made
        filled.add(at)
    value = _worth(hands[at])
    for i, player in enumerate(seats):
        if player.below and not player.hand_said:
            made = filler(value - 1 if player.below == "fewer" else value, used)
            if made is None:
                return False
            hands[i] = made
            filled.add(i)
    return True


def _under_every(hands: list[list[str]], seat: int, used: Counter[str]) -> list[str] | None:
    """A caller's hand of 5 points or fewer, under every other hand said."""
    others = [_worth(h) for i, h in enumerate(hands) if i != seat]
    if not others:
        return None
    return filler(min(BALZAK_LIMIT, min(others) - 1), used)


def _worth(hand: list[str]) -> int:
    return sum(10 if c == "L" else 0 if c == "S" else int(c) for c in hand)


def _two_unsaid_false(scene: Scene, caller: Player) -> bool:
    """Two players, a false call said, no hand said: whatever the hands, the caller writes 25
    and the other 0 (the other holds as few points or fewer), so any such hands will do."""
    return (
        len(scene.players) == 2
        and "false" in scene.flags
        and scene.count == 2
        and not any(p.hand_said for p in scene.players)
        and caller in scene.players
    )


def judge_round(
    scene: Scene, caller: Player, hands_at_end: bool = False, said_good: bool = False
) -> Round | None:
    """The engine's record of ``caller``'s call with the hands said (and the totals said)."""
    placed = _seat_hands(scene, caller, said_good)
    if placed is None:
        return None
    seats, hands, filled = placed
    said = [p.total for p in seats]
    if any(t is not None and not 0 <= t < GAME_END for t in said):
        return None
    scores = [t or 0 for t in said] if any(t is not None for t in said) else None
    seat = seats.index(caller)
    position = build(hands, to_move=seat, scores=scores)
    state = load(position)
    if state is None:
        return None
    try:
        state.apply("balzak", seat)
    except IllegalAction:
        return None
    view = dict(state.view(None))
    return Round(seats, position, dict(view["rounds"][-1]), view, filled)


def _targets(scene: Scene, ask: Asked, seats: list[Player], caller: Player) -> list[int] | None:
    """The seats the question asks about (everyone when it names nobody)."""
    keys = [p.key for p in seats]
    me = next((i for i, p in enumerate(seats) if p.me), None)
    out: list[int] = []
    for who in ask.who:
        if who == "everyone":
            return list(range(len(seats)))
        if who == "others":
            apart = me if me is not None else keys.index(caller.key)
            out += [i for i in range(len(seats)) if i != apart]
        elif who == "him":
            last = [i for i, p in enumerate(seats) if not p.me and p.name]
            if not last:
                return None
            out.append(last[-1])
        elif who in keys:
            out.append(keys.index(who))
    return sorted(set(out)) if out else list(range(len(seats)))


def _writes(question: Question, r: Round, targets: list[int], summed: bool) -> str | None:
    points = r.record["points"]
    if summed and len(targets) > 1:
        if any(i in r.filled for i in targets) and r.record["kind"] != "overcall":
            return None
        total = sum(points[i] for i in targets)
        parts = " + ".join(str(points[i]) for i in targets)
        return question.say(f"{total} together ({parts})", f"{total} samen ({parts})")
    if len(targets) == 1 and targets[0] not in r.filled:
        seat = r.seats[targets[0]]
        n = points[targets[0]]
        if seat.me:
            return f"{n}. " + question.say(f"You write {n}", f"Jij schrijft {n} op")
        return f"{n}. {capital(label(question, seat))} {question.say('writes', 'schrijft')} {n}"
    said = []
    for i in targets:
        if i in r.filled and i == r.record["caller"] and r.record["kind"] == "good":
            said.append(f"{label(question, r.seats[i])} {question.say('writes', 'schrijft')} 0")
            continue
        if i in r.filled and r.record["kind"] == "good":
            said.append(
                question.say(
                    "every other player writes the points in their own hand",
                    "alle anderen schrijven de punten in hun eigen hand op",
                )
            )
            continue
        if i in r.filled and r.record["kind"] != "overcall":
            return None
        who = (
            label(question, r.seats[i])
            if i not in r.filled
            else question.say("all the others", "alle anderen")
        )
        verb = question.say("write" if r.seats[i].me else "writes", "schrijft")
        if i in r.filled:
            verb = question.say("write", "schrijven")
        said.append(f"{who} {verb} {points[i]}")
    return f"{kind_words(question, r.record['kind'])}: {listed(question, said)}"


def _totals(question: Question, r: Round, targets: list[int]) -> str | None:
    said = [i for i in targets if r.seats[i].total is not None] or [
        i for i, p in enumerate(r.seats) if p.total is not None
    ]
    if not said:
        return None
    out = []
    for i in said:
        before, gain, after = r.record["before"][i], r.record["points"][i], r.record["totals"][i]
        text = f"{before} + {gain} = {before + gain}"
        if len(said) > 1 or not r.seats[i].me:
            text = f"{label(question, r.seats[i])}: {text}"
        if after != before + gain:
            text += question.say(
                f", which drops back to {after}", f", en dat zakt terug naar {after}"
            )
        out.append(text)
    return capital(listed(question, out))


_KIND_REASON = {
    "good": (
        "The caller holds 5 points or fewer and every other hand more: a good BALZAK!, so the "
        "caller writes 0 and every other player the points in their hand (never below 0).",
        "De roeper heeft 5 punten of minder en elke andere hand meer: een goede BALZAK!, dus de "
        "roeper schrijft 0 op en de anderen de punten in hun hand (nooit onder 0).",
    ),
    "false": (
        "Another hand holds as few points or fewer: a false BALZAK!, so the caller writes 25, "
        "the lowest other hand (every hand tied on it) 0, and the rest the points in their hand.",
        "Een andere hand heeft evenveel punten of minder: een valse BALZAK!, dus de roeper "
        "schrijft 25 op, de laagste andere hand (ieder die daarop gelijk staat) 0, en de rest "
        "de punten in hun hand.",
    ),
    "overcall": (
        "A call with more than 5 points costs the caller 25, and every other player writes 0.",
        "Wie met meer dan 5 punten BALZAK! roept, schrijft 25 op, en alle anderen schrijven 0 op.",
    ),
}
_KIND_REFS = {
    "good": [refs.GOOD, refs.BELOW_ZERO],
    "false": [refs.FALSE, refs.FALSE_TIES],
    "overcall": [refs.OVERCALL],
}


def _matches_said(scene: Scene, kind: str) -> bool:
    """The engine's kind of call agrees with what the question calls it."""
    if "good" in scene.flags and kind != "good":
        return False
    return not ("false" in scene.flags and kind == "good")


def call_scores(question: Question, scene: Scene, ask: Asked) -> Answer | None:
    """What each player asked about writes after the call, their totals, the winner."""
    caller = scene.caller
    if caller is None:
        return None
    said_good = "good" in scene.flags and not _GOOD_ASKED.search(ask.text)
    r = judge_round(scene, caller, said_good=said_good)
    if r is None or not _matches_said(scene, r.record["kind"]):
        return None
    targets = _targets(scene, ask, r.seats, caller)
    if targets is None:
        return None
    said: list[str] = []
    sources = list(_KIND_REFS[r.record["kind"]])
    if "total" in ask.wants or "over" in ask.wants or any(p.total is not None for p in r.seats):
        totals = _totals(question, r, targets)
        if totals is None and "total" in ask.wants:
            return None  # a total asked, and none said to add this round's points to
        if totals is not None:
            said.append(totals)
            sources.append(refs.TASTY)
    if "write" in ask.wants or not said:
        writes = _writes(question, r, targets, ask.summed or "sum" in scene.flags)
        if writes is None:
            return None
        if ask.wants & {"total", "over"}:
            said.append(writes)
        else:  # the points written asked, not a total: they come first
            said.insert(0, writes)
    if "winner" in ask.wants or "over" in ask.wants:
        if r.filled and "winner" in ask.wants:
            return None
        unknown = bool(r.filled) or any(p.total is None for p in r.seats)
        if unknown and not r.view["is_over"]:
            return None  # a total not said may reach 100 this round: the end is not known
        if "over" in ask.wants or "winner" not in ask.wants:
            said.append(_over_words(question, r))
        if "winner" in ask.wants:
            said.append(_winner_words(question, r))
        sources.append(refs.GAME_END)
    verdict = " ".join(capital(part) + "." for part in said)
    if ask.yesno:
        verdict = f"{yes_no(question, bool(r.view['is_over']))} {verdict}"
    reason = question.say(*_KIND_REASON[r.record["kind"]])
    details = _hand_lines(question, r)
    return checked(
        GAME_NAME, question, verdict, reason, sources, position=r.position, details=details
    )


def _hand_lines(question: Question, r: Round) -> list[str]:
    return [
        question.say(
            f"{capital(label(question, p))}: {r.record['values'][i]} points in hand.",
            f"{capital(label(question, p))}: {r.record['values'][i]} punten in de hand.",
        )
        for i, p in enumerate(r.seats)
        if i not in r.filled
    ]


def _over_words(question: Question, r: Round) -> str:
    if r.view["is_over"]:
        return question.say(
            f"the game ends: a total has reached {GAME_END}",
            f"het spel is afgelopen: een totaal is {GAME_END} of meer",
        )
    return question.say(
        f"the game goes on: no total has reached {GAME_END}",
        f"het spel gaat door: geen totaal is {GAME_END} of meer",
    )


def _winner_words(question: Question, r: Round) -> str:
    outcome = r.view.get("outcome")
    if not r.view["is_over"] or outcome is None:
        return question.say(
            f"nobody has won yet: no total has reached {GAME_END}",
            f"nog niemand heeft gewonnen: geen totaal is {GAME_END} of meer",
        )
    names = [label(question, r.seats[w]) for w in outcome["winners"] if w not in r.filled]
    best = r.record["totals"][outcome["winners"][0]]
    if len(names) > 1:
        return question.say(
            f"{listed(question, names)} share the win on {best}",
            f"{listed(question, names)} delen de winst op {best}",
        )
    verb = question.say("win" if names[0] in ("you", "You") else "wins", "wint")
    return question.say(f"{names[0]} {verb} on {best}", f"{names[0]} {verb} met {best}")
