"""Errors a user can cause, with messages fit to show in Chinese and English.

Every layer raises these before anything is written; the command line turns a
`UserError` into exit code 2 with one line on stderr, and a `NoAnswer` into exit 1.
"""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user: a file, a row, a field, an argument.

    `where` names the place (file, line/row, column/field) so the message points at it.
    """

    def __init__(self, zh: str, en: str, where: str = "") -> None:
        self.zh = zh
        self.en = en
        self.where = where
        super().__init__(self.message())

    def message(self) -> str:
        prefix = f"{self.where}: " if self.where else ""
        return f"{prefix}{self.zh} / {self.en}"


class NoAnswer(Exception):
    """The question was fine but the answer is "no" (no legal pairing, checks differ)."""

    def __init__(self, zh: str, en: str) -> None:
        self.zh = zh
        self.en = en
        super().__init__(f"{zh} / {en}")
