"""The standings view's table filled from a typed ranking: a players' ranking (with its
shared places and ties to play off shaded) or a team ranking; and a playoff's games as text.
Everything here only words what the standings service decided."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QTableWidget

from app import wording
from app.pairing.system import System
from app.standings.ranking import PlayoffState
from app.ui import common
from app.ui.common import cell
from app.ui.i18n import language, names_text, pick, tr
from app.ui.texts import PLAYOFF_STAGE_ENGLISH
from app.wording import TIEBREAK_ENGLISH

SHARED_COLOUR = "#fff3cd"
NEED_COLOUR = "#f8d7da"


def tiebreak_header(key: str, label: str) -> str:
    """A tie-break column: the group's own name in Chinese (小分 ...); in English the
    tie-break's English name, with the group's Chinese name where it has its own."""
    english = TIEBREAK_ENGLISH.get(key, key)
    return pick(label, english)


def name_cell(player: Any, lang: str) -> str:
    """A ranking line's name, with the withdrawal mark (第5轮起退赛) of a withdrawn player."""
    mark = wording.withdrawn_text(getattr(player, "withdrawn_from", None), lang)
    return f"{player.name}（{mark}）" if mark else player.name


def points_header(info: Any, bracket: bool, lang: str) -> str:
    """The points column: 场分 or 局分 for a Team Swiss (its primary score), matches won for a
    bracket, else the group's points (积分)."""
    primary = getattr(info, "primary", None)
    if primary is not None:
        return wording.points_header(primary, lang)
    return tr("standings_matches_won" if bracket else "standings_points")


def worded_numbers() -> Callable[[Any], str]:
    """`wording.number_text`, each value worded once (a ranking's points and tie-breaks
    repeat a few dozen values over its rows)."""
    known: dict[tuple[type, Any], str] = {}

    def text(value: Any) -> str:
        key = (type(value), value)
        found = known.get(key)
        if found is None:
            found = known[key] = wording.number_text(value)
        return found

    return text


@dataclass(frozen=True)
class _Columns:
    """Which of a ranking's optional columns the table shows."""

    sub: bool  # a sub-ranking: the open place beside its own
    playoff: bool  # players: the playoff mark (需加赛, 加赛)
    titles: bool  # the grade title to apply for
    notes: bool  # teams: how a place was decided (抽签决定名次, 待抽签), teams playing none


def _columns_of(info: Any, system: System | None, lang: str) -> _Columns:
    # Teams ranked by matches (a bracket, a Team Swiss: C.07 shares a tie) are played off and
    # given grade titles by no regulation: no such columns unless a title was given.
    bracket = system is not None and system.bracket
    teams_ranked = bracket or getattr(info, "primary", None) is not None
    return _Columns(
        sub=bool(getattr(info, "sub", False)), playoff=not teams_ranked,
        titles=not teams_ranked or any(wording.title_text(row.award) for row in info.rows),
        notes=teams_ranked and any(_note(row, lang) for row in info.rows))


def _note(row: Any, lang: str) -> str:
    """A team ranking line's 备注: how its place was decided (抽签决定名次), after a knockout's
    matches decided by lots on the way to it (第1轮抽签负)."""
    return wording.place_decision_text(row.award, row.lots_path, lang)


def _line(row: Any, shown: _Columns, number: Callable[[Any], str], lang: str) -> list[str]:
    """One ranking line's cells, in the order of `fill_standings`' headers."""
    return [wording.place_text(row.place, row.shared), name_cell(row.player, lang),
            row.player.unit, number(row.points), *map(number, row.tiebreaks),
            *([wording.place_text(row.open_place, row.open_shared)] if shown.sub else []),
            *([wording.playoff_text(row.playoff, lang)] if shown.playoff else []),
            wording.prize_text(row.award, lang),
            *([wording.title_text(row.award)] if shown.titles else []),
            *([_note(row, lang)] if shown.notes else [])]


def _mark_header(info: Any) -> str:
    """The tie marks' column, named by what it shows: 加赛 (需加赛, placed by a playoff), 抽签
    where only lots placed players, both where both did: a place drawn by lots is never
    headed as a playoff alone."""
    states = {row.playoff for row in info.rows}
    if PlayoffState.LOTS not in states:
        return tr("standings_playoff")
    others = states & {PlayoffState.NEEDED, PlayoffState.PLAYED}
    return tr("standings_playoff_or_lots") if others else tr("standings_lots_mark")


