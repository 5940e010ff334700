"""A question about one other player alone, read as the asker's own situation.

Every rule of Balzakken is the same for each player, so "Mag opa De Swinger op zichzelf
spelen?" is the situation of "Mag ik De Swinger op mezelf spelen?", and "Tom is on 44 and
makes a false BALZAK!" that of "I am on 44 and make a false BALZAK!".  When the readers cannot
read a question as it is said, and it names exactly one other player (by name, a family word,
or he / she / hij / zij) and nobody else, not even the asker, it is said again in the first
person and read once more.  Only the player's own words change: the name and its pronouns, and
the verb beside them; a question naming two players, a group, or the asker is left alone.

>>> as_mine(Question.read("Mag opa De Swinger op zichzelf spelen?")).text
'Mag ik De Swinger op mezelf spelen?'
>>> as_mine(Question.read("Tom has 3 points and the Lul. Can he call BALZAK!?")).text
'I have 3 points and the Lul. Can I call BALZAK!?'
>>> as_mine(Question.read("Tom calls with 3 and Anna has 2. Who wins?")) is None
True
"""

from __future__ import annotations

import re
from dataclasses import replace

from gametable.games.balzakken.answers.partwords import NOT_NAMES
from gametable.games.balzakken.answers.players import player_names
from gametable.games.balzakken.answers.vocab import OTHERS
from gametable.rulebook.question import Question

#: the asker, or a group that includes the asker: such a question is about more than one player
_ASKER = re.compile(
    r"\b(?:i|i'm|im|i've|i'd|me|my|mine|myself|we|we're|us|our|ik|mij|mijn|me|mezelf|m'n|wij|"
    r"we|ons|onze|jij|je|jou|jouw|you|your)\b"
)
#: words for several or unnamed players: the question is about more than one player
_SEVERAL = re.compile(
    r"\b(?:someone|somebody|anyone|anybody|another|other|others|everyone|everybody|nobody|"
    r"no one|they|them|their|iemand|iedereen|niemand|anderen|andere|ander|hun|hen|both|"
    r"allebei|beide|each|elk|all|alle|players|spelers)\b"
)
#: family words and roles that name one player (not "someone", "the caller")
_ONE_PLAYER = frozenset(
    w for w, (label, _) in OTHERS.items()
    if label not in ("the other player", "the caller")
)  # fmt: skip
_EN_SUBJECT = {"he": "I", "she": "I"}
_EN_OBJECT = {"him": "me", "himself": "myself", "herself": "myself", "his": "my"}
_NL_SUBJECT = {"hij": "ik", "zij": "ik", "ze": "ik"}
_NL_OBJECT = {"hem": "mij", "zichzelf": "mezelf", "hemzelf": "mezelf", "haarzelf": "mezelf",
              "zijn": "mijn", "z'n": "m'n"}  # fmt: skip
#: the verb beside the player, said of the asker instead
_EN_VERBS = {"has": "have", "is": "am", "does": "do", "was": "was", "goes": "go",
             "hasn't": "haven't", "isn't": "am not", "doesn't": "don't"}  # fmt: skip
for _verb in (
    "makes",
    "plays",
    "calls",
    "holds",
    "gets",
    "discards",
    "swaps",
    "draws",
    "throws",
    "shouts",
    "yells",
    "scores",
    "writes",
    "takes",
    "wants",
    "puts",
    "lays",
    "keeps",
    "ends",
    "needs",
    "says",
    "picks",
    "drops",
    "lands",
    "swings",
    "gives",
    "dumps",
    "tosses",
    "wins",
    "loses",
    "stands",
    "sits",
    "lands",
    "reaches",
    "finishes",
):
    _EN_VERBS[_verb] = _verb[:-2] if _verb.endswith(("shes", "sses", "ches")) else _verb[:-1]
_NL_VERBS = {"heeft": "heb", "is": "ben", "staat": "sta", "gaat": "ga", "doet": "doe",
             "komt": "kom", "zit": "zit", "wil": "wil", "kan": "kan", "mag": "mag", "moet": "moet",
             "zal": "zal", "wint": "win", "had": "had", "was": "was", "hoeft": "hoef",
             "speelt": "speel", "legt": "leg", "gooit": "gooi", "ruilt": "ruil", "trekt": "trek",
             "pakt": "pak", "roept": "roep", "krijgt": "krijg", "schrijft": "schrijf",
             "houdt": "houd", "weglegt": "wegleg", "aflegt": "afleg", "weggooit": "weggooi",
             "wisselt": "wissel", "zegt": "zeg", "telt": "tel", "maakt": "maak",
             "verliest": "verlies", "eindigt": "eindig", "belandt": "beland"}  # fmt: skip
#: words after "her" that make it "my" rather than "me" ("her cards", "her turn")
_OWNED = frozenset(
    ["cards", "card", "hand", "turn", "points", "total", "score", "swinger", "lul", "own", "last",
     "only", "neighbour", "kaarten", "kaart", "beurt", "punten"]
)  # fmt: skip
_TOKEN = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?|'s\b|\S")


def as_mine(question: Question) -> Question | None:
    """``question`` said in the first person when it is about one other player alone (see the
    module docstring); ``None`` otherwise."""
    lower = question.lower
    if _ASKER.search(lower) or _SEVERAL.search(lower):
        return None
    named = _players_named(question)
    if len(named) != 1:
        return None
    player = named.pop()
    text = _first_person(question.text, player, question.lang == "nl")
    if text is None:
        return None
    return replace(Question.read(text), lang=question.lang)


