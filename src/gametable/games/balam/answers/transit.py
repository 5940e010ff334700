"""Riches crossing a site where both kings have small pyramids ("6 - DISTRIBUTION >
TRANSPORT", commercial control, as ``docs/rules/balam.md`` reads it): a king's riches may not
cross, enter or leave a site where the enemy has more small pyramids than he has; on a tie, a
site somebody holds stays its holder's, a free site is open to both.

The reply is worked out from the question's two counts and the site's holder, by the rule: it
is not a position played by the engine, so it is not marked as checked by the referee.

>>> from gametable.rulebook.question import Question
>>> pyramids_told(Question.read("A site has 2 small pyramids of my rival and 1 of mine."))
(1, 2)
>>> pyramids_told(Question.read("A free site where he and I each have 1 small pyramid."))
(1, 1)
"""

from __future__ import annotations

import re

from gametable.games.balam.answers.grammar import RICHES_NAMES, vocabulary
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import sources

GAME = "balam"
_SMALL = r"\b(?:small|little|kleine?) (?:pyramids?|piramides?|piramiden)\b"
_MOVES = (
    r"\b(through|across|cross\w*|via|pass\w*|travel\w*|carry|carried|go|goes|erdoorheen|door|"
    r"doorheen|langs|vervoeren|brengen)\b"
)
_GOODS = r"\b(riches|goods|tokens?|rijkdom\w*|goederen)\b"
_NUMBER = {"no": 0, "none": 0, "geen": 0, "one": 1, "een": 1, "één": 1, "two": 2, "twee": 2,
           "three": 3, "drie": 3, "four": 4, "vier": 4}  # fmt: skip
_RIVAL = vocabulary("""rival rival's opponent opponent's enemy enemy's his he him tegenstander
    vijand hem hij zijn""")
_MINE = vocabulary("mine mij me i ik")
_MY = vocabulary("my mijn")
#: where a count's own words end ("2 small pyramids of his and I have 1")
_AND = vocabulary("and en but maar while whereas")
_TOKENS = re.compile(r"\d+|[^\W\d_]+(?:'[^\W\d_]+)?")
_FREE = (
    r"\b(free site|nobody owns|no one owns|nobody's|unowned|neutral|empty site|van niemand|vrije "
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
        r"\b(?:each|both|elk|allebei|ieder) (?:have |has |hebben |heeft )?(\w+)", q.lower
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
            owner = _owner(words, i)
            if owner is None or owner in told:
                return None
            told[owner] = n
    if set(told) != {"mine", "rival"}:
        return None
    return told["mine"], told["rival"]


def crossing(q: Question) -> Answer | None:
    """ "A site has 2 small pyramids of my rival and 1 of mine: can my cacao travel through
    it?": No, the rival controls its trade."""
    if q.kind != "yesno" or not q.matches(_SMALL) or not q.matches(_MOVES):
        return None
    if not (q.matches(_GOODS) or RICHES_NAMES.find(q) or q.matches(r"\b(it|them|het)\b")):
        return None
    if q.matches(r"\b(market|markt|build|bouw\w*|if|als|would|zou)\b"):
        return None  # a market to come, or a condition: another question
    counts = pyramids_told(q)
    if counts is None:
        return None
    mine, rival = counts
    holder = (
        "me" if q.matches(_HELD_BY_ME) else "him" if q.matches(_HELD_BY_HIM) else
        "nobody" if q.matches(_FREE) else None
    )  # fmt: skip
    judged = _judged(q, mine, rival, holder)
    if judged is None:
        return None  # a tie turns on who holds the site, which is not told
    open_, why = judged
    verdict = q.say("Yes" if open_ else "No", "Ja" if open_ else "Nee")
    text = f"{verdict}: {why}. " + q.say(
        "(Worked out from the rule, not checked by the referee.)",
        "(Afgeleid uit de regel, niet nagespeeld door de scheidsrechter.)",
    )
    return Answer(
        GAME,
        q.text,
        text,
        sources(GAME, ["6-distribution/transport"]),
        answered=True,
        topic="situation",
        lang=q.lang,
    )


def _judged(q: Question, mine: int, rival: int, holder: str | None) -> tuple[bool, str] | None:
    """Whether the site is open to the asker's riches, and why; ``None`` for a tie on a site
    whose holder (``"me"``, ``"him"``, ``"nobody"``) is not told."""
    if mine > rival:
        open_, why = (
            True,
            q.say(
                f"you have more small pyramids there ({mine} against {rival}), so the enemy does "
                "not control it",
                f"je hebt er meer kleine piramides ({mine} tegen {rival}), dus de vijand heeft er "
                "geen controle",
            ),
        )
    elif mine < rival:
        open_, why = (
            False,
            q.say(
                f"the enemy has more small pyramids there ({rival} against {mine}), so he controls "
                "its trade: your riches may not cross, enter or leave it",
                f"de vijand heeft er meer kleine piramides ({rival} tegen {mine}), dus hij beheerst "
                "de handel: je rijkdommen mogen er niet door, in of uit",
            ),
        )
    elif holder is None:
        return None
    else:
        open_ = holder != "him"
        why = {
            "nobody": q.say(
                f"on a tie ({mine} against {rival}) a free site is open to both kings",
                f"bij gelijkstand ({mine} tegen {rival}) is een vrije plaats open voor beide "
                "koningen",
            ),
            "him": q.say(
                f"on a tie ({mine} against {rival}) a site somebody holds stays under its "
                "holder's control, and this one is his",
                f"bij gelijkstand ({mine} tegen {rival}) blijft een plaats van iemand onder "
                "controle van die eigenaar, en deze is van hem",
            ),
            "me": q.say(
                f"on a tie ({mine} against {rival}) a site somebody holds stays under its "
                "holder's control, and this one is yours",
                f"bij gelijkstand ({mine} tegen {rival}) blijft een plaats van iemand onder "
                "controle van die eigenaar, en deze is van jou",
            ),
        }[holder]
    return open_, why


READERS = (crossing,)
