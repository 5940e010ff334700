"""Questions about wars ("3 - WARS"): whether an attack is allowed, what a battle destroys, and
taking over a devastated city, each built as a position and fought by the engine (the dice set
in the position)."""

from __future__ import annotations

import re
from typing import Any

from gametable.core.protocol import State
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    ONE_TURN,
    about_another,
    number_before,
    numbers_in,
    understood,
    vocabulary,
    wants,
)
from gametable.games.balam.answers.refusals import reason_of
from gametable.games.balam.answers.scenes import (
    FAR,
    HOME,
    NEIGHBOUR,
    legal_texts,
    load,
    play,
    position,
    refusal,
)
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
_NO_GARRISON = (
    r"^(?:can|may|could) i attack (?:anyone )?(?:without|with no) (?:a |any )?garrisons?\b"
    r"|\b(?:i have|i've got|my city has|my cities have|i hold) no garrisons?\b"
    r"|\b(?:from (?:a|my|one)|i have a|i've got a|my) city (?:without|with no|that has no|which has no|that doesn't "
    r"have|with not a single) (?:a |any )?garrisons?\b"
    r"|^mag ik (?:aanvallen |een stad aanvallen )?zonder (?:een )?garnizoen\w*"
    r"|\b(?:vanuit een|ik heb een|mijn) stad (?:zonder|die geen) (?:een )?garnizoen\w*"
    r"|\bik heb geen garnizoen\w*"
    r"|\b(?:my|mijn) (?:city|stad) (?:has|holds|heeft) (?:(?:a|an|one|een) \w+(?: court)?(?:,? (?:and|en) )?)+"
    r",? (?:but|maar) (?:no|geen) garrisons?\b|\b(?:my|mijn) (?:city|stad) (?:has|holds|heeft) "
    r"(?:(?:a|an|one|een) \w+(?: court)?(?:,? (?:and|en) )?)+,? (?:maar )?geen garnizoen\w*"
)
#: the attacked city has no garrison: it defends with nothing, the attack is allowed
_UNGUARDED = (
    r"\b(?:if |when |als )?(?:the |his |an |that |de |zijn )?(?:enemy'?s? |opponent'?s? |vijandelijke )?"
    r"(?:city|stad) (?:of (?:my|the|an?) (?:opponent|enemy|rival) |van (?:mijn|de) (?:tegenstander|vijand) )?"
    r"(?:that |which |die )?(?:has|holds|heeft) (?:no|geen) (?:garrisons?|garnizoen\w*)(?: in it| erin)?\b"
    r"|\b(?:an? )?(?:undefended|unguarded) (?:enemy )?city\b"
)
_FAR = (
    r"\b(not (?:next to|adjacent|neighbouring|a neighbour|connected|linked|joined)|far away|"
    r"far from|non-adjacent|(?:isn't|is not|aren't|not|doesn't|does not) (?:next to|adjacent to|"
    r"touching|touch|bordering)|(?:isn't|is not|aren't|not) (?:connected|linked|joined)(?: to \w+)?"
    r"(?: by (?:a )?path)?|no path|(?:two|2|three|3) (?:tiles|sites|spaces) away|"
    r"niet (?:naast|aangrenzend|verbonden)|geen pad|ver weg|(?:isn't|is not|not) at the (?:other )?end "
    r"of (?:a|the|any) paths?(?: from (?:mine|my city|my cities))?|niet aan het eind(?:e)? van een pad)\b"
)
_EMPTY = r"\b(free|empty|unowned|nobody'?s?|neutral|vrije?|lege?)\s+(site|city|place|plaats|stad)\b"
_OWN = r"\b(my own|one of my|mijn eigen)\b"
_TWICE = (
    r"\b(twice|two attacks|2 attacks|again|second attack|more than once|tweemaal|twee keer|"
    r"nog een keer)\b"
)
_TWO_CITIES = r"\b(?:say |for example )?(?:from|vanuit) (?:two|2|twee) (?:different |verschillende )?(?:cities|steden)\b"
_AND_BUILD = r"\b(build|built|bouw\w*|gebouwd)\b"
#: "I've just built a garrison": the build was this turn only when the question says so
_BUILT = r"\b(built|gebouwd)\b"
_JUST = r"\b(just|right away|straight away|at once|meteen|direct|net)\b"


