"""The numbers of a battle told by its parts (:mod:`.fight`), worked out by the engine's war
arithmetic and answered for every thing asked: the attack, the defence, the buildings the
defender loses (or whether he loses one), the garrisons the attacker loses, the prisoners he
keeps.  A thing asked that the parts do not settle sends the whole question to the rules text.

>>> from gametable.rulebook.question import Question
>>> battle_numbers(Question.read("I roll 1, 0 and 2 with 3 garrisons and spend no obsidian. "
...     "His defence is 3. Does he lose a building?")).text.split(".")[0]
'No'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gametable.games.balam import rules
from gametable.games.balam.answers.fight import Told, told
from gametable.games.balam.answers.grammar import BUILDINGS, RICHES_NAMES, name_of, vocabulary
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.board import KINDS
from gametable.games.balam.dice import SKULL
from gametable.games.balam.wars import destruction_cost, potentials
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
_NAMES = {*KINDS, "obsidian", "prisoner"}
_FOREIGN = (
    r"\b(ball ?games?|balspel|sacrific\w*|offer\w*|cenotes?|katun|transport\w*|tax\w*|"
    r"belasting\w*|divination|chaak|eclipse|end of the (?:game|round)|score track|cost|costs)\b"
)
#: the words a battle's negations deny ("no skulls", "no friendly city next to it")
_DENIED = vocabulary("""skull skulls cities city friendly other own spend spending obsidian
    obsidiaan doodshoofd doodshoofden steden stad buurstad adjacent next neighbouring
    neighboring bordering naast ernaast aangrenzend""")
#: what an ask asks, by its words (in this order: an ask may ask two, "attack and defence")
_ASKED = (
    ("prisoners", r"\b(prisoners?|gevangen\w*)\b"),
    ("lost", r"\b(?:garrisons?|garnizoen\w*)\b.*\b(lose|lost|verlies\w*|kwijt)\b|"
     r"\b(?:what|how many) do i lose\b|\bwat verlies ik\b"),
    ("destroyed", r"\b(buildings?|gebouw\w*|destroy\w*|vernietig\w*|defender lose|he lose|"
     r"does he lose|verliest hij|verliest de verdediger|fall|falls)\b"),
    ("attack", r"\b(attack|aanval)\b"),
    ("defence", r"\b(defen[cs]e|verdediging)\b"),
)  # fmt: skip


#: an ask of a count of buildings, or of whether one falls
_HOW_MANY = (
    r"\b(how many|hoeveel|most|number|meeste|aantal)\b|^(does|do|did|will|would|is|can|verliest|"
    r"gaat|kan)\b|\b(lose|verliest)\b"
)


@dataclass(frozen=True)
class Sums:
    attack: int | None
    defence: int | None
    margin: int | None
    destroyed: int | None
    lost: int | None
    kept: int | None
    up_to: bool = False  # the buildings destroyed are a most: the city's others not told
    city: tuple[str, ...] = ()  # the kinds of building the attacked city is told to hold


def _attack(t: Told) -> int | None:
    if "attack" in t.given:
        return t.given["attack"]
    if t.roll is None or (t.attackers is not None and len(t.roll) != t.attackers):
        return None
    return potentials(t.roll, t.spent, 0, 0)[0]


def _defence(t: Told) -> int | None:
    if "defence" in t.given:
        return t.given["defence"]
    if t.city is None or t.beside is None:
        return None
    return potentials([], 0, t.city.get("garrison", 0) + t.beside, t.his_spent)[1]


def _destroyed(t: Told, margin: int | None, attack: int | None) -> int | None:
    """The most buildings the margin takes from the city: the cheapest first (a temple or
    palace costs 2 points, any other building 1)."""
    if "destroyed" in t.given:
        return t.given["destroyed"]
    if attack == 0 or (margin is not None and margin <= 0):
        return 0
    if margin is None:
        return None
    if t.city is None or "listed" not in t.given:
        return margin  # what else the city holds is not told: up to the margin
    costs = sorted(destruction_cost(KINDS.index(k)) for k, n in t.city.items() for _ in range(n))
    taken = spent = 0
    for cost in costs:
        if spent + cost > margin:
            break
        taken, spent = taken + 1, spent + cost
    if "more" in t.given and taken == len(costs) and spent < margin:
        return None  # "some villages": how many more would fall is not told
    return taken


def work_out(t: Told) -> Sums:
    attack, defence = _attack(t), _defence(t)
    margin = t.given.get("margin")
    if margin is None and attack is not None and defence is not None:
        margin = attack - defence
    destroyed = _destroyed(t, margin, attack)
    lost = sum(f == SKULL for f in t.roll) if t.roll is not None else t.given.get("skulls")
    kept = None
    # with skulls and obsidian both, which garrisons the skulls take is the attacker's choice
    if destroyed is not None and t.home is not None and lost is not None and not (lost and t.held):
        kept = min(destroyed, max(0, t.home - lost - t.held))
    known = (t.city or {}).get("garrison", 0)
    up_to = bool(destroyed) and "listed" not in t.given and "destroyed" not in t.given
    up_to = up_to and known < (destroyed or 0)  # garrisons enough to fall one point each
    return Sums(attack, defence, margin, destroyed, lost, kept, up_to, tuple(sorted(t.city or {})))


def _asked(q: Question) -> list[tuple[str, bool]] | None:
    """The things asked, each with whether it is asked yes or no; ``None`` when an ask is
    about none of them."""
    out: list[tuple[str, bool]] = []
    for ask in asks(q):
        found = [name for name, pattern in _ASKED if re.search(pattern, ask)]
        if not found:
            return None
        if "destroyed" in found and ("prisoners" in found or "lost" in found):
            found.remove("destroyed")
        named = {m.name for m in BUILDINGS.find(Question.read(ask))}
        if found == ["destroyed"] and len(named) == 1 and re.match(_MAY, ask):
            out.append((f"named:{named.pop()}", True))  # "may I destroy his palace?"
            continue
        if "destroyed" in found and not re.search(_HOW_MANY, ask):
            return None  # "what can I destroy?": which buildings, not how many
        yes_no = bool(re.match(r"(does|do|did|will|would|is|can|verliest|gaat|kan)\b", ask))
        out += [(name, yes_no) for name in found]
    return out or None


#: a yes-or-no ask of what the attacker may do ("can I destroy his temple?")
_MAY = r"(can|could|may|will|would|do|does|mag|mogen|kan|kunnen|zal)\b"


def _named(q: Question, kind: str, s: Sums) -> str | None:
    """Whether the margin takes the building named (a temple or palace takes 2 points), when
    the attacked city is told to hold it; ``None`` when not settled."""
    if s.margin is None or kind not in s.city:
        return None
    cost = destruction_cost(KINDS.index(kind))
    name = name_of(q, kind)
    verdict = yes_no(q, s.margin >= cost)
    many = "s" if cost > 1 else ""
    return (
        verdict
        + " "
        + q.say(
            f"A {name} takes {cost} success point{many} to destroy, and the margin is {s.margin}.",
            f"Een {name} kost {cost} succespunt{'en' if cost > 1 else ''} om te vernietigen, en het "
            f"verschil is {s.margin}.",
        )
    )


def _piece(q: Question, name: str, s: Sums) -> str | None:
    """One thing asked, worked out, in the question's language (``None`` when not settled)."""
    value = getattr(s, {"prisoners": "kept"}.get(name, name))
    if value is None:
        return None
    many = "" if value == 1 else "s"
    return {
        "attack": q.say(f"attack {value}", f"aanval {value}"),
        "defence": q.say(f"defence {value}", f"verdediging {value}"),
        "destroyed": q.say(
            f"{value} building{many} destroyed" if value else "no building destroyed",
            f"{value} gebouw{'en' if many else ''} vernietigd"
            if value
            else "geen gebouw vernietigd",
        ),
        "lost": q.say(
            f"you lose {value} garrison{many} (one per skull)",
            f"je verliest {value} garnizoen{'en' if many else ''} (één per doodshoofd)",
        ),
        "prisoners": q.say(f"you keep {value} prisoner{many}", f"je houdt {value} gevangene(n)"),
    }[name]


