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
  rulebook: :data:`CARD_SECTIONS`), and how many legal moves play it now, if any;
- **score** ("how is the round scored?"): the current numbers from the seat's own view (hand
  value, pawns home, prestige and riches);
- every answer must also be the same when everything hidden from the seat is redrawn
  (``state.resample``): only what the asking seat may see is used.
"""

from __future__ import annotations

import random
import re
import sys
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from typing import Any

import gametable
from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import Action, State
from gametable.rulebook.answer import Answer
from gametable.rulebook.ingame import answer_in_game
from gametable.rulebook.model import UnknownSection, resolve

GAMES = ("balzakken", "keezbord", "balam")
#: how many positions per game by default
POSITIONS = 12
#: the most action codes decoded when looking for a refused move at a position
MAX_CODES = 4000

#: the section that states each card's effect (rules index: BZ card types, KB card meanings, BA
#: Katun events by kind)
CARD_SECTIONS: dict[str, dict[str, str]] = {
    "balzakken": {
        "S": "card-types/action-card-1-the-swinger",
        "L": "card-types/action-card-2-the-lul",
        "*": "card-types/balzakken",
    },
    "keezbord": {"*": "card-meanings"},
    "balam": {
        **dict.fromkeys(("ball_game", "eclipse"), "4-katun/neutral-events"),
        **dict.fromkeys(
            (
                "prosperous",
                "favourable",
                "exceptional",
                "expedition",
                "cacao_festival",
                "marriage",
                "cenotes",
            ),
            "4-katun/positive-events",
        ),
        "*": "4-katun/negative-events",
    },
}
#: how a player names a Keezbord card (the label itself for the rest)
_KEEZBORD_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "7": "seven", "4": "four"}
#: how a player names a Balam Katun card kind
_KATUN_WORDS = {"ball_game": "ball game", "cacao_festival": "cacao festival", "toltec_raid": "raid"}


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


#: Balzakken's action cards are played by actions of their own kind, whose fields name no card
_PLAYED_BY_KIND = {"s": "swinger", "l": "lul"}


def _uses(action: Action, label: str) -> bool:
    """Whether ``action`` uses the card or pawn ``label`` (lower case), by its fields."""
    found = _fields(action)
    return label in found or _PLAYED_BY_KIND.get(label, "\0") in found


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
    usable = [a for a in state.legal_actions(seat) if _uses(a, label)]
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
    playing = [a for a in state.legal_actions(seat) if held and _uses(a, label.lower())]
    says = re.search(r"could play it (\d+) way", reply.text)
    if playing and (not says or int(says.group(1)) != len(playing)):
        return f"should say it can be played {len(playing)} ways now"
    if not playing and says:
        return "offers a card no legal move plays"
    return ""


def check_score(reply: Answer, state: State, seat: int) -> str:
    if reply.topic != "score":
        return f"taken as {reply.topic}"
    view = state.view(seat)
    game = state.game.name
    if game == "balzakken":
        wanted = [f"worth {view['hand_value']}"]
    elif game == "keezbord":
        home = [sum(str(p).startswith("H") for p in pawns) for pawns in view["pawns"]]
        team = next((list(t) for t in view["teams"] if seat in t), [seat])
        wanted = [f"{sum(home[s] for s in team)} of {4 * len(team)}"]
    else:
        king = view["kings"][seat]
        wanted = [f"{king['prestige']} prestige", f"{sum(king['riches'].values())} riches"]
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
    for action in _candidates(state, seat, random.Random(seed)):
        if _uses(action, label):
            refusal = _refused(state, seat, action)
            section = _section_of(refusal.rule) if refusal else None
            if section:
                found.add(section)
    return found


def _card_label_and_name(game: str, state: State, seat: int, i: int) -> tuple[str, str] | None:
    view = state.view(seat)
    if game == "balam":
        discard = view.get("katun", {}).get("discard", [])
        if not discard:
            return None
        kind = str(discard[-1]).split(":")[0]
        return kind, _KATUN_WORDS.get(kind, kind.replace("_", " "))
    hand = [str(c) for c in view.get("hand", [])]
    if not hand:
        return None
    label = hand[i % len(hand)]
    if game == "balzakken":
        return label, {"S": "swinger", "L": "lul"}.get(label, label)
    name = _KEEZBORD_WORDS.get(label, label) if i % 2 == 0 else label
    return label, name


def evaluate_position(
    game: str, seed: int, state: State, texts: dict[str, list[str]]
) -> list[Case]:
    """Ask each kind of question once at ``state`` (the seat to move asks)."""
    seat = state.to_move[0]
    rng = random.Random(seed)
    cases: list[Case] = []

    def ask(
        kind: str,
        question: str,
        check: Callable[[Answer], str],
        attempt: Action | None = None,
        by: int = seat,
    ) -> None:
        reply = answer_in_game(state, by, question, attempt=attempt)
        why = check(reply) or _same_hidden_redrawn(state, by, question, attempt, reply, seed)
        cases.append(Case(game, kind, question, seed, not why, why))

    def pick(kind: str) -> str:
        options = texts[kind]
        return options[seed % len(options)]

    # a move just refused
    refused = next(
        ((a, r) for a in _candidates(state, seat, rng) if (r := _refused(state, seat, a))), None
    )
    if refused is not None:
        action, refusal = refused
        ask("refusal", pick("refusal"), lambda r: check_refusal(r, refusal), attempt=action)
    # "why can't I play my {card}?" and "why can't I move {pawn}?"
    named: list[tuple[str, str, str]] = []
    card = _card_label_and_name(game, state, seat, seed)
    if card is not None and game != "balam":
        named.append(("refusal_card", card[0].lower(), pick("refusal_card").format(card=card[1])))
    if game == "keezbord":
        pawn = f"{chr(ord('a') + seat)}{1 + seed % 4}"
        named.append(("refusal_pawn", pawn, pick("refusal_pawn").format(pawn=pawn)))
    for kind, label, question in named:
        refusing = _refusal_sections(state, seat, label, seed)
        ask(
            kind,
            question,
            partial(check_named, state=state, seat=seat, label=label, refusal_sections=refusing),
        )
    # "what can I do now?", also by a seat that is not to move
    ask("choices", pick("choices"), lambda r: check_choices(r, state, seat))
    others = [s for s in range(state.players) if s not in state.to_move]
    if others:
        asker = others[seed % len(others)]
        ask("turn", pick("choices"), lambda r: check_choices(r, state, asker), by=asker)
    # "what does the {card} do?"
    if card is not None:
        label, name = card
        kind = "katun" if game == "balam" else "card"
        by_card = CARD_SECTIONS[game]
        section = by_card.get(label, by_card["*"])
        question = pick(kind).format(card=name)
        ask(kind, question, lambda r: check_card(r, state, seat, label, section))
    ask("score", pick("score"), lambda r: check_score(r, state, seat))
    return cases


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
    games = [a for a in args if a in GAMES] or list(GAMES)
    for game in games:
        result = evaluate_in_game(game, count, first)
        print(result)
        if "-v" in args:
            for case in result.cases:
                if not case.right:
                    print(f"  wrong: seed {case.seed} {case.kind} {case.question!r}: {case.why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
