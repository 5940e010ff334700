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

import re

from rapidfuzz import fuzz

from gametable.games.balam.board import KINDS, RICHES
from gametable.rulebook.question import Lexicon, Mention, Question


def vocabulary(text: str) -> frozenset[str]:
    """The words of ``text`` (a reader's vocabulary, written one blank-separated list)."""
    return frozenset(text.split())


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
    "opslagplaats": "reserve",
    "opslagplaatsen": "reserve",
    "opslag": "reserve",
    "voorraden": "reserve",
    "voorraadschuren": "reserve",
    "markt": "market",
    "markten": "market",
    "observatorium": "observatory",
    "sterrenwacht": "observatory",
    "sterrenwachten": "observatory",
    "observatoria": "observatory",
    "balspelveld": "court",
    "balspelvelden": "court",
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
    "prinselijk huwelijk": "marriage",
    "huwelijk": "marriage",
    "expeditie": "expedition",
    "terugkeer van een expeditie": "expedition",
    "expedition": "expedition",
    "expedition return": "expedition",
    "exceptional katun": "exceptional",
    "cenotes": "cenotes",
    "sacred cenotes": "cenotes",
    "cult of the sacred cenotes": "cenotes",
    "cenotes card": "cenotes",
}


class _Remembered(Lexicon):
    """A :class:`Lexicon` that keeps what it found in the last questions read (the readers ask
    it of one question many times) and takes words said apart for a misspelt name only when
    they are one (:func:`spelt`)."""

    #: how many questions' finds are kept
    KEPT = 64

    def __init__(self, names: dict[str, str]) -> None:
        super().__init__(names)
        self.words = names
        self._found: dict[tuple[str, tuple[str, ...]], list[Mention]] = {}

    def find(self, question: Question) -> list[Mention]:
        key = (question.lower, question.words)
        if key not in self._found:
            if len(self._found) >= self.KEPT:
                self._found.clear()
            self._found[key] = [m for m in super().find(question) if self.keeps(m)]
        return list(self._found[key])

    def keeps(self, mention: Mention) -> bool:
        return mention.score >= 100 or spelt(mention, self.words)


class _Names(_Remembered):
    """Buildings or riches, never taking a word of the other list for a misspelling of its own
    ("prisoner" is a riches, not a misspelt "prison")."""

    def __init__(self, names: dict[str, str], others: dict[str, str]) -> None:
        super().__init__(names)
        self.others = frozenset(others)

    def keeps(self, mention: Mention) -> bool:
        return mention.score >= 100 or (
            mention.said not in self.others and spelt(mention, self.words)
        )


def spelt(mention: Mention, names: dict[str, str]) -> bool:
    """Whether a name found misspelt is one: words said apart are taken for a misspelt name
    only when they are close to a way of saying it of as many words ("kost and" is no
    "opstand", "gevangene ik" no "gevangenis")."""
    said = mention.said.split()
    if len(said) == 1:
        return True
    return any(
        fuzz.ratio(mention.said, key) >= 80
        for key, name in names.items()
        if name == mention.name and len(key.split()) == len(said)
    )


BUILDINGS = _Names(BUILDING_WORDS, RICHES_WORDS)
RICHES_NAMES = _Names(RICHES_WORDS, BUILDING_WORDS)


class _Cards(_Remembered):
    """The Katun cards."""


