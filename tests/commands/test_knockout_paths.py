"""Knockout paths (淘汰赛, huazhi 六、(三)5) walked from the command line, individual and team:
the bracket's places, corrections once the next round is paired, withdrawals, results a
knockout cannot take, and the papers they print (read back with pdftotext)."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from tests.commands.helpers import KNOCKOUT_FINAL as FINAL
from tests.commands.helpers import (
    KO,
    file_state,
    individual_knockout,
    ok,
    paper,
    played_round_one,
    run,
    team_knockout,
)
from tests.exports.helpers import footer_legend

# ----- places stop at the entrants ------------------------------------------------------------


def test_six_players_play_for_places_1_to_6_and_the_bracket_names_them(tmp_path, capsys):
    """Six players in a bracket of eight: no place 7 or 8 anywhere (byes create none), and
    the individual bracket names the players, not their ids."""
    path = individual_knockout(tmp_path / "ko.db", capsys)
    out = ok(capsys, "pair", path, "--group", KO)
    assert "(1–6名)" in out and "1-8" not in out and "1–8" not in out
    # a game's line says the places its match plays for, as a bye's does
    assert "  2  选手4 (先手) - 选手5  (1–6名)" in out and "  1  选手1  轮空 / bye  (1–6名)" in out
    for board, code in ((2, "1-0"), (4, "0-1")):
        ok(capsys, "result", path, "--group", KO, 1, board, code)
    ok(capsys, "pair", path, "--group", KO)
    for board in (1, 2):
        ok(capsys, "result", path, "--group", KO, 2, board, "1-0")
    out = ok(capsys, "pair", path, "--group", KO)
    assert "名次段 5-6: 第3场" in out and "7-8" not in out
    for board in (1, 2, 3):
        ok(capsys, "result", path, "--group", KO, 3, board, "1-0")
    out = ok(capsys, "bracket", path, "--group", KO)
    assert "第1轮第2场（1–6名）/ round 1, match 2 (places 1–6)：选手4 — 选手5，胜者 / winner：选手4" \
        in out
    assert "第2轮第3场（5–6名）" in out and "7–8" not in out and "第3轮第4场" not in out
    assert out.strip().splitlines()[-1] == ("名次 / places: 1. 选手1, 2. 选手2, 3. 选手4, "
                                            "4. 选手6, 5. 选手5, 6. 选手3")
    text = paper(capsys, path, tmp_path / "out", f"{KO} 淘汰赛对阵图")
    assert "第1-6名" in text and "第5-6名（第1轮第1-6名负者）" in text
    assert "第7" not in text and "第8" not in text and "1-8" not in text
    assert "第6名 选手3" in text and "决第5、6名" in text


def test_five_players_the_fifth_place_alone(tmp_path, capsys):
    """Five players: the last place is played against an empty slot and decides place 5
    alone, never a range 5-5 nor a place 6."""
    path = individual_knockout(tmp_path / "ko.db", capsys, players=5)
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "result", path, "--group", KO, 1, 2, "1-0")
    out = ok(capsys, "pair", path, "--group", KO)
    assert "(第5名)" in out and "5–5" not in out and "5-8" not in out
    out = ok(capsys, "bracket", path, "--group", KO)
    assert "第3轮第3场（第5名）" in out and "6名" not in out


# ----- a knockout match sends someone through --------------------------------------------------


@pytest.mark.parametrize("args", [("result", 1, 2, "--"), ("results", 1, "2=--", "4=1-0"),
                                  ("late", 1, 2, "absent", "absent")])
def test_both_forfeit_is_refused_someone_has_to_go_through(tmp_path, capsys, args):
    """`--` (lost by both) sends no one on: refused with the reason and what to do (the chief
    arbiter decides who goes through, by lots, and enters +- or -+); nothing written."""
    path = individual_knockout(tmp_path / "ko.db", capsys)
    ok(capsys, "pair", path, "--group", KO)
    before = path.read_bytes()
    code, out, err = run(capsys, args[0], path, "--group", KO, *args[1:])
    assert code == 2 and out == ""
    assert "第1轮第2台：淘汰赛不能双方弃权（--）：本场必须有一方晋级" in err
    assert "由裁判长抽签决定晋级的一方" in err and "result … --lots 棋手" in err
    assert path.read_bytes() == before
    ok(capsys, "result", path, "--group", KO, 1, 2, "-+")  # the one decided on goes through
    assert "胜者 / winner：选手5" in ok(capsys, "bracket", path, "--group", KO)


def test_a_draw_is_refused_until_played_off(tmp_path, capsys):
    path = individual_knockout(tmp_path / "ko.db", capsys)
    ok(capsys, "pair", path, "--group", KO)
    before = path.read_bytes()
    code, _out, err = run(capsys, "result", path, "--group", KO, 1, 2, "=")
    assert code == 2 and "淘汰赛必须分出胜负：请录入加赛后的结果" in err
    assert path.read_bytes() == before


# ----- a withdrawn player or team forfeits their next match ------------------------------------


def test_a_withdrawn_player_forfeits_the_next_match_and_it_takes_no_other_result(
        tmp_path, capsys):
    """The bracket keeps the withdrawn 选手6 in round 2 against 选手2: the match is entered
    as 选手6's forfeit when paired (as a round robin does), the report says so, and any other
    result is refused naming 选手6 and why, nothing written."""
    path = individual_knockout(tmp_path / "ko.db", capsys)
    played_round_one(path, capsys)
    ok(capsys, "withdraw", path, 6)
    out = ok(capsys, "pair", path, "--group", KO)
    assert "选手2 (先手) - 选手6  (1–4名)  [+-]" in out
    assert "第2台 选手6（退赛）弃权，选手2不战胜 / board 2: 选手6 (withdrawn) forfeits" in out
    before = path.read_bytes()
    for args in (("result", 2, 2, "0-1", "--replace"), ("results", 2, "2=0-1")):
        code, _out, err = run(capsys, args[0], path, "--group", KO, *args[1:])
        assert code == 2 and "第2轮第2台：选手6 第2轮起退赛：该台判其弃权负，已录 +-" in err
        assert path.read_bytes() == before
    ok(capsys, "result", path, "--group", KO, 2, 1, "1-0")
    bracket = ok(capsys, "bracket", path, "--group", KO)  # 选手6 marked from round 2 on
    assert "第2轮第2场（1–4名）/ round 2, match 2 (places 1–4)：选手2 — 选手6（退赛 / withdrawn），" \
        "胜者 / winner：选手2" in bracket
    first = [line for line in bracket.splitlines() if line.startswith("第1轮") and "选手6" in line]
    assert first and "退赛" not in first[0]  # round 1, played before the withdrawal
    assert json.loads(ok(capsys, "bracket", path, "--group", KO, "--json"))[
        "withdrawn_from"] == {"6": 2}
    ok(capsys, "pair", path, "--group", KO)  # round 3: 选手4 v 选手6 for places 3-4
    assert "选手4 (先手) - 选手6  (3–4名)  [+-]" in ok(capsys, "round", path, "--group", KO, 3)


@pytest.mark.slow  # the bracket paper and the Word 成绩册 exported and read
def test_the_printed_bracket_marks_a_withdrawn_player_from_his_withdrawal_on(tmp_path, capsys):
    """The bracket (淘汰赛对阵图, PDF and the Word 成绩册's table) named the withdrawn 选手6
    bare in round 2 and on, as if he played; it reads `选手6（退赛）` there, as the pairing
    lists mark him, and `选手6` in round 1, which he played."""
    import docx

    path = individual_knockout(tmp_path / "ko.db", capsys)
    played_round_one(path, capsys)
    ok(capsys, "withdraw", path, 6)
    ok(capsys, "pair", path, "--group", KO)
    text = paper(capsys, path, tmp_path / "out", f"{KO} 淘汰赛对阵图")
    # three boxes hold him: round 1's match 4, played; round 2's match 2, forfeited when
    # paired, and so round 3's for places 3-4
    assert text.count("选手6") == 3 and text.count("选手6（退赛）") == 2
    assert "退赛" not in text.replace("选手6（退赛）", "")
    ok(capsys, "export", path, "--out", tmp_path / "word", "--only", "成绩册（Word）")
    (word,) = (tmp_path / "word").rglob("*.docx")
    rows = [[c.text for c in row.cells] for t in docx.Document(str(word)).tables
            for row in t.rows if row.cells[0].text.startswith("第") and "轮" in row.cells[0].text]
    sides = {(row[0], row[1]): (row[3], row[4]) for row in rows if len(row) == 7}
    assert sides[("第1轮", "4")] == ("选手3", "选手6")
    assert sides[("第2轮", "2")] == ("选手2", "选手6（退赛）")


def test_two_missing_players_wait_for_the_arbiters_lots(tmp_path, capsys):
    """Both players of a match withdrawn: no one would go through a double forfeit, and
    neither came to win by forfeit, so nothing is entered; the report asks for the chief
    arbiter's lots (`result … --lots`, test_knockout_board_lots) and a game, a double forfeit
    or a forfeit win is refused pointing to them."""
    path = individual_knockout(tmp_path / "ko.db", capsys)
    played_round_one(path, capsys)
    ok(capsys, "withdraw", path, 2)
    ok(capsys, "withdraw", path, 6)
    out = ok(capsys, "pair", path, "--group", KO)
    assert "选手2 (先手) - 选手6  (1–4名)  选手2（退赛）、选手6（退赛）均不出场，待裁判长抽签决定晋级的一方" \
        in out  # no result entered
    assert "第2台 选手2（退赛）、选手6（退赛）均不出场：须由裁判长抽签决定晋级的一方，录入 result … 2 2 " \
        "--lots 棋手" in out
    before = path.read_bytes()
    for code_typed in ("1-0", "--", "-+", "+-"):
        code, _out, err = run(capsys, "result", path, "--group", KO, 2, 2, code_typed)
        assert code == 2 and "选手2（第2轮起退赛）、选手6（第2轮起退赛）均不出场：双方都没有到场，" \
            "不能判一方不战胜" in err
        assert "result … 2 2 --lots 棋手" in err
        assert path.read_bytes() == before


def test_a_withdrawn_team_forfeits_its_next_knockout_match(tmp_path, capsys):
    """huazhi's team knockout: team-withdraw takes every member out, and the team's next
    match is entered as lost by forfeit on every board when paired (the other team goes
    through), said in the report; a board result other than its forfeit is refused naming
    the member; the withdrawal shows in `teams`."""
    path = team_knockout(tmp_path / "hz.db", capsys)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "1-0", "1-0")
    ok(capsys, "team-result", path, "--group", FINAL, 1, 4, "1-0", "0-1", "1-0")
    assert "队4 第2轮起退赛" in ok(capsys, "team-withdraw", path, "--group", FINAL, "队4")
    assert "队4（第2轮起退赛）" in ok(capsys, "teams", path, "--group", FINAL)
    out = ok(capsys, "pair", path, "--group", FINAL)
    assert "队1 - 队4  (6:0)  [1-0]" in out
    assert "第2轮第1场 队4 全队不出场，队1 不战胜" in out
    before = path.read_bytes()
    code, _out, err = run(capsys, "team-result", path, "--group", FINAL, 2, 1, "1-0", "1-0",
                          "1-0", "--replace")
    assert code == 2 and "第2轮第1场第1台：甲4 第2轮起退赛：该台判其弃权负，应录 +-" in err
    assert path.read_bytes() == before
    ok(capsys, "unpair", path, "--group", FINAL)  # the forfeits are the pairing's own


def test_two_withdrawn_teams_wait_for_the_arbiter(tmp_path, capsys):
    """Both teams gone: the match is level (every board lost by both) and no captain is there
    to play it off, so the pairing's report asks for lots (抽签, huazhi 八、(五)), which
    `team-result … --lots TEAM` enters on the boards as the pairing stored them."""
    path = team_knockout(tmp_path / "hz.db", capsys)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "1-0", "1-0")
    ok(capsys, "team-result", path, "--group", FINAL, 1, 4, "1-0", "0-1", "1-0")
    for name in ("队1", "队4"):
        ok(capsys, "team-withdraw", path, "--group", FINAL, name)
    out = ok(capsys, "pair", path, "--group", FINAL)
    assert ("第2轮第1场 队1、队4 均不出场：两队打平，须由裁判长抽签决定胜方，录入 team-result … 2 1 "
            "--lots 队名") in out
    assert "[1-0]" not in out.split("  2  ")[0]
    before = path.read_bytes()
    code, out, err = run(capsys, "team-result", path, "--group", FINAL, 2, 1, "--", "--",
                         "--", "--playoff", "+-", "--replace")
    assert code == 2 and out == ""
    assert ("第2轮第1场主将加赛第1局：甲4 第2轮起退赛，甲1 第2轮起退赛：两队主将均不出场，不能加赛；"
            "请由裁判长抽签决定胜方（--lots 队名）") in err
    assert path.read_bytes() == before
    out = ok(capsys, "team-result", path, "--group", FINAL, 2, 1, "--lots", "队4")
    assert out.startswith("第2轮第1场 两队打平，抽签决定：队4胜")
    shown = ok(capsys, "round", path, "--group", FINAL, 2)
    assert "队1 - 队4  (0:0 抽签（队4胜）)  [0-1]" in shown
    # the report's line asking for lots is followed by what they decided, not left standing
    asked = shown.index("须由裁判长抽签决定胜方")
    assert shown.index("* 第2轮第1场 两队打平，抽签决定：队4胜 / round 2, match 1: level: "
                       "decided by lots, 队4 wins") > asked
    ok(capsys, "undo", path)  # the lots taken back, their line too
    assert "抽签决定：队4胜" not in ok(capsys, "round", path, "--group", FINAL, 2)



# ----- a result corrected once the next round is paired ----------------------------------------


def test_a_player_withdrawn_before_round_1_is_left_out_of_the_bracket(tmp_path, capsys):
    """Nine entered, 选手1 (the top seed) withdrawn before round 1: the bracket is drawn for
    the eight who start (three rounds, not four; no slot handing 选手1's match to a
    forfeit), round 1 says so, and once it is paired he cannot be reinstated into it."""
    path = individual_knockout(tmp_path / "ko.db", capsys, players=9)
    ok(capsys, "withdraw", path, 1)
    assert "轮数：3（按淘汰赛对阵图）" in ok(capsys, "group", path, "--group", KO)
    ok(capsys, "reinstate", path, 1)  # before round 1 he may come back: nine again
    assert "轮数：4（按淘汰赛对阵图）" in ok(capsys, "group", path, "--group", KO)
    ok(capsys, "withdraw", path, 1)
    paired = ok(capsys, "pair", path, "--group", KO)
    assert "对阵图按8人排定，第1轮前退赛的选手1不编入" in paired
    assert "选手1 (先手)" not in paired and "- 选手1 " not in paired
    assert "  1  选手2 (先手) - 选手9  (1–8名)" in paired  # the eight, seeded as they stand
    bracket = ok(capsys, "bracket", path, "--group", KO)
    assert "选手1" not in bracket and "第3轮第1场（1–2名）" in bracket
    before = file_state(path)
    code, out, err = run(capsys, "reinstate", path, 1)
    assert code == 2 and out == ""
    assert "选手1在第1轮前退赛，禁手组的淘汰赛对阵图已按第1轮编排时的人数排定" in err
    assert file_state(path) == before


def test_a_team_withdrawn_before_round_1_is_left_out_of_the_bracket(tmp_path, capsys):
    """整队退赛 before round 1: the bracket is drawn for the five teams that start (places 1-5),
    not with 队1 in a slot handing its match to a forfeit, and it cannot come back once
    drawn."""
    path = team_knockout(tmp_path / "hz.db", capsys)
    ok(capsys, "team-withdraw", path, "--group", FINAL, "队1", "--from-round", "1")
    paired = ok(capsys, "pair", path, "--group", FINAL)
    assert "对阵图按5队排定，第1轮前退赛的队1不编入" in paired
    boards = [line for line in paired.splitlines() if line[:3].strip().isdigit()]
    assert boards and not any("队1 " in line or line.endswith("队1") for line in boards)
    assert "(1–5名)" in paired
    before = file_state(path)
    code, out, err = run(capsys, "team-withdraw", path, "--group", FINAL, "队1", "--reinstate")
    assert code == 2 and "队1在第1轮前退赛，决赛的淘汰赛对阵图已按第1轮编排时的队数排定" in err
    assert file_state(path) == before


def test_a_correction_reseats_the_next_rounds_boards_not_yet_played(tmp_path, capsys):
    """Round 2 paired on 选手4's win; corrected to 选手5's: the new winner takes 选手4's seat
    against 选手1 and 选手4 the loser's bye, as the bracket has it, since neither board has
    a result; the correction and the round's report say so."""
    path = individual_knockout(tmp_path / "ko.db", capsys)
    played_round_one(path, capsys)
    ok(capsys, "pair", path, "--group", KO)
    out = ok(capsys, "result", path, "--group", KO, 1, 2, "0-1", "--replace")
    assert "更正后重排：第2轮第1台改为 选手1 对 选手5（原为 选手1 对 选手4）" in out
    assert "更正后重排：第2轮第3台改为 选手4 轮空（原为 选手5 轮空）" in out
    assert "根据原结果编排" not in out
    shown = ok(capsys, "round", path, "--group", KO, 2)
    assert "1  选手1 (先手) - 选手5" in shown and "3  选手4  轮空" in shown
    assert "* 更正后重排：第2轮第1台改为 选手1 对 选手5" in shown
    ok(capsys, "result", path, "--group", KO, 2, 1, "0-1")
    assert "第2轮第1场（1–4名）/ round 2, match 1 (places 1–4)：选手1 — 选手5，胜者 / winner：选手5" \
        in ok(capsys, "bracket", path, "--group", KO)


def test_a_correction_a_played_board_depends_on_is_refused_naming_it(tmp_path, capsys):
    """Round 2's board 1 was played by 选手1 and 选手4: a correction giving round 1's match to
    选手5 would change a game already played; refused naming that board and what to do,
    nothing written."""
    path = individual_knockout(tmp_path / "ko.db", capsys)
    played_round_one(path, capsys)
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "result", path, "--group", KO, 2, 1, "1-0")
    before = path.read_bytes()
    code, out, err = run(capsys, "result", path, "--group", KO, 1, 2, "0-1", "--replace")
    assert code == 2 and out == ""
    assert ("不能更正第1轮第2台：第2轮第1台（选手1 对 选手4）已有结果 1-0，它的对阵取决于第1轮第2台"
            "的胜负（按更正后的结果应为 选手1 对 选手5）") in err
    assert "本次未作任何改动" in err and "undo --list" in err
    assert path.read_bytes() == before


