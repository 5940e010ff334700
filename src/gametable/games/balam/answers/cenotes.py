"""Offerings at the Cult of the sacred cenotes ("4 - KATUN > POSITIVE EVENTS", card 6): "my
Mayas have a maize in a reserve and a prisoner on a garrison, two cenotes are in reach: what's
the most prestige?".  The riches are laid in the king's reserves, the card is turned by the
engine and each riches offered to a cenote of its own; the prestige is what the engine counts.
When the question gives fewer cenotes than riches, the most valuable riches go.
"""

from __future__ import annotations

from typing import Any

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    CARDS,
    RICHES_NAMES,
    counted,
    name_of,
    number_before,
    understood,
    vocabulary,
)
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.scenes import HOME, MORE_SITES, legal_texts, load, play, position
from gametable.games.balam.board import RICHES
from gametable.games.balam.scoring import CENOTE_FACTOR, CEREMONY
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
_SHEET = r"\b(sheet|koningsblad|my own riches|mijn eigen)\b"
_WORDS = vocabulary("""cult of the sacred cenotes cenote card mayas maya's my have has hold holds in on a an
    reserve reserves prison prisons garrison garrisons there are is they can could reach
    reachable within what's what is the most best max maximum prestige points i get can score
    how many much do does would will each one two three four and with all offer offering
    sacrifice bring brings total turned drew drawn just came up if them it that
    de het een mijn maya's hebben heeft in op opslag opslagplaats voorraad voorraden garnizoen er zijn
    twee drie vier bereikbaar bereiken kunnen kan hoeveel punten prestige meest maximaal only but
    maar alleen reached reachable be all bereikt best
    krijg ik en wat als offeren offer cenotes met""")
#: what the offerings' position does not hold
_FOREIGN = r"\b(if not|unless|tenzij|attack\w*|aanval\w*|round|ronde|tax\w*|palace\w*|paleis\w*)\b"
#: the riches told where the Mayas hold them
_HELD = r"\b(reserves?|garrisons?|prisons?|voorraa?d\w*|garnizoen\w*|opslag\w*)\b"
_ASKS = r"\b(how many|how much|most|max\w*|points?|prestige|score|hoeveel|punten|meest)\b"


def _riches(q: Question) -> list[str] | None:
    """The riches the question gives the Mayas, most valuable first."""
    given = counted(q, RICHES_NAMES)
    out = [r for r, n in given.items() for _ in range(n)]
    if not 1 <= len(out) <= 6:
        return None
    return sorted(out, key=lambda r: -CEREMONY[RICHES.index(r)])


def _scene(riches: list[str]) -> dict[str, Any] | None:
    """The riches in the king's reserves, three to a city."""
    sites: dict[str, list[str | None]] = {}
    for i, site in enumerate((HOME, *MORE_SITES)):
        here = riches[3 * i : 3 * i + 3]
        if not here:
            break
        sites[site] = [f"reserve:{r}" for r in here]
    return position(phase="turn", sites=sites, card="cenotes")


def _offered(data: dict[str, Any]) -> int | None:
    """The prestige the engine gives for offering every riches of the position, each to a
    cenote not yet used."""
    state = load(data)
    if state is None:
        return None
    before = state.view(0)["kings"][0]["prestige"]
    state = play(state, "katun 0")
    used: set[str] = set()
    for _ in range(8):
        offers = [a for a in legal_texts(state) if a.startswith("offer ")]
        fresh = [a for a in offers if a.split(">")[1] not in used]
        if not fresh:
            break
        used.add(fresh[0].split(">")[1])
        state = play(state, fresh[0])
    return int(state.view(0)["kings"][0]["prestige"]) - int(before)


def cenote_offerings(q: Question) -> Answer | None:
    """ "A maize in a reserve and a prisoner on a garrison, two cenotes: most prestige?": the
    offerings made by the engine, one riches per cenote."""
    if not q.matches(r"\bcenotes?\b") or not q.matches(_ASKS) or q.matches(_SHEET):
        return None
    if q.matches(r"\b(temples?|tempels?)\b"):
        return None  # two places of sacrifice
    riches = _riches(q)
    if riches is None:
        return None
    cenotes = number_before(q, "cenotes", "cenote")
    numbers = set(counted(q, RICHES_NAMES).values()) | ({cenotes} if cenotes else set())
    numbers |= {1} if q.matches(r"\b(?:one|1|een) cenote\b") else set()  # "to one cenote"
    lexicons = (RICHES_NAMES, CARDS)
    if not understood(q, _WORDS, lexicons=lexicons, numbers=numbers) and not (
        len(asks(q)) <= 1
        and q.matches(_HELD)  # the riches told where the Mayas hold them
        and placed(
            q, numbers, (*lexicons, BUILDINGS), {*RICHES, "cenotes", "reserve", "garrison"},
            foreign=_FOREIGN,
        )
    ):  # fmt: skip
        return None
    reach = len(riches) if cenotes is None else cenotes
    if not 1 <= reach <= 4:
        return None
    offered, left = riches[:reach], riches[reach:]
    data = _scene(offered)
    won = _offered(data) if data is not None else None
    if data is None or won is None:
        return None
    each = [f"{name_of(q, r)} {CEREMONY[RICHES.index(r)] * CENOTE_FACTOR}" for r in offered]
    verdict = q.say(
        f"{won} prestige points ({' + '.join(each)} = {won}).",
        f"{won} prestigepunten ({' + '.join(each)} = {won}).",
    )
    if left:
        verdict += q.say(
            f" With {reach} cenotes, one riches each, the {', '.join(name_of(q, r) for r in left)}"
            " cannot be offered.",
            f" Met {reach} cenotes, één rijkdom per cenote, kan de "
            f"{', '.join(name_of(q, r) for r in left)} niet geofferd worden.",
        )
    reason = q.say(
        "Each cenote takes a single riches from the Mayas' reserves or garrisons, worth twice a "
        "temple's: maize 2, cacao, shell, jade or obsidian 4, prisoner 6.",
        "Elke cenote krijgt één rijkdom uit de voorraden of garnizoenen van de Maya's, het "
        "dubbele van een tempel: maïs 2, cacao, schelp, jade of obsidiaan 4, gevangene 6.",
    )
    return checked(GAME, q, verdict, reason, [rules.CENOTES, rules.CEREMONY], position=data,
                   topic="number")  # fmt: skip


READERS = (cenote_offerings,)
