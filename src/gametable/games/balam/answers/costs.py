"""The cost of several buildings read by their parts ("2 - CONSTRUCTIONS"): each building
named with its count, in any order, priced from the game's data (``board.BASE_COST``: the 4
base buildings take riches of any type; ``board.SPECIAL_COST``: the 4 others one riches of
their own type), and the least maize a turn of building needs when the king holds other riches
(only a reserve asks for maize; the turn's riches and the base buildings take any type).

>>> from gametable.rulebook.question import Question
>>> cost_of_several(Question.read("How many riches do a palace and 2 villages cost?")).text
'4 riches in all: a palace 2 of any type, 2 villages 1 each of any type. The 4 base buildings are paid with riches of any type, the 4 others with 1 riches of their own type (reserve maize, market cacao, observatory jade, ball court shell).'
"""

from __future__ import annotations

import re

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import BUILDINGS, RICHES_NAMES, counted, name_of
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.board import BASE_COST, KINDS, RICHES, SPECIAL_COST
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
_COST = r"\b(cost|costs|price|prices|pay|kost|kosten|prijs|betalen|betaal)\b"
_FOREIGN = (
    r"\b(attack\w*|aanval\w*|destroy\w*|lose|lost|verlies\w*|ball ?games?|balspel|katun|"
    r"produc\w*|sacrific\w*|offer\w*|remove|afbreken|end of|einde|tax\w*|belasting\w*|"
    r"enough|genoeg|can i|may i|mag ik|kan ik|without|zonder|only|alleen)\b"
)
_LEAST_MAIZE = r"\b(least|fewest|minimum|minst\w*|minimaal)\b.*\b(maize|ma[iï]s|corn)\b"
_TURN = r"\b(turn|beurt)\b"


def _built(q: Question) -> dict[str, int] | None:
    """The buildings named with their counts (each at least 1), or ``None``."""
    named = [m.name for m in BUILDINGS.find(q)]
    if len(named) != len(set(named)):
        return None  # a building named twice: how many is not read
    built = counted(q, BUILDINGS)
    if not built or any(n < 1 for n in built.values()):
        return None
    return built


def _price(q: Question, kind: str, n: int) -> tuple[int, str]:
    """The riches ``n`` buildings of ``kind`` take, and how the reply says it."""
    k = KINDS.index(kind)
    name = name_of(q, kind)
    plural = re.sub(r"y$", "ie", name) + "s" if q.lang == "en" else name
    article = "an" if name[0] in "aeiou" else "a"
    said = f"{n} {plural}" if n > 1 else q.say(f"{article} {name}", f"een {name}")
    special = SPECIAL_COST[k]
    if special is not None:
        riches = name_of(q, RICHES[special])
        return n, f"{said} {n} {riches}"
    each = q.say(" each" if n > 1 else "", " elk" if n > 1 else "")
    return n * BASE_COST[k], q.say(
        f"{said} {BASE_COST[k]}{each} of any type", f"{said} {BASE_COST[k]}{each} naar keuze"
    )


_REASON = (
    "The 4 base buildings are paid with riches of any type, the 4 others with 1 riches of their "
    "own type (reserve maize, market cacao, observatory jade, ball court shell).",
    "De 4 basisgebouwen worden betaald met rijkdommen naar keuze, de 4 andere met 1 rijkdom van "
    "hun eigen soort (voorraad maïs, markt cacao, observatorium jade, balspelveld schelp).",
)


def cost_of_several(q: Question) -> Answer | None:
    """ "How many riches do a palace, a temple and a village cost together?", "Wat kosten een
    markt en een sterrenwacht samen?": each building's price, and their sum."""
    if not q.matches(_COST) or q.matches(_LEAST_MAIZE) or len(asks(q)) != 1:
        return None
    built = _built(q)
    if built is None or (len(built) < 2 and max(built.values()) < 2):
        return None  # one building: :func:`.numbers.building_cost`
    if RICHES_NAMES.find(q) or q.matches(_TURN):
        return None  # riches held or the turn's payment: another question
    if not placed(q, set(built.values()), (BUILDINGS, RICHES_NAMES), set(built), foreign=_FOREIGN):
        return None
    prices = [_price(q, kind, n) for kind, n in built.items()]
    total = sum(p for p, _ in prices)
    listed = ", ".join(said for _, said in prices)
    verdict = q.say(f"{total} riches in all: {listed}.", f"{total} rijkdommen in totaal: {listed}.")
    return checked(GAME, q, verdict, q.say(*_REASON), [rules.COSTS], topic="number")


def least_maize(q: Question) -> Answer | None:
    """ "A temple and a reserve this turn, plenty of jade and cacao: the least maize, the turn
    included?": only a reserve asks for maize (1 each) when the king holds other riches."""
    if not q.matches(_LEAST_MAIZE) or len(asks(q)) != 1:
        return None
    built = _built(q)
    held = set(counted(q, RICHES_NAMES)) - {"maize"}
    if built is None or not held:
        return None  # no other riches held: the turn and every building take maize
    if not placed(
        q, set(built.values()), (BUILDINGS, RICHES_NAMES), set(built) | set(RICHES),
        foreign=_FOREIGN.replace("only|alleen", "x"),
    ):  # fmt: skip
        return None
    reserves = built.get("reserve", 0)
    others = name_of(q, sorted(held)[0])
    verdict = q.say(
        f"{reserves} maize: only a reserve takes maize (1 each); the turn's riches and the base "
        f"buildings may be paid with your {others}.",
        f"{reserves} maïs: alleen een voorraad kost maïs (1 per stuk); de beurt en de "
        f"basisgebouwen betaal je met je {others}.",
    )
    if reserves == 0:
        verdict = q.say("None: 0 maize. ", "Geen: 0 maïs. ") + verdict.split(": ", 1)[1]
    refs = [rules.COSTS, rules.TURN_PAYMENT]
    return checked(GAME, q, verdict, q.say(*_REASON), refs, topic="number")


READERS = (least_maize, cost_of_several)
