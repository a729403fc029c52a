"""Files the program writes (event files, snapshots, exports, reports): what the arbiter is
told when one cannot be written, and names checked to fit before anything is written.

A full disk says "disk full", a read-only file or medium "read-only", a name longer than the
file system takes says so; the event file is left as it was in every case.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from app.errors import UserError

# Suffixes the program adds to an event file's name: its snapshot folder, SQLite's files.
EVENT_SUFFIXES = (".snapshots", "-journal", "-wal", "-shm", ".v99.bak")


def file_error(error: BaseException, where: str, zh: str, en: str) -> UserError:
    """`error` told as the arbiter needs it: disk full, read-only, name too long, or the
    system's own words; `zh`/`en` say what could not be done."""
    code = getattr(error, "errno", None)
    text = str(error).lower()
    if code in (errno.ENOSPC, errno.EDQUOT) or "disk is full" in text:
        return UserError(f"{zh}：磁盘已满（disk full），文件未改动",
                         f"{en}: disk full; the file is unchanged", where)
    if code in (errno.EROFS, errno.EACCES, errno.EPERM) or "readonly" in text or (
            "read-only" in text):
        return UserError(f"{zh}：文件或介质是只读的（read-only）", f"{en}: read-only", where)
    if code == errno.ENAMETOOLONG:
        return UserError(f"{zh}：文件名过长", f"{en}: the file name is too long", where)
    detail = getattr(error, "strerror", None) or str(error)
    return UserError(f"{zh}（{detail}）", f"{en} ({detail})", where)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # a name too long, for one
        return False


def _name_max(folder: Path) -> int:
    probe = folder
    while not _exists(probe) and probe != probe.parent:
        probe = probe.parent
    try:
        return os.pathconf(probe, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


def check_name_fits(path: Path, suffixes: tuple[str, ...] = ()) -> None:
    """Refuse a path whose name (with any of `suffixes` added) or whole length the file
    system cannot take, before anything is written."""
    longest = max(len(path.name.encode()) + len(s.encode()) for s in ("", *suffixes))
    limit = _name_max(path.parent if str(path.parent) else Path("."))
    parts_too_long = [part for part in path.parts if len(part.encode()) > limit]
    if longest > limit or parts_too_long or len(os.fsencode(path)) > 4000:
        raise UserError(
            f"文件名或文件夹名过长（每段最多 {limit} 字节，含程序添加的后缀）",
            f"the file or folder name is too long (at most {limit} bytes a part, with the"
            " suffixes the program adds)", str(path)[:120] + ("…" if len(str(path)) > 120 else ""))