_ATTACK_WORDS = vocabulary("""attack attacking aanvallen aanval val aan war oorlog city cities stad steden site
    from with in one turn same this beurt when my city has enemy enemy's vijand vijandige an
    neighbouring neighbour's next to mine mijn naast from vanuit then afterwards after and en
    launch make declare voeren doen any have it with right away just i've it's but maar
    dezelfde zelfde keer""")


def can_attack(q: Question) -> Answer | None:
    """ "Can I attack without a garrison / a city that is not next to mine / twice / and build
    in the same turn / with more garrisons than my city has?"."""
    if q.kind != "yesno" or wants(q) not in ("attack", "build"):
        return None
    if not q.matches(r"\b(attack\w*|aanval\w*|val \w+ aan|oorlog)\b") or about_another(q):
        return None
    phrases = (
        ONE_TURN,
        _NO_GARRISON,
        _FAR,
        _EMPTY,
        _OWN,
        _TWICE,
        _TWO_CITIES,
        _AND_BUILD,
        _JUST,
        _UNGUARDED,
        r"\b(has|have|only|heeft|hebben)\b",
    )
    if not understood(
        q, _ATTACK_WORDS, lexicons=(BUILDINGS,), numbers=set(numbers_in(q)), phrases=phrases
    ):
        return None
    said = numbers_in(q, ignoring=f"{ONE_TURN}|{_TWICE}|{_TWO_CITIES}|{_FAR}")
    if len(said) not in (0, 2) or (said and not q.matches(r"\bgarris|garnizoen")):
        return None
    scene = _attack_scene(q)
    if scene is None or isinstance(scene, Answer):
        return scene
    home, target, sites_extra, owners, before, garrisons = scene
    sites = {HOME: home, **sites_extra}
    data = position(sites=sites, owners=owners, riches=[{"maize": 3}])
    state = load(data)
    if state is None:
        return None
    if before:
        state = play(state, *before)
    action = f"attack {HOME}>{target} {garrisons} 0"
    refused = refusal(state, action)
    if refused is None:
        reason = q.say(
            "After paying the turn's riches a king may launch one attack, from a city with a "
            "garrison, on an enemy city at the end of a path, with as many of its garrisons as "
            "he likes.",
            "Na het betalen van de beurt mag een koning één aanval doen, vanuit een stad met een "
            "garnizoen, op een vijandige stad aan het eind van een pad.",
        )
        return checked(GAME, q, yes_no(q, True), reason, [rules.WARS], position=data)
    return checked(
        GAME,
        q,
        yes_no(q, False),
        reason_of(q, refused),
        [refused.rule],
        position=data,
        details=(q.say(f"Tried: {action}", f"Geprobeerd: {action}"),),
    )


#: an attack as a question tells it: the attacking city's plots, the target, the other sites,
#: their owners, the turn's earlier actions and the garrisons committed
_Attack = tuple[
    list[str | None], str, dict[str, list[str | None]], dict[str, int], tuple[str, ...], int
]


def _attack_scene(q: Question) -> _Attack | Answer | None:
    """The attacking city's plots, the target, the other sites and their owners, the turn's
    earlier actions and the garrisons committed, as the question tells them (or the reply
    itself for an attack followed by another action)."""
    home: list[str | None] = ["garrison", "garrison", None]
    target = NEIGHBOUR
    sites_extra: dict[str, list[str | None]] = {NEIGHBOUR: ["village"]}
    owners = {NEIGHBOUR: 1}
    before: tuple[str, ...] = ()
    garrisons = 1
    if q.matches(_NO_GARRISON):
        home = ["village", None, None]
    elif q.matches(_FAR):
        target, sites_extra, owners = FAR, {FAR: ["village"]}, {FAR: 1}
    elif q.matches(_EMPTY):
        sites_extra, owners = {}, {}
    elif q.matches(_OWN):
        owners = {}
    elif q.matches(_TWICE):
        return _after_an_attack(q, "attack")
    elif q.matches(_UNGUARDED):
        pass  # the target holds a village and no garrison
    elif q.matches(_AND_BUILD):
        if q.matches(_BUILT) and not (q.matches(ONE_TURN) or q.matches(_JUST)):
            return None  # built some turn before: the attack is another question
        attack_first = -1 < q.lower.find("attack") < q.lower.find("build")
        if attack_first:
            return _after_an_attack(q, "build")
        before = (f"build village {HOME}.2", "pay maize")
    else:
        more = number_before(q, "garrisons", "garnizoenen")
        has = _city_garrisons(q)
        if more is None or has is None or more <= has:
            return None
        home = ["garrison"] * has + [None] * (3 - has)
        if has > 3:
            return None
        garrisons = more
    return home, target, sites_extra, owners, before, garrisons


