"""What keeps one process fast with thousands of tables (issue 24): each update encoded once per
move and seat, the minute sweep in one write, the garbage collector kept out of the way.  The
figures themselves come from ``bench/capacity.py``, not from timed tests."""

from __future__ import annotations

import asyncio
import gc
import random
import threading
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
import uvloop
from fastapi import FastAPI
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from gametable.core.registry import load_game
from gametable.rulebook import chat
from gametable.server import manager as manager_module
from gametable.server import memory, pages, rules_api
from gametable.server.broadcast import Broadcaster
from gametable.server.connection import encode
from gametable.server.frames import DirectFrames, ParserLetGo
from gametable.server.manager import TableManager
from gametable.server.run import server_config
from gametable.server.settings import Settings
from gametable.server.store import Store
from gametable.server.tables import Table


class FakeConnection:
    """A connection that keeps what it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.sent: list[str] = []

    def send(self, message: dict[str, Any] | str) -> None:
        self.sent.append(message if isinstance(message, str) else encode(message))


def run(tmp_path: Path, scenario: Any, **settings: Any) -> None:
    async def main() -> None:
        store = Store(Settings(data_dir=tmp_path).url())
        manager = TableManager(Settings(data_dir=tmp_path, bot_delay=0, **settings), store)
        await manager.start()
        try:
            await scenario(manager)
        finally:
            await manager.close()
            store.close()

    asyncio.run(main())


async def keezbord_table(manager: TableManager) -> Table:
    table, _ = await manager.create("keezbord", 4, {}, [{"kind": "human"}] * 4)
    return table


def test_an_update_is_made_once_per_seat_and_move_and_only_the_mover_gets_legal_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(manager: TableManager) -> None:
        table = await keezbord_table(manager)
        conns = [FakeConnection(s) for s in (0, 0, 1, 2, 3, None, None, None)]
        table.connections.update(conns)  # type: ignore[arg-type]
        made: list[int | None] = []
        update_text = Broadcaster.update_text

        def counting(self: Broadcaster, seat: int | None, *args: Any) -> str:
            made.append(seat)
            return update_text(self, seat, *args)

        monkeypatch.setattr(Broadcaster, "update_text", counting)
        seat = table.state.to_move[0]
        await table.act(seat, table.state.legal_actions(seat)[0])
        assert sorted(made, key=str) == sorted([0, 1, 2, 3, None], key=str)  # 8 sockets, 5 views
        assert conns[0].sent == conns[1].sent and conns[5].sent == conns[6].sent == conns[7].sent
        movers = set(table.state.to_move)
        for conn in conns:
            legal = '"legal":[]' not in conn.sent[-1]
            assert legal == (conn.seat in movers)

    run(tmp_path, scenario)


def test_an_update_made_from_its_shared_head_says_what_message_for_says(tmp_path: Path) -> None:
    """A move's update is made of a part shared by every seat and each seat's own part: the
    message, read back, is the seat's ``message_for`` (every field; the view whole, as the
    seats had no view before), at a move and at the end of a game (``outcome``)."""

    async def scenario(manager: TableManager) -> None:
        for game, players in [("keezbord", 4), ("balam", 2)]:
            table, _ = await manager.create(game, players, {}, [{"kind": "human"}] * players)
            seats: list[int | None] = [*range(players), None]
            for moves in range(1500):
                conns = [FakeConnection(s) for s in seats]
                table.connections = set(conns)  # type: ignore[arg-type]
                table.broadcaster.prints.clear()  # every seat's view sent whole
                seat = table.state.to_move[0]
                await table.act(seat, table.state.legal_actions(seat)[-1])
                for conn in conns:
                    sent = msgspec.json.decode(conn.sent[-1])
                    assert sent == msgspec.json.decode(encode(table.message_for(conn.seat)))
                if table.state.is_over:
                    assert "outcome" in sent
                    break
                if moves >= 20 and game == "balam":  # Balam's games are long
                    break
            assert table.state.is_over or game == "balam"

    run(tmp_path, scenario)


@pytest.mark.parametrize("threshold", [2048, 1 << 40])
def test_patch_threshold_decides_whether_big_views_go_as_patches(
    tmp_path: Path, threshold: int
) -> None:
    """Balam's views (BA, 9 KB and more) go as patches from the second update on by default;
    with ``patch_threshold`` above any view, always whole (patches turned off)."""

    async def scenario(manager: TableManager) -> None:
        table, _ = await manager.create("balam", 2, {}, [{"kind": "human"}] * 2)
        spectator = FakeConnection(None)
        table.connections.add(spectator)  # type: ignore[arg-type]
        for _ in range(6):
            seat = table.state.to_move[0]
            await table.act(seat, table.state.legal_actions(seat)[0])
        updates = [msgspec.json.decode(text) for text in spectator.sent]
        assert len(updates) == 6 and "view" in updates[0]
        patched = ["patch" in update for update in updates[1:]]
        assert patched == [threshold == 2048] * 5

    run(tmp_path, scenario, patch_threshold=threshold)


def record_batches(
    manager: TableManager, monkeypatch: pytest.MonkeyPatch
) -> list[list[tuple[str, tuple]]]:
    """The batches the store writes from now on (each a list of writes)."""
    batches: list[list[tuple[str, tuple]]] = []
    write = manager.store.write

    def recording(ops: list[tuple[str, tuple]]) -> list[BaseException | None]:
        batches.append(ops)
        return write(ops)

    monkeypatch.setattr(manager.store, "write", recording)
    return batches


def test_the_sweep_marks_every_busy_table_used_in_one_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(manager: TableManager) -> None:
        tables = [await keezbord_table(manager) for _ in range(5)]
        for table in tables[:4]:
            table.connections.add(FakeConnection(None))  # type: ignore[arg-type]
        await manager.sweep()  # all five are new (active since the last sweep): stamped
        batches = record_batches(manager, monkeypatch)
        await manager.sweep()
        touches = [args for ops in batches for name, args in ops if name == "touch"]
        assert len(batches) == 1 and len(touches) == 1  # one transaction, one commit
        assert sorted(touches[0][0]) == sorted(t.id for t in tables[:4])

    run(tmp_path, scenario, evict_after=3600)


def test_the_sweep_stamps_many_tables_a_piece_at_a_time_each_in_its_own_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thousands of tables stamped in one write held the moves of that group commit up for
    hundreds of milliseconds: the sweep writes them ``STAMP_PIECE`` at a time, one commit
    after the other, and every table is stamped once."""
    monkeypatch.setattr(manager_module, "STAMP_PIECE", 2)

    async def scenario(manager: TableManager) -> None:
        tables = [await keezbord_table(manager) for _ in range(5)]
        for table in tables:
            table.connections.add(FakeConnection(None))  # type: ignore[arg-type]
        batches = record_batches(manager, monkeypatch)
        await manager.sweep()
        touches = [[args for name, args in ops if name == "touch"] for ops in batches]
        assert [len(t) for t in touches] == [1, 1, 1]  # one piece a commit
        assert [len(t[0][0]) for t in touches] == [2, 2, 1]
        assert sorted(i for t in touches for i in t[0][0]) == sorted(t.id for t in tables)

    run(tmp_path, scenario, evict_after=3600)


