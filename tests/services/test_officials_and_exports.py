"""The event's officials and schedule (stored typed, filled by the presets as their
regulations state them, set from the command line) and exports that never overwrite what is
in the target folder."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest

from app.cli import main
from app.errors import UserError
from app.services.event import (
    Event,
    officials,
    round_time,
    schedule,
    set_officials,
    set_schedule_entry,
)
from app.services.exporting import build_model, export_folder


def test_officials_are_stored_and_lists_split_on_the_chinese_comma(
        make_event: Callable[..., Event]) -> None:
    event = make_event("qiwang-2022")
    set_officials(event, chief_arbiter="林建国", deputy_chief_arbiters="周海、陈云",
                  appeals_committee="王立新,赵红")
    set_officials(event, chief_pairing_officer="吴敏")  # the others stay
    staff = officials(event)
    assert staff.chief_arbiter == "林建国" and staff.chief_pairing_officer == "吴敏"
    assert staff.deputy_chief_arbiters == ("周海", "陈云")
    assert staff.appeals_committee == ("王立新", "赵红")
    model = build_model(event)
    assert model.event.chief_arbiter == "林建国"
    assert model.event.deputy_chief_arbiters == ("周海", "陈云")


def test_an_unknown_officials_field_is_refused_and_nothing_is_written(
        make_event: Callable[..., Event]) -> None:
    event = make_event("qiwang-2022")
    before = officials(event)
    with pytest.raises(UserError):
        set_officials(event, chief="x")
    assert officials(event) == before


def test_qiwang_preset_states_who_appoints_the_officials_and_the_arrival_day(
        make_event: Callable[..., Event]) -> None:
    """qiwang 2022 十六: 裁判长、副裁判长、编排长等主要裁判由中国棋院选派; 11月25日报到."""
    event = make_event("qiwang-2022")
    assert "中国棋院选派" in officials(event).appointed_by
    arrival = [e for e in schedule(event) if e.label == "报到"]
    assert arrival and arrival[0].day == dt.date(2022, 11, 25)


def test_shenzhen_preset_plays_the_final_rounds_on_13_november_at_the_venue(
        make_event: Callable[..., Event]) -> None:
    """shenzhen 五: 线下决赛日期 2022年11月13日, 深圳市坪山区体育中心体育馆."""
    event = make_event("shenzhen-2022")
    entry = round_time(schedule(event), "男子组", 3)
    assert entry is not None and entry.day == dt.date(2022, 11, 13)
    assert entry.room == "深圳市坪山区体育中心体育馆"


def test_schedule_lines_are_set_replaced_and_removed(make_event: Callable[..., Event]) -> None:
    event = make_event("qiwang-2022")
    set_schedule_entry(event, 1, "2022-11-26", "9:00", "A厅")
    set_schedule_entry(event, 1, "2022-11-26", "09:30", "B厅", group="公开组")
    lines = schedule(event)
    assert round_time(lines, "公开组", 1).room == "B厅"  # type: ignore[union-attr]
    assert round_time(lines, "少儿组", 1).time == "09:00"  # type: ignore[union-attr]
    set_schedule_entry(event, 1, group="公开组", remove=True)
    assert round_time(schedule(event), "公开组", 1).room == "A厅"  # type: ignore[union-attr]
    model = build_model(event)
    assert model.schedule_of("g1", 1) is not None


@pytest.mark.parametrize("args", [
    {"round_number": 1, "day": "2022-11-26", "time": "9点"},
    {"round_number": 1, "day": "26/11/2022"},
    {"round_number": 12, "day": "2022-11-26", "group": "公开组"},
    {"round_number": 1, "day": "2022-11-26", "group": "没有这组"},
    {"round_number": 0, "day": "2022-11-26"},
])
def test_a_bad_schedule_line_is_refused_and_nothing_is_written(
        make_event: Callable[..., Event], args: dict[str, object]) -> None:
    event = make_event("qiwang-2022")
    before = schedule(event)
    with pytest.raises(UserError):
        set_schedule_entry(event, **args)  # type: ignore[arg-type]
    assert schedule(event) == before


def test_event_command_sets_officials_and_schedule(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "e.db"
    assert main(["new", str(path), "--preset", "qiwang-2022"]) == 0
    code = main(["event", str(path), "--chief-arbiter", "林建国", "--group", "公开组",
                 "--schedule", "2=2022-11-26 14:00 第一赛场", "--schedule", "闭幕式=2022-11-30"])
    out = capsys.readouterr().out
    assert code == 0
    assert "裁判长：林建国" in out
    assert "2022-11-26 14:00 公开组 第2轮 第一赛场" in out
    assert "闭幕式" in out
    assert main(["event", str(path), "--schedule", "2"]) == 2


def test_export_goes_to_a_new_dated_folder_when_the_target_holds_files(tmp_path: Path) -> None:
    out = tmp_path / "输出"
    assert export_folder(out) == out  # missing: used as it is
    out.mkdir()
    assert export_folder(out) == out  # empty: used as it is
    (out / "我的笔记.txt").write_text("裁判长的文件", encoding="utf-8")
    now = dt.datetime(2022, 11, 26, 9, 30)
    first = export_folder(out, now=now)
    assert first == out / "导出-20221126-0930"
    first.mkdir()
    assert export_folder(out, now=now) == out / "导出-20221126-0930-2"
    assert export_folder(out, overwrite=True) == out
    (tmp_path / "file").write_text("x")
    with pytest.raises(UserError):
        export_folder(tmp_path / "file")


def test_export_command_leaves_the_arbiters_files_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "e.db"
    assert main(["new", str(path), "--preset", "qiwang-2022"]) == 0
    out = tmp_path / "输出"
    out.mkdir()
    mine = out / "Excel"
    mine.mkdir()
    (mine / "赛事数据.xlsx").write_bytes(b"arbiter's own workbook")
    capsys.readouterr()
    assert main(["export", str(path), "--out", str(out), "--xlsx"]) == 0
    captured = capsys.readouterr()
    assert (mine / "赛事数据.xlsx").read_bytes() == b"arbiter's own workbook"
    assert "不覆盖" in captured.err
    written = [Path(line) for line in captured.out.splitlines()]
    assert written and all(out in p.parents and mine not in p.parents for p in written)
    assert main(["export", str(path), "--out", str(out), "--xlsx", "--overwrite"]) == 0
    assert (mine / "赛事数据.xlsx").read_bytes() != b"arbiter's own workbook"


def test_demo_size_is_checked_before_anything_is_built(tmp_path: Path) -> None:
    path = tmp_path / "demo.db"
    assert main(["demo", str(path), "--size", "公开组=一百五"]) == 2
    assert not path.exists()
