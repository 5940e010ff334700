"""Yes-or-no questions about a turn: paying, building, removing, passing ("B - Turns",
"2 - CONSTRUCTIONS"), built as a position and judged by the engine."""

from __future__ import annotations

import re
from typing import Any

from gametable.core.protocol import State
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    ONE_TURN,
    RICHES_NAMES,
    RICHES_WORDS,
    about_another,
    buildings_in,
    cities_in,
    counted,
    name_of,
    number_before,
    numbers_in,
    uncounted,
    understood,
    vocabulary,
    wants,
)
from gametable.games.balam.answers.refusals import reason_of
from gametable.games.balam.answers.scenes import (
    FAR,
    HOME,
    MORE_SITES,
    NEIGHBOUR,
    legal_texts,
    load,
    play,
    position,
    refusal,
)
from gametable.games.balam.board import DOUBLE, KINDS
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: what a king holds when the question says nothing of his riches: enough for any building
PLENTY = {"maize": 2, "cacao": 1, "shell": 1, "jade": 1}
FREE_SITE = "d2"
#: riches a question names without a count ("pay with maize"): as many as any building costs
ENOUGH = 2

_STORED = r"\b(in|on|from) (?:my |a |the |his |mijn |een |de )?(reserves?|garrisons?|prisons?|voorraa?d\w*|garnizoen\w*)\b"
_ENEMY = r"\b(enemy|opponent'?s?|another (?:king|player)'?s?|his city|her city|vijand\w*|tegenstander\w*|(?:een )?andere (?:speler|koning))\b"
#: a site or city said to be someone else's: "a site my friend owns", "owned by grandma", "een
#: plek die al van oma is" (never the asker's own: "van mij", "belongs to me")
_OWNED_BY_ANOTHER = (
    r"\b(?:site|city|place|plot|plek|plaats|stad)s? (?:that |which )?(?:my |his |her )?\w+ "
    r"(?:owns|holds|has)\b"
    r"|\b(?:owned by|belongs? to|belonging to|held by) (?!me\b|myself\b|nobody\b|no one\b)"
    r"(?:my |a |an |the )?\w+"
    r"|\b(?:die|dat|wat) (?:is |zijn )?(?:al |nog |toch )?van (?!mij\b|mijzelf\b|mezelf\b|ons\b"
    r"|niemand\b)(?:mijn |een |de )?\w+"
)
_ENEMY = rf"{_ENEMY}|{_OWNED_BY_ANOTHER}"
_FREE = r"\b(free|empty|nobody'?s?|no one'?s?|unowned|neutral|new|vrije?|lege?|niemands?|nieuwe?)\s+(site|city|place|plaats|bouwplaats|stad)\b"
_TWO_SITES = r"\b(two|2|several|different|twee|meerdere|verschillende) (sites|cities|places|plaatsen|steden|plekken)\b|\b(another|second|other|andere|tweede) (site|city|plaats|stad)\b"
_SEVERAL = r"\b(several|more than one|two|2|meerdere|twee) buildings?\b|\b(meer dan één|twee|meerdere) gebouwen\b"
_ONE_PLOT = (
    r"\b(one|1|only one|a single|een|één|maar één) (free |empty |vrije |lege )?(plot|space|spot|"
    r"bouwplaats|plek|vakje)\b|\blast (plot|space)\b|\b(?:one|1|een|één) (?:plot|space|spot|vakje|"
    r"bouwplaats|plek) (?:is |are )?(?:free|empty|left|vrij|over)\b"
)
#: two free spaces that do not touch ("2 free spaces but they aren't next to each other")
_APART = (
    r"\b(?:2|two|twee) (?:free |empty |vrije |lege )?(?:spaces|plots|vakjes|bouwplaatsen)\b[^.?]*?"
    r"\b(?:(?:are )?not next to each other|aren't next to each other|don't touch|do not touch|"
    r"not adjacent|aren't adjacent|niet naast elkaar|liggen niet naast elkaar)\b"
)
#: a king's 4-space site: its plots 1 and 3 do not touch (0-1-2-3-0 in a ring)
_RING = "d4"
_UNPAID = (
    r"\b(without paying|before paying|for free|zonder (?:te )?betalen|voor ik betaal|gratis)\b"
)


