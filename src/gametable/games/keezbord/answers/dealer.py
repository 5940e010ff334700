"""Whether the dealer stays or changes, from the engine's own deals: the same player deals every
round of a deck, and when the deck is used up the player on the dealer's left takes over
(Setup, KB-003; Gameplay, KB-030 to KB-032).

The referee plays the last card of a round twice: in the first round of a deck (the next round
is dealt by the same dealer) and in its last round (the deck is reshuffled and the next player
deals).  The question says which it asks: whether the dealer stays, or changes.

>>> from gametable.rulebook.question import Question
>>> read_dealer_turns(Question.read("Does the dealer change every round?")).text.split(".")[0]
'No'
>>> read_dealer_turns(Question.read("Does the same player deal the next round too?")).text.split(".")[0]
'Yes'
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers.referee import GAME as KEEZBORD
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "keezbord"
#: the dealer asked about, round by round
DEALER = re.compile(
    r"\b(?:dealer|deler|gever|deal(?:s|ing)? (?:again|the next round|every round|each round)|"
    r"same (?:player|person) deal\w*|dezelfde (?:speler|persoon) (?:delen|deelt))\b"
)
_STAYS = re.compile(
    r"\b(?:stay\w*|remain\w*|keep\w* (?:on )?dealing|same|again|too|blijf\w*|weer|dezelfde|"
    r"opnieuw|ook)\b"
)
_CHANGES = re.compile(
    r"\b(?:change\w*|switch\w*|rotat\w*|pass(?:es)? (?:on|to)|move\w* on|new dealer|someone else|"
    r"wissel\w*|doorgeven|een ander|iemand anders|andere deler)\b"
)
_NEXT_ROUND = re.compile(
    r"\b(?:next|second|every|each|following|volgende|tweede|elke|iedere) (?:round|deal|ronde|"
    r"deling)\b|\b(?:every|each|elke|iedere) (?:time|keer)\b"
)
#: what else would make the question another one (the deck used up, who deals first)
_OTHER = re.compile(
    r"\b(?:used up|run out|runs out|op zijn|is op|first|eerste|begin\w*|start\w*|shuffl\w*|"
    r"schud\w*|how many|hoeveel|who|wie)\b"
)


#: the phrases read here, set aside by the guard
PHRASES = re.compile("|".join(p.pattern for p in (DEALER, _STAYS, _CHANGES, _NEXT_ROUND)))


def _last_card_of_round(deal: int) -> tuple[dict[str, Any], int, int]:
    """A two-player round whose last card seat ``a`` plays: the position, and the dealer
    before and after the round ends."""
    position = {"game": "keezbord", "players": 2, "pawns": {"a": [10, "N", "N", "N"]},
                "hands": {"a": ["5"], "b": []}, "deal": deal, "to_move": 0}  # fmt: skip
    state = KEEZBORD.state_from_json(dict(position))
    before = state.view(None)["dealer"]
    state.apply(KEEZBORD.parse_action(state, "5 a1"), 0)
    return position, before, state.view(None)["dealer"]


def read_dealer_turns(question: Question) -> Answer | None:
    """Yes or No to whether the dealer stays (or changes) for the next round of a deck."""
    lower = question.lower
    if question.kind != "yesno" or not (DEALER.search(lower) and _NEXT_ROUND.search(lower)):
        return None
    stays, changes = _STAYS.search(lower), _CHANGES.search(lower)
    if bool(stays) == bool(changes) or _OTHER.search(lower):
        return None
    position, before, after = _last_card_of_round(1)
    _, last_before, last_after = _last_card_of_round(3)
    same = before == after
    reason = question.say(
        "The same player deals every round of a deck: when the first round ends the referee "
        f"deals the next one from seat {'ab'[after]} again; only when the deck is used up does "
        f"the player on the dealer's left take over (seat {'ab'[last_before]} to seat "
        f"{'ab'[last_after]}).",
        "Dezelfde speler deelt elke ronde van een stapel: na de eerste ronde deelt stoel "
        f"{'ab'[after]} opnieuw; pas als de stapel op is neemt de speler links van de deler het "
        f"over (stoel {'ab'[last_before]} naar stoel {'ab'[last_after]}).",
    )
    verdict = same if stays else not same
    return checked(GAME, question, yes_no(question, verdict), reason, [kb.SETUP, kb.NEXT_DEAL],
                   position=position, topic="number")  # fmt: skip


__all__ = ["DEALER", "PHRASES", "read_dealer_turns"]
