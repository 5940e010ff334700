"""Rulebooks as plain text or Markdown: a game that is only its rulebook, with no referee.

A rulebook file is read into sections (:func:`parse`):

- in Markdown, the headings make the sections (``#``, ``##``, ``###``..., or a line underlined
  with ``===`` or ``---``); a lone ``#`` heading at the top is the book's title, and the deeper
  headings nest under it;
- in plain text, a short line standing alone (a blank line before and after it, no full stop at
  its end) before a paragraph is a heading; when the book has a table of contents (a heading
  ``Table of Contents`` followed by a list), the titles it lists are the top sections and the
  other headings nest under the one before, as the rulebooks in ``shared/rulebooks/`` are laid
  out; without one, every heading is a top section.

Each paragraph is cut into sentences and each list item is its own sentence: these become the
section's statements (see :func:`gametable.rulebook.model.from_book`).

``gametable rules add FILE`` keeps such a file in the ``rulebooks`` folder of gametable's data
folder (:func:`folder`); a package under :mod:`gametable.games` that holds a ``rulebook.md`` (or
``rulebook.txt``) and no rules reference of its own is found too (:func:`sources`).

    >>> text = "# Snap\\n\\n## Winning\\n\\nThe first to shout wins. Ties are replayed.\\n"
    >>> book = parse(text, markdown=True)
    >>> book.title, [(s.path, s.sentences) for s in book.sections]
    ('Snap', [('Winning', ('The first to shout wins.', 'Ties are replayed.'))])
"""

from __future__ import annotations

import pkgutil
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import gametable.games as games_package
from gametable.core.paths import data_folder

#: the largest rulebook file read (the rulebooks in shared/rulebooks/ are under 20 KB)
MAX_BYTES = 1_000_000
#: the file names a rulebook may be kept under, Markdown first
SUFFIXES = (".md", ".markdown", ".txt")
#: a rulebook's game name: lower-case letters and digits, with single hyphens between
NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
#: names that ``gametable rules`` reads as its own subcommands
RESERVED = frozenset({"add", "remove"})
#: the longest heading (in characters and in words) a plain-text line is taken for
_HEADING_CHARS = 70
_HEADING_WORDS = 10


class BadRulebook(ValueError):
    """A file that cannot be read as a rulebook, or a name it cannot be kept under."""


@dataclass(frozen=True)
class TextSection:
    """A section of a rulebook file: its path (``"Winning > Three in a Row"``) and its
    sentences, in order."""

    path: str
    sentences: tuple[str, ...]


@dataclass(frozen=True)
class Book:
    """A rulebook file read into its title and sections."""

    title: str
    sections: tuple[TextSection, ...]


@dataclass(frozen=True)
class Source:
    """Where a rulebook without a rules reference is kept: its file and how to read it."""

    name: str
    file: Path
    markdown: bool

    def read(self) -> Book:
        return parse(self.file.read_text(encoding="utf-8"), markdown=self.markdown)


# -- reading the text ----------------------------------------------------------------------------


def decode(data: bytes) -> str:
    """The text of a rulebook file's bytes; :class:`BadRulebook` for an empty, binary, too big
    or not UTF-8 file."""
    if len(data) > MAX_BYTES:
        raise BadRulebook(
            f"the file is {len(data) / 1e6:.1f} MB; a rulebook may be at most "
            f"{MAX_BYTES / 1e6:.0f} MB"
        )
    if b"\x00" in data:
        raise BadRulebook("the file is binary, not text: give a text or Markdown rulebook")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadRulebook("the file is not UTF-8 text: save the rulebook as UTF-8") from None
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\n\r\t\f")
    if controls > len(text) // 100:
        raise BadRulebook("the file is binary, not text: give a text or Markdown rulebook")
    if not text.strip():
        raise BadRulebook("the file is empty")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def is_markdown(text: str, filename: str = "") -> bool:
    """Whether to read ``text`` as Markdown: by its file name, else by its headings."""
    suffix = Path(filename).suffix.lower()
    if suffix in (".md", ".markdown"):
        return True
    if suffix == ".txt":
        return False
    return re.search(r"^#{1,6}\s+\S", text, re.MULTILINE) is not None


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")
_BULLET = re.compile(r"^\s*(?:[-*+•·▪◦]|\d{1,3}[.)])\s+")


def sentences(paragraph: str) -> list[str]:
    """The sentences of a paragraph (cut after ``.``, ``!`` or ``?`` before a capital).

    >>> sentences("X goes first. Then O plays! Who wins? The first to get 3 in a row.")
    ['X goes first.', 'Then O plays!', 'Who wins?', 'The first to get 3 in a row.']
    """
    text = " ".join(paragraph.split())
    out: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        out.append(text[start : match.start()].strip() + text[match.start() : match.end()].strip())
        start = match.end()
    out.append(text[start:].strip())
    return [s for s in out if s]


