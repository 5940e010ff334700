"""Whether the Clemency of Chaak still gives its maize ("Round Structure > C - End of the
round", "4 - KATUN > NEUTRAL EVENTS", the Eclipse): the round closed by the engine with the
Eclipse turned in an earlier round, or not yet, as the question tells it.

>>> from gametable.rulebook.question import Question
>>> chaak_given(Question.read("The Eclipse was drawn last round. Do we still get Chaak's 2 "
...     "maize at the end of this round?")).text.split()[0]
'No.'
"""

from __future__ import annotations

import re

from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.economy import _NO_ECLIPSE, round_account
from gametable.games.balam.answers.grammar import CARDS, RICHES_NAMES, vocabulary
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.scenes import HOME
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
_CHAAK = r"\b(?:chaak|clemency|genade)\b"
#: the Eclipse turned already ("was drawn last round", "is vorige ronde getrokken")
_DRAWN = (
    r"\b(?:eclipse|eclips|zonsverduistering) (?:was|has been|got|is|came|werd)(?: already| al)?"
    r"(?: (?:drawn|turned|out|over|up|getrokken|omgedraaid|gekomen|geweest))?\b|"
    r"\b(?:drew|turned|turned over|flipped|trok|trokken) (?:over )?the eclipse\b|\b(?:de )?eclips is (?:\w+ )?(?:\w+ )?"
    r"(?:getrokken|omgedraaid|gekomen)\b"
)
_NOT_DRAWN = (
    rf"{_NO_ECLIPSE}|\beclipse (?:was|has been|is) (?:never|not)(?: yet)? (?:drawn|turned)\b|"
    r"\beclips (?:is )?(?:nooit|niet|nog niet) (?:getrokken|gekomen|omgedraaid)\b"
)
#: an ask about a round gone by ("did we get it last round?")
_PAST = (
    r"\b(?:last|previous|earlier|vorige|eerdere) (?:round|rounds|ronde|rondes)\b|\b(?:did|got|had|"
    r"kregen|hadden|gekregen)\b"
)
#: what the Eclipse's negations deny ("not yet drawn", "nog niet getrokken")
_DENIED = vocabulary("drawn turned come came getrokken omgedraaid gekomen yet eclipse eclips")
_FOREIGN = (
    r"\b(if|als|unless|attack\w*|aanval\w*|build\w*|bouw\w*|ball ?game|balspel|bonus|final|"
    r"sheet|koningsblad|reserve\w*|tax\w*|score)\b"
)


def chaak_given(q: Question) -> Answer | None:
    """ "The Eclipse was drawn last round: do we still get Chaak's 2 maize?": the round's end
    played by the engine, and the maize it gives."""
    said = asks(q)
    if not q.matches(_CHAAK) or len(said) > 1 or q.kind == "number":
        return None
    ask = said[-1] if said else q.lower.rsplit(".", 1)[-1]
    if re.search(_PAST, ask):
        return None  # the maize of a round gone by: before or after the Eclipse, not told
    not_drawn = q.matches(_NOT_DRAWN)
    drawn = q.matches(_DRAWN) and not not_drawn  # "is nog niet getrokken" is not drawn
    if drawn == not_drawn:
        return None  # the Eclipse's state not told
    numbers = {2} | set(v for v in [1] if q.matches(r"\b(?:1|one|een) (?:more )?round\b"))
    lexicons = (CARDS, RICHES_NAMES)
    names = {"eclipse", "maize"}
    if not placed(q, numbers, lexicons, names, foreign=_FOREIGN, others=True, denied=_DENIED):
        return None
    account = round_account({HOME: ["village"]}, eclipse=drawn)
    if account is None:
        return None
    given = int(account["chaak"])
    verdict = yes_no(q, given > 0)
    reason = q.say(
        f"At the end of the round the Clemency of Chaak gives every king 2 maize as long as the "
        f"Eclipse has not been drawn; here it gives {given}.",
        f"Aan het einde van de ronde geeft de Genade van Chaak elke koning 2 maïs zolang de "
        f"Eclips niet getrokken is; hier geeft hij {given}.",
    )
    refs: list[RuleRef | str] = [rules.END_OF_ROUND, "4-katun/neutral-events"]
    return checked(GAME, q, verdict, reason, refs, position=account["position"])


READERS = (chaak_given,)
