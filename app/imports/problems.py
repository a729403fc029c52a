"""Problems found while reading or merging qualifier lists (导入问题), one per row and column.

A `Problem` never stops the import by itself: the service decides whether to write all rows,
only the valid ones (`--valid-only`) or nothing. Only a file that cannot be read at all raises
`app.errors.UserError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    """How bad a problem is: an error makes its row invalid; a warning only informs."""

    ERROR = "error"  # 错误
    WARNING = "warning"  # 警告


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one place of one file.

    `row` is the spreadsheet row number a user sees (1-based; None for the whole file);
    `column` is the column's header as written in the file ("" when the problem concerns the
    whole row or file).
    """

    file: str
    row: int | None
    column: str
    severity: Severity
    zh: str
    en: str

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def format(self) -> str:
        """One line: ``file:row:column: zh / en`` (row and column left out when unknown)."""
        place = self.file
        if self.row is not None:
            place += f":{self.row}"
        if self.column:
            place += f":{self.column}"
        return f"{place}: {self.zh} / {self.en}"

    def to_dict(self) -> dict[str, object]:
        return {
            "file": self.file,
            "row": self.row,
            "column": self.column,
            "severity": self.severity.value,
            "zh": self.zh,
            "en": self.en,
        }


def error(file: str, row: int | None, column: str, zh: str, en: str) -> Problem:
    return Problem(file, row, column, Severity.ERROR, zh, en)


def warning(file: str, row: int | None, column: str, zh: str, en: str) -> Problem:
    return Problem(file, row, column, Severity.WARNING, zh, en)
