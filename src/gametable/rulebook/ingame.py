"""Questions about the game in front of you, answered from the current position.

The terminal's ``ask`` command and the table's side panel in the browser call::

    answer_in_game(state, seat, question, attempt=None) -> Answer

with the live :class:`~gametable.core.protocol.State`, the asking ``seat`` and the question as
typed.  ``attempt`` is the action the person just tried (an :class:`Action` or its notation), when
the question is about it ("why can't I do that?").  The reply is an
:class:`~gametable.rulebook.answer.Answer`: ``text`` in a sentence or three, ``sources`` (the
sections it rests on, with ids), ``details`` (lines of figures or choices) and ``topic``:

- ``"refusal"`` ("why can't I move this pawn?"): the action is tried on a clone of the state; the
  refusal's :class:`~gametable.core.errors.IllegalAction` gives the explanation and its rule.
  Without ``attempt``, every action of the seat that names what the question names (a pawn
  ``a2``, a card ``7``, a site ``c3``) is tried, and the refusals are grouped by rule.
- ``"choices"`` ("what can I do now?"): the legal actions, grouped as the menus group them
  (:func:`gametable.core.choices.menu`), each group with an example and its section.
- ``"card"`` ("what does this card do?"): the card's rule from the reference, and what playing it
  would do now.
- ``"score"`` ("how is the round scored?"): the game's scoring applied to what the seat sees
  (:mod:`gametable.rulebook.standing`).
- ``"turn"``: whose turn it is, when the seat has nothing to decide.
- ``"rules"``: anything else goes to :func:`gametable.rulebook.answer.answer`.

Only what the asking seat may see is used: ``state.view(seat)``, ``state.legal_actions(seat)``,
``state.describe(action, seat)``, and actions tried for ``seat`` on a clone.  (The tests check that
the answers do not change when everything hidden from the seat is redrawn with
``state.resample(seat, rng)``.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gametable.core.choices import menu
from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import Action, State
from gametable.rulebook.answer import Answer, Source, answer, fit_to_question
from gametable.rulebook.focus import (
    VAGUE,
    Focus,
    focus_of,
    matches,
    mentions,
    names_card,
    relevance,
)
from gametable.rulebook.model import UnknownSection, load
from gametable.rulebook.question import Question
from gametable.rulebook.standing import action_sections, card_names, standing

#: the most action codes tried when looking for refusals without an ``attempt``
MAX_TRIES = 6000
#: the most groups or refusals listed in ``details``
MAX_LINES = 12

_REFUSAL = re.compile(
    r"\b(why (can'?t|cannot|can not|isn'?t|is not|won'?t|doesn'?t|not)|not allowed|refused|"
    r"illegal|wasn'?t allowed|won'?t let|can'?t i|cannot i|why no)\b"
)
_CHOICES = re.compile(
    r"\b(what can i do|what are my (options|choices|moves)|my (options|choices|moves)|"
    r"what (now|next)|legal (moves|actions)|what should i do|what may i do|which moves|"
    r"what moves|possible moves|can i do anything|what am i allowed)\b"
)
_SCORE = re.compile(
    r"\b(scor\w*|points?|who is (winning|ahead|leading)|am i winning|standings?|prestige|"
    r"hand (value|worth)|how am i doing|pawns home|how many (pawns|points))\b"
)
_CARD = re.compile(r"\b(this card|that card|what does (the|a|an|this|my) [\w -]+ do|card do)\b")
#: "what can I do with my 7?" asks about a card, not for every choice
_CARD_USE = re.compile(r"\bwhat (can|could) i do with (the|my|this|that|a|an|one)\b")
_TURN = re.compile(r"\b(whose turn|who('?s| is) (to move|next|playing)|is it my turn)\b")


@dataclass(frozen=True)
class _Refusal:
    explanation: str
    rule_id: str
    statements: tuple[str, ...]
    action_text: str


def topic_of(question: str, attempt: object | None = None) -> str:
    """What kind of in-game question ``question`` is (see the module docstring)."""
    q = " " + question.lower().replace("’", "'") + " "
    if attempt is not None or _REFUSAL.search(q):
        return "refusal"
    if _TURN.search(q):
        return "turn"
    if _CARD_USE.search(q):
        return "card"
    if _CHOICES.search(q):
        return "choices"
    if _CARD.search(q):
        return "card"
    if _SCORE.search(q):
        return "score"
    return "rules"


def answer_in_game(
    state: State, seat: int, question: str, *, attempt: Action | str | None = None
) -> Answer:
    """Answer ``question`` asked by ``seat`` about ``state`` (see the module docstring)."""
    game = state.game.name
    topic = topic_of(question, attempt)
    if topic == "refusal":
        return _why_not(state, seat, question, attempt)
    if topic == "turn" or (topic == "choices" and seat not in state.to_move):
        return _whose_turn(state, seat, question)
    if topic == "choices":
        return _choices(state, seat, question)
    if topic == "card":
        found = _card_answer(state, seat, question)
        if found is not None:
            return found
    if topic == "score":
        return _score(state, seat, question)
    general = answer(game, question)
    card = _card_answer(state, seat, question) if not general.answered else None
    return card or general


# -- helpers -----------------------------------------------------------------------------------------
def _source(game: str, section_id: str, statements: Sequence[str] = ()) -> Source:
    section = load(game).section(section_id)
    return Source(section.id, section.path, section.title, tuple(statements))


def _sources(game: str, ids: Iterable[str]) -> tuple[Source, ...]:
    out = []
    for sid in dict.fromkeys(ids):
        try:
            out.append(_source(game, sid))
        except UnknownSection:
            continue
    return tuple(out)


def _section_for(game: str, action: Action, sentence: str) -> str | None:
    """The section that governs ``action`` (described for people as ``sentence``)."""
    known = action_sections(game).get(_group_key(action))
    if known:
        return known
    reply = answer(game, re.sub(r"\bseat \d+\b", "", sentence))
    return reply.sources[0].id if reply.answered and reply.sources else None


def _try(state: State, seat: int, action: Action) -> IllegalAction | None:
    """The refusal ``action`` gets when ``seat`` plays it on a clone, or ``None`` if legal."""
    trial = state.clone()
    try:
        trial.apply(action, seat)
    except IllegalAction as exc:
        return exc
    return None


# -- refusals ---------------------------------------------------------------------------------------
def _why_not(state: State, seat: int, question: str, attempt: Action | str | None) -> Answer:
    """Why ``attempt`` (or the moves the question names) is refused, or that it is allowed."""
    if attempt is not None:
        return _why_not_attempt(state, seat, question, attempt)
    if seat not in state.to_move:
        return _whose_turn(state, seat, question)
    focus = focus_of(state, seat, question)
    if focus:
        found = _why_not_named(state, seat, question, focus)
        if found is not None:
            return found
    return _no_move_named(state, seat, question)


def _why_not_attempt(state: State, seat: int, question: str, attempt: Action | str) -> Answer:
    """The refusal of the move just tried, or that it is allowed."""
    game = state.game.name
    try:
        action = state.game.parse_action(state, attempt) if isinstance(attempt, str) else attempt
    except GameError as exc:
        return Answer(
            game, question, f"That is not a move of this game: {exc}", (), True, topic="refusal"
        )
    refusal = _try(state, seat, action)
    if refusal is None:
        return Answer(
            game,
            question,
            f"That is allowed now: {state.describe(action, seat)}.",
            (),
            True,
            topic="refusal",
        )
    return _refusal_answer(game, question, [(action, refusal)], state, seat)


def _scored(state: State, seat: int, focus: Focus) -> list[tuple[Action, int, bool]]:
    """Every legal action of ``seat``, and every other action of the game's encoding (when it
    has at most :data:`MAX_TRIES`), with its relevance to ``focus`` and whether it is legal."""
    legal = state.legal_actions(seat)
    scored = [(a, relevance(state, a, seat, focus), True) for a in legal]
    codes = state.game.num_distinct_actions(state.players, state.options)
    if codes <= MAX_TRIES:
        legal_set = set(legal)
        for code in range(codes):
            try:
                action = state.decode_action(code)
            except (ValueError, IndexError):  # codes that name no action at this table
                continue
            if action not in legal_set:
                scored.append((action, relevance(state, action, seat, focus), False))
    return scored


def _why_not_named(state: State, seat: int, question: str, focus: Focus) -> Answer | None:
    """The moves most about what the question names: refused (and why) when none of them is
    legal, else the legal ones; ``None`` when no move names it."""
    game = state.game.name
    scored = _scored(state, seat, focus)
    best = max((r for _, r, _ in scored), default=0)
    allowed = [a for a, r, ok in scored if ok and r == best and best > 0]
    tried: list[tuple[Action, IllegalAction]] = []
    for action, r, ok in scored:
        if not ok and r == best and best > 0:
            refusal = _try(state, seat, action)
            if refusal is not None:
                tried.append((action, refusal))
    if tried and not allowed:
        return _refusal_answer(game, question, tried, state, seat)
    if allowed:
        return _allowed_answer(state, seat, question, focus, allowed, tried)
    return None


def _allowed_answer(
    state: State,
    seat: int,
    question: str,
    focus: Focus,
    allowed: list[Action],
    tried: list[tuple[Action, IllegalAction]],
) -> Answer:
    """The legal moves that involve what the question names (and the refused ones beside)."""
    game = state.game.name
    lines = [state.describe(a, seat) for a in allowed[:MAX_LINES]]
    found = matches(state, allowed[0], seat, focus)
    named = focus.show(found)
    text = f"You can: {len(allowed)} of your legal moves involve {named}, for example: {lines[0]}."
    if found != focus.labels | focus.words:
        missing = focus.show((focus.labels | focus.words) - found)
        text = (
            f"None of your legal moves now involves {missing}; {len(allowed)} "
            f"involve {named}, for example: {lines[0]}."
        )
    if tried:
        text += " Other moves with it are refused; see the details."
    details = tuple(lines) + tuple(
        f"refused: {state.describe(a, seat)}: {r.explanation}" for a, r in tried[:4]
    )
    sections = [s for a in allowed[:3] if (s := _section_for(game, a, state.describe(a, seat)))]
    return Answer(
        game, question, text, _sources(game, sections), True, details=details, topic="refusal"
    )


def _no_move_named(state: State, seat: int, question: str) -> Answer:
    """The rule the question is about, when it names no move of the seat, and the choices."""
    game = state.game.name
    reply = answer(game, question)
    choices = _choices(state, seat, question)
    text = (
        "I found no move of yours that the question names, so here is the rule"
        if reply.answered
        else "I found no move of yours that the question names"
    )
    text += f": {reply.text}" if reply.answered else "."
    text += f" {choices.text}"
    return Answer(
        game,
        question,
        text,
        reply.sources + choices.sources,
        reply.answered,
        details=choices.details,
        topic="refusal",
        related=reply.related,
    )


def _refusal_answer(
    game: str,
    question: str,
    tried: list[tuple[Action, IllegalAction]],
    state: State,
    seat: int,
) -> Answer:
    groups: dict[tuple[str, str], list[Action]] = {}
    rules = {}
    for action, refusal in tried:
        key = (refusal.rule.id, refusal.explanation)
        groups.setdefault(key, []).append(action)
        rules[key] = refusal.rule
    ordered = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    (_, first_text), _ = ordered[0]
    text = f"Not allowed: {first_text.rstrip('.!')}."
    if len(ordered) > 1:
        text += f" ({len(ordered) - 1} other reason{'s' if len(ordered) > 2 else ''} below.)"
    details = tuple(
        f"{state.describe(acts[0], seat)}: {why} ({rules[(rid, why)].section})"
        for (rid, why), acts in ordered[:MAX_LINES]
    )
    sources = []
    for (rid, why), _acts in ordered[:3]:
        rule = rules[(rid, why)]
        try:
            sources.append(_source(game, rule.id, rule.statements))
        except UnknownSection:
            continue
    unique = tuple({s.id: s for s in sources}.values())
    return Answer(game, question, text, unique, True, details=details, topic="refusal")


# -- choices, turn, cards, scores -----------------------------------------------------------------------
def _group_key(action: Action) -> str:
    kind = getattr(type(action), "kind", None)
    return kind if isinstance(kind, str) else type(action).__name__


def _groups(actions: list[Action]) -> list[tuple[str, list[Action]]]:
    """The legal actions grouped as a person picks them: by the first menu level when the steps
    group them (a short menu), else by the kind of action."""
    top = menu(actions)
    grouped = any(len(a.steps) > 1 for a in actions)  # the game's steps form a menu tree
    if grouped and len(top) <= 12:
        return [(c.label, list(c.actions)) for c in top]
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(_group_key(action), []).append(action)
    return list(groups.items())


def _choices(state: State, seat: int, question: str) -> Answer:
    game = state.game.name
    legal = state.legal_actions(seat)
    if not legal:
        return _whose_turn(state, seat, question)
    groups = _groups(legal)
    details = []
    sections = []
    for label, acts in groups[:MAX_LINES]:
        example = state.describe(acts[0], seat)
        section = _section_for(game, acts[0], example)
        if section:
            sections.append(section)
        more = f" ({len(acts)} ways)" if len(acts) > 1 else ""
        details.append(f"{label}{more}: e.g. {example}" + (f" [{section}]" if section else ""))
    if len(legal) == 1:
        text = f"You have one choice: {state.describe(legal[0], seat)}."
    else:
        kinds = f"{len(groups)} groups" if len(groups) > 1 else "one group"
        text = f"You have {len(legal)} legal moves in {kinds}: " + ", ".join(
            f"{label} ({len(acts)})" for label, acts in groups[:6]
        )
        text += "." if len(groups) <= 6 else ", and more."
    return Answer(
        game,
        question,
        text,
        _sources(game, sections[:3]),
        True,
        details=tuple(details),
        topic="choices",
    )


def _whose_turn(state: State, seat: int, question: str) -> Answer:
    game = state.game.name
    rule = state.game.turn_rule
    if state.is_over:
        outcome = state.outcome
        reason = f" {outcome.reason}." if outcome and outcome.reason else ""
        text = "The game is over; no more moves can be made." + reason
        return Answer(game, question, text, _sources(game, [state.game.end_rule.id]), True)
    movers = ", ".join("you" if s == seat else f"seat {s}" for s in state.to_move)
    if seat in state.to_move:
        n = len(state.legal_actions(seat))
        text = f"It is your turn: you have {n} legal move{'s' if n != 1 else ''}."
    else:
        text = f"It is not your turn: {movers} must decide now, so you have nothing to play."
    return Answer(
        game,
        question,
        text,
        _sources(game, [rule.id]),
        True,
        topic="turn",
    )


def _card_answer(state: State, seat: int, question: str) -> Answer | None:
    game = state.game.name
    q = question.lower().replace("that card", "this card")
    cards = card_names(game, state.view(seat))
    typed = question.replace("that card", "this card")
    named = [(name, card) for name, card in cards.items() if names_card(typed, name)]
    if not named:
        return _hand_answer(state, seat, question, cards) if "this card" in q else None
    name, card = max(named, key=lambda nc: len(nc[0]))
    rules_reply = answer(game, card.rules_question)
    # the label names the card in the actions' fields; of its name, only words that say more
    # (not "card", not a number: "5" would match "more than 5 points" in a BALZAK! call)
    words = (w for w in name.split() if w not in VAGUE and not w.lstrip("-").isdigit())
    focus = Focus(frozenset({card.label.lower()}), frozenset(words))
    hand = state.view(seat).get("hand")
    held = hand is None or card.label.lower() in {str(c).lower() for c in hand}
    playable = [a for a in state.legal_actions(seat) if held and mentions(state, a, seat, focus)]
    # "what does this card do?" asks no yes or no: an entry's verdict is left out
    text = (
        fit_to_question(rules_reply, Question.read(card.rules_question)).text
        if rules_reply.answered
        else f"The rules say little about {name}."
    )
    if playable:
        text += f" Now you could play it {len(playable)} way{'s' if len(playable) > 1 else ''}"
        text += f", for example: {state.describe(playable[0], seat)}."
    details = tuple(state.describe(a, seat) for a in playable[:MAX_LINES])
    return Answer(
        game,
        question,
        text,
        rules_reply.sources,
        rules_reply.answered,
        details=details,
        topic="card",
        related=rules_reply.related,
    )


def _hand_answer(state: State, seat: int, question: str, cards: dict) -> Answer | None:
    """For "what does this card do?" naming no card: what each card in the seat's hand does."""
    game = state.game.name
    hand = state.view(seat).get("hand")
    if not hand:
        return None
    by_label = {c.label.lower(): c for c in cards.values()}
    details = []
    sources: dict[str, Source] = {}
    for label in dict.fromkeys(hand):
        card = by_label.get(str(label).lower())
        if card is None:
            continue
        reply = answer(game, card.rules_question)
        if reply.answered:
            details.append(f"{label}: {reply.text}")
            sources.setdefault(reply.sources[0].id, reply.sources[0])
    if not details:
        return None
    text = "Which card do you mean? Name it (for example " + f"'what does the {hand[0]} do?'); "
    text += "here is what each card in your hand does."
    return Answer(
        game,
        question,
        text,
        tuple(sources.values())[:3],
        True,
        details=tuple(details),
        topic="card",
    )


def _score(state: State, seat: int, question: str) -> Answer:
    game = state.game.name
    found = standing(game, state.view(seat), seat)
    if found is None:
        return answer(game, question)
    return Answer(
        game,
        question,
        found.text,
        _sources(game, found.sections),
        True,
        details=found.details,
        topic="score",
    )
