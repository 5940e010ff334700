"""Keezbord's situation grammar: the words a question uses for cards, pawns, places and players.

Each function reads one kind of fact from a :class:`~gametable.rulebook.question.Question` and
returns ``None`` (or an empty answer) when the question does not say it, so that a situation is
only built from what the question states.  English and the rulebook's Dutch (Aas, Heer, Vrouw,
Boer, thuishonk, honk, startvak), with misspelled card names matched by a
:class:`~gametable.rulebook.question.Lexicon`.

>>> from gametable.rulebook.question import Question
>>> q = Question.read("my pawn is 3 spaces before my partner's pawn on its start space, can I play a 5?")
>>> cards_named(q), spaces_said(q), players_said(q), whose_other(q)
(['5'], 3, 4, 'partner')
>>> cards_named(Question.read("mag ik met de Vrouw of de Boer spelen?"))
['Q', 'J']
"""

from __future__ import annotations

import re
from functools import lru_cache

from gametable.rulebook.question import Lexicon, Question

#: the words for the cards that have a name (the rulebook's English and Dutch, common variants
#: and misspellings); number cards are read by :func:`cards_named` from their digits or words
CARDS = Lexicon(
    {
        "ace": "A", "aas": "A", "azen": "A",
        "king": "K", "kings": "K", "heer": "K", "heren": "K", "koning": "K", "kng": "K",
        "queen": "Q", "queens": "Q", "vrouw": "Q", "vrouwen": "Q", "koningin": "Q", "quen": "Q",
        "qeen": "Q", "dame": "Q", "kween": "Q", "kwien": "Q", "quean": "Q", "queeen": "Q",
        "jack": "J", "jacks": "J", "boer": "J", "boeren": "J", "knave": "J", "jak": "J", "jek": "J",
        "seven": "7", "sevens": "7", "zeven": "7", "zevens": "7", "sevn": "7", "zevn": "7",
        "four": "4", "fours": "4", "vier": "4", "vieren": "4",
    }
)  # fmt: skip

#: everyday words a fuzzy match would take for a card ("where" for Heer, "packs" for jacks)
NOT_CARDS = frozenset(
    [
        "where",
        "there",
        "here",
        "heeft",
        "hebben",
        "hier",
        "packs",
        "pack",
        "backs",
        "black",
        "jacket",
        "faces",
        "races",
        "places",
        "spaces",
        "queue",
        "quest",
        "quiet",
        "keeps",
        "kings'",
        "knows",
        "kinds",
        "drawn",
        "vrouwt",
        "heren'",
        "other",
        "eerst",
        "deler",
    ]
)

