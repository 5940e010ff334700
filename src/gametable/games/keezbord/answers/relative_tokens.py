"""The tokens of a situation told by relations (see :mod:`.relative_parts`): the pawns named
(``M1`` the pawn I move, ``M2`` my other pawn, ``O`` an opponent's pawn), the landmarks (``SM``
my start, ``SO`` his start, ``SX`` a third seat's, ``SP`` my partner's, ``HF`` the first space
of my home), and the phrases that say what the placed position holds anyway (set aside).

>>> tokens("an opponent's pawn is 5 spaces ahead of my pawn, nothing in between.")
' O is 5 spaces ahead of M1 , . '
"""

from __future__ import annotations

import re

from gametable.games.keezbord.answers import words as w

#: what a told situation may say is clear, which the placed position holds anyway (only the
#: pawns named stand on the board, on the open track, clear of every start not said, with the
#: default options): "the way ahead is clear", "nothing in between", "no start spaces involved"
CLEAR = (
    r"\(?\b(?:and |with )?(?:the )?(?:way|road|path|run)(?: ahead)? is (?:clear|free|open)\b\)?"
    r"|\b(?:and |with )?nothing (?:is )?(?:in front of|ahead of) (?:it|him|my pawn)\b"
    r"|\bwith a clear (?:run|way|road|path)(?: ahead)?\b|\b(?:and )?nothing (?:is )?in (?:the|its|my) way\b"
    r"|\(?\b(?:with |and )?(?:nothing|no other pawns?|no pawns?) (?:else )?(?:in )?between(?: them)?\b\)?"
    r"|\(?\b(?:and |with )?no start(?:s|ing)?(?: spaces?)? (?:are |is )?involved\b\)?"
    r"|\(?\bnot on (?:a|any) start(?: space)?\)?|\bneither (?:of them )?(?:is )?on a start(?: space)?\b"
    r"|\b(?:somewhere )?in the middle of (?:a|the) (?:section|track|board)\b"
    r"|\b(?:and )?(?:my|the) home is completely empty\b|\bhome (?:is )?completely empty\b"
    r"|\b(?:en )?(?:de weg|de baan) is vrij\b|\bvrije baan\b|\b(?:en )?er staat niemand in de buurt\b"
    r"|\b(?:we (?:play|use) )?(?:the )?(?:standard|normal|default) rules(?:, no variants)?\b"
    r"|\bmet de gewone regels\b|\b(?:en )?mijn (?:thuis)?honk is (?:helemaal )?leeg\b"
    r"|\b(?:and )?the other (?:3|three) home spaces are (?:empty|free)\b"
    r"|;? ?\b(?:home )?spaces [2-4] (?:to|and|-) [3-4] are (?:empty|free)\b"
    r"|\b(?:en )?de rest van mijn (?:thuis)?honk is leeg\b"
)
#: the colours players call each other by: another player's colour names his pawn and his start
_COLOURS = r"yellow|red|green|blue|black|white|geel|gele|rood|rode|groen|groene|blauw|blauwe"
#: the last track space before my start (or my home): one space short of my start
_LAST_BEFORE = (
    r"\b(?:on )?the last (?:track )?(?:space|spot|square) before (?:my|mijn) (?:own )?"
    r"(?:start(?: space)?|home)\b(?:, the one (?:right |just )?before my (?:own )?start(?: space)?)?"
    r"|\b(?:op )?het laatste vak (?:vóór|voor) mijn (?:eigen )?(?:startvak|thuishonk|honk)\b"
)
#: a pawn said to be about to go home: true of a pawn placed short of my start, checked there
_NEAR_HOME = (
    r"\(?,? ?(?:so )?(?:it's |it is )?about to (?:turn into|go into|go|enter) (?:my )?home\)?"
    r"|,? ?dus vlak (?:vóór|voor) de ingang van mijn (?:thuis)?honk\b"
)
N = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|een|één|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf)"
UNIT = r"(?:\s*(?:spaces?|steps?|squares?|places?|spots?|fields?|vakken|vakjes|vak|stappen|stap|plaatsen|plekken))?"
#: the pawns and the landmarks, each phrase with its token (the longer phrases first)
_TOKENS: tuple[tuple[str, str], ...] = (
    (
        r"\b(?:my start is (?:on )?(?:space )?0|(?:my )?start (?:is )?on (?:space )?0|mijn start is "
        r"(?:vakje |vak )?0|i'?m the player starting on (?:space )?0)\b[,.]?",
        " START0 . ",
    ),
    (
        r"\bnot on (?:its|his|her|their|a) (?:own )?start(?: space| position| square)?\b"
        r"|\bniet op (?:zijn|haar|z'n) (?:eigen )?startvak\b"
        r"|\b(?:en )?daar staat niemand\b"
        r"|\b(?:and )?(?:the|my) home is empty\b|\bhome (?:is )?empty\b|\b(?:die|which) (?:is )?leeg is\b"
        r"|\bwhich is empty\b",
        " ",
    ),
    (CLEAR, " "),
    (r"\b(?:en )?zou (?:precies )?op (?:mijn pion|mij) (?:uitkomen|komen|landen)\b", " "),
    (r"\b(?<=hij )mij(?= slaan\b)", " mijn pion "),
    (r"\b(?:get|gets|getting) (?=sent back|knocked|hit\b)", " "),
    (_LAST_BEFORE, " LASTBEFORE "),
    (_NEAR_HOME, " NEARHOME "),
    (
        r"\b(?:(?:which|that) is )?(?:out )?(?:on|in) the (?:open )?track\b|\bop de baan\b"
        r"|\bwith nothing in (?:their|its|the) way\b|\bmet niets ertussen\b",
        " TRACK ",
    ),
    (r"\b(?:just |only )?(?:that|this) one pawn\b|\b(?:alleen )?die ene pion\b", " M1 "),
    (r"\bone (?:pawn )?of mine\b|\bone of my pawns\b", " ONEOFMINE "),
    (
        r"\bmy only pawn (?:out(?: of the nest)?|on the board|on the track)\b|\bmijn enige pion(?: op de "
        r"baan| op het bord| buiten het nest)?\b",
        " M1 ",
    ),
    (r"\bmy other pawn out\b", " M2 "),
    (r"\b(?:and )?another(?: one)?(?= (?:is|stands|sits)\b)", " M2 "),
    (r"\bthe (?:home pawn|pawn in my home|one in my home)\b", " HOMEPAWN "),
    (r"\b(?:just |only )?one (?:of my )?pawn\b", " M1 "),
    (r"\b(?:two|both|twee) (?:of my )?(?:pawns|pionnen)\b", " M1 M2 "),
    (r"\(?\b(?:my partner|\w+) has no pawn there\)?|\bi'?m (?:" + _COLOURS + r")\b", " "),
    (r"\bmy partner'?s start(?: space)?\b", " SP "),
    (
        r"\b(?:the |a |an |that )?(?:"
        + _COLOURS
        + r")(?:'s)? (?:pawn|pion|one)\b|\b(?:"
        + _COLOURS
        + r")'s(?= *[.?!,]| *$)",
        " O ",
    ),
    (
        r",?\s*\bwhich would take (?:it|my pawn) (?:past|over)\s+(?:him|it|his pawn|O)(?=\s*[.?!,]|\s*$)",
        " ",
    ),
    (
        r"\b(?:an?|the|my|one of my|een) (?:opponent|opponents|enemy|other player|tegenstander)"
        r"(?:'s|s'|’s)? pawn\b|\bopponent'?s pawn\b|\b(?:the |an? )?enemy pawn\b"
        r"|\b(?:een |de )?pion van (?:mijn|de|een|m'n) tegenstander\b|\bhis pawn\b|\bzijn pion\b"
        r"|\bmy opponent'?s\b(?! \w+ (?:card|queen|king))",
        " O ",
    ),
    (r"\bnobody (?:is |stands )?on my start(?: space)?\b|\bmy start is empty\b", " SME "),
    (r"\bmy (?:own |other )?pawn a\b|\bpawn a\b|\ba(?= (?:moves|goes|hits?)\b)", " M1 "),
    (r"\bb(?= (?:moves|goes)\b)", " M2 "),
    (r"\b(?:over|past|langs|jump over) my own pawn\b", " over M2 "),
    (
        r"\bmy (?:own |other )?pawn b\b|\bpawn b\b|\bmy other pawn\b|\banother (?:one )?(?:of my )?pawns?\b"
        r"|\bmijn andere pion\b|\b(?:een )?andere pion\b|\b(?<=past )b\b",
        " M2 ",
    ),
    (
        r"\bmy (?:own )?pawn a\b|\bpawn a\b|\bmy (?:own )?pawn\b|\bmijn (?:eigen )?pion\b"
        r"|\bthe one i move\b|\b(?:that|this) pawn\b|\b(?:die|deze) pion\b|\bmine\b|\b(?:de|het) mijne\b|\b(?<=move )a\b(?= \d)",
        " M1 ",
    ),
    (
        r"\b(?:my|mijn) (?:own |eigen )?start(?:vak| space| position| square)?\b"
        r"|\bthe start(?: space)?\b",
        " SM ",
    ),
    (r"\b(?:his|zijn) (?:own |eigen )?start(?:vak| space)?\b", " SO "),
    (r"\bits own start(?: space)?\b", " ITS "),
    (
        r"\b(?:the )?first (?:space|spot|square) of my (?:empty )?home\b|\bmy home'?s first space\b"
        r"|\bhet eerste vak van mijn (?:lege )?thuishonk\b",
        " HF ",
    ),
)


