"""What a situation told by relations asks beyond a verdict, and what it tells of the move's end
(see :mod:`.relative_parts`).

- **how far**: "how many spaces past my start is it then?", "hoeveel vakken voorbij mijn start
  staat hij daarna?": the pawn's distance from its start after the move, worked out;
- **need**: "which card do I need to land exactly on the last space of my home?", "welk getal
  moet ik spelen om precies op het laatste vak van mijn honk te komen?": every card tried;
- the end told with the move ("to step it into my home", "stopping 4 spaces beyond him"): a
  claim checked against where the referee puts the pawn, never taken on trust.

Each reader sets its phrase aside from the tokenised text (the pawns are tokens there: ``M1``
my pawn, ``O`` his, ``SM`` my start) and records what it read on the parts.

>>> import re
>>> text, target = need_target(" what card do i need to land exactly on the last space of my home?")
>>> target, text.split()
(4, [])
"""

from __future__ import annotations

import re

from gametable.games.keezbord.answers import words as w

_N = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|een|één|twee|drie|vier|vijf|zes|zeven|acht|negen|tien)"

#: the distance from my start asked, with the ways the clause may end
HOW_FAR = re.compile(
    r"\bhow (?:many|far) (?:spaces?|steps?|squares?|places?)? ?(?:past|beyond|from|after|ahead of|"
    r"in front of) SM\b(?: (?:is|does|will|would) (?:it|M1|he)(?: be| stand| end up| land| go)?)?"
    r"(?: then| afterwards| after that| now)?"
    r"|\bhoeveel (?:vakken|stappen|plaatsen|vakjes) (?:voorbij|na|van|vanaf) SM\b"
    r"(?: (?:staat|komt|eindigt|is) (?:hij|M1|die|ie)(?: dan| daarna| nu)?)?(?: terecht)?"
)
HOW_FAR_ASKED = re.compile(
    r"\bhow (?:many|far)\b[^.?!]*\b(?:past|beyond|from|after)\b[^.?!]*\bstart"
    r"|\bhoeveel (?:vakken|stappen|plaatsen|vakjes)\b[^.?!]*\bstart"
)

_ORDINAL = {"first": 1, "1st": 1, "eerste": 1, "second": 2, "2nd": 2, "tweede": 2, "third": 3,
            "3rd": 3, "derde": 3, "fourth": 4, "4th": 4, "vierde": 4, "last": 4, "laatste": 4}  # fmt: skip
#: the home space a card is asked for: "the last space of my home", "home space 3", "HF"
_TARGET = re.compile(
    r"\b(?:the |het )?(first|second|third|fourth|last|1st|2nd|3rd|4th|eerste|tweede|derde|vierde|"
    r"laatste) (?:space|spot|square|vak|vakje|plek) (?:of|in|van) (?:my|mijn) (?:own |eigen )?"
    r"(?:home|honk|thuishonk)\b|\bhome space ([1-4])\b|\bthuishonkvak ([1-4])\b|\bh([1-4])\b|\bHF\b"
)
STEPS_ASKED = re.compile(
    r"\bhow many (?:steps|spaces|moves)\b[^.?!]*\b(?:need|to reach|to get|to|until)\b"
    r"|\bhoeveel (?:stappen|vakken)\b[^.?!]*\b(?:nodig|tot|naar|om)\b"
)
NEED_ASKED = re.compile(
    r"\b(?:what|which|welke?|welk) (?:card|number|getal|kaart)\b[^.?!]*\b(?:need|must|have to|"
    r"should|moet|nodig|brings?|brengt|takes?|gets?|puts?|zet)\b"
)
#: the words a "need" clause may hold beside its target
_NEED_WORDS = frozenset(
    [
        "what",
        "which",
        "welk",
        "welke",
        "card",
        "number",
        "getal",
        "kaart",
        "do",
        "i",
        "need",
        "must",
        "should",
        "have",
        "to",
        "play",
        "moet",
        "ik",
        "spelen",
        "heb",
        "nodig",
        "om",
        "te",
        "land",
        "landen",
        "get",
        "it",
        "reach",
        "end",
        "up",
        "on",
        "in",
        "into",
        "exactly",
        "precies",
        "op",
        "komen",
        "krijgen",
        "hem",
        "M1",
        "come",
        "arrive",
        "there",
        "hoe",
        "how",
        "many",
        "steps",
        "spaces",
        "moves",
        "hoeveel",
        "stappen",
        "vakken",
        "does",
        "it",
        "my",
        "pawn",
        "need",
        "needs",
        "to",
        "until",
        "tot",
        "naar",
        "heeft",
        "zijn",
        "hij",
        "ie",
        "die",
        "get",
        "reach",
        "brings",
        "bring",
        "brengt",
        "takes",
        "take",
        "gets",
        "puts",
        "put",
        "zet",
    ]
)