_RANK_WORDS = {
    "two": "2", "three": "3", "five": "5", "six": "6", "eight": "8", "nine": "9", "ten": "10",
    "twee": "2", "drie": "3", "vijf": "5", "zes": "6", "acht": "8", "negen": "9", "tien": "10",
    "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "10": "10",
    "four": "4", "seven": "7", "vier": "4", "zeven": "7", "k": "K", "q": "Q", "j": "J",
    "h": "K", "v": "Q", "b": "J",
}  # fmt: skip
_NUMBER = (
    r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|één|twee|drie|vier|"
    r"vijf|zes|zeven|acht|negen|tien|elf|twaalf)"
)
_VALUES = {
    "one": 1, "één": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6,
    "zeven": 7, "acht": 8, "negen": 9, "tien": 10, "elf": 11, "twaalf": 12,
}  # fmt: skip
#: a number card: "a 5", "my 8", "the ten", "een 5", "a 5 card", "card 5"
_NUMBER_CARD = re.compile(
    r"\b(?:a|an|the|my|his|her|one|een|de|mijn|zijn|met|card|kaart|play|playing|speel|spelen)\s+"
    + _NUMBER
    + r"\b(?!\s*-?\s*(?:spaces?|steps?|squares?|fields?|places?|points?|players?|pawns?|cards?|"
    r"vakken|vakjes|vak|stappen|plaatsen|punten|spelers|pionnen|kaarten|times|keer|of|or|against|"
    r"tegen|vs))"
    r"|\b" + _NUMBER + r"[- ]?(?:card|kaart)\b"
    # a face card by its letter: "a Q", "my J", "speel een K", the rulebook's Dutch "een V"
    r"|\b(?:a|an|the|my|een|de|mijn|met|play|playing|speel|spelen)\s+([kqj])\b(?!')"
    r"|\b(?:een|de|mijn|met|speel|spelen)\s+([hvb])\b(?!')"
    # a seven shared out: "split 7", "7 split", "zeven splitsen", "splitting my seven"
    r"|\b(?:split\w*|splits\w*|divid\w*|verdeel\w*|shar\w*) (?:a |my |the |een |mijn |de )?(7|seven|zeven)\b"
    r"|\b(7|seven|zeven):? (?:split\w*|splits\w*|divided|verdeeld|gesplitst)\b"
)
_SPACES = re.compile(
    _NUMBER
    + r"\s*(?:spaces?|steps?|squares?|fields?|places?|vakken|vakjes|vak|stappen|stap|plaatsen|plekjes?"
    r"|plekken|plek"
    r"|(?=ahead\b|in front of\b))"
)
_PLAYERS = re.compile(
    _NUMBER + r"\s*-?\s*(?:players?|spelers?|people|personen|mensen|of us|van ons)"
)
#: a bare count of players ("we play with 2.", "we're 4,"), read only where the sentence ends
_PLAYERS_BARE = re.compile(
    r"\b(?:we(?:'re| are)|we play with|play(?:ing)? (?:(?:keezbord|keezen|the game|it|this) )?with|"
    r"game with|spelen met|zijn met)\s+"
    + _NUMBER
    + r"\s*(?=[.,;!?]|$|(?:at|around) the table\b|aan (?:de )?tafel\b|in total\b|in totaal\b)"
)
#: two players said as a pair: "heads-up", "just me and my brother", "the two of us"
_PAIR = re.compile(
    r"\bheads[- ]up\b|\bone[- ]on[- ]one\b|\b(?:just|only) (?:me|i) and (?:my |one )?\w+\b"
    r"|\b(?:just |only )?the two of us\b|\b(?:alleen )?(?:wij|ons|wij met z'n) tweeën\b"
)
#: the Dutch way to say how many sit at the table: "met z'n vieren"
_ZN = {"tweeën": 2, "tweeen": 2, "tweetjes": 2, "drieën": 3, "drieen": 3, "vieren": 4, "vijven": 5, "zessen": 6,
       "zevens": 7, "achten": 8}  # fmt: skip
_WITH_ZN = re.compile(r"\bz(?:'|’)?n (" + "|".join(_ZN) + r")\b")
#: teams said as a match: "two against two", "2 vs 2", "twee tegen twee" (two teams of two)
_AGAINST = re.compile(r"\b(two|2|twee) (?:against|vs\.?|versus|tegen) (?:two|2|twee)\b")
#: the number words read (English and Dutch), each to its value
NUMBER_WORDS = frozenset(_VALUES)
#: the patterns of a number card, a count of spaces and a count of players, for the guard
NUMBER_CARD, SPACES, PLAYERS, PLAYERS_BARE = _NUMBER_CARD, _SPACES, _PLAYERS, _PLAYERS_BARE


#: a clause that asks yes or no, anywhere in the question ("Can I play a 3 on it? Where does it
#: go?", "Do I hit him, and where does his pawn go?"): the reply starts with the verdict
YESNO_ASKED = re.compile(
    r"(?:^|[.?!,;:]\s*|\band\s+|\ben\s+)(?:can|may|could|is|does|do|am|will|must|mag|kan|kun|moet|"
    r"sla|word|wordt)\s+(?:i|it|he|we|you|ik|hij|het|je|hem|dat)\b[^.?!]*\?"
)


#: another card named only to compare ("like an ace", "zoals een aas"): not the card asked about
COMPARED = re.compile(
    r",? ?\b(?:just )?(?:like|as with|the way|zoals|net als)(?: with| met)? (?:an?|the|een|de|het) "
    r"(?:ace|aas|king|heer|queen|vrouw|jack|boer|\d+)(?: does| doet)?\b"
)


def value(word: str) -> int:
    """The number a digit string or a number word stands for."""
    return int(word) if word.isdigit() else _VALUES[word]


