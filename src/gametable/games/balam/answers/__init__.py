"""Balam's answers from the referee: a question that describes a situation is built as a
position, judged by the engine, and answered verdict first (see
:mod:`gametable.rulebook.situations`).

>>> from gametable.rulebook.question import Question
>>> ANSWERS.answer(Question.read("Can I build a market without cacao?")).text.split()[0]
'No.'

Each reader takes a :class:`~gametable.rulebook.question.Question` and returns an answer or
``None`` (not a question it can build); the first answer wins.  The readers live by rulebook
section: :mod:`.numbers` (the game's data and scoring), :mod:`.economy` (production,
taxes, Chaak's maize, worked out over a round's end; :mod:`.chaak`, whether Chaak still gives it), :mod:`.markets` (small pyramids),
:mod:`.building` (turns and
constructions), :mod:`.war` (and :mod:`.battle`, a battle with obsidian or the defender's neighbouring city; :mod:`.defence`, a defence over several cities; :mod:`.devastated`, a devastated city taken at once; :mod:`.skulls`, the riches on a garrison lost to a skull), :mod:`.cards` (Katun cards; :mod:`.catastrophes`, a catastrophe and its payment; :mod:`.boons`, the riches a favourable card lets the king choose; :mod:`.coast`, the cards that strike cities by their place), :mod:`.ballgame` (a ball game between two kings), :mod:`.standings` (ball courts or observatories told king by king), :mod:`.round_end` (distribution
and losses; :mod:`.controlled`, riches produced where an enemy controls the trade), :mod:`.transport`, :mod:`.turncost` (a turn of building in all), :mod:`.turnplay` (a turn told as what was done and what is wanted next), :mod:`.plans` (a building plan told in full: sheet, buildings, site), :mod:`.rebuild` (a turn
that removes a building and builds in its place), :mod:`.bonus` (the riches bonus, riches on the
board set aside), :mod:`.cenotes` (offerings at the cenotes), :mod:`.tables` (a ball game or a
divination told king by king with names, read by :mod:`.kings`), :mod:`.track` (a score on the
score track); :mod:`.table` answers at a table from the asking seat's view; a question in chat shorthand
("w 2 garisons n ...") is read again written out (:mod:`.texting`).

Some readers read a situation by its parts rather than by the shape of its sentence
(:mod:`.parts`: counts and owners in any order, the roll, the things asked, and a gate that
every number, name and negation of the question is placed): a battle's numbers
(:mod:`.fight`, :mod:`.warsums`), prestige from a ceremony and a final score
(:mod:`.prestige`), the cost of several buildings (:mod:`.costs`), a turn paid with a riches
told, then a building (:mod:`.payments`), riches crossing a site by its small pyramids
(:mod:`.passage`), a market's small pyramids (:mod:`.pyramids`), the game's length
(:mod:`.length`), who wins (:mod:`.winner`); the ball games and divinations told king by king
(:mod:`.tables`), the production by site and the palaces' taxes (:mod:`.economy`) and the
catastrophes (:mod:`.catastrophes`) pass the same gate.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from gametable.core.protocol import State
from gametable.games.balam.answers import (
    ballgame,
    battle,
    bonus,
    boons,
    building,
    cards,
    catastrophes,
    cenotes,
    chaak,
    coast,
    controlled,
    costs,
    defence,
    devastated,
    economy,
    length,
    markets,
    numbers,
    passage,
    payments,
    plans,
    prestige,
    pyramids,
    rebuild,
    round_end,
    skulls,
    spoils,
    standings,
    table,
    tables,
    texting,
    track,
    transport,
    turncost,
    turnplay,
    war,
    warsums,
    winner,
)
from gametable.games.balam.answers.grammar import without_site_names
from gametable.games.balam.answers.parts import asks
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

Reader = Callable[[Question], Answer | None]
READERS: tuple[Reader, ...] = (
    *passage.READERS,
    *payments.READERS,
    *skulls.READERS,
    *battle.READERS,
    *war.READERS,
    *warsums.READERS,
    *defence.READERS,
    *devastated.READERS,
    *spoils.READERS,
    *standings.READERS,
    *ballgame.READERS,
    *tables.READERS,
    *cenotes.READERS,
    *cards.READERS,
    *catastrophes.READERS,
    *boons.READERS,
    *coast.READERS,
    *rebuild.READERS,
    *plans.READERS,
    *turncost.READERS,
    *numbers.READERS,
    *costs.READERS,
    *bonus.READERS,
    *prestige.READERS,
    *economy.READERS,
    *chaak.READERS,
    *markets.READERS,
    *pyramids.READERS,
    *controlled.READERS,
    *round_end.READERS,
    *transport.READERS,
    *turnplay.READERS,
    *building.READERS,
    *track.READERS,
    *length.READERS,
    *winner.READERS,
)


def _first(question: Question) -> Answer | None:
    for read in READERS:
        reply = read(question)
        if reply is not None:
            return reply
    return None


def _verdict(text: str) -> tuple[str, str]:
    """A reply's verdict (its first sentence) and the rest."""
    found = re.match(r"(.+?[.!?])(?:\s+|$)(.*)", text, re.DOTALL)
    return (found.group(1), found.group(2)) if found else (text, "")


