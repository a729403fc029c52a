"""The command line of docs/CLI.md, end to end on event files: exit codes, CSV output, imports
that refuse bad lists without changing the file, a whole event played from the command line."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tests.commands.helpers import run

DATA = Path(__file__).resolve().parents[1] / "data" / "imports"


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


@pytest.fixture
def qiwang(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "qiwang.db"
    assert run(capsys, "new", path, "--preset", "qiwang-2022")[0] == 0
    return path


def test_presets_lists_the_five_and_the_rif_openings_template(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "presets")
    assert code == 0
    assert [line.split("\t")[0] for line in out.splitlines()] == [
        "huazhi-2021", "mindgames-2016", "qiwang-2022", "rif-openings-2026", "shenzhen-2022",
        "tuanti-2026", "yike-2022"]


def test_import_qiwang_lists_merges_by_the_regulation(qiwang: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """qiwang 十二(二)1: 10 per period, equal points and wins all qualify; a person in two
    lists is taken once, by the earliest; wildcards are a list of their own."""
    code, out, _ = run(capsys, "import", qiwang, "--group", "公开组",
                       f"网络入围赛={DATA / 'qiwang-2022-period-1.csv'}",
                       f"网络入围赛={DATA / 'qiwang-2022-period-2.csv'}",
                       f"外卡={DATA / 'qiwang-2022-wildcards.xlsx'}")
    assert code == 0, out
    code, out, _ = run(capsys, "players", qiwang, "--csv")
    table = rows(out)
    assert {"id", "name", "gender", "birth_date", "unit", "group", "source"} <= set(table[0])
    names = [r["name"] for r in table]
    assert len(names) == 26
    assert names.count("袁博") == 2  # same name, another person (other 弈战ID)
    assert "梁超" not in names  # period 1's place 12: outside the quota
    assert {r["source"] for r in table} == {"网络入围赛", "外卡"}
    assert table[0]["birth_date"] == "1994-12-22"  # 1994年12月22日 in a GBK file


def test_a_list_with_errors_changes_nothing(qiwang: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    messy = f"外卡={DATA / 'mindgames-2016-messy.csv'}"
    code, _out, err = run(capsys, "import", qiwang, "--group", "公开组", messy)
    assert code == 2
    assert "mindgames-2016-messy.csv:5" in err  # the row with the bad check digit
    assert rows(run(capsys, "players", qiwang, "--csv")[1]) == []
    code, _out, _err = run(capsys, "import", qiwang, "--group", "公开组", "--valid-only", messy)
    assert code == 0
    assert 0 < len(rows(run(capsys, "players", qiwang, "--csv")[1])) < 9


def test_dry_run_writes_nothing(qiwang: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "import", qiwang, "--dry-run", "--group", "公开组",
                       f"外卡={DATA / 'qiwang-2022-wildcards.xlsx'}")
    assert code == 0 and "would import 6" in out
    assert rows(run(capsys, "players", qiwang, "--csv")[1]) == []


def test_bad_input_is_one_line_and_exit_two(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "players", tmp_path / "missing.db", "--csv")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "missing.db" in err
    code, _out, err = run(capsys, "result", tmp_path / "missing.db", "1")
    assert code == 2 and "Traceback" not in err


def test_a_shenzhen_double_game_group_from_new_to_the_last_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sz.db"
    group = "女子组（大众规则·线上初赛）"
    run(capsys, "new", path, "--preset", "shenzhen-2022")
    for k in range(8):
        assert run(capsys, "add-player", path, "--group", group, "--name", f"选手{k}",
                   "--gender", "女")[0] == 0
    assert run(capsys, "group", path, "--group", group, "--rounds", "5")[0] == 0
    for number in range(1, 6):
        assert run(capsys, "pair", path, "--group", group)[0] == 0
        for board in (1, 2, 3, 4):
            code, _out, err = run(capsys, "result", path, "--group", group, number, board,
                                  "1-0", "=")
            assert code == 0, err
    code, out, _ = run(capsys, "standings", path, "--group", group, "--csv")
    table = rows(out)
    assert code == 0 and len(table) == 8
    assert list(table[0])[:5] == ["rank", "number", "name", "unit", "points"]
    assert {"buchholz", "buchholz_of_buchholz"} <= set(table[0])


def test_pair_when_no_legal_pairing_exists_exits_one(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tiny.db"
    run(capsys, "new", path, "--preset", "qiwang-2022")
    for name in ("甲", "乙"):
        run(capsys, "add-player", path, "--group", "公开组", "--name", name)
    assert run(capsys, "pair", path, "--group", "公开组")[0] == 0
    run(capsys, "result", path, "--group", "公开组", 1, 1, "=")
    code, _out, err = run(capsys, "pair", path, "--group", "公开组")
    assert code == 1 and "no legal pairing" in err


def test_a_playoff_of_three_follows_the_groups_format_unless_told(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`group --set playoff_format=...` is the default of `playoff --format`; a format the
    program does not know exits 2 naming the key, and nothing is written."""
    from app.services import playoffs, rounds
    from app.services.event import Event
    from app.services.groups import update_group
    from app.services.players import add_player

    path = tmp_path / "sz.db"
    with Event.create(path, preset="shenzhen-2022") as event:
        update_group(event, "男子组", system="round_robin")
        for name in ("甲", "乙", "丙"):
            add_player(event, "男子组", name=name, unit=name, gender="M")
        for number in (1, 2, 3):
            info = rounds.pair_next_round(event, "男子组")
            rounds.enter_results(event, "男子组", number,
                                 {b.number: ["="] for b in info.boards if b.second})
    before = path.read_bytes()
    code, _out, err = run(capsys, "group", path, "--group", "男子组",
                          "--set", 'playoff_format="lottery"')
    assert code == 2 and "playoff_format" in err and path.read_bytes() == before
    assert run(capsys, "group", path, "--group", "男子组",
               "--set", 'playoff_format="knockout"')[0] == 0
    code, out, _err = run(capsys, "playoff", path, "--group", "男子组", "--place", "1")
    assert code == 0 and "双盘加赛" in out  # a knockout's two-player meeting
    with Event.open(path) as event:
        assert [p.games[0].stage for p in playoffs.playoffs(event, "男子组")] == ["双盘加赛"]
