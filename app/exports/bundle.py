"""One entry point for everything an event exports: `export_all` writes the PDFs, the Excel
workbook and the federation package into one folder, reporting progress as it goes.

The model is checked first (every player referred to exists, every recorded move is a board
point, the certificate template reads), so bad data raises `UserError` before any file is
written.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from app.errors import UserError
from app.exports import (
    booklet,
    certificates,
    docx_booklet,
    pdf_booklet,
    pdf_bracket,
    pdf_games,
    pdf_lists,
    pdf_slips,
)
from app.exports import federation as federation_package
from app.exports import xlsx as xlsx_writer
from app.exports.model import ExportModel, Group, safe_filename

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


def _round_tasks(model: ExportModel, group: Group, folder: Path, one: Callable[..., None]
                 ) -> None:
    """Every sheet of every round: pairings by board (result column empty, to post) and by
    name, result slips, the results (filled pairing list) and the standings after it."""
    rounds = model.rounds_of(group.key)
    after = {s.after_round: s for s in model.progress_standings if s.group == group.key}
    for rnd in rounds:
        n = rnd.number
        sub = folder / f"第{n:02d}轮"
        g = group.key
        one(f"{group.name} 第{n}轮对阵表（按台次）",
            lambda g=g, n=n, sub=sub: pdf_lists.write_pairings_by_board(
                model, g, n, sub / "对阵表（按台次）.pdf"))
        if not group.system.team:
            one(f"{group.name} 第{n}轮对阵表（按姓名）",
                lambda g=g, n=n, sub=sub: pdf_lists.write_pairings_by_name(
                    model, g, n, sub / "对阵表（按姓名）.pdf"))
        one(f"{group.name} 第{n}轮成绩记录单",
            lambda g=g, n=n, sub=sub: pdf_slips.write_result_slips(
                model, g, n, sub / "成绩记录单.pdf"))
        if any(b.result for b in rnd.boards):
            one(f"{group.name} 第{n}轮成绩表",
                lambda g=g, n=n, sub=sub: pdf_lists.write_round_results(
                    model, g, n, sub / "成绩表.pdf"))
        if n in after:
            one(f"{group.name} 第{n}轮后名次表",
                lambda s=after[n], sub=sub: pdf_lists.write_standings(
                    model, s, sub / "名次表（本轮后）.pdf"))


def _group_tasks(model: ExportModel, group: Group, folder: Path, one: Callable[..., None],
                 signed: dict[str, Path]) -> None:
    _round_tasks(model, group, folder, one)
    standings = model.standings_of(group.key)
    if standings is not None:
        signed[safe_filename(f"{standings.title}名次表.pdf")] = folder / "名次表.pdf"
        one(f"{group.name} 名次表", lambda s=standings, f=folder: pdf_lists.write_standings(
            model, s, f / "名次表.pdf"))
    if model.rounds_of(group.key):
        name = "团体对抗成绩表.pdf" if group.system.team else "交叉表.pdf"
        one(f"{group.name} {name[:-4]}", lambda g=group.key, f=folder, name=name:
            pdf_lists.write_crosstable(model, g, f / name))
    for qualifiers in model.qualifiers:
        if qualifiers.group == group.key:
            one(qualifiers.caption, lambda q=qualifiers, f=folder: pdf_lists.write_qualifiers(
                model, q, f / "出线名单.pdf"))
    for bracket in model.brackets:
        if bracket.group == group.key:
            one(f"{group.name} 淘汰赛对阵图", lambda b=bracket, f=folder: pdf_bracket.write_bracket(
                model, b, f / "淘汰赛对阵图.pdf"))
    if any(p.group == group.key for p in model.playoffs):
        one(f"{group.name} 加赛表", lambda g=group.key, f=folder: pdf_lists.write_playoffs(
            model, f / "加赛表.pdf", g))
    games = tuple(g for g in model.games_of(group.key) if g.moves)  # recorded moves only
    if games:
        one(f"{group.name} 棋谱", lambda gs=games, f=folder: pdf_games.write_game_sheets(
            model, gs, f / "棋谱.pdf"))


def _booklet_tasks(model: ExportModel, root: Path, one: Callable[..., None]) -> None:
    """秩序册 and 成绩册, each as a PDF (bookmarks, contents) and as an editable Word file."""
    for make in (booklet.order_book, booklet.result_book):
        book = make(model)
        one(f"{book.title}（PDF）", lambda b=book: pdf_booklet.write_booklet_pdf(
            model, b, root / f"{b.title}.pdf"))
        one(f"{book.title}（Word）", lambda b=book: docx_booklet.write_booklet_docx(
            model, b, root.parent / "Word" / f"{b.title}.docx"))


def _pdf_tasks(model: ExportModel, root: Path, template_path: Path,
               signed: dict[str, Path]) -> list[Task]:
    """The PDF documents; `signed` gets the files that the federation package's signed
    PDFs (签字文件) repeat, by their name there."""
    tasks: list[Task] = []

    def one(label: str, function: Callable[..., Path], *args: Any, **kwargs: Any) -> None:
        """A task writing one file: `function(model, *args, **kwargs)`, run later."""
        tasks.append((label, lambda: [function(model, *args, **kwargs)]))

    def task(label: str, write: Callable[[], Path]) -> None:
        """A task from a function that already holds its arguments."""
        tasks.append((label, lambda: [write()]))

    _booklet_tasks(model, root, task)
    for group in model.groups:
        _group_tasks(model, group, root / safe_filename(group.name), task, signed)
    for sub_ranking in model.sub_rankings:
        name = safe_filename(f"{sub_ranking.title}名次表.pdf")
        signed[name] = root / name
        one(f"{sub_ranking.title} 名次表", pdf_lists.write_standings, sub_ranking, root / name)
    for team in model.team_standings:
        name = safe_filename(f"{team.caption}.pdf")
        one(team.caption, pdf_lists.write_team_standings, team, root / name)
    if model.awards:
        signed["录取名单.pdf"] = root / "录取名单.pdf"
        one("录取名单", pdf_lists.write_award_sheet, root / "录取名单.pdf")
        one("奖状", certificates.write_certificates, root / "奖状.pdf",
            template_path=template_path)
        if any(a.grade_title and a.player is not None for a in model.awards):
            signed["段级位申报表.pdf"] = root / "段级位申报表.pdf"
            one("段级位申报表", pdf_lists.write_grade_applications, root / "段级位申报表.pdf")
    return tasks


def _package_files(folder: Path, archive: Path) -> list[Path]:
    return [*sorted(p for p in folder.rglob("*") if p.is_file()), archive]


def _tasks(model: ExportModel, out_dir: Path, pdf: bool, xlsx: bool, federation: bool,
           template_path: Path, written: Collection[Path] = ()) -> list[Task]:
    """The export's documents in order; `written`: the files written so far as they run
    (the package copies the signed PDFs among them instead of drawing them again)."""
    tasks: list[Task] = []
    signed: dict[str, Path] = {}
    if pdf:
        tasks += _pdf_tasks(model, out_dir / "PDF", template_path, signed)
    if xlsx:
        workbook = out_dir / "Excel" / "赛事数据.xlsx"
        tasks.append(("Excel 工作簿", lambda: [xlsx_writer.write_workbook(model, workbook)]))
    if federation:
        tasks.append(("上报材料", lambda: _package_files(
            *federation_package.write_federation_package(
                model, out_dir, {name: path for name, path in signed.items()
                                 if path in written}))))
    return tasks


def document_labels(model: ExportModel, pdf: bool = True, xlsx: bool = True,
                    federation: bool = True) -> list[str]:
    """The names of the documents an export of `model` writes, in order (as its progress
    shows them): one of them may be asked for alone (`export_all(only=...)`)."""
    return [label for label, _ in _tasks(model, Path("."), pdf, xlsx, federation,
                                         certificates.DEFAULT_TEMPLATE)]


def check_documents(labels: Collection[str], only: Collection[str] | None) -> None:
    """Refuse names in `only` that are not among the export's documents `labels`."""
    unknown = sorted(set(only or ()) - set(labels))
    if unknown:
        raise UserError(f"没有这份文件：{'、'.join(unknown)}",
                        f"no such document: {', '.join(unknown)}", "only")


