"""A knockout board neither of whose players came (both withdrawn or absent), decided by the
chief arbiter's lots (抽签, 2021-huazhi 八、(五); someone has to go on, 六、(三)5): entered as
`result … --lots PLAYER`, refused wherever it decides nothing, corrected with --replace, and
said as lots — 双方均未到场，抽签决定…晋级 — by every command, never as a forfeit."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.commands.helpers import (
    KO,
    file_state,
    individual_knockout,
    ok,
    played_round_one,
    qiwang_open,
    round_robin_numbered,
    run,
)

pytestmark = pytest.mark.slow  # each walks a knockout through the commands (0.5 s and more)

SAID = "选手2（退赛）、选手6（退赛）双方均未到场，抽签决定选手6晋级"


def two_gone(path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The six of `individual_knockout` after round 1, 选手2 and 选手6 withdrawn: round 2
    paired, they meet on board 2 (for places 1-4), neither there."""
    individual_knockout(path, capsys)
    played_round_one(path, capsys)
    ok(capsys, "withdraw", path, 2)
    ok(capsys, "withdraw", path, 6)
    ok(capsys, "pair", path, "--group", KO)
    return path


def test_the_lots_send_one_on_and_every_command_says_so(tmp_path, capsys):
    path = two_gone(tmp_path / "ko.db", capsys)
    out = ok(capsys, "result", path, "--group", KO, 2, 2, "--lots", "选手6")
    assert out.splitlines()[0] == (f"第2轮第2台 {SAID} / round 2, board 2: neither 选手2 "
                                   "(withdrawn) nor 选手6 (withdrawn) came: the lots sent 选手6 on")
    shown = ok(capsys, "round", path, "--group", KO, 2)
    line = next(x for x in shown.splitlines() if x.startswith("  2  "))
    assert line.startswith(f"  2  选手2 (先手) - 选手6  (1–4名)  {SAID} / ")
    assert "[" not in line and "弃权" not in line and "不战胜" not in line  # no code, no forfeit
    bracket = ok(capsys, "bracket", path, "--group", KO)
    assert ("第2轮第2场（1–4名）/ round 2, match 2 (places 1–4)：选手2（退赛 / withdrawn） — "
            "选手6（退赛 / withdrawn），胜者 / winner：选手6（双方均未到场，抽签 / neither came, lots）"
            ) in bracket
    assert "第3轮第1场（1–2名）/ round 3, match 1 (places 1–2)：待定 / to come — 选手6" in bracket
    drawn = json.loads(ok(capsys, "bracket", path, "--group", KO, "--json"))
    match = next(m for m in drawn["matches"] if (m["round"], m["match"]) == (2, 2))
    assert match["winner"] == 6 and match["decided_by"] == "lots"
    ok(capsys, "result", path, "--group", KO, 2, 1, "1-0")
    ok(capsys, "pair", path, "--group", KO)  # 选手1 v 选手6, 选手4 v 选手2: their forfeits
    ok(capsys, "result", path, "--group", KO, 3, 3, "1-0")
    standings = ok(capsys, "standings", path, "--group", KO)
    # 选手6 goes on to the final and is second, with one match won (round 1's): the lots
    # are no match won
    assert "   2  选手6    1" in standings and "   4  选手2    0" in standings
    crosstable = ok(capsys, "crosstable", path, "--group", KO)
    row = {line.split()[3]: line.split()[4:7] for line in crosstable.splitlines()
           if line[:1].isdigit()}
    # round 2 of 选手6 and 选手2 (each the other's row): the lots, no forfeit either way
    assert row["选手6"][1].endswith("白抽签晋级") and row["选手2"][1].endswith("黑抽签负")
    assert row["选手6"][2].endswith("白弃权负")  # round 3: withdrawn, forfeited as before
    assert "抽签晋级、抽签负：双方均未到场，由裁判长抽签决定晋级的一方（该局未赛，双方均不计胜局）" \
        in crosstable


@pytest.mark.parametrize(("args", "said"), [
    ((2, 2, "--lots", "选手1"), "第2轮第2台：选手1 不在本台（本台：选手2 对 选手6）"),
    ((2, 2, "--lots", "选手9"), "第2轮第2台：本组没有棋手 选手9"),
    ((2, 3, "--lots", "选手5"), "第2轮第3台：轮空台不需要抽签"),
    ((2, 2, "-+", "--lots", "选手6"), "--lots 不与结果同用（得到 -+）"),
    ((2, 2), "缺少结果（先手在前，如 1-0）；双方均未到场的淘汰赛对局用 --lots 棋手"),
])
def test_lots_where_they_decide_nothing_are_refused_writing_nothing(tmp_path, capsys, args,
                                                                    said):
    path = two_gone(tmp_path / "ko.db", capsys)
    before = file_state(path)
    code, out, err = run(capsys, "result", path, "--group", KO, *args)
    assert code == 2 and out == "" and said in err, err
    assert file_state(path) == before


