"""What one client may take from the server: request rates, request bodies, sockets.

A client is its IP address as the server sees it (behind a reverse proxy, the address the proxy
reports in ``X-Forwarded-For`` when the proxy is trusted: ``--forwarded-allow-ips``).  The numbers
come from :class:`~gametable.server.settings.Settings`.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from gametable.core.record import MAX_NESTING, too_deeply_nested
from gametable.server.settings import Settings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class RateLimit:
    """A token bucket per key: ``burst`` at once, then ``per_second`` more each second.

    At most ``max_keys`` keys are remembered (the least recently seen are forgotten first), so a
    flood of addresses cannot grow it without bound.

    >>> limit = RateLimit(per_second=1.0, burst=2)
    >>> [limit.allow("a", now=0.0) for _ in range(3)]
    [True, True, False]
    >>> limit.allow("a", now=1.0), limit.allow("b", now=1.0)
    (True, True)
    """

    def __init__(self, per_second: float, burst: float, max_keys: int = 100_000) -> None:
        self.rate = per_second
        self.burst = float(burst)
        self.max_keys = max_keys
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, time

    def allow(self, key: str, cost: float = 1.0, now: float | None = None) -> bool:
        """Take ``cost`` tokens from ``key``'s bucket if it has them."""
        now = time.monotonic() if now is None else now
        tokens, then = self.buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        allowed = tokens >= cost
        if allowed:
            tokens -= cost
        self.buckets[key] = (tokens, now)
        if len(self.buckets) > self.max_keys:
            self.buckets.popitem(last=False)
        return allowed

    def has(self, key: str, now: float | None = None) -> bool:
        """Whether ``key`` has a token (none is taken)."""
        now = time.monotonic() if now is None else now
        tokens, then = self.buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.rate) >= 1.0

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` has a token again."""
        tokens, _then = self.buckets.get(key, (self.burst, 0.0))
        return max(0.0, (1.0 - tokens) / self.rate)


class Counter:
    """How many of something (sockets) each key holds now."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.total = 0

    def __getitem__(self, key: str) -> int:
        return self.counts.get(key, 0)

    def add(self, key: str) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1
        self.total += 1

    def remove(self, key: str) -> None:
        left = self.counts.get(key, 0) - 1
        if left > 0:
            self.counts[key] = left
        else:
            self.counts.pop(key, None)
        self.total = max(0, self.total - 1)


class Limits:
    """The limits of one server, shared by its HTTP API and its sockets."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.create = RateLimit(settings.create_per_minute / 60.0, settings.create_burst)
        #: taking a seat at an open table costs what opening a table costs (a key is made)
        self.join = RateLimit(settings.create_per_minute / 60.0, settings.create_burst)
        self.auth = RateLimit(settings.auth_failures_per_minute / 60.0, settings.auth_burst)
        self.sockets = Counter()

    def may_try_token(self, client: str, table_id: str) -> bool:
        """Whether ``client`` may present a seat token of table ``table_id`` now (too many wrong
        ones there: not yet).

        Wrong tokens count per address *and table*: a guesser is held back at the table he
        guesses at, while the people behind the same address (one home router) go on using
        their right tokens at their own tables.  (A token is 192 random bits: the limit keeps
        guessing from costing the server, not a token from being found.)"""
        return self.auth.has(token_key(client, table_id))

    def wrong_token(self, client: str, table_id: str) -> None:
        self.auth.allow(token_key(client, table_id))

    def token_retry_after(self, client: str, table_id: str) -> float:
        """Seconds until ``client`` may present a token of ``table_id`` again."""
        return self.auth.retry_after(token_key(client, table_id))

    def socket_refusal(self, client: str) -> str | None:
        """Why a new socket from ``client`` is refused (``None``: it is welcome)."""
        if self.sockets.total >= self.settings.max_sockets:
            return "the server has too many connections; try again later"
        if self.sockets[client] >= self.settings.max_sockets_per_client:
            return "too many connections from your address"
        return None


def token_key(client: str, table_id: str) -> str:
    """The key of wrong tokens counted for one address at one table."""
    return f"{client} {table_id[:64]}"


def client_of(scope: Scope) -> str:
    """The client's address (``"unknown"`` when the server is not told it)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class BodyLimit:
    """ASGI middleware: an HTTP request body larger than ``limit`` bytes gets 413 without being
    read further (a declared ``Content-Length`` is refused before any of it is read); a body
    nesting arrays or objects deeper than JSON we read ever does gets 400 before it is parsed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None:
            try:
                too_big = int(declared) > self.limit
            except ValueError:
                too_big = False  # the HTTP server refuses a malformed length itself
            if too_big:
                await self.refuse(send)
                return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                await self.app(scope, replay([message], receive), send)
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await self.refuse(send)
                return
            if not message.get("more_body", False):
                break
        if too_deeply_nested(body.decode("utf-8", "replace")):
            reason = f"request bodies may not nest more than {MAX_NESTING} deep"
            await self.refuse(send, 400, "bad_request", reason)
            return
        whole = {"type": "http.request", "body": bytes(body), "more_body": False}
        await self.app(scope, replay([whole], receive), send)

    async def refuse(
        self, send: Send, status: int = 413, kind: str = "too_large", message: str = ""
    ) -> None:
        message = message or f"request bodies are limited to {self.limit} bytes"
        text = json.dumps({"detail": {"kind": kind, "message": message}}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(text)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": text})


def replay(messages: list[Message], then: Receive) -> Receive:
    """A ``receive`` that gives ``messages``, then whatever ``then`` gives (the disconnect)."""
    pending = list(messages)

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        return await then()

    return receive
