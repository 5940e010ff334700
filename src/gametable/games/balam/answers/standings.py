"""Standings told king by king ("1 - DIVINATION", "4 - KATUN > NEUTRAL EVENTS", the ball game):
"I have 2 observatories, the others 1 and 0", "me 3, bob 1, ann 1", "I have 3 courts, two
others have 2 each, the last has none", counted by the engine's podium.

The reader takes the asker's count and every rival's count from the phrases below; a word it
does not place leaves the question to the rules text.

>>> told(Question.read("I have 2 observatories, the others 1 and 0."), "observatory")[:2]
(2, (1, 0))
>>> told(Question.read("observatories: me 3, bob 1, ann 1"), "observatory").others
(1, 1)
>>> told(Question.read("I have 2 observatories, Piet and Anna have 1 each."), "observatory").others
(1, 1)
"""

from __future__ import annotations

import re
from typing import NamedTuple

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDING_WORDS,
    BUILDINGS,
    CARDS,
    about_another,
    card_in,
    cities_in,
    players_in,
    understood,
    vocabulary,
)
from gametable.games.balam.scoring import ball_game_points, divination_peeks, podium
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"

_NUM = r"(\d+|no|none|zero|one|two|three|four|five|six|geen|nul|een|één|twee|drie|vier|vijf|zes)"
_VALUES = {"no": 0, "none": 0, "zero": 0, "geen": 0, "nul": 0, "one": 1, "een": 1, "één": 1,
           "two": 2, "twee": 2, "three": 3, "drie": 3, "four": 4, "vier": 4, "five": 5,
           "vijf": 5, "six": 6, "zes": 6}  # fmt: skip
_GROUP = {"two": 2, "2": 2, "twee": 2, "three": 3, "3": 3, "drie": 3}
#: words that are never a rival's name
_NOT_NAMES = vocabulary("""i me my the a an and or of in on at with have has is are was were each own
    others other en ik heb mijn de het een met elk ieder er allebei beide apiece""")


def _value(word: str) -> int:
    return int(word) if word.isdigit() else _VALUES[word]


def _nouns(kind: str) -> str:
    said = sorted((w for w, k in BUILDING_WORDS.items() if k == kind), key=len, reverse=True)
    return r"(?:" + "|".join(re.escape(w) for w in said) + r")"


class Told(NamedTuple):
    """The asker's count, his rivals' counts, and the phrases that told them."""

    mine: int
    others: tuple[int, ...]
    phrases: tuple[str, ...]
    names: frozenset[str] = frozenset()


def told(q: Question, kind: str) -> Told | None:
    """The counts of ``kind`` (a building) each king holds, as the question tells them, or
    ``None`` when it does not tell the asker's and every rival's."""
    text = q.lower
    noun = _nouns(kind)
    me = (
        rf"\b(?:i have|i've got|i got|i hold|i own|i've|ik heb|i have got|with)\s+{_NUM}"
        rf"(?:\s+{noun}\b|(?=\s*[,.;:]))|\b(?:me|mine|ik)\s*:?\s+{_NUM}\b"
    )
    mine = re.search(me, text)
    if mine is None:
        return None
    value = mine.group(1) or mine.group(2)
    rest = text[mine.end() :]
    others, phrases = _rivals(rest, noun)
    if not others:
        return None
    names = frozenset(
        word
        for pattern in phrases
        for found in re.finditer(pattern, rest)
        for word in found.groups()
        if word and word.isalpha() and word not in _VALUES and word not in _GROUP
    )
    return Told(_value(value), tuple(others), (me, *phrases), names)


def _rivals(rest: str, noun: str) -> tuple[list[int], list[str]]:
    """The rivals' counts said after the asker's, and the phrases that said them."""
    listed = rf"\b(?:the others?|de anderen?) (?:have |has |hebben )?{_NUM}((?:,? (?:and |en )?{_NUM})*)\b"
    each = (
        rf"\b(?:(two|three|2|3|twee|drie) others?|the others? (two|three|2|3)|de (twee|drie) anderen?) "
        rf"(?:have |hebben )?{_NUM}(?: {noun})? (?:each|apiece|elk)\b"
    )
    named_each = (
        rf"\b([a-z]+),? (?:and|en) ([a-z]+) (?:have|hebben)(?: er)? (?:{_NUM}(?: {noun})? "
        rf"(?:each|apiece|elk|allebei)|(?:elk|allebei|ieder) {_NUM}(?: {noun})?)\b"
    )
    last = rf"\bthe (?:last|fourth|other) (?:one )?(?:has|heeft) {_NUM}\b"
    named = rf"\b([a-z]+)\s*:?\s+{_NUM}\b"
    found = re.search(listed, rest)
    if found is not None and not re.search(each, rest):
        first = found.group(1)
        more = re.findall(_NUM, found.group(2) or "")
        return [_value(first), *(_value(m) for m in more)], [listed]
    found = re.search(each, rest)
    if found is not None:
        group = found.group(1) or found.group(2) or found.group(3)
        counts = [_value(found.group(4))] * _GROUP[group]
        phrases = [each]
        tail = re.search(last, rest)
        if tail is not None:
            counts.append(_value(tail.group(1)))
            phrases.append(last)
        return counts, phrases
    found = re.search(named_each, rest)
    if found is not None and not {found.group(1), found.group(2)} & _NOT_NAMES:
        return [_value(found.group(3) or found.group(4))] * 2, [named_each]
    counts = []
    for name, count in re.findall(named, rest):
        if name in _NOT_NAMES:
            return [], []
        counts.append(_value(count))
    return counts, [named] if counts else []


