"""Questions asked at a table, answered from the asking seat's own view of the live position.

Only what the seat may know is read: its view (the board, its own hand, whose pawns it plays
for), its legal actions, and actions tried for it on a copy of the state; never another seat's
hand or the deck.  General rules questions return ``None`` and get the general answer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gametable import IllegalAction, InvalidAction
from gametable.core.protocol import State
from gametable.core.rules import RuleRef
from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.referee import GAME as KEEZBORD
from gametable.games.keezbord.answers.referee import SEATS, Ruling, refusal, sentence
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "keezbord"
_CHOICES = re.compile(
    r"\b(what can i (?:do|play)|which (?:cards?|moves?|plays?) can i|what are my (?:options|"
    r"choices|moves)|my options|wat kan ik (?:doen|spelen)|welke (?:kaarten|zetten) kan ik)\b"
)
_ASKS_ME = re.compile(
    r"^(?:so |and |but |en |maar )?(?:can|may|could|mag|kan|kun|could) (?:i|ik)\b"
)
#: words that describe a situation of their own rather than the live one
_HYPOTHETICAL = re.compile(
    r"\b(if|when|suppose|imagine|als|wanneer|stel|players|spelers|spaces?|steps?|vakken|"
    r"stappen|my pawn is|mijn pion staat|all my pawns|al mijn pionnen|in general|always|ever)\b"
)
_PAWN = re.compile(r"\b([a-f][1-4])\b")
#: "what happens if I play my 7 with a1 and a2", "wat gebeurt er als ik mijn 5 met a1 speel"
_WHAT_IF = re.compile(
    r"^(?:what happens|what would happen|wat gebeurt er|wat zou er gebeuren) (?:if|when|als) "
    r"(?:i|ik) (?:play|speel) (?:my |a |an |the |mijn |een |de )?(\w+) (?:with|on|met|op) "
    r"([a-f][1-4])(?: (?:and|en) ([a-f][1-4]))?(?: speel)?\s*\??$"
)


def answer_at(state: State, seat: int, question: Question) -> Answer | None:
    """The answer from ``seat``'s view of ``state``, or ``None`` for a general question."""
    view = state.view(seat)
    lower = question.lower
    if _CHOICES.search(lower):
        return _choices(state, seat, question, view)
    what_if = _WHAT_IF.search(lower)
    if what_if:
        return _what_if(state, seat, question, view, what_if)
    if _HYPOTHETICAL.search(lower):
        return None
    card = w.first_card(question)
    pawn = _PAWN.search(lower)
    if w.asks_why_not(question) and card is not None:
        return _can_play(state, seat, question, view, card, pawn.group(1) if pawn else None)
    if _ASKS_ME.match(lower) and w.asks_hand_in(question):
        return _can_play(state, seat, question, view, "hand in", None)
    if _ASKS_ME.match(lower) and card is not None:
        return _can_play(state, seat, question, view, card, pawn.group(1) if pawn else None)
    return None


def _what_if(
    state: State, seat: int, question: Question, view: Mapping[str, Any], m: re.Match[str]
) -> Answer | None:
    """What playing a card with one pawn (or a 7 over two) would do, tried on clones of the live
    state for the asking seat; a refusal is the engine's own for that action."""
    card = w.first_card(Question.read(f"a {m.group(1)}"))
    if card is None:
        return None
    if seat not in view["to_move"]:
        return _not_your_turn(question, view)
    first, second = m.group(2), m.group(3)
    if second is None:
        texts = [f"{card} {first}"]
    elif card == "7":
        texts = [f"7 {first}:{k} {second}:{7 - k}" for k in range(1, 7)]
    else:
        return None
    rulings = [(text, _try(state, seat, text)) for text in texts]
    allowed = [(t, r) for t, r in rulings if r.allowed]
    if not allowed:
        ruling = (rulings[0] if len(rulings) == 1 else _most_telling(rulings))[1]
        head = question.say("It is not allowed.", "Dat mag niet.")
        refs = [ruling.rule] if ruling.rule is not None else [kb.CARD_MEANINGS]
        return checked(GAME, question, head, refusal(ruling, question.lang), refs,
                       position=_seat_position(view), details=tuple(f"{t}: {r.why}" for t, r
                                                                    in rulings),
                       topic="refusal")  # fmt: skip
    outcomes = tuple(f"{t}: {_after(state, seat, t)}" for t, _ in allowed)
    head = sentence(outcomes[0])
    reason = question.say(
        f"The referee allows {len(allowed)} way{'s' if len(allowed) > 1 else ''} to play it "
        "here; each is listed below.",
        f"De scheidsrechter staat hier {len(allowed)} manier{'en' if len(allowed) > 1 else ''} "
        "toe; ze staan hieronder.",
    )
    return checked(GAME, question, head, reason, [kb.CARD_MEANINGS],
                   position=_seat_position(view), details=outcomes, topic="choices")  # fmt: skip


def _after(state: State, seat: int, text: str) -> str:
    """What playing ``text`` does, played on a clone of ``state`` (the live game is untouched)."""
    trial = state.clone()
    action = KEEZBORD.parse_action(trial, text)
    said = trial.describe(action, seat)
    trial.apply(action, seat)
    return re.sub(r"^seat \d+ plays", "you play", said)