#: the words a building question may hold besides the names and the phrases below
_BUILD_WORDS = vocabulary("""build building construct bouwen bouw bouwen place put new city cities site sites plot
    plots space spaces when with have has hold holding got own riches rijkdom rijkdommen
    sheet king koningsblad turn turn's beurt one same time at once tegelijk when wanneer als
    if heb heeft hebben houd i've already al there use using stored dezelfde zelfde
    gebruiken opgeslagen owns owned by van stad steden plaats and en but want wil holds exactly
    left keep buildings vakje vrij is there's up daarmee""")
_BUILD_PHRASES = (
    r"\b(without|zonder|no|geen|only|maar|just|alleen)\b",
    r"\bpay\w* (?:for|voor)\b",
    r"\bon (?:the )?same site\b",
    r"\bin one turn\b",
    r"\bmore than\b",
    r"\b(another|second|other|andere|tweede|several|meerdere|different|verschillende|two|twee|2)\b",
    r"\b(free|empty|nobody'?s?|no one'?s?|unowned|neutral|vrije?|lege?|niemands?|nieuwe?)\b",
    r"\b(before|voor|voordat|zonder te|first|eerst)\b",
    r"\bfrom (?:my |the )?(?:king )?sheet\b|\bvan (?:mijn |het )?(?:koningsblad|blad)\b",
    r"\b(?:i )?(?:got|received|collected|had) (?:from|as|in) tax(?:es)?\b",
    r"\bbetalen\b",
    r"\bwhat if\b",
    # the turn not paid yet: the sheet told is the one before the turn's riches (the default)
    r"\b(?:haven't|have not|didn't|did not|not) (?:yet )?paid(?: for)?(?: my| the)? turn(?: yet)?\b|"
    r"\b(?:mijn )?beurt (?:nog )?niet betaald\b",
)
#: riches a palace brought as taxes ("my palace collected a prisoner as taxes"): the palace is
#: where they came from, not a building asked about
_TAXED = (
    r"\b(?:my |a |mijn )?(?:palace|paleis) (?:has )?(?:collected|took|brought|gave me|got|"
    r"received|haalde|bracht|inde|heeft)(?: (?:in|binnen|op))? (?:a |an |one |een |\w+ )?"
    r"(?:prisoner|maize|cacao|shell|jade|obsidian|gevangene|mais|maïs|schelp|obsidiaan)"
    r"(?: binnen| in)?(?: (?:as|in|for|from|via|als) (?:taxes|tax|belasting\w*))?(?: binnen| op| in)?\b"
)


def sheet_of(q: Question) -> dict[str, int] | None:
    """The riches on the asking king's sheet, as the question tells them; ``None`` when it
    says nothing of them."""
    if q.matches(_STORED) and not q.matches(r"\b(sheet|koningsblad)\b"):
        return None
    given = counted(q, RICHES_NAMES)
    for riches in uncounted(q, RICHES_NAMES):
        given[riches] = ENOUGH  # "with maize": as much as a building asks
    generic = number_before(q, "riches", "rijkdom", "rijkdommen")
    if not given and generic is not None:
        given = {"maize": generic}
    if q.matches(r"\b(no riches|nothing|no money|geen rijkdom\w*|niets)\b"):
        return {}
    if not given:
        return None
    if q.matches(r"\b(without|zonder)\b") and all(n == 1 for n in given.values()):
        given = {r: 0 for r in given}
    if given and not any(given.values()):
        # "without cacao": the king holds other riches, only not these
        others = {r: n for r, n in PLENTY.items() if r not in given}
        return others | ({} if "maize" in given else {"maize": 2})
    return given


def asks_to_build(q: Question) -> bool:
    """Whether ``q`` asks, yes or no, whether the asker may build (or pay for a building)."""
    paying_for = bool(buildings_in(q)) and q.matches(r"\bpay\w* (?:for|voor)\b|\bbetalen\b")
    return q.kind == "yesno" and (wants(q) == "build" or paying_for) and not about_another(q)


