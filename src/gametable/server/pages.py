"""HTML pages: the lobby, a table, ``/rules/<game>`` (the rulebook and its chat) and the page
that shows a position the referee judged.

The lobby and table pages are static files (plain HTML, CSS and JS modules, no build step).

The rules page ``/rules/{game}`` has two tabs (``js/rules.js``; without JS both show, one under
the other):

- **Rulebook**: every section, anchored by its id (the ids refusals and answers link to:
  ``/rules/{game}#<section-id>``), its rules-index statement ids beside each statement, and a
  search that filters sections and statements as one types (in the browser);
- **Chat** (``?tab=chat``): a conversation with the rules chat (``POST /api/rules/{game}/ask``,
  :mod:`gametable.server.rules_api`) that keeps the earlier questions and answers on screen and
  sends the earlier questions along, so that a follow-up is read against them.  Without JS the
  form asks ``?q=`` and the page shows that one answer (:func:`answer_html`).

``/rules/{game}/position?p=...&seat=N`` shows the position of a referee-checked reply
(``p``: :func:`gametable.server.rules_api.position_link`) on the game's own board
(``js/position.js`` with ``js/renderers/<game>.js``), read-only, as ``seat`` sees it (default:
the seat to move).  A link that holds no valid position gets a 400 page saying why.
"""

from __future__ import annotations

import asyncio
import json
from html import escape
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, HTMLResponse

from gametable import rulebook
from gametable.core.errors import GameError, UnknownGame
from gametable.core.protocol import Game, State
from gametable.core.registry import load_game
from gametable.rulebook import chat
from gametable.rulebook.model import compact
from gametable.server.offers import action_forms
from gametable.server.rules_api import BadPositionLink, read_position_link

