"""Calling BALZAK!: may I call here, and what does a call score ("Action 4", "Important",
"BALZAK! - End of a Round").

Both build the situation the question describes and let the engine decide: the call is tried
for the seat (on the engine's own state, a position built for the question) and, when the
engine accepts it, the round's record says the kind of call and what everyone writes down.

>>> from gametable.rulebook.question import Question
>>> may_call(Question.read("I hold 3 points and The Lul, may I call BALZAK!?")).text.split()[0]
'No.'
>>> reply = score_call(Question.read("I called with 3 and my neighbour has 3: who scores what?"))
>>> reply.text.split(".")[0]
'A false BALZAK!: you write 25 and your neighbour writes 0'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from gametable.core.errors import IllegalAction
from gametable.core.rules import RuleRef
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.asked import Asked, asked_score
from gametable.games.balzakken.answers.asking import CHOICE_ASKED
from gametable.games.balzakken.answers.asks import told
from gametable.games.balzakken.answers.build import build, cards_worth, load
from gametable.games.balzakken.answers.callwords import (
    hand_lines,
    kind_words,
    lower_first,
    outcome_sentence,
    reason_of,
)
from gametable.games.balzakken.answers.counts import count_words, players_said
from gametable.games.balzakken.answers.grammar import Holder, Table, forced_call, read_table
from gametable.games.balzakken.answers.maycall import names_their_turn
from gametable.games.balzakken.answers.mentions import (
    asked_number_at,
    drew_for_lul,
    in_front_of_me,
    total_read_as_hand,
)
from gametable.games.balzakken.answers.names import hand_text, numbered
from gametable.games.balzakken.answers.vocab import OTHER_CALLED, SENTENCE_END
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balzakken"
BALZAK_LIMIT = 5
#: "BALZAK!" the call, not a Balzak the card ("a Balzak", "each Balzak value", "Balzakken")
CALL_WORD = (
    r"(?<!\ba )(?<!\bone )(?<!\beach )(?<!\bevery )(?<!\been )(?<!\belke )balzak"
    r"(?!ken|s\b|\s+(?:value|values|card|cards|kaart|kaarten|waarde)\b)"
)
_CALLING = re.compile(
    r"\b(?:call|calls|called|calling|caller|roep|roept|riep|roepen|roeper|shout|shouted|yell|"
    r"yelled)\b|" + CALL_WORD
)
_OUT_OF_TURN = re.compile(
    r"\b(?:not my turn|not on my turn|out of turn|someone else'?s turn|another player'?s turn|"
    r"(?:his|her|their|my neighbou?r'?s|the other player'?s|an opponent'?s) turn|"
    r"while (?:it is|it's) not my turn|niet aan de beurt|niet mijn beurt|niet aan zet|"
    r"buiten mijn beurt|in de beurt van|"
    r"(?:before|voordat) (?:he|she|they|the next player|my neighbou?r|the others?|hij|zij|ze|"
    r"de volgende speler|mijn buurman) (?:plays|goes|moves|has played|speelt|aan de beurt is|zet))\b"
)
_AFTER_ACTION = re.compile(
    r"\b(?:after (?:discarding|swapping|playing|drawing|i (?:discard|swap|play|draw))|"
    r"\b(?:i|i've|i have) (?:just |already )?(?:discarded|swapped|played|drew) .*"
    r"(?:this turn|then|now|first)|"
    r"(?:first|and then|then also|also) (?:discard|swap|play|call)|in the same turn|"
    r"na het (?:afleggen|ruilen|spelen)|"
    r"\bik (?:heb )?(?:[^\W\d_]+ ){0,4}(?:afgelegd|geruild|gespeeld) .*(?:nog|ook|daarna|dan)|"
    r"eerst .* (?:dan|daarna)|in dezelfde beurt)\b"
)
#: an action said to be on an earlier turn ("last turn", "vorige beurt")
_EARLIER_TURN = re.compile(
    r"\b(?:last|previous|earlier) turn\b|\bin an earlier turn\b|\bvorige beurt\b|"
    r"\bearlier (?:this|in the) round\b|\beerder (?:deze|in de) ronde\b"
)
_ASKS_EVERYONE = re.compile(
    r"\b(?:who|everyone|everybody|each|all|scores what|gets what|wie|iedereen|elke speler|"
    r"allemaal|krijgt wat|de anderen|the others|we|wij|the scores|de scores|the rest|de rest)\b"
)
#: asking what is written ("what do I write?", "how bad?", "hoeveel punten schrijf ik op?")
_WRITES = re.compile(
    r"\b(?:write|writes|written|score|scores|get|gets|damage|bad|schrijf|schrijft|schrijven|"
    r"krijg|krijgt|total|totaal|stand|opschrijven|opschrijf|noteren|noteer)\b"
)
#: the asker named in the sentence that asks ("what do I write?"): the asker's score first
_MINE_ASKED = re.compile(r"\b(?:i|me|my|mine|ik|mij|mijn|i'm)\b")
#: other players named in the sentence that asks ("what do they write?")
_THEY = re.compile(r"\b(?:they|them|their|he|she|him|her|hij|zij|ze|hen|hun)\b")
#: asking whether the asker's hand beats the caller's ("do I beat him?", "ben ik lager?")
_BEAT = re.compile(
    r"\b(?:do|did|does|can) (?:i|my hand) (?:beat|undercut|go under|get under) |"
    r"\b(?:heb|had) ik (?:hem|haar|de roeper) (?:verslagen|geklopt)\b|\bben ik lager\b"
)
#: asking whether a score goes down ("do I get a point taken off?", "gaat er iets af?")
_MINUS = re.compile(
    r"\b(?:taken off|take off|off my (?:score|total)|minus|negative|below (?:zero|0)|"
    r"under (?:zero|0)|subtract\w*|deduct\w*|lower my (?:score|total)|onder (?:nul|0)|"
    r"eraf|aftrekken|afgetrokken|negatief|min\b)"
)
_GOOD = re.compile(r"\b(?:good|goede|goed|geldige)\b")
_FALSE = re.compile(r"\b(?:false|valse|fout|foute|wrong)\b")


@dataclass
class Judged:
    """A call the engine scored: the position before it and the round's record."""

    position: dict[str, Any]
    record: dict[str, Any]
    seats: list[Holder]
    caller: int