def test_a_paired_board_neither_player_turned_up_at_is_decided_by_lots(tmp_path, capsys):
    """Both players of a paired board are not there when play begins (no absence entered
    ahead): `late … absent absent` cannot send one on and says to enter the lots, which are
    then taken, on the arbiter's word, and said as lots."""
    path = two_gone(tmp_path / "ko.db", capsys)
    before = file_state(path)
    code, out, err = run(capsys, "late", path, "--group", KO, 2, 1, "absent", "absent")
    assert code == 2 and out == "" and "result … --lots 棋手" in err, err
    assert file_state(path) == before
    out = ok(capsys, "result", path, "--group", KO, 2, 1, "--lots", "选手4")
    assert "双方均未到场，抽签决定选手4晋级" in out and "弃权" not in out
    line = next(x for x in ok(capsys, "round", path, "--group", KO, 2).splitlines()
                if x.startswith("  1  "))
    assert "抽签决定选手4晋级" in line and "不战胜" not in line
    code, out, err = run(capsys, "result", path, "--group", KO, 2, 1, "--lots", "选手1")
    assert code == 2 and "--replace" in err  # other lots are a correction


def test_lots_in_a_swiss_or_a_round_robin_are_refused(tmp_path, capsys):
    """Lots send a player on only in a knockout: a Swiss board or a round robin's (whose
    missing players' boards are forfeits entered when paired) takes none."""
    swiss = qiwang_open(tmp_path / "qw.db", capsys, players=4, paired=True)
    before = file_state(swiss)
    code, out, err = run(capsys, "result", swiss, "--group", "公开组", 1, 1, "--lots", "棋手0")
    assert code == 2 and out == ""
    assert "第1轮第1台：积分编排制不以抽签决定一台的胜负：抽签决定晋级只用于淘汰赛双方均未到场的对局" in err
    assert file_state(swiss) == before
    table = round_robin_numbered(tmp_path / "rr.db", capsys, ["张一", "张二", "张三", "张四"])
    ok(capsys, "pair", table, "--group", "男子组")  # round 1: 1-4, 2-3
    ok(capsys, "results", table, "--group", "男子组", 1, "1=1-0", "2==")
    ok(capsys, "withdraw", table, 1)
    ok(capsys, "withdraw", table, 2)
    ok(capsys, "pair", table, "--group", "男子组")  # round 2: 4-3, and 1-2 lost by both
    before = file_state(table)
    code, out, err = run(capsys, "result", table, "--group", "男子组", 2, 2, "--lots", "张一",
                         "--replace")
    assert code == 2 and "不以抽签决定一台的胜负" in err
    assert file_state(table) == before


def test_a_team_match_takes_its_lots_from_team_result(tmp_path, capsys):
    path = tmp_path / "hz.db"
    ok(capsys, "new", path, "--preset", "huazhi-2021")
    for k in (1, 2):
        ok(capsys, "team-add", path, "--group", "决赛", f"队{k}", f"甲{k}/男", f"乙{k}/男",
           f"丙{k}/女")
    ok(capsys, "pair", path, "--group", "决赛")
    before = file_state(path)
    code, out, err = run(capsys, "result", path, "--group", "决赛", 1, 1, "--lots", "甲1")
    assert code == 2 and "团体赛打平的比赛抽签请用 team-result … --lots 队名" in err
    assert file_state(path) == before


def test_lots_are_corrected_with_replace_and_later_rounds_follow(tmp_path, capsys):
    """The same lots again change nothing; others need --replace (the refusal says what the
    board has, in words) and then re-seat round 3, paired on the first lots and played on
    no board yet; undo brings the first lots back."""
    path = two_gone(tmp_path / "ko.db", capsys)
    ok(capsys, "result", path, "--group", KO, 2, 2, "--lots", "选手6")
    before = file_state(path)
    again = ok(capsys, "result", path, "--group", KO, 2, 2, "--lots", "6")  # by id
    assert again.startswith("第2轮第2台已是该抽签结果，未改动")
    assert file_state(path) == before
    ok(capsys, "result", path, "--group", KO, 2, 1, "1-0")
    ok(capsys, "pair", path, "--group", KO)
    before = file_state(path)
    code, out, err = run(capsys, "result", path, "--group", KO, 2, 2, "--lots", "选手2")
    assert code == 2 and out == ""
    assert "第2轮第2台已有结果 双方均未到场，抽签决定选手6晋级；如需更正，请加 --replace" in err
    assert file_state(path) == before
    out = ok(capsys, "result", path, "--group", KO, 2, 2, "--lots", "选手2", "--replace")
    assert out.startswith("第2轮第2台 选手2（退赛）、选手6（退赛）双方均未到场，抽签决定选手2晋级")
    assert "更正后重排：第3轮第1台改为 选手1 对 选手2（原为 选手1 对 选手6）" in out
    assert "winner：选手2（双方均未到场，抽签" in ok(capsys, "bracket", path, "--group", KO)
    ok(capsys, "undo", path)
    assert "winner：选手6（双方均未到场，抽签" in ok(capsys, "bracket", path, "--group", KO)


