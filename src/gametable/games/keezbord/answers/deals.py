"""Counts of the deal that Keezbord's engine works out: the cards each player gets over one run
of the pack, the deals one run holds, the cards one deal hands out in all, and the sizes of the
first and the later deals.

Every number comes from the deal sizes the engine deals (``cards.DEAL_SIZES``) and from a new
game's pack, never written here; the new game is the position the reply shows.

>>> from gametable.rulebook.question import Question
>>> answer_deal(Question.read("Over a whole run of the pack, how many cards does each player get?")).text
'13 cards each. One run of the pack deals 5 + 4 + 4 = 13 cards to every player.'
>>> answer_deal(Question.read("4 players, first deal: how many cards go out in total?")).text.split()[0]
'20'
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.referee import GAME as KEEZBORD
from gametable.games.keezbord.cards import DEAL_SIZES
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "keezbord"
_HOW_MANY_CARDS = re.compile(r"\b(?:how many|hoeveel) (?:cards|kaarten)\b")
#: one run of the pack: from a fresh shuffle until every card is dealt
RUN = re.compile(
    r"\b(?:over|in|during|across|for|through|gedurende|tijdens|in|over) (?:one|a|the|een|de|één)"
    r" (?:full |whole |complete |entire |hele |volledige )?(?:run|cycle|pass|round|ronde|rondje)"
    r" (?:of|through|door|van) (?:the|a|de|het) (?:pack|deck|stapel|stok|spel)\b"
    r"|\b(?:the|a|one|de|het|een) (?:whole|full|entire|complete|hele|volledige) (?:pack|deck|stapel"
    r"|stok|spel)\b"
    r"|\b(?:before|until|till|tot|voordat) (?:the (?:pack|deck|cards) (?:is|are|runs?|run) "
    r"(?:used up|gone|out|empty|reshuffled)|(?:de )?(?:stapel|kaarten) (?:op|leeg) (?:is|zijn))\b"
)
_EACH = re.compile(
    r"\b(?:each|every|per) (?:player|person|one|seat)\b|\beach\b|\beveryone\b|\beverybody\b"
    r"|\b(?:iedere?|elke) (?:speler|persoon)?|\bper (?:speler|persoon)\b|\biedereen\b"
)
_DEALS = re.compile(
    r"\b(?:how many|hoeveel) (?:deals|rounds|times|keer|rondes|rondjes|delingen)\b"
    r"|\b(?:how often|hoe vaak|hoe dikwijls) (?:does|do|will|deelt|delen|mag)\b"
    r"|\bhow many (?:times|rounds) (?:do|does|can|is|are) (?:we|you|the dealer|it) (?:deal|dealt)\b"
)
_DEALS_END = re.compile(
    r"\b(?:till|until|before|tot|voordat)\b[^?]*\b(?:gone|used up|out|empty|op|leeg|reshuffl\w*|"
    r"geschud|shuffle\w*)\b|\b(?:per|in a|in one|in each|for one|for a|from one|uit een|uit één|"
    r"per) (?:pack|deck|stapel|stok|spel)\b|\bone (?:pack|deck)\b"
)
_TOTAL = re.compile(
    r"\b(?:in total|in all|altogether|all together|go out|are dealt out|get dealt out|dealt out|"
    r"handed out|in totaal|samen|uitgedeeld|all players|alle spelers)\b"
)
_ONE_DEAL = re.compile(
    r"\b(?:the |a |one |de |het |een )?(first|second|third|opening|eerste|tweede|derde) "
    r"(?:deal|round|ronde|deling)\b"
)
_LATER = re.compile(
    r"\b(?:after that|afterwards|after it|later|then|the rest|the others|next ones?|every other|"
    r"the other (?:rounds|deals)|later rounds|each round after|daarna|erna|later|de rest|de "
    r"volgende|de andere)\b"
)
_ORDINAL = {"first": 0, "opening": 0, "eerste": 0, "second": 1, "tweede": 1, "third": 2, "derde": 2}
#: the phrases this module reads, set aside before the guard looks for what is not read
PHRASES = re.compile("|".join(p.pattern for p in (RUN, _DEALS_END, _LATER, _ONE_DEAL)))


def _pack(players: int) -> tuple[int, dict[str, Any]]:
    position = KEEZBORD.new_game(players, seed=0).to_json()
    total = len(position["deck"]) + sum(len(h) for h in position["hands"])
    return total, position


def answer_deal(question: Question) -> Answer | None:
    """The deal count the question asks for, or ``None``."""
    for read in (cards_over_run, deals_in_run, cards_in_one_deal, first_and_later):
        reply = read(question)
        if reply is not None:
            return reply
    return None


def cards_over_run(question: Question) -> Answer | None:
    """Cards each player gets over one run of the pack: the deal sizes added up (KB-004,
    KB-009 to KB-011), which is the pack shared out among the players."""
    lower = question.lower
    if not (_HOW_MANY_CARDS.search(lower) and RUN.search(lower) and _EACH.search(lower)):
        return None
    players = w.players_stated(question) or 4
    if players not in KEEZBORD.player_counts:
        return None
    total, position = _pack(players)
    each = sum(DEAL_SIZES)
    if total != each * players:
        return None
    sizes = " + ".join(str(s) for s in DEAL_SIZES)
    head = question.say(f"{each} cards each.", f"{each} kaarten per speler.")
    reason = question.say(
        f"One run of the pack deals {sizes} = {each} cards to every player.",
        f"Eén keer door de stapel krijgt iedere speler {sizes} = {each} kaarten.",
    )
    details = (
        question.say(
            f"With {players} players that is the whole pack: {players} x {each} = {total}.",
            f"Met {players} spelers is dat de hele stapel: {players} x {each} = {total}.",
        ),
    )
    return checked(GAME, question, head, reason, [kb.SETUP, kb.CARD_DISTRIBUTION],
                   position=position, details=details, topic="number")  # fmt: skip


def deals_in_run(question: Question) -> Answer | None:
    """The deals one run of the pack holds before it is used up and reshuffled (KB-003, KB-004,
    KB-029)."""
    lower = question.lower
    if not (_DEALS.search(lower) and _DEALS_END.search(lower)) or w.first_card(question):
        return None
    players = w.players_stated(question) or 4
    if players not in KEEZBORD.player_counts:
        return None
    total, position = _pack(players)
    n = len(DEAL_SIZES)
    if sum(DEAL_SIZES) * players != total:
        return None
    sizes = ", ".join(str(s) for s in DEAL_SIZES[:-1]) + f" and {DEAL_SIZES[-1]}"
    sizes_nl = ", ".join(str(s) for s in DEAL_SIZES[:-1]) + f" en {DEAL_SIZES[-1]}"
    head = question.say(f"{n} deals.", f"{n} keer delen.")
    reason = question.say(
        f"Deals of {sizes} cards each use up the {total} cards of a {players}-player pack "
        f"({players} x {sum(DEAL_SIZES)} = {total}); then the pack is reshuffled and the next "
        "dealer starts again with 5.",
        f"Delingen van {sizes_nl} kaarten per speler gebruiken de {total} kaarten van de stapel "
        f"voor {players} spelers op ({players} x {sum(DEAL_SIZES)} = {total}); dan wordt opnieuw "
        "geschud en begint de volgende deler weer met 5.",
    )
    return checked(GAME, question, head, reason, [kb.SETUP, kb.CARD_DISTRIBUTION, kb.NEXT_DEAL],
                   position=position, topic="number")  # fmt: skip


def cards_in_one_deal(question: Question) -> Answer | None:
    """The cards one deal hands out to the whole table: players times that deal's size
    (KB-004)."""
    lower = question.lower
    one = _ONE_DEAL.search(lower)
    if not (_HOW_MANY_CARDS.search(lower) and one and _TOTAL.search(lower)):
        return None
    if _LATER.search(lower) or len(_ONE_DEAL.findall(lower)) > 1:
        return None
    players = w.players_stated(question)
    if players not in KEEZBORD.player_counts or players is None:
        return None
    size = DEAL_SIZES[_ORDINAL[one.group(1)]]
    _, position = _pack(players)
    n = players * size
    head = question.say(f"{n} cards.", f"{n} kaarten.")
    reason = question.say(
        f"That deal gives each of the {players} players {size} cards: {players} x {size} = {n}.",
        f"Die deling geeft elk van de {players} spelers {size} kaarten: {players} x {size} = {n}.",
    )
    return checked(GAME, question, head, reason, [kb.SETUP], position=position, topic="number")


def first_and_later(question: Question) -> Answer | None:
    """The size of the first deal of a pack and of every later one (KB-004)."""
    lower = question.lower
    one = _ONE_DEAL.search(lower)
    if not (_HOW_MANY_CARDS.search(lower) and one and _LATER.search(lower)):
        return None
    if _TOTAL.search(lower) or one.group(1) not in ("first", "opening", "eerste"):
        return None
    first, later = DEAL_SIZES[0], DEAL_SIZES[1:]
    if len(set(later)) != 1:
        return None
    players = w.players_stated(question) or 4
    if players not in KEEZBORD.player_counts:
        return None
    _, position = _pack(players)
    head = question.say(
        f"{first} cards each in the first round, then {later[0]} each.",
        f"{first} kaarten per speler in de eerste ronde, daarna {later[0]} per speler.",
    )
    reason = question.say(
        f"A pack is dealt {first}, then {later[0]} and {later[0]} cards to every player, and a "
        "fresh pack starts again with the first deal.",
        f"Een stapel wordt gedeeld in {first}, dan {later[0]} en {later[0]} kaarten per speler, "
        "en een nieuw geschudde stapel begint weer bij de eerste deling.",
    )
    return checked(GAME, question, head, reason, [kb.SETUP], position=position, topic="number")
