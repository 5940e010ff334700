"""Move requests (issue 16, item 5): a resent move is made once, a stale one is refused; moves in
JSON form (the typed contract); stored bot specs beyond the server's limits (item 1).

These run a :class:`TableManager` in the test's own event loop, on a throw-away SQLite file, so
that a table can start from a chosen seed (the API draws a secret one).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from gametable.core.protocol import Game
from gametable.core.registry import load_game
from gametable.server.manager import TableManager
from gametable.server.repeats import REMEMBERED_REQUESTS
from gametable.server.schema import StoredTable
from gametable.server.seats import SeatInfo, hash_token
from gametable.server.settings import Settings
from gametable.server.store import Store
from gametable.server.tables import Table
from tests.core.tinygame import TinyGame


def run(tmp_path: Path, scenario: Callable[[TableManager], Awaitable[None]]) -> None:
    async def main() -> None:
        settings = Settings(data_dir=tmp_path, bot_delay=0)
        store = Store(settings.url())
        manager = TableManager(settings, store)
        await manager.start()
        try:
            await scenario(manager)
        finally:
            await manager.close()
            store.close()

    asyncio.run(main())


async def seeded_table(manager: TableManager, game: Game, seed: int, players: int = 2) -> Table:
    """A table of humans (tokens ``t0``, ``t1``...) starting from ``seed``."""
    state = game.new_game(players, seed=seed)
    seats = [SeatInfo("human", token_hash=hash_token(f"t{i}")) for i in range(players)]
    now = time.time()
    table = Table(
        id=f"seeded-{seed}",
        game=game,
        seed=seed,
        players=players,
        options=dict(state.options),
        seats=seats,
        state=state,
        host=manager,
        created_at=now,
    )
    stored = StoredTable(
        table.id,
        game.name,
        game.version,
        players,
        seed,
        table.options,
        [s.to_store() for s in seats],
        "playing",
        None,
        None,
        now,
        now,
        [],
        owner=manager.worker.incarnation,  # held by this worker, as a loaded table always is
    )
    await manager.writer.write("create_table", stored)
    manager.tables[table.id] = table
    return table


def repeatable(state: Any) -> str | None:
    """A move of the seat to move that would still be legal for it right after it is made."""
    seat = state.to_move[0]
    for action in state.legal_actions(seat)[:12]:
        trial = state.clone()
        trial.apply(action, seat)
        if not trial.is_over and seat in trial.to_move and action in trial.legal_actions(seat):
            return str(action)
    return None


async def balam_with_a_move_legal_twice(manager: TableManager) -> tuple[Table, int, str]:
    """A Balam table (seed 0) played at random until its mover has a move that it could make
    twice running (Balam's "pay maize"); the table, that seat and that move."""
    table = await seeded_table(manager, load_game("balam"), seed=0)
    rng = random.Random(0)
    while (move := repeatable(table.state)) is None:
        assert table.seq < 300
        seat = table.state.to_move[0]
        await table.act(seat, rng.choice(table.state.legal_actions(seat)))
    return table, table.state.to_move[0], move


def test_a_resent_move_is_made_once(tmp_path: Path) -> None:
    async def scenario(manager: TableManager) -> None:
        table, seat, move = await balam_with_a_move_legal_twice(manager)
        n = table.seq
        first = await table.request(seat, move, "click-1")
        again = await table.request(seat, move, "click-1")
        assert first == {"type": "accepted", "id": "click-1", "seq": n + 1}
        assert again == {**first, "repeat": True}
        assert table.seq == n + 1  # made once, though it was still legal
        other = await table.request(seat, move, "click-2")  # a new request is a new move
        assert other["type"] == "accepted" and other["seq"] == n + 2

    run(tmp_path, scenario)


def test_two_identical_requests_at_once_make_one_move(tmp_path: Path) -> None:
    async def scenario(manager: TableManager) -> None:
        table, seat, move = await balam_with_a_move_legal_twice(manager)
        n = table.seq
        a, b = await asyncio.gather(
            table.request(seat, move, 7, seen=n), table.request(seat, move, 7, seen=n)
        )
        assert a["seq"] == b["seq"] == n + 1 and table.seq == n + 1
        assert [a.get("repeat"), b.get("repeat")].count(True) == 1

    run(tmp_path, scenario)


def test_a_move_decided_on_an_old_position_is_refused_as_stale(tmp_path: Path) -> None:
    async def scenario(manager: TableManager) -> None:
        table, seat, move = await balam_with_a_move_legal_twice(manager)
        n = table.seq
        assert (await table.request(seat, move, "a", seen=n))["seq"] == n + 1
        stale = await table.request(seat, move, "b", seen=n)  # a second click on the same view
        assert stale["type"] == "refused" and stale["error"]["kind"] == "stale"
        assert f"move {n}" in stale["error"]["message"] and table.seq == n + 1
        bad = await table.request(seat, move, "c", seen=str(n + 1))
        assert bad["error"]["kind"] == "bad_request" and table.seq == n + 1

    run(tmp_path, scenario)


def test_a_resent_move_after_a_restart_gets_its_first_answer(tmp_path: Path) -> None:
    async def scenario(manager: TableManager) -> None:
        table, seat, move = await balam_with_a_move_legal_twice(manager)
        n = table.seq
        assert (await table.request(seat, move, "k-9", seen=n))["seq"] == n + 1
        restarted = TableManager(manager.settings, manager.store)
        await restarted.start()  # the same worker name: its earlier incarnation's leases end
        try:
            again = await (await restarted.get(table.id)).request(seat, move, "k-9", seen=n)
            assert again == {"type": "accepted", "id": "k-9", "seq": n + 1, "repeat": True}
            assert (await restarted.get(table.id)).seq == n + 1
        finally:
            await restarted.close()

    run(tmp_path, scenario)


def test_an_id_reused_for_another_position_is_a_new_request(tmp_path: Path) -> None:
    async def scenario(manager: TableManager) -> None:
        table, seat, move = await balam_with_a_move_legal_twice(manager)
        n = table.seq
        assert (await table.request(seat, move, 1, seen=n))["seq"] == n + 1
        # a client that restarted its counter: the same id, but it saw the next position
        assert (await table.request(seat, move, 1, seen=n + 1))["seq"] == n + 2

    run(tmp_path, scenario)


def test_a_resent_move_pushed_out_of_the_remembered_answers_is_still_made_once(
    tmp_path: Path,
) -> None:
    """The answers remembered per seat hold its last REMEMBERED_REQUESTS requests; a move whose
    answer was pushed out by newer requests is found in the log (BA positions: Balam's "pay
    maize", legal twice running), so a resend without ``seq`` does not make it twice."""

    async def scenario(manager: TableManager) -> None:
        table, seat, move = await balam_with_a_move_legal_twice(manager)
        n = table.seq
        assert (await table.request(seat, move, "first"))["seq"] == n + 1
        for i in range(REMEMBERED_REQUESTS):  # refused (stale), but remembered: "first" goes
            stale = await table.request(seat, move, f"late-{i}", seen=0)
            assert stale["error"]["kind"] == "stale"
        assert "first" not in table.requests.answers[seat]
        again = await table.request(seat, move, "first")
        assert again == {"type": "accepted", "id": "first", "seq": n + 1, "repeat": True}
        assert table.seq == n + 1

    run(tmp_path, scenario)


def test_the_legal_list_made_again_is_the_same_list(tmp_path: Path) -> None:
    """Each action's notation, JSON form and steps are made once per process and reused: the
    list made from them is the list made afresh from the actions (Balam and Keezbord)."""

    async def scenario(manager: TableManager) -> None:
        for seed, (game, players) in enumerate([("balam", 2), ("keezbord", 4)], start=5):
            table = await seeded_table(manager, load_game(game), seed=seed, players=players)
            rng = random.Random(5)
            for _ in range(30):
                seat = table.state.to_move[0]
                actions = table.state.legal_actions(seat)
                fresh = [(str(a), a.to_json(), list(a.steps)) for a in actions]
                for _ in range(2):  # made, then reused
                    legal = table.legal_for(seat)
                    assert [(x["notation"], x["json"], x["steps"]) for x in legal] == fresh
                    assert [x["text"] for x in legal] == [
                        table.state.describe(a, seat) for a in actions
                    ]
                await table.act(seat, rng.choice(actions))
                if table.state.is_over:
                    break

    run(tmp_path, scenario)


def test_moves_in_json_form_and_legal_actions_carry_json_and_steps(tmp_path: Path) -> None:
    async def scenario(manager: TableManager) -> None:
        table = await seeded_table(manager, TinyGame(), seed=3)
        legal = table.message_for(0)["legal"]
        assert [x["json"] for x in legal] == [
            {"kind": "choice", "trade": False},
            {"kind": "choice", "trade": True},
        ]
        assert [x["steps"] for x in legal] == [["keep"], ["trade"]]
        wrong = await table.request(0, {"kind": "choice", "trade": "yes"}, "j1")
        assert wrong["type"] == "refused" and wrong["error"]["kind"] == "invalid"
        unknown = await table.request(0, {"kind": "fly"}, "j2")
        assert "kinds are: choice" in unknown["error"]["message"]
        assert (await table.request(0, {"kind": "choice", "trade": False}, "j3"))["seq"] == 1
        assert table.log[-1].notation == "keep"

    run(tmp_path, scenario)


def test_a_stored_bot_beyond_the_limits_never_runs_again(tmp_path: Path) -> None:
    """Item 1: tables stored with ``ismcts:seconds=inf`` stalled the server after a restart."""

    async def scenario(manager: TableManager) -> None:
        now = time.time()
        seats: list[dict[str, Any]] = [
            {"kind": "bot", "bot": "ismcts:seconds=inf", "token_hash": None, "name": None},
            {"kind": "human", "bot": None, "token_hash": hash_token("t1"), "name": None},
        ]
        manager.store.create_table(
            StoredTable(
                "old-bad-bot", "balzakken", 1, 2, 5, {}, seats, "playing", None, None, now, now, []
            )
        )
        table = await manager.get("old-bad-bot")
        assert table.seats[0].bot == "heuristic"
        deadline = time.monotonic() + 30
        while table.seq == 0:  # the replacement plays at once
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)

    run(tmp_path, scenario)
