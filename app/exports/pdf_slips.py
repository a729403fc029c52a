"""Result slips (成绩记录单) to cut apart: one per board (one per match for team matches),
for the players to mark the result and sign and the arbiter to countersign.

- Every slip: group, round, board, the round's date and time, both players with 编号 and unit.
- 专业规则 with 指定开局 (中国五子棋竞赛规则 2013: 26 openings, 三手交换, 五手N打): lines for
  the opening played, the 三手交换 choice and the fifth-move offers (N as the group plays it).
- The ending boxes list 禁手 only where black has forbidden moves (not for 大众规则 / 无禁手).
- A double-game round (双盘制, shenzhen 大众规则 and 2016 无禁手组) gets a line per game with
  the colours as they fall: the round's first mover is black in game 1, white in game 2.
- A team match (分台定人制, huazhi 六、(三)3) gets one slip: both teams, each board's players
  (the first-named team black on boards 1 and 3), a result per board, the match score and the
  captains' signatures; where a level match is drawn (FIDE Team Swiss, C.04.6: match points
  2/1/0) it says so instead of offering the captains' playoff (主将加赛) of a knockout.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from app import wording
from app.exports.fonts import SANS
from app.exports.model import BoardResult, ExportModel, Group, Player
from app.exports.pdf_common import draw_bold, draw_fitted, plain_canvas
from app.results import Side
from app.rules.endings import Ending
from app.wording import LEVEL_MATCH_DRAWN

# The boxes an arbiter ticks: the usual endings (their names from app.rules.endings), or other.
_ENDINGS = (*(e.zh for e in (Ending.FIVE, Ending.FOUL, Ending.TIME, Ending.RESIGNATION,
                             Ending.FORFEIT)), "其他")
_LEFT = 15 * mm
_USABLE = A4[0] - 2 * _LEFT


def endings(group: Group) -> tuple[str, ...]:
    """The ending boxes of a slip: no 禁手 where black has no forbidden moves."""
    return tuple(e for e in _ENDINGS if group.forbidden or e != "禁手")


def slips_per_page(group: Group) -> int:
    if group.system.team:
        return 2
    if group.designated_opening or group.double_game:
        return 3
    return 4


def _box(canvas: Canvas, x: float, y: float, label: str, size: float = 10) -> float:
    """A tick box followed by its label; returns the x after it."""
    canvas.rect(x, y - 1, 3.2 * mm, 3.2 * mm)
    canvas.setFont(SANS, size)
    canvas.drawString(x + 4.5 * mm, y, label)
    return x + 4.5 * mm + stringWidth(label, SANS, size) + 4 * mm


def _blank(canvas: Canvas, x: float, y: float, label: str, width: float) -> float:
    """`label：＿＿＿` (a line to write on); returns the x after it."""
    canvas.setFont(SANS, 10)
    canvas.drawString(x, y, f"{label}：")
    start = x + stringWidth(f"{label}：", SANS, 10)
    canvas.line(start, y - 1, start + width, y - 1)
    return start + width + 4 * mm


class _HeadLines(NamedTuple):
    """Where a slip's head puts its lines (baselines from the slip's `top`), and where the
    players' line comes under it."""

    event: float
    title: float
    when: float
    players: float


def _head_lines(top: float) -> _HeadLines:
    event = top - 8 * mm
    title = event - 6.5 * mm
    when = title - 6 * mm
    return _HeadLines(event, title, when, when - 8 * mm)


def _head(canvas: Canvas, model: ExportModel, group: Group, round_number: int, where: str,
          top: float) -> float:
    """The slip's head: the event, the title with the board (`where`), when and where;
    returns the players' line."""
    _head_shared(canvas, model, group, round_number, top)
    return _head_title(canvas, group, round_number, where, top)


def _head_title(canvas: Canvas, group: Group, round_number: int, where: str, top: float
                ) -> float:
    """The head's own line: the title with the board (`where`); returns the players' line."""
    lines = _head_lines(top)
    draw_bold(canvas, f"{group.name}  第{round_number}轮  {where}  成绩记录单", A4[0] / 2,
              lines.title, 12.5)
    return lines.players


