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
from app.pairing.types import REQUESTED_BYES, Outcome, SitOut
from app.standings.crosstable import LATE_ZH, GridNotes, RoundNotes
from app.standings.scoring import outcomes

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
    withdrawn_from: int | None = None  # round robin: the row is marked 第N轮起退赛
    unplayed: tuple[bool, ...] = ()  # round robin: the cell holds a game not played (forfeit)

    def name_text(self, name: str) -> str:
        """The player's name as the row prints it: a round robin's withdrawn player marked
        (张六（第3轮起退赛）); a Swiss row says it in its cells (退赛)."""
        return wording.withdrawn_row_text(name, self.withdrawn_from)


def crosstable_order(model: ExportModel, group: str) -> list[int]:
    """The players in standings order (by 编号 before there are standings)."""
    standings = model.crosstable_order_of(group)
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


def _grid_words(rounds: Iterable[Round], scale: int) -> dict[tuple[int, int], list[str]]:
    """(player, opponent) -> each game's word in a round-robin grid: the points scored, or
    不战胜 / 弃权负 for a game not played (`wording.grid_game_text`)."""
    words: dict[tuple[int, int], list[str]] = {}
    for rnd in rounds:
        for board in rnd.boards:
            if board.second is None or board.result is None:
                continue
            forfeit = outcomes(board.result.games[0]) if board.result.forfeit else None
            for k, (me, other, pts) in enumerate(((board.first, board.second,
                                                   board.first_points),
                                                  (board.second, board.first,
                                                   board.second_points))):
                if pts is None:
                    continue
                outcome = forfeit[k] if forfeit is not None else None
                words.setdefault((me, other), []).append(
                    wording.grid_game_text(outcome, pts, scale))
    return words


def _grid(model: ExportModel, order: list[int], reference: dict[int, int],
          lines: dict[int, StandingRow], rounds: tuple[Round, ...], scale: int
          ) -> tuple[CrossRow, ...]:
    """A round robin's rows: against each row's player the points (a game not played
    不战胜 / 弃权负), × for oneself; a withdrawn player's row marked."""
    against = points_against(rounds)
    words = _grid_words(rounds, scale)
    forfeited = {(board.first, board.second) for rnd in rounds for board in rnd.boards
                 if board.second is not None and board.result is not None
                 and board.result.forfeit}
    forfeited |= {(b, a) for a, b in forfeited}
    rows = []
    for pid in order:
        points = tuple(None if other == pid else tuple(against.get((pid, other), ()))
                       for other in order)
        texts = tuple("×" if other == pid else " ".join(words.get((pid, other), ()))
                      for other in order)
        unplayed = tuple((pid, other) in forfeited for other in order)
        rows.append(CrossRow(pid, reference[pid], lines.get(pid), texts, points,
                             model.player(pid).withdrawn_from, unplayed))
    return tuple(rows)


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
    standings = model.crosstable_order_of(group)
    lines = {row.player: row for row in standings.rows} if standings is not None else {}
    rounds = model.rounds_of(group)
    scale = model.group(group).scale
    if model.group(group).system.round_robin:
        return _grid(model, order, reference, lines, rounds, scale)
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
    """How to read the cells, the same words on the PDF, the booklet and the workbook; what a
    round without a game says (退赛, 缺席, 免赛, 迟报) in the words of the command line's and the
    window's legend (`wording.round_legend`)."""
    if model.group(group).system.round_robin:
        return _grid_legend(model, group)
    order = crosstable_order(model, group)
    names = [model.player(pid).name for pid in order]
    extra = "".join(f"；{line}" for line in wording.round_legend(
        round_notes(model, group, order), names, model.group(group).scale))
    return (f"各轮格内：对手{REFERENCE}（本表行号，按名次排列）、执子（黑为先手）、胜负；"
            f"轮空、—为未编排{extra}。")


def round_notes(model: ExportModel, group: str, order: list[int]) -> RoundNotes:
    """What the crosstable's rounds without a game hold (`app.standings.crosstable.RoundNotes`,
    rows in `order`): the withdrawn players' rows from their first round out unpaired, the
    absences, the byes asked for, the late entries' rounds."""
    rounds = model.rounds_of(group)
    row = {pid: k for k, pid in enumerate(order)}
    absent = tuple(sorted((r.number, row[out.player], out.points or 0) for r in rounds
                          for out in r.sitting_out
                          if out.why is SitOut.ABSENT and out.player in row))
    first = min((r.number for r in rounds), default=1)
    return RoundNotes(
        _withdrawn_rows(model, group, order), absent,
        requested=any(out.why in REQUESTED_BYES for r in rounds for out in r.sitting_out),
        late=any(p.entered_round > first for p in model.players_of(group)),
        double_game=any(b.result is not None and b.result.double and not b.result.forfeit
                        for r in rounds for b in r.boards),
        lots=any(b.result is not None and b.result.lots is not None
                 for r in rounds for b in r.boards))


def _withdrawn_rows(model: ExportModel, group: str, order: list[int]
                    ) -> tuple[tuple[int, int, int], ...]:
    """The rows marked 退赛 (row index, first round marked, what such a round gave: the
    points its round's list gave, else an absence's)."""
    rounds = model.rounds_of(group)
    seated = {r.number: {p for b in r.boards for p in (b.first, b.second) if p is not None}
              for r in rounds}
    given = {(r.number, out.player): out.points for r in rounds for out in r.sitting_out}
    absent_points = model.group(group).points.points(Outcome.ABSENT)
    rows = []
    for k, pid in enumerate(order):
        start = model.player(pid).withdrawn_from
        if start is None:
            continue
        marked = [r.number for r in rounds if r.number >= start and pid not in seated[r.number]]
        if marked:
            points = given.get((marked[0], pid))
            rows.append((k, marked[0], absent_points if points is None else points))
    return tuple(rows)


def _grid_legend(model: ExportModel, group: str) -> str:
    """A round robin's legend: how to read the grid, then what it holds besides points
    (games not played, withdrawn players' rows, the rest rounds: `wording.round_robin_legend`)."""
    from app.pairing.roundrobin import REST_OUTCOME

    order = crosstable_order(model, group)
    rounds = model.rounds_of(group)
    rest = model.group(group).points.points(REST_OUTCOME)
    notes = GridNotes(
        forfeits=any(b.result is not None and b.result.forfeit for r in rounds for b in r.boards),
        withdrawn=tuple((k, start) for k, pid in enumerate(order)
                        if (start := model.player(pid).withdrawn_from) is not None),
        rests=tuple((r.number, order.index(b.first), rest) for r in rounds for b in r.boards
                    if b.second is None and b.first in order))
    names = [model.player(pid).name for pid in order]
    extra = "".join(f"{line}；" for line in wording.round_robin_legend(
        notes, names, model.group(group).scale))
    return (f"横行为本人，纵列为对手{REFERENCE}（本表行号，按名次排列）；格内为对该对手所得"
            f"积分；{extra}×为本人。")