def can_build(q: Question) -> Answer | None:
    """ "Can I build a market without cacao?", "in an enemy city?", "on two sites this turn?"."""
    if not asks_to_build(q):
        return None
    named = buildings_in(q)
    if q.matches(_STORED):
        named = [n for n in named if n not in ("reserve", "garrison")] or named[:1]
    if q.matches(_TAXED):
        named = [n for n in named if n != "palace"]  # the palace that brought the riches
    if len(named) > 1 or not _build_read(q):
        return None
    kind = named[0] if named else "village"
    sheet = sheet_of(q)
    stored = q.matches(_STORED) and sheet is None
    if stored and kind in ("palace", "temple"):
        return None
    scene = _build_scene(q, kind, sheet, stored)
    if scene is None:
        return None
    data, state, action = scene
    refused = refusal(state, action)
    if refused is None:
        site = action.split()[2].split(".")[0]
        reason = _build_allowed(q, kind, site not in data["sites"])
        refs: list[Any] = [rules.CONSTRUCTIONS, rules.COSTS]
    else:
        reason = reason_of(q, refused)
        refs = [refused.rule]
    if refused is not None and data["phase"] == "turn" and not q.matches(_UNPAID) and sheet:
        reason = _TURN_FIRST.get(q.lang, _TURN_FIRST["en"]) + reason[:1].lower() + reason[1:]
        refs.append(rules.TURNS)
        if stored:
            reason += " " + q.say(
                "A king pays only with the riches on his king sheet, never with those in his "
                "reserves or garrisons.",
                "Een koning betaalt alleen met de rijkdommen op zijn koningsblad, nooit met die "
                "in zijn voorraden of garnizoenen.",
            )
            refs.append(rules.PAY_FROM_SHEET)
    riches = data["kings"][0]["riches"]
    held = ", ".join(f"{n} {name_of(q, r)}" for r, n in riches.items() if n) or "-"
    details = (
        q.say(f"Your king sheet: {held}", f"Je koningsblad: {held}"),
        q.say(f"Tried: {action}", f"Geprobeerd: {action}"),
    )
    return checked(
        GAME, q, yes_no(q, refused is None), reason, refs, position=data, details=details
    )


def _build_read(q: Question) -> bool:
    """Whether every word of a building question is placed (the riches and cities it counts,
    the sites and plots it speaks of)."""
    allowed_numbers = set(counted(q, RICHES_NAMES).values())
    for found in (cities_in(q), number_before(q, "riches", "rijkdom", "rijkdommen")):
        if found is not None:
            allowed_numbers.add(found)
    if q.matches(_TWO_SITES) or q.matches(_SEVERAL) or q.matches(_ONE_PLOT) or q.matches(_APART):
        allowed_numbers |= {1, 2}
    phrases = (
        ONE_TURN,
        *_BUILD_PHRASES,
        _STORED,
        _ENEMY,
        _FREE,
        _TWO_SITES,
        _SEVERAL,
        _ONE_PLOT,
        _UNPAID,
        _PAID,
        _APART,
        _TAXED,
    )
    if not understood(
        q,
        _BUILD_WORDS,
        lexicons=(BUILDINGS, RICHES_NAMES),
        numbers=allowed_numbers,
        phrases=phrases,
    ):
        return False
    return not set(numbers_in(q)) - allowed_numbers


def _where(
    q: Question, sites: dict[str, list[str | None]], owners: dict[str, int]
) -> tuple[str, int, tuple[str, ...]]:
    """Where the asked building goes (site, plot) and the turn's earlier actions, by what the
    question says of the site (an enemy's, a second one, one free space...); ``sites`` and
    ``owners`` get the sites it needs."""
    if q.matches(_ENEMY):
        sites[NEIGHBOUR] = ["village", None, None]
        owners[NEIGHBOUR] = 1
        return NEIGHBOUR, 1, ()
    if q.matches(_TWO_SITES):
        return FREE_SITE, 0, (f"build village {HOME}.1", "pay maize")
    if q.matches(_SEVERAL):
        return HOME, 2, (f"build village {HOME}.1", "pay maize")
    if q.matches(_APART):
        sites[_RING] = ["village", None, "village", None]
        return _RING, 1, ()
    if q.matches(_ONE_PLOT):
        sites[HOME] = ["village", "village", None]
        return HOME, 2, ()
    if q.matches(_FREE):
        return FREE_SITE, 0, ()
    return HOME, 1, ()


