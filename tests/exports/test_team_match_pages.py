"""A team round's lists keep each match on one page (分台定人制): the pairing list by board,
the 成绩表, the 团体对抗成绩表 and the booklets' team tables break a page between two matches,
never between a match's line and its boards, in the PDF and (keep with next) in Word."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from app.exports import booklet, docx_booklet, pdf_booklet, pdf_lists
from app.exports.model import BoardResult, EventInfo, ExportModel, Group, Player, Round
from app.pairing.system import System
from app.pairing.team import MatchScore
from app.results import read_notation
from tests.exports.helpers import pdf_layout_lines

MATCHES, BOARDS = 12, 4  # 24 teams of 4 boards: two pages a list


def _team_round() -> ExportModel:
    """One Team Swiss round of `MATCHES` matches of `BOARDS` boards, every result in."""
    players, boards = [], []
    for match in range(1, MATCHES + 1):
        first, second = f"第{match}队", f"第{match + MATCHES}队"
        for board in range(1, BOARDS + 1):
            a = len(players) + 1
            players += [Player(a, f"甲{a}", "t", number=a, unit=first),
                        Player(a + 1, f"乙{a + 1}", "t", number=a + 1, unit=second)]
            black, white = (a, a + 1) if board % 2 else (a + 1, a)
            boards.append(BoardResult(
                len(boards) + 1, black, white, read_notation("1-0"),
                label=f"第{match}场{board}台", match=match, match_board=board,
                first_team=first if board % 2 else second,
                second_team=second if board % 2 else first, match_score=MatchScore(4, 4)))
    return ExportModel(EventInfo("团体赛"),
                       (Group("t", "团体赛", System.TEAM_SWISS, 7, board_count=BOARDS),),
                       tuple(players), rounds=(Round("t", 1, tuple(boards)),))


def _pages(path: Path) -> list[list[str]]:
    """Each page's table rows: those naming a match (第N场) or a board (N台)."""
    pages = []
    for page in range(1, 20):
        try:
            lines = pdf_layout_lines(path, page)
        except Exception:  # past the last page
            break
        rows = [x.strip() for x in lines if re.match(r"\s*(第\d+场|\d台)", x)]
        if rows:
            pages.append(rows)
    return pages


def _assert_matches_whole(pages: list[list[str]]) -> None:
    assert len(pages) >= 2, pages  # the round is long enough to break
    for rows in pages:
        assert re.match(r"第\d+场\s", rows[0]), rows[:2]  # a page starts with a match's line
        counted = [r for r in rows if not re.match(r"第\d+场\s", r)]
        assert len(counted) == BOARDS * sum(1 for r in rows if re.match(r"第\d+场\s", r))


@pytest.mark.parametrize("filled", [False, True])
def test_the_list_by_board_breaks_between_matches(tmp_path: Path, filled: bool) -> None:
    """对阵表（按台次） and 成绩表: every page starts with a match's line and holds all its
    boards (they went over: 第8场 on page 1 and its last board on page 2)."""
    path = pdf_lists.write_pairings_by_board(_team_round(), "t", 1, tmp_path / "p.pdf",
                                             filled=filled)
    _assert_matches_whole(_pages(path))


def test_the_team_match_table_breaks_between_matches(tmp_path: Path) -> None:
    path = pdf_lists.write_team_matches(_team_round(), "t", tmp_path / "m.pdf")
    _assert_matches_whole(_pages(path))


def test_the_booklets_team_tables_break_between_matches(tmp_path: Path) -> None:
    """The 成绩册's round of team matches, in the PDF (a page break between matches) and in
    Word (each row of a match but its last kept with the next)."""
    model = _team_round()
    book = booklet.result_book(model)
    path = pdf_booklet.write_booklet_pdf(model, book, tmp_path / "b.pdf")
    pages = [rows for rows in _pages(path) if any(re.match(r"\d台", r) for r in rows)]
    _assert_matches_whole(pages)
    docx = docx_booklet.write_booklet_docx(model, book, tmp_path / "b.docx")
    xml = zipfile.ZipFile(docx).read("word/document.xml").decode()
    rows = [(("keepNext" in r), "".join(re.findall(r"<w:t[^>]*>([^<]*)</w:t>", r)))
            for r in re.findall(r"<w:tr>.*?</w:tr>", xml)]
    boards = [(kept, text) for kept, text in rows if re.match(r"(第\d+场|\d台)", text)]
    assert len(boards) == MATCHES * (BOARDS + 1)
    for kept, text in boards:
        assert kept is not text.startswith(f"{BOARDS}台"), text  # the last board ends it
