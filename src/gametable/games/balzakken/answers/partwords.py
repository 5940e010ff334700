"""The words a Balzakken situation is read by (:mod:`.parts`): who is spoken of, the verbs of
holding, calling and acting, the words around a number that say what it counts, and the words
that change what a situation means.
"""

from __future__ import annotations

import re

from gametable.games.balzakken.answers.names import CARDS, VALUE_WORDS
from gametable.games.balzakken.answers.vocab import ME, NEW_OTHER, OTHERS, PRONOUNS
from gametable.rulebook.question import Question

#: words, numbers (a card value may carry a plural "s"), and the marks that part a list
TOKEN = re.compile(r"-?\d+(?:'?s\b)?|[^\W\d_]+(?:'[^\W\d_]+)?|[,;:.?!]")

WORD = re.compile(r"-?\d+|[^\W\d_]+(?:'[^\W\d_]+)?")

ENDS = frozenset(".?!")

LIST_MARKS = frozenset(",;:")

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "nul": 0, "een": 1, "één": 1,
    "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "negen": 9,
    "tien": 10, "elf": 11, "twaalf": 12, "both": 2, "beide": 2,
}  # fmt: skip

#: a lone "one"/"een" is an article, not a count, unless a card value follows it
ARTICLES = frozenset(["one", "een", "één"])

GROUP = frozenset(["others", "anderen", "rest"])

SOMEONE = frozenset(["someone", "somebody", "iemand", "anyone"])

#: players named by a word, each word its own player ("my neighbour", "mijn vader")
PERSONS = {
    "neighbour": "neighbour", "neighbor": "neighbour", "buurman": "neighbour",
    "buur": "neighbour", "buurvrouw": "buurvrouw", "opponent": "opponent",
    "tegenstander": "opponent", "vader": "vader", "moeder": "moeder", "opa": "opa",
    "oma": "oma", "broer": "broer", "zus": "zus", "zoon": "zoon", "dochter": "dochter",
    "kleinzoon": "kleinzoon", "kleindochter": "kleindochter", "dad": "dad", "mum": "mum",
    "mom": "mom", "brother": "brother", "sister": "sister", "grandpa": "grandpa",
    "grandma": "grandma", "friend": "friend", "vriend": "vriend", "vriendin": "vriendin",
    "wife": "wife", "husband": "husband", "partner": "partner",
}  # fmt: skip

#: verbs of holding: a word before one that no part names is a player we cannot place
HOLD = frozenset(["has", "had", "holds", "held", "heeft", "hield", "houdt", "got"])

BEFORE_HOLD = frozenset(
    ["who", "die", "that", "also", "too", "ook", "still", "nog", "only", "alleen", "just",
     "already", "al", "each", "elk", "both", "allebei", "beide", "then", "dan", "and", "en",
     "er", "it", "hand", "zij", "ze", "balzak", "round", "ronde", "pile", "stapel", "game",
     "spel", "which", "welke", "wat", "what", "nobody", "niemand", "everyone", "iedereen",
     "everybody", "deck", "so", "dus", "but", "maar", "now", "nu", "caller", "roeper",
     "cards", "card", "kaarten", "kaart", "points", "punten", "many", "much", "hoeveel",
     "them", "us", "of", "we", "they", "you", "i", "me", "wie", "one", "player", "speler",
     "over", "then", "daarna", "afterwards", "after", "na", "zelf", "himself",
     "herself", "myself", "mezelf", "someone", "iemand", "else", "anyone", "least", "most"]
)  # fmt: skip

HE = frozenset(["he", "she", "him", "her", "his", "hij", "ze", "zij", "hem", "haar", "die"])

MINE = ME | frozenset(["ik", "mijn", "mij", "me", "my", "mine", "myself", "i"])

#: words after a number that make it a count of players
PLAYERS = frozenset(["players", "spelers", "player", "speler"])

#: words after a number that make it points in hand
POINTS = frozenset(["points", "point", "punten", "punt", "pts", "pt"])

CARDS_WORDS = frozenset(["cards", "card", "kaarten", "kaart"])

