"""Katun cards ("4 - KATUN"): what a ball game gives, and whether the Cult of the sacred cenotes
takes riches from the king's sheet, each turned over by the engine in a position built from the
question (the catastrophes are read by :mod:`.catastrophes`)."""

from __future__ import annotations

import re
from typing import Any

from gametable.core.rules import RuleRef
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    CARDS,
    RICHES_NAMES,
    about_another,
    card_in,
    cities_in,
    players_in,
    says_second,
    says_tie,
    understood,
    vocabulary,
)
from gametable.games.balam.answers.scenes import HOME, MORE_SITES, legal_texts, load, play, position
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
_SHEET = r"\b(sheet|koningsblad|my own riches|mijn eigen)\b"


_BALL_WORDS = vocabulary("""behind achter i won win wins winning alone outright with the most ball courts court cities city how
    many points prestige do does get score scores am at tied tie ties tying second place
    players player kings and of if when what would my are have has equal same number for
    three drie own hold holds get gets do comes come up turns only one leader too by myself
    in on there game came count out
    ik win won heb alleen met steden stad hoeveel punten prestigepunten krijg scoor gelijk
    tweede plaats spelers speler bij het balspel als wat en ben sta enige meeste komt
    from gewonnen had card turned is us but i've got
    eentje levert op was""")
#: "tied with one other king" (two tied) or "with two other kings" (three tied)
_OTHERS = (
    r"\b(?:with|and|met) (one|an|1|two|2|één|een|twee) (?:other|andere)\b"
    r"(?: (?:kings?|players?|koningen|koning|spelers?)\b)?"
)


#: "more ball courts than anybody": the asker alone has the most
_MORE_THAN_ALL = (
    r"\b(?:nobody|no one|noone|niemand)(?: else| anders)? (?:has|heeft)(?: a| any| een| even one)? "
    r"(?:(?:ball ?)?courts?|balveld\w*|balspelveld\w*)\b|"
    r"\bmore (?:ball )?courts than (?:anybody|anyone|everyone|everybody|any other (?:king|player)|"
    r"the others|all the others)(?: else)?\b|\bmeer (?:balspelvelden|balvelden) dan (?:iedereen|"
    r"de anderen)\b"
)
#: a rival named by his name ("Anna and I tie", "Piet has the most courts")
_NAMED_TIE = r"\b(\w+) (?:and i|en ik) (?:tie|tied|are tied|zijn gelijk|staan gelijk)\b"
_NAMED_FIRST = (
    r"\b(\w+) (?:has|heeft) (?:the )?(?:most|meeste) (?:ball )?(?:courts|balspelvelden|balvelden)\b"
)
#: nobody but the kings the question names has a ball court
_NOBODY_ELSE = (
    r"\b(?:nobody|no one|noone|niemand) (?:else|anders) (?:has|heeft) (?:one|any|er een|een)\b"
)


#: "someone else has the most courts" (the asker then says he is second)
_SOMEONE_FIRST = (
    r"\b(?:someone|somebody|one player|one king|another (?:king|player)|iemand) (?:else )?"
    r"(?:clearly )?(?:has|had|heeft) (?:the )?(?:most|meeste) (?:ball )?(?:courts|balspelvelden|balvelden)\b"
)


def _ball_rivals(q: Question) -> tuple[str, ...]:
    """The phrases naming a rival in a ball game that the reader places: a named king tied
    with the asker (a tie of two, when nobody else is said to have courts or the question says
    nothing more), a named king first when the asker says he is second; none otherwise (a
    named king doing anything else leaves the question to the rules text)."""
    found: list[str] = []
    if says_tie(q) and not says_second(q) and re.search(_NAMED_TIE, q.lower):
        found += [_NAMED_TIE, _NOBODY_ELSE]
    if says_second(q) and not says_tie(q) and re.search(_NAMED_FIRST, q.lower):
        found.append(_NAMED_FIRST)
    return tuple(found)


def ball_game(q: Question) -> Answer | None:
    """ "I won a ball game alone with 5 cities": the prestige, as the engine counts it."""
    courts_scored = bool(
        {m.name for m in BUILDINGS.find(q)} & {"court"}
        and q.matches(r"\b(score|scores|points?|prestige|punten|scoor\w*|get|win|krijg|levert)\b")
    )
    if (card_in(q) != "ball_game" and not courts_scored) or about_another(q):
        return None
    phrases = (_OTHERS, _MORE_THAN_ALL, *_ball_rivals(q))
    if says_second(q) and not says_tie(q):
        phrases += (r"\b(?:the )?leader has more\b", _SOMEONE_FIRST)
    lexicons = (CARDS, BUILDINGS)
    if not understood(q, _BALL_WORDS, lexicons=lexicons, numbers=set(q.numbers), phrases=phrases):
        return None
    cities = cities_in(q)
    if cities is None or cities < 1 or cities > 1 + len(MORE_SITES):
        return None
    others = re.search(_OTHERS, q.lower)
    told = players_in(q)  # "one player has the most courts" is no table of one
    players = (told if told and told > 1 else None) or (
        3 if q.matches(r"\b(three|3|drie)\b.*\b(tied|tie|gelijk)") else 2
    )
    three_tied = q.matches(r"\b(three|3|drie) (players|kings|spelers|koningen)\b") and says_tie(q)
    if others is not None:
        if not says_tie(q):
            return None
        three_tied = three_tied or others.group(1) in ("two", "2", "twee")
    if three_tied:
        players = max(players, 3)
    place = "first"
    if says_second(q):
        place = "tie2" if says_tie(q) else "second"
        players = max(players, 3) if says_tie(q) else players
    elif says_tie(q):
        place = "tie3" if three_tied else "tie"
    data = position(
        players=players,
        phase="turn",
        card="ball_game",
        **_ball_courts(cities, place),
    )
    state = load(data)
    if state is None:
        return None
    after = play(state, "katun 0")
    won = after.view(0)["kings"][0]["prestige"] - state.view(0)["kings"][0]["prestige"]
    verdict, why = _ball_reply(q, cities, won, place)
    return checked(
        GAME, q, verdict, why, ["4-katun/neutral-events"], position=data, topic="situation"
    )


