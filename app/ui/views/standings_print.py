"""The standings view's printing: the page on screen (a ranking, the crosstable, the bracket)
printed with a preview or saved as a PDF, the award list (奖励名单) of the ranking shown, the
window's Print menu for the group's lists, and why a list cannot be printed now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from app import wording
from app.services.ranking_lists import MAIN_RANKING, RankingKind, award_lines
from app.ui.i18n import language, tr

if TYPE_CHECKING:
    from app.ui.views.standings import StandingsView

PRINTABLE = ("standings", "crosstable", "bracket", "team_standings", "award_list")
"""The lists of a group the window's Print menu prints from the standings view."""


class StandingsPrinting:
    """The print and PDF buttons of the standings view and what they print."""

    def __init__(self, view: StandingsView) -> None:
        self.view = view
        self.print_button = QPushButton()
        self.print_button.setObjectName("print_standings")
        self.print_button.clicked.connect(lambda: self.print_standings())
        self.pdf_button = QPushButton()
        self.pdf_button.setObjectName("pdf_standings")
        self.pdf_button.clicked.connect(lambda: self.print_standings(pdf=True))
        self.award_print_button = QPushButton()
        self.award_print_button.setObjectName("print_award_list")
        self.award_print_button.clicked.connect(lambda: self.print_award_list())
        self.award_pdf_button = QPushButton()
        self.award_pdf_button.setObjectName("pdf_award_list")
        self.award_pdf_button.clicked.connect(lambda: self.print_award_list(pdf=True))

    def _folder(self, pdf: bool) -> str | None:
        return self.view.main.event_folder() if pdf else None

    def print_standings(self, pdf: bool = False) -> bool:
        """The list on screen printed with a preview, or saved as a PDF in the event's
        folder: the standings (or a sub-ranking, or the team standings), or the crosstable."""
        from app.ui.printing import print_painting, print_table

        view = self.view
        group = view.selected_group() or ""
        folder = self._folder(pdf)
        if view.pages.currentWidget() is view.bracket_area:
            if not view.bracket.printable():
                return False
            return print_painting(view, tr("print_bracket_title", group=group),
                                  view.bracket.paint_on_paper, pdf_folder=folder)
        if view.pages.currentWidget() is view.crosstable:
            model = view.crosstable.model
            if model.info is None:
                return False
            headers = [str(model.headerData(c, Qt.Orientation.Horizontal) or "")
                       for c in range(model.columnCount())]
            names = [str(model.headerData(r, Qt.Orientation.Vertical) or "")
                     for r in range(model.rowCount())]
            rows = [[name, *row] for name, row in zip(names, view.crosstable.texts(),
                                                      strict=True)]
            return print_table(view, tr("print_crosstable_title", group=group),
                               [tr("col_name"), *headers], rows, pdf_folder=folder)
        entry = view.current()
        if entry is None:
            return False
        title = tr("print_standings_title", group=group, ranking=view.which.currentText())
        final = getattr(entry[1], "final", True)
        if getattr(entry[1], "qualifying_round", False):  # the 复赛: its 出线名单
            title = tr("cross_group_title", group=group)
        if not final:
            title += " " + tr("standings_provisional")
        table = view.table
        headers = [item.text() if (item := table.horizontalHeaderItem(c)) else ""
                   for c in range(table.columnCount())]
        return print_table(view, title, headers, view.standings_texts(), pdf_folder=folder)

    def award_rows(self) -> list[list[str]]:
        """The award list of the ranking shown, worded: place, name, unit, prize and grade
        title of each row the standings service awards something."""
        entry = self.view.current()
        key = self.view.current_key()
        if entry is None or key is None:
            return []
        lang = language()
        return [[wording.place_text(line.place, line.shared, "-"), line.name, line.unit,
                 wording.prize_text(line.award, lang), line.title]
                for line in award_lines(key, entry[1])]

    def print_award_list(self, pdf: bool = False) -> bool:
        """The award list of the ranking shown, printed with a preview or saved as a PDF."""
        from app.ui.printing import print_table

        view = self.view
        rows = self.award_rows()
        if not rows:
            return False
        title = tr("print_award_list_title", group=view.selected_group() or "",
                   ranking=view.which.currentText())
        entry = view.current()
        if entry is not None and not getattr(entry[1], "final", True):
            title += " " + tr("standings_provisional")
        headers = [tr("standings_rank"), tr("col_team") if view.shows_teams() else
                   tr("col_name"), tr("col_unit"), tr("standings_prize"),
                   tr("standings_title_apply")]
        if not any(row[4] for row in rows):  # no grade title in this ranking (huazhi 九(二))
            headers, rows = headers[:4], [row[:4] for row in rows]
        return print_table(view, title, headers, rows, pdf_folder=self._folder(pdf))

    def _team_code(self) -> str | None:
        """The team ranking the menu prints: a team group's own standings, else the declared
        team ranking shown, else the first one."""
        view = self.view
        system = view.system()
        if system is not None and system.team:
            return MAIN_RANKING.code
        key = view.current_key()
        if key is not None and key.team:
            return key.code
        return next((k.code for k, _info in view.rankings if k.kind is RankingKind.TEAM), None)

    def print_refusals(self) -> dict[str, str | None]:
        """For each list of the group shown (PRINTABLE), why it cannot be printed now (None:
        it can)."""
        view = self.view
        if view.selected_group() is None:
            return dict.fromkeys(PRINTABLE, tr("rounds_no_group"))
        system = view.system()
        team = system is not None and system.team
        main = next((info for key, info in view.rankings if key == MAIN_RANKING), None)
        empty = tr("print_no_players_tip") if main is None or not main.rows else None
        if system is not None and system.bracket:
            view.load_bracket()
            bracket = None if view.bracket.printable() else tr("print_no_bracket_tip")
        else:
            bracket = tr("print_not_knockout_tip")
        awards = None if self.award_rows() else tr("print_award_list_none_tip")
        return {
            "standings": empty,
            "crosstable": tr("print_team_no_crosstable_tip") if team else empty,
            "bracket": bracket,
            "team_standings": (empty if team else None) if self._team_code() is not None
            else tr("print_no_team_ranking_tip"),
            "award_list": awards,
        }

    def print_list(self, name: str, pdf: bool = False) -> bool:
        """The menu's print of one list (PRINTABLE) of the group shown: its page (and
        ranking) is brought up, then printed by the same code as the view's own buttons."""
        view = self.view
        if self.print_refusals().get(name) is not None:
            return False
        if name == "crosstable":
            view.show_crosstable()
        elif name == "bracket":
            view.show_bracket()
        else:
            view.pages.setCurrentIndex(0)
            code = self._team_code() if name == "team_standings" else (
                MAIN_RANKING.code if name == "standings" and view.is_team() else None)
            if code is not None:
                view.which.setCurrentIndex(view.which.findData(code))
        return self.print_award_list(pdf) if name == "award_list" else self.print_standings(pdf)

    def update_buttons(self) -> None:
        """Print and PDF only when the page shown has something to print; the tooltip
        says why not."""
        view = self.view
        page = view.pages.currentWidget()
        if page is view.bracket_area:
            why = "" if view.bracket.printable() else "print_no_bracket_tip"
        elif page is view.crosstable:
            why = "" if view.crosstable.model.info is not None else "print_no_crosstable_tip"
        else:
            why = "" if view.current() is not None and view.table.rowCount() else \
                "print_no_standings_tip"
        for button, key in ((self.print_button, "print_tip"), (self.pdf_button, "save_pdf_tip")):
            button.setEnabled(not why)
            button.setToolTip(tr(why or key))
        awards_why = "" if page is view.table and self.award_rows() else (
            "print_award_list_page_tip" if page is not view.table
            else "print_award_list_none_tip")
        self.award_print_button.setVisible(page is view.table)
        self.award_pdf_button.setVisible(page is view.table)
        for button, key in ((self.award_print_button, "print_award_list_tip"),
                            (self.award_pdf_button, "pdf_award_list_tip")):
            button.setEnabled(not awards_why)
            button.setToolTip(tr(awards_why or key))

    def retranslate(self) -> None:
        self.print_button.setText(tr("print"))
        self.pdf_button.setText(tr("save_pdf"))
        self.award_print_button.setText(tr("print_award_list"))
        self.award_pdf_button.setText(tr("pdf_award_list"))
        self.update_buttons()
