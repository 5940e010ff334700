"""Misspelt game words read as meant ("strat" is start, "ovr" is over, "pawm" is pawn) before
the situation grammar reads a question.

A word is corrected only when the game's own rules text never uses it and it is one slip of
the keys from exactly one of the grammar's key words: two neighbouring letters swapped
("strat") or one inner letter left out ("ovr").  A changed letter is not corrected ("best" is
no nest, "staat" no start), nor a word that is part of a key word ("head", "ahead") or one with
a letter added ("jumps"); everyday words the rules text uses are never touched.  Card names are
matched by their own lexicon (:data:`~gametable.games.keezbord.answers.words.CARDS`).

>>> spelled(Question.read("can the quen jump ovr a pawn sitting on its own strat?")).text
'can the quen jump over a pawn sitting on its own start?'
>>> spelled(Question.read("Is his pawn hit?")).text
'Is his pawn hit?'
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from rapidfuzz.distance import OSA

from gametable.rulebook.question import Question

#: the words the situation grammar keys on (English and the rulebook's Dutch)
KEY_WORDS = (
    "start", "starting", "over", "past", "pass", "passing", "home", "nest", "pawn", "pawns",
    "swap", "place", "space", "spaces", "split", "track", "board", "partner", "knock", "jump",
    "land", "lands", "behind", "ahead", "front", "exactly", "backward", "backwards", "forward",
    "thuishonk", "startvak", "pion", "pionnen", "slaan", "geslagen", "achteruit", "vooruit",
    "passeren", "ruilen", "wisselen",
)  # fmt: skip
#: short words that are words in their own right, though the rules text does not use them
_LEAVE = frozenset({"pas", "als", "dan", "wel", "vak", "hop", "net", "pon", "hoe", "ons"})
_WORD = re.compile(r"[a-zà-ü]+", re.IGNORECASE)


@cache
def _known() -> frozenset[str]:
    """Every word of the game's rules reference (the sections, their entries and asks)."""
    text = (
        resources.files("gametable.games.keezbord.rulebook")
        .joinpath("reference.toml")
        .read_text("utf-8")
    )
    return frozenset(_WORD.findall(text.lower())) | frozenset(KEY_WORDS)


def _meant(word: str) -> str | None:
    """The one key word ``word`` is a single edit from, when ``word`` is no word we know."""
    if len(word) < 3 or word in _LEAVE or word in _known():
        return None
    near = [k for k in KEY_WORDS if _slip(word, k)]
    return near[0] if len(near) == 1 else None


def _slip(word: str, key: str) -> bool:
    """``word`` is ``key`` with two neighbouring letters swapped or an inner letter left out."""
    if word in key or OSA.distance(word, key) != 1:
        return False
    if len(word) == len(key):
        return sorted(word) == sorted(key)  # a swap, not a changed letter
    if len(word) != len(key) - 1:
        return False
    return any(key[:i] + key[i + 1 :] == word for i in range(1, len(key) - 1))


def spelled(question: Question) -> Question:
    """``question`` with its misspelt key words corrected (the same question when none is)."""
    text = question.text
    fixed = _WORD.sub(lambda m: _case(m.group(0), _meant(m.group(0).lower())), text)
    return question if fixed == text else Question.read(fixed)


def _case(said: str, meant: str | None) -> str:
    if meant is None:
        return said
    return meant.capitalize() if said[:1].isupper() else meant


__all__ = ["KEY_WORDS", "spelled"]
