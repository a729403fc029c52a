"""The signature lines (编排长 / 裁判长) an arbiter signs stay with the table they sign for:
on the table's last page, under its last line, never on a page of their own, whatever the
number of lines, on every list paper that ends with them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from app.exports import pdf_lists
from app.exports.model import ExportModel
from tests.exports.helpers import pdf_layout_lines, pdf_pages, small_event


@pytest.fixture(scope="module")
def model() -> ExportModel:
    return small_event(players=30, rounds=3)


def _group(model: ExportModel) -> str:
    return model.groups[0].key


def _standings_with(model: ExportModel, lines: int, path: Path) -> tuple[Path, str]:
    """The group's standings with `lines` players (its own lines repeated)."""
    standings = next(s for s in model.standings if s.group == _group(model) and not s.parent)
    rows = tuple(replace(standings.rows[k % len(standings.rows)], rank=k + 1)
                 for k in range(lines))
    last = model.player(rows[-1].player).name
    return pdf_lists.write_standings(model, replace(standings, rows=rows), path), last


def _pairings_with(model: ExportModel, boards: int, path: Path) -> tuple[Path, str]:
    """Round 1's pairing list by board with `boards` boards (its own boards repeated)."""
    group = _group(model)
    first = model.round(group, 1)
    own = [b for b in first.boards if b.second is not None]
    many = tuple(replace(own[k % len(own)], number=k + 1) for k in range(boards))
    rounds = tuple(replace(r, boards=many) if r is first else r for r in model.rounds)
    return (pdf_lists.write_pairings_by_board(replace(model, rounds=rounds), group, 1, path),
            f" {boards} ")


PAPERS: dict[str, Callable[[ExportModel, int, Path], tuple[Path, str]]] = {
    "standings": _standings_with,
    "pairings": _pairings_with,
}


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_signatures_are_never_on_a_page_of_their_own(
        model: ExportModel, tmp_path: Path, paper: str) -> None:
    spilled = 0
    for lines in range(30, 90, 3):
        path, last_line = PAPERS[paper](model, lines, tmp_path / f"{paper}{lines}.pdf")
        pages = pdf_pages(path)
        last = pdf_layout_lines(path, pages)
        signed = [k for k, line in enumerate(last) if "编排长" in line and "裁判长" in line]
        assert signed, (paper, lines, last)
        rows = [k for k, line in enumerate(last) if last_line in f" {line} "]
        assert rows and rows[0] < signed[0], (paper, lines, last)  # the last line, then signatures
        for page in range(1, pages):
            assert not any("编排长" in line for line in pdf_layout_lines(path, page)), (paper, lines)
        spilled += pages > 1
    assert spilled  # some of these lists do go over a page