#: words before a number that make it a total on the score sheet
ON = frozenset(["on", "at", "op"])

TOTAL_WORDS = frozenset(["total", "totaal", "stand"])

#: words that may stand between the points of rounds said one after another ("wrote down 12,
#: then 17, then 0", "scored 9 in one round and 6 in the next", "schreef 11 en 8 op")
SERIES = frozenset(
    [",", "and", "then", "en", "daarna", "dan", "in", "the", "next", "one", "a", "round",
     "de", "het", "volgende", "ronde", "following", "after", "that", "na", "die", "later",
     "another", "nog", "again", "weer", "opnieuw"]
)  # fmt: skip
#: rounds counted ("over the next three rounds", "in drie rondes")
ROUNDS = frozenset(["rounds", "rondes", "ronden"])

#: verbs of this round's points added to a total
GAIN = frozenset(
    ["picked", "gained", "scored", "wrote", "kreeg", "scoorde", "schreef", "erbij", "added"]
)

CALL_WORDS = frozenset(
    ["calls", "called", "call", "calling", "roept", "riep", "roep", "shouts", "shouted",
     "yells", "yelled", "balzak's", "balzaks"]
)  # fmt: skip

#: words that change what a situation means and that no part holds
BLOCK = frozenset(
    ["not", "never", "don't", "doesn't", "didn't", "isn't", "wasn't", "unless", "instead",
     "except", "niet", "nooit", "tenzij", "behalve", "zonder", "without", "or", "either",
     "suppose", "stel", "stil", "would've", "could've", "hadn't", "haven't", "another",
     "min", "minus", "negative", "negatief", "plus", "longer", "anymore", "gone", "kwijt",
     "lost", "used", "gebruikt", "weggespeeld", "except", "but not",
     "third", "second", "fourth", "across", "derde", "tweede", "ander", "guy", "girl",
     "opponents", "neighbours", "whoever"]
) | frozenset(
    # cards of other decks: Balzakken has no Ace, face cards or suits, so a hand naming one is
    # no hand of this game ("a 2, a 3 and an ace")
    ["ace", "aces", "aas", "azen", "king", "kings", "koning", "heer", "heren", "queen", "queens",
     "vrouw", "vrouwen", "jack", "jacks", "boer", "boeren", "joker", "jokers", "heart", "hearts",
     "spade", "spades", "club", "clubs", "diamond", "diamonds", "harten", "schoppen", "klaveren",
     "ruiten"]
)  # fmt: skip

#: a card said to be still held because it was not played ("a Swinger she never played",
#: "The Lul I never got round to playing", "De Swinger die ik nooit heb gespeeld"): the card is
#: in the hand, the words say nothing more
UNPLAYED = re.compile(
    r"\b(?:(?:that|which|die|dat) )?(?:i|he|she|they|you|ik|hij|zij|ze|je) (?:never|didn't|did not|"
    r"had not|hadn't|could not|couldn't|nooit|niet)(?: (?:got|get|managed|had the chance|kon|"
    r"heb|had|hebt|heeft|round|around|to|a chance|chance|de kans))* (?:play|played|playing|"
    r"use|used|using|spelen|gespeeld|speelde|gebruiken|gebruikt)(?: it| hem| het)?\b"
)

#: a player said to hold fewer points than the caller, or as many ("had fewer points than me",
#: "had evenveel punten als ik", "also had the same")
SAME_WORDS = frozenset(["the same", "as many", "as few", "evenveel", "net zoveel", "hetzelfde"])
BELOW = re.compile(
    r"(?<!who )(?<!wie )\b(?:had|has|held|holds|heeft|hield|hadden|hebben)(?: also| too| ook| er| "
    r"just| net)? (?:(fewer|less|lower|minder)(?: points| punten)? (?:than|dan)|"
    r"(the same|as many|as few|evenveel|net zoveel|hetzelfde)(?: points| punten)?(?: as| als)?)"
    r"(?: (?:me|mine|i did|i|ik|mij|him|her|hem|haar|the caller|de roeper)\b|(?<=points)(?=[.,;!?])|"
    r"(?<=punten)(?=[.,;!?]))"
)