def test_a_team_correction_reseats_or_is_refused_alike(tmp_path, capsys):
    path = team_knockout(tmp_path / "hz.db", capsys)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "1-0", "1-0")
    ok(capsys, "team-result", path, "--group", FINAL, 1, 4, "1-0", "0-1", "1-0")
    ok(capsys, "pair", path, "--group", FINAL)
    out = ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "0-1", "0-1", "0-1",
             "--replace")
    assert "更正后重排：第2轮第1场改为 队1 对 队5（原为 队1 对 队4）" in out
    assert "更正后重排：第2轮第3场改为 队4 轮空（原为 队5 轮空）" in out
    shown = ok(capsys, "round", path, "--group", FINAL, 2)
    assert "1  队1 - 队5" in shown and "1. 甲1 (黑) - 甲5" in shown
    ok(capsys, "team-result", path, "--group", FINAL, 2, 1, "1-0", "1-0", "1-0")
    before = path.read_bytes()
    code, _out, err = run(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "1-0",
                          "1-0", "--replace")
    assert code == 2 and "不能更正第1轮第2场：第2轮第1场（队1 对 队5）已有结果 4:2" in err
    assert path.read_bytes() == before


# ----- what `group` says of a knockout --------------------------------------------------------


def rounds_line(capsys: pytest.CaptureFixture[str], path: Path, group: str) -> str:
    return next(line.strip() for line in ok(capsys, "group", path, "--group", group).splitlines()
                if line.strip().startswith("轮数"))


