"""How well the rules answers answer players' questions, per game: replies and sections.

The replies are graded on what they say (:mod:`gametable.rulebook.replies`: right, checked by
the referee, declined, wrong); the figures below grade the section the rules-text search found.

A game's questions are its part ``questions`` (:mod:`gametable.core.parts`), a folder of its
package (``games/<game>/rulebook/questions/``), as players put them (short, vague, wrong words),
each with the section that answers it (``answer``; ``also`` lists sections where the rulebook
states the same rule again) and the rules-index statements a right reply rests on
(``statements``):

- ``tune.toml``: the **tuning** half, which synonyms, weights and the entries' ``asks`` may be
  tuned on; ``-v`` prints its misses;
- ``heldout.toml``: the **held-out** half, written before any tuning and never tuned on; only its
  figures are printed, never its misses.

Figures: **top-1**, the answer is given (not declined) and rests on a right section; **top-3**, a
right section is among the first three offered (the answer's and the related ones, or for a
declined question the closest ones); **statement**, the answer rests on a right statement;
**declined**, questions the answer declined; **off-topic declined**, how many of the questions
in the shared ``data/questions/offtopic.toml`` (about nothing in any game) it rightly declined.

    python -m gametable.rulebook [-v] [--tune] [GAME ...]

prints, per game and half, the replies' figures (where the game keeps reply questions) and the
sections' figures beside them.

``--tune`` leaves out the held-out sets (while tuning, to keep from looking at them): it prints
the replies' tuning and development sets and the sections' tuning half; ``-v`` prints their
misses.
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass, field
from importlib import resources

from gametable.core.parts import declared, part_file
from gametable.core.registry import load_game
from gametable.rulebook import embed
from gametable.rulebook.answer import Answer, answer
from gametable.rulebook.model import builtin, load
from gametable.rulebook.replies import evaluate_replies, reply_sets

SPLITS = ("tune", "heldout")


@dataclass(frozen=True)
class Question:
    text: str
    answer: str
    also: tuple[str, ...] = ()
    statements: tuple[str, ...] = ()

    @property
    def sections(self) -> tuple[str, ...]:
        """Every section whose answer is right."""
        return (self.answer, *self.also)


@dataclass
class Evaluation:
    game: str
    split: str = "tune"
    total: int = 0
    top1: int = 0
    top3: int = 0
    statement: int = 0
    labelled: int = 0
    declined: int = 0
    offtopic: int = 0
    offtopic_declined: int = 0
    misses: list[tuple[Question, Answer]] = field(default_factory=list, repr=False)
    #: off-topic questions that got an answer anyway
    confident_wrong: list[Answer] = field(default_factory=list, repr=False)

    @property
    def top1_accuracy(self) -> float:
        return self.top1 / self.total if self.total else 0.0

    @property
    def top3_accuracy(self) -> float:
        return self.top3 / self.total if self.total else 0.0

    @property
    def statement_accuracy(self) -> float:
        return self.statement / self.labelled if self.labelled else 0.0

    def __str__(self) -> str:
        text = (
            f"{self.game} {self.split}: {self.total} questions, "
            f"top-1 {self.top1_accuracy:.1%} ({self.top1}/{self.total}), "
            f"top-3 {self.top3_accuracy:.1%} ({self.top3}/{self.total})"
        )
        if self.labelled:
            text += f", statement {self.statement_accuracy:.1%} ({self.statement}/{self.labelled})"
        text += f", declined {self.declined}"
        if self.offtopic:
            text += f"; off-topic declined {self.offtopic_declined}/{self.offtopic}"
        return text


def measured() -> list[str]:
    """The games that keep questions to measure their answers by (they declare the part
    ``questions``); a game may have a rulebook and no questions.

    >>> "balzakken" in measured()
    True
    """
    return [game for game in builtin() if declared(load_game(game), "questions")]


def questions(game: str, split: str = "tune") -> list[Question]:
    """The evaluation questions of ``game``: the tuning half, or ``split="heldout"``."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS}, not {split!r}")
    folder = part_file(load_game(game), "questions")
    if folder is None:
        raise ValueError(f"{game} keeps no questions (it declares no part 'questions')")
    data = tomllib.loads(folder.joinpath(f"{split}.toml").read_text("utf-8"))
    return [
        Question(q["text"], q["answer"], tuple(q.get("also", ())), tuple(q.get("statements", ())))
        for q in data["question"]
    ]


def offtopic_questions(split: str = "tune") -> list[str]:
    """Questions no game's rules answer, one half of them: ``split`` from
    ``data/questions/offtopic.toml`` and from ``offtopic.<split>.toml`` beside it."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS}, not {split!r}")
    folder = resources.files("gametable.rulebook") / "data" / "questions"
    found: list[str] = []
    for name in ("offtopic.toml", f"offtopic.{split}.toml"):
        if (folder / name).is_file():
            found += tomllib.loads((folder / name).read_text("utf-8")).get(split, [])
    return found


def evaluate(game: str, split: str = "tune") -> Evaluation:
    """Ask every evaluation question of ``game`` (one half) and count the right answers."""
    reference = load(game)
    result = Evaluation(game, split)
    asked = questions(game, split)
    if embed.available():  # embed them all in one batch: much faster than one by one
        embed.prime([q.text for q in asked] + offtopic_questions(split))
    for q in asked:
        for sid in q.sections:
            reference.section(sid)  # a question must name real sections
        reply = answer(game, q.text)
        right = set(q.sections)
        result.total += 1
        first = reply.sources[0].id if reply.sources else None
        if reply.answered and first in right:
            result.top1 += 1
        else:
            result.misses.append((q, reply))
        if right & set(reply.section_ids[:3]):
            result.top3 += 1
        if not reply.answered:
            result.declined += 1
        if q.statements:
            result.labelled += 1
            used = reply.sources[0].statements if reply.answered and reply.sources else ()
            if set(used) & set(q.statements):
                result.statement += 1
    for text in offtopic_questions(split):
        reply = answer(game, text)
        result.offtopic += 1
        if reply.answered:
            result.confident_wrong.append(reply)
        else:
            result.offtopic_declined += 1
    return result


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    verbose = "-v" in args
    tuning = "--tune" in args  # leave out everything held out, while tuning
    games = [a for a in args if not a.startswith("-")] or measured()
    for game in games:
        for split in reply_sets(game):
            if tuning and split == "heldout":
                continue
            off = offtopic_questions("heldout" if split == "heldout" else "tune")
            replies = evaluate_replies(game, split, off)
            if replies.total:
                print(replies)
                if verbose and split != "heldout":
                    for rq, reply, verdict in replies.misses:
                        print(f"  {verdict}: {rq.text!r} -> {reply.text[:160]!r}")
        for split in ("tune",) if tuning else SPLITS:
            result = evaluate(game, split)
            print(result)
            if verbose and split == "tune":
                for q, reply in result.misses:
                    got = ", ".join(reply.section_ids[:3]) or "nothing"
                    flag = "" if reply.answered else " (declined)"
                    print(f"  miss: {q.text!r} -> want {q.answer}, got {got}{flag}")
                for reply in result.confident_wrong:
                    print(f"  answered off-topic: {reply.question!r} -> {reply.section_ids[0]}")
    return 0
