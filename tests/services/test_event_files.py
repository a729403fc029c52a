"""Event files: presets, schema versions, refusing what is not an event, undo that survives."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.errors import UserError
from app.services.event import Event
from app.services.players import add_player, update_player
from app.services.presets import list_presets, load_preset
from app.services.queries import event_info, players

PRESETS = ("huazhi-2021", "mindgames-2016", "qiwang-2022", "rif-openings-2026", "shenzhen-2022",
           "tuanti-2026", "yike-2022")


def test_the_five_regulations_and_the_rif_openings_template_are_presets() -> None:
    assert tuple(p.name for p in list_presets()) == PRESETS
    for info in list_presets():
        assert info.description and info.groups


@pytest.mark.parametrize("name", PRESETS)
def test_new_event_from_each_preset_has_its_groups(tmp_path: Path, name: str) -> None:
    with Event.create(tmp_path / "e.db", preset=name) as event:
        info = event_info(event)
    assert [g.name for g in info.groups] == [g["name"] for g in load_preset(name)["groups"]]
    assert info.preset == name


def test_qiwang_groups_as_the_regulation_states() -> None:
    """qiwang 十二(四)2-3, 十五1-4: open (women ranked apart) and juniors born 2008-09-01..2017-08-31."""
    groups = {g["name"]: g for g in load_preset("qiwang-2022")["groups"]}
    open_group, junior = groups["公开组"], groups["少儿组"]
    assert open_group["tiebreaks"] == ["buchholz", "median_buchholz", "wins"]
    assert open_group["prizes"][0] == {"from": 1, "to": 1, "money": 30000, "items": ["奖状"]}
    assert open_group["grade_titles"][-1] == {"from": 27, "to": 30, "title": "三级"}
    assert open_group["settings"]["subrankings"][0]["filter"] == {"gender": "F"}
    assert junior["eligibility"] == {"born_from": "2008-09-01", "born_to": "2017-08-31"}
    assert junior["fifth_move_offers"] == 2


def test_shenzhen_online_groups_play_double_games() -> None:
    """shenzhen 九(三)1: 大众规则 groups play two games a round, colours exchanged."""
    groups = {g["name"]: g for g in load_preset("shenzhen-2022")["groups"]}
    online = groups["男子组（大众规则·线上初赛）"]
    assert (online["rule_set"], online["games_per_round"]) == ("free", 2)
    assert groups["男子少年组"]["fifth_move_offers"] == 2  # 五手两打 for juniors


def test_unknown_preset_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="nope"):
        Event.create(tmp_path / "e.db", preset="nope")
    assert not (tmp_path / "e.db").exists()


def test_new_refused_while_writing_the_event_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refusal after the empty file was begun takes the file away again."""
    import app.services.event as event_module

    def refuse(*_args: object) -> None:
        raise UserError("拒绝", "refused")

    monkeypatch.setattr(event_module, "_tournament_from_preset", refuse)
    with pytest.raises(UserError):
        Event.create(tmp_path / "e.gomoku", preset="qiwang-2022")
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_is_never_overwritten(tmp_path: Path) -> None:
    Event.create(tmp_path / "e.db", preset="yike-2022").close()
    with pytest.raises(UserError, match="exists"):
        Event.create(tmp_path / "e.db")


def test_a_file_that_is_not_an_event_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.db"
    text.write_text("not a database", encoding="utf-8")
    with pytest.raises(UserError, match="not an event file"):
        Event.open(text)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE things (x)")
    with pytest.raises(UserError, match="not an event file"):
        Event.open(other)


def test_a_file_from_a_newer_program_is_refused(tmp_path: Path) -> None:
    Event.create(tmp_path / "e.db").close()
    with sqlite3.connect(tmp_path / "e.db") as connection:
        connection.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(UserError, match="newer program"):
        Event.open(tmp_path / "e.db")


def test_same_name_players_are_different_players(tmp_path: Path) -> None:
    with Event.create(tmp_path / "e.db", preset="qiwang-2022") as event:
        first = add_player(event, "公开组", name="张伟", unit="北京")
        second = add_player(event, "公开组", name="张伟", unit="上海")
        assert first != second
        assert [p.unit for p in players(event, "公开组")] == ["北京", "上海"]


def test_undo_and_redo_survive_reopening_the_file(tmp_path: Path) -> None:
    path = tmp_path / "e.db"
    with Event.create(path, preset="qiwang-2022") as event:
        player = add_player(event, "公开组", name="李娜", gender="女")
        update_player(event, player, name="李娜娜")
    with Event.open(path) as event:
        assert event.can_undo() and "修改棋手" in event.can_undo()
        event.undo()
        assert [p.name for p in players(event, "公开组")] == ["李娜"]
    with Event.open(path) as event:
        assert event.can_redo()
        event.redo()
        assert [p.name for p in players(event, "公开组")] == ["李娜娜"]
        event.undo()
        event.undo()
        assert players(event, "公开组") == []
        add_player(event, "公开组", name="王芳")
        assert event.can_redo() is None  # a new change drops the undone operations


def test_a_failed_operation_leaves_the_event_as_before(tmp_path: Path) -> None:
    with Event.create(tmp_path / "e.db", preset="qiwang-2022") as event:
        add_player(event, "公开组", name="赵六")
        with pytest.raises(UserError):
            add_player(event, "公开组", name="钱七", gender="X")
        with pytest.raises(UserError):
            add_player(event, "没有的组", name="孙八")
        assert [p.name for p in players(event)] == ["赵六"]
        assert "添加棋手 赵六" in (event.can_undo() or "")


