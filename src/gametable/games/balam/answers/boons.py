"""The riches a favourable card lets the king choose ("4 - KATUN > POSITIVE EVENTS"): the
Expedition return (one riches of his choice) and the Princely marriage (one riches of his
choice from another king's sheet, as a dowry).  The card is turned over by the engine on a
position built from the question (the other king's sheet as told, or one of every riches), and
the riches asked about is looked for among the choices the engine then offers.

>>> from gametable.rulebook.question import Question
>>> choice(Question.read("Drew Expedition return. Can I pick a prisoner?")).text.split()[0]
'No.'
"""

from __future__ import annotations

import re

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    CARDS,
    RICHES_NAMES,
    card_in,
    counted,
    name_of,
    vocabulary,
)
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.scenes import HOME, legal_texts, load, play, position
from gametable.games.balam.board import RICHES
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: the cards whose riches the king chooses, and the engine's action word for the choice
_CHOOSING = {"expedition": "take", "marriage": "dowry"}
_CHOOSE = (
    r"\b(?:pick|picks|choose|chooses|take|takes|get|gets|ask for|claim|have|as|kies|kiezen|"
    r"nemen|neem|pakken|pak|krijg\w*)\b"
)
#: another king's sheet told ("my opponent has a prisoner and a maize on his king sheet")
_HIS = r"\b(?:opponent|rival|enemy|he|she|his|her|tegenstander|hij|zij|zijn|haar|[a-z]+ has)\b"
_FOREIGN = (
    r"\b(round|ronde|attack\w*|aanval\w*|build\w*|bouw\w*|reserve\w*|garrison\w*|temple\w*)\b"
)
_DENIED = vocabulary("prisoner prisoners gevangene gevangenen")


def _his_sheet(q: Question, asked: str) -> dict[str, int] | None:
    """The other king's sheet the story tells (every riches named outside the ask), or one of
    each riches when it tells none; ``None`` when riches are told but not as his."""
    story = q.lower.replace(asked, " ")
    told = counted(Question.read(story), RICHES_NAMES)
    if not told:
        return {r: 1 for r in RICHES}
    if not re.search(_HIS, story):
        return None
    return {r: n for r, n in told.items() if n}


def choice(q: Question) -> Answer | None:
    """ "Drew Expedition return: can I pick a prisoner?", "Princely marriage: my opponent has a
    prisoner and a maize on his sheet; can I take the prisoner as the dowry?"."""
    card = card_in(q)
    said = asks(q)
    if card not in _CHOOSING or q.kind != "yesno" or len(said) != 1:
        return None
    wanted = counted(Question.read(said[0]), RICHES_NAMES)
    if len(wanted) != 1 or not re.search(_CHOOSE, said[0]):
        return None
    riches = next(iter(wanted))
    his = _his_sheet(q, said[0]) if card == "marriage" else {}
    if his is None:
        return None
    numbers = set(counted(q, RICHES_NAMES).values()) | {1}
    others = card == "marriage"
    if not placed(
        q, numbers, (CARDS, RICHES_NAMES), {card, *RICHES}, foreign=_FOREIGN, others=others,
        denied=_DENIED,
    ):  # fmt: skip
        return None
    data = position(
        sites={HOME: ["village"]}, riches=[{"maize": 1}, his or {"maize": 1}], phase="turn",
        card=card,
    )  # fmt: skip
    state = load(data)
    if state is None:
        return None
    offered = legal_texts(play(state, "katun 0"))
    word = _CHOOSING[card]
    allowed = any(a.startswith(word) and a.split()[-1] == riches for a in offered)
    name = name_of(q, riches)
    reason = {
        "expedition": q.say(
            f"Expedition return gives one of the produced riches (maize, cacao, shell, jade, "
            f"obsidian) of the king's choice{'' if allowed else f', never a {name}'}.",
            f"Terugkeer van een expeditie geeft een geproduceerde rijkdom naar keuze (maïs, "
            f"cacao, schelp, jade, obsidiaan){'' if allowed else f', nooit een {name}'}.",
        ),
        "marriage": q.say(
            "With a Princely marriage the king takes one riches of his choice from another "
            "king's sheet as a dowry"
            + ("." if allowed else f"; that king has no {name} on his sheet."),
            "Bij een Prinselijk huwelijk neemt de koning een rijkdom naar keuze van het "
            "koningsblad van een andere koning als bruidsschat"
            + ("." if allowed else f"; die koning heeft geen {name} op zijn blad."),
        ),
    }[card]
    details = (q.say(f"Offered after the card: {', '.join(offered)}",
                     f"Mogelijk na de kaart: {', '.join(offered)}"),)  # fmt: skip
    return checked(GAME, q, yes_no(q, allowed), reason, [rules.EXPEDITION if card == "expedition" else rules.POSITIVE], position=data,
                   details=details)  # fmt: skip


READERS = (choice,)
