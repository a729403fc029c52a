"""export_all: every export of an event in one call, with progress; bad data stops it before
anything is written."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.errors import UserError
from app.exports import export_all
from app.exports.bundle import document_labels
from app.exports.federation import verify_manifest
from app.exports.model import BoardResult, Game, Round, StandingRow
from tests.exports.helpers import assert_all_fonts_embedded, pdf_text, small_event


def test_full_export_reports_progress_and_writes_everything(tmp_path: Path) -> None:
    calls: list[tuple[int, int, str]] = []
    files = export_all(small_event(), tmp_path, progress=lambda d, t, label: calls.append(
        (d, t, label)))
    total = calls[0][1]
    assert [c[0] for c in calls] == list(range(total + 1))
    assert all(c[1] == total for c in calls)
    # each call names the document then being written, the last one none
    assert [c[2] for c in calls] == [*document_labels(small_event()), ""]
    assert all(path.is_file() for path in files)
    names = {path.name for path in files}
    for expected in ("对阵表（按台次）.pdf", "对阵表（按姓名）.pdf", "成绩记录单.pdf", "成绩表.pdf",
                     "名次表.pdf", "交叉表.pdf", "棋谱.pdf", "公开组（女子）名次表.pdf",
                     "团体名次（团体总分）.pdf", "录取名单.pdf", "奖状.pdf", "段级位申报表.pdf",
                     "赛事数据.xlsx"):
        assert expected in names, expected
    package = [p for p in tmp_path.iterdir() if p.is_dir() and p.name.endswith("上报材料")]
    assert len(package) == 1 and verify_manifest(package[0]) == []
    assert (tmp_path / f"{package[0].name}.zip").is_file()
    for pdf in (p for p in files if p.suffix == ".pdf"):
        assert_all_fonts_embedded(pdf)


def test_the_package_signs_the_very_pdfs_the_export_printed(tmp_path: Path) -> None:
    """签字文件 holds the award list, the grade applications and each ranking exactly as the
    export's own PDFs print them (copied, not drawn a second time); with the package alone
    they are drawn for it."""
    model = small_event()
    export_all(model, tmp_path / "all")
    package = next(p for p in (tmp_path / "all").iterdir() if p.name.endswith("上报材料"))
    signed = package / "签字文件"
    printed = {"录取名单.pdf": tmp_path / "all" / "PDF" / "录取名单.pdf",
               "段级位申报表.pdf": tmp_path / "all" / "PDF" / "段级位申报表.pdf",
               "公开组（女子）名次表.pdf": tmp_path / "all" / "PDF" / "公开组（女子）名次表.pdf"}
    for standings in model.standings:
        group = next(g for g in model.groups if g.key == standings.group)
        printed[f"{standings.title}名次表.pdf"] = tmp_path / "all" / "PDF" / group.name / "名次表.pdf"
    assert sorted(p.name for p in signed.iterdir()) == sorted(printed)
    for name, path in printed.items():
        assert (signed / name).read_bytes() == path.read_bytes(), name
    alone = export_all(model, tmp_path / "alone", pdf=False, xlsx=False)
    names = sorted(p.name for p in alone if p.parent.name == "签字文件")
    assert names == sorted(printed)
    assert all(pdf_text(p) == pdf_text(signed / p.name) for p in alone
               if p.parent.name == "签字文件")


def test_only_the_chosen_kinds_are_written(tmp_path: Path) -> None:
    files = export_all(small_event(), tmp_path, pdf=False, federation=False)
    assert [p.name for p in files] == ["赛事数据.xlsx"]
    assert not (tmp_path / "PDF").exists()


def _assert_nothing_written(model, tmp_path: Path) -> UserError:  # type: ignore[no-untyped-def]
    out = tmp_path / "out"
    with pytest.raises(UserError) as error:
        export_all(model, out)
    assert not out.exists()
    return error.value


def test_an_unknown_player_stops_the_export_before_writing(tmp_path: Path) -> None:
    model = small_event()
    bad = replace(model, rounds=(*model.rounds, Round("open", 99, (BoardResult(1, 9999, 1),))))
    assert "9999" in _assert_nothing_written(bad, tmp_path).message()


def test_a_bad_move_stops_the_export_before_writing(tmp_path: Path) -> None:
    model = small_event()
    game = Game("open", 1, 1, model.players[0].id, model.players[1].id, ("h8", "p3"))
    assert "p3" in _assert_nothing_written(replace(model, games=(game,)), tmp_path).message()


def test_a_standings_row_with_missing_tiebreaks_stops_the_export(tmp_path: Path) -> None:
    model = small_event()
    standings = model.standings[0]
    broken = replace(standings, rows=(StandingRow(1, standings.rows[0].player, 10, (1,)),))
    error = _assert_nothing_written(replace(model, standings=(broken,)), tmp_path)
    assert "tie-breaks" in error.message()


def test_a_file_as_output_folder_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("x", encoding="utf-8")
    with pytest.raises(UserError):
        export_all(small_event(), target)


def _pending_last_round(model):  # type: ignore[no-untyped-def]
    """The model as it is between pairing and results of the last round."""
    last = max(r.number for r in model.rounds if r.group == "open")
    rounds = tuple(
        replace(r, boards=tuple(replace(b, result=None, how_ended=(), first_points=None,
                                        second_points=None) for b in r.boards))
        if (r.group, r.number) == ("open", last) else r
        for r in model.rounds
    )
    return replace(model, rounds=rounds, standings=model.standings[1:], sub_rankings=(),
                   awards=(), team_standings=(), games=tuple(
                       g for g in model.games if (g.group, g.round) != ("open", last)))


@pytest.mark.parametrize(
    ("players", "rounds", "women", "pending"),
    [(7, 3, 3, True), (2, 1, 0, False)],
)
def test_unusual_events_export_without_error(tmp_path: Path, players: int, rounds: int,
                                            women: int, pending: bool) -> None:
    from tests.exports.sample import sample_model

    model = sample_model(players=players, rounds=rounds, seed=players, women_round_robin=women)
    if pending:
        model = _pending_last_round(model)
    files = export_all(model, tmp_path)
    assert all(path.is_file() for path in files)
    names = {path.name for path in files}
    assert "对阵表（按台次）.pdf" in names and "赛事数据.xlsx" in names
    if pending:  # slips for the round still being played, no results sheet for it
        last = tmp_path / "PDF" / "公开组" / f"第{rounds:02d}轮"
        assert (last / "成绩记录单.pdf").is_file()
        assert not (last / "成绩表.pdf").exists()
    package = next(p for p in tmp_path.iterdir() if p.name.endswith("上报材料"))
    assert verify_manifest(package) == []
