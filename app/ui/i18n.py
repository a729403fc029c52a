"""The program's language at run time: Chinese (default) or English, switchable while open.

Texts live in `app.ui.texts.TEXTS` (key -> (Chinese, English)). Widgets take their labels
through `tr(key)` and relabel themselves in `retranslate()` when `notifier().changed` fires.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.errors import NoAnswer, UserError
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
    text = zh if _state["language"] == "zh" else en
    return text.format(**values) if values else text


def both(key: str, **values: object) -> str:
    """Chinese and English together (tooltips show both languages)."""
    zh, en = TEXTS[key]
    if values:
        zh, en = zh.format(**values), en.format(**values)
    return zh if zh == en else f"{zh}\n{en}"


def pick(zh: str, en: str) -> str:
    """One of two texts given inline (data from the services carry both)."""
    return zh if _state["language"] == "zh" else en


def error_text(error: BaseException) -> str:
    """A user's error in the current language, with the place it names."""
    if isinstance(error, UserError):
        text = pick(error.zh, error.en)
        return f"{error.where}: {text}" if error.where else text
    if isinstance(error, NoAnswer):
        return pick(error.zh, error.en)
    return str(error)
