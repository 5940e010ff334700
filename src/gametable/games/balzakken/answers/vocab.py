"""Balzakken's situation vocabulary: the words that name the asker and the other players, say
who holds more or fewer points, who calls, and which numbers are no hand.

Read by :mod:`.grammar`; kept apart so the grammar's module is its reading alone.
"""

from __future__ import annotations

import re

ME = frozenset(
    [
        "i",
        "i'm",
        "i've",
        "i'd",
        "me",
        "my",
        "mine",
        "myself",
        "ik",
        "mijn",
        "mij",
        "mijzelf",
        "mezelf",
    ]
)
#: words that name another player, and how a reply names that player
OTHERS = {
    "neighbour": ("your neighbour", "je buurman"),
    "neighbor": ("your neighbour", "je buurman"),
    "buurman": ("your neighbour", "je buurman"),
    "buurvrouw": ("your neighbour", "je buurvrouw"),
    "opponent": ("your opponent", "je tegenstander"),
    "tegenstander": ("your opponent", "je tegenstander"),
    "tegenspeler": ("your opponent", "je tegenspeler"),
    "partner": ("your partner", "je partner"),
    "someone": ("the other player", "de andere speler"),
    "somebody": ("the other player", "de andere speler"),
    "iemand": ("the other player", "de andere speler"),
    "player": ("the other player", "de andere speler"),
    "speler": ("the other player", "de andere speler"),
    "friend": ("your friend", "je vriend"),
    "vriend": ("your friend", "je vriend"),
    "vriendin": ("your friend", "je vriendin"),
    "guy": ("the other player", "de andere speler"),
    "woman": ("the other player", "de andere speler"),
    "lady": ("the other player", "de andere speler"),
    "sister": ("your sister", "je zus"),
    "brother": ("your brother", "je broer"),
    "zus": ("your sister", "je zus"),
    "sis": ("your sister", "je zus"),
    "bro": ("your brother", "je broer"),
    "broer": ("your brother", "je broer"),
    "son": ("your son", "je zoon"),
    "daughter": ("your daughter", "je dochter"),
    "zoon": ("your son", "je zoon"),
    "dochter": ("your daughter", "je dochter"),
    "dad": ("your dad", "je vader"),
    "father": ("your father", "je vader"),
    "mom": ("your mum", "je moeder"),
    "mum": ("your mum", "je moeder"),
    "mother": ("your mother", "je moeder"),
    "vader": ("your father", "je vader"),
    "moeder": ("your mother", "je moeder"),
    "papa": ("your dad", "je papa"),
    "mama": ("your mum", "je mama"),
    "opa": ("your grandad", "je opa"),
    "oma": ("your gran", "je oma"),
    "buddy": ("your buddy", "je maat"),
    "mate": ("your mate", "je maat"),
    "pal": ("your pal", "je maat"),
    "maat": ("your mate", "je maat"),
    "cousin": ("your cousin", "je neef"),
    "neef": ("your cousin", "je neef"),
    "nicht": ("your cousin", "je nicht"),
    "uncle": ("your uncle", "je oom"),
    "oom": ("your uncle", "je oom"),
    "aunt": ("your aunt", "je tante"),
    "tante": ("your aunt", "je tante"),
    "caller": ("the caller", "de roeper"),
    "roeper": ("the caller", "de roeper"),
}
#: words that name the player who called BALZAK!
CALLER_WORDS = frozenset(["caller", "roeper"])
#: words that always start a new other player ("another", "a second player")
NEW_OTHER = frozenset(
    ["another", "other", "second", "third", "fourth", "fifth", "last", "ander", "andere",
     "tweede", "derde", "vierde", "laatste"]
)  # fmt: skip
#: "the player next to me", "de speler naast mij": the asker names where another player sits
BESIDE = re.compile(
    r"\b(?:next to|across from|opposite|beside|left of|right of|naast|tegenover|links van|"
    r"rechts van) (?:me|mij)\b|\b(?:to|on|at) my (?:left|right)\b"
)
#: words that go on about the last other player named
PRONOUNS = frozenset(["he", "she", "his", "her", "him", "hij", "zij", "ze", "haar", "hem"])
#: counts of players said in words inside a group ("the other three", "de andere twee")
GROUP_COUNTS = {
    "both": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "twee": 2, "drie": 3,
    "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7,
}  # fmt: skip
_GROUP_COUNT = "(?:" + "|".join(GROUP_COUNTS) + ")"
#: "the others have 6 and 9": each number that follows is one more player; a count said with
#: the group ("the other three", "two other players") is how many players it holds
GROUP = re.compile(
    r"\b(?:the others|all (?:the )?others|everyone else|everybody else|every other player|"
    r"all other players|the other players|the rest|de anderen|alle anderen|iedereen|"
    r"de andere spelers|alle andere spelers|de rest|"
    rf"the other {_GROUP_COUNT}(?: players)?|the {_GROUP_COUNT} others|"
    rf"(?:the )?{_GROUP_COUNT} other players|de andere {_GROUP_COUNT}(?: spelers)?|"
    rf"(?:de )?{_GROUP_COUNT} andere spelers|de {_GROUP_COUNT} anderen|"
    rf"(?:my |the |both (?:of )?(?:my )?|mijn |de )?(?:{_GROUP_COUNT} )?(?:other )?"
    r"(?:opponents|neighbou?rs|tegenstanders|tegenspelers)|"
    rf"{_GROUP_COUNT} others|{_GROUP_COUNT} anderen|"
    rf"{_GROUP_COUNT} of (?:the others|the other players|my opponents)|"
    r"(?<!\bthe )(?<!\ball )others(?= (?:got|have|had|hold|held|each)\b)|"
    rf"{_GROUP_COUNT} van de (?:anderen|andere spelers))\b"
)
#: "both have 0", "allebei 0", "each hold 4": one number said for every player of a group
EACH = re.compile(r"\b(?:both|each|all|allebei|beiden|elk|ieder|allemaal)\b")
#: "both of us have 0": the asker and one other player hold the same
BOTH_OF_US = re.compile(r"\b(?:both of us|we both|wij allebei|we allebei|we hebben allebei)\b")
#: every other hand holds more than the caller's, said of nobody ("nobody else was that low")
OTHERS_HIGHER = re.compile(
    r"\b(?:nobody|no one|noone|none of the others|niemand)(?: else| anders)? "
    r"(?:was|had|has|is|were|held|zat|had|heeft|was er) (?:that|as|so|zo|even|ook zo) "
    r"(?:low|few|laag|weinig)\b|\b(?:everyone|everybody) else (?:is|was|had|has|held) "
    r"(?:above|higher|more)\b|"
    r"\b(?:the rest|the others|all the others|de rest|de anderen|alle anderen|iedereen(?: anders)?)"
    r" (?:had|has|have|held|hold|hadden|had|heeft|hebben|hield|hielden) (?:more|meer|higher|hoger)"
    r"(?: points| punten)?\b|"
    r"\b(?:nobody|no one|noone|niemand)(?: else| anders)? (?:has|had|held|heeft|had|hield) "
    r"(?:fewer|less|lower|minder|lager)(?: points| punten)?(?: than me| dan ik)? (?:or|of) "
    r"(?:equal|the same|as many|evenveel|gelijk|hetzelfde)\b"
)
#: "nobody had fewer" without "or the same": a tie with the caller is left open
NOBODY_FEWER = re.compile(
    r"\b(?:nobody|no one|noone|niemand)(?: else| anders)? (?:has|had|held|heeft|had|hield) "
    r"(?:fewer|less|lower|minder|lager)\b"
)
#: a call made by a player the question does not name ("a good BALZAK! was called", "a good
#: BALZAK! by someone else")
OTHER_CALLED = re.compile(
    r"\b(?:balzak!?|call) (?:was|is|got|werd|wordt) (?:called|made|shouted|geroepen)\b|"
    r"\b(?:balzak!?|call) (?:by|from|van) (?:someone|somebody|another player|a player|"
    r"iemand|een andere speler)(?: else| anders)?\b|"
    r"\b(?:balzak!?|call) (?:by|from|van) (?:the |my |a |de |mijn |een )(?:guy|player|neighbou?r|"
    r"opponent|sister|brother|friend|speler|buurman|buurvrouw|tegenstander|zus|broer)\b|"
    # the round said to end: someone called ("the round ends and I still hold ...")
    r"\b(?:the |this |a )?round (?:ends|ended|is over|was over|finishes|finished|"
    r"is called|was called|gets called|got called)\b|"
    r"\bde ronde (?:eindigt|is (?:voorbij|afgelopen|uit)|wordt afgeroepen)\b"
)
SAME = re.compile(
    r"\b(?:the same (?:number of )?points|as many points|the same as me|same hand value|"
    r"evenveel punten|evenveel als ik|hetzelfde aantal punten|gelijk aantal punten)\b"
)
HIGHER = frozenset(["more", "higher", "above", "meer", "hoger"])
LOWER = frozenset(["fewer", "less", "lower", "minder", "lager"])
CALL = re.compile(
    r"^(?:call|calls|called|calling|roep|roept|riep|riepen|roepen|geroepen|make|makes|made|maakt|maak|"
    r"shout|shouts|shouted|yell|yells|yelled|scream|screams|screamed)$"
)
#: words before a number that say it is no hand: a seat, a round, a total on the score sheet
#: ("I'm on 45")
NOT_A_HAND = frozenset(["seat", "stoel", "round", "ronde", "on", "op", "at", "total", "totaal"])
#: words after a number that say it counts something other than points in a hand
NOT_POINTS = frozenset(
    [
        "players",
        "player",
        "spelers",
        "speler",
        "cards",
        "card",
        "kaarten",
        "kaart",
        "turns",
        "turn",
        "beurten",
        "beurt",
        "rounds",
        "round",
        "ronde",
        "rondes",
        "times",
        "keer",
        "seats",
        "seat",
        "plaatsen",
    ]
)
EMPTY = re.compile(
    r"\b(?:out of cards|no cards|no more cards|empty hand|empty-handed|zero cards|geen kaarten|geen kaart meer|"
    r"lege hand|nothing in (?:my|his|her) hand|hand (?:is|was) (?:now )?(?:empty|leeg))\b"
)
#: verbs after which the cards named are played, not held
ACTING = frozenset(
    [
        "discard",
        "discards",
        "discarded",
        "discarding",
        "swap",
        "swaps",
        "swapped",
        "swapping",
        "exchange",
        "exchanged",
        "afleggen",
        "afgelegd",
        "leg",
        "legde",
        "legt",
        "ruil",
        "ruilen",
        "ruilde",
        "geruild",
        "wissel",
        "wisselen",
        "weggooien",
        "gooi",
        "throw",
        "throws",
        "threw",
        "dump",
        "dumps",
        "toss",
        "rid",
        "wegleggen",
        "neerleggen",
        # Dutch verbs said last in a clause ("als ik twee vijven afleg")
        "afleg",
        "aflegt",
        "wegleg",
        "weglegt",
        "weggooi",
        "weggooit",
    ]
)
#: reading the cards the asker plays (a mark in place of a holder's index)
ACTED = -1
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "een": 1, "één": 1, "twee": 2, "drie": 3,
    "vier": 4, "both": 2, "beide": 2,
}  # fmt: skip