def test_group_counts_a_knockouts_rounds_by_its_bracket(tmp_path, capsys):
    """轮数 of a knockout is its bracket's (log2 of the slots for its entrants), not the
    stored setting (7 for mindgames' 禁手组, 4 for huazhi's 决赛 before any team)."""
    path = individual_knockout(tmp_path / "ko.db", capsys, players=0)
    assert rounds_line(capsys, path, KO) == ("轮数：按淘汰赛对阵图（尚不足两人） / Rounds: by the "
                                             "bracket (fewer than two players yet)")
    for k in range(1, 7):
        ok(capsys, "add-player", path, "--group", KO, "--name", f"选手{k}")
    assert rounds_line(capsys, path, KO) == "轮数：3（按淘汰赛对阵图） / Rounds: 3 (by the bracket)"
    hz = tmp_path / "hz.db"
    ok(capsys, "new", hz, "--preset", "huazhi-2021")
    assert rounds_line(capsys, hz, FINAL).startswith("轮数：按淘汰赛对阵图（尚不足两队）")
    hz = team_knockout(tmp_path / "hz6.db", capsys, teams=5)
    assert rounds_line(capsys, hz, FINAL).startswith("轮数：3（按淘汰赛对阵图）")


# ----- team-standings and standings of a knockout ----------------------------------------------