def _city_garrisons(q: Question) -> int | None:
    """How many garrisons the question says the attacking city has ("my city has 2")."""
    match = re.search(r"\b(?:has|have|only|heeft|hebben)\s+(\d+)", q.lower)
    return int(match.group(1)) if match else None


def _after_an_attack(q: Question, then: str) -> Answer | None:
    """An attack, then another attack or a building in the same turn: the attack ends the turn
    (unless it devastated the enemy city, which the attacker may then build on)."""
    data = position(
        sites={HOME: ["garrison", "garrison", None], NEIGHBOUR: ["village", "village"]},
        owners={NEIGHBOUR: 1},
        riches=[{"maize": 3}],
        dice=("0",),
    )
    state = load(data)
    if state is None:
        return None
    after = play(state, f"attack {HOME}>{NEIGHBOUR} 1 0")
    if 0 in after.to_move or legal_texts(after, 0):
        return None
    reason = q.say(
        "A king launches one attack a turn, instead of building: once the battle is over his "
        "turn ends and the next king plays. Only when the attack leaves the enemy city without "
        "a building may the attacker build on it at once.",
        "Een koning valt één keer per beurt aan, in plaats van te bouwen: na de strijd is zijn "
        "beurt voorbij. Alleen als de aanval de vijandige stad zonder gebouwen laat, mag de "
        "aanvaller er meteen bouwen.",
    )
    details = (
        q.say(
            f"Fought: attack {HOME}>{NEIGHBOUR} 1 0 (a die showing 0); then seat 0 has no "
            f"action left ({then} refused)",
            f"Gespeeld: attack {HOME}>{NEIGHBOUR} 1 0 (een 0); daarna heeft speler 0 geen zet meer",
        ),
    )
    return checked(
        GAME,
        q,
        yes_no(q, False),
        reason,
        [rules.WARS, rules.DEVASTATED],
        position=data,
        details=details,
    )


_TAKE_WORDS = vocabulary("""i've destroyed destroy the last building buildings of an enemy enemy's city site take it
    over possession then rebuild build on there mine own keep my attack after devastated
    ik heb het laatste gebouw van een vijandige stad verwoest vernietigd die overnemen
    innemen nemen neem bouwen bouw herbouwen er daar mag ik dan na mijn aanval when if
    als wiped out every all claim site for myself his now razed vijandelijke helemaal platgegooid meteen zelf
    alle heeft zijn gebouwen right away immediately straight bebouwen nu die""")


#: the enemy city left without a building ("destroyed its last building", "wiped out every
#: building", "platgegooid")
_WIPED = (
    r"\b(last building|last buildings|devastat\w*|verwoest\w*|laatste gebouwen|laatste gebouw|wiped out|razed|flattened|"
    r"platgegooid|platgebrand|(?:every|each|all (?:the |his |its |of the )?)buildings?|"
    r"alle gebouwen)\b"
)


