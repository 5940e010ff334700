"""A turn that removes a building and builds in its place ("2 - CONSTRUCTIONS": removing is free
and instant, a palace or temple takes two adjacent spaces, nothing is moved): "my 3-space site
has a garrison, then a village, then an empty space; can I take the village away and build a
temple on those two spaces, and what does the turn cost?".  The site is laid out plot by plot
as told, the turn paid, the building removed and the new one built and paid in the engine; the
reply says whether the engine allows it and the riches the turn took.

>>> from gametable.rulebook.question import Question
>>> layout(Question.read("My 3-space site has a garrison, then a village, then an empty space."))
(3, ['garrison', 'village', None])
"""

from __future__ import annotations

import re

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDING_WORDS,
    BUILDINGS,
    RICHES_NAMES,
    about_another,
    name_of,
    understood,
    vocabulary,
)
from gametable.games.balam.answers.parts import placed
from gametable.games.balam.answers.refusals import reason_of
from gametable.games.balam.answers.scenes import legal_texts, load, play, position, refusal
from gametable.games.balam.board import DOUBLE, KINDS
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: a site of the king's of each size (plots in a row, none by the sea or a volcano but a1)
_SITE_OF = {2: "a1", 3: "c4", 4: "e2"}
_RICH = {"maize": 8, "cacao": 1, "shell": 1, "jade": 1}
_SIZES = {"two": 2, "three": 3, "four": 4, "twee": 2, "drie": 3, "vier": 4}
_SIZE = (
    r"\b(\d|two|three|four|twee|drie|vier)[- ](?:space|plot|spaces|plots)\b|\b(?:site|city|plaats|"
    r"stad) (?:with|of|met) (\d|two|three|four|twee|drie|vier) (?:spaces|plots|vakjes|bouwplaatsen)\b"
)
_EMPTY = r"(?:an? |one |een )?(?:empty|free|lege?|vrije?) (?:space|plot|spot|vakje|bouwplaats|plek)"
_NAME = "|".join(sorted((re.escape(w) for w in BUILDING_WORDS), key=len, reverse=True))
_PLOT = rf"(?:(?:an? |one |een |my |mijn )?(?:{_NAME})\b|{_EMPTY})"
_LIST = rf"{_PLOT}(?:(?:,| and| en| then| dan| daarna)+ {_PLOT})+"
_REMOVE = (
    r"\b(?:take (?:\w+ )?(?:\w+ )?away|take away|remove|demolish|tear down|knock down|get rid of|"
    r"afbreken|weghalen|slopen|breek|haal)\b"
)
_WORDS = vocabulary("""my site has have a an the then and one empty free space spaces plot plots can i
    take away remove demolish tear down knock get rid of build put on in those these two
    its place this turn same and how many much riches does do the whole turn cost costs me
    all in total first of it instead spot with left right next to afterwards after
    mijn plaats heeft een dan en lege vrije vakje vakjes kan ik weghalen afbreken slopen bouwen
    op die deze twee plek zijn beurt hoeveel kost kosten rijkdommen totaal de het eerst
    daarna in plaats van ervan erop""")


def layout(q: Question) -> tuple[int, list[str | None]] | None:
    """The site's size and its plots in order, as told ("a garrison, then a village, then an
    empty space"); ``None`` when the question lists no plots."""
    size = re.search(_SIZE, q.lower)
    listed = re.search(_LIST, q.lower)
    if size is None or listed is None:
        return None
    said = size.group(1) or size.group(2)
    room = _SIZES.get(said) or int(said)
    plots: list[str | None] = []
    for found in re.finditer(_PLOT, listed.group(0)):
        if re.fullmatch(_EMPTY, found.group(0).strip()):
            plots.append(None)
            continue
        word = re.sub(r"^(?:an?|one|een|my|mijn) ", "", found.group(0).strip())
        kind = BUILDING_WORDS[word]
        plots += [kind, "+"] if DOUBLE[KINDS.index(kind)] else [kind]
    plots += [None] * (room - len(plots))
    return (room, plots) if len(plots) == room and room in _SITE_OF else None


def _turn(q: Question) -> tuple[int, list[str | None], str, str] | None:
    """The site, the building removed and the one built, as the question tells them."""
    told = layout(q)
    asks = q.kind == "yesno" or q.matches(r"\b(?:can|may|could) i\b|\b(?:mag|kan) ik\b")
    if told is None or not asks or about_another(q) or not q.matches(_REMOVE):
        return None
    listed = re.search(_LIST, q.lower)
    assert listed is not None  # layout() found it
    named = [m.name for m in BUILDINGS.find(Question.read(q.lower[listed.end() :]))]
    if len(named) != 2 or named[0] not in told[1] or named[0] == named[1]:
        return None
    return told[0], told[1], named[0], named[1]


def remove_and_build(q: Question) -> Answer | None:
    """ "Can I take the village away and build a temple there, and what does the turn cost?":
    the turn played in the engine on the site as told."""
    turn = _turn(q)
    if turn is None:
        return None
    room, plots, gone, new = turn
    if not understood(q, _WORDS, lexicons=(BUILDINGS,), numbers={room, 1, 2},
                      phrases=(_SIZE, _EMPTY, _REMOVE)):  # fmt: skip
        return None
    return _played(q, _SITE_OF[room], plots, gone, new)


