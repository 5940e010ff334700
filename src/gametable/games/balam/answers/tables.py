"""A ball game or a divination told king by king with names ("4 - KATUN > NEUTRAL EVENTS",
"1 - DIVINATION"): "I have 2 ball courts and 5 cities, Mia has 1 court and 4 cities, Tom has
no court but 6 cities: who scores what?" is built as a position with every king's cities and
courts and played by the engine (the ball game card turned); "jij 2 observatoria, ik 1 en Daan
geen" is counted by the engine's podium (``scoring.divination_peeks``).
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    CARDS,
    card_in,
    numbers_in,
    players_in,
    vocabulary,
)
from gametable.games.balam.answers.kings import (
    CITIES,
    COURTS,
    NOBODY_ELSE,
    OBSERVATORIES,
    REST,
    Table,
    read_table,
)
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.scenes import load, play, position
from gametable.games.balam.scoring import divination_peeks, podium
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: the default board's sites, the plots of each (the kings' cities are laid out in this order)
_SITES = (
    ("b2", 3), ("c2", 4), ("d2", 3), ("b3", 3), ("c3", 4), ("d3", 3), ("b4", 3), ("c4", 3),
    ("d4", 4), ("b5", 3), ("c5", 3), ("d5", 3), ("a2", 4), ("e2", 4), ("a3", 3), ("e3", 3),
    ("a4", 3), ("e4", 3), ("a5", 4), ("e5", 4), ("b1", 3), ("c1", 3), ("d1", 3), ("b6", 3),
    ("c6", 3), ("d6", 3), ("a1", 2), ("e1", 2), ("a6", 2), ("e6", 2),
)  # fmt: skip
_FRAME = vocabulary("""who whom scores score scored what gets get got does do each of us them points
    prestige win wins won how many much the card just came up comes turned turns over flips
    flipped is drawn drew out happens now what's ball game katun balspel a an this that
    wie krijgt krijgen hoeveel punten bij dit deze wat winnen wint scoort scoren komt kaart net
    omgedraaid gedraaid getrokken verdeling gebeurt er dan nu iedereen everyone everybody
    between among see look looks at peek peeks cards may can sees bekijken kijken zien mag
    mogen divination waarzeggerij round ronde start begin of als die kaarten kaart we wij us krijg ieder voor waarzeggen
    players spelers""")


def _seats(table: Table) -> list[str]:
    """The kings as seats: the asker first, the others in the order told."""
    kings = list(table.counts)
    return (["me"] if "me" in kings else []) + [k for k in kings if k != "me"]


def _who(q: Question, king: str) -> str:
    if king == "me":
        return q.say("you", "jij")
    if king.startswith("other"):
        return q.say(f"another king ({king[5:]})", f"een andere koning ({king[5:]})")
    if king in ("jij", "you"):
        return q.say("the king you ask", "degene die je het vraagt")
    if king in ("opponent", "rival", "tegenstander", "tegenspeler"):
        return q.say(f"your {king}", f"je {king}")
    return king.capitalize()


def _list(q: Question, parts: list[str]) -> str:
    joint = q.say(" and ", " en ")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + joint + parts[-1]


def _layout(table: Table, seats: list[str]) -> dict[str, Any] | None:
    """Each king's cities, his ball courts two to a city, a village in every other city."""
    sites: dict[str, list[str | None]] = {}
    owners: dict[str, int] = {}
    free = list(_SITES)
    for seat, king in enumerate(seats):
        told = table.counts[king]
        courts = told.get("courts", 0 if told.get("cities") == 0 else None)
        if courts is None:
            return None
        # a king's cities not told: as few as hold his courts (his own points are then not said)
        cities = max(1, told.get("cities", (courts + 1) // 2))
        if not 1 <= cities <= 12 or len(free) < cities:
            return None
        if courts > 2 * cities:
            return None
        for i in range(cities):
            name, _plots = free.pop(0)
            here = min(2, max(0, courts - 2 * i))
            sites[name] = ["court"] * here if here else ["village"]
            owners[name] = seat
    return position(players=len(seats), phase="turn", sites=sites, owners=owners,
                    card="ball_game")  # fmt: skip


def _ball_reason(q: Question, table: Table, seats: list[str], won: list[int]) -> str:
    places = podium([table.counts[k].get("courts", 0) for k in seats])
    parts = []
    for seat, king in enumerate(seats):
        courts = table.counts[king].get("courts", 0)
        cities = table.counts[king].get("cities")
        place = places.get(seat)
        if place == "first":
            why = q.say(f"most ball courts ({courts}) alone: {cities or 'his'} cities",
                        f"alleen de meeste balspelvelden ({courts}): {cities or 'zijn'} steden")  # fmt: skip
        elif place in ("tied", "second"):
            how = q.say("tied for the most" if place == "tied" else "lone second",
                        "gedeeld eerste" if place == "tied" else "enige tweede")  # fmt: skip
            half = f" = {won[seat]}" if cities is not None else ""
            why = q.say(f"{how}: half of {cities or 'his'} cities{half}",
                        f"{how}: de helft van {cities or 'zijn'} steden{half}")  # fmt: skip
        elif courts == 0:
            why = q.say("no ball court: nothing", "geen balspelveld: niets")
        else:
            why = q.say("no place that scores: nothing", "geen plaats die punten geeft: niets")
        parts.append(f"{_who(q, king)} ({why})")
    rule = q.say(
        "The lone leader in ball courts wins his number of cities; two tied leaders, or a lone "
        "second, win half their cities, rounded down; a tie of three, a tie for second or a "
        "king without a court scores nothing",
        "De enige koploper in balspelvelden wint zijn aantal steden; twee gelijke koplopers, of "
        "een enige tweede, winnen de helft van hun steden (naar beneden); drie gelijken, gelijke "
        "tweeden of een koning zonder balspelveld krijgen niets",
    )
    told = _list(q, parts)
    return f"{told[0].upper()}{told[1:]}. {rule}."


def ball_game_table(q: Question) -> Answer | None:
    """ "Mia has 1 court and 4 cities, Tom has no court but 6 cities, I have 2 and 5": every
    king's prestige from the ball game, played by the engine."""
    if card_in(q) != "ball_game" and not q.matches(rf"\b{COURTS}\b"):
        return None
    table = read_table(q, {"courts": COURTS, "cities": CITIES})
    if table is None or not all(re.search(_ASKS_POINTS, ask) for ask in asks(q)):
        return None  # each ask is of the kings' points, which the reply gives all
    seats = _seats(table)
    players = _players(q)
    if not 2 <= len(seats) <= 4 or players not in (None, len(seats)):
        return None
    numbers = table.numbers | ({players} if players else set())
    kings = frozenset(table.counts)
    if not placed(
        q, numbers, (BUILDINGS, CARDS), {"court", "ball_game"}, others=True, holders=kings
    ):
        return None
    data = _layout(table, seats)
    state = load(data) if data is not None else None
    if data is None or state is None:
        return None
    after = play(state, "katun 0")
    won = [after.view(0)["kings"][s]["prestige"] - state.view(0)["kings"][s]["prestige"]
           for s in range(len(seats))]  # fmt: skip
    places = podium([table.counts[k].get("courts", 0) for k in seats])
    said = [
        f"{_who(q, k)} {w}"
        for s, (k, w) in enumerate(zip(seats, won, strict=True))
        if "cities" in table.counts[k] or s not in places  # points of cities not told: unsaid
    ]
    if not said:
        return None
    verdict = q.say(f"{_list(q, said)} prestige points.", f"{_list(q, said)} prestigepunten.")
    if not any(won):
        verdict = verdict[:-1] + q.say(": nobody scores.", ": niemand scoort.")
    verdict = verdict[0].upper() + verdict[1:]
    reason = _ball_reason(q, table, seats, won)
    return checked(GAME, q, verdict, reason, ["4-katun/neutral-events"], position=data,
                   topic="number")  # fmt: skip


#: an ask of what kings score ("how many points do I get", "how many does Anna get", "who
#: scores what")
_ASKS_POINTS = (
    r"\b(?:points?|prestige|scores?|scored|punten|scoor\w*|get|gets|krijg\w*|wins?|won|winnen|"
    r"wint)\b"
)


def looks_table(q: Question) -> Answer | None:
    """ "Jij 2 observatoria, ik 1 en Daan geen, met z'n drieën": the cards each king may look
    at in the divination, from the engine's podium."""
    if not q.matches(rf"\b{OBSERVATORIES}\b|\b(divination|waarzeg\w*)\b"):
        return None
    table = read_table(q, {"observatories": OBSERVATORIES})
    if table is None:
        return None
    seats = _seats(table)
    players = _players(q) or len(seats)
    alone = q.matches(REST) or q.matches(NOBODY_ELSE)
    if not 1 <= len(seats) <= players <= 4 or players < 2 or (len(seats) < players and not alone):
        return None  # kings left untold, not said to hold none
    asked = {n for ask in asks(q) for n in numbers_in(Question.read(ask))} - table.numbers
    numbers = table.numbers | {players} | (asked & {1})  # "do I get to see one?"
    kings = frozenset(table.counts)
    if not placed(q, numbers, (BUILDINGS,), {"observatory"}, others=True, holders=kings):
        return None
    counts = [table.counts[k]["observatories"] for k in seats] + [0] * (players - len(seats))
    looks = divination_peeks(counts, players)
    if alone and not _players(q):
        more = divination_peeks(counts + [0] * (4 - players), 4)
        if more[: len(looks)] != looks:
            return None  # "the rest have none": how many players there are is not told
    said = [f"{_who(q, k)} {_cards(q, n)}" for k, n in zip(seats, looks, strict=False)]
    verdict = q.say(f"Cards looked at: {_list(q, said)}.", f"Kaarten bekeken: {_list(q, said)}.")
    whether = _whether(q, seats, looks)
    if whether is not None:
        verdict = yes_no(q, whether) + " " + verdict
    told = bool(_players(q)) or not alone
    nj = f"NJ = {players}" if told else "NJ"
    reason = q.say(
        f"With {nj} players the lone leader in observatories looks at {nj} cards, a "
        "lone second at 1; two tied leaders look at 1 each; a tie of three, a tie for second or "
        "no observatory sees nothing.",
        f"Met {nj} spelers bekijkt de enige koploper in observatoria {nj} kaarten, een "
        "enige tweede 1; twee gelijke koplopers elk 1; drie gelijken, gelijke tweeden of wie "
        "geen observatorium heeft niets.",
    )
    return checked(GAME, q, verdict, reason, [rules.DIVINATION], topic="number")


def _cards(q: Question, n: int) -> str:
    """ "1 card", "4 cards", "0 cards (none)", in the question's language."""
    if n == 0:
        return q.say("0 cards (none)", "0 kaarten (geen)")
    return q.say(f"{n} card{'s' if n > 1 else ''}", f"{n} kaart{'en' if n > 1 else ''}")


_ASKS_WHETHER = r"^(?:do|does|can|may|will|mag|mogen|kan|kunnen|krijg\w*|ziet|zie)\b"


def _whether(q: Question, seats: list[str], looks: list[int]) -> bool | None:
    """For a single yes-or-no ask about kings ("does Kim see a card?", "do Bo and I get to see
    one?"): whether they all look at a card (``None`` when they differ or it asks more)."""
    asked = asks(q)
    if len(asked) != 1 or not re.match(_ASKS_WHETHER, asked[0]):
        return None
    words = set(re.findall(r"[a-z']+", asked[0]))
    kings = [
        n for king, n in zip(seats, looks, strict=False)
        if king in words or (king == "me" and words & {"i", "me", "ik", "we", "wij"})
    ]  # fmt: skip
    if not kings or len({n > 0 for n in kings}) > 1:
        return None
    return kings[0] > 0


def _players(q: Question) -> int | None:
    """The table's size, told ("with 3 players", "a 4-player table", "met z'n vieren")."""
    hyphen = re.search(r"\b(\d|two|three|four)[- ]players?\b", q.lower)
    if hyphen is not None:
        return _SIZE.get(hyphen.group(1)) or int(hyphen.group(1))
    return players_in(q) or _group(q)


_SIZE = {"two": 2, "three": 3, "four": 4}


def _group(q: Question) -> int | None:
    for word, n in (("twee", 2), ("drie", 3), ("vier", 4)):
        if q.matches(rf"\bz'?n {word}\w*\b"):
            return n
    return None


READERS = (ball_game_table, looks_table)
