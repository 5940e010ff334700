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
}
#: words that always start a new other player ("another", "a second player")
NEW_OTHER = frozenset(
    ["another", "other", "second", "third", "fourth", "ander", "andere", "tweede", "derde"]
)
#: words that go on about the last other player named
PRONOUNS = frozenset(["he", "she", "his", "her", "him", "hij", "zij", "ze", "haar", "hem"])
#: "the others have 6 and 9": each number that follows is one more player
GROUP = re.compile(
    r"\b(?:the others|all (?:the )?others|everyone else|everybody else|every other player|"
    r"all other players|the other players|the rest|de anderen|alle anderen|iedereen|"
    r"de andere spelers|alle andere spelers|de rest)\b"
)
SAME = re.compile(
    r"\b(?:the same (?:number of )?points|as many points|the same as me|same hand value|"
    r"evenveel punten|evenveel als ik|hetzelfde aantal punten|gelijk aantal punten)\b"
)
HIGHER = frozenset(["more", "higher", "above", "meer", "hoger"])
LOWER = frozenset(["fewer", "less", "lower", "minder", "lager"])
CALL = re.compile(
    r"^(?:call|calls|called|calling|roep|roept|riep|riepen|roepen|make|makes|made|maakt|maak|"
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
    r"\b(?:no cards|no more cards|empty hand|empty-handed|zero cards|geen kaarten|geen kaart meer|"
    r"lege hand|nothing in (?:my|his|her) hand)\b"
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
    ]
)
#: reading the cards the asker plays (a mark in place of a holder's index)
ACTED = -1
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "een": 1, "één": 1, "twee": 2, "drie": 3,
    "vier": 4, "both": 2, "beide": 2,
}  # fmt: skip