def _inline(text: str) -> str:
    """Markdown's inline marks removed: links and images, emphasis, code, HTML tags."""
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", "", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>\n]+>", "", text)
    text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)
    text = re.sub(r"(?<![\w*])([*_])(?!\s)(.+?)(?<!\s)\1(?![\w*])", r"\2", text)
    return text.replace("`", "")


@dataclass
class _Heading:
    level: int
    title: str
    lines: list[str] = field(default_factory=list)  # the text under it, blank lines between

    @property
    def body(self) -> list[list[str]]:
        """The paragraphs under the heading, each a list of lines."""
        return list(_blocks(self.lines))


def _blocks(lines: list[str]) -> Iterator[list[str]]:
    """The runs of non-blank lines."""
    block: list[str] = []
    for line in lines:
        if line.strip():
            block.append(line)
        elif block:
            yield block
            block = []
    if block:
        yield block


def _paragraph_sentences(block: list[str]) -> list[str]:
    """The sentences of a block of lines: each list item apart, the other lines joined."""
    out: list[str] = []
    run: list[str] = []
    for line in block:
        if _BULLET.match(line):
            out.extend(sentences(" ".join(run)))
            run = [_BULLET.sub("", line)]
        elif re.match(r"^\s*\|?\s*:?-{3,}", line):  # a table's rule line
            continue
        else:
            run.append(line.strip().strip("|").replace("|", ";"))
    out.extend(sentences(" ".join(run)))
    return out


def _markdown_headings(text: str) -> list[_Heading]:
    """The headings of a Markdown text, each with the lines under it (the text above the first
    heading under a heading of level 0)."""
    heads = [_Heading(0, "")]
    lines = text.split("\n")
    fenced = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced:
            atx = re.match(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$", line)
            setext = (
                i + 1 < len(lines)
                and line.strip()
                and not _BULLET.match(line)
                and re.match(r"^ {0,3}(=+|-+)\s*$", lines[i + 1])
            )
            if atx:
                heads.append(_Heading(len(atx.group(1)), _inline(atx.group(2)).strip()))
                i += 1
                continue
            if setext:
                level = 1 if lines[i + 1].strip().startswith("=") else 2
                heads.append(_Heading(level, _inline(line).strip()))
                i += 2
                continue
        heads[-1].lines.append(_inline(re.sub(r"^\s*>\s?", "", line)))
        i += 1
    return heads


def _is_plain_heading(line: str) -> bool:
    text = line.strip()
    return (
        0 < len(text) <= _HEADING_CHARS
        and len(text.split()) <= _HEADING_WORDS
        and not _BULLET.match(line)
        and (not text.endswith((".", ",", ";")) or text.endswith("..."))
    )


_CONTENTS = re.compile(r"^(table of )?contents$", re.IGNORECASE)


def _plain_headings(text: str) -> tuple[list[_Heading], str]:
    """The headings of a plain text: a one-line block that reads as a title (short, no full stop)
    and is followed by more text.  Levels come from the table of contents when there is one,
    else from the headings that stand right above another heading (they open a part)."""
    blocks = list(_blocks(text.split("\n")))
    heads = [_Heading(0, "")]
    contents: set[str] = set()
    parents: set[int] = set()
    i = 0
    while i < len(blocks):
        block = blocks[i]
        if len(block) == 1 and _is_plain_heading(block[0]) and i + 1 < len(blocks):
            title = block[0].strip()
            following = blocks[i + 1]
            if _CONTENTS.match(title) and all(_BULLET.match(line) for line in following):
                contents.update(_key(_BULLET.sub("", line)) for line in following)
                i += 2
                continue
            if len(following) == 1 and _is_plain_heading(following[0]):
                parents.add(len(heads))
            heads.append(_Heading(1, title))
        else:
            heads[-1].lines.extend([*block, ""])
        i += 1
    title = _plain_title(heads)
    if contents:
        heads[0].lines.clear()  # the title page, above the contents
    tops = [n for n, h in enumerate(heads) if _key(h.title) in contents] or sorted(parents)
    for n, head in enumerate(heads):
        if not head.lines and (_CONTENTS.match(head.title) or _is_title(head.title, title)):
            head.level = -1  # the book's title or its contents: no section
        elif head.level and tops and n > tops[0] and n not in tops:
            head.level = 2
    return [h for h in heads if h.level >= 0], title


def _is_title(heading: str, title: str) -> bool:
    return _key(heading) == _key(title) or re.match(_TITLE, heading) is not None


_TITLE = re.compile(r"^(.+?)\s+(rulebook|rules|rule book)$", re.IGNORECASE)


def _plain_title(heads: list[_Heading]) -> str:
    for head in heads:
        match = _TITLE.match(head.title)
        if match:
            return match.group(1).strip()
    return next((h.title for h in heads if h.level), "")


def _key(title: str) -> str:
    return " ".join(title.lower().split())


def parse(text: str, *, markdown: bool) -> Book:
    """The title and sections of a rulebook's text (see the module docstring).

    :class:`BadRulebook` when it has no headings or no sentences.
    """
    heads, title = (_markdown_headings(text), "") if markdown else _plain_headings(text)
    if not any(h.level for h in heads):
        how = "# headings" if markdown else "each section's title on a line of its own"
        raise BadRulebook(f"the file has no headings to make sections of: mark them with {how}")
    if markdown:
        tops = [h for h in heads if h.level == 1]
        title = tops[0].title if len(tops) == 1 and len(heads) > 1 and heads[1] is tops[0] else ""
        if title:
            tops[0].level = 0  # the book's title: what stands under it is its introduction
    sections = _sections(heads, title)
    if not sections:
        raise BadRulebook("the file has headings but no text under them")
    return Book(title or sections[0].path.split(" > ")[0], tuple(sections))


def _sections(heads: list[_Heading], title: str) -> list[TextSection]:
    """The sections of the headings: each path runs from its top heading down; sections of the
    same path are joined; a section with no sentences and no subsections is left out."""
    stack: list[_Heading] = []
    found: dict[str, list[str]] = {}
    for head in heads:
        if head.level == 0:
            path = title or "Introduction"
        else:
            while stack and stack[-1].level >= head.level:
                stack.pop()
            stack.append(head)
            path = " > ".join(h.title.replace(">", "-") for h in stack)
        said = [s for block in head.body for s in _paragraph_sentences(block)]
        found.setdefault(path, []).extend(said)
    keep = [
        path
        for path, said in found.items()
        if said or any(p.startswith(path + " > ") and found[p] for p in found)
    ]
    return [TextSection(path, tuple(found[path])) for path in keep]


# -- where rulebooks are kept --------------------------------------------------------------------


def folder() -> Path:
    """The folder of the rulebooks added with ``gametable rules add`` (not created here)."""
    return data_folder() / "rulebooks"


def name_for(title: str) -> str:
    """The game name a rulebook is kept under, from its title.

    >>> name_for("Tic-Tac-Toe (for two)")
    'tic-tac-toe-for-two'
    """
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:40].strip("-")


