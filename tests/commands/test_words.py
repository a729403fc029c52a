"""The command line's words (issue 25): settings by their labels, players' genders and states
in words, the bracket in words, the import dry run saying what it would do, and every
command's help in Chinese first, English after; `--json` keeps the machine-readable form."""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
from pathlib import Path

import pytest

from app.cli import build_parser, main
from app.commands._words import cjk
from tests.commands.helpers import qiwang_open, run

CJK = cjk()

DATA = Path(__file__).resolve().parents[1] / "data" / "imports"


@pytest.fixture
def qiwang(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    return qiwang_open(tmp_path / "q.db", capsys)


def test_every_setting_has_the_setup_form_s_label() -> None:
    from app.group_settings import LABELS, GroupSettings

    assert set(GroupSettings.keys()) <= set(LABELS)
    assert all(CJK.search(zh) and en for zh, en in LABELS.values())


def test_group_shows_its_settings_by_their_labels(qiwang: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "group", qiwang, "--group", "公开组")
    assert code == 0
    assert "赛制：积分编排制 / System: Swiss" in out
    assert "行棋规则：专业规则（禁手）" in out and "开局方式：指定开局" in out
    assert "名次区分：对手分、中间对手分、胜局 / Tie-breaks: Buchholz, Median Buchholz, Wins" in out
    assert "计分：胜2 和1 负0" in out
    for code_word in ("swiss", "renju", "opening=", "buchholz", "{"):
        assert code_word not in out
    code, out, _ = run(capsys, "group", qiwang, "--group", "公开组", "--json")
    settings = json.loads(out)[0]
    assert settings["system"] == "swiss" and settings["opening"] == "designated"
    assert settings["points"]["win"] == 2


def test_players_csv_says_gender_and_state_in_words(qiwang: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    for name, gender in (("甲", "男"), ("乙", "女")):
        assert run(capsys, "add-player", qiwang, "--group", "公开组", "--name", name,
                   "--gender", gender)[0] == 0
    ids = [int(r["id"]) for r in csv.DictReader(io.StringIO(
        run(capsys, "players", qiwang, "--csv")[1]))]
    assert run(capsys, "withdraw", qiwang, ids[1])[0] == 0
    rows = list(csv.DictReader(io.StringIO(run(capsys, "players", qiwang, "--csv")[1])))
    assert [(r["gender"], r["status"]) for r in rows] == [("男", "在赛"), ("女", "退赛")]
    listed = json.loads(run(capsys, "players", qiwang, "--json")[1])
    assert [(p["gender"], p["status"]) for p in listed] == [("M", "active"), ("F", "withdrawn")]


def test_the_bracket_is_told_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "h.db"
    assert run(capsys, "new", path, "--preset", "huazhi-2021")[0] == 0
    for t in range(4):
        assert run(capsys, "team-add", path, "--group", "决赛", f"队{t}",
                   f"队{t}甲/男", f"队{t}乙/男", f"队{t}丙/女")[0] == 0
    assert run(capsys, "pair", path, "--group", "决赛")[0] == 0
    assert run(capsys, "team-result", path, "--group", "决赛", 1, 1, "1-0", "1-0", "1-0")[0] == 0
    code, out, _ = run(capsys, "bracket", path, "--group", "决赛")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("第1轮第1场（1–4名）/ round 1, match 1 (places 1–4)：队0 — ")
    assert first.endswith("胜者 / winner：队0")
    assert not re.search(r"\bR\d|\bM\d| v |->", out)
    matches = json.loads(run(capsys, "bracket", path, "--group", "决赛", "--json")[1])["matches"]
    assert matches[0]["round"] == 1 and matches[0]["winner"] == matches[0]["top"]


def test_the_dry_run_says_what_the_import_would_do(qiwang: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "import", qiwang, "--dry-run", "--group", "公开组",
                       f"外卡={DATA / 'qiwang-2022-wildcards.xlsx'}")
    assert code == 0 and "将导入 6 人 / would import 6" in out
    code, out, _ = run(capsys, "import", qiwang, "--dry-run", "--group", "公开组",
                       f"外卡={DATA / 'mindgames-2016-messy.csv'}")
    assert code == 2
    assert "未导入" not in out and "nothing imported" not in out
    assert "将不导入任何人" in out and "--valid-only" in out


def _parsers(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, (*path, name))


def _chinese_first(text: str | None) -> bool:
    parts = re.split(r" ?/ ", text or "", maxsplit=1)
    return len(parts) == 2 and bool(CJK.search(parts[0]) and re.search(r"[A-Za-z]", parts[1]))


def test_every_argument_s_help_is_chinese_first_then_english() -> None:
    missing = [f"{' '.join(path)} {a.option_strings or a.dest}: {a.help!r}"
               for path, parser in _parsers(build_parser(complete=True))
               for a in parser._actions if not _chinese_first(a.help)]
    assert missing == []


def test_argparse_s_own_words_are_chinese_first(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["result", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("用法 / usage: ")
    assert "位置参数 / positional arguments" in out and "选项 / options" in out
    assert "显示本帮助并退出 / show this help and exit" in out
    code, _out, err = run(capsys, "swap")
    assert code == 2 and err.split(": ", 1)[1].startswith("缺少参数：file, round, board / ")


def test_players_list_says_a_late_entry_and_the_absences_entered(
        qiwang: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A late entry (迟到报名) and a bye or absence entered ahead are part of a player's state
    on every listing: the table, the CSV and, as numbers, the JSON; never the stored kinds."""
    for name in ("甲", "乙", "丙", "丁"):
        assert run(capsys, "add-player", qiwang, "--group", "公开组", "--name", name)[0] == 0
    assert run(capsys, "pair", qiwang, "--group", "公开组")[0] == 0
    assert run(capsys, "add-player", qiwang, "--group", "公开组", "--name", "戊")[0] == 0
    ids = {r["name"]: int(r["id"]) for r in csv.DictReader(io.StringIO(
        run(capsys, "players", qiwang, "--csv")[1]))}
    assert run(capsys, "absent", qiwang, ids["乙"], 3, "--kind", "half_bye")[0] == 0
    assert run(capsys, "absent", qiwang, ids["乙"], 2)[0] == 0
    assert run(capsys, "withdraw", qiwang, ids["丁"], "--from-round", 3)[0] == 0
    rows = {r["name"]: r["status"] for r in csv.DictReader(io.StringIO(
        run(capsys, "players", qiwang, "--csv")[1]))}
    assert rows == {"甲": "在赛", "乙": "在赛（第2轮缺席；第3轮请假半分）", "丙": "在赛",
                    "丁": "第3轮起退赛", "戊": "在赛（迟到报名，第2轮起参赛）"}
    code, out, _ = run(capsys, "players", qiwang)
    assert "戊  " in out and "在赛（迟到报名，第2轮起参赛）" in out and "half_bye" not in out
    listed = {p["name"]: p for p in json.loads(run(capsys, "players", qiwang, "--json")[1])}
    assert listed["戊"]["entered_round"] == 2 and listed["甲"]["entered_round"] == 1


def test_the_event_summary_counts_the_rounds_a_group_plays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A round robin plays its table's rounds (6 players: 5), whatever the rounds setting
    it kept from before (7 for a new group): `event` says 5/5 at the end, as the standings
    do, not 5/7; a Swiss group its setting."""
    path = tmp_path / "rr.db"
    assert run(capsys, "new", path, "--preset", "shenzhen-2022")[0] == 0
    assert run(capsys, "group-add", path, "循环组")[0] == 0
    assert run(capsys, "group", path, "--group", "循环组", "--system", "round_robin")[0] == 0
    for name in ("甲", "乙", "丙", "丁", "戊", "己"):
        assert run(capsys, "add-player", path, "--group", "循环组", "--name", name)[0] == 0
    for number in range(1, 6):
        assert run(capsys, "pair", path, "--group", "循环组")[0] == 0
        for board in (1, 2, 3):
            assert run(capsys, "result", path, "--group", "循环组", number, board, "1-0")[0] == 0
    out = run(capsys, "event", path)[1]
    assert "  循环组: 6 人 / players, 5/5 轮 / rounds" in out, out
    assert "  男子组: 0 人 / players, 0/5 轮 / rounds" in out
    assert "已完成 5/5 轮" in run(capsys, "standings", path, "--group", "循环组")[1]
