"""A move's views built together (``State.views``: the public part once, each seat's own part
added) and the parts they share encoded once (``wire.Memo``): every view is exactly the seat's
``view(seat)``, a seat's hidden cards reach its own view only, and nothing of a move is served
at the next one.  Balam's kept action codes and build sentences are the ones worked out afresh,
and the legal list assembled from encoded pieces is the one encoded whole."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest

from gametable import load_game
from gametable.core.parts import part
from gametable.core.protocol import State
from gametable.games.balam import describe as balam_describe
from gametable.games.balam import encoding as balam_encoding
from gametable.games.balam.actions import Build
from gametable.server.connection import encode
from gametable.server.manager import TableManager
from gametable.server.offers import CAUTIONS, Offers
from gametable.server.settings import Settings
from gametable.server.store import Store
from gametable.server.tables import Table
from gametable.server.wire import Follower, Memo, Prints, apply_patch, patch_value

_encode = msgspec.json.Encoder().encode
GAMES = [("keezbord", 4), ("keezbord", 2), ("balam", 2), ("balam", 4), ("balzakken", 2)]


def walk(game: str, players: int, seed: int, moves: int = 400) -> list[State]:
    """The positions of a seeded random game (at most ``moves`` of them)."""
    state = load_game(game).new_game(players, seed=seed)
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_over and len(out) <= moves:
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        out.append(state.clone())
    return out


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_views_made_together_are_each_seats_own_view_byte_for_byte(game: str, players: int) -> None:
    """Same keys, same order, same values as ``view(seat)``, at every position of a game, also
    when ``view`` is asked after ``views`` (a shared part changed by a seat's would show)."""
    seats: list[int | None] = [*range(players), None]
    for state in walk(game, players, seed=5, moves=250):
        together = state.views(seats)
        assert list(together) == seats
        for seat in seats:
            assert _encode(together[seat]) == _encode(state.view(seat)), (seat, state.ply)


def test_a_keezbord_hand_reaches_its_own_seats_view_only() -> None:
    """KB: the other hands are hidden.  Built together, each seat's view holds its own hand (a
    list of its own) and no other; the spectators' view, which is the shared part, none."""
    seats: list[int | None] = [0, 1, 2, 3, None]
    for state in walk("keezbord", 4, seed=9):
        together = state.views(seats)
        assert "hand" not in together[None]
        hands = [together[s]["hand"] for s in range(4)]
        for seat in range(4):
            assert hands[seat] == state.view(seat)["hand"]
            assert all(hands[seat] is not hands[other] for other in range(4) if other != seat)


def test_a_balam_seats_divination_reaches_its_own_view_only() -> None:
    """BA: a Katun card a seat looked at is shown to that seat alone: built together, the
    others' views and the spectators' still say ``?`` for it."""
    seats: list[int | None] = [0, 1, None]
    peeked = 0
    for state in walk("balam", 2, seed=5):
        data: Any = state
        together = state.views(seats)
        for seat in (0, 1):
            mine = data.peeks[seat]
            if not mine:
                continue
            peeked += 1
            assert together[seat]["katun"] is not together[None]["katun"]
            for other in (1 - seat, None):
                theirs = 0 if other is None else data.peeks[other]
                for i, c in enumerate(data.slots):
                    if c >= 0 and mine >> i & 1 and not theirs >> i & 1:
                        assert together[other]["katun"]["slots"][i] == "?"
                        assert together[other]["katun"]["cards"][i]["card"] is None
                        assert together[seat]["katun"]["slots"][i] != "?"
    assert peeked > 0  # the walk reaches a divination (seed 5 does)


@pytest.mark.parametrize(("game", "players"), [("balam", 2), ("keezbord", 4)])
def test_parts_shared_between_seats_are_encoded_once_with_the_same_patches(
    game: str, players: int
) -> None:
    """Fingerprints taken with a move's memo give every seat exactly the text or patch it gets
    without one; the memo holds each shared part once."""
    seats: list[int | None] = [*range(players), None]
    alone = {seat: Prints() for seat in seats}
    shared = {seat: Prints() for seat in seats}
    for state in walk(game, players, seed=3, moves=120):
        together = state.views(seats)
        memo: Memo = {}
        for seat in seats:
            expected = alone[seat].update(state.view(seat))
            assert shared[seat].update(together[seat], memo=memo) == expected
        if game == "balam":  # big views, fingerprinted: their shared parts are in the memo
            public = together[None]
            for key in ("sites", "board", "kings", "log"):
                assert memo[id(public[key])][0] is public[key]
                assert all(together[seat][key] is public[key] for seat in seats)


def test_every_update_of_a_move_is_the_seats_view_after_that_move(tmp_path: Path) -> None:
    """Through ``Table.broadcast`` (views together, one memo a move): every seat's and the
    spectators' updates, patched by a client, are the view after the move, move after move;
    nothing of the move before is served (a stale part would leave a client's view behind)."""

    class Kept:
        def __init__(self, seat: int | None) -> None:
            self.seat = seat
            self.follower = Follower()

        def send(self, message: Any) -> None:
            text = message if isinstance(message, str) else encode(message)
            self.follower.take(msgspec.json.decode(text))

    async def main() -> None:
        store = Store(Settings(data_dir=tmp_path).url())
        manager = TableManager(Settings(data_dir=tmp_path, bot_delay=0), store)
        await manager.start()
        try:
            for game, players in [("balam", 2), ("keezbord", 4)]:
                table, _ = await manager.create(game, players, {}, [{"kind": "human"}] * players)
                conns = [Kept(s) for s in [*range(players), None]]
                table.connections = set(conns)  # type: ignore[arg-type]
                rng = random.Random(7)
                patched = 0
                for _ in range(80):
                    if table.state.is_over:
                        break
                    seat = table.state.to_move[0]
                    before = {c.seat: c.follower.view for c in conns}
                    await table.act(seat, str(rng.choice(table.state.legal_actions(seat))))
                    for conn in conns:
                        view = conn.follower.view
                        assert conn.follower.seq == table.seq
                        assert view == msgspec.json.decode(_encode(table.state.view(conn.seat)))
                        if before[conn.seat] is not None:
                            assert view != before[conn.seat]  # ply moved on, at least
                            patched += 1
                assert patched > 0
        finally:
            await manager.close()
            store.close()

    asyncio.run(main())


def test_balam_action_codes_kept_are_the_codes_worked_out_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Balam's codes are kept per board (``ActionCodec.codes``); kept or not, forgotten all at
    once when full or not, a code is the one the encoding gives and decodes back."""
    for board in ("default", "small"):
        state = load_game("balam").new_game(2, seed=4, options={"board": board})
        rng = random.Random(4)
        codec = state.action_codec  # type: ignore[attr-defined]
        assert codec.kept == balam_encoding.CODES_KEPT
        # (the codec's own limit, not the module's constant: compiled, a constant is inlined)
        monkeypatch.setattr(codec, "kept", 50)
        monkeypatch.setattr(codec, "codes", {})  # shared by the process's games of this board
        for _ in range(150):
            if state.is_over:
                break
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            for action in legal:
                for _ in range(2):  # worked out, then kept
                    assert state.encode_action(action) == codec._encode(action)
                    assert state.decode_action(state.encode_action(action)) == action
            assert len(codec.codes) <= 50
            state.apply(rng.choice(legal), seat)


def test_balam_build_sentence_follows_whether_the_site_is_the_seats_city() -> None:
    """Build sentences are kept per board, seat and whether the site is the seat's city: the
    same action on a site that becomes the seat's city reads "its city", and back again."""
    state: Any = load_game("balam").new_game(2, seed=2)
    seat = state.to_move[0]
    rng = random.Random(2)
    while not any(isinstance(a, Build) for a in state.legal_actions(seat)):
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        seat = state.to_move[0]
    build = next(a for a in state.legal_actions(seat) if isinstance(a, Build))
    site = state.board.index(build.site)
    first = state.describe(build, seat)
    owner = state.owner[site]
    changed = state.clone()
    changed.owner[site] = -1 if owner == seat else seat
    other = changed.describe(build, seat)
    assert other != first
    assert ("its city" in other) == (owner != seat)
    assert state.describe(build, seat) == first
    s = state.board.index(build.site)
    fresh = balam_describe.build_words(state, build, f"seat {seat}", seat, s)
    assert first == fresh


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_legal_list_as_text_is_legal_for_encoded(game: str, players: int) -> None:
    """The mover's legal list in an update (``Offers.legal_text``, assembled from each action's
    encoded forms) decodes to ``legal_for``'s entries, keys in the same order; empty for the
    seats that do not decide and for the spectators."""
    offers = Offers()
    for state in walk(game, players, seed=6, moves=200):
        for seat in [*range(players), None]:
            text = bytes(offers.legal_text(state, seat))
            assert text == _encode(offers.legal_for(state, seat)), (seat, state.ply)
            if seat not in state.to_move:
                assert text == b"[]"


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_legal_entry_is_the_actions_notation_description_caution_code_json_and_steps(
    game: str, players: int
) -> None:
    """``legal_for`` (and so ``legal_text``, checked against it above) lists, in the game's
    order, each legal action's ``str``, its ``describe`` for the seat, the game's ``cautions``
    question if it has one, its ``encode_action``
    (left out where the game has none), its ``to_json`` (left out where the game has none yet)
    and its ``steps``: worked out here from the game's protocol alone, key order included."""
    offers = Offers()
    for state in walk(game, players, seed=8, moves=120):
        for seat in [*range(players), None]:
            expected: list[dict[str, Any]] = []
            if seat is not None and seat in state.to_move:
                legal = state.legal_actions(seat)
                asks = part(state.game, CAUTIONS)(state, seat, legal)
                for i, action in enumerate(legal):
                    item: dict[str, Any] = {
                        "notation": str(action),
                        "text": state.describe(action, seat),
                    }
                    if i in asks:
                        item["caution"] = asks[i]
                    with contextlib.suppress(NotImplementedError, ValueError):
                        item["code"] = state.encode_action(action)
                    with contextlib.suppress(NotImplementedError):
                        item["json"] = action.to_json()
                    item["steps"] = list(action.steps)
                    expected.append(item)
            got = offers.legal_for(state, seat)
            assert _encode(got) == _encode(expected), (seat, state.ply)


def test_a_shared_part_walked_once_still_gives_each_seat_the_patch_from_its_own_last_view() -> None:
    """The keys of a split object (Balam's sites) are fingerprinted once a move for the seats
    that share the object and were sent the same one before (``wire._split``); a seat that was
    sent another one before gets its own patch all the same."""
    sites = {f"s{i}": {"owner": i % 3, "pad": "x" * 40} for i in range(30)}
    older = {**sites, "s5": {"owner": 9, "pad": "y"}}
    views = {"a": {"sites": sites, "n": 1}, "b": {"sites": older, "n": 1}}
    views["c"] = views["a"]
    prints = {seat: Prints() for seat in views}
    memo: Memo = {}
    for seat, view in views.items():
        prints[seat].update(view, 0, memo)  # the first view goes whole
    moved = {**sites, "s3": {"owner": 2, "pad": "z"}}
    memo = {}
    for seat, view in views.items():
        whole, patch = prints[seat].update({"sites": moved, "n": 2}, 0, memo)
        assert whole is None and patch is not None
        rebuilt = apply_patch(view, msgspec.json.decode(_encode(patch_value(patch))))
        assert rebuilt == {"sites": moved, "n": 2}, seat


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_move_named_as_offered_is_the_games_own_parse_and_description(
    game: str, players: int
) -> None:
    """A request naming an action of the legal list the last broadcast offered (its notation)
    is played with the game's listed action object and logged with the description sent with
    it: the position after it and the text are those of the game's parser and ``describe``.
    Once the table has moved on, the offer is not used (the game parses again)."""
    game_rules = load_game(game)
    table = Table.apart(game_rules, players, 1, id="offer")
    table.connections = [SimpleNamespace(seat=s, send=lambda text: None) for s in range(players)]  # type: ignore[assignment]
    offers = 0
    for state in walk(game, players, seed=8, moves=120):
        table.state = state
        table.broadcast()
        seat = state.to_move[0] if state.to_move else None
        if seat is None:
            continue
        listed = state.legal_actions(seat)
        for action in listed[:12]:
            notation = str(action)
            offered = table.from_offer(seat, notation)
            assert offered is not None
            assert any(offered[0] is a for a in listed)  # the game's own object
            parsed = game_rules.parse_action(state.clone(), notation)
            assert offered[0] == parsed
            assert offered[1] == state.describe(parsed, seat)
            after, played = table.trial(seat, notation)
            by_parser = state.clone()
            by_parser.apply(parsed, seat)
            assert played is offered[0]
            assert _encode(after.to_json()) == _encode(by_parser.to_json())
            offers += 1
        assert table.from_offer(seat, "no such move") is None
        assert table.from_offer(None, str(listed[0])) is None
        table.state = state.clone()  # another position (even an equal one): no offer
        assert table.from_offer(seat, str(listed[0])) is None
    assert offers > 100