def cards_named(question: Question) -> list[str]:
    """The cards the question names, in order, as card text (``"A"``, ``"5"``, ``"Q"``).

    A number is a card only where it reads as one ("a 5", "my eight", "een vijf", "a 5 card"),
    not "5 spaces" or "4 players"; named cards and the 4 and 7 are found by the lexicon.
    """
    out: list[str] = []
    for card in card_mentions(question):
        if card not in out:
            out.append(card)
    return out


def card_mentions(question: Question) -> list[str]:
    """Every mention of a card, in order, the same card as often as it is said ("a 2 and
    then a 2" names the 2 twice)."""
    return list(_card_mentions(question))


@lru_cache(maxsize=1024)  # the readers ask it of one question many times
def _card_mentions(question: Question) -> tuple[str, ...]:
    found: list[tuple[int, str]] = []
    lower = question.lower
    for m in _NUMBER_CARD.finditer(lower):
        word = next(g for g in m.groups() if g)
        rank = _RANK_WORDS.get(word)
        if rank is not None:
            found.append((m.start(), rank))
    spans = [m.span() for m in _SPACES.finditer(lower)] + [
        m.span() for m in _PLAYERS.finditer(lower)
    ]
    offsets = _word_offsets(question)
    for mention in CARDS.find(question):
        at = offsets[mention.start]
        if mention.score < 100 and mention.said in NOT_CARDS:
            continue
        if any(a <= at < b for a, b in spans):
            continue
        if mention.name in ("4", "7") and not _reads_as_card(question, mention.start):
            continue
        found.append((at, mention.name))
    return tuple(card for _, card in sorted(found))


def first_card(question: Question) -> str | None:
    """The first card the question names, or ``None``."""
    cards = cards_named(question)
    return cards[0] if cards else None


def _reads_as_card(question: Question, index: int) -> bool:
    """ "four" or "seven" as a card: after an article or a verb of playing, or before "card"."""
    words = question.words
    before = words[index - 1] if index > 0 else ""
    after = words[index + 1] if index + 1 < len(words) else ""
    if after in {"pawns", "pionnen", "players", "spelers", "of"}:
        return False  # a count: "mijn vier pionnen", "four of my pawns"
    return before in {
        "a", "the", "my", "een", "de", "mijn", "with", "met", "play", "speel", "card", "kaart",
    } or after in {"card", "kaart", "split", "splitsen", "over"}  # fmt: skip


def _word_offsets(question: Question) -> list[int]:
    """Where each of the question's words starts in its lower-cased text."""
    offsets, at = [], 0
    lower = question.lower
    for word in question.words:
        at = lower.find(word, at)
        offsets.append(at)
        at += len(word)
    return offsets


def spaces_said(question: Question) -> int | None:
    """The number of spaces or steps the question states ("3 spaces", "drie vakken")."""
    m = _SPACES.search(question.lower)
    return value(m.group(1)) if m else None


def all_spaces_said(question: Question) -> list[int]:
    """Every number of spaces or steps, in order ("4 steps and 3 steps")."""
    return [value(m.group(1)) for m in _SPACES.finditer(question.lower)]


def players_said(question: Question) -> int | None:
    """The number of players: said outright ("with 6 players"), or 4 when the question speaks
    of a partner or teams (the smallest table with teams)."""
    stated = players_stated(question)
    if stated is not None:
        return stated
    if question.matches(
        r"\b(partner'?s?|teammates?'?s?|team ?mates?|teams?|maat|teamgenoot|medespeler)\b"
    ):
        return 4
    return None


def players_stated(question: Question) -> int | None:
    """The number of players the question states outright ("6 players", "we're 4.", "met z'n
    vieren"), or ``None``."""
    for pattern in (_PLAYERS, _PLAYERS_BARE):
        for m in pattern.finditer(question.lower):
            if value(m.group(1)) > 1:  # "one player" is a player, not a table
                return value(m.group(1))
    teams = _AGAINST.search(question.lower)
    if teams:
        return 2 * value(teams.group(1))
    zn = _WITH_ZN.search(question.lower)
    if zn:
        return _ZN[zn.group(1)]
    return 2 if _PAIR.search(question.lower) else None


