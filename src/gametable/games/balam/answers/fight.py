"""A battle read by its parts ("3 - WARS"): the roll, the garrisons and obsidian of each side,
the defender's neighbouring cities, in any order, worked out by the engine's war arithmetic
(``wars.potentials``: attack = success points + obsidian spent, defence = garrisons of the
attacked city and of the defender's adjacent cities + obsidian spent; ``wars.destruction_cost``:
a temple or palace takes 2 points, any other building 1).

>>> from gametable.rulebook.question import Question
>>> t = told(Question.read("I attack with 4 garrisons, spend 2 obsidian and roll 1, 1, 3 and "
...     "a skull. His city has 3 garrisons and some villages, no friendly cities next to it, and "
...     "he spends 1 obsidian."))
>>> t.roll, t.spent, t.city, t.beside, t.his_spent
([1, 1, 3, -1], 2, {'garrison': 3, 'village': 1}, 0, 1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gametable.games.balam.answers.grammar import BUILDINGS, counted, numbers_in, uncounted
from gametable.games.balam.answers.parts import roll_in
from gametable.rulebook.question import Question

_N = r"(\d+|no|geen|a|an|one|een|één|two|twee|three|drie|four|vier|five|vijf|both|beide|all|alle)"
_VALUE = {"no": 0, "geen": 0, "a": 1, "an": 1, "one": 1, "een": 1, "één": 1, "two": 2,
          "twee": 2, "three": 3, "drie": 3, "four": 4, "vier": 4, "five": 5, "vijf": 5}  # fmt: skip
_OBSIDIAN = r"(?:obsidi\w*|obsidain)"
#: the obsidian named as a whole ("spend the obsidian", "both"): all of that side's
_THE = r"(the|that|this|those|these|his|her|my|its|their|de|die|dat|zijn|haar|mijn)"
_GARRISONS = r"(?:garrisons?|garnizoen(?:en)?)"
_SPEND = r"\b(?:spend|spends|spent|spending|use|uses|used|burn|burns|gebruik|gebruikt|zet|zetten)"
_KEEP = (
    r"\b(?:not to spend|doesn't spend|does not spend|don't spend|do not spend|keeps?|kept|houdt|"
    r"hou|without spending|zonder)\b"
)
_ME_ATTACKED = (
    r"\b(?:i'm attacked|i am attacked|i'm being attacked|i am being attacked|i get attacked|"
    r"attacks me|attacking me|ik word aangevallen|val(?:t|len) mij aan|mij aanvalt|"
    r"(?:he|she|my (?:opponent|enemy|rival)|the enemy) attacks my (?:city|town)|"
    r"val(?:t|len) mijn stad aan|mijn stad aanvalt)\b"
)
#: a city of the defender said not to be next to the attacked one: its garrisons do not defend
_FAR = (
    r"\b(?:far away|far off|elsewhere|not (?:adjacent|next to|neighbou?ring|bordering)|"
    r"nowhere near|ver weg|verderop|niet (?:naast|aangrenzend\w*|ernaast))\b"
)
_BESIDE = (
    r"\b(?:next door|next to|neighbou?ring|neighbou?rs?|adjacent|beside|bordering|buurstad|"
    r"buursteden|naast|ernaast|aangrenzend\w*)\b"
)
_OTHER_KING = (
    r"\b(?:third|another|other|derde|andere)\b(?: \w+)?(?:'s| van)? (?:player|king|speler|koning)"
)
_HIM = r"\b(?:his|he|her|she|him|the defender|defender's|the enemy|enemy|opponent\w*|hij|zijn|haar|zij|de verdediger|verdediger|vijand\w*|tegenstander)\b"
_MINE = r"\b(?:i|i'm|my|me|mine|ik|mijn)\b"
_TOLD = {
    "defence": r"\b(?:his |her |the |zijn |haar |de )?(?:defen[cs]e|verdediging)(?: potential)?(?: score)?(?: is| of| =| was|:)? (\d+)\b",
    "attack": r"\b(?:my |the |mijn |de )?(?:attack|aanval)(?: potential)?(?: score)?(?: is| of| =| was|:) (\d+)\b",
    "margin": r"\b(?:beats?|exceeds?|tops?) (?:his |the |her )?(?:defen[cs]e|verdediging) by (\d+)\b",
    "destroyed": r"\b(?:destroy|destroyed|destroys|vernietig|vernietigd)\w* (\d+|two|three|four|twee|drie|vier)(?: of (?:his|her|their|the enemy's)| van zijn)? (?:buildings?|gebouwen)\b",
}


@dataclass
class Told:
    """What a battle question tells, by side; ``None`` for what it does not say."""

    defending: bool = False  # the asker is the defender
    roll: list[int] | None = None
    attackers: int | None = None  # garrisons sent
    home: int | None = None  # garrisons of the attacking city (all of them)
    held: int = 0  # obsidian on the attacking garrisons, not spent
    spent: int = 0
    city: dict[str, int] | None = None  # the attacked city's buildings
    beside: int | None = None  # garrisons of the defender's adjacent cities
    his_spent: int = 0
    defence_held: int = 0  # obsidian on the defending garrisons
    given: dict[str, int] = field(default_factory=dict)  # attack, defence, margin, destroyed
    used: set[int] = field(default_factory=set)  # the numbers placed
    last_held: tuple[str, int] = ("", 0)  # the side and count of the obsidian told last


def _value(word: str, whole: int | None = None) -> int | None:
    if word.isdigit():
        return int(word)
    if word in ("both", "beide", "all", "alle") or re.fullmatch(_THE, word):
        return whole
    return _VALUE.get(word)


def _side(clause: str, defending: bool, last: str) -> str:
    """Whose a clause speaks of: ``"att"`` (the attacker), ``"def"`` (the defender), ``"beside"``
    (a city of the defender next to the attacked one), ``"far"`` (one of his cities said not to
    be next to it), ``"other"`` (a third king), or ``last``."""
    if re.search(_OTHER_KING, clause):
        return "other"
    him = re.search(_HIM, clause)
    me = re.search(_MINE, clause)
    first = min((m for m in (him, me) if m is not None), key=lambda m: m.start(), default=None)
    if first is None and last == _PLACE_ONLY:
        who = "beside"
    elif first is None:
        who = "def" if last in ("beside", "far") else last
    else:
        mine = first is me
        who = "def" if mine == defending else "att"
    if who == "def" and re.search(_FAR, clause):
        return "far"
    if who == "def" and last == _PLACE_ONLY:
        return "beside"  # "his city Z, also adjacent to X, has 1 garrison that he spends"
    if who == "def" and re.search(_BESIDE, clause):
        return "beside"
    return who


#: the words between a count of garrisons and the obsidian they hold
_CARRY = r"(?:(?:of them |with |holding |holds? |held |has |had |carr(?:y|ies|ied) |met )+)"
#: the obsidian just told, spent by a word that points back at it
_IT = r"\b(?:it|them|which|that|those|die|dat|deze|hem|ze)\b"


def _spent_it(clause: str, t: Told) -> None:
    """ "... carries obsidian and I spend it", "one held an obsidian, which I spent": the
    obsidian told last is spent, by the side that holds it."""
    side, n = t.last_held
    if not n or re.search(_KEEP, clause):
        raise ValueError("something spent, how much of what not read")
    if side == "att":
        t.spent, t.held = t.spent + n, max(0, t.held - n)
    else:
        t.his_spent += n
    t.last_held = ("", 0)


def _obsidian(clause: str, t: Told, side: str) -> None:
    """The obsidian a clause says spent (or kept) by its side."""
    spent = re.search(
        rf"{_SPEND}\w*(?: only)?(?: (?:the|that|this|his|her|my|its|their|de|die|dat|zijn|mijn))?"
        rf" {_N}(?: of (?:his|my|the|them))? {_OBSIDIAN}",
        clause,
    )
    spent = spent or re.search(rf"{_SPEND}\w*(?: all)? {_THE}(?: \w+)? {_OBSIDIAN}", clause)
    spent = spent or re.search(rf"\b{_N} {_OBSIDIAN} (?:spent|used|gebruikt)\b", clause)
    held = re.search(rf"\b{_N} {_CARRY}(?:an? |een |1 )?{_OBSIDIAN}", clause)
    held = held or re.search(rf"\b(?:with|holding|met) {_N} {_OBSIDIAN}", clause)
    if held is not None and side in ("att", "def", "beside"):
        n = _value(held.group(1)) or 0
        t.used.add(n)
        t.last_held = ("att" if side == "att" else "def", n)
        if side == "att":
            t.held += n
        else:
            t.defence_held += n
    kept = re.search(_KEEP, clause)  # "obsidian I chose not to spend"
    if spent is None and re.search(_SPEND, clause) and re.search(_IT, clause) and not kept:
        _spent_it(clause, t)  # "one of them carries obsidian and I spend it"
    elif spent is not None:
        whole = t.held if side == "att" else t.defence_held
        count = _value(spent.group(1), whole)
        if count is None or (
            count == 0 and re.fullmatch(_THE + "|both|beide|all|alle", spent.group(1))
        ):
            raise ValueError("obsidian spent, how many not told")
        n = count
        t.used.add(n)
        if side == "att":
            t.spent, t.held = n, max(0, t.held - n)
        elif side in ("def", "beside"):
            t.his_spent += n
    elif (
        re.search(_SPEND, clause)
        and not re.search(_KEEP, clause)
        and not re.search(r"\b(?:nothing|niets|none)\b", clause)
    ):
        raise ValueError("something spent, how much of what not read")


_SOME = r"\b(?:some|several|a few|more|other|enkele|een paar|wat|andere)\s+(?:\w+\s+)?$"
_SPLIT = r"[.;:!?()]|,|\band\b|\ben\b|\bbut\b|\bmaar\b|\bwhile\b|\bterwijl\b|\bplus\b"
_ATTACK_WITH = rf"\b(?:attack\w*|assault|val\w*(?: aan)?|aan|dice) (?:\w+ ){{0,2}}(?:with|met) (?:my |mijn )?(?:city's |stad's )?(?:only |all |alleen |al )?(?:my |mijn )?{_N}(?: \w+)? {_GARRISONS}"
_HOME = rf"\b(?:only|all|alleen|al) (?:my |mijn )?{_N} {_GARRISONS}|\b(?:city|stad) (?:has|had|heeft) (?:only |exactly |just |precies )?{_N} {_GARRISONS}"
#: all the garrisons of the attacking city sent ("I commit both", "I send all of them")
_ALL_SENT = r"\b(?:commit|send|use|attack with)s? (?:both|all|all of them|beide|alle)\b"


def _buildings(clause: str, t: Told, *, beside: bool) -> None:
    """The buildings a clause of the defender's side counts, garrisons by city."""
    read = Question.read(clause)
    found = counted(read, BUILDINGS)
    named = [m.name for m in BUILDINGS.find(read)]
    if any(named.count(kind) > 1 for kind in found):
        raise ValueError("a building counted twice in one clause: whose is which not read")
    bare = uncounted(read, BUILDINGS)
    if bare:
        t.given["more"] = 1  # "some villages", "villages and garrisons": how many not told
    for n in found.values():
        t.used.add(n)
    if re.search(r"\b(?:each|apiece|elk|ieder|allebei)\b", clause):
        cities = re.search(
            rf"\b{_N} (?:of (?:his|my) |van (?:zijn|mijn) )?(?:\w+ )?(?:cities|steden)\b", clause
        )
        if cities is None or not beside or "garrison" not in found:
            raise ValueError("a count for each, of what not read")
        n = _value(cities.group(1)) or 0
        t.used.add(n)
        found = {"garrison": found["garrison"] * n}
    several = re.search(rf"\b{_N} (?:of (?:his|my|her) )?(?:\w+ )?(?:cities|steden)\b", clause)
    each = re.search(r"\b(?:each|apiece|elk|ieder|allebei)\b", clause)
    if beside and several and not each and (_value(several.group(1)) or 0) > 1:
        raise ValueError("several cities next to it, whose counts are not read")
    if beside:
        if re.search(r"\b(?:no|geen|none|nothing|niets)\b", clause) and not found.get("garrison"):
            t.beside = t.beside or 0
        else:
            alone = re.search(
                r"\b(\d+|one|een|two|twee) in\b", clause
            )  # "and 1 in a city next door"
            there = found.get("garrison", _value(alone.group(1)) if alone else None)
            if there is not None:
                t.beside = (t.beside or 0) + there
                t.used.add(there)
        return
    if found:
        city = dict(t.city or {})
        for kind, n in found.items():
            city[kind] = max(city.get(kind, 0), n) if kind in bare else n
        t.city = city
        if any(k != "garrison" for k in found):
            t.given["listed"] = 1  # the city's buildings told, not only its garrisons


