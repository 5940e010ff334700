"""Declared game options: name, default, accepted values, and parsing from text.

A game lists its :class:`Option` values in its header; :func:`resolve_options` turns what a caller
passes (a dict, possibly with text values from a command line) into a complete, validated dict.
Errors are :class:`ValueError` naming the option and what it accepts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

#: the value of a game option once resolved: of the kind its :class:`Option` declares
OptionValue: TypeAlias = bool | int | float | str | None
#: the options a caller passes, before :func:`resolve_options` checks them: values of any type
#: (text from a command line is converted; anything else is refused with a message)
GivenOptions: TypeAlias = Mapping[str, object]
#: every option of a game with its resolved value
Options: TypeAlias = dict[str, OptionValue]


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``kind`` is ``int``, ``bool``, ``str`` or ``float``.  ``choices`` restricts the values;
    ``minimum``/``maximum`` bound numbers; ``check`` may reject a value with a message (return a
    string) for rules that do not fit the other fields.
    """

    name: str
    default: OptionValue
    help: str
    kind: type = int
    choices: tuple[OptionValue, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False
    #: called with the parsed value (of the option's kind)
    check: Callable[..., str | None] | None = field(default=None, compare=False)

    def accepts(self) -> str:
        """Human words for what this option accepts."""
        if self.choices is not None:
            words = ", ".join(repr(c) for c in self.choices)
            text = f"one of {words}"
        elif self.kind is bool:
            text = "true or false"
        elif self.minimum is not None and self.maximum is not None:
            text = f"{self.kind.__name__} from {self.minimum:g} to {self.maximum:g}"
        elif self.minimum is not None:
            text = f"{self.kind.__name__} of at least {self.minimum:g}"
        else:
            text = f"a value of type {self.kind.__name__}"
        return text + (" (or none)" if self.nullable else "")

    def parse(self, value: object) -> OptionValue:
        """Validate ``value`` (text from a command line is converted) or raise ``ValueError``."""
        bad = ValueError(
            f"option {self.name!r}: {value!r} is not accepted; it takes {self.accepts()}"
        )
        if value is None or (isinstance(value, str) and value.lower() in ("none", "null")):
            if self.nullable:
                return None
            raise bad
        if self.kind is bool:
            if isinstance(value, bool):
                out: OptionValue = value
            elif isinstance(value, str) and value.lower() in ("true", "yes", "on", "1"):
                out = True
            elif isinstance(value, str) and value.lower() in ("false", "no", "off", "0"):
                out = False
            else:
                raise bad
        elif self.kind is int:
            if isinstance(value, bool):
                raise bad
            if isinstance(value, int):
                out = value
            elif isinstance(value, str):
                try:
                    out = int(value.strip())
                except ValueError:
                    raise bad from None
            else:
                raise bad
        elif self.kind is float:
            if isinstance(value, bool) or not isinstance(value, int | float | str):
                raise bad
            try:
                out = float(value)
            except ValueError:
                raise bad from None
        elif self.kind is str:
            if not isinstance(value, str):
                raise bad
            out = value
        else:  # pragma: no cover - a game declared an unsupported kind
            raise TypeError(f"option {self.name!r} has unsupported kind {self.kind!r}")
        if self.choices is not None and out not in self.choices:
            raise bad
        if isinstance(out, int | float) and not _within(out, self.minimum, self.maximum):
            raise bad
        if self.check is not None:
            problem = self.check(out)
            if problem:
                raise ValueError(f"option {self.name!r}: {problem}")
        return out


def _within(value: float, minimum: float | None, maximum: float | None) -> bool:
    return (minimum is None or value >= minimum) and (maximum is None or value <= maximum)


def resolve_options(declared: Sequence[Option], given: GivenOptions | None) -> Options:
    """Defaults overlaid with ``given``; unknown names and bad values raise ``ValueError``."""
    by_name = {o.name: o for o in declared}
    out: Options = {o.name: o.default for o in declared}
    for key, value in (given or {}).items():
        if key not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise ValueError(f"unknown option {key!r}; this game's options are: {known}")
        out[key] = by_name[key].parse(value)
    return out


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["key=value", ...]`` from a command line into a dict (values stay text)."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"option {pair!r} is not of the form key=value")
        out[key.strip()] = value.strip()
    return out


def int_option(options: Mapping[str, OptionValue], name: str) -> int:
    """The integer option ``name`` of resolved ``options`` (``TypeError`` if it is not one)."""
    value = options[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"option {name!r} is {value!r}, not an integer")
    return value


def str_option(options: Mapping[str, OptionValue], name: str) -> str:
    """The text option ``name`` of resolved ``options`` (``TypeError`` if it is not text)."""
    value = options[name]
    if not isinstance(value, str):
        raise TypeError(f"option {name!r} is {value!r}, not text")
    return value
