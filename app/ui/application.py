"""Start the desktop program: the Qt application, the shipped CJK fonts, the main window."""

from __future__ import annotations

import sys
import tempfile
import time
import types
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QSettings,
    QTimer,
    QTranslator,
)
from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from app import collector

FONT_DIR = Path(__file__).resolve().parents[2] / "resources" / "fonts"
UI_FAMILY = "WenQuanYi Micro Hei"
ORGANISATION = "GomokuArbiter"
APPLICATION = "gomoku-arbiter"
DISPLAY_NAME = "五子棋赛事编排 Gomoku Arbiter"


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


class _NewerQtTexts(QTranslator):
    """Qt texts the shipped Chinese catalogue lacks: Qt 6 changed these source strings (an
    accelerator added) and `qtbase_zh_CN.qm` still holds only the older ones, so the file
    dialog showed "Look in:" and "Files of type:" in English."""

    CHINESE = {
        ("QFileDialog", "&Look in:"): "查找范围(&I)：",
        ("QFileDialog", "Files of &type:"): "文件类型(&T)：",
        ("QFileDialog", "File &name:"): "文件名称(&N)：",
    }

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:
        # None is Qt's null string, "not translated here": the next catalogue is asked.
        return self.CHINESE.get((context, source))

    def isEmpty(self) -> bool:  # noqa: N802 (Qt's name)
        return False
_hooked: list[bool] = []


def apply_qt_translation(code: str) -> bool:
    """Qt's own texts (standard buttons, file dialogs) in Chinese when the program is.

    The default locale follows too: the file dialog names each file's type by it ("CSV 文档",
    not "CSV document"), whatever language the computer itself is set to."""
    app = QCoreApplication.instance()
    if app is None:
        return False
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China) if code == "zh"
                       else QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
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
            newer = _NewerQtTexts(app)  # installed last: asked first
            app.installTranslator(newer)
            _qt_translator.append(newer)
            return True
    return False


