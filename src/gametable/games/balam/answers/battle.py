"""A battle told with obsidian spent or with the garrisons of the defender's cities next to the
attacked one ("3 - WARS"): the attacker's garrisons and obsidian, the defender's garrisons in
the attacked city and in his neighbouring city, the obsidian he spends and the dice rolled, built
as a position and fought by the engine.  Each clause of the question is given to the attacker,
the defender or the defender's neighbouring city by its subject; a question that leaves the
attacker's garrisons, the defender's garrisons or the dice untold, tells one count twice, or
says what the battle does not place is left to the rules text.

>>> from gametable.rulebook.question import Question
>>> told(Question.read("I attack with 2 garrisons and spend 1 obsidian, roll 3 and 2. "
...     "His city has 2 garrisons and his city next door 1 garrison. How many buildings fall?"))
Told(mine=2, spent=1, theirs=2, beside=1, kept=0, faces=('3', '2'), asks='battle', others=None, home=None)
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from gametable.core.protocol import State
from gametable.core.registry import load_game
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    about_another,
    name_of,
    understood,
    vocabulary,
)
from gametable.games.balam.answers.scenes import (
    HOME,
    NEIGHBOUR,
    legal_texts,
    load,
    play,
    position,
    refusal,
)
from gametable.games.balam.answers.war import BATTLE_WORDS, battle_reason, battle_verdict
from gametable.games.balam.dice import parse_faces
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: the defender's city next to the attacked one (adjacent to it on the default board)
BESIDE = "e4"
_COUNTS = {"no": 0, "geen": 0, "a": 1, "an": 1, "one": 1, "een": 1, "één": 1, "two": 2}
_COUNTS |= {"twee": 2, "three": 3, "drie": 3, "four": 4, "vier": 4}
_N = r"(\d|no|geen|a|an|one|een|één|two|twee|three|drie|four|vier)"
_GARRISON = r"(?:garrisons?|garnizoen(?:en)?)\b"
_OBSIDIAN = r"\bobsidi\w*"
#: the attacked city's buildings other than garrisons, by the words that name them
_OTHER_KINDS = {
    "village": r"villages?|dorp(?:en)?", "temple": r"temples?|tempels?",
    "palace": r"palaces?|paleis|paleizen", "market": r"markets?|markt(?:en)?",
    "reserve": r"reserves?|voorraad|voorraden|opslagplaats(?:en)?",
    "observatory": r"observator(?:y|ies)|observatori(?:um|a)|sterrenwacht(?:en)?",
    "court": r"(?:ball )?courts?|balveld(?:en)?|balspelveld(?:en)?",
}  # fmt: skip
_OTHER_WORDS = "|".join(_OTHER_KINDS.values())
_SKULL = r"(?:skulls?|schedels?|doodshoofd(?:en)?|doodskop(?:pen)?)\b"
#: the battle's outcome for the defender ("how many buildings does he lose"): not a question
#: about what another king may do
_HE_LOSES = (
    r"\b(?:does|do|will|would|did) (?:he|she|they|the defender|his city) (?:lose|keep)\b|"
    r"\bverliest (?:hij|de verdediger)\b"
)
#: the defender's buildings said to hold no temple or palace (the buildings the battle
#: supposes beside his garrisons are villages anyway)
_NO_TWO_POINTS = (
    r"\b(?:none|neither) of (?:them|those|his buildings|the buildings) (?:are|is) (?:a )?"
    r"(?:temples?|palaces?)(?: or (?:a )?(?:temples?|palaces?))?\b|\b(?:there are |he has )?no "
    r"(?:temples?|palaces?)(?: or (?:temples?|palaces?))?(?: there| in it)?\b|\bgeen "
    r"(?:tempels?|paleizen|paleis)(?: of (?:tempels?|paleizen|paleis))?\b"
)
#: the attacking city's garrisons, then those committed ("I have 3 garrisons and attack with
#: 2", "ik heb 3 garnizoenen en val aan met 2")
_HOME_THEN_ATTACK = (
    r"\b(?:i have|i've got|ik heb|my city has|mijn stad heeft) "
    + _N
    + r" (?:garrisons|garnizoenen)"
    r"(?: in (?:my|that|the) city| in mijn stad)?,? (?:and|en) (?:i )?(?:attack|val aan|attack "
    r"with|val ermee aan) (?:with |met )?(\d|one|two|three|een|twee|drie)(?: of them| daarvan)?\b"
)
#: the dice rolled: the verb, then faces (0 to 3) and single skulls
_DICE = (
    r"\b(?:roll|rolled|rolls|rolling|throw|threw|dice came up|came up|comes? up|(?:dice|die) (?:show|shows|showed|"
    r"give|gave|read|land on|landed on)|gooi|gooide|(?:dobbelstenen|worp) (?:toont|tonen|geven|gaf|gaven))\b"
    r"((?:[\s,]*(?:\b[0-3]\b|\ba\b|\ban\b|\band\b|\been\b|\ben\b|\b" + _SKULL + r"))+)"
)
_NEXT = (
    r"\b(next door|next to (?:it|that|the attacked city|his city)|neighbou?ring|neighbou?rs?|"
    r"adjacent|naast\w*|ernaast|aangrenzend\w*|buurstad)\b"
)
_HIS = (
    r"\b(he|his|him|defender'?s?|enemy|hij|zijn|verdediger)\b|\bthe (?:city|town) (?:i'm|i am|i) "
    r"attack\w*|\b(?:the )?(?:attacked|target) city\b|\bde aangevallen stad\b"
)
#: obsidian spent, not only held ("spends 1 obsidian", "attack with 2 garrisons and 1 obsidian")
_SPENDS = (
    r"\b(spend|spends|spent|spending|burn|burns|burned|burning|use|uses|used|using|zet\w* in|"
    r"gebruik\w*|besteed\w*)\b|\battack\w* with \w+ garrisons? and \w+ obsidi"
    r"|\bval\w* aan met \w+ garnizoen\w* en \w+ obsidi"
)
_KEPT = r"\b(kept|keeps|keep|doesn't spend|does not spend|spends no|spends nothing|houdt|zonder)\b"
#: another king attacking the asker: the sides swapped, not read here
_SWAPPED = r"\b(he|she|they|hij) (attacks?|attacked|valt)\b|\battacks? my\b"
_SPLIT = (
    r"[.;:?!,]|\bbut\b|\band\b(?= (?:\d(?! obsidi)|his|he|the|my|i|no|spent|spend|spends|used|use|uses|"
    r"burns?|burned|kept|keeps)\b)"
    r"|\ben\b(?= (?:\d(?! obsidi)|zijn|hij|de|mijn|ik|geen|zonder)\b)"
)
_ASKS_DEFENCE = r"\bwhat(?: is|'s) (?:his|the) (?:defen[cs]e|total defen[cs]e)\b"
#: the outcome asked before the dice are rolled ("do I win?", "what are my chances?"): the
#: share of rolls that destroy anything, each possible roll fought by the engine
_CHANCE = (
    r"\b(?:(?:do|will|would|can|could) i (?:win|destroy (?:anything|something|a building))|"
    r"am i (?:going|likely) to win|what are my chances|what(?:'s| is) (?:my|the) chance(?: of winning)?|"
    r"how likely (?:am i|is it)(?: to win)?|win ik|wat is (?:mijn|de) kans|hoe groot is (?:mijn|de) "
    r"kans|maak ik kans)\b"
)
#: several cities or counts in one breath ("two of his cities next to it with 3 and 1")
_SEVERAL = r"\b(two|three|twee|drie|both|beide|all|alle) (?:of )?(?:his |my |zijn |mijn )?(?:own )?(?:cities|steden)\b"
_WORDS = BATTLE_WORDS | vocabulary("""spend spent spends spending burn burns burned use used uses
    kept keeps keep obsidian next door neighbouring neighboring neighbour neighbor adjacent to it
    that in attacked city cities his he defender defender's defence defense no not does doesn't
    him wreck fall falls result came up dice other also one where buildings many of
    naast verdediger verdediging zijn hij obsidiaan gebruik besteed verliest holds only villages
    village dorp
    garrisons dorpen garnizoenen geen zonder nothing niets friendly ernaast aangrenzende hem stad
    steden defends defend defending verdedigt will own go goes commit commits committing send
    sends from knock down raze destroy show shows showed land landed toont tonen right just
    inzet zet gooit vernietigen slopen sloop other andere i'm attacking aanval aanvallen those
    hoeveel gebouwen die temple temples palace palaces market markets reserve reserves court heb
    have got them daarvan
    courts observatory observatories tempel paleis markt target aangevallen come comes came
    rolling prisoners prisoner gevangenen both all beide allebei alle equipped carry carrying
    holding""")


class Told(NamedTuple):
    """The battle as the question tells it: the attacker's garrisons and the obsidian he
    spends, the defender's garrisons in the attacked city and beside it and the obsidian he
    spends, the dice, and what is asked (``"battle"`` or ``"defence"``)."""

    mine: int
    spent: int
    theirs: int
    beside: int
    kept: int
    faces: tuple[str, ...]
    asks: str
    others: tuple[tuple[str, int], ...] | None = None
    home: int | None = None


def _faces(text: str) -> tuple[tuple[str, ...], str] | None:
    """The dice faces rolled and the text without them."""
    found = re.search(_DICE, text)
    if found is None:
        return None
    words = re.findall(r"\d|\w+", found.group(1))
    faces = tuple("X" if re.fullmatch(_SKULL, w) else w for w in words if w.isdigit() or
                  re.fullmatch(_SKULL, w))  # fmt: skip
    return faces, text[: found.start()] + " , " + text[found.end() :]


def _clause_counts(clause: str) -> tuple[int | None, int | None]:
    """The garrisons and the obsidian one clause counts (``None`` where it names none)."""
    garrisons = (
        re.findall(_N + r" " + _GARRISON, clause)
        or re.findall(r"^\s*(?:and )?(\d) in\b", clause)
        or re.findall(r"\b(?:next door|next to it|beside it|ernaast) (\d)\s*$", clause)
    )
    obsidian = re.findall(_N + r" (?:\w+ )?" + _OBSIDIAN[2:], clause)
    if len(garrisons) > 1 or len(obsidian) > 1:
        raise ValueError(clause)
    if obsidian and obsidian[0] not in ("no", "geen") and not re.search(_SPENDS, clause):
        raise ValueError(clause)  # obsidian held is not obsidian spent
    g = _COUNTS.get(garrisons[0], None) if garrisons and not garrisons[0].isdigit() else None
    g = int(garrisons[0]) if garrisons and garrisons[0].isdigit() else g
    o = int(obsidian[0]) if obsidian and obsidian[0].isdigit() else None
    o = _COUNTS.get(obsidian[0]) if obsidian and not obsidian[0].isdigit() else o
    if o is None and re.search(_OBSIDIAN, clause) and re.search(_KEPT, clause):
        o = 0
    return g, o


def _roles(text: str) -> dict[str, dict[str, int]] | None:
    """Each side's counts: ``"me"``, ``"him"`` (the attacked city) and ``"beside"`` (his city
    next to it), from the clauses by their subjects; ``None`` when one is told twice."""
    told: dict[str, dict[str, int]] = {"me": {}, "him": {}, "beside": {}}
    role = "me"
    for clause in re.split(_SPLIT, text):
        if not clause.strip():
            continue
        if re.search(_NEXT, clause):
            role = "beside"
        elif re.search(_HIS, clause):
            role = "him"
        elif re.search(r"\b(i|my|me|ik|mijn)\b", clause):
            role = "me"
        try:
            garrisons, obsidian = _clause_counts(clause)
        except ValueError:
            return None
        villages = re.findall(_N + r" (" + _OTHER_WORDS + r")\b", clause)
        digits = len(re.findall(r"\b\d+\b", clause))
        placed = (garrisons is not None) + (obsidian is not None) + len(villages)
        if re.search(_SEVERAL, clause) or digits > placed:
            return None  # a number the clause does not place
        for count, said in villages:
            kind = next(k for k, w in _OTHER_KINDS.items() if re.fullmatch(w, said))
            if role != "him" or f"b:{kind}" in told["him"]:
                return None  # the buildings of the attacked city only, each told once
            told["him"][f"b:{kind}"] = _COUNTS.get(count) or int(count)
        side = "him" if role == "beside" and garrisons is None else role
        for what, n in (("garrisons", garrisons), ("obsidian", obsidian)):
            if n is None:
                continue
            owner = "him" if what == "obsidian" and side == "beside" else side
            if what in told[owner]:
                return None
            told[owner][what] = n
    return told


def told(q: Question) -> Told | None:
    """The battle the question tells, or ``None``."""
    text = q.lower
    if re.search(_SWAPPED, text) or about_another(Question.read(re.sub(_HE_LOSES, " ", text))):
        return None
    home = None
    owned = re.search(_HOME_THEN_ATTACK, text)
    if owned is not None:
        home = _COUNTS.get(owned.group(1)) or int(owned.group(1))
        text = (
            text[: owned.start()]
            + f"i attack with {owned.group(2)} garrisons"
            + text[owned.end() :]
        )
    text, held = _obsidian_held(text)
    asks = "defence" if re.search(_ASKS_DEFENCE, text) else "battle"
    dice = _faces(text)
    faces: tuple[str, ...] = ()
    if dice is not None:
        faces, text = dice
    elif asks == "battle" and re.search(_CHANCE, text):
        asks = "chance"  # no dice told: every roll is weighed
    elif asks == "battle":
        return None
    sides = _roles(text)
    if sides is None:
        return None
    me, him, beside = sides["me"], sides["him"], sides["beside"]
    if "garrisons" not in him or "obsidian" in beside:
        return None
    mine = me.get("garrisons", len(faces) if asks == "defence" and faces else 1)
    if asks == "battle" and ("garrisons" not in me or len(faces) != mine):
        return None
    if asks == "chance" and "garrisons" not in me:
        return None
    others = tuple((k[2:], n) for k, n in him.items() if k.startswith("b:"))
    result = Told(mine, me.get("obsidian", 0), him["garrisons"], beside.get("garrisons", 0),
                  him.get("obsidian", 0), faces or ("0",) * mine, asks,
                  others or None, home)  # fmt: skip
    if not (1 <= result.mine <= 3 and result.spent <= result.mine and 1 <= result.theirs <= 3):
        return None
    if result.beside > 3 or result.kept > result.theirs + result.beside:
        return None
    if result.others is not None and result.theirs + _plots(result.others) > 4:
        return None
    if home is not None and not result.mine <= home <= 4:
        return None
    numbers = {result.mine, result.spent, result.theirs, result.beside, result.kept}
    numbers |= {n for _k, n in result.others or ()} | ({home} if home else set())
    numbers |= {held} if held is not None else set()
    if held is not None and result.spent > held:
        return None
    numbers |= {int(f) for f in result.faces if f != "X"}
    phrases = (_SKULL, _NEXT, _NO_TWO_POINTS, _HELD, _CHANCE)
    if not understood(q, _WORDS, numbers=numbers, phrases=phrases):
        return None
    return result


#: the plots of the attacked city (:data:`NEIGHBOUR`)
_TARGET_PLOTS = 4


def _margin(t: Told) -> int:
    """Attack minus defence, by the rule's sums."""
    attack = sum(int(f) for f in t.faces if f != "X") + t.spent
    return attack - (t.theirs + t.beside + t.kept)


