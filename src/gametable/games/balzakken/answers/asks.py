"""What a Balzakken question asks, read from its asking sentence by a few keywords: the points
players write, a total, the winner, a hand's points, who holds the fewest, a count of cards,
whether the game is over; and whom it asks about (the asker, players by name, the others,
everyone), and whether their numbers are to be added up.

A question may ask several of these at once ("what is my total now, and what do the others
write?"); a reply answers every one of them, or the question is left to the rules text.

>>> from gametable.games.balzakken.answers.parts import read_scene
>>> q = Question.read("I called with 8 while on 31. What is my total now, and what do the others get?")
>>> a = asked(q, read_scene(q))
>>> sorted(a.wants), a.who
(['total', 'write'], ['me', 'others'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gametable.games.balzakken.answers.asking import MAY_TOO
from gametable.games.balzakken.answers.partwords import REASON, argument
from gametable.games.balzakken.answers.scene import Scene
from gametable.rulebook.question import Question

_WANTS = {
    "write": re.compile(
        r"\b(?:writes?|wrote|write down|scores?|scored|gets?|krijg\w*|schrij[fv]\w*|scoor\w*|"
        r"noteer\w*|opschrijven)\b"
    ),
    "total": re.compile(
        r"\b(?:totals?|totaal|totalen|stand|where am i|where do i stand|waar sta ik|new score|"
        r"score now|my score)\b"
    ),
    "winner": re.compile(r"\b(?:wins?|won|winner|winnaar|wint|gewonnen|winnen)\b"),
    "points": re.compile(
        r"\b(?:how many points|how much|hoeveel punten|worth|waard|points do|points does)\b"
    ),
    "fewest": re.compile(
        r"\b(?:fewest|fewer|least|less|lowest|minste|minder|laagste|lower|minst)\b"
    ),
    "cards": re.compile(r"\b(?:how many cards|hoeveel kaarten|how many does|how many do|cards)\b"),
    "happens": re.compile(r"\b(?:what happens|what will happen|wat gebeurt|wat er gebeurt)\b"),
    "drawn": re.compile(
        r"\bhow many (?:cards? )?(?:do|does|will|can|must|should|would) (?:i|you|he|she|we) "
        r"(?:(?:get|draw|take|pick(?: up)?|receive) back|draw|pick up|take)\b|"
        r"\bhoeveel (?:kaarten? )?(?:trek|pak|krijg|neem)\w* (?:ik|je|jij|hij|zij|we)\b"
    ),
    "over": re.compile(
        r"\b(?:game over|over for|ended|end(?:s|ed)? the game|am i out|ben ik af|ben ik eruit|"
        r"afgelopen|is it over|is the game|game end)\b"
    ),
}
_EVERYONE = re.compile(
    r"\b(?:everyone|everybody|each|all of us|iedereen|ieder|elk|allemaal|we|both|allebei|"
    r"beiden|beide|wij)\b"
)
_OTHERS = re.compile(
    r"\b(?:others?|other players?|anderen|andere spelers|rest|they|zij|the (?:three|four|two))\b"
)
_ME = re.compile(r"\b(?:i|me|my|mine|ik|mij|mijn)\b")
#: a clause asking yes or no: an auxiliary verb first, at the start or after a comma
_YES_NO = re.compile(
    r"(?:^|[,;]\s*|\band\s+)(?:is|has|am|are|ben|heb|heeft|zijn|did|does|do|can|may|mag|kan|"
    r"will|would|should|must|moet|mag|krijg|krijgt|schrijf|schrijft|was|were)\b"
)
_HIM = re.compile(r"\b(?:he|she|him|her|hij|ze|hem|haar)\b")
_SUM = re.compile(
    r"\b(?:together|in total|altogether|combined|samen|all together|added up|opgeteld|in totaal)\b"
)


@dataclass
class Asked:
    """What the question asks for (``wants``), about whom (``who``: ``"me"``, a player's key,
    ``"others"``, ``"everyone"``), and whether to add their numbers up."""

    wants: set[str] = field(default_factory=set)
    who: list[str] = field(default_factory=list)
    summed: bool = False
    yesno: bool = False
    text: str = ""


def asking_sentence(question: Question) -> str:
    """The sentences that ask: from the first one holding a question word or mark to the end."""
    parts = re.split(r"(?<=[.!?;:])\s+", question.lower.strip())
    for i, part in enumerate(parts):
        if "?" in part or re.match(
            r"(?:what|who|how|which|where|wat|wie|hoeveel|waar|welke|is|are|am|has|have|does|"
            r"do|ben|heeft|hebben|is)\b",
            part,
        ):
            return " ".join(parts[i:])
    return parts[-1] if parts else ""


def told(question: Question) -> str:
    """What the question tells, without the sentences that ask: "was it a good call?" says
    nothing of the call, so the hands it leaves unsaid are not made to fit it."""
    text = question.lower.strip()
    asking = asking_sentence(question).strip()
    return text[: len(text) - len(asking)] if asking and text.endswith(asking) else text


def asked(question: Question, scene: Scene) -> Asked:
    """What ``question`` asks about ``scene`` (see the module docstring)."""
    text = REASON.sub(argument, asking_sentence(question))  # "since she has no fewer": argues
    found = Asked(text=text)
    found.summed = bool(_SUM.search(text))
    plain = _SUM.sub(" ", text)  # "in total" adds up, it asks for no total on the sheet
    found.wants = {want for want, pattern in _WANTS.items() if pattern.search(plain)}
    wh = re.match(r"(?:what|who|how|which|where|wat|wie|hoeveel|waar|welke|hoe)\b", text)
    found.yesno = not wh and (question.kind == "yesno" or bool(_YES_NO.search(text)))
    found.yesno = found.yesno or bool(MAY_TOO.search(text))
    named = [p.key for p in scene.players if not p.key.startswith("others#") and _said(p.key, text)]
    if _EVERYONE.search(text):
        found.who.append("everyone")
    if _ME.search(text):
        found.who.append("me")
    found.who.extend(k for k in named if k != "me")
    if _HIM.search(text) and not named:
        found.who.append("him")
    if _OTHERS.search(text) and "everyone" not in found.who:
        found.who.append("others")
    return found


def _said(key: str, text: str) -> bool:
    return key not in ("caller", "me") and re.search(rf"\b{re.escape(key)}\b", text) is not None
