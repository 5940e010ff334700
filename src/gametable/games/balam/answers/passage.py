"""Riches crossing a site, read by its parts ("6 - DISTRIBUTION > TRANSPORT", commercial
control): whose site it is, and the small pyramids each king has there, told in any order
("Bert has 1 small pyramid there and I have none", "1 of his small pyramids and 1 of mine",
"zij heeft daar 2 kleine piramides en ik 1"), judged by the engine's transport rule
(``transport.usable_masks``: the sites a king's riches may cross, enter or leave).

>>> from gametable.rulebook.question import Question
>>> crossing(Question.read("Mijn maïs moet door de stad van Joris. Hij heeft daar 1 kleine "
...     "piramide en ik 2. Mag mijn maïs erdoor?")).text.split(":")[0]
'Ja'
"""

from __future__ import annotations

import re
from typing import TypeVar

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import BUILDINGS, RICHES_NAMES, vocabulary
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.transit import holder_told, pyramids_told
from gametable.games.balam.board import RICHES, load_board
from gametable.games.balam.transport import usable_masks
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
_SMALL = r"(?:small |little |kleine? )?(?:pyramids?|piramides?|piramiden)"
_N = r"(\d+|no|none|geen|a|an|one|een|één|two|twee|three|drie|four|vier)"
_VALUE = {"no": 0, "none": 0, "geen": 0, "a": 1, "an": 1, "one": 1, "een": 1, "één": 1,
          "two": 2, "twee": 2, "three": 3, "drie": 3, "four": 4, "vier": 4}  # fmt: skip
_MOVES = (
    r"\b(through|across|cross\w*|via|pass\w*|travel\w*|go|goes|leave|leaves|enter\w*|carry|"
    r"carried|brought|bring|vervoer\w*|breng\w*|"
    r"erdoor\w*|door|doorheen|langs|verlaten|uit)\b"
)
_ME = r"\b(?:i|i've|me|mine|my|ik|mij|mijn)\b"
_NAME = r"\b([A-Z][a-z]+)(?:'s)?\b"
#: whose site: another king's ("Bert's city", "de stad van Sanne", "an enemy city"), mine, free
_HIS_SITE = (
    r"\b(?:(?!village|dorp)[a-z]+'s (?:city|site)|(?:stad|plaats) van [a-z]+|(?:an |the )?enemy(?:'s)? (?:city|site)|"
    r"his city|her city|vijandelijke stad|zijn stad|haar stad)\b"
)
_MY_SITE = (
    r"\b(?:my (?:own )?(?:city|site|village's site)|(?:city|site) of my own|mijn (?:eigen )?"
    r"(?:stad|plaats))\b"
)
_FREE_SITE = r"\b(?:free|empty|unowned|neutral|nobody's|vrije?|lege?) (?:site|city|plaats|stad)\b"
_PYRAMID_WORDS = vocabulary(
    "small little kleine klein pyramid pyramids piramide piramides piramiden"
)
_WHOSE = r"his|her|mine|my|zijn|haar|mijn|hem|mij"
_HIS = vocabulary("he she his her him hij zij ze zijn haar hem")
_MY_WORDS = vocabulary("mine my me i ik mij mijn i've")
_FOREIGN = (
    r"\b(markets?|markten|build\w*|bouw\w*|cost\w*|kost\w*|all enemies|together|samen|"
    r"three players|3 players|four players|4 players|drie spelers|vier spelers)\b"
)


def _counts(q: Question, names: set[str]) -> dict[str, int] | None:
    """The small pyramids each side has there: ``{"me": n, "him": n}``, or ``None``."""
    out: dict[str, int] = {}
    text = q.lower
    for clause in re.split(r"[.;,!?]|\b(?:and|en|but|maar|while|terwijl)\b", text):
        clause = clause.strip()
        found = (
            re.search(
                rf"\b{_N} (?:(?:of )?(?P<w1>{_WHOSE}) )?{_SMALL}(?: (?:of|van) (?P<w2>{_WHOSE}))?",
                clause,
            )
            or re.search(rf"\b{_N} (?:of|van) (?P<w3>{_WHOSE})\b", clause)
            or (
                re.search(rf"\b(?:have|has|heeft|heb|hold|holds|ik|i)(?: \w+)? {_N}$", clause)
                if out
                else None
            )
        )
        if found is None:
            continue
        groups = found.groupdict()
        whose = groups.get("w1") or groups.get("w2") or groups.get("w3")
        side = _side(clause[: found.start(1)], clause[found.end() :], whose, names)
        if side is None:
            return None
        n = _VALUE.get(found.group(1)) if not found.group(1).isdigit() else int(found.group(1))
        if n is None or side in out:
            return None
        out[side] = n
    return out if set(out) == {"me", "him"} else None