def _filler(t: Told) -> int:
    """Villages beside the told garrisons of an attacked city the question does not describe
    further: enough for the margin to be spent in full (the rule's "attack - defence =
    buildings lost"), 3 buildings at least."""
    return max(0, min(_TARGET_PLOTS, max(3, _margin(t))) - t.theirs)


def _beyond(t: Told) -> bool:
    """Whether the margin is more than any city the question leaves untold could hold."""
    return t.others is None and max(3, _margin(t)) > _TARGET_PLOTS


def _scene(t: Told) -> dict[str, Any]:
    """The position: the attacker's city with its garrisons (obsidian on as many as he
    spends), the attacked city and the city beside it, the defender's obsidian on his
    garrisons, the attacked city first."""
    home = ["garrison:obsidian"] * t.spent + ["garrison"] * (max(t.mine, t.home or 0) - t.spent)
    on_him = min(t.kept, t.theirs)
    target = ["garrison:obsidian"] * on_him + ["garrison"] * (t.theirs - on_him)
    if t.others is None:
        target += ["village"] * _filler(t)
    for kind, n in t.others or ():
        target += ([kind, "+"] if kind in ("temple", "palace") else [kind]) * n
    sites = {HOME: home, NEIGHBOUR: target}
    owners = {NEIGHBOUR: 1}
    if t.beside:
        left = t.kept - on_him
        sites[BESIDE] = ["garrison:obsidian"] * left + ["garrison"] * (t.beside - left)
        owners[BESIDE] = 1
    return position(sites=sites, owners=owners, riches=[{"maize": 3}], dice=t.faces)


