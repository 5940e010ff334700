"""The Jack when the asker's pawns are told apart: one on its own start space and another out
on the track, or a pawn still in the nest (KB-052, KB-043; docs/rules/keezbord.md "The Jack").

The pawn on its own start space cannot be swapped, but the rule is read per pawn: the asker's
other pawn on the track still can.  A pawn in a nest is never swapped.  Each reader builds the
position and answers from the referee's ruling.

>>> from gametable.rulebook.question import Question
>>> q = Question.read("One of my pawns is on my start space, another is on the track. "
...                   "Can I swap the other one with an opponent's pawn using my Jack?")
>>> read_swap_told_apart(q).text.split()[0]
'Yes.'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import partner, verdict
from gametable.games.keezbord.answers.hands import ALL_IN_NEST
from gametable.games.keezbord.answers.referee import Trial
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

#: one of the asker's pawns on the asker's own start space
_ONE_ON_START = re.compile(
    r"\b(?:one of my (?:own )?pawns|(?:1|one|a) (?:of my )?pawns?|my (?:first )?pawn|(?:één|eén|een) van mijn "
    r"pionnen|(?:1|een|één|eén) pion|mijn (?:eerste )?pion)\b[^,.;?]{0,20}?\b(?:on|op) (?:my|its|mijn|"
    r"zijn) (?:own |eigen )?start(?:ing)?(?: ?space| ?square| ?position| ?vak)?(?: 0)?\b"
)
#: another of the asker's pawns out on the track
_ANOTHER_OUT = re.compile(
    r"\b(?:another|a second|my other|the other|(?:n|and|en) (?:another|een andere|nog een)|een "
    r"andere|mijn andere|nog een)\b(?: (?:one|pawn|pion))?[^,.;?]{0,30}?\b(?:on the (?:track|board)|"
    r"out|further|halfway|elsewhere|op de baan|op het bord|verderop|verder)\b"
)
#: which of the two the question asks to swap
_SWAP_OTHER = re.compile(
    r"\b(?:swap|switch|exchange|trade|ruil|wissel)\w* (?:the other(?: one| pawn)?|the one (?:on the "
    r"(?:track|board)|out|further|halfway)|the second(?: one| pawn)?|that other(?: one| pawn)?|die "
    r"andere|de andere|mijn andere|my other(?: one| pawn)?)"
    r"|\b(?:die|de|mijn) andere(?: pion)?\b[^,.;?]{0,30}\b(?:ruil|wissel)\w*"
)
_SWAP_THE_STARTER = re.compile(
    r"\b(?:swap|switch|exchange|trade|ruil|wissel)\w* (?:the one|the pawn|die|de pion) (?:on|op) "
    r"(?:my|its|mijn|zijn) (?:own |eigen )?start"
    r"|\b(?:die|de pion) op (?:mijn|zijn) (?:eigen )?start\w*\b[^,.;?]{0,30}\b(?:ruil|wissel)\w*"
)
#: a pawn of the asker's taken from the nest to swap
_FROM_MY_NEST = re.compile(
    r"\b(?:a|one|my|een|mijn) (?:pawn|pion) (?:from|in|out of|still in|uit|in) (?:my|mijn) nest\b"
)
#: the phrases read here, set aside by the guard
PHRASES = re.compile("|".join(p.pattern for p in (_ONE_ON_START, _ANOTHER_OUT, _SWAP_OTHER)))


def read_swap_told_apart(question: Question) -> Answer | None:
    """A Jack with one of the asker's pawns on its own start and another out on the track: the
    one on the track may be swapped, the one on its start may not (KB-052, KB-043)."""
    lower = question.lower
    if not (w.asks_swap(question) and _ONE_ON_START.search(lower) and _ANOTHER_OUT.search(lower)):
        return None
    other_one, starter = _SWAP_OTHER.search(lower), _SWAP_THE_STARTER.search(lower)
    if (other_one is None) == (starter is None) or w.asks_hit(question):
        return None  # which of the two pawns swaps is not said (or both are)
    if w.says_home(question) or re.search(r"\bnest\b", lower):
        return None
    whose = "partner" if re.search(r"\b(partner|teammate|maat|teamgenoot)\w*\b", lower) else "b"
    players = w.players_said(question) or (4 if whose == "partner" else 2)
    if players not in (2, 4, 6) or (whose == "partner" and players == 2):
        return None
    other = partner(players) if whose == "partner" else "b"
    mover = "a2" if other_one else "a1"
    trial = Trial.of(players, {"a": [0, 20, "N", "N"], other: [40, "N", "N", "N"]}, ["J"],
                     f"J {mover} {other}1")  # fmt: skip
    return verdict(question, trial, [kb.JACK, kb.JACK_TARGETS])


def read_swap_from_nest(question: Question) -> Answer | None:
    """A Jack never swaps a pawn still in its nest (KB-052): only pawns on the track."""
    if not (w.asks_swap(question) and _FROM_MY_NEST.search(question.lower)):
        return None
    if w.says_home(question) or w.asks_hit(question) or _ONE_ON_START.search(question.lower):
        return None
    trial = Trial.of(2, {"a": ["N", "N", "N", "N"], "b": [40, "N", "N", "N"]}, ["J"], "J a1 b1")
    return verdict(question, trial, [kb.JACK, kb.JACK_TARGETS])


#: the asker's only pawn out on its own start space: "my (only) pawn is on its own start"
_MINE_ON_START = re.compile(
    r"\b(?:my (?:only |one )?pawn|mijn (?:enige )?pion)\b(?: (?:on the (?:track|board)|out|op de baan|"
    r"op het bord))? (?:is |stands |is standing |staat )?(?:on|op) (?:its|my|zijn|mijn) (?:own |eigen )?"
    r"start(?:ing)?(?: ?space| ?vak| ?square)?\b"
)
_PLAY_JACK = re.compile(
    r"\b(?:can|may|could) i (?:play|use) (?:the|a|my) jack\b|\bcan i play it\b|\b(?:mag|kan) ik de boer "
    r"(?:gebruiken|spelen)\b"
)


def read_jack_with_nothing_to_swap(question: Question) -> Answer | None:
    """A Jack held while the asker's only pawn out stands on its own start space, or every pawn
    is in the nest: no pawn of the asker's can be swapped, whatever the others' pawns (KB-052,
    KB-043)."""
    lower = question.lower
    if "J" not in w.cards_named(question) or not _PLAY_JACK.search(lower):
        return None
    if re.search(
        r"\b(another|other|second|andere|tweede|partner|teammate|maat|opponent|his|her|"
        r"tegenstander|home|honk)\b",
        lower,
    ):
        return None
    on_start, in_nest = _MINE_ON_START.search(lower), ALL_IN_NEST.search(lower)
    if (on_start is None) == (in_nest is None):
        return None
    mine: list[int | str] = [0, "N", "N", "N"] if on_start else ["N", "N", "N", "N"]
    trial = Trial.of(2, {"a": mine, "b": [40, "N", "N", "N"]}, ["J"], "J a1 b1")
    return verdict(question, trial, [kb.JACK, kb.JACK_TARGETS])
