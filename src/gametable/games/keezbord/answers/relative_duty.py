"""Must I play, or hand in? The duty to play asked of a situation told by relations (Gameplay,
KB-023 to KB-027; see :mod:`.relative_parts`).

The hand is told ("my hand is a 7 and a 9", "my only card is an 8"), the pawns by their places;
what is asked is whether I must play a card ("do I really have to play it?") or hand my cards in
("do I have to hand in my cards?").  The referee lists the legal actions of that position: a
card that can be played must be played, even one that hits my own pawn; with none, the cards
are handed in.  What the question tells beside it ("no ace or king", "the other two are in my
nest", "which would put my back pawn on top of my front one") is checked against the position.

>>> duty_apart(" do i have to hand in my cards?")
('handin', '  ')
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers.build import FORWARD, GAME
from gametable.games.keezbord.answers.referee import Trial
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

_ASKED = (
    (
        "handin",
        re.compile(
            r"\b(?:do i (?:really )?have to|must i|should i|have i got to) hand in(?: (?:my|all my) "
            r"cards)?\s*\??|\bmoet ik (?:dan )?(?:mijn|al mijn) kaarten (?:inleveren|in leveren)\s*\??"
        ),
    ),
    (
        "must",
        re.compile(
            r"\b(?:do i (?:really )?have to|must i|am i (?:forced|obliged|required) to) play "
            r"(?:it|that|this|that card|this card)\s*\??|\bmoet ik (?:die|deze|hem) (?:echt )?"
            r"(?:spelen|opgooien)\s*\??"
        ),
    ),
)
#: the hand said as one card
ONLY_CARD = re.compile(r"\bmy only card is an? (\w+)\b|\bmijn enige kaart is een (\w+)\b")
#: what the question tells beside the duty, each checked against the position
NO_PLACER = re.compile(r",? ?\b(?:no|geen) (?:ace|aas) (?:or|of) (?:king|heer)\b")
OTHER_TWO_NESTED = re.compile(r",? ?\b(?:the other )?two are in (?:my|the) nest\b")
BACK_ON_FRONT = re.compile(
    r",? ?\bwhich would (?:put|land|take|bring) my back pawn (?:right |exactly )?(?:on top of|onto|on) "
    r"my front one\b"
)


def duty_apart(text: str) -> tuple[str, str]:
    """What is asked of the duty to play (``"must"``, ``"handin"`` or ``""``), and the text
    without its clause."""
    for name, pattern in _ASKED:
        if pattern.search(text):
            return name, pattern.sub(" ", text)
    return "", text


def back_on_front(spots: dict[str, int], card: str) -> bool:
    """Whether the card played on my back pawn lands on my front one (both on the track, the
    back one the further from home)."""
    mine = sorted((v for p, v in spots.items() if p in ("M1", "M2")), key=lambda v: v)
    if len(mine) != 2 or card not in FORWARD or any(v >= 1000 for v in mine):
        return False
    return mine[0] + FORWARD[card] == mine[1]


def duty(question: Question, asked: str, position: dict[str, Any]) -> Answer:
    """The referee's answer: the legal plays of the hand, or none (hand in)."""
    state = Trial(position, "").state()
    plays = [str(a) for a in state.legal_actions(0) if str(a) != "hand in"]
    verdict = bool(plays) if asked == "must" else not plays
    listed = ", ".join(plays)
    reason = question.say(
        f"The referee allows {listed}: a card that can be played must be played, even one that "
        "hits your own pawn." if plays else
        "No card of your hand can be played here, so you hand in all your cards and wait for the "
        "next deal.",
        f"De scheidsrechter staat {listed} toe: een kaart die gespeeld kan worden moet je spelen, "
        "ook als je daarmee je eigen pion slaat." if plays else
        "Geen kaart uit je hand kan hier gespeeld worden, dus je levert al je kaarten in en wacht "
        "op de volgende deling.",
    )  # fmt: skip
    return checked(GAME, question, yes_no(question, verdict), reason,
                   [kb.MUST_PLAY, kb.HAND_IN], position=position,
                   details=(f"Legal plays: {listed or 'none (hand in)'}.",))  # fmt: skip
