"""Legal actions grouped into short menus by their :attr:`~gametable.core.protocol.Action.steps`.

Every client (terminal, browser, adapters' renderers) shows a decision the same way: a menu of the
first steps of the legal actions; picking an entry opens the menu of the next steps below it, until
an entry completes an action.  The steps of the legal actions are distinct and none is a prefix of
another's (the conformance suite checks it), so the menus form a tree whose leaves are the actions.

>>> from dataclasses import dataclass
>>> from gametable.core.protocol import Action
>>> @dataclass(frozen=True)
... class Pick(Action):
...     path: tuple[str, ...]
...     @property
...     def steps(self) -> tuple[str, ...]:
...         return self.path
>>> legal = [Pick(("build", "village", "c3")), Pick(("build", "temple", "c3")),
...          Pick(("attack", "b3", "c3", "2 garrisons")), Pick(("end",))]
>>> [c.label for c in menu(legal)]
['build', 'attack', 'end']
>>> [c.label for c in menu(legal, ("build",))]
['village', 'temple']
>>> menu(legal, ("build", "temple"))[0].action
Pick(path=('build', 'temple', 'c3'))
>>> forced_path(legal, ("attack",))
('attack', 'b3', 'c3')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gametable.core.protocol import Action

#: the most entries any menu level may offer (the conformance suite checks every game against it)
MAX_ENTRIES = 40
#: the longest label a step may have
MAX_LABEL = 32


@dataclass(frozen=True)
class Choice:
    """One entry of a menu level: its ``label``, the ``path`` of labels that leads to it (its own
    label last), and every legal action below it."""

    label: str
    path: tuple[str, ...]
    actions: tuple[Action, ...]

    @property
    def action(self) -> Action | None:
        """The action that picking this entry completes, or ``None`` if more steps follow."""
        for action in self.actions:
            if len(action.steps) == len(self.path):
                return action
        return None

    @property
    def is_final(self) -> bool:
        return self.action is not None


def below(actions: Iterable[Action], path: Sequence[str] = ()) -> list[Action]:
    """The actions whose steps start with ``path`` (all of them for the empty path)."""
    prefix = tuple(path)
    n = len(prefix)
    return [a for a in actions if a.steps[:n] == prefix]


def menu(actions: Iterable[Action], path: Sequence[str] = ()) -> list[Choice]:
    """The entries of the menu level below ``path``, in the order the actions first name them.

    An empty list means no legal action starts with ``path``.
    """
    prefix = tuple(path)
    n = len(prefix)
    groups: dict[str, list[Action]] = {}
    for action in actions:
        steps = action.steps
        if len(steps) > n and steps[:n] == prefix:
            groups.setdefault(steps[n], []).append(action)
    return [Choice(label, (*prefix, label), tuple(group)) for label, group in groups.items()]


def forced_path(actions: Iterable[Action], path: Sequence[str] = ()) -> tuple[str, ...]:
    """``path`` extended for as long as the next level offers a single entry that is not final.

    Clients use it to skip levels with nothing to choose.
    """
    pool = below(actions, path)
    current = tuple(path)
    while True:
        entries = menu(pool, current)
        if len(entries) != 1 or entries[0].is_final:
            return current
        current = entries[0].path


def widest_level(actions: Iterable[Action]) -> tuple[int, tuple[str, ...]]:
    """The largest number of entries any level of the menu tree offers, and that level's path."""
    pool = list(actions)
    best: tuple[int, tuple[str, ...]] = (0, ())
    stack: list[tuple[str, ...]] = [()]
    while stack:
        path = stack.pop()
        entries = menu(pool, path)
        if len(entries) > best[0]:
            best = (len(entries), path)
        stack.extend(c.path for c in entries if any(len(a.steps) > len(c.path) for a in c.actions))
    return best


def tree(actions: Iterable[Action]) -> list[dict[str, Any]]:
    """The whole menu tree as JSON: ``[{"label", "action"?, "children"?}]``, where ``action`` is
    the action's JSON form (:meth:`Action.to_json`) at a leaf."""

    def level(pool: list[Action], path: tuple[str, ...]) -> list[dict[str, Any]]:
        out = []
        for choice in menu(pool, path):
            node: dict[str, Any] = {"label": choice.label}
            done = choice.action
            if done is not None:
                node["action"] = done.to_json()
            rest = [a for a in choice.actions if a is not done]
            if rest:
                node["children"] = level(rest, choice.path)
            out.append(node)
        return out

    return level(list(actions), ())


def check_steps(actions: Sequence[Action]) -> str | None:
    """What is wrong with the steps of a list of legal actions, or ``None`` if nothing is.

    Each action's steps are a non-empty tuple of non-empty labels of at most
    :data:`MAX_LABEL` characters; no two actions share steps; no action's steps are a prefix of
    another's; and no menu level offers more than :data:`MAX_ENTRIES` entries.
    """
    seen: dict[tuple[str, ...], Action] = {}
    for action in actions:
        steps = action.steps
        if not isinstance(steps, tuple) or not steps:
            return f"{action}: steps must be a non-empty tuple, not {steps!r}"
        for label in steps:
            if not isinstance(label, str) or not label.strip() or len(label) > MAX_LABEL:
                return f"{action}: step {label!r} is not a short non-empty label"
        if steps in seen:
            return f"{action} and {seen[steps]} have the same steps {steps}"
        seen[steps] = action
    for steps, action in seen.items():
        for n in range(1, len(steps)):
            if steps[:n] in seen:
                return f"the steps of {seen[steps[:n]]} are a prefix of those of {action}"
    width, path = widest_level(actions)
    if width > MAX_ENTRIES:
        return f"the menu level {' > '.join(path) or '(top)'} offers {width} entries"
    return None


__all__ = [
    "MAX_ENTRIES",
    "MAX_LABEL",
    "Choice",
    "below",
    "check_steps",
    "forced_path",
    "menu",
    "tree",
    "widest_level",
]
