"""Fitting the search's weights and the answer's thresholds on the tuning questions only.

    python -m gametable.rulebook.tune [--folds K] [--words] [GAME ...]

``--words`` fits the weights used without the embedding model (word matching only).

The held-out questions (``data/questions/<game>.heldout.toml``) are never read here.  Every tuning
question of every game is matched once against every entry (:meth:`Index.signals`); ranking with
other :class:`~gametable.rulebook.search.Weights` is then a product of arrays, so many weightings
can be tried in seconds.

1. **Cross-validation**: the tuning questions are cut into ``K`` folds; weights fitted on ``K - 1``
   folds are scored on the one left out.  Its figure is an honest estimate of how the fitting does
   on questions it has not seen (the held-out half's figures come from ``python -m
   gametable.rulebook``, never from here).
2. **Weights**: coordinate ascent from the current :data:`~gametable.rulebook.search.WEIGHTS`
   over a grid of values per weight, maximising top-1 plus half of top-3, summed over the games.
3. **Thresholds**: the coverage and score with the fewest mistakes on the tuning questions and
   the tuning off-topic questions (``data/questions/offtopic.toml``, its ``tune`` half): the
   share of questions declined plus the share of off-topic questions answered.

It prints what it found; copying the weights into ``search.WEIGHTS`` and the thresholds into
``answer.THRESHOLDS`` is left to a person, who reads the cross-validated figure first.  Fits the
weights with the embedding model (part of the default install), or the words-only ones with
``--words`` or ``GAMETABLE_RULES_MODEL=off``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, fields, replace

import numpy as np

from gametable.rulebook import embed
from gametable.rulebook.evaluate import offtopic_questions, questions
from gametable.rulebook.model import available
from gametable.rulebook.search import SIGNALS, WEIGHTS, Weights, index
from gametable.rulebook.words import tokenize

#: the values each weight may take during the search
GRID = (0.0, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0)
#: how many passes of coordinate ascent
PASSES = 3


@dataclass
class Matrix:
    """One game's questions matched against all its entries."""

    game: str
    #: signals[q, e, s]: signal s of entry e for question q
    signals: np.ndarray
    #: whether entry e takes part for question q (it shares a term, or the model sees some meaning)
    valid: np.ndarray
    #: whether entry e shares a term with question q (all that take part without the model)
    matched: np.ndarray
    #: padded entry indices of every section (-1 pads)
    sections: np.ndarray
    #: right[q, s]: whether section s answers question q (all False for off-topic questions)
    right: np.ndarray

    def subset(self, rows: np.ndarray) -> Matrix:
        return Matrix(
            self.game,
            self.signals[rows],
            self.valid[rows],
            self.matched[rows],
            self.sections,
            self.right[rows],
        )


def matrix(game: str, texts: list[str], right_ids: list[tuple[str, ...]]) -> Matrix:
    """Match ``texts`` against every entry of ``game`` (``right_ids``: each one's right sections)."""
    idx = index(game)
    if embed.available():
        embed.prime(texts)
    section_ids = [s.id for s in idx.reference.sections]
    members: list[list[int]] = [[] for _ in section_ids]
    for e, entry in enumerate(idx.entries):
        members[section_ids.index(entry.section.id)].append(e)
    width = max(len(m) for m in members)
    sections = np.array([m + [-1] * (width - len(m)) for m in members])
    n, m = len(texts), len(idx.entries)
    signals = np.zeros((n, m, len(SIGNALS)))
    valid = np.zeros((n, m), dtype=bool)
    matched_any = np.zeros((n, m), dtype=bool)
    meaning = SIGNALS.index("meaning")
    for q, text in enumerate(texts):
        for e, (values, matched) in enumerate(idx.signals(text)):
            signals[q, e] = values
            valid[q, e] = bool(matched) or values[meaning] > 0
            matched_any[q, e] = bool(matched)
    right = np.array([[sid in ids for sid in section_ids] for ids in right_ids], dtype=bool)
    right = right.reshape(n, len(section_ids))
    return Matrix(game, signals, valid, matched_any, sections, right)


