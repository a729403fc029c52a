"""`demo`: build a finished sample event through the services (seeded, reproducible)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("demo", help="生成演示赛事 / build a finished demo event")
    parser.add_argument("file")
    parser.add_argument("--preset", default="qiwang-2022")
    parser.add_argument("--seed", type=int, default=7,
                        help="随机种子（默认7，含一次加赛）/ seed (7 by default: it has a playoff)")
    parser.add_argument("--size", action="append", default=[], metavar="GROUP=N",
                        help="某组的人数，可重复（如 公开组=150）/ players in a group")
    parser.set_defaults(handler=_demo)


def _demo(args: argparse.Namespace) -> int:
    from app.services.demo import build_demo
    def progress(done: int, total: int, label: str) -> None:
        print(f"\r[{done}/{total}] {label}      ", end="", file=sys.stderr, flush=True)

    from app.errors import UserError
    sizes: dict[str, int] = {}
    for item in args.size:
        name, _, count = item.partition("=")
        if not name.strip() or not count.strip().isdigit() or int(count) < 2:
            raise UserError(f"人数应写作 组别=人数（至少2人）：{item!r}",
                            f"write GROUP=N (N at least 2): {item!r}", "--size")
        sizes[name.strip()] = int(count)
    with build_demo(args.file, args.preset, args.seed, progress, sizes):
        pass
    print(file=sys.stderr)
    print(args.file)
    return 0