#: the attacker's garrisons that carry obsidian ("2 of them with obsidian"), and the obsidian
#: then spent as "both" or "all" of it
_HELD = (
    r",? ?\b(\d|one|two|three|een|twee|drie) (?:of them|daarvan) (?:with|have|has|carry|carrying|hold|"
    r"holding|equipped with|met|hebben|heeft)(?: an?| een)? obsidi\w*"
)
_ALL_OF_IT = r"\b(?:both|all(?: the| my| of the| of my| of them| of it)?|beide|allebei|alle) (?:obsidi\w*|of them)\b"


def _obsidian_held(text: str) -> tuple[str, int | None]:
    """The text with the obsidian the attacker's garrisons carry read out, and its count;
    "both"/"all" of it spent becomes that count."""
    found = re.search(_HELD, text)
    if found is None:
        return text, None
    held = _COUNTS.get(found.group(1)) or int(found.group(1))
    text = text[: found.start()] + text[found.end() :]
    return re.sub(_ALL_OF_IT, f"{held} obsidian", text), held


def _plots(others: tuple[tuple[str, int], ...]) -> int:
    return sum(n * (2 if k in ("temple", "palace") else 1) for k, n in others)


def _two_pointers_left(t: Told) -> bool:
    """Whether a temple or palace stands in the attacked city and the margin does not pay for
    every building: then the count destroyed turns on the attacker's choice."""
    others = t.others or ()
    if not any(k in ("temple", "palace") for k, _n in others):
        return False
    return _margin(t) < t.theirs + _plots(others)