def _head_shared(canvas: Canvas, model: ExportModel, group: Group, round_number: int,
                 top: float) -> None:
    """What the heads of all slips of a round share: the event, when and where."""
    lines = _head_lines(top)
    draw_fitted(canvas, model.event.title, _LEFT, lines.event, _USABLE, 10, align="center")
    item = model.schedule_of(group.key, round_number)
    rnd = model.round(group.key, round_number)
    when = item.when if item and item.when else rnd.date_text
    room = item.room if item and item.room else rnd.room
    bits = [f"日期时间：{when or '＿＿月＿＿日 ＿＿:＿＿'}"]
    if room:
        bits.append(f"赛场：{room}")
    bits.append(group.rules)
    if group.time_control:
        bits.append(f"用时：{group.time_control}")
    draw_fitted(canvas, "    ".join(b for b in bits if b), _LEFT, lines.when, _USABLE, 9)


def _player_label(canvas: Canvas, label: str, x: float, y: float) -> None:
    canvas.setFont(SANS, 10)
    canvas.drawString(x, y, label)


def _player_line(canvas: Canvas, player: Player | None, x: float, y: float, width: float,
                 team: str = "", code: str = "") -> None:
    """After the label (`_player_label`): the player's number, name, unit and code."""
    if player is None:
        draw_fitted(canvas, "轮空", x + 20 * mm, y, width - 22 * mm, 12)
        return
    draw_fitted(canvas, f"{player.number or ''}号  {player.name}", x + 20 * mm, y,
                width - 22 * mm, 12)
    unit = team or player.unit
    if unit:
        draw_fitted(canvas, unit, x + 20 * mm, y - 4.5 * mm, width - 22 * mm, 8.5)
    if code:  # this player's own code to confirm the result on the venue pages
        canvas.setFont(SANS, 8)
        canvas.drawString(x, y - 4.5 * mm, f"确认码 {code}")


def _result_line(canvas: Canvas, group: Group, x: float, y: float) -> float:
    canvas.setFont(SANS, 10)
    canvas.drawString(x, y, "结果：")
    x += 11 * mm
    for label in ("黑胜", "白胜", "和棋"):
        x = _box(canvas, x, y, label)
    x += 2 * mm
    canvas.setFont(SANS, 10)
    canvas.drawString(x, y, "终局：")
    x += 11 * mm
    for label in endings(group):
        x = _box(canvas, x, y, label, 9)
    return y - _RESULT_STEP


_RESULT_STEP = 7 * mm  # from a result line to the line under it


def _opening_lines(canvas: Canvas, group: Group, y: float) -> float:
    """指定开局 (26 openings), 三手交换 and 五手N打 as the 2013 rules play them; for the RIF
    opening rules (Swap2, Soosyrv-8 ...) a line to note the opening as played."""
    if not group.designated_opening:
        if group.opening_text and group.opening_text != "自由开局":
            _blank(canvas, _LEFT, y, f"开局规则 {group.opening_text}：开局过程", 90 * mm)
            return y - 7 * mm
        return y
    x = _blank(canvas, _LEFT, y, "开局（26种指定开局）", 30 * mm)
    canvas.drawString(x, y, "三手交换：")
    x += stringWidth("三手交换：", SANS, 10)
    for label in ("交换", "不交换"):
        x = _box(canvas, x, y, label)
    y -= 7 * mm
    n = group.fifth_move_offers
    offers = f"五手{n}打（黑方提出{n}个第5手）" if n else "五手N打：N＝＿＿"
    x = _blank(canvas, _LEFT, y, offers, 6 * mm)
    count = n or 4
    for k in range(1, count + 1):
        x = _blank(canvas, x, y, f"打点{k}", 10 * mm)
    _blank(canvas, x, y, "白方选定", 10 * mm)
    return y - 7 * mm


def _signatures(canvas: Canvas, labels: Sequence[str], y: float) -> None:
    canvas.setFont(SANS, 10)
    part = _USABLE / len(labels)
    for index, label in enumerate(labels):
        x = _LEFT + index * part
        canvas.drawString(x, y, f"{label}：")
        canvas.line(x + stringWidth(f"{label}：", SANS, 10), y - 1, x + part - 5 * mm, y - 1)


