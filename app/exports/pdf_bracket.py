"""The knockout bracket printed as a federation posts it (淘汰赛对阵图): landscape (A4, or A3
when the field needs it), names at 10 pt and labels at 9 pt, never smaller, and no line
crossing another.

A knockout with full placement (2021-huazhi-cup-team-championship.txt 六、(三)5: the winners
of round 1 play for 1-8, the losers for 9-16, and so on) is drawn as one bracket per place
band: the winners of a band stay in its bracket, drawn as a tree (each match between the two
it is fed by, lines from each to it); the losers of a band start a bracket of their own
(第9-16名, 第5-8名 ...), its first matches naming where their entrants come from. Every bracket
is a tree laid out from its leaves, so no two lines cross. The places decided are listed
under the brackets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

from reportlab.graphics.shapes import Drawing, Group, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A3, A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from app import wording
from app.exports.fonts import SANS
from app.exports.model import Bracket, BracketMatch, ExportModel
from app.exports.pdf_common import (
    FOOTER_SPACE,
    HEADER_SPACE,
    MARGIN,
    PageHeader,
    build_document,
    note,
    text_width,
)
from app.results import LevelDecision

NAME_SIZE = 10.0  # an entrant's name: read at arm's length on the wall
LABEL_SIZE = 9.0  # a match's label (round, match, places, score) and the bracket titles
ROW = 7 * mm  # one entrant's line in a match box
LABEL_SPACE = 4.5 * mm  # the label above a box
GAP = 3 * mm  # between two matches of one column
COLUMN_GAP = 9 * mm  # between two rounds: the connecting lines
TITLE_SPACE = 7 * mm  # a bracket's title above it
BLOCK_GAP = 8 * mm  # between two brackets
MIN_BOX = 40 * mm
SLOT = 2 * ROW + LABEL_SPACE + GAP  # the height one first-round match takes

Band = tuple[int, int]
Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Box:
    """One match as drawn: its place on the drawing (x, y of the lower left corner)."""

    match: BracketMatch
    x: float
    y: float
    width: float

    @property
    def top_row(self) -> float:
        """The y of the middle of the upper entrant's line."""
        return self.y + 1.5 * ROW

    @property
    def bottom_row(self) -> float:
        return self.y + 0.5 * ROW

    @property
    def middle(self) -> float:
        return self.y + ROW


@dataclass
class Tree:
    """One place band's bracket: its title and the matches of each of its rounds."""

    title: str
    start: int  # index of its first round
    columns: list[list[BracketMatch]] = field(default_factory=list)
    feeders: dict[tuple[int, int], list[BracketMatch]] = field(default_factory=dict)

    def leaves(self) -> int:
        return max(1, len(self.columns[0]) if self.columns else 1)


@dataclass(frozen=True)
class Layout:
    """The whole drawing: boxes, connecting segments, texts (x, y, text, size, anchor)."""

    width: float
    height: float
    boxes: tuple[Box, ...]
    segments: tuple[tuple[float, float, float, float], ...]
    texts: tuple[tuple[float, float, str, float, Anchor], ...]


# ----- the structure: bands and trees -------------------------------------------------------


def _band(match: BracketMatch, fallback: Band) -> Band:
    return match.places if match.places[1] else fallback


def _bands(bracket: Bracket) -> list[dict[Band, list[BracketMatch]]]:
    """Per round, its matches by place band, in match order."""
    found: list[dict[Band, list[BracketMatch]]] = []
    for matches in bracket.rounds:
        bands: dict[Band, list[BracketMatch]] = {}
        for match in sorted(matches, key=lambda m: m.number):
            bands.setdefault(_band(match, (0, 0)), []).append(match)
        found.append(bands)
    return found


def _parent(band: Band, before: dict[Band, list[BracketMatch]]) -> Band | None:
    """The band of the round before that holds `band` (a band halves each round)."""
    for other in before:
        if other[0] <= band[0] and band[1] <= other[1] and other != band:
            return other
    return band if band in before else None


def _loser(match: BracketMatch) -> str:
    if not match.winner:
        return ""
    return match.bottom if match.winner == match.top else match.top


