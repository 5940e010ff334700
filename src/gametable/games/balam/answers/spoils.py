"""A won battle's spoils ("3 - WARS"), worked out from the rule's own numbers: which buildings
a margin of attack over defence destroys (a temple or palace costs 2 points, any other building
1) and how many prisoners an attacking city keeps (one per destroyed building, each on an empty
garrison of that city). These replies rest on the rule, not on a built position, so they are
not marked as checked by the referee."""

from __future__ import annotations

import re

from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import BUILDINGS, counted
from gametable.games.balam.board import DOUBLE, KINDS
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import sources

GAME = "balam"
_N = r"(\d|one|two|three|four|five|een|één|twee|drie|vier)"
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "een": 1, "één": 1}
_WORDS |= {"twee": 2, "drie": 3, "vier": 4}
#: the margin of attack over defence, in the ways players say it
_MARGIN = (
    rf"\b(?:beats?|won|win|wins)(?: (?:his |the )?(?:defen[cs]e|fight|battle))? by "
    rf"(?:exactly )?{_N}\b|\b{_N} (?:attack )?points? (?:left|over|to spare)\b"
    rf"|\battack is {_N} (?:points? )?(?:more|higher) than\b"
    rf"|\baanval is {_N} (?:punt(?:en)? )?hoger dan\b"
)
#: what the question does not let this reader place: the battle itself, obsidian, the
#: attacker's own garrisons or prisoners (another reader's question)
_ELSEWHERE = r"\b(obsidi\w*|skulls?|schedels?|doodskop\w*|garrisons?|garnizoen\w*|prisoners?|gevangen\w*|dice|roll\w*|gooi\w*)\b"


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word]


def _cost(kind: str) -> int:
    """Points of the margin a building takes: 2 for a temple or palace, 1 for the others."""
    return 2 if DOUBLE[KINDS.index(kind)] else 1


def _reply(q: Question, verdict: str, reason: str, refs: list[RuleRef]) -> Answer:
    """A reply worked out from the rule's numbers, not checked by the referee."""
    return Answer(
        GAME,
        q.text,
        f"{verdict} {reason}",
        sources(GAME, refs),
        answered=True,
        topic="number",
        lang=q.lang,
    )


#: the attack and the defence told apart ("my attack is 5 and his defence 3")
_PAIR = (
    rf"\b(?:my )?attack(?: potential| total| score| strength)?(?: is| was| of|:)? {_N},? (?:and|against|"
    rf"vs\.?|versus) (?:his |the |a )?defen[cs]e(?: potential| total| score| strength)?(?: is| was|"
    rf" of|:)? {_N}\b|\b(?:mijn )?aanval(?:skracht)?(?: is|:)? {_N},? (?:en|tegen) (?:zijn |de |een )?"
    rf"verdediging(?:skracht)?(?: is| van|:)? {_N}\b"
)
#: "how many buildings does he lose / do I destroy": a count of buildings, none named
_HOW_MANY = r"\b(how many (?:of his )?buildings|hoeveel gebouwen)\b"


def _told_margin(q: Question) -> int | None:
    """The margin of attack over defence, said as a margin or as the two totals."""
    pair = re.search(_PAIR, q.lower)
    if pair is not None:
        values = [_number(g) for g in pair.groups() if g]
        return values[0] - values[1]
    found = re.search(_MARGIN, q.lower)
    return None if found is None else _number(next(g for g in found.groups() if g))


def _up_to(q: Question, margin: int) -> Answer:
    """ "Attack 5, defence 3: how many buildings does he lose?": at most the margin, fewer when
    temples or palaces are chosen."""
    if margin <= 0:
        verdict = q.say(
            "None: the attack does not beat the defence, so nothing is destroyed.",
            "Geen: de aanval is niet hoger dan de verdediging, dus er wordt niets vernietigd.",
        )
        if q.kind == "yesno":
            verdict = q.say("No. ", "Nee. ") + verdict
    else:
        verdict = q.say(
            f"Up to {margin}: the margin is {margin} point{'s' if margin != 1 else ''}, and "
            "each building destroyed takes 1 (a temple or palace 2), as far as his city has "
            "buildings.",
            f"Hoogstens {margin}: het verschil is {margin} punt(en), en elk vernietigd gebouw "
            "kost 1 (een tempel of paleis 2), zolang zijn stad gebouwen heeft.",
        )
        if q.kind == "yesno":
            verdict = q.say("Yes. ", "Ja. ") + verdict
    reason = q.say(
        "The attack minus the defence is spent on the attacked city's buildings.",
        "De aanval min de verdediging wordt besteed aan gebouwen van de aangevallen stad.",
    )
    return _reply(q, verdict, reason, [rules.DESTRUCTION])


