"""The end of a round ("6 - DISTRIBUTION > LOSSES"): which riches left on the board are lost and
which stay, found by closing a round in the engine."""

from __future__ import annotations

from typing import Any

from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    RICHES_NAMES,
    about_another,
    buildings_in,
    name_of,
    numbers_in,
    riches_in,
    understood,
    vocabulary,
)
from gametable.games.balam.answers.scenes import HOME, load, play, position
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: one riches of each kind of place: jade left on a village, obsidian and a prisoner on garrisons,
#: jade in a reserve
PLOTS = ("village:jade", "garrison:obsidian", "garrison:prisoner")
STORE = ("reserve:jade", "reserve")
_ROUND_END = (
    r"\b(end of (?:the |a |each |every )?round|(?:the |a )?round (?:ends|is over|finishes)|"
    r"(?:the )?next round|"
    r"between (?:two |2 )?rounds|(?:einde?|eind) van (?:de |een )?ronde|(?:de )?volgende ronde|"
    r"(?:de )?ronde (?:voorbij|om|eindigt)|tussen (?:twee )?rondes)\b"
)
_UNSTORED = (
    r"\b(unstored|not stored|(?:aren't|isn't|are not|is not|were not|weren't) stored|unused|"
    r"unexploited|left over|left on|remaining|niet opgeslagen|nergens (?:zijn |is )?opgeslagen|"
    r"ongebruikte?|overgebleven|blijven liggen)\b"
)

#: riches that reach no place to be used or kept ("my Mayas can't get a riches to a reserve,
#: temple or palace", "nowhere to go", "kan nergens heen")
_UNREACHED = (
    r"\b(?:can't|cannot|can not|couldn't|could not|don't|do not|fail to|kunnen niet|kan niet) "
    r"(?:get|bring|move|carry|take|send|krijgen|brengen|dragen)\b[^.?!]*?\b(?:to|into|naar|in) "
    r"(?:a |an |any |my |the |een |mijn )?(?:reserves?|temples?|palaces?|prisons?|voorraa?d\w*|"
    r"opslag\w*|tempels?|paleis\w*)(?:(?:,| or| of| nor)+ (?:a |an |any |my |the |een |mijn )?"
    r"(?:reserves?|temples?|palaces?|prisons?|voorraa?d\w*|opslag\w*|tempels?|paleis\w*))*\b"
    r"|\bniet naar (?:een |de |mijn )?(?:voorraa?d\w*|opslag\w*|tempels?|paleis\w*)(?:(?:,| of)+ "
    r"(?:een |de |mijn )?(?:voorraa?d\w*|opslag\w*|tempels?|paleis\w*))* (?:kunnen |kan )?"
    r"(?:brengen|krijgen|dragen)\b"
    r"|\b(?:nowhere to go|nergens heen|reach(?:es)? no (?:reserve|temple|palace)\w*)\b"
)

#: a yes-or-no question asking whether the riches is lost, or whether it is kept
_LOST = (
    r"\b(lost|lose|loses|losing|disappear\w*|discard\w*|thrown away|throw away|removed|gone|"
    r"verloren|kwijt|verdwijn\w*|weggegooid|weg)\b"
)
_KEPT = (
    r"\b(keep|keeps|kept|stay|stays|remain|remains|still|leave|until|till|into|houden|blijven|"
    r"blijft|liggen|ligt|tot)\b"
)


def closed_round() -> tuple[dict[str, Any], dict[str, str | None]]:
    """A distribution in which seat 0 moves nothing, and what lies on each plot after it."""
    data = position(
        phase="distribution", sites={HOME: list(PLOTS), "c3": ["village", *STORE]}, riches=[{}]
    )
    state = load(data)
    assert state is not None, "the round-end position is one the engine accepts"
    after = play(state, "done")
    plots = {}
    for site, kinds in ((HOME, PLOTS), ("c3", ("village", *STORE))):
        now = after.to_json()["sites"][site]["plots"]
        for i, kind in enumerate(kinds):
            if ":" in kind:
                plots[kind] = now[i].split(":")[1] if now[i] and ":" in now[i] else None
    return data, plots


