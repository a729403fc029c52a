"""Running the venue server: uvicorn in a background thread, so neither the window nor the
command line is blocked; it binds only to the address chosen (loopback by default)."""

from __future__ import annotations

import logging
import socket
import threading
import time
from pathlib import Path

import uvicorn

from app.errors import UserError
from app.services import venue
from app.services.event import Event
from app.services.operations import SET_VENUE_ADDRESS
from app.web import guard
from app.web.app import create_app
from app.web.state import VenueState
from app.web.texts import open_lan_warning

LOOPBACK = "127.0.0.1"
LOG = logging.getLogger("uvicorn.error")  # uvicorn's log: stderr for `serve`


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _is_loopback(host: str) -> bool:
    return host in ("localhost", "::1") or host.startswith("127.")


def lan_address() -> str:
    """This machine's address on the local network, for the phones (loopback if none).

    A UDP socket is pointed at a private address only to learn which interface the system
    would use; nothing is sent.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    finally:
        probe.close()


class VenueServer:
    """One venue server over one event file (or PostgreSQL URL)."""

    def __init__(self, location: str | Path, host: str = LOOPBACK, port: int = 8000,
                 arbiter_code: str | None = None, *, behind_proxy: bool = False) -> None:
        self.location = location
        self.host = host
        self.requested_port = port
        self.arbiter_code = arbiter_code
        self.behind_proxy = behind_proxy
        # Set at start: a code made for this serving when none is given or stored, and the
        # warning shown when the LAN can reach the server without a code of the arbiter's.
        self.generated_code: str | None = None
        self.warning: str | None = None
        self.port = port
        self._event: Event | None = None
        self._state: VenueState | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None

    @property
    def url(self) -> str:
        """The address as bound (`http://H:P/`)."""
        return f"http://{_bracketed(self.host)}:{self.port}/"

    @property
    def phone_url(self) -> str:
        """The address for phones: the LAN address where the server listens on all."""
        host = lan_address() if self.host in ("0.0.0.0", "", "::") else self.host
        return f"http://{_bracketed(host)}:{self.port}/"

    def start(self, timeout: float = 20.0) -> str:
        """Open the event and serve it; returns the URL once the server accepts requests."""
        self._event = Event.open(self.location, station="web")
        try:
            if not self.arbiter_code and not venue.arbiter_code_check(self._event).digest:
                self.generated_code = venue.generate_arbiter_code()
                if not _is_loopback(self.host):
                    self.warning = open_lan_warning(self.generated_code)
            self._state = VenueState(self._event, self.arbiter_code,
                                     fallback_code=self.generated_code)
            self._state.public_url = self.phone_url
            cap = guard.connection_cap()
            protocol = type("VenueProtocol", (guard.GuardedH11Protocol,), {"cap": cap})
            hosts = guard.machine_names([self.host, lan_address()])
            config = uvicorn.Config(
                guard.guard_app(create_app(self._state), hosts), host=self.host,
                port=self.requested_port, log_level="warning", access_log=False,
                lifespan="off", http=protocol, backlog=1024,
                # uvicorn's settings first (guard.py carries on where they stop): idle
                # keep-alive, the unfinished request head, connections and tasks below the
                # file limit, forwarded headers only from a proxy the arbiter names.
                timeout_keep_alive=guard.KEEP_ALIVE,
                h11_max_incomplete_event_size=guard.HEAD_LIMIT,
                limit_concurrency=cap + 1, proxy_headers=self.behind_proxy,
                forwarded_allow_ips="127.0.0.1" if self.behind_proxy else "")
            self._server = uvicorn.Server(config)
            if self.warning:
                LOG.warning("%s", self.warning)
            self._thread = threading.Thread(target=self._run, name="venue-server", daemon=True)
            self._thread.start()
            deadline = time.monotonic() + timeout
            while not self._server.started:
                if not self._thread.is_alive() or time.monotonic() > deadline:
                    raise UserError(
                        f"无法在 {self.host}:{self.requested_port} 上启动服务（端口被占用？）",
                        f"cannot serve on {self.host}:{self.requested_port} (port in use?)",
                        "--port")
                time.sleep(0.02)
            sockets = [s for server in self._server.servers for s in server.sockets]
            if sockets:
                self.port = int(sockets[0].getsockname()[1])
        except BaseException:
            self.stop()
            raise
        self._state.public_url = self.phone_url
        if not (_is_loopback(self.host) or self.phone_url.startswith(f"http://{LOOPBACK}")):
            # Where the phones find us, for the QR codes printed on the pairing lists.
            SET_VENUE_ADDRESS(self._event, self.phone_url)
        return self.url

    def _run(self) -> None:
        assert self._server is not None
        try:
            self._server.run()
        except BaseException as error:  # noqa: B036 (bind failures end as SystemExit)
            self._failure = error

    @property
    def tablet_code(self) -> str | None:
        """The code tablets sign in with, where this server knows it (given or made)."""
        return self.arbiter_code or self.generated_code

    @property
    def stale(self) -> tuple[str, str] | None:
        """(zh, en) once the served file was replaced, moved or deleted; writes are refused."""
        return self._state.stale if self._state is not None else None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def stop(self) -> None:
        """Stop serving (open requests are finished) and close the event."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._state is not None:
            self._state.close()
        if self._event is not None:
            self._event.close()
        self._server = self._thread = self._state = self._event = None
