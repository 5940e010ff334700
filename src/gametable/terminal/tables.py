"""Tables that never break a word: a Rich table when its rows fit on one line each (or, on a
screen of 100 columns or more, when every column can hold its longest word), else the same rows
as a list (each row's first cell as a heading, then ``column: value`` lines).

The choice is made when drawn, from the width there is, so one table suits an 80-column terminal
and a wide one alike.

>>> from rich.console import Console
>>> rows = [["balzakken", "2-8", "copies=1: how many decks are shuffled together"]]
>>> table = FoldingTable(["name", "players", "options"], rows)
>>> Console(width=100).print(table)
┏━━━━━━━━━━━┳━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
┃ name      ┃ players ┃ options                                        ┃
┡━━━━━━━━━━━╇━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┩
│ balzakken │ 2-8     │ copies=1: how many decks are shuffled together │
└───────────┴─────────┴────────────────────────────────────────────────┘
>>> Console(width=30).print(table)
balzakken
  players: 2-8
  options: copies=1: how many
    decks are shuffled together
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

#: a cell: text, or a renderable drawn as it is (a Text with its own styles)
Cell = str | Text


class FoldingTable:
    """Rows under ``headers``: a table when each column fits its longest word, else a list."""

    def __init__(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[Cell]],
        *,
        title: str | None = None,
        right: Sequence[str] = (),
        caption: str | None = None,
    ) -> None:
        self.headers, self.rows, self.title, self.caption = list(headers), rows, title, caption
        self.right = set(right)

    #: from this width on, a table may wrap its cells (at word breaks) rather than fold
    wrap_from = 100

    def table(self) -> Table:
        table = Table(title=self.title, caption=self.caption, caption_justify="left")
        for header in self.headers:
            table.add_column(header, justify="right" if header in self.right else "left")
        for row in self.rows:
            table.add_row(*row)
        return table

    def listing(self) -> RenderableType:
        """Each row as a block: its first cell in bold, the others as ``header: value``."""
        blocks: list[RenderableType] = []
        if self.title:
            blocks.append(Text(self.title, style="bold underline"))
        for row in self.rows:
            first = row[0].copy() if isinstance(row[0], Text) else Text(row[0])
            first.stylize("bold")
            blocks.append(first)
            for header, cell in zip(self.headers[1:], row[1:], strict=False):
                value = cell.plain if isinstance(cell, Text) else cell
                lines = value.split("\n") if value else ["-"]
                blocks.append(Text.assemble(("  " + header + ": ", "dim"), lines[0]))
                blocks.extend(Text("    " + more) for more in lines[1:])
        if self.caption:
            blocks.append(Text(self.caption, style="dim"))
        return Group(*(hanging(block) for block in blocks))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = self.table()
        needs = Measurement.get(console, options.update_width(1 << 16), table)
        width = options.max_width
        fits = needs.maximum <= width or (width >= self.wrap_from and needs.minimum <= width)
        yield table if fits else self.listing()


#: how much further than its first line the wrapped lines of a listing's line are indented
HANG = 2


class _Hanging:
    """A line of a listing: wrapped at word breaks, its later lines indented :data:`HANG` more
    than its first."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        plain = self.text.plain
        hang = len(plain) - len(plain.lstrip(" ")) + HANG
        width = max(1, options.max_width - hang)
        for i, line in enumerate(self.text.wrap(console, width)):
            yield Text(" " * hang) + line if i else line


def hanging(block: RenderableType) -> RenderableType:
    """``block``, wrapped with a hanging indent when it is a line of text."""
    return _Hanging(block) if isinstance(block, Text) else block


def keyed_labels(labels: Sequence[str], longest: int = 10) -> tuple[list[str], str | None]:
    """``labels`` as they fit a narrow column: all in full when none is longer than ``longest``,
    else short keys (``A``, ``B``...) and the line that says which is which.

    >>> keyed_labels(["random", "heuristic"])
    (['random', 'heuristic'], None)
    >>> keyed_labels(["random", "ismcts:iterations=2000"])
    (['A', 'B'], 'A = random · B = ismcts:iterations=2000')
    """
    if all(len(label) <= longest for label in labels):
        return list(labels), None
    keys = [chr(ord("A") + i) if i < 26 else f"Z{i - 25}" for i in range(len(labels))]
    return keys, " · ".join(f"{k} = {label}" for k, label in zip(keys, labels, strict=True))


__all__ = ["FoldingTable", "keyed_labels"]