def prepare_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication (created once), with names for QSettings and the shipped font set.

    The program's names are set always: Qt would otherwise take the application name from
    the script (`main.py` -> "main"), and the settings and data folders would be named so.
    """
    found = QApplication.instance()
    app = found if isinstance(found, QApplication) else QApplication([APPLICATION, *(argv or [])])
    QCoreApplication.setOrganizationName(ORGANISATION)
    QCoreApplication.setApplicationName(APPLICATION)
    QApplication.setApplicationDisplayName(DISPLAY_NAME)
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
    return app


def event_path(argv: list[str]) -> Path | None:
    """The event file named on the command line, if any."""
    paths = [a for a in argv if not a.startswith("-")]
    return Path(paths[0]) if paths else None


def create_window(argv: list[str], settings: object = None) -> object:
    """The main window, showing the event file named in `argv` or the start page."""
    from app.ui.main_window import MainWindow

    window = MainWindow(settings)  # type: ignore[arg-type]
    path = event_path(argv)
    if path is not None:
        window.open_event(path)
    window.show()
    return window


OPEN_WAIT_SECONDS = 2.0


def open_when_shown(window: QWidget, path: Path, opened: Callable[[], None] | None = None,
                    seconds: float = OPEN_WAIT_SECONDS) -> None:
    """Open the event file once the window is on the screen (or after `seconds`).

    The window shows at once which file it opens (its opening page); once it is on the
    screen, the database layer, the services and the event are loaded in a worker thread
    (app/ui/opening.py), seconds on a slow laptop, the window answering meanwhile. `opened`
    is called once the event is shown (or refused).
    """
    opening = window.opening  # type: ignore[attr-defined]
    opening.announce(path)
    waited = [0.0]
    step = 0.01

    def check() -> None:
        handle = window.windowHandle()
        if (handle is None or not handle.isExposed()) and waited[0] < seconds:
            waited[0] += step
            QTimer.singleShot(int(step * 1000), check)
            return
        # Started once on the screen: the worker's loading would slow the first painting.
        opening.start(path, lambda _opened: opened() if opened is not None else None)

    QTimer.singleShot(0, check)


def report_unexpected(window: object) -> None:
    """A fault of the program itself (not the user's) is printed in full and named in the
    status line; the window stays open (a change interrupted by it is rolled back whole:
    each change is one transaction)."""
    import traceback

    from app.errors import UserError

    def hook(kind: type[BaseException], error: BaseException,
             trace: types.TracebackType | None) -> None:
        traceback.print_exception(kind, error, trace)
        show = getattr(window, "show_error", None)
        if show is not None:
            show(UserError(f"程序内部错误：{error}（详情见终端输出）",
                           f"internal error: {error} (details on the terminal)"))

    sys.excepthook = hook


SELF_TEST = "--self-test-screenshot"
SELF_TEST_SECONDS = 30


def self_test(window: QWidget, path: Path, seconds: float = SELF_TEST_SECONDS,
              done: Callable[[int], None] = QCoreApplication.exit,
              ready: Callable[[], bool] = lambda: True) -> None:
    """Once the window is on the screen (exposed by the window system) and `ready()` (the
    event named on the command line opened), save a picture of it to `path` and quit with 0;
    quit with 1 when it has not appeared within `seconds`. The process's CPU time when the
    window was first on the screen, and when the picture was taken, is printed, and the
    longest time it went without answering (a check every 10 ms) from being shown on.

    This is the start-up check of `.ci/run`: the real window on Qt's normal platform.
    """
    waited = [0.0]
    shown: list[float] = []
    ticks = [0.0, 0.0]  # the last check, the longest time between two checks since shown
    step = 0.01

    def check() -> None:
        handle = window.windowHandle()
        exposed = handle is not None and handle.isExposed()
        now = time.perf_counter()
        if shown:
            ticks[1] = max(ticks[1], now - ticks[0])
        ticks[0] = now
        if exposed and not shown:
            shown.append(time.process_time())
        if exposed and ready():
            QApplication.processEvents()
            saved = window.grab().save(str(path))
            print(f"window up on platform {QGuiApplication.platformName()}: "
                  f"{window.width()}x{window.height()}, picture {path}", flush=True)
            print(f"CPU: shown at {shown[0]:.2f} s, complete at {time.process_time():.2f} s;"
                  f" the longest the window went without answering since shown:"
                  f" {ticks[1] * 1000:.0f} ms", flush=True)
            window.close()
            done(0 if saved else 1)
            return
        waited[0] += step
        if waited[0] >= seconds:
            print(f"the window did not appear within {seconds:g} s", file=sys.stderr, flush=True)
            done(1)
            return
        QTimer.singleShot(int(step * 1000), check)

    QTimer.singleShot(0, check)


START_UP_LIMIT_MS = 60_000
"""The collector comes back this long after the start at the latest (an opening that never
says it is done, say)."""


def start_up_done() -> None:
    """The program is up, with the event it was given open (or refused): the collector runs
    again, leaving out what its start made (Qt's and our modules, SQLAlchemy's tables and
    mappers, the pinyin dictionary: `app.collector`)."""
    collector.release()


def run(argv: list[str], *, program: bool = False) -> int:
    """`python main.py [event-file]`: open the start page, or the event file given.

    `--self-test-screenshot PATH` starts the window with settings of its own (a temporary
    file, the user's are untouched), saves its picture once it is shown, and quits.

    `program`: this is the program's own process (main.py), which held the garbage
    collector off before it loaded anything (`app.collector`): it is released once the
    window is up with its event (`start_up_done`), and the first event opened later loads
    with it held off too. A caller's process is left alone.
    """
    app = prepare_application()
    if program and collector.holding():
        QTimer.singleShot(START_UP_LIMIT_MS, start_up_done)  # (a timer needs the application)
    settings = None
    shot: Path | None = None
    if SELF_TEST in argv:
        at = argv.index(SELF_TEST)
        if at + 1 >= len(argv):
            print(f"{SELF_TEST} needs a file name for the picture", file=sys.stderr)
            return 2
        shot = Path(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
        folder = tempfile.mkdtemp(prefix="gomoku-arbiter-self-test-")
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
    window = create_window([], settings)
    assert isinstance(window, QWidget)
    window.opening.quiet_collector = program  # type: ignore[attr-defined]  # (later events)
    report_unexpected(window)
    path = event_path(argv)
    opened = [path is None]

    def up() -> None:
        opened.append(True)
        start_up_done()

    if path is not None:
        open_when_shown(window, path, up)
    else:
        QTimer.singleShot(0, start_up_done)  # the start page is up
    if shot is not None:
        self_test(window, shot, ready=lambda: any(opened))
    code = app.exec()
    start_up_done()  # (quit before the event was open)
    window.settings.sync()  # type: ignore[attr-defined]  # written now, whatever outlives it
    del window
    return code