def _attacker(clause: str, t: Told) -> None:
    sent = re.search(_ATTACK_WITH, clause)
    home = re.search(_HOME, clause)
    if sent is not None:
        t.attackers = _value(sent.group(1))
        if re.search(r"\b(?:only|all|alleen|al)\b", clause):
            t.home = t.attackers
    if home is not None:
        t.home = _value(home.group(1) or home.group(2))
    if re.search(_ALL_SENT, clause):
        if t.home is None:
            raise ValueError("all sent, of a count not told")
        t.attackers = t.home
    for n in (t.attackers, t.home):
        if n is not None:
            t.used.add(n)


def _labels(q: Question) -> dict[str, str]:
    """Cities named by a capital letter ("his city X", "my city A") to whose they are: the
    attacker's (``"att"``) or the defender's (``"def"``)."""
    defending = bool(re.search(_ME_ATTACKED, q.lower))
    out: dict[str, str] = {}
    for found in re.finditer(r"\b(my|his|her|mijn|zijn|haar) (?:city|stad) ([A-Z])\b", q.text):
        mine = found.group(1) in ("my", "mijn")
        out[found.group(2).lower()] = "def" if mine == defending else "att"
    return out


def _labelled(clause: str, labels: dict[str, str]) -> str | None:
    """The side of a clause that opens with a city's letter ("X has 1 garrison")."""
    found = re.match(r"\s*([a-z]) (?:has|had|holds|heeft|is)\b", clause)
    if found is None or found.group(1) not in labels:
        return None
    side = labels[found.group(1)]
    return "far" if side == "def" and re.search(_FAR, clause) else side