_FRAME = vocabulary("""how many much what who which do does did i we they get gets may can see look
    looks at peek peeks cards card katun the and each of them others other rest players player
    in a game with have has hold own my me score scores win wins points prestige for
    hoeveel wat wie krijg krijgt mag mogen zie zien bekijk bekijken kijken kaarten kaart de en
    elk spelers speler in een spel met heb heeft punten wint winnen divination waarzeggerij
    ball balspel courts court observatories observatory cities city steden i'm is are next
    one second turned came out was had any us ons z'n zn tweeën drieën vieren tweeen drieen""")
#: the rivals' cities after the asker's: "they have 5 and 4"
_THEIR_CITIES = (
    rf"\b(?:they have|they own|the others have|zij hebben) {_NUM}((?:,? (?:and |en )?{_NUM})*)"
    r"(?: cities| steden)?\b"
)


def _and(values: list[int] | tuple[int, ...], lang: str) -> str:
    words = [str(v) for v in values]
    joint = " en " if lang == "nl" else " and "
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + joint + words[-1]


def _counted(
    q: Question, kind: str
) -> tuple[list[int], set[int], tuple[str, ...], frozenset[str]] | None:
    """Every king's count of ``kind`` (the asker's first), the numbers placed and the phrases
    read, with the table's size: the kings told, or more when the question says more."""
    said = told(q, kind)
    if said is None:
        return None
    counts = [said.mine, *said.others]
    n = players_in(q)
    if n is not None and (n < len(counts) or n > 4):
        return None
    counts += [0] * ((n or len(counts)) - len(counts))
    if not 2 <= len(counts) <= 4:
        return None
    return counts, {*counts, len(counts)}, said.phrases, said.names


def looks_told(q: Question) -> Answer | None:
    """ "3 players: I have 2 observatories, the others 1 and 0. How many cards do I see?": the
    divination's looks of every king, from the engine's podium."""
    if not q.matches(r"\b(observator\w*|observatry|divination|waarzeg\w*|sterrenwacht\w*)\b"):
        return None
    read = _counted(q, "observatory")
    if read is None:
        return None
    counts, numbers, phrases, names = read
    if not understood(q, _FRAME | names, lexicons=(BUILDINGS,), numbers=numbers, phrases=phrases):
        return None
    looks = divination_peeks(counts, len(counts))
    theirs, seen = _and(counts[1:], q.lang), _and(looks[1:], q.lang)
    verdict = q.say(
        f"You look at {looks[0]} card{'s' if looks[0] != 1 else ''}; the others, with {theirs} "
        f"observatories, look at {seen}.",
        f"Je bekijkt {looks[0]} kaart(en); de anderen, met {theirs} observatoria, bekijken er "
        f"{seen}.",
    )
    reason = q.say(
        f"A lone leader in observatories looks at as many cards as there are players "
        f"({len(counts)}), a lone second at 1; two tied leaders look at 1 each, and a tie for "
        "second, a tie of three, or no observatory sees nothing.",
        f"Een enige koploper bekijkt evenveel kaarten als er spelers zijn ({len(counts)}), een "
        "enige tweede 1; twee gelijke koplopers elk 1, en gelijke tweeden, drie gelijken of wie "
        "geen observatorium heeft niets.",
    )
    return checked(GAME, q, verdict, reason, [rules.DIVINATION], topic="number")


def ball_told(q: Question) -> Answer | None:
    """ "Ball game: I have 2 ball courts, the others 1 and 0, and 5 cities. What do I win?":
    the asker's prestige from the engine's ball game scoring."""
    if card_in(q) != "ball_game" and not q.matches(
        r"\b(ball ?courts?|balspelveld\w*|balveld\w*)\b"
    ):
        return None
    read = _counted(q, "court")
    cities = cities_in(q)
    if read is None or cities is None or not 1 <= cities <= 13:
        return None
    counts, numbers, phrases, names = read
    theirs = re.search(_THEIR_CITIES, q.lower)
    others = [1] * (len(counts) - 1)
    if theirs is not None:
        others = [_value(theirs.group(1)), *map(_value, re.findall(_NUM, theirs.group(2) or ""))]
        phrases += (_THEIR_CITIES,)
    elif about_another(q):
        return None  # a rival's prestige needs his cities
    if len(others) > len(counts) - 1 or not understood(
        q, _FRAME | names, lexicons=(BUILDINGS, CARDS), numbers=numbers | {cities}, phrases=phrases
    ):
        return None
    others += [0] * (len(counts) - 1 - len(others))
    points = ball_game_points(counts, [cities, *others])
    won = points[0]
    place = podium(counts).get(0)
    verdict = q.say(f"{won} prestige points.", f"{won} prestigepunten.")
    if theirs is not None:
        verdict = q.say(
            f"You win {won} prestige points; the others win {_and(points[1:], 'en')}.",
            f"Jij wint {won} prestigepunten; de anderen {_and(points[1:], 'nl')}.",
        )
    why = {
        "first": "the king alone with the most ball courts wins as many points as he has cities",
        "tied": "two kings tied for the most ball courts each win half their cities, rounded down",
        "second": "a lone second wins half his cities, rounded down",
    }.get(
        place or "",
        "only a lone leader, two tied leaders or a lone second score; "
        "a tie of three, a tie for second or no court scores nothing",
    )
    reason = q.say(f"With {counts[0]} against {', '.join(map(str, counts[1:]))}: {why}.", why + ".")
    return checked(GAME, q, verdict, reason, ["4-katun/neutral-events"], topic="number")


READERS = (looks_told, ball_told)