def test_event_details_can_be_changed_and_undone(tmp_path: Path) -> None:
    from app.services.event import update_event

    with Event.create(tmp_path / "e.db", preset="qiwang-2022") as event:
        update_event(event, title="测试赛", venue="杭州", start_date="2026-12-01",
                     end_date="2026-12-03")
        info = event_info(event)
        assert (info.title, info.venue, str(info.end_date)) == ("测试赛", "杭州", "2026-12-03")
        with pytest.raises(UserError, match="before the start"):
            update_event(event, end_date="2026-11-01")
        with pytest.raises(UserError, match="YYYY-MM-DD"):
            update_event(event, start_date="2026/13/01")
        event.undo()
        assert event_info(event).title.startswith("“嘉绍大桥杯”")


def test_groups_can_be_added_like_another_and_removed_while_empty(tmp_path: Path) -> None:
    from app.services.event import add_group, remove_group

    with Event.create(tmp_path / "e.db") as event:
        assert event_info(event).groups == ()
        add_group(event, "公开组", rounds=7, tiebreaks=["buchholz", "wins"])
        add_group(event, "女子组", like="公开组", rounds=5)
        groups = {g.name: g for g in event_info(event).groups}
        assert groups["女子组"].tiebreaks == ("buchholz", "wins") and groups["女子组"].rounds == 5
        with pytest.raises(UserError, match="exists"):
            add_group(event, "公开组")
        with pytest.raises(UserError):
            add_group(event, "坏组", system="swizz")
        add_player(event, "女子组", name="王芳")
        with pytest.raises(UserError, match="cannot be removed"):
            remove_group(event, "女子组")
        remove_group(event, "公开组")
        assert [g.name for g in event_info(event).groups] == ["女子组"]


def test_a_group_a_team_ranking_is_worked_out_from_is_not_removed(tmp_path: Path) -> None:
    """shenzhen's 混合团体 ranks units by the places of 男子组 and 女子组: removing either, even
    empty, would leave the team standings naming a group that is gone."""
    from app.services.event import remove_group

    with Event.create(tmp_path / "e.db", preset="shenzhen-2022") as event:
        with pytest.raises(UserError, match="混合团体") as refused:
            remove_group(event, "男子组")
        assert "不能删除本组" in refused.value.zh and "cannot be removed" in refused.value.en
        assert "男子组" in [g.name for g in event_info(event).groups]
        remove_group(event, "男子少年组（大众规则·线上初赛）")  # no team ranking reads it


def test_snapshots_are_listed_and_restored(tmp_path: Path) -> None:
    from app.services import snapshots

    with Event.create(tmp_path / "e.db", preset="qiwang-2022") as event:
        add_player(event, "公开组", name="甲")
        taken = snapshots.take(event, "测试")
        add_player(event, "公开组", name="乙")
        assert [s.id for s in snapshots.snapshots(event)] == [taken.id]
        before = snapshots.restore(event, taken.id)
        assert [p.name for p in players(event, "公开组")] == ["甲"]
        snapshots.restore(event, before.id)
        assert [p.name for p in players(event, "公开组")] == ["甲", "乙"]


def test_an_edit_from_a_stale_screen_does_not_overwrite_another_stations_change(
        tmp_path: Path) -> None:
    path = tmp_path / "e.db"
    with Event.create(path, preset="qiwang-2022", station="A") as first:
        player = add_player(first, "公开组", name="周明")
        seen_by_b = players(first, "公开组")[0]
        with Event.open(path, station="B") as second:
            update_player(second, player, expected_version=seen_by_b.version, unit="杭州")
        with pytest.raises(UserError, match="changed meanwhile by B"):
            update_player(first, player, expected_version=seen_by_b.version, unit="上海")
        assert players(first, "公开组")[0].unit == "杭州"
        fresh = players(first, "公开组")[0]
        update_player(first, player, expected_version=fresh.version, unit="上海")
        assert players(first, "公开组")[0].unit == "上海"


def test_a_damaged_file_is_refused_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "e.db"
    with Event.create(path, preset="qiwang-2022") as event:
        for k in range(30):
            add_player(event, "公开组", name=f"棋手{k}")
    with sqlite3.connect(path) as connection:  # fold the WAL into the file first
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    data[4096 * 3: 4096 * 3 + 300] = b"\xab" * 300
    path.write_bytes(bytes(data))
    with pytest.raises(UserError, match="damaged"):
        Event.open(path)


def test_a_failed_upgrade_leaves_the_file_as_it_was(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from app.store import database

    path = tmp_path / "old.db"
    Event.create(path, preset="yike-2022").close()

    def broken_step(connection: object) -> None:
        connection.exec_driver_sql("ALTER TABLE player ADD COLUMN nickname TEXT")  # type: ignore[attr-defined]
        raise RuntimeError("step fails half-way")

    monkeypatch.setattr(database, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(database, "UPGRADES", {1: broken_step})
    with pytest.raises(RuntimeError):
        Event.open(path)
    with sqlite3.connect(path) as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(player)")]
        version = connection.execute(
            "SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0]
    assert "nickname" not in columns and version == "1"
    assert (tmp_path / "old.db.v1.bak").exists()
