"""A question as the chat reads it: cleaned text, its language, what kind of reply it asks for.

The chat (:mod:`gametable.rulebook.chat`) reads every question once into a :class:`Question`;
the game's own situation grammar (``games/<game>/answers/``) reads its facts from there: the
words (with Dutch and English stems), the numbers, and the names of cards and pieces matched
fuzzily by a :class:`Lexicon`.

>>> q = Question.read("I hold 3 points and The Lul, may I call BALZAK!?")
>>> q.lang, q.kind, q.numbers
('en', 'yesno', (3,))
>>> Question.read("mag ik BALZAK! roepen met De Lul in mijn hand?").lang
'nl'
>>> Question.read("how many points do I score with 64 and 5?").kind
'number'
>>> Question.read("what happens when the draw pile runs out?").kind
'what'
>>> Question.read("").problem
'empty'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

import snowballstemmer
from rapidfuzz import fuzz, process

#: the longest question read; a longer one is declined politely (a paste of a whole page)
MAX_CHARS = 1000

_WORD = re.compile(r"-?\d+|[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)

#: words that only (or mostly) Dutch uses in a question; counted against :data:`_ENGLISH`
_DUTCH_TEXT = """ik mag mijn je jij jou wat hoe wanneer kan kun kunt moet moeten een het niet met als heb hebt
    wie waar welke hoeveel punten kaart kaarten speler spelers roepen spelen pion pionnen dan er nog
    geen op van voor zijn wordt krijg krijgt telt tellen gooien gebeurt mijn mag mogen mijne ben
    heeft hebben hij zij ze ons onze jouw waarom wel ook maar dus na bij uit tot zonder elke iedere
    welk deze dit die daar hier stapel trekken leggen liggen ligt sta staat staan vak vakken honk
    thuishonk ronde rondes spel stad steden gebouw gebouwen oorlog rijkdom rijkdommen
    tegenstander teamgenoot partner maat eerst laatste alle allemaal twee drie vier vijf zes zeven
    acht negen tien elf twaalf gelijk evenveel wint winnen verliest of om aan te zo naar zakt
