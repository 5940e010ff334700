"""Words of questions and rules: stop words, synonyms, phrases, stemming and :func:`tokenize`.

Text is lower-cased, stripped of accents, a few phrases are rewritten ("go first" -> "first
turn"), split into words, stripped of stop words, mapped through tables of synonyms ("won" ->
"win", "seven" -> "7") and stemmed with a light stemmer of our own (:func:`stem`); the
Snowball English stemmer (``snowballstemmer``) was measured in its place and scored the same.
The shared tables hold English and Dutch in general and the words of any board or card game
(players, turns, cards, dealing, winning, ties, numbers); each game adds its own words
(:class:`GameWords`: the names of its pieces, cards and actions), read first.

The rules are written in English, and players ask in English or Dutch.  A question that reads
as Dutch (:func:`gametable.rulebook.question.language`) first loses its Dutch stop words
(:data:`DUTCH_STOP_WORDS`) and has its Dutch words turned into the English ones the rules use
(:data:`DUTCH`: "kaarten" -> "card"; and the game's own: "roepen" -> "call", "Heer" -> "king",
"dorp" -> "village"); a Dutch word not in the tables is looked
up by its Snowball Dutch stem ("kaarten" finds "kaart"), then read as an English word would be.

A game's own words are its part ``words`` (:mod:`gametable.core.parts`), a :class:`GameWords`
in its package (``games/<game>/rulebook/words.py``): this module names no game.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

import snowballstemmer

from gametable.core.errors import UnknownGame
from gametable.core.parts import Kind, part
from gametable.core.registry import load_game
from gametable.rulebook.question import language

_STOP_TEXT = """
a about again all also am an and any are as at be because been being but by can could did do does
doing during each either else for from further had has have having he her here hers him his how i
if in into is it its itself just let me might mine much my myself neither nor of off on once only
or other our ours out own shall she should so some still such than that the their them then there
these they this those through to too under until up us very was we were what when where whether
which while who whom why will with would yet you your yours yourself actually really exactly
happens happen get gets got okay ok please tell anyone someone somebody something thing things way
need needs one's does doesn't don't isn't many much now anything everything also still able lot
lots not no can't won't i'm i've name getting what's
"""
STOP_WORDS = frozenset(w.replace("'", "") for w in _STOP_TEXT.split())

#: word -> canonical word for every game, applied before stemming: English in general (forms of
#: one word, number words, everyday words for what any game has: players, turns, winning, ties,
#: dealing and drawing).  A game's own things ("piece" -> "pawn", "war" -> "attack") are its
#: own words (:class:`GameWords`), where they cannot mislead in another game.
SYNONYMS: dict[str, str] = {
    # starting and order of play
    "starting": "start",
    "starts": "start",
    "begins": "begin",
    "first": "first",
    "clockwise": "clockwise",
    # cards in any card game
    "dealer": "deal",
    "dealing": "deal",
    "dealt": "deal",
    "drawn": "draw",
    "drew": "draw",
    "draws": "draw",
    "reshuffle": "shuffle",
    "reshuffled": "shuffle",
    "laid": "lay",
    "lays": "lay",
    # winning, losing, ties
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
    "tied": "tie",
    "ties": "tie",
    "tying": "tie",
    "equal": "tie",
    "equals": "tie",
    "same": "tie",
    "stalemate": "tie",
    # numbers
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
    # players, amounts, limits
    "people": "player",
    "persons": "player",
    "person": "player",
    "players": "player",
    "highest": "high",
    "higher": "high",
    "biggest": "high",
    "lowest": "low",
    "lower": "low",
    "smallest": "low",
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
    "used": "use",
    "uses": "use",
    "using": "use",
    # "a plain number card" is a normal one: an adjective that names nothing of its own
    "plain": "normal",
    "ordinary": "normal",
    "regular": "normal",
    "usual": "normal",
}


@dataclass(frozen=True)
class GameWords:
    """The words that hold in one game only (they would mislead in another): what a game's part
    ``words`` is.

    ``synonyms`` are read before :data:`SYNONYMS` (word -> canonical word), ``dutch`` before
    :data:`DUTCH` (Dutch word -> the English word(s) the game's rules use), ``phrases`` before
    :data:`PHRASES` (a phrase of an English question -> the words it is read as).
    """

    synonyms: Mapping[str, str] = field(default_factory=dict)
    dutch: Mapping[str, str] = field(default_factory=dict)
    phrases: Mapping[str, str] = field(default_factory=dict)


#: the words of a game that declares none, or of no game
NO_WORDS = GameWords()


#: a game's ``words`` part
WORDS: Kind[GameWords] = Kind("words", GameWords)


@cache
def game_words(game: str | None) -> GameWords:
    """The own words of ``game`` (its part ``words``); :data:`NO_WORDS` for no game, a game that
    declares none, or a rulebook without a referee.

    >>> game_words("keezbord").dutch["pionnen"], game_words(None) is NO_WORDS
    ('pawn', True)
    """
    if not game:
        return NO_WORDS
    try:
        found = part(load_game(game), WORDS)
    except UnknownGame:
        return NO_WORDS
    return NO_WORDS if found is None else found


#: Dutch words that say nothing about the rules (removed from a Dutch question only: "die",
#: "door" and "men" mean other things in English)
_DUTCH_STOP_TEXT = """
aan al alle alles als altijd ander andere anders ben bent bij daar daarna dan dat de deze die dit
doe doen doet door dus echt een eens eigenlijk elk elke en er even gewoon haar had heb hebben hebt
heeft hem het hier hij hoe hun iemand iedereen iets ik in is ja je jij jou jouw kan kon kun kunnen
kunt maar me men met mij mijn mn nee niet niets nog nou nu of om omdat ons onze ook op over precies
s t te toch toen tot u uit uw van veel voor waar waarom wanneer want was wat we wel welk welke
werd wie wij wil willen wordt worden zal ze zelf zich zij zijn zo zou zoals hoeveel gebeurt
gebeuren gebeurd iemand eigen graag dezelfde hetzelfde per ieder iedere enkel enkele heen zn
werkt werken werkelijk
"""
DUTCH_STOP_WORDS = frozenset(_DUTCH_STOP_TEXT.split())

#: Dutch word -> the English word(s) the rules use, for every game (applied to Dutch questions
#: before the English tables above; a word is also found by its Snowball Dutch stem): everyday
#: Dutch and the words of any board or card game (player, turn, card, point, board); a game's
#: own things are in its own words
DUTCH: dict[str, str] = {
    # play, turns and rounds
    "spel": "game",
    "spelletje": "game",
    "potje": "game",
    "speler": "player",
    "spelers": "player",
    "tegenstander": "opponent",
    "tegenstanders": "opponent",
    "tegenspeler": "opponent",
    "buurman": "next player",
    "buurvrouw": "next player",
    "beurt": "turn",
    "beurten": "turn",
    "ronde": "round",
    "rondes": "round",
    "rondje": "round",
    "spelen": "play",
    "speel": "play",
    "speelt": "play",
    "gespeeld": "play",
    "begin": "begin",
    "beginnen": "begin",
    "begint": "begin",
    "eerst": "first",
    "eerste": "first",
    "laatste": "last",
    "volgende": "next",
    "einde": "end",
    "eind": "end",
    "eindigt": "end",
    "afgelopen": "end",
    "stoppen": "end",
    "stopt": "end",
    "klaar": "end",
    "winnen": "win",
    "wint": "win",
    "winnaar": "win",
    "gewonnen": "win",
    "verliezen": "lose",
    "verliest": "lose",
    "verloren": "lose",
    "kwijt": "lose",
    "gelijk": "tie",
    "gelijkspel": "tie",
    "evenveel": "tie",
    "mag": "may",
    "mogen": "may",
    "moet": "must",
    "moeten": "must",
    "verplicht": "must",
    "staan": "stand",
    "staat": "stand",
    "sta": "stand",
    "stond": "stand",
    "links": "left",
    "rechts": "right",
    "klok": "clockwise",
    "kloksgewijs": "clockwise",
    # cards and scores
    "kaart": "card",
    "kaarten": "card",
    "kaartje": "card",
    "hand": "hand",
    "stapel": "pile",
    "trekken": "draw",
    "trek": "draw",
    "trekt": "draw",
    "pakken": "draw",
    "pak": "draw",
    "pakt": "draw",
    "schudden": "shuffle",
    "geschud": "shuffle",
    "delen": "deal",
    "deelt": "deal",
    "gedeeld": "deal",
    "deler": "deal",
    "krijgen": "get",
    "krijg": "get",
    "krijgt": "get",
    "ruilen": "swap",
    "ruil": "swap",
    "ruilt": "swap",
    "wisselen": "swap",
    "wissel": "swap",
    "verwisselen": "swap",
    "punt": "point",
    "punten": "point",
    "score": "score",
    "scoren": "score",
    "puntentelling": "score",
    "telling": "score",
    "scoort": "score",
    "totaal": "total",
    "waarde": "value",
    "waard": "value",
    "telt": "count",
    "tellen": "count",
    "hoogste": "high",
    "hoog": "high",
    "laagste": "low",
    "laag": "low",
    "minder": "less",
    "meer": "more",
    "leeg": "empty",
    "lege": "empty",
    "geen": "no",
    "kost": "cost",
    "kosten": "cost",
    "gebruik": "use",
    "gebruiken": "use",
    "tegelijk": "together",
    "tegelijkertijd": "together",
    "bovenste": "top",
    "bord": "board",
    "speelbord": "board",
    "aantal": "number",
    # numbers
    "nul": "0",
    "een": "1",
    "twee": "2",
    "drie": "3",
    "vier": "4",
    "vijf": "5",
    "zes": "6",
    "zeven": "7",
    "acht": "8",
    "negen": "9",
    "tien": "10",
    "elf": "11",
    "twaalf": "12",
    "twintig": "20",
    "vijfentwintig": "25",
    "honderd": "100",
}


_DUTCH_STEMMER = snowballstemmer.stemmer("dutch")


def _by_stem(table: dict[str, str]) -> dict[str, str]:
    """``table`` keyed by the Snowball Dutch stems of its words (a stem two words share keeps
    the first)."""
    out: dict[str, str] = {}
    for word, english in table.items():
        out.setdefault(_DUTCH_STEMMER.stemWord(word), english)
    return out


_DUTCH_STEMS = _by_stem(DUTCH)


@cache
def _game_stems(game: str | None) -> dict[str, str]:
    """The game's own Dutch words keyed by their Snowball Dutch stems."""
    return _by_stem(dict(game_words(game).dutch))


def dutch_to_english(word: str, game: str | None = None) -> str:
    """The English word(s) the rules use for the Dutch ``word`` (``word`` itself when the
    tables do not know it), the game's own words first.

    >>> dutch_to_english("pionnen", "keezbord"), dutch_to_english("kaarten")
    ('pawn', 'card')
    """
    own = game_words(game).dutch
    found = own.get(word) or DUTCH.get(word)
    if found is None:
        root = _DUTCH_STEMMER.stemWord(word)
        found = _game_stems(game).get(root) or _DUTCH_STEMS.get(root)
    return found or word


#: how long a word of a question in no clear language must be to be looked up as Dutch
_LONG_DUTCH = 6


def _known_dutch(word: str, game: str | None) -> bool:
    """Whether ``word`` itself is in the Dutch tables (the game's own or the shared one)."""
    return word in DUTCH or word in game_words(game).dutch


#: phrases (in lower case) of an English question read as other words before splitting into
#: terms, for every game (a game's own phrases are in its own words)
PHRASES: dict[str, str] = {
    "goes first": "first turn",
    "go first": "first turn",
    "plays first": "first turn",
    "play first": "first turn",
    "starts first": "first turn",
}

_WORD = re.compile(r"[^\W_]+(?:'[a-z]+)?")


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
def _terms(word: str, game: str | None, lang: str = "en") -> tuple[str, ...]:
    words = dutch_to_english(word, game).split() if lang == "nl" else [word]
    out: list[str] = []
    for w in words:
        if w in STOP_WORDS:  # a Dutch word whose English says nothing ("krijgen" -> "get")
            continue
        w = game_words(game).synonyms.get(w) or SYNONYMS.get(w, w)
        out.extend(stem(part) for part in w.split())
    return tuple(out)


def _plain(text: str) -> str:
    """``text`` in lower case without accents ("maïs" -> "mais", "één" -> "een")."""
    text = unicodedata.normalize("NFKD", text.lower().replace("’", "'"))
    return "".join(c for c in text if not unicodedata.combining(c))


def tokenize(text: str, game: str | None = None) -> list[str]:
    """Index terms of ``text``: lower-cased, without stop words, synonyms mapped, stemmed.

    ``game`` adds the synonyms that only hold in that game.

    >>> tokenize("Can I call BALZAK! with a Swinger in my hand?")
    ['call', 'balzak', 'swinger', 'hand']
    >>> tokenize("mag ik BALZAK! roepen met De Lul in mijn hand?", "balzakken")
    ['may', 'balzak', 'call', 'lul', 'hand']
    >>> tokenize("ik heb geen kaarten meer, wat nu?")
    ['card', 'left']
    """
    text = _plain(text)
    words = _WORD.findall(text)
    lang = language(words)
    if lang == "en":
        for phrase, replacement in (*game_words(game).phrases.items(), *PHRASES.items()):
            if phrase in text:
                text = re.sub(rf"\b{re.escape(phrase)}\b", replacement, text)
        words = _WORD.findall(text)
    # a question without a marker of either language ("droogte", "belasting?"): its longer words
    # that the Dutch tables know are read as Dutch (no English word of the rules is among them)
    undecided = lang == "en" and language([*words, "het"]) == "nl"
    out: list[str] = []
    for i, word in enumerate(words):
        if lang == "nl" and word == "meer" and "geen" in words[:i]:
            word = "left"  # "geen kaarten meer": no cards left, not more cards
        if undecided and len(word) >= _LONG_DUTCH and _known_dutch(word, game):
            out.extend(_terms(word, game, "nl"))
            continue
        if word.endswith("'s"):
            word = word[:-2]
        if word[:-1].isdigit() and word[-1] == "s":  # "two 3s"
            word = word[:-1]
        word = word.replace("'", "")
        if not word or word in STOP_WORDS or (lang == "nl" and word in DUTCH_STOP_WORDS):
            continue
        out.extend(_terms(word, game, lang))
    return out