def _fight(state: State, kept: int) -> State | None:
    """The battle played to its end: the defender spends ``kept`` obsidian, each loss and
    destruction the first the engine offers."""
    for _ in range(20):
        choices = [(s, a) for s in state.to_move for a in legal_texts(state, s)]
        if any(a == f"defend {kept}" for _s, a in choices):
            state = play(state, f"defend {kept}", seat=1)
            continue
        waiting = [(s, a) for s, a in choices if a.split()[0] in ("lose", "destroy")]
        if any(a.split()[0] == "defend" for _s, a in choices):
            return None
        if not waiting:
            return state
        state = play(state, waiting[0][1], seat=waiting[0][0])
    return None


def battle_with_obsidian(q: Question) -> Answer | None:
    """ "I attack with 2 garrisons, spend 1 obsidian and roll 3 and a skull; his city has 2
    garrisons and his city next door 1": the battle fought by the engine."""
    if not q.matches(r"\b(attack\w*|aanval\w*|val\w* aan)\b|\bdefen[cs]e\b") and not q.matches(
        _DICE
    ):
        return None
    if not q.matches(_OBSIDIAN) and not q.matches(_NEXT) and not q.matches(_HIS):
        return None
    t = told(q)
    if t is None:
        return None
    if t.theirs > _TARGET_PLOTS:
        return None
    if t.asks == "chance":
        return _chances(q, t)
    asked = _asked_building(q)
    if asked is None and _two_pointers_left(t):
        return None  # which buildings fall is the attacker's choice: not one count
    data = _scene(t)
    state = load(data)
    action = f"attack {HOME}>{NEIGHBOUR} {t.mine} {t.spent}"
    if state is None or refusal(state, action) is not None:
        return None
    if asked is not None:
        return _can_destroy(q, t, data, play(state, action), asked)
    after = _fight(play(state, action), t.kept)
    war = (after.view(0).get("last_war") or {}) if after is not None else {}
    expected = (t.mine, t.spent, t.theirs + t.beside, t.kept)
    got = tuple(war.get(k) for k in ("garrisons", "attack_obsidian", "defence_garrisons",
                                     "defence_obsidian"))  # fmt: skip
    if got != expected:
        return None

    refs = [rules.WARS, rules.DEFENCE, rules.WAR_LOSSES, rules.DESTRUCTION]
    if t.asks == "defence":
        verdict = q.say(
            f"{war['defence']}: {t.theirs} garrisons in the attacked city + {t.beside} in his "
            f"city next to it + {t.kept} obsidian spent = {war['defence']}.",
            f"{war['defence']}: {t.theirs} garnizoenen in de aangevallen stad + {t.beside} in "
            f"zijn stad ernaast + {t.kept} ingezette obsidiaan = {war['defence']}.",
        )
        return checked(GAME, q, verdict, battle_reason(q), refs, position=data, topic="number")
    details = (q.say(f"Fought: {action}, defend {t.kept}, dice {' '.join(t.faces)}",
                     f"Gespeeld: {action}, defend {t.kept}, {' '.join(t.faces)}"),)  # fmt: skip
    return checked(GAME, q, _verdict(q, t, war), battle_reason(q), refs, position=data,
                   details=details)  # fmt: skip


