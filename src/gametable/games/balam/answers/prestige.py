"""Prestige told by its parts: the riches a ceremony sacrifices, temple by temple, added to a
score told ("6 - DISTRIBUTION > CEREMONY", twice as much at a cenote), and the final score, a
score told plus the riches bonus of the riches on one king sheet or several ("7 - END OF
GAME > RICHES BONUS"), worked out by the engine's scoring (``scoring.CEREMONY``,
``scoring.riches_bonus``).

>>> from gametable.rulebook.question import Question
>>> ceremony(Question.read("I'm on 27 prestige and my temples sacrifice 2 prisoners this "
...     "round. What's my score after the ceremony?")).text.split(" (")[0]
'33 prestige points'
"""

from __future__ import annotations

import re

from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.bonus import _CHAAK_DONE, on_the_sheet
from gametable.games.balam.answers.economy import _NO_ECLIPSE, round_account
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    CARDS,
    RICHES_NAMES,
    counted,
    name_of,
    number_before,
)
from gametable.games.balam.answers.kings import read_table
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.scenes import HOME
from gametable.games.balam.board import RICHES
from gametable.games.balam.scoring import CENOTE_FACTOR, CEREMONY, riches_bonus
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
#: a score told ("I'm on 27", "I have 15 points", "ik sta op 18 punten")
_SCORE = (
    r"\b(?:i'm (?:on|at)|i am (?:on|at)|i'm sitting on|my score is|my score's|score of|"
    r"ik sta op|sta ik op|mijn score is)\s+(\d+)(?:\s+(?:prestige|points?|pts|punten|"
    r"prestigepunten))?\b|\b(?:i have|i've got|i've|i hold|ik heb)\s+(\d+)\s+(?:prestige|points?|"
    r"pts|punten|prestigepunten)(?: points?)?\b"
)
#: where a second temple's riches begin
_OTHER_TEMPLE = (
    r"\b(?:(?:the|my|his|her) (?:other|second)(?: one| temple)?|another(?: one| temple)?"
    r"(?! (?:maize|corn|cacao|cocoa|shells?|jade|obsidian|prisoners?)\b)|"
    r"(?:de|een|mijn|zijn|haar) (?:andere|tweede)(?: tempel)?)\b"
)
_CEREMONY_WORDS = r"\b(sacrific\w*|offer\w*|ceremon\w*|burns?|burned|temples?|tempels?|cenotes?)\b"
_CEREMONY_FOREIGN = (
    r"\b(attack\w*|aanval\w*|ball ?games?|balspel|end of the game|game over|game's over|"
    r"final|einde|eindscore|afgelopen|sheet|koningsblad|bonus|palace\w*|paleis\w*|tax\w*|"
    r"reserve\w*|store\w*|lost|lose|loses|verlies\w*|cost\w*|kost\w*|build\w*|bouw\w*)\b"
)
_MOST = r"\b(most|at most|maximum|max|best|highest|hoogstens|maximaal|meeste)\b"
_ASKS_NUMBER = (
    r"\b(how many|how much|what|what's|whats|total|altogether|hoeveel|wat|totaal|levert)\b"
)


def _told_score(q: Question) -> tuple[int | None, Question]:
    """The score the question tells, and the question without it."""
    found = re.search(_SCORE, q.lower)
    if found is None:
        return None, q
    score = int(found.group(1) or found.group(2))
    rest = q.text[: found.start()] + " " + q.text[found.end() :]
    return score, Question.read(rest)


def _shares(q: Question) -> list[dict[str, int]] | None:
    """The riches each temple sacrifices (one share, or two: "one temple ..., the other ...");
    ``None`` when a riches is named twice in a share ("a prisoner and another prisoner": how
    many is not read)."""
    parts = re.split(_OTHER_TEMPLE, q.lower)
    for part in parts:
        named = [m.name for m in RICHES_NAMES.find(Question.read(part))]
        if len(named) != len(set(named)):
            return None
    shares = [counted(Question.read(p), RICHES_NAMES) for p in parts]
    if len(shares) > 2 or not all(sum(s.values()) for s in shares):
        return None
    return shares


