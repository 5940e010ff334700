"""Pawns in and just before the home, told by their places: a pawn moving up inside its home,
a pawn coming in behind one already there, a pawn on the space just before the home (KB-035
exact count, KB-044 and KB-045 no passing in the home).

Places are read as the asker says them: a home space by its order or number ("the first spot
of my home", "2nd honk spot", "h1"), a track pawn "just before my home" (the last track
space), or one that "comes in with a 6 that would land on h3" (worked back from the card).
Which pawn moves must be clear: the only one said, "that one" / "my other pawn" for the one
outside, "move it up" for the one inside.  Anything else is left to other readers.

>>> from gametable.rulebook.question import Question
>>> q = Question.read("My pawn is on the first spot of my home and the rest of the home is empty. Can I move it up 2 with a 2?")
>>> read_in_home(q).text.split()[0]
'Yes.'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import FORWARD, verdict
from gametable.games.keezbord.answers.referee import Trial
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

_ORDER = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
          "4th": 4, "last": 4, "eerste": 1, "tweede": 2, "derde": 3, "vierde": 4,
          "laatste": 4}  # fmt: skip
_ORD = r"(first|1st|second|2nd|third|3rd|fourth|4th|last|eerste|tweede|derde|vierde|laatste)"
_HOME = r"(?:home|honk|thuishonk)"
#: a pawn of the asker's on a home space: "on the first spot of my home", "on 2nd honk spot",
#: "on h2", "op het tweede vakje van mijn honk"
ON_HOME_SPACE = re.compile(
    r"\b(?:on|in|op) (?:the |het |de |my |mijn )?(?:"
    + _ORD
    + r" (?:spot|space|square|place|plek|vak|vakje|plaats) (?:of|in|van) (?:my|the|its|mijn|de"
    r"|zijn) " + _HOME + r"|" + _ORD.replace("(", "(?P<o2>", 1) + r" " + _HOME + r" (?:spot|space"
    r"|square|place|plek|vak|vakje)|h(?P<n>[1-4])(?: in (?:my|mijn) " + _HOME + r")?)\b"
)
#: a pawn of the asker's on the last track space: "just before my home", "the space right
#: before my home"
JUST_BEFORE = re.compile(
    r"\b(?:(?:on )?the (?:space|spot|square) )?(?:right|just|directly|vlak|net) (?:before|in front"
    r" of|outside|voor) (?:my|the|its|mijn|de|zijn) " + _HOME + r"(?: entrance| ingang)?\b"
)
#: a pawn coming in that would land on a home space: "comes in w a 6 that'd land on h3"
LANDS_ON = re.compile(
    r"\b(?:that'?d|that would|which would|it'?d|it would|would|to) (?:land|end|come|get) "
    r"(?:up )?(?:on|in|at) (?:h|home space |the )?(?P<n>[1-4])?(?P<o>" + _ORD[1:-1] + r")?"
    r"(?: (?:home )?(?:space|spot))?\b"
)
#: the rest of the home said to be empty
_REST_EMPTY = re.compile(
    r"\b(?:the )?rest (?:of (?:the|my) "
    + _HOME
    + r" )?is (?:empty|free)|\b(?:my |the )?"
    + _HOME
    + r"(?:, which)? is (?:otherwise )?(?:empty|free)|\bwhich is empty\b|\bde rest (?:van "
    r"(?:mijn|de) " + _HOME + r" )?is leeg|\bnothing else in (?:my|the) " + _HOME
)
_OUTSIDE_MOVES = re.compile(
    r"\b(?:that one|the other (?:one|pawn)|my other pawn|another pawn comes|the one (?:just |right )?"
    r"(?:before|outside)|die andere|mijn andere pion)\b"
)
_INSIDE_MOVES = re.compile(r"\b(?:move it up|moves? up|the front pawn|opschuiven|doorschuiven)\b")
#: the phrases read here, set aside by the guard
PHRASES = re.compile(
    re.sub(
        r"\(\?P<\w+>",
        "(?:",
        "|".join(p.pattern for p in (ON_HOME_SPACE, JUST_BEFORE, LANDS_ON, _REST_EMPTY)),
    )
    + r"|\bmove it up (?:\d|one|two|three)\b"
)


def _home_space(m: re.Match[str]) -> int:
    if m.group("n"):
        return int(m.group("n"))
    return _ORDER[m.group(1) or m.group("o2")]


def _outside_place(question: Question, card: str, home: list[int]) -> int | None:
    """Where the pawn outside the home stands, as said: just before the home (space 63 of the
    two-player board), or worked back from the home space its card would land on."""
    if JUST_BEFORE.search(question.lower):
        return 63
    lands = LANDS_ON.search(question.lower)
    if lands is None or not (lands.group("n") or lands.group("o")):
        return None
    target = int(lands.group("n")) if lands.group("n") else _ORDER[lands.group("o")]
    place = 63 + target - FORWARD[card]
    return place if 48 < place <= 63 else None


def read_in_home(question: Question) -> Answer | None:
    """One forward card played on a pawn in or just before the home, as told (KB-035, KB-044)."""
    cards = w.cards_named(question)
    if len(cards) != 1 or cards[0] not in FORWARD or cards[0] == "7" or w.asks_swap(question):
        return None
    card, lower = cards[0], question.lower
    home = [_home_space(m) for m in ON_HOME_SPACE.finditer(LANDS_ON.sub(" ", lower))]
    if len(home) > 1 or re.search(r"\b(partner|teammate|maat|opponent|tegenstander|nest)\b", lower):
        return None
    outside = _outside_place(question, card, home)
    if not home and outside is None:
        return None
    if home and outside is None and not (_REST_EMPTY.search(lower) or not _OTHER.search(lower)):
        return None  # another pawn said somewhere the reader does not place
    inside, out = bool(_INSIDE_MOVES.search(lower)), bool(_OUTSIDE_MOVES.search(lower))
    if home and outside is not None:
        if inside == out:
            return None  # which of the two moves is not said
        pawns: list[int | str] = [outside, f"H{home[0]}"] if out else [f"H{home[0]}", outside]
    else:
        pawns = [f"H{home[0]}"] if home else [outside or 0]
    trial = Trial.of(2, {"a": pawns + ["N"] * (4 - len(pawns))}, [card], f"{card} a1")
    return verdict(question, trial, [kb.EXACT_HOME, kb.HOME_NO_PASSING])


_OTHER = re.compile(r"\b(other|another|second pawn|andere|nog een pion|pawns)\b")