def take_over(q: Question) -> Answer | None:
    """ "I destroyed the last building of an enemy city, can I take it over?": yes, by building
    on it at once, without paying the turn's riches again."""
    if wants(q) != "take over" and not (
        q.matches(_WIPED)
        and q.matches(r"\b(build|bouw\w*|bebouw\w*|take|neem|mine|own|van mij|claim)\b")
    ):
        return None
    if not q.matches(_WIPED):
        return None
    if about_another(q) or numbers_in(q) or not understood(q, _TAKE_WORDS, lexicons=(BUILDINGS,)):
        return None
    data = position(
        sites={HOME: ["garrison", "garrison", None], NEIGHBOUR: ["village"]},
        owners={NEIGHBOUR: 1},
        riches=[{"maize": 2}],
        dice=("3",),
    )
    state = load(data)
    if state is None:
        return None
    after = play(state, f"attack {HOME}>{NEIGHBOUR} 1 0")
    legal = legal_texts(after)
    builds = [a for a in legal if a.startswith("build") and f" {NEIGHBOUR}." in a]
    pays = [a for a in legal if a.startswith("pay")]
    owner = after.to_json()["sites"][NEIGHBOUR]["owner"]
    if not builds or owner is not None or pays:
        return None
    reason = q.say(
        "A city that loses its last building belongs to no one, and the attacker may take it "
        "at once by building one or more buildings on it right after the assault, paying for "
        "the buildings but not the turn's riches again.",
        "Een stad die haar laatste gebouw verliest is van niemand, en de aanvaller mag haar "
        "meteen na de aanval innemen door er te bouwen; hij betaalt de gebouwen, maar niet "
        "opnieuw de rijkdom van de beurt.",
    )
    details = (
        q.say(
            f"Fought: attack {HOME}>{NEIGHBOUR} 1 0 with a die showing 3; then allowed: "
            f"{', '.join(builds[:4])}, ...",
            f"Gespeeld: attack {HOME}>{NEIGHBOUR} 1 0 met een 3; daarna mag: "
            f"{', '.join(builds[:4])}, ...",
        ),
    )
    return checked(
        GAME,
        q,
        yes_no(q, True),
        reason,
        [rules.DEVASTATED, rules.DESTRUCTION],
        position=data,
        details=details,
    )


_BATTLE_WORDS = vocabulary("""i attack attacking attacked with garrisons garrison and roll rolled rolls get got throw
    dice die a an against city cities enemy enemy's his her defending defender defence
    defense has have of what happens how many buildings building do destroy destroyed lose
    my score scores scored attack's potential the is points success successes skull skulls
    total when if as strength
    ik als val aan aanval met garnizoenen garnizoen en gooi gooide dobbelstenen dobbelsteen een
    tegen stad vijandige heeft wat gebeurt er hoeveel gebouwen vernietig verlies mijn
    doodshoofd doodshoofden schedel schedels bij commit commits send inzet zet gebruik
    mag gooien""")
_SKULL = r"\b(skulls?|doodshoofd(?:en)?|schedels?)\b"
_ROLLED = r"\b(?:roll|rolled|rolls|throw|get|got|gooi|gooide)\b"


def _faces(q: Question) -> list[str] | None:
    """The dice faces the question says were rolled ("a 3 and a skull"), in order."""
    match = re.search(_ROLLED + r"(.*?)(?:\bagainst\b|\btegen\b|[?]|$)", q.lower)
    if match is None:
        return None
    faces: list[str] = []
    words = re.findall(r"-?\d+|[^\W\d_]+", match.group(1))
    for i, word in enumerate(words):
        if word.isdigit():
            if int(word) > 3:
                return None
            faces.append(word)
        elif re.fullmatch(_SKULL, word):
            before = words[i - 1] if i else ""
            many = {"two": 2, "2": 2, "twee": 2, "three": 3, "drie": 3}.get(before, 1)
            if before in ("two", "2", "twee", "three", "drie") and faces and faces[-1] == before:
                faces.pop()
            faces += ["X"] * many
    return faces or None


#: "my attack is 5 against a defence of 3", "my attack potential is 4 and his defence
#: potential is 4"
_SCORES = (
    r"\b(?:scores?|is|of|van) (\d+) (?:against|vs|versus|tegen) (?:a |an |the |een |de )?"
    r"(?:defen[cs]e|verdediging)(?: potential| strength| score)? (?:of |van |is )?(\d+)\b"
    r"|\b(?:scores?|is) (\d+),? and (?:the|his) (?:defen[cs]e|defender)(?: potential| strength|"
    r" score)? (?:is|scores?|has) (\d+)\b"
)


