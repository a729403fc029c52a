"""Chinese renders with the program's own fonts on a machine without any system font."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.ui.helpers import SCREENSHOTS

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, sys
import app.ui
from PySide6.QtGui import QFontDatabase, QFontMetrics
from PySide6.QtWidgets import QApplication
qt = QApplication([])
before = QFontDatabase.families()
from app.ui.application import create_window, prepare_application
prepare_application()
from PySide6.QtCore import QSettings
window = create_window([], QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.resize(1000, 700)
qt.processEvents()
window.grab().save(sys.argv[2])
print(json.dumps({
    "before": before,
    "family": qt.font().family(),
    "covers": all(QFontMetrics(qt.font()).inFontUcs4(ord(c)) for c in "五子棋赛事编排禁手"),
    "title": window.start_page.heading.text(),
}))
"""


def test_the_shipped_fonts_render_chinese_without_system_fonts(tmp_path):
    config = tmp_path / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">'
        f"<fontconfig><dir>{tmp_path / 'none'}</dir>"
        f"<cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>",
        encoding="utf-8",
    )
    SCREENSHOTS.mkdir(exist_ok=True)
    shot = SCREENSHOTS / "00-start-no-system-fonts.png"
    env = dict(os.environ, FONTCONFIG_FILE=str(config), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "s.ini"), str(shot)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    assert not any("WenQuanYi" in f or "WenKai" in f for f in facts["before"])
    assert facts["family"] == "WenQuanYi Micro Hei"
    assert facts["covers"] and facts["title"] == "五子棋赛事编排"
    assert shot.exists()