def four_teams_played(path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """huazhi's 决赛 with four teams, both rounds played (队1 and 队2 win round 1, 队1 the
    final, 队3 the match for third)."""
    team_knockout(path, capsys, teams=4)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 1, "1-0", "0-1", "1-0")
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "0-1", "1-0")
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 2, 1, "1-0", "0-1", "1-0")
    ok(capsys, "team-result", path, "--group", FINAL, 2, 2, "0-1", "1-0", "0-1")
    return path


def test_team_standings_lists_a_team_knockouts_places_in_words(tmp_path, capsys):
    """`team-standings` printed nothing for huazhi: it lists the team knockout's places,
    headed 名次 队伍 胜场 队员 (matches won, the members by board), and `standings` of a
    knockout heads its rows 队伍 (or 姓名) and 胜场, not 积分."""
    path = four_teams_played(tmp_path / "hz.db", capsys)
    lines = ok(capsys, "team-standings", path).splitlines()
    assert lines[:3] == ["决赛 团体名次 / team standings", "名次  队伍  胜场  队员",
                         "   1  队1  2  甲1、乙1、丙1  30000元、证书"]
    assert "   3  队3  1  甲3、乙3、丙3  12000元、证书" in lines
    out = ok(capsys, "standings", path, "--group", FINAL)
    assert out.splitlines()[1] == "名次  队伍  单位  胜场"
    ko = individual_knockout(tmp_path / "ko.db", capsys, players=2)
    ok(capsys, "pair", ko, "--group", KO)
    ok(capsys, "result", ko, "--group", KO, 1, 1, "1-0")
    assert ok(capsys, "standings", ko, "--group", KO).splitlines()[1] == "名次  姓名  单位  胜场"


# ----- the crosstable of a knockout follows its places -----------------------------------------


def _crosstable_lines(capsys: pytest.CaptureFixture[str], path: Path) -> list[tuple[str, str]]:
    """The command line's crosstable of the knockout: (名次, 姓名) of each row, in order."""
    out = ok(capsys, "crosstable", path, "--group", KO)
    return [(cells[1], cells[3]) for cells in (line.split("  ") for line in out.splitlines())
            if cells[0].isdigit()]


@pytest.mark.slow  # three rounds played and read after each
def test_a_knockouts_crosstable_is_in_the_order_of_its_places(tmp_path, capsys):
    """huazhi 六、(三)5: a knockout's order is where each entrant went out, as its standings
    give it. The crosstable put 选手3 (lost round 1, then a bye and the 5-6 match: 4 points)
    third, above 选手1 and 选手2 (places 3 and 4), by its points."""
    path = individual_knockout(tmp_path / "ko.db", capsys)
    played_round_one(path, capsys)
    # round 1's losers play for 5-6 below its winners, each band by seed, no place yet
    assert _crosstable_lines(capsys, path) == [
        ("", "选手1"), ("", "选手2"), ("", "选手4"), ("", "选手6"), ("", "选手3"), ("", "选手5")]
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "results", path, "--group", KO, 2, "1=0-1", "2=0-1")
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "result", path, "--group", KO, 3, 1, "0-1")  # the final: 选手6 beats 选手4
    assert _crosstable_lines(capsys, path) == [
        ("1", "选手6"), ("2", "选手4"), ("", "选手1"), ("", "选手2"), ("", "选手3"), ("", "选手5")]
    ok(capsys, "results", path, "--group", KO, 3, "2=1-0", "3=0-1")
    standings = ok(capsys, "standings", path, "--group", KO).splitlines()[2:]
    places = [(line.split()[0], line.split()[1]) for line in standings]
    assert places == [("1", "选手6"), ("2", "选手4"), ("3", "选手1"), ("4", "选手2"),
                      ("5", "选手3"), ("6", "选手5")]
    assert _crosstable_lines(capsys, path) == places
    # the CSV's rows too
    out = ok(capsys, "crosstable", path, "--group", KO, "--csv").splitlines()
    assert [line.split(",")[2] for line in out[1:]] == [name for _place, name in places]
    # and the printed crosstable, which listed them by 编号 without a 名次 under a legend
    # saying its rows are in the order of places (按名次排列)
    text = paper(capsys, path, tmp_path / "out", f"{KO} 交叉表")
    printed = [(line.split()[2], line.split()[3]) for line in text.splitlines()
               if line.strip()[:1].isdigit() and "选手" in line]
    assert printed == places and "按名次排列" in text


def test_a_team_knockout_has_no_players_crosstable(tmp_path, capsys):
    """`crosstable` of huazhi's 决赛 listed the teams' members as players, each 缺席 in every
    round: a team knockout is played by teams, and its places, bracket and matches are read
    elsewhere; it exits 2 saying so, nothing written."""
    path = four_teams_played(tmp_path / "hz.db", capsys)
    before = path.read_bytes()
    code, out, err = run(capsys, "crosstable", path, "--group", FINAL)
    assert code == 2 and out == ""
    assert "决赛（团体淘汰赛）各场是队与队的比赛，没有棋手交叉表：各队名次请用 standings，对阵图请用 bracket" in err
    assert path.read_bytes() == before


# ----- the knockout places paper ---------------------------------------------------------------


def test_the_individual_knockout_places_paper_is_titled_as_such(tmp_path, capsys):
    """An individual knockout's places were printed as 团体名次（禁手组 名次） with a 代表队
    column: a team paper. They are 禁手组 淘汰赛名次 with 姓名, on the PDF, in the workbook and
    in the 成绩册 (under 淘汰赛名次, not 团体名次); a team knockout's stay 决赛 团体名次."""
    from openpyxl import load_workbook

    path = individual_knockout(tmp_path / "ko.db", capsys, players=2)
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "result", path, "--group", KO, 1, 1, "0-1")
    listed = ok(capsys, "export", path, "--list").splitlines()
    assert "禁手组 淘汰赛名次" in listed and not any("团体名次" in n for n in listed)
    text = paper(capsys, path, tmp_path / "pdf", "禁手组 淘汰赛名次")
    assert "禁手组 淘汰赛名次" in text and "团体" not in text and "代表队" not in text
    header = next(line for line in text.splitlines() if line.startswith("名次"))
    assert header.split() == ["名次", "姓名", "胜场", "奖励", "备注"]
    # the prize each place gives (奖励), as the individual 名次表 and `standings` give it
    assert text.split("备注")[1].split()[:8] == ["1", "选手2", "1", "30000元、证书",
                                               "2", "选手1", "0", "20000元、证书"]
    ok(capsys, "export", path, "--out", tmp_path / "xlsx", "--xlsx")
    book = load_workbook(next((tmp_path / "xlsx").rglob("*.xlsx")))
    sheet = next(s for s in book.worksheets if "淘汰赛名次" in s.title)
    rows = [[c for c in row if c is not None] for row in sheet.iter_rows(values_only=True)]
    assert ["名次", "并列", "姓名", "胜场", "奖励", "备注"] in rows
    booklet = paper(capsys, path, tmp_path / "book", "成绩册（PDF）")
    assert "淘汰赛名次" in booklet and "团体名次" not in booklet
    hz = four_teams_played(tmp_path / "hz.db", capsys)
    assert "决赛 团体名次" in ok(capsys, "export", hz, "--list").splitlines()


