"""How many cards a hand holds after an action, and who draws ("Playing the Game > Important",
"Card Types").

"I have three 9s and two other cards; if I throw the three 9s together, how many cards do I
have after?", "I played the Lul on Tom, he had 4 cards: how many has he got now?", "I have 5
cards and play the Swinger on Anna, who has 3: how many do we each have?", "do I draw a card
after swapping?".  The hands are built with exactly the sizes the question says (the asker's
counted from the cards it lists when it gives no size), the engine plays the action, and the
reply counts the hands in the engine's views.  A size the question does not give, where the
answer needs it, leaves the question to the other readers.

>>> from gametable.rulebook.question import Question
>>> count(Question.read("I played the Lul on Tom, he had 4 cards. How many has he got now?")).text
'6. The Lul goes face up in front of the chosen player, who draws 2 cards at once; you draw nothing.'
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from gametable.core.errors import IllegalAction
from gametable.core.rules import RuleRef
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.build import build, load
from gametable.games.balzakken.answers.counts import COUNTS
from gametable.games.balzakken.answers.grammar import Table, played_in_words, read_table
from gametable.games.balzakken.answers.mentions import lul_on_me, word_at
from gametable.games.balzakken.answers.names import numbered
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balzakken"
_ME_WORDS = r"(?:i|ik)"
#: the asker's hand size ("I have 5 cards", "while I have 3 cards", "ik heb 5 kaarten")
_MY_SIZE = re.compile(
    r"(?:\b(?:i have|i hold|i've got|i had|while i have|with|holding|ik heb|ik had|met) |^)"
    r"(\d|two|three|four|five|six|seven|eight|twee|drie|vier|vijf|zes|zeven|acht) "
    r"(?:cards|kaarten)\b"
)
#: the asker's hand said besides the action card it plays ("when I have 4 other cards")
_MY_OTHERS = re.compile(
    r"\b(?:i have|i hold|i've got|while i have|with|holding|ik heb|met) (?:still |also |nog |ook )?"
    r"(?:(?:the |a |my |de |een |mijn )?(?:swinger|lul|lull) (?:and|en) )?"
    r"(\d|two|three|four|five|six|seven|twee|drie|vier|vijf|zes|zeven) "
    r"(?:other|more|andere) (?:cards|kaarten)\b"
)
#: another player's hand size ("Anna who has 3 cards", "he had 4 cards", "die er 2 heeft")
_THEIR_SIZE = re.compile(
    r"\b(?!i\b|ik\b)[^\W\d_]+,? (?:also |only |just |still |nog |ook )?(?:has|had|holds|held|"
    r"heeft|houdt) (\d) (?:cards?|kaarten?)\b|\bdie er (\d) heeft\b|\bwho (?:has|holds) (\d)\b|"
    r"\bdie (?:ook |nog |er )?(\d) (?:kaarten )?(?:had|heeft|hield)\b|"
    r"\b(?:heeft|had|has) er (\d)\b|"
    r"\b(?!i\b|ik\b)[^\W\d_]+,? (?:also |only |just |still |ook )?(?:has|had|holds|held|heeft) (\d)"
    r"(?=\s*(?:[.,;)]|$| and\b| en\b))"
)
#: a size said of the hand left once the action card is played ("after playing my Swinger I
#: have 3 cards left"): the hand held that card too
_LEFT_AFTER = re.compile(
    r"\bafter (?:playing|i play|i played|laying|putting down) (?:my |the |a )?(?:swinger|lul|lull)"
    r",? (?:i have|i hold|i've got|i still have) \d (?:cards )?(?:left|over|remaining)?|"
    r"\b(?:i have|ik heb) \d (?:cards|kaarten) (?:left|over|remaining)\b"
)
#: more cards in the asker's hand besides those it names ("and two other cards")
_OTHER_CARDS = re.compile(
    r"\b(one|two|three|four|\d) other cards?\b|\b(\d|twee|drie) andere kaarten\b"
)
_OTHER_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "twee": 2, "drie": 3}
#: how many of the hand are the cards played ("5 cards, three of them 6s")
_OF_THEM = re.compile(
    r"\b(two|three|four|twee|drie|vier|\d) (?:of them|ervan|daarvan) (?:are )?-?\d"
)
#: the count asked for
_ASK_MINE = re.compile(
    r"\bhow many (?:cards )?(?:do|will|would) i (?:have|hold|keep|end up with|get)\b|"
    r"\bhow many cards (?:are |do i have |have i got )?(?:left|remaining) in my hand\b|"
    r"\bhoeveel kaarten (?:heb ik (?:nog )?over|zitten er (?:nog )?in mijn hand)\b|"
    r"\bhoeveel kaarten (?:heb|houd) ik\b"
)
_ASK_THEIRS = re.compile(
    r"\bhow many (?:cards )?(?:does|will|would|has) (?!i\b)[^\W\d_]+ (?:\w+ )?(?:have|hold|got|get|"
    r"end up with)\b|\bhow many has (?:he|she|they) got\b|"
    r"\bhoeveel kaarten (?:heeft|krijgt|houdt) (?!ik\b)[^\W\d_]+\b"
)
_ASK_EACH = re.compile(
    r"\bhow many (?:cards )?(?:do|will) (?:we|you) (?:each|both|all) (?:have|hold|end up with)\b|"
    r"\bhow many (?:cards )?(?:does|will) each (?:of us|player) (?:have|hold|end up with)\b|"
    r"\bhoeveel kaarten (?:hebben|houden) we (?:elk|allebei|ieder)\b"
)
#: the Lul or the Swinger played, and by whom on whom
_PLAYS = re.compile(
    r"\b(?:play|plays|played|put|puts|give|gives|gave|lay|lays|laid|swing|legt|leg|speel|"
    r"speelt|geef|geeft)\b.*\b(?:lul|lull|swinger)\b|\bswing(?:s|en)? (?:with|met)\b|"
    r"\b(?:lul|lull|swinger)\b.*\b(?:gespeeld|gelegd|gegeven|leg|legt|geef|geeft|speel|speelt|"
    r"play it|played it|plays it)\b"
)


@dataclass(frozen=True)
class Played:
    """The action a question describes: the notation, who plays it (0 the asker, 1 the other
    player) and the hands before it."""

    notation: str
    actor: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]


def asks_count(question: Question) -> bool:
    """ "How many cards do I / does he / do we each have after ...?"."""
    if question.kind != "number":
        return False
    lower = question.lower
    return bool(_ASK_MINE.search(lower) or _ASK_THEIRS.search(lower) or _ASK_EACH.search(lower))


def read_numbers(question: Question) -> set[int]:
    """The sizes said and the cards placed, as word indices."""
    lower = question.lower
    read = set(read_table(question).read)
    for pattern in (_MY_SIZE, _MY_OTHERS, _THEIR_SIZE, _OTHER_CARDS, _OF_THEM):
        for found in pattern.finditer(lower):
            group = next(g for g in range(1, (found.lastindex or 0) + 1) if found.group(g))
            read.add(word_at(lower, found.start(group)))
    return read


def count(question: Question) -> Answer | None:
    """The hand sizes after the action, counted in the engine's views."""
    played = _played(question, read_table(question))
    if played is None:
        return None
    judged = _judge(played)
    if judged is None:
        return None
    position, before, after = judged
    lower = question.lower
    # the other hand is asked about only when an action card reaches it (a discard is the
    # asker's alone: "how many does she have" then names a player the reading did not build)
    target = 1 - played.actor if played.notation.split()[0] in ("lul", "swinger") else 0
    mine, theirs = after[0], after[1]
    if _ASK_EACH.search(lower) and target == 1:
        verdict = question.say(
            f"You have {numbered(mine, 'card', 'en')} and the other player has "
            f"{numbered(theirs, 'card', 'en')}.",
            f"Jij hebt {numbered(mine, 'card', 'nl')} en de ander {numbered(theirs, 'card', 'nl')}.",
        )
    elif _ASK_MINE.search(lower) and not _ASK_THEIRS.search(lower):
        verdict = f"{mine}."
    elif _ASK_THEIRS.search(lower) and not _ASK_MINE.search(lower) and target == 1:
        verdict = f"{theirs}."
    else:
        return None
    reason, rule = _what_happened(question, played, before, after)
    return checked(GAME, question, verdict, reason, [rule], position=position)


