"""A turn's action told by its parts, played by the engine: discarding several Balzakken of one
value ("Playing the Game > Important"), The Lul ("Action card 2") and The Swinger ("Action card
1"), and the hands' cards and points after it.  Chosen by :mod:`.concepts`.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from gametable.core.errors import IllegalAction
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.asks import Asked
from gametable.games.balzakken.answers.build import build, cards_worth, free, load
from gametable.games.balzakken.answers.names import numbered
from gametable.games.balzakken.answers.scene import Acted, Player, Scene
from gametable.games.balzakken.answers.seating import capital, hand_for, label
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME_NAME = "balzakken"
#: the values a hand said only by its size is made up with (the points of such a hand are
#: never told, so any Balzakken do)
_FILLERS = tuple(str(v) for v in (8, 9, 7, 10, 6, 11, 4))


def _sizes_clear(scene: Scene) -> bool:
    """A hand's size said for one player, and a lone number for another ("I have 4 cards
    ... Kees, who has 3"), may be a size or a card: not read."""
    if not any(p.size is not None for p in scene.players):
        return True
    return not any(
        p.size is None and len(p.cards) == 1 and p.cards[0] not in ("L", "S") for p in scene.players
    )


def played(question: Question, scene: Scene, ask: Asked) -> Answer | None:
    """The hands after the action the question tells, as the engine plays it."""
    acted, me = scene.acted, scene.me
    if acted is None or me is None or len(scene.players) > 2 or not _sizes_clear(scene):
        return None
    if acted.verb == "discard" and not acted.cards and len(scene.counts) == 1:
        card, count = next(iter(scene.counts.items()))  # "twee 3's ... mag ik die afleggen"
        count = scene.some or count  # "vier 3's ... mag ik er drie afleggen"
        sized = "cards" in ask.wants and "drawn" not in ask.wants  # a hand's size asked
        if sized and me.size is None and len(me.cards) <= count:
            return None  # "I have two 3s": perhaps not the whole hand, its size is unknown
        acted = Acted(acted.verb, [card] * count, acted.target)
    if acted.verb == "discard" and (ask.wants & {"cards", "drawn"} or ask.yesno):
        return _discarded(question, scene, acted, me, ask)
    action_card = _action_card_of(acted, me)
    if action_card is None:
        return None
    if acted.verb in ("play", "swing") and set(acted.cards) <= {action_card}:
        target = acted.target
        if target is None or target.me:
            return None
        return _action_card(question, me, target, action_card, ask)
    return None


def _action_card_of(acted: Acted, me: Player) -> str | None:
    """The action card played: named, or said as "swing", or the one action card in hand
    ("ik speel hem bij Kim", said of my last card, The Swinger)."""
    if acted.verb == "swing" or "S" in acted.cards:
        return "S"
    if "L" in acted.cards:
        return "L"
    held = {c for c in me.cards if c in ("L", "S")}
    return held.pop() if acted.verb == "play" and len(held) == 1 else None


def _filled(hand: list[str], size: int | None, used: Counter[str]) -> list[str] | None:
    """``hand`` made up to ``size`` cards with Balzakken that the question leaves unsaid."""
    if size is None or size <= len(hand):
        return hand if size is None or size == len(hand) else None
    extra: list[str] = []
    for _ in range(size - len(hand)):
        card = next((v for v in _FILLERS if free(v, used)), None)
        if card is None:
            return None
        used[card] += 1
        extra.append(card)
    return hand + extra


