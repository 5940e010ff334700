"""The score sheet: a total before the round plus this round's points ("Tasty (In-Between)
Positions", "Overview > In a (nut)shell").

"I'm on 64 and score 5 this round" is built as a round that writes exactly those 5 points for the
asker (another player makes a good call while the asker holds 5; or the asker makes a good call
for 0; or a false one for 25), and the engine's record gives the new total, the tasty position
and whether the game ends.

>>> from gametable.rulebook.question import Question
>>> total(Question.read("I'm on 64 and score 5 this round. What is my total?")).text.split(".")[0]
'64 + 5 = 69, which drops back to 50'
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Any

from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.build import build, cards_worth, load
from gametable.games.balzakken.answers.calls import hand_of, judge_call
from gametable.games.balzakken.answers.grammar import Table, read_table
from gametable.games.balzakken.answers.mentions import word_at
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balzakken"
FALSE_PENALTY = 25
_BEFORE = re.compile(
    r"\b(?:(?:i'?m|i am|am|are|is|ben|zit|currently|now)\s+(?:on|at|op|now on)\s+(-?\d+)|"
    r"(?:i'?m|stand|staat|sta|stond|at|on|op|i had|i was|ik had)\s+(?:on|at|op|now on)?\s*(-?\d+)|"
    r"(?:total|score|totaal|stand) (?:is |of |van |was |stood at |stond op )?(-?\d+)|"
    r"(?:have|has|heb|hebt|heeft) (-?\d+) (?:(?:points|punten) )?(?:on the (?:score ?sheet|sheet)|"
    r"already|al|op het (?:scoreblad|scoreformulier)|staan)|"
    r"(?:have|has|heb|hebt|heeft) (-?\d+) (?:points|punten)? ?(?:and|en) (?:score|get|krijg))"
)
#: "I have 74 points and make a false BALZAK!": points said before the asker's call of a said
#: kind, more than a hand that calls may hold, are the total before the round
_HAVE_THEN_CALL = re.compile(
    r"\b(?:i|ik) (?:have|had|heb|had|got) (-?\d+)(?: points| punten)? (?:and|en) (?:then |dan )?"
    r"(?:make|made|call|called|do|did|doe|deed|roep|riep|maak|maakte) (?:a |an |een )?"
    r"(?:false|good|valse|foute|goede) (?:balzak|call|roep)"
)


def _before(lower: str) -> re.Match[str] | None:
    """The total before the round: said as such ("I'm on 64"), or as points of more than 5
    held before the asker's call of a said kind, when a new total is asked."""
    said = _BEFORE.search(lower)
    if said is not None:
        return said
    held = _HAVE_THEN_CALL.search(lower)
    if held is None or int(held.group(1)) <= 5 or not _NEW_TOTAL.search(_last(lower)):
        return None
    return held


_GAIN = re.compile(
    r"\b(?:score|scores|scored|get|gets|got|write(?: down)?|writes(?: down)?|wrote(?: down)?|add|"
    r"krijg|krijgt|"
    r"scoor|scoort|schrijf|schrijft|erbij|another|(?<!heb )(?<!hebt )(?<!heeft )(?<!houd )nog|"
    r"picked up|pick up|picks up|collect|"
    r"collected|gained|gain|took|take|kreeg|haal|haalde)\s+(?:(?:another|nog|this round|"
    r"deze ronde|er|an extra|een extra|now|nu)\s+)*(-?\d+)\b|"
    r"\+\s*(\d+)|\b(\d+) (?:points |punten )?(?:this round|deze ronde|erbij|more|extra)\b|"
    r"\b(?:moet|moest|must|have to|had to)\s+(?:er\s+)?(-?\d+)\s+(?:points?\s+|punten\s+)?"
    r"(?:bij\s*schrijven|bij\s+opschrijven|opschrijven|noteren|write down|add)\b"
)
_LANDS = re.compile(
    r"\b(?:land|lands|landed|end|ends|ended|finish|reach|reached|get to|exactly|precies|"
    r"kom|komt|uitkom|beland|eindig)\b.*?\b(69|99)\b"
)
_FALSE_CALL = re.compile(
    r"\b(?:false|valse|foute) (?:balzak|call|roep)|\b(?:balzak!?|call|roep) (?:was|is|turned out|"
    r"turns out|bleek|was a) (?:to be )?(?:false|wrong|vals|fout)\b"
)
#: a yes/no question about the game's end ("is the game over?", "ben ik eruit?")
_ENDS = re.compile(
    r"\b(?:game over|(?:game|it) (?:is )?(?:over|finished)|game (?:end|ends|ended)|am i out|"
    r"out of the game|afgelopen|eruit|ben ik uit|is het (?:spel )?(?:uit|klaar))\b"
)
#: a yes/no question about dropping back ("do I go back to 50?", "mag ik terug?")
_BACK = re.compile(r"\b(?:drop|drops|go back|goes back|fall back|falls back|back to|terug)\b")
_TARGET = re.compile(r"\b(?:to|naar) (\d+)\b")


