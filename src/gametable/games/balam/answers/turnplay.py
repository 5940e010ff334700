"""A turn told by its parts ("Round Structure > B", "2 - CONSTRUCTIONS", "3 - WARS"): what the
king has done this turn (paid, built) and what he wants next (build in a second city, attack,
pass without paying, or anything at all), played in the engine on a position built from it.

The parts are read wherever they stand: the buildings named and where ("in one of my cities
... in another of my cities"), a building done this turn ("I built a garrison", "paid and
built a village"), the attack wanted, a pass "without paying", the riches on the sheet.  A
number, a name or a negation the reader did not place, or a word of another concept, and it
stays silent (:func:`.parts.placed`).

>>> from gametable.rulebook.question import Question
>>> second_site(Question.read("I paid and want a village in one of my cities and a garrison "
...     "in another of my cities this turn. Allowed?")).text.split()[0]
'No.'
"""

from __future__ import annotations

import re

from gametable.core.protocol import State
from gametable.games.balam.answers.building import RICH, _built
from gametable.games.balam.answers.grammar import BUILDINGS, RICHES_NAMES, counted, vocabulary
from gametable.games.balam.answers.parts import holdings_told, placed
from gametable.games.balam.answers.refusals import reason_of
from gametable.games.balam.answers.scenes import (
    HOME,
    MORE_SITES,
    NEIGHBOUR,
    legal_texts,
    load,
    position,
    refusal,
)
from gametable.games.balam.board import KINDS, RICHES
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: the second city of the asker's, told apart from the first
_ANOTHER_CITY = (
    r"\b(?:an)?other (?:one )?of my (?:cities|sites|towns)\b|\b(?:a |my )?(?:second|other|"
    r"another|different) (?:city|site|town)(?: of mine)?\b|\b(?:in|op) een andere (?:stad|plaats)"
    r"\b|\b(?:nog )?een (?:andere|tweede) (?:stad|plaats) van (?:mij|me)\b"
)
_SAME = r"\b(?:same|zelfde|dezelfde) (?:site|city|plaats|stad)\b"
#: a building done this turn, before what is asked
_BUILT = r"\b(?:built|have built|i've built|gebouwd|heb gebouwd)\b"
_ATTACK = r"\b(?:attack\w*|aanval\w*|val\w* (?:\w+ )?aan)\b"
_WITHOUT_PAYING = (
    r"\b(?:without paying(?: anything| a thing| any riches)?|for free|zonder (?:iets )?(?:te )?"
    r"betalen|gratis)\b"
)
_PASS = r"\b(?:pass|passen|skip(?: my turn)?|overslaan)\b"
#: an ask of what the king may do ("what can I do on my turn?", "wat kan ik doen?")
_WHAT_CAN = (
    r"\b(?:what can i do|what are my (?:options|choices)|wat kan ik (?:doen|nog)|wat mag ik)\b"
)
#: what no turn of building and attacking holds
_FOREIGN = (
    r"\b(katun|card|kaart|round|ronde|distribution|tax\w*|ceremon\w*|sacrific\w*|offer\w*|"
    r"ball ?game|balspel|if|als|unless|tenzij|suppose|enemy's (?:turn|card))\b|"
    r"\b(?:last|previous|earlier|other|next|vorige|eerdere|volgende) (?:turn|beurt)\b"
)
#: the building said to be done in the turn the attack is asked for
_THIS_TURN = (
    r"\b(?:this turn|same turn|now|then|afterwards|after that|still|deze beurt|dezelfde beurt|"
    r"nu|daarna|nog)\b"
)
#: what the turn's negations deny ("I don't want to do anything", "no riches at all")
_DENIED = vocabulary("want wil do doe anything iets riches rijkdommen rijkdom paying betalen")
#: a yes-or-no ask, said as a verdict asked for ("Allowed?", "Is that allowed?", "Mag dat?")
_YES_NO = (
    r"(?:^|[.!?]\s*)(?:can|may|could|is|am|do|does|mag|kan|is dat|mag dat)\b[^.!?]*\?|"
    r"\b(?:allowed|legal|toegestaan)\?"
)


def _sheet(q: Question) -> dict[str, int]:
    """The riches on the king sheet told, or enough for any building when none are told."""
    told = counted(q, RICHES_NAMES)
    return {r: n for r, n in told.items() if n} if told else dict(RICH)


def _placed(q: Question, *, others: bool = False) -> bool:
    numbers = set(counted(q, RICHES_NAMES).values()) | set(counted(q, BUILDINGS).values())
    lexicons = (BUILDINGS, RICHES_NAMES)
    return placed(
        q, numbers, lexicons, {*KINDS, *RICHES}, foreign=_FOREIGN, others=others, denied=_DENIED
    )