def _played(question: Question, table: Table) -> Played | None:
    """The action and both hands, with the sizes said; ``None`` when a size needed is not said."""
    lower = question.lower
    mine = _my_size(question, table)
    theirs = _their_size(lower)
    if lul_on_me(question):
        if mine is None:
            return None
        return Played("lul 0", 1, (_filled((), mine), _filled(("L",), 2)))
    if _PLAYS.search(lower):
        card, verb = ("S", "swinger") if "swing" in lower else ("L", "lul")
        mine_only = bool(_ASK_MINE.search(lower)) and not _ASK_THEIRS.search(lower)
        if theirs is None and verb == "lul" and mine_only:
            theirs = 3  # the chosen player's hand changes nothing of the asker's
        if theirs is None or (verb == "swinger" and mine is None):
            return None
        hand = _filled((card,), mine if mine is not None else 3)
        return Played(f"{verb} 1", 0, (hand, _filled((), theirs, taken=hand)))
    return _discard(question, table, mine)


def _discard(question: Question, table: Table, mine: int | None) -> Played | None:
    """Discarding several of one value from a hand of the size said (or listed)."""
    played = Counter(c for c in table.acted if c not in ("S", "L"))
    if not played:
        played = played_in_words(question)
    if len(played) != 1 or mine is None:
        return None
    card, many = next(iter(played.items()))
    if many == 1 and _SEVERAL_SAID.search(question.lower):
        return None  # "both" said, one card read: the reading missed a card
    held = [c for c in table.me.cards if c != card]  # "three of them 6s": the 6s played
    hand = (*held, *[card] * max(many, table.me.cards.count(card)))
    if Counter(hand)[card] < many or len(hand) > mine:
        return None
    notation = f"discard {card}x{many}" if many > 1 else f"discard {card}"
    return Played(notation, 0, (_filled(hand, mine), _filled((), 3, taken=hand)))