def fill_standings(table: QTableWidget, info: Any, system: System | None) -> None:
    """A players' ranking (or a team group's own standings) in `table`."""
    lang = language()
    shown = _columns_of(info, system, lang)
    # A knockout ranks by its bracket (places decided by matches won, huazhi 六、(三)5).
    points = points_header(info, system is not None and system.bracket, lang)
    headers = [tr("standings_rank"),
               tr("col_team") if system is not None and system.team else tr("col_name"),
               tr("col_unit"), points,
               *[tiebreak_header(key, label) for key, label in info.columns],
               *([tr("standings_open_place")] if shown.sub else []),
               *([_mark_header(info)] if shown.playoff else []), tr("standings_prize"),
               *([tr("standings_title_apply")] if shown.titles else []),
               *([tr("col_note")] if shown.notes else [])]
    number = worded_numbers()
    rows = [_line(row, shown, number, lang) for row in info.rows]
    common.fill_table(table, headers, rows, [row.player.id for row in info.rows])
    shared = QBrush(QColor(SHARED_COLOUR))
    need = QBrush(QColor(NEED_COLOUR))
    for r, row in enumerate(info.rows):
        waits = row.playoff is PlayoffState.NEEDED or (row.award is not None
                                                        and row.award.waiting)
        brush = need if waits else (shared if row.shared else None)
        if brush is not None:
            for c in range(table.columnCount()):
                cell(table, r, c).setBackground(brush)
        cell(table, r, 0).setTextAlignment(Qt.AlignmentFlag.AlignCenter)
    if shown.sub:
        column = headers.index(tr("standings_open_place"))
        item = table.horizontalHeaderItem(column)
        if item is not None:
            item.setToolTip(tr("standings_open_place_tip"))


def fill_team_standings(table: QTableWidget, info: Any) -> None:
    """A team ranking; a unit without a complete team shows no figure (its total and
    criteria are empty, never 0) and lists its members; a tie to settle by lots or a
    playoff says why."""
    lang = language()
    reasons = any(row.why is not None for row in info.rows)
    headers = [tr("standings_rank"), tr("col_team"),
               wording.team_total_label(info.method, lang),
               *[wording.team_criterion(key, label, lang) for key, label in info.columns],
               tr("col_members"), tr("standings_prize"), tr("col_note"),
               *([tr("standings_team_reason")] if reasons else [])]
    rows = [[wording.place_text(row.place, row.shared, "-"), row.team,
             wording.number_text(row.total) if row.total is not None else "",
             *(map(wording.number_text, row.values) if row.place is not None
               else ["" for _ in row.values]),
             names_text(row.members), wording.prize_text(row.award, lang),
             wording.team_row_note(row.note, row.award, lang),
             *([wording.reason_text(row.why, lang) if row.why else ""] if reasons else [])]
            for row in info.rows]
    common.fill_table(table, headers, rows)
    need = QBrush(QColor(NEED_COLOUR))
    for r, row in enumerate(info.rows):
        if row.why is not None:
            for c in range(table.columnCount()):
                cell(table, r, c).setBackground(need)


def fill_cross_group(table: QTableWidget, outcome: Any) -> None:
    """The cross-group round (复赛), which ranks nobody: each match, the teams with their
    lists' places, the score, and who goes on (出线) — the command line's `standings`."""
    lang = language()
    headers = [tr("cross_group_match"), tr("cross_group_first"), tr("cross_group_score"),
               tr("cross_group_second"), tr("cross_group_qualified")]
    rows = []
    for m in outcome.matches:
        score = tr("cross_group_to_play")
        if m.score is not None:
            score = wording.match_score_text(m.score, lang, (m.first.name, m.second.name))
            if m.score.waits_for_playoff:
                score += f" {wording.match_waiting_text(lang)}"
        rows.append([tr("bracket_match", number=m.number),
                     wording.cross_group_entrant_text(m.first.name, m.first.source,
                                                      m.first.rank, lang), score,
                     wording.cross_group_entrant_text(m.second.name, m.second.source,
                                                      m.second.rank, lang),
                     m.qualified.name if m.qualified else tr("cross_group_open")])
    common.fill_table(table, headers, rows)


def playoff_text(info: Any) -> str:
    """A playoff's games (played and to play) and its order once decided."""
    lines = [tr("playoff_item", place=info.place,
                players=names_text(p.name for p in info.players), state="")]
    for game in info.games:
        mark = (wording.game_result_text(game.result, language()) if game.result else "") or (
            "→ " + tr("playoff_next") if game is info.next_game else "")
        stage = pick(game.stage, PLAYOFF_STAGE_ENGLISH.get(game.stage, game.stage))
        lines.append(f"{game.index}. {stage}  {game.black.name} — {game.white.name}  "
                     f"{game.time_control}  {mark}")
    if info.order:
        lines.append(tr("playoff_decided", order=" > ".join(p.name for p in info.order)))
    return "\n".join(lines)
