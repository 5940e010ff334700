"""Players named by name in a Balzakken question, for :mod:`.grammar`.

A name is a word that is no card, no game word and no word for a player, followed by a verb of
holding or calling, perhaps after a few small words ("Pleun has 4", "Tim turned out to have 4",
"Sanne heeft ook 3"); a second name joined to it ("Anna and Bram both hold 2", "Anna en Bram
hebben allebei 2"); or, once a name was said, a name followed by its number alone ("Anna heeft 3
en Bram 1").  A name is capitalised, or in a question written all in lower case (texting:
"sanne heeft ook 3") any such word that is not a common word.

>>> sorted(player_names(Question.read("Anna and Bram both hold 2, Carla holds 9")).values())
['Anna', 'Bram', 'Carla']
>>> sorted(player_names(Question.read("Ik roep met 5. Anna heeft 3 en Bram 1.")).values())
['Anna', 'Bram']
>>> player_names(Question.read("ik riep balzak met 3 en sanne heeft ook 3"))
{6: 'Sanne'}
>>> sorted(player_names(Question.read("end of game: me 80, tim 100, sara 80")).values())
['Sara', 'Tim']
>>> shared_hands(Question.read("Anna and Bram both hold 2, Carla holds 9"))
[(0, 2)]
"""

from __future__ import annotations

import re

from gametable.games.balzakken.answers.names import CARDS
from gametable.games.balzakken.answers.partwords import NOT_NAMES
from gametable.rulebook.question import Question

_WORD = re.compile(r"-?\d+|[^\W\d_]+(?:'[^\W\d_]+)?")
#: verbs of holding or calling after a name
_VERBS = frozenset(
    ["has", "had", "holds", "held", "hold", "have", "calls", "called", "heeft", "houdt", "roept",
     "riep", "hebben", "hadden", "houden", "hielden", "hield", "got", "gets", "shows", "showed",
     "holding", "scores", "scored", "makes", "made", "shouts", "shouted", "yells", "yelled",
     "maakt", "maakte", "doet", "deed"]
)  # fmt: skip
#: small words that may stand between a name and its verb ("Tom also had 2", "Tim turned out
#: to have 4", "Bram had er ook 3")
_BETWEEN = frozenset(
    ["also", "too", "only", "just", "still", "ook", "nog", "alleen", "maar", "then", "dan",
     "turned", "turns", "out", "to", "was", "is", "ended", "up", "exactly", "precies", "both",
     "allebei", "beide", "beiden", "each", "elk", "er", "zelf", "a", "een", "good", "goede",
     "false", "valse", "balzak"]
)  # fmt: skip
#: words that say two names joined by "and" hold one hand each of the same value
_EACH = frozenset(["both", "each", "allebei", "beide", "beiden", "elk", "ieder"])
_JOIN = frozenset(["and", "en", "&"])


def player_names(question: Question) -> dict[int, str]:
    """The players ``question`` names by name, by the index of the name in ``Question.words``,
    each name capitalised."""
    said = _WORD.findall(question.text.replace("’", "'"))
    if len(said) != len(question.words):
        return {}
    texting = not any(c.isupper() for c in question.text)
    found: dict[int, str] = {}
    for i, word in enumerate(said[:-1]):
        if not _name_like(word, texting):
            if texting and _short_name(word) and _listed(question, word):
                found[i] = word.capitalize()  # "mo 107" in a list of players
            continue
        if _verb_follows(said, i) or _joined_to_name(said, i, texting):
            found[i] = word.capitalize()
        elif found and said[i - 1].casefold() in _JOIN and _number_follows(question, word):
            found[i] = word.capitalize()  # "Anna heeft 3 en Bram 1"
        elif _listed(question, word):
            found[i] = word.capitalize()  # "end of game: me 80, tim 100, sara 80"
    return found


def shared_hands(question: Question) -> list[tuple[int, int]]:
    """Pairs of names joined by "and" and said to hold a hand each ("Anna and Bram both hold
    2"): (the first name's index, the second's); the first holds what the second is said to."""
    names = player_names(question)
    words = question.words
    pairs = []
    for i in names:
        j = i + 2
        if j in names and words[i + 1] in _JOIN:
            rest = words[j + 1 : j + 4]
            if any(w in _EACH for w in rest) or (words[j + 1 : j + 2] and words[j + 1] in _VERBS):
                pairs.append((i, j))
    return pairs


def _name_like(word: str, texting: bool) -> bool:
    folded = word.casefold()
    if folded in NOT_NAMES or CARDS.names.get(folded) or not word.isalpha() or len(word) < 2:
        return False
    if texting:
        return len(word) >= 3
    return word[:1].isupper() and word[1:].islower()


def _short_name(word: str) -> bool:
    """A two-letter word that may be a name in a list of players ("mo 107")."""
    folded = word.casefold()
    return len(word) == 2 and word.isalpha() and folded not in NOT_NAMES | {"on", "op", "at"}


def _verb_follows(said: list[str], i: int) -> bool:
    """Whether a verb of holding or calling follows word ``i``, perhaps after small words."""
    for nxt in said[i + 1 : i + 5]:
        folded = nxt.casefold()
        if folded in _VERBS:
            return True
        if folded not in _BETWEEN:
            return False
    return False


def _joined_to_name(said: list[str], i: int, texting: bool) -> bool:
    """ "Anna and Bram both hold 2": the first name, joined by "and" to a name with its verb."""
    if i + 2 >= len(said) or said[i + 1].casefold() not in _JOIN:
        return False
    return _name_like(said[i + 2], texting) and _verb_follows(said, i + 2)


def _number_follows(question: Question, word: str) -> bool:
    """A number right after the name, ending its clause ("... en Bram 1.")."""
    return bool(
        re.search(
            rf"\b{re.escape(word)}\s+-?\d+\s*(?:[.,;:!?)]|$|(?:and|en|points|punten|pts)\b)",
            question.text,
        )
    )


def _listed(question: Question, word: str) -> bool:
    """A name in a list of players and their numbers ("me 80, tim 100, sara 80"): after a comma
    or a colon, with a number right after it, beside another such entry."""
    entry = rf"(?:^|[,:;]|\band\b|\ben\b)\s*{re.escape(word)}\s+-?\d+\b"
    if not re.search(entry, question.text, re.IGNORECASE):
        return False
    entries = re.findall(r"(?:^|[,:;])\s*[^\W\d_]+\s+-?\d+\b", question.text)
    return len(entries) >= 2