_GAME_LINES = 11 * mm  # from the players' line to the first game's line (双盘制)
_GAME_RESULT = 6 * mm  # from a game's line to its result line


def _game_lines(players: float) -> list[float]:
    """The lines of the two games of a double-game slip (each followed by its result line,
    `_result_line` taking `_RESULT_STEP`), then the line of the rule under them."""
    lines = [players - _GAME_LINES]
    for _ in range(2):
        lines.append(lines[-1] - _GAME_RESULT - _RESULT_STEP)
    return lines


def _slip_shared(canvas: Canvas, model: ExportModel, group: Group, round_number: int,
                 top: float, height: float) -> None:
    """What every slip of the round shares: the head but its title, the players' labels,
    the boxes to tick, the opening's blanks and the signature lines."""
    c = canvas
    _head_shared(c, model, group, round_number, top)
    players = _head_lines(top).players
    _player_label(c, "先手（黑）", _LEFT, players)
    _player_label(c, "后手（白）", _LEFT + _USABLE / 2, players)
    if group.double_game:
        *games, rule = _game_lines(players)
        for y in games:
            _result_line(c, group, _LEFT + 6 * mm, y - _GAME_RESULT)
        c.setFont(SANS, 9)
        c.drawString(_LEFT, rule, "本轮结果：两盘合计（胜2和1负0）；第一盘未完有一方超时，判超时方本轮负。")
    else:
        y = _opening_lines(c, group, players - _GAME_LINES)
        _result_line(c, group, _LEFT, y)
    _signatures(c, ("黑方签名", "白方签名", "裁判签名"), top - height + 7 * mm)


def _slip(canvas: Canvas, model: ExportModel, group: Group, round_number: int,
          board: BoardResult, top: float) -> None:
    """One board's own texts on its slip (the rest is the round's form, `_slip_form`)."""
    c = canvas
    y = _head_title(c, group, round_number, board.label or f"第{board.number}台", top)
    first = model.player(board.first)
    second = model.player(board.second) if board.second is not None else None
    codes = board.confirm_codes if len(board.confirm_codes) == 2 else ("", "")
    half = _USABLE / 2
    _player_line(c, first, _LEFT, y, half, code=codes[0])
    _player_line(c, second, _LEFT + half, y, half, code=codes[1])
    if group.double_game:
        games = zip(_game_lines(y)[:2], ((first, second), (second, first)), strict=True)
        for index, (line, (black, white)) in enumerate(games, start=1):
            text = (f"第{index}盘  黑：{black.number if black else ''}号 "
                    f"{black.name if black else ''}  白：{white.number if white else ''}号 "
                    f"{white.name if white else ''}")
            draw_fitted(c, text, _LEFT, line, _USABLE, 10)


def _slip_form(canvas: Canvas, model: ExportModel, group: Group, round_number: int,
               height: float) -> str:
    """What every slip of the round shares (the event, when and where, the labels, boxes
    and signature lines) as one form, drawn for the top slot: each slip places it and
    draws only its own texts, a fraction of the page's operators."""
    name = "slip"
    canvas.beginForm(name)
    _slip_shared(canvas, model, group, round_number, A4[1], height)
    canvas.endForm()
    return name


