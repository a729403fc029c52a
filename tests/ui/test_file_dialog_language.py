"""Qt's own file dialog speaks the program's language: its buttons by Qt's catalogue, each
file's type by the locale the program sets."""

from __future__ import annotations

from PySide6.QtCore import QLocale, QMimeDatabase
from PySide6.QtWidgets import QAbstractButton, QFileDialog

from tests.ui.helpers import CJK, DATA, screenshot


def csv_type() -> str:
    """How the file dialog's type column names a CSV file under the current locale."""
    found = QMimeDatabase().mimeTypeForFile("list.csv", QMimeDatabase.MatchMode.MatchExtension)
    return found.comment()


def test_the_open_file_dialog_names_file_types_in_the_language_chosen(window, qtbot):
    assert QLocale().language() is QLocale.Language.Chinese
    assert CJK.search(csv_type()), csv_type()
    dialog = QFileDialog(window, "导入名单", str(DATA), "名单 (*.csv *.xlsx)")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    qtbot.addWidget(dialog)
    dialog.resize(820, 480)
    dialog.show()
    buttons = [b.toolTip() or b.text() for b in dialog.findChildren(QAbstractButton)]
    assert "后退" in buttons and "取消" in buttons  # Qt's own catalogue (qtbase_zh_CN)
    screenshot(dialog, "file-dialog/zh")
    window.set_language("en")
    assert QLocale().language() is QLocale.Language.English
    assert not CJK.search(csv_type()), csv_type()
