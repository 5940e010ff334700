"""``python -m gametable.server [--host H] [--port P] ...``: the same as ``gametable serve``."""

import typer

from gametable.server.cli import serve

if __name__ == "__main__":
    typer.run(serve)
