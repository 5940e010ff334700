"""The web renderers: each game's own, from its package, at the URL the pages import.

A game's web renderer is a part of the game (``parts["web"]``, a JavaScript module file of its
package: :func:`gametable.core.parts.part_file`).  The table, replay and position pages import
``/static/js/renderers/<game>.js`` and fall back to the shared ``generic.js`` when that fails;
this route serves the game's part under that URL, so a renderer's relative imports
(``../util.js``) resolve against the shared client as before.  A name that is no game with a
web renderer is looked up among the shared renderers (``static/js/renderers/``), else 404.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import Response

from gametable.core.errors import UnknownGame
from gametable.core.parts import part_file
from gametable.core.registry import load_game

#: the shared renderers (``generic.js``), beside the rest of the web client
SHARED = Path(__file__).parent / "static" / "js" / "renderers"
#: the media type of a JavaScript module (a module script refuses any other)
JAVASCRIPT = "text/javascript; charset=utf-8"


def renderer_source(name: str) -> bytes | None:
    """The JavaScript of the renderer named ``name``: the web part of the game of that name,
    else a shared renderer's file; ``None`` when there is neither."""
    try:
        found = part_file(load_game(name), "web")
    except UnknownGame:
        found = None
    if found is not None:
        return found.read_bytes()
    shared = SHARED / f"{name}.js"
    if name.isidentifier() and shared.is_file():  # a plain name, never a path
        return shared.read_bytes()
    return None


def make_router() -> APIRouter:
    router = APIRouter()

    @router.get("/static/js/renderers/{name}.js", include_in_schema=False)
    async def renderer(name: str) -> Response:
        source = renderer_source(name)
        if source is None:
            raise HTTPException(404, "no such renderer")
        return Response(source, media_type=JAVASCRIPT)

    return router
