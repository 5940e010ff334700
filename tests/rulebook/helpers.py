"""Shared helpers of the rulebook tests: where shared/ is, and reading the rules index."""

from __future__ import annotations

import csv
import random
from functools import cache
from pathlib import Path

import gametable
from gametable import rulebook
from gametable.rulebook import embed
from gametable.rulebook.evaluate import Evaluation, evaluate

SHARED = Path(__file__).resolve().parents[2].parent / "shared"


def rules_index(game: str) -> list[dict[str, str]] | None:
    """The rows of ``shared/rules-index/<game>.tsv``, or ``None`` when shared/ is not there."""
    path = SHARED / "rules-index" / f"{game}.tsv"
    if not path.exists():
        return None
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def rulebook_text(game: str) -> str | None:
    path = SHARED / "rulebooks" / f"{game}.txt"
    return path.read_text(encoding="utf-8") if path.exists() else None


@cache
def evaluated(game: str, split: str) -> Evaluation:
    """``evaluate(game, split)``, computed once per test process (several tests read it)."""
    return evaluate(game, split)


def answer_all(game: str, texts: list[str]) -> list[rulebook.Answer]:
    """``rulebook.answer`` for each of ``texts``, their embeddings computed in one batch."""
    if embed.available():
        embed.prime(texts)
    return [rulebook.answer(game, t) for t in texts]


def played(game: str, players: int, seed: int, plies: int):
    """A game of ``game`` after ``plies`` seeded random moves (fewer if it ended)."""
    state = gametable.load_game(game).new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()), state.to_move[0])
    return state
