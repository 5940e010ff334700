"""When the situation grammar must stay silent: a question it does not fully read.

A referee-checked reply must never be wrong, so a situation is only built when every part of the
question is one the grammar places in the position.  :func:`understood` reads the question
before any reader: the phrases the readers know (``"not on its start"``, ``"no ace or king"``,
``"could still play"``) are set aside, and whatever is left must hold no negation, condition,
second step or alternative ("instead", "still", "after", "first ... then", "or", "unless"),
no other player as the one who moves, and no number the grammar does not use (a card, a count
of spaces or players, a home space, a pawn's name).  :func:`fits` checks the reply afterwards:
the position it judged has the number of players the question says (teams need four or six),
and every card the question names is in the hand judged.  Either failing, the rules text
answers instead, marked as not checked.

>>> from gametable.rulebook.question import Question
>>> understood(Question.read("May I jump over an opponent's pawn that is not on its start?"))
True
>>> understood(Question.read("Is it true that I cannot pass a pawn on its start space?"))
False
>>> understood(Question.read("My pawn is on space 20. Can I play a 5?"))
False
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.hands import ALL_IN_NEST, HAND_LIST
from gametable.games.keezbord.answers.homing import (
    FREE_HOME,
    IN_HOME,
    IN_HOME_NUMBER,
    LAST_BEFORE_HOME,
    MOVE_HOME_PAWN,
    NEED,
)
from gametable.games.keezbord.answers.seven import PART_TOLD
from gametable.games.keezbord.answers.variants import told_options
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

#: phrases the readers place in a position, set aside before looking for what they do not read
_KNOWN = re.compile(
    r"\bnot on (?:its|his|her|their) (?:own )?start\w*(?: space| position| square)?"
    r"|\b(?:could|can) still play(?: one| a card| it)?|\bstill can play"
    r"|\bwhile i still have pawns of my own (?:out|on the board|in play)"
    r"|\bno pawns? (?:left )?(?:on the board|in play|out)"
    r"|\bno (?:ace|king|placement card)(?: or (?:an? )?(?:ace|king))?"
    r"|\bgeen pionnen? (?:meer )?op het bord|\bgeen (?:aas|heer|koning)(?: of (?:een )?(?:aas|heer))?"
    r"|\bbut all (?:of )?my pawns are on the board"
    r"|\balready in (?:my|the|his|her|its|their) home(?: stretch)?"
    r"|\b(?:in the )?rounds? after the first|\bna de eerste(?: ronde)?"
    r"|\beven (?:when|if)\b"
    r"|\ba (?:4|four) and then an? "
    r"|\bthe (?:pawns?|cards?) (?:that )?(?:i|you) (?:jump|pass)"
    r"|\b(?:the|a|its|de) (?:first|eerste) (?:deal|round|ronde|deling)s?\b"
    r"|\b(?:both|two|beide|twee) (?:packs|decks|spellen)\b"
    r"|\bkan nog\b|\bwel kan\b"
    r"|\b(?:is|are|am|stands?|standing|sits?|sitting) still\b|\bstill (?:standing|stands|sitting|"
    r"sits|is|are|on|in)\b|\bi (?:still )?have (?:pawns|a pawn|some pawns) (?:left )?in my nest"
    r"|\bneither (?:of them )?(?:is )?on (?:a|its|their|his|her) (?:own )?start(?: space)?"
    r"|\b(?:are )?both (?:out )?on the (?:track|board)|\bare both out\b"
    r"|\bi (?:still )?have a card (?:that )?i (?:could|can) play\b"
    r"|\b(?:hand|give) in (?:my|all my) cards instead\b"
    r"|\bwaar (?:staat|komt|eindigt|belandt) (?:hij|die|mijn pion|de pion) dan\b"
    r"|\b(?:geen|no) (?:pionn?e?n?|pawns?) (?:meer |left )?in (?:mijn|het|my) nest"
    r"|\bwithout (?:landing|stopping|ending) on (?:it|him|her|that pawn)|\bzonder erop te komen"
    r"|\b(?:dan|then)\s*\?+\s*$"  # "..., spelen we dan?": "in that case", no second step
    r"|\bboth (?:parts|halves|pawns)\b|\bbeide (?:delen|pionnen)\b"
    r"|\bafter (?:the |a |its )?(?:first|opening) (?:deal|round)s?\b|\bna de eerste (?:deling|ronde)\b"
    r"|\b(?:are |is )?(?:still |left )(?:in|on) (?:the )?(?:deck|pack|pile|draw pile|stock)\b"
    r"|\b(?:on|in) (?:the )?first (?:space|spot|square) (?:of|in) (?:my|the|its) home\b"
    r"|\b(?:can|may|could) i still\b|\b(?:kan|mag|kun) ik (?:\w+ ){0,2}nog\b"
    r"|\b(?:with )?nothing (?:in )?between\b|\bniets (?:er)?tussen\b"
    r"|\b(?:first|last|eerste|laatste) (?:home )?(?:space|spot|square|vak|plek)(?: (?:of|in|van) "
    r"(?:its|my|the|mijn|zijn) (?:home|honk))?"
    r"|\binstead\s*\?\s*$|\b(?:shuffled|reshuffled|geschud) (?:again|opnieuw)\b"
    r"|\b(?:after|na) (?:the |de )?(?:second|third|tweede|derde) (?:deal|round|deling|ronde|keer "
    r"delen)\b|\bna de eerste keer delen\b|\bliggen er nog\b"
    r"|\bnog geen (?:pionnen? )?(?:op het bord|uit het nest)"
    r"|\bi (?:still )?have (?:\w+ )?pawns? (?:out )?on the (?:track|board)\b"
    r"|\b(?:already|al) (?:out )?(?:on the (?:board|track)|op het bord)\b"
    r"|\bi (?:still )?(?:have to|must|need to) play (?:something|a card|one|anything)\b"
    r"|\b(?:wordt|worden|staat|staan|komt|komen|gaat|gaan|eindigt|belandt|zien) (?:die|hij|het|ze|"
    r"zij|de anderen|mijn pion|de pion) dan\b"
    r"|\b(?:die |hij )?(?:staat|is) niet op (?:zijn|haar|z'n) (?:eigen )?start(?:vak|plaats)?\b"
    r"|,? not (?:on )?(?:his|her|its|their) own(?: start(?: space)?)?\b"
    r"|\b(?:er staat|there is|there's) (?:niemand|nobody|no one|no pawn|geen pion) (?:op|on it|there)\b"
    r"|\(?(?:he|she|they) (?:has|have) no pawns? there\)?"
    r"|\bnot all (?:of )?my pawns are (?:home|in my home)(?: yet)?\b"
    r"|\bniet al mijn pionnen (?:zijn |staan )?(?:al )?(?:thuis|binnen)\b"
    r"|\b(?:though |but )?my pawns are not all (?:home|in)(?: yet)?\b"
    r"|\b(?:the|my|its) (?:first|second|eerste|tweede) (?:part|half|pawn|deel|pion)\b"
    r"|\b(?:both|all) (?:the )?players (?:together|combined)\b|\bvoor beide spelers samen\b"
    r"|\b(?:the )?first (?:round|deal) of (?:a|the) (?:new )?(?:dealer|cycle|deck|pack)\b"
    r"|\bboth my pawn and my (?:partner|teammate)'?s pawn\b"
    r"|\b(?:die )?nog in (?:het|zijn|haar) nest(?: staat)?\b|\bstill in (?:the|his|her|its) nest\b"
    r"|,? then\s+(?:the\s+|my\s+)?(?:(?:second|other) (?:pawn|part|one)|a part)\b"
    r"|\b(?:but )?(?:does ?n't|does not|do ?n't|do not) land on (?:either|any|them|it|him)(?: (?:one|of them))?"
    r"|\b(?:would|that'?d|it'?d) (?:land|end|stop|come|finish)(?: up)?(?: exactly| right| precisely)? "
    r"(?:on|where)\b|\b(?:would|that'?d) take (?:my pawn|it|him|her) (?:past|over)\b"
    r"|\b(?:on |op )?(?:my |mijn )?(?:own |eigen )?start(?: ?space| ?vak)? 0\b"
    r"|\b(?:where|what|waar) (?:is|does|will|staat|komt|eindigt) (?:it|he|hij|my pawn|mijn pion)"
    r"(?: (?:end up|land|stand))? (?:then|dan)\b"
    r"|\bnothing (?:blocks|is blocking|stands in the way of) (?:it|him|me|my pawn)\b"
    r"|\b(?:with )?nothing (?:behind|in front of|ahead of|before) it\b|\bniets (?:blokkeert|staat in de "
    r"weg)\b"
    r"|\b(?:my partner|my teammate|he|she|mijn partner|mijn maat|hij|zij) (?:still )?(?:has|heeft) "
    r"(?:nog )?(?:pawns|a pawn|some pawns|pionnen|een pion) (?:left )?in (?:the|his|her|het|zijn|haar) "
    r"nest\b"
    r"|\balleen nog\b|\bnog (?:maar )?(?:een|één|1) (?:kaart|heer|aas|vrouw|boer)\b"
    r"|,? not on (?:a|any) start(?:ing)?(?: space| spot| square)?\b"
    r"|\b(?:with )?nothing (?:behind|in front of|ahead of|before) (?:them|my pawns?)(?: for a (?:long )?"
    r"(?:way|while|bit))?\b|\bfor a long way\b"
    r"|\bi (?:really )?(?:hate|dislike|don'?t like|do not like) (?:the|that|this|my) \w+(?: card)?\b"
    r"|\b(?:hand|give|turn) (?:them )?both in\b|\b(?:lever|leg) (?:ze )?(?:allebei|beide) in\b"
    r"|\bik (?:vind|haat) (?:de|die|dat|mijn) \w+(?: kaart)? (?:niks|stom|vervelend)?\b"
    r"|,? niet op (?:een|zijn|haar|z'n) (?:eigen )?start(?:vak|vakje|plaats)?\b"
    r"|\b(?:after|na) (?:the |de )?(?:first|eerste) (?:two|three|2|3|twee|drie) (?:deals|rounds|delingen|rondes)\b"
    r"|\b(?:ben|bent|is|wordt|zijn|word|ga|gaat|moet) (?:jij|je|ie|hij|zij|ze|die) (?:dan|daarna)(?: ook)?\b"
    r"|\b(?:are|were|is|get) both(?: of them)? (?=(?:hit|knocked|sent back|captured|taken)\b)"
    r"|\b(?:somewhere )?in the middle of the (?:track|board)\b|\bmidden op (?:de baan|het bord)\b"
    r"|\b(?:but )?(?:it )?(?:does ?n't|does not|do ?n't|do not) (?:stop|end|finish) on (?:either|any|them|it|"
    r"him|her)(?: (?:one|of them))?"
    # the default rules said outright, and a partner's start said to be free
    r"|\b(?:we (?:play|use) )?(?:the )?(?:standard|normal|default) rules(?:, no variants)?\b"
    r"|\bmet de gewone regels\b"
    r"|\b(?:and )?(?:nobody|no one|no pawn) (?:is |stands )?on (?:his|her|their|my partner'?s) start(?: space)?"
    r"|\b(?:his|her|their|my partner'?s) start(?: space)? is (?:free|empty|clear)\b"
    r"|\bzijn startvak is (?:vrij|leeg)\b|\b(?<=moet ik )dan\b|\b(?<=mag ik )dan\b"
    r"|\b(?:spelen|speel|mogen|moeten|kunnen|gaan|zijn) (?:we|jullie|wij) dan\b"
    r"|\ber staat nog (?=een (?:pion van mezelf|eigen pion|van mijn pionnen))"
    r"|\bik heb nog (?:een|één|twee|drie|\d) pionn?e?n? (?:op de baan|op het bord)\b",
)
#: what the grammar does not place once the known phrases are set aside: a negation, a
#: condition or a second step, an alternative, someone else moving
_UNREAD = re.compile(
    r"\b(?:not|never|no|none|nothing|nobody|cannot|instead|still|after|afterwards|first|then|"
    r"always|altijd|telkens|every time|blocked|stuck|geblokkeerd|drop|forfeit|waste|vervallen|"
    r"laten vallen|weggooien|"
    r"again|unless|otherwise|except|although|though|or|both|already|would|had|were|"
    r"niet|nooit|geen|niets|niemand|anders|eerst|daarna|dan|nog|toch|weer|behalve|tenzij|pas|"
    r"zou|full|vol|another opponent|second opponent|andere tegenstander)\b|n't\b"
    # a card asked to do "only" one thing ("does the ace only bring a pawn out?"): a fact
    r"|\b(?:only|alleen|enkel|slechts) (?:bring|brings|put|puts|place|places|move|moves|go|goes|"
    r"let|lets|used?|for|good for|gebruiken|voor|om)\b"
    # a 7 told to move a pawn backwards ("5 forward and 2 back"): a 7 only goes forward
    r"|\b(?:7|seven|zeven)\b[^?]*\b(?:steps? back|spaces? back|backwards?|achteruit)\b"
    r"|\b(?:my partner'?s?|his|her|their|another) pawn (?:is |stands )?in between\b"
    r"|\b(?:he|she|they|my opponent|the opponent|an opponent|my partner|hij|zij|mijn tegenstander|"
    r"mijn partner) (?:then |now |also )?(?:plays|moves|speelt|zet|gooit|legt)\b"
    r"|\b(?:can|may|could|must|mag|kan|moet) (?:he|she|they|my partner|my teammate|an? opponent|"
    r"the opponent|someone|somebody|another player|hij|zij|mijn partner|mijn maat|een "
    r"tegenstander)\b"
)
#: "already" before where a pawn stands ("already in its home") says no more than the place
_ALREADY_THERE = re.compile(
    r"\b(?:already|al)\b(?= (?:(?:stands?|standing|sits?|sitting|is|staat|zit) )?(?:in|on|at|op) )"
)
_DIGITS = re.compile(
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twee|drie|vier|vijf|"
    r"zes|zeven|acht|negen|tien|elf|twaalf)\b"
)
#: numbers the grammar reads: cards, spaces, players, home spaces, pawns, the parts of a 7
_READ_NUMBERS = (
    w.NUMBER_CARD,
    w.SPACES,
    w.PLAYERS,
    w.PLAYERS_BARE,
    re.compile(r"\b(?:two|2|twee) (?:against|vs\.?|versus|tegen) (?:two|2|twee)\b"),
    re.compile(r"\b(?:h|home space|home spot|thuishonkvak|honkvak|vak)\s?[1-4]\b"),
    re.compile(r"\b[a-f][1-4]\b"),
    re.compile(  # "two more in the nest", "two pawns are in my home and two are out on the track"
        r"\b(?:one|two|three|1|2|3|twee|drie) (?:more |others? |andere )?(?:pawns? |pionnen )?(?:are |is )?"
        r"(?:still )?(?:in (?:the|my|het|mijn) (?:nest|home)|(?:out )?on the track)\b"
    ),
    re.compile(  # "and three home", "one is home"
        r"\b(?:one|two|three|1|2|3|één|twee|drie) (?:pawns? |pionnen )?(?:are |is |zijn |staan )?"
        r"(?:(?:at |in (?:my )?)?home|thuis)\b"
    ),
    re.compile(r"\b\d\s*\+\s*\d\s*\+\s*\d\b"),  # a 7 told in three parts: "3+2+2"
    re.compile(r"\b\d\s*(?:steps?|spaces?|stappen|vakken)?\s*(?:and|\+|en|plus)\s*\d\b"),
    re.compile(r"\b(?:pawn|pion) [1-4],? (?:moves|goes|gaat|loopt) \d\b"),  # "pawn 1 moves 2"
    re.compile(
        r"\b(?:two|three|four|2|3|4|twee|drie|vier) (?:of my )?(?:own )?(?:pawns|pionnen)\b"
    ),
    re.compile(r"\b(?:a|the|een|de|with|met|play|speel) (?:4|7|four|seven|vier|zeven)\b"),
    re.compile(r"\bmove (?:the |my )?(?:back |other |second |rear )?pawn \d+\b"),
    HAND_LIST,
    re.compile(
        r"\b(?:two|three|2|3|twee|drie) (?:kings|aces|queens|jacks|sevens|fours|heren|azen|"
        r"vrouwen|boeren|zevens|vieren)\b"
    ),
    re.compile(
        r"\b(?:one pawn|a pawn|the first pawn|ene pion|één pion|een pion)\s+\d\b|\b(?:loop|move|zet|go) (?:ik )?\d met\b"
    ),
    re.compile(
        r"\btwo of (?:my )?(?:opponent'?s'?|opponents'?|the other players'?|their|his) pawns|\btwo (?:opponent|"
        r"enemy) pawns|\b(?:two|twee) pionnen van (?:de |mijn |m'n )?(?:tegenstanders?|anderen)"
    ),
    re.compile(r"\ball (?:four|4) (?:of )?my pawns\b|\balle vier (?:mijn )?pionnen\b"),
    re.compile(r"\b(?:needs?|is) (?:exactly |just |only )?\d+ (?:more )?(?:steps?|spaces?)\b"),
)
#: words that speak of a partner or teams (a position with teams has four or six players)
_TEAMS = re.compile(
    r"\b(partner'?s?|teammates?'?s?|team ?mates?|teams?|maat|teamgenoot|medespeler)\b"
)
#: cards named only to say they are not held ("no ace or king")
_NOT_HELD = re.compile(
    r"\b(?:no|geen) (?:ace|king|aas|heer|koning)(?: (?:or|of) (?:an? |een )?(?:ace|king|aas|"
    r"heer))?"
)


def understood(question: Question, aside: tuple[re.Pattern[str], ...] = ()) -> bool:
    """Whether the grammar reads every part of ``question`` (see the module docstring), once
    the phrases ``aside`` (read by the one reader asked) are set aside."""
    rest = told_options(question.lower)[1]  # the table's variants told, read by the readers
    for said in aside:
        rest = said.sub(" ", rest)
    for said in (ALL_IN_NEST, NEED, IN_HOME, MOVE_HOME_PAWN, IN_HOME_NUMBER, FREE_HOME,
                 LAST_BEFORE_HOME):  # fmt: skip
        rest = said.sub(" ", rest)
    rest = _ALREADY_THERE.sub(" ", rest)
    rest = PART_TOLD.sub(" a part ", rest)
    rest = _KNOWN.sub(" ", rest)
    if _UNREAD.search(rest) or (question.lang == "nl" and re.search(r"\bof\b", rest)):
        return False
    if w.PAST_SOMETHING.search(rest) and not w.asks_pass(question):
        return False  # something passed that the grammar does not read as passing a pawn
    for pattern in _READ_NUMBERS:
        rest = pattern.sub(" ", rest)
    return not _DIGITS.search(rest)


#: a last clause that asks yes or no after a scene set with "what if" ("But what if I swap
#: with my partner, is that allowed?", "en als ik wissel, mag dat?"): the reply is Yes or No
YESNO_LAST = re.compile(
    r"[,;:]\s*(?:so |then |and |dus |dan |en )?(?:is|are|am|can|could|may|must|do|does|will|"
    r"would|should|mag|kan|kun|moet|is|ben|word|wordt|gaat|telt)\s+(?:that|this|it|i|we|you|he|"
    r"she|they|dat|dit|het|ik|we|wij|je|jij|hij|zij|ze|die)\b[^,;:?]*\?\s*$"
    r"|[,;:]\s*(?:allowed|legal|ok|okay|right|mag dat|klopt dat|toch)\s*\?\s*$"
)


#: a last sentence that asks what, which, where, who or how: its reply is never a bare verdict
_WH_LAST = re.compile(
    r"(?:^|[.!?;:,]\s*)(?:what|which|where|who|how|wat|waar|welke|wie|hoe)\b[^.!?]*\?*\s*$"
)
#: a last clause that asks what, where, which or how ("..., where is it?")
_WH_CLAUSE = re.compile(r"\b(?:what|which|where|who|how|wat|waar|welke|wie|hoe)\b[^,;:.!?]*\?\s*$")
_VERDICT = re.compile(r"^(?:yes|no|ja|nee)\b", re.IGNORECASE)


#: two things asked in one question ("how many are dealt, and how many stay in the pack?",
#: "who deals next, and how many cards does everyone get?")
_TWO_ASKED = re.compile(
    r"\b(?:how many|how much|who|which|where|what|hoeveel|wie|welke|waar|wat)\b[^?]*"
    r"\b(?:and|en) (?:(?:then|dan) )?(?:how many|how much|who|which|where|what|hoeveel|wie|welke|"
    r"waar|wat)\b"
)


_NUMBER = re.compile(r"\b\d+\b")


def _head(reply: Answer) -> str:
    """The reply's first sentence: its answer, before the reason."""
    return re.split(r"(?<=[.!?])\s", reply.text, maxsplit=1)[0]


