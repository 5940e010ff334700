"""How well the search answers players' questions: top-1 and top-3 accuracy per game.

The questions live in ``data/questions/<game>.toml``, each with the id of the section that answers
it.  They were written as players ask them, before tuning the search, and are not rulebook text.

    python -m gametable.rulebook [-v] [GAME ...]
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass, field
from importlib import resources

from gametable.rulebook.model import available, load
from gametable.rulebook.search import search


@dataclass(frozen=True)
class Question:
    text: str
    answer: str


@dataclass
class Evaluation:
    game: str
    total: int = 0
    top1: int = 0
    top3: int = 0
    misses: list[tuple[Question, list[str]]] = field(default_factory=list)

    @property
    def top1_accuracy(self) -> float:
        return self.top1 / self.total if self.total else 0.0

    @property
    def top3_accuracy(self) -> float:
        return self.top3 / self.total if self.total else 0.0

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.total} questions, top-1 {self.top1_accuracy:.0%} "
            f"({self.top1}/{self.total}), top-3 {self.top3_accuracy:.0%} "
            f"({self.top3}/{self.total})"
        )


def questions(game: str) -> list[Question]:
    """The evaluation questions of ``game``."""
    path = resources.files("gametable.rulebook") / "data" / "questions" / f"{game}.toml"
    data = tomllib.loads(path.read_text("utf-8"))
    return [Question(q["text"], q["answer"]) for q in data["question"]]


def evaluate(game: str) -> Evaluation:
    """Ask every evaluation question of ``game`` and count answers found first / in the top 3."""
    reference = load(game)
    result = Evaluation(game)
    for q in questions(game):
        reference.section(q.answer)  # a question must name a real section
        ids = [hit.id for hit in search(game, q.text, k=3)]
        result.total += 1
        if ids[:1] == [q.answer]:
            result.top1 += 1
        if q.answer in ids:
            result.top3 += 1
        else:
            result.misses.append((q, ids))
    return result


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    verbose = "-v" in args
    games = [a for a in args if not a.startswith("-")] or available()
    for game in games:
        result = evaluate(game)
        print(result)
        if verbose:
            for q, ids in result.misses:
                print(f"  miss: {q.text!r} -> want {q.answer}, got {ids}")
    return 0