STATIC = Path(__file__).parent / "static"

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="stylesheet" href="/static/app.css"><link rel="icon" href="data:,"></head>
<body class="{css}"><header><a href="/">gametable</a> <span>{title}</span>{links}</header>
<main{main}>{body}</main>{script}</body></html>"""


def page(
    title: str, body: str, *, css: str = "rules", links: str = "", main: str = "", script: str = ""
) -> str:
    """A whole HTML page; ``title`` and ``body`` are HTML already escaped."""
    return _PAGE.format(title=title, body=body, css=css, links=links, main=main, script=script)


def _links(sources: tuple[rulebook.Source, ...]) -> str:
    return ", ".join(
        f"<a href='#{escape(s.id)}'>{escape(s.path)}</a>"
        + (f" <small>{escape(', '.join(s.statements))}</small>" if s.statements else "")
        for s in sources
    )


def answer_html(game: str, question: str) -> str:
    """The answer to ``question`` as an HTML block (the page's form without JS): the reply,
    whether the referee checked it, the sections it rests on, the related (or, when declined,
    the closest) sections."""
    reply = chat.ask(game, question)
    css = "rules-answer" if reply.answered else "rules-answer declined"
    parts = [
        f"<div class='{css}' role='status'><p class='question'><b>Q:</b> {escape(question)}</p>"
        f"<p class='reply' lang='{escape(reply.lang)}'>{escape(reply.text)}</p>"
    ]
    if reply.checked:
        parts.append("<p class='checked'>✓ checked by the referee</p>")
    elif reply.answered and reply.topic == "rules":
        parts.append("<p class='unchecked'>From the rules text, not checked by the referee.</p>")
    if reply.sources:
        parts.append(f"<p class='rests-on'>Rests on: {_links(reply.sources)}</p>")
    if reply.related:
        label = "Also see" if reply.answered else "Closest sections"
        parts.append(f"<p class='related'>{label}: {_links(reply.related)}</p>")
    parts.append("</div>")
    return "".join(parts)


def _tabs(tab: str) -> str:
    def one(name: str, label: str) -> str:
        chosen = "true" if tab == name else "false"
        return (
            f"<a role='tab' id='tab-{name}' href='?tab={name}' aria-controls='{name}-panel' "
            f"aria-selected='{chosen}' tabindex='{0 if tab == name else -1}'>{label}</a>"
        )

    return (
        "<div class='tabs' role='tablist' aria-label='rules'>"
        + one("rulebook", "Rulebook")
        + one("chat", "Chat")
        + "</div>"
    )


def _section_html(s: rulebook.Section) -> str:
    level = min(2 + s.depth, 5)
    ids = f" <small class='ids'>{escape(compact(s.statements))}</small>" if s.statements else ""
    parts = [
        f"<section id='{escape(s.id)}' class='rule-section' data-depth='{s.depth}'>"
        f"<h{level}>{escape(s.path)} <a class='anchor' href='#{escape(s.id)}' "
        f"aria-label='link to this section'>#</a>{ids}</h{level}>"
    ]
    if s.summary:
        parts.append(f"<p class='summary-line'><em>{escape(s.summary)}</em></p>")
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
                    f"<li class='{kind}' data-refs='{escape(' '.join(i.refs))}'>{label}"
                    f"{escape(i.text)} <small class='refs'>{escape(', '.join(i.refs))}</small>"
                    "</li>"
                    for i in items
                )
                + "</ul>"
            )
    parts.append("</section>")
    return "".join(parts)


def rulebook_html(game: str, question: str = "") -> str:
    """The game's rules page body: the Rulebook tab (search, contents, sections) and the Chat
    tab (its form and, for ``question``, that answer: the page without JS).  The Chat tab is
    the one shown first for a question (``rules.js`` also reads ``?tab=chat``)."""
    reference = rulebook.load(game)
    tab = "chat" if question.strip() else "rulebook"
    parts = [
        f"<h1>{escape(reference.title)} rules</h1>",
        _tabs(tab),
        f"<div id='rules-app' data-game='{escape(reference.game)}' "
        f"data-title='{escape(reference.title)}' data-tab='{tab}'>",
        # the chat first: without JS it sits above the long rulebook
        "<section id='chat-panel' role='tabpanel' aria-labelledby='tab-chat' class='chat-panel'>"
        "<h2 class='tab-title'>Chat</h2>"
        "<p class='small intro'>Ask about the rules in English or Dutch. Replies marked "
        "<b>checked by the referee</b> were worked out by the game engine from the situation "
        "you describe; the others come from the rules text.</p>"
        "<ol id='conversation' class='conversation' aria-live='polite' aria-relevant='additions'"
        " aria-label='conversation'></ol>",
    ]
    if question.strip():
        parts.append(answer_html(reference.game, question))
    parts.append(
        "<form id='chat-form' class='rules-search chat-form' method='get'>"
        "<label for='chat-q' class='visually-hidden'>Your question</label>"
        f"<input id='chat-q' name='q' value='{escape(question)}' maxlength='1000' "
        "autocomplete='off' placeholder='Ask a question, e.g. can I pass a pawn on its start?'>"
        "<input type='hidden' name='tab' value='chat'>"
        "<button type='submit'>Ask</button></form>"
        "</section>"
        "<section id='rulebook-panel' role='tabpanel' aria-labelledby='tab-rulebook' "
        "class='rulebook-panel'><h2 class='tab-title'>Rulebook</h2>"
        "<div class='rulebook-search'><label for='rules-filter'>Search the rulebook</label> "
        "<input id='rules-filter' type='search' autocomplete='off' "
        "placeholder='words or a statement id, e.g. BALZAK or BZ-041' "
        "aria-describedby='filter-count'> <span id='filter-count' class='small' "
        "aria-live='polite'></span></div>"
        "<nav class='toc' aria-label='contents'><ul>"
    )
    for s in reference.sections:
        parts.append(
            f"<li style='margin-left:{s.depth}em' data-section='{escape(s.id)}'>"
            f"<a href='#{escape(s.id)}'>{escape(s.title)}</a></li>"
        )
    parts.append("</ul></nav>")
    parts.extend(_section_html(s) for s in reference.sections)
    parts.append("</section></div>")
    return "".join(parts)


# -- a position the referee judged -------------------------------------------------------------------
class PositionRefused(ValueError):
    """A position page that cannot be drawn: the message says why (shown on a 400 page)."""


def _legal(state: State, seat: int | None) -> list[dict[str, Any]]:
    """What ``seat`` may do in ``state``, as the table page's legal entries (read-only here)."""
    if seat is None or state.is_over or seat not in state.to_move:
        return []
    out = []
    for action in state.legal_actions(seat):
        notation, as_json, steps, _, _ = action_forms(action)
        item: dict[str, Any] = {
            "notation": notation,
            "text": state.describe(action, seat),
            "steps": steps,
        }
        if as_json is not None:
            item["json"] = as_json
        out.append(item)
    return out


def position_data(game: Game, p: str, seat: int | None) -> dict[str, Any]:
    """What the position page draws: the view of ``seat`` (default: the first seat to move;
    a spectator once the game is over) of the position in ``p``, what that seat may do there,
    and the outcome.  Raises :class:`PositionRefused`."""
    try:
        state = game.state_from_json(read_position_link(p))
    except (BadPositionLink, GameError) as exc:
        raise PositionRefused(str(exc)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        # a hand-made link may break a loader in ways it does not name; the page says so
        raise PositionRefused(f"the position does not load ({type(exc).__name__})") from None
    if seat is not None and not 0 <= seat < state.players:
        raise PositionRefused(f"this position has seats 0 to {state.players - 1}")
    if seat is None and state.to_move and not state.is_over:
        seat = state.to_move[0]
    outcome = state.outcome
    return {
        "game": game.name,
        "title": game.title,
        "players": state.players,
        "seat": seat,
        "seats": [{"seat": i, "kind": "human", "name": None} for i in range(state.players)],
        "view": json.loads(json.dumps(state.view(seat))),
        "to_move": list(state.to_move),
        "over": state.is_over,
        "legal": _legal(state, seat),
        "outcome": outcome.to_json() if outcome is not None else None,
    }


def _script_json(data: Any) -> str:
    """JSON to sit inside a ``<script>`` element (no ``</script>`` can end it early)."""
    return json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def position_html(data: dict[str, Any], p: str) -> str:
    """The position page's body: the seat chooser, the board (drawn by the game's renderer from
    ``data``, see :func:`position_data`) and what the seat may do there."""
    seat = data["seat"]
    options = ["<option value=''>a spectator</option>"] + [
        f"<option value='{i}'{' selected' if i == seat else ''}>seat {i}</option>"
        for i in range(data["players"])
    ]
    return (
        "<div id='turn' class='turn position-bar' data-testid='turn'>"
        "<form method='get' class='inline'><input type='hidden' name='p' "
        f"value='{escape(p)}'><label>As seen by <select id='viewer' name='seat' "
        f"onchange='this.form.submit()'>{''.join(options)}</select></label>"
        "<noscript><button>show</button></noscript></form>"
        " <span class='small'>A position the referee judged; nothing is played here.</span></div>"
        "<div id='board' class='regions'></div><div id='summary' class='summary'></div>"
        "<section class='panel side log-panel' id='log-panel'><h2>What this seat may do</h2>"
        "<ul id='legal' class='log legal-list'></ul></section>"
        f"<script type='application/json' id='position-data'>{_script_json(data)}</script>"
    )


def _problem(title: str, message: str, game: str) -> str:
    return page(
        escape(title),
        f"<h1>{escape(title)}</h1><p class='error' role='alert'>{escape(message)}</p>"
        f"<p><a href='/rules/{escape(game)}'>The rules of {escape(game)}</a></p>",
    )


async def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


async def table_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


async def replay_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "replay.html")


async def rules_page(game: str, q: str = "") -> HTMLResponse:
    """``/rules/{game}``: the rulebook and its chat (the answer to ``q`` without JS)."""
    if game not in rulebook.available():
        raise HTTPException(404, "no such game")
    title = rulebook.load(game).title
    # in a thread: the first question loads the embedding model (seconds of CPU), and every
    # table of the server would wait for it on the event loop
    body = await asyncio.to_thread(rulebook_html, game, q[:2000])
    return HTMLResponse(
        page(
            f"{escape(title)} rules",
            body,
            script="<script type='module' src='/static/js/rules.js'></script>",
        )
    )


async def position_page(game: str, p: str = "", seat: str = "") -> HTMLResponse:
    """``/rules/{game}/position``: the position of a referee-checked reply, as ``seat`` sees it;
    a 400 page says why a link holds no position."""
    try:
        declared = load_game(game)
    except UnknownGame:
        raise HTTPException(404, "no such game (or it has no referee)") from None
    try:
        at = int(seat) if seat.strip() else None
    except ValueError:
        at = -1
    try:
        if at is not None and at < 0:
            raise PositionRefused("seat must be a seat number")
        data = await asyncio.to_thread(position_data, declared, p, at)
    except PositionRefused as exc:
        return HTMLResponse(
            _problem("This link holds no position", str(exc), game), status_code=400
        )
    title = f"{escape(declared.title)} · a position"
    return HTMLResponse(
        page(
            title,
            position_html(data, p),
            css="table position",
            links=f" <a id='rules-link' href='/rules/{escape(game)}'>rules</a>",
            main=" id='table-page'",
            script="<script type='module' src='/static/js/position.js'></script>",
        )
    )


def make_router() -> APIRouter:
    """The pages' routes (out of the API schema)."""
    router = APIRouter(include_in_schema=False)
    router.get("/")(lobby)
    router.get("/t/{table_id}")(table_page)
    router.get("/t/{table_id}/replay")(replay_page)
    router.get("/rules/{game}")(rules_page)
    router.get("/rules/{game}/position")(position_page)
    return router
