"""Markets and their small pyramids ("2 - CONSTRUCTIONS", the market): how many a market puts
on the board, and whether a king short of small pyramids may build one, each tried in the
engine on a position built from the question."""

from __future__ import annotations

import re
from typing import Any

from gametable.core.protocol import State
from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    RICHES_NAMES,
    about_another,
    buildings_in,
    number_before,
    numbers_in,
    understood,
    vocabulary,
)
from gametable.games.balam.answers.parts import placed
from gametable.games.balam.answers.refusals import reason_of
from gametable.games.balam.answers.scenes import HOME, load, play, position, refusal
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: a free site with each number of neighbouring sites (at the end of a path), on the default
#: board
WITH_NEIGHBOURS = {2: "e6", 3: "e3", 4: "d3"}
#: the asking king's sites that hold markets, by how many small pyramids a market there takes
#: (1 + its neighbours): enough to use up any number of his 15
_MARKET_SITES = {5: ("b2", "c2", "d2"), 4: ("a3", "a4", "e4"), 3: ("a1", "e1", "a6")}
_SMALL = r"\b(small|little|kleine?) (pyramids?|piramides?|piramiden)\b"
_NEIGHBOURS = (
    r"\b(neighbou?ring|adjacent|neighbou?rs?|linked|connected|next|buur\w*|aangrenzende?)\b"
)
_MARKET_WORDS = vocabulary("""i build a market on site that has have with sites neighbouring neighboring
    neighbours neighbors adjacent linked connected how many do put place the board go goes
    does take takes need needs it of uses use by paths path
    ik bouw een markt op plaats met buren buurplaatsen hoeveel zet leg gaan het bord nodig
    out heb plek puts put when buurplekken neer""")


#: the words after the count of a site's neighbours ("a site with 3 neighbours")
_NEAR_WORDS = ("neighbouring", "neighboring", "adjacent", "neighbours", "neighbors", "buren",
               "buurplaatsen", "buurplekken", "linked", "connected")  # fmt: skip


def market_pyramids(q: Question) -> Answer | None:
    """ "I build a market on a site with 3 neighbouring sites: how many small pyramids?": one
    on its site and one on each neighbour, counted from the engine's pyramids left."""
    if not q.matches(_SMALL) or buildings_in(q) != ["market"] or about_another(q):
        return None
    if q.kind == "yesno" or not q.matches(r"\b(how many|hoeveel)\b"):
        return None
    near = number_before(q, *_NEAR_WORDS)
    if near not in WITH_NEIGHBOURS or set(numbers_in(q)) - {near}:
        return None
    phrases = (_SMALL, _NEIGHBOURS)
    if not understood(q, _MARKET_WORDS, lexicons=(BUILDINGS,), numbers={near}, phrases=phrases):
        return None
    site = WITH_NEIGHBOURS[near]
    data = position(sites={HOME: ["village"]}, riches=[{"cacao": 1}], phase="act")
    state = load(data)
    if state is None:
        return None
    action = f"build market {site}.0"
    if refusal(state, action) is not None:
        return None
    placed = _small_left(state) - _small_left(play(state, action))
    verdict = q.say(
        f"{placed} small pyramids (1 + {near} = {placed}).",
        f"{placed} kleine piramides (1 + {near} = {placed}).",
    )
    reason = q.say(
        "A market puts one small pyramid of its king on its own site and one on each "
        "neighbouring site at the end of a path, whoever holds it.",
        "Een markt zet één kleine piramide van zijn koning op zijn eigen plaats en één op elke "
        "buurplaats aan het eind van een pad, van wie die ook is.",
    )
    return checked(GAME, q, verdict, reason, [rules.CONSTRUCTIONS], position=data,
                   details=(f"Tried: {action}",), topic="number")  # fmt: skip


def _small_left(state: State) -> int:
    return int(state.view(0)["pyramids_left"][0]["small"])


