"""The words of a scored call: what each player writes, why, and each hand's points, in the
question's language (read by :mod:`.calls`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gametable.games.balzakken.answers.grammar import Holder
from gametable.games.balzakken.answers.names import hand_text, numbered
from gametable.rulebook.question import Question

#: how a reply names a player the question did not name
_GENERIC = frozenset(
    ["the other player", "one other player", "another player", "de andere speler",
     "een andere speler"]
)  # fmt: skip


def player_names(question: Question, seats: Sequence[Holder]) -> list[str]:
    """How the reply names each seat; with several players the question did not name, the
    first is "one other player" beside "another player"."""
    names = [("jij" if question.lang == "nl" else "you") if h.me else h.label(question.lang)
             for h in seats]  # fmt: skip
    if sum(n in _GENERIC for n in names) > 1 and "the other player" in names:
        names[names.index("the other player")] = "one other player"
    return names


def outcome_sentence(question: Question, record: dict[str, Any], seats: Sequence[Holder]) -> str:
    """ "You write 25 and your neighbour writes 0." (what each writes down this round)."""
    names = player_names(question, seats)
    points: list[int | str] = list(record["points"])
    for s, holder in enumerate(seats):
        if (
            not holder.described
            and not holder.me
            and record["kind"] == "good"
            and s != record["caller"]
        ):
            # a hand the question did not say: its points are not a number to state
            points[s] = question.say("the points in their hand", "de punten in hun hand")
    if question.lang == "nl":
        parts = [
            f"{n} {'schrijven' if n == 'alle anderen' else 'schrijft'} {p} op"
            for n, p in zip(names, points, strict=True)
        ]
        parts[0] = parts[0][0].upper() + parts[0][1:]
        return (", ".join(parts[:-1]) + " en " + parts[-1] if len(parts) > 1 else parts[0]) + "."
    parts = [
        f"{n} write{'' if n == 'you' else 's'} {p}" for n, p in zip(names, points, strict=True)
    ]
    text = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    return text[0].upper() + text[1:] + "."


def together(question: Question, who: Sequence[str]) -> str:
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


def kind_words(question: Question, kind: str) -> str:
    if kind == "good":
        return question.say("A good BALZAK!", "Een goede BALZAK!")
    if kind == "false":
        return question.say("A false BALZAK!", "Een valse BALZAK!")
    return question.say(
        "A false BALZAK! (more than 5 points)", "Een valse BALZAK! (meer dan 5 punten)"
    )


def lower_first(text: str) -> str:
    """The outcome sentence after a colon: "You write" -> "you write" (names stay)."""
    first = text.split()[0]
    if first in ("You", "Your", "Jij", "Je", "The", "De", "Another", "Een", "Every", "Alle"):
        return text[0].lower() + text[1:]
    return text


def reason_of(question: Question, record: dict[str, Any], seats: Sequence[Holder]) -> str:
    """Why the call scores as it does, in one sentence."""
    caller = record["caller"]
    values = record["values"]
    names = player_names(question, seats)
    mine = values[caller]
    if record["kind"] == "overcall":
        return question.say(
            f"The caller held {numbered(mine, 'point', 'en')}, more than 5, so the call costs 25 and "
            "every other "
            "player writes 0.",
            f"De roeper had {numbered(mine, 'point', 'nl')}, meer dan 5, dus kost de roep 25 punten en schrijven "
            "alle anderen 0 op.",
        )
    if record["kind"] != "overcall" and not _all_said(record, seats):
        return _unsaid_reason(question, record["kind"])
    if record["kind"] == "false":
        low = min(v for s, v in enumerate(values) if s != caller)
        who = [names[s] for s, v in enumerate(values) if s != caller and v == low]
        who_text = together(question, who)
        holds = "hold" if len(who) > 1 or who == ["you"] else "holds"
        each = question.say(" each", " elk") if len(who) > 1 else ""
        heeft = "hebben" if len(who) > 1 else ("hebt" if who == ["jij"] else "heeft")
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


def _all_said(record: dict[str, Any], seats: Sequence[Holder]) -> bool:
    """Whether the hands that decide the call (the caller's, and after a false call the lowest
    other ones) are hands the question said, not hands built to fit its words."""
    caller, values = record["caller"], record["values"]
    if not seats[caller].described:
        return False
    if record["kind"] != "false":
        return True
    low = min(v for s, v in enumerate(values) if s != caller)
    return all(seats[s].described for s, v in enumerate(values) if s != caller and v == low)


def _unsaid_reason(question: Question, kind: str) -> str:
    """Why the call scores as it does, when the question said how the call went but not the
    deciding hands' points (the position holds points that fit, which the reply does not state)."""
    if kind == "good":
        return question.say(
            "In a good call every other hand holds more than the caller's: the caller writes 0 "
            "and every other player writes the points in their hand.",
            "Bij een goede roep heeft elke andere hand meer dan de roeper: de roeper schrijft 0 "
            "op en de anderen de punten in hun hand.",
        )
    return question.say(
        "Another hand with as few points as the caller or fewer makes the call false: the caller "
        "writes 25, the lowest other hand writes 0 and the rest write their hands.",
        "Een andere hand met evenveel punten als de roeper of minder maakt de roep vals: de "
        "roeper schrijft 25 op, de laagste andere hand 0 en de rest hun punten.",
    )


def hand_lines(question: Question, record: dict[str, Any], seats: Sequence[Holder]) -> list[str]:
    """One line per hand: its cards and points, The Lul counted 10 and The Swinger 0."""
    names = player_names(question, seats)
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