def margin_destroys(q: Question) -> Answer | None:
    """ "My attack beats his defence by 1 and his city holds only a temple: can I destroy it?":
    No, a temple takes 2 points of the margin."""
    margin = _told_margin(q)
    if margin is None or q.matches(_ELSEWHERE):
        return None
    held = counted(q, BUILDINGS)
    anything = q.matches(
        r"\b(?:destroy|knock down|vernietig\w*|sloop) (?:anything|something|iets)\b"
    )
    if (
        not held
        and (q.matches(_HOW_MANY) or anything)
        and re.search(_PAIR, q.lower)
        and margin <= 9
    ):
        return _up_to(q, margin)
    if not held or not 1 <= margin <= 9 or any(k not in KINDS for k in held):
        return None
    named = re.search(r"\b(?:destroy|vernietig\w*) (?:his |the |that |zijn |de )?(\w+)", q.lower)
    target = held
    if named and named.group(1) in ("temple", "palace", "tempel", "paleis", "village", "dorp"):
        alone = counted(Question.read(named.group(1)), BUILDINGS)
        target = {k: 1 for k in alone}
    need = sum(_cost(k) * n for k, n in target.items())
    costs = ", ".join(f"{k} {_cost(k)}" for k in sorted(held))
    reason = q.say(
        f"Each building destroyed takes points of the margin of attack over defence: a temple "
        f"or palace 2, any other building 1 (here: {costs}).",
        f"Elk vernietigd gebouw kost punten van het verschil tussen aanval en verdediging: een "
        f"tempel of paleis 2, elk ander gebouw 1 (hier: {costs}).",
    )
    refs: list[RuleRef] = [rules.DESTRUCTION]
    if q.kind == "yesno":
        ok = need <= margin
        verdict = q.say(
            f"{'Yes' if ok else 'No'}: that takes {need} point{'s' if need != 1 else ''} and "
            f"you have {margin}.",
            f"{'Ja' if ok else 'Nee'}: dat kost {need} punt(en) en je hebt er {margin}.",
        )
        return _reply(q, verdict, reason, refs)
    return _reply(q, _what_falls(q, held, margin, refs), reason, refs)


def _what_falls(q: Question, held: dict[str, int], margin: int, refs: list[RuleRef]) -> str:
    """What a margin destroys of the buildings ``held``: nothing, all (the city devastated,
    added to ``refs``) or the largest sets it pays for."""
    cheapest = min(_cost(k) for k in held)
    total = sum(_cost(k) * n for k, n in held.items())
    if margin < cheapest:
        return q.say(
            f"Nothing is destroyed: {margin} point{'s' if margin != 1 else ''} is not enough, "
            f"each of his buildings needs {cheapest}.",
            f"Niets wordt vernietigd: {margin} punt(en) is niet genoeg, elk van zijn gebouwen "
            f"kost {cheapest}.",
        )
    if margin >= total:
        names = " and ".join(f"the {k}" if n == 1 else f"{n} {k}s" for k, n in held.items())
        refs.append(rules.DEVASTATED)
        return q.say(
            f"All of them ({names}): {margin} points cover the {total} his buildings take, and "
            f"a city left without buildings belongs to nobody.",
            f"Allemaal: {margin} punten dekken de {total} die zijn gebouwen kosten, en een stad "
            f"zonder gebouwen is van niemand.",
        )
    picks = " or ".join(_choices(held, margin))
    return q.say(
        f"You pick buildings whose costs add up to at most {margin} (of {total} in all): {picks}.",
        f"Je kiest gebouwen die samen hoogstens {margin} kosten (van {total} in totaal).",
    )


def _choices(held: dict[str, int], margin: int) -> list[str]:
    """The largest sets of ``held`` buildings the margin pays for ("the temple", "2 villages")."""
    kinds = sorted(held)
    sets: list[dict[str, int]] = [{}]
    for kind in kinds:
        sets = [{**s, kind: n} for s in sets for n in range(held[kind] + 1)]
    fits = [s for s in sets if 0 < sum(_cost(k) * n for k, n in s.items()) <= margin]
    best = [s for s in fits if not any(
        o != s and all(o.get(k, 0) >= n for k, n in s.items()) for o in fits)]  # fmt: skip
    said = []
    for chosen in best:
        parts = [f"the {k}" if n == 1 else f"{n} {k}s" for k, n in chosen.items() if n]
        said.append(" and ".join(parts))
    return said


_KEEP = r"\bhow many prisoners\b|\bhoeveel gevangenen\b"
_DESTROYED = (
    rf"\b(?:destroyed|destroy|destroys|wrecked|wreck|knock down|knocked down|raze|razed|sloop|"
    rf"vernietig\w*) {_N} (?:of (?:his|her|their) )?(?:buildings?|gebouwen)\b"
    rf"|\b{_N} (?:buildings?|gebouwen)(?: \w+){{0,3}} (?:sloop|slopen|gesloopt|vernietig\w*)\b"
)
_EMPTY = (
    rf"\b{_N} (?:empty garrisons?|lege garnizoenen)\b"
    rf"|\b{_N} garrisons?(?: left)?,? (?:and )?both (?:are )?empty\b"
)
#: the attacking city's garrisons, then those lost to skulls ("has 3 garrisons but I lost 1
#: of them to a skull")
_LESS_SKULLS = (
    rf"\b(?:has|have|had|with|heeft|heb|had) (?:exactly |precies )?{_N} (?:garrisons?|garnizoen\w*)\b"
    rf"[^?!]*?(?:\b(?:lost|lose|verloor|verlies|kwijt)\b {_N}(?: of them| daarvan)? (?:to|by|door|"
    rf"aan) (?:a |an |een |\w+ )?(?:skulls?|schedels?|doodshoofd\w*|doodskop\w*)\b|\b(?:a|an|one|"
    rf"\w+) (?:skulls?|schedels?|doodshoofd\w*) (?:cost|costs|kostte|kost) (?:me |mij )?{_N} "
    rf"(?:garrisons?|garnizoen\w*)\b)"
)


