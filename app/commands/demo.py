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
    parser.set_defaults(handler=_demo)


def _demo(args: argparse.Namespace) -> int:
    from app.services.demo import build_demo
    def progress(done: int, total: int, label: str) -> None:
        print(f"\r[{done}/{total}] {label}      ", end="", file=sys.stderr, flush=True)

    with build_demo(args.file, args.preset, args.seed, progress):
        pass
    print(file=sys.stderr)
    print(args.file)
    return 0