# -- may I call? -------------------------------------------------------------------------------
def asks_may_call(question: Question) -> bool:
    """ "May I call BALZAK! ...?", "mag ik BALZAK! roepen ...?"."""
    if question.kind != "yesno" or question.matches(r"\b(?:good|false|goed|goede|valse)\b"):
        return False
    if asked_number_at(question) is not None or not _MAY.search(question.lower):
        return False  # "do I get -2 on the sheet?" asks a score, not whether one may call
    return question.matches(
        r"\b(?:call|callen|roep|roepen|shout|yell|scream)\b|\bbalzak\b.*\b(?:allowed|legal|ok|mag)\b"
    )


#: the words of asking whether one may ("can I", "am I allowed", "mag ik", "is it legal")
_MAY = re.compile(
    r"\b(?:can|may|could|might|allowed|legal|ok|okay|permitted|mag|mogen|kan|kun|kunt|"
    r"toegestaan|geoorloofd|still)\b"
)


def may_call(question: Question) -> Answer | None:
    """Whether the asker may call BALZAK! in the situation described: the engine tries the call.

    1. out of turn: another seat is to move; 2. after another action: the asker acts first,
    then calls; 3. otherwise the asker is to move with the hand described.
    """
    table = read_table(question)
    out_of_turn = bool(_OUT_OF_TURN.search(question.lower)) or names_their_turn(question)
    after = bool(_AFTER_ACTION.search(question.lower)) and not _EARLIER_TURN.search(
        question.lower
    )  # "I played my Lul last turn": that turn is over
    players = _players_said(question)
    if not table.me.described and not (out_of_turn or after):
        return None if players is None else _any_player_count(question, players)
    built = _call_hands(table, after, players)
    if built is None:
        return None
    hands, acted = built
    lying = in_front_of_me(question)
    in_front = [lying, *[[] for _ in hands[1:]]] if lying else None
    position = build(hands, to_move=1 if out_of_turn else 0, in_front=in_front)
    state = load(position)
    if state is None:
        return None
    if after:
        state.apply(f"discard {acted}", 0)
    try:
        state.apply("balzak", 0)
    except IllegalAction as error:
        return checked(
            GAME, question, yes_no(question, False), refs.refusal_reason(question, error),
            [error.rule], position=position,
        )  # fmt: skip
    return _call_allowed(question, table, state.view(None)["rounds"][-1], position)


