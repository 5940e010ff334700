"""Text-message shorthand read as the words it stands for, before the grammar reads a question.

Players type "3 pts + de lul", "called w 3", "some1 calls n i got the lull": the grammar reads
whole words, so the shorthand is spelt out first ("points", "and", "with", "someone") and emoji
are dropped.  Only forms that cannot mean anything else in a Balzakken question are spelt out; a
lone digit is never touched (a "2" is a card, not "to").

>>> plain("i got 3 pts + de lul 😅 can i yell balzak??")
'i got 3 points and de lul can i yell balzak??'
>>> plain("I have 1 + 2 points and the lull")
'I have 3 points and the lull'
>>> plain("called w 3, others got 5, 8 and -1")
'called with 3, others got 5, 8 and -1'
>>> plain("I have a two, a three and the Lul; een drie")
'I have a 2, a 3 and the Lul; een 3'
>>> plain("the two of us, a three-player game, the three others, de drie vieren")
'the two of us, a three-player game, the three others, de drie vieren'
>>> plain("Ik leg twee 10-en af")
'Ik leg twee 10s af'
>>> plain("A guest asks: 'but what if I hold the Lul when someone calls?'")
'but what if I hold the Lul when someone calls?'
"""

from __future__ import annotations

import re
from dataclasses import replace

from gametable.games.balzakken.answers.names import CARDS, LUL, SWINGER, VALUE_WORDS
from gametable.rulebook.question import Question

#: shorthand -> the word it stands for (whole words only)
_WORDS = {
    "pts": "points",
    "pt": "points",
    "ptn": "punten",
    "n": "and",
    "w": "with",
    "w/": "with",
    "some1": "someone",
    "sum1": "someone",
    "any1": "anyone",
    "every1": "everyone",
    "ppl": "people",
    "u": "you",
    "ur": "your",
    "r": "are",
    "cuz": "because",
    "bc": "because",
    "rn": "now",
    "nah": "not",
    "hav": "have",
    "hve": "have",
    "im": "i'm",
    "yr": "your",
    "chuck": "discard",
    "ditch": "discard",
}
_WORD = re.compile(r"(?<![\w/'])(" + "|".join(re.escape(w) for w in _WORDS) + r")(?![\w/])", re.I)
#: a plus between two things held ("3 + de lul", "swinger + 2 + 1"), never a sum's sign in
#: front of a number alone at the start
_PLUS = re.compile(r"(?<=\w)\s*\+\s*(?=[\w-])")
#: a sum of points written out ("1 + 2 points", "3+1 pts"): read as its total
_SUM = re.compile(r"(?<![\w.])(-?\d+(?:\s*\+\s*-?\d+)+)(?=\s*(?:points|pts|punten|ptn|p)\b)", re.I)
#: a Balzak's plural written with a hyphen or an apostrophe ("twee 10-en", "drie 6'en", "two
#: 8's"): read as the plural the grammar knows ("10s")
_PLURAL = re.compile(r"(?<![\w-])(-?\d{1,2})(?:-en|'en|'s)\b")
#: a question quoted whole, perhaps after saying who asks it ("Guy at the table: '...'"): the
#: quoted words are the question
_QUOTED = re.compile(r"^(?:[^'\"‘“:]{1,60}:\s*)?['\"‘“](?P<asked>.+?)['\"’”]\W*$", re.S)
#: pictographs and other symbols that carry no words
_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]+")