def n_value(word: str) -> int:
    return w.value({"een": "één"}.get(word, word))


#: a colour's Dutch forms said as one ("gele pion", "het startvak van geel")
_COLOUR_FORMS = {"gele": "geel", "rode": "rood", "groene": "groen", "blauwe": "blauw",
                 "zwarte": "zwart", "witte": "wit"}  # fmt: skip


def _colour(word: str) -> str:
    return _COLOUR_FORMS.get(word, word)


def _colour_starts(lower: str) -> str:
    """A colour's start: his own when the colour is his pawn's, a third seat's otherwise; my
    own colour named for another pawn is not read."""
    mine = re.search(rf"\bi'?m ({_COLOURS})\b", lower)
    pawn = [_colour(c) for c in re.findall(rf"\b({_COLOURS})(?:'s)? (?:pawn|pion|one)\b", lower)]
    if (mine and _colour(mine.group(1)) in pawn) or len(set(pawn)) > 1:
        return lower + " unread"

    def start_of(m: re.Match[str]) -> str:
        return " SO " if pawn and _colour(m.group(1)) == pawn[0] else " SX "

    lower = re.sub(rf"\bhet startvak van ({_COLOURS})\b", start_of, lower)
    return re.sub(rf"\b({_COLOURS})'?s (?:own )?start(?: space)?\b", start_of, lower)