def _discarded(
    question: Question, scene: Scene, acted: Acted, me: Player, ask: Asked
) -> Answer | None:
    values = set(acted.cards)
    if len(values) != 1 or len(scene.players) != 1:
        return None
    value, count = values.pop(), len(acted.cards)
    used: Counter[str] = Counter()
    asked_one = len(re.findall(r"\b(?:how many|hoeveel)\b", ask.text)) <= 1
    hand = _hand_discarding(me, acted, used, any_size="drawn" in ask.wants and asked_one)
    if hand is None or me.points is not None:
        return None
    if Counter(hand)[value] < count and not (ask.yesno and Counter(hand)[value] > 0):
        return None  # more discarded than held: judged only as asked ("may I discard three?")
    hand_sized = _filled(hand, me.size, used)
    if hand_sized is None:
        return None
    position = build([hand_sized, cards_worth(9, used) or ["9"]], to_move=0)
    state = load(position)
    if state is None:
        return None
    action = f"discard {value}x{count}" if count > 1 else f"discard {value}"
    try:
        state.apply(action, 0)
    except IllegalAction as error:
        verdict = yes_no(question, False) if ask.yesno else ""
        verdict += question.say(" That discard is not allowed.", " Dat mag niet.")
        return checked(
            GAME_NAME, question, verdict, refs.refusal_reason(question, error), [error.rule],
            position=position,
        )  # fmt: skip
    after = state.view(0)["hand_sizes"][0]
    drawn = after - (len(hand_sized) - count)
    verdict = _discard_verdict(question, ask, after, drawn)
    if count == 1:
        reason = question.say(
            f"You discard one card and draw one from the draw pile: {len(hand_sized)} - 1 + 1 "
            f"= {after}.",
            f"Je legt één kaart af en pakt er één van de trekstapel: {len(hand_sized)} - 1 + 1 "
            f"= {after}.",
        )
        return checked(GAME_NAME, question, verdict, reason, [refs.DISCARD], position=position)
    reason = question.say(
        f"Balzakken of one value go down together: you discard {count} and draw back only one card",
        f"Balzakken van dezelfde waarde gaan tegelijk weg: je legt er {count} af en pakt er maar "
        "één terug",
    )
    listed = len(me.cards) > count and sum(scene.counts.values()) < len(me.cards)
    if me.size is not None or listed:  # the hand's size is known: said, or every card listed
        reason += f": {len(hand_sized)} - {count} + {drawn} = {after}"
    reason += "."
    return checked(GAME_NAME, question, verdict, reason, [refs.SAME_VALUE], position=position)


def _discard_verdict(question: Question, ask: Asked, after: int, drawn: int) -> str:
    """The verdict of an accepted discard: Yes when asked whether it may, then the number
    asked (the cards drawn back, or the cards held after)."""
    if "drawn" in ask.wants:
        number = question.say(
            f"you draw back {numbered(drawn, 'card', 'en')}",
            f"je trekt er {drawn} terug",
        )
    else:
        number = question.say(
            f"you then hold {numbered(after, 'card', 'en')}",
            f"je hebt daarna {numbered(after, 'card', 'nl')}",
        )
    if not ask.yesno:
        return f"{drawn if 'drawn' in ask.wants else after}."
    if not re.search(r"\b(?:how many|hoeveel)\b", ask.text):
        return yes_no(question, True)
    return f"{yes_no(question, True)[:-1]}, {number}."


def _hand_discarding(
    me: Player, acted: Acted, used: Counter[str], any_size: bool = False
) -> list[str] | None:
    """The asker's hand before the discard: the cards said of it, with the discarded ones
    when they were said only in the action ("I have 5 cards and discard three 7s"); with
    ``any_size`` (only the cards drawn back are asked) the hand's size need not be said."""
    if Counter(me.cards)[acted.cards[0]] > 0:
        return hand_for(me, used)
    if (me.size is None and not any_size) or me.empty:
        return None  # the hand's other cards are not said, nor how many they are
    cards = me.cards + acted.cards
    if any(not free(c, used, n) for c, n in Counter(cards).items()):
        return None
    used.update(cards)
    return cards


def _hands(me: Player, target: Player, card: str) -> tuple[list[str], list[str]] | None:
    used: Counter[str] = Counter()
    mine = hand_for(me, used) if me.hand_said else [card]
    if mine is None or card not in mine or me.points is not None:
        return None
    if not me.hand_said:
        used.update(mine)
    mine = _filled(mine, me.size, used)
    if mine is None:
        return None
    theirs = hand_for(target, used) if target.hand_said else []
    if theirs is None:
        return None
    theirs = _filled(theirs, target.size if not target.empty else 0, used)
    if theirs is None or (not target.hand_said and target.size is None):
        return None
    return mine, theirs


def _action_card(
    question: Question, me: Player, target: Player, card: str, ask: Asked
) -> Answer | None:
    hands = _hands(me, target, card)
    if hands is None:
        return None
    position = build(list(hands), to_move=0)
    state = load(position)
    if state is None:
        return None
    try:
        state.apply(f"{'swinger' if card == 'S' else 'lul'} 1", 0)
    except IllegalAction:
        return None
    views = [state.view(0), state.view(1)]
    if card == "L":
        return _after_lul(question, target, hands[1], views, position, ask)
    known = (_all_said(target, hands[1]), _all_said(me, hands[0]))  # my hand after, theirs
    if "points" in ask.wants and not all(known):
        return None  # a hand said by its size alone: its points are not known
    return _after_swinger(question, target, views, position, ask, known)


