"""No choice, button, box or label of a view cuts its words, in Chinese or in English, at the
window's size: a combo sized by the words it showed first (Chinese) cut the longer English
ones (Any gend…, Mini round r…, match points (won 2, dr…) in the setup form."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QPushButton,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)

from tests.ui.helpers import open_demo

PADDING = {QPushButton: 10, QCheckBox: 24}  # a button's frame, a box's square


def cut_text(widget: QWidget) -> str | None:
    """The text `widget` shows cut (wider than the room it has), or None."""
    metrics = widget.fontMetrics()
    if isinstance(widget, QComboBox):
        option = QStyleOptionComboBox()
        widget.initStyleOption(option)
        room = widget.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option,
            QStyle.SubControl.SC_ComboBoxEditField, widget).width()
        text = widget.currentText()
        return text if metrics.horizontalAdvance(text) > room + 1 else None
    if isinstance(widget, (QPushButton, QCheckBox)):
        text = widget.text().replace("&", "")
        pad = PADDING[type(widget)] if type(widget) in PADDING else 10
        return text if text and metrics.horizontalAdvance(text) + pad > widget.width() else None
    if isinstance(widget, QLabel) and not widget.wordWrap():
        text = widget.text()
        if not text or "<" in text or "\n" in text:  # rich text and lines are laid out apart
            return None
        return text if metrics.horizontalAdvance(text) > widget.width() + 1 else None
    return None


@pytest.mark.parametrize("preset", ["qiwang-2022", "tuanti-2026", "huazhi-2021"])
def test_no_view_cuts_its_words_in_either_language(  # type: ignore[no-untyped-def]
        window, tmp_path: Path, preset: str):
    open_demo(window, tmp_path, preset)
    cut: list[str] = []
    for language in ("zh", "en"):
        window.set_language(language)
        for index in range(window.tabs.count()):
            window.tabs.setCurrentIndex(index)
            QApplication.processEvents()  # laid out for the words of the language
            page = window.tabs.widget(index)
            widgets = [w for kind in (QComboBox, QPushButton, QLabel, QCheckBox)
                       for w in page.findChildren(kind)]
            cut += [f"{language} {window.tabs.tabText(index)}: {w.objectName() or type(w).__name__}"
                    f" {text!r}" for w in widgets if w.isVisible() and (text := cut_text(w))]
    window.set_language("zh")
    assert not cut, cut