def _team_slip(canvas: Canvas, model: ExportModel, group: Group, round_number: int,
               boards: Sequence[BoardResult], top: float, height: float) -> None:
    """One team match: the teams, each board's players, results, match score, captains."""
    c = canvas
    number = boards[0].match or boards[0].number
    y = _head(c, model, group, round_number, f"第{number}场", top)
    first_team, second_team = boards[0].first_team, boards[0].second_team
    half = _USABLE / 2
    for x, label, team in ((_LEFT, "先行方", first_team), (_LEFT + half, "后行方", second_team)):
        c.setFont(SANS, 10)
        c.drawString(x, y, label)
        draw_fitted(c, team, x + 16 * mm, y, half - 18 * mm, 12)
    y -= 8 * mm
    for board in boards:
        if not board.match_board:
            continue  # a captains' playoff game: after the score
        y = _team_game_line(c, model, group, board, f"{board.match_board}台", y)
    x = _blank(c, _LEFT, y, f"比分（{first_team}:{second_team}）", 20 * mm)
    playoffs = [board for board in boards if not board.match_board]
    score = boards[0].match_score
    lots = score is not None and score.decided_by_lots
    if group.system.level_match_drawn:  # FIDE C.04.6: a level match is drawn, never played off
        c.drawString(x, y, LEVEL_MATCH_DRAWN)
    elif not playoffs and not lots:
        c.drawString(x, y, "如两队打平，由两队主将加赛：")
        x += stringWidth("如两队打平，由两队主将加赛：", SANS, 10)
        _box(c, x, y, "主将加赛")
    elif playoffs:  # the level match went to its captains (huazhi 六、(三)3): their games' lines
        c.drawString(x, y, "两队打平，由两队主将加赛：")
        y -= 7 * mm
        for k, board in enumerate(playoffs, start=1):
            label = "主将加赛" if len(playoffs) == 1 else f"主将加赛第{k}局"
            y = _team_game_line(c, model, group, board, label, y)
        x = _LEFT
    if lots and score is not None:  # no playoff could decide it: the lots (huazhi 八、(五))
        winner = first_team if score.level_winner is Side.FIRST else second_team
        c.drawString(x, y, wording.lots_winner_text(winner, after_playoff=bool(playoffs)))
    _signatures(c, ("先行方队长", "后行方队长", "裁判签名"), top - height + 7 * mm)


def _team_game_line(canvas: Canvas, model: ExportModel, group: Group, board: BoardResult,
                    label: str, y: float) -> float:
    """One game of a team match on its slip (a board, or a captains' playoff game): who has
    black and white, of which team, and the boxes for its result; returns the y below."""
    black = model.player(board.first)
    white = model.player(board.second) if board.second is not None else None
    text = (f"{label}  黑：{black.number or ''}号 {black.name}（{board.first_team}）  "
            f"白：{white.number or '' if white else ''}号 "
            f"{white.name if white else ''}（{board.second_team}）")
    draw_fitted(canvas, text, _LEFT, y, _USABLE, 10)
    return _result_line(canvas, group, _LEFT + 6 * mm, y - 6 * mm)


def _cut_line(canvas: Canvas, top: float) -> None:
    canvas.saveState()
    canvas.setDash(4, 3)
    canvas.setLineWidth(0.4)
    canvas.line(5 * mm, top, A4[0] - 5 * mm, top)
    canvas.setFont(SANS, 6)
    canvas.drawString(6 * mm, top + 1, "沿虚线剪开")
    canvas.restoreState()


def write_result_slips(model: ExportModel, group: str, round_number: int, path: Path) -> Path:
    """One slip per board (byes left out, and the boards already entered as a missing
    player's forfeit when the round was paired: nothing is played there to record), or per
    match for team matches, several to a page with dashed lines to cut along."""
    rnd = model.round(group, round_number)
    info = model.group(group)
    units: list[list[BoardResult]] = []
    if info.system.team:
        matches: dict[int, list[BoardResult]] = {}
        for board in rnd.boards:
            matches.setdefault(board.match or board.number, []).append(board)
        units = list(matches.values())
    else:
        units = [[b] for b in rnd.boards if b.second is not None
                 and not (b.first_missing or b.second_missing)]
    canvas = plain_canvas(path, A4, f"{model.event.title} {info.name} 第{round_number}轮成绩记录单")
    per_page = slips_per_page(info)
    slip_height = A4[1] / per_page
    form = ""
    for start in range(0, max(len(units), 1), per_page):
        for slot, unit in enumerate(units[start:start + per_page]):
            top = A4[1] - slot * slip_height
            if info.system.team:
                _team_slip(canvas, model, info, round_number, unit, top, slip_height)
            else:
                form = form or _slip_form(canvas, model, info, round_number, slip_height)
                canvas.saveState()
                canvas.translate(0, top - A4[1])
                canvas.doForm(form)
                canvas.restoreState()
                _slip(canvas, model, info, round_number, unit[0], top)
            if slot:
                _cut_line(canvas, top)
        canvas.showPage()
    canvas.save()
    return path
