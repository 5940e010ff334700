"""HTML pages: the lobby, a table, and ``/rules/<game>`` (the rules reference, as HTML).

The lobby and table pages are static files (plain HTML, CSS and JS modules, no build step);
the rules page is rendered from :mod:`gametable.rulebook`, with anchors named by section id (the
ids refusals link to) and a question box (``?q=``): the page shows the answer in a sentence or
two, linked to the sections it rests on (:func:`gametable.rulebook.answer`).
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, HTMLResponse

from gametable import rulebook
from gametable.core.errors import GameError
from gametable.core.registry import load_game

STATIC = Path(__file__).parent / "static"

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="stylesheet" href="/static/app.css"><link rel="icon" href="data:,"></head>
<body class="rules"><header><a href="/">gametable</a> <span>{title}</span></header>
<main>{body}</main></body></html>"""


def _links(sources: tuple[rulebook.Source, ...]) -> str:
    return ", ".join(
        f"<a href='#{escape(s.id)}'>{escape(s.path)}</a>"
        + (f" <small>{escape(', '.join(s.statements))}</small>" if s.statements else "")
        for s in sources
    )


def answer_html(game: str, question: str) -> str:
    """The answer to ``question`` as an HTML block: the reply, the sections it rests on, the
    related (or, when declined, the closest) sections."""
    reply = rulebook.answer(game, question)
    css = "rules-answer" if reply.answered else "rules-answer declined"
    parts = [
        f"<div class='{css}' role='status'><p class='question'><b>Q:</b> {escape(question)}</p>"
        f"<p class='reply'>{escape(reply.text)}</p>"
    ]
    if reply.sources:
        parts.append(f"<p class='rests-on'>Rests on: {_links(reply.sources)}</p>")
    if reply.related:
        label = "Also see" if reply.answered else "Closest sections"
        parts.append(f"<p class='related'>{label}: {_links(reply.related)}</p>")
    parts.append("</div>")
    return "".join(parts)


def rulebook_html(game: str, question: str = "") -> str:
    """The game's rules reference as HTML, with a question form and, for a question, its answer."""
    reference = rulebook.load(game)
    parts = [
        f"<h1>{escape(reference.title)}</h1>"
        f"<form class='rules-search' method='get'><input name='q' value='{escape(question)}' "
        f"placeholder='Ask a question, e.g. can I pass a pawn on its start?' aria-label='question'>"
        f"<button>Ask</button></form>"
    ]
    if question.strip():
        parts.append(answer_html(game, question))
    parts.append("<nav class='toc'><ul>")
    for s in reference.sections:
        parts.append(
            f"<li style='margin-left:{s.depth}em'><a href='#{escape(s.id)}'>"
            f"{escape(s.title)}</a></li>"
        )
    parts.append("</ul></nav>")
    for s in reference.sections:
        parts.append(
            f"<section id='{escape(s.id)}' class='rule-section'>"
            f"<h{min(2 + s.depth, 5)}>{escape(s.path)} <small>{escape(s.id)}</small>"
            f"</h{min(2 + s.depth, 5)}>"
        )
        if s.summary:
            parts.append(f"<p><em>{escape(s.summary)}</em></p>")
        for kind, label in (
            ("rule", ""),
            ("example", "Example: "),
            ("clarification", "Clarification (our reading): "),
        ):
            items = [i for i in s.items if i.kind == kind]
            if items:
                parts.append(
                    "<ul>"
                    + "".join(
                        f"<li class='{kind}'>{label}{escape(i.text)} "
                        f"<small>{escape(', '.join(i.refs))}</small></li>"
                        for i in items
                    )
                    + "</ul>"
                )
        parts.append("</section>")
    return "".join(parts)


def make_router() -> APIRouter:
    router = APIRouter(include_in_schema=False)

    @router.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @router.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @router.get("/rules/{game}")
    async def rules_page(game: str, q: str = "") -> HTMLResponse:
        try:
            title = load_game(game).title
        except GameError:
            raise HTTPException(404, "no such game") from None
        body = rulebook_html(game, q)
        return HTMLResponse(_PAGE.format(title=f"{escape(title)} rules", body=body))

    return router
