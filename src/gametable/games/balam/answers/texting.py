"""Chat shorthand read as plain words: "w 2 garisons", "n", "pts", "im", emoji and arrows.

A question typed as a text message ("attack w 2 garrisons n roll 3 → pts?") says the same
situation as a written one; :func:`plain` rewrites the shorthand into the words the readers
know and reads the question again, so that the same guards judge it (a word still unknown
sends it to the rules text as before).  Only whole words are replaced, never numbers or the
names of things.

>>> plain(Question.read("won the ball game alone w 5 cities 🏆 pts?")).text
'won the ball game alone with 5 cities points?'
>>> plain(Question.read("Can I build a market without cacao?")) is None
True
"""

from __future__ import annotations

import re
from dataclasses import replace

from gametable.rulebook.question import Question

#: shorthand word -> the plain words it stands for ("" drops a word that only sets a tone)
_SHORTHAND: dict[str, str] = {
    "w": "with",
    "w/": "with",
    "n": "and",
    "nd": "and",
    "&": "and",
    "+": "and",
    "pts": "points",
    "pt": "point",
    "ptn": "punten",
    "im": "i'm",
    "ive": "i've",
    "u": "you",
    "ur": "your",
    "r": "are",
    "got": "have",
    "gotta": "have to",
    "incl": "including",
    "cuz": "because",
    "bc": "because",
    "pls": "",
    "plz": "",
    "lol": "",
    "lmao": "",
    "bro": "",
    "ok": "",
    "ok?": "",
    "garisons": "garrisons",
    "garison": "garrison",
    "obsidan": "obsidian",
    "obsedian": "obsidian",
    "vilages": "villages",
    "vilage": "village",
    "mny": "many",
    "hw": "how",
    "bild": "build",
    "buid": "build",
    "buld": "build",
    "attak": "attack",
    "atack": "attack",
    "wat's": "what's",
    "whats": "what's",
    "observatry": "observatory",
    "observatorie": "observatory",
    "1st": "first",
    "2nd": "second",
    "3rd": "third",
    "2e": "tweede",
    "ff": "",
    "wtf": "",
    "idk": "",
}

_TOKEN = re.compile(r"\S+")
_SYMBOLS = re.compile(r"[^\w\s'?!.,;:()/+&-]", re.UNICODE)


#: Dutch shorthand and quick typing, read in a Dutch question ("n" is "een", not "and")
_SHORTHAND_NL: dict[str, str] = {
    **_SHORTHAND,
    "n": "een",
    "'n": "een",
    "mn": "mijn",
    "m'n": "mijn",
    "zn": "zijn",
    "hoevel": "hoeveel",
    "hoevele": "hoeveel",
    "hoeveeel": "hoeveel",
    "k": "ik",
    "wa": "wat",
}
#: words only a Dutch question holds (a short question may not read as Dutch by its markers)
_DUTCH_WORDS = frozenset(
    [
        "hoevel",
        "hoeveel",
        "kost",
        "kosten",
        "mag",
        "ik",
        "mijn",
        "mn",
        "punten",
        "dorp",
        "dorpen",
        "paleis",
        "tempel",
        "markt",
        "garnizoen",
        "voorraad",
        "sterrenwacht",
        "balspelveld",
        "gevangene",
        "maïs",
        "mais",
        "schelp",
        "obsidiaan",
        "bouwen",
        "krijg",
        "krijgt",
        "zonder",
        "een",
    ]
)


def _word(token: str, table: dict[str, str]) -> str:
    bare = token.rstrip("?!.,;:")
    tail = token[len(bare) :]
    low = bare.casefold()
    if low in table:
        said = table[low]
        return f"{said}{tail}" if said else tail
    return token


#: Dutch compounds of a riches and a site ("jadeplaats", "maïsstad"): the two words apart
_COMPOUND = re.compile(
    r"\b(ma[iï]s|cacao|jade|obsidiaan|schelpen|schelp)(plaats|plaatsen|stad|steden|tegel)\b",
    re.IGNORECASE,
)


def plain(question: Question) -> Question | None:
    """The question with its chat shorthand written out (and Dutch compounds of a riches and
    a site split: "jadeplaats" -> "jade plaats"), or ``None`` when it has none."""
    text = _SYMBOLS.sub(" ", _COMPOUND.sub(r"\1 \2", question.text))
    dutch = question.lang == "nl" or bool(set(question.words) & _DUTCH_WORDS)
    table = _SHORTHAND_NL if dutch else _SHORTHAND
    words = [_word(t, table) for t in _TOKEN.findall(text)]
    out = " ".join(w for w in words if w)
    out = re.sub(r"\s+([?!.,;:])", r"\1", out).strip()
    if not out or out == question.text:
        return None
    read = Question.read(out)
    return None if read.problem else replace(read, lang="nl" if dutch else question.lang)
