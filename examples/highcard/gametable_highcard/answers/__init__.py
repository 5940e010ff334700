"""High Card's answers from the referee (the ``answers`` part; :mod:`gametable.rulebook.situations`).

Two kinds of question are worked out by the engine rather than retrieved from the text:

- a trick described by its cards ("who wins a trick of 4, 11 and 7?", "does a 9 beat a 12?"):
  the trick is built as a position, its last card played by the engine, and the engine's winner
  is the answer;
- the cards dealt for a number of players ("how many cards are dealt with 4 players?"): a new
  game is dealt and its hands and unseen cards counted.

Anything else is ``None``: the chat answers from the rules text.

>>> from gametable.rulebook.question import Question
>>> ANSWERS.answer(Question.read("Who wins a trick of 4, 11 and 7?")).text
'The 11 takes the trick. The highest card takes the trick: 11 beats 4 and 7.'
"""

from __future__ import annotations

import re

from gametable.core.registry import load_game
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no
from gametable_highcard.public import DECK_SIZE, rules

GAME = "highcard"
_TRICK = re.compile(r"\b(trick|beat|beats|wins?|takes?|higher|highest|slag|wint)\b")
_DEALT = re.compile(r"\b(dealt|deal|get|gets|each)\b")
_PLAYERS = re.compile(r"\b([234]|two|three|four)\s+(players?|of us|spelers)\b")
_COUNT = {"two": 2, "three": 3, "four": 4}


def trick_position(cards: list[int]) -> dict[str, object]:
    """A position in which seats ``0 .. n-1`` have played ``cards`` in order, but the last, who
    is to play it: every other card of the deck lies unseen."""
    players = len(cards)
    rest = sorted(set(range(1, DECK_SIZE + 1)) - set(cards))
    return {
        "game": GAME,
        "players": players,
        "options": {"cards": DECK_SIZE, "hand": 1},
        "hands": [[] for _ in cards[:-1]] + [[cards[-1]]],
        "undealt": rest,
        "leader": 0,
        "trick": [[seat, card] for seat, card in enumerate(cards[:-1])],
        "tricks": [0] * players,
    }


def who_takes(question: Question) -> Answer | None:
    """The trick the question's numbers make, played out by the engine."""
    cards = list(dict.fromkeys(question.numbers))
    if not 2 <= len(cards) <= 4 or len(cards) != len(question.numbers):
        return None
    if not all(1 <= c <= DECK_SIZE for c in cards):
        return None
    game = load_game(GAME)
    position = trick_position(cards)
    state = game.state_from_json(position)
    state.apply(f"play {cards[-1]}")
    winner = state.view(None)["history"][-1]["winner"]
    best, others = cards[winner], [str(c) for c in cards if c != cards[winner]]
    verdict = question.say(f"The {best} takes the trick.", f"De {best} wint de slag.")
    if question.kind == "yesno":  # "does a 9 beat a 12?": about the first card said
        verdict = f"{yes_no(question, winner == 0)} {verdict}"
    reason = f"The highest card takes the trick: {best} beats {' and '.join(others)}."
    return checked(GAME, question, verdict, reason, [rules.TAKING], position=position)


def players_said(question: Question) -> int | None:
    found = _PLAYERS.search(question.lower)
    if found is None:
        return None
    said = found.group(1)
    return int(said) if said.isdigit() else _COUNT[said]


def cards_dealt(question: Question) -> Answer | None:
    """The hands and the unseen cards of a new game for the players the question says."""
    players = players_said(question)
    if players is None:
        return None
    game = load_game(GAME)
    state = game.new_game(players, seed=0)
    view = state.view(None)
    each = view["hand_sizes"][0]
    unseen = view["cards"] - sum(view["hand_sizes"])
    verdict = f"{each} cards each."
    stay = "stays" if unseen == 1 else "stay"
    reason = f"With {players} players {each * players} cards are dealt and {unseen} {stay} unseen."
    return checked(GAME, question, verdict, reason, [rules.DEALING], position=state.to_json())


class HighCardAnswers:
    """``ANSWERS``: see the package docstring."""

    def answer(self, question: Question) -> Answer | None:
        if _PLAYERS.search(question.lower) and _DEALT.search(question.lower):
            return cards_dealt(question)
        if _TRICK.search(question.lower) and question.numbers:
            return who_takes(question)
        return None


ANSWERS = HighCardAnswers()

__all__ = ["ANSWERS", "HighCardAnswers"]
