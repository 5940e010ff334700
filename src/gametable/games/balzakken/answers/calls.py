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
from dataclasses import dataclass
from typing import Any

from gametable.core.errors import IllegalAction
from gametable.core.rules import RuleRef
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.build import build, cards_worth, load
from gametable.games.balzakken.answers.counts import count_words, players_said
from gametable.games.balzakken.answers.grammar import Holder, Table, in_front_of_me, read_table
from gametable.games.balzakken.answers.names import hand_text, numbered
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balzakken"
BALZAK_LIMIT = 5
_CALLING = re.compile(
    r"\b(?:call|calls|called|calling|caller|roep|roept|riep|roepen|roeper|shout|shouted|yell|"
    r"yelled)\b|balzak"
)
_OUT_OF_TURN = re.compile(
    r"\b(?:not my turn|not on my turn|out of turn|someone else'?s turn|another player'?s turn|"
    r"(?:his|her|their|my neighbou?r'?s|the other player'?s|an opponent'?s) turn|"
    r"while (?:it is|it's) not my turn|niet aan de beurt|niet mijn beurt|niet aan zet|"
    r"buiten mijn beurt|in de beurt van)\b"
)
_AFTER_ACTION = re.compile(
    r"\b(?:after (?:discarding|swapping|playing|drawing|i (?:discard|swap|play|draw))|"
    r"(?:discarded|swapped|played|drew) .*(?:this turn|then|now|first)|"
    r"(?:first|and then|then also|also) (?:discard|swap|play|call)|in the same turn|"
    r"na het (?:afleggen|ruilen|spelen)|(?:afgelegd|geruild|gespeeld) .*(?:nog|ook|daarna|dan)|"
    r"eerst .* (?:dan|daarna)|in dezelfde beurt)\b"
)
_ASKS_EVERYONE = re.compile(
    r"\b(?:who|everyone|everybody|each|all|scores what|gets what|wie|iedereen|elke speler|"
    r"allemaal|krijgt wat|de anderen|the others|we|wij|the scores|de scores)\b"
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
    return question.matches(
        r"\b(?:call|roep|roepen|shout|yell|scream)\b|\bbalzak\b.*\b(?:allowed|legal|ok|mag)\b"
    )


def may_call(question: Question) -> Answer | None:
    """Whether the asker may call BALZAK! in the situation described: the engine tries the call.

    1. out of turn: another seat is to move; 2. after another action: the asker acts first,
    then calls; 3. otherwise the asker is to move with the hand described.
    """
    table = read_table(question)
    out_of_turn = bool(_OUT_OF_TURN.search(question.lower))
    after = bool(_AFTER_ACTION.search(question.lower))
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
        reason += " " + _outcome_sentence(question, record, table.holders)
        refs_used.append(refs.GOOD if record["kind"] == "good" else refs.FALSE)
    return checked(GAME, question, yes_no(question, True), reason, refs_used, position=position)


def _players_said(question: Question) -> int | None:
    said = players_said(question)
    return None if said is None else said[0]


def read_numbers(question: Question) -> set[int]:
    """The indices (in ``question.words``) of the numbers the calls read: the hands, and a
    count of players."""
    return set(read_table(question).read) | count_words(question)


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
    """ "Who scores what?", "what do I score?", "is it a good BALZAK!?" about a call."""
    if not _CALLING.search(question.lower):
        return False
    if question.kind in ("number", "what"):
        return True
    if question.kind == "other" and question.matches(r"\b(?:write|writes|score|schrijf|krijg)\b"):
        return True
    return question.kind == "yesno" and bool(
        _GOOD.search(question.lower) or _FALSE.search(question.lower)
    )


def score_call(question: Question) -> Answer | None:
    """What everybody writes down after the call the question describes (the engine scores it)."""
    table = read_table(question)
    caller = table.caller if table.caller is not None else 0
    named = [h for h in table.holders if h.described]
    if not named and table.others_same and caller == 0 and len(table.holders) <= 2:
        return _tie(question, table)
    if not named:
        return None
    judged = _judge(question, table, caller)
    if judged is None:
        return None
    record, seats = judged.record, judged.seats
    kind = record["kind"]
    sentence = _outcome_sentence(question, record, seats)
    rule_refs = _score_refs(record, seats)
    me_seat = next((i for i, h in enumerate(seats) if h.me), None)
    if question.kind == "yesno":
        good = _GOOD.search(question.lower) is not None
        verdict = yes_no(question, (kind == "good") == good)
        return checked(
            GAME, question, verdict, sentence + " " + _why(question, record, seats),
            rule_refs, position=judged.position,
        )  # fmt: skip
    if me_seat is None or _ASKS_EVERYONE.search(question.lower) or not seats[me_seat].described:
        if me_seat is not None and not seats[me_seat].described and judged.caller != me_seat:
            return None  # "I" said nothing of my hand and did not call: nothing to score
        verdict = _kind_words(question, kind) + ": " + _lower_first(sentence)
        reason = _why(question, record, seats)
    else:
        points = record["points"][me_seat]
        verdict = f"{points}."
        reason = sentence + " " + _why(question, record, seats)
    details = _hand_lines(question, record, seats)
    extra = _overcall_note(question, table, caller, me_seat)
    if extra:
        details.append(extra)
    return checked(
        GAME, question, verdict, reason, rule_refs, position=judged.position, details=details
    )


def _tie(question: Question, table: Table) -> Answer | None:
    """ "I call and another player has the same points as me": the engine scores a tie of 3 and a
    tie of 8 (a call over 5); both write 25 for the caller and 0 for the other player."""
    outcomes = set()
    judged = None
    for points in (3, 8):
        tied = Table([Holder(True, "you", "je", points=[points])], caller=0, others_same=True)
        judged = _judge(question, tied, 0)
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


def _judge(question: Question, table: Table, caller: int) -> Judged | None:
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
        want_false = _FALSE.search(question.lower) is not None
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
        elif table.others_higher or mine > BALZAK_LIMIT:
            extra = cards_worth(max(mine, 0) + 4, used)
        else:
            return None  # the others' hands decide, and the question says nothing of them
        if extra is None:
            return None
        seats.append(Holder(False, "every other player", "alle anderen"))
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
    return bool(_GOOD.search(question.lower) or _FALSE.search(question.lower))


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


# -- words ---------------------------------------------------------------------------------------
#: how a reply names a player the question did not name
_GENERIC = frozenset(
    ["the other player", "one other player", "another player", "de andere speler",
     "een andere speler"]
)  # fmt: skip


def _names(question: Question, seats: Sequence[Holder]) -> list[str]:
    """How the reply names each seat; with several players the question did not name, the
    first is "one other player" beside "another player"."""
    names = [("jij" if question.lang == "nl" else "you") if h.me else h.label(question.lang)
             for h in seats]  # fmt: skip
    if sum(n in _GENERIC for n in names) > 1 and "the other player" in names:
        names[names.index("the other player")] = "one other player"
    return names


def _outcome_sentence(question: Question, record: dict[str, Any], seats: Sequence[Holder]) -> str:
    """ "You write 25 and your neighbour writes 0." (what each writes down this round)."""
    names = _names(question, seats)
    points = record["points"]
    if question.lang == "nl":
        parts = [f"{n} schrijft {p} op" for n, p in zip(names, points, strict=True)]
        parts[0] = parts[0][0].upper() + parts[0][1:]
        return (", ".join(parts[:-1]) + " en " + parts[-1] if len(parts) > 1 else parts[0]) + "."
    parts = [
        f"{n} write{'' if n == 'you' else 's'} {p}" for n, p in zip(names, points, strict=True)
    ]
    text = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    return text[0].upper() + text[1:] + "."


def _together(question: Question, who: Sequence[str]) -> str:
    """Several players in one phrase: "your neighbour and your opponent"; players the question
    did not name are counted ("two other players"), never "the other player and another"."""
    named = [w for w in who if w not in _GENERIC]
    unnamed = len(who) - len(named)
    if unnamed > 1:
        words = {2: ("two", "twee"), 3: ("three", "drie"), 4: ("four", "vier")}
        en, nl = words.get(unnamed, (str(unnamed), str(unnamed)))
        named.append(question.say(f"{en} other players", f"{nl} andere spelers"))
    elif unnamed == 1:
        named.append(next(w for w in who if w in _GENERIC))
    joiner = question.say(" and ", " en ")
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + joiner + named[-1]


def _kind_words(question: Question, kind: str) -> str:
    if kind == "good":
        return question.say("A good BALZAK!", "Een goede BALZAK!")
    if kind == "false":
        return question.say("A false BALZAK!", "Een valse BALZAK!")
    return question.say(
        "A false BALZAK! (more than 5 points)", "Een valse BALZAK! (meer dan 5 punten)"
    )


def _lower_first(text: str) -> str:
    """The outcome sentence after a colon: "You write" -> "you write" (names stay)."""
    first = text.split()[0]
    if first in ("You", "Your", "Jij", "Je", "The", "De", "Another", "Een", "Every", "Alle"):
        return text[0].lower() + text[1:]
    return text


def _why(question: Question, record: dict[str, Any], seats: Sequence[Holder]) -> str:
    """Why the call scores as it does, in one sentence."""
    caller = record["caller"]
    values = record["values"]
    names = _names(question, seats)
    mine = values[caller]
    if record["kind"] == "overcall":
        return question.say(
            f"The caller held {numbered(mine, 'point', 'en')}, more than 5, so the call costs 25 and "
            "every other "
            "player writes 0.",
            f"De roeper had {numbered(mine, 'point', 'nl')}, meer dan 5, dus kost de roep 25 punten en schrijven "
            "alle anderen 0 op.",
        )
    if record["kind"] == "false":
        low = min(v for s, v in enumerate(values) if s != caller)
        who = [names[s] for s, v in enumerate(values) if s != caller and v == low]
        who_text = _together(question, who)
        holds = "hold" if len(who) > 1 or who == ["you"] else "holds"
        each = question.say(" each", " elk") if len(who) > 1 else ""
        heeft = "hebben" if len(who) > 1 else "heeft"
        return question.say(
            f"{who_text[0].upper() + who_text[1:]} {holds} {numbered(low, 'point', 'en')}{each}, "
            "as few as the caller "
            "or fewer, so the call is false: the caller writes 25, the lowest other hand writes "
            "0 and the rest write their hands.",
            f"{who_text[0].upper() + who_text[1:]} {heeft} {numbered(low, 'point', 'nl')}{each}, "
            "evenveel als de roeper of "
            "minder, dus de roep is vals: de roeper schrijft 25 op, de laagste andere hand 0 en "
            "de rest hun punten.",
        )
    below = " (never below 0)" if mine < 0 else ""
    below_nl = " (nooit onder 0)" if mine < 0 else ""
    return question.say(
        f"The caller holds {numbered(mine, 'point', 'en')} and every other hand more, so the call "
        "is good: the "
        f"caller writes 0{below} and every other player writes the points in their hand.",
        f"De roeper heeft {numbered(mine, 'point', 'nl')} en elke andere hand meer, dus de roep is goed: de "
        f"roeper schrijft 0 op{below_nl} en de anderen de punten in hun hand.",
    )


def _hand_lines(question: Question, record: dict[str, Any], seats: Sequence[Holder]) -> list[str]:
    """One line per hand: its cards and points, The Lul counted 10 and The Swinger 0."""
    names = _names(question, seats)
    lines = []
    for name, hand, value in zip(names, record["hands"], record["values"], strict=True):
        cards = hand_text(hand, question.lang)
        lines.append(
            question.say(
                f"{name}: {cards}, {value} points in hand"
                + (" (The Lul counts 10)" if "L" in hand else "")
                + (" (The Swinger counts 0)" if "S" in hand else ""),
                f"{name}: {cards}, {value} punten in de hand"
                + (" (De Lul telt 10)" if "L" in hand else "")
                + (" (De Swinger telt 0)" if "S" in hand else ""),
            )
        )
    return lines


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
