"""Certificates (奖状) for the awarded places only (qiwang 2022 十五1: 公开组取前16名，女子单独取前6名
… 授予奖金和奖状; 十五4: places 17-30 may apply for a grade title, which is no certificate),
unless the event asks for more, by a group setting its 秩序册 states; checked on the PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.services.event import Event
from app.services.exporting import build_model, export
from app.services.groups import update_group
from tests.exports.helpers import pdf_pages, pdf_text, squeezed

OPEN = "公开组"


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from app.services.demo import build_demo

    path = tmp_path_factory.mktemp("demo") / "qiwang.db"
    build_demo(path, "qiwang-2022", seed=7).close()
    return path


def _certificates(event: Event, out: Path) -> tuple[list[str], str]:
    """Each certificate page's text, and the 秩序册's."""
    written = {p.name: p for p in export(event, out, only=["奖状", "秩序册（PDF）"])}
    pdf = written["奖状.pdf"]
    pages = [squeezed(pdf_text(pdf, k)) for k in range(1, pdf_pages(pdf) + 1)]
    booklet = next(p for name, p in written.items() if "秩序册" in name and name.endswith(".pdf"))
    return pages, squeezed(pdf_text(booklet))


def _open_places(pages: list[str]) -> list[str]:
    return [m.group(1) for p in pages
            if (m := re.search(r"公开组比赛中荣获(?:并列)?第(.+?)名", p))]


def test_only_the_awarded_places_get_a_certificate(demo_file: Path, tmp_path: Path) -> None:
    with Event.open(demo_file) as event:
        model = build_model(event)
        pages, booklet = _certificates(event, tmp_path / "out")
    prized = [a for a in model.awards if a.prize]
    titled_only = [a for a in model.awards if a.grade_title and not a.prize]
    assert titled_only  # places 17-30 may apply for a title: no certificate for them
    assert len(pages) == len(prized)
    places = _open_places(pages)
    assert places and "十七" not in places and "二十" not in places and "三十" not in places
    assert "奖状颁发给录取名次（获奖金或奖品的名次）" in booklet


def test_an_event_may_give_certificates_to_every_titled_place_and_says_so(
        demo_file: Path, tmp_path: Path) -> None:
    copy = tmp_path / "demo.db"
    copy.write_bytes(demo_file.read_bytes())
    with Event.open(copy) as event:
        update_group(event, OPEN, settings={"certificates": "placed"})
        model = build_model(event)
        pages, booklet = _certificates(event, tmp_path / "out")
    opened = [a for a in model.awards if a.ranking == OPEN and (a.prize or a.grade_title)]
    assert len(_open_places(pages)) == len(opened) and "三十" in _open_places(pages)
    assert "公开组：奖状颁发给录取名次及获得可申请等级称号的名次" in booklet