def _call_hands(
    table: Table, after: bool, players: int | None
) -> tuple[list[list[str]], str] | None:
    """The hands of a may-I-call position: the asker's as described (with the card played
    first when the call comes after another action, which is also returned), the others' as
    described or holding more, as many players as said."""
    used: Counter[str] = Counter()
    mine = hand_of(table.me, used) if table.me.described else cards_worth(2, used)
    if mine is None:
        return None
    acted = [c for c in table.acted if c not in ("S", "L")][:1] or ["9"]
    if after:
        mine = [*mine, *acted]
        used.update(acted)
    others = _other_hands(table, used, filler=8)
    if others is None:
        return None
    if players is not None:  # "with 3 points and 4 players": the others hold more
        while len(others) + 1 < players:
            extra = cards_worth(9 + len(others), used)
            if extra is None:
                return None
            others.append(extra)
        if len(others) + 1 != players:
            return None
    return [mine, *others], acted[0]


def _call_allowed(
    question: Question, table: Table, record: dict[str, Any], position: dict[str, Any]
) -> Answer:
    """The reply to a call the engine accepted: yes (and what it scores when other hands are
    described), or yes-but-it-costs-you above 5 points."""
    value = record["values"][0]
    refs_used: list[RuleRef] = [refs.CALL]
    if value > BALZAK_LIMIT:
        verdict = question.say(
            f"Yes, but it costs you: with {value} points you write 25 and every other player "
            "writes 0.",
            f"Ja, maar het kost je: met {value} punten schrijf je 25 op en alle anderen 0.",
        )
        reason = question.say(
            "A call with more than 5 points is allowed but counts as a false BALZAK!.",
            "Roepen met meer dan 5 punten mag, maar telt als een valse BALZAK!.",
        )
        refs_used.append(refs.OVERCALL)
        return checked(GAME, question, verdict, reason, refs_used, position=position)
    hand = position["hands"][0]
    reason = question.say(
        f"On your turn, with {numbered(value, 'point', 'en')} ({hand_text(hand, 'en')}) and "
        "no action card in your hand, you may call BALZAK! as your whole turn.",
        f"In je beurt, met {numbered(value, 'point', 'nl')} ({hand_text(hand, 'nl')}) en "
        "geen actiekaart in je hand, mag je BALZAK! roepen als je hele beurt.",
    )
    if (position.get("in_front") or [[]])[0]:
        reason += " " + question.say(
            "An action card lying in front of you is in no hand: it neither blocks the call nor "
            "counts.",
            "Een actiekaart die voor je ligt, zit in geen hand: hij houdt de roep niet tegen en "
            "telt niet mee.",
        )
    if any(h.described for h in table.holders[1:]):
        reason += " " + outcome_sentence(question, record, table.holders)
        refs_used.append(refs.GOOD if record["kind"] == "good" else refs.FALSE)
    return checked(GAME, question, yes_no(question, True), reason, refs_used, position=position)


def _players_said(question: Question) -> int | None:
    said = players_said(question)
    return None if said is None else said[0]


def read_numbers(question: Question) -> set[int]:
    """The indices (in ``question.words``) of the numbers the calls read: the hands, and a
    count of players."""
    asked = asked_number_at(question)
    read = set(read_table(question).read) | count_words(question) | drew_for_lul(question)
    return read if asked is None else read | {asked}


def _any_player_count(question: Question, players: int) -> Answer | None:
    """ "Can I call BALZAK! with 3 players?": the call is tried with that many players, for a
    hand of 2 points and no action card; the count of players changes nothing."""
    used: Counter[str] = Counter()
    hands = [cards_worth(2, used)] + [cards_worth(8 + i, used) for i in range(players - 1)]
    if any(h is None for h in hands):
        return None
    position = build([h for h in hands if h is not None], to_move=0)
    state = load(position)
    if state is None:
        return None
    try:
        state.apply("balzak", 0)
    except IllegalAction:
        return None
    return checked(
        GAME, question, yes_no(question, True),
        question.say(
            f"With {players} players as with any other number, you may call BALZAK! on your "
            "turn when your hand adds up to 5 points or fewer and holds no action card.",
            f"Met {players} spelers, net als met elk ander aantal, mag je BALZAK! roepen in je "
            "beurt als je hand 5 punten of minder waard is en er geen actiekaart in zit.",
        ),
        [refs.CALL, refs.NO_ACTION_CARD], position=position,
    )  # fmt: skip


