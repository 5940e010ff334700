"""The rules reference of a game: sections in our own words, keyed like :attr:`RuleRef.id`.

A game's reference is its part ``rulebook`` (:mod:`gametable.core.parts`), a TOML file in its
package (``games/<game>/rulebook/reference.toml``).  Each section names the rulebook section it
retells (``path``, as the rulebook and ``shared/rules-index/<game>.tsv`` name it, e.g.
``"Playing the Game > Important"``); its ``id`` is derived exactly as :attr:`RuleRef.id` is
(``"playing-the-game/important"``), so every refusal's ``exc.rule`` resolves to a section here.

Nothing in these files is rulebook text: the rules are short statements in our words, and each
cites the numbered statements of the rules index it stands for (``BZ-041``...).  Clarifications are
the readings gametable chose where the rulebook is unclear (see ``docs/rules/<game>.md``).

A game may also be just its rulebook, a text or Markdown file with no referee and no reference of
ours (:mod:`gametable.rulebook.textbook`: added with ``gametable rules add FILE``, or a package
holding only a ``rulebook.md``).  Its reference is read from the file itself
(:func:`from_book`): a section per heading, a statement per sentence (with no rules-index ids),
the summary its first sentence; :attr:`Reference.checked` is ``False`` for it.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from gametable.core.parts import part_file
from gametable.core.registry import game_names, load_game
from gametable.core.rules import RuleRef, slug
from gametable.rulebook import textbook


class UnknownSection(KeyError):
    """No section of that id in a game's rules reference."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UnknownRulebook(LookupError):
    """No rules reference for that game."""


@dataclass(frozen=True, slots=True)
class Item:
    """One statement of a section: a rule, an example or a clarification, in our words.

    ``asks`` are questions, as players put them, that the statement answers; ``answer`` is the
    reply in a sentence or two (the statement's ``text`` when the data gives none).
    """

    kind: str  # "rule", "example" or "clarification"
    text: str
    refs: tuple[str, ...] = ()
    asks: tuple[str, ...] = ()
    answer: str = ""

    @property
    def reply(self) -> str:
        """What an answer built on this statement says: its ``answer``, else its ``text``."""
        return self.answer or self.text


@dataclass(frozen=True)
class Section:
    """A section of a game's rulebook, retold."""

    game: str
    path: str
    summary: str = ""
    items: tuple[Item, ...] = ()
    see: tuple[str, ...] = ()

    @cached_property
    def id(self) -> str:
        """The section's anchor: its path's parts as slugs (worked out once: the search reads it
        for every entry of every question)."""
        return "/".join(slug(part) for part in self.path.split(">"))

    @property
    def title(self) -> str:
        """The rulebook's name for this section (the last part of its path)."""
        return self.path.split(">")[-1].strip()

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(part.strip() for part in self.path.split(">"))

    @property
    def depth(self) -> int:
        return len(self.parts) - 1

    @property
    def rules(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.kind == "rule")

    @property
    def examples(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.kind == "example")

    @property
    def clarifications(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.kind == "clarification")

    @property
    def statements(self) -> tuple[str, ...]:
        """The rules-index statement ids its rules and examples retell, in index order.

        (Clarifications cite the statements they interpret on themselves.)
        """
        ids = {ref for item in self.items if item.kind != "clarification" for ref in item.refs}
        return tuple(sorted(ids))

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "path": self.path,
            "title": self.title,
            "summary": self.summary,
            "statements": list(self.statements),
            "items": [{"kind": i.kind, "text": i.text, "refs": list(i.refs)} for i in self.items],
            "see": list(self.see),
        }