def _reason(q: Question, s: Sums) -> str:
    said = []
    if s.attack is not None and s.defence is not None:
        said.append(
            q.say(
                f"Attack {s.attack} against defence {s.defence}",
                f"Aanval {s.attack} tegen verdediging {s.defence}",
            )
        )
    return (
        "; ".join(said)
        + (". " if said else "")
        + q.say(
            "The attack is the dice's success points plus the obsidian spent, the defence the "
            "garrisons of the attacked city and of its owner's adjacent cities plus the obsidian "
            "he spends; the difference is the buildings lost (a temple or palace takes 2), each "
            "giving a prisoner that needs a garrison of the attacking city without a riches.",
            "De aanval is de succespunten van de dobbelstenen plus de gebruikte obsidiaan, de "
            "verdediging de garnizoenen van de aangevallen stad en van de aangrenzende steden van "
            "de eigenaar plus zijn obsidiaan; het verschil is het aantal verloren gebouwen (een "
            "tempel of paleis kost 2), elk goed voor een gevangene op een vrij garnizoen.",
        )
    )


def battle_numbers(q: Question) -> Answer | None:
    """ "I attack with 4 garrisons, spend 2 obsidian and roll 1, 1, 3 and a skull; his city has
    3 garrisons, no friendly city next to it, and he spends 1 obsidian: my attack, his defence,
    and how many buildings fall?": every thing asked, worked out."""
    if not q.matches(
        r"\b(attack\w*|aanval\w*|val\w* aan|roll\w*|gooi\w*|defen[cs]e|verdediging|skulls?|doodshoofd\w*)\b"
    ):
        return None
    asked = _asked(q)
    t = told(q)
    if asked is None or t is None:
        return None
    s = work_out(t)
    if asked[0][0].startswith("named:"):
        pieces = [_named(q, asked[0][0].split(":")[1], s) if len(asked) == 1 else None]
    else:
        pieces = [_piece(q, name, s) for name, _ in asked]
    if any(p is None for p in pieces):
        return None
    numbers = t.used | {n for n in (s.attack, s.defence, s.margin) if n is not None}
    if not placed(
        q, numbers, (BUILDINGS, RICHES_NAMES), _NAMES, foreign=_FOREIGN, others=True, denied=_DENIED
    ):
        return None
    text = "; ".join(p for p in pieces if p)
    verdict = text[0].upper() + text[1:] + "."
    reason = _reason(q, s)
    if asked[0][0].startswith("named:"):
        verdict = text
    elif asked[0] == ("destroyed", True) and s.destroyed is not None:
        verdict = yes_no(q, s.destroyed > 0) + " " + verdict
    elif len(asked) == 1:
        value = getattr(s, {"prisoners": "kept"}.get(asked[0][0], asked[0][0]))
        if s.attack is not None and s.defence is not None:
            reason = reason.replace(".", f": {text}.", 1)
        else:
            reason = verdict + " " + reason
        verdict = f"{value}."
        if asked[0][0] == "destroyed" and value == 0:
            verdict = q.say("None: 0 buildings.", "Geen: 0 gebouwen.")
    if ("destroyed", False) in asked and s.up_to:
        verdict = q.say("Up to ", "Hoogstens ") + verdict[0].lower() + verdict[1:]
        reason += q.say(
            " (That many if his city holds them; a temple or palace takes 2.)",
            " (Zoveel als zijn stad er heeft; een tempel of paleis kost 2.)",
        )
    refs = [rules.WARS, rules.DEFENCE, rules.WAR_LOSSES, rules.DESTRUCTION]
    return checked(GAME, q, verdict, reason, refs, topic="number")


READERS = (battle_numbers,)
