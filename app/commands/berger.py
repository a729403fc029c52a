"""`python -m app berger N [--double]`: print the FIDE Berger schedule for N players.

Contract (docs/CLI.md): one line per round, `R: a-b c-d ...`, first mover first; for odd N the
player who sits out is shown as `p-0`; `--double` adds the second cycle with first movers
reversed. The tables are those of FIDE C.05 Annex 1 (see app/pairing/roundrobin.py).
"""

from __future__ import annotations

import argparse

from app.errors import UserError
from app.pairing.roundrobin import format_round, schedule

MAX_PLAYERS = 1000  # a sanity bound: a round robin of more players is not an event


def _players(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise UserError(f"棋手人数必须是整数：{text!r}", f"N must be a whole number: {text!r}",
                        "berger N") from None
    if not 2 <= n <= MAX_PLAYERS:
        raise UserError(f"棋手人数须在2到{MAX_PLAYERS}之间：{n}",
                        f"N must be between 2 and {MAX_PLAYERS}: {n}", "berger N")
    return n


def run(args: argparse.Namespace) -> int:
    n = _players(args.players)
    for number, pairs in enumerate(schedule(n, args.double), start=1):
        print(format_round(number, pairs))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "berger",
        help="单循环贝格尔编排表 / print the Berger round-robin schedule",
        description="单循环贝格尔编排表（FIDE C.05 附件1）/ FIDE Berger tables for N players",
    )
    parser.add_argument("players", metavar="N", help="棋手人数 / number of players")
    parser.add_argument("--double", action="store_true",
                        help="双循环，第二循环先后手互换 / add the second cycle, first movers reversed")
    parser.set_defaults(handler=run)