def all_counted(question: Question, reply: Answer) -> bool:
    """Whether a reply worked out as many numbers as the question asks counts for (two
    things asked at once, one worked out, is half an answer)."""
    return not (_TWO_ASKED.search(question.lower) and len(_NUMBER.findall(_head(reply))) < 2)


def fits(question: Question, reply: Answer, cards: bool = True) -> bool:
    """Whether the position a situation reply judged is the one the question describes: its
    number of players, teams only with four or six, and every card named in the hand (unless
    ``cards`` is false: a reader that told the cards from the places and the 7's parts); and a
    question asking what, where or how many is not answered with a bare Yes or No, nor a yes/no
    question with anything but Yes or No."""
    lower = question.lower.strip()
    bare = _VERDICT.match(reply.text) and _WH_LAST.search(lower) and not YESNO_LAST.search(lower)
    if bare and not (reply.checked and w.YESNO_ASKED.search(lower)):
        return False  # a bare verdict where only what or where is asked
    if reply.checked and w.YESNO_ASKED.search(lower) and not _VERDICT.match(reply.text):
        return False  # yes or no asked beside the outcome: the verdict comes first
    if (
        question.kind == "yesno"
        and reply.checked
        and not _VERDICT.match(reply.text)
        and not _WH_CLAUSE.search(question.lower)
    ):
        return False  # a yes/no question answered with something else: not what was asked
    if reply.checked and _TWO_ASKED.search(lower) and len(_NUMBER.findall(_head(reply))) < 2:
        return False  # two things asked at once, one worked out: half an answer
    position = reply.position
    if position is None:
        return True
    players = position.get("players")
    said = w.players_stated(question)
    if said is not None and said != players:
        return False
    if reply.topic != "situation":  # a number read from a new game's table
        return True
    if _TEAMS.search(question.lower) and players == 2:
        return False
    hands = position.get("hands", {})
    mover = position.get("to_move") or 0
    hand = set(hands.get("abcdef"[mover], ()) if isinstance(hands, dict) else hands[mover])
    hand |= set(position.get("played", ()))  # a card named may have been played before
    not_held = w.COMPARED.sub(" ", _NOT_HELD.sub(" ", question.text.casefold()))
    named = w.cards_named(Question.read(not_held))
    held = all(card in hand for card in named) or not cards
    return held and _my_pawn_out(question, position, mover)


#: the asker's pawn said to stand somewhere other than the nest
_MINE_OUT = re.compile(
    r"\b(?:my|mijn) (?:own |eigen )?(?:pawn|pion)\b (?:is|stands|sits|staat|zit)\b"
    r"(?! (?:still |nog )?(?:in|op) (?:the |my |mijn |het |de )?nest)"
)


def _my_pawn_out(question: Question, position: dict[str, Any], mover: int) -> bool:
    """A question that puts the asker's pawn on the board or in its home ("mijn pion staat 2
    plaatsen achter ...") is judged on a position with one of the asker's pawns out of the
    nest."""
    if not _MINE_OUT.search(question.lower):
        return True
    pawns = position.get("pawns")
    if not isinstance(pawns, dict):
        return True
    mine = pawns.get("abcdef"[mover], ())
    return any(place != "N" for place in mine)