def _best_two(share: dict[str, int]) -> dict[str, int]:
    """The two riches of a share that score the most (a temple sacrifices 2 at most)."""
    ranked = sorted(
        (r for r, n in share.items() for _ in range(n)), key=lambda r: -CEREMONY[RICHES.index(r)]
    )
    out: dict[str, int] = {}
    for r in ranked[:2]:
        out[r] = out.get(r, 0) + 1
    return out


def ceremony(q: Question) -> Answer | None:
    """ "One temple sacrifices an obsidian and a shell, the other a jade and a maize: how much
    prestige?", "I'm on 27 and sacrifice 2 prisoners: my score?", "3 riches on my one temple:
    the most it can give?": the riches of each temple (2 at most each), valued by the engine."""
    if not q.matches(_CEREMONY_WORDS) or not q.matches(_ASKS_NUMBER) or len(asks(q)) != 1:
        return None
    score, rest = _told_score(q)
    shares = _shares(rest)
    if shares is None:
        return None
    cenote = q.matches(r"\bcenotes?\b")
    temples = len(shares) if len(shares) > 1 else number_before(rest, "temples", "tempels") or 1
    most = q.matches(_MOST)
    if len(shares) == 1 and temples == 1 and sum(shares[0].values()) > 2 and not cenote:
        if not most:
            return None  # three riches on a temple: which two is not told
        shares = [_best_two(shares[0])]
    if any(sum(share.values()) > 2 for share in shares) and temples == len(shares) and not cenote:
        return None
    if len(shares) == 1 and sum(shares[0].values()) > 2 * temples and not cenote:
        return None
    given: dict[str, int] = {}
    for share in shares:
        for r, n in share.items():
            given[r] = given.get(r, 0) + n
    told = _shares(rest) or []
    numbers = {n for share in told for n in share.values()} | {temples, 1}
    numbers |= {sum(share.values()) for share in told}  # "three riches on my temple: ..."
    numbers |= {score} if score is not None else set()
    names = set(RICHES) | {"temple", "cenotes"}
    lexicons = (RICHES_NAMES, BUILDINGS, CARDS)
    if not placed(q, numbers, lexicons, names, foreign=_CEREMONY_FOREIGN):
        return None
    if cenote and q.matches(r"\b(temples?|tempels?)\b"):
        return None  # two places of sacrifice
    return _ceremony_reply(q, given, score, cenote)


def _ceremony_reply(q: Question, given: dict[str, int], score: int | None, cenote: bool) -> Answer:
    factor = CENOTE_FACTOR if cenote else 1
    values = [(n, CEREMONY[RICHES.index(r)] * factor, r) for r, n in given.items()]
    total = sum(n * each for n, each, _ in values)
    worked = " + ".join(f"{n} {name_of(q, r)} x {each}" for n, each, r in values)
    if score is not None:
        verdict = q.say(
            f"{score + total} prestige points ({score} + {total}; {worked} = {total}).",
            f"{score + total} prestigepunten ({score} + {total}; {worked} = {total}).",
        )
    else:
        verdict = q.say(
            f"{total} prestige points ({worked} = {total}).",
            f"{total} prestigepunten ({worked} = {total}).",
        )
    reason = q.say(
        "A temple sacrifices 1 or 2 riches a round and scores 1 for a maize, 2 for a cacao, "
        "shell, jade or obsidian and 3 for a prisoner"
        + (", and a cenote twice as much." if cenote else "."),
        "Een tempel offert 1 of 2 rijkdommen per ronde en geeft 1 voor maïs, 2 voor cacao, "
        "schelp, jade of obsidiaan en 3 voor een gevangene"
        + (", en een cenote het dubbele." if cenote else "."),
    )
    refs = [rules.CEREMONY, *([rules.CENOTES] if cenote else [])]
    return checked(GAME, q, verdict, reason, refs, topic="number")


_END = (
    r"\b(final|finish\w*|end of the game|game(?:'s| is)? over|last round is over|at the end|"
    r"afgelopen|einde van het spel|eind\w*|riches bonus|bonus\w*)\b"
)
_END_FOREIGN = (
    r"\b(reserves?|garrisons?|villages?|temples?|board|opslag\w*|voorraa?d\w*|garnizoen\w*|"
    r"dorp\w*|tempels?|bord|sacrific\w*|offer\w*|attack\w*|ball ?games?|round|ronde|"
    r"katun|cost\w*|build\w*)\b"
)
_RICHES = r"(?:riches|rijkdommen|rijkdom|tokens?|fiches?)"


