"""One engine query per question, chosen from the parts read (:mod:`.parts`) and what is
asked (:mod:`.asks`), not from the shape of a sentence.

The concepts: a call's scores (who called, every hand said; what each writes, their totals,
the winner), the hands' points at a round's end (what each holds, who holds the fewest), a
total after this round's points, the winner of the totals said, and a turn's action (how many
cards a hand holds after several of one value are discarded, after The Lul, after The Swinger,
and the points swapped).  Each builds the position from the parts, asks the engine and answers
every thing asked; where a part the concept needs is missing, or the engine's verdict does not
match what the question says ("a good BALZAK!" that the hands make false), it returns ``None``
and the rules text answers, unchecked.

>>> from gametable.rulebook.question import Question
>>> answer(Question.read("Eindstand: Femke 110, Jelle 30 en Sam 30. Wie wint er?")).text.split(".")[0]
'Jelle en Sam delen de winst op 30'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gametable.games.balzakken.answers.asking import MAY_TOO
from gametable.games.balzakken.answers.asks import Asked, asked
from gametable.games.balzakken.answers.ends import landed, round_values, total_after, winners
from gametable.games.balzakken.answers.goodcall import asks_kind, call_kind
from gametable.games.balzakken.answers.maycall import asks_may_call, may_call, names_their_turn
from gametable.games.balzakken.answers.parts import read_scene
from gametable.games.balzakken.answers.plays import played
from gametable.games.balzakken.answers.scene import Scene
from gametable.games.balzakken.answers.sheet import call_scores
from gametable.games.balzakken.answers.takeback import take_top
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

_ROUND_OVER = re.compile(
    r"\b(?:round'?s? (?:is )?over|round ends|round ended|end of (?:the |a )?round|"
    r"einde (?:van (?:de|een) )?ronde|ronde is (?:voorbij|afgelopen|om)|na de ronde|"
    r"at the end of the round|someone (?:else )?called|iemand riep)\b"
)
#: what a question may name that no concept of this module places in a position
_ELSEWHERE = re.compile(
    r"\b(?:swap|swapped|ruil\w*|draw pile|trekstapel|discard pile|aflegstapel|top card|"
    r"deal\w*|del[ea]n?|partner|team|next round|volgende ronde|reshuffle|schud\w*)\b"
)


def answer(question: Question) -> Answer | None:
    """The referee's reply to the situation ``question`` tells, or ``None``."""
    taken = take_top(question)  # the discard pile's top is no part of a scene
    if taken is not None:
        return taken
    scene = read_scene(question)
    if scene is None or not scene.players:
        return None
    ask = asked(question, scene)
    if names_their_turn(question) and asks_may_call(question, scene, ask):
        return may_call(question, scene, ask)  # a part the call readers do not read
    for fits, concept in _CONCEPTS:
        if fits(question, scene, ask):
            if fits is not _sheet and any(p.later or scene.rounds for p in scene.players):
                return None  # several rounds' points: only a total reads them
            if ask.yesno and not _yes_no_read(fits, scene, ask):
                return None  # a yes or no about a number: the asked number is not read here
            return concept(question, scene, ask)
    return None


def disagrees(question: Question, reply: Answer) -> bool:
    """Whether the asker's hand in a referee's ``reply`` (seat 0 of its position) is not the
    hand the parts read, when the parts read it card by card: two readings of one question
    that differ mean one of them is wrong ("3, 3, Lul" is no hand of three Luls), so neither is
    judged."""
    position = reply.position
    scene = read_scene(question)
    if position is None or scene is None or scene.me is None:
        return False
    me = scene.me
    if not me.cards or me.points is not None or me.size is not None or me.empty:
        return False
    ended = scene.caller is not None or _ROUND_OVER.search(question.lower) is not None
    if scene.acted is not None or not ended or scene.counts or asked(question, scene).yesno:
        return False  # only the hands at a round's end: a turn's hand is read apart
    hands = position.get("hands") or []
    return bool(hands) and sorted(hands[0]) != sorted(me.cards)


def may_call_answer(question: Question) -> Answer | None:
    """Whether the asker may call, read by parts: tried after the readers of :mod:`.calls`,
    for the situations they leave (another player's turn named, an action card played on this
    turn before a call on the next)."""
    scene = read_scene(question)
    if scene is None or not scene.players:
        return None
    ask = asked(question, scene)
    return may_call(question, scene, ask) if asks_may_call(question, scene, ask) else None


