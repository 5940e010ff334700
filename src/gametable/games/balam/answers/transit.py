"""The parts of riches crossing a site where both kings have small pyramids ("6 - DISTRIBUTION
> TRANSPORT", commercial control): each king's small pyramids there, whoever says them first
("2 small pyramids of my opponent and 1 of mine", "he and I each have 1", "mijn tegenstander
heeft daar 2 kleine piramides en ik ook 2"), and who holds the site.

This module reads the two counts and the site's holder; :mod:`.passage` judges them with the
engine's transport rule.

>>> from gametable.rulebook.question import Question
>>> pyramids_told(Question.read("A site has 2 small pyramids of my rival and 1 of mine."))
(1, 2)
>>> pyramids_told(Question.read("A free site where he and I each have 1 small pyramid."))
(1, 1)
"""

from __future__ import annotations

import re

from gametable.games.balam.answers.grammar import vocabulary
from gametable.rulebook.question import Question

GAME = "balam"
_SMALL = r"\b(?:small|little|kleine?) (?:pyramids?|piramides?|piramiden)\b"
_NUMBER = {"no": 0, "none": 0, "geen": 0, "one": 1, "een": 1, "één": 1, "two": 2, "twee": 2,
           "three": 3, "drie": 3, "four": 4, "vier": 4}  # fmt: skip
_RIVAL = vocabulary("""rival rival's opponent opponent's enemy enemy's his he him tegenstander
    vijand hem hij zijn""")
_MINE = vocabulary("mine mij me i ik")
_MY = vocabulary("my mijn")
#: where a count's own words end ("2 small pyramids of his and I have 1")
_AND = vocabulary("and en but maar while whereas")
_PLAYERS = vocabulary("player players spelers speler")
_TOKENS = re.compile(r"\d+|[^\W\d_]+(?:'[^\W\d_]+)?")
_FREE = (
    r"\b(free site|nobody holds|no one holds|owned by nobody|belongs to nobody|nobody owns|no one owns|nobody's|unowned|neutral|empty site|van niemand|vrije "
    r"plek|vrije plaats|lege plaats)\b"
)
_HELD_BY_HIM = (
    r"\b(enemy city|his city|a city (?:of|owned by) (?:my )?(?:opponent|rival|enemy)|vijandelijke "
    r"stad|zijn stad|city where my (?:opponent|rival|enemy))\b"
)
_HELD_BY_ME = r"\b(my (?:own )?city|mijn (?:eigen )?stad)\b"


def _value(word: str) -> int | None:
    return int(word) if word.isdigit() else _NUMBER.get(word)


def _owner(words: tuple[str, ...], i: int) -> str | None:
    """Whose small pyramids the count at ``i`` is: the first owner word after it, else the
    nearest before it ("2 of my rival's", "1 of mine", "my opponent has 2", "I have 1")."""
    for j in range(i + 1, min(len(words), i + 7)):
        word = words[j]
        if word in _AND:
            break
        if word in _RIVAL:
            return "rival"
        if word in _MINE:
            return "mine"
        if word in _MY and (j + 1 >= len(words) or words[j + 1] not in _RIVAL):
            return "mine"
    for j in range(i - 1, max(-1, i - 5), -1):
        if words[j] in _RIVAL:
            return "rival"
        if words[j] in _MINE or words[j] in _MY:
            return "mine"
    return None


def pyramids_told(q: Question) -> tuple[int, int] | None:
    """The asker's and the rival's small pyramids on the site, or ``None`` unless the question
    tells each exactly once ("each have 1" tells both)."""
    each = re.search(
        r"\b(?:each|both|elk|allebei|ieder) (?:have |has |hebben |heeft )?"
        r"(?:exactly |only |just |precies |maar )?(\w+)",
        q.lower,
    )
    if each is not None and (n := _value(each.group(1))) is not None:
        return n, n
    told: dict[str, int] = {}
    for sentence in re.split(r"[.?!;,:]", q.lower):
        words = tuple(_TOKENS.findall(sentence))
        for i, word in enumerate(words):
            n = _value(word)
            if n is None or (word == "een" and words[i + 1 : i + 2] not in (("kleine",), ("van",))):
                continue  # "een" is a count only before the pyramid ("een kleine piramide")
            if words[i + 1 : i + 2] and words[i + 1] in _PLAYERS:
                continue  # "a 2-player game" counts the kings, not their pyramids
            owner = _owner(words, i)
            if owner is None or owner in told:
                return None
            told[owner] = n
    if set(told) != {"mine", "rival"}:
        return None
    return told["mine"], told["rival"]


def holder_told(q: Question) -> str | None:
    """Who holds the site crossed: ``"me"``, ``"him"``, ``"nobody"``, or ``None`` when the
    question tells none of them or more than one."""
    told = [
        who
        for who, pattern in (("me", _HELD_BY_ME), ("him", _HELD_BY_HIM), ("nobody", _FREE))
        if q.matches(pattern)
    ]
    return told[0] if len(told) == 1 else None
