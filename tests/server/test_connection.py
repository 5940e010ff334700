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


class Socket:
    """Where a connection's frames go: ``now`` (written at once, while :attr:`takes`) or
    ``sent`` (through the pump's ``send_text``)."""

    def __init__(self, takes: bool = True) -> None:
        self.takes = takes
        self.now: list[str] = []
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    def send_now(self, text: str) -> bool:
        if self.takes:
            self.now.append(text)
        return self.takes


async def turns(n: int) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


def test_frames_written_at_once_keep_the_pumps_framing_and_order() -> None:
    """With ``send_now`` (frames written straight to the socket, ``server/frames.py``), messages
    queued together still share one frame, in order, and none goes through ``send_text``."""
    sock = Socket()

    async def scenario() -> None:
        conn = Connection(sock.send_text, seat=0, send_now=sock.send_now)
        await turns(1)  # the pump starts and waits
        conn.send({"n": 0})
        conn.send({"n": 1})  # queued together: one frame
        await turns(1)
        conn.send({"n": 2})
        await turns(1)
        conn.close()
        await asyncio.wait_for(conn.closed.wait(), 1)

    asyncio.run(scenario())
    assert sock.now == ['[{"n":0},{"n":1}]', '{"n":2}']
    assert sock.sent == []


def test_frames_refused_at_once_go_through_the_pump_in_order() -> None:
    """``send_now`` refuses (the socket's buffer is full): what it refused, and what follows,
    goes the slow way in the same order; once it takes frames again, they go at once."""
    sock = Socket(takes=False)

    async def scenario() -> None:
        conn = Connection(sock.send_text, seat=0, send_now=sock.send_now)
        await turns(1)
        conn.send({"n": 0})
        conn.send({"n": 1})
        await turns(3)
        conn.send({"n": 2})
        await turns(3)
        sock.takes = True
        conn.send({"n": 3})
        await turns(3)
        conn.close()
        await asyncio.wait_for(conn.closed.wait(), 1)

    asyncio.run(scenario())
    assert sock.sent == ['[{"n":0},{"n":1}]', '{"n":2}']
    assert sock.now == ['{"n":3}']
