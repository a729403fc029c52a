"""A Team Swiss group's team crosstable (团体交叉表) on a page of the standings view: teams in
standings order x rounds, each cell the opponent's row, the side (先 = named first), the
match result and the game points, as the papers and the venue pages word them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QTableWidget, QVBoxLayout, QWidget

from app import wording
from app.errors import NoAnswer, UserError
from app.pairing.team_swiss import PrimaryScore
from app.ui import common
from app.ui.i18n import language, tr

if TYPE_CHECKING:
    from app.services.event import Event
    from app.services.team_crosstable import TeamCrosstable


def crosstable_rows(table: TeamCrosstable, lang: str) -> tuple[list[str], list[list[str]]]:
    """The headers and the rows of the grid, in the language shown."""
    headers = [tr("ct_team_row"), tr("standings_rank"), tr("col_team"),
               *(tr("ct_team_round", n=k) for k in range(1, table.rounds + 1)),
               wording.points_header(PrimaryScore.MATCH, lang),
               wording.points_header(PrimaryScore.GAME, lang)]
    rows = []
    for row in table.rows:
        mark = wording.withdrawn_text(row.team.withdrawn_from, lang)
        cells = wording.team_cross_cells(row.cells, row.team.withdrawn_from, table.rounds, lang)
        rows.append([str(row.row), wording.place_text(row.place, row.shared),
                     f"{row.team.name}（{mark}）" if mark else row.team.name,
                     *cells, str(row.match_points), str(row.game_points)])
    return headers, rows


class TeamCrosstablePage(QWidget):
    """The grid, and under it what a cell says."""

    def __init__(self, main: object) -> None:
        super().__init__()
        self.main = main
        self.table = QTableWidget()
        self.table.setObjectName("team_crosstable")
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.legend)

    def load(self, event: Event, group: str | None) -> None:
        from app.services.team_crosstable import crosstable_view

        lang = language()
        self.legend.setText(wording.team_cross_legend(lang))
        if group is None:
            common.fill_table(self.table, [], [])
            return
        try:
            headers, rows = crosstable_rows(crosstable_view(event, group), lang)
        except (UserError, NoAnswer) as error:
            self.main.show_error(error)  # type: ignore[attr-defined]
            return
        common.fill_table(self.table, headers, rows)
        self.table.resizeColumnsToContents()

    def texts(self) -> list[list[str]]:
        return common.table_texts(self.table)
