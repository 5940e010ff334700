"""View parts kept from one move to the next: Balam hands the larger parts of its public view
that did not change as the same objects (``views.public_view``, kept in ``view_memo``), and a
table carries the hashes of a move's parts to the next broadcast (``wire.carried``), so that a
part handed again is looked up, not encoded again.

What must never happen: a part that changed served with the encoding of the move before (a
stale part), or a kept part changed after it was handed out.  Checked along seeded games: every
kept part equals the part built afresh, every object handed out still encodes as it did when it
was handed out, and every seat's view patched move after move by a client is the seat's
``view(seat)`` after that move."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from gametable import load_game
from gametable.core.protocol import State
from gametable.server.tables import LogEntry, Table
from gametable.server.wire import BEFORE, CARRY, Follower, Memo, Prints, carried

_encode = msgspec.json.Encoder().encode
#: the parts of a Balam public view that may be kept (``views._KEPT``)
KEPT = ("options", "sites", "katun", "last_war", "log", "rounds", "board")


def chain(game: str, players: int, seed: int, moves: int = 400) -> Iterator[State]:
    """The positions of a seeded random game as a server makes them, one at a time (the next
    is made only once the caller is done with this one, as a table's views are made between
    moves): each a clone of the one before with the move applied (clones share the game's
    memos)."""
    state = load_game(game).new_game(players, seed=seed)
    rng = random.Random(seed)
    yield state
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        state = state.clone()
        state.apply(action, seat)
        yield state


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 3), (3, 11)])
def test_balam_parts_kept_between_moves_are_the_parts_built_afresh(players: int, seed: int) -> None:
    """Along a game, each seat's view made together (the public part's larger parts kept while
    unchanged) is byte for byte its ``view(seat)``; and the parts are kept: the board at every
    move, the Katun cards, the rounds, the log and sites often."""
    seats: list[int | None] = [*range(players), None]
    kept = dict.fromkeys(KEPT, 0)
    sites_kept = 0
    before: Any = None
    for state in chain("balam", players, seed):
        together = state.views(seats)
        for seat in seats:
            assert _encode(together[seat]) == _encode(state.view(seat)), (seat, state.ply)
        public = together[None]
        if before is not None:
            for key in KEPT:
                kept[key] += public[key] is before[key]
            sites_kept += sum(public["sites"][s] is before["sites"][s] for s in public["sites"])
        before = public
    moves = state.ply
    assert kept["board"] == moves
    assert kept["katun"] > moves / 2 and kept["rounds"] > moves / 2, kept
    assert kept["log"] > 0 and kept["sites"] > 0 and kept["options"] == moves, kept
    assert sites_kept > 20 * moves  # most sites are the same objects from move to move


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_balam_parts_handed_out_are_never_changed_afterwards(players: int, seed: int) -> None:
    """Every part (and every site) of every public view handed out along a game encodes at the
    end of the game exactly as when it was handed out: nothing kept is changed in place by the
    rules (a change would reach the views of later moves through the kept object)."""
    handed: list[tuple[Any, bytes]] = []
    for state in chain("balam", players, seed):
        public = state.views([None])[None]
        for part in public.values():
            handed.append((part, _encode(part)))
        for site in public["sites"].values():
            handed.append((site, _encode(site)))
    assert len(handed) > 1000
    for part, text in handed:
        assert _encode(part) == text


def test_a_part_handed_again_as_the_same_object_is_looked_up_not_encoded() -> None:
    """A move's memo carried to the next (``wire.carried``) keeps each part with its hash and
    length but not its text, and keeps the part itself (so that its ``id`` names it alone); the
    next move finds a part handed again there and does not encode it; the whole views (not in
    the memo) and the parts shorter than ``CARRY`` bytes are not carried, nor what the next move
    did not use."""
    board = list(range(200))
    small = [1]
    first = {"board": board, "small": small, "ply": 1}
    memo: Memo = {}
    Prints().update(first, 0, memo)
    carry = carried(memo)
    assert set(carry) == {id(board)}
    assert carry[id(board)][0] is board and carry[id(board)][1] is None
    assert carry[id(board)][2:] == memo[id(board)][2:]
    second = {"board": board, "small": [2], "ply": 2}
    memo = {BEFORE: carry}
    prints = Prints()
    prints.update(first, 0)
    _, patch = prints.update(second, 0, memo)
    assert memo[id(board)] is carry[id(board)]  # found in the carry: no text made
    assert patch is not None and [op[1] for op in patch] == [["small"], ["ply"]]
    third = {"board": [], "ply": 3}
    memo = {BEFORE: carried(memo)}
    prints.update(third, 0, memo)
    assert id(board) not in carried(memo)  # not used again: forgotten
    assert len(_encode(small)) < CARRY


class Client:
    """A connection whose client applies every update to its view of the move before."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.follower = Follower()

    def send(self, message: Any) -> None:
        self.follower.take(msgspec.json.decode(message))


@pytest.mark.parametrize(
    ("game", "players", "seed", "whole"),
    [("balam", 2, 3, 2048), ("balam", 4, 4, 0), ("balam", 3, 5, 0), ("keezbord", 4, 6, 0)],
)
def test_no_carried_encoding_is_served_for_a_part_that_changed(
    game: str, players: int, seed: int, whole: int
) -> None:
    """Through ``Table.broadcast`` along a whole seeded game (the parts' hashes carried from
    move to move, seat 1 away for a while so that its view goes whole again, spectators too):
    every client's view, patched move after move, is its seat's ``view(seat)`` after that move.
    A part that changed but was served with a carried encoding would leave a view behind."""
    rules = load_game(game)
    states = chain(game, players, seed, moves=10_000)
    first = next(states)
    table = Table.apart(rules, players, seed, first, patch_threshold=whole, id="kept")
    clients = [Client(s) for s in [*range(players), None, None]]
    patched = 0
    for n, state in enumerate(states, 1):
        table.state = state
        table.log.append(LogEntry(n, 0, "x", "x"))
        here = [c for c in clients if not (c.seat == 1 and 30 <= n < 45)]
        table.connections = here  # type: ignore[assignment]
        table.broadcast()
        for client in here:
            seq = client.follower.seq
            assert seq == table.seq
            expected = msgspec.json.decode(_encode(state.view(client.seat)))
            assert client.follower.view == expected, (client.seat, n)
        for client in clients:
            if client not in here:
                client.follower = Follower()
        patched += len(here)
    assert patched > 200
    if game == "balam":
        assert table.broadcaster.carry  # something was carried
