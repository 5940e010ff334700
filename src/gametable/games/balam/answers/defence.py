"""A defence counted over several cities ("3 - WARS": the garrisons of the attacked city and of
each of the defender's cities next to it, plus the obsidian he spends): "his city has 1
garrison, two of his cities next to it have 2 each, and he spends 1 obsidian".

The sum is the rule's own, worked out from the counts the question gives (with "each" a count
for every city of a group); the reply is not a battle played by the engine, so it is not marked
as checked by the referee.  Every number must be placed and every word read.

>>> garrisons_told("His city has 1 garrison, two of his cities next to it have 2 garrisons each")
([2, 2, 1], {2})
"""

from __future__ import annotations

import re

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import understood, vocabulary
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import sources

GAME = "balam"
_N = r"(\d|no|one|two|three|four|geen|een|één|twee|drie|vier)"
_VALUES = {"no": 0, "geen": 0, "one": 1, "een": 1, "één": 1, "two": 2, "twee": 2, "three": 3,
           "drie": 3, "four": 4, "vier": 4}  # fmt: skip
_ASKS = (
    r"\b(?:what(?: is|'s)|whats|how (?:big|strong|high) is|wat is|hoe (?:groot|sterk|hoog) is) "
    r"(?:his|my|the|zijn|mijn|de) (?:total )?(?:defen[cs]e|verdediging)\b"
)
#: obsidian the defender spends ("spends 1 obsidian", "no obsidian", "spend no obsidian")
_OBSIDIAN = (
    rf"\b{_N} (?:obsidian|obsidiaan)\b|\b(?:spends?|spending|uses?) {_N} (?:obsidian|obsidiaan)\b"
)
#: a group of cities with one count each ("two of his cities next to it have 2 garrisons each")
_GROUP = (
    rf"\b(two|three|twee|drie) (?:of (?:his|my) |van (?:zijn|mijn) )?(?:own |eigen )?(?:cities|steden)[^.;]*?\b{_N}"
    r"(?: garrisons?| garnizoen(?:en)?)? (?:each|apiece|elk|ieder)\b"
)
#: a list of counts for a group ("two cities next to it with 3 and 1 garrisons", "have 2 and 1")
_LIST = (
    rf"\b(two|three|twee|drie) (?:of (?:his|my) |van (?:zijn|mijn) )?(?:own |eigen )?(?:cities|steden)[^.;]*?\b{_N}"
    rf"((?:,? (?:and|en) {_N})+)(?: garrisons?| garnizoen(?:en)?)?\b"
)
_COUNT = rf"\b{_N} (?:garrisons?|garnizoen(?:en)?)\b|\b(?:has|have|heeft|hebben) {_N}\b"
_WORDS = vocabulary("""his my the a an city cities has have had with and next to it door neighbouring
    defending
    neighboring neighbour neighbor adjacent own of in that attacked garrison garrisons spends
    spend spending spent uses use no obsidian he i what is what's whats defence defense total
    each apiece if two three four one big strong high how does do he's my is under attack being
    zijn mijn stad steden heeft hebben met en naast ernaast aangrenzende garnizoen garnizoenen
    obsidiaan hij ik wat is verdediging elk van de die wordt aangevallen geen defender attacks
    attacking valt aan holds hold zet in""")


def _value(word: str) -> int:
    return int(word) if word.isdigit() else _VALUES[word]


def garrisons_told(text: str) -> tuple[list[int], set[int]] | None:
    """The garrisons of each defending city the text counts, groups spread city by city, and
    the groups' sizes; ``None`` when a group's counts do not match its size."""
    text = re.sub(_OBSIDIAN, " ", text.lower())
    out: list[int] = []
    sizes: set[int] = set()
    for found in re.finditer(_GROUP, text):
        out += [_value(found.group(2))] * _value(found.group(1))
        sizes.add(_value(found.group(1)))
    text = re.sub(_GROUP, " ", text)
    for found in re.finditer(_LIST, text):
        counts = [_value(found.group(2)), *map(_value, re.findall(_N, found.group(3)))]
        if len(counts) != _value(found.group(1)):
            return None
        out += counts
        sizes.add(len(counts))
    text = re.sub(_LIST, " ", text)
    for found in re.finditer(_COUNT, text):
        out.append(_value(found.group(1) or found.group(2)))
    return out, sizes


def defence_sum(q: Question) -> Answer | None:
    """ "His city has 1 garrison, two of his cities next to it have 2 garrisons each, and he
    spends 1 obsidian. What's his defence?": 1 + 2 + 2 + 1 = 6."""
    if not q.matches(_ASKS) or q.matches(r"\b(roll\w*|dice|die|gooi\w*|skulls?|attack with)\b"):
        return None
    if not q.matches(r"\b(next|neighbou?r\w*|adjacent|naast|ernaast|aangrenzend\w*)\b"):
        return None  # the battle reader answers one city alone
    told = garrisons_told(q.lower)
    spent = re.search(_OBSIDIAN, q.lower)
    obsidian = _value(spent.group(1) or spent.group(2)) if spent else 0
    if told is None:
        return None
    garrisons, sizes = told
    if len(garrisons) < 2 or max(garrisons) > 4 or obsidian > sum(garrisons):
        return None
    used = {*garrisons, obsidian, *sizes}
    phrases = (_ASKS, _OBSIDIAN, _GROUP, _LIST, _COUNT)
    if not understood(q, _WORDS, numbers=used, phrases=phrases):
        return None
    total = sum(garrisons) + obsidian
    parts = " + ".join(map(str, garrisons))
    verdict = q.say(
        f"{total}: {parts} garrisons + {obsidian} obsidian spent = {total}.",
        f"{total}: {parts} garnizoenen + {obsidian} ingezette obsidiaan = {total}.",
    )
    reason = q.say(
        "The defence counts the garrisons of the attacked city and of each of the defender's "
        "cities next to it, plus the obsidian he spends (worked out from the rule, not checked "
        "by the referee).",
        "De verdediging telt de garnizoenen van de aangevallen stad en van elke eigen stad "
        "ernaast, plus de ingezette obsidiaan (afgeleid uit de regel, niet nagespeeld).",
    )
    return Answer(
        GAME,
        q.text,
        f"{verdict} {reason}",
        sources(GAME, [rules.DEFENCE]),
        answered=True,
        topic="number",
        lang=q.lang,
    )


READERS = (defence_sum,)
