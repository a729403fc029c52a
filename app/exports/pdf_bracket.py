"""The knockout bracket printed as a drawing (淘汰赛对阵图), A4 landscape, with reportlab
graphics: one column per round, one box per match with both entrants (the winner marked),
the places the match belongs to (名次段), and lines from each match to the next-round matches
of its winner (solid) and loser (dashed), as the full-placement knockout plays them
(2021-huazhi-cup-team-championship.txt 六、(三)5: winners play for 1-8, losers for 9-16 ...).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from app import wording
from app.exports.fonts import SANS
from app.exports.model import Bracket, BracketMatch, ExportModel
from app.exports.pdf_common import (
    HEADER_SPACE,
    MARGIN,
    PageHeader,
    build_document,
    fit_size,
    note,
    text_width,
)

_BOX_WIDTH = 42 * mm
_NAME_SIZE = 8.0


def _fitted(text: str, width: float, size: float) -> tuple[str, float]:
    """The text and a size at which it fits `width`; cut with … when even 5 pt is too wide."""
    chosen = fit_size(text, width, size, 5.0)
    while text and text_width(text, chosen) > width:
        text = text[:-2] + "…" if len(text) > 2 else text[:-1]
    return text, chosen


def _entrant(drawing: Drawing, name: str, x: float, y: float, won: bool) -> None:
    shown, size = _fitted(name or "（待定）", _BOX_WIDTH - 6, _NAME_SIZE)
    colour = colors.black if name else colors.grey
    drawing.add(String(x + 3, y, shown, fontName=SANS, fontSize=size, fillColor=colour))
    if won:
        drawing.add(String(x + _BOX_WIDTH - 3, y, "胜", fontName=SANS, fontSize=size,
                           fillColor=colors.black, textAnchor="end"))


def bracket_drawing(bracket: Bracket, width: float, height: float) -> Drawing:
    """The bracket as a Drawing `width` x `height` (points)."""
    drawing = Drawing(width, height)
    # reportlab's default would add a non-embedded Helvetica
    cast(Any, drawing).initialFontName = SANS
    rounds = bracket.rounds
    columns = len(rounds) + 1  # the last column lists the places decided
    gap = (width - columns * _BOX_WIDTH) / max(columns - 1, 1)
    rows = max((len(r) for r in rounds), default=1)
    top = height - 8 * mm
    slot = (top - 2 * mm) / max(rows, 1)
    box_height = min(slot * 0.8, 14 * mm)
    where: dict[tuple[int, int], tuple[float, float]] = {}
    for r, matches in enumerate(rounds):
        x = r * (_BOX_WIDTH + gap)
        drawing.add(String(x + _BOX_WIDTH / 2, height - 4 * mm, f"第{r + 1}轮", fontName=SANS,
                           fontSize=10, textAnchor="middle"))
        for k, match in enumerate(matches):
            y = top - (k + 0.5) * slot - box_height / 2
            where[(r, k)] = (x, y)
            _match_box(drawing, match, x, y, box_height)
    _connections(drawing, rounds, where, box_height)
    _places_column(drawing, rounds, (columns - 1) * (_BOX_WIDTH + gap), top, slot)
    return drawing


def _match_box(drawing: Drawing, match: BracketMatch, x: float, y: float, h: float) -> None:
    frame: dict[str, Any] = {"strokeWidth": 0.6, "fillColor": None,
                             "strokeColor": colors.black}
    drawing.add(Rect(x, y, _BOX_WIDTH, h, **frame))
    drawing.add(Line(x, y + h / 2, x + _BOX_WIDTH, y + h / 2, strokeWidth=0.3,
                     strokeColor=colors.grey))
    for name, baseline in ((match.top, y + h * 0.62), (match.bottom, y + h * 0.12)):
        _entrant(drawing, name, x, baseline, bool(match.winner) and match.winner == name)
    label = f"{match.places[0]}-{match.places[1]}名" if match.places[1] else ""
    if match.score is not None:
        label = f"{label}  {wording.match_score_text(match.score)}".strip()
    if label:
        drawing.add(String(x, y + h + 1.5, label, fontName=SANS, fontSize=6,
                           fillColor=colors.Color(0.3, 0.3, 0.3)))


def _connections(drawing: Drawing, rounds: tuple[tuple[BracketMatch, ...], ...],
                 where: dict[tuple[int, int], tuple[float, float]], h: float) -> None:
    """Lines from a match to where its winner (solid) and loser (dashed) play next."""
    for r in range(len(rounds) - 1):
        for k, match in enumerate(rounds[r]):
            if not match.winner:
                continue
            loser = match.bottom if match.winner == match.top else match.top
            x, y = where[(r, k)]
            for j, later in enumerate(rounds[r + 1]):
                for name, dashed in ((match.winner, False), (loser, True)):
                    if name and name != "轮空" and name in (later.top, later.bottom):
                        x2, y2 = where[(r + 1, j)]
                        line = Line(x + _BOX_WIDTH, y + h / 2, x2, y2 + h / 2,
                                    strokeWidth=0.5, strokeColor=colors.black)
                        if dashed:
                            line.strokeDashArray = [2, 2]
                            line.strokeColor = colors.grey
                        drawing.add(line)


def _places_column(drawing: Drawing, rounds: tuple[tuple[BracketMatch, ...], ...], x: float,
                   top: float, slot: float) -> None:
    if not rounds:
        return
    drawing.add(String(x + _BOX_WIDTH / 2, top + 4 * mm, "名次", fontName=SANS, fontSize=10,
                       textAnchor="middle"))
    for k, match in enumerate(rounds[-1]):
        if not match.winner or not match.places[1]:
            continue
        loser = match.bottom if match.winner == match.top else match.top
        y = top - (k + 0.5) * slot
        for offset, (place, name) in enumerate(((match.places[0], match.winner),
                                                (match.places[1], loser))):
            text, size = _fitted(f"第{place}名 {name}", _BOX_WIDTH, _NAME_SIZE)
            drawing.add(String(x, y + (4 if offset == 0 else -8), text, fontName=SANS,
                               fontSize=size))


class _DrawingFlowable(Flowable):
    def __init__(self, drawing: Drawing) -> None:
        super().__init__()
        self.drawing = drawing
        self.width, self.height = drawing.width, drawing.height

    def draw(self) -> None:
        self.drawing.drawOn(self.canv, 0, 0)


def write_bracket(model: ExportModel, bracket: Bracket, path: Path) -> Path:
    """淘汰赛对阵图 of one knockout group."""
    width = landscape(A4)[0] - 2 * MARGIN
    height = landscape(A4)[1] - 2 * MARGIN - HEADER_SPACE - 18 * mm
    group = model.group(bracket.group)
    drawing = bracket_drawing(bracket, width, height)
    legend = note("实线：胜者下一轮所在场次；虚线：负者下一轮所在场次。"
                  "框上为该场所属名次段（及团体比分，先行方在前）。")
    return build_document(path, PageHeader(model.event, "淘汰赛对阵图", group.name),
                          [_DrawingFlowable(drawing), legend], wide=True)