def _seat_position(view: Mapping[str, Any]) -> dict[str, Any]:
    seat = view["seat"]
    return {
        "game": "keezbord",
        "players": view["players"],
        "pawns": [list(p) for p in view["pawns"]],
        "hands": {SEATS[seat]: list(view["hand"])},
        "to_move": view["to_move"][0] if view["to_move"] else None,
        "dealer": view["dealer"],
    }


def _choices(state: State, seat: int, question: Question, view: Mapping[str, Any]) -> Answer | None:
    if seat not in view["to_move"]:
        return _not_your_turn(question, view)
    plays = [str(a) for a in state.legal_actions(seat)]
    head = question.say(
        f"{len(plays)} {'play' if len(plays) == 1 else 'plays'}: {', '.join(plays)}.",
        f"{len(plays)} {'zet' if len(plays) == 1 else 'zetten'}: {', '.join(plays)}.",
    )
    reason = question.say(
        "These are the plays the referee allows with your hand on this board; you must play "
        "one of them if you can.",
        "Dit zijn de zetten die de scheidsrechter met jouw hand op dit bord toestaat; als je "
        "kunt spelen, moet je er een spelen.",
    )
    details = tuple(_describe(state, seat, p) for p in plays)
    return checked(GAME, question, head, reason, [kb.MUST_PLAY, kb.CARD_MEANINGS],
                   position=_seat_position(view), details=details, topic="choices")  # fmt: skip


def _describe(state: State, seat: int, text: str) -> str:
    return state.describe(KEEZBORD.parse_action(state, text), seat)


def _not_your_turn(question: Question, view: Mapping[str, Any]) -> Answer:
    mover = view["to_move"][0] if view["to_move"] else None
    if mover is None:
        reason = question.say("The game is over.", "Het spel is afgelopen.")
    else:
        reason = question.say(
            f"It is seat {SEATS[mover]}'s turn, not yours.",
            f"Speler {SEATS[mover]} is aan de beurt, niet jij.",
        )
    return checked(GAME, question, question.say("Not now.", "Nu niet."), reason,
                   [kb.PLAY_ONE_CARD], position=_seat_position(view), topic="turn")  # fmt: skip


def _candidates(view: Mapping[str, Any], card: str, pawn: str | None) -> list[str]:
    """The plays of ``card`` the seat could mean, with ``pawn`` if it named one."""
    if card == "hand in":
        return ["hand in"]
    owner = SEATS[view["plays_for"][view["seat"]]]
    pawns = [pawn] if pawn else [f"{owner}{i}" for i in range(1, 5)]
    out = []
    if card in ("A", "K") and not pawn:
        out.append(f"{card} place")
    if card == "J":
        others = [f"{s}{i}" for s in SEATS[: view["players"]] if s != owner for i in range(1, 5)]
        out += [f"J {p} {q}" for p in pawns for q in others]
    elif card != "K":
        out += [f"{card} {p}" for p in pawns]
    return out


def _try(state: State, seat: int, text: str) -> Ruling:
    trial = state.clone()
    try:
        action = KEEZBORD.parse_action(trial, text)
        trial.check_action(action, seat)
    except IllegalAction as no:
        return Ruling(False, no.explanation, no.rule)
    except InvalidAction as no:
        return Ruling(False, str(no), None)
    return Ruling(True, trial.describe(action, seat), None)


def _can_play(
    state: State,
    seat: int,
    question: Question,
    view: Mapping[str, Any],
    card: str,
    pawn: str | None,
) -> Answer | None:
    if seat not in view["to_move"]:
        return _not_your_turn(question, view)
    hand = list(view["hand"])
    if card != "hand in" and card not in hand:
        reason = question.say(
            f"You hold no {card}; your hand is {', '.join(hand) or 'empty'}.",
            f"Je hebt geen {card}; je hand is {', '.join(hand) or 'leeg'}.",
        )
        return checked(GAME, question, yes_no(question, False), reason, [kb.PLAY_ONE_CARD],
                       position=_seat_position(view), topic="refusal")  # fmt: skip
    rulings = [(text, _try(state, seat, text)) for text in _candidates(view, card, pawn)]
    if not rulings:
        return None
    allowed = [(t, r) for t, r in rulings if r.allowed]
    refs: list[RuleRef] = []
    if allowed:
        text, ruling = allowed[0]
        reason = question.say(
            f"For example {text}: {ruling.why}.",
            f"Bijvoorbeeld {text}: {ruling.why}.",
        )
        refs = [kb.CARD_MEANINGS]
        details = tuple(f"{t}: allowed" for t, _ in allowed)
    else:
        text, ruling = _most_telling(rulings)
        reason = refusal(ruling, question.lang)
        refs = [ruling.rule] if ruling.rule is not None else [kb.CARD_MEANINGS]
        details = tuple(f"{t}: {r.why}" for t, r in rulings)
    if question.kind != "yesno" and w.asks_why_not(question) and not allowed:
        head = question.say("You cannot:", "Dat kan niet:")
    else:
        head = yes_no(question, bool(allowed))
    return checked(GAME, question, head, reason, refs, position=_seat_position(view),
                   details=details, topic="refusal" if not allowed else "choices")  # fmt: skip


def _most_telling(rulings: list[tuple[str, Ruling]]) -> tuple[str, Ruling]:
    """The refusal to give first: one about a pawn on the board rather than one in its nest."""
    for text, ruling in rulings:
        if "in its nest" not in ruling.why:
            return text, ruling
    return rulings[0]
