"""The riches bonus at the end of the game ("7 - END OF GAME > RICHES BONUS"): half a point
per riches on the king sheet, rounded down, added to a score the question tells.  Riches the
question places on the board (in reserves, on garrisons, on villages) are set aside and said
not to count; the rest is worked out by the engine's scoring (``scoring.riches_bonus``).

>>> from gametable.rulebook.question import Question
>>> sheet, aside = on_the_sheet(Question.read(
...     "I've got 7 riches on my king sheet and 2 more in my reserves. My bonus?"))
>>> sheet.text, aside
("I've got 7 riches on my king sheet . My bonus?", 2)
"""

from __future__ import annotations

import re

from gametable.games.balam.answers.grammar import (
    RICHES_NAMES,
    about_another,
    counted,
    number_before,
    numbers_in,
    riches_in,
    understood,
    vocabulary,
)
from gametable.games.balam.board import RICHES
from gametable.games.balam.scoring import riches_bonus
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"

_WORDS = vocabulary("""how many much what is are does do did the a an of in for with per each every at
    number amount total get gets i my we you there there's will would should come comes
    hoeveel wat is zijn kost kosten de het een van in voor met per elke iedere bij aantal
    krijg krijgt ik je er worden wordt
    riches left over remaining at the end of game points prestige score total bonus i
    have had hold and on my sheet king worth give gives what's final finish finishes
    finished ends ended when score get final i'm on am
    blad bonuspunten bonus sta rijkdommen rijkdom over overgebleven aan einde eind van het spel
    punten prestigepunten totaal ik heb en op mijn koningsblad nog erbij krijg they them levert
    dat afgelopen is spel remain remains bring game's over them of still holds hold nog
    koningsblad stand standing eindscore alles al uitgedeeld time i've got i've ive voorbij done currently now right my
    mijn score huidige nu then dan bonustijd only just""")

#: a place on the board where riches lie (not the king sheet)
_PLACE = (
    r"(?:reserves?|prisons?|garrisons?|villages?|temples?|palaces?|(?:the )?board|playing surface|"
    r"opslag\w*|voorraa?d\w*|garnizoen\w*|dorp\w*|tempels?|paleis|paleizen|(?:het )?bord|"
    r"another(?: one)?|the other(?: one)?|een andere?)"
)
_ON_BOARD = rf"\b(?:in|on|op)\b(?: \w+){{0,3}} {_PLACE}\b"
_CLAUSES = r"[,;.:!?]|\band\b|\ben\b|\bplus\b|\bbut\b|\bmaar\b"
#: the Clemency of Chaak said to be over already (nothing more to add)
_CHAAK_DONE = (
    r"\b(?:the )?(?:clemency of )?chaak'?s?(?: maize| mais| maïs)?(?: is| was| has been| already| al)*"
    r" (?:handed out|given|received|done|in|over|uitgedeeld|gehad|gegeven|geweest)\b(?: already| al)?"
)
#: the score told ("I'm on 41", "my score is 41", "ik sta op 41")
_SCORE = (
    r"\b(?:i'm (?:on|at)|i am (?:on|at)|ik sta op|sta ik op|my score is|my score's|score of|score is|"
    r"mijn score is|score|stand) :?(\d+)(?: points| punten| prestige)?\b"
)


def on_the_sheet(q: Question) -> tuple[Question, int | None] | None:
    """The question without the riches it places on the board, and how many those are
    (``None`` when it places none, ``0`` when it places some without a count); ``None`` in
    all when the board's riches may be part of a count told ("7 riches, 2 of them in
    reserves")."""
    text = q.text
    parts = re.split(f"({_CLAUSES})", text, flags=re.IGNORECASE)
    aside: int | None = None
    kept: list[str] = []
    for part in parts:
        low = part.lower()
        if re.search(_ON_BOARD, low) and not re.search(r"\b(sheet|koningsblad|blad)\b", low):
            if re.search(r"\b(of them|of those|daarvan|van die|van deze)\b", low):
                return None  # "7 riches, 2 of them in reserves": is the 7 the sheet's?
            found = counted(Question.read(part), RICHES_NAMES)
            said = numbers_in(Question.read(part))
            n = max(sum(found.values()), said[0] if len(said) == 1 else 0)
            aside = (aside or 0) + n
            kept.append(" ")
        else:
            kept.append(part)
    if aside is None:
        return q, None
    rest = re.sub(
        r"(?:\s*\b(?:and|en|plus|but|maar)\b\s*)+(?=\s*(?:[,;.:!?]|$))", " ", "".join(kept)
    )
    rest = re.sub(r"\s+", " ", rest).strip()
    return Question.read(rest), aside


