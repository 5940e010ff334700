"""Words of questions and rules: stop words, synonyms, phrases, stemming and :func:`tokenize`.

Text is lower-cased, a few phrases are rewritten ("go first" -> "first turn"), split into words,
stripped of stop words, mapped through tables of synonyms ("shout" -> "call", "seven" -> "7"; per
game: "piece" -> "pawn" in Keezbord, "war" -> "attack" in Balam...) and stemmed with a
light stemmer of our own (:func:`stem`); the Snowball English stemmer (``snowballstemmer``) was
measured in its place and scored the same, so no dependency was added for it.
"""

from __future__ import annotations

import re
from functools import cache

_STOP_TEXT = """
a about again all also am an and any are as at be because been being but by can could did do does
doing during each either else for from further had has have having he her here hers him his how i
if in into is it its itself just let me might mine much my myself neither nor of off on once only
or other our ours out own shall she should so some still such than that the their them then there
these they this those through to too under until up us very was we were what when where whether
which while who whom why will with would yet you your yours yourself actually really exactly
happens happen get gets got okay ok please tell anyone someone somebody something thing things way
need needs one's does doesn't don't isn't many much now anything everything also still able lot
lots not no can't won't i'm i've name
"""
STOP_WORDS = frozenset(w.replace("'", "") for w in _STOP_TEXT.split())

#: word -> canonical word, applied before stemming (game terms, rulebook's Dutch words, numbers)
SYNONYMS: dict[str, str] = {
    # calling BALZAK!
    "shout": "call",
    "shouts": "call",
    "shouting": "call",
    "yell": "call",
    "announce": "call",
    "announcing": "call",
    "declare": "call",
    "declaring": "call",
    "calls": "call",
    "calling": "call",
    "called": "call",
    "caller": "call",
    "balzakken": "balzak",
    # pawns and cards (Keezbord)
    "piece": "pawn",
    "pieces": "pawn",
    "marble": "pawn",
    "marbles": "pawn",
    "peg": "pawn",
    "pegs": "pawn",
    "pion": "pawn",
    "pionnen": "pawn",
    "man": "pawn",
    "men": "pawn",
    "honk": "home",
    "thuishonk": "home",
    "nest": "start",
    "starting": "start",
    "boer": "jack",
    "knave": "jack",
    "jacks": "jack",
    "vrouw": "queen",
    "heer": "king",
    "aas": "ace",
    "aces": "ace",
    "kings": "king",
    "queens": "queen",
    "partner": "team",
    "partners": "team",
    "teammate": "team",
    "teammates": "team",
    "ally": "team",
    "teams": "team",
    "dealer": "deal",
    "dealing": "deal",
    "dealt": "deal",
    "backwards": "backward",
    "reverse": "backward",
    "opgooien": "play",
    # Balam
    "resource": "riches",
    "resources": "riches",
    "goods": "riches",
    "wealth": "riches",
    "rich": "riches",
    "corn": "maize",
    "cocoa": "cacao",
    "chocolate": "cacao",
    "shells": "shell",
    "seashell": "shell",
    "captive": "prisoner",
    "captives": "prisoner",
    "sacrifices": "sacrifice",
    "sacrificed": "sacrifice",
    "sacrificing": "sacrifice",
    "offering": "sacrifice",
    "offer": "sacrifice",
    "ceremony": "sacrifice",
    "ceremonies": "sacrifice",
    "taxes": "tax",
    "taxation": "tax",
    "levy": "tax",
    "war": "attack",
    "wars": "attack",
    "fight": "attack",
    "fighting": "attack",
    "combat": "attack",
    "battle": "attack",
    "battles": "attack",
    "assault": "attack",
    "attacks": "attack",
    "attacking": "attack",
    "attacked": "attack",
    "attacker": "attack",
    "defender": "defend",
    "defence": "defend",
    "defense": "defend",
    "defending": "defend",
    "die": "dice",
    "roll": "dice",
    "rolls": "dice",
    "rolling": "dice",
    "rolled": "dice",
    "construct": "build",
    "construction": "build",
    "constructions": "build",
    "building": "build",
    "buildings": "build",
    "builds": "build",
    "built": "build",
    "storage": "store",
    "stored": "store",
    "storing": "store",
    "stash": "store",
    "vp": "prestige",
    "vps": "prestige",
    "katuns": "katun",
    "observatories": "observatory",
    "divination": "divine",
    "foresee": "divine",
    "peek": "look",
    "ballgame": "ball",
    "ballcourt": "court",
    # general
    "won": "win",
    "winner": "win",
    "winning": "win",
    "wins": "win",
    "victory": "win",
    "lost": "lose",
    "loses": "lose",
    "losing": "lose",
    "loss": "lose",
    "losses": "lose",
    "pick": "draw",
    "picks": "draw",
    "drawn": "draw",
    "drew": "draw",
    "reshuffle": "shuffle",
    "reshuffled": "shuffle",
    "clockwise": "clockwise",
    "begins": "begin",
    "first": "first",
    "starts": "start",
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "eleven": "11",
    "twelve": "12",
    "twenty": "20",
    "once": "1",
    "used": "use",
    "uses": "use",
    "using": "use",
    "people": "player",
    "persons": "player",
    "person": "player",
    "players": "player",
    "highest": "high",
    "higher": "high",
    "lowest": "low",
    "lower": "low",
    "biggest": "high",
    "smallest": "low",
    "laid": "lay",
    "lays": "lay",
    "less": "low",
    "fewer": "low",
    "fewest": "low",
    "least": "low",
    "maximum": "limit",
    "max": "limit",
    "minimum": "limit",
    "spend": "pay",
    "spent": "pay",
    "spending": "pay",
    "prepare": "build",
    "preparing": "build",
    "preparation": "build",
    "tied": "tie",
    "ties": "tie",
    "tying": "tie",
    "equal": "tie",
    "equals": "tie",
    "same": "tie",
    "stalemate": "tie",
    "draws": "draw",
}