# -- what does a call score? --------------------------------------------------------------------
def asks_score(question: Question) -> bool:
    """ "Who scores what?", "what do I score?", "is it a good BALZAK!?", "does Jan also write
    0?" about a call."""
    called = _CALLING.search(question.lower) or forced_call(question)
    if not (called or (OTHER_CALLED.search(question.lower) and _WRITES.search(question.lower))):
        return False  # "the round ended: 11, 11 and 5. How much is that?" asks the hand's value
    if question.kind == "yesno" and asked_number_at(question) is not None:
        return True
    if question.kind in ("number", "what"):
        return True
    if question.kind == "other" and question.matches(
        r"\b(?:write|writes|score|scores|pay|pays|schrijf|schrijft|schrijven|opschrijven|krijg|"
        r"krijgt|krijgen|betaal|betaalt|noteren|noteer)\b"
    ):
        return True
    return question.kind == "yesno" and bool(
        _GOOD.search(question.lower)
        or _FALSE.search(question.lower)
        or _BEAT.search(question.lower)
    )


def score_call(question: Question) -> Answer | None:
    """What everybody writes down after the call the question describes (the engine scores it);
    an empty hand on its turn is first told that it must call."""
    reply = _score_call(question)
    if reply is None or not forced_call(question):
        return reply
    forced = question.say(
        "You must call BALZAK!: with no cards that is all you may do on your turn.",
        "Je moet BALZAK! roepen: zonder kaarten mag je op je beurt niets anders.",
    )
    if not (CHOICE_ASKED.search(question.lower) or question.kind == "number"):
        return replace(reply, text=f"{forced} {reply.text}")  # "what happens?": the call first
    first, dot, rest = reply.text.partition(". ")  # a score or a kind asked: that first
    if not dot:
        return replace(reply, text=f"{reply.text} {forced}")
    return replace(reply, text=f"{first}. {forced} {rest}")


def _score_call(question: Question) -> Answer | None:
    table = read_table(question)
    if total_read_as_hand(question, table.holders):
        return None
    caller = table.caller if table.caller is not None else 0
    named = [h for h in table.holders if h.described]
    if not named and table.others_same and caller == 0 and len(table.holders) <= 2:
        return _tie(question, table)
    if not named:
        return None
    judged = judge_call(question, table, caller)
    if judged is None:
        return None
    record, seats = judged.record, judged.seats
    kind = record["kind"]
    sentence = outcome_sentence(question, record, seats)
    rule_refs = _score_refs(record, seats)
    asked = asked_score(question, table)
    if CHOICE_ASKED.search(question.lower):  # "good or false?": the kind first
        verdict = kind_words(question, kind) + ": " + lower_first(sentence)
        return checked(
            GAME, question, verdict, reason_of(question, record, seats), rule_refs,
            position=judged.position, details=hand_lines(question, record, seats),
        )  # fmt: skip
    if asked is not None or question.kind == "yesno":
        holder = table.holders[asked.holder] if asked is not None else None
        return _asked_reply(question, judged, asked, holder, rule_refs)
    me_seat = next((i for i, h in enumerate(seats) if h.me), None)
    last = SENTENCE_END.split(question.lower.strip())[-1]
    others_named = _THEY.search(last) or any(
        not h.me and h.label_en.casefold() in last for h in seats
    )
    everyone = _ASKS_EVERYONE.search(last) or (others_named and not _MINE_ASKED.search(last))
    if me_seat is None or everyone or question.kind == "what" or not seats[me_seat].described:
        if me_seat is not None and not seats[me_seat].described and judged.caller != me_seat:
            return None  # "I" said nothing of my hand and did not call: nothing to score
        verdict = kind_words(question, kind) + ": " + lower_first(sentence)
        reason = reason_of(question, record, seats)
    else:
        points = record["points"][me_seat]
        verdict = f"{points}."
        reason = sentence + " " + reason_of(question, record, seats)
    details = hand_lines(question, record, seats)
    extra = _overcall_note(question, table, caller, me_seat)
    if extra:
        details.append(extra)
    return checked(
        GAME, question, verdict, reason, rule_refs, position=judged.position, details=details
    )