def final_score(q: Question) -> Answer | None:
    """ "I have 41 prestige and on my king sheet 3 maize, 2 jade and 2 prisoners: my final
    score?", "Ina has 13 riches on her sheet and Tom 12: who gets more bonus?": a score told
    plus half a point per riches on the sheet, rounded down."""
    if not q.matches(_END) or len(asks(q)) != 1:
        return None
    text = re.sub(_CHAAK_DONE, " ", q.text, flags=re.IGNORECASE)
    chaak, text = _chaak_told(text)
    sheet = on_the_sheet(Question.read(text)) if chaak is not None else None
    if chaak is None or sheet is None:
        return None  # Chaak's maize still to come, or riches on the board counted in the sheet's
    cleaned, aside = sheet
    if cleaned.matches(_END_FOREIGN.replace(r"round|ronde|", "")) or cleaned.matches(
        r"\b(round|ronde)\b"
    ):
        return None
    table = read_table(cleaned, {"riches": _RICHES})
    if table is not None and "me" not in table.counts:
        return _kings_bonus(q, cleaned, table.counts)
    score, rest = _told_score(cleaned)
    given = counted(rest, RICHES_NAMES)
    told = number_before(rest, "riches", "rijkdommen", "rijkdom", "tokens")
    if told is not None and given:
        return None  # a count of riches and riches named: which are on the sheet?
    left = told if told is not None else sum(given.values())
    if not left and not given:
        return None
    numbers = set(given.values()) | {left} | ({score} if score is not None else set())
    if not placed(cleaned, numbers, (RICHES_NAMES, BUILDINGS), set(RICHES)):
        return None
    return _final_reply(q, score, left, chaak, aside)


def _final_reply(
    q: Question, score: int | None, left: int, chaak: int, aside: int | None
) -> Answer:
    """The bonus of ``left`` riches on the sheet and ``chaak`` maize still to come, added to
    the score told; riches set aside on the board are said not to count."""
    bonus = riches_bonus(left + chaak)
    worked = q.say(f"{left} riches // 2 = {bonus}", f"{left} rijkdommen // 2 = {bonus}")
    if chaak:
        worked = q.say(
            f"{left} + {chaak} maize of Chaak = {left + chaak} riches, // 2 = {bonus}",
            f"{left} + {chaak} maïs van Chaak = {left + chaak} rijkdommen, // 2 = {bonus}",
        )
    if score is None:
        verdict = q.say(
            f"{bonus} prestige points ({worked}).", f"{bonus} prestigepunten ({worked})."
        )
    else:
        verdict = q.say(
            f"{score + bonus} prestige points ({score} + {bonus}; {worked}).",
            f"{score + bonus} prestigepunten ({score} + {bonus}; {worked}).",
        )
    if aside is not None:
        many = f" ({aside})" if aside else ""
        verdict += q.say(
            f" Riches on the board{many}, in reserves or on garrisons, do not count.",
            f" Rijkdommen op het bord{many}, in opslag of op garnizoenen, tellen niet mee.",
        )
    reason = _bonus_reason(q)
    if chaak:
        reason += q.say(
            f" Without the Eclipse, the Clemency of Chaak gives {chaak} maize at the end of the "
            "last round too, before the bonus.",
            f" Zonder zonsverduistering geeft Chaak ook aan het einde van de laatste ronde "
            f"{chaak} maïs, vóór de bonus.",
        )
    refs: list[RuleRef | str] = ["7-end-of-game/riches-bonus"]
    if chaak:
        refs.insert(0, rules.END_OF_ROUND)
    return checked(GAME, q, verdict, reason, refs, topic="number")