#: "can I destroy the palace?": the building a yes-or-no question asks about
_DESTROY_ASKED = (
    r"\b(?:destroy|knock down|raze|wreck|vernietigen|vernietig|slopen|sloop)\b (?:the |his |that |"
    r"a |an |de |het |zijn |dat |die )?(\w+)"
)


#: the Dutch article of the buildings whose name takes "het" ("de" for the others)
_ARTICLE = {k: "Het" for k in ("village", "palace", "garrison", "observatory", "court")}


def _asked_building(q: Question) -> str | None:
    """The building a yes-or-no question asks to destroy ("can I destroy the palace?")."""
    found = re.search(_DESTROY_ASKED, q.lower) or re.search(
        r"\b(?:de|het|zijn|dat|die) (\w+) (?:vernietigen|slopen|kapotmaken)\b", q.lower
    )
    if q.kind != "yesno" or found is None:
        return None
    named = [m.name for m in BUILDINGS.find(Question.read(found.group(1)))]
    return named[0] if len(named) == 1 else None


def _can_destroy(
    q: Question, t: Told, data: dict[str, Any], state: State, kind: str
) -> Answer | None:
    """Whether the engine offers to destroy a ``kind`` of the attacked city once the battle
    is rolled (the defender spending ``t.kept`` obsidian)."""
    plots = [
        i for i, p in enumerate(data["sites"][NEIGHBOUR]["plots"]) if p and p.split(":")[0] == kind
    ]
    if not plots:
        return None
    for _ in range(6):
        choices = [(s, a) for s in state.to_move for a in legal_texts(state, s)]
        if any(a.startswith("destroy ") for _s, a in choices) or not choices:
            break
        if (state.view(0).get("last_war") or {}).get("winner") is not None:
            break  # fought out: the engine took the only choice there was
        seat, act = next(((s, a) for s, a in choices if a == f"defend {t.kept}"), choices[0])
        if act.split()[0] not in ("defend", "lose"):
            return None
        state = play(state, act, seat=seat)
    war = state.view(0).get("last_war") or {}
    attack, defence = war.get("attack"), war.get("defence")
    if attack is None or defence is None:
        return None
    legal = legal_texts(state, 0) if 0 in state.to_move else []
    fallen = [d.get("building") for d in war.get("destroyed") or ()]
    allowed = kind in fallen or any(f"destroy {NEIGHBOUR}.{p}" in legal for p in plots)
    name = name_of(q, kind)
    reason = q.say(
        f"Attack {attack} against defence {defence} leaves {attack - defence} point(s); a temple "
        "or palace takes 2 of them, any other building 1.",
        f"Aanval {attack} tegen verdediging {defence} laat {attack - defence} punt(en) over; een "
        "tempel of paleis kost er 2, elk ander gebouw 1.",
    )
    verdict = yes_no(q, allowed) + q.say(
        f" The {name} {'can' if allowed else 'cannot'} be destroyed.",
        f" {_ARTICLE.get(kind, 'De')} {name} kan {'' if allowed else 'niet '}vernietigd worden.",
    )
    refs = [rules.WARS, rules.DEFENCE, rules.DESTRUCTION]
    return checked(GAME, q, verdict, reason, refs, position=data)


