"""A devastated city taken at once ("3 - WARS > DEVASTATED CITY"): after an attack that
destroys the last building of an enemy city, the attacker may build there straight away,
without paying the turn's riches again.  "My attack emptied his city; I take it at once with a
village and a garrison: what do I pay?" is played by the engine: the turn paid, the attack won,
the city left empty, the buildings named built on it and paid; the reply is the riches the
building took after the attack.

>>> from gametable.rulebook.question import Question
>>> taken_at_once(Question.read("My attack destroyed the last building of his city. I build a "
...     "village there right away. How many riches does that cost?")).text.split(" (")[0]
'1 riches'
"""

from __future__ import annotations

from gametable.core.protocol import State
from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.battle import _fight
from gametable.games.balam.answers.building import _built
from gametable.games.balam.answers.grammar import BUILDINGS, RICHES_NAMES, counted, name_of
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.scenes import HOME, NEIGHBOUR, load, play, position
from gametable.games.balam.board import DOUBLE, KINDS, RICHES
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
#: the enemy city emptied by the asker's attack, in the ways players say it
_EMPTIED = (
    r"\b(?:destroyed|destroy|knocked down|razed|took out) (?:the |his |her |their )?last "
    r"building|\b(?:emptied|devastated|wiped out) (?:his|her|their|the|an enemy|the enemy's) "
    r"(?:city|site)|\blast building (?:is |was )?(?:gone|destroyed)|\blaatste gebouw\b.*"
    r"\b(?:vernietigd|gesloopt|weg)\b|\b(?:stad|plaats) (?:is )?(?:leeg|verwoest)\b"
)
#: the asker building on it at once
_AT_ONCE = (
    r"\b(?:right away|at once|straight away|immediately|right after|meteen|direct|gelijk|"
    r"onmiddellijk|take it|take the site|claim it|build there|build on it|bouw er)\b"
)
_ASKS_COST = r"\b(?:how many riches|how much|cost\w*|pay|kost\w*|betaal\w*|hoeveel rijkdom\w*)\b"
#: the city built on in a later turn
_LATER = (
    r"\b(?:last|previous|earlier|next|later|vorige|volgende|latere) (?:turn|round|beurt|ronde)\b|"
    r"\b(?:later on|afterwards|next time|later)\b"
)
_FOREIGN = r"\b(if|unless|als|tenzij|round|ronde|katun|card|kaart|tax\w*|reserve\w* hold)\b"
#: plenty of riches for the turn and any building (so that only the cost is measured)
_SHEET = {"maize": 8, "cacao": 1, "shell": 1, "jade": 1}
_DICE = ["3", "3", "3"]


def _won(kinds: list[str]) -> tuple[dict[str, object], State] | None:
    """The position, and the state after the turn paid and an attack that empties the enemy
    city next door (his single village against three 3s)."""
    data = position(
        sites={HOME: ["garrison", "garrison", "garrison"], NEIGHBOUR: ["village"]},
        owners={NEIGHBOUR: 1},
        riches=[_SHEET],
        phase="turn",
        dice=_DICE,
    )
    state = load(data)
    if state is None:
        return None
    after = _fight(play(state, "pay maize", f"attack {HOME}>{NEIGHBOUR} 3 0"), 0)
    if after is None or after.to_json()["sites"].get(NEIGHBOUR, {}).get("owner") not in (None, -1):
        return None  # the city not emptied: not the situation told
    return data, after


def _built_all(state: State, kinds: list[str]) -> State | None:
    """``state`` after each building of ``kinds`` is built on the emptied city and paid."""
    plot = 0
    for kind in kinds:
        state_after = _built(state, f"build {kind} {NEIGHBOUR}.{plot}")
        if state_after is None:
            return None
        state = state_after
        plot += 2 if DOUBLE[KINDS.index(kind)] else 1
    return state


def _held(state: State) -> int:
    return sum(state.view(0)["kings"][0]["riches"].values())


def taken_at_once(q: Question) -> Answer | None:
    """ "My attack destroyed his city's last building; I take it at once with a village and a
    garrison: how many riches?": the building after the attack played and paid."""
    if not q.matches(_EMPTIED) or not q.matches(_ASKS_COST) or len(asks(q)) != 1:
        return None
    if not q.matches(_AT_ONCE) or q.matches(_LATER):
        return None  # built on later, in a turn of its own, the turn's riches is paid
    wanted = counted(q, BUILDINGS)
    kinds = [k for k, n in wanted.items() for _ in range(n)]
    if not kinds or sum(2 if DOUBLE[KINDS.index(k)] else 1 for k in kinds) > 4:
        return None
    numbers = set(wanted.values())
    lexicons = (BUILDINGS, RICHES_NAMES)
    if not placed(q, numbers, lexicons, {*KINDS, *RICHES}, foreign=_FOREIGN, others=True):
        return None
    won = _won(kinds)
    if won is None:
        return None
    data, after = won
    built = _built_all(after, kinds)
    if built is None:
        return None
    cost = _held(after) - _held(built)
    names = ", ".join(name_of(q, k) for k in kinds)
    verdict = q.say(
        f"{cost} riches (for the {names}; the turn's riches is not paid again).",
        f"{cost} rijkdom(men) (voor {names}; de rijkdom van de beurt betaal je niet opnieuw).",
    )
    reason = q.say(
        "A city that loses its last building belongs to nobody; right after the assault the "
        "attacker may take it by building there, without paying the start-of-turn riches again.",
        "Een stad zonder gebouwen is van niemand; meteen na de aanval mag de aanvaller haar "
        "nemen door er te bouwen, zonder de rijkdom van de beurt opnieuw te betalen.",
    )
    refs: list[RuleRef | str] = [rules.DEVASTATED, rules.COSTS]
    details = (q.say(f"Played: pay maize, attack {HOME}>{NEIGHBOUR} 3 0 (dice 3 3 3), then "
                     f"build {names} on {NEIGHBOUR}",
                     f"Gespeeld: pay maize, attack {HOME}>{NEIGHBOUR} 3 0 (dobbelstenen 3 3 3), "
                     f"dan {names} bouwen op {NEIGHBOUR}"),)  # fmt: skip
    return checked(GAME, q, verdict, reason, refs, position=data, details=details,
                   topic="number")  # fmt: skip


READERS = (taken_at_once,)
