"""Game sheets (棋谱): one A4 page per recorded game with the 15x15 board, every stone
numbered in move order (black first), the move list, and the opening protocol as played
(开局过程: the swap decision, the 五手N打 offers and the one chosen, passes, a claimed foul),
the same steps the SGF and PSQ records carry.

Coordinates as in tests/data/renju/README.md: column a..o left to right, row 1..15 bottom to
top, h8 the centre (天元).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from app.errors import UserError
from app.exports.fonts import SANS
from app.exports.model import ExportModel, Game, result_zh
from app.exports.pdf_common import draw_bold, draw_fitted, fit_size, plain_canvas, text_width
from app.rules.records import describe_steps

SIZE = 15
COLUMNS = "abcdefghijklmno"
_STAR_POINTS = ((3, 3), (3, 11), (11, 3), (11, 11), (7, 7))


def parse_point(text: str, where: str = "") -> tuple[int, int]:
    """`h8` -> (7, 7): zero-based column and row; `UserError` for anything off the board."""
    token = text.strip().lower()
    if len(token) >= 2 and token[0] in COLUMNS and token[1:].isdigit():
        row = int(token[1:])
        if 1 <= row <= SIZE:
            return COLUMNS.index(token[0]), row - 1
    raise UserError(f"棋谱着法“{text}”不是棋盘上的点", f"move {text!r} is not a board point",
                    where)


def _game_where(game: Game) -> str:
    return f"{game.group} 第{game.round}轮 第{game.board}台"


def check_game(game: Game) -> list[tuple[int, int]]:
    """The game's points; `UserError` naming the game for a bad or repeated point."""
    where = _game_where(game)
    moves = [parse_point(m, where) for m in game.moves]
    if len(set(moves)) != len(moves):
        raise UserError("棋谱中有重复落子", "a point is played twice in the game record", where)
    return moves


def _board_forms(canvas: Canvas, side: float) -> tuple[str, str, str]:
    """Draw the empty board and one black and one white stone once per document as PDF
    forms (XObjects), reused on every page: far fewer bytes and much faster."""
    key = f"board{side:.0f}"
    forms: dict[str, tuple[str, str, str]] = getattr(canvas, "_gomoku_forms", {})
    if key in forms:
        return forms[key]
    step = side / (SIZE + 1)
    canvas.beginForm(key, 0, 0, side, side)
    canvas.setFillColor(colors.Color(0.93, 0.80, 0.55))
    canvas.rect(0, 0, side, side, stroke=0, fill=1)
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.5)
    for i in range(SIZE):
        canvas.line(step, step + i * step, SIZE * step, step + i * step)
        canvas.line(step + i * step, step, step + i * step, SIZE * step)
    canvas.setLineWidth(1.2)
    canvas.rect(step, step, (SIZE - 1) * step, (SIZE - 1) * step)
    canvas.setFillColor(colors.black)
    for cx, cy in _STAR_POINTS:
        canvas.circle(step + cx * step, step + cy * step, step * 0.09, stroke=0, fill=1)
    label_size = step * 0.38
    canvas.setFont(SANS, label_size)
    for i in range(SIZE):
        canvas.drawCentredString(step + i * step, step * 0.25, COLUMNS[i].upper())
        canvas.drawRightString(step * 0.6, step + i * step - label_size / 3, str(i + 1))
    canvas.endForm()
    radius = step * 0.46
    names = []
    for colour in ("black", "white"):
        name = f"{key}{colour}"
        half = math.ceil(step / 2)  # the bounding box in whole points
        canvas.beginForm(name, -half, -half, half, half)
        canvas.setLineWidth(0.6)
        canvas.setStrokeColor(colors.black)
        canvas.setFillColor(colors.black if colour == "black" else colors.white)
        canvas.circle(0, 0, radius, stroke=1, fill=1)
        canvas.endForm()
        names.append(name)
    forms[key] = (key, names[0], names[1])
    canvas._gomoku_forms = forms  # type: ignore[attr-defined]
    return forms[key]


def _draw_board(canvas: Canvas, moves: Sequence[tuple[int, int]], left: float, bottom: float,
                side: float) -> None:
    board, black_stone, white_stone = _board_forms(canvas, side)
    step = side / (SIZE + 1)
    canvas.saveState()
    canvas.translate(left, bottom)
    canvas.doForm(board)
    for number, (cx, cy) in enumerate(moves, start=1):
        canvas.saveState()
        canvas.translate(step + cx * step, step + cy * step)
        canvas.doForm(black_stone if number % 2 else white_stone)
        canvas.restoreState()
    # The numbers: one text object per stone colour, one font size per number of digits.
    radius = step * 0.46
    sizes: dict[int, float] = {}
    for parity, colour in ((1, colors.white), (0, colors.black)):
        text = canvas.beginText()
        text.setFillColor(colour)
        current = 0.0
        for number in range(2 - parity, len(moves) + 1, 2):
            cx, cy = moves[number - 1]
            label = str(number)
            size = sizes.setdefault(len(label), fit_size("8" * len(label), radius * 1.6,
                                                         step * 0.5, 3))
            if size != current:
                text.setFont(SANS, size)
                current = size
            width = text_width(label, size)
            text.setTextOrigin(step + cx * step - width / 2, step + cy * step - size * 0.36)
            text.textOut(label)
        canvas.drawText(text)
    canvas.restoreState()


