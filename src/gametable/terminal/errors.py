"""How every ``gametable`` command reports an error: one ``error: ...`` line on standard error
and exit status 2 (1 for an interrupted command is Typer's business, not ours)."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

#: the base class of command-line mistakes (a missing argument, an unknown option...) in the click
#: that Typer runs on: Typer 0.29 and later carry their own copy of click, older ones use click
CommandLineMistake: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


def print_error(message: str) -> None:
    """``error: message`` on standard error."""
    Console(stderr=True).print(
        f"[red]error:[/red] {escape(message)}", highlight=False, soft_wrap=True
    )


def fail(message: str) -> typer.Exit:
    """Say ``message`` as an error; the exit to raise (status 2)."""
    print_error(message)
    return typer.Exit(2)


def print_usage_error(exc: Exception) -> None:
    """A :data:`CommandLineMistake`, in the same style: the usage, then ``error: ...``."""
    ctx: Any = getattr(exc, "ctx", None)
    if ctx is not None:
        Console(stderr=True).print(escape(ctx.get_usage()), highlight=False, soft_wrap=True)
    message = getattr(exc, "format_message", exc.__str__)()
    if ctx is not None and ctx.command.get_help_option(ctx) is not None:
        message += f" (see: {ctx.command_path} {ctx.help_option_names[0]})"
    print_error(message)


__all__ = ["CommandLineMistake", "fail", "print_error", "print_usage_error"]