#: the question speaks of several cards played
_SEVERAL_SAID = re.compile(
    r"\b(?:both|all (?:two|three|four)|beide|allebei|alle (?:twee|drie|vier))\b"
)


def _my_size(question: Question, table: Table) -> int | None:
    """The asker's hand size: said ("I have 5 cards"), or the cards it lists plus "two other
    cards"."""
    others = _MY_OTHERS.search(question.lower)
    if others and _PLAYS.search(question.lower):  # "the Swinger and 4 other cards"
        size = others.group(1)
        return (int(size) if size.isdigit() else COUNTS[size]) + 1
    said = _MY_SIZE.search(question.lower)
    if said:
        after_playing = _LEFT_AFTER.search(question.lower)
        size = said.group(1)
        return (int(size) if size.isdigit() else COUNTS[size]) + (1 if after_playing else 0)
    if not table.me.cards or table.me.points:
        return None
    others = _OTHER_CARDS.search(question.lower)
    extra = 0
    if others:
        word = others.group(1) or others.group(2)
        extra = int(word) if word.isdigit() else _OTHER_COUNTS[word]
    return len(table.me.cards) + extra


def _their_size(lower: str) -> int | None:
    found = _THEIR_SIZE.search(lower)
    if found is None:
        return None
    return int(next(g for g in found.groups() if g is not None))


def _filled(hand: tuple[str, ...], size: int, taken: tuple[str, ...] = ()) -> tuple[str, ...]:
    """``hand`` filled up with Balzakken to ``size`` cards, leaving free what ``taken`` uses."""
    used = Counter([*hand, *taken])
    fill = [str(v) for v in (10, 6, 4, 1, 2, 5, 7, 0, 3) if used[str(v)] <= 1]
    return (*hand, *fill[: max(0, size - len(hand))])


def _judge(played: Played) -> tuple[dict[str, Any], list[int], list[int]] | None:
    """The position, and both hand sizes before and after the engine plays the action."""
    if any(len(h) > 8 for h in played.hands):
        return None
    position = build([list(h) for h in played.hands], to_move=played.actor)
    state = load(position)
    if state is None:
        return None
    before = list(state.view(None)["hand_sizes"])
    try:
        state.apply(played.notation, played.actor)
    except IllegalAction:
        return None
    return position, before, list(state.view(None)["hand_sizes"])


def _what_happened(
    question: Question, played: Played, before: list[int], after: list[int]
) -> tuple[str, RuleRef]:
    """One sentence on what the action did to the hands."""
    kind, _, rest = played.notation.partition(" ")
    target = 1 - played.actor
    if kind == "lul" and played.actor == 1:
        drawn = after[target] - before[target]
        return question.say(
            f"The Lul laid in front of you makes you, the chosen player, draw {drawn} cards from "
            "the draw pile at once; the player who played it draws nothing.",
            f"De Lul die voor je ligt, laat jou als gekozen speler meteen {drawn} kaarten van de "
            "trekstapel trekken; wie hem speelde, trekt niets.",
        ), refs.LUL_PLAYED
    if kind == "lul":
        drawn = after[target] - before[target]
        return question.say(
            f"The Lul goes face up in front of the chosen player, who draws {drawn} cards at "
            "once; you draw nothing.",
            f"De Lul gaat open voor de gekozen speler, die meteen {drawn} kaarten trekt; wie "
            "hem speelt, trekt niets.",
        ), refs.LUL_PLAYED
    if kind == "swinger":
        return question.say(
            "The Swinger goes face up in front of the chosen player and the rest of your hand "
            "and theirs change places; nobody draws.",
            "De Swinger gaat open voor de gekozen speler en de rest van je hand en die van de "
            "ander wisselen van plaats; niemand trekt.",
        ), refs.SWINGER_PLAYED
    many = int(rest.partition("x")[2] or 1)
    return question.say(
        f"You discard {many} of one value together and draw back one card, so your hand goes "
        f"from {before[0]} to {after[0]}.",
        f"Je legt er {many} van dezelfde waarde samen af en trekt er één terug, dus je hand "
        f"gaat van {before[0]} naar {after[0]}.",
    ), refs.SAME_VALUE if many > 1 else refs.DISCARD