def _verdict(q: Question, t: Told, war: dict[str, Any]) -> str:
    """The battle's outcome; "up to" the margin when it is more than an untold city holds."""
    attack, defence = war["attack"], war["defence"]
    if _beyond(t):
        margin = attack - defence
        return q.say(
            f"Up to {margin}: attack {attack} against defence {defence} ({attack} - {defence} = "
            f"{margin}); his city loses as many buildings as it holds, up to {margin} (a temple "
            "or palace takes 2 of them).",
            f"Hoogstens {margin}: aanval {attack} tegen verdediging {defence} ({attack} - "
            f"{defence} = {margin}); zijn stad verliest zoveel gebouwen als ze heeft, tot "
            f"{margin} (een tempel of paleis kost er 2).",
        )
    verdict = battle_verdict(q, war)
    if t.others is None and len(war.get("destroyed") or ()) > t.theirs:
        verdict += q.say(
            " (His city is taken to hold enough buildings besides its garrisons; it loses no "
            "more than it holds.)",
            " (Zijn stad wordt geacht genoeg gebouwen naast de garnizoenen te hebben; ze verliest "
            "nooit meer dan ze heeft.)",
        )
    return verdict


#: the war dice's faces when no option changes them (the game's ``faces`` option)
_FACES = parse_faces(next(str(o.default) for o in load_game(GAME).options if o.name == "faces"))