#: a pawn named by its colour is another player's ("a yellow pawn", "een gele pion")
COLOUR = (
    r"(?:yellow|red|blue|green|black|white|geel|gele|rood|rode|blauw|blauwe|groen|groene|zwart|"
    r"zwarte|wit|witte) (?:pawn|pion)"
)


#: another player named as a person at the table ("Opa", "my sister", "your pawn" said to
#: them): an opponent unless the question says partner
PERSON = (
    r"(?:opa|oma|papa|mama|pap|mam|broer|zus|zusje|broertje|vader|moeder|oom|tante|grandpa|"
    r"grandma|granny|grandad|dad|mom|mum|brother|sister|uncle|aunt)'?s?|jouw(?: pion)?"
)


def whose_other(question: Question) -> str | None:
    """Whose the other pawn is: ``"partner"``, ``"own"`` (another of mine), ``"opponent"``,
    or ``None`` when the question names no other pawn."""
    if question.matches(
        r"\b(partner'?s?|teammates?'?s?|team ?mate'?s?|maat|maatje|teamgenoot|medespeler)\b"
    ):
        return "partner"
    if question.matches(
        r"\b(my own|my other|another of my|one of my (?:own )?(?:other )?pawns|own pawn|"
        r"mijn eigen|mijn andere|eigen pion)\b"
    ):
        return "own"
    if question.matches(
        r"\b(opponent'?s?|enemy|rival'?s?|another player'?s?|other player'?s?|someone'?s?|somebody'?s?|"
        r"(?:the )?other guy'?s?|"
        r"his|her|their|tegenstanders?|tegenspeler|vijand|andere speler|ander(?:e|s)? pion|"
        r"a pawn|another pawn|een pion|een andere pion)\b|\b" + COLOUR + r"|\b(?:" + PERSON + r")\b"
    ):
        return "opponent"
    return None


#: another player's pawn on the asker's start: not on its own start
_THEIRS_ON_MINE = re.compile(
    r"\b(?:opponent'?s?|another player'?s?|an enemy|his|her|their|tegenstanders?|andere speler|zijn "
    r"pion|haar pion|hun pion|rival'?s?)\b"
    r"[^,?.]*\b(?:on|op) (?:my|mijn) (?:own |eigen )?start"
)


def on_own_start(question: Question) -> bool:
    """A pawn is said to stand on its own start space (and not said not to)."""
    if question.matches(r"\b(not|niet|isn'?t|is niet|never)\b[^,?.]*\b(start|startvak)"):
        return False
    if _THEIRS_ON_MINE.search(question.lower):
        return False
    return question.matches(
        r"\b(on (?:its|his|her|their|my|your|its owner'?s|their owner'?s) (?:own )?(?:start|starting)"
        r"(?: space| position| square| field| spot|ing space|ing position|ing spot)?|"
        r"op (?:zijn|haar|mijn|het|z'n) (?:eigen )?"
        r"(?:start ?vak|start ?positie|start ?plaats|beginvak|beginpla\w+|beginpositie|startplek|start))"
        r"(?! van)"  # "op het startvak van rood": someone else's start
    )


#: a start space said not to hold the pawn ("not on its start", "neither on a start space")
_NOT_ON_START = re.compile(r"\b(?:not|neither|never|niet|nor)\b[^,?.]*?\b(?:start|startvak)\w*")


def places_unsaid(question: Question, pattern: str) -> bool:
    """Whether ``pattern`` (a place: a start, a nest, a home) is said other than as a place a
    pawn is not on."""
    return re.search(pattern, _NOT_ON_START.sub(" ", question.lower)) is not None


def says_home(question: Question) -> bool:
    """The question speaks of the home (home stretch, honk, thuishonk)."""
    return question.matches(r"\b(home|homes|honk|thuishonk|home ?stretch|thuis)\b")


#: a state said not to hold ("not all my pawns are home", "my nest is not empty"): set aside
#: before :func:`all_home` and :func:`nest_empty` look for the state itself
_NEGATED_STATE = re.compile(
    r"\b(?:not|niet|nog niet) (?:all|al|alle)\b[^,.;?]*"
    r"|\b(?:my pawns|mijn pionnen) (?:are|zijn|staan) (?:not|niet|nog niet) (?:all|allemaal)\b[^,.;?]*"
    r"|\bnest (?:is|isn'?t|is not|niet) (?:not |nog niet |niet )?(?:empty|leeg)\b(?<!is empty)(?<!is leeg)"
)


