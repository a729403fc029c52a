"""What keeps one laptop on the venue Wi-Fi from stopping or bloating the server.

uvicorn's own settings do most of it (`server.py`): the idle keep-alive timeout, h11's limit
on an unfinished request head, no forwarded headers unless behind a proxy, a concurrency
limit. Where they stop, this module carries on:

- `GuardedH11Protocol`: a request must arrive whole (head and body) within a read timeout
  (uvicorn has no header timeout: a connection that never finishes its head stays open), and
  the open connections stay below the process's file limit: when they reach the cap, the
  oldest connection still sending its request is closed to make room, so half-open
  connections can never take the last file descriptor from the phones.
- `guard_app`: an ASGI wrapper with a body limit per route (413), the Host header checked
  against the names this machine answers to (DNS rebinding), and the security headers.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import sys
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

READ_TIMEOUT = 10.0  # seconds for a request's head and body to arrive once begun
KEEP_ALIVE = 5  # seconds an idle keep-alive connection is kept
HEAD_LIMIT = 16 * 1024  # bytes of an unfinished request head (h11's incomplete event)
FILES_KEPT = 64  # file descriptors kept for the database, logs and the process itself
MAX_CONNECTIONS = 4000
WRITE_BODY_LIMIT = 8 * 1024  # a result or a confirmation is a few dozen bytes
SECURITY_HEADERS = (
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     b"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)


def connection_cap(limit: int = MAX_CONNECTIONS) -> int:
    """How many connections may be open at once: below the process's file limit."""
    if sys.platform == "win32":
        return min(limit, 1000)  # no file limit to read; asyncio's default loop is unbounded
    import resource

    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return limit
    return max(16, min(limit, int(soft) - FILES_KEPT))


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a read timeout and a cap on open connections."""

    read_timeout = READ_TIMEOUT
    cap = connection_cap()

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.opened = time.monotonic()
        self._read_timer: Any = None
        self._arm_read_timer()
        if len(self.connections) > self.cap:
            self._make_room()

    def _make_room(self) -> None:
        """Close the oldest connection still sending its request (this one at the worst)."""
        reading = [c for c in self.connections
                   if isinstance(c, GuardedH11Protocol) and c.reading and c is not self]
        victim = min(reading, key=lambda c: c.opened) if reading else self
        victim.drop()

    @property
    def reading(self) -> bool:
        """True while the connection is sending a request that has not arrived whole."""
        return self._read_timer is not None

    def _waiting_for_client(self) -> bool:
        # Called when bytes came in: without a request under way they begin the next one
        # (uvicorn's keep-alive timer stops at the first byte); with one, its body is read.
        cycle = self.cycle
        return cycle is None or cycle.response_complete or bool(cycle.more_body)

    def _arm_read_timer(self) -> None:
        if self._read_timer is None:
            self._read_timer = self.loop.call_later(self.read_timeout, self._read_timed_out)

    def _cancel_read_timer(self) -> None:
        if self._read_timer is not None:
            self._read_timer.cancel()
            self._read_timer = None

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.is_closing():
            self._cancel_read_timer()
        elif self._waiting_for_client():
            self._arm_read_timer()
        else:
            self._cancel_read_timer()

    def on_response_complete(self) -> None:
        self._cancel_read_timer()
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_read_timer()
        super().connection_lost(exc)

    def _read_timed_out(self) -> None:
        self._read_timer = None
        self.drop()

    def drop(self) -> None:
        """Close the connection now, without an answer (it never finished asking)."""
        self._cancel_read_timer()
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        self.transport.close()
        # Counted out now (asyncio reports the loss a turn later): the request that made
        # room must not meet the concurrency limit because of it.
        self.connections.discard(self)


# ----- the ASGI wrapper ------------------------------------------------------------------


def _answer(status: int, zh: str, en: str) -> tuple[int, bytes]:
    body = json.dumps({"error": f"{zh} / {en}", "zh": zh, "en": en}, ensure_ascii=False)
    return status, body.encode()


async def _send_json(send: Send, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode()), (b"connection", b"close"),
               *SECURITY_HEADERS]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _too_large(limit: int) -> tuple[int, bytes]:
    return _answer(413, f"请求内容过大（超过 {limit} 字节）",
                   f"the request body is too large (over {limit} bytes)")


def body_limit(scope: Scope) -> int:
    """The largest body a route takes: the writes a small JSON object, the rest none."""
    if scope.get("method") == "POST" and str(scope.get("path", "")).startswith("/api/"):
        return WRITE_BODY_LIMIT
    return 0


def host_name(header: str) -> str:
    """The name in a Host header, without the port (an IPv6 literal without brackets)."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def machine_names(extra: Iterable[str] = ()) -> frozenset[str]:
    """The names this machine answers to: localhost, its host name (and `.local`), and any
    given (the address served on). IP literals are always answered: a DNS-rebinding page
    reaches the server only under its own name, which is not among these."""
    names = {"localhost", "localhost.localdomain"}
    hostname = socket.gethostname().lower()
    if hostname:
        names.update({hostname, f"{hostname}.local"})
        try:
            names.add(socket.getfqdn().lower())
        except OSError:
            pass
    names.update(name.lower() for name in extra if name)
    return frozenset(names)


def guard_app(app: ASGIApp, hosts: frozenset[str]) -> ASGIApp:
    """`app` behind the Host check, the body limits and the security headers."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        name = host_name(headers.get(b"host", b"").decode("latin-1"))
        if not (_is_ip(name) or name in hosts):
            await _send_json(send, *_answer(
                421, "此地址不是本赛场服务器的地址", "this server does not answer to that name"))
            return
        limit = body_limit(scope)
        declared = headers.get(b"content-length")
        if declared is not None:
            if not declared.isdigit():
                await _send_json(send, *_answer(400, "请求长度不对", "bad Content-Length"))
                return
            if int(declared) > limit:
                await _send_json(send, *_too_large(limit))
                return
        received = 0
        started = answered = False

        async def limited_receive() -> Message:
            # A body without a length (chunked) is counted as it comes: past the limit the
            # 413 goes out at once and the app hears that the client left.
            nonlocal received, answered
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    if not started:
                        answered = True
                        await _send_json(send, *_too_large(limit))
                    return {"type": "http.disconnect"}
            return message

        async def secured_send(message: Message) -> None:
            nonlocal started
            if answered:
                return  # the 413 was the answer
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*message.get("headers", ()),
                                                  *SECURITY_HEADERS]}
            await send(message)

        await app(scope, limited_receive, secured_send)

    return guarded
