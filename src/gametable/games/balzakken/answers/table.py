"""Questions at a table, answered from the asking seat's own view of the live position.

"Can I call BALZAK!?", "why can't I discard two 7s?", "what would I score if someone called
now?": the action is tried for the seat on a clone of the live state (whose legality rests on the
seat's own hand and the turn only), and the score from the seat's own hand value.  Nothing else
of the other seats is read, so the reply is the same in every position the seat cannot tell
apart (``state.resample(seat, rng)``).  A general rules question returns ``None``.
"""

from __future__ import annotations

import re

from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import State
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.calls import BALZAK_LIMIT
from gametable.games.balzakken.answers.grammar import read_table
from gametable.games.balzakken.answers.names import hand_text
from gametable.games.balzakken.answers.turns import asks_turn, named_action
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balzakken"
_WHY_NOT = re.compile(
    r"\bwhy (?:can'?t|cannot|can not|may ?n'?t|may not|couldn'?t|am i not allowed to)\b|"
    r"\bwaarom (?:mag|kan|kun) ik\b.*\bniet\b"
)
_CAN_I = re.compile(r"^(?:can|may|could|am i allowed to|mag|kan|kun|is it legal)\b.*\b(?:i|ik)\b")
_CALL = re.compile(r"\b(?:call|roep|roepen)\b|\bbalzak\b")
_SCORE_NOW = re.compile(
    r"\bwhat would i (?:score|get|write)|\bhow many points would i\b|\bif (?:someone|anyone|"
    r"somebody|another player|i) (?:called|calls|call)\b.*\bnow\b|\bwat (?:zou ik|krijg ik)\b.*"
    r"\b(?:nu|roept|riep)\b|\bals (?:iemand|ik) nu\b"
)
_SELF_CALL = re.compile(r"\bif i (?:called|call)\b|\bals ik nu\b|\bif i were to call\b")
_SEAT = re.compile(r"\b(?:seat|player|stoel|speler) (\d)\b")


def answer_at(state: State, seat: int, question: Question) -> Answer | None:
    """See the module docstring."""
    lower = question.lower
    if _SCORE_NOW.search(lower):
        return _score_now(state, seat, question)
    if not (_WHY_NOT.search(lower) or _CAN_I.search(lower)):
        return None
    notation = _named_action(state, seat, question)
    if notation is None:
        return None
    return _try(state, seat, question, notation)


def _named_action(state: State, seat: int, question: Question) -> str | None:
    """The action the question names, in notation, for ``seat`` at this table."""
    lower = question.lower
    if asks_turn(question) or re.search(r"\b(?:play|speel|lul|swinger)\b", lower):
        read = named_action(question, read_table(question))
        if read is not None and read[1] != "mixed":
            notation = read[1]
            kind, _, rest = notation.partition(" ")
            if kind in ("lul", "swinger"):
                players = state.view(seat)["players"]
                named = _SEAT.search(lower)
                target = int(rest)
                if named:
                    target = int(named.group(1))
                elif target != 0:
                    target = (seat + target) % players
                else:
                    target = seat
                return f"{kind} {target}"
            return notation
    if _CALL.search(lower):
        return "balzak"
    return None


def _try(state: State, seat: int, question: Question, notation: str) -> Answer | None:
    """Try ``notation`` for ``seat`` on a clone: Yes, or No with the refusal's rule."""
    trial = state.clone()
    try:
        action = state.game.parse_action(trial, notation)
        trial.apply(action, seat)
    except IllegalAction as error:
        return checked(
            GAME, question, yes_no(question, False), refs.refusal_reason(question, error),
            [error.rule], topic="refusal",
        )  # fmt: skip
    except GameError:
        return None
    view = state.view(seat)
    if notation == "balzak" and view["hand_value"] > BALZAK_LIMIT:
        return checked(
            GAME, question,
            question.say(
                f"Yes, but it costs you: with {view['hand_value']} points you write 25 and "
                "every other player writes 0.",
                f"Ja, maar het kost je: met {view['hand_value']} punten schrijf je 25 op en "
                "alle anderen 0.",
            ),
            question.say(
                "A call with more than 5 points is allowed but counts as a false BALZAK!.",
                "Roepen met meer dan 5 punten mag, maar telt als een valse BALZAK!.",
            ),
            [refs.CALL, refs.OVERCALL], topic="choices",
        )  # fmt: skip
    return checked(
        GAME, question, yes_no(question, True),
        question.say(
            f"It is your turn and the rules allow {notation} with your hand "
            f"({hand_text(view['hand'], 'en')}).",
            f"Je bent aan de beurt en de regels staan {notation} toe met je hand "
            f"({hand_text(view['hand'], 'nl')}).",
        ),
        [refs.CALL] if notation == "balzak" else [refs.DISCARD], topic="choices",
    )  # fmt: skip


def _score_now(state: State, seat: int, question: Question) -> Answer:
    """What the seat would write if a call came now, from its own hand's value only."""
    view = state.view(seat)
    value = view["hand_value"]
    hand = hand_text(view["hand"], question.lang)
    if _SELF_CALL.search(question.lower):
        if value > BALZAK_LIMIT:
            verdict = "25."
            reason = question.say(
                f"Your hand ({hand}) is worth {value}, more than 5, so a call now costs you 25 "
                "and every other player writes 0.",
                f"Je hand ({hand}) is {value} punten waard, meer dan 5, dus roepen kost je nu 25 "
                "en alle anderen schrijven 0 op.",
            )
            rule = refs.OVERCALL
        else:
            verdict = question.say("0 or 25.", "0 of 25.")
            reason = question.say(
                f"Your hand ({hand}) is worth {value}: you write 0 if every other hand holds "
                f"more than {value}, and 25 if someone holds {value} or fewer.",
                f"Je hand ({hand}) is {value} punten waard: je schrijft 0 op als elke andere "
                f"hand meer heeft dan {value}, en 25 als iemand {value} of minder heeft.",
            )
            rule = refs.GOOD
        return checked(GAME, question, verdict, reason, [rule, refs.FALSE], topic="score")
    written = max(value, 0)
    return checked(
        GAME, question, f"{written}.",
        question.say(
            f"Your hand ({hand}) is worth {value}: after another player's good call you write "
            f"{written}; after a call with more than 5 points, or a false call where yours is "
            "the lowest other hand, you write 0.",
            f"Je hand ({hand}) is {value} punten waard: na een goede BALZAK! van een ander "
            f"schrijf je {written} op; na een roep met meer dan 5 punten, of een valse waarbij "
            "jouw hand de laagste andere is, schrijf je 0 op.",
        ),
        [refs.GOOD, refs.FALSE, refs.LUL_IN_HAND], topic="score",
    )  # fmt: skip
