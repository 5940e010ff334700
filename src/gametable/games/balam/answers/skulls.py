"""The riches on a garrison the attacker loses to a skull ("3 - WARS": the attacker loses 1
garrison of his choice for each failure, and a riches on it is lost too): "I kept the obsidian
on one of my two garrisons, rolled a skull and give up that garrison: does the obsidian go with
it?".  The attack is played by the engine with the obsidian (or prisoner) on a garrison not
spent, a skull rolled, and that garrison chosen as the loss; the reply says what the engine
discarded with it.

>>> from gametable.rulebook.question import Question
>>> lost_with_garrison(Question.read("I attack with 2 garrisons and don't spend the obsidian on "
...     "one of them. I roll a skull and lose that garrison. Does the obsidian go with it?")
...     ).text.split()[0]
'Yes.'
"""

from __future__ import annotations

import re

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    RICHES_NAMES,
    counted,
    name_of,
    vocabulary,
)
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.scenes import HOME, NEIGHBOUR, legal_texts, load, play, position
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
_SKULL = r"\b(?:skulls?|failures?|doodshoofd\w*|schedels?)\b"
_ATTACK = r"\b(?:attack\w*|aanval\w*|val\w* aan)\b"
#: the garrison holding the riches given up to the skull
_GIVE_UP = (
    r"\b(?:lose|losing|give up|sacrifice|remove|choose|pick|verlies\w*|kies|opgeven)\b[^.?!]*"
    r"\b(?:garrison|that one|it|garnizoen)\b"
)
#: what the ask asks of the riches: lost with the garrison, or kept
_GOES = r"\b(?:go|goes|gone|lost|lose|discarded|disappear\w*|with it|mee|verloren|weg)\b"
_STAYS = r"\b(?:keep|kept|stay|stays|remain\w*|save|houd\w*|blijf\w*|bewaar\w*)\b"
_FOREIGN = r"\b(if|unless|als|tenzij|round|ronde|katun|reserve\w*|temple\w*|palace\w*|market\w*)\b"
_DENIED = vocabulary("spend spent use used burn gebruik gebruikt inzetten in to")


def lost_with_garrison(q: Question) -> Answer | None:
    """ "Does the unspent obsidian go with the garrison I lose to the skull?": Yes, as the
    engine discards it."""
    said = asks(q) or re.findall(r"[^.!?]*\?\s*$", q.lower)  # "Gaat de obsidiaan mee?"
    if len(said) != 1 or q.kind != "yesno" or not q.matches(_SKULL) or not q.matches(_ATTACK):
        return None
    if not q.matches(_GIVE_UP):
        return None
    held = [m.name for m in RICHES_NAMES.find(q)]
    if len(set(held)) != 1 or held[0] not in ("obsidian", "prisoner"):
        return None
    goes, stays = re.search(_GOES, said[0]), re.search(_STAYS, said[0])
    if bool(goes) == bool(stays):
        return None  # what is asked of the riches is not read
    numbers = {1, 2} | set(counted(q, BUILDINGS).values())  # the garrisons sent, any count
    if not placed(
        q, numbers, (BUILDINGS, RICHES_NAMES), {"garrison", held[0]}, foreign=_FOREIGN,
        denied=_DENIED,
    ):  # fmt: skip
        return None
    riches = held[0]
    data = position(
        sites={HOME: [f"garrison:{riches}", "garrison"], NEIGHBOUR: ["village", "village"]},
        owners={NEIGHBOUR: 1}, riches=[{"maize": 2}], phase="turn", dice=["X", "1"],
    )  # fmt: skip
    state = load(data)
    if state is None:
        return None
    after = play(state, "pay maize", f"attack {HOME}>{NEIGHBOUR} 2 0")
    if f"lose {HOME}.0" not in legal_texts(after):
        return None
    after = play(after, f"lose {HOME}.0")
    war = after.view(0).get("last_war") or {}
    lost = [g for g in war.get("lost", []) if g.get("plot") == 0]
    if not lost:
        return None
    gone = riches in lost[0].get("riches", [])
    name = name_of(q, riches)
    unspent = q.say(", though it was not spent", ", ook al is die niet ingezet")
    unspent = unspent if riches == "obsidian" else ""
    reason = q.say(
        f"A garrison lost to a skull is discarded with the riches on it: the {name} goes too"
        f"{unspent}.",
        f"Een garnizoen dat aan een doodshoofd verloren gaat, gaat weg met de rijkdom erop: "
        f"de {name} ook{unspent}.",
    )
    return checked(GAME, q, yes_no(q, gone if goes else not gone), reason,
                   [rules.WAR_LOSSES], position=data)  # fmt: skip


READERS = (lost_with_garrison,)
