"""Whose turn is it after I play The Swinger or The Lul? ("Card Types": play then passes as
normal to the player after the one who played the card, BZ-064, BZ-077.)

The parts needed: the asker plays an action card, and the count of players when it is said.
The player it is played on may sit anywhere ("the player two seats to my left", "Kees"): the
engine plays the card on every other seat in turn, and the reply is given only when every
placement gives the turn to the same seat, the one after the asker.

>>> from gametable.rulebook.question import Question
>>> next_turn(Question.read("Four of us. I play The Lul on the player across from me. Who plays next?")).text.split(".")[0]
'The player to your left (the next seat clockwise) plays next, wherever the player you chose sits'
"""

from __future__ import annotations

import re

from gametable.core.errors import IllegalAction
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.build import build, load
from gametable.games.balzakken.answers.counts import count_words, players_said
from gametable.games.balzakken.answers.mentions import word_at
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME_NAME = "balzakken"

#: a player plays an action card: the asker ("I play The Lul on ...", "ik speel De Swinger op
#: ...") or another player named by name ("Tom plays the Lul on me", "Saar speelt De Lul op mij")
_I_PLAY = re.compile(
    r"\b(i|ik|[a-z][a-z']+) (?:now |then |nu |dan |just |net )?(?:play|plays|played|use|uses|"
    r"used|give|gives|gave|put|puts|lay|lays|laid|speel|speelt|speelde|gebruik|gebruikt|geef|"
    r"geeft|gaf|leg|legt|legde) (?:my |mijn |his |her |zijn |haar |the |de |a |een )?"
    r"(lul|lull|swinger)\b"
)
#: words before a verb of playing that name no player the reply can name
_NO_ACTOR = frozenset(
    ["you", "we", "they", "he", "she", "it", "je", "jij", "wij", "ze", "zij", "hij", "to", "can",
     "may", "mag", "kan", "and", "en", "then", "dan", "who", "wie", "someone", "iemand"]
)  # fmt: skip
#: the players listed in their seats ("clockwise: Aad, Bea, Cas, Dewi")
_SEATED = re.compile(r":\s*([A-Z][a-z]+(?:,\s*(?:and |en )?[A-Z][a-z]+){2,})")
_CLOCKWISE = re.compile(r"\b(?:clockwise|met de klok mee|in (?:that|this) order)\b")
#: whose turn it is next, asked
NEXT_ASKED = re.compile(
    r"\b(?:whose turn (?:is it )?(?:next|then|after that|afterwards)|who (?:plays|goes|is|moves) "
    r"(?:next|after (?:that|me|this))|who's next|whose turn is next|wie is (?:er )?(?:daarna |dan |"
    r"hierna )?aan de beurt|wie (?:mag|speelt|is) (?:er )?(?:daarna|dan|hierna|vervolgens))\b"
    # the guess offered beside it ("that player's, or someone else's?")
    r"(?:[:,]? (?:that|this|the chosen) player'?s?,? or (?:someone|somebody) else'?s?)?"
)
#: the seat said of the chosen player ("two seats to my left"): a count of seats, read
_SEATS = re.compile(
    r"\b(\d+|one|two|three|four|five|six|seven|een|twee|drie|vier|vijf) "
    r"(?:seats?|places?|plaatsen|plekken|stoelen)\b"
)
#: anything else that would change the turn: a call, a discard or a swap on the same turn
_OTHER_ACTION = re.compile(
    r"\b(?:call|calls|called|roep|roept|discard\w*|afleg\w*|swap\w*|ruil\w*|draw|trek|"
    r"second|tweede|again|twice|nog een)\b"
)


def asks_next_turn(question: Question) -> bool:
    return _actor(question) is not None and NEXT_ASKED.search(question.lower) is not None


def _actor(question: Question) -> str | None:
    """Who plays the action card: ``""`` for the asker, else the name said (capitalised in the
    question); ``None`` when no player the reply can name plays one."""
    found = _I_PLAY.search(question.lower)
    if found is None or found.group(1) in _NO_ACTOR:
        return None
    if found.group(1) in ("i", "ik"):
        return ""
    said = question.text[found.start(1) : found.end(1)]
    return said if said[:1].isupper() and said[1:].islower() else None


def read_numbers(question: Question) -> set[int]:
    """The count of players and the seats said, as word indices."""
    lower = question.lower
    return count_words(question) | {word_at(lower, m.start(1)) for m in _SEATS.finditer(lower)}


def next_turn(question: Question) -> Answer | None:
    """The seat to move after the action card is played (seat 0 plays it), on every other seat
    in turn."""
    lower = question.lower
    played = _I_PLAY.search(lower)
    actor = _actor(question)
    if played is None or actor is None or len(_I_PLAY.findall(lower)) > 1:
        return None
    if _OTHER_ACTION.search(lower):
        return None
    card = "S" if played.group(2) == "swinger" else "L"
    said = players_said(question)
    players = said[0] if said is not None else 3
    if not 2 <= players <= 8:
        return None
    movers: set[int] = set()
    position = None
    for target in range(1, players):
        hands = [[card, "3"], *[[str(seat + 3)] for seat in range(1, players)]]
        built = build(hands, to_move=0)
        state = load(built)
        if state is None:
            return None
        try:
            state.apply(f"{'swinger' if card == 'S' else 'lul'} {target}", 0)
        except IllegalAction:
            return None
        movers |= set(state.view(0)["to_move"])
        position = position or built
    if movers != {1} or position is None:
        return None
    name = (
        question.say("The Swinger", "De Swinger")
        if card == "S"
        else question.say("The Lul", "De Lul")
    )
    verdict = _verdict(question, actor)
    seated = _SEATED.search(question.text)
    if seated is not None:  # "Five of us clockwise: Aad, Bea, Cas": the next one named
        names = [n.strip() for n in seated.group(1).split(",")]
        if not actor or actor not in names or not _CLOCKWISE.search(question.lower):
            return None
        verdict = f"{names[(names.index(actor) + 1) % len(names)]}. {verdict}"
    reason = question.say(
        f"After {name} play passes as normal to the player after the one who played it.",
        f"Na {name} gaat het spel gewoon verder bij de speler na degene die hem speelde.",
    )
    sources = [refs.SWINGER_NEXT if card == "S" else refs.LUL_NEXT, refs.CLOCKWISE]
    return checked(GAME_NAME, question, verdict, reason, sources, position=position)


def _verdict(question: Question, actor: str) -> str:
    """The player after the one who played the card, named from the asker or from ``actor``."""
    if not actor:
        return question.say(
            "The player to your left (the next seat clockwise) plays next, wherever the player "
            "you chose sits.",
            "De speler links van jou (de volgende na jou met de klok mee) is daarna aan de beurt, "
            "waar de gekozen speler ook zit.",
        )
    return question.say(
        f"The player to {actor}'s left (the next seat clockwise after {actor}) plays next, "
        f"wherever the player {actor} chose sits.",
        f"De speler links van {actor} (de volgende na {actor} met de klok mee) is daarna aan de "
        "beurt, waar de gekozen speler ook zit.",
    )