def sources() -> dict[str, Source]:
    """The rulebooks without a rules reference, by game name: the packages under
    :mod:`gametable.games` holding only a ``rulebook.md`` (or ``.txt``), then the added files."""
    found: dict[str, Source] = {}
    for info in pkgutil.iter_modules(games_package.__path__):
        base = Path(getattr(info.module_finder, "path", "")) / info.name
        for suffix in SUFFIXES:
            file = base / f"rulebook{suffix}"
            if info.ispkg and file.is_file():
                found.setdefault(info.name, Source(info.name, file, suffix != ".txt"))
    root = folder()
    if root.is_dir():
        for file in sorted(root.iterdir()):
            if file.suffix in SUFFIXES and NAME.match(file.stem) and file.is_file():
                found.setdefault(file.stem, Source(file.stem, file, file.suffix != ".txt"))
    return found


def check_name(name: str, taken: set[str]) -> str:
    """``name`` if a rulebook may be kept under it, else :class:`BadRulebook` saying why."""
    if not NAME.match(name) or len(name) > 40 or name in RESERVED:
        raise BadRulebook(
            f"{name!r} cannot name a game: use lower-case letters, digits and hyphens "
            "(at most 40, not 'add' or 'remove'), with --name"
        )
    if name in taken:
        raise BadRulebook(
            f"the name {name!r} is taken by a game gametable already knows; give another with "
            "--name"
        )
    return name


def keep(text: str, name: str, markdown: bool) -> Path:
    """Write ``text`` into :func:`folder` as the rulebook of ``name``; the file's path."""
    root = folder()
    root.mkdir(parents=True, exist_ok=True)
    target = root / f"{name}{'.md' if markdown else '.txt'}"
    partial = target.with_suffix(".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(target)
    return target


def added(name: str) -> Path | None:
    """The file of the rulebook added under ``name``, if there is one."""
    for suffix in SUFFIXES:
        file = folder() / f"{name}{suffix}"
        if file.is_file():
            return file
    return None
