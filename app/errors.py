"""Errors a user can cause, with messages fit to show in Chinese and English.

Every layer raises these before anything is written; the command line turns a
`UserError` into exit code 2 with one line on stderr, and a `NoAnswer` into exit 1.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    """A place in the event an error names, in the words of each language (第3台 / board 3),
    so that no reader has to make it out of a code string."""

    zh: str
    en: str


class UserError(Exception):
    """Bad input from the user: a file, a row, a field, an argument.

    `where` names the place (file, line/row, column/field, or a `Place` in the event) so the
    message points at it.
    """

    def __init__(self, zh: str, en: str, where: str | Place = "") -> None:
        self.zh = zh
        self.en = en
        self.where = where
        super().__init__(self.message())

    def message(self) -> str:
        if isinstance(self.where, Place):
            return f"{self.where.zh}：{self.zh} / {self.where.en}: {self.en}"
        prefix = f"{self.where}: " if self.where else ""
        return f"{prefix}{self.zh} / {self.en}"


class CorrectionNotConfirmed(UserError):
    """A board or match that has a result already was given another one without saying it
    corrects it: the window asks first, the command line names `--replace` (`old`: the result
    that stays)."""

    def __init__(self, zh: str, en: str, where: str | Place, old: str) -> None:
        super().__init__(zh, en, where)
        self.old = old


class NoAnswer(Exception):
    """The question was fine but the answer is "no" (no legal pairing, checks differ)."""

    def __init__(self, zh: str, en: str) -> None:
        self.zh = zh
        self.en = en
        super().__init__(f"{zh} / {en}")
