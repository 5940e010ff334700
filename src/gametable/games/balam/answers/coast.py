"""The catastrophes that strike cities by their place ("4 - KATUN > NEGATIVE EVENTS": the
Tidal wave takes the cities on the seashore, the Volcanic eruptions those next to a volcano,
unless the Mayas pay 2 prisoners from their reserves or garrisons), asked yes or no: a card
another king turned over, a king with no city there, the prisoners stored, the choice to lose
the cities rather than pay.

A card another king turned over, and a king with no city there, are played by the engine (the
card turned over on a position with the asking king's city where the question puts it) and
marked as checked; the prisoners stored and the choice to lose rather than pay are worked out
from the rule (paying takes 2 prisoners of the Mayas; paying or losing is his choice) and are
not marked as checked.
"""

from __future__ import annotations

import re
from typing import Any

from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import card_in
from gametable.games.balam.answers.scenes import legal_texts, load, play, position
from gametable.games.balam.board import load_board
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, sources

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


_REFS: list[RuleRef | str] = ["4-katun/negative-events", rules.CATASTROPHES]


def _struck(
    card: str, *, drawer: int, mine_struck: bool = True
) -> tuple[dict[str, Any], int] | None:
    """The card turned over by ``drawer`` (0 the asker, 1 another king, neither holding a
    prisoner) in the engine; the asking king holds a city the card strikes (``mine_struck``) or
    one it does not; the position, and how many of the asking king's cities it took."""
    board = load_board("default")
    place = board.volcano if card == "eruption" else board.seashore
    struck = [board.names[i] for i, hit in enumerate(place) if hit]
    spared = [board.names[i] for i, hit in enumerate(place) if not hit]
    mine = struck[0] if mine_struck else spared[0]
    his = next(n for n in spared if n != mine)
    data = position(sites={mine: ["village"], his: ["village"]}, owners={his: 1},
                    riches=[{"maize": 2}, {"maize": 2}], phase="turn", card=card)  # fmt: skip
    data["current"] = drawer
    state = load(data)
    if state is None:
        return None
    after = play(state, "katun 0", seat=drawer)
    for _ in range(4):  # the drawer's losses, if the engine asks him to choose them
        lose = [a for a in legal_texts(after, drawer) if a.startswith("lose")]
        if not lose or drawer not in after.to_move:
            break
        after = play(after, lose[0], seat=drawer)
    held = after.to_json()["sites"][mine]["owner"]
    return data, int(held != 0)


def coastal(q: Question) -> Answer | None:
    """ "Tidal wave, but none of my cities are on the seashore. Do I lose anything?": No."""
    card = card_in(q)
    if card not in _PLACE or q.kind != "yesno":
        return None
    place, plaats = _PLACE[card]
    judged: tuple[dict[str, Any], int] | None = None
    other = re.search(_OTHER_DREW, q.lower) and not re.search(_I_DREW, q.lower)
    if other and q.matches(_LOSE) and not q.matches(r"\b(my|i|mijn|ik) (?:drew|trok|trek)\b"):
        judged = _struck(card, drawer=1)
        verdict = q.say(
            "No: a Katun card strikes only the king who turns it over, so another king's card "
            "costs you nothing.",
            "Nee: een Katun-kaart treft alleen de koning die haar omdraait, dus de kaart van een "
            "ander kost jou niets.",
        )
    elif q.matches(_NO_CITIES) and q.matches(_LOSE):
        judged = _struck(card, drawer=0, mine_struck=False)
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
    if judged is not None:
        data, lost = judged
        if lost:
            return None  # the engine disagrees with the rule this reply states: no reply
        return checked(GAME, q, verdict, "", _REFS, position=data)
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
