"""Positions built from a question, in the game's own JSON position format.

The format is the one of ``docs/rules/balzakken.md`` ("Positions by hand"): hands as lists of
cards, the discard pile (top last), the seat to move, the score sheet; the rest of the deck is
shuffled into the draw pile by the engine.  A hand said as points ("3 points") is made of real
cards worth that much, never more copies of a card than the deck holds.

>>> build([["3", "L"], ["2"]], to_move=0)["hands"]
[['3', 'L'], ['2']]
>>> cards_worth(25, Counter())
['11', '11', '3']
>>> cards_worth(-3, Counter())
['-1', '-1', '-1']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from gametable.core.errors import GameError
from gametable.core.protocol import State
from gametable.core.registry import load_game

GAME = load_game("balzakken")


def _default_copies(option: str) -> int:
    """The copies the option ``option`` puts in the deck by default."""
    value = GAME.option(option).default
    assert isinstance(value, int) and not isinstance(value, bool), value
    return value


#: copies of each card in the default deck (the options' defaults)
COPIES = {
    **{str(v): _default_copies("copies") for v in range(-1, 12)},
    "S": _default_copies("swingers"),
    "L": _default_copies("luls"),
}
#: the largest hand a question may describe (more is no Balzakken hand)
MOST_POINTS = 60


def free(card: str, used: Counter[str], n: int = 1) -> bool:
    """Whether the deck still holds ``n`` more of ``card`` after ``used``."""
    return used[card] + n <= COPIES.get(card, 0)


def cards_worth(points: int, used: Counter[str]) -> list[str] | None:
    """Balzakken worth ``points`` together, taken from what ``used`` leaves of the deck (and
    added to it); ``None`` when the deck cannot make it."""
    if not -COPIES["-1"] <= points <= MOST_POINTS:
        return None
    out: list[str] = []
    rest = points
    while rest > 11:
        card = next((str(v) for v in range(11, 5, -1) if free(str(v), used + Counter(out))), None)
        if card is None:
            return None
        out.append(card)
        rest -= int(card)
    taken = used + Counter(out)
    if -1 <= rest <= 11 and free(str(rest), taken):
        out.append(str(rest))
    elif rest < -1 and free("-1", taken, -rest):
        out.extend(["-1"] * -rest)
    else:
        pair = next(
            (
                (str(a), str(rest - a))
                for a in range(-1, 12)
                if -1 <= rest - a <= 11
                and free(str(a), taken)
                and free(str(rest - a), taken + Counter([str(a)]))
            ),
            None,
        )
        if pair is None:
            return None
        out.extend(pair)
    used.update(out)
    return out


def build(
    hands: Sequence[Sequence[str]],
    *,
    to_move: int = 0,
    scores: Sequence[int] | None = None,
    discard: Sequence[str] | None = None,
    in_front: Sequence[Sequence[str]] | None = None,
) -> dict[str, Any]:
    """A position with these hands; the discard pile's top is a Balzak the hands leave free."""
    used = Counter(c for hand in hands for c in hand)
    if in_front:
        used.update(c for cards in in_front for c in cards)
    if discard is None:
        top = next(str(v) for v in (8, 9, 10, 7, 6, 5, 4, 3, 2, 1, 0, 11, -1) if free(str(v), used))
        discard = [top]
    data: dict[str, Any] = {
        "game": "balzakken",
        "players": len(hands),
        "hands": [list(h) for h in hands],
        "discard_pile": list(discard),
        "to_move": to_move,
    }
    if scores is not None:
        data["scores"] = list(scores)
    if in_front is not None:
        data["in_front"] = [list(f) for f in in_front]
    return data


def load(position: dict[str, Any]) -> State | None:
    """The engine's state of ``position``, or ``None`` when the engine refuses it (the question
    described something no game can hold)."""
    try:
        return GAME.state_from_json(position)
    except GameError:
        return None
