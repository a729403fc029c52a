"""Excel workbooks (openpyxl): players, pairings and results per round, results per group,
standings per group with tie-breaks, sub-rankings, crosstables, team standings, the
cross-group round's qualifiers (出线名单), the playoffs (加赛, as the 加赛表 prints them) and
awards.

Every sheet: bold header in row 1, frozen below it and repeated on every printed page, an
autofilter on the header, column widths from the content, printed to fit the page width
(landscape when wide; the crosstable on A3 landscape), and numbers (places, points,
tie-breaks, pairing numbers, dates) as numbers, not text.

Text is set in 宋体 with the GB2312 character set and the workbook's language is zh-CN, so
LibreOffice and Excel draw Chinese glyph forms (not the Japanese ones of a CJK fallback). A
text cell starting with = + - or @ (imported names and units are data) is written as text,
never as a formula.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterable, Sequence
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any, cast
from weakref import WeakKeyDictionary
from xml.sax.saxutils import escape

from openpyxl import Workbook
from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE
from openpyxl.compat import safe_string
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.styles.cell_style import StyleArray
from openpyxl.styles.numbers import BUILTIN_FORMATS_MAX_SIZE, BUILTIN_FORMATS_REVERSE
from openpyxl.utils import get_column_letter
from openpyxl.utils.datetime import to_excel
from openpyxl.utils.exceptions import IllegalCharacterError
from openpyxl.worksheet.worksheet import Worksheet

from app import wording
from app.exports.crosstable import (
    REFERENCE,
    CrossRow,
    cell_headers,
    crosstable,
    crosstable_legend,
)
from app.exports.model import (
    FORMULA_STARTS,
    BoardResult,
    ExportModel,
    Qualifiers,
    Round,
    Standings,
    TeamBye,
    TeamStandings,
    award_cells,
    award_headers,
    board_result_zh,
    has_crosstable,
    remark,
    result_zh,
    scaled,
)
from app.results import LevelDecision
from app.standings.scoring import outcomes

Cell = str | int | float | date | None
_BAD_SHEET_CHARS = "[]:*?/\\"
FONT_NAME = "宋体"
GB2312 = 134  # the font character set that marks text as Chinese
_CELL_FONT = Font(name=FONT_NAME, charset=GB2312, size=10.5)
_HEADER_FONT = Font(name=FONT_NAME, charset=GB2312, size=10.5, bold=True)
A4_CROSSTABLE_PLAYERS = 40  # more players than this: the crosstable is printed on A3


def looks_like_formula(value: object) -> bool:
    """Text that a spreadsheet would read as a formula (CSV/formula injection)."""
    return isinstance(value, str) and value.startswith(FORMULA_STARTS)
_HEADER_FILL = PatternFill("solid", fgColor="D9D9D9")


def _display_len(value: Cell) -> int:
    if value is None:
        return 0
    if isinstance(value, date):
        return 10
    return _text_len(str(value))


@lru_cache(maxsize=1 << 14)
def _text_len(text: str) -> int:
    return len(text) if text.isascii() else sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)


def sheet_name(text: str, taken: Iterable[str]) -> str:
    """A valid, unique sheet name (at most 31 characters, none of []:*?/\\)."""
    base = "".join("_" if c in _BAD_SHEET_CHARS else c for c in text).strip("'") or "表"
    base = base[:31]
    existing = {t.lower() for t in taken}
    name, counter = base, 2
    while name.lower() in existing:
        suffix = f"({counter})"
        name = base[: 31 - len(suffix)] + suffix
        counter += 1
    return name


def write_sheet(workbook: Workbook, title: str, headers: Sequence[str],
                rows: Iterable[Sequence[Cell]], print_title: str = "",
                paper: str = "A4") -> Worksheet:
    """Append a formatted sheet: bold frozen header, autofilter, widths, fit-to-width print
    set-up (`paper` "A3" for the wide crosstable). Its rows below the header are written
    by `save_workbook` (the workbook is saved through it, never by `Workbook.save`)."""
    sheet = workbook.create_sheet(sheet_name(title, workbook.sheetnames))
    sheet.append(list(headers))
    widths = [_display_len(h) for h in headers]
    body = [list(row) for row in rows]
    for row in body:
        for index, value in enumerate(row):
            widths[index] = max(widths[index], _display_len(value))
    _BODIES[sheet] = body  # written into the file by `save_workbook`
    # openpyxl's own save would leave the rows out, silently: refused on this workbook.
    setattr(workbook, "save", _saved_without_rows)  # noqa: B010 (an instance's method)
    if body:
        sheet.auto_filter.ref = f"A1:{get_column_letter(len(headers))}{len(body) + 1}"
    for cell in sheet[1]:
        cell.font = _HEADER_FONT
        cell.fill = _HEADER_FILL
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = min(max(width + 2, 5), 60)
    sheet.freeze_panes = "A2"
    sheet.print_title_rows = "1:1"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A3 if paper == "A3" else sheet.PAPERSIZE_A4
    wide = paper == "A3" or sum(widths) > 95
    sheet.page_setup.orientation = "landscape" if wide else "portrait"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.print_options.gridLines = True
    if print_title:
        sheet.oddHeader.center.text = print_title
    sheet.oddFooter.center.text = PAGE_NUMBER
    return sheet


PAGE_NUMBER = "第 &P 页 共 &N 页"  # a printed page's footer (&P the page, &N the pages)


def _saved_without_rows(_target: object) -> None:
    raise TypeError("a workbook with sheets of write_sheet is saved by save_workbook")


# The body rows of each sheet `write_sheet` made, until `save_workbook` writes them.
_BODIES: WeakKeyDictionary[Worksheet, list[list[Cell]]] = WeakKeyDictionary()
DATE_FORMAT = "yyyy-mm-dd"


class _BodyStyles:
    """The cell formats (xf) of a body: every cell in 宋体, dates formatted, formula-looking
    text quoted; registered in the workbook as openpyxl registers a cell's style."""

    def __init__(self, workbook: Workbook) -> None:
        book: Any = workbook  # openpyxl's own style tables
        font = book._fonts.add(_CELL_FONT)
        dates = BUILTIN_FORMATS_REVERSE.get(DATE_FORMAT)
        if dates is None:
            dates = book._number_formats.add(DATE_FORMAT) + BUILTIN_FORMATS_MAX_SIZE
        plain, dated, quoted = StyleArray(), StyleArray(), StyleArray()
        plain.fontId = dated.fontId = quoted.fontId = font
        dated.numFmtId = dates
        quoted.quotePrefix = 1
        self.plain = book._cell_styles.add(plain)
        self.date = book._cell_styles.add(dated)
        self.quoted = book._cell_styles.add(quoted)


