"""The knockout bracket (淘汰赛对阵图) painted with QPainter: rounds as columns, matches as boxes.

A placement knockout (淘汰制，决出全部名次; 2021-huazhi-cup-team-championship.txt 六、(三)1, 5)
plays every entrant in every round: winners meet winners and losers meet losers inside their
place bracket (名次段). Each box shows its match, the places it decides, the two entrants
(the winner bold; one withdrawn by the match's round marked `（退赛）`, as the printed bracket
and the venue's page mark it) and, in the last round, the places given; a solid line joins a
match to the next round's match its winner goes to, a dashed line to the one its loser goes
to (`app.pairing.knockout.build_bracket` fixes that tree). Boxes are sized from the font, so the
drawing is crisp at any size; the widget asks for the room it needs and scrolls in a
QScrollArea when the window is smaller.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, QSizeF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QImage,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from app import wording
from app.pairing.knockout import BYE, Bracket, KnockoutMatch
from app.pairing.types import SitOut, withdrawn_by
from app.services.queries import PlayerRef
from app.ui.i18n import language, tr

BACKGROUND = QColor("#fbfaf7")
BAND = (QColor("#f1ede4"), QColor("#e8eef5"))  # alternate place brackets (名次段) of a round
BOX = QColor("#ffffff")
BOX_LINE = QColor("#8a7a5c")
HEADER = QColor("#efe6d2")
WIN_FILL = QColor("#dff0d8")
TEXT = QColor("#222222")
FAINT = QColor("#8c8c8c")
WIN_LINE = QColor("#2e7d32")
LOSE_LINE = QColor("#b5651d")
OPEN_LINE = QColor("#9e9e9e")
MAX_SCALE = 1.8  # a large window (a projector at the venue) enlarges the drawing up to this
MEDALS = {1: QColor("#d4a017"), 2: QColor("#a8a8a8"), 3: QColor("#b87333")}


@dataclass(frozen=True)
class ShownMatch:
    """A match as the widget shows it: names, not ids ('' for the winner while open)."""

    round: int
    number: int
    places: tuple[int, int]
    top: str
    bottom: str
    winner: str


@dataclass(frozen=True)
class _Layout:
    """Where everything goes for one size of the drawing, in units that `scale` enlarges."""

    scale: float
    size: QSizeF  # the drawing's size in those units
    boxes: dict[tuple[int, int], QRectF]
    columns: tuple[float, ...]  # left edge of each round's column
    box_width: float
    header_height: float  # the match header inside a box
    row_height: float  # one entrant's row inside a box
    top: float  # y of the first row of boxes
    pitch: float  # vertical distance between two boxes of a column


def next_matches(bracket: Bracket, match: KnockoutMatch) -> tuple[int, int, int, int] | None:
    """Where the match's winner and loser play next: (winner's match, slot, loser's match,
    slot), match numbers from 1, slot 0 = upper; None in the last round.

    The same tree as `build_bracket`: in a place bracket of `block` slots, match j of
    bracket b sends its winner to match (2b)·block/4 + j//2 and its loser to
    (2b+1)·block/4 + j//2 of the next round, into slot j % 2.
    """
    block = bracket.size >> (match.round - 1)
    if block <= 2:
        return None
    b, j = divmod(match.number - 1, block // 2)
    quarter = block // 4
    return (2 * b * quarter + j // 2 + 1, j % 2, (2 * b + 1) * quarter + j // 2 + 1, j % 2)


class BracketWidget(QWidget):
    """Paints a `Bracket`; `names` maps entrant ids to the names shown, `withdrawn` to the
    first round a withdrawn entrant (退赛) no longer plays. A double-click on a match emits
    `matchActivated(round, match number)`."""

    matchActivated = Signal(int, int)  # noqa: N815 (Qt signal name)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bracket: Bracket | None = None
        self.names: dict[int, str] = {}
        self.withdrawn: dict[int, int] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        self.setObjectName("bracket")

    # ----- state -------------------------------------------------------------------------------

    def set_bracket(self, bracket: Bracket | None, entrants: Mapping[int, PlayerRef]) -> None:
        """Show `bracket` naming its `entrants` (`venue_bracket.bracket_entrants`)."""
        self.bracket = bracket
        self.names = {k: e.name for k, e in entrants.items()}
        self.withdrawn = {k: e.withdrawn_from for k, e in entrants.items()
                          if e.withdrawn_from is not None}
        self.updateGeometry()
        self.adjustSize()
        self.update()

    def message(self) -> str:
        """What the widget says instead of a drawing (no bracket yet)."""
        return "" if self.bracket is not None else tr("bracket_none")

    def name(self, entrant: int | None) -> str:
        """The text shown for a slot: a name, 轮空 (bye), or '' while not known."""
        if entrant is None:
            return ""
        if entrant == BYE:
            return tr("bracket_bye")
        return self.names.get(entrant, f"#{entrant}")

    def slot_text(self, match: KnockoutMatch, entrant: int | None) -> str:
        """A slot's text in `match`: its name (`name`), marked where the entrant withdrew by
        the match's round and does not play it (`王三（退赛）`, as the printed bracket)."""
        text = self.name(entrant)
        if entrant in (None, BYE) or not withdrawn_by(match.round, self.withdrawn.get(entrant)):
            return text
        return wording.missing_mark(text, SitOut.WITHDRAWN, language())

    def drawn(self, match: KnockoutMatch) -> bool:
        """A match only empty slots reach (below every entrant: it decides no place) is not
        drawn."""
        return not match.void and not (match.top == BYE and match.bottom == BYE)

    def shown_matches(self) -> list[ShownMatch]:
        """Every match drawn, round by round, with the names it shows."""
        if self.bracket is None:
            return []
        return [ShownMatch(m.round, m.number, m.places, self.slot_text(m, m.top),
                           self.slot_text(m, m.bottom),
                           self.name(m.winner) if m.winner not in (None, BYE) else "")
                for matches in self.bracket.rounds for m in matches if self.drawn(m)]

    def shown_places(self) -> dict[str, int]:
        """The final places shown in the last round so far (name -> place)."""
        if self.bracket is None:
            return {}
        return {self.name(entrant): place for entrant, place in self.bracket.places().items()
                if entrant != BYE}

    def header_texts(self, match: KnockoutMatch) -> tuple[str, str]:
        """What a match's box says above its entrants: the match and the places it plays for
        (`第3场`, `13–15名`, or `第15名` for one place), and how a level team match was
        decided (`第3场 抽签`, `第3场 主将加赛`). No score: the bracket shows who won, and a
        match not played shows no number at all."""
        which = tr("bracket_match", number=match.number)
        if match.decided_by is not None:
            which += "  " + wording.level_decision_text(match.decided_by, language())
        return which, wording.places_text(match.places, language())

    def seed_of(self, entrant: int | None) -> int | None:
        if self.bracket is None or entrant in (None, BYE) or entrant not in self.bracket.seeding:
            return None
        return self.bracket.seeding.index(entrant) + 1

    # ----- geometry ----------------------------------------------------------------------------

    def _fonts(self) -> tuple[QFont, QFont, QFont]:
        base = QFont(self.font())
        bold = QFont(base)
        bold.setBold(True)
        small = QFont(base)
        small.setPointSizeF(max(6.0, base.pointSizeF() * 0.85))
        return base, bold, small

    def _metrics(self) -> tuple[float, float, float, float, float]:
        """Box width, header height, row height, horizontal gap, margin (from the font)."""
        base, bold, small = self._fonts()
        fm = QFontMetricsF(bold)
        line = fm.height()
        marked = (wording.missing_mark(self.names.get(k, ""), SitOut.WITHDRAWN, language())
                  for k in self.withdrawn)  # the longest a name gets
        widest = max((fm.horizontalAdvance(n) for n in (*self.names.values(), *marked)),
                     default=0.0)
        widest = max(widest, fm.horizontalAdvance(tr("bracket_unknown")))
        row = line * 1.45
        # the seed column, the place badge of the last round and the padding (see _paint_match)
        room = row * 1.2 + row * 1.1 + row * 0.6 + line * 0.4
        header = QFontMetricsF(small)
        decided = {m.decided_by for r in (self.bracket.rounds if self.bracket else ())
                   for m in r if m.decided_by is not None}
        how = max((wording.level_decision_text(d, language()) for d in decided), key=len,
                  default="")  # a level team match's decision beside its number
        header_text = header.horizontalAdvance(
            tr("bracket_match", number=88) + (f"  {how}" if how else "") + "  "
            + wording.places_text((888, 888 + 1), language()))
        width = max(widest + room, header_text + line, line * 9)
        return width, header.height() * 1.35, row, max(line * 3.5, 48.0), line

    def _rows(self) -> int:
        if self.bracket is None or not self.bracket.rounds:
            return 0
        return len(self.bracket.rounds[0])

    def _needed(self) -> QSizeF:
        if self.bracket is None:
            return QSizeF(200, 120)
        width, header, row, gap, margin = self._metrics()
        count = len(self.bracket.rounds)
        box_height = header + 2 * row
        return QSizeF(2 * margin + count * width + (count - 1) * gap + row,
                      margin * 4.5 + self._rows() * (box_height + row * 0.7))

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return self._needed().toSize()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return self._needed().toSize()

    def layout_for(self, size: QSizeF) -> _Layout:
        """The boxes for a drawing of `size`: room to spare enlarges the whole drawing (up to
        MAX_SCALE, evenly both ways), then spreads the columns and rows."""
        width, header, row, gap, margin = self._metrics()
        boxes: dict[tuple[int, int], QRectF] = {}
        if self.bracket is None:
            return _Layout(1.0, size, boxes, (), width, header, row, margin, 0.0)
        count = len(self.bracket.rounds)
        needed = self._needed()
        scale = max(1.0, min(size.width() / needed.width(), size.height() / needed.height(),
                             MAX_SCALE))
        size = QSizeF(size.width() / scale, size.height() / scale)
        spare_x = max(0.0, size.width() - needed.width())
        step = width + gap + (spare_x / (count - 1) if count > 1 else 0.0)
        left = margin + (spare_x / 2 if count == 1 else 0.0)
        columns = tuple(left + r * step for r in range(count))
        box_height = header + 2 * row
        top = margin * 2.6
        rows = max(1, self._rows())
        pitch = max(box_height + row * 0.7, (size.height() - top - margin * 1.9) / rows)
        for matches in self.bracket.rounds:
            for m in matches:
                y = top + (m.number - 1) * pitch + (pitch - box_height) / 2
                boxes[(m.round, m.number)] = QRectF(columns[m.round - 1], y, width, box_height)
        return _Layout(scale, size, boxes, columns, width, header, row, top, pitch)

    def match_rect(self, round_number: int, number: int) -> QRectF | None:
        """The box of a match in the widget as it is now, in pixels."""
        layout = self.layout_for(QSizeF(self.size()))
        box = layout.boxes.get((round_number, number))
        if box is None:
            return None
        s = layout.scale
        return QRectF(box.left() * s, box.top() * s, box.width() * s, box.height() * s)

    def match_at(self, pos: QPointF) -> KnockoutMatch | None:
        if self.bracket is None:
            return None
        layout = self.layout_for(QSizeF(self.size()))
        at = QPointF(pos.x() / layout.scale, pos.y() / layout.scale)
        for matches in self.bracket.rounds:
            for m in matches:
                if self.drawn(m) and layout.boxes[(m.round, m.number)].contains(at):
                    return m
        return None

    # ----- tooltips ----------------------------------------------------------------------------

    def tooltip_for(self, match: KnockoutMatch) -> str:
        """The match in the language shown: who plays, for which places, who won."""
        def label(entrant: int | None) -> str:
            return tr("bracket_unknown") if entrant is None else self.slot_text(match, entrant)

        if match.winner not in (None, BYE):
            # the winner by name: its mark is on its side above (`胜者：选手2（抽签）`)
            state = tr("bracket_winner", name=self.name(match.winner))
            if match.decided_by is not None:  # a level team match: 主将加赛 or 抽签
                how = wording.level_decision_text(match.decided_by, language())
                state += f"（{how}）" if language() == "zh" else f" ({how})"
        else:
            state = tr("bracket_open")
        decides = match.decides_places
        if decides is not None:
            state += "；" if language() == "zh" else "; "
            state += wording.decided_places_text(decides, language())
        return tr("bracket_match_tip", round=match.round, number=match.number,
                  places=wording.places_text(match.places, language()), top=label(match.top),
                  bottom=label(match.bottom), state=state) + "\n\n" + tr("bracket_open_hint")

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        match = self.match_at(event.position())
        if match is not None and event.button() == Qt.MouseButton.LeftButton:
            self.matchActivated.emit(match.round, match.number)
            return
        super().mouseDoubleClickEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            match = self.match_at(QPointF(event.pos()))
            if match is not None:
                QToolTip.showText(event.globalPos(), self.tooltip_for(match), self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.LanguageChange):
            self.updateGeometry()
        return super().event(event)

    # ----- painting ----------------------------------------------------------------------------

    def render_image(self, size: QSize) -> QImage:
        """The drawing at `size` as an image (for printing and tests)."""
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(BACKGROUND)
        painter = QPainter(image)
        self.paint(painter, QSizeF(size))
        painter.end()
        return image

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        self.paint(painter, QSizeF(self.size()))
        painter.end()

    def printable(self) -> bool:
        """Whether there is a drawing to print (a bracket, not the message instead of one)."""
        return self.bracket is not None and bool(self.bracket.rounds)

    def paint_on_paper(self, painter: QPainter, size: QSizeF) -> None:
        """The drawing for a printed page: the same boxes, names and lines fitted into
        `size`, on white paper rather than the window's tinted background."""
        self.paint(painter, size, background=QColor("#ffffff"))

    def paint(self, painter: QPainter, size: QSizeF, background: QColor = BACKGROUND) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.fillRect(QRectF(QPointF(0, 0), size), background)
        if self.bracket is None:
            painter.setPen(FAINT)
            painter.drawText(QRectF(QPointF(0, 0), size), Qt.AlignmentFlag.AlignCenter
                             | Qt.TextFlag.TextWordWrap, self.message())
            return
        layout = self.layout_for(size)
        painter.save()
        painter.scale(layout.scale, layout.scale)
        self._paint_bands(painter, layout)
        self._paint_round_titles(painter, layout)
        self._paint_lines(painter, layout)
        for matches in self.bracket.rounds:
            for m in matches:
                if self.drawn(m):
                    self._paint_match(painter, layout, m)
        self._paint_legend(painter, layout)
        painter.restore()

    def _paint_bands(self, painter: QPainter, layout: _Layout) -> None:
        """Each round's place brackets (名次段) as alternating bands behind the boxes."""
        assert self.bracket is not None
        painter.setPen(Qt.PenStyle.NoPen)
        pad = layout.row_height * 0.3
        for r, matches in enumerate(self.bracket.rounds):
            per = max(1, (self.bracket.size >> r) // 2)
            for b in range(0, len(matches), per):
                block = [m for m in matches[b:b + per] if self.drawn(m)]
                if not block:
                    continue
                first = layout.boxes[(block[0].round, block[0].number)]
                last = layout.boxes[(block[-1].round, block[-1].number)]
                band = QRectF(first.left() - pad, first.top() - pad, layout.box_width + 2 * pad,
                              last.bottom() - first.top() + 2 * pad)
                painter.setBrush(QBrush(BAND[(b // per) % 2]))
                painter.drawRoundedRect(band, pad, pad)

    def _paint_round_titles(self, painter: QPainter, layout: _Layout) -> None:
        _base, bold, _small = self._fonts()
        painter.setFont(bold)
        painter.setPen(TEXT)
        height = layout.row_height
        for r, left in enumerate(layout.columns, start=1):
            rect = QRectF(left, layout.top - height * 1.5, layout.box_width, height)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, tr("bracket_round", round=r))

    def _slot_y(self, layout: _Layout, box: QRectF, slot: int) -> float:
        return box.top() + layout.header_height + layout.row_height * (slot + 0.5)

    def _paint_lines(self, painter: QPainter, layout: _Layout) -> None:
        """Winner (solid) and loser (dashed) lines to the next round's matches."""
        assert self.bracket is not None
        painter.setBrush(Qt.BrushStyle.NoBrush)
        width = max(1.2, layout.row_height / 14)
        for matches in self.bracket.rounds:
            for m in matches:
                following = next_matches(self.bracket, m)
                if following is None or not self.drawn(m):
                    continue
                win_match, win_slot, lose_match, lose_slot = following
                box = layout.boxes[(m.round, m.number)]
                decided = m.winner is not None
                for target, slot, entrant, solid in (
                        (win_match, win_slot, m.winner, True),
                        (lose_match, lose_slot, m.loser, False)):
                    if decided and entrant == BYE:
                        continue  # an empty slot goes nowhere worth a line
                    if decided:
                        start = self._slot_y(layout, box, 0 if entrant == m.top else 1)
                    else:
                        start = box.center().y() + (-0.2 if solid else 0.2) * layout.row_height
                    end_box = layout.boxes[(m.round + 1, target)]
                    end = self._slot_y(layout, end_box, slot)
                    colour = (WIN_LINE if solid else LOSE_LINE) if decided else OPEN_LINE
                    pen = QPen(colour, width)
                    if not solid:
                        pen.setStyle(Qt.PenStyle.DashLine)
                    painter.setPen(pen)
                    x1, x2 = box.right(), end_box.left()
                    bend = (x2 - x1) / 2
                    path = QPainterPath(QPointF(x1, start))
                    path.cubicTo(QPointF(x1 + bend, start), QPointF(x2 - bend, end),
                                 QPointF(x2, end))
                    painter.drawPath(path)

    def _paint_match(self, painter: QPainter, layout: _Layout, m: KnockoutMatch) -> None:
        base, bold, small = self._fonts()
        box = layout.boxes[(m.round, m.number)]
        radius = layout.row_height * 0.25
        painter.setPen(QPen(BOX_LINE, max(1.0, layout.row_height / 22)))
        painter.setBrush(QBrush(BOX))
        painter.drawRoundedRect(box, radius, radius)
        header = QRectF(box.left(), box.top(), box.width(), layout.header_height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(HEADER))
        clip = QPainterPath()
        clip.addRoundedRect(box, radius, radius)
        painter.save()
        painter.setClipPath(clip)
        painter.drawRect(header)
        for slot, entrant in enumerate((m.top, m.bottom)):
            if m.winner is not None and entrant == m.winner and entrant != BYE:
                row = QRectF(box.left(), box.top() + layout.header_height
                             + slot * layout.row_height, box.width(), layout.row_height)
                painter.setBrush(QBrush(WIN_FILL))
                painter.drawRect(row)
        painter.restore()
        pad = layout.row_height * 0.3
        painter.setFont(small)
        painter.setPen(FAINT)
        inner = header.adjusted(pad, 0, -pad, 0)
        which, places = self.header_texts(m)
        painter.drawText(inner, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, which)
        painter.drawText(inner, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, places)
        painter.setPen(QPen(QColor("#d8cfbd"), 1))
        middle = box.top() + layout.header_height + layout.row_height
        painter.drawLine(QPointF(box.left() + pad, middle), QPointF(box.right() - pad, middle))
        decides = m.decides_places if m.winner is not None else None
        for slot, entrant in enumerate((m.top, m.bottom)):
            row = QRectF(box.left() + pad, box.top() + layout.header_height
                         + slot * layout.row_height, box.width() - 2 * pad, layout.row_height)
            won = m.winner is not None and entrant == m.winner and entrant != BYE
            seed = self.seed_of(entrant)
            if seed is not None:
                painter.setFont(small)
                painter.setPen(FAINT)
                seed_rect = QRectF(row.left(), row.top(), layout.row_height * 1.2, row.height())
                painter.drawText(seed_rect, Qt.AlignmentFlag.AlignVCenter
                                 | Qt.AlignmentFlag.AlignLeft, str(seed))
            text_left = row.left() + layout.row_height * 1.2
            badge = layout.row_height * 1.1 if decides is not None else 0.0
            text_rect = QRectF(text_left, row.top(), row.right() - text_left - badge,
                               row.height())
            if entrant is None or entrant == BYE:
                font = QFont(base)
                font.setItalic(True)
                painter.setFont(font)
                painter.setPen(FAINT)
                label = tr("bracket_unknown") if entrant is None else tr("bracket_bye")
            else:
                painter.setFont(bold if won else base)
                painter.setPen(TEXT if won or m.winner is None else QColor("#555555"))
                label = self.slot_text(m, entrant)
            label = QFontMetricsF(painter.font()).elidedText(
                label, Qt.TextElideMode.ElideRight, text_rect.width())
            painter.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter
                             | Qt.AlignmentFlag.AlignLeft, label)
            if decides is not None and entrant not in (None, BYE):
                place = decides[0] if won else decides[1]
                self._paint_badge(painter, QRectF(row.right() - badge, row.top(), badge,
                                                  row.height()), place)

    def _paint_badge(self, painter: QPainter, rect: QRectF, place: int) -> None:
        """The final place an entrant takes in the last round, in a small disc."""
        _base, bold, small = self._fonts()
        side = min(rect.width(), rect.height()) * 0.82
        disc = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(MEDALS.get(place, QColor("#5b7fa6"))))
        painter.drawEllipse(disc)
        font = QFont(small if place >= 10 else bold)
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, str(place))

    def _paint_legend(self, painter: QPainter, layout: _Layout) -> None:
        _base, _bold, small = self._fonts()
        painter.setFont(small)
        y = layout.size.height() - layout.row_height * 1.1
        x = layout.columns[0] if layout.columns else layout.row_height
        length = layout.row_height * 1.6
        for colour, style in ((WIN_LINE, Qt.PenStyle.SolidLine),
                              (LOSE_LINE, Qt.PenStyle.DashLine)):
            pen = QPen(colour, max(1.2, layout.row_height / 14))
            pen.setStyle(style)
            painter.setPen(pen)
            painter.drawLine(QPointF(x, y), QPointF(x + length, y))
            x += length + layout.row_height * 0.4
        painter.setPen(FAINT)
        painter.drawText(QRectF(x, y - layout.row_height / 2, layout.size.width() - x,
                                layout.row_height),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                         tr("bracket_legend"))