def test_an_absent_player_and_a_withdrawn_one_meeting_are_decided_by_lots(tmp_path, capsys):
    """Missing is withdrawn (退赛) or absent from the round (缺席) alike."""
    path = individual_knockout(tmp_path / "ko.db", capsys)
    played_round_one(path, capsys)
    ok(capsys, "withdraw", path, 2)
    ok(capsys, "absent", path, 6, 2)
    ok(capsys, "pair", path, "--group", KO)
    out = ok(capsys, "result", path, "--group", KO, 2, 2, "--lots", "选手2")
    assert "选手2（退赛）、选手6（缺席）双方均未到场，抽签决定选手2晋级" in out


def _pdf(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_every_paper_says_the_lots_never_a_forfeit(tmp_path, capsys):
    """The knockout played out after the lots, every paper printed and read back: the round's
    lists, the bracket, the places, the crosstable, the 成绩册, the workbook, the TRF."""
    path = two_gone(tmp_path / "ko.db", capsys)
    ok(capsys, "result", path, "--group", KO, 2, 2, "--lots", "选手6")
    ok(capsys, "result", path, "--group", KO, 2, 1, "1-0")
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "result", path, "--group", KO, 3, 3, "1-0")
    out = tmp_path / "out"
    ok(capsys, "export", path, "--out", out, "--pdf", "--xlsx", "--federation")
    pdf = out / "PDF"
    note = f"第2台 {SAID}。"
    for name in ("对阵表（按台次）", "成绩表", "对阵表（按姓名）"):
        text = _pdf(pdf / KO / "第02轮" / f"{name}.pdf")
        assert note in text, name
        line = next(x for x in text.splitlines() if "选手2（退赛）" in x and "选手6（退赛）" in x)
        assert "弃权" not in line and "不战胜" not in line, (name, line)
        if name != "对阵表（按姓名）":
            assert "抽签（白晋级）" in line  # the result column: who the lots sent on
    results = _pdf(pdf / KO / "第02轮" / "成绩表.pdf")
    assert next(x for x in results.splitlines() if "抽签（白晋级）" in x).split()[-1] == "抽签"
    slips = _pdf(pdf / KO / "第02轮" / "成绩记录单.pdf")
    assert "第1台 成绩记录单" in slips and "第2台" not in slips  # nothing is played there
    bracket = _pdf(pdf / KO / "淘汰赛对阵图.pdf")
    assert "第2轮第2场 抽签" in bracket
    assert "标“签”者：双方均未到场，由裁判长抽签决定晋级" in "".join(bracket.split())
    assert "第2名 选手6" in bracket
    places = _pdf(pdf / f"{KO} 淘汰赛名次.pdf")
    second = next(x for x in places.splitlines() if "选手6" in x)
    assert second.split()[:3] == ["2", "选手6", "1"]  # one match won: round 1's, not the lots
    crosstable = _pdf(pdf / KO / "交叉表.pdf")
    assert "白抽签晋级" in crosstable and "黑抽签负" in crosstable
    assert "抽签晋级、抽签负：双方均未到场" in "".join(crosstable.split())
    booklet = _pdf(pdf / "成绩册.pdf")
    assert note in booklet and "第2轮第2场双方均未到场，抽签决定选手6晋级。" in booklet
    workbook = openpyxl.load_workbook(out / "Excel" / "赛事数据.xlsx")
    cells = [str(c) for row in workbook[f"{KO}第2轮"].iter_rows(values_only=True)
             for c in row if c is not None]
    assert "抽签（白晋级）" in cells and SAID in cells
    assert not any("弃权" in c or "不战胜" in c for c in cells)
    trf = next(out.rglob("trf/g1.trf")).read_text(encoding="utf-8")
    assert ("### round 2: board 2 2-6 neither came, recorded as lost by both; the chief "
            "arbiter's lots sent 6 on (抽签)") in trf
    records = {line[4:8].strip(): line for line in trf.splitlines() if line.startswith("001")}
    assert "6 w -" in records["2"] and "2 b -" in records["6"]  # lost by both, as scored