def _asked_reply(
    question: Question,
    judged: Judged,
    asked: Asked | None,
    holder: Holder | None,
    rule_refs: list[RuleRef],
) -> Answer | None:
    """The reply to a question about one player's score ("what does Jan write?", "does Jan
    also write 0?") or about the kind of call ("was it a good BALZAK!?")."""
    record, seats = judged.record, judged.seats
    sentence = outcome_sentence(question, record, seats)
    why = reason_of(question, record, seats)
    if asked is None or holder is None:  # "was my call good?"
        last = SENTENCE_END.split(question.lower.strip())[-1]
        me_seat = next((s for s, h in enumerate(seats) if h.me), None)
        if _MINUS.search(last) and me_seat is not None and seats[me_seat].described:
            below = record["points"][me_seat] < 0  # "do I get a point taken off my score?"
            verdict = yes_no(question, below)
            return checked(
                GAME, question, f"{verdict} {sentence}", why, rule_refs, position=judged.position
            )
        if _BEAT.search(last) and me_seat is not None and me_seat != judged.caller:
            if not (seats[me_seat].described and seats[judged.caller].described):
                return None  # a hand not said decides it
            mine, theirs = record["values"][me_seat], record["values"][judged.caller]
            beaten = record["kind"] == "false" and mine <= theirs  # "do I beat him?"
            verdict = yes_no(question, beaten)
            return checked(
                GAME, question, f"{verdict} {sentence}", why, rule_refs, position=judged.position
            )
        if not (_GOOD.search(last) or _FALSE.search(last)):
            return None  # "I called a good BALZAK!. Do I get a point off?" asks no verdict
        good = _GOOD.search(last) is not None
        verdict = yes_no(question, (record["kind"] == "good") == good)
        return checked(
            GAME, question, verdict, f"{sentence} {why}", rule_refs, position=judged.position
        )
    seat = next((s for s, h in enumerate(seats) if h is holder), None)
    if seat is None or (not seats[seat].described and seat != judged.caller):
        return None
    written = record["points"][seat]
    if asked.number is not None:
        if question.kind != "yesno":
            return None
        verdict = yes_no(question, written == asked.number)
        return checked(
            GAME, question, f"{verdict} {sentence}", why, rule_refs, position=judged.position
        )
    if question.kind == "yesno":
        return None
    if _ASKS_EVERYONE.search(SENTENCE_END.split(question.lower.strip())[-1]):
        verdict = kind_words(question, record["kind"]) + ": " + lower_first(sentence)
        return checked(GAME, question, verdict, why, rule_refs, position=judged.position)
    return checked(
        GAME, question, f"{written}.", f"{sentence} {why}", rule_refs, position=judged.position,
        details=hand_lines(question, record, seats),
    )  # fmt: skip


def _tie(question: Question, table: Table) -> Answer | None:
    """ "I call and another player has the same points as me": the engine scores a tie of 3 and a
    tie of 8 (a call over 5); both write 25 for the caller and 0 for the other player."""
    outcomes = set()
    judged = None
    for points in (3, 8):
        tied = Table([Holder(True, "you", "je", points=[points])], caller=0, others_same=True)
        judged = judge_call(question, tied, 0)
        if judged is None:
            return None
        outcomes.add(tuple(judged.record["points"]))
    if len(outcomes) != 1 or judged is None:
        return None
    caller, other = outcomes.pop()
    return checked(
        GAME, question,
        question.say(
            f"A false BALZAK!: you write {caller} and the other player writes {other}.",
            f"Een valse BALZAK!: jij schrijft {caller} op en de andere speler {other}.",
        ),
        question.say(
            "Another hand with as few points as the caller makes the call false, so the caller "
            "writes 25 and the tied player, the lowest other hand, writes 0, whatever the points.",
            "Een andere hand met evenveel punten als de roeper maakt de roep vals: de roeper "
            "schrijft 25 op en de gelijke speler, de laagste andere hand, 0, hoeveel punten het "
            "ook zijn.",
        ),
        [refs.FALSE, refs.FALSE_TIES], position=judged.position,
    )  # fmt: skip


