"""May I take the card that lay on top of the discard pile as the card I draw back?
("Playing the Game > Important", BZ-041; a single discard draws from the draw pile, BZ-027.)

The parts: the top card said (:func:`.pile.said_top`), the discard told in the statement (its
value and count, read by :mod:`.parts`), and a yes or no asking to take that card.  The engine
plays the discard taking the former top; it accepts it after several of one value, and the card
then in the hand is the top card said, or refuses a single discard.

>>> from gametable.rulebook.question import Question
>>> take_top(Question.read("I discard two 4s. The top card was a -1. Can I take the -1 back?")).text.split(".")[0]
'Yes'
"""

from __future__ import annotations

import re
from collections import Counter

from gametable.core.errors import IllegalAction
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.asks import asking_sentence
from gametable.games.balzakken.answers.build import build, free, load
from gametable.games.balzakken.answers.names import card_name
from gametable.games.balzakken.answers.parts import read_scene
from gametable.games.balzakken.answers.pile import said_top
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME_NAME = "balzakken"

#: asking to take the top card ("may I take the top card (back)", "mag ik die 3 terugpakken")
_TAKE = re.compile(
    r"^(?:so |and |en |dus )?(?:may|can|could|mag|kan|kun) (?:i|ik) (?:then |dan |also |ook )?"
    r"(?:take|pick up|grab|have|keep|pak|pakken|neem|nemen|terugpakken|terugnemen|terug pakken)"
    r"\b(?: (?:the|that|die|de|het) (?:top card|[-\d]+))?|"
    r"^(?:mag|kan|kun) (?:ik) (?:dan |ook )?(?:die|de|het) (?:bovenste kaart|top card|[-\d]+) "
    r"(?:terug ?)?(?:pakken|nemen)\b"
)
#: verbs of putting Balzakken down ("I put down my pair of 9s", "ik leg twee tienen af")
_PUT = frozenset(["discard", "play"])


def take_top(question: Question) -> Answer | None:
    """Whether the asker may take the former top card back after the discard told."""
    top, rest = said_top(question)
    if top is None or question.kind != "yesno":
        return None
    asking = asking_sentence(rest)
    lower = rest.lower.strip()
    if not _TAKE.search(asking) or not lower.endswith(asking.strip()):
        return None
    statement = rest.text[: len(lower) - len(asking.strip())].strip()
    scene = read_scene(Question.read(statement)) if statement else None
    if scene is None or scene.acted is None or scene.acted.verb not in _PUT:
        return None
    played = scene.acted.cards or [c for c, n in scene.counts.items() for _ in range(n)]
    if len(set(played)) != 1 or played[0] in ("S", "L", top) or len(scene.players) > 1:
        return None
    value, count = played[0], len(played)
    me = scene.me
    hand = list(played) + [c for c in (me.cards if me else []) if c != value]
    used = Counter(hand) + Counter([top, "9"])
    if any(not free(c, Counter(), n) for c, n in used.items()):
        return None
    position = build([hand, ["9"]], to_move=0, discard=[top])
    state = load(position)
    if state is None:
        return None
    action = f"discard {value}x{count} top" if count > 1 else f"discard {value} top"
    try:
        state.apply(action, 0)
    except IllegalAction as error:
        return checked(
            GAME_NAME, question, yes_no(question, False), refs.refusal_reason(question, error),
            [error.rule], position=position,
        )  # fmt: skip
    if Counter(state.view(0)["hand"])[top] != Counter(hand)[top] + 1:
        return None
    en, nl = card_name(top, "en"), card_name(top, "nl")
    en = en if en.startswith("the ") else f"the {en}"
    nl = nl if nl.startswith("de ") else f"de {nl}"
    reason = question.say(
        f"After discarding several of one value you draw back one card, from the draw pile or "
        f"the card that lay on top of the discard pile before you discarded: here {en}.",
        f"Na het samen afleggen trek je één kaart terug, van de trekstapel of de kaart die vóór "
        f"het afleggen bovenop de aflegstapel lag: hier {nl}.",
    )
    return checked(
        GAME_NAME, question, yes_no(question, True), reason, [refs.SAME_VALUE], position=position
    )