def second_site(q: Question) -> Answer | None:
    """ "A village in one of my cities and a garrison in another, this turn?": the first built,
    the second tried on another of his sites."""
    named = [m.name for m in BUILDINGS.find(q)]
    if len(named) != 2 or not q.matches(_ANOTHER_CITY) or q.matches(_SAME):
        return None
    if not re.search(_YES_NO, q.lower) or q.matches(_ATTACK) or not _placed(q):
        return None
    if holdings_told(q, BUILDINGS):
        return None  # a building he has already is not one built this turn
    first, second = named
    other = MORE_SITES[0]
    sites: dict[str, list[str | None]] = {HOME: ["village", None, None], other: ["village"]}
    data = position(sites=sites, riches=[_sheet(q)], phase="act")
    state = load(data)
    built = _built(state, f"build {first} {HOME}.1") if state is not None else None
    if built is None:
        return None
    action = f"build {second} {other}.1"
    refused = refusal(built, action)
    if refused is None:
        return None  # the engine allows it: not the one-site rule this reader explains
    details = (q.say(f"Tried: build {first} {HOME}.1, then {action}",
                     f"Geprobeerd: build {first} {HOME}.1, dan {action}"),)  # fmt: skip
    reason = reason_of(q, refused)
    return checked(
        GAME, q, yes_no(q, False), reason, [refused.rule], position=data, details=details
    )


def attack_after_building(q: Question) -> Answer | None:
    """ "I paid, built a garrison in my border city; can I attack from there now?": the
    building played, then the attacks the engine still offers (none: one action a turn)."""
    if not q.matches(_BUILT) or not q.matches(_ATTACK) or not re.search(_YES_NO, q.lower):
        return None
    if not q.matches(_THIS_TURN):
        return None  # the building may be of an earlier turn
    named = [m.name for m in BUILDINGS.find(q)]
    if len(named) != 1 or not _placed(q, others=True):
        return None
    sites: dict[str, list[str | None]] = {
        HOME: ["garrison", "garrison", None],
        NEIGHBOUR: ["village"],
    }
    data = position(sites=sites, owners={NEIGHBOUR: 1}, riches=[_sheet(q)], phase="act")
    state = load(data)
    if state is None or not _attacks(state):
        return None
    built = _built(state, f"build {named[0]} {HOME}.2")
    if built is None:
        return None
    allowed = bool(_attacks(built))
    refused = refusal(built, f"attack {HOME}>{NEIGHBOUR} 1 0")
    reason = reason_of(q, refused) if refused is not None else ""
    refs = [refused.rule] if refused is not None else []
    details = (q.say(f"Tried: build {named[0]} {HOME}.2, then an attack from {HOME}",
                     f"Geprobeerd: build {named[0]} {HOME}.2, dan een aanval vanuit {HOME}"),)  # fmt: skip
    return checked(GAME, q, yes_no(q, allowed), reason, refs, position=data, details=details)


def _attacks(state: State) -> list[str]:
    return [a for a in legal_texts(state) if a.startswith("attack")]


def pass_unpaid(q: Question) -> Answer | None:
    """ "I have 1 maize left; can I just pass without paying anything?": the pass tried before
    the turn's riches is paid (refused: a pass comes after paying, or a Katun card instead)."""
    if not q.matches(_PASS) or not q.matches(_WITHOUT_PAYING) or not re.search(_YES_NO, q.lower):
        return None
    if BUILDINGS.find(q) or not _placed(q):
        return None
    data = position(riches=[_sheet(q)], phase="turn")
    state = load(data)
    refused = refusal(state, "end") if state is not None else None
    if refused is None:
        return None
    reason = (
        reason_of(q, refused)
        + " "
        + q.say(
            "Passing is one of the choices after paying 1 riches; without paying, the turn is "
            "turning over a Katun card.",
            "Passen kan pas na het betalen van 1 rijkdom; zonder te betalen is de beurt een "
            "Katun-kaart omdraaien.",
        )
    )
    return checked(GAME, q, yes_no(q, False), reason, [refused.rule], position=data)


def choices(q: Question) -> Answer | None:
    """ "My king sheet is empty: what can I do on my turn?": the turns the engine offers for
    the sheet told (paying first, or turning over a Katun card)."""
    if not q.matches(_WHAT_CAN) or BUILDINGS.find(q) or not _placed(q):
        return None
    told = counted(q, RICHES_NAMES)
    empty = q.matches(r"\b(?:empty|leeg|no riches|geen rijkdommen|nothing on)\b")
    if not empty and not told:
        return None
    data = position(riches=[{} if empty else {r: n for r, n in told.items() if n}], phase="turn")
    state = load(data)
    if state is None:
        return None
    legal = legal_texts(state)
    pays = sorted({a.split()[1] for a in legal if a.startswith("pay ")})
    if pays:
        verdict = q.say(
            f"Pay 1 riches ({', '.join(pays)}) and then build, attack or pass, or turn over a "
            "Katun card instead.",
            f"Betaal 1 rijkdom ({', '.join(pays)}) en bouw, val aan of pas, of draai in plaats "
            "daarvan een Katun-kaart om.",
        )
    else:
        verdict = q.say(
            "Turn over a Katun card: with nothing on your sheet you cannot pay for a turn, so "
            "you cannot build, attack or pass.",
            "Draai een Katun-kaart om: zonder rijkdommen op je koningsblad kun je geen beurt "
            "betalen, dus niet bouwen, aanvallen of passen.",
        )
    refused = refusal(state, "end")
    refs = [refused.rule] if refused is not None else []
    details = (q.say(f"Offered: {', '.join(legal)}", f"Mogelijk: {', '.join(legal)}"),)
    return checked(GAME, q, verdict, "", refs, position=data, details=details)


READERS = (second_site, attack_after_building, pass_unpaid, choices)
