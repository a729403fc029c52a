"""The 秩序册 and 成绩册 name every organiser role the regulation names (issue 24, item 10):
qiwang 2022 一 主办单位, 二 冠名单位, 三 承办单位, 四 协办单位; shenzhen 2022 二 资助单位; the
note on who appoints the arbiters is labelled, not a stray line under 裁判人员."""

from __future__ import annotations

import subprocess
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from app.exports import booklet, docx_booklet, pdf_booklet
from app.services.event import Event
from app.services.exporting import build_model
from tests.exports.helpers import pdf_layout_lines, squeezed

Make = Callable[..., Event]
QIWANG = {
    "主办单位": ("国家体育总局群体司", "浙江日报报业集团"),
    "冠名单位": ("浙江嘉绍跨江大桥投资发展有限公司",),
    "承办单位": ("绍兴市体育局", "杭州市棋类协会", "杭州弈战数字技术有限公司"),
    "协办单位": ("杭州文广投资控股有限公司", "杭州天元大厦有限公司"),
}


def page_text(path: Path, page: int) -> str:
    return squeezed(subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(path),
                                    "-"], capture_output=True, text=True, check=True).stdout)


@pytest.mark.parametrize("book", [booklet.order_book, booklet.result_book])
def test_the_booklets_name_every_organiser_role_of_the_regulation(
        make_event: Make, tmp_path: Path, book: Callable[..., booklet.Booklet]) -> None:
    event = make_event("qiwang-2022", "公开组", players=4)
    model = build_model(event)
    content = book(model)
    path = pdf_booklet.write_booklet_pdf(model, content, tmp_path / "b.pdf")
    cover = page_text(path, 1)
    body = squeezed("\n".join(pdf_layout_lines(path)))
    for role, names in QIWANG.items():
        assert role in cover and role in body, role
        for name in names:
            assert name in cover and name in body, name
    # the 组织机构 table: each body on its role's lines, the role named once
    lines = [line.split() for line in pdf_layout_lines(path)]
    assert ["承办单位", "绍兴市体育局"] in lines and ["杭州市棋类协会"] in lines
    # who appoints the arbiters is said as such, not a bare line among the officials
    note = next(line for line in pdf_layout_lines(path) if "选派" in line)
    assert note.strip().startswith("选派办法：")
    docx = docx_booklet.write_booklet_docx(model, content, tmp_path / "b.docx")
    with zipfile.ZipFile(docx) as archive:
        xml = archive.read("word/document.xml").decode("utf-8")
    for role, names in QIWANG.items():
        assert role in xml and all(name in xml for name in names)


def test_a_sponsor_role_of_its_own_is_named(make_event: Make, tmp_path: Path) -> None:
    """shenzhen 2022 二、资助单位 中国体育彩票公益基金."""
    event = make_event("shenzhen-2022", name="sz.db")
    model = build_model(event)
    roles = {r.role: r.names for r in model.event.roles}
    assert roles["资助单位"] == ("中国体育彩票公益基金",)
    assert roles["承办单位"] == ("深圳市博弈棋类文化传播有限公司",)
    assert roles["协办单位"] == ("深圳市棋类协会",)
    path = pdf_booklet.write_booklet_pdf(model, booklet.order_book(model), tmp_path / "o.pdf")
    assert "资助单位：中国体育彩票公益基金" in page_text(path, 1)