def ask_matrix(game: str) -> Matrix:
    """Every entry's asks, each asked as a question whose answer is the entry's section, with
    that one ask left out of the entry (its words and its embedding): hundreds more questions,
    none of them held out, to fit the weights on."""
    idx = index(game)
    idx.meanings("")  # builds the entries' embeddings
    assert idx._meanings is not None
    ask_vectors = idx._meanings[0]
    texts = [a for e in idx.entries for a in e.item.asks]
    if embed.available():
        embed.remember(texts, ask_vectors.vectors)
    mx = matrix(game, texts, [(e.section.id,) for e in idx.entries for _ in e.item.asks])
    names = {n: SIGNALS.index(n) for n in ("ask", "coverage", "meaning")}
    row = 0
    for e, entry in enumerate(idx.entries):
        own = np.flatnonzero(ask_vectors.owner == e)
        for j in range(len(entry.item.asks)):
            others = [a for i, a in enumerate(idx.asks[e]) if i != j]
            terms = list(dict.fromkeys(tokenize(texts[row], game)))
            q = {t: idx.weight(t) for t in terms}
            q_norm = sum(v * v for v in q.values()) ** 0.5 or 1.0
            vocab = set(idx.bodies[e][0]) | set(idx.contexts[entry.section.id][0])
            vocab = vocab.union(*(a[0] for a in others))
            total = sum(q.values()) or 1.0
            mx.signals[row, e, names["ask"]] = max(
                (idx._cosine(q, q_norm, a) for a in others), default=0.0
            )
            mx.signals[row, e, names["coverage"]] = sum(q[t] for t in terms if t in vocab) / total
            if embed.available():
                rest = np.delete(own, j)
                sims = ask_vectors.vectors[rest] @ ask_vectors.vectors[own[j]]
                mx.signals[row, e, names["meaning"]] = float(sims.max()) if len(rest) else -1.0
            mx.matched[row, e] = bool(terms and any(t in vocab for t in terms))
            mx.valid[row, e] = mx.matched[row, e] or mx.signals[row, e, names["meaning"]] > 0
            row += 1
    return mx


@dataclass(frozen=True)
class Ranked:
    """For each question: its sections best first, and the best section's best entry's signals."""

    order: np.ndarray
    best_score: np.ndarray
    best_coverage: np.ndarray
    found: np.ndarray


def words_only(w: Weights) -> bool:
    """Whether ``w`` leaves out the embedding model (then only entries sharing a term count)."""
    return not (w.meaning or w.meaning_text or w.meaning_context)


def rank(mx: Matrix, w: Weights) -> Ranked:
    vector = np.array(w.signals)
    valid = mx.matched if words_only(w) else mx.valid
    scores = np.where(valid, mx.signals @ vector, -np.inf)
    padded = np.concatenate([scores, np.full((len(scores), 1), -np.inf)], axis=1)
    per_section = np.sort(padded[:, mx.sections], axis=2)[:, :, ::-1]
    first, second = per_section[:, :, 0], per_section[:, :, 1]
    ranked = first + w.support * np.where(np.isfinite(second), second, 0.0)
    order = np.argsort(-ranked, axis=1, kind="stable")
    top = order[:, 0]
    rows = np.arange(len(scores))
    entries = mx.sections[top]
    entry_scores = np.where(entries >= 0, padded[rows[:, None], entries], -np.inf)
    best_entry = entries[rows, np.argmax(entry_scores, axis=1)]
    coverage = mx.signals[rows, best_entry, SIGNALS.index("coverage")]
    return Ranked(order, first[rows, top], coverage, np.isfinite(first[rows, top]))


def accuracy(mx: Matrix, w: Weights) -> tuple[int, int]:
    """How many questions have a right section first, and among the first three (before any
    declining)."""
    r = rank(mx, w)
    rows = np.arange(len(r.order))[:, None]
    hits = mx.right[rows, r.order[:, :3]]
    return int(hits[:, 0].sum()), int(hits.any(axis=1).sum())


def objective(mxs: list[Matrix], w: Weights) -> float:
    total = 0.0
    for mx in mxs:
        top1, top3 = accuracy(mx, w)
        total += (top1 + 0.5 * top3) / len(mx.right)
    return total


def fit(mxs: list[Matrix], start: Weights, names: tuple[str, ...]) -> Weights:
    """Coordinate ascent over :data:`GRID` for the weights ``names``, from ``start``."""
    best, best_value = start, objective(mxs, start)
    for _ in range(PASSES):
        improved = False
        for name in names:
            for value in GRID:
                trial = replace(best, **{name: value})
                got = objective(mxs, trial)
                if got > best_value + 1e-9:
                    best, best_value, improved = trial, got, True
        if not improved:
            break
    return best


def folds(mx: Matrix, k: int) -> list[tuple[Matrix, Matrix]]:
    n = len(mx.right)
    rows = np.arange(n)
    return [(mx.subset(rows[rows % k != f]), mx.subset(rows[rows % k == f])) for f in range(k)]