def _affirmed(question: Question) -> Question:
    """``question`` without the states it says do not hold."""
    if not _NEGATED_STATE.search(question.lower):
        return question
    return Question.read(_NEGATED_STATE.sub(" ", question.lower))


#: "in" as "home" ("all my pawns are in"), not "in" a place that is no home ("in my nest")
_IN = r"in(?!\s+(?:\w+\s+)?(?:nest|nests|nesten|start\w*|play|game|spel|the (?:track|board)))"


def all_home(question: Question) -> bool:
    """The asker's pawns are all home ("I have all pawns home", "al mijn pionnen zijn thuis"),
    not said not to be ("not all my pawns are home yet")."""
    return _affirmed(question).matches(
        r"\b(all (?:of )?my (?:own )?pawns (?:are )?(?:home|"
        + _IN
        + r"|safe)|all my pawns in (?:my|the) "
        r"home|i have all (?:my )?(?:own )?pawns (?:home|"
        + _IN
        + r")|(?<!of )my pawns are (?:all )?(?:home|safe)|"
        r"al mijn (?:eigen )?pionnen (?:zijn |staan )?(?:thuis|binnen|"
        + _IN
        + r")|(?<!van )mijn pionnen zijn "
        r"(?:allemaal )?(?:thuis|binnen)|i'?m (?:all )?home|all (?:4|four) (?:of my )?pawns "
        r"(?:are )?(?:safe )?(?:home|in (?:my|the) home|safe))\b"
    )


def nest_empty(question: Question) -> bool:
    """No pawn is left in the asker's nest (all on the board), not said otherwise."""
    return _affirmed(question).matches(
        r"\b(no pawns? (?:left )?(?:in|to place)|nest is empty|empty nest|all (?:my )?pawns "
        r"(?:are )?(?:on the board|in play|out)|no pawn left|nothing (?:left )?to place|"
        r"geen pionnen? meer|nest (?:is )?leeg|(?:al|alle) (?:vier )?(?:mijn |mn |m'n )?pionnen (?:staan |zijn )?"
        r"(?:al |allemaal )?op het bord|mijn nest is leeg|all (?:four|4) (?:of )?my pawns (?:are )?"
        r"(?:already |all )?(?:out )?(?:on the (?:board|track)|in play|out)|every pawn of mine is (?:already )?"
        r"(?:out )?on the (?:board|track)|all (?:of )?my pawns are "
        r"(?:already )?(?:out )?on the (?:board|track))\b"
    )


def asks_swap(question: Question) -> bool:
    return question.matches(
        r"\b(swap|swaps|swapping|switch|exchange|trade|change places|wissel\w*|ruil\w*)\b"
    ) or "J" in cards_named(question)


def asks_pass(question: Question) -> bool:
    """Passing (jumping over) a pawn."""
    return (
        question.matches(
            r"\b(pass|passes|passing|passed|jump(?:s|ing|ed)? over|go(?:es|ing)? past|went past|move past|"
            r"walk(?:s|ing|ed)? (?:over|past)|over(?:heen)? springen|passeren|voorbij(?:gaan|lopen)?|"
            r"springen over|overslaan|(?:er)?overheen|langs (?:gaat|gaan|loopt|lopen|komt|komen)|"
            r"(?:goes|go|going|went|moves?|moving|jumps?|runs?|walks?) (?:right |straight )?over|"
            r"(?:gaat|gaan|loopt|lopen|komt|komen) \w+ langs|waar hij langs|langs)\b"
        )
        or _OVER_HEEN.search(question.lower) is not None
        or _PAST_A_PAWN.search(question.lower) is not None
    )


