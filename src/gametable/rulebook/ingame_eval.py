"""How well questions asked at the table get the right kind of answer, on real positions.

    python -m gametable.rulebook.ingame_eval [-v] [--positions N] [--first-seed S] [GAME ...]

The positions come from seeded random playouts (seed ``i`` plays ``3 + 11 i mod 40`` moves with
``random.Random(i)``, seat counts in turn; seeds from 0 unless ``--first-seed``).  The answers
were fixed after looking at the misses on seeds 0-11 (the default); seeds from 1000 were kept
for an unseen figure.  At each, the seat to move asks the questions of
``data/questions/ingame.toml`` (one phrasing of each kind, in turn), with ``{card}`` and
``{pawn}`` filled in from its own hand and pawns, and each answer of
:func:`~gametable.rulebook.ingame.answer_in_game` is checked for the right *kind* of answer,
worked out here from the position through the public protocol, not from the answer code:

- **refusal** (asked with the move just refused): says "Not allowed", gives the refusal's
  explanation and rests on the section its ``IllegalAction.rule`` names;
- **refusal_card** / **refusal_pawn** ("why can't I play my queen?"): when a legal move uses that
  card or pawn, says so and lists them; otherwise "Not allowed", resting on a section that a move
  with it is refused by;
- **choices** ("what can I do now?"): the number of legal moves, every group's example a legal
  move, its sections cited; asked by a seat that is not to move, it says whose turn it is;
- **card** / **katun** ("what does the seven do?"): the section of the card's effect (from the
  rulebook, as the game's ``card_sections`` say), and how many legal moves play it now, if any;
- **score** ("how is the round scored?"): the current numbers from the seat's own view (hand
  value, pawns home, prestige and riches);
- every answer must also be the same when everything hidden from the seat is redrawn
  (``state.resample``): only what the asking seat may see is used.

What the evaluation needs to know of a game (how its cards are named and asked about, the
figures of its score) is its :class:`~gametable.rulebook.standing.InGameChecks`, in its part
``standing``: the games evaluated are those that give them (:func:`games`).
"""

from __future__ import annotations

import random
import re
import sys
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from typing import Any

import gametable
from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import Action, State
from gametable.core.registry import game_names
from gametable.rulebook.answer import Answer
from gametable.rulebook.ingame import answer_in_game
from gametable.rulebook.model import UnknownSection, resolve
from gametable.rulebook.standing import InGameChecks, at_table

#: how many positions per game by default
POSITIONS = 12
#: the most action codes decoded when looking for a refused move at a position
MAX_CODES = 4000


def games() -> list[str]:
    """The games whose in-game answers are evaluated: those whose part ``standing`` gives
    :class:`~gametable.rulebook.standing.InGameChecks`."""
    return [name for name in game_names() if _checks(name) is not None]


def _checks(game: str) -> InGameChecks | None:
    found = at_table(game)
    return found.checks if found else None


def phrasings() -> dict[str, list[str]]:
    """The questions of ``data/questions/ingame.toml``, by kind."""
    path = resources.files("gametable.rulebook") / "data" / "questions" / "ingame.toml"
    return tomllib.loads(path.read_text("utf-8"))


@dataclass
class Case:
    """One question at one position, and whether its answer was of the right kind."""

    game: str
    kind: str
    question: str
    seed: int
    right: bool
    why: str = ""


@dataclass
class InGameEvaluation:
    game: str
    cases: list[Case] = field(default_factory=list)

    @property
    def right(self) -> int:
        return sum(c.right for c in self.cases)

    @property
    def accuracy(self) -> float:
        return self.right / len(self.cases) if self.cases else 0.0

    def __str__(self) -> str:
        kinds = Counter(c.kind for c in self.cases)
        good = Counter(c.kind for c in self.cases if c.right)
        per = ", ".join(f"{k} {good[k]}/{n}" for k, n in sorted(kinds.items()))
        return (
            f"{self.game} in-game: {len(self.cases)} questions, right kind of answer "
            f"{self.accuracy:.1%} ({self.right}/{len(self.cases)}): {per}"
        )