def _rolls(dice: int) -> dict[int, int]:
    """How many of the ``6 ** dice`` rolls give each total of success points (a skull counts
    none)."""
    totals = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, ways in totals.items():
            for face in _FACES:
                key = total + max(face, 0)
                nxt[key] = nxt.get(key, 0) + ways
        totals = nxt
    return totals


def _one_roll(points: int, dice: int) -> tuple[str, ...]:
    """One roll of ``dice`` dice worth ``points`` success points (the highest faces first)."""
    top = max(_FACES)
    faces = []
    for _ in range(dice):
        face = min(top, points)
        faces.append(str(face))
        points -= face
    return tuple(faces)


def _chances(q: Question, t: Told) -> Answer | None:
    """ "I attack with 3 garrisons and 1 obsidian, he has 2 garrisons: do I win?": every total
    the dice can show fought by the engine, weighed by how many rolls give it."""
    action = f"attack {HOME}>{NEIGHBOUR} {t.mine} {t.spent}"
    rolls, winning, defence, data = _rolls(t.mine), 0, None, None
    for points, ways in sorted(rolls.items()):
        fought = t._replace(faces=_one_roll(points, t.mine), asks="battle")
        scene = _scene(fought)
        state = load(scene)
        if state is None or refusal(state, action) is not None:
            return None
        after = _fight(play(state, action), t.kept)
        war = (after.view(0).get("last_war") or {}) if after is not None else {}
        if war.get("attack") != points + t.spent:
            return None
        defence, data = war.get("defence"), data or scene
        winning += ways if war.get("destroyed") else 0
    if defence is None:
        return None
    total = sum(rolls.values())
    need = defence + 1 - t.spent
    faces = ", ".join("X" if f < 0 else str(f) for f in _FACES)
    if winning == 0:
        verdict = q.say(
            f"No: even the best roll ({max(rolls)} success points) plus {t.spent} obsidian cannot "
            f"beat a defence of {defence}.",
            f"Nee: zelfs de beste worp ({max(rolls)} punten) plus {t.spent} obsidiaan verslaat een "
            f"verdediging van {defence} niet.",
        )
    elif winning == total:
        verdict = q.say(
            f"Yes, whatever the dice: {t.spent} obsidian alone beats a defence of {defence}.",
            f"Ja, wat de dobbelstenen ook tonen: {t.spent} obsidiaan alleen verslaat al een "
            f"verdediging van {defence}.",
        )
    else:
        share = round(100 * winning / total)
        verdict = q.say(
            f"It depends on the dice: against a defence of {defence}, with {t.spent} obsidian, "
            f"you destroy at least one building when your {t.mine} dice show {need} or more "
            f"success points: {winning} of the {total} rolls ({share}%) with the dice faces "
            f"{faces}.",
            f"Dat hangt van de dobbelstenen af: tegen een verdediging van {defence}, met "
            f"{t.spent} obsidiaan, vernietig je minstens één gebouw als je {t.mine} dobbelstenen "
            f"samen {need} of meer punten tonen: {winning} van de {total} worpen ({share}%) met "
            f"de zijden {faces}.",
        )
    refs = [rules.WARS, rules.DEFENCE, rules.DESTRUCTION]
    details = (f"Fought: {action}, defend {t.kept}, once for each total of the dice",)
    return checked(GAME, q, verdict, battle_reason(q), refs, position=data, details=details)


READERS = (battle_with_obsidian,)