zakken terug roep roept gaat gaan komt komen de waard"""
_DUTCH = frozenset(_DUTCH_TEXT.split())
_ENGLISH_TEXT = """i may my the what how when can could must is are a an with if have has who where which many
    much points card cards player players call play pawn then there no not on of for be gets get
    counts count happens happen why also but so after at from until without every each this that
    these those here do does did am should would will you your yours it its his her their our
    first last all both two three four five six seven eight nine ten eleven twelve tie same wins
    win loses lose or to into"""
_ENGLISH = frozenset(_ENGLISH_TEXT.split())
#: everyday words that a misspelt name must not be taken for ("where" is no Heer, "packs" no
#: jacks): the marker words above, and more words of questions in both languages
_EVERYDAY = (
    _DUTCH
    | _ENGLISH
    | frozenset(
        [
            "where",
            "there",
            "their",
            "these",
            "those",
            "three",
            "other",
            "about",
            "after",
            "again",
            "allowed",
            "always",
            "before",
            "being",
            "below",
            "could",
            "every",
            "first",
            "front",
            "given",
            "going",
            "later",
            "least",
            "might",
            "never",
            "often",
            "other",
            "place",
            "plays",
            "pawns",
            "packs",
            "right",
            "round",
            "since",
            "still",
            "taken",
            "takes",
            "thing",
            "think",
            "though",
            "until",
            "whole",
            "whose",
            "would",
            "waarom",
            "welke",
            "wordt",
            "nadat",
            "omdat",
            "altijd",
            "nooit",
            "eerst",
            "tweede",
            "derde",
            "kunnen",
            "moeten",
            "zouden",
            "alleen",
            "andere",
            "anders",
        ]
    )
)

#: how a question opens when it asks for yes or no (English and Dutch)
_YESNO = re.compile(
    r"^(?:so |and |but |ok(?:ay)? |en |maar |dus |oh |hey )?"
    r"(?:can|could|may|might|must|should|shall|is|are|am|was|were|do|does|did|will|would|"
    r"has|have|had|isn'?t|aren'?t|can'?t|doesn'?t|don'?t|won'?t|"
    r"mag|mogen|kan|kun|kunt|kunnen|moet|moeten|is|zijn|ben|heb|hebt|heeft|hebben|telt|tellen|"
    r"wordt|worden|krijg|krijgt|krijgen|gaat|gaan|mocht|wint|verliest|speel|speelt|sta|staat|blijft|zakt|"
    r"geldt|klopt|valt|zou|zal|zullen)\b"
)
_YESNO_INSIDE = re.compile(
    r"\b(?:allowed|legal|permitted|possible|ok to|okay to|am i able|is it true|mag ik|mag je|klopt het|"
    r"kan ik|kun je|kan je|is het|toegestaan|mogelijk)\b"
)
_NUMBER = re.compile(
    r"\b(?:how many|how much|what(?:'s| is| are)? (?:my|the|his|her|their|our|your)?\s*"
    r"(?:score|scores|total|totals|points|number|count|sum)|what do (?:i|we|they|you|he|she) "
    r"(?:score|get|write(?: down)?|have)|what does (?:\w+ )?(?:score|get|write(?: down)?)|"
    r"what(?:'s| is) my (?:new )?(?:total|score|stand)|wat is mijn (?:nieuwe )?(?:stand|totaal|score)|"
    r"how (?:far|long)|hoeveel|hoe ver|wat (?:scoor|krijg|schrijf|is mijn|is de|wordt mijn|"
    r"wordt de)|mijn (?:score|totaal)|what would i score|what would (?:\w+ )?score|"
    r"what score|which score|points? (?:do|does|would|will)|score of|total of)\b"
)
_WHAT = re.compile(
    r"\b(?:what happens|what then|what if|then what|what now|who (?:wins|scores|gets|loses|"
    r"goes|starts|deals|plays|is)|which player|wat gebeurt|wat dan|wie (?:wint|krijgt|scoort|"
    r"begint|deelt|mag|verliest|is)|what do(?:es)? (?:the|a|an|my) \w+ do)\b"
)

#: words that ask for the previous question to be asked again with a change ("and with 3
#: players?", "what about the Lul?", "en met 3 spelers?")
_FOLLOW_UP = re.compile(
    r"^(?:and|what about|how about|same (?:for|with)|and if|and with|and for|and what about|"
    r"or|en|en als|en met|en bij|en voor|wat als|en wat als|wat met)\b"
)

_ENGLISH_STEMMER = snowballstemmer.stemmer("english")
_DUTCH_STEMMER = snowballstemmer.stemmer("dutch")


def clean(text: str) -> str:
    """The question without control characters, odd spaces and doubled blanks."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(c if unicodedata.category(c)[0] != "C" else " " for c in text)
    return " ".join(text.split())