def cross_validate(mxs: list[Matrix], start: Weights, names: tuple[str, ...], k: int) -> str:
    """Top-1 on each left-out fold of weights fitted on the others, against ``start``'s."""
    fitted = [0, 0]
    unfitted = [0, 0]
    total = 0
    for f in range(k):
        pairs = [folds(mx, k)[f] for mx in mxs]
        w = fit([train for train, _ in pairs], start, names)
        for _, test in pairs:
            a, b = accuracy(test, w)
            c, d = accuracy(test, start)
            fitted[0] += a
            fitted[1] += b
            unfitted[0] += c
            unfitted[1] += d
            total += len(test.right)
    return (
        f"{k}-fold cross-validation over {total} tuning questions: fitted top-1 "
        f"{fitted[0] / total:.1%} top-3 {fitted[1] / total:.1%}; current weights top-1 "
        f"{unfitted[0] / total:.1%} top-3 {unfitted[1] / total:.1%}"
    )


def thresholds(
    mxs: list[Matrix], offtopic: list[Matrix], w: Weights
) -> tuple[float, float, int, int, int, int]:
    """The (coverage, score) pair with the fewest mistakes: the share of on-topic questions it
    declines plus the share of off-topic questions it answers (on a tie, the one answering fewer
    off-topic questions).  With the embedding model one pair makes no mistake at all; with words
    only none does, and this balances the two.  Returned with how many on-topic questions it
    declines, of how many, and how many off-topic questions it answers, of how many."""
    on = [rank(mx, w) for mx in mxs]
    off = [rank(mx, w) for mx in offtopic]
    cov_on = np.concatenate([r.best_coverage for r in on])
    score_on = np.concatenate([r.best_score for r in on])
    cov_off = np.concatenate([np.where(r.found, r.best_coverage, -1.0) for r in off])
    score_off = np.concatenate([np.where(r.found, r.best_score, -np.inf) for r in off])
    # a score threshold only matters just above an off-topic question's score
    scores = sorted({0.0, *(round(float(x) + 0.01, 2) for x in score_off[np.isfinite(score_off)])})
    best: tuple[float, int, float, float, int, int] | None = None
    for c in np.arange(0.0, 0.75, 0.05):
        for s in scores:
            declined = int((~((cov_on >= c - 1e-9) & (score_on >= s))).sum())
            answered = int(((cov_off >= c - 1e-9) & (score_off >= s)).sum())
            mistakes = declined / len(cov_on) + answered / len(cov_off)
            key = (mistakes, answered, round(float(c), 2), s, declined, answered)
            if best is None or key[:2] < best[:2]:
                best = key
    assert best is not None
    _, _, c, s, declined, answered = best
    return c, s, declined, len(cov_on), answered, len(cov_off)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    k = 5
    if "--folds" in args:
        k = int(args[args.index("--folds") + 1])
    games = [a for a in args if not a.startswith("-") and not a.isdigit()] or available()
    mxs, offtopic = [], []
    off_texts = offtopic_questions("tune")
    for game in games:
        qs = questions(game, "tune")
        mxs.append(matrix(game, [q.text for q in qs], [q.sections for q in qs]))
        offtopic.append(matrix(game, off_texts, [() for _ in off_texts]))
    asks = [ask_matrix(game) for game in games]
    words = "--words" in args or not embed.available()
    start = WEIGHTS["words"] if words else WEIGHTS["meaning"]
    names = tuple(f.name for f in fields(Weights))
    if words:
        names = tuple(n for n in names if not n.startswith("meaning"))
    for mx in mxs:
        top1, top3 = accuracy(mx, start)
        print(f"{mx.game} tune, current weights: top-1 {top1}/{len(mx.right)}, top-3 {top3}")
    for mx in asks:
        top1, top3 = accuracy(mx, start)
        print(f"{mx.game} asks left out, current: top-1 {top1}/{len(mx.right)}, top-3 {top3}")
    print("fitted on the asks left out, scored on the tuning questions:")
    fitted = fit(asks, start, names)
    print(f"  {fitted}")
    for mx in mxs:
        top1, top3 = accuracy(mx, fitted)
        print(f"  {mx.game} tune: top-1 {top1}/{len(mx.right)}, top-3 {top3}")
    print(cross_validate(mxs, start, names, k))
    fitted = fit(mxs + asks, start, names)
    print(f"fitted on the tuning questions and the asks left out: {fitted}")
    for mx in mxs + asks:
        top1, top3 = accuracy(mx, fitted)
        print(f"  {mx.game}: top-1 {top1}/{len(mx.right)}, top-3 {top3}")
    coverage, score, declined, total, answered, off_total = thresholds(mxs, offtopic, fitted)
    print(
        f"thresholds: coverage {coverage}, score {score} (declines {declined}/{total} tuning "
        f"questions, answers {answered}/{off_total} tuning off-topic questions)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
