"""What every situation reader shares: the cards' steps, the seats' starts, and the verdict.

A reader builds a :class:`~gametable.games.keezbord.answers.referee.Trial` with seat ``a`` to
move and answers from the referee's ruling through :func:`verdict`: Yes or No first, then the
engine's reason, then the rule it rests on.

Boards: two players start at 0 (``a``) and 32 (``b``); four at 0, 16, 32, 48; six on a 96-space
board at 0, 16, ... 80.  Partners sit opposite (``a`` and ``c`` with four players).

>>> start(1, 2), start(2, 4), partner(6)
(32, 32, 'd')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from gametable.core.rules import RuleRef
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.referee import Ruling, Trial, judge, moved, refusal
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "keezbord"
#: the forward steps of the cards that move one pawn forward (Card Meanings)
FORWARD = {"A": 1, "2": 2, "3": 3, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "Q": 12}
BY_STEPS = {steps: card for card, steps in FORWARD.items()}


def start(seat: int, players: int) -> int:
    """Seat ``seat``'s start space."""
    return 32 * seat if players == 2 else 16 * seat


def partner(players: int) -> str:
    """Seat ``a``'s partner: ``c`` with four players, ``d`` with six."""
    return "abcdef"[players // 2]


def rule_of(ruling: Ruling, fallback: Iterable[RuleRef]) -> list[RuleRef]:
    refs = [ruling.rule] if ruling.rule is not None else []
    return refs + [r for r in fallback if r not in refs]


_WHERE = r"\b(?:where|waar)\b[^.!]*\?\s*$"
#: the whole hand told ("my hand is just a 4", "my only card"): a refusal leaves nothing to play
_WHOLE_HAND = re.compile(
    r"\b(?:my (?:whole |entire )?hand is|my only card|i only have|i have only|(?:mijn )?enige kaart|"
    r"ik heb alleen|ik heb nog maar)\b"
)


def verdict(question: Question, trial: Trial, refs: Sequence[RuleRef]) -> Answer:
    """Yes or No as the referee rules on ``trial``; the reason is its refusal or what the
    allowed action does."""
    ruling = judge(trial)
    lang = question.lang
    reason = moved(ruling, lang) if ruling.allowed else refusal(ruling, lang)
    if not ruling.allowed and ruling.legal == ("hand in",) and _WHOLE_HAND.search(question.lower):
        reason += question.say(
            " No card of your hand can be played, so you hand in all your cards.",
            " Geen kaart uit je hand kan gespeeld worden, dus je levert al je kaarten in.",
        )
    head = yes_no(question, ruling.allowed)
    asks_outcome = question.kind == "what" or question.matches(_WHERE)
    if asks_outcome and not w.YESNO_ASKED.search(question.lower):  # the outcome itself first
        head = "" if ruling.allowed else question.say("It is not allowed.", "Dat mag niet.")
    return checked(
        GAME,
        question,
        head,
        reason,
        rule_of(ruling, refs),
        position=trial.position,
        details=(f"Judged: {trial.action} for seat a.",),
    )


def first_forward_card(question: Question) -> str | None:
    """The first card named that moves one pawn (a forward card or the 4)."""
    return next((c for c in w.cards_named(question) if c in FORWARD or c == "4"), None)


def hit_verdict(
    question: Question, trial: Trial, targets: Sequence[str], refs: Sequence[RuleRef]
) -> Answer:
    """Yes when the action, as the referee plays it, sends every one of ``targets`` (``"b1"``)
    back to its nest; No when it does not, or when the action is refused."""
    ruling = judge(trial)
    lang = question.lang
    hit = ruling.allowed and all(t in ruling.hit() for t in targets)
    reason = moved(ruling, lang) if ruling.allowed else refusal(ruling, lang)
    if ruling.allowed and not hit:
        left = [t for t in targets if t not in ruling.hit()]
        stays = " and ".join(left)
        en, nl = (
            ("stay where they are", "blijven") if len(left) > 1 else ("stays where it is", "blijft")
        )
        reason += question.say(
            f" {stays} {en}: only a pawn a move lands on exactly is hit.",
            f" {' en '.join(left)} {nl} staan: alleen een pion waar een zet op eindigt wordt geslagen.",
        )
    return checked(GAME, question, yes_no(question, hit), reason, rule_of(ruling, refs),
                   position=trial.position,
                   details=(f"Judged: {trial.action} for seat a.",))  # fmt: skip
