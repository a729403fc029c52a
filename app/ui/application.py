"""Start the desktop program: the Qt application, the shipped CJK fonts, the main window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

FONT_DIR = Path(__file__).resolve().parents[2] / "resources" / "fonts"
UI_FAMILY = "WenQuanYi Micro Hei"
ORGANISATION = "GomokuArbiter"
APPLICATION = "GomokuArbiter"


def load_fonts(font_dir: Path = FONT_DIR) -> list[str]:
    """Register every font shipped in resources/fonts with Qt; return the families found.

    The program brings its own Chinese fonts (WenQuanYi Micro Hei for the UI, LXGW WenKai
    for certificates) so that Chinese renders on a machine without system CJK fonts.
    """
    families: list[str] = []
    for path in sorted(font_dir.glob("*")):
        if path.suffix.lower() not in (".ttf", ".ttc", ".otf"):
            continue
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id >= 0:
            families.extend(QFontDatabase.applicationFontFamilies(font_id))
    return families


def ui_font(point_size: float = 10.0) -> QFont:
    """The application font: the shipped CJK sans serif."""
    font = QFont(UI_FAMILY)
    font.setPointSizeF(point_size)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    return font


_qt_translator: list[QTranslator] = []
_hooked: list[bool] = []


def apply_qt_translation(code: str) -> bool:
    """Qt's own texts (standard buttons, file dialogs) in Chinese when the program is."""
    app = QCoreApplication.instance()
    if app is None:
        return False
    for translator in _qt_translator:
        app.removeTranslator(translator)
    _qt_translator.clear()
    if code != "zh":
        return False
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    translator = QTranslator(app)
    for name in ("qtbase_zh_CN", "qt_zh_CN"):
        if translator.load(name, folder):
            app.installTranslator(translator)
            _qt_translator.append(translator)
            return True
    return False


def prepare_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication (created once), with names for QSettings and the shipped font set."""
    app = QApplication.instance()
    if app is None:
        app = QApplication([sys.argv[0] if sys.argv else "gomoku-arbiter", *(argv or [])])
    if not QCoreApplication.organizationName():
        QCoreApplication.setOrganizationName(ORGANISATION)
    if not QCoreApplication.applicationName():
        QCoreApplication.setApplicationName(APPLICATION)
    from app.ui.i18n import language, notifier

    if not _hooked:
        _hooked.append(True)
        apply_qt_translation(language())
        notifier().changed.connect(apply_qt_translation)
    from app.ui.icons import app_icon

    app.setWindowIcon(app_icon())
    families = load_fonts()
    if UI_FAMILY in families:
        app.setFont(ui_font(app.font().pointSizeF() if app.font().pointSizeF() > 0 else 10.0))
    return app  # type: ignore[return-value]


def create_window(argv: list[str], settings: object = None) -> object:
    """The main window, showing the event file named in `argv` or the start page."""
    from app.ui.main_window import MainWindow

    window = MainWindow(settings)  # type: ignore[arg-type]
    paths = [a for a in argv if not a.startswith("-")]
    if paths:
        window.open_event(Path(paths[0]))
    window.show()
    return window


def report_unexpected(window: object) -> None:
    """A fault of the program itself (not the user's) is printed in full and named in the
    status line; the window stays open (a change interrupted by it is rolled back whole:
    each change is one transaction)."""
    import traceback

    from app.errors import UserError

    def hook(kind: type[BaseException], error: BaseException, trace: object) -> None:
        traceback.print_exception(kind, error, trace)  # type: ignore[arg-type]
        show = getattr(window, "show_error", None)
        if show is not None:
            show(UserError(f"程序内部错误：{error}（详情见终端输出）",
                           f"internal error: {error} (details on the terminal)"))

    sys.excepthook = hook


def run(argv: list[str]) -> int:
    """`python main.py [event-file]`: open the start page, or the event file given."""
    app = prepare_application()
    window = create_window(argv)
    report_unexpected(window)
    code = app.exec()
    del window
    return code