def positions(game: str, count: int, first_seed: int = 0) -> Iterator[tuple[int, State]]:
    """``count`` positions of ``game`` from seeded random playouts (seeds from ``first_seed``),
    each with a seat to move."""
    g = gametable.load_game(game)
    counts = sorted(g.player_counts)
    seed = first_seed
    found = 0
    while found < count and seed < first_seed + 10 * count:
        state = g.new_game(counts[seed % len(counts)], seed=seed)
        rng = random.Random(seed)
        for _ in range(3 + (11 * seed) % 40):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()), state.to_move[0])
        if not state.is_over and state.legal_actions(state.to_move[0]):
            found += 1
            yield seed, state
        seed += 1


def _fields(action: Action) -> set[str]:
    """The values of an action's JSON fields, in lower case (cards, pawns, sites)."""
    try:
        data = action.to_json()
    except NotImplementedError:  # actions without fields: nothing to match
        return set()
    out = set()
    for value in data.values():
        for v in value if isinstance(value, list | tuple) else (value,):
            out.add(str(v).lower())
    return out


def _played_by(state: State) -> Mapping[str, str]:
    """The cards of ``state``'s game played by actions of their own kind (see
    :class:`~gametable.rulebook.standing.InGameChecks`)."""
    checks = _checks(state.game.name)
    return checks.played_by if checks else {}


def _uses(action: Action, label: str, played_by: Mapping[str, str]) -> bool:
    """Whether ``action`` uses the card or pawn ``label`` (lower case), by its fields (or, for
    a card played by an action of its own kind, by the word ``played_by`` gives for it)."""
    found = _fields(action)
    return label in found or played_by.get(label, "\0") in found


def _refused(state: State, seat: int, action: Action) -> IllegalAction | None:
    trial = state.clone()
    try:
        trial.apply(action, seat)
    except IllegalAction as exc:
        return exc
    return None


def _candidates(state: State, seat: int, rng: random.Random) -> Iterator[Action]:
    """Actions of the game's encoding that are not legal for ``seat`` now, in a seeded order."""
    codes = state.game.num_distinct_actions(state.players, state.options)
    legal = set(state.legal_actions(seat))
    order = list(range(codes))
    rng.shuffle(order)
    for code in order[:MAX_CODES]:
        try:
            action = state.decode_action(code)
        except (ValueError, IndexError, GameError):  # codes naming nothing at this table
            continue
        if action not in legal:
            yield action


def _section_of(rule: Any) -> str | None:
    try:
        return resolve(rule).id
    except UnknownSection:
        return None


def _cites(reply: Answer, section: str | None) -> bool:
    return section is not None and section in [s.id for s in reply.sources]


# -- the checks: each returns "" when the answer is of the right kind, else what is wrong ---------
def check_refusal(reply: Answer, refusal: IllegalAction) -> str:
    if reply.topic != "refusal" or not reply.text.startswith("Not allowed"):
        return f"not a refusal: {reply.text[:80]!r}"
    if refusal.explanation.rstrip(".!") not in reply.text:
        return "the refusal's explanation is missing"
    if not _cites(reply, _section_of(refusal.rule)):
        return f"does not rest on {refusal.rule.id}: {[s.id for s in reply.sources]}"
    return ""


def check_named(
    reply: Answer, state: State, seat: int, label: str, refusal_sections: set[str]
) -> str:
    """A "why can't I ... {label}?" answer: legal moves with it listed, or refused with a rule."""
    played_by = _played_by(state)
    usable = [a for a in state.legal_actions(seat) if _uses(a, label, played_by)]
    if reply.topic != "refusal":
        return f"taken as {reply.topic}"
    if usable:
        if reply.text.startswith("Not allowed"):
            return f"says not allowed, but {len(usable)} legal moves use {label}"
        described = {state.describe(a, seat) for a in usable}
        if not described & set(reply.details):
            return "does not list the legal moves that use it"
        return ""
    if not reply.text.startswith("Not allowed"):
        return f"no legal move uses {label}, but: {reply.text[:80]!r}"
    if not any(s.id in refusal_sections for s in reply.sources):
        return f"rests on {[s.id for s in reply.sources]}, not on {sorted(refusal_sections)}"
    return ""


