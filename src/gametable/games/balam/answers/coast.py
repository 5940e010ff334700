"""The catastrophes that strike cities by their place ("4 - KATUN > NEGATIVE EVENTS": the
Tidal wave takes the cities on the seashore, the Volcanic eruptions those next to a volcano,
unless the Mayas pay 2 prisoners from their reserves or garrisons), asked yes or no: a card
another king turned over, a king with no city there, the prisoners stored, the choice to lose
the cities rather than pay.

The replies are worked out from the rule (the card strikes the king who turned it over; a king
without the place's cities loses nothing; paying takes 2 prisoners of the Mayas; paying or
losing is his choice), not from a position played by the engine, so they are not marked as
checked by the referee.
"""

from __future__ import annotations

import re

from gametable.games.balam.answers.grammar import card_in
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import sources

GAME = "balam"
_PLACE = {"tidal_wave": ("on the seashore", "aan de kust"), "eruption": ("next to a volcano", "naast een vulkaan")}  # fmt: skip
_CITIES = r"(?:cities|city|steden|stad|kuststeden|kuststad)"
#: another king turned the card over ("Anna trekt een vulkaanuitbarsting", "my opponent drew")
_OTHER_DREW = (
    r"\b(?:my (?:opponent|rival|neighbou?r)|another (?:king|player)|he|she|anna|bram|piet|"
    r"\w+) (?:drew|draws|turned|turns|turned over|trekt|trok|draait|draaide)\b"
)
_I_DREW = r"\b(?:i|ik) (?:drew|draw|turned|turn|trek|trok|draai|draaide)\b|\bon my turn\b"
_NO_CITIES = (
    rf"\b(?:none of my {_CITIES}|no {_CITIES}|no coastal {_CITIES}|not a single {_CITIES}|"
    rf"geen (?:enkele )?{_CITIES})\b"
)
_STORED = r"\b(reserves?|garrisons?|stored|opslag\w*|voorraa?d\w*|garnizoen\w*|opgeslagen)\b"
_PRISONERS = r"\b(\d|one|two|three|een|één|twee|drie|a|an) (?:prisoners?|gevangenen?)\b"
_VALUES = {"one": 1, "een": 1, "één": 1, "a": 1, "an": 1, "two": 2, "twee": 2, "three": 3, "drie": 3}  # fmt: skip
_INSTEAD = (
    r"\b(?:lose|give up|verliezen|opgeven) (?:the |my |de |mijn )?{c}\w* (?:instead|rather|in plaats)\b"
).format(c=r"(?:cit|stad|sted|kuststad|kuststed)")
_PAY = r"\b(pay|use|save|keep|ward|betalen|gebruiken|redden|houden|afkopen)\b"
_LOSE = r"\b(lose|losing|lost|verlies\w*|kwijt)\b"


def _prisoners(q: Question) -> int | None:
    """The prisoners the Mayas hold, when the question counts them (each named apart adds
    one: "a prisoner in a reserve and another on a garrison")."""
    text = q.lower
    found = [
        m.group(1)
        for m in re.finditer(_PRISONERS, text)
        if not re.search(r"\b(pay|paying|betalen|betaal)( the| de)?\s*$", text[: m.start()])
    ]  # "pay the 2 prisoners" is the card's price, not what the Mayas hold
    if not found:
        return None
    total = sum(int(n) if n.isdigit() else _VALUES[n] for n in found)
    if re.search(r"\banother (?:on|in)\b", q.lower):
        total += 1
    return total


def coastal(q: Question) -> Answer | None:
    """ "Tidal wave, but none of my cities are on the seashore. Do I lose anything?": No."""
    card = card_in(q)
    if card not in _PLACE or q.kind != "yesno":
        return None
    place, plaats = _PLACE[card]
    other = re.search(_OTHER_DREW, q.lower) and not re.search(_I_DREW, q.lower)
    if other and q.matches(_LOSE) and not q.matches(r"\b(my|i|mijn|ik) (?:drew|trok|trek)\b"):
        verdict = q.say(
            "No: a Katun card strikes only the king who turns it over, so another king's card "
            "costs you nothing.",
            "Nee: een Katun-kaart treft alleen de koning die haar omdraait, dus de kaart van een "
            "ander kost jou niets.",
        )
    elif q.matches(_NO_CITIES) and q.matches(_LOSE):
        verdict = q.say(
            f"No: the card takes only cities {place}, and you have none, so you lose nothing.",
            f"Nee: de kaart neemt alleen steden {plaats}, en die heb je niet, dus je verliest niets.",
        )
    elif q.matches(_INSTEAD):
        verdict = q.say(
            "Yes: paying or losing is your choice; you may keep the prisoners and lose the cities.",
            "Ja: betalen of verliezen is jouw keuze; je mag de gevangenen houden en de steden "
            "verliezen.",
        )
    elif q.matches(_PAY) and q.matches(_STORED) and (held := _prisoners(q)) is not None:
        enough = held >= 2
        verdict = q.say(
            f"{'Yes' if enough else 'No'}: the card asks 2 prisoners from your Mayas' reserves or "
            f"garrisons, and they hold {held}.",
            f"{'Ja' if enough else 'Nee'}: de kaart vraagt 2 gevangenen uit de voorraden of "
            f"garnizoenen van je Maya's, en die hebben er {held}.",
        )
    else:
        return None
    note = q.say(
        "(Worked out from the rule, not checked by the referee.)",
        "(Afgeleid uit de regel, niet nagespeeld door de scheidsrechter.)",
    )
    return Answer(
        GAME,
        q.text,
        f"{verdict} {note}",
        sources(GAME, ["4-katun/negative-events", "4-katun/catastrophes"]),
        answered=True,
        topic="situation",
        lang=q.lang,
    )


READERS = (coastal,)