def _players_named(question: Question) -> set[str]:
    """The one-player words of ``question``: names (said by the grammar's reading, or
    capitalised words that are no other word) and family words ("opa", "oma's")."""
    named = {n.casefold() for n in player_names(question).values()}
    for word in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", question.text):
        bare = re.sub(r"'s$", "", word.casefold())
        if bare in _ONE_PLAYER or (
            word[:1].isupper() and word[1:].islower() and bare not in NOT_NAMES and len(bare) > 1
        ):
            named.add(bare)
    return named


def _first_person(text: str, player: str, dutch: bool) -> str | None:
    """``text`` with ``player`` (and its pronouns and verbs) said as the asker."""
    tokens = [m.group(0) for m in re.finditer(r"\s+|[^\W\d_]+(?:'[^\W\d_]+)?|-?\d+|.", text)]
    words = [t.casefold() for t in tokens]
    subject, owned = (_NL_SUBJECT, _NL_OBJECT) if dutch else (_EN_SUBJECT, _EN_OBJECT)
    changed = False
    for i in range(len(words)):
        new = _said_of_me(words, i, player, subject, owned, dutch)
        if new is None:
            continue
        tokens[i] = new[:1].upper() + new[1:] if _sentence_start(words, i) else new
        changed = True
        if new.casefold() in ("i", "ik", "i'm"):
            _verb_beside(tokens, words, i, dutch)
    if not changed:
        return None
    verbs = _NL_VERBS if dutch else _EN_VERBS
    for i, word in enumerate(words):  # "... and makes a false call", "... en doet ..."
        j = _next_word(words, i, +1)
        if word in ("and", "en") and j is not None and words[j] in verbs:
            tokens[j] = verbs[words[j]]
    if words and words[0] == "the" and tokens[2:3] == ["I"]:
        return None  # "the Tom" reads oddly: leave it
    return "".join(tokens)


def _said_of_me(
    words: list[str], i: int, player: str, subject: dict[str, str], owned: dict[str, str],
    dutch: bool,
) -> str | None:  # fmt: skip
    """The first-person word for ``words[i]``, or ``None`` when it does not name the player."""
    word = words[i]
    nxt = next((w for w in words[i + 1 :] if w.strip()), "")
    if word in (f"{player}'s", f"{player}s") and dutch:
        return "mijn"
    if word == f"{player}'s":
        return "my" if nxt in _OWNED else "I'm"
    if word == player:
        if nxt == "'s" and not dutch:
            return "my"
        return "ik" if dutch else "I"
    if word in subject:
        return subject[word]
    if word in owned:
        return owned[word]
    if word == "her" and not dutch:
        return "my" if nxt in _OWNED else "me"
    if word == "haar" and dutch:
        return "mijn" if nxt in _OWNED else "mij"
    return None


def _sentence_start(words: list[str], i: int) -> bool:
    before = [w for w in words[:i] if w.strip()]
    return not before or before[-1] in (".", "?", "!")


def _verb_beside(tokens: list[str], words: list[str], i: int, dutch: bool) -> None:
    """The verb said of the player next to its subject, said of the asker: after it in English
    ("he has" -> "I have"), after or before it in Dutch ("heeft ze" -> "heb ik")."""
    spots = [_next_word(words, i, +1)]
    before = _next_word(words, i, -1)
    if not dutch and before is not None and words[before] in _EN_AUXILIARIES:
        tokens[before] = _EN_AUXILIARIES[words[before]]  # "where does he" -> "where do I"
        if _sentence_start(words, before):
            tokens[before] = tokens[before].capitalize()
        spots = []
    if dutch:
        before = _next_word(words, i, -1)
        spots.append(before)
        if before is not None and words[before] in _SUBORDINATE:
            spots.append(_clause_end(words, i))  # "als ze de drie vieren weglegt"
    for j in spots:
        if j is None:
            continue
        verb = words[j]
        mapped = (_NL_VERBS if dutch else _EN_VERBS).get(verb)
        if mapped is not None:
            tokens[j] = mapped if not tokens[j][:1].isupper() else mapped.capitalize()
            if j < i and not dutch:
                break
        if words[j] == "'s":
            tokens[j] = "'m"


#: English auxiliaries said before the subject in a question
_EN_AUXILIARIES = {"does": "do", "is": "am", "has": "have", "doesn't": "don't", "was": "was",
                   "isn't": "am not", "hasn't": "haven't"}  # fmt: skip
#: Dutch words that open a clause whose verb comes last
_SUBORDINATE = frozenset(
    ["als", "wanneer", "dat", "omdat", "terwijl", "zodra", "nadat", "voordat", "of", "tot"]
)


def _clause_end(words: list[str], i: int) -> int | None:
    """The last word of the clause ``words[i]`` stands in (up to a comma or a full stop)."""
    j = i
    while j + 1 < len(words) and words[j + 1] not in (",", ".", "?", "!", ";", ":"):
        j += 1
    while j > i and not words[j][:1].isalpha():
        j -= 1
    return j if j > i else None


def _next_word(words: list[str], i: int, step: int) -> int | None:
    j = i + step
    while 0 <= j < len(words) and not words[j].strip():
        j += step
    return j if 0 <= j < len(words) and words[j][:1].isalpha() else None