_A_COUNT = r"\d|\b(?:no|one|two|three|four|een|twee|drie|vier|a|an|geen|none)\b"
#: a clause that only says where a city of the defender lies ("his city Y, directly adjacent
#: to X, has 2 garrisons"): the next clause goes on about that city
_PLACE_ONLY = "beside-open"


def _attacked_city(found: re.Match[str]) -> str:
    """What stays of the words saying the asker is attacked: his city, when they name it."""
    said = found.group(0)
    return " mijn stad " if "stad" in said else " my city " if "city" in said else " "


def told(q: Question) -> Told | None:
    """The battle the question tells, or ``None`` when a part cannot be placed."""
    text = q.lower
    t = Told(defending=bool(re.search(_ME_ATTACKED, text)))
    # "he attacks my city, which holds 2 garrisons": what follows is the asker's city
    text = re.sub(_ME_ATTACKED, _attacked_city, text)
    rolled = roll_in(text)
    if rolled is not None:
        start, end = rolled[1]
        t.used |= set(numbers_in(Question.read(text[start:end]))) | {f for f in rolled[0] if f >= 0}
        if rolled[0]:
            t.roll = rolled[0]
        else:
            t.given["skulls"] = 0  # "I roll no skulls": not the whole roll
        text = text[:start] + " dice " + text[end:]
    for name, pattern in _TOLD.items():
        found = re.search(pattern, text)
        if found is not None:
            t.given[name] = _value(found.group(1)) or 0
            t.used.add(t.given[name])
            text = text[: found.start()] + " " + text[found.end() :]
    side = "def" if t.defending else "att"
    labels = _labels(q)
    try:
        for clause in re.split(_SPLIT, text):
            side = _labelled(clause, labels) or _side(clause, t.defending, side)
            _obsidian(clause, t, side)
            if side == "att":
                _attacker(clause, t)
            elif side in ("def", "beside"):
                _buildings(
                    re.sub(
                        rf"\b{_N} {_CARRY}(?:an? |een )?{_OBSIDIAN}",
                        " ",
                        clause,
                    ),
                    t,
                    beside=side == "beside",
                )
            elif side in ("other", "far"):
                t.used |= set(counted(Question.read(clause), BUILDINGS).values())
            if side == "beside" and not re.search(_A_COUNT, clause):
                side = _PLACE_ONLY
    except ValueError:
        return None
    if re.search(
        rf"\bno (?:friendly |other |own )?(?:cities|city|neighbou?r\w*)\b.*{_BESIDE}|{_BESIDE}.*\b(?:none|no cities|nothing)\b|\bno (?:city|cities) of his next\b",
        text,
    ):
        t.beside = t.beside or 0
    return t
