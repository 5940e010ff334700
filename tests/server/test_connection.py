"""A socket's outgoing messages (server.connection.Connection): a broadcast only queues, and a
reader that stops reading is closed once it falls ``limit`` messages behind (uvicorn's
WebSocket protocol stops ``send`` once its transport holds 64 KiB unread, so the queue is
where a slow reader's backlog shows)."""

from __future__ import annotations

import asyncio

from gametable.server.connection import POLICY, Connection


def test_a_reader_that_stops_reading_is_closed_when_it_falls_too_far_behind() -> None:
    async def scenario() -> tuple[list[str], list[tuple[int, str]], int]:
        stuck = asyncio.Event()  # never set: the client reads nothing more
        sent: list[str] = []
        closes: list[tuple[int, str]] = []

        async def send_text(text: str) -> None:
            sent.append(text)
            await stuck.wait()

        async def on_close(code: int, reason: str) -> None:
            closes.append((code, reason))

        conn = Connection(send_text, seat=None, limit=4, on_close=on_close)
        for n in range(4 + 1):  # the first is taken by the pump (and stuck), four fill the queue
            conn.send({"n": n})
            await asyncio.sleep(0)
        queued_before = len(conn.pending)
        conn.send({"n": 5})  # one too many
        await asyncio.wait_for(conn.closed.wait(), 1)
        return sent, closes, queued_before

    sent, closes, queued_before = asyncio.run(scenario())
    assert queued_before == 4
    assert sent == ['{"n":0}']  # nothing more went out to the stuck reader
    assert closes == [(POLICY, "too far behind; reconnect to resync")]


def test_a_reader_that_keeps_up_gets_every_message_in_order_then_a_normal_close() -> None:
    async def scenario() -> tuple[list[str], list[tuple[int, str]]]:
        sent: list[str] = []
        closes: list[tuple[int, str]] = []

        async def send_text(text: str) -> None:
            sent.append(text)

        async def on_close(code: int, reason: str) -> None:
            closes.append((code, reason))

        conn = Connection(send_text, seat=0, limit=4, on_close=on_close)
        for n in range(20):
            conn.send({"n": n})
            await asyncio.sleep(0)
        conn.close()
        await asyncio.wait_for(conn.closed.wait(), 1)
        return sent, closes

    sent, closes = asyncio.run(scenario())
    assert sent == [f'{{"n":{n}}}' for n in range(20)]
    assert closes == [(1000, "")]