def _acts(question: Question, scene: Scene, ask: Asked) -> bool:
    """A turn's action told, and the hands after it asked: their cards, their points, or what
    happens to them (The Swinger); or whether the asker may discard the cards told, nothing
    else asked with it."""
    swing = scene.acted is not None and (scene.acted.verb == "swing" or "S" in scene.acted.cards)
    held = scene.me is not None and "S" in scene.me.cards and scene.acted is not None
    may_discard = (  # "mag ik er drie afleggen", "can I discard two of them"
        ask.yesno
        and scene.some is not None
        and scene.acted is not None
        and scene.acted.verb == "discard"
        and MAY_TOO.search(ask.text) is not None
        and not _MORE_ASKED.search(ask.text)
    )
    return scene.acted is not None and (
        bool(ask.wants & {"cards", "points"})
        or ("happens" in ask.wants and (swing or held))
        or may_discard
    )


#: another action or a second step asked beside a discard ("and then call?", "en dan ruilen?")
_MORE_ASKED = re.compile(
    r"\b(?:call\w*|roep\w*|balzak|swap\w*|ruil\w*|then|dan|daarna|also|ook|afterwards|after|"
    r"top|bovenste|play\w*|speel\w*|lul|swinger)\b"
)


def _calls(question: Question, scene: Scene, ask: Asked) -> bool:
    return (
        scene.acted is None
        and scene.caller is not None
        and bool(ask.wants & {"write", "total", "winner", "over"})
        and not _ELSEWHERE.search(question.lower)
    )


def _round_end(question: Question, scene: Scene, ask: Asked) -> bool:
    ended = scene.caller is not None or _ROUND_OVER.search(question.lower) is not None
    return (
        scene.acted is None
        and ended
        and bool(ask.wants & {"points", "fewest"})
        and not ask.wants & {"write", "total", "winner", "cards"}
        and not _ELSEWHERE.search(question.lower)
    )


def _sheet(question: Question, scene: Scene, ask: Asked) -> bool:
    me = scene.me
    return (
        bool(ask.wants)
        and scene.acted is None
        and scene.caller is None
        and me is not None
        and me.total is not None
        and me.gain is not None
        and len(scene.players) == 1
        and not me.hand_said
    )


def _landing(question: Question, scene: Scene, ask: Asked) -> bool:
    me = scene.me
    return (
        not ask.yesno
        and bool(ask.wants & {"total", "write", "happens"})
        and scene.acted is None
        and scene.caller is None
        and me is not None
        and me.total is not None
        and me.gain is None
        and len(scene.players) == 1
        and not me.hand_said
    )


def _final(question: Question, scene: Scene, ask: Asked) -> bool:
    return (
        not ask.yesno
        and "winner" in ask.wants
        and scene.acted is None
        and scene.caller is None
        and len(scene.players) >= 2
        and all(p.total is not None and not p.hand_said and p.gain is None for p in scene.players)
    )


def _ends_asked(fits: Callable[[Question, Scene, Asked], bool], ask: Asked) -> bool:
    """A yes or no these concepts answer: whether the game ends after the round told."""
    return (
        fits in (_sheet, _calls)
        and "over" in ask.wants
        and ask.wants <= {"over", "total", "winner"}
    )


def _yes_no_read(fits: Callable[[Question, Scene, Asked], bool], scene: Scene, ask: Asked) -> bool:
    """A yes or no these concepts answer: whether the game ends after the round told, whether
    the asker may discard the cards told (a number asked beside it is answered too), whether a
    call was good."""
    if fits is _acts and scene.acted is not None and scene.acted.verb in ("play", "swing"):
        return MAY_TOO.search(ask.text) is not None  # "may I play it, and how many ...?"
    if fits is _acts:
        return scene.acted is not None and scene.acted.verb == "discard"
    return _ends_asked(fits, ask) or fits is asks_kind


_Concept = tuple[
    Callable[[Question, Scene, Asked], bool], Callable[[Question, Scene, Asked], Answer | None]
]
_CONCEPTS: tuple[_Concept, ...] = (
    (asks_kind, call_kind),
    (_acts, played),
    (_calls, call_scores),
    (_round_end, round_values),
    (_sheet, total_after),
    (_landing, landed),
    (_final, winners),
)


__all__ = ["answer"]
