"""The lists of the federation package beside the workbook (上报材料): CSV files anyone can
open, and the PDFs the chief arbiter signs.

- `录取名单.csv`: every award (ranking, place, shared, recipient, unit, prize, grade title,
  how the place was decided);
- `段级位申报表.csv`: the grade-title applications (段级位申报), as the signed PDF lists them;
- `最终名次/<ranking>.csv`: each final ranking (groups and sub-rankings) with place, shared
  mark, pairing number, name, unit, points and every tie-break column;
- `加赛.csv`: the playoff games (加赛): group, the place they decide, game, black, white,
  result;
- `签字文件/`: the PDFs with signature lines (录取名单, 段级位申报表, each group's 名次表),
  as `app.exports.pdf_lists` prints them.

All CSV files are UTF-8 with a BOM (spreadsheet programs read the Chinese right) and CRLF
line ends.
"""

from __future__ import annotations

import csv
import io
import tempfile
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path

from app import wording
from app.exports import pdf_lists
from app.exports.fonts import register_fonts
from app.exports.model import ExportModel, Standings, safe_filename
from app.exports.xlsx import standings_table

SIGNED = "签字文件"


def csv_bytes(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(headers)
    writer.writerows([["" if cell is None else cell for cell in row] for row in rows])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def awards_csv(model: ExportModel) -> bytes:
    rows = [[a.ranking, a.place, "并列" if a.shared else "", a.recipient, a.unit, a.prize,
             a.grade_title, wording.award_list_note(a.decision)]
            for a in model.awards_in_place_order()]
    return csv_bytes(["名次表", "名次", "并列", "姓名／队名", "单位", "奖励", "可申请段级位", "说明"],
                     rows)


def grades_csv(model: ExportModel) -> bytes:
    return csv_bytes(pdf_lists.GRADE_HEADERS, pdf_lists.grade_application_rows(model))


def standings_csv(model: ExportModel, standings: Standings) -> bytes:
    headers, rows = standings_table(model, standings)
    return csv_bytes(headers, rows)


def playoffs_csv(model: ExportModel) -> bytes:
    rows = []
    for game in model.playoff_games:
        rows.append([model.group(game.group).name, game.playoff_place, game.board,
                     game.game_no, model.player(game.black).name,
                     model.player(game.white).name, wording.code_text(game.result),
                     game.how_ended.zh if game.how_ended else "",
                     " ".join(game.moves)])
    return csv_bytes(["组别", "加赛名次", "加赛编号", "盘次", "黑方", "白方", "结果", "终局方式",
                      "着法"], rows)


def signed_pdfs(model: ExportModel, written: Mapping[str, Path] | None = None) -> dict[str, bytes]:
    """The PDFs with signature lines, by path inside the package. `written`: the same documents
    this export has already written (by their name here), copied instead of drawn again."""
    written = written or {}
    files: dict[str, bytes] = {}
    jobs: list[tuple[str, Callable[[Path], Path]]] = []
    if model.awards:
        jobs.append(("录取名单.pdf", lambda path: pdf_lists.write_award_sheet(model, path)))
        if pdf_lists.grade_application_rows(model):
            jobs.append(("段级位申报表.pdf",
                         lambda path: pdf_lists.write_grade_applications(model, path)))
    for standings in (*model.standings, *model.sub_rankings):
        jobs.append((safe_filename(f"{standings.title}名次表.pdf"),
                     partial(pdf_lists.write_standings, model, standings)))
    with tempfile.TemporaryDirectory() as folder:
        for number, (name, write) in enumerate(jobs):
            source = written.get(name)
            if source is None or not source.is_file():
                register_fonts()  # the headings' styles name the fonts before a document does
                source = write(Path(folder) / f"{number}.pdf")
            files[f"{SIGNED}/{name}"] = source.read_bytes()
    return files


def lists(model: ExportModel, written: Mapping[str, Path] | None = None) -> dict[str, bytes]:
    """Every file of this module, by path inside the package (`written`: see `signed_pdfs`)."""
    files = {"录取名单.csv": awards_csv(model), "段级位申报表.csv": grades_csv(model)}
    for standings in (*model.standings, *model.sub_rankings):
        files[f"最终名次/{safe_filename(standings.title)}.csv"] = standings_csv(model, standings)
    if model.playoff_games:
        files["加赛.csv"] = playoffs_csv(model)
    files.update(signed_pdfs(model, written))
    return files
