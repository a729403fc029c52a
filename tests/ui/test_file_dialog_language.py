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


def test_the_file_dialog_s_labels_are_chinese_though_qt_s_catalogue_lacks_them(window, qtbot):
    """Qt 6 asks for "&Look in:" and "Files of &type:"; its Chinese catalogue has only the
    older strings, and the program supplies the newer ones."""
    from PySide6.QtWidgets import QLabel

    dialog = QFileDialog(window, "导入名单", str(DATA), "名单 (*.csv *.xlsx)")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    qtbot.addWidget(dialog)
    dialog.show()
    labels = {label.objectName(): label.text() for label in dialog.findChildren(QLabel)}
    assert labels["lookInLabel"].startswith("查找范围"), labels
    assert labels["fileTypeLabel"].startswith("文件类型"), labels
    assert labels["fileNameLabel"].startswith("文件名"), labels
    window.set_language("en")
    try:
        english = QFileDialog(window, "Import", str(DATA), "Lists (*.csv *.xlsx)")
        english.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        qtbot.addWidget(english)
        english.show()
        labels = {label.objectName(): label.text() for label in english.findChildren(QLabel)}
        assert labels["lookInLabel"] == "&Look in:"
    finally:
        window.set_language("zh")
