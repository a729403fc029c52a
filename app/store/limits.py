"""Text lengths, checked the same way on every database: SQLite stores any length, PostgreSQL
refuses a text longer than its column. Every operation checks what it writes against the
column lengths of app/store/models.py before the flush, and refuses with a message naming the
field and the limit, on SQLite as on a server."""

from __future__ import annotations

from typing import Any

from sqlalchemy import String, event, inspect
from sqlalchemy.orm import Session

from app.errors import UserError

# What the arbiter calls the fields that have a length limit.
_FIELD_NAMES = {
    "name": ("名称/姓名", "name"), "title": ("赛事名称", "title"), "unit": ("单位", "unit"),
    "venue": ("地点", "venue"), "organisers": ("主办单位", "organisers"),
    "id_number": ("证件号", "ID number"), "platform_id": ("平台ID", "platform id"),
    "source": ("来源", "list"), "grade": ("段位", "grade"), "phone": ("电话", "phone"),
    "time_control": ("用时", "time control"), "label": ("说明", "label"),
    "result": ("结果", "result"), "opening": ("开局", "opening"),
}


def _check(obj: Any) -> None:
    mapper = inspect(obj).mapper
    for attribute in mapper.column_attrs:
        column = attribute.columns[0]
        length = getattr(column.type, "length", None)
        if not isinstance(column.type, String) or not length:
            continue
        value = getattr(obj, attribute.key)
        if isinstance(value, str) and len(value) > length:
            zh, en = _FIELD_NAMES.get(column.name, (column.name, column.name))
            shown = value[:20] + "…"
            raise UserError(f"{zh}过长：最多 {length} 个字（现有 {len(value)} 个）：{shown}",
                            f"the {en} is too long: at most {length} characters (it has"
                            f" {len(value)}): {shown}", zh)


def check_text_lengths(session: Session) -> None:
    """Install the check on an operation's session."""

    def _before_flush(flushing: Session, _context: object, _instances: object) -> None:
        for obj in list(flushing.new) + list(flushing.dirty):
            _check(obj)

    event.listen(session, "before_flush", _before_flush)
