"""The command line of docs/CLI.md, end to end on event files: exit codes, CSV output, imports
that refuse bad lists without changing the file, a whole event played from the command line."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tests.commands.helpers import OPEN, qiwang_open, run

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


def test_playoff_games_print_in_words_never_their_codes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`playoff`, `playoff-result` and `playoffs` print each game as the 加赛表 does (黑胜 /
    black won), Chinese first; the game still to play reads 待赛; no `1-0`."""
    from app.services.event import Event
    from app.services.groups import update_group

    path = qiwang_open(tmp_path / "qw.db", capsys, players=4)
    with Event.open(path) as event:
        update_group(event, OPEN, rounds=1, settings={"playoffs": True})
    assert run(capsys, "pair", path, "--group", OPEN)[0] == 0
    assert run(capsys, "results", path, "--group", OPEN, 1, "1=1-0", "2=1-0")[0] == 0
    code, out, err = run(capsys, "playoff", path, "--group", OPEN, "--place", "1")
    assert code == 0, err
    playoff_id = out.split()[1].rstrip(":")
    games = [line for line in out.splitlines() if "(黑)" in line]
    assert len(games) == 2 and all(line.endswith("待赛 / to play") for line in games)
    code, out, err = run(capsys, "playoff-result", path, playoff_id, "0-1")
    assert code == 0, err
    first, second = [line for line in out.splitlines() if "(黑)" in line]
    assert first.endswith("  白胜 / white won"), first
    assert second.endswith("待赛 / to play")
    code, out, err = run(capsys, "playoff-result", path, playoff_id, "1-0")
    assert code == 0, err
    _code, listed, _err = run(capsys, "playoffs", path, "--group", OPEN)
    lines = [line for line in listed.splitlines() if "(黑)" in line]
    assert lines[1].endswith("  黑胜 / black won"), lines
    assert "1-0" not in listed and "0-1" not in listed


def test_a_playoff_game_lost_on_time_is_entered_as_result_takes_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`playoff-result FILE ID 0-1t` (or 白胜超时) keeps the loss on time: `playoff-result` and
    `playoffs` print 白胜（黑超时）; a draw cannot be on time (exit 2, the file unchanged)."""
    from app.services.event import Event
    from app.services.groups import update_group

    path = qiwang_open(tmp_path / "qw.db", capsys, players=4)
    with Event.open(path) as event:
        update_group(event, OPEN, rounds=1, settings={"playoffs": True})
    assert run(capsys, "pair", path, "--group", OPEN)[0] == 0
    assert run(capsys, "results", path, "--group", OPEN, 1, "1=1-0", "2=1-0")[0] == 0
    code, out, err = run(capsys, "playoff", path, "--group", OPEN, "--place", "1")
    assert code == 0, err
    playoff_id = out.split()[1].rstrip(":")
    before = path.read_bytes()
    for typed in ("=t", "和超时", "+-t"):
        code, out, err = run(capsys, "playoff-result", path, playoff_id, typed)
        assert (code, out) == (2, "") and f"加赛 {playoff_id}" in err, (typed, err)
        assert path.read_bytes() == before, typed
    code, out, err = run(capsys, "playoff-result", path, playoff_id, "0-1t")
    assert code == 0, err
    first = next(line for line in out.splitlines() if "(黑)" in line)
    assert first.endswith("  白胜（黑超时） / white won (black lost on time)"), first
    code, out, err = run(capsys, "playoff-result", path, playoff_id, "白胜超时")
    assert code == 0, err
    _code, listed, _err = run(capsys, "playoffs", path, "--group", OPEN)
    games = [line for line in listed.splitlines() if "(黑)" in line]
    assert [line.rsplit("  ", 1)[1] for line in games] == [
        "白胜（黑超时） / white won (black lost on time)"] * 2 + ["待赛 / to play"]
    assert "0-1" not in listed  # each won once, as white: 1-1, a third game to play


def test_the_playoff_result_help_says_how_a_loss_on_time_is_typed(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`playoff-result --help` says it as `result --help` does, and its examples read as it
    says them (the results home's own parser)."""
    from app.cli import main
    from app.results import GameCode, GameResult, parse_game

    with pytest.raises(SystemExit) as exited:
        main(["playoff-result", "--help"])
    assert exited.value.code == 0
    help_text = capsys.readouterr().out
    for words in ("超时负：胜负结果后加 t（或“超时”），如 0-1t：白胜，黑超时负（同 白胜超时）",
                  "和棋不能标超时", "A loss on time: add t (or 超时) to a win"):
        assert words in help_text, words
    assert parse_game("0-1t") == parse_game("白胜超时") == GameResult(GameCode.SECOND_WINS, True)


def test_a_game_recorded_from_its_actions_says_its_result_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`game … --actions` and `game` say the game's result by the stone that won and how
    (黑胜（连五）), the same once saved and read back (it printed 未决, then 1-0); the board's
    result once it is filled, as the results list says it (黑胜／白胜)."""
    path = tmp_path / "sz.db"
    group = "男子组（大众规则·线上初赛）"  # 双盘制: the board waits for game 2
    assert run(capsys, "new", path, "--preset", "shenzhen-2022")[0] == 0
    for name in ("甲", "乙"):
        assert run(capsys, "add-player", path, "--group", group, "--name", name)[0] == 0
    assert run(capsys, "pair", path, "--group", group)[0] == 0
    where = ("--group", group, 1, 1)
    code, saved, err = run(capsys, "game", path, *where, "--actions", "h8 a1 i8 a2 j8 a3 k8 a4 l8")
    assert code == 0, err
    said = "结果 / result: 黑胜（连五） / black wins (five in a row)"
    assert said in saved.splitlines() and "本台结果" not in saved
    assert run(capsys, "game", path, *where)[1].splitlines()[-1] == said
    code, saved, err = run(capsys, "game", path, *where, "--index", 2, "--actions",
                           "h8 a1 i8 a2 j8 a3 k8 a4 a9 a5")
    assert code == 0, err
    assert saved.splitlines()[-2:] == ["结果 / result: 白胜（连五） / white wins (five in a row)",
                                       "本台结果 / board result: 黑胜／白胜 / black won / white won"]
