"""Fitting the search's weights and the answer's thresholds on the tuning questions only.

    python -m gametable.rulebook.tune [--folds K] [--words] [GAME ...]

``--words`` fits the weights used without the embedding model (word matching only).

The held-out questions (``games/<game>/rulebook/questions/heldout.toml``) are never read
here.  Every tuning question of every game is matched once against every entry
(:meth:`Index.signals`); ranking with other :class:`~gametable.rulebook.search.Weights` is then
a product of arrays, so many weightings can be tried in seconds.

1. **Cross-validation**: the tuning questions are cut into ``K`` folds; weights fitted on ``K - 1``
   folds are scored on the one left out.  Its figure is an honest estimate of how the fitting does
   on questions it has not seen (the held-out half's figures come from ``python -m
   gametable.rulebook``, never from here).
2. **Weights**: coordinate ascent from the current :data:`~gametable.rulebook.search.WEIGHTS`
   over a grid of values per weight, maximising top-1 plus half of top-3, summed over the games.
3. **Guard** (:class:`~gametable.rulebook.answer.Guard`): the coverage, the weights of the
   background cosine and of the known words, and the score line that answer no tuning off-topic
   question (``data/questions/offtopic.toml``, its ``tune`` half) while declining the fewest
   tuning questions (where no guard answers none, the fewest off-topic questions answered
   first).  It is cross-validated too: fitted on ``K - 1`` folds of both the tuning and the
   off-topic questions, it is scored on the fold left out (off-topic questions answered,
   tuning questions declined).

It prints what it found; copying the weights into ``search.WEIGHTS`` and the guard into
``answer.THRESHOLDS`` is left to a person, who reads the cross-validated figures first.  Fits the
weights with the embedding model (part of the default install), or the words-only ones with
``--words`` or ``GAMETABLE_RULES_MODEL=off``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, fields, replace

import numpy as np

from gametable.rulebook import embed
from gametable.rulebook.answer import Guard
from gametable.rulebook.evaluate import measured, offtopic_questions, questions
from gametable.rulebook.search import SIGNALS, WEIGHTS, Weights, index
from gametable.rulebook.words import tokenize

#: the values each weight may take during the search
GRID = (0.0, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0)
#: how many passes of coordinate ascent
PASSES = 3
#: the values the guard's weights of the background cosine and of the known words may take
BACKGROUND_GRID = tuple(np.arange(0.0, 16.01, 1.0))
KNOWN_GRID = tuple(np.arange(0.0, 4.01, 0.5))
COVERAGE_GRID = tuple(np.arange(0.0, 0.55, 0.05))


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
    #: topic[q] = (known, background) of question q (:class:`~gametable.rulebook.search.Topic`)
    topic: np.ndarray

    def subset(self, rows: np.ndarray) -> Matrix:
        return Matrix(
            self.game,
            self.signals[rows],
            self.valid[rows],
            self.matched[rows],
            self.sections,
            self.right[rows],
            self.topic[rows],
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
    topic = np.array([(t.known, t.background) for t in map(idx.topic, texts)]).reshape(n, 2)
    return Matrix(game, signals, valid, matched_any, sections, right, topic)


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


@dataclass(frozen=True)
class Fitted:
    """A guard and its mistakes on the questions it was fitted on."""

    guard: Guard
    #: tuning questions declined, of how many; off-topic questions answered, of how many
    declined: int
    total: int
    answered: int
    off_total: int


def _features(mxs: list[Matrix], w: Weights) -> tuple[np.ndarray, ...]:
    """The best entry's score and coverage, the known share and the background cosine of every
    question of ``mxs`` (a question without any entry gets a score of -inf)."""
    ranked = [rank(mx, w) for mx in mxs]
    score = np.concatenate([np.where(r.found, r.best_score, -np.inf) for r in ranked])
    coverage = np.concatenate([np.where(r.found, r.best_coverage, -1.0) for r in ranked])
    topic = np.concatenate([mx.topic for mx in mxs]).reshape(-1, 2)
    return score, coverage, topic[:, 0], topic[:, 1]


def fit_guard(
    on: tuple[np.ndarray, ...], off: tuple[np.ndarray, ...], background: bool = True
) -> Fitted:
    """The guard answering the fewest off-topic questions, then declining the fewest tuning
    questions, then leaving the widest gap (``on``, ``off``: :func:`_features` of each).

    Without the background (words only, ``background=False``) no guard tells the two apart
    well enough for that: it makes the fewest mistakes instead, the share of tuning questions
    declined plus the share of off-topic questions answered."""
    best: tuple[tuple[float, float, float], Fitted] | None = None
    for c in COVERAGE_GRID:
        for b in BACKGROUND_GRID if background else (0.0,):
            for k in KNOWN_GRID:
                z_on = np.where(on[1] >= c - 1e-9, on[0] - b * on[3] + k * on[2], -np.inf)
                z_off = np.where(off[1] >= c - 1e-9, off[0] - b * off[3] + k * off[2], -np.inf)
                # the line just above an off-topic question: each is a candidate
                lines = sorted({round(float(x) + 0.01, 2) for x in z_off if np.isfinite(x)})
                for line in lines or [0.0]:
                    answered = int((z_off >= line).sum())
                    declined = int((z_on < line).sum())
                    # on a tie, the guard whose line sits mid-way in the gap between the two
                    gap = float(np.min(z_on[z_on >= line], initial=line + 1) - line)
                    mistakes = declined / len(z_on) + answered / len(z_off)
                    key = (answered, declined, -gap) if background else (mistakes, answered, -gap)
                    if best is None or key < best[0]:
                        guard = Guard(round(float(c), 2), line, float(b), float(k))
                        fitted = Fitted(guard, declined, len(z_on), answered, len(z_off))
                        best = (key, fitted)
    assert best is not None
    return best[1]


def _rows(features: tuple[np.ndarray, ...], rows: np.ndarray) -> tuple[np.ndarray, ...]:
    return tuple(f[rows] for f in features)


def cross_validate_guard(
    on: tuple[np.ndarray, ...],
    off: tuple[np.ndarray, ...],
    k: int,
    per_game: int,
    background: bool = True,
) -> str:
    """Off-topic questions answered and tuning questions declined, each by a guard fitted on
    the other ``k - 1`` folds of both.  The off-topic questions are asked of every game in turn
    (``per_game`` each): a question is in the same fold for all games."""
    on_fold = np.arange(len(on[0])) % k
    off_fold = np.arange(len(off[0])) % per_game % k
    answered = declined = 0
    for f in range(k):
        g = fit_guard(_rows(on, on_fold != f), _rows(off, off_fold != f), background).guard
        for features, is_off in ((on, False), (off, True)):
            rows = (off_fold if is_off else on_fold) == f
            score, coverage, known, back = _rows(features, rows)
            z = np.where(coverage >= g.coverage - 1e-9, score - g.background * back, -np.inf)
            passes = z + g.known * known >= g.score
            if is_off:
                answered += int(passes.sum())
            else:
                declined += int((~passes).sum())
    return (
        f"{k}-fold cross-validation of the guard: answers {answered}/{len(off[0])} off-topic "
        f"questions, declines {declined}/{len(on[0])} tuning questions"
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    k = 5
    if "--folds" in args:
        k = int(args[args.index("--folds") + 1])
    games = [a for a in args if not a.startswith("-") and not a.isdigit()] or measured()
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
    for name, w in (("current", start), ("fitted", fitted)):
        if name == "fitted" and w == start:
            break
        on, off = _features(mxs, w), _features(offtopic, w)
        guard = fit_guard(on, off, background=not words)
        print(
            f"guard for the {name} weights: {guard.guard} (declines {guard.declined}/"
            f"{guard.total} tuning questions, answers {guard.answered}/{guard.off_total} "
            "tuning off-topic questions)"
        )
        print("  " + cross_validate_guard(on, off, k, len(off_texts), background=not words))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