def problem_of(raw: object) -> str | None:
    """Why a raw input cannot be read as a question: ``"empty"``, ``"binary"``, ``"too-long"``,
    or ``None`` when it can."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            return "binary"
    if not isinstance(raw, str):
        return "binary"
    if "\x00" in raw:
        return "binary"
    text = clean(raw)
    if not any(c.isalnum() for c in text):
        return "empty"
    if len(raw) > MAX_CHARS:
        return "too-long"
    readable = sum(c.isalnum() or c.isspace() or c in "?!.,;:=+-'\"()/%" for c in text)
    if readable < 0.6 * len(text) or not any(c.isalpha() for c in text):
        return "binary"
    return None


def language(words: Iterable[str]) -> str:
    """``"nl"`` when more of ``words`` are Dutch markers than English ones, else ``"en"``.

    >>> language("wat gebeurt er als de stapel op is".split())
    'nl'
    >>> language("what happens when the pile runs out".split())
    'en'
    """
    dutch = english = 0
    for word in words:
        dutch += word in _DUTCH
        english += word in _ENGLISH
    return "nl" if dutch > english else "en"


def stem(word: str, lang: str) -> str:
    """The Snowball stem of ``word`` in ``lang`` (``"en"`` or ``"nl"``)."""
    stemmer = _DUTCH_STEMMER if lang == "nl" else _ENGLISH_STEMMER
    return str(stemmer.stemWord(word))


_NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "nul": 0, "twee": 2,
    "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "negen": 9, "tien": 10,
    "elf": 11, "twaalf": 12,
}  # fmt: skip


@dataclass(frozen=True)
class Question:
    """A question, read once (see the module docstring).

    ``kind`` is the reply it asks for: ``"yesno"`` (starts with Yes or No), ``"number"`` (gives a
    number, worked out), ``"what"`` (says what happens or who), or ``"other"``.  ``problem`` is
    set (``"empty"``, ``"binary"``, ``"too-long"``) when the input is no readable question.
    """

    text: str
    lang: str
    kind: str
    words: tuple[str, ...]
    numbers: tuple[int, ...]
    follow_up: bool = False
    problem: str | None = None

    @classmethod
    def read(cls, raw: object) -> Question:
        problem = problem_of(raw)
        if problem is not None:
            text = clean(raw)[:MAX_CHARS] if isinstance(raw, str) and problem == "too-long" else ""
            lang = language(_WORD.findall(text.casefold()))
            return cls(text, lang, "other", (), (), problem=problem)
        assert isinstance(raw, str | bytes)
        text = clean(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
        lower = text.casefold().replace("’", "'")
        words = tuple(_WORD.findall(lower))
        lang = language(words)
        return cls(
            text=text,
            lang=lang,
            kind=_dutch_verb_first(_asked_words(lower), kind_of(lower))
            if lang == "nl"
            else kind_of(lower),
            words=words,
            numbers=tuple(_numbers(words)),
            follow_up=bool(_FOLLOW_UP.match(lower)) and len(words) <= 8,
        )

    @property
    def lower(self) -> str:
        """The text in lower case, with typographic apostrophes made plain."""
        return self.text.casefold().replace("’", "'")

    @property
    def stems(self) -> frozenset[str]:
        """The Snowball stems of the words, in both languages (a Dutch question may use an
        English game term, and the other way round)."""
        return _stems(self.words)

    def has(self, *words: str) -> bool:
        """Whether any of ``words`` (a word, or several words in a row) is in the question;
        single words also match by their stem.

        >>> Question.read("Can I call with The Lul?").has("lul", "swinger")
        True
        """
        stems = self.stems
        padded = f" {' '.join(self.words)} "
        for word in words:
            w = word.casefold()
            if " " in w or "'" in w:
                if f" {w} " in padded:
                    return True
            elif w in self.words or stem(w, "en") in stems or stem(w, "nl") in stems:
                return True
        return False

    def matches(self, pattern: str) -> bool:
        """Whether the regular expression ``pattern`` is found in the lower-cased text."""
        return re.search(pattern, self.lower) is not None

    def say(self, en: str, nl: str) -> str:
        """``en`` or ``nl``, in the question's language."""
        return nl if self.lang == "nl" else en


