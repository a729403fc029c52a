"""The window: the setup form offers the FIDE Double-Swiss (C.04.5), the arbiter chooses it for
a 双盘 group, and the rounds view pairs it, the report saying who moves first in game 1."""

from __future__ import annotations

from app.services import queries

GROUP = "女子组（大众规则·线上初赛）"


def test_choose_the_double_swiss_and_pair_two_rounds(window, tmp_path):
    assert window.new_event(tmp_path / "shenzhen.db", "shenzhen-2022"), window.last_error
    setup = window.setup_view
    names = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    setup.group_list.setCurrentRow(names.index(GROUP))
    index = setup.system.findData("double_swiss")
    assert index >= 0  # the form offers the system
    assert "Double-Swiss" in setup.system.itemText(index)
    setup.system.setCurrentIndex(index)
    assert setup.save_group(), window.last_error
    group = next(g for g in queries.event_info(window.ev).groups if g.name == GROUP)
    assert group.settings.system.value == "double_swiss" and group.games_per_round == 2
    players = window.players_view
    for i in range(1, 8):
        assert players.add_player(GROUP, name=f"选手{i}") is not None, window.last_error
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    rounds.group.setCurrentIndex(rounds.group.findText(GROUP))
    met = set()
    for number in (1, 2):
        assert rounds.pair_next() is not None, window.last_error
        info = queries.round_view(window.ev, GROUP, number)
        assert sum(1 for b in info.boards if b.second is None) == 1  # 7 players: one PAB
        for board in info.boards:
            if board.second is not None:
                pair = frozenset((board.first.name, board.second.name))
                assert pair not in met
                met.add(pair)
                assert rounds.enter_result(board.number, ["1-0", "="]), window.last_error
        assert "第一盘先手" in rounds.report.toPlainText()
    assert any("轮空" in cell for row in rounds.board_texts() for cell in row)


def test_the_double_swiss_groups_papers_and_trf_from_the_export_dialog(window, tmp_path,
                                                                        monkeypatch):
    """From the window, the round list on paper (pdftotext) and the federation package's TRF,
    which `trf check` pairs again round by round with no difference (C.04.5, its XXD games'
    points)."""
    import subprocess

    from app.cli import main
    from app.pairing.trf import read_trf
    from app.ui import export_dialog

    monkeypatch.setattr(export_dialog, "open_folder", lambda _folder: True)
    test_choose_the_double_swiss_and_pair_two_rounds(window, tmp_path)
    window.act_export.trigger()
    dialog = window.export_dialog
    documents = [dialog.document.itemText(i) for i in range(dialog.document.count())]
    round_list = next(d for d in documents if GROUP in d and "第2轮对阵表（按台次）" in d)
    dialog.document.setCurrentIndex(documents.index(round_list))
    dialog.folder.setText(str(tmp_path / "round"))
    pdf = next(p for p in dialog.export() if p.suffix == ".pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "第2轮对阵表" in text and "轮空" in text and "双盘制" in text
    package = next(d for d in documents if "上报材料" in d)
    dialog.document.setCurrentIndex(documents.index(package))
    dialog.folder.setText(str(tmp_path / "package"))
    trf = next(p for p in dialog.export() if p.suffix == ".trf"
               and "FIDE_DOUBLE_SWISS_2026" in p.read_text(encoding="utf-8"))
    tournament = read_trf(trf.read_text(encoding="utf-8"))
    assert GROUP in dict(tournament.header)["012"]
    assert tournament.rounds_played == 2 and "XXD" in trf.read_text(encoding="utf-8")
    assert main(["trf", "check", str(trf)]) == 0


def test_the_window_takes_one_game_of_a_match_forfeited(window, tmp_path):
    """The rounds view enters `1-0 -+` on a Double-Swiss board (the player named second did
    not come to game 2, C.04.5 Preface), as the command line does; the table shows it. It
    was refused: a forfeit only for the whole round."""
    assert window.new_event(tmp_path / "ds.db", "shenzhen-2022"), window.last_error
    from app.services.groups import update_group

    update_group(window.ev, GROUP, system="double_swiss")
    for i in range(1, 5):
        assert window.players_view.add_player(GROUP, name=f"选手{i}") is not None
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    rounds.group.setCurrentIndex(rounds.group.findText(GROUP))
    assert rounds.pair_next() is not None, window.last_error
    assert rounds.enter_result(1, ["1-0", "-+"]), window.last_error
    board = queries.round_view(window.ev, GROUP, 1).boards[0]
    assert str(board.result) == "1-0 -+"
    # in words, as the results list prints it: game 2's black (the second-named) forfeited
    assert rounds.board_texts()[0][4] == "黑胜／黑弃权 2:0"
