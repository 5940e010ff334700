"""May I call BALZAK! here? ("Action 4: Call BALZAK!", "Important"), read by its parts and tried
by the engine: the asker's hand as said, whose turn it is ("it's still Pim's turn"), and an
action card played this turn before a call on the next ("ik speel De Lul deze beurt; mag ik de
volgende beurt roepen?").  Chosen by :mod:`.concepts`.
"""

from __future__ import annotations

import re
from collections import Counter

from gametable.core.errors import IllegalAction
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.asks import Asked
from gametable.games.balzakken.answers.build import build, cards_worth, load
from gametable.games.balzakken.answers.scene import Player, Scene
from gametable.games.balzakken.answers.seating import hand_for
from gametable.games.balzakken.scoring import BALZAK_LIMIT
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME_NAME = "balzakken"

#: the asking of a call: "can I call / shout BALZAK", "mag ik BALZAK roepen"
_CALL_ASKED = re.compile(
    r"\b(?:call|shout|yell|say|roep|roepen|callen)\b.*\bbalzak\b|\bbalzak\b.*\b(?:call|shout|"
    r"yell|roep|roepen)\b"
)
#: another player's turn, said by the player's name ("it's still Pim's turn", "de beurt van Pim")
_THEIR_TURN = re.compile(r"\b(\w+)'s turn\b|\bbeurt van (\w+)\b|\b(\w+) is aan de beurt\b")
#: a call on the asker's next turn, after an action card played on this one
_NEXT_TURN = re.compile(r"\b(?:next turn|volgende beurt|my next turn|mijn volgende beurt)\b")
_THIS_TURN = re.compile(r"\b(?:this turn|deze beurt|now|nu)\b")


#: any action of a turn, in any form: a call after it is a second action, not read here
_ANY_ACTION = re.compile(
    r"\b(?:discard\w*|afleg\w*|afgelegd|afgegooid|gooi\w*|gegooid|weggegooid|swap\w*|ruil\w*|"
    r"geruild|draw\w*|drew|trek\w*|getrokken|pak\w*|gepakt|took|take\w*|threw|throw\w*|"
    r"tossed|legde|legt|leg|played|gespeeld|speelde|put|same turn|dezelfde beurt|meteen|"
    r"first|eerst|daarna|ook nog|also)\b"
)


def asks_may_call(question: Question, scene: Scene, ask: Asked) -> bool:
    """A yes or no whether the asker may call, with the asker's hand said, and no other
    action of a turn told (but an action card played this turn, before a call on the next)."""
    me = scene.me
    acted_before = _ANY_ACTION.search(question.lower) is not None
    if acted_before and not (scene.acted is not None and _NEXT_TURN.search(question.lower)):
        return False
    return (
        ask.yesno
        and me is not None
        and me.hand_said
        and _CALL_ASKED.search(ask.text) is not None
        and re.search(r"\b(?:i|ik)\b", ask.text) is not None
    )


def names_their_turn(question: Question) -> bool:
    """Whether the question names another player's turn ("it's Pim's turn", "de beurt van
    Saar")."""
    found = _THEIR_TURN.search(question.lower)
    return found is not None and next(g for g in found.groups() if g) not in _MINE_WORDS


_MINE_WORDS = frozenset(["my", "mijn", "your", "je", "jouw", "it", "het"])


def _their_turn(question: Question, scene: Scene) -> Player | bool | None:
    """The other player whose turn it is, ``None`` when the question says no other's turn,
    ``False`` when it names a turn of a player it does not place."""
    found = _THEIR_TURN.search(question.lower)
    if found is None:
        return None
    name = next(g for g in found.groups() if g)
    if name in _MINE_WORDS:
        return False
    return scene.by_key(name) or False


def may_call(question: Question, scene: Scene, ask: Asked) -> Answer | None:
    """The engine's verdict on the asker's call in the position the parts tell."""
    me = scene.me
    if me is None or len(scene.players) > 2 or (scene.count or 2) < len(scene.players):
        return None
    turn = _their_turn(question, scene)
    if turn is False:
        return None
    used: Counter[str] = Counter()
    mine = hand_for(me, used)
    if mine is None:
        return None
    if scene.acted is not None:
        mine = _after_action_card(question, scene, mine)
        if mine is None:
            return None
    others = [cards_worth(9, used) for _ in range((scene.count or 2) - 1)]
    if not others or any(o is None for o in others) or (scene.count or 2) > 8:
        return None
    hands = [mine, *[o for o in others if o is not None]]
    position = build(hands, to_move=1 if turn is not None else 0)
    state = load(position)
    if state is None:
        return None
    try:
        state.apply("balzak", 0)
    except IllegalAction as error:
        return checked(
            GAME_NAME, question, yes_no(question, False), refs.refusal_reason(question, error),
            [error.rule], position=position,
        )  # fmt: skip
    points = sum(10 if c == "L" else 0 if c == "S" else int(c) for c in mine)
    reason = question.say(
        f"It is your turn, you hold {points} points and no action card: calling BALZAK! is "
        "your whole turn.",
        f"Je bent aan de beurt, je hebt {points} punten en geen actiekaart: BALZAK! roepen is "
        "je hele beurt.",
    )
    sources = [refs.CALL, refs.NO_ACTION_CARD]
    if points > BALZAK_LIMIT:
        reason += question.say(
            f" With more than {BALZAK_LIMIT} points the call costs you 25 and everyone else "
            "writes 0.",
            f" Met meer dan {BALZAK_LIMIT} punten kost de roep je 25 en schrijft de rest 0 op.",
        )
        sources.append(refs.OVERCALL)
    return checked(GAME_NAME, question, yes_no(question, True), reason, sources, position=position)


def _after_action_card(question: Question, scene: Scene, mine: list[str]) -> list[str] | None:
    """The hand on the next turn after the action card said played on this one; ``None`` for
    any other action, or a call said on this same turn."""
    acted = scene.acted
    if acted is None or acted.verb != "play" or len(acted.cards) != 1:
        return None
    card = acted.cards[0]
    if card not in ("L", "S") or card not in mine or not _NEXT_TURN.search(question.lower):
        return None
    if card == "S":
        return None  # a Swinger swaps hands: the hand on the next turn is another's
    if not _THIS_TURN.search(question.lower):
        return None
    rest = list(mine)
    rest.remove(card)
    return rest