#: words that end the hand said after a holder ("Mo calls with 0, Ruth holds ...")
EMPTY = re.compile(
    r"\b(?:no cards?(?: left| any more| anymore)?|(?:hand is|an?) empty(?: hand)?|geen (?:enkele )?"
    r"kaart(?:en)?(?: meer)?|lege hand|zonder kaarten|out of cards)\b"
)

#: verbs that open a sentence whose subject is left out ("Had 52 points.", "Kreeg een 9."):
#: capitalised, but never a player's name
VERB_OPENERS = frozenset(
    ["had", "has", "have", "got", "get", "gets", "held", "hold", "holds", "am", "were", "been",
     "went", "stood", "sat", "heb", "hebt", "heeft", "hadden", "kreeg", "krijg", "stond", "zat",
     "was", "waren", "hield", "houd"]
)  # fmt: skip

#: words that are never a player's name, however they are written: the one list that
#: :mod:`.parts`, :mod:`.players` and :mod:`.others` read names by
NOT_NAMES = (
    VERB_OPENERS
    | ME
    | PRONOUNS
    | frozenset(OTHERS)
    | NEW_OTHER
    | frozenset(
    ["sitting", "standing", "being", "having", "playing", "holding", "now", "here", "there",
     "while", "first", "eind", "vorige", "laatste", "last", "nobody", "niemand", "everyone",
     "iedereen", "nog", "wel", "ok", "oké", "hey", "hi", "hallo", "so", "zo", "dus", "yes",
     "balzak", "balzakken", "the", "de", "het", "round", "ronde", "end", "einde", "eindstand",
     "scores", "totals", "total", "after", "still", "with", "from", "someone", "if", "when",
     "what", "who", "how", "wie", "wat", "hoeveel", "na", "nadat", "final", "game", "spel",
     "ready", "okay", "then", "and", "but", "en", "maar", "blue", "ball", "blauwe", "bal",
     "bruisbal", "lul", "swinger", "good", "false", "valse", "goede", "mag", "may", "can",
     "is", "are", "this", "that", "deze", "dit", "next", "volgende", "which", "dat", "die",
     "it", "everybody", "noone", "one", "hand", "deck", "pile", "er", "else", "all", "alle",
     "or", "of", "dan", "ook", "also", "just", "only", "everyone's", "we", "wij", "you", "je",
     "jij", "u", "they", "them", "us", "ons", "caller", "stapel", "card", "kaart", "cards",
     "kaarten", "points", "punten", "score", "sheet", "als", "lowest", "laagste", "highest",
     "hoogste", "anyone", "somebody", "iemand", "others", "anderen", "rest", "both", "allebei",
     "beide", "each", "guy", "girl", "kid", "people", "ppl", "player", "players", "speler",
     "spelers", "mine", "nu", "hoe", "none", "no", "any", "some", "every", "geen", "elke",
     "iedere", "table", "tafel", "pot", "potje", "could", "must", "should", "does", "do", "did",
     "where", "why", "please", "kan", "moet", "mogen", "waar", "wanneer", "waarom", "welke",
     "ja", "nee", "a", "an", "een", "in", "on", "op", "met", "at", "bij", "for", "voor",
     "zijn", "oops", "oeps", "haha", "lol", "afterwards", "afterward", "later", "earlier",
     "meanwhile", "before", "daarna", "daarvoor", "eerst", "toen", "straks", "net", "once",
     "suppose", "say", "stel", "imagine", "right", "sorry", "well", "hmm", "oh", "wait"]
    )
)  # fmt: skip

#: a count of two said as a noun ("a pair of 6s", "een paar negens")
PAIR = frozenset(["pair", "paar"])