def _target(lower: str) -> re.Match[str] | None:
    """The total a question asks whether one drops back to ("... drop back to 50?"): the
    first "to N" after the words of dropping back."""
    back = _BACK.search(lower)
    return None if back is None else _TARGET.search(lower, back.start())


_GOOD_CALL = re.compile(r"\bgood (?:balzak|call)|\bgoede (?:balzak|roep)")
#: a call made by another player than the asker
_OTHER_CALLS = re.compile(
    r"\b(?:someone|somebody|anyone|another|other|neighbou?r|opponent|he|she|they|iemand|"
    r"andere|buurman|buurvrouw|tegenstander|hij|zij)\b"
)


#: the asker named ("I", "my", "ik"): a question with none is about one other player alone
_FIRST_PERSON = re.compile(r"\b(?:i|i'?m|me|my|mine|ik|mij|mijn|me|m'n)\b")


#: a total said before and after the round ("I went from 65 to 72", "van 65 naar 72")
_FROM_TO = re.compile(r"\b(?:from|van) (-?\d+) (?:to|naar|tot|up to) (-?\d+)\b")
#: a new total asked ("what's my new total?", "where am I after the round?", "mijn nieuwe stand")
_NEW_TOTAL = re.compile(
    r"\b(?:total|totaal|stand|where am i|where do i (?:stand|end up)|new score|score now|"
    r"sta ik|kom ik)\b"
)


def asks_total(question: Question) -> bool:
    """A total on the score sheet before and after a round, or landing on 69 or 99."""
    lower = question.lower
    if _FROM_TO.search(lower):
        return True
    asks_new = _NEW_TOTAL.search(_last(lower)) or _ENDS.search(_last(lower))
    if _before(lower) and asks_new and _other_caller(question):
        return True  # "I'm at 47 and someone calls. I hold 10, 8 and 4. My new total?"
    if _before(lower) and (
        _GAIN.search(lower)
        or _FALSE_CALL.search(lower)
        or _GOOD_CALL.search(lower)
        or _overcall(question)
    ):
        return True
    return bool(_LANDS.search(lower)) and question.kind != "yesno"


def read_total(question: Question) -> tuple[int | None, int | None]:
    """The total before the round and the points this round (``None`` where not said)."""
    before, gain, _ = _read(question)
    return before, gain


def read_numbers(question: Question) -> set[int]:
    """The indices (in ``question.words``) of the numbers :func:`read_total` uses, and of the
    asker's hand when another player's call scores it."""
    before, gain, starts = _read(question)
    read = {word_at(question.lower, start) for start in starts}
    if gain is None or _overcall(question, before):
        read |= read_table(question).read
    target = _target(question.lower)
    if target and question.kind == "yesno" and _BACK.search(question.lower):
        read.add(word_at(question.lower, target.start(1)))
    before, _ = read_total(question)
    if before is not None and gain is not None:
        read |= _restated(question, before, before + gain)
    return read


#: "so 73", "dus 73": the new total said again; "past 69", "over 69 heen": a tasty total passed
_SO_TOTAL = re.compile(r"\b(?:so|dus|makes|that's|dat is|=)\s*(?:i'?m (?:on |at )?)?(-?\d+)\b")
_PASSED = re.compile(
    r"\b(?:past|passed|passing|over|beyond|voorbij|over de|jumped over|skipped|sprong over)\s+"
    r"(69|99)\b"
)


