"""Keezbord's answers from the referee (the plug-in of :mod:`gametable.rulebook.situations`).

A question that describes a situation (pawns' places, cards in hand, a partner, the home) is
built as a position and judged by the engine (:mod:`.situations`); a number the game's data
works out is read from the engine (:mod:`.numbers`); at a table, questions about the live
position are answered from the asking seat's own view (:mod:`.table`).  Anything else returns
``None`` and is answered from the rules text, and so does a question the grammar does not read
in full or a position that does not match it (:mod:`.guard`).  The words of the situation grammar are in
:mod:`.words`; the engine is asked in :mod:`.referee`.

>>> from gametable.rulebook.question import Question
>>> reply = ANSWERS.answer(Question.read("Can I pass a pawn that is standing on its own start space?"))
>>> reply.text.split()[0], reply.checked
('No.', True)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from gametable.core.errors import GameError
from gametable.core.protocol import State
from gametable.games.keezbord.answers.census import read_census, read_number_hand
from gametable.games.keezbord.answers.compare import read_card_steps, read_compare
from gametable.games.keezbord.answers.counts import answer_count
from gametable.games.keezbord.answers.dealer import DEALER, read_dealer_turns
from gametable.games.keezbord.answers.dealer import PHRASES as DEALER_PHRASES
from gametable.games.keezbord.answers.deals import PHRASES as DEAL_PHRASES
from gametable.games.keezbord.answers.deals import answer_deal
from gametable.games.keezbord.answers.deck import ASKED as DECK_LEFT
from gametable.games.keezbord.answers.deck import PHRASES as DECK_PHRASES
from gametable.games.keezbord.answers.deck import deck_left
from gametable.games.keezbord.answers.exact import read_exact
from gametable.games.keezbord.answers.facts import answer_fact
from gametable.games.keezbord.answers.free import (
    CHOICE_PHRASES,
    read_free_hand,
    read_not_forced_to_hit_own,
)
from gametable.games.keezbord.answers.free import PHRASES as FREE_PHRASES
from gametable.games.keezbord.answers.guard import YESNO_LAST, all_counted, fits, understood
from gametable.games.keezbord.answers.inhome import PHRASES as HOME_PHRASES
from gametable.games.keezbord.answers.inhome import read_in_home
from gametable.games.keezbord.answers.jack import PHRASES as JACK_PHRASES
from gametable.games.keezbord.answers.jack import read_swap_told_apart
from gametable.games.keezbord.answers.meanings import card_meaning
from gametable.games.keezbord.answers.numbers import answer_number, start_space
from gametable.games.keezbord.answers.partner import (
    ONE_SIDE_HOME,
    STILL_PHRASES,
    read_place_for_partner,
    read_seven_last_pawn,
    read_still_plays,
)
from gametable.games.keezbord.answers.partner import PHRASES as PARTNER_PHRASES
from gametable.games.keezbord.answers.rankfacts import (
    BACK_AND_FORTH,
    PLACING,
    no_back_and_forth,
    placing_cards,
)
from gametable.games.keezbord.answers.rankfacts import PHRASES as RANK_PHRASES
from gametable.games.keezbord.answers.relative import read_relative
from gametable.games.keezbord.answers.sequence import (
    FOUR_BACK,
    FOUR_BACK_PHRASES,
    SEQUENCE,
    SEQUENCE_PHRASES,
    read_from_start,
    steps_after_four,
)
from gametable.games.keezbord.answers.seven import (
    ONLY_PLAY_HITS_OWN,
    SKIP_PHRASES,
    read_seven_rest,
    read_skip_hits_own,
)
from gametable.games.keezbord.answers.seven import REST as SEVEN_REST
from gametable.games.keezbord.answers.seven import REST_PHRASES as SEVEN_REST_PHRASES
from gametable.games.keezbord.answers.situations import SAFE, answer_situation, read_four_then
from gametable.games.keezbord.answers.spelling import spelled
from gametable.games.keezbord.answers.starts import PHRASES as STARTS_PHRASES
from gametable.games.keezbord.answers.starts import read_theirs_elsewhere, read_theirs_on_my_start
from gametable.games.keezbord.answers.swap import read_swap
from gametable.games.keezbord.answers.table import answer_at
from gametable.games.keezbord.answers.tally import read_deal
from gametable.games.keezbord.answers.team import read_team_play
from gametable.games.keezbord.answers.turnlimit import PHRASES as TURN_LIMIT_PHRASES
from gametable.games.keezbord.answers.turnlimit import STOPPED as TURN_LIMIT
from gametable.games.keezbord.answers.turnlimit import read_turn_limit
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

#: the last sentence opens with an asking word ("Wat moet ik doen?", "Wat kan ik met die
#: Heer?"): the question asks what, not yes or no, whatever its verbs
_ASKED_LAST = re.compile(
    r"(?:^|[.!?;:]\s*)(?:what|which|where|who|how|wat|waar|welke?|wie|hoe)\b[^.!?]*\?\s*$"
)

#: an asking word anywhere: the question asks more than yes or no
_ASKING_ANY = re.compile(
    r"\b(?:what|which|where|who|how|why|when|wat|waar|welke?|wie|hoe|waarom|wanneer)\b"
)

#: another game or a sport named: the question is not about Keezbord, and no reader builds it
_ELSEWHERE = re.compile(
    r"\b(?:football|soccer|voetbal|basketball|volleyball|hockey|rugby|baseball|cricket|tennis|"
    r"golf|chess|schaken|schaak\w*|poker|bridge|blackjack|monopoly|scrabble|risk|catan|"
    r"dammen|checkers|draughts|klaverjassen|sport\w*|olympic\w*|election\w*|parliament)\b"
)


#: two yes/no questions asked at once ("can I play a 7 on one pawn, and can I split it?"):
#: no reader judges both
_TWO_YESNO = re.compile(
    r"\b(?:can|may|must|do|does|is|are|will|mag|kan|moet|wordt)\s+(?:i|we|it|he|ik|hij|het)\b"
    r"[^?.!]*?(?:,\s*|\s)(?:and|en)\s+(?:can|may|must|do|does|is|are|will|mag|kan|moet|wordt)\s+"
    r"(?:i|we|it|he|ik|hij|het)\b"
    r"|\b(?:can|may|must|do|does|is|are|mag|kan|moet)\s+(?:i|we|it|he|ik|hij|het)\b[^?]*\?\s*"
    r"(?:and |en )?(?:can|may|must|do|does|is|are|mag|kan|moet)\s+(?:i|we|it|he|ik|hij|het)\b[^?]*\?"
)


#: a setting or option asked about (a variant told is read by the exact reader): the game's options, not one position's ruling
_SETTING = re.compile(
    r"\b(?:settings?|house[- ]rules?|instelling\w*)\b|\bis there an? option\b"
    r"|\boptions? (?:does|in|for|of) gametable\b"
)


def asked_kind(question: Question) -> Question:
    """``question`` with the kind its last sentence asks: a question whose last sentence opens
    with what, where, which, who or how, read as yes/no or as no kind at all, is read as "what"
    (Keezbord's readers answer those with the outcome); a "what if" question whose last clause
    asks yes or no ("..., is that allowed?") is read as yes/no.

    >>> asked_kind(Question.read("Al mijn pionnen staan in het nest. Wat moet ik doen?")).kind
    'what'
    >>> asked_kind(Question.read("But what if I swap with my partner, is that allowed?")).kind
    'yesno'
    """
    lower = question.lower.strip()
    if question.kind in ("what", "other") and YESNO_LAST.search(lower):
        return replace(question, kind="yesno")
    if question.kind in ("yesno", "other") and _ASKED_LAST.search(lower):
        return replace(question, kind="what")
    if question.kind == "other" and lower.endswith("?") and not _ASKING_ANY.search(lower):
        return replace(question, kind="yesno")  # a claim put to be checked: "that's 4 forward?"
    return question


#: a reader, the phrases it reads itself (set aside before the guard looks at the rest) and
#: the words that must be said for it to be asked at all (``None``: always asked)
Own = tuple[re.Pattern[str] | None, re.Pattern[str], Callable[[Question], Answer | None]]
#: readers asked before the others, each with its own phrases set aside
_FIRST: tuple[Own, ...] = (
    (SEQUENCE, SEQUENCE_PHRASES, lambda q: read_from_start(q) or read_four_then(q)),  # in turn
    (FOUR_BACK, FOUR_BACK_PHRASES, steps_after_four),  # a 4 back from the start, counted home
    (None, DEAL_PHRASES, answer_deal),  # a count of the deal
    (DECK_LEFT, DECK_PHRASES, deck_left),  # the pack after some deals
    (CHOICE_PHRASES, CHOICE_PHRASES, read_not_forced_to_hit_own),  # a choice of two cards
    (SEVEN_REST, SEVEN_REST_PHRASES, read_seven_rest),  # a 7's second part, the first told
    (TURN_LIMIT, TURN_LIMIT_PHRASES, read_turn_limit),  # a game stopped by the turn limit
    (ONLY_PLAY_HITS_OWN, SKIP_PHRASES, read_skip_hits_own),  # no skip: hit one's own
    (DEALER, DEALER_PHRASES, read_dealer_turns),  # the dealer staying or changing
    (PLACING, RANK_PHRASES, placing_cards),  # which cards bring a pawn out
    (ONE_SIDE_HOME, STILL_PHRASES, read_still_plays),  # home, and playing on for the partner
    (BACK_AND_FORTH, RANK_PHRASES, no_back_and_forth),  # back and forth in the home
)
#: situation readers asked only when the guard does not read the question without their
#: phrases (set aside for them alone, so that no other reader builds what it did not read)
_OWN_WORDS: tuple[Own, ...] = (
    (None, STARTS_PHRASES, read_theirs_on_my_start),
    (None, STARTS_PHRASES, read_theirs_elsewhere),
    (None, JACK_PHRASES, read_swap_told_apart),
    (None, HOME_PHRASES, read_in_home),
    (None, FREE_PHRASES, read_free_hand),
    (None, PARTNER_PHRASES, read_seven_last_pawn),
    (None, PARTNER_PHRASES, read_place_for_partner),
)


def _first_reading(question: Question, readers: tuple[Own, ...]) -> tuple[bool, Answer | None]:
    """The first of ``readers`` that reads the whole question and builds it: ``(True, reply)``
    (``reply`` is ``None`` when the position does not fit the question), else ``(False,
    None)``."""
    for trigger, phrases, read in readers:
        if trigger is not None and not trigger.search(question.lower):
            continue
        if not understood(question, aside=(phrases,)):
            continue
        reply = read(question)
        if reply is not None:
            return True, reply if fits(question, reply) else None
    return False, None


class KeezbordAnswers:
    """``answer`` and ``answer_at`` for the rules chat."""

    def answer(self, question: Question) -> Answer | None:
        reply = self._answer(question)
        if reply is not None and reply.checked and _TWO_YESNO.search(question.lower):
            return None  # two things asked yes or no, one judged: not marked checked
        return reply

    def _answer(self, question: Question) -> Answer | None:
        if _ELSEWHERE.search(question.lower):
            return None  # about another game or a sport: the rules text declines it
        if _SETTING.search(question.lower):
            return None  # a setting asked for, not a situation: the rules text names the options
        question = asked_kind(spelled(question))  # "strat" read as start, "ovr" as over
        try:
            reply = read_deal(question)  # the deal's counts, read by their parts
            if reply is not None:  # every count asked worked out, or none of them
                return reply if all_counted(question, reply) else None
            reply = read_team_play(question)  # a card played for the partner's pawn
            if reply is not None:
                return reply if fits(question, reply) else None
            reply = read_exact(question)  # a position told space by space: its own strict reading
            if reply is not None:
                return reply if fits(question, reply) else None
            reply = read_relative(question)  # pawns placed by their relations, read by parts
            if reply is not None:  # its cards told apart from a 7's parts and the places
                return reply if fits(question, reply, cards=False) else None
            reply = read_swap(question)  # a Jack's swap, whose pawns and where
            if reply is not None:
                return reply if fits(question, reply, cards=False) else None
            reply = read_compare(question) or read_card_steps(question)  # a card's move
            if reply is not None:
                return reply
            reply = read_census(question) or read_number_hand(question)  # my pawns counted
            if reply is not None:  # its one card read itself ("with four" is no card)
                return reply if fits(question, reply, cards=False) else None
            reply = card_meaning(question)  # one card alone, the whole question read
            if reply is not None:
                return reply
            found, reply = _first_reading(question, () if SAFE.search(question.lower) else _FIRST)
            if found:
                return reply
            if SAFE.search(question.lower):  # safety asked: only readers that judge it
                return answer_situation(question) if understood(question) else None
            if not understood(question):
                return _first_reading(question, _OWN_WORDS)[1]
            reply = (
                answer_fact(question)
                or answer_count(question)
                or answer_number(question)
                or start_space(question)
                or answer_situation(question)
            )
        except GameError:  # a situation the position format refuses (two pawns on one space)
            return None  # is one we cannot build: the rules text answers instead
        if reply is not None and not fits(question, reply):
            return None
        return reply

    def answer_at(self, state: State, seat: int, question: Question) -> Answer | None:
        return answer_at(state, seat, question)


ANSWERS = KeezbordAnswers()

__all__ = ["ANSWERS", "KeezbordAnswers"]
