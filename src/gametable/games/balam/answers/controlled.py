"""Riches produced in a city whose trade an enemy controls ("6 - DISTRIBUTION > TRANSPORT":
riches produced in a city commercially controlled by an enemy may only be used in that same
city; "LOSSES": riches not stored at the end of the round are discarded).  "My jade village sits
in a city where my opponent's market gives him more small pyramids than I have, and there is no
reserve, temple or palace in that city: what happens to the jade?" is played by the engine: the
round closed, the village's riches produced, and the moves the distribution then offers it.

>>> from gametable.rulebook.question import Question
>>> kept_or_lost(Question.read("My maize village is in a city his market controls, with no "
...     "reserve, temple or palace there. What happens to the maize at the end of the round?")
...     ).text.split(":")[0]
'It is lost'
"""

from __future__ import annotations

import re
from typing import Any

from gametable.core.protocol import State
from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.economy import _LAST_CARD
from gametable.games.balam.answers.grammar import BUILDINGS, RICHES_NAMES, name_of, vocabulary
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.scenes import legal_texts, load, play, position
from gametable.games.balam.board import load_board
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: the city's trade controlled by an enemy, in the ways players say it
_CONTROLLED = (
    r"\b(?:controlled by (?:an enemy|my opponent|the enemy|him|her)|(?:his|her|an enemy|the "
    r"enemy's|my opponent's) market (?:controls|gives him more)|(?:he|she|my opponent|the enemy) "
    r"(?:has|have) more small pyramids|more small pyramids than (?:i|me|mine)|"
    r"commercially controlled|onder (?:vijandelijke )?controle|meer kleine piramides dan ik)\b"
)
#: the city holds nowhere to use or keep the riches
_NOWHERE = (
    r"\b(?:no|without|geen|zonder) (?:reserve|reserves|temple|palace)(?:,? (?:or |and |of |en )?"
    r"(?:a |no |geen )?(?:reserve|temple|palace|tempel|paleis|voorraad)s?)*\b|\b(?:geen|zonder) (?:voorraad|"
    r"tempel|paleis)(?:,? (?:of |en )?(?:voorraad|tempel|paleis))*\b"
)
_ROUND_END = r"\b(?:end of the round|round ends|round's end|einde van de ronde|eind van de ronde)\b"
_LOST = r"\b(?:lost|lose|discarded|gone|wasted|verloren|kwijt)\b"
_MOVE = r"\b(?:move|carry|bring|send|take|verplaats\w*|breng\w*)\b"
_FOREIGN = r"\b(if|unless|als|tenzij|attack\w*|katun|card|drought|eclipse|bonus)\b"
_DENIED = vocabulary("reserve reserves temple palace tempel paleis voorraad")
#: the colours' sites on the default board, and a neighbour for the enemy's market
_SITE_OF = {"maize": "b3", "cacao": "e3", "jade": "c4", "obsidian": "c3", "shell": "a1"}


def _neighbour(site: str) -> str:
    board = load_board("default")
    return str(board.names[board.neighbours[board.index(site)][0]])


def _distribution(riches: str) -> tuple[dict[str, Any], State] | None:
    """The asking king's village on a site of ``riches`` whose trade the enemy's market next
    door controls, a reserve of his elsewhere; the round's last card turned, production done:
    the distribution to play."""
    site = _SITE_OF[riches]
    market = _neighbour(site)
    elsewhere = next(s for s in ("e4", "a3", "c1") if s not in (site, market))
    data = position(
        sites={site: ["village"], elsewhere: ["reserve"], market: ["market"]},
        owners={market: 1}, phase="turn", riches=[{"maize": 2}],
    )  # fmt: skip
    data["katun"] = {"slots": [None, None, _LAST_CARD], "discard": ["expedition", "marriage"]}
    state = load(data)
    if state is None:
        return None
    return data, play(state, "katun 2")


def kept_or_lost(q: Question) -> Answer | None:
    """ "My jade village is in a city his market controls, no reserve, temple or palace there:
    what happens to the jade?": the moves the engine offers the riches produced (none: lost)."""
    nowhere = re.search(_NOWHERE, q.lower)
    if not q.matches(_CONTROLLED) or nowhere is None or len(asks(q)) > 1:
        return None
    said = nowhere.group(0)
    if not all(
        re.search(w, said) for w in (r"reserve|voorraad", r"temple|tempel", r"palace|paleis")
    ):
        return None  # a place to use or keep the riches left untold
    named = {m.name for m in RICHES_NAMES.find(q)}
    if len(named) != 1 or next(iter(named)) not in _SITE_OF:
        return None
    riches = next(iter(named))
    lexicons = (BUILDINGS, RICHES_NAMES)
    names = {"village", "market", "reserve", "temple", "palace", riches}
    if not placed(q, set(), lexicons, names, foreign=_FOREIGN, others=True, denied=_DENIED):
        return None
    played = _distribution(riches)
    if played is None:
        return None
    data, state = played
    site = _SITE_OF[riches]
    moves = [a for a in legal_texts(state) if a.startswith(f"move {site}.0>")]
    stuck = not moves
    name = name_of(q, riches)
    reason = q.say(
        f"Riches produced in a city whose trade an enemy controls may be used only in that city, "
        f"and riches not stored by the end of the round are discarded: with no reserve, temple "
        f"or palace there, the {name} has nowhere to go.",
        f"Rijkdommen uit een stad waarvan een vijand de handel beheerst, mogen alleen in die stad "
        f"gebruikt worden, en wat aan het einde van de ronde niet opgeslagen is, gaat verloren: "
        f"zonder voorraad, tempel of paleis daar kan de {name} nergens heen.",
    )
    if q.kind == "yesno":
        asked_lost = bool(re.search(_LOST, asks(q)[0] if asks(q) else q.lower))
        verdict = yes_no(q, stuck if asked_lost else not stuck)
    else:
        verdict = q.say(f"It is lost: the {name} cannot leave the city.",
                        f"Die gaat verloren: de {name} kan de stad niet uit.")  # fmt: skip
    if not stuck:
        return None  # the engine lets it leave: not the rule this reader tells
    refs: list[RuleRef | str] = [rules.TRANSPORT, "6-distribution/losses"]
    return checked(GAME, q, verdict, reason, refs, position=data,
                   details=(f"Moves offered from {site}.0: none",))  # fmt: skip


READERS = (kept_or_lost,)