def test_a_withdrawn_team_is_marked_from_which_round_on_the_team_papers(tmp_path, capsys):
    """huazhi's 决赛: 队4 withdraws after round 1 and forfeits its match for third place; its
    line reads 第2轮起退赛 in team-standings, standings, the places paper and the workbook,
    as a withdrawn player's does."""
    from openpyxl import load_workbook

    path = team_knockout(tmp_path / "hz.db", capsys, teams=4)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 1, "1-0", "0-1", "1-0")
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "0-1", "1-0")
    ok(capsys, "team-withdraw", path, "--group", FINAL, "队4")
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 2, 1, "1-0", "0-1", "1-0")
    lines = ok(capsys, "team-standings", path).splitlines()
    assert "   4  队4  0  甲4、乙4、丙4  9000元、证书  第2轮起退赛" in lines
    assert any(line.startswith("   4  队4") and line.endswith("第2轮起退赛")
               for line in ok(capsys, "standings", path, "--group", FINAL).splitlines())
    text = paper(capsys, path, tmp_path / "pdf", "决赛 团体名次")
    row = next(line for line in text.splitlines() if "队4" in line)
    assert row.split()[0] == "4" and row.split()[-1] == "第2轮起退赛"
    ok(capsys, "export", path, "--out", tmp_path / "xlsx", "--xlsx")
    book = load_workbook(next((tmp_path / "xlsx").rglob("*.xlsx")))
    sheet = next(s for s in book.worksheets if "团体名次" in s.title)
    assert any(r[2] == "队4" and r[-1] == "第2轮起退赛"
               for r in sheet.iter_rows(values_only=True))


# ----- the team match's result slip -------------------------------------------------------------


def test_the_team_slip_carries_the_captains_playoff_line_once_played(tmp_path, capsys):
    """A level match decided by its captains' playoff (huazhi 六、(三)3): the round's 成绩记录单
    prints the playoff game's line (who has black, of which team, the result boxes) under
    the score; a match without one keeps the box to tick."""
    path = team_knockout(tmp_path / "hz.db", capsys, teams=4)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 1, "1-0", "=", "0-1", "--playoff",
       "0-1")
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "0-1", "1-0")
    text = paper(capsys, path, tmp_path / "out", f"{FINAL} 第1轮成绩记录单")
    first, second = text.split("第1轮 第2场")
    assert "两队打平，由两队主将加赛：" in first
    line = next(x for x in first.splitlines() if x.strip().startswith("主将加赛"))
    words = line.split()
    assert words[0] == "主将加赛" and words[1].startswith("黑：") and words[3].startswith("白：")
    assert (words[2], words[4]) == ("甲4（队4）", "甲1（队1）")  # 队4's captain has black
    assert first.split(line)[1].split()[0] == "结果："
    assert "如两队打平，由两队主将加赛：" in second and "两队主将加赛：\n" not in second


@pytest.mark.slow  # three papers exported and read
def test_a_captains_playoff_is_no_board_of_the_pairing_list(tmp_path, capsys):
    """huazhi 六、(三)3: a level match is decided by its captains' playoff, a game played only
    then. Once played, the round's pairing list (对阵表) printed it as a fourth board
    (`第1场加赛`) and `round` as board 4 (`4. 甲4 (黑) - 甲1`): the pairing list keeps the
    three boards paired, the results list and `round` name the game 主将加赛."""
    path = team_knockout(tmp_path / "hz.db", capsys, teams=4)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 1, "1-0", "=", "0-1", "--playoff",
       "0-1")
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "0-1", "1-0")
    posted = paper(capsys, path, tmp_path / "posted", f"{FINAL} 第1轮对阵表（按台次）")
    boards = [line.split()[0] for line in posted.splitlines() if line.strip().startswith("第")
              and "场" in line.split()[0]]
    assert boards == ["第1场", "第1场1台", "第1场2台", "第1场3台",
                      "第2场", "第2场1台", "第2场2台", "第2场3台"]
    assert "加赛" not in posted
    results = paper(capsys, path, tmp_path / "results", f"{FINAL} 第1轮成绩表")
    line = next(x for x in results.splitlines() if "加赛" in x and "3:3" not in x)
    words = line.split()
    assert (words[0], words[2], words[3], words[4]) == ("第1场主将加赛", "甲4", "队4", "白胜")
    ok(capsys, "export", path, "--out", tmp_path / "book", "--xlsx", "--only", "Excel 工作簿")
    workbook = openpyxl.load_workbook(next((tmp_path / "book").rglob("*.xlsx")))
    labels = [row[0] for row in workbook[f"{FINAL}第1轮"].iter_rows(min_row=2, values_only=True)]
    assert labels[:6] == ["第1场", "第1场1台", "第1场2台", "第1场3台", "第1场主将加赛", "第2场"]
    shown = ok(capsys, "round", path, "--group", FINAL, 1).splitlines()
    games = [x.strip() for x in shown if x.startswith("       ")][:4]
    assert games == ["1. 甲1 (黑) - 甲4 1-0", "2. 乙4 (黑) - 乙1 =", "3. 丙1 (黑) - 丙4 0-1",
                     "主将加赛 甲4 (黑) - 甲1 0-1"]


# ----- a level match decided by lots (抽签) ----------------------------------------------------


def lots_played(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """huazhi's 决赛 of four teams: round 1's match 2 level, its captains' playoff game drawn,
    then decided by lots for 队3; round 2's final decided by the playoff (队3), the match for
    third place level and decided by lots for 队4. The two `team-result … --lots` outputs."""
    team_knockout(path, capsys, teams=4)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 1, "1-0", "0-1", "1-0")
    first = ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "=", "0-1",
               "--playoff", "=", "--lots", "队3")
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 2, 1, "1-0", "=", "0-1", "--playoff",
       "1-0")
    second = ok(capsys, "team-result", path, "--group", FINAL, 2, 2, "1-0", "=", "0-1",
                "--lots", "队4")
    return first, second