def prisoners_kept(q: Question) -> Answer | None:
    """ "I destroyed 3 buildings and my attacking city has 2 empty garrisons: how many
    prisoners do I keep?": 2, one per empty garrison; the third is lost."""
    if not q.matches(_KEEP) or q.matches(r"\b(obsidi\w*|spent|skulls? cost)\b"):
        return None
    destroyed, empty = re.search(_DESTROYED, q.lower), re.search(_EMPTY, q.lower)
    less = re.search(_LESS_SKULLS, q.lower)
    if destroyed is None or (empty is None and less is None):
        return None
    n = _number(next(g for g in destroyed.groups() if g))
    if empty is not None:
        room = _number(next(g for g in empty.groups() if g))
    else:
        assert less is not None
        lost = less.group(2) or less.group(3)
        room = max(0, _number(less.group(1)) - _number(lost))
    kept, lost = min(n, room), max(0, n - room)
    verdict = q.say(
        f"{kept} prisoner{'s' if kept != 1 else ''}: one per destroyed building, each on an "
        f"empty garrison of the attacking city"
        + (f"; the other {lost} {'is' if lost == 1 else 'are'} lost." if lost else "."),
        f"{kept} gevangene(n): één per vernietigd gebouw, elk op een leeg garnizoen van de "
        f"aanvallende stad" + (f"; de overige {lost} gaan verloren." if lost else "."),
    )
    reason = q.say(
        "A prisoner needs an empty garrison of the city that attacked; any beyond them are lost.",
        "Een gevangene heeft een leeg garnizoen van de aanvallende stad nodig; de rest gaat "
        "verloren.",
    )
    return _reply(q, verdict, reason, [rules.DESTRUCTION])


#: skulls rolled, said with their number ("I rolled two skulls")
_SKULLS = rf"\b(?:rolled|roll|rolls|threw|throw|got|gooide|gooi|had|rolling) {_N} (?:skulls?|schedels?|doodskop\w*|doodshoofd\w*)\b"


def skulls_cost(q: Question) -> Answer | None:
    """ "I rolled two skulls but won: do I lose garrisons anyway?": yes, one garrison per
    skull, whether the attack wins or not."""
    found = re.search(_SKULLS, q.lower)
    if found is None or not q.matches(r"\b(lose|loses|losing|lost|verlies\w*|kwijt)\b"):
        return None
    if q.kind == "number" and q.matches(r"\b(how many garrisons|hoeveel garnizoen\w*)\b"):
        return _skulls_counted(q, _number(found.group(1)))
    if q.kind != "yesno":
        return None
    if not q.matches(r"\b(garrisons?|garnizoen\w*)\b") or len(q.numbers) > 1:
        return None
    skulls = _number(found.group(1))
    verdict = q.say(
        f"Yes: {skulls} garrison{'s' if skulls != 1 else ''}, one per skull, whether the attack "
        "wins or not.",
        f"Ja: {skulls} garnizoen(en), één per schedel, of de aanval nu slaagt of niet.",
    )
    reason = q.say(
        "Each skull makes the attacker lose a garrison of his choice, with any riches on it.",
        "Elke schedel kost de aanvaller een garnizoen naar keuze, met de rijkdommen erop.",
    )
    return _reply(q, verdict, reason, [rules.WAR_LOSSES])


def _skulls_counted(q: Question, skulls: int) -> Answer | None:
    """ "He rolled 2 skulls with 3 dice: how many garrisons does he lose?": one per skull."""
    dice = re.search(rf"\b{_N} (?:dice|dobbelstenen)\b", q.lower)
    if dice is not None and _number(dice.group(1)) < skulls:
        return None
    verdict = q.say(
        f"{skulls} garrison{'s' if skulls != 1 else ''}: one per skull, whether the attack wins "
        "or not.",
        f"{skulls} garnizoen(en): één per schedel, of de aanval nu slaagt of niet.",
    )
    reason = q.say(
        "Each skull makes the attacker lose a garrison of his choice, with any riches on it.",
        "Elke schedel kost de aanvaller een garnizoen naar keuze, met de rijkdommen erop.",
    )
    return _reply(q, verdict, reason, [rules.WAR_LOSSES])


READERS = (prisoners_kept, margin_destroys, skulls_cost)
