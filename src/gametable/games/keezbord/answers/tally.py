"""The deal worked out by its parts: the table, the deal meant, and every count asked.

A question about the deal is read as parts, in any order and with any words between them:
the number of players (``w.players_stated``: "6 players", "we're 4", "met z'n zessen", "seven of
us"), the deal it is about (an ordinal: "the third deal", "eerste keer delen"), and each thing
asked, found clause by clause by its keywords: the cards each player gets, the cards dealt in
all, the cards left in the pack after it, the deals one pack lasts, whether one pack is enough,
whether the players can play in teams.  Every count comes from the engine (a new game's pack for
that table, ``cards.DEAL_SIZES``, the game's player counts); the reply's first sentence gives
every thing asked, in the order asked.  A question that speaks of pawns, moves or named cards,
says a number the reading does not place, or asks nothing it knows is left to the other readers.

>>> from gametable.rulebook.question import Question
>>> read_deal(Question.read("Six players, first deal: how many cards in total, and how many stay in the pack?")).text.split(".")[0]
'30 cards are dealt in all; 48 cards stay in the pack'
>>> read_deal(Question.read("Met 4 spelers: na hoeveel delingen is de stapel op?")).text.split(".")[0]
'3 keer delen'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gametable.core.errors import GameError
from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.deals import RUN
from gametable.games.keezbord.answers.referee import GAME as KEEZBORD
from gametable.games.keezbord.cards import DEAL_SIZES
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "keezbord"
_PACK = r"(?:pack|deck|stack|pile|stock|cards|stapel|stok|spel(?: kaarten)?|kaarten)"
#: words of another concept: a question about pawns, moves or a card's effect is not a tally
_ELSEWHERE = re.compile(
    r"\b(?:pawns?|pion\w*|spaces?|vak\w*|steps?|stappen|move\w*|hit\w*|slaan|geslagen|home|honk|"
    r"thuishonk|nest|track|baan|king|queen|jack|ace|aas|heer|vrouw|boer|play(?:s|ed)? (?:a|an|my)|"
    r"speel|handed in|hand in|inleveren|ingeleverd|holds?|hold|score\w*|win\w*|joker\w*)\b"
)
#: a condition or a change to the pack: not the pack a new game deals
_CONDITION = re.compile(
    r"\b(?:if|als|unless|tenzij|lose|lost|losing|kwijt|missing|ontbreekt|extra|instead|in plaats)\b"
)
_ORDINALS = {"first": 1, "1st": 1, "opening": 1, "eerste": 1, "second": 2, "2nd": 2,
             "tweede": 2, "third": 3, "3rd": 3, "derde": 3}  # fmt: skip
_ORDINAL = re.compile(
    r"\b(" + "|".join(_ORDINALS) + r")(?: (?:keer|time))? (?:deal|round|ronde|deling|delen)s?\b"
)
#: what may be asked, each by its keywords inside one clause
_ASKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "teams",
        re.compile(
            r"\b(?:in teams|make teams|form teams|teams? (?:maken|vormen)|in teams? "
            r"spelen)\b"
        ),
    ),
    (
        "enough",
        re.compile(
            r"\b(?:enough|genoeg|voldoende|(?:shuffle|use|play with|schudden|"
            r"gebruiken) (?:in )?(?:both|one|beide|één) (?:packs?|decks?|spel\w*)|"
            r"(?:need|use|nodig|gebruiken)\b.*\b(?:both|"
            r"two|2|beide|twee) (?:packs|decks|spellen)|(?:both|beide|twee) (?:packs|"
            r"decks|spellen)\b.*\b(?:need|use|nodig|gebruiken))\b"
        ),
    ),
    (
        "deals",
        re.compile(
            r"\b(?:how many (?:deals|times|rounds)|hoeveel (?:delingen|keer|rondes|"
            r"rondjes)|how often|hoe vaak|hoe dikwijls|(?:pack|deck) last)\b"
        ),
    ),
    (
        "pack",
        re.compile(
            r"\bhow many cards (?:are |is )?(?:there )?(?:in|does) (?:the|a|our|this) (?:pack|deck|box|"
            r"game|set)\b|\bhow (?:big|large) is (?:the|our|a) (?:pack|deck)\b|\bhow many cards (?:do|"
            r"does|will) (?:we|you|they|i) (?:play with|use|need)\b|\bwith how many cards\b"
            r"|\bmet hoeveel kaarten\b|\bhoeveel kaarten (?:zitten|gaan) (?:er )?in (?:het|de|een|ons) "
            r"(?:spel|stapel|pak|doos)\b|\bhoeveel kaarten (?:gebruiken|spelen|hebben) (?:we|jullie|je|"
            r"wij)\b"
        ),
    ),
    (
        "left",
        re.compile(
            rf"\b(?:left|remain\w*|stays?|still|over|liggen|blijven|zitten|resten)\b.*\b"
            rf"{_PACK}\b|\b{_PACK}\b.*\b(?:left|remain\w*|over|after(?:wards?)?|daarna)"
            r"\b|\bhow many (?:are |is )?left\b"
        ),
    ),
    (
        "total",
        re.compile(
            r"\b(?:in total|in all|altogether|all together|go out|dealt out|handed "
            r"out|in totaal|totaal|samen|total dealt|uitgedeeld)\b"
        ),
    ),
    (
        "each",
        re.compile(
            r"\b(?:each|every(?:one|body)?|per (?:player|person|deal|speler|persoon|"
            r"deling)|iedereen|ieder|elke? (?:speler|keer)|everyone|each time|hand "
            r"sizes?)\b"
        ),
    ),
)
#: a clause about the pack after some deals, not the pack a table plays with
_NOT_PACK = re.compile(r"\b(?:after|once|left|remain\w*|still|over|na|nog|daarna|blijven|stays?)\b")
_HOW_MANY = re.compile(r"\b(?:how many|hoeveel|how often|hoe vaak|hoe dikwijls|what are)\b")
_DEALING = re.compile(
    r"\b(?:cards?|kaart\w*|packs?|decks?|stack|stapel|spel\w*|deal\w*|dealt|del\w+|gedeeld)\b"
)
_LATER = re.compile(r"\b(?:after that|afterwards|in the later (?:ones|deals|rounds)|daarna|erna)\b")
#: an asking word in a clause that asks no count: something else is asked too
_OTHER_ASK = re.compile(r"\b(?:who|what|where|which|when|why|wie|wat|waar|welke|wanneer|waarom)\b")
_CLAUSE = re.compile(r",|\?|;|\band\b|\ben\b|\. ")


@dataclass(frozen=True)
class DealParts:
    """What a question about the deal says: the table, the deal meant, the things asked."""

    players: int | None
    deal: int | None
    asks: tuple[str, ...]


def read_parts(question: Question) -> DealParts | None:
    """The parts of a question about the deal, or ``None`` when it speaks of another concept
    or asks nothing this reading knows."""
    lower = question.lower
    if _ELSEWHERE.search(lower) or _CONDITION.search(lower):
        return None
    deals = {_ORDINALS[m] for m in _ORDINAL.findall(lower)}
    if len(deals) > 1:
        return None
    asks: list[str] = []
    terse = not _HOW_MANY.search(lower)  # "first deal: total dealt, and left in the pack?"
    for clause in _CLAUSE.split(lower):
        before = len(asks)
        for name, pattern in _ASKS:
            if not pattern.search(clause) or name in asks:
                continue
            if name == "pack" and _NOT_PACK.search(clause):
                continue
            counted = name not in ("left", "total", "each") or _HOW_MANY.search(clause)
            if counted or asks or terse:  # a count's word, asked or continuing a list of asks
                asks.append(name)
                break
        if len(asks) == before and _OTHER_ASK.search(clause):
            return None  # another thing asked ("and who deals?"): not all of it is a count
    counts = set(asks) - {"teams"}
    if not asks or (counts and not _DEALING.search(lower)):
        return None  # a count with no card, pack or deal said is about something else
    return DealParts(w.players_stated(question), deals.pop() if deals else None, tuple(asks))


def _pack(players: int) -> tuple[int, dict[str, Any]]:
    position = KEEZBORD.new_game(players, seed=0).to_json()
    return len(position["deck"]) + sum(len(h) for h in position["hands"]), position


#: one full pack of playing cards, without jokers: the four-player pack (KB-010)
FULL_PACK = _pack(4)[0]


def _numbers_placed(question: Question, parts: DealParts, total: int) -> bool:
    """Whether every number the question says is one the parts place: the players, the deal
    (said as a digit), the full pack and the pack in play."""
    placed = {parts.players, parts.deal, FULL_PACK, total, 1, 2, *DEAL_SIZES}
    return all(n in placed for n in question.numbers)


def read_deal(question: Question) -> Answer | None:
    """Every count of the deal the question asks for, worked out (see the module docstring)."""
    parts = read_parts(question)
    if parts is None:
        return None
    players = parts.players
    if set(parts.asks) == {"teams"} and players is not None:
        return _teams(question, players)
    if players not in KEEZBORD.player_counts or players is None:
        return None
    total, position = _pack(players)
    if total != players * sum(DEAL_SIZES) or not _numbers_placed(question, parts, total):
        return None
    said = [_say(question, ask, parts, total) for ask in parts.asks]
    if any(s is None for s in said) or not said:
        return None
    heads = [s[0] for s in said if s is not None]
    reasons = [s[1] for s in said if s is not None]
    head = "; ".join(heads)
    head = head[0].upper() + head[1:] + "."
    reason = " ".join(dict.fromkeys(reasons))
    return checked(GAME, question, head, reason, [kb.SETUP, kb.CARD_DISTRIBUTION, kb.NEXT_DEAL],
                   position=position, topic="number")  # fmt: skip


def _sizes(question: Question) -> str:
    first, *later = DEAL_SIZES
    en = " and ".join(str(s) for s in later)
    return question.say(
        f"{first} cards each in the first deal, then {en} in the later ones",
        f"{first} kaarten per speler bij de eerste deling, daarna {en}",
    )


def _say(question: Question, ask: str, parts: DealParts, total: int) -> tuple[str, str] | None:
    """The head and the reason for one thing asked, or ``None`` when the parts do not say
    enough to work it out (a deal's count with no deal said)."""
    players, deal, say = parts.players or 0, parts.deal, question.say
    n = len(DEAL_SIZES)
    run = say(
        f"With {players} players the pack has {total} cards, dealt {' + '.join(map(str, DEAL_SIZES))}"
        f" cards to each player ({players} x {sum(DEAL_SIZES)} = {total}), and then a new dealer "
        "reshuffles it.",
        f"Met {players} spelers heeft de stapel {total} kaarten, gedeeld in "
        f"{' + '.join(map(str, DEAL_SIZES))} kaarten per speler ({players} x {sum(DEAL_SIZES)} = "
        f"{total}), en daarna schudt een nieuwe deler opnieuw.",
    )
    if ask == "deals":
        return say(f"{n} deals", f"{n} keer delen"), run
    if ask == "pack":
        return say(f"{total} cards in the pack", f"{total} kaarten in het spel"), run
    if ask == "enough":
        return _enough(question, total), run
    if ask == "each" and deal is None and RUN.search(question.lower):  # over a whole pack
        each = sum(DEAL_SIZES)
        return say(f"{each} cards each", f"{each} kaarten per speler"), run
    if ask == "each" and (deal is None or (deal == 1 and _LATER.search(question.lower))):
        return _sizes(question), run  # "in the first round, and how many after that?"
    if deal is None or not 1 <= deal <= n:
        return None
    size, done = DEAL_SIZES[deal - 1], sum(DEAL_SIZES[:deal])
    if ask == "each":
        return say(f"{size} cards each", f"{size} kaarten per speler"), run
    if ask == "total":
        return say(
            f"{players * size} cards are dealt in all", f"{players * size} kaarten in totaal"
        ), say(
            f"Deal {deal} gives {players} x {size} = {players * size}.",
            f"Deling {deal} geeft {players} x {size} = {players * size}.",
        )
    left = total - players * done
    empty = say(" (it is empty)", " (de stapel is leeg)") if not left else ""
    head = say(f"{left} cards stay in the pack", f"{left} kaarten blijven in de stapel") + empty
    return head, say(
        f"After deal {deal} {players} x {done} = {players * done} of the {total} cards are "
        f"out: {total} - {players * done} = {left}.",
        f"Na deling {deal} zijn {players} x {done} = {players * done} van de {total} kaarten "
        f"uitgedeeld: {total} - {players * done} = {left}.",
    )


_BOTH = re.compile(r"\b(?:both|two|2|beide|twee) (?:packs|decks|spellen)\b")


#: a choice between packs: "both packs, one pack, or only part of one?"
_CHOICE = re.compile(r"\b(?:part of one|deel van één|half (?:a|one) (?:pack|deck))\b")


def _enough(question: Question, total: int) -> str:
    """Whether one pack is enough (or both are needed, as the question puts it): the pack in
    play against one full pack; as a choice, which of both, one or part of one."""
    fits = total <= FULL_PACK
    if _CHOICE.search(question.lower):
        which = (
            question.say("both packs", "beide spellen") if not fits
            else question.say("one whole pack", "één heel spel") if total == FULL_PACK
            else question.say("only part of one pack", "maar een deel van één spel")
        )  # fmt: skip
        return which + question.say(
            f": {total} cards (one full pack has {FULL_PACK})",
            f": {total} kaarten (één volledig spel heeft er {FULL_PACK})",
        )
    yes = not fits if _BOTH.search(question.lower) else fits
    word = question.say("yes" if yes else "no", "ja" if yes else "nee")
    if fits:
        return word + question.say(
            f": {total} cards, so one pack of {FULL_PACK} is enough",
            f": {total} kaarten, dus één spel van {FULL_PACK} is genoeg",
        )
    return word + question.say(
        f": {total} cards, more than one pack of {FULL_PACK}, so both packs are used",
        f": {total} kaarten, meer dan één spel van {FULL_PACK}, dus beide spellen zijn nodig",
    )


def _teams(question: Question, players: int) -> Answer:
    """Whether ``players`` can play in teams: only the engine's team tables (4 or 6)."""
    counts = KEEZBORD.player_counts
    try:  # the engine sets up a table of that size, or refuses it
        position: dict[str, Any] | None = KEEZBORD.new_game(players, seed=0).to_json()
    except (GameError, ValueError):  # the engine's check_players refuses the count (ValueError)
        position = None
    can = position is not None and players >= min(c for c in counts if c > 2)
    head = question.say("Yes." if can else "No.", "Ja." if can else "Nee.")
    reason = question.say(
        f"Keezbord is played by {', '.join(map(str, counts))} players, in teams of two with 4 or "
        f"6; {players} players "
        + (
            "play two against two."
            if players == 4
            else "play three teams of two."
            if can
            else "cannot."
        ),
        f"Keezbord speel je met {', '.join(map(str, counts))} spelers, in teams van twee met 4 "
        f"of 6; met {players} "
        + (
            "speel je twee tegen twee."
            if players == 4
            else "speel je met drie teams van twee."
            if can
            else "kan dat niet."
        ),
    )
    return checked(GAME, question, head, reason, [kb.TEAMS], position=position, topic="number")