def check_choices(reply: Answer, state: State, seat: int) -> str:
    if seat not in state.to_move:
        if reply.topic != "turn" or "not your turn" not in reply.text:
            return f"should say whose turn it is: {reply.text[:80]!r}"
        return ""
    legal = state.legal_actions(seat)
    if reply.topic != "choices":
        return f"taken as {reply.topic}"
    wanted = "one choice" if len(legal) == 1 else f"You have {len(legal)} legal moves"
    if wanted not in reply.text:
        return f"does not give the {len(legal)} legal moves: {reply.text[:80]!r}"
    described = {state.describe(a, seat) for a in legal}
    for line in reply.details:
        example = re.sub(r" \[[^\]]*\]$", "", line.split(": e.g. ", 1)[-1])
        if example not in described:
            return f"an example that is not a legal move: {line!r}"
    if not reply.sources:
        return "no section cited"
    return ""


def check_card(reply: Answer, state: State, seat: int, label: str, section: str) -> str:
    if reply.topic != "card":
        return f"taken as {reply.topic}: {reply.text[:60]!r}"
    if not reply.sources or reply.sources[0].id != section:
        return f"rests on {[s.id for s in reply.sources]}, not {section}"
    hand = state.view(seat).get("hand")
    held = hand is not None and label.lower() in {str(c).lower() for c in hand}
    played_by = _played_by(state)
    playing = [a for a in state.legal_actions(seat) if held and _uses(a, label.lower(), played_by)]
    says = re.search(r"could play it (\d+) way", reply.text)
    if playing and (not says or int(says.group(1)) != len(playing)):
        return f"should say it can be played {len(playing)} ways now"
    if not playing and says:
        return "offers a card no legal move plays"
    return ""


def check_score(reply: Answer, state: State, seat: int) -> str:
    if reply.topic != "score":
        return f"taken as {reply.topic}"
    checks = _checks(state.game.name)
    wanted = checks.score_figures(state.view(seat), seat) if checks else []
    missing = [w for w in wanted if w not in reply.text]
    return f"the current numbers are missing: {missing}" if missing else ""


# -- asking ----------------------------------------------------------------------------------------
def _same_hidden_redrawn(
    state: State, seat: int, question: str, attempt: Action | None, reply: Answer, seed: int
) -> str:
    other = state.resample(seat, random.Random(seed))
    again = answer_in_game(other, seat, question, attempt=attempt)
    return "" if again.to_json() == reply.to_json() else "changes when hidden cards are redrawn"


def _refusal_sections(state: State, seat: int, label: str, seed: int) -> set[str]:
    """The sections that moves of ``seat`` using ``label`` (a card, a pawn) are refused by."""
    found = set()
    played_by = _played_by(state)
    for action in _candidates(state, seat, random.Random(seed)):
        if _uses(action, label, played_by):
            refusal = _refused(state, seat, action)
            section = _section_of(refusal.rule) if refusal else None
            if section:
                found.add(section)
    return found


@dataclass
class _Asking:
    """The questions asked at one position (by the seat to move unless said), and their cases."""

    game: str
    seed: int
    state: State
    texts: dict[str, list[str]]
    cases: list[Case] = field(default_factory=list)

    @property
    def seat(self) -> int:
        return self.state.to_move[0]

    def pick(self, kind: str) -> str:
        """One phrasing of ``kind``, in turn by the seed."""
        options = self.texts[kind]
        return options[self.seed % len(options)]

    def ask(
        self,
        kind: str,
        question: str,
        check: Callable[[Answer], str],
        attempt: Action | None = None,
        by: int | None = None,
    ) -> None:
        """Ask ``question`` as ``by`` and record whether its answer passes ``check`` and stays
        the same with the hidden cards redrawn."""
        by = self.seat if by is None else by
        reply = answer_in_game(self.state, by, question, attempt=attempt)
        why = check(reply) or _same_hidden_redrawn(
            self.state, by, question, attempt, reply, self.seed
        )
        self.cases.append(Case(self.game, kind, question, self.seed, not why, why))


