"""PDF lists: Chinese names and places in the text, every font embedded, headers on every
page, shared places marked, nothing outside the page, long names and units fitted."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.platypus import Paragraph

from app.exports import pdf_lists, pdf_slips
from app.exports.fonts import register_fonts
from app.exports.model import StandingRow, Standings, name_sort_key
from app.exports.pdf_common import fit_size, fitted_cell, text_width
from app.wording import code_text
from tests.exports.helpers import (
    assert_all_fonts_embedded,
    page_size,
    pdf_layout_lines,
    pdf_pages,
    pdf_text,
    small_event,
    squeezed,
    words_outside_page,
)
from tests.exports.sample import sample_model

LONG_NAME = "阿卜杜热西提·买买提明"
LONG_UNIT = "深圳市南山区第二外国语学校（集团）海德学校五子棋队"


def _names_of_round(model, group: str, number: int) -> list[str]:  # type: ignore[no-untyped-def]
    names = []
    for board in model.round(group, number).boards:
        names.append(model.player(board.first).name)
        if board.second is not None:
            names.append(model.player(board.second).name)
    return names


def test_pairing_list_by_board_shows_every_player_unit_and_board(tmp_path: Path) -> None:
    model = small_event()
    path = pdf_lists.write_pairings_by_board(model, "open", 2, tmp_path / "p.pdf")
    text = squeezed(pdf_text(path))
    assert "第2轮对阵表（按台次）" in text
    for name in _names_of_round(model, "open", 2):
        assert name in text
    assert LONG_UNIT in text  # shrunk or wrapped, never cut
    assert_all_fonts_embedded(path)
    assert words_outside_page(path) == []


def test_pairing_list_by_name_is_in_pinyin_order(tmp_path: Path) -> None:
    model = small_event()
    path = pdf_lists.write_pairings_by_name(model, "open", 1, tmp_path / "n.pdf")
    names = _names_of_round(model, "open", 1)
    expected = sorted(names, key=name_sort_key)
    first_words = [line.split()[0] for line in pdf_layout_lines(path) if line.split()]
    printed = [word for word in first_words if word in set(names)]
    assert printed == [n for n in expected if n in printed]
    assert len(printed) >= len(names) - 2  # all but names wrapped over two lines
    assert_all_fonts_embedded(path)


def test_round_results_print_results_in_chinese(tmp_path: Path) -> None:
    model = small_event()
    path = pdf_lists.write_round_results(model, "open", 3, tmp_path / "r.pdf")
    text = squeezed(pdf_text(path))
    codes = {code_text(b.result) for b in model.round("open", 3).boards if b.result}
    expected = {"1-0": "黑胜", "0-1": "白胜", "=": "和", "+-": "白弃权"}
    for code in codes:
        assert expected[code] in text
    assert_all_fonts_embedded(path)


def test_a_bye_prints_as_bye_on_pairings_and_results(tmp_path: Path) -> None:
    model = small_event(players=31)
    for writer in (pdf_lists.write_round_results, pdf_lists.write_pairings_by_board,
                   pdf_lists.write_pairings_by_name):
        path = writer(model, "open", 1, tmp_path / f"{writer.__name__}.pdf")
        assert "轮空" in pdf_text(path)


def test_standings_repeat_their_header_on_every_page(tmp_path: Path) -> None:
    model = sample_model(players=150, rounds=9, seed=3, women_round_robin=0)
    standings = model.standings[0]
    path = pdf_lists.write_standings(model, standings, tmp_path / "s.pdf")
    pages = pdf_pages(path)
    assert pages >= 3
    for page in range(1, pages + 1):
        text = squeezed(pdf_text(path, page))
        assert model.event.title in text
        assert "公开组最终名次" in text
        header_row = re.compile(r"名次\s+编号\s+姓名\s+单位\s+积分\s+对手分\s+中间对手分\s+胜局")
        assert any(header_row.search(line) for line in pdf_layout_lines(path, page))
        assert f"第{page}页共{pages}页" in text
    everything = squeezed(pdf_text(path))
    for row in standings.rows:
        assert model.player(row.player).name in everything
    assert_all_fonts_embedded(path)
    assert words_outside_page(path) == []


def test_shared_places_print_with_equals_sign(tmp_path: Path) -> None:
    model = small_event()
    base = model.standings[0]
    rows = list(base.rows)
    rows[2] = replace(rows[2], rank=3, shared=True)
    rows[3] = replace(rows[3], rank=3, shared=True, points=rows[2].points,
                      tiebreaks=rows[2].tiebreaks)
    shared = replace(base, rows=tuple(rows))
    path = pdf_lists.write_standings(model, shared, tmp_path / "s.pdf")
    text = pdf_text(path)
    assert text.count("3=") >= 2
    assert "并列" in text


def test_standings_show_points_with_the_group_scale(tmp_path: Path) -> None:
    model = small_event()
    halves = replace(model, groups=tuple(replace(g, scale=2) for g in model.groups))
    row = StandingRow(1, model.players[0].id, 7, (0, 0, 0))
    one = Standings("open", "公开组", model.standings[0].columns, (row,))
    columns, rows = pdf_lists.standings_rows(halves, one)
    assert rows[0][4] == "3.5"
    assert [c.header for c in columns][:5] == ["名次", "编号", "姓名", "单位", "积分"]


def test_swiss_crosstable_lists_opponent_colour_and_outcome(tmp_path: Path) -> None:
    model = small_event()
    path = pdf_lists.write_crosstable(model, "open", tmp_path / "c.pdf")
    text = squeezed(pdf_text(path))
    assert "交叉表" in text and "第1轮" in text and "第5轮" in text
    assert "黑胜" in text and "白负" in text or "白胜" in text and "黑负" in text
    assert page_size(path)[0] > page_size(path)[1]  # landscape
    assert_all_fonts_embedded(path)
    assert words_outside_page(path) == []


def test_round_robin_crosstable_is_a_grid(tmp_path: Path) -> None:
    model = small_event()
    path = pdf_lists.write_crosstable(model, "women", tmp_path / "w.pdf")
    text = pdf_text(path)
    grid = text.split("格内为")[0]  # the legend below the table explains ×
    assert grid.count("×") == len(model.players_of("women"))
    for player in model.players_of("women"):
        assert player.name in squeezed(text)


def test_team_standings_and_sub_rankings(tmp_path: Path) -> None:
    model = small_event()
    team = pdf_lists.write_team_standings(model, model.team_standings[0], tmp_path / "t.pdf")
    text = squeezed(pdf_text(team))
    for row in model.team_standings[0].rows:
        assert row.team in text
    sub = pdf_lists.write_standings(model, model.sub_rankings[0], tmp_path / "sub.pdf")
    text = squeezed(pdf_text(sub))
    assert "公开组（女子）最终名次" in text
    for row in model.sub_rankings[0].rows:
        assert model.player(row.player).name in text
    assert_all_fonts_embedded(team)
    assert_all_fonts_embedded(sub)


def test_award_sheet_lists_place_prize_and_grade_title(tmp_path: Path) -> None:
    model = small_event()
    path = pdf_lists.write_award_sheet(model, tmp_path / "a.pdf")
    text = squeezed(pdf_text(path))
    for award in model.awards:
        assert award.recipient in text
        assert award.prize in text
        if award.grade_title:
            assert award.grade_title in text
    for ranking in ("公开组", "公开组（女子）", "女子组", "团体"):
        assert ranking in text


def test_grade_application_list_has_identity_fields(tmp_path: Path) -> None:
    model = small_event()
    path = pdf_lists.write_grade_applications(model, tmp_path / "g.pdf")
    text = squeezed(pdf_text(path))
    titled = [a for a in model.awards if a.grade_title and a.player is not None]
    assert titled
    for award in titled:
        player = model.player(award.player)  # type: ignore[arg-type]
        assert player.id_number in text
        assert player.birth_date is not None and player.birth_date.isoformat() in text
        assert award.place_text in text
    assert "申报段级位" in text
    assert words_outside_page(path) == []


def test_result_slips_several_to_a_page_with_both_players(tmp_path: Path) -> None:
    model = small_event()
    path = pdf_slips.write_result_slips(model, "open", 1, tmp_path / "slips.pdf")
    boards = [b for b in model.round("open", 1).boards if b.second is not None]
    assert pdf_pages(path) == math.ceil(len(boards) / pdf_slips.slips_per_page(
        model.group("open")))
    text = squeezed(pdf_text(path))
    for board in boards:
        assert f"第{board.number}台成绩记录单" in text
        assert model.player(board.first).name in text
    assert "黑方签名" in text and "裁判签名" in text
    assert_all_fonts_embedded(path)
    assert words_outside_page(path) == []


def test_double_game_slips_have_a_line_per_game(tmp_path: Path) -> None:
    model = small_event()
    double = replace(model, groups=tuple(replace(g, double_game=True) for g in model.groups))
    path = pdf_slips.write_result_slips(double, "open", 1, tmp_path / "d.pdf")
    text = squeezed(pdf_text(path, 1))
    board = model.round("open", 1).boards[0]
    first, second = model.player(board.first), model.player(board.second or 0)
    # Colours as they fall: the first mover is black in game 1 and white in game 2.
    assert f"第1盘黑：{first.number}号{first.name}白：{second.number}号{second.name}" in text
    assert f"第2盘黑：{second.number}号{second.name}白：{first.number}号{first.name}" in text
    assert words_outside_page(path, margin=5) == []
    results = pdf_lists.write_round_results(double, "open", 1, tmp_path / "r.pdf")
    assert "第二盘先后手互换" in squeezed(pdf_text(results))


# ---------------------------------------------------------------------------- fitting


@settings(max_examples=60, deadline=None)
@given(
    text=st.text(alphabet="棋王杯五子阿卜杜热西提·买买提明深圳市南山区第二外国语学校（集团）ABCxyz0123",
                 min_size=1, max_size=60),
    width=st.floats(min_value=30, max_value=300),
)
def test_a_cell_never_overflows_its_column(text: str, width: float) -> None:
    register_fonts()
    cell = fitted_cell(text, width, 10, "LEFT")
    room = width - 6
    if isinstance(cell, str):
        assert text_width(cell, 10) <= room
    else:
        assert isinstance(cell, Paragraph)
        cell.wrap(room, 10_000)
        for line in cell.blPara.lines:
            extra = line[0] if isinstance(line, tuple) else line.extraSpace
            assert extra >= -0.01


@given(text=st.text(alphabet="五子棋赛事编排abc", min_size=1, max_size=40),
       width=st.floats(min_value=20, max_value=400))
def test_fit_size_fits_or_stops_at_the_minimum(text: str, width: float) -> None:
    register_fonts()
    size = fit_size(text, width, 12, 5)
    assert 5 <= size <= 12
    if size > 5:
        assert text_width(text, size) <= width + 1e-6


@pytest.mark.parametrize("name", [LONG_NAME, "欧阳诸葛司马上官云飞"])
def test_long_names_fit_in_the_pairing_list(tmp_path: Path, name: str) -> None:
    model = small_event()
    path = pdf_lists.write_pairings_by_board(model, "open", 1, tmp_path / "p.pdf")
    assert name in squeezed(pdf_text(path))


def test_team_match_boards_print_their_label_and_teams(tmp_path: Path) -> None:
    model = small_event()
    rnd = model.round("open", 1)
    boards = tuple(replace(b, label=f"第1场{b.number}台", first_team="绍兴甲队",
                           second_team="杭州乙队") for b in rnd.boards)
    team_round = replace(rnd, boards=boards)
    teams = replace(model, rounds=tuple(team_round if r == rnd else r for r in model.rounds))
    for writer in (pdf_lists.write_pairings_by_board, pdf_lists.write_round_results,
                   pdf_slips.write_result_slips):
        text = squeezed(pdf_text(writer(teams, "open", 1, tmp_path / f"{writer.__name__}.pdf")))
        assert "第1场1台" in text
        if writer is not pdf_slips.write_result_slips:
            assert "绍兴甲队" in text and "杭州乙队" in text


def test_pairing_list_leaves_out_points_a_group_does_not_keep(tmp_path: Path) -> None:
    model = small_event()
    bare = replace(model, rounds=tuple(
        replace(r, boards=tuple(replace(b, first_points=None, second_points=None)
                                for b in r.boards)) for r in model.rounds))
    with_points = pdf_lists.write_pairings_by_board(model, "open", 2, tmp_path / "a.pdf")
    without = pdf_lists.write_pairings_by_board(bare, "open", 2, tmp_path / "b.pdf")
    assert "积分" in pdf_text(with_points)
    assert "积分" not in pdf_text(without)


def test_every_stream_is_compressed_at_zlibs_fastest_level(tmp_path: Path) -> None:
    """The papers' streams (pages, font subsets, character maps) are deflated at level 1
    (the zlib header says so: 78 01), and read back whole: a page's text, the fonts."""
    import zlib

    model = small_event()
    path = pdf_lists.write_pairings_by_board(model, "open", 2, tmp_path / "p.pdf")
    data = path.read_bytes()
    streams = re.findall(rb"/Filter\s*\[?\s*/FlateDecode[^>]*>>\s*stream\r?\n", data)
    assert len(streams) >= 3  # the page, a font subset and its character map at least
    starts = [m.end() for m in re.finditer(rb">>\s*stream\r?\n", data)]
    assert starts and all(data[at:at + 2] == b"\x78\x01" for at in starts)
    assert all(zlib.decompressobj().decompress(data[at:]) for at in starts)
    assert "台次" in pdf_text(path)
    assert_all_fonts_embedded(path)


def test_a_fitted_line_leaves_the_canvas_font_as_it_was(tmp_path: Path) -> None:
    """draw_fitted draws a line that fits where it goes and squeezes one that does not;
    either way the canvas's font, size and leading are what they were before."""
    from reportlab.pdfgen.canvas import Canvas

    from app.exports.fonts import KAI, register_fonts
    from app.exports.pdf_common import FastTextCanvas, draw_fitted

    register_fonts()
    for kind in (Canvas, FastTextCanvas):
        canvas: Any = kind(str(tmp_path / f"{kind.__name__}.pdf"))
        canvas.setFont(KAI, 9, leading=11)
        draw_fitted(canvas, "张三", 50, 700, 100, 12)  # fits at 12 pt
        draw_fitted(canvas, "很长的单位名称" * 8, 50, 680, 40, 12)  # squeezed
        assert (canvas._fontname, canvas._fontsize, canvas._leading) == (KAI, 9, 11)
        canvas.drawString(50, 660, "之后")
        canvas.save()
        text = squeezed(pdf_text(tmp_path / f"{kind.__name__}.pdf"))
        assert "张三" in text and "之后" in text