@cache
def _stems(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset(stem(w, "en") for w in words) | frozenset(stem(w, "nl") for w in words)


#: polite openings that wrap a question without changing what it asks for
_POLITE = re.compile(
    r"^(?:(?:can|could) you (?:please )?tell me|(?:do|does) (?:you|anyone) know|please tell me|"
    r"i (?:wonder|was wondering)|weet (?:je|jij|iemand)|(?:kun|kan) (?:je|jij|iemand)(?: me)? "
    r"(?:vertellen|zeggen))"
    r"\s*(?:,\s*)?(?:if|whether|of)?\s*",
)
#: a sentence's end: the question asked is the last sentence that ends in a question mark
_SENTENCES = re.compile(r"(?<=[.?])\s+")  # not at "!": BALZAK! ends no sentence


def kind_of(lower: str) -> str:
    """The kind of reply a lower-cased question asks for (see :class:`Question`): read from the
    last sentence that asks ("I called with 4. Was my BALZAK! good?"), else the whole.

    >>> kind_of("does the player who plays the lul draw?")
    'yesno'
    >>> kind_of("can you tell me what happens when the pile runs out?")
    'what'
    """
    lower = lower.strip(" ¿¡")
    asked = [part for part in _SENTENCES.split(lower) if part.rstrip().endswith("?")]
    if asked and asked[-1] != lower:
        kind = _kind_of_one(asked[-1])
        if kind != "other" or _ASKING.match(asked[-1].strip(" ¿¡")):
            return kind  # "... Wat zijn mijn opties?" asks what, whatever came before
    return _kind_of_one(lower)


#: words that open a question asking for more than yes or no, in English and Dutch
_ASKING = re.compile(
    r"^(?:what|which|who|whom|whose|where|when|why|how|wat|wie|welke?|waar|wanneer|waarom|hoe)\b"
)


#: a clause that sets the scene, then the question's own verb and subject ("after i play de
#: lul do i draw a card", "als ik de Lul speel, mag ik dan ...")
_CLAUSE_FIRST = re.compile(
    r"^(?:when|whenever|after|if|once|als|nadat|wanneer|zodra)\s+\w+[^?]*?[\s,]"
    r"(?:do|does|did|can|could|may|must|is|are|am|will|would|should|mag|moet|kan|kun|mogen|"
    r"moeten|is|ben|krijg|wordt)\s+(?:i|you|he|she|we|they|it|the|my|his|her|their|ik|je|jij|"
    r"hij|zij|ze|we|wij|dan|het|de|mijn|zijn|haar)\b"
)


#: a last clause that asks yes or no after a question that asks more ("who's right, may I call?")
_LAST_CLAUSE_YESNO = re.compile(
    r"[,;:]\s*(?:so |then |dus |dan )?(?:can|could|may|must|do|does|did|is|are|am|will|should|"
    r"mag|kan|kun|moet|is|ben)\s+(?:i|we|he|she|they|you|it|ik|we|wij|hij|zij|ze|je|jij|het)\b"
    r"[^,;:]*\?\s*$"
)
#: a guess put after the question ("where does the swinger go, discard pile?"): a few words, no
#: choice between two
_GUESS = re.compile(r",\s*(?!(?:or|of)\b)(?:the |de |het |a |een )?\w+(?: \w+)?\s*\?\s*$")


#: a statement put to be confirmed ("7: 4 into my home and 3 with another, ok?")
_TAG = re.compile(
    r"[,:;\s](?:ok|okay|right|correct|allowed|legal|true|mag dat|klopt dat|toch|goed zo)\s*\?\s*$"
)


def _kind_of_one(lower: str) -> str:
    lower = _POLITE.sub("", lower.strip(" ¿¡"), count=1)
    kind = _kind_by_words(lower)
    if kind == "other" and _terse_check(lower):
        if re.search(r"\b(?:score|scores|total|totals|points|punten|totaal|stand)\b", lower):
            return "number"  # "new score?", "mijn punten?"
        return "yesno"  # "lul = 10?", "4 back into my home?"
    return kind


def _terse_check(lower: str) -> bool:
    """A short question with no verb to open it and no asking word: a fact put to be checked."""
    text = lower.rstrip()
    return (
        text.endswith("?")
        and len(_WORD.findall(text)) <= 7
        and not _ASKING.match(text)
        and (" = " in text or "=" in text or not re.search(r"\b(?:or|of)\b", text))
    )


#: "what if my palace collected a prisoner, can I pay with it?": "what if" sets the scene and
#: the clause after it asks yes or no
_WHAT_IF_THEN_YESNO = re.compile(
    r"^(?:(?:but|and|so|en|maar) )?what if\b[^?]*?,\s*(?:can|may|must|do|does|will|would|"
    r"should|could|is|am|are)\s+(?:i|we|my|he|she|they|it)\b"
)


def _kind_by_words(lower: str) -> str:
    if _NUMBER.search(lower):
        return "number"
    if _WHAT_IF_THEN_YESNO.match(lower):
        return "yesno"
    if _YESNO.match(lower) and not _WHAT.match(lower):  # "does the player who plays ... draw?"
        return "yesno"
    if _WHAT.search(lower):
        if re.match(r"^(?:\w+ ){0,2}what if\b", lower) and _LAST_CLAUSE_YESNO.search(lower):
            return "yesno"  # "what if it is the second round, is it five again?"
        return "what"
    if _CLAUSE_FIRST.match(lower) or _TAG.search(lower):  # "..., do I draw?", "..., ok?"
        return "yesno"
    if _ASKING.match(lower):  # "wat kan ik met die Heer?" asks what, not whether
        if _LAST_CLAUSE_YESNO.search(lower) or _GUESS.search(lower):
            return "yesno"  # "who's right, may I call?", "where does it go, discard pile?"
        return "other"
    if _YESNO_INSIDE.search(lower):
        return "yesno"
    if re.search(
        r"[,;:.!?]\s*(?:can|may|must|is|are|was|were|do|does|did|will|would|should|could|has|"
        r"have|mag|kan|moet|is|was|ben|heb|krijg|telt|wordt)\b",
        lower,
    ):
        return "yesno"  # "I hold 3 points and The Lul, may I call BALZAK!?"
    return "other"


#: Dutch question words: a question that opens with one asks for more than yes or no
_DUTCH_ASKING = frozenset(
    [
        "wat",
        "wie",
        "waar",
        "wanneer",
        "hoe",
        "hoeveel",
        "welke",
        "welk",
        "waarom",
        "waardoor",
        "waarmee",
        "hoelang",
    ]
)
#: what follows the verb in a Dutch question that opens with its verb ("slaat je pion...")
_DUTCH_SUBJECTS = frozenset(
    [
        "ik",
        "je",
        "jij",
        "u",
        "hij",
        "zij",
        "ze",
        "we",
        "wij",
        "jullie",
        "het",
        "de",
        "een",
        "mijn",
        "jouw",
        "zijn",
        "haar",
        "ons",
        "onze",
        "hun",
        "er",
        "dat",
        "dit",
        "die",
        "iemand",
        "iedereen",
        "niemand",
        "men",
    ]
)


def _asked_words(lower: str) -> tuple[str, ...]:
    """The words of the last sentence that asks (ends in a question mark), else of the whole."""
    asked = [part for part in _SENTENCES.split(lower) if part.rstrip().endswith("?")]
    return tuple(_WORD.findall(asked[-1] if asked else lower))


def _dutch_verb_first(words: tuple[str, ...], kind: str) -> str:
    """A Dutch question that opens with its verb and then its subject ("slaat mijn pion de
    zijne?", "telt de Lul mee?", "produceren dorpen ook gevangenen?") asks yes or no, whatever
    verb it is: a verb ends in -t or -en, and Dutch puts it first only to ask."""
    if kind != "other" or len(words) < 2 or words[0] in _DUTCH_ASKING:
        return kind
    first = words[0]
    if words[1] in _DUTCH_SUBJECTS:
        return "yesno"
    verb_like = first.endswith(("t", "en")) and first not in _NUMBER_WORDS and len(first) > 3
    return "yesno" if verb_like and first not in _DUTCH_SUBJECTS else kind


def _numbers(words: Iterable[str]) -> list[int]:
    out = []
    for word in words:
        if word.lstrip("-").isdigit():
            out.append(int(word))
        elif word in _NUMBER_WORDS:
            out.append(_NUMBER_WORDS[word])
    return out


@dataclass(frozen=True)
class Mention:
    """A name found in a question: what it names, the word or words that named it, where."""

    name: str
    said: str
    start: int
    score: float


class Lexicon:
    """Names of cards and pieces and the words players use for them, matched fuzzily.

    ``names`` maps each way of saying a thing (``"lul"``, ``"de lul"``, ``"lull"``) to the thing
    (``"L"``).  :meth:`find` finds them in a question, whole words only, allowing a misspelling
    in a word of five letters or more (``"swingr"`` is the Swinger, ``"quen"`` is not matched
    unless listed).

    >>> cards = Lexicon({"lul": "L", "swinger": "S", "queen": "Q", "vrouw": "Q"})
    >>> [m.name for m in cards.find(Question.read("can I swap my swingr for the Lul?"))]
    ['S', 'L']
    """

    def __init__(self, names: Mapping[str, str], cutoff: float = 80.0) -> None:
        self.names = {k.casefold(): v for k, v in names.items()}
        self.cutoff = cutoff
        self._longest = max((len(k.split()) for k in self.names), default=1)

    def find(self, question: Question) -> list[Mention]:
        """Every name in ``question``, in the order they appear: names said exactly first
        (longest phrase first), then misspelt ones among the words left ("a toltec" is the
        Toltec, not a misspelt "a toltec" of two words)."""
        words = question.words
        found: list[Mention] = []
        taken: set[int] = set()
        for fuzzy in (False, True):
            for size in range(self._longest, 0, -1):
                for i in range(len(words) - size + 1):
                    if any(j in taken for j in range(i, i + size)):
                        continue
                    said = " ".join(words[i : i + size])
                    hit = self._match(said) if fuzzy else self._exact(said)
                    if hit is not None:
                        found.append(Mention(hit[0], said, i, hit[1]))
                        taken.update(range(i, i + size))
        return sorted(found, key=lambda m: m.start)

    def _exact(self, said: str) -> tuple[str, float] | None:
        return (self.names[said], 100.0) if said in self.names else None

    def _match(self, said: str) -> tuple[str, float] | None:
        if said in self.names:
            return self.names[said], 100.0
        if len(said) < 5 or said.isdigit() or said in _EVERYDAY:
            return None  # a short or everyday word is a name only when said exactly
        best = process.extractOne(said, self.names.keys(), scorer=fuzz.ratio)
        if best is None or best[1] < self.cutoff or abs(len(best[0]) - len(said)) > 2:
            return None
        return self.names[best[0]], float(best[1])