def _restated(question: Question, before: int, summed: int) -> set[int]:
    """The numbers that only restate the sum the engine works out: the new total said after
    "so", and a tasty total (69, 99) said to be passed, when the sum passes it."""
    lower = question.lower
    out = {
        word_at(lower, m.start(1)) for m in _SO_TOTAL.finditer(lower) if int(m.group(1)) == summed
    }
    out |= {
        word_at(lower, m.start(1))
        for m in _PASSED.finditer(lower)
        if before < int(m.group(1)) < summed
    }
    return out


def _read(question: Question) -> tuple[int | None, int | None, list[int]]:
    """The total before, this round's points, and where the numbers used start."""
    lower = question.lower
    before = gain = None
    starts: list[int] = []
    both = _FROM_TO.search(lower)
    if both:
        first, second = int(both.group(1)), int(both.group(2))
        return first, second - first, [both.start(1), both.start(2)]
    match = _before(lower)
    if match:
        before = int(next(g for g in match.groups() if g is not None))
        starts.append(_number_span(match)[0])
    said = _number_span(match) if match else None
    for found in _GAIN.finditer(lower):
        if _number_span(found) == said:
            continue  # the total's own number ("on 64"), not this round's points
        gain = int(lower[slice(*_number_span(found))])
        starts.append(_number_span(found)[0])
        break
    if gain is None and _overcall(question, before):
        gain = FALSE_PENALTY
    if gain is None and (_FALSE_CALL.search(lower) or _GOOD_CALL.search(lower)):
        another = _OTHER_CALLS.search(lower) or read_table(question).caller not in (None, 0)
        if another and _FIRST_PERSON.search(lower):
            return before, None, starts  # another player's call: the asker's hand decides
        # no word of the asker ("Opa is op 74 en doet een valse BALZAK!"): the player on the
        # total is the caller, and the sheet reads as for the asker's own call
        if _FALSE_CALL.search(lower):
            gain = FALSE_PENALTY
        elif re.search(r"\b(?:i|ik)\b", lower):
            gain = 0
    if before is None or gain is None:
        landed = _LANDS.search(lower)
        if landed and before is None and gain is None:
            return int(landed.group(1)) - 5, 5, [landed.start(1)]
    return before, gain, starts


def _last(lower: str) -> str:
    """The question's last sentence."""
    return re.split(r"(?<=[.;?!])\s+(?=\S)", lower.strip())[-1]


def _other_caller(question: Question) -> bool:
    """Whether another player than the asker calls, and the asker's hand is said."""
    table = read_table(question)
    return table.caller not in (None, 0) and table.me.described


def total_after_call(question: Question, before: int) -> Answer | None:
    """ "I'm at 47 and someone calls. I hold 10, 8 and 4. My new total?": the engine scores the
    call with the hands said (the total's own number is no hand) on a sheet where the asker
    has ``before``, and the new total is read from its record.  A caller's hand not said is
    one that makes the call good; that is only safe when the asker holds more than 5 (then a
    false call writes the asker's hand too), or when the question says the call was good."""
    table = _without_total(question, read_table(question))
    caller = table.caller
    if caller is None or caller == 0 or not 0 <= before < 100 or not table.me.described:
        return None
    said = table.holders[caller].described
    mine = table.me.value
    if not said and (mine is None or mine <= 5) and not _GOOD_CALL.search(question.lower):
        return None
    judged = judge_call(question, table, caller)
    if judged is None:
        return None
    me = next(s for s, h in enumerate(judged.seats) if h.me)
    scores = [before if s == me else 0 for s in range(len(judged.seats))]
    position = {**judged.position, "scores": scores}
    state = load(position)
    if state is None:
        return None
    state.apply("balzak", judged.caller)
    view = state.view(me)
    record = view["rounds"][-1]
    note = () if said else (question.say(
        "If the caller held more than 5 points, the call costs the caller 25 and you write 0.",
        "Had de roeper meer dan 5 punten, dan kost het de roeper 25 en schrijf jij 0 op.",
    ),)  # fmt: skip
    return _worked_out(
        question, before, int(record["points"][me]), int(record["totals"][me]),
        bool(view["is_over"]), position, note,
    )  # fmt: skip


def _without_total(question: Question, table: Table) -> Table:
    """``table`` with the number of the total before the round taken out of the asker's hand
    ("My total is 85 and I'm caught with The Lul and a 4")."""
    match = _before(question.lower)
    if match is None:
        return table
    at = word_at(question.lower, _number_span(match)[0])
    me = table.me
    if at not in me.points_at:
        return table
    k = me.points_at.index(at)
    points = me.points[:k] + me.points[k + 1 :]
    points_at = me.points_at[:k] + me.points_at[k + 1 :]
    return replace(table, holders=[replace(me, points=points, points_at=points_at),
                                   *table.holders[1:]])  # fmt: skip


