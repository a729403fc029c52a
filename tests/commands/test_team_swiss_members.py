"""A team group's members from the command line: a player cannot join a team group alone,
before play or once it runs (it would never be paired); a member who does not play a round
is named on its pairing list, with the board lost by forfeit, and a team none of whose
members plays with it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.commands.helpers import run

GROUP = "团体赛"


def _file_state(path: Path) -> dict[str, bytes]:
    """The event file and its companions (journal, snapshots) byte for byte."""
    return {p.name: p.read_bytes() for p in path.parent.rglob("*")
            if p.is_file() and p.name.startswith(path.name)}


def _event(tmp_path: Path, capsys: pytest.CaptureFixture[str], teams: int = 4) -> Path:
    path = tmp_path / "tuanti.gomoku"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    for k in range(1, teams + 1):
        assert run(capsys, "team-add", path, "--group", GROUP, f"队{k}", f"甲{k}/男",
                   f"乙{k}/男", f"丙{k}/女")[0] == 0
    return path


def test_a_player_added_alone_to_a_running_team_swiss_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Players enter a team event with their team, in board order, fixed for the event
    (huazhi 六、(三)3): once round 1 is paired a player added alone would never be paired,
    so `add-player` exits 2 saying why in both languages, and the file is as it was."""
    path = _event(tmp_path, capsys)
    assert run(capsys, "pair", path, "--group", GROUP)[0] == 0
    before = _file_state(path)
    code, out, err = run(capsys, "add-player", path, "--group", GROUP, "--name", "新队员",
                         "--gender", "男")
    assert code == 2 and out == ""
    assert "比赛已开始" in err and "随队伍" in err and "不会被编排" in err
    assert "play has started" in err and "never be paired" in err
    assert _file_state(path) == before
    code, out, _err = run(capsys, "players", path, "--group", GROUP, "--csv")
    assert code == 0 and "新队员" not in out


def _pairing_list(tmp_path: Path, capsys: pytest.CaptureFixture[str], path: Path,
                  round_: int) -> str:
    """The round's pairing list by board, as posted (pdftotext, whitespace squeezed)."""
    out_dir = tmp_path / f"list{round_}"
    name = f"{GROUP} 第{round_}轮对阵表（按台次）"
    assert run(capsys, "export", path, "--out", out_dir, "--only", name)[0] == 0
    (pdf,) = out_dir.rglob("*.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          check=True, text=True).stdout
    return re.sub(r"\s+", "", text)


def test_the_pairing_list_names_who_does_not_play_and_the_board_lost_by_forfeit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """分台定人制 (huazhi 六、(三)3): a member absent from a round keeps their board and loses
    it by forfeit; a team all of whose members withdrew is not paired (FIDE C.04.1). The list
    posted for the round says both under the boards, so nobody waits at a board for a player
    who is not coming, nor looks for a team that is not paired."""
    path = _event(tmp_path, capsys, teams=5)
    code, out, _err = run(capsys, "players", path, "--group", GROUP, "--csv")
    ids = {line.split(",")[1]: line.split(",")[0] for line in out.splitlines()[1:]}
    assert run(capsys, "absent", path, ids["丙2"], 1)[0] == 0
    for name in ("甲5", "乙5", "丙5"):
        assert run(capsys, "withdraw", path, ids[name], "--from-round", 1)[0] == 0
    assert run(capsys, "pair", path, "--group", GROUP)[0] == 0
    code, out, _err = run(capsys, "round", path, "--group", GROUP, 1)
    place, match = "", ""
    for line in out.splitlines():  # the match whose board 3 丙2 holds
        found = re.match(r"\s+(\d+)\s+队\d - 队\d", line)
        match = found.group(1) if found else match
        place = match if "丙2" in line else place
    assert place, out
    text = _pairing_list(tmp_path, capsys, path, 1)
    assert f"以下台次的棋手不出场，判其弃权负：第{place}场3台丙2（缺席）" in text, text
    assert "本轮不参赛的队伍：队5（退赛）" in text, text


@pytest.mark.parametrize(("preset", "group"), [("tuanti-2026", GROUP), ("huazhi-2021", "决赛"),
                                               ("huazhi-2021", "复赛")])
def test_a_player_added_alone_to_a_team_group_before_play_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], preset: str, group: str) -> None:
    """Before round 1 too: a team group (Team Swiss, team matches, the cross-group round)
    pairs teams, and a player added alone belongs to none (team-add creates a team's
    players, team-edit changes them; neither takes a player registered alone), so
    `add-player` exits 2 naming the commands a player enters by, nothing written."""
    path = tmp_path / "teams.gomoku"
    assert run(capsys, "new", path, "--preset", preset)[0] == 0
    assert run(capsys, "team-add", path, "--group", group, "第1队", "甲1/男", "乙1/男",
               "丙1/女")[0] == 0
    before = _file_state(path)
    code, out, err = run(capsys, "add-player", path, "--group", group, "--name", "新队员",
                         "--gender", "男")
    assert code == 2 and out == ""
    assert "团体赛" in err and "添加队伍" in err and "team-add" in err and "team-edit" in err
    assert "不会被编排" in err and "比赛已开始" not in err
    assert "paired by teams" in err and "Add team" in err and "never be paired" in err
    assert _file_state(path) == before
    code, out, _err = run(capsys, "players", path, "--group", group, "--csv")
    assert code == 0 and "新队员" not in out and "甲1" in out
