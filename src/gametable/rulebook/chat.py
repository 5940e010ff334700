"""The rules chat: every question a player asks, answered first and then cited.

    >>> from gametable.rulebook.chat import ask
    >>> reply = ask("balzakken", "I hold 3 points and The Lul, may I call BALZAK!?")
    >>> reply.text.split()[0], reply.checked
    ('No.', True)
    >>> ask("balzakken", "what is the capital of France?").answered
    False

:func:`ask` reads the question once (:class:`~gametable.rulebook.question.Question`) and tries,
in order:

1. a question that is no question (empty, binary, a pasted page) gets a polite decline;
2. a follow-up ("and with 3 players?") is read together with the question before it; a
   question plainly about something else (:meth:`~gametable.rulebook.search.Topic.elsewhere`)
   goes straight to the rules text, whose guard declines it;
3. at a table, the game's answers from the live position (``answer_at``), then the questions
   about the position itself (why a move was refused, the choices, whose turn, the score now:
   :func:`gametable.rulebook.ingame.answer_in_game`);
4. the game's own answers (:mod:`gametable.rulebook.situations`): a situation is built as a
   position and the referee judges it; a number is worked out;
5. the rules text (:func:`gametable.rulebook.answer.answer`), marked as not checked by the
   referee; off-topic questions are declined there.

Answers are the same for the same question, history and position; nothing a question says
changes a game (at a table, actions are only tried on clones).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from gametable.core.protocol import Action, State
from gametable.rulebook.answer import Answer, answer, fit_to_question
from gametable.rulebook.ingame import answer_in_game, topic_of
from gametable.rulebook.model import load
from gametable.rulebook.question import MAX_CHARS, Question
from gametable.rulebook.search import topic
from gametable.rulebook.situations import TableAnswers, answers_for

#: how many earlier questions a follow-up may lean on
HISTORY = 6

_DECLINES = {
    "empty": (
        "Ask me anything about the rules of {title}, in English or Dutch.",
        "Stel gerust een vraag over de regels van {title}, in het Engels of het Nederlands.",
    ),
    "binary": (
        "That does not read as a question. Ask me about the rules of {title} in words.",
        "Dat lees ik niet als een vraag. Stel je vraag over {title} in woorden.",
    ),
    "too-long": (
        "That is too long for one question (more than {limit} characters). Ask one thing at a "
        "time about the rules of {title}.",
        "Dat is te lang voor één vraag. Stel één vraag tegelijk over de regels van {title}.",
    ),
}

#: in-game topics that are about the live position itself; other questions asked at a table
#: are rules questions and get the general answer
_POSITION_TOPICS = frozenset({"refusal", "choices", "turn"})
_NOW = re.compile(
    r"\b(now|right now|at the moment|currently|this turn|my hand|in my hand|my cards|my pawns?|"
    r"i have|i hold|do i have|nu|mijn hand|mijn kaarten)\b"
)


def ask(
    game: str,
    text: object,
    *,
    history: Sequence[str] = (),
    state: State | None = None,
    seat: int | None = None,
    attempt: Action | str | None = None,
) -> Answer:
    """The reply to ``text``, a question about ``game`` (see the module docstring).

    ``history`` holds the earlier questions of the conversation, oldest first; ``state`` and
    ``seat`` the live position and the asking seat at a table; ``attempt`` the action the seat
    just tried, when the question is about it.
    """
    reference = load(game)
    question = Question.read(text)
    if question.problem is not None:
        return _decline(reference.game, reference.title, question)
    question = _with_history(question, history)
    if topic(reference.game, question.text).elsewhere():
        return fit_to_question(answer(reference.game, question.text), question)
    if state is not None and seat is not None:
        reply = _at_table(reference.game, state, seat, question, attempt)
        if reply is not None:
            return reply
    answers = answers_for(reference.game)
    if answers is not None:
        reply = answers.answer(question)
        if reply is not None:
            return reply
    return fit_to_question(answer(reference.game, question.text), question)


def _decline(game: str, title: str, question: Question) -> Answer:
    assert question.problem is not None
    en, nl = _DECLINES[question.problem]
    text = question.say(en, nl).format(title=title, limit=MAX_CHARS)
    return Answer(game, question.text, text, (), answered=False, topic="decline")


def _with_history(question: Question, history: Sequence[str]) -> Question:
    """A follow-up ("and with 3 players?") read as the question before it with the change."""
    if not question.follow_up or not history:
        return question
    previous = Question.read(history[-1])
    if previous.problem is not None:
        return question
    return Question.read(merge_follow_up(previous.text, question.text))


_LEAD = re.compile(
    r"^(?:and what about|what about|how about|same (?:for|with)|and if|and with|and for|and|or|"
    r"en wat als|en als|en met|en bij|en voor|wat als|wat met|en)\s+",
    re.IGNORECASE,
)


_COUNT = re.compile(r"\b(\d+|two|three|four|five|six|seven|eight)\s+(players|spelers)\b")
#: a word and the number after it ("score 5", "on 64", "hold 3")
_WORD_NUMBER = re.compile(r"\b([a-z]+)\s+(-?\d+)\b", re.IGNORECASE)
#: the phrase after the last "with" / "met" of a question, up to its end or a comma
_WITH = re.compile(r"\b(with|met)\s+[^,;?!]+", re.IGNORECASE)


def merge_follow_up(previous: str, follow_up: str) -> str:
    """The previous question with the follow-up's change, read in this order: a count of
    players replaces the one asked before; a number said after the same word replaces that
    word's number; a change without a number of its own replaces what came after "with";
    anything else is added in brackets.

    >>> merge_follow_up("How many cards are dealt with 4 players?", "and with 3 players?")
    'How many cards are dealt with 3 players?'
    >>> merge_follow_up("I'm on 64 and score 5 this round", "and if I score 35?")
    "I'm on 64 and score 35 this round"
    >>> merge_follow_up("Can I call BALZAK! with the Lul?", "what about the Swinger?")
    'Can I call BALZAK! with the Swinger?'
    >>> merge_follow_up("How many prestige points for a temple?", "and a palace?")
    'How many prestige points for a temple? (a palace)'
    """
    change = _LEAD.sub("", follow_up.strip()).rstrip("?!. ")
    count = _COUNT.search(change)
    if count:
        if _COUNT.search(previous):
            return _COUNT.sub(count.group(0), previous, count=1)
        return f"{previous.rstrip('?!. ')} with {count.group(0)}?"
    changed = _renumbered(previous, change)
    if changed is not None:
        return changed
    phrases = list(_WITH.finditer(previous))
    if phrases and not re.search(r"\d", change):
        last = phrases[-1]
        told = re.sub(r"^(?:with|met)\s+", "", change, flags=re.IGNORECASE)
        return f"{previous[: last.start()]}{last.group(1)} {told}{previous[last.end() :]}"
    return f"{previous.rstrip()} ({change})"


def _renumbered(previous: str, change: str) -> str | None:
    """``previous`` with each number the change says after a word that ``previous`` also has
    before a number ("score 35" for "score 5"); ``None`` when there is no such word."""
    out, done = previous, False
    for word, number in _WORD_NUMBER.findall(change):
        said = re.compile(rf"\b({re.escape(word)})\s+-?\d+\b", re.IGNORECASE)
        found = said.search(out)
        if found:
            out = f"{out[: found.start()]}{found.group(1)} {number}{out[found.end() :]}"
            done = True
    return out if done else None


def _at_table(
    game: str, state: State, seat: int, question: Question, attempt: Action | str | None
) -> Answer | None:
    answers = answers_for(game)
    if isinstance(answers, TableAnswers):
        reply = answers.answer_at(state, seat, question)
        if reply is not None:
            # the position judged is the live game itself, hidden cards and all: it never
            # leaves with the reply (the asker sees the game already)
            return replace(reply, position=None)
    topic = topic_of(question.text, attempt)
    about_now = topic in _POSITION_TOPICS or (
        topic in {"score", "card"} and _NOW.search(question.lower) is not None
    )
    if attempt is not None or about_now:
        reply = answer_in_game(state, seat, question.text, attempt=attempt)
        # worked out from the live position (the seat's view, its legal actions, tries on a
        # clone) unless the in-game answers fell back to the rules text themselves
        return replace(reply, checked=reply.topic != "rules")
    return None


_ABOUT_A_TRY = re.compile(
    r"^\W*(?:but\s+)?(?:why(?:\s+not)?|how come|waarom(?:\s+niet)?)"
    r"(?:\s+(?:can'?t|cannot|can not|couldn'?t|could not|isn'?t|wasn'?t|won'?t|doesn'?t|"
    r"didn'?t|was|is|not|kan|mag|niet|ik|i|it|that|this|do|play|move|allowed|refused|"
    r"dat|dit|het|zet|spelen|doen|the|my|move|there|so))*\W*$"
)


def about_the_last_try(question: str) -> bool:
    """Whether ``question`` asks about the move just refused and names nothing else ("why?",
    "why can't I do that?"); "why can't I build a market?" names what it is about instead.

    >>> about_the_last_try("why can't I do that?"), about_the_last_try("why can't I build a market")
    (True, False)
    """
    return _ABOUT_A_TRY.match(question.casefold().replace("’", "'")) is not None
