"""At a table: "can I build / attack / pass?", "why can't I ...?", "what can I do?" and "what
would I score at the end now?", answered from the asking seat's own view of the live position:
its legal actions (which read only what the seat may know: the board, the kings' sheets, the
face-down cards as face-down) and its view."""

from __future__ import annotations

from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import State
from gametable.core.registry import load_game
from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import buildings_in, wants
from gametable.games.balam.answers.refusals import reason_of
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
    why = q.matches(
        r"\bwhy can'?t i\b|\bwhy (?:can|may) i not\b|\bwaarom (?:kan|mag) ik\b.*\b(?:niet|geen)\b"
    )
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


def _tries(state: State, seat: int, first: str, named: list[str]) -> list[str]:
    """Actions of the kind asked about, written for the seat's own view: on each of its sites
    and each free site (build, remove), from each of its cities to each other king's (attack),
    or the action itself (end, katun)."""
    sites = state.view(seat)["sites"]
    own = [name for name, site in sites.items() if site["owner"] == seat]
    free = [name for name, site in sites.items() if site["owner"] is None]
    enemy = [name for name, site in sites.items() if site["owner"] not in (None, seat)]
    kind = named[0] if named else "village"
    if first == "build":
        return [f"build {kind} {name}.{plot}" for name in own + free[:3] for plot in range(2)]
    if first == "remove":
        return [f"remove {name}.0" for name in own]
    if first == "attack":
        return [f"attack {a}>{b} 1 0" for a in own for b in enemy]
    return ["end" if first == "end" else "katun 0"]


def _engine_refusal(state: State, seat: int, first: str, named: list[str]) -> IllegalAction | None:
    """The engine's own refusal of the action asked about (the first of :func:`_tries` it
    refuses with a reason), judged on a clone of the live position."""
    game = load_game(GAME)
    for text in _tries(state, seat, first, named):
        try:
            action = game.parse_action(state, text)
            state.clone().check_action(action, seat)
        except IllegalAction as refused:
            return refused
        except GameError:
            continue  # not an action of this position at all (a plot the site lacks)
    return None


def _why_not(
    state: State, seat: int, q: Question, first: str, legal: list[str]
) -> tuple[str, list[RuleRef | str]]:
    if seat not in state.to_move:
        return q.say("It is not your turn.", "Je bent niet aan de beurt."), [rules.TURNS]
    refused = _engine_refusal(state, seat, first, buildings_in(q))
    if refused is not None:
        return reason_of(q, refused), [refused.rule]
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
        r"\b(end(?:ed)? now|ended now|game ended|at the end now|nu eindigt|nu afgelopen|"
        r"finished now|over now|stopped now|nu stopt|nu voorbij)\b"
    ):
        return None
    view = state.view(seat)
    king = view["kings"][seat]
    riches = sum(king["riches"].values())
    bonus = riches_bonus(riches)
    total = king["prestige"] + bonus
    verdict = q.say(
        f"{king['prestige']} + {bonus} = {total} prestige points ({riches} riches // 2 = {bonus}).",
        f"{king['prestige']} + {bonus} = {total} prestigepunten ({riches} rijkdommen // 2 = "
        f"{bonus}).",
    )
    reason = q.say(
        f"Your {riches} riches on your king sheet give half a point each, rounded down, added "
        f"to your {king['prestige']} prestige.",
        f"Je {riches} rijkdommen op je koningsblad geven elk een half punt, naar beneden "
        f"afgerond, bij je {king['prestige']} prestige.",
    )
    held = ", ".join(f"{n} {r}" for r, n in sorted(king["riches"].items()) if n) or "-"
    others = [
        f"seat {i}: {k['prestige']} + {riches_bonus(sum(k['riches'].values()))}"
        for i, k in enumerate(view["kings"])
        if i != seat
    ]
    details = (
        q.say(f"Your king sheet: {held}", f"Je koningsblad: {held}"),
        *(q.say("Others (their sheets are open): ", "De anderen: ") + o for o in others),
    )
    return checked(
        GAME, q, verdict, reason, ["7-end-of-game/riches-bonus"], details=details, topic="score"
    )


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
