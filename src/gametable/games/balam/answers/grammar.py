"""Balam's situation grammar: what a question says about buildings, riches, Katun cards,
players, cities and actions, in English and Dutch, misspellings included.

The rulebook is English only; the Dutch words are ours (a player's words for the pieces).

>>> from gametable.rulebook.question import Question
>>> q = Question.read("Can I build a markt without cacao?")
>>> buildings_in(q), riches_in(q), wants(q)
(['market'], ['cacao'], 'build')
>>> card_in(Question.read("wat gebeurt er bij een droogte zonder dorpen?"))
'drought'
"""

from __future__ import annotations

from gametable.games.balam.board import KINDS, RICHES
from gametable.rulebook.question import Lexicon, Question

#: every way of naming a building, in English and Dutch, to its name in the engine
BUILDING_WORDS: dict[str, str] = {
    **{k: k for k in KINDS},
    **{k + "s": k for k in KINDS if k != "village"},
    "villages": "village",
    "palaces": "palace",
    "ball court": "court",
    "ball courts": "court",
    "courts": "court",
    "prison": "reserve",
    "prisons": "reserve",
    "observatories": "observatory",
    "dorp": "village",
    "dorpen": "village",
    "paleis": "palace",
    "paleizen": "palace",
    "tempel": "temple",
    "tempels": "temple",
    "garnizoen": "garrison",
    "garnizoenen": "garrison",
    "voorraad": "reserve",
    "voorraadschuur": "reserve",
    "gevangenis": "reserve",
    "markt": "market",
    "markten": "market",
    "observatorium": "observatory",
    "sterrenwacht": "observatory",
    "balspelveld": "court",
    "balveld": "court",
    "balvelden": "court",
}
#: every way of naming a riches
RICHES_WORDS: dict[str, str] = {
    **{r: r for r in RICHES},
    "prisoners": "prisoner",
    "shells": "shell",
    "corn": "maize",
    "cocoa": "cacao",
    "mais": "maize",
    "maïs": "maize",
    "schelp": "shell",
    "schelpen": "shell",
    "obsidiaan": "obsidian",
    "gevangene": "prisoner",
    "gevangenen": "prisoner",
}
#: every way of naming a Katun card, to its type in the engine
CARD_WORDS: dict[str, str] = {
    "drought": "drought",
    "droogte": "drought",
    "insurrection": "insurrection",
    "opstand": "insurrection",
    "earthquake": "earthquake",
    "aardbeving": "earthquake",
    "pochteca": "pochteca",
    "toltec raid": "toltec_raid",
    "toltec": "toltec_raid",
    "tolteken": "toltec_raid",
    "decadence": "decadence",
    "decadentie": "decadence",
    "eruption": "eruption",
    "volcanic eruption": "eruption",
    "volcanic eruptions": "eruption",
    "vulkaanuitbarsting": "eruption",
    "tidal wave": "tidal_wave",
    "tsunami": "tidal_wave",
    "vloedgolf": "tidal_wave",
    "ball game": "ball_game",
    "balspel": "ball_game",
    "eclipse": "eclipse",
    "eclips": "eclipse",
    "zonsverduistering": "eclipse",
    "cacao festival": "cacao_festival",
    "princely marriage": "marriage",
    "marriage": "marriage",
    "expedition": "expedition",
    "expedition return": "expedition",
    "exceptional katun": "exceptional",
    "cenotes": "cenotes",
    "sacred cenotes": "cenotes",
}
BUILDINGS = Lexicon(BUILDING_WORDS)
RICHES_NAMES = Lexicon(RICHES_WORDS)
CARDS = Lexicon(CARD_WORDS)

#: the Dutch names we give the pieces in replies
DUTCH = {
    "village": "dorp",
    "palace": "paleis",
    "temple": "tempel",
    "garrison": "garnizoen",
    "reserve": "voorraad",
    "market": "markt",
    "observatory": "observatorium",
    "court": "balspelveld",
    "maize": "maïs",
    "cacao": "cacao",
    "shell": "schelp",
    "jade": "jade",
    "obsidian": "obsidiaan",
    "prisoner": "gevangene",
}


def name_of(question: Question, thing: str) -> str:
    """A building's or riches' name in the question's language."""
    english = "ball court" if thing == "court" else thing
    return question.say(english, DUTCH.get(thing, thing))


