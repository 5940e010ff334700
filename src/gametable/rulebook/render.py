"""Rich renderings of a rules reference: the section list, one section, answers and search hits."""

from __future__ import annotations

import json

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gametable.rulebook.answer import Answer, Source
from gametable.rulebook.model import Item, Reference, Section, compact
from gametable.rulebook.search import Hit
from gametable.rulebook.words import tokenize
from gametable.terminal.tables import FoldingTable


def _refs(item: Item | Section) -> str:
    refs = item.refs if isinstance(item, Item) else item.statements
    return f" [dim]({', '.join(refs)})[/dim]" if refs else ""


class _IdsWhole(FoldingTable):
    """A folding table whose first column (ids) is never wrapped nor cut: the table folds into
    a list before it would."""

    def table(self) -> Table:
        table = super().table()
        table.columns[0].no_wrap = True
        return table


def render_index(reference: Reference) -> RenderableType:
    """The sections of ``reference`` as a table, indented by depth (a list where a table would
    break words: :class:`~gametable.terminal.tables.FoldingTable`)."""
    rows: list[list[str | Text]] = [
        [
            Text(s.id, style="cyan"),
            "  " * s.depth + s.title,
            str(len(s.rules)),
            Text(compact(s.statements), style="dim"),
        ]
        for s in reference.sections
    ]
    caption = None
    if not reference.refereed:
        caption = "a rulebook only: answers come from its text, no referee checks them"
    table = _IdsWhole(
        ["section id", "rulebook section", "rules", "statements"],
        rows,
        title=f"{reference.title} rules reference",
        right=["rules"],
        caption=caption,
    )
    hint = Text.from_markup(
        f"[dim]`gametable rules {reference.game} SECTION` shows a section; "
        f'`gametable rules {reference.game} --ask "QUESTION"` answers a question.[/dim]'
    )
    return Group(table, hint)


def render_section(
    reference: Reference, section: Section, highlight: Item | None = None
) -> RenderableType:
    """One section: its rules, examples and clarifications, with the statements they cover."""
    parts: list[RenderableType] = [Text.from_markup(f"[cyan]{section.id}[/cyan]")]
    if section.summary and (not section.items or section.summary != section.items[0].text):
        parts.append(Text(section.summary, style="italic"))
    if section.rules:
        parts.append(Text("Rules", style="bold"))
        for item in section.rules:
            style = "bold yellow" if item is highlight else ""
            parts.append(
                Text.from_markup(
                    f"  • [{style}]{escape(item.text)}[/]{_refs(item)}"
                    if style
                    else f"  • {escape(item.text)}{_refs(item)}"
                )
            )
    if section.examples:
        parts.append(Text("Examples", style="bold"))
        for item in section.examples:
            parts.append(
                Text.from_markup(f"  [green]Example:[/green] {escape(item.text)}{_refs(item)}")
            )
    if section.clarifications:
        parts.append(Text("Clarifications (gametable's reading)", style="bold"))
        for item in section.clarifications:
            parts.append(
                Text.from_markup(
                    f"  [magenta]Clarification:[/magenta] {escape(item.text)}{_refs(item)}"
                    f" [dim]see docs/rules/{reference.game}.md[/dim]"
                )
            )
    children = reference.children(section)
    if children:
        parts.append(Text("Subsections", style="bold"))
        for child in children:
            parts.append(Text.from_markup(f"  [cyan]{child.id}[/cyan]  {escape(child.title)}"))
    if section.see:
        parts.append(Text.from_markup("[dim]See also: " + ", ".join(section.see) + "[/dim]"))
    if section.statements:
        parts.append(Text.from_markup(f"[dim]Rules index: {compact(section.statements)}[/dim]"))
    title = f"{escape(reference.title)}: {escape(section.path)}"
    return Panel(Group(*parts), title=title, title_align="left")


def _marked(text: str, terms: tuple[str, ...], game: str) -> Text:
    """``text`` with the words that match a question term underlined."""
    out = Text()
    for i, word in enumerate(text.split(" ")):
        if i:
            out.append(" ")
        tokens = tokenize(word, game)
        out.append(word, style="bold underline" if tokens and tokens[0] in terms else "")
    return out


