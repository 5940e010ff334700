"""Balzakken's answers from the referee: the plug-in of :mod:`gametable.rulebook.situations`.

A question that describes a situation (the cards or points in hands, who calls, whose turn it
is, the totals on the score sheet) is built as a position in the game's JSON format and judged
by the engine; a question asking for a number that the game's data works out (cards dealt, a
card's points, the players) is answered from the engine too.  Anything else returns ``None``,
and the chat answers from the rules text.  At a table, ``answer_at`` answers "can I ...",
"why can't I ..." and "what would I score ..." from the asking seat's own view.

The modules: :mod:`.names` (the cards' names in English and Dutch), :mod:`.grammar` (who holds
what), :mod:`.build` (positions), :mod:`.calls` (calling BALZAK! and scoring it),
:mod:`.totals` (the score sheet), :mod:`.turns` (discards, swaps, action cards),
:mod:`.whatif` (the draw pile running out), :mod:`.facts` (numbers from the game's data),
:mod:`.table` (the live position).
"""

from __future__ import annotations

from collections.abc import Callable

from gametable.core.protocol import State
from gametable.games.balzakken.answers import calls, facts, table, totals, turns, whatif
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

#: (does the question ask this?, the answer) in the order they are tried
READERS: tuple[tuple[Callable[[Question], bool], Callable[[Question], Answer | None]], ...] = (
    (totals.asks_total, totals.total),
    (calls.asks_may_call, calls.may_call),
    (calls.asks_score, calls.score_call),
    (whatif.asks_reshuffle, whatif.reshuffle),
    (turns.asks_turn, turns.turn),
    (facts.asks_fact, facts.fact),
)


class BalzakkenAnswers:
    """``ANSWERS``: see the package docstring."""

    def answer(self, question: Question) -> Answer | None:
        for asks, answer in READERS:
            if asks(question):
                reply = answer(question)
                if reply is not None:
                    return reply
        return None

    def answer_at(self, state: State, seat: int, question: Question) -> Answer | None:
        return table.answer_at(state, seat, question)


ANSWERS = BalzakkenAnswers()

__all__ = ["ANSWERS", "BalzakkenAnswers"]