def _feeders(match: BracketMatch, index: int, before: list[BracketMatch]) -> list[BracketMatch]:
    """The two matches whose winners play `match`: by the names once known, else the
    `index`-th pair of the band before."""
    by_name = [m for name in (match.top, match.bottom) if name
               for m in before if m.winner == name]
    if len(by_name) == 2:
        return by_name
    return before[2 * index:2 * index + 2]


def _band_title(band: Band) -> str:
    if band == (0, 0):
        return "淘汰赛"
    return f"第{band[0]}-{band[1]}名" if band[1] > band[0] else f"第{band[0]}名"


def trees(bracket: Bracket) -> list[Tree]:
    """The brackets to draw: the whole field from round 1, then each band the losers of a
    band begin, in round and place order."""
    rounds = _bands(bracket)
    found: list[Tree] = []
    open_trees: dict[Band, Tree] = {}
    for r, bands in enumerate(rounds):
        continued: dict[Band, Tree] = {}
        for band, matches in sorted(bands.items()):
            parent = _parent(band, rounds[r - 1]) if r else None
            tree = open_trees.get(parent) if parent is not None and parent[0] == band[0] \
                else None
            if tree is None:
                origin = f"（第{r}轮{_band_title(parent)}负者）" if parent and r else ""
                tree = Tree(_band_title(band) + origin, r)
                found.append(tree)
            else:
                before = tree.columns[-1]
                for k, match in enumerate(matches):
                    tree.feeders[(r, match.number)] = _feeders(match, k, before)
            tree.columns.append(matches)
            continued[band] = tree
        open_trees = continued
    return found


# ----- the layout ---------------------------------------------------------------------------


def box_width(bracket: Bracket) -> float:
    """Wide enough for the longest name at `NAME_SIZE` beside the winner's mark and score."""
    names = [m.shown(top) for matches in bracket.rounds for m in matches
             for top in (True, False)]
    widest = max((text_width(n, NAME_SIZE) for n in names if n), default=0.0)
    return max(MIN_BOX, widest + text_width("胜 9:9", LABEL_SIZE) + 5 * mm)


def _tree_size(tree: Tree, width: float) -> tuple[float, float]:
    columns = len(tree.columns)
    return (columns * width + (columns - 1) * COLUMN_GAP,
            TITLE_SPACE + tree.leaves() * SLOT)


def _leaf_order(tree: Tree) -> list[BracketMatch]:
    """The tree's first matches in the order the tree draws them: from its last round down,
    each match's upper entrant's feeder first, so every line runs to the row it feeds."""
    last = len(tree.columns) - 1

    def walk(column: int, match: BracketMatch) -> list[BracketMatch]:
        if column == 0:
            return [match]
        feeders = tree.feeders.get((tree.start + column, match.number), [])
        return [leaf for feeder in feeders for leaf in walk(column - 1, feeder)]

    ordered = [leaf for match in tree.columns[last] for leaf in walk(last, match)]
    return ordered + [m for m in tree.columns[0] if m not in ordered]


def _place_tree(tree: Tree, x0: float, top: float, width: float,
                boxes: list[Box], segments: list[tuple[float, float, float, float]],
                texts: list[tuple[float, float, str, float, Anchor]]) -> None:
    """Lay one tree out below `top`: leaves in order, each later match between its feeders."""
    texts.append((x0, top - LABEL_SIZE, tree.title, LABEL_SIZE + 1, "start"))
    first = top - TITLE_SPACE
    placed: dict[tuple[int, int], Box] = {}
    for c, matches in enumerate([_leaf_order(tree), *tree.columns[1:]]):
        r = tree.start + c
        x = x0 + c * (width + COLUMN_GAP)
        for k, match in enumerate(matches):
            feeders = [placed[(r - 1, f.number)] for f in
                       tree.feeders.get((r, match.number), []) if (r - 1, f.number) in placed]
            if c and feeders:
                middle = sum(f.middle for f in feeders) / len(feeders)
            else:
                span = tree.leaves() / max(len(matches), 1)
                middle = first - (k + 0.5) * span * SLOT + (LABEL_SPACE - GAP) / 2
            box = Box(match, x, middle - ROW, width)
            placed[(r, match.number)] = box
            boxes.append(box)
            for feeder, row in zip(feeders, (box.top_row, box.bottom_row), strict=False):
                elbow = feeder.x + width + COLUMN_GAP / 2
                segments += [(feeder.x + width, feeder.middle, elbow, feeder.middle),
                             (elbow, feeder.middle, elbow, row), (elbow, row, x, row)]