_ENTITIES = {"\r": "&#13;"}  # as lxml writes a carriage return in text


@lru_cache(maxsize=1 << 14)
def _text_cell(text: str) -> str:
    """The inline string of a text cell (after its reference and style), as openpyxl writes
    it (characters past ASCII as references); its checks: at most 32,767 characters, none a
    worksheet refuses."""
    text = text[:32767]
    if ILLEGAL_CHARACTERS_RE.search(text):
        raise IllegalCharacterError(f"{text} cannot be used in worksheets.")
    written = escape(text, _ENTITIES).encode("ascii", "xmlcharrefreplace").decode("ascii")
    if text in ERROR_CODES:
        return f' t="e"><v>{written}</v></c>'
    if not text:
        return ' t="inlineStr"></c>'
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f' t="inlineStr"><is><t{space}>{written}</t></is></c>'


def _body_xml(workbook: Workbook, rows: Sequence[Sequence[Cell]], styles: _BodyStyles) -> str:
    """The rows after the header (row 1) as openpyxl writes cells: text inline, numbers and
    dates (as day numbers, formatted) as numbers, an empty cell with its style only."""
    letters = [get_column_letter(k) for k in range(1, max(map(len, rows), default=0) + 1)]
    epoch = cast(Any, workbook).epoch
    parts: list[str] = []
    for number, row in enumerate(rows, start=2):
        parts.append(f'<row r="{number}">')
        for letter, value in zip(letters, row, strict=False):
            if isinstance(value, str):
                style = styles.quoted if looks_like_formula(value) else styles.plain
                parts.append(f'<c r="{letter}{number}" s="{style}"{_text_cell(value)}')
            elif value is None:
                parts.append(f'<c r="{letter}{number}" s="{styles.plain}" t="n"></c>')
            elif isinstance(value, date):
                parts.append(f'<c r="{letter}{number}" s="{styles.date}" t="n"><v>'
                             f'{safe_string(to_excel(value, epoch))}</v></c>')
            elif isinstance(value, int | float) and not isinstance(value, bool):
                parts.append(f'<c r="{letter}{number}" s="{styles.plain}" t="n"><v>'
                             f'{safe_string(value)}</v></c>')
            else:
                raise ValueError(f"Cannot convert {value!r} to Excel")
        parts.append("</row>")
    return "".join(parts)