def test_lots_decide_a_level_match_and_every_paper_says_so(tmp_path, capsys):
    """huazhi 六、(三)3 and 八、(五): a level match whose captains' playoff cannot decide it is
    decided by lots; the command says so, and the round, the bracket, the places (抽签决定名次
    for the match for third place), the result slip, the places paper, the 成绩册 and the
    workbook read 抽签 with the team drawn, never 主将加赛 for it."""
    import json

    from openpyxl import load_workbook

    path = tmp_path / "hz.db"
    first, second = lots_played(path, capsys)
    assert first.strip() == ("第1轮第2场 两队打平，抽签决定：队3胜 / round 1, match 2: level: "
                             "decided by lots, 队3 wins")
    assert second.startswith("第2轮第2场 两队打平，抽签决定：队4胜")
    shown = ok(capsys, "round", path, "--group", FINAL, 2)
    assert "1  队1 - 队3  (3:3 主将加赛)  [0-1]" in shown
    assert "2  队4 - 队2  (3:3 抽签（队4胜）)  [1-0]" in shown
    assert "3:3 抽签（队3胜）" in ok(capsys, "round", path, "--group", FINAL, 1)
    lines = ok(capsys, "bracket", path, "--group", FINAL).splitlines()
    assert lines[1].endswith("队2 — 队3，胜者 / winner：队3（抽签 / lots）")
    assert lines[2].endswith("队1 — 队3，胜者 / winner：队3（主将加赛 / captains' playoff）")
    assert lines[3].endswith("队4 — 队2，胜者 / winner：队4（抽签 / lots）")
    assert lines[0].endswith("胜者 / winner：队1")  # won on the boards: nothing to say
    matches = json.loads(ok(capsys, "bracket", path, "--group", FINAL, "--json"))["matches"]
    assert [m["decided_by"] for m in matches] == [None, "lots", "playoff", "lots"]
    standings = ok(capsys, "team-standings", path).splitlines()
    assert "   3  队4  1  甲4、乙4、丙4  12000元、证书  抽签决定名次" in standings
    # 队2 drawn out in round 1 too; 队3 won its final by the playoff (no note of it), and
    # came there by lots
    assert "   4  队2  0  甲2、乙2、丙2  9000元、证书  第1轮抽签负，抽签决定名次" in standings
    assert "   1  队3  2  甲3、乙3、丙3  30000元、证书  第1轮抽签胜" in standings
    slip = paper(capsys, path, tmp_path / "slip", f"{FINAL} 第2轮成绩记录单")
    final, third = slip.split("第2轮 第2场")
    assert "两队打平，由两队主将加赛：" in final and "抽签" not in final
    assert "两队打平，抽签决定：队4胜" in third and "主将加赛" not in third
    slip = paper(capsys, path, tmp_path / "slip1", f"{FINAL} 第1轮成绩记录单")
    level = slip.split("第1轮 第2场")[1]
    assert "两队打平，由两队主将加赛：" in level and "加赛未分胜负，抽签决定：队3胜" in level
    places = paper(capsys, path, tmp_path / "places", f"{FINAL} 团体名次")
    row = next(line for line in places.splitlines() if "队4" in line)
    assert row.split()[0] == "3" and row.split()[-1] == "抽签决定名次"
    booklet = paper(capsys, path, tmp_path / "book", "成绩册（PDF）")
    assert "3:3 抽签（队4胜）" in booklet and "3:3 抽签（队3胜）" in booklet
    assert booklet.count("3:3 主将加赛") == 2  # the final, on its list and on the bracket
    ok(capsys, "export", path, "--out", tmp_path / "xlsx", "--xlsx")
    book = load_workbook(next((tmp_path / "xlsx").rglob("*.xlsx")))
    rows = [r for r in book["决赛第2轮"].iter_rows(values_only=True)]
    lots = next(r for r in rows if r[0] == "第2场抽签")
    assert lots[3:9] == ("队4", "两队打平，抽签决定：队4胜", None, None, "队2", "抽签")
    assert rows.index(lots) == len(rows) - 1  # after its match's boards
    first_round = [r[4] for r in book["决赛第1轮"].iter_rows(values_only=True)
                   if r[0] == "第2场抽签"]
    assert first_round == ["加赛未分胜负，抽签决定：队3胜"]
    sheet = next(s for s in book.worksheets if "团体名次" in s.title)
    assert any(r[2] == "队2" and r[-1] == "第1轮抽签负，抽签决定名次"
               for r in sheet.iter_rows(values_only=True))


def team_places_line(lines: list[str], team: str) -> list[str]:
    """The cells of `team`'s line of a places table read off a paper (pdftotext -layout)."""
    return next(line.split() for line in lines if f" {team} " in f" {line} ")


@pytest.mark.slow
def test_lots_on_a_teams_way_to_its_place_are_on_every_places_paper(tmp_path, capsys):
    """huazhi 八、(五): round 1's match 2 level and drawn by lots for 队3, round 2 played out.
    The places papers noted lots only where the match for the place itself was drawn; the
    lots of round 1 sent 队3 to the final (2nd) and 队2 to the match for third (4th), and
    `team-standings`, the places paper, the 成绩册 (PDF and Word) and the workbook say so
    on those two lines (第1轮抽签胜 / 第1轮抽签负), on no other, never as 抽签决定名次."""
    import docx
    from openpyxl import load_workbook

    path = team_knockout(tmp_path / "hz.db", capsys, teams=4)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 1, "1-0", "0-1", "1-0")
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "=", "0-1", "--lots", "队3")
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 2, 1, "1-0", "0-1", "1-0")
    ok(capsys, "team-result", path, "--group", FINAL, 2, 2, "1-0", "0-1", "1-0")
    teams = ("队1", "队3", "队4", "队2")  # in place order
    standings = ok(capsys, "team-standings", path).splitlines()
    assert [team_places_line(standings, team)[-1] for team in teams] == [
        "30000元、证书", "第1轮抽签胜", "12000元、证书", "第1轮抽签负"]
    assert "抽签决定名次" not in "\n".join(standings)
    places = paper(capsys, path, tmp_path / "places", f"{FINAL} 团体名次").splitlines()
    booklet = paper(capsys, path, tmp_path / "book", "成绩册（PDF）")
    table = booklet[booklet.index(f"{FINAL} 团体名次", booklet.index("团体名次\n")):].splitlines()
    for lines in (places, table):
        assert [team_places_line(lines, team)[-1] for team in teams] == [
            "30000元、证书", "第1轮抽签胜", "12000元、证书", "第1轮抽签负"]
    ok(capsys, "export", path, "--out", tmp_path / "word", "--only", "成绩册（Word）")
    (word,) = (tmp_path / "word").rglob("*.docx")
    rows = [[c.text for c in row.cells] for t in docx.Document(str(word)).tables
            for row in t.rows]
    # the places table's rows (胜场 a number), not the 录取名单's with as many cells
    assert [r[-1] for r in rows if len(r) == 6 and r[1] in teams and r[0].isdigit()
            and r[2].isdigit()] == ["", "第1轮抽签胜", "", "第1轮抽签负"]
    ok(capsys, "export", path, "--out", tmp_path / "xlsx", "--xlsx")
    sheet = load_workbook(next((tmp_path / "xlsx").rglob("*.xlsx")))[f"{FINAL} 团体名次"]
    assert [(r[2], r[-1]) for r in sheet.iter_rows(min_row=2, values_only=True)] == [
        ("队1", None), ("队3", "第1轮抽签胜"), ("队4", None), ("队2", "第1轮抽签负")]


