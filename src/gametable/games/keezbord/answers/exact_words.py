"""The words of exact positions told space by space (read by :mod:`.exact`).

>>> bool(ASK["where"].search("where does it end up?")), bool(OWNER.seat.fullmatch("seat c's"))
(True, True)
"""

from __future__ import annotations

import re
from types import SimpleNamespace

_START = r"(?:start(?:ing)?(?: ?(?:space|square|spot|position|vak))?|startvak)"

TABLE = SimpleNamespace(
    #: the asking seat: "I'm seat b", "ik ben speler a", "Seat a," at the opening
    asker=re.compile(r"\b(?:i'?m|i am|ik ben) (?:seat|player|speler) ([a-f])\b|^seat ([a-f])\b"),
    seat_named=re.compile(r"\b(?:seat|player|speler) ([a-f])\b"),
    #: phrases that confirm what the built position already is, set aside
    strip=re.compile(
        r"\(?\b(?:i'?m|i am|ik ben) (?:seat|player|speler) [a-f]\b\)?|^seat [a-f]\b"
        r"|\b(?:with )?nothing (?:stands |is )?(?:in between|between|on (?:my start(?: space)?|"
        r"\d+(?: or \d+)?))|\bnothing blocks (?:it|him)|\b(?:my )?home,? (?:which )?is empty"
        r"|\bempty home\b|\bhome empty\b|\b(?:my )?home'?s (?:still )?empty\b"
        r"|\bmijn thuishonk is (?:nog )?leeg|\bsame spot\b"
        r"|\b(?:two|four|six|2|4|6)[- ]players?(?: game)?\b|\b(?:in )?a (?:2|4|6)-player game\b"
        r"|\bmet z'?n (?:tweeën|tweeen|vieren|zessen)\b|\bwe(?:'re| are) (?:two|four|six)\b"
    ),
    #: "my start is space 0", "(start 16)", "mijn startvak is 0"
    start_is=re.compile(
        r"\(?\b(?:my start(?: space)? is|mijn start(?:vak)? is|(?<!my )(?<!mijn )(?<!own )start)"
        r"(?: space| vak| vakje)? (\d{1,2})\)?"
    ),
    which_start=re.compile(r"\bwhich is (?:seat |player )?([a-f])'?s start"),
    #: "my home turns off after space 63", "mijn thuishonk begint na vak 63": the last track
    #: space before the asker's home, checked against the board
    home_after=re.compile(
        r",?\s*\(?\b(?:and |so |en |dus )?(?:my home(?: stretch)?|mijn thuishonk) "
        r"(?:turns off|branches off|starts|begins|comes|is entered|begint|komt) "
        r"(?:right )?(?:after|past|na) (?:space |vak |vakje )?(\d{1,2})\)?"
        r"|,?\s*\b(?:en |dus )?na (?:vak |vakje )?(\d{1,2}) ga ik (?:de|mijn) thuishonk in\b"
    ),
)

OWNER = SimpleNamespace(
    mine=re.compile(r"my|mine|i|ik|mijn|of mine|my own"),
    partner=re.compile(r"my partner'?s?|my teammate'?s?|mijn (?:partner|maat)"),
    seat=re.compile(r"(?:seat|player|speler) ([a-f])(?:'s)?|([a-f])'s"),
    opponent=re.compile(
        r"(?:an? |the |my )?opponent'?s?|his|he|hij|die van (?:mijn|de) tegenstander"
        r"|(?:mijn |de )?tegenstander"
    ),
)

PLACE = SimpleNamespace(
    token=re.compile(
        r",?\s*(?P<which_start>which is (?:seat |player )?(?P<whose>[a-f])'?s "
        + _START
        + r"(?:,? not (?:[a-f]'?s|(?:his|its) own))?)"
        r"|,?\s*(?P<own_start>(?:its|his|her|zijn|haar) (?:own |eigen )?" + _START + r")"
        r"|(?P<my_start>\b(?:my|mijn) (?:own |eigen )?" + _START + r"(?: (?:space |vak )?"
        r"(?P<my_start_n>\d{1,2}))?)"
        r"|(?P<pawn_name>\b[a-f][1-4]\b)"
        r"|(?P<home>\b(?:h|home space |thuishonkvak )(?P<home_n>[1-4])\b)"
        r"|(?:\b(?:on|op|at)\b|,|\band\b|\ben\b)\s*(?:(?:space|spot|square|vak|plek)\s+)?"
        r"(?P<space>\d{1,2})\b(?!\s*(?:steps?|spaces?|stappen|vakken|players?|spelers?|ahead|"
        r"behind|voor|achter))"
        r"|(?P<owner>\b(?:die van (?:mijn|de) tegenstander|(?:mijn |de )?tegenstander|"
        r"(?:an? |the |my )?opponent'?s?|my partner'?s?|my teammate'?s?|mijn (?:partner|maat)|"
        r"(?:seat|player|speler) [a-f](?:'s)?|[a-f]'s|my own|of mine|my|mine|mijn|his|he|hij|"
        r"i|ik)\b)"
    ),
    #: the pawn the ask moves: "the one on 62", "my pawn on 40", "the H1 pawn", "a2"
    mover=re.compile(
        r"\b(?:the one|my pawn|the pawn|mijn pion|die) (?:on|op) (?:space |vak )?(?P<at>\d{1,2})\b"
        r"|\bthe h(?P<home>[1-4]) pawn\b|\b(?P<name>[a-f][1-4])\b(?= with| met|$)"
    ),
    steps=re.compile(r"\b(\d|one|two|three|four|five|six) (?:steps?|spaces?|stappen|vakken)\b"),
    #: the other pawn of a swap, said in the ask: "with his pawn", "with b's"
    partner_of_swap=re.compile(
        r"\b(?:with|met) (?:his|hers|theirs|her|their|the opponent'?s|[a-f]'s|zijn|die van "
        r"(?:mijn|de) tegenstander)(?: pawn| pion)?\b"
    ),
    target=re.compile(r"\b(?:up )?(?:to|into|naar|onto) (?:h|home space )(?P<home>[1-4])\b"),
)