#: the things a "how many" counts, which a second ask may point back at ("of them")
_THINGS = r"(?:cards?|kaarten|riches|rijkdommen|buildings?|gebouwen|points?|punten|garrisons?)"


def _both(question: Question) -> Answer | None:
    """Two things asked in one question that no reader answers together ("how many Katun cards
    are laid out, and how many may I look at?"): each asked with the situation told before
    them and answered by the readers, the two replies given in the order asked; checked by the
    referee only when both are.  ``None`` unless both are answered."""
    said = asks(question)
    if len(said) != 2 or len(question.lower) != len(question.text):
        return None
    first = question.lower.find(said[0])
    second = question.lower.find(said[1], first + len(said[0]))
    if first < 0 or second < 0:
        return None
    story = question.text[:first]
    # "how many Katun cards ..., and how many of them ...": "them" are the first ask's things
    things = re.search(rf"\b(?:how many|hoeveel) ((?:\w+ )?{_THINGS})\b", said[0])
    replies: list[Answer] = []
    for at, ask in ((first, said[0]), (second, said[1])):
        asked = question.text[at : at + len(ask)].rstrip(" ,;:")
        if at == second and things is not None:
            asked = re.sub(r"\b(?:of them|of those|daarvan|ervan)\b", things.group(1), asked)
        reply = _first(Question.read(f"{story}{asked}?"))
        if reply is None:
            return None
        replies.append(reply)
    one, two = replies
    if one.checked != two.checked:
        return None
    sources = tuple(dict.fromkeys((*one.sources, *two.sources)))
    (said_one, why_one), (said_two, why_two) = _verdict(one.text), _verdict(two.text)
    return replace(
        one,
        question=question.text,
        text=" ".join(t for t in (said_one, said_two, why_one, why_two) if t),
        sources=sources,
        details=(*one.details, *two.details),
        position=one.position if one.position == two.position else None,
    )


class BalamAnswers:
    """The plug-in (``ANSWERS``): :meth:`answer` for a question alone, :meth:`answer_at` at a
    table."""

    def answer(self, question: Question) -> Answer | None:
        reply = _first(question) or _both(question)
        if reply is None and (written := texting.plain(question)) is not None:
            reply = _first(written)
        if reply is None and (unnamed := without_site_names(question)) is not None:
            reply = _first(unnamed)
        return reply

    def answer_at(self, state: State, seat: int, question: Question) -> Answer | None:
        return table.answer_at(state, seat, question)


ANSWERS = BalamAnswers()

__all__ = ["ANSWERS", "READERS", "BalamAnswers"]