@pytest.mark.slow
def test_lots_in_the_match_that_decided_a_place_before_the_last_round(tmp_path, capsys):
    """Five teams: 队4 v 队5 is round 1's only match, level and drawn by lots for 队4; 队5
    meets empty slots only after it, so those lots decided its place 5 (抽签决定名次), which
    was said only of a match of the last round; 队4 went on with them (第1轮抽签胜)."""
    path = team_knockout(tmp_path / "hz.db", capsys, teams=5)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "=", "0-1", "--lots", "队4")
    for number in (2, 3):
        ok(capsys, "pair", path, "--group", FINAL)
        for match in (1, 2):
            ok(capsys, "team-result", path, "--group", FINAL, number, match, "1-0", "0-1", "1-0")
    standings = ok(capsys, "team-standings", path).splitlines()
    assert team_places_line(standings, "队5")[0] == "5"
    assert team_places_line(standings, "队5")[-1] == "抽签决定名次"
    assert team_places_line(standings, "队4")[-1] == "第1轮抽签胜"
    assert sum("抽签" in line for line in standings) == 2


@pytest.mark.slow
def test_the_trf_of_a_team_knockout_states_each_level_match_decision(tmp_path, capsys):
    """huazhi 六、(三)3 and 八、(五): the federation package's TRF of a team knockout holds the
    games only, whose points add up to a level match; it said nothing of the lots that decided
    two matches (nor of who a captains' playoff sent on). A `###` comment line states each
    decision, with the team that won the match, after the round's further games; the file
    still reads (`trf check` takes it: exit 1, the bracket is not the Dutch system's)."""
    from app.pairing.trf import read_trf

    path = tmp_path / "hz.db"
    lots_played(path, capsys)
    ok(capsys, "export", path, "--out", tmp_path / "out", "--federation")
    trf = next(p for p in (tmp_path / "out").rglob("*.trf") if "棋手" not in p.name)
    comments = [line for line in trf.read_text(encoding="utf-8").splitlines()
                if line.startswith("###")]
    assert comments == [
        "### round 1: a further game 7-4 = (第2场主将加赛) is not a round record",
        "### round 1: match 2 队2 - 队3 level 3:3 on game points, the captains' playoff "
        "(主将加赛) undecided, decided by lots (抽签): 队3 wins the match",
        "### round 2: a further game 7-1 1-0 (第1场主将加赛) is not a round record",
        "### round 2: match 1 队1 - 队3 level 3:3 on game points, decided by the captains' "
        "playoff (主将加赛): 队3 wins the match",
        "### round 2: match 2 队4 - 队2 level 3:3 on game points, decided by lots (抽签): 队4 "
        "wins the match"]
    read = read_trf(trf.read_text(encoding="utf-8"), trf.name)
    assert [t.name for t in read.teams] == ["队1", "队4", "队2", "队3"]
    code, _out, err = run(capsys, "trf", "check", trf)
    assert code == 1 and "not paired by the Dutch system" in err


@pytest.mark.parametrize(("args", "said"), [
    ((1, 1, "1-0", "0-1", "1-0", "--lots", "队1"),
     "第1轮第1场：比赛未打平（6:0），胜负已由局分决定，不能抽签"),
    ((1, 2, "1-0", "=", "0-1", "--lots", "队1"),
     "第1轮第2场：抽签胜方 队1 不是本场的队伍（本场：队2 对 队3）"),
    ((1, 2, "1-0", "=", "0-1", "--playoff", "1-0", "--lots", "队2"),
     "第1轮第2场：主将加赛已分出胜负，不能再抽签"),
    ((1, 2, "--lots", "队2"), "第1轮第2场第1台：该台尚无结果：抽签只决定打平的比赛，请先录入各台结果"),
    ((1, 2), "缺少各台结果（黑先，每台一个）"),
])
def test_lots_where_they_decide_nothing_are_refused(tmp_path, capsys, args, said):
    """Lots decide a level knockout match only: refused, naming the match and why, for a
    match the game points decide, a team not in it, a match its playoff decided, boards
    without their results; nothing written."""
    path = team_knockout(tmp_path / "hz.db", capsys, teams=4)
    ok(capsys, "pair", path, "--group", FINAL)
    before = path.read_bytes()
    code, out, err = run(capsys, "team-result", path, "--group", FINAL, *args)
    assert code == 2 and out == "" and said in err, err
    assert path.read_bytes() == before


def test_a_team_swiss_takes_no_lots_for_a_match(tmp_path, capsys):
    """FIDE C.04.6: a Team Swiss match level on game points is drawn; lots decide no match
    there (the lots for tied places are team-lots): refused, nothing written."""
    from tests.commands.helpers import TEAM_GROUP, tuanti_teams

    path = tuanti_teams(tmp_path / "tt.db", capsys, teams=4, paired=True)
    before = path.read_bytes()
    code, out, err = run(capsys, "team-result", path, "--group", TEAM_GROUP, 1, 1, "1-0", "=",
                         "0-1", "--lots", "第1队")
    assert code == 2 and out == ""
    assert ("第1轮第1场：团体积分编排中两队局分相同即为和局（FIDE C.04.6：场分 2/1/0），不以抽签决定胜负"
            "（并列名次的抽签请用 team-lots）") in err
    assert path.read_bytes() == before


# ----- the cross-group round (复赛) ranks nobody ------------------------------------------------


CROSS = "复赛"  # huazhi-2021's cross-group round


def cross_group(path: Path, capsys: pytest.CaptureFixture[str], teams: int = 4) -> Path:
    """huazhi's 复赛 with `teams` teams from each list (大k from 大众场, 专k from 专业场, in
    their lists' order)."""
    ok(capsys, "new", path, "--preset", "huazhi-2021")
    for label, short in (("大众场", "大"), ("专业场", "专")):
        for k in range(1, teams + 1):
            ok(capsys, "team-add", path, "--group", CROSS, "--source", label, f"{short}{k}",
               f"甲{short}{k}/男", f"乙{short}{k}/男", f"丙{short}{k}/女")
    return path