def test_live_objects_are_frozen_out_of_the_collectors_sight() -> None:
    async def scenario() -> int:
        keeper = asyncio.create_task(memory.keep_frozen(0.01, 0))
        await asyncio.sleep(0.1)
        keeper.cancel()
        return gc.get_freeze_count()

    try:
        states = [load_game("balam").new_game(2, seed=s) for s in range(20)]
        assert asyncio.run(scenario()) > 0 and all(gc.is_tracked(s) for s in states)
    finally:
        gc.unfreeze()


def test_frozen_often_enough_replaced_game_states_never_start_a_young_collection() -> None:
    """A move replaces its table's state (as many objects made as freed: the collector's count
    does not move) and leaves a few objects behind; the count of those is what starts a young
    collection, which then scans every new state too.  Frozen every few hundred moves (as
    ``gc_freeze_interval`` does every second), the count never reaches the threshold: no
    collection.  Without the freezes, collections come, each scanning more than the threshold."""
    states = [load_game("balam").new_game(2, seed=s) for s in range(40)]
    rng = random.Random(5)
    young: list[int] = []

    def count(phase: str, info: dict[str, Any]) -> None:
        if phase == "start" and info["generation"] == 0:
            young.append(len(gc.get_objects(0)))

    def play(moves: int, freeze_every: int) -> list[list[int]]:
        kept = []
        for move in range(moves):
            i = move % len(states)
            state = states[i]
            if state.is_over:
                state = load_game("balam").new_game(2, seed=move)
            seat = state.to_move[0]
            after = state.clone()
            after.apply(rng.choice(after.legal_actions(seat)), seat)
            states[i] = after
            kept.append(([move], [move], [move], [move]))  # what a move leaves (log entry...)
            if freeze_every and move % freeze_every == 0:
                gc.freeze()
        return kept

    threshold = gc.get_threshold()
    gc.collect()
    memory.tune()
    gc.freeze()
    gc.callbacks.append(count)
    try:
        play(6000, 1000)
        assert young == []
        play(6000, 0)
        assert young and max(young) > memory.YOUNG_THRESHOLD
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*threshold)
        gc.unfreeze()