def battle(q: Question) -> Answer | None:
    """ "I attack with 2 garrisons and roll a 3 and a skull against a city with 2 garrisons":
    the battle fought by the engine with those dice; "how many dice with 3 garrisons?"."""
    if about_another(q) or not q.matches(
        r"\b(attack\w*|aanval\w*|val \w* ?aan|how many dice|hoeveel dobbelstenen)\b"
    ):
        return None
    if q.matches(r"\bobsidi\w+"):
        return None  # obsidian spent is not built here
    told = _battle_told(q)
    if told is None:
        return None
    mine, theirs, faces, asks_dice = told
    margin = sum(int(f) for f in faces if f != "X") - theirs
    filler = max(0, max(3, margin) - theirs)  # enough one-point buildings for the margin
    if theirs + filler > 4:
        return None  # a margin beyond any city we may suppose: his buildings must be told
    data = position(
        sites={
            HOME: ["garrison"] * mine,
            NEIGHBOUR: ["garrison"] * theirs + ["village"] * filler,
        },
        owners={NEIGHBOUR: 1},
        riches=[{"maize": 3}],
        dice=tuple(faces),
    )
    state = load(data)
    action = f"attack {HOME}>{NEIGHBOUR} {mine} 0"
    if state is None or refusal(state, action) is not None:
        return None
    after = _fought(play(state, action))
    war = (after.view(0).get("last_war") or {}) if after is not None else {}
    if war.get("garrisons") != mine:
        return None
    if asks_dice:
        verdict = q.say(f"{mine} dice.", f"{mine} dobbelstenen.")
        reason = q.say(
            "The attacker rolls one die for each garrison he commits to the assault.",
            "De aanvaller gooit één dobbelsteen per garnizoen dat hij inzet.",
        )
        return checked(
            GAME, q, verdict, reason, [rules.WARS, "3-wars"], position=data, topic="number"
        )
    details = (
        q.say(
            f"Fought: {action} with dice {' '.join(faces)}",
            f"Gespeeld: {action} met {' '.join(faces)}",
        ),
    )
    refs = [rules.WARS, rules.WAR_LOSSES, rules.DESTRUCTION]
    return checked(GAME, q, _battle_verdict(q, war), _BATTLE_REASON.pick(q), refs,
                   position=data, details=details)  # fmt: skip