def _side(before: str, after: str, whose: str | None, names: set[str]) -> str | None:
    """Whose a count is: said with it ("of mine"), else the nearest king named before it ("Bert
    has 2", "and I have 1"), else after it."""
    if whose is not None:
        return "me" if whose in ("mine", "my", "mijn", "mij") else "him"
    for words in (re.findall(r"[a-z']+", before)[::-1], re.findall(r"[a-z']+", after)):
        for word in words:
            if word in _MY_WORDS:
                return "me"
            if word in _HIS or word in names:
                return "him"
    return None


def _holder(q: Question) -> int | None:
    """The site's holder: 1 (another king), 0 (the asker), -1 (nobody), or ``None``."""
    held = [
        who
        for who, pattern in ((1, _HIS_SITE), (0, _MY_SITE), (-1, _FREE_SITE))
        if re.search(pattern, q.lower)
    ]
    return held[0] if len(held) == 1 else None


_HOLDERS = {"me": 0, "him": 1, "nobody": -1}
#: the buildings riches travel from or to (production, ceremony, taxes, equipment, storage)
_ENDS = ("village", "temple", "palace", "garrison", "reserve")
_T = TypeVar("_T")
#: a game of two kings, said (the site concerns those two only, whatever the count)
_TWO_KINGS = r"\b(?:2|two|twee)[- ](?:players?|player game|spelers?)\b"


def _told_counts(q: Question) -> dict[str, int] | None:
    """The counts as :func:`.transit.pyramids_told` reads them (each count's owner said after
    it or before it)."""
    told = pyramids_told(q)
    return None if told is None else {"me": told[0], "him": told[1]}


def _agreed(first: _T | None, second: _T | None) -> _T | None:
    """What two readings of one part give: either one alone, or both when they agree."""
    if first is None or second is None:
        return first if second is None else second
    return first if first == second else None


def crossing(q: Question) -> Answer | None:
    """ "Bert's city has 1 of his small pyramids and 1 of mine: can my riches pass through?":
    yes or no, from the engine's transport rule."""
    said = asks(q)
    if not q.matches(_SMALL) or not q.matches(_MOVES) or len(said) > 1:
        return None
    opener = r"(can|may|could|does|do|is|will|mag|mogen|kan|kunnen|gaat)\b"
    if not (re.match(opener, said[0]) if said else q.matches(r"\b(?:allowed|toegestaan)\?")):
        return None  # "Allowed?" asks yes or no as well
    names = {m.group(1).lower() for m in re.finditer(_NAME, q.text)} - {"i", "my", "can", "mag"}
    holder, counts = (
        _agreed(_holder(q), _HOLDERS.get(holder_told(q) or "")),
        _agreed(_counts(q, names), _told_counts(q)),
    )
    if counts is None:
        return None
    numbers = set(counts.values()) | ({2} if q.matches(_TWO_KINGS) else set())
    lexicons = (BUILDINGS, RICHES_NAMES)
    names_read = {*_ENDS, *RICHES}
    if not placed(
        q, numbers, lexicons, names_read, foreign=_FOREIGN, others=True, denied=_PYRAMID_WORDS
    ):
        return None
    verdicts = (
        {_open(holder, counts)}
        if holder is not None
        else {_open(h, counts) for h in _HOLDERS.values()}
    )
    if len(verdicts) != 1:
        return None  # a tie turns on who holds the site, which is not told
    return _reply(q, verdicts.pop(), holder, counts)


def _open(holder: int, counts: dict[str, int]) -> bool:
    """Whether the engine's transport rule opens a site held by ``holder`` (1 the other king, 0
    the asker, -1 nobody) to the asker's riches, with these small pyramids on it."""
    mask = usable_masks(load_board("default"), [holder], [[counts["me"], counts["him"]]], 2)[0]
    return bool(mask & 1)


def _reply(q: Question, open_: bool, holder: int | None, counts: dict[str, int]) -> Answer:
    mine, his = counts["me"], counts["him"]
    if his > mine:
        why = q.say(
            f"the other king has more small pyramids there ({his} against your {mine}), so he "
            "controls its trade.",
            f"de ander heeft er meer kleine piramides ({his} tegen jouw {mine}), dus hij "
            "beheerst de handel daar.",
        )
    elif mine > his:
        why = q.say(
            f"you have more small pyramids there ({mine} against {his}), so no enemy controls it.",
            f"je hebt er meer kleine piramides ({mine} tegen {his}), dus geen vijand beheerst het.",
        )
    else:  # a tie: judged only when the holder is told
        whose = {1: q.say("his city: he keeps control", "zijn stad: hij houdt de controle"),
                 0: q.say("your city: you keep control", "jouw stad: jij houdt de controle"),
                 -1: q.say("a free site: open to both", "een vrije plaats: open voor beiden")
                 }.get(-2 if holder is None else holder, "")  # fmt: skip
        why = q.say(
            f"a tie ({mine} against {his}) on {whose}.",
            f"gelijkspel ({mine} tegen {his}) op {whose}.",
        )
    verdict = yes_no(q, open_).rstrip(".")
    return checked(GAME, q, f"{verdict}: {why}", "", [rules.TRANSPORT], topic="situation")


READERS = (crossing,)
