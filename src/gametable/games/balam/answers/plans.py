"""A turn's building plan told in full ("B - Turns", "2 - CONSTRUCTIONS"): the riches on the
king sheet, the buildings wanted and the size of a free site, searched in the engine over every
way of paying ("2 maize and 1 jade: an observatory and a village on a free 3-plot site?" -> yes;
"4 maize and nothing else: how many villages at most on a free 4-plot site?" -> 3).

The verdict is the engine's: every order of the turn's payment, the buildings and their pay
steps is tried on the judged position; the reason counts the plots and riches the plan needs.
"""

from __future__ import annotations

import re
from collections import Counter

from gametable.core.protocol import State
from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    RICHES_NAMES,
    about_another,
    counted,
    name_of,
    numbers_in,
    understood,
    vocabulary,
    wants,
)
from gametable.games.balam.answers.parts import holdings_told, placed
from gametable.games.balam.answers.scenes import HOME, legal_texts, load, play, position
from gametable.games.balam.board import BASE_COST, DOUBLE, KINDS, RICHES, SPECIAL_COST
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: a free site of each size on the default board (by no volcano, no sea)
FREE_SITES = {2: "a1", 3: "b3", 4: "c3"}
#: a king who says nothing of his riches: enough for any plan of one site
RICH = {"maize": 8, "cacao": 2, "shell": 2, "jade": 2}

_PLOTS = (
    r"\b(2|3|4|two|three|four|twee|drie|vier)[- ](?:plots?|spaces?|bouwplaatsen|plekken)(?: site)?\b"
    r"|\b(?:only |just |maar |slechts )?(2|3|4|two|three|four|twee|drie|vier) "
    r"(?:free |empty |vrije |lege )?(?:plots|spaces|bouwplaatsen|plekken)\b"
)
_FREE = r"\b(free|empty|unowned|nobody'?s|new|vrije?|lege?|nieuwe?)\b"
#: the sheet is told whole, before the turn's payment ("all I have is 1 cacao", "2 maize left")
_ALL_TOLD = (
    r"\b(all i have|nothing else|no other riches|only|just|left|enough|alleen|maar|nog|genoeg|"
    r"niets anders|verder niets)\b"
)
_ENOUGH = r"\b(enough|sufficient|genoeg|voldoende)\b"
_AT_MOST = r"\b(at most|at the most|maximum|max|hoogstens|maximaal|ten hoogste)\b"
_NOTHING_ELSE = (
    r"\b(nothing else|no other riches|niets anders|verder niets|all i have|that's all|alleen)\b"
)
_SHEET_SAID = (
    r"\b(?:on|in) my (?:king )?sheet\b|\bmy (?:king )?sheet (?:holds|has)\b|\bop mijn "
    r"(?:koningsblad|blad)\b|\bmijn (?:koningsblad|blad) (?:heeft|bevat)\b"
)
#: what a plan of one turn's building does not hold: another action, a phase, a card
_FOREIGN = (
    r"\b(attack\w*|aanval\w*|war|oorlog|katun|card|kaart|round|ronde|distribution|tax\w*|"
    r"ceremon\w*|sacrific\w*|offer\w*|remove\w*|tear|knock|sloop\w*|afbreken|if|als|unless|"
    r"next to each other|naast elkaar|apart|touch\w*|adjacent|aangrenzend\w*)\b|"
    r"\bmy (?:own )?(?:site|city)\b|\bmijn (?:eigen )?(?:plaats|stad)\b"
)
_REFUSE = (
    r"\b(stored|(?:in|from|on) (?:my |a |the |his |one of my )?(?:reserves?|garrisons?|prisons?)|enemy|"
    r"opponent'?s?|his|her|after|already|paid|vijand\w*|voorraa?d\w*|opgeslagen|betaald)\b"
)
_WORDS = vocabulary("""i have i've got hold holds has my king sheet can build put up erect construct and
    both a an on of site city plot plots space spaces this turn in one same together want to
    how many much most at is that only just left nothing else all there put bouwen bouw ik heb
    mijn koningsblad blad mag kan een en op beide plaats bouwplaats bouwplaatsen beurt deze
    dezelfde tegelijk hoeveel hoogstens maximaal wil nog over""")


