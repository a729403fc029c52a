"""`venue`: the venue settings the LAN server reads (docs/CLI.md, "The venue on the LAN"):
the arbiter code (裁判码) tablets need to enter results, the address printed as a QR code on
the lists, and whether a group's players confirm their own results with their slip codes."""

from __future__ import annotations

import argparse
from typing import Any

from app.commands._context import add_event, opened


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "venue", help="场馆服务设置：裁判码、网址、棋手确认 / venue server settings")
    add_event(parser, group="filter")
    code = parser.add_mutually_exclusive_group()
    code.add_argument("--arbiter-code", dest="arbiter_code",
                      help="设置裁判码（至少4个字符）/ set the arbiter code (4 characters or more)")
    code.add_argument("--no-arbiter-code", action="store_true",
                      help="删去存着的裁判码：serve 每次启动时另生成一个并显示 / remove the stored "
                           "code: serve then makes one for each serving and shows it")
    parser.add_argument("--address", help="手机访问的网址 / the address phones use")
    parser.add_argument("--confirmations", choices=("on", "off"),
                        help="本组棋手凭成绩条确认成绩 / the group's players confirm results")
    parser.set_defaults(handler=_venue)


def _venue(args: argparse.Namespace) -> int:
    from app.services import venue

    with opened(args) as context:
        event = context.event
        if args.arbiter_code is not None or args.no_arbiter_code:
            venue.set_arbiter_code(event, None if args.no_arbiter_code else args.arbiter_code)
        if args.address is not None:
            venue.set_venue_address(event, args.address.strip())
        if args.confirmations is not None:
            venue.set_player_confirmation(event, context.group_name, args.confirmations == "on")
        check = venue.arbiter_code_check(event)
        overview = venue.overview(event)
    print(f"裁判码 / arbiter code: {'已设置 / set' if check.digest else '未设置 / not set'}")
    print(f"网址 / address: {overview.address or '-'}")
    for group in overview.groups:
        confirm = "棋手确认 / players confirm" if group.player_confirmation else ""
        print(f"  {group.name}: {group.rounds_paired}/{group.rounds_planned} 轮 / rounds"
              f"  {confirm}".rstrip())
    return 0