def _all_said(player: Player, hand: list[str]) -> bool:
    """Every card of ``hand`` is one the question said (none filled in for a size)."""
    if player.empty:
        return not hand
    said = hand_for(player, Counter()) if player.hand_said else None
    return said is not None and len(said) == len(hand)


def _after_lul(
    question: Question,
    target: Player,
    before: list[str],
    views: list[Any],
    position: dict[str, Any],
    ask: Asked,
) -> Answer | None:
    if "cards" not in ask.wants or "points" in ask.wants:
        return None
    after = views[1]["hand_sizes"][1]
    who = label(question, target)
    verdict = f"{after}."
    if set(ask.who) & {"me", "everyone"}:
        mine = views[0]["hand_sizes"][0]
        verdict = question.say(
            f"{capital(who)} {after} cards, you {mine}.",
            f"{capital(who)} {after} kaarten, jij {mine}.",
        )
    reason = question.say(
        f"The Lul goes face up in front of {who}, who draws 2 cards at once: "
        f"{len(before)} + 2 = {after}; you draw nothing.",
        f"De Lul gaat open voor {who}, die meteen 2 kaarten pakt: {len(before)} + 2 = {after}; "
        "jij pakt niets.",
    )
    verdict = _may(question, ask, verdict)
    return checked(GAME_NAME, question, verdict, reason, [refs.LUL_PLAYED], position=position)


def _one_number(ask: Asked, held: tuple[int, int]) -> int | None:
    """The one number asked of one player: their cards, or their points."""
    if ask.wants & {"cards", "points"} == {"cards"} or "how many cards" in ask.text:
        return None if "points" in ask.wants and "how many cards" not in ask.text else held[0]
    if ask.wants & {"cards", "points"} == {"points"}:
        return held[1]
    return None


def _after_swinger(
    question: Question,
    target: Player,
    views: list[Any],
    position: dict[str, Any],
    ask: Asked,
    known: tuple[bool, bool],
) -> Answer | None:
    """The hands after the swap: each one's cards, and its points where every card of it was
    said (a hand said by its size alone has no points to tell)."""
    who = label(question, target)
    mine = (views[0]["hand_sizes"][0], views[0]["hand_value"])
    theirs = (views[1]["hand_sizes"][1], views[1]["hand_value"])

    def said(name: str, held: tuple[int, int], points_known: bool) -> str:
        if held[0] == 0:
            return question.say(f"{name} no cards (0 points)", f"{name} geen kaarten (0 punten)")
        cards = (numbered(held[0], "card", "en"), numbered(held[0], "card", "nl"))
        if not points_known:
            return question.say(f"{name} {cards[0]}", f"{name} {cards[1]}")
        return question.say(
            f"{name} {cards[0]} worth {numbered(held[1], 'point', 'en')}",
            f"{name} {cards[1]} met {numbered(held[1], 'point', 'nl')}",
        )

    verb = question.say("holds", "heeft")
    first = said(f"{who} {verb}", theirs, known[1])
    second = said(question.say("you hold", "jij hebt"), mine, known[0])
    verdict = capital(first) + question.say(", and ", ", en ") + second + "."
    asked_one = _one_number(ask, mine if ask.who == ["me"] else theirs)
    if asked_one is not None and ask.who in (["me"], [target.key], ["him"]):
        verdict = f"{asked_one}. {verdict}"
    if theirs[0] == 0:
        verdict += question.say(
            f" {capital(who)} must call BALZAK! on their turn.",
            f" {capital(who)} moet in de volgende beurt BALZAK! roepen.",
        )
    reason = question.say(
        "The Swinger goes in front of that player and the two of you swap every card you hold; "
        "nobody draws, so your old hand, less The Swinger, is theirs.",
        "De Swinger gaat voor die speler en jullie ruilen alle kaarten in de hand; niemand pakt "
        "een kaart, dus je oude hand zonder De Swinger is nu van die speler.",
    )
    sources = [refs.SWINGER_PLAYED, refs.SWINGER_LAST_CARD, refs.EMPTY_HAND]
    verdict = _may(question, ask, verdict)
    return checked(GAME_NAME, question, verdict, reason, sources, position=position)


def _may(question: Question, ask: Asked, verdict: str) -> str:
    """An accepted action card asked "may I ..." beside its hands: Yes first, then the hands."""
    return f"{yes_no(question, True)} {verdict}" if ask.yesno else verdict
