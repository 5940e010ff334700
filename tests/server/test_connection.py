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


def test_frames_written_at_once_keep_the_pumps_framing_and_order() -> None:
    """With ``send_now`` (frames written straight to the socket, ``server/frames.py``), messages
    queued together still share one frame, in order, and none goes through ``send_text``."""

    async def scenario() -> tuple[list[str], list[str]]:
        now: list[str] = []
        sent: list[str] = []

        async def send_text(text: str) -> None:
            sent.append(text)

        def send_now(text: str) -> bool:
            now.append(text)
            return True

        conn = Connection(send_text, seat=0, send_now=send_now)
        await asyncio.sleep(0)  # the pump starts and waits
        conn.send({"n": 0})
        conn.send({"n": 1})  # queued together: one frame
        await asyncio.sleep(0)
        conn.send({"n": 2})
        await asyncio.sleep(0)
        conn.close()
        await asyncio.wait_for(conn.closed.wait(), 1)
        return now, sent

    now, sent = asyncio.run(scenario())
    assert now == ['[{"n":0},{"n":1}]', '{"n":2}']
    assert sent == []


def test_frames_refused_at_once_go_through_the_pump_in_order() -> None:
    """``send_now`` refuses (the socket's buffer is full): what it refused, and what follows,
    goes the slow way in the same order; once it takes frames again, they go at once."""

    async def scenario() -> tuple[list[str], list[str]]:
        now: list[str] = []
        sent: list[str] = []
        open_ = [False]

        async def send_text(text: str) -> None:
            sent.append(text)

        def send_now(text: str) -> bool:
            if open_[0]:
                now.append(text)
            return open_[0]

        conn = Connection(send_text, seat=0, send_now=send_now)
        await asyncio.sleep(0)
        conn.send({"n": 0})
        conn.send({"n": 1})
        for _ in range(3):
            await asyncio.sleep(0)
        conn.send({"n": 2})
        for _ in range(3):
            await asyncio.sleep(0)
        open_[0] = True
        conn.send({"n": 3})
        for _ in range(3):
            await asyncio.sleep(0)
        conn.close()
        await asyncio.wait_for(conn.closed.wait(), 1)
        return now, sent

    now, sent = asyncio.run(scenario())
    assert sent == ['[{"n":0},{"n":1}]', '{"n":2}']
    assert now == ['{"n":3}']