#: what the last sentence asks, most particular first
ASK = {
    "swap": re.compile(
        r"\b(?:can|may|could|mag|kan) (?:i|ik) (?:use (?:my |a |the )?(?:jack|boer) to )?"
        r"(?:swap|ruilen|wisselen)\b"
    ),
    "hit": re.compile(
        r"\b(?:is|wordt) (?:[a-f]'s pawn|that pawn|his pawn|he|it|hij|zijn pion) (?:hit|geslagen)\b"
        r"|\bdoes my pawn hit (?:his|hers|theirs|it|him)\b"
        r"|\b(?:can|may|could|mag|kan) (?:i|ik) (?:hit|slaan) (?:it|him|his pawn|hem|zijn pion)\b"
        r"|\b(?:can|may|could|mag|kan) (?:i|ik) (?:hem|zijn pion) slaan\b"
    ),
    "must": re.compile(r"\b(?:do i have to|must i|moet ik) (?:play|spelen)(?: it| hem)?\b"),
    "where": re.compile(
        r"\bwhere (?:does|will|would) (?:it|my pawn|he) (?:end up|go|stop|land|finish)\b"
        r"|\bwhich space does it (?:land|end|stop) on\b|\bwhere is it then\b"
        r"|\bwhich (?:home )?(?:space|spot) does it (?:reach|get to|land on|end on)\b"
        r"|\bwaar (?:komt|eindigt|belandt|staat) (?:hij|die|mijn pion)(?: terecht| dan)?\b"
    ),
    "what": re.compile(r"\bwhat happens\b|\bwat gebeurt er\b"),
    "can": re.compile(
        r"\b(?:can|may|could|mag|kan|kun) (?:i|ik) (?:play|move|use|spelen|zetten|lopen)?\b"
    ),
}

#: words that say nothing the position must hold (articles, verbs of playing, the pawns)
FILLER = frozenset(
    [
        "app",
        "a",
        "an",
        "the",
        "and",
        "en",
        "de",
        "het",
        "een",
        "is",
        "are",
        "am",
        "on",
        "op",
        "in",
        "at",
        "to",
        "with",
        "met",
        "it",
        "its",
        "it's",
        "i",
        "my",
        "mine",
        "me",
        "pawn",
        "pawns",
        "pawn's",
        "pion",
        "pionnen",
        "one",
        "ones",
        "own",
        "eigen",
        "play",
        "plays",
        "playing",
        "played",
        "move",
        "moves",
        "moving",
        "use",
        "using",
        "card",
        "cards",
        "kaart",
        "kaarten",
        "hold",
        "holds",
        "have",
        "has",
        "got",
        "only",
        "just",
        "that",
        "this",
        "turn",
        "space",
        "spot",
        "square",
        "vak",
        "plek",
        "stands",
        "standing",
        "sits",
        "sitting",
        "staat",
        "stand",
        "sit",
        "hand",
        "speel",
        "spelen",
        "zet",
        "zetten",
        "ik",
        "mijn",
        "hij",
        "hem",
        "die",
        "nu",
        "now",
        "here",
        "there",
        "exactly",
        "precies",
        "forward",
        "forwards",
        "vooruit",
        "up",
        "want",
        "wants",
        "to",
        "also",
        "last",
        "another",
        "piece",
        "track",
        "board",
        "bord",
        "baan",
        "so",
        "s",
        "one's",
        "of",
        "van",
        "but",
        "maar",
    ]
)

__all__ = ["ASK", "FILLER", "OWNER", "PLACE", "TABLE"]
