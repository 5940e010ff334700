"""Finding the rules that answer a question: BM25 over each game's rules reference.

Each section is one document: its rulebook path (the title counted twice), summary, rules,
examples and clarifications.  Text is lower-cased, a few phrases are rewritten ("go first" ->
"first turn"), it is split into words, stripped of stop words, mapped through tables of synonyms
("shout" -> "call", "seven" -> "7"; per game: "piece" -> "pawn" in Keezbord, "war" -> "attack"
in Balam...) and lightly stemmed.  A section's score is its BM25 score plus half the BM25 score of
its best-matching statement, so a section with one statement squarely on the question beats one
that merely mentions its words here and there; that statement is the hit's ``statement``.  A
section that has subsections scores a fifth less, since the specific section usually answers.

The evaluation questions (``data/questions/``) measure it: ``python -m gametable.rulebook``.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache

from gametable.rulebook.model import Item, Reference, Section, load

K1 = 1.2
B = 0.75
#: statements are all short: their length matters less than a section's
ITEM_B = 0.3
TITLE_WEIGHT = 2
STATEMENT_WEIGHT = 0.5
#: a section with subsections scores less: questions are usually answered by the specific one
PARENT_WEIGHT = 0.8

_STOP_TEXT = """
a about again all also am an and any are as at be because been being but by can could did do does
doing during each either else for from further had has have having he her here hers him his how i
if in into is it its itself just let me might mine much my myself neither nor of off on once only
or other our ours out own shall she should so some still such than that the their them then there
these they this those through to too under until up us very was we were what when where whether
which while who whom why will with would yet you your yours yourself actually really exactly
happens happen get gets got okay ok please tell anyone someone somebody something thing things way
need needs one's does doesn't don't isn't many much now anything everything also still able lot
lots not no can't won't i'm i've
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
        word = word.replace("'", "")
        if not word or word in STOP_WORDS:
            continue
        out.extend(_terms(word, game))
    return out


@dataclass(frozen=True)
class Hit:
    """A section that answers a question, its score and its best-matching statement."""

    section: Section
    score: float
    statement: Item | None
    terms: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return self.section.id


class Index:
    """A BM25 index over the sections of one rules reference."""

    def __init__(self, reference: Reference) -> None:
        self.reference = reference
        self.sections = list(reference.sections)
        self.docs: list[Counter[str]] = []
        self.items: list[list[tuple[Item, Counter[str]]]] = []
        for s in self.sections:
            game = reference.game
            words = tokenize(s.path, game) + tokenize(s.title, game) * (TITLE_WEIGHT - 1)
            words += tokenize(s.summary, game)
            item_terms = []
            for item in s.items:
                terms = tokenize(item.text, game)
                words += terms
                item_terms.append((item, Counter(terms)))
            self.docs.append(Counter(words))
            self.items.append(item_terms)
        n = len(self.docs)
        self.parents = {
            p.id for p in self.sections if any(c.id.startswith(p.id + "/") for c in self.sections)
        }
        df: Counter[str] = Counter()
        for doc in self.docs:
            df.update(doc.keys())
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self.avg_len = sum(sum(d.values()) for d in self.docs) / max(n, 1)
        lengths = [sum(c.values()) for its in self.items for _, c in its]
        self.avg_item_len = sum(lengths) / max(len(lengths), 1)

    def _bm25(self, terms: list[str], doc: Counter[str], avg_len: float, b: float = B) -> float:
        length = sum(doc.values())
        score = 0.0
        for t in terms:
            f = doc.get(t, 0)
            if f:
                score += self.idf[t] * f * (K1 + 1) / (f + K1 * (1 - b + b * length / avg_len))
        return score

    def search(self, question: str, k: int = 3) -> list[Hit]:
        terms = list(dict.fromkeys(tokenize(question, self.reference.game)))
        if not terms:
            return []
        hits = []
        for s, doc, items in zip(self.sections, self.docs, self.items, strict=True):
            score = self._bm25(terms, doc, self.avg_len)
            if score <= 0:
                continue
            best, best_score = None, 0.0
            for item, counts in items:
                item_score = self._bm25(terms, counts, self.avg_item_len, ITEM_B)
                if item_score > best_score:
                    best, best_score = item, item_score
            matched = tuple(t for t in terms if t in doc)
            total = score + STATEMENT_WEIGHT * best_score
            if s.id in self.parents:
                total *= PARENT_WEIGHT
            hits.append(Hit(s, total, best, matched))
        hits.sort(key=lambda h: -h.score)
        return hits[:k]


@cache
def index(game: str) -> Index:
    return Index(load(game))


def search(game: str, question: str, k: int = 3) -> list[Hit]:
    """The ``k`` sections of ``game``'s rules that best answer ``question``, best first."""
    return index(game).search(question, k)