def _ball_courts(cities: int, place: str) -> dict[str, Any]:
    """The sites and their owners: the asking king's ``cities`` (his ball courts in the first)
    and his rivals' courts, so that he comes ``place`` (first, second, tie, tie3, or tie2: tied
    for second)."""
    names = (HOME, *MORE_SITES)
    sites: dict[str, list[str | None]] = {
        names[i]: ["court", "court"] if i == 0 else ["village"] for i in range(cities)
    }
    owners = {}
    others = ["a5", "e5", "e2"]
    if place in ("second", "tie2"):
        sites[others[0]], owners[others[0]] = ["court", "court", "court"], 1
        sites[HOME] = ["court"]
        if place == "tie2":
            sites[others[1]], owners[others[1]] = ["court"], 2
    elif place in ("tie", "tie3"):
        for seat in range(1, 3 if place == "tie3" else 2):
            sites[others[seat - 1]], owners[others[seat - 1]] = ["court", "court"], seat
    else:
        sites[others[0]], owners[others[0]] = ["court"], 1
    return {"sites": sites, "owners": owners}


def _ball_reply(q: Question, cities: int, won: int, place: str) -> tuple[str, str]:
    if place == "first":
        return q.say(f"{won} prestige points.", f"{won} prestigepunten."), q.say(
            "The king with the most ball courts wins as many prestige points as he has cities.",
            "De koning met de meeste balspelvelden wint evenveel prestigepunten als hij steden "
            "heeft.",
        )
    if place == "tie2":
        return q.say(f"{won} prestige points.", f"{won} prestigepunten."), q.say(
            "Only a lone second wins half his cities; kings tied for second win nothing.",
            "Alleen een enige tweede wint de helft van zijn steden; gelijke tweeden winnen niets.",
        )
    if place == "tie3":
        return q.say(f"{won} prestige points.", f"{won} prestigepunten."), q.say(
            "When more than 2 kings tie for the most ball courts, nobody scores.",
            "Als meer dan 2 koningen gelijk staan, scoort niemand.",
        )
    verdict = q.say(
        f"{cities} // 2 = {won} prestige points.", f"{cities} // 2 = {won} prestigepunten."
    )
    return verdict, q.say(
        "Two kings tied for the most ball courts, or a lone second, win half their number of "
        "cities, rounded down.",
        "Twee gelijke eersten, of een enige tweede, winnen de helft van hun aantal steden, "
        "naar beneden afgerond.",
    )


_CENOTE_WORDS = vocabulary("""i drew draw turn turned over the card katun can may offer sacrifice bring give
    riches straight directly from my king sheet king's own a cenote cenotes to at with it
    then use cult of
    ik trok draai de kaart mag kan offeren brengen rijkdommen rechtstreeks direct van mijn
    koningsblad een cenote naar bij""")


def cenote_from_sheet(q: Question) -> Answer | None:
    """ "I drew the Cult of the sacred cenotes: can I offer riches from my king sheet?": the
    card turned over by a king with riches on his sheet and none stored, and the offers the
    engine then gives him (none)."""
    if card_in(q) != "cenotes" or q.kind != "yesno" or about_another(q):
        return None
    if not q.matches(_SHEET) or not q.matches(r"\b(offer\w*|sacrific\w*|bring|give|use)\b"):
        return None
    if not understood(q, _CENOTE_WORDS, lexicons=(CARDS, RICHES_NAMES), phrases=(_SHEET,)):
        return None
    data = position(
        sites={HOME: ["village"]}, riches=[{"maize": 2, "jade": 1}], phase="turn", card="cenotes"
    )
    state = load(data)
    if state is None:
        return None
    offers = [a for a in legal_texts(play(state, "katun 0"), 0) if a.startswith("offer")]
    reason = q.say(
        "The riches offered at a cenote come from the Mayas' reserves and garrisons, carried "
        "under the transport rules, never from the king's sheet.",
        "De rijkdommen die bij een cenote geofferd worden komen uit de voorraden en "
        "garnizoenen van de Maya's, nooit van het koningsblad.",
    )
    details = (q.say(f"Offers after the card: {', '.join(offers) or 'none'}",
                     f"Offers na de kaart: {', '.join(offers) or 'geen'}"),)  # fmt: skip
    refs: list[RuleRef | str] = ["4-katun/positive-events"]
    return checked(GAME, q, yes_no(q, bool(offers)), reason, refs, position=data, details=details)


READERS = (ball_game, cenote_from_sheet)