#: synonyms that hold in one game only (they would mislead in another)
GAME_SYNONYMS: dict[str, dict[str, str]] = {
    "balzakken": {
        "deck": "draw pile",
        "stock": "draw pile",
        "total": "point",
        "worth": "point",
        "score": "point",
        "scores": "point",
        "values": "value",
        "number": "value",
        "numbers": "value",
        "rid": "discard",
        "dump": "discard",
        "dumping": "discard",
        "dumped": "discard",
        "throw": "discard",
        "throwing": "discard",
        "threw": "discard",
        "thrown": "discard",
        "toss": "discard",
        "ditch": "discard",
    },
    "keezbord": {
        "hitting": "hit",
        "hits": "hit",
        "slaan": "hit",
        "knock": "hit",
        "knocks": "hit",
        "knocked": "hit",
        "capture": "hit",
        "captures": "hit",
        "bump": "hit",
        "bumped": "hit",
        "bumps": "hit",
        "kill": "hit",
        "kills": "hit",
        "lands": "hit",
        "land": "hit",
        "landing": "hit",
        "row": "home",
        "finish": "home",
        "spaces": "step",
        "space": "step",
        "steps": "step",
        "sent": "hit",
        "blocks": "pass",
        "blocked": "pass",
        "block": "pass",
        "jump": "pass",
        "jumps": "pass",
        "overtake": "pass",
        "odd": "odd",
        "even": "odd",
    },
    "balam": {
        "hit": "success",
        "hits": "success",
        "successes": "success",
        "knock": "destroy",
        "raze": "destroy",
        "destroyed": "destroy",
        "demolish": "destroy",
        "disaster": "catastrophe",
        "disasters": "catastrophe",
        "catastrophes": "catastrophe",
        "avoid": "ward",
        "prevent": "ward",
        "protect": "ward",
        "options": "choice",
        "choices": "choice",
        "choose": "choice",
        "points": "prestige",
        "point": "prestige",
        "score": "prestige",
        "map": "board",
        "tile": "tile",
        "deck": "katun",
    },
}

#: phrases (in lower case) read as other words before splitting into terms
PHRASES: dict[str, str] = {
    "goes first": "first turn",
    "go first": "first turn",
    "plays first": "first turn",
    "play first": "first turn",
    "starts first": "first turn",
    "ward off": "ward",
    "knock down": "destroy",
    "knocks down": "destroy",
    "take over": "claim",
    "take possession": "claim",
    "conquer": "claim",
}

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def stem(word: str) -> str:
    """A light suffix-stripping stemmer (plurals, -ing, -ed, a final -e).

    >>> [stem(w) for w in ("swaps", "swapped", "swapping", "places", "placed", "cities", "dice")]
    ['swap', 'swap', 'swap', 'plac', 'plac', 'city', 'dic']
    """
    if word.isdigit() or len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "ches", "shes")) or (word.endswith("es") and word[-3] in "sxz"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if len(base) >= 2 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]
            word = base
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


@cache
def _terms(word: str, game: str | None) -> tuple[str, ...]:
    word = GAME_SYNONYMS.get(game or "", {}).get(word) or SYNONYMS.get(word, word)
    return tuple(stem(w) for w in word.split())


def tokenize(text: str, game: str | None = None) -> list[str]:
    """Index terms of ``text``: lower-cased, without stop words, synonyms mapped, stemmed.

    ``game`` adds the synonyms that only hold in that game.

    >>> tokenize("Can I call BALZAK! with a Swinger in my hand?")
    ['call', 'balzak', 'swinger', 'hand']
    """
    text = text.lower().replace("’", "'")
    for phrase, replacement in PHRASES.items():
        if phrase in text:
            text = re.sub(rf"\b{re.escape(phrase)}\b", replacement, text)
    out: list[str] = []
    for word in _WORD.findall(text):
        if word.endswith("'s"):
            word = word[:-2]
        if word[:-1].isdigit() and word[-1] == "s":  # "two 3s"
            word = word[:-1]
        word = word.replace("'", "")
        if not word or word in STOP_WORDS:
            continue
        out.extend(_terms(word, game))
    return out