@dataclass(frozen=True)
class Reference:
    """A game's rules reference: its sections in rulebook order."""

    game: str
    title: str
    source: str
    sections: tuple[Section, ...]
    #: whether a referee stands behind it (a game of gametable's); ``False`` for a rulebook read
    #: from a text or Markdown file alone
    refereed: bool = True

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for s in self.sections:
            if s.id in seen:
                raise ValueError(f"{self.game}: two sections share the id {s.id!r}")
            seen.add(s.id)

    @property
    def ids(self) -> list[str]:
        return [s.id for s in self.sections]

    def __iter__(self) -> Iterator[Section]:
        return iter(self.sections)

    def __len__(self) -> int:
        return len(self.sections)

    def section(self, key: str) -> Section:
        """The section with id ``key`` (its title, rulebook path or a statement id like ``BZ-041``
        are accepted too).

        An unknown key raises :class:`UnknownSection` (a ``KeyError``) naming the closest ids.
        """
        by_id = {s.id: s for s in self.sections}
        if key in by_id:
            return by_id[key]
        wanted = key.strip().strip("/").lower()
        for s in self.sections:
            if wanted in (s.path.lower(), s.title.lower(), s.id):
                return s
        statement = key.strip().upper()
        for s in self.sections:
            if statement in s.statements:
                return s
        as_id = "/".join(slug(p) for p in key.replace("/", ">").split(">") if slug(p))
        if as_id in by_id:
            return by_id[as_id]
        titles = [s for s in self.sections if slug(s.title) == slug(key)]
        if len(titles) == 1:
            return titles[0]
        close = difflib.get_close_matches(as_id, list(by_id), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise UnknownSection(
            f"{self.title} has no rules section {key!r}{hint} "
            f"(`gametable rules {self.game}` lists the sections)"
        )

    def resolve(self, rule: RuleRef) -> Section:
        """The section a :class:`RuleRef` (e.g. an ``IllegalAction.rule``) points to."""
        if rule.game != self.game:
            raise UnknownSection(
                f"{rule} belongs to {rule.game!r}, not to the {self.game!r} rules reference"
            )
        by_id = {s.id: s for s in self.sections}
        try:
            return by_id[rule.id]
        except KeyError:
            raise UnknownSection(
                f"{rule} (id {rule.id!r}) names no section of the {self.title} rules reference; "
                f"known ids: {', '.join(by_id)}"
            ) from None

    def to_json(self) -> dict:
        """The whole reference as JSON-ready data (for the server and web client)."""
        return {
            "game": self.game,
            "title": self.title,
            "sections": [s.to_json() for s in self.sections],
        }

    def children(self, section: Section) -> list[Section]:
        prefix = section.id + "/"
        return [
            s for s in self.sections if s.id.startswith(prefix) and s.depth == section.depth + 1
        ]


def compact(ids: tuple[str, ...] | list[str]) -> str:
    """Statement ids with runs shortened: ``BZ-039..BZ-041, BZ-043``.

    >>> compact(["BZ-039", "BZ-040", "BZ-041", "BZ-043"])
    'BZ-039..BZ-041, BZ-043'
    """
    runs: list[list[str]] = []
    for ref in ids:
        prefix, _, num = ref.rpartition("-")
        if (
            runs
            and runs[-1][-1].rpartition("-")[0] == prefix
            and int(runs[-1][-1].rpartition("-")[2]) + 1 == int(num)
        ):
            runs[-1].append(ref)
        else:
            runs.append([ref])
    return ", ".join(r[0] if len(r) == 1 else f"{r[0]}..{r[-1]}" for r in runs)


def _items(raw: dict, kind: str, key: str) -> list[Item]:
    out = []
    for entry in raw.get(key, []):
        if isinstance(entry, str):
            out.append(Item(kind, entry.strip()))
        else:
            out.append(
                Item(
                    kind,
                    entry["text"].strip(),
                    tuple(entry.get("refs", ())),
                    tuple(a.strip() for a in entry.get("asks", ())),
                    entry.get("answer", "").strip(),
                )
            )
    return out


def parse_reference(data: dict) -> Reference:
    """Build a :class:`Reference` from the parsed TOML of a game's ``reference.toml``."""
    game = data["game"]
    sections = []
    for raw in data["section"]:
        items = (
            _items(raw, "rule", "rules")
            + _items(raw, "example", "examples")
            + _items(raw, "clarification", "clarifications")
        )
        sections.append(
            Section(
                game=game,
                path=raw["path"],
                summary=raw.get("summary", "").strip(),
                items=tuple(items),
                see=tuple(raw.get("see", ())),
            )
        )
    return Reference(
        game, data.get("title", game.capitalize()), data.get("source", ""), tuple(sections)
    )


def from_book(game: str, book: textbook.Book, source: str = "") -> Reference:
    """The reference of a rulebook read from a text or Markdown file: a section per heading, a
    rule per sentence (no rules-index ids), its first sentence the summary.

    No questions are written for such a rulebook, so each statement stands as the one question
    it answers (the search matches a question against an entry's asks first).

    >>> book = textbook.parse("# Snap\\n\\n## Winning\\n\\nShout first. Then win.", markdown=True)
    >>> ref = from_book("snap", book)
    >>> ref.title, ref.ids, ref.sections[0].summary, ref.refereed
    ('Snap', ['winning'], 'Shout first.', False)
    """
    sections = tuple(
        Section(
            game=game,
            path=part.path,
            summary=part.sentences[0] if part.sentences else "",
            items=tuple(
                Item(_kind(sentence), sentence, asks=(sentence,)) for sentence in part.sentences
            ),
        )
        for part in book.sections
    )
    return Reference(game, book.title, source, _unique(sections), refereed=False)


def _kind(sentence: str) -> str:
    return "example" if sentence.lower().startswith(("example", "for example", "e.g.")) else "rule"


def _unique(sections: tuple[Section, ...]) -> tuple[Section, ...]:
    """``sections`` with those whose ids collide (paths differing only in punctuation) joined."""
    joined: dict[str, Section] = {}
    for s in sections:
        first = joined.get(s.id)
        if first is None:
            joined[s.id] = s
        else:
            joined[s.id] = Section(s.game, first.path, first.summary, first.items + s.items)
    return tuple(joined.values())


@cache
def builtin() -> list[str]:
    """The games whose rules reference is written in our words: those that declare the part
    ``rulebook``."""
    return [name for name in game_names() if load_game(name).parts.get("rulebook")]


def available() -> list[str]:
    """The games that have a rules reference: gametable's own, then every rulebook without a
    referee (:func:`gametable.rulebook.textbook.sources`)."""
    own = builtin()
    return [*own, *sorted(set(textbook.sources()) - set(own))]


def load(game: str) -> Reference:
    """The rules reference of ``game`` (``UnknownRulebook`` if there is none).

    A rulebook file is read again when it changes (``gametable rules add`` replaces it).
    """
    if game in builtin():
        return _load_builtin(game)
    found = textbook.sources().get(game)
    if found is None:
        raise UnknownRulebook(
            f"no rules reference for game {game!r}; known games: {', '.join(available())}"
        )
    return _load_book(game, found.file, found.markdown, _stamp(found.file))


def _stamp(file: Path) -> tuple[int, int]:
    """When ``file`` last changed and its size."""
    try:
        info = file.stat()
    except OSError:  # gone since it was listed: reading it will say so
        return (0, 0)
    return (info.st_mtime_ns, info.st_size)


@cache
def _load_builtin(game: str) -> Reference:
    file = part_file(load_game(game), "rulebook")
    assert file is not None  # builtin() lists only the games that declare it
    return parse_reference(tomllib.loads(file.read_text("utf-8")))


@cache
def _load_book(game: str, file: Path, markdown: bool, stamp: tuple[int, int]) -> Reference:
    """The reference of a rulebook file (``stamp`` keys the cache to the file's version)."""
    text = textbook.decode(file.read_bytes())
    return from_book(game, textbook.parse(text, markdown=markdown), str(file))


def resolve(rule: RuleRef) -> Section:
    """The section of ``rule.game``'s reference that ``rule`` points to."""
    return load(rule.game).resolve(rule)
