"""The program's language at run time: Chinese (default) or English, switchable while open.

Texts live in `app.ui.texts.TEXTS` (key -> (Chinese, English)). Widgets take their labels
through `tr(key)` and relabel themselves in `retranslate()` when `notifier().changed` fires.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal

from app.errors import NoAnswer, Place, UserError
from app.ui.texts import TEXTS

LANGUAGES = ("zh", "en")
_state = {"language": "zh"}


class _Notifier(QObject):
    changed = Signal(str)


_notifier: list[_Notifier] = []


def notifier() -> _Notifier:
    """The one object that signals a change of language (created on first use)."""
    if not _notifier:
        _notifier.append(_Notifier())
    return _notifier[0]


def language() -> str:
    return _state["language"]


def set_language(code: str) -> None:
    """Switch to `zh` or `en`; every open view relabels itself."""
    if code not in LANGUAGES:
        raise ValueError(code)
    if code != _state["language"]:
        _state["language"] = code
        notifier().changed.emit(code)


def tr(key: str, **values: object) -> str:
    """The text for `key` in the current language, with `{name}` fields filled in."""
    zh, en = TEXTS[key]
    if _state["language"] == "zh":
        return zh.format(**values) if values else zh
    if not values:
        return en
    from app.wording import singular  # the wording of the core: loaded when first needed

    return singular(en.format(**values))


def pick(zh: str, en: str) -> str:
    """One of two texts given inline (data from the services carry both)."""
    return zh if _state["language"] == "zh" else en


def names_text(names: Iterable[str]) -> str:
    """Names in a row as the language writes a list: 甲、乙、丙 or 甲, 乙, 丙."""
    return ("、" if _state["language"] == "zh" else ", ").join(names)


_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_BOTH = re.compile(r"\s*/\s+(?=[A-Za-z0-9])")
_BOTH_NAMED = re.compile(r"\s*/\s+")
_ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def _both_parts(text: str) -> tuple[str, str] | None:
    """`中文 / English` as the event file keeps some texts: the first ` / ` with Chinese
    before it and an English word after it; else the first with Chinese before it and, after
    it, English that starts with a name in Chinese (`周杰（8号） 轮空 / 周杰 (no. 8) receives the
    pairing-allocated bye`)."""
    for pattern in (_BOTH, _BOTH_NAMED):
        for match in pattern.finditer(text):
            zh, en = text[:match.start()].strip(), text[match.end():].strip()
            if _CJK.search(zh) and en and (pattern is _BOTH or _ENGLISH_WORD.search(en)):
                return zh, en
    return None


def one_language(line: str) -> str:
    """A stored line written in both languages (the pairing report, as the core and the
    services write it) in the language shown; a line in one language as is."""
    parts = _both_parts(line)
    return line if parts is None else pick(*parts)


def stored_text(text: str) -> str:
    """A text the event file keeps as "Chinese / English" (what an undo step did) in the
    language shown; one kept in Chinese only is not shown in English mode ('')."""
    parts = _both_parts(text)
    if parts is not None:
        return pick(*parts)
    return "" if _state["language"] != "zh" and _CJK.search(text) else text


# Places the services name by their field (`where`), as the window's forms label them.
WHERE_LABELS = {"title": "setup_title", "organisers": "setup_organisers",
                "venue": "setup_venue", "start_date": "setup_start_date",
                "end_date": "setup_end_date", "name": "f_name", "fifth_offers": "f_fifth_move_offers",
                "rounds": "f_rounds", "points": "f_points", "tiebreaks": "f_tiebreaks",
                "result": "col_result", "playoff": "act_playoff", "board": "col_board",
                "round": "round", "player": "col_name", "unit": "col_unit",
                "system": "f_system", "time_control": "f_time_control",
                "unplayed_policy": "f_unplayed_policy", "tiebreak": "f_tiebreaks",
                "group": "group", "--group": "group"}
_IDENTIFIER = re.compile(r"^-{0,2}[A-Za-z_][A-Za-z0-9_]*$")
PLAYER_FIELD_LABELS = {"name": "col_name", "gender": "col_gender", "birth_date": "col_birth",
                       "unit": "col_unit", "id_number": "col_id_number", "grade": "col_grade",
                       "platform_id": "col_platform", "source": "col_source"}
"""A player's fields, as the player dialog and table label them: the field a place names after
its group or player (`公开组: name` of the players' services) is theirs, 姓名 — not the group
form's 组名 that `name` alone is."""


def where_text(where: str | Place) -> str:
    """The place an error names, as the window labels it; a code name without a label (a
    field, a command-line option) is left out: the arbiter never reads one."""
    if isinstance(where, Place):
        return pick(where.zh, where.en)
    key = WHERE_LABELS.get(where)
    if key is not None:
        return tr(key)
    head, colon, field = where.rpartition(": ")  # e.g. "row 3: name" of an import
    if colon and _IDENTIFIER.match(field):
        shown = tr(PLAYER_FIELD_LABELS[field]) if field in PLAYER_FIELD_LABELS \
            else where_text(field)
        return f"{head}{place_colon()}{shown}" if shown else head
    return "" if _IDENTIFIER.match(where) else where


def error_text(error: BaseException) -> str:
    """A user's error in the current language, with the place it names."""
    if isinstance(error, UserError):
        text = pick(error.zh, error.en)
        # a place named by a label that has its colon (录入成绩：) is joined by one colon
        where = where_text(error.where).rstrip(" ：:") if error.where else ""
        return f"{where}{place_colon()}{text}" if where else text
    if isinstance(error, NoAnswer):
        return pick(error.zh, error.en)
    return str(error)


def place_colon() -> str:
    """The colon after the place a message names (公开组：第3轮第6台：…) or a label joined to
    what it names (1：叶晨–高强): full width in Chinese text, `: ` in English."""
    return pick("：", ": ")


def aside(text: str) -> str:
    """A note set after a line (the result stored beside a board's players): in Chinese text
    in full-width lenticular brackets 【黑胜／白胜（黑超时） 2:0】 (the words themselves may hold
    round ones), in English `  [black won]`; never ASCII brackets in Chinese text."""
    return pick(f"【{text}】", f"  [{text}]")