def export_all(
    model: ExportModel,
    out_dir: Path,
    pdf: bool = True,
    xlsx: bool = True,
    federation: bool = True,
    progress: Progress | None = None,
    template_path: Path = certificates.DEFAULT_TEMPLATE,
    only: Collection[str] | None = None,
) -> list[Path]:
    """Write the chosen exports under `out_dir` and return every file written.

    PDFs go to `out_dir/PDF/<组别>/...` (the booklets to `out_dir/PDF/` and, as Word files,
    `out_dir/Word/`), the workbook to `out_dir/Excel/赛事数据.xlsx`, the
    federation package to `out_dir/<event>-上报材料/` and its `.zip`. `only` names the
    documents to write (`document_labels`); an unknown name is refused before anything is
    written. `progress(done, total, label)` is called before each document with the number
    written so far and the name of the one now being written, and once at the end with
    (total, total, ""): what a progress line shows is always the document at work.
    """
    check_model(model, template_path)
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise UserError("输出位置不是文件夹", "output path is not a folder", str(out_dir))
    written: list[Path] = []
    tasks = _tasks(model, out_dir, pdf, xlsx, federation, template_path, written)
    if only is not None:
        check_documents([label for label, _ in tasks], only)
        tasks = [(label, task) for label, task in tasks if label in only]
    total = len(tasks)
    for done, (label, task) in enumerate(tasks):
        if progress is not None:
            progress(done, total, label)
        written.extend(task())
    if progress is not None and tasks:
        progress(total, total, "")
    return written
