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
    if code == errno.ENOENT:
        return UserError(f"{zh}：文件夹不存在", f"{en}: the folder does not exist", where)
    if code == errno.ENOTDIR:
        return UserError(f"{zh}：路径中有一段是文件，不是文件夹",
                         f"{en}: a part of the path is a file, not a folder", where)
    if code == errno.EISDIR:
        return UserError(f"{zh}：这是一个文件夹，不是文件", f"{en}: it is a folder, not a file",
                         where)
    detail = getattr(error, "strerror", None) or str(error)
    return UserError(f"{zh}（{detail}）", f"{en} ({detail})", where)


def check_output_file(path: Path, zh: str, en: str) -> None:
    """Refuse, before anything is written, an output file whose folder is missing or not a
    folder, that is itself a folder, or whose name does not fit; `zh`/`en` say what would be
    written ("无法写入棋谱" / "cannot write the record")."""
    check_name_fits(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        what = "不存在" if not _exists(folder) else "不是文件夹"
        raise UserError(f"{zh}：文件夹 {folder} {what}",
                        f"{en}: the folder {folder} "
                        + ("does not exist" if not _exists(folder) else "is not a folder"),
                        str(path))
    if path.is_dir():
        raise UserError(f"{zh}：这是一个文件夹，不是文件", f"{en}: it is a folder, not a file",
                        str(path))


def write_output(path_text: str, data: str | bytes, zh: str, en: str) -> None:
    """Write a command's output file (text as UTF-8): checked first (`check_output_file`),
    and an error while writing (read-only, disk full) told in one line naming the file."""
    path = Path(path_text)
    check_output_file(path, zh, en)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.write_bytes(payload)
    except OSError as error:
        raise file_error(error, path_text, zh, en) from None


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