def _pack(tree_list: Sequence[Tree], width: float, page_height: float
          ) -> list[tuple[Tree, float, float]]:
    """Trees in columns of the page, top to bottom, a new column when one is full."""
    spots: list[tuple[Tree, float, float]] = []
    x = y = column_width = 0.0
    for tree in tree_list:
        w, h = _tree_size(tree, width)
        if y and y + h > page_height:
            x += column_width + BLOCK_GAP * 1.5
            y = column_width = 0.0
        spots.append((tree, x, y))
        y += h + BLOCK_GAP
        column_width = max(column_width, w)
    return spots


def places_lines(bracket: Bracket) -> list[str]:
    """The places decided by the last round's matches: `第1名 青岛五子队14` (an empty slot,
    the loser of the last entrant's bye, takes none)."""
    lines = []
    for match in sorted(bracket.rounds[-1] if bracket.rounds else (),
                        key=lambda m: m.places):
        if match.winner and match.final:
            lines.append(f"第{match.places[0]}名 {match.winner}")
            if match.places[1] > match.places[0]:
                lines.append(f"第{match.places[1]}名 {_loser(match)}")
    return lines


def layout(bracket: Bracket, page_height: float) -> Layout:
    """Every tree packed into columns no taller than `page_height`, the places under them."""
    width = box_width(bracket)
    boxes: list[Box] = []
    segments: list[tuple[float, float, float, float]] = []
    texts: list[tuple[float, float, str, float, Anchor]] = []
    spots = _pack(trees(bracket), width, page_height)
    total_w = max((x + _tree_size(t, width)[0] for t, x, _y in spots), default=width)
    total_h = max((y + _tree_size(t, width)[1] for t, _x, y in spots), default=SLOT)
    lines = places_lines(bracket)
    per_column = 4
    rows = -(-len(lines) // per_column)
    places_h = (rows + 1) * 6 * mm if lines else 0.0
    height = total_h + places_h
    for tree, x, y in spots:
        _place_tree(tree, x, height - y, width, boxes, segments, texts)
    if lines:
        texts.append((0, places_h - 6 * mm, "名次：", LABEL_SIZE + 1, "start"))
        step = total_w / per_column
        for k, line in enumerate(lines):
            row, column = divmod(k, per_column)
            texts.append((column * step + 12 * mm, places_h - (row + 1) * 6 * mm, line,
                          NAME_SIZE, "start"))
    return Layout(total_w, height, tuple(boxes), tuple(segments), tuple(texts))


# ----- drawing ------------------------------------------------------------------------------


def _match_label(match: BracketMatch) -> str:
    bits = [f"第{match.round}轮第{match.number}场"]
    if match.final:
        bits.append(wording.decided_places_text(match.places))
    if match.score is not None:
        bits.append(wording.match_score_text(match.score, teams=(match.top, match.bottom)))
    if match.lots:  # neither came: the lots sent the winner (marked 签) on, never 弃权
        bits.append(wording.level_decision_text(LevelDecision.LOTS))  # LOTS_LEGEND: why
    return " ".join(bits)


def _draw_box(group: Group, box: Box) -> None:
    match = box.match
    frame: dict[str, Any] = {"strokeWidth": 0.8, "fillColor": None,
                             "strokeColor": colors.black}
    group.add(Rect(box.x, box.y, box.width, 2 * ROW, **frame))
    group.add(Line(box.x, box.middle, box.x + box.width, box.middle, strokeWidth=0.4,
                   strokeColor=colors.grey))
    group.add(String(box.x, box.y + 2 * ROW + 1.5 * mm, _match_label(match), fontName=SANS,
                     fontSize=LABEL_SIZE, fillColor=colors.Color(0.25, 0.25, 0.25)))
    for name, top, row in ((match.top, True, box.top_row),
                           (match.bottom, False, box.bottom_row)):
        shown = match.shown(top) or "（待定）"
        won = bool(match.winner) and match.winner == name
        group.add(String(box.x + 2 * mm, row - NAME_SIZE * 0.35, shown, fontName=SANS,
                         fontSize=NAME_SIZE, fillColor=colors.black if name else colors.grey))
        if won:  # sent on by lots, neither having come: no game won (LEGEND)
            group.add(String(box.x + box.width - 2 * mm, row - NAME_SIZE * 0.35,
                             "签" if match.lots else "胜",
                             fontName=SANS, fontSize=NAME_SIZE, textAnchor="end"))
            mark: dict[str, Any] = {"strokeWidth": 0, "fillColor": colors.black}
            group.add(Rect(box.x + 0.6, row - ROW / 2 + 0.6, 1.6 * mm, ROW - 1.2, **mark))


def drawing_of(plan: Layout, width: float, height: float) -> Drawing:
    """The layout as a Drawing of `width` x `height`, scaled down only when it must be (the
    sheet itself is sized so that it never is)."""
    drawing = Drawing(width, height)
    cast(Any, drawing).initialFontName = SANS  # reportlab's default adds a Helvetica
    scale = min(1.0, width / plan.width, height / plan.height)
    group = Group()
    group.transform = (scale, 0, 0, scale, 0, height - plan.height * scale)
    for x1, y1, x2, y2 in plan.segments:
        group.add(Line(x1, y1, x2, y2, strokeWidth=0.7, strokeColor=colors.black))
    for box in plan.boxes:
        _draw_box(group, box)
    for x, y, text, size, anchor in plan.texts:
        group.add(String(x, y, text, fontName=SANS, fontSize=size, textAnchor=anchor))
    drawing.add(group)
    return drawing


def bracket_drawing(bracket: Bracket, width: float, height: float) -> Drawing:
    """The bracket in a `width` x `height` box (the 成绩册's page)."""
    return drawing_of(layout(bracket, height), width, height)


class _DrawingFlowable(Flowable):
    def __init__(self, drawing: Drawing) -> None:
        super().__init__()
        self.drawing = drawing
        self.width, self.height = drawing.width, drawing.height

    def draw(self) -> None:
        self.drawing.drawOn(self.canv, 0, 0)


LEGEND = ("每场框内上下为双方，胜者标“胜”，框上为轮次、场次、决定的名次（及团体比分，先行方在前）；"
          "各名次段另列一图，首轮写明来自哪一名次段的负者。")
LOTS_LEGEND = "标“签”者：双方均未到场，由裁判长抽签决定晋级（该场未赛）。"
"""Said below a bracket one of whose matches neither player came to (huazhi 八、(五))."""


def bracket_legend(bracket: Bracket) -> str:
    """How to read the bracket: `LEGEND`, and `LOTS_LEGEND` where lots sent someone on."""
    lots = any(match.lots for matches in bracket.rounds for match in matches)
    return LEGEND + (LOTS_LEGEND if lots else "")


def sheet_size(bracket: Bracket) -> tuple[float, float]:
    """A4 landscape when the bracket fits it at full size, else A3 landscape."""
    for size in (landscape(A4), landscape(A3)):
        room = size[1] - 2 * MARGIN - HEADER_SPACE - FOOTER_SPACE - 14 * mm
        plan = layout(bracket, room)
        if plan.width <= size[0] - 2 * MARGIN and plan.height <= room:
            return size
    return landscape(A3)


def write_bracket(model: ExportModel, bracket: Bracket, path: Path) -> Path:
    """淘汰赛对阵图 of one knockout group, on the smallest landscape sheet it fits at full
    size (more pages when even A3 is too small for the field)."""
    size = sheet_size(bracket)
    width = size[0] - 2 * MARGIN
    room = size[1] - 2 * MARGIN - HEADER_SPACE - FOOTER_SPACE - 14 * mm
    plan = layout(bracket, room)
    # beyond A3 (a field of 64 and more) the picture is scaled to the sheet
    story: list[Flowable] = [_DrawingFlowable(drawing_of(plan, width, min(room, plan.height))),
                             note(bracket_legend(bracket))]
    group = model.group(bracket.group)
    return build_document(path, PageHeader(model.event, "淘汰赛对阵图", group.name), story,
                          wide=True, pagesize=size)