#: the Dutch "over ... heen" said round a pawn ("met de 7 over een pion heen gaan")
_OVER_HEEN = re.compile(r"\bover\b[^.?!,]{0,40}\bheen\b")
#: passing said with words between the verb and "past" ("my 7 moves my pawn past his"), or
#: "past" / "beyond" / "voorbij" a pawn; a start, nest or home passed is another reading
PAST_SOMETHING = re.compile(
    r"\b(?:past|beyond|voorbij)\b(?! (?:my|its|his|her|their|the|mijn|zijn|haar|de|het) "
    r"(?:own |eigen )?(?:start\w*|home|honk|thuishonk|nest|entrance|ingang)\b)"
)
_PAST_A_PAWN = re.compile(
    PAST_SOMETHING.pattern
    + r"(?=[^.?!]{0,40}\b(?:pawns?|pionn?e?n?|him|her|his|hers|theirs|mine|it|hem|haar|one|"
    r"die|that)\b)"
)


def asks_hit(question: Question) -> bool:
    """Hitting (landing on, knocking off) a pawn."""
    return question.matches(
        r"\b(hit|hits|hitting|land(?:s|ing)? (?:exactly )?on|knock\w*|capture\w*|take out|"
        r"send\w* (?:it )?(?:back|home)|slaan|sla|slaat|geslagen|eraf|kom\w* op|"
        r"terug naar (?:het|zijn|haar|z'n) nest|back to (?:the|its|his|her|their) nest|"
        r"(?:ends?|lands?|stops?)(?: up)?(?: exactly| right| precisely)? (?:where|on) (?:an?|the|"
        r"his|her|their|another|my partner'?s|my teammate'?s|an opponent'?s|someone'?s)\b"
        r"[^.?]{0,20}\bpawn|"
        r"(?:kom|komt|eindig|eindigt|beland|belandt)\b[^.?]{0,30}\bop (?:een|de|het|zijn|haar) "
        r"(?:pion|vak)|op een pion "
        r"(?:van (?:een |mijn )?\w+ )?kom\w*)\b"
    )


_LANDING = re.compile(
    r"\b(?:land\w*|ends? (?:up )?(?:exactly )?on|ending on|stops? on|finish\w* on|exactly on|"
    r"right on|precies op|eindig\w* (?:\w+ )?op|beland\w* (?:\w+ )?op|kom\w* (?:\w+ )?op|"
    r"op (?:een|de|zijn|haar|die) pion|on (?:his|her|their|an? opponent'?s|my|the) pawn|"
    r"onto|on top of|bovenop)\b"
)


def says_landing(question: Question) -> bool:
    """The question says a move ends on a pawn ("lands on", "ends exactly on", "komt op")."""
    return _LANDING.search(question.lower) is not None


#: another player's placing told as what happened before the question ("my opponent just put a
#: pawn out"): the asker does not place
_OTHER_PLACED = re.compile(
    r"\b(?:opponent|he|she|they|partner|tegenstander|hij|zij)\b[^,.;?]*\b(?:just |net )?(?:put|"
    r"placed|brought|came|zette|heeft \w+ gezet)\b[^,.;?]*\b(?:out|on the board|op het bord)"
)


#: a move forward or back asked ("een vak vooruit zetten"): not a placing, whatever the verb
_MOVE_ASKED = re.compile(
    r"\b(?:vooruit|achteruit|forwards?|backwards?)\b"
    r"|\b(?:één|een|1|one) (?:vak|stap|step|space)\b"
)


def asks_place(question: Question) -> bool:
    """Placing a pawn on the board (bringing one out of the nest), by the asker."""
    if _OTHER_PLACED.search(question.lower) or _MOVE_ASKED.search(question.lower):
        return False
    counted = _SPACES.sub(" ", question.lower)  # "7 plaatsen voor de mijne": places, not placing
    return (
        re.search(
            r"\b(place|placing|put (?:a|my|one) pawn|bring (?:a|my) pawn|get (?:a|my) pawn (?:out|on)|"
            r"bring out (?:one of )?(?:a|my|one|another|a new|my partner'?s|my teammate'?s|his|her) pawns?|"
            r"(?:put|bring|get|place|brought|placed)\w* (?:[\w']+ ){0,4}on(?:to)? the board|onto the board|"
            r"(?:bring|get|put) (?:it|him|her|them|one) out|out of (?:the|my) nest|new pawn|zetten|plaatsen|(?:zet|breng|krijg)\w* (?:\w+ ){0,3}op het "
            r"bord|uit het nest|"
            r"neerzetten|inzetten|opzetten|opzet)\b",
            counted,
        )
        is not None
    )


