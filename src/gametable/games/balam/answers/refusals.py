"""The engine's refusals told in a reply: the engine's own explanation with the rule it cites,
and in Dutch for a Dutch question (our translation of each kind of refusal)."""

from __future__ import annotations

import re

from gametable.core.errors import IllegalAction
from gametable.games.balam.answers.grammar import DUTCH
from gametable.rulebook.question import Question

#: the engine's explanations (``games/balam/*.py``) and our Dutch for each, by pattern
_DUTCH: tuple[tuple[str, str], ...] = (
    (r"site (\w+) belongs to seat (\d+).*",
     r"bouwplaats \1 is van speler \2; je bouwt alleen op je eigen plaatsen of op een vrije"),
    (r"you already build on another site this turn.*",
     "je bouwt deze beurt al op een andere plaats; één plaats per beurt"),
    (r"all your (\d+) large pyramids are in use.*",
     r"al je \1 grote piramides staan op het bord, dus je kunt geen nieuwe plaats nemen"),
    (r"site (\w+) has no plot (\d+)", r"plaats \1 heeft geen bouwplaats \2"),
    (r"plot (\d+) is already built on.*", r"bouwplaats \1 is al bebouwd; breek dat gebouw eerst af"),
    (r"a (\w+) needs plot (\d+) and the next plot.*",
     r"een \1 heeft bouwplaats \2 en de volgende nodig, en \2 is de laatste van deze plaats"),
    (r"a (\w+) also covers plot (\d+), which is taken",
     r"een \1 neemt ook bouwplaats \2 in, en die is bezet"),
    (r"a (\w+) costs 1 (\w+), and you have none", r"een \1 kost 1 \2, en je hebt er geen"),
    (r"a (\w+) costs (\d+) riches; you have (\d+)", r"een \1 kost \2 rijkdom(men); je hebt er \3"),
    (r"a market here needs (\d+) small pyramids; you have (\d+).*",
     r"een markt hier vraagt \1 kleine piramides; je hebt er nog \2"),
    (r"pay 1 riches first, then (.*)", r"betaal eerst 1 rijkdom, dan pas \1"),
    (r"your king sheet is empty.*",
     "je koningsblad is leeg, dus je kunt de beurt niet betalen: draai een Katun-kaart om"),
    (r"a king launches one attack, instead of building, per turn",
     "een koning valt één keer per beurt aan, in plaats van te bouwen"),
    (r"(\w+) is not one of your cities", r"\1 is niet een van je steden"),
    (r"(\w+) is not an enemy city at the end of a path from (\w+)",
     r"\1 is geen vijandige stad aan het eind van een pad vanaf \2"),
    (r"(\w+) has (\d+) garrisons; you cannot commit (\d+)",
     r"\1 heeft \2 garnizoen(en); je kunt er geen \3 inzetten"),
    (r"only (\d+) of the committed garrisons hold obsidian",
     r"maar \1 van de ingezette garnizoenen hebben obsidiaan"),
    (r"you cannot build now", "je kunt nu niet bouwen"),
    (r"no building of yours stands on (\S+)", r"er staat geen gebouw van jou op \1"),
)  # fmt: skip


def reason_of(question: Question, refused: IllegalAction) -> str:
    """The refusal in one sentence, in the question's language, with the rule it cites."""
    text = refused.explanation
    if question.lang == "nl":
        text = _in_dutch(text)
    rule = refused.rule
    cited = rule.section + (f", {', '.join(rule.statements)}" if rule.statements else "")
    sentence = text[0].upper() + text[1:]
    return f"{sentence} ({cited})."


def _in_dutch(text: str) -> str:
    for pattern, dutch in _DUTCH:
        if re.fullmatch(pattern, text):
            out = re.sub(pattern, dutch, text)
            for english, word in DUTCH.items():
                out = re.sub(rf"\b{english}\b", word, out)
            return out
    return text