#: verbs of an action in a turn; the cards said after them are what the action plays
ACTS = {
    "discard": "discard", "discards": "discard", "discarded": "discard", "throw": "discard",
    "throws": "discard", "gooi": "discard", "gooit": "discard", "leg": "discard",
    "afleg": "discard", "play": "play", "plays": "play", "played": "play", "put": "play",
    "speel": "play", "speelde": "play", "speelt": "play", "geef": "play", "gaf": "play",
    "swing": "swing", "swings": "swing", "swap": "swap", "swaps": "swap", "ruil": "swap",
    "trade": "swap", "weggooi": "discard", "weggooien": "discard", "gooien": "discard",
    "afgooi": "discard", "afgooien": "discard", "afleggen": "discard", "legt": "discard",
    "dump": "discard", "dumps": "discard", "discarding": "discard", "use": "play",
    "uses": "play", "gebruik": "play", "threw": "discard", "tossed": "discard",
    "dumped": "discard", "gooide": "discard",
    "throwing": "discard",
}  # fmt: skip

TARGET_WORDS = frozenset(["on", "at", "to", "with", "bij", "aan", "op", "voor", "front"])

DETERMINERS = frozenset(["a", "the", "de", "een", "his", "her", "my", "zijn", "haar", "mijn"])

MAKE = frozenset(["make", "makes", "made", "maak", "maakt", "maakte", "doe", "doet", "deed"])

#: words between a restating word and the number it restates ("that's only 3 points")
QUALIFIERS = frozenset(["only", "just", "exactly", "maar", "precies", "slechts", "all", "in"])

RESTATE = frozenset(["so", "dus", "=", "total", "samen", "thats", "that's", "dats", "dat's"])

HOLDING = frozenset(
    ["heb", "hebt", "heeft", "hold", "holds", "have", "has", "had", "holding", "houd", "hield",
     "got", "i've", "hand"]
)  # fmt: skip

#: words that may stand between a caller and the verb of calling
ADVERBS = frozenset(
    ["just", "also", "then", "now", "finally", "still", "ook", "net", "dan", "nu", "meteen",
     "eindelijk", "zelf", "and", "en", "so", "dus", "must", "moet", "had", "to", "have",
     "will", "would", "wil", "ga", "gaat", "mag", "can", "may", "could", "kan", "a", "een",
     "good", "false", "goede", "valse", "make", "makes", "made", "maakt", "maakte", "maak",
     "balzak", "calls", "call", "called", "'s", "when", "als", "if", "after", "na", "eventually"]
)  # fmt: skip

POSSESSIVE = frozenset(
    ["my", "mijn", "the", "de", "het", "his", "her", "zijn", "haar", "your", "je", "jouw",
     "our", "onze", "ons", "their", "hun", "a", "een"]
)  # fmt: skip

#: words that say the numbers after names are totals on the score sheet
TOTALS_CUE = frozenset(["scores", "totals", "eindstand", "totalen", "standings", "eindscore"])
#: words that open a list of totals only as its header ("Stand: ik 96, Jan 40")
HEADER_CUE = frozenset(["stand", "tussenstand", "score", "totaal", "total"])

HAD = frozenset(
    ["had", "was", "have", "heb", "stond", "zat", "sta", "staat", "is", "has", "heeft", "hebben",
     "says", "said", "shows", "showed", "zegt", "toont", "read", "reads"]
)  # fmt: skip

OTHER_WORDS = frozenset(["other", "andere", "more", "meer", "extra"])