def judge_call(question: Question, table: Table, caller: int) -> Judged | None:
    """The engine's record of the call: the hands described, the undescribed ones filled in so
    that the call is what the question says (good, false, or as the hands make it)."""
    used: Counter[str] = Counter()
    hands: list[list[str] | None] = []
    seats: list[Holder] = []
    for i, holder in enumerate(table.holders):
        if not holder.described and i != caller:
            continue
        seats.append(holder)
        hands.append(hand_of(holder, used) if holder.described else None)
    if any(h is None for i, h in enumerate(hands) if seats[i].described):
        return None
    caller_seat = seats.index(table.holders[caller])
    said = [h.value for h in seats]
    values = [v for v in said if v is not None]
    others_values = [v for i, v in enumerate(said) if i != caller_seat and v is not None]
    if hands[caller_seat] is None:
        if seats[caller_seat].me and not _caller_hand_free(question):
            return None
        lowest = min(values) if values else 3
        want_false = _FALSE.search(told(question)) is not None
        target = min(lowest, BALZAK_LIMIT) if want_false else min(lowest - 1, 2)
        hands[caller_seat] = cards_worth(target, used)
        if hands[caller_seat] is None:
            return None
    if len(seats) == 1:
        mine = seats[0].value or 0
        if table.others_same:
            extra = cards_worth(mine, used)
        elif table.others_lower:
            extra = cards_worth(mine - 1, used)
        elif table.others_higher or mine > BALZAK_LIMIT or _GOOD.search(told(question)):
            extra = cards_worth(max(mine, 0) + 4, used)
        else:
            return None  # the others' hands decide, and the question says nothing of them
        if extra is None:
            return None
        label = (  # "someone had less" says nothing of the rest of the table
            ("the player with fewer points", "de speler met minder punten")
            if table.others_lower and not table.others_same
            else ("every other player", "alle anderen")
        )
        seats.append(Holder(False, *label))
        hands.append(extra)
    elif table.others_higher and not others_values:
        return None
    filled = [h for h in hands if h is not None]
    if len(filled) != len(seats) or len(seats) > 8:
        return None
    position = build(filled, to_move=caller_seat)
    state = load(position)
    if state is None:
        return None
    try:
        state.apply("balzak", caller_seat)
    except IllegalAction:
        return None  # an action card in the caller's hand: no call to score
    return Judged(position, dict(state.view(None)["rounds"][-1]), seats, caller_seat)


def _caller_hand_free(question: Question) -> bool:
    """Whether the asker's own call may be scored with a hand the question does not say: only
    when it says the call was good or false (otherwise the unsaid hand decides the score, and
    the reply would be a guess)."""
    return bool(_GOOD.search(told(question)) or _FALSE.search(told(question)))


def hand_of(holder: Holder, used: Counter[str]) -> list[str] | None:
    """The cards of a hand the question describes: the cards named, and cards worth the points
    said (``used`` keeps count of the deck)."""
    if holder.empty:
        return []
    cards = list(holder.cards)
    used.update(cards)
    if any(used[c] > 8 for c in cards):
        return None
    if holder.points:
        worth = cards_worth(sum(holder.points), used)
        if worth is None:
            return None
        cards += worth
    return cards


def _other_hands(table: Table, used: Counter[str], filler: int) -> list[list[str]] | None:
    hands = []
    for holder in table.holders[1:]:
        hand = hand_of(holder, used) if holder.described else cards_worth(filler, used)
        if hand is None:
            return None
        hands.append(hand)
    if not hands:
        hand = cards_worth(filler, used)
        if hand is None:
            return None
        hands.append(hand)
    return hands


def _score_refs(record: dict[str, Any], seats: Sequence[Holder]) -> list[RuleRef]:
    kind = record["kind"]
    out = [refs.GOOD if kind == "good" else refs.FALSE if kind == "false" else refs.OVERCALL]
    values = record["values"]
    caller = record["caller"]
    if kind == "false" and sum(v == min(values) for s, v in enumerate(values) if s != caller) > 1:
        out.append(refs.FALSE_TIES)
    if any(v < 0 for v in values):
        out.append(refs.BELOW_ZERO)
    hands = record["hands"]
    if any("L" in h for h in hands):
        out.append(refs.LUL_IN_HAND)
    if any("S" in h for h in hands):
        out.append(refs.SWINGER_IN_HAND)
    return out


def _overcall_note(
    question: Question, table: Table, caller: int, me_seat: int | None
) -> str | None:
    """When the question did not say the caller's hand and the asker did not call: what the
    asker would write after a call with more than 5 points (0, as the engine scores it)."""
    holder = table.holders[caller]
    if holder.described or holder.me or me_seat is None:
        return None
    return question.say(
        "If the caller held more than 5 points, the call costs the caller 25 and you write 0.",
        "Had de roeper meer dan 5 punten, dan kost het de roeper 25 en schrijf jij 0 op.",
    )