def _sheet_count(q: Question) -> tuple[int, set[int]] | None:
    """The riches on the sheet and the numbers that told them."""
    left = number_before(q, "riches", "rijkdommen", "rijkdom", "tokens", "fiches", *RICHES)
    given = counted(q, RICHES_NAMES)
    listed = set(given.values()) if len(given) > 1 else set()
    if listed:
        return sum(given.values()), listed | {sum(given.values())}
    if left is None:
        left = sum(given.values()) if given else None
    return (left, {left}) if left is not None else None


def _asks_bonus(q: Question) -> bool:
    if not q.matches(
        r"\b(end|ends|einde|eind|left|over|bonus|bonuspunten|remaining|overgebleven|finish\w*|"
        r"afgelopen|final|eindscore)\b"
    ):
        return False
    if not q.matches(r"\b(riches|rijkdom\w*|tokens?|fiches?)\b") and not riches_in(q):
        return False
    return not (q.matches(r"\b(round|ronde)\b") and not q.matches(r"\b(game|spel|bonus)\b"))


def end_bonus(q: Question) -> Answer | None:
    """ "7 riches left at the end": half a point each, rounded down (added to a score given);
    "7 on my sheet and 2 in reserves": the 2 on the board do not count."""
    if not _asks_bonus(q) or about_another(q):
        return None
    placed = on_the_sheet(Question.read(re.sub(_CHAAK_DONE, " ", q.text, flags=re.I)))
    if placed is None:
        return None
    sheet, aside = placed
    if sheet.matches(
        r"\b(reserves?|garrisons?|opslag\w*|voorraa?d\w*|garnizoen\w*|villages?|dorpen)\b"
    ):
        return None  # riches elsewhere than on the sheet, not read
    read = _sheet_count(sheet)
    if read is None:
        return None
    left, told = read
    standing = re.search(_SCORE, sheet.lower)
    score = number_before(sheet, "points", "prestige", "punten", "prestigepunten")
    if score is not None and (score == left or score in told):
        score = None  # "7 riches: how many points?" or a count of riches said again
    if standing is not None:
        score = int(standing.group(1))  # "my score is 41", "I'm on 41": said as the score
    if score is not None:
        told.add(score)
    part = re.search(r"\b(\d+) of them\b", sheet.lower)
    if part is not None and int(part.group(1)) <= left:
        told.add(int(part.group(1)))  # "9 riches, 2 of them prisoners": still 9 riches
    if not understood(sheet, _WORDS, lexicons=(RICHES_NAMES,), numbers=told, phrases=(_SCORE,)):
        return None
    return _reply(q, left, score, aside)


def _reply(q: Question, left: int, score: int | None, aside: int | None) -> Answer:
    bonus = riches_bonus(left)
    worked = q.say(f"{left} riches // 2 = {bonus}", f"{left} rijkdommen // 2 = {bonus}")
    if score is not None:
        verdict = q.say(
            f"{score} + {bonus} = {score + bonus} prestige points ({worked}).",
            f"{score} + {bonus} = {score + bonus} prestigepunten ({worked}).",
        )
    else:
        verdict = q.say(
            f"{bonus} prestige points ({worked}).", f"{bonus} prestigepunten ({worked})."
        )
    if aside is not None:
        many = f" ({aside})" if aside else ""
        verdict += q.say(
            f" Riches on the board{many}, in reserves or on garrisons, do not count.",
            f" Rijkdommen op het bord{many}, in opslag of op garnizoenen, tellen niet mee.",
        )
    reason = q.say(
        "At the end of the game each king turns the riches on his king sheet into prestige, "
        "half a point each, rounded down.",
        "Aan het einde van het spel levert elke rijkdom op het koningsblad een half "
        "prestigepunt op, naar beneden afgerond.",
    )
    return checked(GAME, q, verdict, reason, ["7-end-of-game/riches-bonus"], topic="number")


READERS = (end_bonus,)
