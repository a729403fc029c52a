"""Team Swiss commands as the arbiter reads them (FIDE C.04.6): a team match is 第N场, not a
board; a withdrawn team is marked on `standings` and `team-standings` as on paper; a hand
change of a team round is refused for its real reason; the automatic snapshots name their
round. Every refusal leaves the event file as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.commands.helpers import OPEN, TEAM_GROUP, file_state, qiwang_open, run, tuanti_teams


def test_a_match_that_does_not_exist_is_named_as_a_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A team round is numbered by matches (第N场): `team-result` of a match the round lacks
    says 第13场 / match 13, never a board, and writes nothing."""
    path = tuanti_teams(tmp_path / "tuanti.gomoku", capsys, paired=True)
    before = file_state(path)
    code, out, err = run(capsys, "team-result", path, "--group", TEAM_GROUP, 1, 13,
                         "1-0", "1-0", "1-0")
    assert code == 2 and out == ""
    assert "第1轮没有第13场" in err and "round 1 has no match 13" in err, err
    assert "台" not in err and "board" not in err, err
    assert file_state(path) == before


def _play_round(capsys: pytest.CaptureFixture[str], path: Path, round_: int) -> None:
    """Pair the next round and enter every match 1-0 0-1 1-0 (the first-named team 2:1)."""
    code, out, err = run(capsys, "pair", path, "--group", TEAM_GROUP)
    assert code == 0, err
    code, out, err = run(capsys, "round", path, "--group", TEAM_GROUP, round_)
    matches = [int(m) for m in re.findall(r"^\s+(\d+)\s+第\d+队 - 第\d+队", out, re.MULTILINE)]
    assert matches, out
    for match in matches:
        code, _out, err = run(capsys, "team-result", path, "--group", TEAM_GROUP, round_, match,
                              "1-0", "0-1", "1-0")
        assert code == 0, err


def _team_lines(out: str, team: str) -> list[str]:
    return [line for line in out.splitlines() if f"  {team}  " in line]