def _draw_move_list(canvas: Canvas, game: Game, left: float, top: float, width: float,
                    bottom: float) -> None:
    size = 9.0
    line = size * 1.45
    per_column = max(1, int((top - bottom) / line))
    pairs = [(i + 1, game.moves[i], game.moves[i + 1] if i + 1 < len(game.moves) else "")
             for i in range(0, len(game.moves), 2)]
    columns = max(1, -(-len(pairs) // per_column))
    column_width = width / max(columns, 5)
    if columns > 5:
        size = max(5.0, size * 5 / columns)
        column_width = width / columns
    canvas.setFont(SANS, size)
    for index, (number, black, white) in enumerate(pairs):
        col, row = divmod(index, per_column)
        x = left + col * column_width
        y = top - row * line
        text = f"{number:>3}. {black:<4} {white}"
        if text_width(text, size) > column_width - 2:
            draw_fitted(canvas, text, x, y, column_width - 2, size)
        else:
            canvas.drawString(x, y, text)


def draw_game_sheet(canvas: Canvas, model: ExportModel, game: Game) -> None:
    """One page: heading, players, result, the numbered board and the move list."""
    width, height = A4
    margin = 15 * mm
    usable = width - 2 * margin
    moves = check_game(game)
    group = model.group(game.group)
    black = model.player(game.black)
    white = model.player(game.white)
    draw_fitted(canvas, model.event.title, margin, height - margin - 4 * mm, usable, 11,
                align="center")
    game_part = f" 第{game.game_no}盘" if group.double_game else ""
    draw_bold(canvas, f"{group.name} 第{game.round}轮 第{game.board}台{game_part} 棋谱",
              width / 2, height - margin - 12 * mm, 15)
    y = height - margin - 21 * mm
    half = usable / 2
    draw_fitted(canvas, f"黑方：{black.name}（{black.unit}）" if black.unit else
                f"黑方：{black.name}", margin, y, half - 4 * mm, 11)
    draw_fitted(canvas, f"白方：{white.name}（{white.unit}）" if white.unit else
                f"白方：{white.name}", margin + half, y, half, 11)
    y -= 6 * mm
    bits = [f"结果：{result_zh(game.result) or '未完'}"]
    if game.how_ended:
        bits.append(f"终局：{game.how_ended.zh}")
    bits.append(f"共{len(game.moves)}手")
    if game.opening:
        bits.append(f"开局：{game.opening}")
    if group.rules:
        bits.append(group.rules)
    draw_fitted(canvas, "    ".join(bits), margin, y, usable, 10)
    steps = describe_steps(game.actions.split())
    if steps:  # the opening protocol as played: swap, the fifth-move offers, passes, a claim
        y -= 5 * mm
        draw_fitted(canvas, "开局过程：" + "；".join(steps), margin, y, usable, 10)
    side = min(usable, 160 * mm - (5 * mm if steps else 0))
    board_top = y - 4 * mm
    _draw_board(canvas, moves, (width - side) / 2, board_top - side, side)
    list_top = board_top - side - 8 * mm
    canvas.setFont(SANS, 10)
    canvas.drawString(margin, list_top, "着法（黑先）：")
    _draw_move_list(canvas, game, margin, list_top - 5 * mm, usable, margin + 6 * mm)
    canvas.setFont(SANS, 8)
    canvas.drawCentredString(width / 2, margin - 5 * mm, "记录员：＿＿＿＿＿＿    裁判：＿＿＿＿＿＿")


def write_game_sheets(model: ExportModel, games: Sequence[Game], path: Path) -> Path:
    """All `games` in one PDF, one page each, in the order given."""
    for game in games:  # check every record before writing anything
        check_game(game)
    canvas = plain_canvas(path, A4, f"{model.event.title} 棋谱")
    for game in games:
        draw_game_sheet(canvas, model, game)
        canvas.showPage()
    if not games:
        canvas.setFont(SANS, 12)
        canvas.drawString(20 * mm, A4[1] - 30 * mm, "没有记录的棋谱")
        canvas.showPage()
    canvas.save()
    return path