def _overcall(question: Question, before: int | None = None) -> bool:
    """ "I was on 92 and called BALZAK! with 6 points": the asker called with more than 5
    points, which costs 25 whatever the others hold (not the total said read as a hand, nor a
    call said to be good)."""
    table = read_table(question)
    value = table.me.value
    if _GOOD_CALL.search(question.lower) or value is None or value == before:
        return False
    return table.caller == 0 and value > 5 and len(table.holders) == 1


def _number_span(match: re.Match[str]) -> tuple[int, int]:
    """Where the number a match captured stands in the question."""
    group = next(i for i, g in enumerate(match.groups(), 1) if g is not None)
    return match.span(group)


def round_scoring(before: int, gain: int) -> dict[str, Any] | None:
    """A two-player position in which seat 0, on ``before`` points, writes ``gain`` this round."""
    used: Counter[str] = Counter()
    if gain == 0:
        hands, caller = [cards_worth(1, used), cards_worth(9, used)], 0
    elif gain == FALSE_PENALTY:
        hands, caller = [cards_worth(8, used), cards_worth(9, used)], 0
    else:
        hands, caller = [cards_worth(gain, used), ["-1"]], 1
    if any(h is None for h in hands) or not 0 <= before < 100:
        return None
    return build([h for h in hands if h is not None], to_move=caller, scores=[before, 0])


def _round_for(question: Question, before: int | None, gain: int | None) -> dict[str, Any] | None:
    """The round the question describes: one that writes ``gain`` for the asker, or another
    player's good call while the asker holds the hand the question names."""
    if before is None:
        return None
    if gain is not None:
        return round_scoring(before, gain) if gain >= 0 else None
    if not (_GOOD_CALL.search(question.lower) and _OTHER_CALLS.search(question.lower)):
        return None
    me = read_table(question).me
    used: Counter[str] = Counter()
    mine = hand_of(me, used) if me.described and not me.empty else None
    if mine is None or me.value is None or not 0 <= before < 100:
        return None
    caller = cards_worth(min(me.value - 1, 2), used)
    if caller is None:
        return None
    return build([mine, caller], to_move=1, scores=[before, 0])


def total(question: Question) -> Answer | None:
    """The new total worked out by the engine: the sum, a tasty position, the game's end."""
    before, gain = read_total(question)
    if before is not None and gain is None and _other_caller(question):
        return total_after_call(question, before)
    position = _round_for(question, before, gain)
    state = load(position) if position is not None else None
    if state is None or position is None or before is None:
        return None
    state.apply("balzak", position["to_move"])
    view = state.view(0)
    record = view["rounds"][-1]
    if gain is None and record["kind"] != "good":
        return None
    if gain is not None and record["points"][0] != gain:
        return None  # the round did not write what was asked: do not guess
    gain = int(record["points"][0])
    return _worked_out(question, before, gain, record["totals"][0], bool(view["is_over"]), position)


def _worked_out(
    question: Question,
    before: int,
    gain: int,
    after: int,
    over: bool,
    position: dict[str, Any],
    details: tuple[str, ...] = (),
) -> Answer | None:
    """The reply giving the new total the engine wrote: the sum, a tasty position (69 to 50,
    99 to 75) or the game's end, and the verdict of a yes/no question about it."""
    summed = before + gain
    sources = [refs.TASTY]
    # the total before said: the sum worked out; a total said only as landed on ("exactly 69
    # after a round") is scored from a round made up to land there, which is not shown
    verdict = f"{before} + {gain} = {summed}" if before in question.numbers else f"{summed}"
    if after != summed:
        verdict += question.say(
            f", which drops back to {after}.", f", en dat zakt terug naar {after}."
        )
        reason = question.say(
            f"Landing exactly on {summed} after a round is a tasty position: 69 goes back to "
            "50 and 99 to 75.",
            f"Precies op {summed} uitkomen na een ronde is een lekkere tussenstand: 69 wordt 50 "
            "en 99 wordt 75.",
        )
    elif over:
        verdict += question.say(": the game ends.", ": het spel is afgelopen.")
        reason = question.say(
            "The game ends as soon as someone has 100 points or more, and the player with the "
            "fewest points then wins.",
            "Het spel eindigt zodra iemand 100 punten of meer heeft, en wie dan de minste "
            "punten heeft, wint.",
        )
        sources = [refs.GAME_END]
    else:
        verdict += "."
        reason = question.say(
            "Only a total of exactly 69 or 99 is lowered, and the game ends at 100 or more.",
            "Alleen precies 69 of 99 zakt terug, en het spel eindigt bij 100 of meer.",
        )
        sources = [refs.TASTY, refs.GAME_END]
    if question.kind == "yesno":
        asked = _yes_no_asked(question, summed, after, over)
        if asked is None:
            return None
        verdict = yes_no(question, asked) + " " + verdict
    return checked(
        GAME, question, verdict, reason, sources, position=position, details=list(details)
    )