def test_standings_and_team_standings_mark_a_withdrawn_team(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A team withdrawn (整队退赛) is marked 第N轮起退赛 on its line of `standings` and of
    `team-standings`, as the papers mark it; the others are not, and once reinstated it is not
    either."""
    path = tuanti_teams(tmp_path / "tuanti.gomoku", capsys)
    _play_round(capsys, path, 1)
    assert run(capsys, "team-withdraw", path, "--group", TEAM_GROUP, "第2队")[0] == 0
    for args in (("standings", path, "--group", TEAM_GROUP), ("team-standings", path)):
        code, out, err = run(capsys, *args)
        assert code == 0, err
        (line,) = _team_lines(out, "第2队")
        assert line.rstrip().endswith("第2轮起退赛"), (args, line)
        assert out.count("退赛") == 1, (args, out)
    assert run(capsys, "team-withdraw", path, "--group", TEAM_GROUP, "--reinstate",
               "第2队")[0] == 0
    for args in (("standings", path, "--group", TEAM_GROUP), ("team-standings", path)):
        code, out, err = run(capsys, *args)
        assert code == 0 and "退赛" not in out, (args, out)


@pytest.mark.parametrize("change", [("swap", 1, 1), ("exchange", 1, 1, "first", 2, "second")])
def test_a_team_swiss_round_is_not_changed_by_hand_and_the_refusal_says_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], change: tuple[object, ...]) -> None:
    """FIDE C.04.6: the matches (who meets whom, who is named first) are the pairing rules'
    and the boards follow the board order; `swap` / `exchange` are refused in words (no code
    name before them), naming the way to another pairing (unpair, then pair), nothing
    written."""
    path = tuanti_teams(tmp_path / "tuanti.gomoku", capsys, paired=True)
    before = file_state(path)
    command, *rest = change
    code, out, err = run(capsys, command, path, "--group", TEAM_GROUP, *rest)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"{TEAM_GROUP}: 团体积分编排（FIDE C.04.6）"), err
    zh, en = err.split(" / ", 1)
    assert "编排规则" in zh and "台次" in zh and "撤销最后一轮编排" in zh and "重新编排" in zh
    assert "pairing rules" in en and "unpair the last round" in en and "pair it again" in en
    assert "round:" not in err and "team_swiss" not in err
    assert file_state(path) == before


def _snapshot_labels(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    code, out, err = run(capsys, "snapshots", path)
    assert code == 0, err
    return [line.split("\t")[3] for line in out.splitlines()]


def test_the_pairing_snapshots_name_their_round(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The snapshot taken before each pairing says which round it comes before, in a Team
    Swiss as in an individual Swiss: 编排前 团体赛 第2轮 / before pairing 团体赛, round 2."""
    team = tuanti_teams(tmp_path / "tuanti.gomoku", capsys)
    _play_round(capsys, team, 1)
    _play_round(capsys, team, 2)
    assert _snapshot_labels(capsys, team) == [
        f"编排前 {TEAM_GROUP} 第{k}轮 / before pairing {TEAM_GROUP}, round {k}" for k in (1, 2)]
    single = qiwang_open(tmp_path / "qiwang.gomoku", capsys, players=4, paired=True)
    assert _snapshot_labels(capsys, single) == [
        f"编排前 {OPEN} 第1轮 / before pairing {OPEN}, round 1"]


def test_a_match_corrected_after_the_next_round_is_paired_names_that_round(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`team-result --replace` of a round-1 match once round 2 is paired says round 2 was
    paired on the old result, as `result --replace` says it of a board; a correction before
    it is paired, or an entry the match has already, says nothing of the kind."""
    path = tuanti_teams(tmp_path / "tuanti.gomoku", capsys)
    _play_round(capsys, path, 1)
    code, out, err = run(capsys, "team-result", path, "--group", TEAM_GROUP, 1, 1,
                         "0-1", "0-1", "0-1", "--replace")
    assert code == 0 and "已根据原结果编排" not in out, (out, err)
    assert run(capsys, "pair", path, "--group", TEAM_GROUP)[0] == 0
    code, out, err = run(capsys, "team-result", path, "--group", TEAM_GROUP, 1, 1,
                         "1-0", "1-0", "1-0", "--replace")
    assert code == 0, err
    assert "注意：第2轮已根据原结果编排" in out and "round 2 was paired on the old result" in out
    code, out, err = run(capsys, "team-result", path, "--group", TEAM_GROUP, 1, 1,
                         "1-0", "1-0", "1-0", "--replace")
    assert code == 0 and "已根据原结果编排" not in out, out  # nothing changed
    code, out, _err = run(capsys, "standings", path, "--group", TEAM_GROUP)
    assert code == 0 and "临时" in out  # the correction stands: the standings follow it


def test_the_group_summary_names_what_ranks_the_teams(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`group` of a Team Swiss group: its 名次区分 is what ranks the teams (the primary score,
    then the team tie-breaks, C.07), as the 秩序册 prints it, never （无） / (none); it follows
    a change of the primary score and of the team tie-breaks."""
    path = tuanti_teams(tmp_path / "tuanti.gomoku", capsys)
    code, out, _err = run(capsys, "group", path, "--group", TEAM_GROUP)
    assert code == 0
    line = next(x for x in out.splitlines() if x.strip().startswith("名次区分"))
    assert line.strip() == ("名次区分：场分、局分、直胜、索伯分、对手分 / Tie-breaks: Match points, "
                            "game points, direct encounter, Sonneborn-Berger (extended), Buchholz")
    assert "（无）" not in out and "(none)" not in out
    code, out, _err = run(capsys, "group", path, "--group", TEAM_GROUP, "--team-primary", "game")
    assert code == 0
    assert "  名次区分：局分、场分、直胜、索伯分、对手分 / " in out, out
    code, out, _err = run(capsys, "group", path, "--group", TEAM_GROUP,
                          "--team-tiebreaks", "buchholz,match_points")
    assert code == 0
    assert "  名次区分：局分、对手分、场分 / " in out, out


def test_the_group_summary_prints_what_a_team_swiss_reads_each_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`group` of a Team Swiss group: its team tie-breaks once (on 名次区分, after the primary
    score), no players' settings its rounds and team standings never read (未赛局计算, 同单位回避,
    中间对手分 cuts, sub-rankings, late entries), even when the group holds them, and the points
    of a board's game with what the team's bye gives instead of a player's byes (请假, 缺席)."""
    path = tuanti_teams(tmp_path / "tuanti.gomoku", capsys)
    code, _out, err = run(capsys, "group", path, "--group", TEAM_GROUP,
                          "--set", "same_unit_avoidance_rounds=2", "--set", "median_cut=2",
                          "--set", "late_entry_points=2", "--set", "wins_count_byes=true",
                          "--set", 'subrankings=[{"name": "女子"}]')
    assert code == 0, err
    code, out, _err = run(capsys, "group", path, "--group", TEAM_GROUP)
    assert code == 0
    labels = [line.strip().split("：")[0] for line in out.splitlines()[1:]]
    assert len(labels) == len(set(labels)), labels  # every line once
    assert "团体名次区分" not in labels, out
    assert out.count("直胜") == 1, out  # the chain once
    for absent in ("未赛局计算", "同单位回避", "中间对手分", "迟到报名", "分组排名", "胜局计入轮空",
                   "请假", "缺席"):
        assert absent not in out, (absent, out)
    points = next(x.strip() for x in out.splitlines() if x.strip().startswith("计分"))
    assert points.startswith("计分：每台 胜2 和1 负0 不战胜2 弃权负0；轮空计胜一场：场分2，局分3 / "
                             "Points: each board: win 2,"), points
    assert "其他设置：分台定人、说明（取值见 --json）" in out, out


def test_a_swiss_of_players_still_prints_its_players_settings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same settings of a Swiss of players are read by its rounds and standings, so
    `group` prints them: 未赛局计算, its players' byes, 同单位回避 among the settings changed."""
    path = qiwang_open(tmp_path / "qiwang.gomoku", capsys)
    code, out, err = run(capsys, "group", path, "--group", OPEN,
                         "--set", "same_unit_avoidance_rounds=2")
    assert code == 0, err
    assert "未赛局计算：" in out and "请假全分" in out and "同单位回避" in out, out
    assert "团体" not in out, out


def test_round_one_counts_a_team_groups_teams_against_its_size_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A group's size rules (人数不超过此数取消, 少于此数合并) count its entrants: in a team
    group its teams. Three teams of three, cancelled at 4 or fewer: the round-1 report says
    本组仅3队 (counting 9 members, it said nothing)."""
    path = tmp_path / "tt.db"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    assert run(capsys, "group", path, "--group", "团体赛", "--set", "cancel_if_at_most=4")[0] == 0
    for city in ("杭州", "上海", "北京"):
        assert run(capsys, "team-add", path, "--group", "团体赛", f"{city}队", f"{city}甲/男",
                   f"{city}乙/男", f"{city}丙/女")[0] == 0
    code, out, _ = run(capsys, "pair", path, "--group", "团体赛")
    assert code == 0
    assert "注意：本组仅3队，按规程（不足5队）应取消该组比赛 / note: 3 teams" in out, out


def test_a_team_swiss_group_switched_to_players_ranks_them_by_the_default_chain(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The tuanti template names no players' tie-breaks (its teams are ranked); switched to a
    Swiss or a round robin of players, the group takes the default chain (对手分、中间对手分、
    胜局), not a ranking by points alone; a chain given with the switch is kept."""
    path = tmp_path / "tt.db"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    code, out, _ = run(capsys, "group", path, "--group", "团体赛", "--system", "swiss")
    assert code == 0 and "名次区分：对手分、中间对手分、胜局" in out, out
    other = tmp_path / "tt2.db"
    assert run(capsys, "new", other, "--preset", "tuanti-2026")[0] == 0
    code, out, _ = run(capsys, "group", other, "--group", "团体赛", "--system", "swiss",
                       "--tiebreaks", "wins")
    assert code == 0 and "名次区分：胜局 /" in out, out


def test_a_setting_the_groups_system_does_not_read_is_kept_with_a_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`group --set` of a setting a Team Swiss never reads (同单位回避) keeps it, for a switch
    of system, and says it has no effect there; one it reads is changed without a word."""
    path = tmp_path / "tt.db"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    code, _out, err = run(capsys, "group", path, "--group", "团体赛", "--set",
                          "same_unit_avoidance_rounds=2")
    assert code == 0
    assert "提示：团体赛的赛制（团体积分编排制（FIDE Team Swiss））不使用“同单位回避”，" in err, err
    assert "same_unit" not in err
    code, _out, err = run(capsys, "group", path, "--group", "团体赛", "--rounds", "5")
    assert code == 0 and err == ""


@pytest.mark.parametrize("from_round", [None, 1])
def test_a_withdrawal_once_every_round_is_paired_says_so_not_a_round_past_the_last(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], from_round: int | None) -> None:
    """Once the last round is paired a withdrawal, of a team (整队退赛) as of a player, pairs
    nothing: `team-withdraw` and `withdraw` exit 2 saying that every round is paired and that a
    game not played is a forfeit (共1轮，已全部编排…), never that the team or the player may
    withdraw from a round the group does not have (第2轮起), and write nothing."""
    path = tuanti_teams(tmp_path / "tuanti.gomoku", capsys)
    assert run(capsys, "group", path, "--group", TEAM_GROUP, "--rounds", 1)[0] == 0
    assert run(capsys, "pair", path, "--group", TEAM_GROUP)[0] == 0
    individual = qiwang_open(tmp_path / "qiwang.gomoku", capsys, players=4)
    assert run(capsys, "group", individual, "--group", OPEN, "--rounds", 1)[0] == 0
    assert run(capsys, "pair", individual, "--group", OPEN)[0] == 0
    asked = [] if from_round is None else ["--from-round", from_round]
    for command in (["team-withdraw", path, "--group", TEAM_GROUP, "第1队", *asked],
                    ["withdraw", individual, 1, *asked]):
        before = file_state(command[1])
        code, out, err = run(capsys, *command)
        assert code == 2 and out == "", (command, out, err)
        assert "共1轮，已全部编排" in err and "all 1 rounds" in err, err
        assert "第2轮" not in err and "round 2" not in err, err
        assert file_state(command[1]) == before