def buildings_in(question: Question) -> list[str]:
    """The buildings the question names, in order (each once)."""
    return list(dict.fromkeys(m.name for m in BUILDINGS.find(question)))


def riches_in(question: Question) -> list[str]:
    """The riches the question names, in order (each once)."""
    return list(dict.fromkeys(m.name for m in RICHES_NAMES.find(question)))


def card_in(question: Question) -> str | None:
    """The Katun card the question names (the first), or ``None``."""
    found = CARDS.find(question)
    return found[0].name if found else None


def counted(question: Question, lexicon: Lexicon) -> dict[str, int]:
    """How many of each thing the question counts: "2 maize and a prisoner" ->
    ``{"maize": 2, "prisoner": 1}``; a thing named without a number counts 1, after "no" 0."""
    out: dict[str, int] = {}
    for mention in lexicon.find(question):
        said = mention.said.split()
        n = 1
        if len(said) > 1 and _count_word(said[0], None) is not None:
            n = _count_word(said[0], 1) or 0
        elif mention.start > 0:
            before = question.words[mention.start - 1]
            n = 0 if before in ("without", "zonder") else _count_word(before, 1) or 0
        out[mention.name] = out.get(mention.name, 0) + n
    return out


_WORD_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "een": 1, "één": 1, "no": 0, "geen": 0, "zero": 0, "nul": 0,
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8,
    "negen": 9, "tien": 10, "elf": 11, "twaalf": 12, "eleven": 11, "twelve": 12,
}  # fmt: skip


def _count_word(word: str, default: int | None) -> int | None:
    if word.lstrip("-").isdigit():
        return int(word)
    return _WORD_NUMBERS.get(word, default)


def number_before(question: Question, *nouns: str) -> int | None:
    """The number just before one of ``nouns`` ("with 5 cities" -> 5), or ``None``."""
    words = question.words
    for i, word in enumerate(words[1:], start=1):
        if word in nouns:
            n = _count_word(words[i - 1], None)
            if n is not None:
                return n
    return None


def players_in(question: Question) -> int | None:
    """The number of players the question names ("with 3 players", "met drie spelers")."""
    n = number_before(question, "players", "player", "spelers", "speler", "kings", "koningen")
    if n is None and question.matches(r"\b(two|2)[- ]player"):
        n = 2
    return n


def cities_in(question: Question) -> int | None:
    """How many cities the question says a king holds ("with 5 cities", "met 5 steden")."""
    return number_before(question, "cities", "city", "steden", "stad")


def is_dutch(question: Question) -> bool:
    return question.lang == "nl"


#: the action a question asks about, by the words that name it (checked in this order)
_WANTS = (
    ("take over", r"\b(take (?:it |the site |the city )?over|take possession|overnemen|neem .* over|"
     r"in bezit nemen|rebuild|herbouwen)\b"),
    ("attack", r"\b(attack|attacking|assault|war|aanvallen|aanval|val .* aan|oorlog)\b"),
    ("build", r"\b(build|building|construct|bouwen|bouw|neerzetten|zetten)\b"),
    ("pass", r"\b(pass|passen|skip)\b"),
    ("turn", r"\b(turn (?:over )?(?:a |the )?katun|turn over|draw (?:a )?katun|omdraaien|draai)\b"),
    ("remove", r"\b(remove|demolish|afbreken|weghalen)\b"),
    ("sacrifice", r"\b(sacrifice|offer|offeren)\b"),
)  # fmt: skip


def wants(question: Question) -> str | None:
    """The action the question asks about: build, attack, pass, turn, remove, sacrifice, or
    take over (a devastated city)."""
    for name, pattern in _WANTS:
        if question.matches(pattern):
            return name
    return None


def says_tie(question: Question) -> bool:
    """Whether the question speaks of a tie ("tied", "the same number", "gelijk")."""
    return question.matches(
        r"\b(tie|tied|ties|same number|as many|equal|gelijk|evenveel|ex aequo|draw)\b"
    )


def says_second(question: Question) -> bool:
    return question.matches(r"\b(second|runner[- ]up|tweede)\b")


def says_alone(question: Question) -> bool:
    return question.matches(r"\b(alone|on my own|by myself|most|outright|alleen|meeste)\b")