def _yes_no_asked(question: Question, summed: int, after: int, over: bool) -> bool | None:
    """The answer to a yes/no question about a new total: does the game end, does the total
    drop back (to the total said); ``None`` for any other yes/no question."""
    lower = question.lower
    if _ENDS.search(lower) and not _BACK.search(lower):
        return over
    if _BACK.search(lower) and not _ENDS.search(lower):
        target = _target(lower)
        return after != summed and (target is None or int(target.group(1)) == after)
    return None


#: "does a total of 70 drop back to 50?", "zakt 69 terug naar 50?"
_DROPS = re.compile(
    r"^(?:does|do|will|would|is|gaat|zakt|valt|ga)\b.*?\b(\d+)\b.*\b(?:drop|drops|go|goes|fall|"
    r"falls|back|terug)\b"
)


#: "I'm on 70 after this round. Do I drop back to 50?": a total stated, then the question
_STATED_DROP = re.compile(
    r"^(?:i'?m|i am|my total is|i have|i've got|ik sta|ik ben|mijn totaal is)\b(?:.*?\b(?:on|at|op))?"
    r"\s+(?:exactly |precies )?(\d+)\b.*\b(?:drop|drops|go back|fall back|back to|terug)\b"
)


def _landed(question: Question) -> re.Match[str] | None:
    """The total asked about: "does 70 drop ...?" or "I'm on 70 ... do I drop back?"."""
    found = _DROPS.search(question.lower)
    if found is None and question.kind == "yesno":
        found = _STATED_DROP.search(question.lower)
    return found


def asks_drop(question: Question) -> bool:
    return _landed(question) is not None  # anchored: "does ...", "zakt ...", "I'm on ..."


def read_drop(question: Question) -> set[int]:
    """The total asked about, and the total it would drop to ("to 50"), as word indices."""
    found = _landed(question)
    if found is None:
        return set()
    read = {word_at(question.lower, found.start(1))}
    target = re.search(r"\b(?:to|naar) (\d+)\b", question.lower)
    if target:
        read.add(word_at(question.lower, target.start(1)))
    return read


def drop(question: Question) -> Answer | None:
    """Whether a total landed on after a round drops back: the engine scores a round that
    lands exactly there (and, when the question names where to, checks that total too)."""
    found = _landed(question)
    if found is None:
        return None
    landed = int(found.group(1))
    if not 5 <= landed < 100:
        return None
    position = round_scoring(landed - 5, 5)
    state = load(position) if position is not None else None
    if state is None or position is None:
        return None
    state.apply("balzak", position["to_move"])
    after = state.view(0)["rounds"][-1]["totals"][0]
    target = re.search(r"\b(?:to|naar) (\d+)\b", question.lower)
    drops = after != landed and (target is None or int(target.group(1)) == after)
    if after != landed:
        reason = question.say(
            f"A total of exactly {landed} after a round is a tasty position: it drops back to "
            f"{after}.",
            f"Precies {landed} na een ronde is een lekkere tussenstand: het zakt terug naar "
            f"{after}.",
        )
    else:
        reason = question.say(
            f"{landed} stays {landed}: only a total of exactly 69 or 99 after a round drops "
            "back, to 50 or 75.",
            f"{landed} blijft {landed}: alleen precies 69 of 99 na een ronde zakt terug, naar 50 "
            "of 75.",
        )
    return checked(GAME, question, yes_no(question, drops), reason, [refs.TASTY], position=position)
