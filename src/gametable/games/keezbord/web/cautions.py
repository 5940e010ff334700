"""Which of a Keezbord seat's legal moves are almost surely a mistake, and what each costs.

The web table asks before playing them (``docs/web.md``, "Confirmations"). In Keezbord that is a
move that sends one's own pawn, or one's partner's, back to its nest when another play exists
(the rulebook: "if you can play a card, you must play it ... even if it means that you knock your
own pawn off the board"; when every play does it, there is nothing to ask). Each move is played
on a copy of the position by the engine, so the question agrees with the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from gametable.core.protocol import Action, State

NEST = "N"
LETTERS = "abcdef"


def _friends(state: State, seat: int) -> list[int]:
    """The seats whose pawns ``seat`` would not send home: its own and its partner's."""
    teams = state.view_parts(seat, ("teams",)).get("teams") or []
    return next((list(t) for t in teams if seat in t), [seat])


def _sent_home(before: list[list], after: list[list], seats: list[int]) -> list[str]:
    return [
        f"{LETTERS[p]}{k + 1}"
        for p in seats
        for k, (was, now) in enumerate(zip(before[p], after[p], strict=True))
        if was != NEST and now == NEST
    ]


def question(seat: int, pawns: list[str]) -> str:
    """The question asked before a move that sends ``pawns`` (of ``seat``'s team) home."""
    mine = [p for p in pawns if LETTERS.index(p[0]) == seat]
    theirs = [p for p in pawns if p not in mine]
    said = []
    if mine:
        said.append(f"your own pawn{'s' if len(mine) > 1 else ''} {' and '.join(mine)}")
    if theirs:
        said.append(f"your partner's pawn{'s' if len(theirs) > 1 else ''} {' and '.join(theirs)}")
    return (
        f"This move sends {' and '.join(said)} back to the nest, and another play exists."
        " Play it anyway?"
    )


def cautions(state: State, seat: int, actions: Sequence[Action]) -> dict[int, str]:
    """Per index into ``actions`` (the seat's legal actions), the question to ask first."""
    if len(actions) < 2:
        return {}
    friends = _friends(state, seat)
    before = state.view_parts(seat, ("pawns",))["pawns"]
    hits: dict[int, list[str]] = {}
    for i, action in enumerate(actions):
        if getattr(action, "kind", None) not in ("move", "split", "swap"):
            continue
        after = state.clone()
        after.apply_unchecked(action, seat)
        sent = _sent_home(before, after.view_parts(seat, ("pawns",))["pawns"], friends)
        if sent:
            hits[i] = sent
    if len(hits) == len(actions):  # every play does it: the rules leave no choice
        return {}
    return {i: question(seat, pawns) for i, pawns in hits.items()}


CAUTIONS = cautions
