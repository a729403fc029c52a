"""The board view's choices (规则, 开局方式, 五手N打) show their whole text at the window's
size, in Chinese and in English: set side by side in the narrow panel they were cut to
专业规则（禁手 and 指定开局（三手."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QComboBox, QSpinBox, QStyle, QStyleOptionComboBox

from tests.ui.helpers import open_demo, screenshot


def _cut(combo: QComboBox) -> list[str]:
    """The items of `combo` whose text is wider than the room the combo gives it."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    room = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                        QStyle.SubControl.SC_ComboBoxEditField, combo).width()
    metrics = combo.fontMetrics()
    return [combo.itemText(i) for i in range(combo.count())
            if metrics.horizontalAdvance(combo.itemText(i)) > room]


def _spin_cut(spin: QSpinBox) -> bool:
    text = spin.specialValueText() or spin.text()
    return spin.fontMetrics().horizontalAdvance(text) > spin.lineEdit().width()


def test_the_rule_and_opening_choices_are_not_cut(window, tmp_path):  # type: ignore[no-untyped-def]
    open_demo(window, tmp_path, "qiwang-2022")
    view = window.board_view
    window.tabs.setCurrentWidget(view)
    for language in ("zh", "en"):
        window.set_language(language)
        window.tabs.setCurrentWidget(view)
        QApplication.processEvents()  # laid out again for the new words
        for combo in (view.rules, view.protocol_panel.protocol):
            assert not _cut(combo), (language, _cut(combo))
        view.offers.setValue(0)  # its longest text: 由假先方申明 / declared by black
        assert not _spin_cut(view.offers), (language, view.offers.text())
        screenshot(window, f"board-choices-{language}")
    window.set_language("zh")
