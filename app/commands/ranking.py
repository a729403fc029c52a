"""`standings`: a group's ranking with its tie-break columns, sub-rankings, playoff marks."""

from __future__ import annotations

import argparse
import csv
import sys
from typing import Any

from app.services import ranking
from app.services.event import Event


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("standings", help="名次 / standings of a group")
    parser.add_argument("file")
    parser.add_argument("--group", help="组别 / group")
    parser.add_argument("--csv", action="store_true", help="CSV 输出 / CSV output")
    parser.add_argument("--sub", action="store_true",
                        help="同时输出女子/少儿等分项名次 / also the sub-rankings")
    parser.set_defaults(handler=_standings)


def _print(info: ranking.StandingsInfo, as_csv: bool) -> None:
    if as_csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["rank", "number", "name", "unit", "points",
                         *(key for key, _label in info.columns), "playoff", "prize", "title"])
        for row in info.rows:
            writer.writerow([row.rank_text, row.player.number, row.player.name, row.player.unit,
                             row.points_text, *row.values, row.playoff_mark, row.prize,
                             row.title])
        return
    print(f"{info.name}（已完成 {info.rounds_complete} 轮 / {info.rounds_complete} rounds done）")
    labels = "  ".join(label for _key, label in info.columns)
    print(f"名次  姓名  单位  积分  {labels}")
    for row in info.rows:
        extra = "  ".join(x for x in (row.playoff_mark, row.prize, row.title) if x)
        print(f"{row.rank_text:>4}  {row.player.name}  {row.player.unit}  {row.points_text}  "
              f"{'  '.join(row.values)}  {extra}")
    for need in info.playoffs_needed:
        names = "、".join(p.name for p in need.players)
        print(f"  * 第{need.place}名并列需加赛 / playoff needed at place {need.place}: {names}")


def _standings(args: argparse.Namespace) -> int:
    with Event.open(args.file) as event:
        info = ranking.standings(event, args.group)
        subs = ranking.subrankings(event, args.group) if args.sub else []
    _print(info, args.csv)
    for sub in subs:
        if args.csv:
            print()
        _print(sub, args.csv)
    return 0