#: the verbs of a score asked about, English and Dutch
_VERB = (
    r"(?:write|writes|score|scores|get|gets|get to write|gets to write|write down|writes down|"
    r"schrijf|schrijft|krijg|krijgt|scoor|scoort)"
)
_WHO = r"([^\W\d_]+(?: [^\W\d_]+)?)"
#: "what does Jan write", "wat schrijft Jan (op)", "what do I score", "wat krijg ik"
ASKED_WHAT = re.compile(
    rf"\b(?:what|how much|how many points|wat|hoeveel(?: punten)?) (?:does|do|did|will|would) "
    rf"{_WHO} (?:also |then |now )?{_VERB}\b|\b(?:wat|hoeveel(?: punten)?) {_VERB} {_WHO}\b"
)
#: "does Jan also get to write 0", "do I get -2", "schrijf ik dan -1 op", "krijgt Jan ook 0"
ASKED_WHETHER = re.compile(
    rf"^(?:does|do|did|will|would|is|zal) {_WHO} (?:also |still |then |really |now |just )?"
    rf"{_VERB} (?:a |an )?(-?\d+)\b|^{_VERB} {_WHO} (?:dan |ook |nu |echt )*(-?\d+)\b"
)
#: "who writes 0?", "who gets the 0", "wie schrijft 0 op?": the score asked about, no hand
ASKED_WHO = re.compile(
    rf"\b(?:who|wie) (?:also |then |ook |dan )?{_VERB} (?:the |a |de |een )?(-?\d+)\b"
)
#: where a sentence of a question ends
SENTENCE_END = re.compile(r"(?<=[.;?!])\s+(?=\S)")
