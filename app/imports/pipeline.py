"""Reading several qualifier-list files and merging them in one call (导入流程), for the
service layer and the `import` command."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from app.errors import UserError
from app.imports.merge import MergeResult, merge
from app.imports.model import ParsedList
from app.imports.parse import read_list
from app.imports.rules import Eligibility, MergeRules


def read_and_merge(
    paths: Sequence[Path],
    rules: MergeRules,
    eligibility: Eligibility | Mapping[str, Eligibility] | None = None,
    sources: Sequence[str | None] | None = None,
) -> tuple[tuple[ParsedList, ...], MergeResult]:
    """Read every file (all of them first, so an unreadable one raises `UserError` before
    anything else happens), then merge them. `sources[i]` labels `paths[i]` (None: the
    default label of `read_list`)."""
    if sources is not None and len(sources) != len(paths):
        raise UserError(f"给出了 {len(sources)} 个来源，但有 {len(paths)} 个文件",
                        f"{len(sources)} sources given for {len(paths)} files", "--source")
    labels = list(sources) if sources is not None else [None] * len(paths)
    lists = tuple(read_list(Path(path), label) for path, label in zip(paths, labels, strict=True))
    return lists, merge(lists, rules, eligibility)
