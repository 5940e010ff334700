"""At a table: "can I build / attack / pass?", "why can't I ...?", "what can I do?" and "what
would I score at the end now?", answered from the asking seat's own view of the live position:
its legal actions (which read only what the seat may know: the board, the kings' sheets, the
face-down cards as face-down) and its view."""

from __future__ import annotations

from gametable.core.protocol import State
from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import buildings_in, wants
from gametable.games.balam.scoring import riches_bonus
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: the action words of a question and the legal actions' first word they stand for
_KINDS = {"build": "build", "attack": "attack", "pass": "end", "turn": "katun", "remove": "remove"}
_NOW = r"\b(now|right now|this turn|at the moment|nu|op dit moment|deze beurt)\b"
_MINE = r"\b(i|my|me|ik|mijn)\b"


def answer_at(state: State, seat: int, q: Question) -> Answer | None:
    """The reply from the live position, or ``None`` for a general rules question."""
    if not q.matches(_MINE):
        return None
    return _can_i(state, seat, q) or _end_score(state, seat, q) or _choices(state, seat, q)


def _can_i(state: State, seat: int, q: Question) -> Answer | None:
    want = wants(q)
    why = q.matches(r"\bwhy can'?t i\b|\bwaarom (?:kan|mag) ik\b.*\bniet\b")
    if want not in _KINDS or not (
        why or (q.kind == "yesno" and q.matches(r"^(can|may|mag|kan) (i|ik)\b"))
    ):
        return None
    if q.matches(r"\b(if|when|als|wanneer|ever|always|altijd)\b") and not q.matches(_NOW):
        return None  # a general question ("can I build if ...")
    first = _KINDS[want]
    named = buildings_in(q)
    legal = [str(a) for a in state.legal_actions(seat)]
    found = [a for a in legal if a.split()[0] == first]
    if named and first == "build":
        found = [a for a in found if a.split()[1] == named[0]]
    allowed = bool(found)
    if allowed:
        reason = q.say(
            f"In this position you may: {', '.join(found[:3])}{' ...' if len(found) > 3 else ''}.",
            f"In deze stand mag je: {', '.join(found[:3])}{' ...' if len(found) > 3 else ''}.",
        )
        refs: list[RuleRef | str] = [rules.TURNS]
    else:
        reason, refs = _why_not(state, seat, q, first, legal)
    verdict = yes_no(q, allowed) if not why else q.say("Because:", "Omdat:")
    if why and allowed:
        verdict = q.say("You can now.", "Dat mag nu wel.")
    return checked(
        GAME,
        q,
        verdict,
        reason,
        refs,
        position=None,
        details=tuple(legal[:8]),
        topic="refusal" if why else "choices",
    )


def _why_not(
    state: State, seat: int, q: Question, first: str, legal: list[str]
) -> tuple[str, list[RuleRef | str]]:
    if seat not in state.to_move:
        return q.say("It is not your turn.", "Je bent niet aan de beurt."), [rules.TURNS]
    if legal and legal[0].startswith("pay") and first in ("build", "attack", "end", "remove"):
        return (
            q.say(
                "Pay 1 riches first; then you may build, attack or pass.",
                "Betaal eerst 1 rijkdom; daarna mag je bouwen, aanvallen of passen.",
            ),
            [rules.TURNS],
        )
    if not legal:
        return q.say("You have no action now.", "Je hebt nu geen zet."), [rules.TURNS]
    return (
        q.say(
            f"It is not among your choices now; you may: {', '.join(legal[:4])}.",
            f"Dat hoort nu niet bij je keuzes; je mag: {', '.join(legal[:4])}.",
        ),
        [rules.TURNS, rules.CONSTRUCTIONS, rules.WARS],
    )


def _end_score(state: State, seat: int, q: Question) -> Answer | None:
    """ "What would I score if the game ended now?": prestige plus half the riches on the
    seat's own sheet, from its own view."""
    if not q.matches(
        r"\b(end(?:ed)? now|ended now|game ended|at the end now|nu eindigt|nu afgelopen)\b"
    ):
        return None
    view = state.view(seat)
    king = view["kings"][seat]
    riches = sum(king["riches"].values())
    bonus = riches_bonus(riches)
    total = king["prestige"] + bonus
    verdict = q.say(
        f"{king['prestige']} + {bonus} = {total} prestige points.",
        f"{king['prestige']} + {bonus} = {total} prestigepunten.",
    )
    reason = q.say(
        f"Your {riches} riches on your king sheet give half a point each, rounded down, added "
        "to your prestige.",
        f"Je {riches} rijkdommen op je koningsblad geven elk een half punt, naar beneden "
        "afgerond, bij je prestige.",
    )
    return checked(GAME, q, verdict, reason, ["7-end-of-game/riches-bonus"], topic="score")


def _choices(state: State, seat: int, q: Question) -> Answer | None:
    if not q.matches(r"\bwhat can i do\b|\bwat kan ik\b|\bwat mag ik\b|\bmy (options|choices)\b"):
        return None
    legal = [str(a) for a in state.legal_actions(seat)]
    if not legal:
        text = q.say("Nothing now: it is not your move.", "Niets: je bent niet aan zet.")
    else:
        text = q.say(
            f"{len(legal)} choices: {', '.join(legal[:6])}{' ...' if len(legal) > 6 else ''}.",
            f"{len(legal)} keuzes: {', '.join(legal[:6])}{' ...' if len(legal) > 6 else ''}.",
        )
    reason = q.say(
        "On his turn a king pays 1 riches (then builds, attacks or passes) or turns over a Katun "
        "card.",
        "In zijn beurt betaalt een koning 1 rijkdom (en bouwt, valt aan of past) of draait hij "
        "een Katun-kaart om.",
    )
    return checked(GAME, q, text, reason, [rules.TURNS], details=tuple(legal[:20]), topic="choices")