#: Dutch diminutives said as the plain word ("startvakje", "vakjes")
_DIMINUTIVES = (
    (r"\bstartvakje\b", "startvak"),
    (r"\bvakjes\b", "vakken"),
    (r"\bvakje\b", "vak"),
    (r"\bplekjes\b", "vakken"),
    (r"\bplekje\b", "vak"),
)


#: the owner said of a pawn by the pawn's own words: "mijn pion staat op zijn eigen startvak" is
#: my pawn on my start; "mijn tegenstander staat 6 vakken erachter" is his pawn standing there
_SAID_OF_PAWN = (
    (
        r"\b(mijn (?:eigen )?pion) (staat|is) op zijn (?:eigen )?startvak\b",
        r"\1 \2 op mijn startvak",
    ),
    (
        r"(?<!van )\b(?:mijn|de) tegenstander (?=staat\b)"
        r"|(?<!of )\bmy opponent (?=(?:is|stands|sits)\b)",
        "zijn pion ",
    ),
    (r"\bover mij heen\b", "over mijn pion heen"),
)


def tokens(lower: str) -> str:
    for said, plain in (*_DIMINUTIVES, *_SAID_OF_PAWN):
        lower = re.sub(said, plain, lower)
    text = f" {_colour_starts(lower)} "
    for pattern, token in _TOKENS:
        text = re.sub(pattern, token, text)
    # "one of my pawns": the first pawn of mine named, or my other one when one was named before
    while " ONEOFMINE " in text:
        at = text.index(" ONEOFMINE ")
        text = text[:at] + (" M2 " if re.search(r"\bM1\b", text[:at]) else " M1 ") + text[at + 11 :]
    if re.search(r"\bpawn a\b", lower) and re.search(r"\bpawn b\b", lower):  # named A and B
        text = re.sub(r"\b(?<=for )a\b", " M1 ", re.sub(r"\b(?<=for )b\b", " M2 ", text))
    return re.sub(r"\s+", " ", text)
