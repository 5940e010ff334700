"""Rules-text replies to yes/no questions that the shared reading takes for another kind.

Players ask yes or no after setting a scene ("but what if I have two Swingers, can I play them
both together?"), report someone else's question ("someone asks whether action cards go on the
discard pile"), or put a guess after a where-question ("waar leg je De Lul, op de
aflegstapel?").  The shared reading calls these "what" or "other" questions, and the rules text
then drops its entry's Yes or No.  The question is read again
(:func:`~gametable.games.balzakken.answers.asking.asks_yes_no`) and,
when no referee reader answers it, the rules text answers with its verdict kept; such a reply
is not checked by the referee.
"""

from __future__ import annotations

from gametable.rulebook.answer import Answer, answer
from gametable.rulebook.question import Question


def rules_reply(asked: Question, read: Question) -> Answer | None:
    """The rules text's reply to ``read`` (``asked`` read by the game: unquoted, its kind
    read again) with its verdict kept, when the game reads a yes/no question where the shared
    reading of ``asked`` does not; ``None`` otherwise, or when the rules text does not answer."""
    if read.kind != "yesno" or asked.kind == "yesno":
        return None
    reply = answer("balzakken", read.text)
    return reply if reply.answered else None
