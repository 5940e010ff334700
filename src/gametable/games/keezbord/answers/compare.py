"""Two cards' moves compared, read by parts: "which goes further, a queen or a ten, and by how
much?", "wat gaat verder, een Vrouw of een 10?".

The parts: exactly two cards named (misspelt names too: "qeen"), a comparison ("further",
"farther", "more spaces", "verder") and, if asked, how much.  Each card is played by the referee
on a pawn on the open track; the spaces it moves are read from where the pawn ends.  A card
that does not move one pawn forward (the King, the Jack, the 4, the 7 shared) is not compared.

>>> from gametable.rulebook.question import Question
>>> read_compare(Question.read("Which goes further, a queen or a ten, and by how much?")).text.split(".")[0]
'The Queen, by 2 spaces: 12 against 10'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import GAME
from gametable.games.keezbord.answers.hands import card_name
from gametable.games.keezbord.answers.referee import Trial, judge
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

_FURTHER = re.compile(r"\b(?:further|farther|more spaces|verder|meer vakken|goes more|the most)\b")
_FILLER = frozenset(
    [
        "which",
        "what",
        "wat",
        "welke",
        "card",
        "kaart",
        "goes",
        "go",
        "gaat",
        "moves",
        "move",
        "moving",
        "takes",
        "take",
        "my",
        "pawn",
        "pion",
        "mijn",
        "a",
        "an",
        "the",
        "een",
        "de",
        "or",
        "of",
        "and",
        "en",
        "by",
        "how",
        "much",
        "many",
        "hoeveel",
        "spaces",
        "steps",
        "vakken",
        "stappen",
        "more",
        "meer",
        "further",
        "farther",
        "verder",
        "one",
        "is",
        "does",
        "do",
        "which's",
        "it",
        "you",
        "i",
    ]
)
_START = 5  # the pawn moved stands here, on the open track
#: the two cards set side by side: "a qeen or a ten", "the eight or the five", "een Vrouw of een 10"
_PAIR = re.compile(
    r"\b(?:a|an|the|een|de)\s+([a-zà-ü0-9]+)\s*,?\s+(?:or|of)\s+(?:a|an|the|een|de)\s+"
    r"([a-zà-ü0-9]+)\b"
)


def _card(word: str) -> str | None:
    """The card one word names: a rank's number ("10", "ten", "tien") or a name ("qeen")."""
    if word.isdigit() or word in w.NUMBER_WORDS:
        n = w.value(word)
        return str(n) if 2 <= n <= 10 else None
    found = w.CARDS.find(Question.read(word))
    return found[0].name if len(found) == 1 else None


def _steps(card: str) -> int | None:
    """The spaces ``card`` moves a pawn forward from the open track, as the referee plays it."""
    trial = Trial.of(2, {"a": [_START, "N", "N", "N"]}, [card], f"{card} a1")
    ruling = judge(trial)
    if not ruling.allowed:
        return None
    end = ruling.place_of("a1")
    return end - _START if isinstance(end, int) and end > _START else None


def read_compare(question: Question) -> Answer | None:
    """Which of two cards moves a pawn further, and by how much (see the module docstring)."""
    lower = question.lower
    if not _FURTHER.search(lower):
        return None
    pair = _PAIR.search(lower)
    if pair is None:
        return None
    cards = [c for c in (_card(pair.group(1)), _card(pair.group(2))) if c is not None]
    if len(set(cards)) != 2:
        return None
    words = re.findall(r"[a-zà-ü0-9']+", lower[: pair.start()] + " " + lower[pair.end() :])
    if any(x not in _FILLER for x in words):
        return None
    steps = {c: _steps(c) for c in cards}
    if any(s is None for s in steps.values()):
        return None
    (a, sa), (b, sb) = sorted(steps.items(), key=lambda kv: -(kv[1] or 0))
    assert sa is not None and sb is not None
    if sa == sb:
        return None
    name = card_name(a, question.lang)
    head = question.say(
        f"{name[0].upper()}{name[1:]}, by {sa - sb} spaces: {sa} against {sb}.",
        f"{name[0].upper()}{name[1:]}, {sa - sb} vakken verder: {sa} tegen {sb}.",
    )
    reason = question.say(
        f"Played on a pawn on the open track, {card_name(a, 'en')} moves it {sa} spaces forward "
        f"and {card_name(b, 'en')} moves it {sb}.",
        f"Op een pion op de baan gespeeld zet {card_name(a, 'nl')} hem {sa} vakken vooruit en "
        f"{card_name(b, 'nl')} zet hem {sb} vakken vooruit.",
    )
    position = Trial.of(2, {"a": [_START, "N", "N", "N"]}, [a, b], "").position
    return checked(GAME, question, head, reason, [kb.CARD_MEANINGS], position=position,
                   details=tuple(f"Judged: {c} a1 for seat a." for c in (a, b)),
                   topic="number")  # fmt: skip


