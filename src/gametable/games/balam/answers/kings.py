"""A table of kings told by name ("I have 2 ball courts and 5 cities, Mia has 1 court and 4
cities, Tom has no court but 6 cities"; "Opa heeft 3 balvelden, ik heb er 2 en Lisa ook 2"):
each king's counts of the things a reader asks for, read clause by clause.

A clause's subject is the first king it names (``"me"`` for I, me, ik; a name; opa, oma...);
a clause without one speaks of the king before it ("... and 5 cities").  A count is a number
before a thing's noun, or a number alone ("ik 4", "Anna has 5", "ik heb er 2"), which counts
the thing named last.  "Anna and I both have 2 courts" gives both the count.

>>> t = read_table(Question.read("I have 2 ball courts and 5 cities, Mia has 1 court and 4 "
...     "cities, Tom has no court but 6 cities."), {"courts": COURTS, "cities": CITIES})
>>> t.counts
{'me': {'courts': 2, 'cities': 5}, 'mia': {'courts': 1, 'cities': 4}, 'tom': {'courts': 0, 'cities': 6}}
>>> read_table(Question.read("Opa heeft 3 balvelden, ik heb er 2 en Lisa ook 2. Opa heeft 7 "
...     "steden, ik 4 en Lisa 6."), {"courts": COURTS, "cities": CITIES}).counts["lisa"]
{'courts': 2, 'cities': 6}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gametable.games.balam.answers.grammar import vocabulary
from gametable.rulebook.question import Question

COURTS = r"(?:ball ?courts?|courts?|balvel\w*|balspelvel\w*|balbanen|balbaan)"
CITIES = r"(?:cities|city|steden|stad)"
OBSERVATORIES = r"(?:observator\w*|sterrenwacht\w*)"

_NUMBER = {
    "no": 0, "none": 0, "zero": 0, "geen": 0, "nul": 0, "a": 1, "an": 1, "one": 1, "een": 1,
    "één": 1, "two": 2, "twee": 2, "three": 3, "drie": 3, "four": 4, "vier": 4, "five": 5,
    "vijf": 5, "six": 6, "zes": 6, "seven": 7, "zeven": 7, "eight": 8, "acht": 8, "nine": 9,
    "negen": 9, "ten": 10, "tien": 10, "eleven": 11, "elf": 11, "twelve": 12, "twaalf": 12,
}  # fmt: skip
_N = r"(\d+|" + "|".join(sorted(_NUMBER, key=len, reverse=True)) + r")"
#: the asker
_ME = vocabulary("i me ik i've i'm")
#: people a question names without a capital (the family at the table)
_KIN = vocabulary("""opa oma papa mama dad mom mum grandpa grandma granny grandad pa ma
    jij you hij he she zij broer zus vader moeder brother sister father mother buurman
    buurvrouw neighbour vriend vriendin friend oom tante uncle aunt opponent rival
    tegenstander tegenspeler""")
#: the kings not named, said to hold none ("the rest have none", "de rest geen"): read apart
REST = (
    r"\b(?:the rest|the others|everyone else|everybody else|de rest|de anderen|de andere spelers|"
    r"verder niemand)(?: (?:have|has|hebben|heeft))? (?:none|nothing|no \w+|geen|niets|0)\b"
)
#: capitalised words that are no king's name
_NOT_NAMES = vocabulary("""i the a an and but if what who how when so ok okay ball game katun
    cult eclipse drought mayas maya my he she they we it its round end chaak""")
#: Dutch words that are no king's name in a Dutch question ("Dan heeft ..." is "then has")
_NOT_NAMES_NL = vocabulary("wie wat hoe als en maar de het een ik dan ons onze mijn balspel ronde")
#: the table's size, read apart ("with 3 players", "met z'n drieën")
PLAYERS = (
    r"\b(?:(?:with|met|we are|we're|wij zijn|we zijn) )?(?:\d|two|three|four|twee|drie|vier)[- ]"
    r"(?:players|spelers|kings|koningen|player|speler)\b|\b(?:met )?z'?n (?:tweeën|tweeen|drieën|drieen|vieren)\b"
)
_ARTICLES = frozenset(["a", "an", "een", "no"])
_SPLIT = r"[,.;:!?]|\b(?:and|en|but|maar|while|whereas|terwijl|plus)\b"
#: words a table of kings is told with (besides the names, the counts and the nouns)
WORDS = vocabulary("""have has had hold holds own owns got i've i'm with both each apiece too also
    as well only just but and while whereas heb heeft hebben er ook allebei elk en maar terwijl
    bezit bezitten then dan nog still no none geen hebt heb""")


@dataclass
class Table:
    """The kings in the order told (``"me"`` the asker) and their counts by thing."""

    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)
    numbers: set[int] = field(default_factory=set)

    def add(self, king: str, thing: str, n: int) -> bool:
        told = self.counts.setdefault(king, {})
        if told.get(thing, n) != n:
            return False  # one king's count told twice, differently
        told[thing] = n
        self.numbers.add(n)
        return True


def _value(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER[word]


def _names(text: str, lang: str = "nl") -> set[str]:
    """The words of ``text`` that name a king: a capitalised word not at a sentence's start
    (nor a common word of the question's language ``lang``: "Dan" is a name in English), or a
    word of kin."""
    not_names = _NOT_NAMES | (_NOT_NAMES_NL if lang == "nl" else frozenset())
    found = set()
    for match in re.finditer(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-z]+)\b", text.strip()):
        word = match.group(1).lower()
        if word not in not_names:
            found.add(word)
    for match in re.finditer(r"\b([A-Z][a-z]+)\b\s+(?:has|heeft|and|en|had|owns|holds)\b", text):
        if match.group(1).lower() not in not_names:
            found.add(match.group(1).lower())
    words = set(re.findall(r"[a-zé']+", text.lower()))
    return found | (words & _KIN)


#: words that point back at the king named last ("Joris ... he has 7")
_PRONOUNS = vocabulary("he she him her hij zij ze hem haar")


def _subject(clause: str, names: set[str], last: str | None) -> str | None:
    """The king a clause speaks of: the asker, a name, or the king named last for a pronoun."""
    for word in re.findall(r"[a-zé']+", clause):
        if word in _ME:
            return "me"
        if word in _PRONOUNS and last is not None:
            return last
        if word in names:
            return word
    return None


def read_table(q: Question, nouns: dict[str, str]) -> Table | None:
    """The kings' counts of each of ``nouns`` (thing -> regular expression of its noun) the
    question tells, or ``None`` when a count cannot be placed."""
    names = _names(q.text, q.lang)
    text = re.sub(REST, " ", re.sub(PLAYERS, " ", q.lower))
    # "Bram en Cas hebben er elk 1": the count said after "each", as in "have 1 each"
    text = re.sub(
        rf"\b(hebben|have|hold|own) (?:er )?(elk|each|allebei|both) {_N}\b", r"\1 \3 \2", text
    )
    table = Table(names=names)
    noun_of = r"(" + "|".join(f"(?P<{thing}>{n})" for thing, n in nouns.items()) + r")"
    grouped = _read_groups(text, nouns, noun_of, table)
    if grouped is None:
        return None
    unnamed = _unnamed(_counting_questions_only(grouped, noun_of), noun_of, nouns, table)
    if unnamed is None or not _read_clauses(unnamed, nouns, noun_of, table):
        return None
    alone = re.search(NOBODY_ELSE, q.lower) is not None or re.search(REST, q.lower) is not None
    return table if len(table.counts) >= 2 or (alone and table.counts) else None


def _read_groups(text: str, nouns: dict[str, str], noun_of: str, table: Table) -> str | None:
    """Two kings given one count ("Bo and I have 2 temples each") added to ``table``; the text
    with them blanked out, or ``None`` when a king or the thing counted is not read."""
    group = (
        rf"\b([a-zé]+) (?:and|en) ([a-zé]+),? (?:both |each |allebei )?(?:have|hebben|hold|own|"
        rf"tie with|are tied with|are tied on|tied with|are level with|staan gelijk met|"
        rf"finished on|finished with|ended on|ended with|end on|are on|scored|eindigden op|"
        rf"eindigen op|staan op)"
        rf"(?: both| each| allebei| elk)? {_N}(?: {noun_of}(?: each| apiece| allebei| elk)?|"
        rf"(?P<bare> each| apiece| allebei| elk))"
    )
    for match in re.finditer(group, text):
        kings = [("me" if w in _ME else w) for w in match.group(1, 2)]
        if not all(k == "me" or k in table.names for k in kings):
            return None
        thing = next((t for t in nouns if match.group(t)), None)
        if thing is None and len(nouns) == 1:
            thing = next(iter(nouns))  # "Bo and I have 2 each": the one thing counted
        if thing is None:
            return None
        for each in kings:
            if not table.add(each, thing, _value(match.group(3))):
                return None
        text = text[: match.start()] + " " * (match.end() - match.start()) + text[match.end() :]
    return text


def _counting_questions_only(text: str, noun_of: str) -> str:
    """The text without a later question that counts nothing ("... and do Bo and I get to see
    one?"): it tells no count."""
    head, _, tail = text.partition(". ")
    tail = re.sub(
        r"[^.?!]*\?",
        lambda m: m.group(0) if re.search(rf"\b{_N} {noun_of}", m.group(0)) else " ",
        tail,
    )
    return head + ". " + tail if tail else head


def _read_clauses(text: str, nouns: dict[str, str], noun_of: str, table: Table) -> bool:
    """Each clause's counts added to its king (the clause's subject, else the last king
    named); a bare number counts the thing named last.  ``False`` when a count has no king or
    no thing, or is told twice."""
    king: str | None = None
    last: str | None = next(iter(nouns)) if len(nouns) == 1 else None
    named = [k for k in table.counts if k != "me"]
    for clause in re.split(_SPLIT, text):
        king = _subject(clause, table.names, named[-1] if named else None) or king
        if king is not None and king != "me" and king not in named:
            named.append(king)
        for found in re.finditer(rf"\b{_N} {noun_of}", clause):
            last = next(t for t in nouns if found.group(t))
            if king is None or not table.add(king, last, _value(found.group(1))):
                return False
        rest = re.sub(rf"\b{_N} {noun_of}", " ", clause)
        bare = [w for w in re.findall(rf"\b{_N}\b", rest) if w not in _ARTICLES]
        if bare:
            if len(bare) > 1 or last is None or king is None:
                return False
            if not table.add(king, last, _value(bare[0])):
                return False
    return True


#: nobody but the asker holds any ("nobody else has one", "verder heeft niemand er een")
NOBODY_ELSE = (
    r"\b(?:nobody else|no one else|no-one else|niemand anders|niemand verder|verder (?:heeft )?"
    r"niemand)\b(?: \w+){0,4}"
)
#: kings told without a name: "the other two have 1 court each", "three of us are tied with 2
#: courts each", "the fourth has 1"
_OTHERS = (
    r"\b(?:the )?(?:other|others|rest)(?: (?P<k>two|three|twee|drie|2|3))?(?: kings| players)? "
    r"(?:have|has|hold|hebben|heeft)(?: got)? {n} {noun}(?: each| apiece| elk)?"
)
_OF_US = (
    r"\b(?P<k>two|three|four|twee|drie|vier|2|3|4) (?:of us|van ons) (?:are |zijn )?(?:tied |"
    r"level |gelijk )?(?:with|have|hebben|met|on)(?: got)? {n} {noun}(?: each| apiece| elk)?"
)
_THE_NTH = (
    r"\bthe (?:second|third|fourth|last|other) (?:one |king |player )?(?:has|holds|heeft) {n}"
)
_HOW_MANY = {
    "two": 2,
    "twee": 2,
    "2": 2,
    "three": 3,
    "drie": 3,
    "3": 3,
    "four": 4,
    "vier": 4,
    "4": 4,
}


def _unnamed(text: str, noun_of: str, nouns: dict[str, str], table: Table) -> str | None:
    """The text with its kings told without a name read into ``table`` (as ``"other1"``...)
    and blanked; ``None`` when such a king's count cannot be placed."""
    others = sum(k.startswith("other") for k in table.counts)
    last: str | None = None
    for pattern in (_OF_US, _OTHERS, _THE_NTH):
        has_noun = "{noun}" in pattern
        named_n = "(?P<n>" + _N[1:]
        for match in list(re.finditer(pattern.format(n=named_n, noun=noun_of), text)):
            k = _HOW_MANY.get(match.group("k") or "", 1) if "(?P<k>" in pattern else 1
            thing = next((t for t in nouns if match.group(t)), None) if has_noun else None
            thing = thing or last or (next(iter(nouns)) if len(nouns) == 1 else None)
            if thing is None:
                return None
            last = thing
            value = _value(match.group("n"))
            kings = (["me"] if pattern is _OF_US else []) + [
                f"other{others + i + 1}" for i in range(k - (pattern is _OF_US))
            ]
            others += len(kings) - (pattern is _OF_US)
            table.numbers.add(k)
            for king in kings:
                if not table.add(king, thing, value):
                    return None
            text = text[: match.start()] + " " * (match.end() - match.start()) + text[match.end() :]
    return text