def _ask_refused(asking: _Asking) -> None:
    """A move just refused: "why not?"."""
    state, seat = asking.state, asking.seat
    rng = random.Random(asking.seed)
    refused = next(
        ((a, r) for a in _candidates(state, seat, rng) if (r := _refused(state, seat, a))), None
    )
    if refused is not None:
        action, refusal = refused
        question = asking.pick("refusal")
        asking.ask("refusal", question, lambda r: check_refusal(r, refusal), attempt=action)


def _ask_named(asking: _Asking, checks: InGameChecks, card: tuple[str, str] | None) -> None:
    """ "why can't I play my {card}?" and "why can't I move {pawn}?", as the game asks them."""
    state, seat, seed = asking.state, asking.seat, asking.seed
    named: list[tuple[str, str, str]] = []
    if card is not None and checks.refuse_cards:
        question = asking.pick("refusal_card").format(card=card[1])
        named.append(("refusal_card", card[0].lower(), question))
    if checks.pawn_asked is not None:
        pawn = checks.pawn_asked(seat, seed)
        named.append(("refusal_pawn", pawn, asking.pick("refusal_pawn").format(pawn=pawn)))
    for kind, label, question in named:
        refusing = _refusal_sections(state, seat, label, seed)
        asking.ask(
            kind,
            question,
            partial(check_named, state=state, seat=seat, label=label, refusal_sections=refusing),
        )


def _ask_choices(asking: _Asking) -> None:
    """ "what can I do now?", also by a seat that is not to move."""
    state, seat = asking.state, asking.seat
    asking.ask("choices", asking.pick("choices"), lambda r: check_choices(r, state, seat))
    others = [s for s in range(state.players) if s not in state.to_move]
    if others:
        asker = others[asking.seed % len(others)]
        question = asking.pick("choices")
        asking.ask("turn", question, lambda r: check_choices(r, state, asker), by=asker)


def _ask_card(asking: _Asking, checks: InGameChecks, card: tuple[str, str]) -> None:
    """ "what does the {card} do?"."""
    state, seat = asking.state, asking.seat
    label, name = card
    by_card = checks.card_sections
    section = by_card.get(label, by_card["*"])
    question = asking.pick(checks.card_kind).format(card=name)
    asking.ask(checks.card_kind, question, lambda r: check_card(r, state, seat, label, section))


def evaluate_position(
    game: str, seed: int, state: State, texts: dict[str, list[str]]
) -> list[Case]:
    """Ask each kind of question once at ``state`` (the seat to move asks)."""
    checks = _checks(game)
    if checks is None:
        raise ValueError(f"{game} gives no in-game checks (its part 'standing')")
    asking = _Asking(game, seed, state, texts)
    card = checks.card_asked(state.view(asking.seat), seed)
    _ask_refused(asking)
    _ask_named(asking, checks, card)
    _ask_choices(asking)
    if card is not None:
        _ask_card(asking, checks, card)
    seat = asking.seat
    asking.ask("score", asking.pick("score"), lambda r: check_score(r, state, seat))
    return asking.cases


def evaluate_in_game(game: str, count: int = POSITIONS, first_seed: int = 0) -> InGameEvaluation:
    """Ask the in-game questions at ``count`` positions of ``game`` (playout seeds from
    ``first_seed``) and check every answer."""
    texts = phrasings()
    result = InGameEvaluation(game)
    for seed, state in positions(game, count, first_seed):
        result.cases.extend(evaluate_position(game, seed, state, texts))
    return result


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    count, first = POSITIONS, 0
    if "--positions" in args:
        count = int(args[args.index("--positions") + 1])
    if "--first-seed" in args:
        first = int(args[args.index("--first-seed") + 1])
    known = games()
    chosen = [a for a in args if a in known] or known
    for game in chosen:
        result = evaluate_in_game(game, count, first)
        print(result)
        if "-v" in args:
            for case in result.cases:
                if not case.right:
                    print(f"  wrong: seed {case.seed} {case.kind} {case.question!r}: {case.why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
