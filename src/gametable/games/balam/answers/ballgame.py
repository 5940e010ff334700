"""A ball game between the asking king and one rival, each with his ball courts and cities
("4 - KATUN > NEUTRAL EVENTS", the ball game): "I have 3 courts and 7 cities, my only rival
has 1 court and 5 cities: what does each of us score?", played by the engine.

The question must tell both kings' courts and cities (or "two courts each"); the reader takes
the numbers in the order the question gives them, the asker's first, and leaves any other
question to the rules text.
"""

from __future__ import annotations

import re

from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    CARDS,
    card_in,
    understood,
    vocabulary,
)
from gametable.games.balam.answers.scenes import HOME, MORE_SITES, load, play, position
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
_COURTS = r"(?:ball ?courts?|courts?|balvel\w*|balspelvel\w*)"
_CITIES = r"(?:cities|city|steden|stad)"
_NUM = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|een|één|twee|drie|vier|vijf|zes|zeven|acht|negen|tien)"
_WORD_VALUES = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "een": 1, "één": 1, "twee": 2, "drie": 3, "vier": 4, "vijf": 5,
    "zes": 6, "zeven": 7, "acht": 8, "negen": 9, "tien": 10,
}  # fmt: skip
#: the rival, as a question names him
_RIVAL = (
    r"\b(?:my (?:only )?(?:rival|opponent)|the other (?:king|player)|(?:the )?only (?:other|rival)|"
    r"he|his|de (?:enige )?ander\w*|mijn tegenstander|hij)\b"
)
#: the rival's own count after the asker's: "he has 1 court and 5 cities", "heeft er 1 en 4
#: steden", "he has 4"
_RIVAL_HAS = (
    rf"\b(?:has|heeft(?: er)?)\s+{_NUM}(?:\s+{_COURTS})?(?:\s+(?:and|en)\s+{_NUM}\s+{_CITIES})?\b"
)
_EACH = rf"\b{_NUM}\s+{_COURTS}\s+(?:each|apiece|elk|ieder)\b"
_WORDS = vocabulary("""ball game i have has and my only rival opponent with the other king player
    what does do each of us score scores get we nobody no one has more most who points prestige
    he his courts court cities city how many apiece
    balspel ik heb heeft en de enige ander andere met een er hoeveel punten krijgen we wat
    scoren elk hij zijn steden balveld balvelden niemand meer""")


def _value(word: str) -> int:
    return int(word) if word.isdigit() else _WORD_VALUES[word]


def _told(q: Question) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """(courts, cities) of the asker and of the rival, as the question tells them, or
    ``None`` when it does not tell all four."""
    text = q.lower
    mine = re.search(rf"\b{_NUM}\s+{_COURTS}\s+(?:and|en)\s+{_NUM}\s+{_CITIES}\b", text)
    each = re.search(_EACH, text)
    if mine is not None and not each:
        my_courts, my_cities = _value(mine.group(1)), _value(mine.group(2))
        rest = text[mine.end() :]
        if not re.search(_RIVAL, rest):
            return None
        theirs = re.search(_RIVAL_HAS, rest)
        if theirs is None or theirs.group(2) is None:
            return None
        return (my_courts, my_cities), (_value(theirs.group(1)), _value(theirs.group(2)))
    if each is not None and mine is None:
        courts = _value(each.group(1))
        cities = re.search(rf"\b(?:i have|ik heb)\s+{_NUM}\s+{_CITIES},?\s+(?:and )?"
                           rf"(?:he|hij)\s+(?:has|heeft(?: er)?)\s+{_NUM}\b", text)  # fmt: skip
        if cities is None:
            return None
        return (courts, _value(cities.group(1))), (courts, _value(cities.group(2)))
    return None


def ball_game_both(q: Question) -> Answer | None:
    """ "Ball game: I have 3 courts and 7 cities; my only rival with courts has 1 court and 5
    cities. What does each of us score?": both kings' prestige, as the engine counts it."""
    if card_in(q) != "ball_game" or q.kind == "yesno":
        return None
    told = _told(q)
    if told is None:
        return None
    (my_courts, my_cities), (his_courts, his_cities) = told
    if not (1 <= my_cities <= 1 + len(MORE_SITES) and 1 <= his_cities <= len(_RIVAL_SITES)):
        return None
    numbers = {my_courts, my_cities, his_courts, his_cities}
    if not understood(q, _WORDS, lexicons=(CARDS, BUILDINGS), numbers=numbers):
        return None
    data = _position(my_courts, my_cities, his_courts, his_cities)
    state = load(data) if data is not None else None
    if data is None or state is None:
        return None
    after = play(state, "katun 0")
    won = [after.view(0)["kings"][s]["prestige"] - state.view(0)["kings"][s]["prestige"]
           for s in (0, 1)]  # fmt: skip
    verdict = q.say(
        f"You score {won[0]} and he scores {won[1]} prestige points.",
        f"Jij krijgt {won[0]} en hij {won[1]} prestigepunten.",
    )
    reason = q.say(
        "The king with the most ball courts wins as many points as he has cities; a lone "
        "second, or each of two kings tied for the most, wins half his cities, rounded down.",
        "De koning met de meeste balspelvelden wint evenveel punten als hij steden heeft; een "
        "enige tweede, of elk van twee gelijke eersten, wint de helft van zijn steden, naar "
        "beneden afgerond.",
    )
    details = (
        f"Courts and cities: you {my_courts} and {my_cities}, he {his_courts} and {his_cities}",
    )
    return checked(GAME, q, verdict, reason, ["4-katun/neutral-events"], position=data,
                   details=details, topic="number")  # fmt: skip


#: the rival's sites, apart from the asker's (:data:`HOME` and :data:`MORE_SITES`)
_RIVAL_SITES = ("a1", "a2", "a5", "a6", "b1", "b2", "b6", "c5", "c6", "d1")


def _position(
    my_courts: int, my_cities: int, his_courts: int, his_cities: int
) -> dict[str, object] | None:
    """The two kings' cities, their ball courts one to a plot (two at most in a city, which
    every site has room for)."""
    mine = (HOME, *MORE_SITES)[:my_cities]
    his = _RIVAL_SITES[:his_cities]
    sites: dict[str, list[str | None]] = {}
    owners: dict[str, int] = {}
    for names, courts, seat in ((mine, my_courts, 0), (his, his_courts, 1)):
        for i, name in enumerate(names):
            here = min(2, max(0, courts - 2 * i))
            sites[name] = ["court"] * here if here else ["village"]
            if seat:
                owners[name] = seat
        if courts > 2 * len(names):
            return None
    return position(sites=sites, owners=owners, phase="turn", card="ball_game")


READERS = (ball_game_both,)