#: the game said to be over ("the last round is over", "laatste ronde is voorbij")
_GAME_ENDED = (
    r"\b(?:(?:the )?(?:last|final) round is (?:over|done|finished)|laatste ronde is "
    r"(?:voorbij|afgelopen)|(?:the )?game(?:'s| is| has)? (?:over|ended|finished)|(?:the )?game "
    r"(?:just )?ended|(?:het )?spel is (?:afgelopen|voorbij|uit))\b"
)
#: the game's last round, still going on ("it's the final round", "the last ball game came up")
_LAST_ROUND = (
    r"\b(?:(?:it's |it is )?(?:the )?(?:final|last) round|(?:the )?last ball game(?: (?:came up|"
    r"came out|was drawn|is drawn|this round|just came up|has come up))?|laatste ronde|"
    r"(?:het )?laatste balspel(?: is)?(?: gekomen| getrokken)?)\b"
)
#: the Eclipse never drawn (economy's words, and "was never drawn", "nooit getrokken")
_NOT_DRAWN = (
    rf"{_NO_ECLIPSE}|\beclipse (?:was|has been|is) (?:never|not)(?: yet)? (?:drawn|turned|come "
    r"out)\b|\beclips (?:is )?(?:nooit|niet|nog niet) (?:getrokken|gekomen|uitgekomen)\b"
)
#: the sheet told before the Clemency of Chaak ("after the distribution", "after taxes")
_BEFORE_CHAAK = (
    r"\b(?:after (?:the )?(?:distribution|taxes)|before (?:the )?(?:clemency|chaak)|"
    r"na (?:de )?(?:distributie|verdeling|belasting\w*))\b"
)
#: the Eclipse turned already: no more maize of Chaak
_ECLIPSE_OUT = (
    r"\b(?:(?:the )?eclipse (?:came out|was drawn|has been drawn|is out|was turned)"
    r"(?: long ago| already| earlier)?|(?:de )?eclips is (?:al )?(?:getrokken|geweest)|"
    r"(?:so )?no (?:more )?chaak(?: maize)?)\b"
)


def _chaak_told(text: str) -> tuple[int | None, str]:
    """The maize of Chaak still to come on the sheet told, and the text without what said it:
    a sheet told after the distribution or taxes gets the engine's Clemency when the Eclipse
    was never drawn, none when it was, and ``None`` (not known) when the question does not
    say; a sheet told at the game's end has had it already (0)."""
    words = (("over", _GAME_ENDED), ("before", _BEFORE_CHAAK), ("none", _NOT_DRAWN),
             ("out", _ECLIPSE_OUT), ("last", _LAST_ROUND))  # fmt: skip
    said = {name: re.search(pattern, text, re.IGNORECASE) for name, pattern in words}
    for _name, pattern in words:
        text = re.sub(pattern, " ", text, flags=re.IGNORECASE)
    if said["none"] and said["out"]:
        return None, text
    if not said["before"]:
        # a sheet told in the last round, not after it, may still change
        return (None if said["last"] and not said["over"] else 0), text
    if not (said["last"] or said["over"]):
        return None, text  # a sheet told after a distribution that may not be the last one
    if said["out"]:
        return 0, text
    if not said["none"]:
        return None, text
    account = round_account({HOME: ["village"]})
    return (None if account is None else int(account["chaak"])), text


def _bonus_reason(q: Question) -> str:
    return q.say(
        "At the end of the game each king turns the riches on his king sheet into prestige, "
        "half a point each, rounded down.",
        "Aan het einde van het spel levert elke rijkdom op het koningsblad een half "
        "prestigepunt op, naar beneden afgerond.",
    )


def _kings_bonus(
    q: Question, cleaned: Question, counts: dict[str, dict[str, int]]
) -> Answer | None:
    """Each named king's bonus, and who gets more."""
    if any(set(c) != {"riches"} for c in counts.values()):
        return None
    numbers = {c["riches"] for c in counts.values()}
    if not placed(cleaned, numbers, (RICHES_NAMES, BUILDINGS), set(), others=True):
        return None
    bonus = {k: riches_bonus(c["riches"]) for k, c in counts.items()}
    each = ", ".join(f"{k.title()} {c['riches']} // 2 = {bonus[k]}" for k, c in counts.items())
    if len(set(bonus.values())) == 1:
        value = next(iter(bonus.values()))
        verdict = q.say(
            f"The same: {value} bonus points each ({each}).",
            f"Evenveel: elk {value} bonuspunten ({each}).",
        )
    else:
        best = max(bonus, key=lambda k: bonus[k])
        verdict = q.say(
            f"{best.title()} gets more ({each}).", f"{best.title()} krijgt meer ({each})."
        )
    return checked(
        GAME, q, verdict, _bonus_reason(q), ["7-end-of-game/riches-bonus"], topic="number"
    )


READERS = (ceremony, final_score)