def save_workbook(workbook: Workbook, target: Path | io.BytesIO) -> None:
    """Save `workbook` with the body rows of its sheets (`write_sheet`) written straight
    into each sheet's XML: openpyxl itself made and wrote a cell object for each of the
    40,000 cells of an event, a second of every export. Everything else (the header rows,
    widths, print set-up, styles, the strings' escaping rules) is openpyxl's."""
    sheets = [sheet for sheet in workbook.worksheets if sheet in _BODIES]
    styles = _BodyStyles(workbook)
    made = io.BytesIO()
    Workbook.save(workbook, made)
    bodies = {}
    for sheet in sheets:
        rows = _BODIES.pop(sheet)
        width = max((len(row) for row in rows), default=0)
        last = f"{get_column_letter(max(width, sheet.max_column))}{len(rows) + 1}"
        bodies[cast(Any, sheet).path[1:]] = (_body_xml(workbook, rows, styles), last)
    with zipfile.ZipFile(made) as source, zipfile.ZipFile(
            target, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as written:
        for entry in source.infolist():
            data = source.read(entry)
            if entry.filename in bodies:
                data = _with_body(data.decode("utf-8"), *bodies[entry.filename])
            written.writestr(entry, data)


def _with_body(xml: str, body: str, last: str) -> bytes:
    """A sheet's XML with `body` after its header row and its dimension up to `last`."""
    head, end, tail = xml.partition("</sheetData>")
    if not end:
        raise ValueError("a sheet of write_sheet has its header row")
    head = re.sub(r'<dimension ref="[^"]*"', f'<dimension ref="A1:{last}"', head, count=1)
    return (head + body + end + _footer_breaks(tail)).encode("utf-8")


def _footer_breaks(xml: str) -> str:
    """Line breaks in the page headers and footers written as the line feed itself:
    openpyxl writes the escape `_x000a_`, which Excel reads but LibreOffice prints as it
    stands."""
    return re.sub(r"<headerFooter.*?</headerFooter>",
                  lambda found: found.group(0).replace("_x000a_", "&#10;"), xml, flags=re.S)


# ---------------------------------------------------------------------------- sheets


def players_sheet(workbook: Workbook, model: ExportModel, title: str = "棋手") -> Worksheet:
    headers = ["编号", "姓名", "性别", "出生日期", "身份证号", "单位", "组别", "段级位"]
    rows = []
    for player in sorted(model.players, key=lambda p: (p.group, p.number, p.id)):
        rows.append([player.number or None, player.name, player.gender, player.birth_date,
                     player.id_number, player.unit, model.group(player.group).name,
                     player.grade])
    return write_sheet(workbook, title, headers, rows, f"{model.event.title} 棋手名单")


_ROUND_HEADERS = ["台次", "先手编号", "先手（黑）", "先手单位", "结果", "后手编号", "后手（白）",
                  "后手单位", "终局方式", "先手得分", "后手得分"]


def _points_cells(model: ExportModel, group: str, board: BoardResult) -> list[Cell]:
    """先手得分, 后手得分: the round points of an individual board; of a team match's game
    (on a board of its match, not the captains' playoff) the game's points (局分) as the
    match score counts them, each outcome worth what the group's points give it (huazhi
    六、(二); FIDE C.04.6 Art. 1.2 game points). Only the workbook shows a team game's points:
    the board keeps no round points, so the papers that add them up are left as they are."""
    info = model.group(group)
    first, second = board.first_points, board.second_points
    if (board.match and board.match_board and first is None and board.result is not None
            and len(board.result.games) == 1):
        first_out, second_out = outcomes(board.result.games[0])
        first, second = info.points.points(first_out), info.points.points(second_out)
    return [None if first is None else scaled(first, info.scale),
            None if second is None or board.second is None else scaled(second, info.scale)]


def _board_cells(model: ExportModel, group: str, board: BoardResult) -> list[Cell]:
    first = model.player(board.first)
    if board.second is None:
        return [board.label or board.number, first.number or None, first.name,
                board.first_team or first.unit, "轮空", None, "",
                "", board.how_ended_zh, *_points_cells(model, group, board)]
    second = model.player(board.second)
    # a board of a player who does not play (单循环, 淘汰赛; neither came, the lots): why,
    # where the ending goes
    ended = wording.missing_forfeit_words((first.name, board.first_missing),
                                          (second.name, board.second_missing), "zh",
                                          board.result)
    return [
        board.label or board.number, first.number or None, first.name,
        board.first_team or first.unit, board_result_zh(board),
        second.number or None, second.name, board.second_team or second.unit,
        ended or board.how_ended_zh, *_points_cells(model, group, board),
    ]


def _match_cells(board: BoardResult) -> list[Cell]:
    """A team match's line above its boards, as the round's PDF prints it (`match_line`):
    第N场, the first-named team where a board's 先手单位 goes, the match score in words where
    a result goes (`6:0`, `3:3 主将加赛`, `3:3 抽签（队2胜）`: how a level match was decided,
    huazhi 六、(三)3, 八、(五)), the other team; no points (a team's 局分 stays the sum of its
    boards' lines)."""
    from app.exports.pdf_lists import match_score_cell

    teams = (board.first_team, board.second_team)
    return [f"第{board.match}场", None, "", board.first_team,
            match_score_cell(board.match_score, teams), None, "", board.second_team, "",
            None, None]


def _round_rows(model: ExportModel, group: str, rnd: Round) -> list[list[Cell]]:
    """A round's lines: in a team round each match's line (its score) before its boards and
    each team without an opponent (轮空) in its match's place; each board, as the round's
    PDF lists them; then the players with no board (请假, 缺席, 退赛) and the points it
    gave."""
    byes = sorted(rnd.team_byes, key=lambda bye: bye.match)
    scale = model.group(group).scale
    rows: list[list[Cell]] = []
    for k, board in enumerate(rnd.boards):
        while byes and board.match and byes[0].match < board.match:
            rows.append(_team_bye_cells(byes.pop(0), scale))
        if board.match and (k == 0 or rnd.boards[k - 1].match != board.match):
            rows.append(_match_cells(board))
        rows.append(_board_cells(model, group, board))
        following = rnd.boards[k + 1] if k + 1 < len(rnd.boards) else None
        if board.match and (following is None or following.match != board.match):
            rows += _lots_cells(rnd, board.match)
    rows += [_team_bye_cells(bye, scale) for bye in byes]
    for out in rnd.sitting_out:  # no board: who, and why (请假半分, 退赛), as the PDF says
        player = model.player(out.player)
        rows.append([None, player.number or None, player.name, player.unit,
                     wording.sit_out_text(out.why), None, "", "", "",
                     None if out.points is None else scaled(out.points, scale), None])
    return rows + _team_missing_rows(model, rnd)


def _lots_cells(rnd: Round, match: int) -> list[list[Cell]]:
    """After a team match level on game points and decided by lots (抽签, huazhi 八、(五)),
    the line that says so, with the team drawn, where a playoff's game line would be (no
    game was played); nothing for another match."""
    return [[f"第{match}场抽签", None, "", level.teams[0],
             wording.lots_winner_text(level.winner, after_playoff=level.played_off), None, "",
             level.teams[1], wording.level_decision_text(LevelDecision.LOTS), None, None]
            for level in rnd.decided_level_matches()
            if level.match == match and level.score.decided_by_lots]


def _team_bye_cells(bye: TeamBye, scale: int) -> list[Cell]:
    """A team without an opponent: 轮空, and in a Team Swiss what the bye gave it (its 局分
    where a board's game points go, so a team's 局分 is the sum of its lines)."""
    scores = bye.scores_text(scale)
    if not scores or bye.game_points is None:
        return [f"第{bye.match}场", None, "", bye.team, "轮空", None, "", "", "轮空", None, None]
    return [f"第{bye.match}场", None, "", bye.team, "轮空", None, "", "", scores,
            scaled(bye.game_points, scale), None]


def _team_missing_rows(model: ExportModel, rnd: Round) -> list[list[Cell]]:
    """A team round's members who do not play it, as the PDF's note below the boards names
    them (`pdf_lists.team_missing_line`): each at the board lost by forfeit, then each team
    not paired because none of its members plays."""
    seated, teams = model.team_missing_of(rnd)
    rows: list[list[Cell]] = []
    for place, out in seated:
        player = model.player(out.player)
        team = next((t for pid, t, _board in model.team_members if pid == out.player), "")
        rows.append([place, player.number or None, player.name, team or player.unit,
                     wording.team_missing_board_text(out.why), None, "", "", "", None, None])
    rows += [[None, None, "", team, wording.team_not_paired_text(why), None, "", "", "", None,
              None] for team, why in teams]
    return rows


def round_sheet(workbook: Workbook, model: ExportModel, group: str, number: int) -> Worksheet:
    """Pairings of one round (with the results once entered)."""
    name = model.group(group).name
    rows = _round_rows(model, group, model.round(group, number))
    return write_sheet(workbook, f"{name}第{number}轮", _ROUND_HEADERS, rows,
                       f"{model.event.title} {name} 第{number}轮")


def results_sheet(workbook: Workbook, model: ExportModel, group: str) -> Worksheet:
    """All rounds of a group, one board a line (成绩汇总)."""
    name = model.group(group).name
    rows = [[rnd.number, *cells]
            for rnd in model.rounds_of(group) for cells in _round_rows(model, group, rnd)]
    return write_sheet(workbook, f"{name}成绩", ["轮次", *_ROUND_HEADERS], rows,
                       f"{model.event.title} {name} 成绩")


def standings_table(model: ExportModel, standings: Standings) -> tuple[list[str], list[list[Cell]]]:
    """Headers and rows of a ranking: place as a number and 并列 marked apart; a final
    ranking's prize and titles as its PDF has them (`award_headers`)."""
    scale = model.group(standings.group).scale if standings.group else 1
    awards = award_headers(model, standings)
    headers = ["名次", "并列", "编号", "姓名", "单位", standings.points_header,
               *[c.header for c in standings.columns], *awards, "备注"]
    rows: list[list[Cell]] = []
    for row in standings.rows:
        player = model.player(row.player)
        rows.append([
            row.rank, "并列" if row.shared else "", player.number or None, player.name,
            player.unit, scaled(row.points, scale),
            *[scaled(v, c.scale) for v, c in zip(row.tiebreaks, standings.columns, strict=True)],
            *award_cells(model, row, awards), remark(model, row, standings),
        ])
    return headers, rows


def standings_sheet(workbook: Workbook, model: ExportModel, standings: Standings) -> Worksheet:
    """A ranking's sheet, its legend (说明: the criteria, the tie rule, what a 备注 mark
    means, the order lots drew) printed as the 名次表's (`print_legend`)."""
    from app.exports.pdf_lists import standings_legend

    headers, rows = standings_table(model, standings)
    state = "" if standings.final else "（临时·非最终）"
    sheet = write_sheet(workbook, f"{standings.title}名次{state}", headers, rows,
                        f"{model.event.title} {standings.title} 名次{state}")
    print_legend(workbook, sheet, standings_legend(model, standings),
                 f"{standings.title}名次说明")
    return sheet


def _crosstable_cells(model: ExportModel, group: str, line: CrossRow) -> list[Cell]:
    """A row's cells: round robin the points against each row's player as numbers (× for
    oneself), Swiss the round cells as text (`12黑胜`)."""
    scale = model.group(group).scale
    if not line.points:
        return list(line.cells)
    # a game not played reads 不战胜 / 弃权负 as on the PDF, the others are numbers
    return ["×" if p is None else text if unplayed else None if not p else scaled(sum(p), scale)
            for p, text, unplayed in zip(line.points, line.cells, line.unplayed, strict=True)]


def crosstable_sheet(workbook: Workbook, model: ExportModel, group: str) -> Worksheet:
    """The crosstable as the PDF prints it (`app.exports.crosstable`): rows in standings
    order (a knockout's in the order of its places, `crosstable_order_of`), opponents named
    by 序号 (the row), the 编号 a column of its own; per round the opponent, colour and
    outcome (`12黑胜`), or the round-robin grid of points. A place not yet decided (a
    knockout's rank 0) is left blank, as on the PDF."""
    info = model.group(group)
    standings = model.crosstable_order_of(group)
    columns = standings.columns if standings is not None else ()
    headers = [REFERENCE, "编号", "名次", "姓名", "单位", *cell_headers(model, group), "积分",
               *[c.header for c in columns]]
    rows: list[list[Cell]] = []
    lines = crosstable(model, group)
    for line in lines:
        player = model.player(line.player)
        row = line.standing
        rows.append([
            line.reference, player.number or None,
            (row.rank_text if row.shared else row.rank or None) if row else "",
            line.name_text(player.name), player.unit, *_crosstable_cells(model, group, line),
            scaled(row.points, info.scale) if row else None,
            *([scaled(v, c.scale) for v, c in zip(row.tiebreaks, columns, strict=True)]
              if row else [None] * len(columns)),
        ])
    sheet = write_sheet(workbook, f"{info.name}交叉表", headers, rows,
                        f"{model.event.title} {info.name} 交叉表",
                        paper="A3" if len(lines) > A4_CROSSTABLE_PLAYERS else "A4")
    sheet.page_margins.left = sheet.page_margins.right = 0.4
    sheet.page_margins.top = sheet.page_margins.bottom = 0.6
    print_legend(workbook, sheet, crosstable_legend(model, group), f"{info.name}交叉表说明")
    return sheet


FOOTER_LIMIT = 255
"""Excel's limit on a page footer (the left, centre and right parts with their codes): past
it Excel reports the file damaged and drops the footer while repairing it."""


LEGEND_POINTS = 7  # the legend's size in the footer
_PRINTABLE_POINTS = {("A4", "portrait"): 530, ("A4", "landscape"): 780,
                     ("A3", "portrait"): 780, ("A3", "landscape"): 1130}


def print_legend(workbook: Workbook, sheet: Worksheet, legend: str, legend_title: str) -> None:
    """The legend as the PDF and the booklet print it, in the sheet's printed footer: the
    sheet itself stays a table of players (sorted, filtered, read by row). The footer's
    centre holds the legend and, on a line of its own below it, the page number: a legend
    in the left part ran over the page number in the centre (LibreOffice wraps a part across
    the whole width). The bottom margin leaves room for the legend's lines. A legend too
    long for a footer (many withdrawals, absences) goes on a sheet of its own, one clause a
    line, which the footer names."""
    footer = cast(Any, sheet).oddFooter
    footer.center.text, footer.center.size = f"{legend}\n{PAGE_NUMBER}", LEGEND_POINTS
    if len(str(footer)) > FOOTER_LIMIT:
        notes = workbook.create_sheet(sheet_name(legend_title, workbook.sheetnames))
        notes.append(["说明"])
        notes["A1"].font = _HEADER_FONT
        for clause in legend.rstrip("。").split("；"):
            notes.append([clause])
        notes.column_dimensions["A"].width = 100
        legend = f"说明见工作表“{notes.title}”"
        footer.center.text = f"{legend}\n{PAGE_NUMBER}"
    _footer_room(sheet, legend)


def _footer_room(sheet: Worksheet, legend: str) -> None:
    """A bottom margin that holds the footer's lines (the legend wrapped across the page,
    then the page number) between the footer's own margin and the table, in inches."""
    setup = sheet.page_setup
    paper = "A3" if str(setup.paperSize) == sheet.PAPERSIZE_A3 else "A4"
    # `_text_len` counts a Chinese character as two: half a character's width each
    per_line = int(2 * _PRINTABLE_POINTS[paper, setup.orientation or "portrait"] / LEGEND_POINTS)
    lines = -(-_text_len(legend) // per_line) + 1
    margins = sheet.page_margins
    needed = margins.footer + lines * LEGEND_POINTS * 1.3 / 72 + 0.1
    margins.bottom = max(margins.bottom, round(needed, 2))


def team_sheet(workbook: Workbook, model: ExportModel, team: TeamStandings) -> Worksheet:
    """A team table's sheet, its columns as the 团体名次 PDF's (`pdf_lists.team_rows`): the
    place a number with 并列 apart, the values numbers, the prize (奖励) when final."""
    members = any(r.members for r in team.rows)  # a crosstable (团体交叉表) lists none
    prizes = team.shows_prizes
    headers = ["名次", "并列", team.entrant, *[c.header for c in team.columns],
               *(["队员"] if members else []), *(["奖励"] if prizes else []), "备注"]
    rows = [[r.rank if r.rank > 0 else None, "并列" if r.shared else "", r.team,
             *[scaled(v, c.scale) for v, c in zip(r.values, team.columns, strict=True)],
             *(["、".join(r.members)] if members else []), *([r.prize] if prizes else []),
             r.note] for r in team.rows]
    title = team.caption
    return write_sheet(workbook, title, headers, rows, f"{model.event.title} {title}")


def qualifiers_sheet(workbook: Workbook, model: ExportModel, qualifiers: Qualifiers
                     ) -> Worksheet:
    """The cross-group round's 出线名单 as the PDF prints it (`pdf_lists.qualifier_rows`), the
    teams that go on and what the round decides in its printed footer."""
    from app.exports.pdf_lists import (
        PROVISIONAL,
        QUALIFIER_COLUMNS,
        qualifier_rows,
        qualifiers_summary,
    )

    title = qualifiers.caption + ("" if qualifiers.final else PROVISIONAL)
    sheet = write_sheet(workbook, title, [c.header for c in QUALIFIER_COLUMNS],
                        qualifier_rows(qualifiers),
                        f"{model.event.title} {title}")
    print_legend(workbook, sheet, f"{qualifiers_summary(qualifiers)}。"
                 f"{wording.cross_group_note_text()}。", f"{qualifiers.caption}说明")
    return sheet


PLAYOFF_HEADERS = ["名次表", "名次", "局", "阶段", "黑方编号", "黑方（先手）", "结果",
                   "白方（后手）", "白方编号", "用时", "加赛后名次"]


def playoffs_sheet(workbook: Workbook, model: ExportModel) -> Worksheet:
    """加赛: every playoff game as the 加赛表 prints it (black first, the result in words, a
    loss on time said so: 白胜（黑超时）), with the place it decides and the order decided
    (2016 八(二)2, shenzhen 十一(一)2)."""
    from app.exports.pdf_lists import time_control_zh

    rows: list[list[Cell]] = []
    for playoff in model.playoffs:
        order = " > ".join(model.player(p).name for p in playoff.order)
        for index, game in enumerate(playoff.games, start=1):
            black, white = model.player(game.black), model.player(game.white)
            rows.append([playoff.ranking, playoff.place, index, game.stage, black.number or None,
                         black.name, result_zh(game.result), white.name, white.number or None,
                         time_control_zh(game.time_control), order])
    return write_sheet(workbook, "加赛", PLAYOFF_HEADERS, rows, f"{model.event.title} 加赛")


def awards_sheet(workbook: Workbook, model: ExportModel) -> Worksheet:
    from app.exports.pdf_lists import PROVISIONAL, award_note

    headers = ["类别", "名次", "并列", "姓名／队名", "单位", "奖励", "可申请段级位", "说明"]
    awards = model.awards_in_place_order()
    rows = [[a.ranking, a.place, "并列" if a.shared else "", a.recipient,
             "" if a.is_team and a.unit == a.recipient else a.unit, a.prize, a.grade_title,
             award_note(model, a)]
            for a in awards]
    title = "录取名单" + (PROVISIONAL if any(a.provisional for a in awards) else "")
    return write_sheet(workbook, title, headers, rows, f"{model.event.title} {title}")


def write_workbook(model: ExportModel, path: Path) -> Path:
    """The event workbook (赛事数据.xlsx) with every sheet listed in the module docstring."""
    workbook = Workbook()
    first = workbook.active
    if isinstance(first, Worksheet):
        workbook.remove(first)
    players_sheet(workbook, model)
    for group in model.groups:
        for rnd in model.rounds_of(group.key):
            round_sheet(workbook, model, group.key, rnd.number)
        if model.rounds_of(group.key):
            results_sheet(workbook, model, group.key)
        for qualifiers in model.qualifiers:
            if qualifiers.group == group.key:
                qualifiers_sheet(workbook, model, qualifiers)
        standings = model.standings_of(group.key)
        if standings is not None:
            standings_sheet(workbook, model, standings)
        if has_crosstable(model, group.key):
            crosstable_sheet(workbook, model, group.key)
    for sub in model.sub_rankings:
        standings_sheet(workbook, model, sub)
    for team in model.team_standings:
        team_sheet(workbook, model, team)
    if model.playoffs:
        playoffs_sheet(workbook, model)
    if model.awards:
        awards_sheet(workbook, model)
    workbook.properties.language = "zh-CN"
    workbook.properties.title = model.event.title
    workbook.properties.creator = "Gomoku Arbiter 五子棋赛事编排"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_workbook(workbook, path)
    return path