def _played(q: Question, site: str, plots: list[str | None], gone: str, new: str) -> Answer | None:
    """The turn played in the engine: paid, ``gone`` removed from the site laid out as
    ``plots``, ``new`` built in its place and paid; the verdict and the turn's cost."""
    room = len(plots)
    data = position(sites={site: plots}, riches=[_RICH], phase="turn")
    state = load(data)
    if state is None:
        return None
    plot = plots.index(gone)
    state = play(state, "pay maize", f"remove {site}.{plot}")
    at = plot if plot == 0 or plots[plot - 1] is not None else plot - 1
    tries = [f"build {new} {site}.{p}" for p in dict.fromkeys((at, plot)) if p < room]
    allowed = next((a for a in tries if refusal(state, a) is None), None)
    refs: list[object] = [rules.REMOVAL, rules.CONSTRUCTIONS, rules.COSTS, rules.TURNS]
    if allowed is None:
        refused = refusal(state, tries[-1])
        assert refused is not None
        return checked(GAME, q, yes_no(q, False), reason_of(q, refused),
                       [rules.REMOVAL, refused.rule], position=data)  # fmt: skip
    before = sum(state.view(0)["kings"][0]["riches"].values())
    built = play(state, allowed)
    for _ in range(3):
        pays = [a for a in legal_texts(built) if a.startswith("pay ")]
        if not pays:
            break
        built = play(built, "pay maize" if "pay maize" in pays else pays[0])
    cost = before - sum(built.view(0)["kings"][0]["riches"].values())
    verdict = q.say(
        f"Yes, and the turn costs {1 + cost} riches (1 for the turn + {cost} for the "
        f"{name_of(q, new)} = {1 + cost}; removing the {name_of(q, gone)} is free).",
        f"Ja, en de beurt kost {1 + cost} rijkdommen (1 voor de beurt + {cost} voor "
        f"{_the(new)} {name_of(q, new)} = {1 + cost}; {_the(gone)} {name_of(q, gone)} weghalen "
        "is gratis).",
    )
    if q.kind != "yesno" and not q.matches(_MAY_I):  # only the number asked: it comes first
        verdict = re.sub(r"^(?:Yes, and the turn costs|Ja, en de beurt kost) ", "", verdict)
        verdict = verdict[0].upper() + verdict[1:]
    reason = q.say(
        "On the turn's site a king may remove his buildings free of charge and build in their "
        "place; a palace or temple needs two adjacent empty spaces.",
        "Op de plaats van de beurt mag een koning gratis gebouwen weghalen en er iets anders "
        "bouwen; een paleis of tempel heeft twee aangrenzende lege vakjes nodig.",
    )
    return checked(GAME, q, verdict, reason, refs, position=data,  # type: ignore[arg-type]
                   details=(f"Played: pay maize, remove {site}.{plot}, {allowed}",))  # fmt: skip


_MAY_I = r"\b(?:can|may|could) i\b|\b(?:mag|kan) ik\b"
#: the new building said to go where the old one stood
_IN_ITS_PLACE = (
    r"\b(?:in its place|in their place|in the same (?:spot|space|plot|place)|where it stood|"
    r"instead|op (?:die|dezelfde) plek|op zijn plaats|(?:er)?voor in de plaats|in plaats daarvan)\b"
)
_COST_WORDS = vocabulary("""i in one of my cities city site want to tear down knock remove demolish take
    away get rid of a an the and put build place its their place this turn total cost costs in
    riches including for taking how many much does do what is it all me whole turn's same spot
    then where stood instead counting everything with paying
    ik in een van mijn steden stad plaats wil afbreken slopen weghalen en zetten bouwen op die
    plek deze beurt kost kosten totaal hoeveel rijkdommen inclusief met de het wat alles dan""")


#: what a turn of removing and building in one city does not hold
_NOT_HELD = r"\b(if|unless|als|tenzij|attack\w*|aanval\w*|katun|round|ronde|free site|empty site)\b"


def in_its_place(q: Question) -> Answer | None:
    """ "I tear down a village and put a garrison in its place this turn: the total cost?": the
    site holds the building torn down and nothing free beside it, so the new one goes where it
    stood (told only when it fits there: a palace or temple needs the two spaces of one)."""
    if not q.matches(_REMOVE) or not q.matches(_IN_ITS_PLACE) or about_another(q):
        return None
    if not (q.kind == "yesno" or q.matches(r"\b(?:how many|how much|cost\w*|hoeveel|kost\w*)\b")):
        return None
    named = [m.name for m in BUILDINGS.find(q)]
    if len(named) != 2 or named[0] == named[1]:
        return None
    gone, new = named
    if DOUBLE[KINDS.index(new)] and not DOUBLE[KINDS.index(gone)]:
        return None  # a palace or temple where a single building stood: the space beside untold
    if not understood(
        q, _COST_WORDS, lexicons=(BUILDINGS,), phrases=(_REMOVE, _IN_ITS_PLACE)
    ) and not placed(q, set(), (BUILDINGS, RICHES_NAMES), {gone, new}, foreign=_NOT_HELD):
        return None
    plots: list[str | None] = [gone, "+"] if DOUBLE[KINDS.index(gone)] else [gone]
    plots += ["garrison"] * (3 - len(plots))  # the site's other spaces taken
    return _played(q, _SITE_OF[3], plots, gone, new)


def _the(kind: str) -> str:
    """The Dutch article of a building's name."""
    return "het" if kind in ("village", "palace", "garrison", "observatory", "court") else "de"


READERS = (remove_and_build, in_its_place)