#: "I've run out of small pyramids", "no small pyramids left", "only 2 small pyramids left"
_RUN_OUT = (
    r"\b(?:run out of|ran out of|out of|used up all|used all) (?:my |mijn )?(?:small|little) "
    r"pyramids\b|\bno (?:small|little) pyramids (?:left|anymore|any more)\b|\bgeen kleine "
    r"piramides meer\b|\bkleine piramides op\b|\ball (?:my |mijn )?(?:small|little|kleine) "
    r"(?:pyramids|piramides) (?:are|zijn|staan) (?:already |al )?on (?:the )?board\b"
)
_LEFT = r"\b(?:only )?(\w+) (?:small|little|kleine) (?:pyramids?|piramides?) (?:left|over)\b"
_SHORT_WORDS = vocabulary("""i i've have has still build a market can may now then any more anymore left
    over only my put up ik heb nog een markt bouwen mag kan dan nu want to on site with
    neighbours neighbors neighbouring neighboring sites but maar komt plek plaats met buren hem
    op wil en dat""")


#: what a market tried on a free site does not hold
_FOREIGN = r"\b(attack\w*|aanval\w*|katun|card|round|ronde|distribution|tax\w*|lost|lose)\b"


def market_short_of_pyramids(q: Question) -> Answer | None:
    """ "I've run out of small pyramids: can I still build a market?": the market tried with
    the king's small pyramids used up by his other markets (or as many left as he says)."""
    if q.kind != "yesno" or buildings_in(q) != ["market"] or about_another(q):
        return None
    left_match = q.matches(_LEFT)
    if not (q.matches(_RUN_OUT) or left_match):
        return None
    left = 0 if q.matches(_RUN_OUT) else _count_left(q)
    near = number_before(q, *_NEAR_WORDS)
    if left is None or not 0 <= left <= 12:
        return None
    told = {left} | ({near} if near is not None else set())
    if set(numbers_in(q)) - told:
        return None
    if near is None and 3 <= left <= 4:
        return None  # enough on a site with few neighbours, not on one with many: say which
    if near is not None and near not in WITH_NEIGHBOURS:
        return None
    phrases = (_RUN_OUT, _LEFT)
    lexicons = (BUILDINGS, RICHES_NAMES)
    if not understood(q, _SHORT_WORDS, lexicons=(BUILDINGS,), numbers=told, phrases=phrases) and (
        not placed(q, told, lexicons, {"market", "cacao"}, foreign=_FOREIGN)
    ):
        return None  # neither the sentence's words nor its parts are all placed
    data = _using_up(15 - left)
    state = load(data) if data is not None else None
    if data is None or state is None or _small_left(state) != left:
        return None
    action = f"build market {HOME}.1" if near is None else f"build market {WITH_NEIGHBOURS[near]}.0"
    takes = 5 if near is None else near + 1
    refused = refusal(state, action)
    if refused is None:
        reason = q.say(
            f"A market there takes {takes} small pyramids (its site and its {takes - 1} "
            "neighbours), and you have that many left.",
            f"Een markt daar neemt {takes} kleine piramides (zijn plaats en zijn {takes - 1} "
            "buren), en die heb je nog.",
        )
        refs: list[RuleRef | str] = [rules.CONSTRUCTIONS]
    else:
        reason, refs = reason_of(q, refused), [refused.rule]
    return checked(GAME, q, yes_no(q, refused is None), reason, refs, position=data,
                   details=(f"Tried: {action}",))  # fmt: skip


def _count_left(q: Question) -> int | None:
    found = re.search(_LEFT, q.lower)
    if found is None:
        return None
    word = found.group(1)
    numbers = {"one": 1, "two": 2, "three": 3, "four": 4, "een": 1, "twee": 2, "drie": 3}
    return int(word) if word.isdigit() else numbers.get(word)


def _using_up(used: int) -> dict[str, Any] | None:
    """A position in which seat 0's markets take ``used`` small pyramids (HOME holds a
    village and a free plot, the market the question asks about)."""
    sites: dict[str, list[str | None]] = {HOME: ["village", None, None]}
    for size in (5, 4, 3):
        for site in _MARKET_SITES[size]:
            if used >= size and used - size not in (1, 2):
                sites[site] = ["market"]
                used -= size
    if used:
        return None
    return position(sites=sites, riches=[{"cacao": 1}], phase="act")


READERS = (market_pyramids, market_short_of_pyramids)