def _build_scene(
    q: Question, kind: str, sheet: dict[str, int] | None, stored: bool
) -> tuple[dict[str, Any], State, str] | None:
    """The position a building question describes, the state after the turn's earlier
    actions it tells of, and the build it asks about; ``None`` when the engine refuses the
    position."""
    sites: dict[str, list[str | None]] = {HOME: ["village", None, None]}
    owners: dict[str, int] = {}
    target, plot, before = _where(q, sites, owners)
    cities = cities_in(q)
    if cities is not None:
        if cities < 1 or not q.matches(r"\b(new|another|more|nieuwe?|meer|extra|13)\b"):
            return None
        for name in MORE_SITES[: cities - 1]:
            sites[name] = ["village"]
        target, plot = FREE_SITE, 0
    riches = dict(PLENTY) if sheet is None else sheet
    if stored:
        riches = {}
        given = counted(q, RICHES_NAMES)
        sites[HOME] = ["village", None, "reserve:" + next(iter(given), "maize")]
    if before:
        riches = {**riches, "maize": riches.get("maize", 0) + 1}
    turn_first = (
        sheet is not None
        and not stored
        and q.matches(_SHEET_TOLD)  # "I have 1 cacao"; "with 1 cacao" is the payment itself
        and not q.matches(_PAID)
        and not uncounted(q, RICHES_NAMES)  # "with prisoners": as many as it takes
        and not q.matches(_PAYS_WITH)  # "pay a palace with 2 prisoners": the payment itself
        and not q.matches(_WITH_RICHES)  # "a village with a prisoner from my sheet": likewise
    )
    phase = "turn" if q.matches(_UNPAID) or turn_first else "act"
    data = position(sites=sites, owners=owners, riches=[riches], phase=phase)
    state = load(data)
    if state is None:
        return None
    action = f"build {kind} {target}.{plot}"
    if turn_first and not q.matches(_UNPAID):
        paid = _turn_payment(state, riches, before, action)
        before = (paid, *before) if paid else ()
    return data, play(state, *before), action


_TURN_FIRST = {
    "en": "You pay 1 riches for your turn first, then: ",
    "nl": "Je betaalt eerst 1 rijkdom voor je beurt, dan: ",
}
#: the riches named are what pays the building, not the whole sheet
_PAYS_WITH = r"\bpay\w*\b|\bbetal\w*\b|\buse\b|\busing\b|\bgebruik\w*\b"
#: "with a prisoner", "met 2 maïs": the riches said as the building's payment
_WITH_RICHES = (
    r"\b(?:with|met)\s+(?:\w+\s+)?(?:"
    + "|".join(sorted((re.escape(w) for w in RICHES_WORDS), key=len, reverse=True))
    + r")\b"
)
#: the question tells what the king holds: his sheet before the turn's riches
_SHEET_TOLD = (
    r"\b(i have|i've got|i hold|i've|i only have|all i have|my (?:king )?sheet|ik heb|heb ik|"
    r"(?:op )?mijn (?:koningsblad|blad)|ik bezit)\b"
)
#: the question says the turn's riches is paid already: the sheet it tells is what is left
_PAID = r"\b(paid|after paying|having paid|betaald|na het betalen|na betaling)\b"


def _turn_payment(
    state: State, riches: dict[str, int], before: tuple[str, ...], action: str
) -> str | None:
    """The turn's payment from a sheet told before the turn (the reading of
    docs/rules-answering.md: "I have 1 cacao, can I build a market?" pays the turn first):
    the riches whose payment lets ``action`` through when one does, else the first the king
    holds; ``None`` for an empty sheet (the build is then judged before the turn is paid, and
    the engine refuses it)."""
    held = [r for r, n in riches.items() if n]
    for paid in held:
        if refusal(play(state, f"pay {paid}", *before), action) is None:
            return f"pay {paid}"
    return f"pay {held[0]}" if held else None


#: a second site for the second building ("on another one", "elsewhere")
_ELSEWHERE = (
    r"\b(?:on|in|at|op|to) (?:another|a second|a different|an other|my other|een andere|een "
    r"tweede|mijn andere)(?: (?:one|site|city|plaats|stad))?\b|\belsewhere\b|\bergens anders\b|"
    r"\b(?:two|2|twee) (?:different |separate |verschillende )?(?:sites|cities|plaatsen|steden)\b"
)
_SAME_SITE = (
    r"\b(?:on|in|at|op) (?:the same|one|a single|dezelfde|één|een) (?:site|city|plaats|stad)\b"
)
_PAIR_WORDS = vocabulary("""build building put up erect construct bouwen bouw zetten neerzetten and en
    on one of my sites site city in the same turn this time one single once together
    beurt deze dezelfde tegelijk op een van mijn plaatsen plaats stad ene add want to allowed
    paid maize for is that can i may sites""")
