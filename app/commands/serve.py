"""`serve`: the venue on the LAN (pairings, standings, results for phones and the projector)."""

from __future__ import annotations

import argparse
import signal
import threading
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help="在局域网上发布对阵与名次（手机、投影）/ serve the venue on the LAN")
    parser.add_argument("file")
    parser.add_argument("--host", default="127.0.0.1",
                        help="监听地址，默认只本机；0.0.0.0 为整个局域网 / address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="端口 / port")
    parser.add_argument("--arbiter-code", dest="arbiter_code",
                        help="裁判码（平板录入成绩用）/ the arbiter code for result entry")
    parser.add_argument("--behind-proxy", dest="behind_proxy", action="store_true",
                        help="在本机的反向代理之后：相信其 X-Forwarded-For / behind a reverse "
                             "proxy on this computer: believe its X-Forwarded-For")
    parser.set_defaults(handler=_serve)


def _serve(args: argparse.Namespace) -> int:
    from app.errors import UserError
    from app.web.server import VenueServer

    if not 0 <= args.port <= 65535:
        raise UserError("端口须在0到65535之间", "the port must be 0 to 65535", "--port")
    server = VenueServer(args.file, args.host, args.port, args.arbiter_code,
                         behind_proxy=args.behind_proxy)
    stop = threading.Event()

    def _stop(_signum: int, _frame: object) -> None:
        stop.set()

    previous = {s: signal.signal(s, _stop) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.start()
        print(f"serving {server.url}", flush=True)
        if server.phone_url != server.url:
            print(f"手机访问 / phones: {server.phone_url}", flush=True)
        if server.generated_code:
            # None given or stored: the one made for this serving (the warning, when the LAN
            # reaches the server, is on stderr).
            print(f"裁判码 / arbiter code: {server.generated_code}", flush=True)
        while not stop.wait(0.5):
            if not server.running:
                break
    finally:
        server.stop()
        for number, handler in previous.items():
            signal.signal(number, handler)
    return 0