#: a count of points said in words ("drie punten", "two points"): read as its digits
_SPELT_NUMBERS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "nul": 0, "een": 1, "één": 1, "twee": 2, "drie": 3,
    "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "negen": 9, "tien": 10,
}  # fmt: skip
_POINTS_IN_WORDS = re.compile(
    r"(?<![\w-])(" + "|".join(_SPELT_NUMBERS) + r")(?=\s+(?:points?|punten|punt|pts)\b)", re.I
)
#: a card's value said in words after an article or a possessive ("a two and a three", "een
#: drie", "my seven"): read as its digits, unless the word counts something ("a three-player
#: game", "my two neighbours", "one 7"); after "the" or "de" a number is as often a count of
#: players ("the two of us", "de twee anderen") and is left alone
_VALUE_IN_WORDS = {**_SPELT_NUMBERS, "eleven": 11, "elf": 11}
del _VALUE_IN_WORDS["een"]  # Dutch "a" as often as "one"
_CARD_IN_WORDS = re.compile(
    r"(?<![\w-])(a|an|my|his|her|een|mijn|zijn|haar)\s+("
    + "|".join(w for w in _VALUE_IN_WORDS if w not in ("one", "één"))
    + r")(?![\w-])(?!\s*(?:-|of\b|van\b|others?\b|andere|anderen\b|players?\b|spelers?\b|"
    r"people\b|mensen\b|personen\b|times\b|keer\b|maal\b|cards?\b|kaart(?:en)?\b|points?\b|"
    r"punt(?:en)?\b|rounds?\b|ronde|turns?\b|beurt|more\b|meer\b|less\b|fewer\b|minder\b|"
    r"of\b|together\b|tegelijk|at once\b|-?\d|[a-z]+s\b(?<!\bis)(?<!\bas)(?<!\bus)|"
    + "|".join(rf"{plural}\b" for plural in VALUE_WORDS)
    + r"))",
    re.I,
)
#: the call misspelt ("balzack", "balzac", "balsak")
_CALL_TYPO = re.compile(r"\b(?:balzack|balzac|balsak|balzakk|ballzak|balzek)\b", re.I)
#: the call alone as the last sentence ("I have 2 points and a lull. balzak?"): asking whether
#: one may call
_BARE_CALL = re.compile(r"(^|[.!]\s+)balzak!?\s*\?+\s*$", re.I)


def plain(text: str) -> str:
    """``text`` with shorthand spelt out, a "+" between things read as "and", emoji dropped."""
    quoted = _QUOTED.match(text.strip())
    out = _EMOJI.sub(" ", quoted.group("asked") if quoted else text)
    out = _CALL_TYPO.sub("balzak", out)
    out = _POINTS_IN_WORDS.sub(lambda m: str(_SPELT_NUMBERS[m.group(1).lower()]), out)
    out = _CARD_IN_WORDS.sub(lambda m: f"{m.group(1)} {_VALUE_IN_WORDS[m.group(2).lower()]}", out)
    out = _BARE_CALL.sub(r"\1can I call BALZAK!?", out)
    out = _PLURAL.sub(r"\1s", out)
    out = _SUM.sub(lambda m: str(sum(int(n) for n in m.group(1).split("+"))), out)
    out = _PLUS.sub(" and ", out)
    out = _WORD.sub(lambda m: _WORDS[m.group(1).lower()], out)
    return re.sub(r"\s+", " ", out).strip()


#: the names a misspelt card name is read as ("swingr" -> "swinger", "lull" stays a known name)
_SPELT = {LUL: "lul", SWINGER: "swinger", "11": "blue ball", "-1": "bruisbal"}


def names_spelt(question: Question) -> str:
    """The question's text with each misspelt card name ("swingr", "bruisbl") written as the
    name the readers know, found by the cards' fuzzy lexicon."""
    text = question.text
    for mention in CARDS.find(question):
        if mention.score >= 100 or " " in mention.said or mention.name not in _SPELT:
            continue
        said = re.compile(rf"(?<![\w-]){re.escape(mention.said)}(?![\w-])", re.IGNORECASE)
        text = said.sub(_SPELT[mention.name], text)
    return text


#: words that mark a short Balzakken question as Dutch or English ("Wat is de lul waard?" has
#: one marker of each in the shared reading: "de" and "waard" tell it is Dutch)
_DUTCH_HERE = frozenset(
    ["de", "het", "een", "waard", "telt", "wat", "hoeveel", "mag", "ik", "heb", "roep", "roepen",
     "iemand", "punten", "kaarten", "bovenste", "aflegstapel", "trekstapel", "ruil", "leg"]
)  # fmt: skip
_ENGLISH_HERE = frozenset(
    ["the", "a", "an", "worth", "count", "counts", "what", "how", "much", "many", "may", "can",
     "i", "my", "have", "call", "someone", "points", "cards", "top", "pile", "swap", "discard"]
)  # fmt: skip


def dutch_here(question: Question) -> bool:
    """Whether a question the shared reading takes for English is Dutch by the game's words."""
    dutch = sum(w in _DUTCH_HERE for w in question.words)
    return dutch > sum(w in _ENGLISH_HERE for w in question.words)


def spelt_out(question: Question) -> Question:
    """``question`` read again from its plain text (its language kept, or found Dutch by the
    game's words), or itself unchanged."""
    text = plain(names_spelt(question))
    lang = "nl" if question.lang == "en" and dutch_here(question) else question.lang
    if text == question.text and lang == question.lang:
        return question
    return replace(Question.read(text), lang=lang)