def asks_hand_in(question: Question) -> bool:
    return question.matches(
        r"\b(hand in|hand (?:my cards|everything|it all|them|all (?:of )?(?:my|the) cards|my hand) in|"
        r"throw (?:in )?(?:my|all my) cards(?: in)?|fold|give up my cards|discard my (?:hand|cards)|pass my turn|"
        r"skip my turn|inleveren|inlever\w*|passen|afgooien|beurt overslaan)\b"
    )


def asks_must(question: Question) -> bool:
    """Whether the question asks if something is obligatory ("must I", "do I have to")."""
    return question.matches(
        r"\b(must|have to|has to|obliged|forced|required|need to|moet|moeten|verplicht)\b"
    )


def asks_why_not(question: Question) -> bool:
    return question.matches(r"\b(why can'?t|why cannot|why may i not|waarom (?:kan|mag))\b")


_AUX = re.compile(
    r"(?:is|are|does|do|will|would|gets?|wordt|worden|ga|gaat|gaan|ben|bent|zijn)\b"
    r"|(?:must|moet|moeten) (?!i\b|ik\b|we\b|wij\b|you\b|je\b|jij\b)"
)
_HIT_WORDS = re.compile(
    r"\b(hit|knocked\w*|knock (?:it|him|her|that pawn|his pawn) off|captured?|sent (?:back|home)|go(?:es)? back|back to (?:the|its|his|her) "
    r"nest|geslagen|terug)\b"
)


def asks_whether_hit(question: Question) -> bool:
    """The question's last sentence asks whether a pawn is hit ("Is his pawn hit?", "Does it
    have to go back to the nest?"), not whether a move is allowed."""
    parts = [p for p in re.split(r"(?<=[.?!])\s+", question.lower.strip()) if p]
    last = parts[-1] if parts else ""
    clause = last.rsplit(", ", 1)[-1]  # "als ik ... heen ga, wordt die dan geslagen?"
    return any(bool(_AUX.match(c) and _HIT_WORDS.search(c)) for c in {last, clause})


_MINE = r"(?:my (?:own )?pawn|mine|me|i|i'm|i am|ik|mij|mijn (?:eigen )?pion)"
_RELATION = re.compile(
    r"\b(?P<subject>my (?:own )?pawn|i|i'm|i am|ik|mijn (?:eigen )?pion|his pawn|her pawn|their "
    r"pawn|his|hers|theirs|he|she|the other (?:guy'?s )?pawn|(?:an? |the |my )?(?:opponent|"
    r"enemy|partner|teammate)'?s? pawn|zijn pion|haar pion|hij|zij|de pion van \w+)\b"
    r"\s*(?:(?:is|are|am|'m|'s|stands?|standing|sits?|sitting|staat|zit|ligt)\s+)?"
    r"(?:(?:now|just|exactly|only|precies|nog)\s+)?(?:" + _NUMBER + r"\s*(?:spaces?|steps?|"
    r"squares?|fields?|vakken|vakjes|stappen)?\s+)?"
    r"(?P<relation>behind|achter|ahead of|ahead|in front of|before|voor)\b"
    r"(?P<object>[^.?!;]{0,25})"
)


def other_behind(question: Question) -> bool | None:
    """Whether the other pawn stands behind the asker's (``True``), ahead of it (``False``),
    or the question does not say (``None``): "his pawn is 3 behind mine" and "my pawn is 3
    ahead of his" put it behind; "my pawn is 3 behind his" and "his pawn is 3 in front of
    mine" ahead.  Two readings that disagree give ``None``."""
    readings = set()
    for m in _RELATION.finditer(question.lower):
        if m.group("relation") in ("before", "voor"):
            continue  # "3 spaces before", "3 vakken voor": ahead of it, or short of it
        mine_first = re.fullmatch(_MINE, m.group("subject")) is not None
        behind = m.group("relation") in ("behind", "achter")
        readings.add(behind != mine_first)  # the other is behind when it is the one behind
    return readings.pop() if len(readings) == 1 else None