def _battle_told(q: Question) -> tuple[int, int, list[str], bool] | None:
    """The attacker's garrisons, the defender's, the dice faces and whether the question asks
    for the number of dice, as the question tells them; ``None`` when it does not tell them
    all or holds words the battle does not place."""
    mine = _garrisons_after(q, r"\b(?:attack|aanval|val aan) (?:with|met)")
    if mine is None:
        mine = _count_of_attackers(q)
    theirs = _garrisons_after(
        q,
        r"\b(?:against|tegen) (?:a|an|the|his|een|de)? ?(?:enemy |vijandige )?(?:city|stad) "
        r"(?:with|that has|which has|met|die)",
    )
    asks_dice = q.matches(r"\b(how many dice|hoeveel dobbelstenen)\b")
    faces = None if asks_dice else _faces(q)
    scores = re.search(_SCORES, q.lower)
    if scores and mine is None and theirs is None and faces is None:
        found = [int(g) for g in scores.groups() if g is not None]
        total, theirs = found[0], found[1]
        mine = max(1, -(-total // 3))
        faces = ["3"] * (total // 3) + ([str(total % 3)] if total % 3 else [])
        faces += ["0"] * (mine - len(faces))
    if mine is None or not 1 <= mine <= 3:
        return None
    if asks_dice:
        if theirs is not None:
            return None
        faces, theirs = ["0"] * mine, 1
    if faces is None or theirs is None or not 1 <= theirs <= 4 or len(faces) != mine:
        return None
    used = {mine, theirs, *(int(f) for f in faces if f != "X")}
    if scores:
        used.add(sum(int(f) for f in faces if f != "X"))
    if not understood(q, _BATTLE_WORDS, numbers=used, phrases=(_SKULL,)):
        return None
    return mine, theirs, faces, asks_dice


def _battle_verdict(q: Question, war: dict[str, Any]) -> str:
    """What the battle did, worked out: attack - defence, the buildings destroyed, the
    prisoners won and the garrisons lost to skulls."""
    attack, defence, skulls = war["attack"], war["defence"], war["skulls"]
    points = len(war.get("destroyed") or ())
    whole = q.say(" (all his city held)", " (alles wat zijn stad had)")
    held = whole if points < attack - defence else ""
    won = len(war.get("prisoners") or ())
    lost = q.say(
        f"you lose {skulls} garrison{'s' if skulls != 1 else ''} (one per skull)",
        f"je verliest {skulls} garnizoen(en) (één per doodshoofd)",
    )
    if not points:
        return q.say(
            f"Nothing: attack {attack} against defence {defence} ({attack} - {defence} = "
            f"{attack - defence}), nothing is "
            f"destroyed, and {lost}.",
            f"Niets: aanval {attack} tegen verdediging {defence} ({attack} - {defence} = "
            f"{attack - defence}), er wordt "
            f"niets vernietigd, en {lost}.",
        )
    verdict = q.say(
        f"Attack {attack} against defence {defence} ({attack} - {defence} = {attack - defence}): "
        f"you destroy {points} "
        f"building{'s' if points != 1 else ''}{held} of his city and win {won} "
        f"prisoner{'s' if won != 1 else ''}, and {lost}.",
        f"Aanval {attack} tegen verdediging {defence} ({attack} - {defence} = "
        f"{attack - defence}): je vernietigt "
        f"{points} gebouw(en){held} van zijn stad en wint {won} gevangene(n), en {lost}.",
    )
    if q.matches(r"\b(how many buildings|hoeveel gebouwen)\b"):
        verdict = f"{points}. " + verdict
    return verdict


class _Said:
    """A sentence in English and Dutch, picked by the question's language."""

    def __init__(self, en: str, nl: str) -> None:
        self.en, self.nl = en, nl

    def pick(self, q: Question) -> str:
        return q.say(self.en, self.nl)


_BATTLE_REASON = _Said(
    "The attack is the dice's success points plus the obsidian spent, the defence the "
    "garrisons of the attacked city and its friendly neighbours plus their obsidian; each "
    "skull costs the attacker a garrison.",
    "De aanval is de som van de dobbelstenen plus de ingezette obsidiaan, de verdediging de "
    "garnizoenen van de stad en haar bevriende buren plus hun obsidiaan; elk doodshoofd kost "
    "de aanvaller een garnizoen.",
)


def _fought(state: State) -> State | None:
    """The war played to its end, each loss and destruction the first the engine offers (the
    same buildings every time, so the count is what any choice gives)."""
    for _ in range(20):
        seats = [seat for seat in state.to_move if legal_texts(state, seat)]
        choices = [(seat, a) for seat in seats for a in legal_texts(state, seat)]
        waiting = [
            (seat, a) for seat, a in choices if a.split()[0] in ("lose", "destroy", "defend")
        ]
        if not waiting:
            return state
        seat, action = waiting[0]
        state = play(state, action, seat=seat)
    return None


def _garrisons_after(q: Question, lead: str) -> int | None:
    match = re.search(lead + r"\s+(\w+)\s+(?:garrisons?|garnizoen\w*)\b", q.lower)
    if match is None:
        return None
    return _count(match.group(1))


#: the attacker's garrisons said another way: "met 3 garnizoenen aanval", "commit 3
#: garrisons", "attacking using 2 garrisons"
_ATTACKERS = (
    r"\b(?:met|with) (\w+) garnizoen\w* (?:aanval\w*|aan ?val\w*)\b",
    r"\b(?:commit|commits|send|sends|use|using|inzet|zet) (\w+) (?:garrisons?|garnizoen\w*)"
    r"(?: in)?(?: to attack| for the attack| in the attack| om aan te vallen| bij de aanval)?\b",
    r"\battack(?:ing)? (?:using|committing) (\w+) garrisons?\b",
    r"\b(\w+) garnizoen\w* (?:inzet|inzetten|gebruik|gebruiken|stuur|sturen)\b",
)


def _count_of_attackers(q: Question) -> int | None:
    for pattern in _ATTACKERS:
        found = re.search(pattern, q.lower)
        if found is not None and (n := _count(found.group(1))) is not None:
            return n
    return None


def _count(word: str) -> int | None:
    words = {"one": 1, "a": 1, "two": 2, "three": 3, "één": 1, "een": 1, "twee": 2, "drie": 3}
    return int(word) if word.isdigit() else words.get(word)


#: the battle's words, verdict and reason, for :mod:`.battle` (obsidian and neighbouring cities)
BATTLE_WORDS = _BATTLE_WORDS
battle_verdict = _battle_verdict


def battle_reason(q: Question) -> str:
    """The battle's rule in one sentence, in the question's language."""
    return _BATTLE_REASON.pick(q)


READERS = (battle, take_over, can_attack)