# -- who draws ----------------------------------------------------------------------------------
_DRAW_ASKED = re.compile(
    r"\b(?:do|does|must|should|will|have to|has to|also|still)\b.{0,40}?\b(?:draw|take|pick up)"
    r"(?: (?:a|one|another|an extra|any|new))*(?: cards?)?\b|\b(?:moet|trek|pak|krijg) (?:ik|hij|zij) (?:dan |ook |nog )?"
    r"(?:een )?(?:nieuwe )?(?:kaart|kaarten)? ?(?:pakken|trekken)?\b"
)
#: the one who plays the card is asked about ("does the player who plays The Lul draw?")
_ACTOR_ASKED = re.compile(
    r"\b(?:the player|the one|whoever|the person|de speler|degene) (?:who |die )?(?:plays|played|"
    r"speelt|speelde)\b"
)
#: the player a question about drawing asks about ("do I draw?", "does Bram draw too?", "moet
#: hij ook trekken?"): the subject after the asking verb
_SUBJECT_ASKED = re.compile(
    r"\b(?:do|does|must|should|will|has to|have to|moet|moeten|hoef|hoeft|trek|trekt|pak|pakt|"
    r"krijg|krijgt) ([^\W\d_]+)\b(?! (?:player|speler)\b)"
)
_LUL_WORD = re.compile(r"\b(?:lul|lull|swinger)\b")
_SWAPS = re.compile(r"\b(?:swap|swaps|swapped|swapping|ruil|ruilen|geruild)\b")


def asks_draw(question: Question) -> bool:
    """ "If I swap with the discard pile, do I also draw a card?", "moet ik een kaart pakken
    nadat ik de Lul heb gespeeld?", "does he still have to draw?"."""
    return question.kind == "yesno" and bool(_DRAW_ASKED.search(question.lower))


def draws(question: Question) -> Answer | None:
    """Whether the player asked about takes a card beyond what the action gives: the engine
    plays a swap, The Lul or The Swinger and the hands are counted."""
    lower = question.lower
    table = read_table(question)
    asker = re.search(
        rf"\b(?:do|must|should|will|have to|moet|trek|pak|krijg) {_ME_WORDS}\b", lower
    )
    if lul_on_me(question):  # the asker is the chosen player: "do I draw?" asks the target
        played = Played("lul 0", 1, (("4", "6"), ("L", "10", "1")))
        subject = _SUBJECT_ASKED.search(lower)
        if subject is None or subject.group(1) in ("you", "je", "jij", "we", "wij"):
            return None
        who = 0 if subject.group(1) in ("i", "ik") else 1
    elif _SWAPS.search(lower) and not (_PLAYS.search(lower) or _LUL_WORD.search(lower)):
        played = Played("swap 9", 0, (("9", "4", "6"), ("10", "1")))
        who = 0
    elif _PLAYS.search(lower):
        verb = "swinger" if "swing" in lower else "lul"
        empty = any(h.empty for h in table.holders[1:])
        theirs: tuple[str, ...] = () if empty else ("10", "1")
        played = Played(f"{verb} 1", 0, (("S" if verb == "swinger" else "L", "4", "6"), theirs))
        who = 0 if asker or _ACTOR_ASKED.search(lower) else 1
    else:
        return None
    judged = _judge(played)
    if judged is None:
        return None
    position, before, after = judged
    gained = after[who] - before[who]
    drew = gained > 0 if played.notation.startswith("lul") else False
    reason, rule = _what_happened(question, played, before, after)
    if played.notation.startswith("swap"):
        reason = question.say(
            "A swap is the whole action: your Balzak goes onto the discard pile and its top card "
            "into your hand, and nothing is drawn.",
            "Ruilen is de hele actie: je Balzak gaat op de aflegstapel en de bovenste kaart in je "
            "hand, en je trekt niets.",
        )
        rule = refs.SWAP
    return checked(GAME, question, yes_no(question, drew), reason, [rule], position=position)
