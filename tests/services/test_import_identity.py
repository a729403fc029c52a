"""One 身份证号 under two names in the imported lists (issue 24, item 6): both rows are refused
as errors naming each other's file and row, in the dry run the import wizard shows and in
the import itself; nothing is imported from them (the import refused, or with --valid-only
the other rows only)."""

from __future__ import annotations

import csv
import datetime as dt
from collections.abc import Callable
from pathlib import Path

from app.imports.idcard import check_digit
from app.services.event import Event
from app.services.importing import import_lists
from app.services.queries import players

Make = Callable[..., Event]
HEADER = ["排名", "姓名", "弈战ID", "身份证号", "性别", "出生日期", "参赛单位", "积分", "胜局"]


def id_number(born: dt.date, serial: int) -> str:
    first17 = f"330106{born:%Y%m%d}{serial * 2 + 1:03d}"
    return first17 + check_digit(first17)


def write_list(path: Path, rows: list[list[object]]) -> Path:
    with path.open("w", encoding="gbk", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(HEADER)
        writer.writerows(rows)
    return path


def lists(tmp_path: Path) -> list[Path]:
    shared = id_number(dt.date(1990, 3, 4), 7)
    one = write_list(tmp_path / "第1期.csv", [
        [1, "邓坚", "yz1", shared, "男", "1990-03-04", "杭州棋院", 30, 10],
        [2, "王浩", "yz2", id_number(dt.date(1991, 5, 6), 8), "男", "1991-05-06", "个人", 28, 9],
    ])
    two = write_list(tmp_path / "第2期.csv", [
        [1, "李强", "yz3", id_number(dt.date(1992, 7, 8), 9), "男", "1992-07-08", "个人", 31, 10],
        [2, "钱多多", "yz4", shared, "男", "1990-03-04", "绍兴棋院", 29, 9],
    ])
    return [one, two]


def test_the_dry_run_names_both_rows_and_the_import_writes_nothing(
        make_event: Make, tmp_path: Path) -> None:
    event = make_event("qiwang-2022")
    paths = lists(tmp_path)
    sources = ["网络入围赛", "网络入围赛"]
    report = import_lists(event, paths, "公开组", dry_run=True, sources=sources)
    errors = {(p.file.split("/")[-1], p.row): p for p in report.problems
              if p.severity == "error"}
    assert set(errors) == {("第1期.csv", 2), ("第2期.csv", 3)}
    assert "第2期.csv:3（钱多多）" in errors[("第1期.csv", 2)].zh
    assert "第1期.csv:2（邓坚）" in errors[("第2期.csv", 3)].zh
    assert "第1期.csv:2（邓坚）" in errors[("第2期.csv", 3)].format()
    assert report.entrants == 2  # 王浩 and 李强; neither of the two
    refused = import_lists(event, paths, "公开组", sources=sources)
    assert not refused.written and players(event, "公开组") == []
    kept = import_lists(event, paths, "公开组", valid_only=True, sources=sources)
    assert kept.written
    assert sorted(p.name for p in players(event, "公开组")) == ["李强", "王浩"]
