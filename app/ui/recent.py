"""Where the window finds event files: the events opened lately (kept in the settings, a
server's password never among them), the folder file dialogs start in, the demo's place."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

MAX_RECENT = 8


def hide_password(url: str) -> str:
    """`postgresql://user:secret@host/db` -> `postgresql://user@host/db` for the title bar."""
    head, sep, tail = url.partition("://")
    if sep and "@" in tail:
        credentials, _at, rest = tail.partition("@")
        return f"{head}://{credentials.split(':')[0]}@{rest}"
    return url


def recent_files(settings: QSettings) -> list[str]:
    value = settings.value("recent", [])
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value] if isinstance(value, list | tuple) else []


def remember(settings: QSettings, path: str) -> None:
    path = hide_password(path)  # a server's password is never written to the settings
    recent = [p for p in recent_files(settings) if p != path]
    settings.setValue("recent", [path, *recent][:MAX_RECENT])


def last_folder(settings: QSettings, event_folder: str) -> str:
    """The open event's folder, else the folder of the event opened last."""
    if event_folder:
        return event_folder
    for recent in recent_files(settings):
        if "://" not in recent and Path(recent).parent.is_dir():
            return str(Path(recent).resolve().parent)
    return ""


def demo_location() -> Path:
    """A new file for the demo event, in the program's own data folder."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    folder = Path(base or Path.home() / ".gomoku-arbiter") / "demo"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"demo-{dt.datetime.now():%Y%m%d-%H%M%S}.db"
