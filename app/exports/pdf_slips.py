"""Result slips (记录单/成绩单): four per A4 page with cut lines, one per board, for the
players to mark the result and sign and the arbiter to countersign.

A double-game round (双盘制, shenzhen 大众规则 and 2016 无禁手组) gets a line per game, the
first mover of the round playing black in game 1.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from app.exports.fonts import SANS
from app.exports.model import BoardResult, ExportModel
from app.exports.pdf_common import draw_bold, draw_fitted, plain_canvas
from app.rules.endings import Ending

SLIPS_PER_PAGE = 4
# The boxes an arbiter ticks: the usual endings (their names from app.rules.endings), or other.
_ENDINGS = (*(e.zh for e in (Ending.FIVE, Ending.FOUL, Ending.TIME, Ending.RESIGNATION,
                             Ending.FORFEIT)), "其他")


def _board_name(board: BoardResult) -> str:
    return board.label or f"第{board.number}台"


def _box_width(label: str, size: float = 10) -> float:
    return 4.5 * mm + stringWidth(label, SANS, size) + 5 * mm


def _box(canvas: Canvas, x: float, y: float, label: str, size: float = 10) -> float:
    """A tick box followed by its label; returns the x after it."""
    canvas.rect(x, y - 1, 3.2 * mm, 3.2 * mm)
    canvas.setFont(SANS, size)
    canvas.drawString(x + 4.5 * mm, y, label)
    return x + 4.5 * mm + stringWidth(label, SANS, size) + 5 * mm


def _slip(canvas: Canvas, model: ExportModel, group: str, round_number: int,
          board: BoardResult, top: float, height: float) -> None:
    c = canvas
    width = A4[0]
    left = 15 * mm
    usable = width - 2 * left
    info = model.group(group)
    y = top - 9 * mm
    draw_fitted(c, model.event.title, left, y, usable, 11, align="center")
    y -= 7 * mm
    draw_bold(c, f"{info.name}  第{round_number}轮  {_board_name(board)}  成绩记录单",
              width / 2, y, 13)
    y -= 9 * mm
    first = model.player(board.first)
    second = model.player(board.second) if board.second is not None else None
    half = usable / 2
    for index, (label, player) in enumerate((("先手（黑）", first), ("后手（白）", second))):
        x = left + index * half
        c.setFont(SANS, 10)
        c.drawString(x, y, label)
        name = player.name if player is not None else "轮空"
        draw_fitted(c, name, x + 20 * mm, y, half - 22 * mm, 13)
        if player is not None and player.unit:
            draw_fitted(c, player.unit, x + 20 * mm, y - 5 * mm, half - 22 * mm, 9)
        if len(board.confirm_codes) == 2:  # this player's own code (venue pages)
            c.setFont(SANS, 8)
            c.drawString(x, y - 5 * mm, f"确认码 {board.confirm_codes[index]}")
    y -= 12 * mm
    games = ("第一盘（先手执黑）", "第二盘（交换先后）") if info.double_game else ("",)
    label_width = 36 * mm if info.double_game else 0.0
    results_width = 11 * mm + sum(_box_width(label) for label in ("黑胜", "白胜", "和棋"))
    endings_width = 11 * mm + sum(_box_width(label, 9) for label in _ENDINGS)
    one_line = label_width + results_width + endings_width <= usable
    for game_label in games:
        x = left
        if game_label:
            c.setFont(SANS, 10)
            c.drawString(x, y, game_label)
            x += label_width
        c.setFont(SANS, 10)
        c.drawString(x, y, "结果：")
        x += 11 * mm
        for label in ("黑胜", "白胜", "和棋"):
            x = _box(c, x, y, label)
        if not one_line:  # the endings go under the results, aligned with them
            y -= 7 * mm
            x = left + label_width
        c.setFont(SANS, 10)
        c.drawString(x, y, "终局：")
        x += 11 * mm
        for label in _ENDINGS:
            x = _box(c, x, y, label, 9)
        y -= 8 * mm
    bottom = top - height + 8 * mm
    c.setFont(SANS, 10)
    third = usable / 3
    for index, label in enumerate(("黑方签名", "白方签名", "裁判签名")):
        x = left + index * third
        c.drawString(x, bottom, f"{label}：")
        c.line(x + 18 * mm, bottom - 1, x + third - 5 * mm, bottom - 1)


def write_result_slips(model: ExportModel, group: str, round_number: int, path: Path) -> Path:
    """One slip per board (byes left out), four to a page, dashed lines to cut along."""
    rnd = model.round(group, round_number)
    boards = [b for b in rnd.boards if b.second is not None]
    info = model.group(group)
    canvas = plain_canvas(path, A4, f"{model.event.title} {info.name} 第{round_number}轮成绩记录单")
    slip_height = A4[1] / SLIPS_PER_PAGE
    for start in range(0, max(len(boards), 1), SLIPS_PER_PAGE):
        for slot, board in enumerate(boards[start:start + SLIPS_PER_PAGE]):
            top = A4[1] - slot * slip_height
            _slip(canvas, model, group, round_number, board, top, slip_height)
            if slot:
                canvas.saveState()
                canvas.setDash(4, 3)
                canvas.setLineWidth(0.4)
                canvas.line(5 * mm, top, A4[0] - 5 * mm, top)
                canvas.setFont(SANS, 6)
                canvas.drawString(6 * mm, top + 1, "沿虚线剪开")
                canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return path
