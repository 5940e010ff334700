"""A situation read by its parts, not by the shape of its sentence.

The readers built on this module (:mod:`.prestige`, :mod:`.fight`) do not ask that every word
of a question be one they expect.  They read the parts a concept needs (counts of named things
and whose they are, the score told, the dice rolled), and accept any filler around them, but
answer from the referee only when the question holds nothing they did not place:

- every number it says is one the reader used (:func:`placed`);
- every negation denies a name the reader read;
- it names no building, riches or card the concept does not use, and no word of another
  concept (``foreign``);
- it has no word that turns the situation the reader does not follow ("unless", "except");
- it asks no more things than the reply answers (:func:`asks`).

>>> from gametable.rulebook.question import Question
>>> q = Question.read("I roll 1, 1, 3 and a skull. What is my attack, and how many do I lose?")
>>> roll_in(q.lower)[0], len(asks(q))
([1, 1, 3, -1], 2)
"""

from __future__ import annotations

import re

from gametable.games.balam.answers.grammar import (
    NEGATIONS,
    about_another,
    negation_of,
    numbers_in,
    vocabulary,
)
from gametable.games.balam.dice import SKULL
from gametable.rulebook.question import Lexicon, Question

#: words that turn a situation in a way no part-based reader follows
TURNS = vocabulary("""unless except otherwise instead tenzij behalve anders suppose supposing
    stel""")
_INSTEAD_NL = r"\bin plaats van\b"

_FACE_WORDS = {
    "zero": 0, "nul": 0, "one": 1, "een": 1, "één": 1, "two": 2, "twee": 2, "three": 3,
    "drie": 3, "a": 1, "an": 1, "no": 0, "geen": 0, "four": 4, "vier": 4,
}  # fmt: skip
_SKULLS = r"(?:skulls?|failures?|schedels?|doodshoofd(?:en)?|doodskop(?:pen)?)"
_COUNT = r"(?:\d|zero|nul|one|een|één|two|twee|three|drie|four|vier|a|an|no|geen)"
#: one item of a roll: "3", "a skull", "two skulls", "two 3s", "a 2"
_ITEM = rf"(?:{_COUNT} {_SKULLS}|{_COUNT} (?:[0-3])'?s\b|(?:a |an |een )?[0-3]\b|{_SKULLS})"
_ROLL = (
    r"\b(?:roll|rolls|rolled|rolling|throw|throws|threw|get|got|gooi|gooit|gooide|werp|werpt|"
    r"come up|comes up|came up|show|shows|showed|land on|landed on)"
    rf"(?: (?:a|an|the dice|dice|de dobbelstenen))?:? ({_ITEM}(?:(?:,|,? and|,? en| en| plus) "
    rf"{_ITEM})*)"
)


def roll_in(text: str) -> tuple[list[int], tuple[int, int]] | None:
    """The faces of the roll ``text`` tells (skulls as :data:`~gametable.games.balam.dice.SKULL`)
    and where it is told; ``None`` when it tells none."""
    found = re.search(_ROLL, text)
    if found is None:
        return None
    faces: list[int] = []
    for item in re.split(r",? and |,? en |, | plus ", found.group(1)):
        item = item.strip()
        many = re.fullmatch(rf"({_COUNT}) ({_SKULLS}|[0-3]'?s)", item)
        if many is not None:
            n = int(many.group(1)) if many.group(1).isdigit() else _FACE_WORDS[many.group(1)]
            face = SKULL if not many.group(2)[0].isdigit() else int(many.group(2)[0])
            faces += [face] * n
        elif re.fullmatch(rf"(?:a |an |een )?{_SKULLS}", item):
            faces.append(SKULL)
        elif (one := re.fullmatch(r"(?:a |an |een )?([0-3])", item)) is not None:
            faces.append(int(one.group(1)))
        else:
            return None
    return faces, found.span(1)


#: where one asked thing ends and the next begins ("what is my attack, and how many ...")
_NEXT_ASK = (
    r"\?|\b(?:and|en|or|of)\s+(?=(?:how|what|who|which|does|do|did|is|are|can|may|will|"
    r"hoeveel|wat|wie|welke|mag|mogen|kan|krijg|krijgt|verliest|is)\b)"
)
_ASKING = (
    r"\b(how|what|what's|whats|who|which|when|where|does|do|did|is|are|can|may|will|would|"
    r"hoeveel|wat|wie|welke|wanneer|waar|mag|mogen|kan|kunnen|krijg|krijgt|verliest|verlies|"
    r"levert)\b"
)


def asks(q: Question) -> list[str]:
    """The things the question asks, one text each (a told situation before them left out):
    "What are my attack and his defence?" is one ask (of two numbers, read by the reader),
    "What is my attack, and how many buildings fall?" two."""
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", q.lower) if s.strip()]
    asked = [s for s in sentences if s.rstrip().endswith("?")] or sentences[-1:]
    out: list[str] = []
    for sentence in asked:
        for part in re.split(_NEXT_ASK, sentence):
            # the ask begins at the last clause that opens with an asking word
            clauses = re.split(r"[,;:]\s*", part.strip())
            opens = [i for i, c in enumerate(clauses) if re.match(_ASKING, c.strip())]
            if opens:
                out.append(", ".join(clauses[opens[-1] :]).strip())
    return out