#: words that lay a card on the table, out of a hand: read only as a turn's action
ON_TABLE = frozenset(["front", "ligt", "liggen", "lies", "lying", "lay", "laid", "table", "tafel"])
#: words before a number that restate what a card or hand is worth ("the Lul is worth 10")
WORTH = frozenset(["worth", "waard", "counts", "count", "telt", "tellen", "equals", "makes"])
#: words for several players at once: what follows belongs to nobody alone
PLURAL = frozenset(["we", "us", "wij", "ons", "they", "players", "spelers"])
#: words after a name that open a sentence ("Tom was on 48", "Jan op 97", "Anna calls")
NAME_FOLLOWERS = frozenset(
    ["was", "is", "on", "op", "has", "had", "holds", "held", "heeft", "had", "hield", "houdt",
     "calls", "called", "roept", "riep", "makes", "made", "maakt", "maakte", "plays", "played",
     "speelt", "speelde", "stond", "staat", "zit", "zat", "gets", "got", "krijgt", "kreeg",
     "writes", "wrote", "schrijft", "schreef", "ends", "ended", "eindigt", "just", "also",
     "ook", "net", "then", "dan", ","]
)  # fmt: skip
#: what may follow "no" / "geen" in a question the parts read: an empty hand, a count
EMPTY_AFTER = frozenset(["cards", "card", "kaarten", "kaart", "enkele", "more", "points", "punten"])
#: words before "me" / "mij" that name the player beside the asker
BESIDE_ME = frozenset(["naast", "beside", "next"])
#: the others' hands said by how they stand to the caller's: every one of them higher
OTHERS_HIGHER = re.compile(
    r"\b(?:(?:all the others|everyone else|everybody else|all other players|iedereen|alle "
    r"anderen|de anderen|the rest|de rest) (?:had|have|has|hold|holds|held|heeft|hebben|had|"
    r"hadden) (?:more|"
    r"meer)|(?:nobody|no one|noone|niemand)(?: else| anders)? (?:has|had|holds|held|heeft|hield) "
    r"(?:(?:that|-?\d+) (?:points? |punten )?(?:or|of) (?:less|fewer|lower|minder)|"
    r"(?:as few|zo weinig|evenveel)(?: or fewer| of minder)?)|"
    r"(?:i|ik) (?:alone|als enige) (?:have|had|heb) (?:the fewest|the lowest|de minste)|"
    r"(?:i|ik) (?:have|had|heb) (?:alone|als enige) (?:the fewest|the lowest|de minste))\b"
)


#: a reason the asker gives, to the end of its clause ("since she doesn't have fewer")
REASON = re.compile(r"\b(?:since|because|omdat|aangezien) [^.?!,;:]*")


def count_word_in(text: str) -> bool:
    """Whether ``text`` says a count in words or digits ("two", "drie", "3")."""
    return any(
        count_word(w) is not None and w not in ("a", "an", "een", "one") for w in WORD.findall(text)
    )


def count_word(token: str) -> int | None:
    """A count said in digits or in words ("3", "three", "drie", "both")."""
    if token in NUMBER_WORDS:
        return NUMBER_WORDS[token]
    if re.fullmatch(r"-?\d+", token):
        return int(token)
    return None


def plural_value(token: str) -> str | None:
    """ "7s", "2's", "zevens", "sevens": a card value said in the plural."""
    found = re.fullmatch(r"(-?\d+)'?s", token)
    if found and -1 <= int(found.group(1)) <= 11:
        return found.group(1)
    if token in VALUE_WORDS:
        return str(VALUE_WORDS[token])
    if token in ("bruisballen", "luls", "lullen", "swingers"):
        return CARDS.names[token]
    return None


def argument(found: re.Match[str]) -> str:
    """A reason the asker gives ("since she doesn't have fewer") names no number and no card:
    it argues, it tells no part, so it is not read; one that names them is kept."""
    said = found.group(0)
    if re.search(r"\d", said) or CARDS.find(Question.read(said)) or count_word_in(said):
        return said
    return " "


def pair_at(tokens: list[str], i: int) -> str | None:
    """The card of "a pair of 6s" said at ``i``: two of it."""
    if tokens[i] not in PAIR or tokens[i + 1 : i + 2] not in (["of"], ["van"]):
        return None
    return plural_value(tokens[i + 2]) if i + 2 < len(tokens) else None


def card_at(tokens: list[str], i: int) -> tuple[str, int] | None:
    """A card named by its name at ``i`` (one or two words), and the words it took."""
    if i + 1 < len(tokens) and f"{tokens[i]} {tokens[i + 1]}" in CARDS.names:
        return CARDS.names[f"{tokens[i]} {tokens[i + 1]}"], 2
    tok = tokens[i]
    if tok in CARDS.names and tok not in ("luls", "lullen", "swingers", "bruisballen"):
        return CARDS.names[tok], 1
    if len(tok) >= 5 and tok.isalpha() and tok not in NOT_NAMES:
        found = CARDS.find(Question.read(tok))
        if found and found[0].said == tok and found[0].name in ("L", "S"):
            return found[0].name, 1
    return None
