"""How well the chat answers, graded on what the reply says (not on the section it found).

Each game with its own answers keeps its reply question sets beside them
(``games/<game>/answers/tune.toml``, ``dev.toml`` (and more development sets ``dev2.toml``...)
and ``heldout.toml``): each question carries what a right
reply must say, as regular expressions (``must``, all found; ``must_not``, none found; matched
case-insensitively against the reply's text and its detail lines; ``^`` is the reply's start),
its ``kind`` (situation, combination, number, fact, dutch) and ``lang``. The tuning set is
written by those who build the answers; the development set was written apart, before any
tuning, and may be studied and tuned on; the held-out set was written apart too, is never tuned
on and never read by those who build the answers: only its figures are printed.

A reply is **right** when it is given and says what it must; **declined** when the chat
declined; **wrong** otherwise. A right reply to a ``referee = true`` question must also be
checked by the referee.

    >>> q = ReplyQuestion("may I call?", must=("^no\\\\b",), must_not=("^yes",))
    >>> from gametable.rulebook.answer import Answer
    >>> grade(q, Answer("balzakken", q.text, "No. You hold The Lul.", (), answered=True))
    'right'
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable

from gametable.rulebook.answer import Answer
from gametable.rulebook.chat import ask
from gametable.rulebook.situations import game_package

#: the sets of reply questions: tuned on, studied (written apart), and held out
SPLITS = ("tune", "dev", "heldout")


@dataclass(frozen=True)
class ReplyQuestion:
    text: str
    kind: str = "fact"
    lang: str = "en"
    must: tuple[str, ...] = ()
    must_not: tuple[str, ...] = ()
    referee: bool = False


def grade(question: ReplyQuestion, reply: Answer) -> str:
    """``"right"``, ``"declined"`` or ``"wrong"`` (see the module docstring)."""
    if not reply.answered:
        return "declined"
    said = "\n".join((reply.text, *reply.details))
    flags = re.IGNORECASE
    if not all(re.search(p, said, flags) for p in question.must):
        return "wrong"
    if any(re.search(p, said, flags) for p in question.must_not):
        return "wrong"
    if question.referee and not reply.checked:
        return "wrong"
    return "right"


def _folder(game: str) -> Traversable | None:
    package = game_package(game)
    if package is None:
        return None
    try:
        return resources.files(f"{package}.answers")
    except ModuleNotFoundError:
        return None


def reply_sets(game: str) -> list[str]:
    """The reply question sets ``game`` keeps: ``tune``, its development sets (``dev``,
    ``dev2``, ...) and ``heldout``, in that order, those that exist."""
    folder = _folder(game)
    if folder is None:
        return []
    names = sorted(f.name[: -len(".toml")] for f in folder.iterdir() if f.name.endswith(".toml"))
    devs = [n for n in names if n.startswith("dev")]
    return [n for n in ("tune", *devs, "heldout") if n in names]


def reply_questions(game: str, split: str = "tune") -> list[ReplyQuestion]:
    """The reply questions of ``game`` (one set); empty when the game keeps none."""
    if split not in SPLITS and not split.startswith("dev"):
        raise ValueError(f"split must be one of {SPLITS} (or dev2, dev3...), not {split!r}")
    folder = _folder(game)
    if folder is None or not (folder / f"{split}.toml").is_file():
        return []
    data = tomllib.loads((folder / f"{split}.toml").read_text("utf-8"))
    return [
        ReplyQuestion(
            q["text"],
            q.get("kind", "fact"),
            q.get("lang", "en"),
            tuple(q.get("must", ())),
            tuple(q.get("must_not", ())),
            bool(q.get("referee", False)),
        )
        for q in data.get("question", [])
    ]


@dataclass
class ReplyEvaluation:
    game: str
    split: str
    grades: Counter[str] = field(default_factory=Counter)
    checked: int = 0
    checked_wrong: int = 0
    by_kind: dict[str, Counter[str]] = field(default_factory=dict)
    offtopic: int = 0
    offtopic_declined: int = 0
    misses: list[tuple[ReplyQuestion, Answer, str]] = field(default_factory=list, repr=False)

    @property
    def total(self) -> int:
        return sum(self.grades.values())

    @property
    def right_share(self) -> float:
        return self.grades["right"] / self.total if self.total else 0.0

    def __str__(self) -> str:
        n = self.total
        kinds = ", ".join(
            f"{kind} {c['right']}/{sum(c.values())}" for kind, c in sorted(self.by_kind.items())
        )
        return (
            f"{self.game} {self.split} replies: {n} questions, right {self.right_share:.1%} "
            f"({self.grades['right']}/{n}), checked by the referee {self.checked}/{n} "
            f"(wrong {self.checked_wrong}), declined {self.grades['declined']}, "
            f"wrong {self.grades['wrong']}; off-topic declined "
            f"{self.offtopic_declined}/{self.offtopic}; by kind: {kinds}"
        )


def evaluate_replies(
    game: str, split: str = "tune", offtopic: Sequence[str] = ()
) -> ReplyEvaluation:
    """Ask every reply question of ``game`` (one set) through the chat and grade the replies;
    each of the ``offtopic`` questions must be declined."""
    result = ReplyEvaluation(game, split)
    for text in offtopic:
        result.offtopic += 1
        result.offtopic_declined += not ask(game, text).answered
    for question in reply_questions(game, split):
        reply = ask(game, question.text)
        verdict = grade(question, reply)
        result.grades[verdict] += 1
        result.by_kind.setdefault(question.kind, Counter())[verdict] += 1
        if reply.checked:
            result.checked += 1
            result.checked_wrong += verdict == "wrong"
        if verdict != "right":
            result.misses.append((question, reply, verdict))
    return result