#: one card asked to move a pawn a number of spaces ("one space forward", "een vak vooruit")
_STEPS_ASKED = re.compile(
    r"\b(?P<n>\d+|one|two|three|een|één|twee|drie) (?:space|spaces|step|steps|vak|vakken|stap|"
    r"stappen)\b(?: (?:forward|vooruit))?"
)
_MOVE_VERB = re.compile(r"\b(?:move|moves|zetten|zet|gaan|go|verzetten)\b")
_LIKE_ACE = re.compile(
    r"\b(?:like|zoals|the way|as) (?:met )?(?:an? |een )?(?:ace|aas)(?: does| can| doet| kan)?\b"
)
_PAWN_OUT = re.compile(
    r"\b(?:a|my|een|mijn) (?:pawn|pion)(?: (?:that is|that's|die) (?:already |al )?(?:on the "
    r"board|on the track|op het bord|op de baan)(?: staat)?| (?:on the board|on the track|op de "
    r"baan|op het bord))?\b"
)
_STEP_FILLER = frozenset(
    [
        "can",
        "could",
        "may",
        "mag",
        "kan",
        "is",
        "are",
        "a",
        "an",
        "i",
        "ik",
        "my",
        "met",
        "with",
        "allowed",
        "to",
        "forward",
        "vooruit",
        "it",
        "does",
        "do",
        "the",
        "een",
        "de",
        "move",
        "moves",
        "zetten",
        "zet",
        "stap",
        "back",
        "backward",
        "backwards",
        "achteruit",
    ]
)


def read_card_steps(question: Question) -> Answer | None:
    """Whether one card moves a pawn on the track the spaces asked (KB-049 to KB-063): the
    card played by the referee and the spaces it moved counted."""
    lower = question.lower
    asked = _STEPS_ASKED.search(lower)
    cards = [c for c in w.cards_named(Question.read(_LIKE_ACE.sub(" ", lower))) if c != "A"]
    if cards and cards[0] in ("7", "J"):
        return None  # a 7 shared and a Jack's swap move pawns otherwise: not counted here
    if asked is None or not _MOVE_VERB.search(lower) or question.kind != "yesno" or len(cards) != 1:
        return None
    rest = _PAWN_OUT.sub(
        " ", _LIKE_ACE.sub(" ", lower[: asked.start()] + " " + lower[asked.end() :])
    )
    said = {m.said for m in w.CARDS.find(question)}
    words = re.findall(r"[a-zà-ü0-9']+", w.NUMBER_CARD.sub(" ", rest))
    if any(x not in _STEP_FILLER and x not in said for x in words):
        return None
    n = w.value({"een": "één"}.get(asked.group("n"), asked.group("n")))
    card = cards[0]
    trial = Trial.of(2, {"a": [_START, "N", "N", "N"]}, [card], f"{card} a1")
    ruling = judge(trial)
    end = ruling.place_of("a1") if ruling.allowed else None
    moved_n = end - _START if isinstance(end, int) else 0
    forward = re.search(r"\b(?:forward|vooruit)\b", lower) is not None
    back = re.search(r"\b(?:back|backwards?|achteruit)\b", lower) is not None
    same = moved_n == n if forward else moved_n == -n if back else abs(moved_n) == n
    name = card_name(card, question.lang)
    way, way_nl = ("forward", "vooruit") if moved_n > 0 else ("backward", "achteruit")
    reason = question.say(
        f"Played on a pawn on the open track, {name} "
        + (f"moves it {abs(moved_n)} spaces {way}." if moved_n else "does not move it at all."),
        f"Op een pion op de baan gespeeld zet {name} hem "
        + (f"{abs(moved_n)} vakken {way_nl}." if moved_n else "helemaal niet verder."),
    )
    return checked(GAME, question, yes_no(question, same), reason, [kb.CARD_MEANINGS],
                   position=trial.position, details=(f"Judged: {card} a1 for seat a.",))  # fmt: skip
