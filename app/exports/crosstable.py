"""The crosstable (交叉表) of a group as every paper prints it (PDF, Excel, the booklets): who
stands in which row and how a cell names an opponent.

One reference on every paper and in the window and the command line: an opponent is named by
the row they stand in (序号), rows in standings order, so 序号 is the place where no place is
shared (`app.standings.crosstable`, `app.services.ranking.crosstable`). The 编号 (pairing
number) is a column of its own. Round robin: the grid's columns follow the same rows. A
withdrawn player's rounds from the withdrawal on read 退赛 (`app.wording.withdrawn_cell`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app import wording
from app.exports.model import ExportModel, Round, StandingRow, round_cells
from app.pairing.types import REQUESTED_BYES
from app.standings.crosstable import LATE_ZH

REFERENCE = "序号"
"""The heading of the column that names a row, and how every cell names an opponent."""


@dataclass(frozen=True)
class CrossRow:
    """One row: the player, its 序号 (row number), its ranking line (None before any
    standings) and one cell per round (Swiss) or per row (round robin), as text; a round-robin
    cell holds the points against that row's player (`points`, stored units) or None (self)."""

    player: int
    reference: int
    standing: StandingRow | None
    cells: tuple[str, ...]
    points: tuple[tuple[int, ...] | None, ...] = ()


def crosstable_order(model: ExportModel, group: str) -> list[int]:
    """The players in standings order (by 编号 before there are standings)."""
    standings = model.standings_of(group)
    if standings is not None:
        ranked = [row.player for row in standings.rows]
        rest = [p.id for p in sorted(model.players_of(group), key=lambda p: p.number)
                if p.id not in set(ranked)]
        return ranked + rest
    return [p.id for p in sorted(model.players_of(group), key=lambda p: p.number)]


def points_against(rounds: Iterable[Round]) -> dict[tuple[int, int], list[int]]:
    """(player, opponent) -> the round points the player scored in each game against them."""
    against: dict[tuple[int, int], list[int]] = {}
    for rnd in rounds:
        for board in rnd.boards:
            if board.second is None:
                continue
            for me, other, pts in ((board.first, board.second, board.first_points),
                                   (board.second, board.first, board.second_points)):
                if pts is not None:
                    against.setdefault((me, other), []).append(pts)
    return against


def _withdrawn_cells(model: ExportModel, rounds: tuple[Round, ...],
                     cells: dict[int, list[str]]) -> None:
    """A withdrawn player's unpaired rounds from the withdrawal on: 退赛 instead of —."""
    for pid, texts in cells.items():
        start = model.player(pid).withdrawn_from
        if start is None:
            continue
        for k, rnd in enumerate(rounds):
            if rnd.number >= start and texts[k] == "—":
                texts[k] = wording.withdrawn_cell()


def _late_cells(model: ExportModel, rounds: tuple[Round, ...],
                cells: dict[int, list[str]]) -> None:
    """A late entry's rounds before its first (迟到报名): 迟报 instead of —."""
    for pid, texts in cells.items():
        start = model.player(pid).entered_round
        for k, rnd in enumerate(rounds):
            if rnd.number < start and texts[k] == "—":
                texts[k] = LATE_ZH


def crosstable(model: ExportModel, group: str) -> tuple[CrossRow, ...]:
    """The rows of a group's crosstable (see the module docstring)."""
    order = crosstable_order(model, group)
    reference = {pid: k for k, pid in enumerate(order, start=1)}
    standings = model.standings_of(group)
    lines = {row.player: row for row in standings.rows} if standings is not None else {}
    rounds = model.rounds_of(group)
    scale = model.group(group).scale
    if model.group(group).system.round_robin:
        against = points_against(rounds)
        rows = []
        for pid in order:
            points = tuple(None if other == pid else tuple(against.get((pid, other), ()))
                           for other in order)
            texts = tuple("×" if p is None else " ".join(wording.number_text(x, scale)
                                                          for x in p) for p in points)
            rows.append(CrossRow(pid, reference[pid], lines.get(pid), texts, points))
        return tuple(rows)
    cells = round_cells(rounds, order, reference)
    _withdrawn_cells(model, rounds, cells)
    _late_cells(model, rounds, cells)
    return tuple(CrossRow(pid, reference[pid], lines.get(pid), tuple(cells[pid]))
                 for pid in order)


def cell_headers(model: ExportModel, group: str) -> list[str]:
    """The headings of the cells: the rows' 序号 (round robin) or 第N轮."""
    if model.group(group).system.round_robin:
        return [str(k) for k in range(1, len(crosstable_order(model, group)) + 1)]
    return [f"第{r.number}轮" for r in model.rounds_of(group)]


def crosstable_legend(model: ExportModel, group: str) -> str:
    """How to read the cells, the same words on the PDF, the booklet and the workbook."""
    if model.group(group).system.round_robin:
        return (f"横行为本人，纵列为对手{REFERENCE}（本表行号，按名次排列）；格内为对该对手所得"
                "积分；×为本人。")
    withdrawn = "；退赛：退赛后各轮" if any(
        p.withdrawn_from is not None for p in model.players_of(group)) else ""
    requested = "；免赛胜、免赛和、免赛：请假全分、半分、零分" if any(
        out.why in REQUESTED_BYES for r in model.rounds_of(group) for out in r.sitting_out
    ) else ""
    first = min((r.number for r in model.rounds_of(group)), default=1)
    late = "；迟报：迟到报名，参赛前的轮次（按规程记分）" if any(
        p.entered_round > first for p in model.players_of(group)) else ""
    return (f"各轮格内：对手{REFERENCE}（本表行号，按名次排列）、执子（黑为先手）、胜负；"
            f"轮空、—为未编排{requested}{late}{withdrawn}。")