def placed(
    q: Question,
    numbers: set[int],
    lexicons: tuple[Lexicon, ...],
    names: set[str],
    *,
    foreign: str | None = None,
    others: bool = False,
    denied: frozenset[str] = frozenset(),
    holders: frozenset[str] = frozenset(),
) -> bool:
    """Whether a reader that used ``numbers`` and the ``names`` its ``lexicons`` find placed
    every part of the question (see the module's docstring); ``others`` when the reader reads
    other kings' things too (so "he", "his" are its own); a negation is placed when it denies a
    name the lexicons find or, within three words, one of the words ``denied`` the reader reads
    ("no skulls", "not to spend"), or when it counts nothing after a king of ``holders``
    ("Daan geen") or a word of holding ("heeft er geen", "the rest none")."""
    if any(n not in numbers for n in numbers_in(q)):
        return False
    if any(m.name not in names for lexicon in lexicons for m in lexicon.find(q)):
        return False
    if any(word in TURNS for word in q.words) or q.matches(_INSTEAD_NL):
        return False
    if foreign is not None and q.matches(foreign):
        return False
    if not others and about_another(q):
        return False
    words = q.words
    loose = [
        i
        for i, w in enumerate(words)
        if w in NEGATIONS
        and not any(x in denied for x in words[i + 1 : i + 4])
        and not _a_count(words, i, holders)
    ]
    if not loose:
        return True
    named = {negation_of(words, m.start) for lexicon in lexicons for m in lexicon.find(q)}
    return all(i in named for i in loose)


def _a_count(words: tuple[str, ...], i: int, holders: frozenset[str]) -> bool:
    """Whether the negation at ``i`` is a count of nothing ("Cas has none", "Kees heeft er
    geen"), which the reader counted as 0, not a denial of what follows."""
    if words[i] in ("none", "nothing", "niets"):
        return True
    before = words[i - 1] if i > 0 else ""
    held = before in _HOLDERS or before in holders
    return words[i] in ("geen", "no") and (held or i + 1 == len(words))


#: words after which "geen" counts nothing ("Kees heeft er geen", "de rest geen")
_HOLDERS = frozenset({"er", "rest", "anderen", "others"})


#: words for a king other than the asker
_OTHER_KING = (
    r"\b(he|she|his|her|him|hij|zij|zijn|haar|hem|opponent\w*|enem\w*|rival\w*|"
    r"tegenstander\w*|vijand\w*|neighbou?r\w*|buurm\w*|someone|somebody|anyone|iemand|player\w*|"
    r"speler\w*|king's|kings|koningen)\b"
)
#: capitalised words that are no king's name
_NOT_A_NAME = frozenset({"i", "i'm", "i've", "ik", "mayas", "maya's", "chaak", "katun", "balam"})


def others_told(q: Question, *lexicons: Lexicon) -> bool:
    """Whether the question speaks of a king other than the asker: a word for one ("my
    opponent", "he"), or a name (a capitalised word inside a sentence that no lexicon finds).

    >>> others_told(Question.read("A drought, my opponent has 3 villages, what happens?"))
    True
    >>> from gametable.games.balam.answers.grammar import CARDS
    >>> others_told(Question.read("I drew a Drought and have 3 villages. What happens?"), CARDS)
    False
    """
    if q.matches(_OTHER_KING):
        return True
    named = {w for lexicon in lexicons for m in lexicon.find(q) for w in m.said.split()}
    for found in re.finditer(r"(?<![.!?:]\s)(?<!^)\b([A-Z][a-z']+)", q.text.strip()):
        word = found.group(1).lower()
        if word not in _NOT_A_NAME and word not in named:
            return True
    return False


#: a clause telling a building the king holds already ("I have a village in one of my cities",
#: "my temple", "er staat al een dorp"), not one he builds
_HOLDS = (
    r"\b(?:i have|i've got|i've|i own|i hold|i already have|there is|there's|ik heb|ik bezit|"
    r"er staat|staat er|already|al een)\b|\b(?:my|mijn) (?:own )?(?:\w+ )?(?:village|palace|"
    r"temple|garrison|reserve|market|observatory|ball court|court|dorp|paleis|tempel|garnizoen|"
    r"voorraad|markt|sterrenwacht|balspelveld)\b|\bin (?:one of )?my (?:own )?(?:city|cities|site|"
    r"sites)\b|\bin mijn (?:stad|steden|plaats)\b"
)
_BUILDS = (
    r"\b(?:build\w*|put\w*|erect\w*|construct\w*|add\w*|bouw\w*|zet\w*|neerzetten|like to|want|"
    r"wil)\b"
)


def holdings_told(q: Question, lexicon: Lexicon) -> bool:
    """Whether the question tells a building the king holds already, in a sentence that builds
    nothing ("I have a village in one of my cities. Can I build ..."): a reader that takes
    every building named for one built this turn must not read it."""
    for clause in re.split(r"[.;!?]", q.lower):
        if not lexicon.find(Question.read(clause)):
            continue
        if re.search(_HOLDS, clause) and not re.search(_BUILDS, clause):
            return True
    return False