def test_standings_of_the_cross_group_round_say_who_goes_on(tmp_path, capsys):
    """huazhi 五、(二), 五、(三)2: the 复赛 is one round of team matches whose winners go on to
    the final; it ranks nobody. `standings` listed every player 1= with 0 points; it lists
    each match (the teams with their lists' places, the score) and who qualified (出线), the
    matches still open said so; `team-standings` shows the same before the final's places."""
    path = cross_group(tmp_path / "hz.db", capsys)
    out = ok(capsys, "standings", path, "--group", CROSS)
    assert out.startswith("复赛 出线名单 / qualifiers：尚未编排（pair --group 复赛）")
    ok(capsys, "pair", path, "--group", CROSS)
    ok(capsys, "team-result", path, "--group", CROSS, 1, 1, "1-0", "0-1", "1-0")
    ok(capsys, "team-result", path, "--group", CROSS, 1, 2, "1-0", "=", "0-1", "--playoff",
       "1-0")
    ok(capsys, "team-result", path, "--group", CROSS, 1, 3, "1-0", "=", "0-1")
    lines = ok(capsys, "standings", path, "--group", CROSS).splitlines()
    assert lines[:7] == [
        "复赛 出线名单 / qualifiers（临时·非最终 / provisional：已决出 2/4 场 / 2 of 4 matches "
        "decided）",
        "场次  先行方  比分  后行方  出线",
        "第1场  大1（大众场第1名）  6:0  专4（专业场第4名）  大1",
        "第2场  大2（大众场第2名）  3:3 主将加赛  专3（专业场第3名）  专3",
        "第3场  大3（大众场第3名）  3:3 战平，需主将加赛  专2（专业场第2名）  待定",
        "第4场  大4（大众场第4名）  待赛  专1（专业场第1名）  待定",
        "出线 / qualified（2/4）：大1、专3"]
    assert lines[7].startswith("  注：复赛只赛一轮，不排名次：每场胜队出线进入决赛")
    assert not any("1=" in line or "积分" in line for line in lines)
    ok(capsys, "team-result", path, "--group", CROSS, 1, 3, "1-0", "=", "0-1", "--lots", "专2",
       "--replace")
    ok(capsys, "team-result", path, "--group", CROSS, 1, 4, "0-1", "1-0", "0-1")
    lines = ok(capsys, "team-standings", path).splitlines()
    assert lines[0] == "复赛 出线名单 / qualifiers"  # every match decided: final
    assert "第3场  大3（大众场第3名）  3:3 抽签（专2胜）  专2（专业场第2名）  专2" in lines
    assert "出线 / qualified（4/4）：大1、专3、专2、专1" in lines
    rows = ok(capsys, "standings", path, "--group", CROSS, "--csv").splitlines()
    assert rows[0].split(",")[-3:] == ["second_points", "decided_by", "qualified"]
    assert rows[3] == "3,大3,大众场,3,专2,专业场,2,3,3,抽签,专2"
    assert rows[2].split(",")[-2:] == ["主将加赛", "专3"]


@pytest.mark.slow
def test_the_cross_group_round_exports_its_qualifiers_paper_and_sheet(tmp_path, capsys):
    """huazhi 五、(二), 五、(三)2: the 复赛's outcome is who goes on (出线), shown by `standings`
    and the window but on no paper: the export gave its rounds only. It now prints
    `复赛/出线名单.pdf` (each match with the teams' lists and places, the score, who goes on;
    the teams that go on; 临时·非最终 while a match is open; the signatures), a workbook sheet
    with the same rows, and a section of the 成绩册."""
    from openpyxl import load_workbook

    path = cross_group(tmp_path / "hz.db", capsys)
    ok(capsys, "pair", path, "--group", CROSS)
    ok(capsys, "team-result", path, "--group", CROSS, 1, 1, "1-0", "0-1", "1-0")
    ok(capsys, "team-result", path, "--group", CROSS, 1, 2, "1-0", "=", "0-1", "--playoff",
       "1-0")
    ok(capsys, "team-result", path, "--group", CROSS, 1, 3, "1-0", "=", "0-1")
    text = paper(capsys, path, tmp_path / "open", f"{CROSS} 出线名单")
    lines = [line.split() for line in text.splitlines()]
    assert ["复赛", "出线名单（临时·非最终）"] in lines
    assert ["场次", "先行方", "比分", "后行方", "出线"] in lines
    assert ["第1场", "大1（大众场第1名）", "6:0", "专4（专业场第4名）", "大1"] in lines
    assert ["第2场", "大2（大众场第2名）", "3:3", "主将加赛", "专3（专业场第3名）", "专3"] in lines
    assert ["第3场", "大3（大众场第3名）", "3:3", "战平，需主将加赛", "专2（专业场第2名）",
            "待定"] in lines
    assert ["第4场", "大4（大众场第4名）", "待赛", "专1（专业场第1名）", "待定"] in lines
    assert ["出线队伍（2/4）：大1、专3"] in lines
    assert "裁判长：" in text and "每场胜队出线进入决赛" in text
    ok(capsys, "team-result", path, "--group", CROSS, 1, 3, "1-0", "=", "0-1", "--lots", "专2",
       "--replace")
    ok(capsys, "team-result", path, "--group", CROSS, 1, 4, "0-1", "1-0", "0-1")
    text = paper(capsys, path, tmp_path / "final", f"{CROSS} 出线名单")
    lines = [line.split() for line in text.splitlines()]
    assert ["复赛", "出线名单"] in lines and "临时" not in text
    assert ["第3场", "大3（大众场第3名）", "3:3", "抽签（专2胜）", "专2（专业场第2名）", "专2"] in lines
    assert ["出线队伍（4/4）：大1、专3、专2、专1"] in lines
    booklet = paper(capsys, path, tmp_path / "book", "成绩册（PDF）")
    assert "复赛 出线名单" in booklet and "出线队伍（4/4）：大1、专3、专2、专1" in booklet
    ok(capsys, "export", path, "--out", tmp_path / "xlsx", "--xlsx")
    sheet = load_workbook(next((tmp_path / "xlsx").rglob("*.xlsx")))[f"{CROSS} 出线名单"]
    assert list(sheet.iter_rows(values_only=True)) == [
        ("场次", "先行方", "比分", "后行方", "出线"),
        ("第1场", "大1（大众场第1名）", "6:0", "专4（专业场第4名）", "大1"),
        ("第2场", "大2（大众场第2名）", "3:3 主将加赛", "专3（专业场第3名）", "专3"),
        ("第3场", "大3（大众场第3名）", "3:3 抽签（专2胜）", "专2（专业场第2名）", "专2"),
        ("第4场", "大4（大众场第4名）", "0:6", "专1（专业场第1名）", "专1")]
    assert footer_legend(sheet).startswith("出线队伍（4/4）：大1、专3、专2、专1。复赛只赛一轮")


def test_the_cross_group_round_has_no_bracket_or_crosstable_to_show(tmp_path, capsys):
    """`bracket` of the 复赛 failed with `7 不在第1轮第2场（4 对 5）` (team ids), and of a Swiss
    group drew a bracket it does not play; `crosstable` of the 复赛 listed players 缺席.
    Each exits 2 saying what the group is and what to read instead, nothing written."""
    path = cross_group(tmp_path / "hz.db", capsys)
    ok(capsys, "pair", path, "--group", CROSS)
    ok(capsys, "team-result", path, "--group", CROSS, 1, 1, "1-0", "0-1", "1-0")
    before = path.read_bytes()
    code, out, err = run(capsys, "bracket", path, "--group", CROSS)
    assert code == 2 and out == ""
    assert ("复赛（交叉赛）不是淘汰赛，没有对阵图；复赛每场胜队出线：出线名单请用 standings，各场成绩请用 "
            "round") in err
    code, out, err = run(capsys, "crosstable", path, "--group", CROSS)
    assert code == 2 and out == "" and "复赛（交叉赛）只赛一轮，每场胜队出线，没有交叉表" in err
    assert path.read_bytes() == before
    swiss = tmp_path / "qw.db"
    ok(capsys, "new", swiss, "--preset", "qiwang-2022")
    code, out, err = run(capsys, "bracket", swiss, "--group", "公开组")
    assert code == 2 and out == "" and "公开组（积分编排制）不是淘汰赛，没有对阵图；名次请用 standings" in err
