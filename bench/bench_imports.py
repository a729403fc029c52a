"""Benchmark of qualifier-list import: reading a large leaderboard as GBK CSV and as XLSX
(5,000 rows each, made on the fly in a temporary folder) and merging eight 1,000-row period
lists with quotas, ties and repeat qualifiers.

Run: .venv/bin/python bench/bench_imports.py   (targets: CSV < 1 s, XLSX < 4 s, merge < 0.5 s)
"""

from __future__ import annotations

import csv
import datetime as dt
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import openpyxl  # noqa: E402

from app.imports import ListRule, MergeRules, merge, read_list  # noqa: E402
from app.imports.idcard import check_digit  # noqa: E402

HEADER = ["排名", "弈客ID", "姓名", "性别", "出生日期", "身份证号", "单位", "积分", "胜局", "手机"]


def rows(count: int, seed: int, pool: int) -> list[list[object]]:
    rng = random.Random(seed)
    out: list[list[object]] = []
    points = count * 3
    for rank in range(1, count + 1):
        who = rng.randrange(pool)
        born = dt.date(1970, 1, 1) + dt.timedelta(days=who % 15000)
        first17 = f"330106{born:%Y%m%d}{who % 1000:03d}"
        points -= rng.randrange(0, 4)
        out.append([rank, f"{100000 + who}", f"棋手{who}", "男" if who % 1000 % 2 else "女",
                    born.isoformat(), first17 + check_digit(first17), "杭州棋院", points,
                    points // 3, f"138{who:08d}"])
    return out


def timed(label: str, action) -> object:  # type: ignore[no-untyped-def]
    start, cpu = time.perf_counter(), time.process_time()
    value = action()
    print(f"{label}: {time.perf_counter() - start:.3f} s wall, "
          f"{time.process_time() - cpu:.3f} s CPU")
    return value


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        big = rows(5000, 1, 10**6)
        with (base / "big.csv").open("w", encoding="gbk", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["2022年5月积分排行榜"])
            writer.writerow(HEADER)
            writer.writerows(big)
        book = openpyxl.Workbook()
        sheet = book.active
        sheet.append(HEADER)
        for row in big:
            sheet.append(row)
        book.save(base / "big.xlsx")
        timed("read 5,000-row GBK CSV", lambda: read_list(base / "big.csv"))
        timed("read 5,000-row XLSX", lambda: read_list(base / "big.xlsx"))
        periods = []
        for period in range(8):
            path = base / f"period-{period}.csv"
            with path.open("w", encoding="utf-8", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(HEADER)
                writer.writerows(rows(1000, 10 + period, 3000))
            periods.append(read_list(path, source=f"入围赛第{period + 1}期"))
        rules = MergeRules((ListRule("入围赛", quota=300),))
        result = timed("merge 8 x 1,000 rows, quota 300 each", lambda: merge(periods, rules))
        print(f"  entrants: {len(result.entrants)}, left out: {len(result.left_out)}")  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