def building_plan(q: Question) -> Answer | None:
    """ "Can I build an observatory and a village on a free 3-plot site with 2 maize and 1
    jade?", "2 maize left and a temple: enough?", "how many villages at most with 4 maize?"."""
    told = _told(q)
    if told is None:
        return None
    sheet, kinds, plots, most = told
    site = FREE_SITES[plots or 4]
    data = position(sites={HOME: ["village"]}, riches=[sheet or RICH], phase="turn")
    state = load(data)
    if state is None:
        return None
    if most:
        return _most(q, data, state, kinds[0], site, plots or 4, sheet or RICH)
    done = _plan(state, kinds, site)
    reason, refs = _needs(q, kinds, plots, sheet, done is not None)
    details = (q.say(f"Tried: pay the turn, then build {', '.join(kinds)} on {site} "
                     f"({plots or 4} plots), every way of paying",
                     f"Geprobeerd: de beurt betalen, dan {', '.join(kinds)} op {site} "
                     f"({plots or 4} bouwplaatsen), op elke manier van betalen"),)  # fmt: skip
    return checked(GAME, q, yes_no(q, done is not None), reason, refs, position=data,
                   details=details)  # fmt: skip


def _told(q: Question) -> tuple[dict[str, int], list[str], int, bool] | None:
    """The sheet, the buildings wanted (one per building), the free site's plots and whether
    the question asks for the most of one building; ``None`` when the question is not a plan
    told in full."""
    most = q.kind == "number" and q.matches(r"\bhow many\b|\bhoeveel\b") and q.matches(_AT_MOST)
    asks = q.kind == "yesno" or q.matches(_ENOUGH) or most
    if not asks or about_another(q) or q.matches(_REFUSE):
        return None
    if wants(q) != "build" and not q.matches(_ENOUGH) and not q.matches(r"\bput\b"):
        return None
    wanted = counted(q, BUILDINGS)
    named = [m.name for m in BUILDINGS.find(q)]
    if len(named) != len(set(named)):
        return None  # "a village and a village": a name said twice is not counted here
    kinds = [k for k, n in wanted.items() for _ in range(n)]
    if not kinds or len(kinds) > 4 or (most and len(wanted) != 1):
        return None
    sheet = counted(q, RICHES_NAMES)
    plots_said = re.search(_PLOTS, q.lower)
    if not sheet and plots_said is None:
        return None  # nothing told of the king or the site: another reader's question
    if len(kinds) == 1 and plots_said is None and not (most or q.matches(_ALL_TOLD)):
        return None  # one building and a sheet: riches left after the turn's payment (building)
    if sheet and not q.matches(_SHEET_SAID) and not q.matches(r"\b(i have|i've got|ik heb)\b"):
        return None
    plots = _plots(plots_said) if plots_said else 4
    if plots is None or (plots_said and not q.matches(_FREE) and not q.matches(r"\bsite\b")):
        return None
    numbers = {*sheet.values(), *wanted.values(), plots}
    if set(numbers_in(q)) - numbers:
        return None
    lexicons = (BUILDINGS, RICHES_NAMES)
    if not understood(
        q,
        _WORDS,
        lexicons=lexicons,
        numbers=numbers,
        phrases=(_PLOTS, _FREE, _ENOUGH, _AT_MOST, _NOTHING_ELSE, _SHEET_SAID),
    ) and not placed(q, numbers, lexicons, {*KINDS, *RICHES}, foreign=_FOREIGN):
        return None
    if holdings_told(q, BUILDINGS):
        return None  # a building he has already is not one of the plan's
    return sheet, kinds, plots if plots_said else 0, most


def _plots(found: re.Match[str]) -> int | None:
    word = found.group(1) or found.group(2)
    value = {"two": 2, "three": 3, "four": 4, "twee": 2, "drie": 3, "vier": 4}.get(word)
    return int(word) if value is None and word.isdigit() else value


def _plan(state: State, kinds: list[str], site: str) -> State | None:
    """The state after the turn's riches and every building of ``kinds`` on ``site``, paid,
    by the first way the engine allows (a search over the payments and plots); ``None``
    when there is none."""
    seen: set[str] = set()

    def search(now: State, left: Counter[str]) -> State | None:
        key = repr(now.to_json()) + repr(sorted(left.items()))
        if key in seen:
            return None
        seen.add(key)
        legal = legal_texts(now)
        pays = [a for a in legal if a.startswith("pay ")]
        if pays:
            steps = pays
        elif not left:
            return now
        else:
            steps = [a for a in legal if _builds(a, site, left)]
        for step in steps:
            kind = step.split()[1] if step.startswith("build ") else None
            after = play(now, step)
            found = search(after, left - Counter([kind]) if kind else left)
            if found is not None:
                return found
        return None

    return search(state, Counter(kinds))