def need_target(text: str, steps: bool = False) -> tuple[str, int | None]:
    """The home space a "need" clause asks a card (or, with ``steps``, a count of steps) for,
    and the text without the clause up to its target; ``None`` when the clause says more than
    the target and its asking words."""
    opening = (
        r"\b(?:how many (?:steps|spaces|moves)|hoeveel (?:stappen|vakken))"
        if steps
        else r"\b(?:what|which|welke?|welk) (?:card|number|getal|kaart)\b"
    )
    m = re.search(opening + r"[^.?!]*?(?:" + _TARGET.pattern + r")", text)
    if m is None:
        return text, None
    target = _TARGET.search(m.group(0))
    assert target is not None
    word = next((g for g in target.groups() if g), None)
    space = 1 if word is None else _ORDINAL.get(word) or int(word)
    rest = m.group(0)[: target.start()]
    words = re.findall(r"[a-zà-ü0-9']+|M1", rest)
    if not all(x in _NEED_WORDS for x in words):
        return text, None
    after = re.match(r"(?:\s*(?:te (?:komen|krijgen|landen|zetten)))?\s*\??", text[m.end() :])
    end = m.end() + (after.end() if after else 0)
    kept = " M1 " if "M1" in words else " "  # the pawn named in it stays named ("if it is ...")
    return text[: m.start()] + kept + text[end:], space


#: the move's end told with it: "to step it into my home", "om hem in mijn honk te krijgen"
_INTO_HOME = re.compile(
    r"\b(?:to )?(?:step|move|get|bring|put) (?:it|M1|him) (?:into|in) (?:my|the) (?:home|honk)\b"
    r"|\b(?:to )?(?:get|bring|move|put) (?:it|M1|him) to the (?P<end>end|last space) of (?:my|the) home\b"
    r"|\bom (?:hem|M1) (?:in|naar) mijn (?:thuis)?honk te (?:krijgen|zetten|brengen)\b"
)
#: "..., so I jump over him and stop 4 spaces further on", "stopping 5 spaces beyond him"
_BEYOND = re.compile(
    rf"\b(?:and )?(?:stop|stopping|stops|end|ending|ends|land|landing|lands)(?: up)? {_N} "
    r"(?:spaces?|steps?|squares?|places?) (?:further(?: on)?|beyond (?:him|it|O)|past (?:him|it|O)|"
    r"verder|voorbij (?:hem|O))\b"
)


def told_end(text: str) -> tuple[str, int | None, int | None]:
    """The end the question tells with the move: into the home (``0``, or ``4`` when it says
    the end of the home), or a count of spaces beyond the opponent's pawn; and the text
    without it."""
    home = _INTO_HOME.search(text)
    into = None if home is None else 4 if home.group("end") else 0
    text = _INTO_HOME.sub(" ", text)
    beyond = _BEYOND.search(text)
    steps = None
    if beyond is not None:
        steps = w.value({"een": "één"}.get(beyond.group(1), beyond.group(1)))
        text = text[: beyond.start()] + " " + text[beyond.end() :]
    return text, into, steps
