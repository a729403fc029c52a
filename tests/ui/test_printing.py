"""Print and save as PDF from the view the arbiter looks at: the pairing list, the
standings and the crosstable, each with its title and every row shown."""

from __future__ import annotations

import subprocess

from app.ui import common, printing
from tests.ui.helpers import GROUP, import_two_lists, set_up_event


def test_pairings_standings_and_crosstable_print_and_save_as_pdf(window, qtbot, tmp_path,
                                                                   monkeypatch) -> None:
    set_up_event(window, tmp_path)
    import_two_lists(window, qtbot).write()
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    assert rounds.pair_next() is not None
    previewed: list[str] = []
    monkeypatch.setattr(printing, "show_preview",
                        lambda _parent, document: previewed.append(document.toPlainText())
                        or True)
    asked: list[str] = []

    def save_at(_parent, _title, start, _filters):  # type: ignore[no-untyped-def]
        asked.append(start)
        return tmp_path / f"list-{len(asked)}.pdf"

    monkeypatch.setattr(common, "ask_save_path", save_at)
    window.act_print_round.trigger()  # the Round menu's print: a preview of the list
    assert previewed and f"{GROUP} 第1轮对阵表" in previewed[0]
    first = rounds.board_texts()[0][1]
    assert first in previewed[0]
    rounds.pdf_button.click()
    assert asked[0].startswith(str(tmp_path))  # the dialog opens in the event's folder
    text = subprocess.run(["pdftotext", str(tmp_path / "list-1.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert first.split(". ")[1] in text
    standings = window.standings_view
    window.tabs.setCurrentWidget(standings)
    standings.print_button.click()
    assert "名次" in previewed[-1] or "Place" in previewed[-1]
    standings.pages.setCurrentIndex(1)
    standings.pdf_button.click()
    assert (tmp_path / "list-2.pdf").stat().st_size > 1000


def test_the_print_previews_open_and_close_without_crashing(qtbot) -> None:
    """The real preview dialogs, a list's and a drawing's: each shows its pages and closes
    (the dialog does not own its printer, which must outlive it)."""
    from PySide6.QtCore import QSizeF, QTimer
    from PySide6.QtPrintSupport import QPrintPreviewDialog, QPrintPreviewWidget
    from PySide6.QtWidgets import QApplication, QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    seen: list[int] = []

    def close_when_up() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QPrintPreviewDialog):
            QTimer.singleShot(20, close_when_up)
            return
        seen.append(dialog.findChild(QPrintPreviewWidget).pageCount())
        dialog.reject()

    QTimer.singleShot(20, close_when_up)
    document = printing.table_document("公开组 第1轮对阵表", ["台次", "先手"], [["1", "张三"]])
    assert printing.show_preview(parent, document) is False  # closed without printing
    QTimer.singleShot(20, close_when_up)

    def painting(painter, size: QSizeF) -> None:  # type: ignore[no-untyped-def]
        painter.drawText(10, 20, "对阵图")

    assert printing.show_page_preview(
        parent, lambda printer: printing.paint_page(printer, "对阵图", painting)) is False
    assert seen == [1, 1]  # each preview showed its page


def test_a_crosstable_is_printed_on_a_landscape_page_with_names_unbroken(qtbot, tmp_path):
    """A column per round: the page turns landscape and no cell is split over two lines."""
    rounds = [f"第{n}轮" for n in range(1, 10)]
    headers = ["姓名", "单位", *rounds, "积分", "名次"]
    rows = [[f"袁华伟{k}", "北京五子棋协会", *["22白不战胜"] * 9, "10", str(k)]
            for k in range(1, 27)]
    path = printing.write_pdf(printing.table_document("公开组 交叉表", headers, rows),
                              tmp_path / "crosstable.pdf")
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                          check=True).stdout
    assert "842 x 595" in info  # A4 landscape
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert all(f"袁华伟{k}" in text for k in range(1, 27)) and "北京五子棋协会" in text
    narrow = printing.table_document("对阵表", headers[:8], [row[:8] for row in rows])
    portrait = subprocess.run(["pdfinfo", str(printing.write_pdf(narrow, tmp_path / "p.pdf"))],
                              capture_output=True, text=True, check=True).stdout
    assert "595 x 842" in portrait
