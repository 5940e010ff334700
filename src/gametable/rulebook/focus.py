"""What an in-game question names, and which actions are about it.

:func:`focus_of` reads the pawns, sites and cards a question names (``labels``, as actions' JSON
fields write them) and its other words (``words``, as :func:`~gametable.rulebook.words.tokenize`
terms); :func:`relevance` says how much an action is about them.  The cards' names come from the
game's part ``standing`` (:func:`gametable.rulebook.standing.card_names`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from gametable.core.protocol import Action, State
from gametable.rulebook.standing import card_names
from gametable.rulebook.words import tokenize

_WORD = re.compile(r"-?[a-z0-9]+")
#: card names that are also English words (an ace written "A"): in a question they name the
#: card only when a word such as "the" or "my" comes before them, or written as a capital letter
#: after the first word ("can I play my A?"), never as the article in "what does a 5 do?"
WORD_LIKE_NAMES = frozenset({"a", "i"})
_CARD_ARTICLE = re.compile(r"\b(the|my|this|that|your|an|one|an?other)\s+$")


#: words of a question that say nothing about which action it means
VAGUE = frozenset(
    [
        "why",
        "can",
        "can't",
        "cannot",
        "cant",
        "not",
        "i",
        "my",
        "me",
        "this",
        "that",
        "the",
        "a",
        "an",
        "it",
        "do",
        "does",
        "to",
        "with",
        "move",
        "moves",
        "play",
        "playing",
        "use",
        "allowed",
        "let",
        "won't",
        "isn't",
        "is",
        "what",
        "t",
        "s",
        # "won't" and the like as the word pattern splits them ("won", "t")
        "won",
        "isn",
        "doesn",
        "don",
        "didn",
        "wasn",
        "cant",
        "wont",
        # "this card" names no card in particular
        "card",
        "cards",
    ]
)


@dataclass(frozen=True)
class Focus:
    """What a question names: labels as actions' JSON fields write them (``a2``, ``7``, ``S``),
    and words that the sentences describing actions use (``swinger``, ``attack``)."""

    labels: frozenset[str]
    words: frozenset[str]
    #: each of ``words`` (a stemmed term, such as ``templ``) as the question typed it (``temple``)
    typed: Mapping[str, str] = field(default_factory=dict, compare=False)

    def __bool__(self) -> bool:
        return bool(self.labels or self.words)

    def show(self, found: Iterable[str]) -> str:
        """``found`` (labels and terms of this focus) as people read them: the words typed in
        the question, never the stems the matching uses."""
        return ", ".join(sorted({self.typed.get(t, t) for t in found}))

    def describe(self) -> str:
        return self.show(self.labels | self.words)


def matches(state: State, action: Action, seat: int, focus: Focus) -> frozenset[str]:
    """What of ``focus`` the action names: labels found in its JSON fields (where the game gives
    them) or in the sentence :meth:`State.describe` writes for it, and words of that sentence."""
    game = state.game.name
    sentence = state.describe(action, seat).lower()
    terms = set(tokenize(sentence, game))
    try:
        # labels are matched against the action's fields, not its sentence: "what does my 5
        # do?" is not about a BALZAK! call whose sentence mentions "more than 5 points"
        words = {str(v).lower() for v in action.to_json().values()}
    except NotImplementedError:  # games whose actions have no fields yet: the sentence's words
        words = set(_WORD.findall(sentence))
    return frozenset((focus.labels & words) | (focus.words & terms))


def relevance(state: State, action: Action, seat: int, focus: Focus) -> int:
    """How much ``action`` is about what ``focus`` names (:func:`matches`): a label counts 2,
    another word 1."""
    found = matches(state, action, seat, focus)
    return 2 * len(found & focus.labels) + len(found - focus.labels)


def mentions(state: State, action: Action, seat: int, focus: Focus) -> bool:
    return relevance(state, action, seat, focus) > 0


def focus_of(state: State, seat: int, question: str) -> Focus:
    """The things the question names that actions can name: pawns, sites, cards (``labels``)
    and other words (``words``, as :func:`~gametable.rulebook.words.tokenize` terms)."""
    game = state.game.name
    q = question.lower().replace("’", "'")
    words = set(_WORD.findall(q))
    labels = {w for w in words if re.fullmatch(r"[a-f][1-9]\d?", w)}
    typed: dict[str, str] = {}
    for name, card in card_names(game, state.view(seat)).items():
        if names_card(question, name):
            labels.add(card.label.lower())
            # a number names the card by its label only: as a word it would match "seat 5"
            typed.update((t, name) for t in tokenize(name, game) if not t.isdigit())
    rest = [w for w in _WORD.findall(q) if w not in VAGUE and w not in labels]
    for word in rest:
        for term in tokenize(word, game):
            if not term.isdigit():
                typed.setdefault(term, word)
    return Focus(frozenset(labels), frozenset(typed), typed)


def names_card(question: str, name: str) -> bool:
    """Whether ``question`` (as typed) names the card called ``name`` (lower case)."""
    lower = question.lower().replace("’", "'")
    for found in re.finditer(rf"(?<![\w-]){re.escape(name)}(?!\w)", lower):
        if name not in WORD_LIKE_NAMES:
            return True
        typed_capital = found.start() > 0 and question[found.start()].isupper()
        if typed_capital or _CARD_ARTICLE.search(lower[: found.start()]):
            return True
    return False
