"""Facts over the whole pack that the referee settles card by card: which cards bring a pawn
out of the nest (Gameplay, KB-021; Card Meanings), and that a pawn in the home never moves back
and forth (Gameplay, KB-035).

Each reader plays every rank on a position built for the question and names what the engine
allows; nothing about the cards is written here.

>>> from gametable.rulebook.question import Question
>>> placing_cards(Question.read("Which cards let me put a pawn on the board?")).text.split(".")[0]
'The Ace and the King'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers.hands import card_name
from gametable.games.keezbord.answers.referee import Trial, judge, refusal
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "keezbord"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: which cards bring a pawn onto the board: "which cards get me on the board", "welke kaarten
#: heb ik nodig om een pion op het bord te zetten"
PLACING = re.compile(
    r"\b(?:which|what) cards?\b[^?]*\b(?:on(?:to)? the board|out of (?:the|my) nest|place|"
    r"bring (?:\w+ )?out|get (?:\w+ )?out|get (?:me|a pawn|my pawns?) (?:on|in|started)|start)"
    r"|\bwelke kaart(?:en)?\b[^?]*\b(?:op het bord|uit het nest|zetten|plaatsen|beginnen)"
)
#: moving back and forth inside the home
BACK_AND_FORTH = re.compile(
    r"\b(?:back and forth|forth and back|backwards and forwards|to and fro|up and down|"
    r"heen en weer|op en neer|wiggle|shuffle)\b"
)
_HOME = re.compile(r"\b(?:home|honk|thuishonk|home stretch)\b")
#: the phrases of these readers, set aside for the guard
PHRASES = re.compile(
    PLACING.pattern
    + "|"
    + BACK_AND_FORTH.pattern
    + r"|\b(?:zodat|so that|so) (?:het|it|the count|i) (?:precies |exactly )?(?:uitkomt|fits|comes out|"
    r"lands? exactly)\b|\b(?:een beetje|a bit|a little)\b"
    r"|\b(?:none of|geen van) (?:my|mijn) (?:pawns|pionnen) (?:are|is|zijn|staan) (?:out|on the board|"
    r"op het bord)(?: yet| nog)?\b|\b(?:yet|nog)\b"
)


def placing_ranks() -> list[str]:
    """The ranks the referee lets place a pawn from the nest, each tried on its own."""
    return [card for card in RANKS if judge(Trial.of(2, {}, [card], f"{card} place")).allowed]


def placing_cards(question: Question) -> Answer | None:
    """The ranks whose play the referee lists as placing a pawn, all pawns in the nest."""
    if not PLACING.search(question.lower):
        return None
    placing = placing_ranks()
    if not placing:
        return None
    names = [card_name(c, question.lang) for c in placing]
    joined = question.say(" and ".join(names), " en ".join(names))
    head = f"{joined[0].upper()}{joined[1:]}."
    reason = question.say(
        "Only these cards put a pawn from your nest on your start space; with all your pawns in "
        "the nest no other card can be played.",
        "Alleen deze kaarten zetten een pion uit je nest op je startvak; met al je pionnen in het "
        "nest kan geen andere kaart gespeeld worden.",
    )
    return checked(GAME, question, head, reason, [kb.PLACEMENT, kb.ACE, kb.KING],
                   position=Trial.of(2, {}, list(placing), "").position,
                   topic="number")  # fmt: skip


def no_back_and_forth(question: Question) -> Answer | None:
    """Whether a pawn may move back and forth in its home: no, forward only and by exact count;
    the referee refuses the 4 on a pawn in the home."""
    if not (BACK_AND_FORTH.search(question.lower) and _HOME.search(question.lower)):
        return None
    if question.kind != "yesno":
        return None
    trial = Trial.of(2, {"a": ["H2", "N", "N", "N"]}, ["4"], "4 a1")
    ruling = judge(trial)
    if ruling.allowed:
        return None
    reason = question.say(
        "In the home a pawn moves only forward, by the exact count of the card; it may not go back "
        f"and forth to make the count fit. {refusal(ruling, 'en')}",
        "In de thuishonk gaat een pion alleen vooruit, precies zo ver als de kaart zegt; heen en "
        f"weer schuiven om het te laten uitkomen mag niet. {refusal(ruling, 'nl')}",
    )
    return checked(GAME, question, yes_no(question, False), reason, [kb.EXACT_HOME],
                   position=trial.position, details=(f"Judged: {trial.action} for seat a.",))  # fmt: skip


__all__ = ["BACK_AND_FORTH", "PHRASES", "PLACING", "no_back_and_forth", "placing_cards"]
