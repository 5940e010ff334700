"""Where the referee puts my pawn, said from my start: the answers of :mod:`.relative` to "where
does it end up?", "how many spaces past my start is it then?" and "which card takes it exactly
to the last space of my home?", and the check of an end the question tells with the move.

A question told by relations knows no space numbers, so the place is said the way the asker
counts it: from the asker's own start ("3 spaces past your start", "1 space before your
start") or as a home space, with the space's number after it.

>>> said_from_start(-1, 63, "en")
'1 space before your start (space 63)'
>>> said_from_start("H3", "H3", "nl")
'thuishonkvak H3'
"""

from __future__ import annotations

from typing import Any

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import FORWARD, GAME, start, verdict
from gametable.games.keezbord.answers.referee import Ruling, Trial, judge, moved
from gametable.games.keezbord.answers.relative_told import Parts
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no


def _size(players: int) -> int:
    return 96 if players == 6 else 64


def _progress(place: Any, players: int) -> int | str:
    """How far a pawn of seat ``a`` stands from its start: spaces past it (negative: short of
    it), or its home space (``"H2"``)."""
    if isinstance(place, str):
        return place
    size = _size(players)
    past = (place - start(0, players)) % size
    return past - size if past > size - 16 else past


def said_from_start(from_start: int | str, place: Any, lang: str) -> str:
    """A place of seat ``a``'s pawn, ``from_start`` spaces past its start (or a home space)."""
    if isinstance(from_start, str):
        return f"thuishonkvak {from_start}" if lang == "nl" else f"home space {from_start}"
    n = abs(from_start)
    if lang == "nl":
        where = "voorbij" if from_start > 0 else "vóór"
        return f"{n} {'vak' if n == 1 else 'vakken'} {where} je startvak (vak {place})"
    if from_start == 0:
        return f"your start space (space {place})"
    where = "past" if from_start > 0 else "before"
    return f"{n} {'space' if n == 1 else 'spaces'} {where} your start (space {place})"


def end_as_told(parts: Parts, spots: dict[str, int], ruling: Ruling) -> bool:
    """Whether the end the question tells with the move (into the home; a count of spaces
    beyond his pawn) is where the referee puts my pawn; true when none is told."""
    if parts.into_home is None and parts.beyond is None:
        return True
    if not ruling.allowed:
        return parts.beyond is None  # "can I step it into my home?": the refusal answers
    end = ruling.place_of("a1")
    if parts.into_home is not None:
        return str(end) == f"H{parts.into_home}" if parts.into_home else str(end).startswith("H")
    if "O" not in spots or isinstance(end, str):
        return False
    return end == (spots["O"] + (parts.beyond or 0)) % _size(parts.players)


def outcome(question: Question, parts: Parts, spots: dict[str, int], trial: Trial) -> Answer:
    """Where my pawn ends, said from my start, or how far past my start it stands: the
    number worked out first; the verdict first too when yes or no is asked beside it."""
    ruling = judge(trial)
    refs = [kb.CARD_MEANINGS, kb.EXACT_HOME]
    if not ruling.allowed:
        return verdict(question, trial, refs)
    end = ruling.place_of("a1")
    now, before = _progress(end, parts.players), _progress(spots["M1"], parts.players)
    steps = -4 if parts.card == "4" else FORWARD.get(parts.card or "", 0)
    if isinstance(now, int) and isinstance(before, int) and before >= 0 and steps > 0 > now:
        now += _size(parts.players)  # counted on from a place past the start: still past it
    place = said_from_start(now, end, question.lang)
    if parts.ask == "howfar" and isinstance(now, int) and isinstance(before, int):
        sum_ = f"{before} {'+' if steps > 0 else '-'} {abs(steps)} = {now}"
        head = f"{place[0].upper()}{place[1:]}: {sum_}."
    elif parts.ask == "howfar":
        head = place[0].upper() + place[1:] + "."
    else:
        head = question.say(f"It ends on {place}.", f"Hij komt op {place}.")
    if w.YESNO_ASKED.search(question.lower):  # "can I play it? where does it go?"
        head = f"{yes_no(question, True)} {head}"
    return checked(GAME, question, head, moved(ruling, question.lang), refs,
                   position=trial.position,
                   details=(f"Judged: {trial.action} for seat a.",))  # fmt: skip


def need(
    question: Question, parts: Parts, spots: dict[str, int], position: dict[str, Any]
) -> Answer | None:
    """Which cards take my pawn exactly to the home space asked: each card tried by the
    referee on the pawn alone."""
    if parts.target is None or "M1" not in spots:
        return None
    goal = f"H{parts.target}"
    fits, tried = [], []
    for card in [*FORWARD, "4"]:
        trial = Trial({**position, "hands": {"a": [card]}, "to_move": 0}, f"{card} a1")
        ruling = judge(trial)
        if ruling.allowed and ruling.place_of("a1") == goal:
            fits.append(card)
        tried.append(card)
    lang = question.lang
    if not fits:
        head = question.say(
            f"None: no card takes it exactly to {goal}.",
            f"Geen enkele: geen kaart brengt hem precies op {goal}.",
        )
    else:
        names = question.say(" or ".join(fits), " of ".join(fits))
        head = question.say(f"The {names}.", f"De {names}.")
    before = said_from_start(_progress(spots["M1"], parts.players), spots["M1"], lang)
    reason = question.say(
        f"From {before}, every card was tried on it; only an exact count ends on home space {goal}.",
        f"Vanaf {before} is elke kaart geprobeerd; alleen een precieze telling eindigt op {goal}.",
    )
    return checked(GAME, question, head, reason, [kb.EXACT_HOME, kb.CARD_MEANINGS],
                   position={**position, "hands": {"a": fits[:5] or ["5"]}},
                   details=(f"Tried: {', '.join(tried)} on a1 for seat a.",))  # fmt: skip


def steps_home(question: Question, parts: Parts, position: dict[str, Any]) -> Answer | None:
    """How many steps take my pawn to the home space asked, counted from the engine's own
    progress of the pawn (spaces from its start; the home spaces after the track)."""
    if parts.target is None:
        return None
    view = Trial(position, "").state().view(None)
    now, size = view["progress"][0][0], int(view["track_length"])
    if not isinstance(now, int) or now >= size:
        return None  # in the nest or in the home already: not this count
    goal = size + parts.target - 1
    steps = goal - now
    head = question.say(f"{steps} steps.", f"{steps} stappen.")
    reason = question.say(
        f"It has come {now} of the {size} track spaces from its start, and home space "
        f"H{parts.target} comes {parts.target} after the last of them: {goal} - {now} = {steps}; "
        "a move must end exactly there.",
        f"Hij heeft {now} van de {size} vakken van de baan afgelegd, en thuishonkvak "
        f"H{parts.target} komt {parts.target} na het laatste: {goal} - {now} = {steps}; een zet "
        "moet daar precies eindigen.",
    )
    return checked(GAME, question, head, reason, [kb.EXACT_HOME],
                   position=position, topic="number")  # fmt: skip