_WORDS = vocabulary("""what happens happen to my the riches goods tokens resources at end of round can i keep
    leave stay stays remain remains until till kept lost lose disappear discarded are is do
    does on in a an it them there one from next still of van lying lies sitting sits standing till
    into when ends
    wat gebeurt er met mijn de rijkdommen aan het einde van ronde mag kan ik houden laten
    liggen blijven blijft tot volgende verloren kwijt op in een staat ligt nog daar die eind
    zijn thrown away removed gone weggegooid its their daarmee what if mayas maya's people
    by als""")


def left_at_round_end(q: Question) -> Answer | None:
    """ "What happens to unstored riches at the end of the round?", "Can I keep obsidian on a
    garrison until the next round?", "a prisoner on a garrison?", "riches in a reserve?"."""
    ignoring = rf"{_ROUND_END}|\b(?:one|een|één) (?:of|van)\b"
    if not q.matches(_ROUND_END) or about_another(q) or numbers_in(q, ignoring=ignoring):
        return None
    phrases = (_ROUND_END, _UNSTORED, _UNREACHED)
    if not understood(q, _WORDS, lexicons=(BUILDINGS, RICHES_NAMES), phrases=phrases):
        return None
    named = riches_in(q)
    places = buildings_in(q)
    data, kept = closed_round()
    key = _place_asked(q, named, places)
    if key is None:
        return None
    stays = kept[key] is not None
    riches = key.split(":")[1] if key != "reserve:jade" else None
    if q.kind == "yesno":
        asks_lost, asks_kept = q.matches(_LOST), q.matches(_KEPT)
        if asks_lost == asks_kept:
            return None  # a yes or no that asks neither (or both) of "lost" and "kept"
        verdict = yes_no(q, not stays if asks_lost else stays)
    else:
        verdict = q.say(
            "It stays for the next round." if stays else "They are lost.",
            "Die blijft voor de volgende ronde." if stays else "Die gaan verloren.",
        )
    if key == "village:jade":
        reason = q.say(
            "At the end of the round every riches left on the board that is not stored in a "
            "reserve/prison is discarded (only obsidian on a garrison stays), so move it to a "
            "temple, palace, reserve or (obsidian) garrison during the distribution.",
            "Aan het einde van de ronde gaat elke rijkdom op het bord die niet in een voorraad "
            "ligt terug (alleen obsidiaan op een garnizoen blijft).",
        )
    elif key == "reserve:jade":
        reason = q.say(
            "A reserve keeps its one riches, of any type, from one round to the next.",
            "Een voorraad bewaart zijn ene rijkdom, van elke soort, tot de volgende ronde.",
        )
    elif riches == "obsidian":
        reason = q.say(
            "Obsidian equipping a garrison is the one riches left on the board that stays from "
            "one round to the next (a garrison holds one obsidian at most).",
            "Obsidiaan op een garnizoen is de enige rijkdom op het bord die tot de volgende "
            "ronde blijft liggen (één per garnizoen).",
        )
    else:
        assert riches is not None
        reason = q.say(
            f"A garrison keeps only obsidian from one round to the next; a {riches} on it must "
            "reach a temple, a palace or a reserve by the end of the round or it is lost.",
            f"Een garnizoen houdt alleen obsidiaan tot de volgende ronde; een "
            f"{name_of(q, riches)} erop moet voor het einde van de ronde naar een tempel, "
            "paleis of voorraad, anders gaat hij verloren.",
        )
    refs: list[RuleRef | str] = ["6-distribution/losses", rules.STORAGE, rules.EQUIPMENT]
    return checked(GAME, q, verdict, reason, refs, position=data)


def _place_asked(q: Question, named: list[str], places: list[str]) -> str | None:
    """The plot of :func:`closed_round` the question asks about: obsidian or a prisoner on a
    garrison, a reserve, or riches left unstored (on a village); ``None`` for another."""
    if q.matches(_UNREACHED):
        return "village:jade"
    if "garrison" in places and named and named[0] in ("obsidian", "prisoner"):
        return f"garrison:{named[0]}"
    if "reserve" in places:
        return "reserve:jade"
    if q.matches(_UNSTORED) or q.matches(r"\b(lost|lose|verloren|kwijt)\b"):
        return "village:jade"
    if "village" in places and len(places) == 1 and len(named) <= 1 and "prisoner" not in named:
        return "village:jade"  # a riches produced and left on its village
    return None


READERS = (left_at_round_end,)