def test_game_states_hold_no_reference_cycles() -> None:
    """Frozen objects are freed by reference counting alone: a state that is replaced at every
    move must not need the cycle collector (or freezing would leak every old state)."""
    for name, players in (("keezbord", 4), ("balam", 2), ("balzakken", 2)):
        game = load_game(name)
        state = game.new_game(players, seed=3)
        gc.collect()
        gc.disable()
        try:
            for _ in range(60):
                if state.is_over:
                    break
                seat = state.to_move[0]
                trial = state.clone()
                trial.apply(trial.legal_actions(seat)[0], seat)
                state.view(seat)
                state = trial
            assert gc.collect() == 0, name
        finally:
            gc.enable()


class _SlowAnswer:
    def __init__(self, question: str) -> None:
        self.question = question
        self.game = "balam"
        self.position = None

    def to_json(self) -> dict[str, Any]:
        return {"text": self.question}


@pytest.mark.parametrize(
    "path", ["/rules/balam?q=who+builds", "/api/rules/balam/answer?q=who+builds"]
)
def test_a_rules_question_never_stops_the_tables(
    monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    """The rules page and the rules API answer in a thread: the first question loads an
    embedding model for seconds, during which the event loop (every table's moves) must keep
    running.  Here the answer waits until the lobby page has been served: on the event loop, it
    would wait in vain (for 20 s) and come first."""
    lobby_served = threading.Event()

    def slow_rules(game: str, question: str) -> str:
        lobby_served.wait(20)
        return f"<p>{question}</p>"

    def slow_answer(game: str, question: str, **_: object) -> _SlowAnswer:
        lobby_served.wait(20)
        return _SlowAnswer(question)

    monkeypatch.setattr(pages, "rulebook_html", slow_rules)
    monkeypatch.setattr(chat, "ask", slow_answer)
    app = FastAPI()
    app.include_router(pages.make_router())
    app.include_router(rules_api.make_router())

    async def main() -> list[str]:
        done: list[str] = []
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:

            async def ask(path: str, name: str) -> None:
                assert (await client.get(path)).status_code == 200
                done.append(name)
                if name == "lobby":
                    lobby_served.set()

            slow = asyncio.create_task(ask(path, "rules"))
            await asyncio.sleep(0.05)
            await ask("/", "lobby")
            await slow
        return done

    assert asyncio.run(main()) == ["lobby", "rules"]


def test_sockets_are_served_by_the_stack_measured_cheapest_per_frame() -> None:
    """uvloop, httptools and uvicorn's ``websockets-sansio`` protocol: what ``auto`` picks with
    ``uvicorn[standard]`` installed, and the cheapest per frame (``bench/ws_stack.py``; the
    figures: ``bench/results/capacity.md``).  A uvicorn that changed its choice would make every
    frame dearer unnoticed."""
    config = server_config(FastAPI(), Settings(), "127.0.0.1")
    config.load()
    # (with frames written at once: server/frames.py)
    assert config.ws_protocol_class is DirectFrames
    assert issubclass(config.ws_protocol_class, WebSocketsSansIOProtocol)
    assert config.http_protocol_class is ParserLetGo  # (httptools' without its cycle)
    assert issubclass(config.http_protocol_class, HttpToolsProtocol)
    factory = config.get_loop_factory()
    assert factory is not None
    loop = factory()
    try:
        assert isinstance(loop, uvloop.Loop)
    finally:
        loop.close()
