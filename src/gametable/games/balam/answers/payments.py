"""Paying for a turn and a building, read by its parts ("Round Structure > B - Turns",
"2 - CONSTRUCTIONS"): what the king sheet holds, the riches the turn is paid with, or the riches
a building is paid with, and the building asked about, in any order, tried in the engine (the
turn's payment played, then the build checked).

>>> from gametable.rulebook.question import Question
>>> pay_then_build(Question.read("I have exactly 1 cacao and 1 maize on my sheet. If I pay the "
...     "turn with the cacao, can I still build a market?")).text.split(" ")[0]
'No.'
"""

from __future__ import annotations

import re

from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    RICHES_NAMES,
    RICHES_WORDS,
    counted,
    name_of,
)
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.refusals import reason_of
from gametable.games.balam.answers.scenes import HOME, load, play, position, refusal
from gametable.games.balam.board import RICHES
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
_RICHES = "|".join(sorted((re.escape(w) for w in RICHES_WORDS), key=len, reverse=True))
#: the turn paid with a riches ("pay the turn with the cacao", "betaal mijn beurt met maïs"),
#: or with the one riches held ("pay my turn with it")
_TURN_WITH = (
    r"\b(?:pay|paid|betaal|betalen)\w* (?:for )?(?:my |the |de |mijn )?(?:turn|beurt) "
    r"(?:with|met|using) (?:the |a |an |my |one |that |de |het |een |mijn )?"
    rf"(?P<what>{_RICHES}|it|that|this|hem|die|dat|daarmee)\b"
)
#: the same in Dutch word order ("als ik mijn beurt met cacao betaal")
_TURN_WITH_NL = (
    r"\b(?:mijn |de )?beurt met (?:de |het |een |mijn )?"
    rf"(?P<what>{_RICHES}|hem|die|dat) (?:betaal|betalen|betaald)\b"
)
#: a building paid with riches named ("pay the 2 riches for a temple with a jade and a shell")
_FOR_WITH = (
    r"\b(?:pay|betaal|betalen)\w* (?:the |de )?(?:\w+ )?(?:riches |rijkdommen )?(?:for|voor) "
    r"(?:a|an|the|my|een|de|mijn) \w+(?: \w+)? (?:with|met) (?P<with>.+?)(?:[?.!]|$)"
)
_SHEET = (
    r"\b(?:on|in) my (?:king )?sheet\b|\bmy (?:king )?sheet (?:holds|has|is)\b|\bon my king sheet\b|"
    r"\b(?:op )?mijn (?:konings)?blad\b|\bi have exactly\b|\bthe only thing\b|\ball i have\b"
)
_BUILD = r"\b(build|building|put up|construct|bouwen|bouw)\b"
_FOREIGN = (
    r"\b(attack\w*|aanval\w*|reserves? hold|garrisons? hold|in (?:a |my )?(?:reserve|garrison)s?|"
    r"enemy|vijand\w*|another king|other player|free site|two sites|katun|card|kaart|"
    r"remove|afbreken|eclipse|cities|steden)\b"
)


def _sheet(q: Question) -> dict[str, int] | None:
    """The king sheet the question tells (every riches it counts), or ``None``."""
    if not q.matches(_SHEET):
        return None
    held = counted(q, RICHES_NAMES)
    return {r: n for r, n in held.items() if n} or None


def pay_then_build(q: Question) -> Answer | None:
    """ "1 cacao and 1 maize on my sheet: if I pay the turn with the cacao, can I still build a
    market?": the turn's payment played, then the build tried."""
    turn = re.search(_TURN_WITH, q.lower) or re.search(_TURN_WITH_NL, q.lower)
    asked = asks(q)
    if turn is None or not q.matches(_BUILD) or len(asked) != 1 or q.kind != "yesno":
        return None
    built = {m.name for m in BUILDINGS.find(q)}
    sheet = _sheet(q)
    if len(built) != 1 or sheet is None:
        return None
    paid = turn.group("what")
    if paid in RICHES_WORDS:
        paid = RICHES_WORDS[paid]
    elif len(sheet) == 1:
        paid = next(iter(sheet))  # "pay my turn with it": the one riches held
    else:
        return None
    if paid not in sheet:
        return None
    names = built | set(RICHES)
    if not placed(q, set(sheet.values()), (BUILDINGS, RICHES_NAMES), names, foreign=_FOREIGN):
        return None
    kind = next(iter(built))
    return _tried(q, kind, sheet, f"pay {paid}", "turn")


def pay_for_building(q: Question) -> Answer | None:
    """ "Can I pay the 2 riches for a temple with a jade and a shell?": the riches named as the
    building's payment, the turn paid already."""
    found = re.search(_FOR_WITH, q.lower)
    if found is None or len(asks(q)) != 1 or q.kind != "yesno" or q.matches(_TURN_WITH_NL):
        return None
    built = {m.name for m in BUILDINGS.find(q)}
    payment = counted(Question.read(found.group("with")), RICHES_NAMES)
    if len(built) != 1 or not payment or not all(payment.values()):
        return None
    kind = next(iter(built))
    numbers = set(payment.values()) | {sum(payment.values())}
    names = built | set(RICHES)
    if not placed(q, numbers, (BUILDINGS, RICHES_NAMES), names, foreign=_FOREIGN):
        return None
    return _tried(q, kind, payment, None, "act")


def _tried(
    q: Question, kind: str, sheet: dict[str, int], first: str | None, phase: str
) -> Answer | None:
    data = position(sites={HOME: ["village", None, None]}, riches=[sheet], phase=phase)
    state = load(data)
    if state is None:
        return None
    after = play(state, first) if first else state
    action = f"build {kind} {HOME}.1"
    refused = refusal(after, action)
    held = ", ".join(f"{n} {name_of(q, r)}" for r, n in sheet.items())
    if refused is None:
        reason = q.say(
            f"With {held} on your sheet{', after paying the turn,' if first else ''} the "
            f"{name_of(q, kind)} is paid and built.",
            f"Met {held} op je blad{', na de beurt,' if first else ''} is de "
            f"{name_of(q, kind)} betaald en gebouwd.",
        )
        refs: list[RuleRef | str] = [rules.COSTS, rules.PAY_FROM_SHEET]
    else:
        reason = reason_of(q, refused)
        if first:
            reason = (
                q.say(
                    f"After paying the turn with the {name_of(q, first.split()[1])}: ",
                    f"Na de beurt betaald met de {name_of(q, first.split()[1])}: ",
                )
                + reason[:1].lower()
                + reason[1:]
            )
        refs = [refused.rule, rules.TURN_PAYMENT]
    details = (q.say(f"Tried: {first + ', ' if first else ''}{action}",
                     f"Geprobeerd: {first + ', ' if first else ''}{action}"),)  # fmt: skip
    return checked(
        GAME,
        q,
        yes_no(q, refused is None),
        reason,
        refs,
        position=data,
        details=details,
    )


READERS = (pay_then_build, pay_for_building)
