"""What a turn of building costs in all ("B - Turns", "2 - CONSTRUCTIONS"): the turn's riches
paid first, then each building's cost, played in the engine on a free site and counted from
the king sheet ("how much does a temple cost me on my turn, all in?" -> 1 + 2 = 3; "I start
with 6 maize, pay the turn with a maize and build a temple: how many maize are left?" -> 3).
"""

from __future__ import annotations

import re

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
)
from gametable.games.balam.answers.scenes import HOME, legal_texts, load, play, position, refusal
from gametable.games.balam.board import DOUBLE, KINDS
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
#: a free site of 4 plots (room for any two buildings)
_ROOMY = "e2"
#: a king who says nothing of his riches: enough for any turn of building
_RICH = {"maize": 8, "cacao": 1, "shell": 1, "jade": 1}
#: the question says the whole turn is counted, the turn's riches with the building
_ALL_IN = (
    r"\b(all in|in total|in all|altogether|on my turn|in my turn|this turn|the whole turn|"
    r"including the turn|incl|payment included|in totaal|totaal|in mijn beurt|deze beurt|"
    r"alles bij elkaar|meegerekend)\b"
)
#: the site's size, when the question tells it ("a new site with 3 free spaces")
_SITE_SIZE = (
    r"\b(?:site|city|plaats|stad) (?:with|of|met) (\d|two|three|four|twee|drie|vier) "
    r"(?:free |empty |vrije |lege )?(?:spaces|plots|vakjes|bouwplaatsen)\b|"
    r"\b(\d|two|three|four)[- ](?:plot|space) (?:site|city)\b"
)
_SIZES = {"two": 2, "three": 3, "four": 4, "twee": 2, "drie": 3, "vier": 4}
_SPEND = r"\b(cost|costs|spend|spent|pay|paid|payment|total|kost|kosten|kwijt|betaal\w*|uitgeven)\b"
_LEFT = r"\b(left|over|remain\w*|still have|overgebleven|over|houd ik)\b"
_WORDS = vocabulary("""how much many does do did a an the building build builds i want to me my on turn
    cost costs spend spent pay paid riches total in all altogether and same site this whole
    including with then what is are left over remain remaining have start starts started
    hoeveel kost kosten een het ik wil in mijn beurt bouwen rijkdommen totaal ben kwijt
    dezelfde plaats deze en met dan heb over nog begin start turn's payment included i've got
    bouw beurtbetaling new free one put for everything de als hem betaling nieuwe vrije found
    city""")


def turn_cost(q: Question) -> Answer | None:
    """The riches a turn of building takes, the turn's riches included (or what is left of
    the maize the question starts with)."""
    if q.kind == "yesno" or about_another(q):
        return None
    wanted = counted(q, BUILDINGS)
    start = counted(q, RICHES_NAMES)
    left = q.matches(_LEFT) and list(start) == ["maize"]
    if not wanted or not (q.matches(_ALL_IN) or left) or not (q.matches(_SPEND) or left):
        return None
    kinds = [k for k, n in wanted.items() for _ in range(n)]
    plots = sum(2 if DOUBLE[KINDS.index(k)] else 1 for k in kinds)
    size = re.search(_SITE_SIZE, q.lower)
    said = (size.group(1) or size.group(2)) if size else None
    room = (_SIZES.get(said) or int(said)) if said else 4
    if not 1 <= len(kinds) <= 3 or plots > room or room > 4:
        return None
    if set(start) - {"maize"} or not understood(
        q,
        _WORDS,
        lexicons=(BUILDINGS, RICHES_NAMES),
        numbers={*start.values(), *wanted.values(), *([room] if size else [])},
        phrases=(_ALL_IN, r"\bturn's riches\b", _SITE_SIZE),
    ):
        return None
    if set(numbers_in(q)) - {*start.values(), *wanted.values(), *([room] if size else [])}:
        return None
    sheet = {"maize": start["maize"]} if left else dict(_RICH)
    data = position(sites={HOME: ["village"]}, riches=[sheet], phase="turn")
    state = load(data)
    spent = _played(state, kinds) if state is not None else None
    if spent is None:
        return None
    paid, after = spent
    total = sum(sheet.values()) - sum(after.view(0)["kings"][0]["riches"].values())
    names = " and ".join(name_of(q, k) for k in kinds)
    if left:
        maize = name_of(q, "maize")
        verdict = q.say(
            f"{sheet['maize'] - total} {maize} ({sheet['maize']} - {' - '.join(paid)} = "
            f"{sheet['maize'] - total}).",
            f"{sheet['maize'] - total} {maize} ({sheet['maize']} - {' - '.join(paid)} = "
            f"{sheet['maize'] - total}).",
        )
    else:
        verdict = q.say(
            f"{total} riches ({' + '.join(paid)} = {total}).",
            f"{total} rijkdommen ({' + '.join(paid)} = {total}).",
        )
    reason = q.say(
        f"A turn starts with 1 riches paid to act, then each building ({names}) is paid from "
        "the king sheet: village and garrison 1 riches, palace and temple 2, of any type; "
        "reserve 1 maize, market 1 cacao, observatory 1 jade, ball court 1 shell.",
        f"Een beurt begint met 1 rijkdom om te handelen, daarna wordt elk gebouw ({names}) "
        "betaald van het koningsblad: dorp en garnizoen 1 rijkdom, paleis en tempel 2, naar "
        "keuze; voorraad 1 maïs, markt 1 cacao, observatorium 1 jade, balspelveld 1 schelp.",
    )
    refs: list[RuleRef | str] = [rules.TURNS, rules.COSTS]
    return checked(GAME, q, verdict, reason, refs, position=data, topic="number",
                   details=(f"Played: pay maize, then {', '.join(kinds)} on {_ROOMY}",))  # fmt: skip


def _played(state: State, kinds: list[str]) -> tuple[list[str], State] | None:
    """The turn paid, then each building built on :data:`_ROOMY` and paid (maize first);
    the riches paid at each step ("1", "2", ...) and the state after, or ``None`` when the
    engine refuses a step."""
    after = play(state, "pay maize") if refusal(state, "pay maize") is None else None
    if after is None:
        return None
    paid = ["1"]
    plot = 0
    for kind in kinds:
        action = f"build {kind} {_ROOMY}.{plot}"
        if refusal(after, action) is not None:
            return None
        held = _held(after)
        after = play(after, action)
        for _ in range(4):
            pays = [a for a in legal_texts(after) if a.startswith("pay ")]
            if not pays:
                break
            after = play(after, "pay maize" if "pay maize" in pays else pays[0])
        paid.append(str(held - _held(after)))
        plot += 2 if DOUBLE[KINDS.index(kind)] else 1
    return paid, after


def _held(state: State) -> int:
    return sum(state.view(0)["kings"][0]["riches"].values())


READERS = (turn_cost,)
