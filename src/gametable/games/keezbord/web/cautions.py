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
from gametable.games.keezbord.pawns import KeezbordPawns
from gametable.games.keezbord.public import FORWARD_STEPS

NEST = "N"
LETTERS = "abcdef"
#: the kinds (JSON forms) of the moves that may send a pawn home: placing a pawn on its start,
#: moving one or two (a Jack's swap trades two pawns' places and sends nobody home, KB-052)
MOVES = frozenset({"place", "move", "split"})
#: no card moves a pawn further than this, forwards or backwards (a Four: 4 back)
REACH = max(FORWARD_STEPS.values())


def _pawns(state: State) -> KeezbordPawns:
    """The state's pawns, read from the state itself (``pawn_places`` is the view's ``pawns``;
    building the whole view would cost four times the rest of the check)."""
    assert isinstance(state, KeezbordPawns)
    return state


def _friends(state: State, seat: int, players: int) -> list[int]:
    """The seats whose pawns ``seat`` would not send home: its own and its partner's (the
    game's partnerships, ``Game.teams``)."""
    return next((list(t) for t in state.game.teams(players) if seat in t), [seat])


def _sent_home(before: list[list], after: list[list], seats: list[int]) -> list[str]:
    return [
        f"{LETTERS[p]}{k + 1}"
        for p in seats
        for k, (was, now) in enumerate(zip(before[p], after[p], strict=True))
        if was != NEST and now == NEST
    ]


def _within_reach(action: Action, places: list[list], targets: list[int], length: int) -> bool:
    """Whether the pawns ``action`` moves could reach one of the track spaces ``targets``: a
    quick test that spares playing the moves that cannot send anyone home (a place always may)."""
    form = action.to_json()
    if form["kind"] == "place":
        return True
    for key in ("pawn", "first", "second"):
        pawn = form.get(key)
        if pawn is None:
            continue
        at = places[LETTERS.index(pawn[0])][int(pawn[1:]) - 1]
        if isinstance(at, int) and any(
            0 < (t - at) % length <= REACH or 0 < (at - t) % length <= REACH for t in targets
        ):
            return True
    return False


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
    pawns = _pawns(state)
    before = pawns.pawn_places()
    friends = _friends(state, seat, len(before))
    targets = [place for p in friends for place in before[p] if isinstance(place, int)]
    if not targets:
        return {}  # no pawn of the seat's side on the track: none can be sent home
    length = pawns.length
    hits: dict[int, list[str]] = {}
    for i, action in enumerate(actions):
        if getattr(action, "kind", None) not in MOVES:
            continue
        if not _within_reach(action, before, targets, length):
            continue
        after = state.clone()
        after.apply_unchecked(action, seat)
        sent = _sent_home(before, _pawns(after).pawn_places(), friends)
        if sent:
            hits[i] = sent
    if len(hits) == len(actions):  # every play does it: the rules leave no choice
        return {}
    return {i: question(seat, pawns) for i, pawns in hits.items()}


CAUTIONS = cautions