def _builds(action: str, site: str, left: Counter[str]) -> bool:
    parts = action.split()
    return parts[0] == "build" and parts[1] in left and parts[2].startswith(f"{site}.")


def _most(
    q: Question,
    data: dict[str, object],
    state: State,
    kind: str,
    site: str,
    plots: int,
    sheet: dict[str, int],
) -> Answer:
    """The most buildings of ``kind`` the engine lets the king put up this turn."""
    best = 0
    while best < plots and _plan(state, [kind] * (best + 1), site) is not None:
        best += 1
    name = name_of(q, kind)
    held = sum(sheet.values())
    verdict = q.say(f"{best}.", f"{best}.")
    reason = q.say(
        f"After 1 riches for the turn you have {held - 1} left; a {name} takes "
        f"{_size(kind)} plot(s) and costs {_cost(kind)}, and the site has {plots} plots, so "
        f"{best} is the most the referee lets you build.",
        f"Na 1 rijkdom voor de beurt heb je er {held - 1} over; een {name} neemt "
        f"{_size(kind)} bouwplaats(en) en kost {_cost(kind)}, en de plaats heeft {plots} "
        f"bouwplaatsen, dus de scheidsrechter laat je er hoogstens {best} bouwen.",
    )
    refs: list[RuleRef | str] = [rules.TURNS, rules.COSTS, rules.CONSTRUCTIONS]
    return checked(GAME, q, verdict, reason, refs, position=dict(data), topic="number")


def _size(kind: str) -> int:
    return 2 if DOUBLE[KINDS.index(kind)] else 1


def _cost(kind: str) -> str:
    special = SPECIAL_COST[KINDS.index(kind)]
    if special is not None:
        return f"1 {RICHES[special]}"
    return f"{BASE_COST[KINDS.index(kind)]} riches"


def _needs(
    q: Question, kinds: list[str], plots: int, sheet: dict[str, int], allowed: bool
) -> tuple[str, list[RuleRef | str]]:
    """The plots and riches the plan needs against those the site and the sheet have (a
    site or sheet the question does not tell, 0 plots or no riches, is left out)."""
    needed_plots = sum(_size(k) for k in kinds)
    base = sum(BASE_COST[KINDS.index(k)] for k in kinds)
    special = Counter(RICHES[s] for k in kinds if (s := SPECIAL_COST[KINDS.index(k)]) is not None)
    total = 1 + base + sum(special.values())
    names = " + ".join(f"{_cost(k)} ({name_of(q, k)})" for k in kinds)
    of_site = q.say(f" of the site's {plots}", f" van de {plots}") if plots else ""
    held = sum(sheet.values())
    of_sheet = q.say(f", from the {held} on your king sheet", f", van de {held} op je koningsblad")
    lead = q.say(
        f"The plan needs {needed_plots} plot(s){of_site} and {total} riches in all "
        f"(1 for the turn + {names})",
        f"Het plan vraagt {needed_plots} bouwplaats(en){of_site} en {total} rijkdommen in "
        f"totaal (1 voor de beurt + {names})",
    ) + (of_sheet if sheet else "")
    sheet = sheet or RICH
    plots = plots or 4
    if allowed:
        tail = q.say("; the referee finds a way to pay it all.",
                     "; de scheidsrechter vindt een manier om alles te betalen.")  # fmt: skip
    elif needed_plots > plots:
        tail = q.say("; the buildings do not fit.", "; de gebouwen passen niet.")
    elif total <= sum(sheet.values()) and all(sheet.get(r, 0) >= n for r, n in special.items()):
        tail = q.say("; the referee finds no way to place and pay them all.",
                     "; de scheidsrechter vindt geen manier om ze te plaatsen en te betalen.")  # fmt: skip
    else:
        tail = q.say(
            "; the riches do not cover it (the turn is paid first, and a reserve, market, "
            "observatory or ball court each needs its own riches).",
            "; de rijkdommen zijn niet genoeg (eerst wordt de beurt betaald, en een voorraad, "
            "markt, observatorium of balspelveld vraagt elk zijn eigen rijkdom).",
        )
    return lead + tail, [rules.TURNS, rules.COSTS, rules.CONSTRUCTIONS]


READERS = (building_plan,)