#: the riches of a king who says nothing of his own: enough for any two buildings
RICH = {"maize": 6, "cacao": 1, "shell": 1, "jade": 1}
#: a free site of 4 plots, where any two buildings fit
ROOMY = "e2"


def two_buildings(q: Question) -> Answer | None:
    """ "Can I put up a palace and a village on the same site in one turn?" (yes: one site a
    turn, several buildings on it); "a village on one of my sites and a garrison on another?"
    (no: the second site is refused)."""
    if not asks_to_build(q) and not (
        q.kind == "yesno" and q.matches(r"\bput\b|\berect\b") and not about_another(q)
    ):
        return None
    named = [m.name for m in BUILDINGS.find(q)]
    if len(named) != 2 or q.matches(_STORED):
        return None
    elsewhere = q.matches(_ELSEWHERE)
    if elsewhere and q.matches(r"\b(the same|dezelfde) (site|city|plaats|stad)\b"):
        return None  # a second site and the same site: not one situation
    phrases = (ONE_TURN, _ELSEWHERE, _SAME_SITE, r"\bput up\b", r"\bput\b")
    if not understood(q, _PAIR_WORDS, lexicons=(BUILDINGS,), phrases=phrases, numbers={1}):
        return None
    first, second = named
    if elsewhere:
        sites: dict[str, list[str | None]] = {HOME: ["village", None, None], "a3": ["village"]}
        at_first, at_second = f"{HOME}.1", "a3.1"
    else:
        sites = {HOME: ["village"]}
        at_first = f"{ROOMY}.0"
        at_second = f"{ROOMY}.{2 if DOUBLE[KINDS.index(first)] else 1}"
    data = position(sites=sites, riches=[dict(RICH)], phase="act")
    state = load(data)
    if state is None:
        return None
    paid = _built(state, f"build {first} {at_first}")
    if paid is None:
        return None
    action = f"build {second} {at_second}"
    refused = refusal(paid, action)
    if refused is None:
        reason = q.say(
            "In one turn a king may put several buildings on the one site he builds on, as "
            "far as its plots and his riches allow.",
            "In één beurt mag een koning meerdere gebouwen op de ene plaats zetten waar hij "
            "bouwt, zolang de bouwplaatsen en zijn rijkdommen het toelaten.",
        )
        refs: list[Any] = [rules.CONSTRUCTIONS]
    else:
        reason, refs = reason_of(q, refused), [refused.rule]
    details = (q.say(f"Tried: build {first} {at_first}, then {action}",
                     f"Geprobeerd: build {first} {at_first}, dan {action}"),)  # fmt: skip
    return checked(GAME, q, yes_no(q, refused is None), reason, refs, position=data,
                   details=details)  # fmt: skip


def _built(state: State, action: str) -> State | None:
    """``state`` after the build ``action`` and the riches it costs (paid in maize, then any
    riches the engine asks for); ``None`` when the engine refuses it."""
    if refusal(state, action) is not None:
        return None
    after = play(state, action)
    for _ in range(4):
        pays = [a for a in legal_texts(after) if a.startswith("pay ")]
        if not pays:
            return after
        after = play(after, "pay maize" if "pay maize" in pays else pays[0])
    return after


def _build_allowed(q: Question, kind: str, new_site: bool) -> str:
    name = name_of(q, kind)
    plots = 2 if DOUBLE[KINDS.index(kind)] else 1
    where = q.say(
        "a site nobody holds" if new_site else "your own site",
        "een plaats van niemand" if new_site else "je eigen plaats",
    )
    return q.say(
        f"After paying the turn's riches you may build on {where} (one site a turn, several "
        f"buildings there), here a {name} on {plots} free plot{'s' if plots > 1 else ''}, paid "
        "from your king sheet.",
        f"Na het betalen van de beurt mag je bouwen op {where} (één plaats per beurt, daar "
        f"meerdere gebouwen), hier een {name} op {plots} vrije bouwplaats(en), betaald van je "
        "koningsblad.",
    )


_PASS_WORDS = vocabulary("""pass passen skip my turn beurt without zonder paying betalen te have has no nothing
    riches rijkdom rijkdommen sheet koningsblad empty leeg left when if als heb when
    instead anything overslaan iets""")
_REMOVE_WORDS = vocabulary("""remove demolish afbreken weghalen one of my own buildings building gebouw gebouwen
    van mijn eigen free charge gratis site city stad plaats""")
