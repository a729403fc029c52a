"""One entry point for everything an event exports: `export_all` writes the PDFs, the Excel
workbook and the federation package into one folder, reporting progress as it goes.

The model is checked first (every player referred to exists, every recorded move is a board
point, the certificate template reads), so bad data raises `UserError` before any file is
written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.errors import UserError
from app.exports import certificates, pdf_games, pdf_lists, pdf_slips
from app.exports import federation as federation_package
from app.exports import xlsx as xlsx_writer
from app.exports.model import ExportModel, safe_filename

Progress = Callable[[int, int, str], None]
Task = tuple[str, Callable[[], list[Path]]]


def check_model(model: ExportModel, template_path: Path = certificates.DEFAULT_TEMPLATE) -> None:
    """Raise `UserError` for anything that would make an export fail half-way."""
    group_keys = {g.key for g in model.groups}
    for player in model.players:
        if player.group not in group_keys:
            raise UserError(f"棋手 {player.name} 的组别 {player.group} 不存在",
                            f"player {player.name}: unknown group {player.group!r}")
    for rnd in model.rounds:
        model.group(rnd.group)
        for board in rnd.boards:
            model.player(board.first)
            if board.second is not None:
                model.player(board.second)
    for standings in (*model.standings, *model.sub_rankings):
        for row in standings.rows:
            model.player(row.player)
            if len(row.tiebreaks) != len(standings.columns):
                raise UserError(f"{standings.title} 第{row.rank}名的小分列数不对",
                                f"{standings.title}: row {row.rank} has "
                                f"{len(row.tiebreaks)} tie-breaks for "
                                f"{len(standings.columns)} columns")
    for team in model.team_standings:
        for team_row in team.rows:
            if len(team_row.values) != len(team.columns):
                raise UserError(f"{team.title} {team_row.team} 的数值列数不对",
                                f"{team.title}: {team_row.team} has a wrong number of values")
    for award in model.awards:
        if award.player is not None:
            model.player(award.player)
        if award.group:
            model.group(award.group)
    for game in model.games:
        model.player(game.black)
        model.player(game.white)
        pdf_games.check_game(game)
    certificates.load_template(template_path)


def _pdf_tasks(model: ExportModel, root: Path, template_path: Path) -> list[Task]:
    tasks: list[Task] = []

    def one(label: str, function: Callable[..., Path], *args: Any, **kwargs: Any) -> None:
        """A task writing one file: `function(model, *args, **kwargs)`, run later."""
        tasks.append((label, lambda: [function(model, *args, **kwargs)]))

    for group in model.groups:
        folder = root / safe_filename(group.name)
        rounds = model.rounds_of(group.key)
        last = rounds[-1].number if rounds else 0
        for rnd in rounds:
            n = rnd.number
            sub = folder / f"第{n:02d}轮"
            g = group.key
            one(f"{group.name} 第{n}轮对阵表（按台次）", pdf_lists.write_pairings_by_board,
                g, n, sub / "对阵表（按台次）.pdf")
            one(f"{group.name} 第{n}轮对阵表（按姓名）", pdf_lists.write_pairings_by_name,
                g, n, sub / "对阵表（按姓名）.pdf")
            pending = any(b.second is not None and not b.result for b in rnd.boards)
            if pending or n == last:
                one(f"{group.name} 第{n}轮成绩记录单", pdf_slips.write_result_slips,
                    g, n, sub / "成绩记录单.pdf")
            if any(b.result for b in rnd.boards):
                one(f"{group.name} 第{n}轮成绩表", pdf_lists.write_round_results,
                    g, n, sub / "成绩表.pdf")
        standings = model.standings_of(group.key)
        if standings is not None:
            one(f"{group.name} 名次表", pdf_lists.write_standings, standings,
                folder / "名次表.pdf")
        if rounds:
            one(f"{group.name} 交叉表", pdf_lists.write_crosstable, group.key,
                folder / "交叉表.pdf")
        games = tuple(g for g in model.games_of(group.key) if g.moves)  # recorded moves only
        if games:
            one(f"{group.name} 棋谱", pdf_games.write_game_sheets, games, folder / "棋谱.pdf")
    for sub_ranking in model.sub_rankings:
        name = safe_filename(f"{sub_ranking.title}名次表.pdf")
        one(f"{sub_ranking.title} 名次表", pdf_lists.write_standings, sub_ranking, root / name)
    for team in model.team_standings:
        name = safe_filename(f"{pdf_lists.team_title(team)}.pdf")
        one(pdf_lists.team_title(team), pdf_lists.write_team_standings, team, root / name)
    if model.awards:
        one("录取名单", pdf_lists.write_award_sheet, root / "录取名单.pdf")
        one("奖状", certificates.write_certificates, root / "奖状.pdf",
            template_path=template_path)
        if any(a.grade_title and a.player is not None for a in model.awards):
            one("段级位申报表", pdf_lists.write_grade_applications, root / "段级位申报表.pdf")
    return tasks


def _package_files(folder: Path, archive: Path) -> list[Path]:
    return [*sorted(p for p in folder.rglob("*") if p.is_file()), archive]


def export_all(
    model: ExportModel,
    out_dir: Path,
    pdf: bool = True,
    xlsx: bool = True,
    federation: bool = True,
    progress: Progress | None = None,
    template_path: Path = certificates.DEFAULT_TEMPLATE,
) -> list[Path]:
    """Write the chosen exports under `out_dir` and return every file written.

    PDFs go to `out_dir/PDF/<组别>/...`, the workbook to `out_dir/Excel/赛事数据.xlsx`, the
    federation package to `out_dir/<event>-上报材料/` and its `.zip`. `progress(done, total,
    label)` is called before the first task (done = 0) and after each one.
    """
    check_model(model, template_path)
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise UserError("输出位置不是文件夹", "output path is not a folder", str(out_dir))
    tasks: list[Task] = []
    if pdf:
        tasks += _pdf_tasks(model, out_dir / "PDF", template_path)
    if xlsx:
        workbook = out_dir / "Excel" / "赛事数据.xlsx"
        tasks.append(("Excel 工作簿", lambda: [xlsx_writer.write_workbook(model, workbook)]))
    if federation:
        tasks.append(("上报材料", lambda: _package_files(
            *federation_package.write_federation_package(model, out_dir))))
    written: list[Path] = []
    total = len(tasks)
    if progress is not None and tasks:
        progress(0, total, tasks[0][0])
    for done, (label, task) in enumerate(tasks, start=1):
        written.extend(task())
        if progress is not None:
            progress(done, total, label)
    return written

