"""Certificates (奖状) from the editable template, and game sheets (棋谱)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from app.errors import UserError
from app.exports import certificates, pdf_games
from app.exports.model import Award, Game
from app.results import DRAW
from tests.exports.helpers import (
    assert_all_fonts_embedded,
    page_size,
    pdf_fonts,
    pdf_pages,
    pdf_text,
    small_event,
    squeezed,
    words_outside_page,
)


def test_one_landscape_page_per_award_in_place_order(tmp_path: Path) -> None:
    model = small_event()
    path = certificates.write_certificates(model, tmp_path / "c.pdf")
    awards = model.awards_in_place_order()
    assert pdf_pages(path) == len(awards)
    width, height = page_size(path)
    assert width > height
    for page, award in enumerate(awards, start=1):
        text = squeezed(pdf_text(path, page))
        assert award.recipient in text
        assert f"荣获{'并列' if award.shared else ''}{award.place_text}" in text
        assert model.event.title in text
        assert ("可申请" + award.grade_title + "技术等级称号" in text) == bool(award.grade_title)
        assert "并获" not in text and "临时" not in text
        assert f"证书编号：2022-{page:03d}" in text
    assert words_outside_page(path) == []


def test_a_grade_title_reads_as_a_right_to_apply(tmp_path: Path) -> None:
    """qiwang 十五4: 获得名次的选手可以申请技术等级称号 — the certificate says 可申请, not 获."""
    model = small_event()
    award = next(a for a in model.awards if a.grade_title)
    fields = certificates.certificate_fields(model, award)
    assert fields["grade_title"] == award.grade_title
    path = certificates.write_certificates(model, tmp_path / "c.pdf", [award])
    assert f"可申请{award.grade_title}" in squeezed(pdf_text(path, 1))


def test_a_provisional_certificate_says_so_across_its_top(tmp_path: Path) -> None:
    """Nothing final before it is final: a ranking not yet final prints 临时（非最终）."""
    model = small_event()
    award = replace(model.awards[0], final=False)
    path = certificates.write_certificates(model, tmp_path / "c.pdf", [award])
    assert "临时（非最终）" in squeezed(pdf_text(path, 1))


def test_a_shared_place_and_a_shared_prize_are_named(tmp_path: Path) -> None:
    from fractions import Fraction

    from app.standings.awards import Award as Decision
    from app.standings.awards import AwardBasis

    model = small_event()
    decision = Decision(3, 3, True, (3, 5), AwardBasis.SHARED, Fraction(7000, 3))
    award = replace(model.awards[0], place=3, shared=True, decision=decision)
    fields = certificates.certificate_fields(model, award, 7)
    assert fields["place"] == "并列第三名"
    assert fields["basis"] == "并列第3-5名，奖金平分"
    assert fields["number"] == "2022-007"


def test_certificates_use_the_embedded_kai_font(tmp_path: Path) -> None:
    model = small_event()
    path = certificates.write_certificates(model, tmp_path / "c.pdf", model.awards[:2])
    assert_all_fonts_embedded(path)
    assert all("LXGWWenKai" in name for name, _, _ in pdf_fonts(path))


def test_team_certificate_names_the_team_once(tmp_path: Path) -> None:
    model = small_event()
    team = Award("团体", 1, "绍兴棋院", "绍兴棋院", prize="奖杯")
    fields = certificates.certificate_fields(model, team)
    assert fields["recipient"] == "绍兴棋院" and fields["unit"] == ""
    assert fields["place"] == "第一名" and fields["date"] == "2022年8月8日"


def test_a_very_long_title_shrinks_to_fit_the_page(tmp_path: Path) -> None:
    model = small_event()
    long_event = replace(model, event=replace(
        model.event, title="2022年“棋王杯”全国五子棋锦标赛总决赛暨全国青少年五子棋精英赛及第十届城市联赛"))
    path = certificates.write_certificates(long_event, tmp_path / "c.pdf", model.awards[:1])
    assert words_outside_page(path, margin=20) == []


def test_the_template_file_decides_the_text(tmp_path: Path) -> None:
    model = small_event()
    template = {"font": "LXGWWenKai", "lines": [
        {"text": "奖状：{recipient}获得{ranking}{place}", "y_mm": 100, "size": 20},
        {"text": "晋升{grade_title}", "y_mm": 80, "size": 20, "requires": "grade_title"},
    ]}
    file = tmp_path / "t.json"
    file.write_text(json.dumps(template, ensure_ascii=False), encoding="utf-8")
    award = model.awards[0]
    path = certificates.write_certificates(model, tmp_path / "c.pdf", [award], file)
    text = squeezed(pdf_text(path))
    assert f"奖状：{award.recipient}获得{award.ranking}{award.place_text}" in text
    assert "荣誉证书" not in text


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ('{"lines": [ {"text": "x", "y_mm": 1,} ]}', "t.json:1"),
        ('{"lines": [{"text": "{winner}", "y_mm": 1}]}', "{winner}"),
        ('{"lines": [{"text": "x"}]}', "lines[1]"),
        ('{"lines": [{"text": "x", "y_mm": 1, "colour": "red"}]}', "#RRGGBB"),
        ('{"font": "SimSun", "lines": []}', "SimSun"),
        ('{"lines": [{"text": "x", "y_mm": 1, "align": "middle"}]}', "align"),
    ],
)
def test_a_bad_template_is_reported_before_writing(tmp_path: Path, content: str,
                                                   fragment: str) -> None:
    file = tmp_path / "t.json"
    file.write_text(content, encoding="utf-8")
    target = tmp_path / "c.pdf"
    with pytest.raises(UserError) as error:
        certificates.write_certificates(small_event(), target, template_path=file)
    assert fragment in error.value.message()
    assert not target.exists()


def test_the_shipped_template_loads() -> None:
    template = certificates.load_template()
    assert template.font == "LXGWWenKai"
    assert any("{recipient}" in line.text for line in template.lines)


def test_game_sheet_numbers_every_stone_and_lists_the_moves(tmp_path: Path) -> None:
    model = small_event()
    game = model.games_of("open")[0]
    path = pdf_games.write_game_sheets(model, [game], tmp_path / "g.pdf")
    text = pdf_text(path)
    flat = squeezed(text)
    assert f"第{game.round}轮第{game.board}台棋谱" in flat
    assert model.player(game.black).name in flat and model.player(game.white).name in flat
    assert f"共{len(game.moves)}手" in flat
    for move in game.moves:
        assert move in text
    numbers = set(text.split())
    assert {str(n) for n in range(1, len(game.moves) + 1)} <= numbers | {
        f"{n}." for n in range(1, len(game.moves) + 1)}
    assert_all_fonts_embedded(path)
    assert words_outside_page(path) == []


def test_a_long_game_still_fits_one_page(tmp_path: Path) -> None:
    model = small_event()
    points = [f"{c}{r}" for c in "abcdefghijklmno" for r in range(1, 16)]
    game = Game("open", 1, 1, model.players[0].id, model.players[1].id, tuple(points), DRAW)
    path = pdf_games.write_game_sheets(model, [game], tmp_path / "g.pdf")
    assert pdf_pages(path) == 1
    assert "225" in pdf_text(path)
    assert words_outside_page(path) == []


@pytest.mark.parametrize("moves", [("h8", "z9"), ("h8", "h16"), ("h8", "h8")])
def test_a_bad_record_is_rejected_before_writing(tmp_path: Path, moves: tuple[str, ...]) -> None:
    model = small_event()
    game = Game("open", 2, 3, model.players[0].id, model.players[1].id, moves)
    target = tmp_path / "g.pdf"
    with pytest.raises(UserError) as error:
        pdf_games.write_game_sheets(model, [game], target)
    assert "第2轮 第3台" in error.value.message()
    assert not target.exists()


def test_parse_point_follows_the_board_convention() -> None:
    assert pdf_games.parse_point("h8") == (7, 7)
    assert pdf_games.parse_point("a1") == (0, 0)
    assert pdf_games.parse_point("o15") == (14, 14)


def test_many_organisers_wrap_instead_of_shrinking_away(tmp_path: Path) -> None:
    model = small_event()
    organisers = ("国家体育总局群体司", "中华全国体育总会群体部", "国家体育总局棋牌运动管理中心",
                  "中国棋院", "中国棋院杭州分院", "绍兴市人民政府", "浙江日报报业集团")
    crowded = replace(model, event=replace(model.event, organisers=organisers))
    path = certificates.write_certificates(crowded, tmp_path / "c.pdf", model.awards[:1])
    lines = [line.strip() for line in pdf_text(path).splitlines() if line.strip()]
    organiser_lines = [line for line in lines if any(o in line for o in organisers)]
    assert 2 <= len(organiser_lines) <= 3
    assert all(o in squeezed(" ".join(organiser_lines)) for o in organisers)
    assert words_outside_page(path, margin=20) == []


def test_wrap_lines_breaks_after_separators() -> None:
    from app.exports.fonts import KAI, register_fonts

    register_fonts()
    text = "中国棋院　绍兴市体育局　浙江省棋类协会"
    assert certificates.wrap_lines(text, 1000, 16, KAI, 3) == [text]
    lines = certificates.wrap_lines(text, 180, 16, KAI, 3)
    assert lines == ["中国棋院　绍兴市体育局", "浙江省棋类协会"]


@pytest.mark.parametrize(
    ("line", "fragment"),
    [({"text": "x", "y_mm": "10"}, "y_mm"), ({"text": "x", "y_mm": 1, "max_lines": 0},
                                              "max_lines"),
     ({"text": "x", "y_mm": 1, "size": 0}, "size")],
)
def test_template_numbers_are_checked(tmp_path: Path, line: dict[str, object],
                                      fragment: str) -> None:
    file = tmp_path / "t.json"
    file.write_text(json.dumps({"lines": [line]}), encoding="utf-8")
    with pytest.raises(UserError) as error:
        certificates.load_template(file)
    assert fragment in error.value.message()