_KATUN_WORDS = vocabulary("""turn over katun card kaart omdraaien draai om instead of paying betalen in plaats van
    te a without zonder katunkaart first eerst""")


def can_pass(q: Question) -> Answer | None:
    """ "Can I pass my turn?" (with nothing on my sheet, without paying)."""
    if q.kind != "yesno" or wants(q) != "pass" or about_another(q):
        return None
    if not understood(
        q, _PASS_WORDS, lexicons=(RICHES_NAMES,), phrases=(_UNPAID, r"\bno riches\b")
    ):
        return None
    sheet = sheet_of(q)
    empty = sheet == {} or (sheet is not None and sum(sheet.values()) == 0)
    unpaid = q.matches(_UNPAID) or q.matches(r"\b(without|zonder)\b")
    riches = {} if empty else sheet or {"maize": 2}
    data = position(riches=[riches], phase="turn")
    state = load(data)
    if state is None:
        return None
    if empty or unpaid:
        refused = refusal(state, "end")
        assert refused is not None
        reason = reason_of(q, refused)
        if not empty:
            reason += " " + q.say(
                "Passing is one of the choices after paying 1 riches.",
                "Passen kan pas na het betalen van 1 rijkdom.",
            )
        return checked(GAME, q, yes_no(q, False), reason, [refused.rule], position=data)
    paid = next(iter(r for r, n in riches.items() if n), "maize")
    after = play(state, f"pay {paid}")
    allowed = refusal(after, "end") is None
    reason = q.say(
        "After paying 1 riches of his choice a king may build, attack or pass; he may also turn "
        "over a Katun card instead of paying.",
        "Na het betalen van 1 rijkdom naar keuze mag een koning bouwen, aanvallen of passen; hij "
        "mag ook in plaats van betalen een Katun-kaart omdraaien.",
    )
    return checked(GAME, q, yes_no(q, allowed), reason, [rules.TURNS], position=data)


def can_remove(q: Question) -> Answer | None:
    """ "Can I remove one of my buildings?": yes, free of charge, on the turn's site."""
    if q.kind != "yesno" or wants(q) != "remove" or about_another(q):
        return None
    if not understood(q, _REMOVE_WORDS, lexicons=(BUILDINGS,)):
        return None
    if q.matches(_ENEMY):
        return None
    data = position(sites={HOME: ["village", "garrison", None]}, riches=[{}], phase="act")
    state = load(data)
    if state is None:
        return None
    refused = refusal(state, f"remove {HOME}.0")
    if refused is None:
        reason = q.say(
            "After paying the turn's riches a king may remove his own buildings on the site he "
            "builds on, free of charge (it costs nothing, even with an empty king sheet); "
            "buildings are never moved.",
            "Na het betalen van de beurt mag een koning zijn eigen gebouwen op de plaats waar hij "
            "bouwt gratis afbreken; gebouwen verplaatsen mag nooit.",
        )
        return checked(GAME, q, yes_no(q, True), reason, [rules.REMOVAL], position=data)
    return checked(GAME, q, yes_no(q, False), reason_of(q, refused), [refused.rule], position=data)


def can_turn_katun(q: Question) -> Answer | None:
    """ "Can I turn over a Katun card instead of paying?": yes, and after paying no."""
    if q.kind != "yesno" or wants(q) != "turn" or about_another(q):
        return None
    if not understood(
        q, _KATUN_WORDS, phrases=(r"\b(after paying|after i paid|having paid|na het betalen)\b",)
    ):
        return None
    after_paying = q.matches(r"\b(after paying|after i paid|having paid|na het betalen)\b")
    data = position(riches=[{"maize": 2}], phase="act" if after_paying else "turn")
    state = load(data)
    if state is None:
        return None
    refused = refusal(state, "katun 0")
    if refused is None:
        reason = q.say(
            "At the start of his turn a king either pays 1 riches (then builds, attacks or "
            "passes) or turns over one of the round's face-down Katun cards instead.",
            "Aan het begin van zijn beurt betaalt een koning 1 rijkdom (en bouwt, valt aan of "
            "past) of draait hij in plaats daarvan een gedekte Katun-kaart om.",
        )
        return checked(GAME, q, yes_no(q, True), reason, [rules.TURNS], position=data)
    return checked(GAME, q, yes_no(q, False), reason_of(q, refused), [refused.rule], position=data)


READERS = (two_buildings, can_build, can_pass, can_remove, can_turn_katun)
_ = FAR