CARDS = _Cards(CARD_WORDS)

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
    ``{"maize": 2, "prisoner": 1}``; a thing named without a number counts 1, after "no" 0; a
    thing named again counts once (its largest number: "2 palaces ... give up a palace" is 2).

    >>> counted(Question.read("2 palaces; must I pay the maize or give up a palace"), BUILDINGS)
    {'palace': 2}
    """
    out: dict[str, int] = {}
    for mention in lexicon.find(question):
        said = mention.said.split()
        n = 1
        if len(said) > 1 and _count_word(said[0], None) is not None:
            n = _count_word(said[0], 1) or 0
        elif mention.start > 0:
            before = question.words[mention.start - 1]
            if before in _AGAIN and mention.name in out:
                continue  # "that prisoner": the one named before
            denied = _negated(question.words, mention.start)
            n = 0 if denied else _count_word(before, 1) or 0
        out[mention.name] = max(out.get(mention.name, 0), n) if n else out.get(mention.name, 0)
    return out


def uncounted(question: Question, lexicon: Lexicon) -> set[str]:
    """The things the question names only without a count ("pay with maize", "with
    prisoners"): how many it does not say (:func:`counted` takes them for 1).

    >>> sorted(uncounted(Question.read("a temple with maize and a prisoner"), RICHES_NAMES))
    ['maize']
    """
    bare: set[str] = set()
    told: set[str] = set()
    for mention in lexicon.find(question):
        said = mention.said.split()
        before = question.words[mention.start - 1] if mention.start else ""
        counts = len(said) > 1 and _count_word(said[0], None) is not None
        if (
            counts
            or _count_word(before, None) is not None
            or _negated(question.words, mention.start)
        ):
            told.add(mention.name)
        elif before not in _AGAIN or mention.name not in told:
            bare.add(mention.name)
    return bare - told


#: words that point back at a thing named before ("pay with that prisoner")
_AGAIN = vocabulary("that this the those these my die deze dat de het mijn")


#: words that deny what follows ("I don't own a single temple", "geen enkel dorp")
NEGATIONS = vocabulary("no not don't doesn't never without none zonder geen niet nooit")
#: the words that may stand between a negation and the name it denies
_HAVING = vocabulary("""a an any single one own have has hold got my of een enkel enkele één eigen
    heb heeft bezit mijn""")


def _negated(words: tuple[str, ...], start: int) -> bool:
    return negation_of(words, start) is not None


def negation_of(words: tuple[str, ...], start: int) -> int | None:
    """The place of the negation that denies the name at ``start``: before it, with only
    words of having between ("without a temple", "don't own a single temple", "geen enkel
    dorp"; not "no maize and 2 villages", not "I don't know, a temple"), carried over "or"
    ("no ball court or observatory" denies both); ``None`` when there is none.

    >>> q = Question.read("I have no ball court or observatory")
    >>> counted(q, BUILDINGS)
    {'court': 0, 'observatory': 0}
    """
    listed = False
    for i in range(start - 1, max(-1, start - 7), -1):
        word = words[i]
        if word in NEGATIONS:
            return i
        if word in ("in", "on", "op") and i > 0 and words[i - 1] in NEGATIONS:
            return i - 1  # "not in a reserve", "none in a reserve": the place denied
        listed = listed or word in _EITHER
        if word not in _HAVING and not listed:
            return None
    return None


#: words that carry a negation on to the next name ("no ball court or observatory": neither)
_EITHER = vocabulary("or nor of noch")


def negations_placed(question: Question, *lexicons: Lexicon) -> bool:
    """Whether every negation of the question denies a name the ``lexicons`` find (so that a
    reader that counts the names read every "not" and "don't" of the question).

    >>> negations_placed(Question.read("I don't own a single temple"), BUILDINGS)
    True
    >>> negations_placed(Question.read("I don't know, do I own a temple"), BUILDINGS)
    False
    """
    words = question.words
    used = {negation_of(words, m.start) for lexicon in lexicons for m in lexicon.find(question)}
    return all(i in used for i, word in enumerate(words) if word in NEGATIONS)


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
    """How many cities the question says a king holds ("with 5 cities", "met 5 steden"); an
    article is no count ("in een stad van ...").

    >>> cities_in(Question.read("mag ik bouwen in een stad van een andere speler?")) is None
    True
    """
    words = question.words
    for i, word in enumerate(words[1:], start=1):
        if word in ("cities", "city", "steden", "stad") and words[i - 1] not in _ARTICLES:
            n = _count_word(words[i - 1], None)
            if n is not None:
                return n
    return None


_ARTICLES = frozenset(["a", "an", "een"])


def is_dutch(question: Question) -> bool:
    return question.lang == "nl"


#: the action a question asks about, by the words that name it (checked in this order)
_WANTS = (
    ("take over", r"\b(take (?:it |the site |the city )?over|take possession|overnemen|neem .* over|"
     r"in bezit nemen|rebuild|herbouwen)\b"),
    ("attack", r"\b(attack|attacking|assault|war|aanvallen|aanval|val .* aan|oorlog)\b"),
    ("build", r"\b(build|building|construct|put up|erect|bouwen|bouw|neerzetten|zetten)\b|"
     r"\b(?:put|add) (?:a |an |one |my )?(?:village|garrison|palace|temple|market|reserve|observatory|"
     r"ball court)\b"),
    ("pass", r"\b(pass|passen|skip|overslaan|sla .* over)\b"),
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
        r"\b(tie|tied|ties|same number|as many|equal|level|gelijk|evenveel|ex aequo|draw)\b"
    )


def says_second(question: Question) -> bool:
    return question.matches(r"\b(second|runner[- ]up|tweede)\b")


def says_alone(question: Question) -> bool:
    return question.matches(r"\b(alone|on my own|by myself|most|outright|alleen|meeste)\b")


# --- what a reader understands -------------------------------------------------------------
#
# A reader answers from the referee only when it places every word of the question in the
# position it builds: a word it does not read (a negation, a condition, a second clause, a
# building or riches it leaves out, a number it does not use) sends the question to the rules
# text instead, so that a checked reply is never a misreading.


#: words that change nothing in a situation: the question's frame, in English and Dutch
FILLER: frozenset[str] = (
    vocabulary("""i i'm me my myself a an the can could may might is it it's to of in on at for with do
    does am are be allowed permitted possible legal ok okay please so hey well just really
    actually what how this that there here rules rule question yes or tell know
    ik mag mogen mijn een de het kan kun kunt je jij me met in op van voor er is wat hoe dat
    dit deze die te om aan toegestaan mogelijk eigenlijk even""")
    # what a speaker adds around a question without changing the situation: interjections,
    # the person spoken to, "so" and "but"
    | vocabulary("""oh ok okay hey hi help so but well anyway now right quick quickly guys
    opa oma dus maar nou hoor zeg eens gewoon precies jongens kinderen""")
)

#: words of the king's own things (the asker's position)
MINE: frozenset[str] = frozenset(["i", "my", "me", "mine", "ik", "mijn", "own", "eigen"])


def understood(
    question: Question,
    vocabulary: frozenset[str] | set[str],
    *,
    lexicons: tuple[Lexicon, ...] = (),
    numbers: set[int] | frozenset[int] = frozenset(),
    phrases: tuple[str, ...] = (),
) -> bool:
    """Whether every word of ``question`` is read: the frame (:data:`FILLER`), the reader's
    ``vocabulary``, the names its ``lexicons`` find, the ``numbers`` it places, and the words of
    the regular expressions ``phrases`` it matched.

    >>> q = Question.read("Can I build a market without cacao?")
    >>> understood(q, frozenset({"build", "without"}), lexicons=(BUILDINGS, RICHES_NAMES))
    True
    >>> q = Question.read("Can I build a market if I do not have cacao?")
    >>> understood(q, frozenset({"build", "if", "have"}), lexicons=(BUILDINGS, RICHES_NAMES))
    False
    """
    words = question.words
    covered = [False] * len(words)
    for lexicon in lexicons:
        for mention in lexicon.find(question):
            for j in range(mention.start, mention.start + len(mention.said.split())):
                covered[j] = True
    text = question.lower
    for pattern in phrases:
        for match in re.finditer(pattern, text):
            inside = _WORDS.findall(text[match.start() : match.end()])
            _cover_run(words, covered, tuple(inside))
    for i, word in enumerate(words):
        if covered[i] or word in FILLER or word in vocabulary:
            continue
        value = _count_word(word, None) if word not in ("a", "an", "een", "no", "geen") else None
        if value is not None and value in numbers:
            continue
        return False
    return True


_WORDS = re.compile(r"-?\d+|[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)


def _cover_run(words: tuple[str, ...], covered: list[bool], run: tuple[str, ...]) -> None:
    if not run:
        return
    for i in range(len(words) - len(run) + 1):
        if words[i : i + len(run)] == run:
            for j in range(i, i + len(run)):
                covered[j] = True


#: numbers that only frame the question ("in one turn", "at once")
ONE_TURN = r"\b(?:in|per|during|for|this|that|the same|in (?:a|one) single) (?:one |1 |a |single )?(?:turn|round|beurt|ronde)\b|\b(?:één|een|1) (?:beurt|ronde)\b|\bone turn\b"


def numbers_in(question: Question, ignoring: str = ONE_TURN) -> list[int]:
    """Every number the question says in digits or words ("a" and "no" not counted), leaving
    out those inside ``ignoring`` ("in one turn")."""
    out = []
    for word in _WORDS.findall(re.sub(ignoring, " ", question.lower)):
        if word in ("a", "an", "een", "no", "geen"):
            continue
        value = _count_word(word, None)
        if value is not None:
            out.append(value)
    return out


_ANOTHER = (
    r"\b(can|may|could|does|do|is|will|must|mag|kan|moet|mogen|kunnen)\s+(my (?:opponent|enemy|"
    r"neighbou?r)|the (?:other|enemy|opponent|defender|attacker)|another|he|she|they|we|"
    r"mijn (?:tegenstander|vijand|buurman)|de (?:ander|tegenstander|vijand|verdediger)|een "
    r"andere|hij|zij|ze|wij|we)\b|\b(?:opponent|enemy|he|she|they|hij|zij|tegenstander) "
    r"(?:can|may|could|mag|kan)\b"
)


#: "do they give", "what do they produce": "they" are the things just named, not players
_THINGS_DO = (
    r"\b(?:do|does|will|would|can) (?:they|it) (?:give|produce|yield|make|bring|score|count|"
    r"cost|earn|take|get me|add up)\b"
)


def about_another(question: Question) -> bool:
    """Whether the question asks what someone other than the asker may do ("can my opponent
    ...", "may he ..."): the situations are built from the asker's side only; "they" doing
    what things do ("how many points do they give") is no other player.

    >>> about_another(Question.read("9 riches left. How many points do they give?"))
    False
    >>> about_another(Question.read("Can they build a market without cacao?"))
    True
    """
    return bool(re.search(_ANOTHER, re.sub(_THINGS_DO, " ", question.lower)))


#: a site named by its board coordinates ("b2", "c3")
_SITE_NAME = r"\b[a-e][1-6]\b"


def without_site_names(question: Question) -> Question | None:
    """The question with its sites' board names read as "site", "another site" or "the same
    site" ("a village on b2 and a garrison on c3" -> "on site ... on another site"), or
    ``None`` when it names none: the situations are built on sites of their own, so the names
    only say which are different.

    >>> without_site_names(Question.read("Can I build on b2 and c3?")).text
    'Can I build on site and another site?'
    """
    if not re.search(_SITE_NAME, question.lower):
        return None
    seen: list[str] = []
    text = question.text

    def said(found: re.Match[str]) -> str:
        before, noun, name = found.group(1) or "", found.group(2), found.group(3).lower()
        again = name in seen
        seen.append(name) if not again else None
        if noun is None:
            return before + (
                "the same site" if again else "site" if len(seen) == 1 else "another site"
            )
        if again:
            return before + "the same " + noun
        other = len(seen) > 1 and not re.search(
            r"\b(other|andere)\s*$", text[: found.start()] + before
        )
        return before + ("other " if other else "") + noun

    named = r"(\b(?:my |his |mijn |zijn )?)(?:(city|site|stad|plaats) )?([a-e][1-6])\b"
    return Question.read(re.sub(named, said, text, flags=re.IGNORECASE))