def render_hits(reference: Reference, question: str, hits: list[Hit]) -> RenderableType:
    """The sections answering ``question``, best first, each with its matching rule highlighted."""
    if not hits:
        return Text(
            f"No section of the {reference.title} rules matches {question!r}; "
            f"`gametable rules {reference.game}` lists them all."
        )
    parts: list[RenderableType] = [Text.from_markup(f"[bold]Q:[/bold] {escape(question)}")]
    for rank, hit in enumerate(hits, 1):
        s = hit.section
        body: list[RenderableType] = [Text.from_markup(f"[cyan]{s.id}[/cyan]")]
        if hit.statement is not None:
            line = Text("▶ ", style="bold yellow")
            label = {"rule": "", "example": "Example: ", "clarification": "Clarification: "}
            line.append(label[hit.statement.kind], style="magenta")
            line.append_text(_marked(hit.statement.text, hit.terms, reference.game))
            line.stylize("on grey15")
            if hit.statement.refs:
                line.append(f" ({', '.join(hit.statement.refs)})", style="dim")
            body.append(line)
        others = [i for i in s.rules if i is not hit.statement][:2]
        for item in others:
            body.append(Text.from_markup(f"  [dim]• {escape(item.text)}[/dim]"))
        body.append(
            Text.from_markup(
                f"[dim]more: gametable rules {reference.game} {s.id}  (score {hit.score:.1f})[/dim]"
            )
        )
        parts.append(Panel(Group(*body), title_align="left", title=f"{rank}. {escape(s.path)}"))
    return Group(*parts)


#: how a reply says where it comes from (the web's chat shows the same marks)
CHECKED = "✔ checked by the referee"
FROM_TEXT = "from the rules text"


def render_reply(reference: Reference, reply: Answer) -> RenderableType:
    """A reply as the chat shows it: the reply itself, where it comes from (checked by the
    referee, with the position it judged as compact JSON, or from the rules text), then the
    sections it rests on with their statement ids, and the sections worth reading next."""
    parts: list[RenderableType] = [Text(reply.text, style="bold" if reply.answered else "yellow")]
    for line in reply.details:
        parts.append(Text(f"  {line}", style="dim"))
    if reply.checked:
        parts.append(Text(CHECKED, style="green"))
        if reply.position is not None:
            # spaces after the separators let a long position wrap between its fields
            position = json.dumps(reply.position, sort_keys=True)
            parts.append(Text(f"position: {position}", style="dim", overflow="fold"))
    elif reply.answered:
        referee = "not checked by the referee" if reference.refereed else "no referee here"
        parts.append(Text(f"{FROM_TEXT} ({referee})", style="dim"))
    if reply.sources:
        parts.append(Text("Rests on:", style="bold"))
        for src in reply.sources:
            parts.append(_source_line(src, with_statements=True))
    if reply.related:
        parts.append(Text("Also see:" if reply.answered else "Closest sections:", style="bold"))
        for src in reply.related:
            parts.append(_source_line(src, with_statements=False))
    return Group(*parts)


def _source_line(src: Source, *, with_statements: bool) -> Text:
    line = Text("  ")
    line.append(src.id, style="cyan")
    line.append(f"  {src.path}")
    if with_statements and src.statements:
        line.append(f" ({compact(src.statements)})", style="dim")
    return line


def render_answer(reference: Reference, reply: Answer) -> RenderableType:
    """An answer in a panel: the question, then the reply as the chat shows it
    (:func:`render_reply`); a declined question shows the closest sections instead."""
    parts: list[RenderableType] = [
        Text.from_markup(f"[bold]Q:[/bold] {escape(reply.question)}"),
        render_reply(reference, reply),
        Text.from_markup(
            f"[dim]more: gametable rules {reference.game} SECTION-ID shows a section[/dim]"
        ),
    ]
    title = f"{escape(reference.title)} rules" + ("" if reply.answered else ": not answered")
    return Panel(Group(*parts), title=title, title_align="left")


def render_games(references: list[Reference]) -> RenderableType:
    """The games with a rules reference: gametable's own and the rulebooks without a referee."""
    rows: list[list[str | Text]] = [
        [
            Text(ref.game, style="cyan"),
            ref.title,
            str(len(ref)),
            "yes" if ref.refereed else "no: rulebook only",
        ]
        for ref in references
    ]
    table = FoldingTable(
        ["game", "title", "sections", "referee"], rows, title="Rules references", right=["sections"]
    )
    hint = Text.from_markup(
        "[dim]`gametable rules GAME` reads one; `gametable rules add FILE` adds a rulebook "
        "(text or Markdown); `gametable rules remove NAME` removes it.[/dim]"
    )
    return Group(table, hint)
