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
:mod:`.whatif` (the draw pile running out), :mod:`.swaps` (a swap's points), :mod:`.winner` (who wins with the totals said),
:mod:`.counts` (a count of players said), :mod:`.facts` (numbers from the game's data),
:mod:`.table` (the live position), :mod:`.guard` (what the readers leave alone),
:mod:`.elsewhere` (questions about other games and sports, declined), :mod:`.others` (a
question about one other player alone, said as the asker's own),
:mod:`.slang` (text-message shorthand spelt out), :mod:`.verdicts` (yes/no questions
the shared reading takes for another kind, answered from the rules text).

Tried first, a situation read by its parts rather than by the shape of its sentences:
:mod:`.parts` (with its words in :mod:`.partwords`) reads every player named, in any order and
with fillers between, with their cards, points, totals, this round's points, a hand's size and a
call; :mod:`.asks` reads what is asked (what each writes, a total, the winner, a hand's points,
the fewest, a count of cards, whether the game ends) and of whom; :mod:`.concepts` chooses one
engine query from these and answers every thing asked or nothing: :mod:`.sheet` (a call's
scores), :mod:`.ends` (the hands' points at a round's end, a total, the winner), :mod:`.plays`
(a turn's action and the hands after it), :mod:`.maycall` (may I call, another player's turn
named), :mod:`.goodcall` (was the call good: the hands that decide it), :mod:`.takeback`
(the former top of the discard pile taken back), with :mod:`.seating` (hands made of real
cards, players' names in a reply).  The parts' data are in :mod:`.scene`; :mod:`.rewrites`
says again, before reading, what the parts read another way (an argument the asker gives,
"minus 2", "lay down"), and :mod:`.relations` reads what is said of a hand over the whole
question (an empty hand, "fewer points than me").  A hand the call readers built that the parts
read otherwise is not judged (:func:`.concepts.disagrees`).  :mod:`.nextturn` answers whose
turn follows an action card, over every seat the card may be played on; :mod:`.did` says what
a turn's action did.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from gametable.core.protocol import State
from gametable.games.balzakken.answers import (
    calls,
    concepts,
    elsewhere,
    facts,
    guard,
    nextturn,
    others,
    sizes,
    swaps,
    table,
    totals,
    turns,
    verdicts,
    whatif,
    winner,
)
from gametable.games.balzakken.answers.asking import MAY_TOO, with_kind
from gametable.games.balzakken.answers.grammar import read_table
from gametable.games.balzakken.answers.slang import spelt_out
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question


def _table_numbers(question: Question) -> set[int]:
    return read_table(question).read


def _none_read(question: Question) -> set[int]:
    return set()


@dataclass(frozen=True)
class Reader:
    """One kind of question: does the question ask it, its answer, and the numbers (word
    indices) that the answer reads from the question."""

    asks: Callable[[Question], bool]
    answer: Callable[[Question], Answer | None]
    numbers: Callable[[Question], Collection[int]]
    #: whether the answer builds the hands the question describes (:mod:`.grammar`)
    hands: bool = False


#: the readers in the order they are tried
READERS: tuple[Reader, ...] = (
    Reader(totals.asks_total, totals.total, totals.read_numbers),
    Reader(totals.asks_drop, totals.drop, totals.read_drop),
    Reader(winner.asks_winner, winner.winner, winner.read_numbers),
    Reader(calls.asks_may_call, calls.may_call, calls.read_numbers, hands=True),
    Reader(nextturn.asks_next_turn, nextturn.next_turn, nextturn.read_numbers),
    Reader(calls.asks_score, calls.score_call, calls.read_numbers, hands=True),
    Reader(whatif.asks_reshuffle, whatif.reshuffle, whatif.read_numbers),
    Reader(turns.asks_empty_hand, turns.empty_hand, _none_read),
    Reader(sizes.asks_count, sizes.count, sizes.read_numbers),
    Reader(sizes.asks_draw, sizes.draws, _none_read),
    Reader(swaps.asks_swap_points, swaps.swap_points, swaps.read_numbers),
    Reader(turns.asks_turn, turns.turn, turns.read_numbers, hands=True),
    Reader(facts.asks_fact, facts.fact, facts.read_numbers),
)


def _judged(question: Question) -> tuple[Answer | None, bool]:
    """The referee's reply by the first reader that asks ``question`` and fits it, and whether
    a reader answered at all (a reply that does not fit is no reply, and no rules text either)."""
    if not guard.understood(question):
        return None, False
    for reader in READERS:
        if reader.asks(question):
            reply = reader.answer(question)
            if reply is not None:
                fits = guard.fits(question, reply, reader.numbers(question), hands=reader.hands)
                return (reply if fits else None), True
    return None, False


def _both_answered(question: Question, reply: Answer) -> bool:
    """Whether a checked reply answers a yes/no asked beside a number ("May I discard both,
    and how many do I draw back?") with its Yes or No first: a reply that gives the number
    alone answers one of the two."""
    if with_kind(question).kind != "number" or not MAY_TOO.search(question.lower):
        return True
    return re.match(r"(?:yes|no|ja|nee)\b", reply.text, re.IGNORECASE) is not None


class BalzakkenAnswers:
    """``ANSWERS``: see the package docstring.  A question about another game or sport
    (:mod:`.elsewhere`) is declined; a question the readers do not wholly read (:mod:`.guard`)
    gets ``None``: the rules text answers it, marked as not checked."""

    def answer(self, question: Question) -> Answer | None:
        reply = self._answer(question)
        if reply is not None and reply.checked and not _both_answered(question, reply):
            return None  # a yes/no asked beside a number, and only the number given
        return reply

    def _answer(self, question: Question) -> Answer | None:
        asked, question = question, with_kind(spelt_out(question))
        if elsewhere.elsewhere(question):
            return elsewhere.decline(asked)
        if guard.unknown_item(question):
            return None  # a hand listing what no card of the game is: the rules text answers
        by_parts = concepts.answer(question)
        if by_parts is not None:
            return by_parts
        reply, read = _judged(question)
        if reply is None:  # "Mag opa De Swinger op zichzelf spelen?": said as the asker's own
            mine = others.as_mine(question)
            if mine is not None:
                reply, read_mine = _judged(with_kind(mine))
                read = read or read_mine
        if reply is not None and reply.checked and concepts.disagrees(question, reply):
            return verdicts.rules_reply(asked, question)
        if reply is not None:
            return reply
        late = concepts.may_call_answer(question)
        if late is not None or read:
            return late
        return verdicts.rules_reply(asked, question)

    def answer_at(self, state: State, seat: int, question: Question) -> Answer | None:
        return table.answer_at(state, seat, question)


ANSWERS = BalzakkenAnswers()

__all__ = ["ANSWERS", "BalzakkenAnswers"]
