"""The rulebook sections the referee's replies rest on, and each refusal's rule said in a sentence.

The engine's refusals carry their rule (:class:`~gametable.core.rules.RuleRef`) and an English
explanation; :func:`refusal_reason` says the rule in the question's language, keyed by the
rules-index statements the refusal cites, so a Dutch question gets a Dutch reason.
"""

from __future__ import annotations

from gametable.core.errors import IllegalAction
from gametable.core.rules import RuleRef
from gametable.rulebook.question import Question


def _ref(section: str, *ids: str) -> RuleRef:
    return RuleRef("balzakken", section, ids)


GOOD = _ref("BALZAK! - End of a Round > Good BALZAK!", "BZ-090", "BZ-091", "BZ-092", "BZ-093")
BELOW_ZERO = _ref("BALZAK! - End of a Round > Good BALZAK!", "BZ-094", "BZ-095", "BZ-096")
FALSE = _ref("BALZAK! - End of a Round > False BALZAK!", "BZ-098", "BZ-099", "BZ-100", "BZ-102")
FALSE_TIES = _ref("BALZAK! - End of a Round > False BALZAK!", "BZ-110", "BZ-111")
OVERCALL = _ref("BALZAK! - End of a Round > False BALZAK!", "BZ-104", "BZ-106", "BZ-107")
LUL_IN_HAND = _ref("Card Types > Action card 2: The Lul", "BZ-080", "BZ-081", "BZ-082")
SWINGER_IN_HAND = _ref("Card Types > Action card 1: The Swinger", "BZ-067")
SWINGER_LAST_CARD = _ref("Card Types > Action card 1: The Swinger", "BZ-060", "BZ-061", "BZ-068")
SWINGER_PLAYED = _ref("Card Types > Action card 1: The Swinger", "BZ-059", "BZ-060", "BZ-062")
LUL_PLAYED = _ref("Card Types > Action card 2: The Lul", "BZ-073", "BZ-074", "BZ-075")
SWINGER_NEXT = _ref("Card Types > Action card 1: The Swinger", "BZ-064")
LUL_NEXT = _ref("Card Types > Action card 2: The Lul", "BZ-077")
CLOCKWISE = _ref("Playing the Game > Action!", "BZ-024")
NO_ACTION_CARD = _ref("Playing the Game > Important", "BZ-047", "BZ-048")
CALL = _ref("Playing the Game > Action 4: Call BALZAK!", "BZ-036", "BZ-037")
TASTY = _ref("Tasty (In-Between) Positions", "BZ-114", "BZ-117", "BZ-118")
GAME_END = _ref("Overview > In a (nut)shell", "BZ-009", "BZ-010")
SETUP = _ref("Overview > Ready to start?", "BZ-014", "BZ-016", "BZ-017")
BALZAKKEN = _ref("Card Types > Balzakken", "BZ-055", "BZ-056")
SAME_VALUE = _ref("Playing the Game > Important", "BZ-039", "BZ-040", "BZ-041")
ONE_ACTION = _ref("Playing the Game > Action!", "BZ-025")
DISCARD = _ref("Playing the Game > Action 1: Discard and draw", "BZ-027", "BZ-028")
SWAP = _ref("Playing the Game > Action 2: Swap", "BZ-030")
RESHUFFLE = _ref("What If... > The draw pile runs out?", "BZ-121", "BZ-122")
EMPTY_HAND = _ref("What If... > A player has no cards left?", "BZ-124", "BZ-125")

#: each refusal's rule in our words, by the first rules-index statement it cites
_REASONS = {
    "BZ-047": (
        "You may not call BALZAK! while an action card (The Swinger or The Lul) is in your "
        "hand, whatever your points: play it first.",
        "Met een actiekaart (De Swinger of De Lul) in je hand mag je geen BALZAK! roepen, "
        "hoeveel punten je ook hebt: speel hem eerst.",
    ),
    "BZ-050": (
        "BALZAK! is called only on your own turn and is that whole turn, so not on another "
        "player's turn and not after discarding, swapping or playing a card.",
        "BALZAK! roep je alleen in je eigen beurt en het is die hele beurt: niet in de beurt "
        "van een ander en niet nadat je al hebt afgelegd, geruild of een kaart gespeeld.",
    ),
    "BZ-043": (
        "Balzakken of one value may go down together, but two Swingers never do: one action "
        "card a turn.",
        "Balzakken van dezelfde waarde mag je samen afleggen, maar twee Swingers nooit: één "
        "actiekaart per beurt.",
    ),
    "BZ-044": (
        "Action cards never go onto the discard pile: you lay one face up in front of the "
        "player you choose.",
        "Actiekaarten gaan nooit op de aflegstapel: je legt ze open voor de speler die je kiest.",
    ),
    "BZ-030": (
        "Only a Balzak from your hand changes places with the top of the discard pile, never "
        "an action card.",
        "Alleen een Balzak uit je hand ruil je met de bovenste kaart van de aflegstapel, nooit "
        "een actiekaart.",
    ),
    "BZ-027": (
        "After discarding a single card you draw from the draw pile; taking the top of the "
        "discard pile is the swap, another action.",
        "Na het afleggen van één kaart trek je van de trekstapel; de bovenste kaart van de "
        "aflegstapel pakken is ruilen, een andere actie.",
    ),
    "BZ-032": (
        "An action card is played in front of another player, never in front of yourself.",
        "Een actiekaart speel je voor een andere speler, nooit voor jezelf.",
    ),
    "BZ-124": (
        "A player with no cards holds 0 points, draws nothing and on their turn must call "
        "BALZAK!: discarding, swapping or drawing is not for them.",
        "Een speler zonder kaarten heeft 0 punten, trekt niets en moet in zijn beurt BALZAK! "
        "roepen.",
    ),
}


def refusal_reason(question: Question, error: IllegalAction) -> str:
    """The rule ``error`` cites, in one sentence in the question's language (the engine's own
    explanation when the rule has no sentence here)."""
    for statement in error.rule.statements:
        if statement in _REASONS and _says(statement, error):
            en, nl = _REASONS[statement]
            return question.say(en, nl)
    return error.explanation


def _says(statement: str, error: IllegalAction) -> bool:
    """Whether the sentence kept for ``statement`` is the refusal's reason: two statements are
    cited by more than one refusal ("you have no 3 in your hand" cites the discard too)."""
    if statement == "BZ-027":
        return "swap" in error.explanation
    if statement == "BZ-032":
        return error.rule.clarification
    return True
