"""Result slips as printed: every slip of a round carries what all share (drawn once per
document and placed on each slip) and its own board's players, on the page it belongs to."""

from __future__ import annotations

from pathlib import Path

from app.exports import pdf_slips
from tests.exports.helpers import pdf_pages, pdf_text, small_event, squeezed, words_outside_page


def test_each_slip_has_the_shared_texts_and_its_own_board(tmp_path: Path) -> None:
    model = small_event()
    group = model.groups[0]
    boards = [b for b in model.round(group.key, 2).boards if b.second is not None]
    path = pdf_slips.write_result_slips(model, group.key, 2, tmp_path / "s.pdf")
    per_page = pdf_slips.slips_per_page(group)
    assert pdf_pages(path) == -(-len(boards) // per_page)
    for page in range(1, pdf_pages(path) + 1):
        text = squeezed(pdf_text(path, page))
        on_page = boards[(page - 1) * per_page:page * per_page]
        for label in ("裁判签名", "黑方签名", "先手（黑）", "后手（白）", "日期时间"):
            assert text.count(label) == len(on_page), (page, label)
        assert text.count(squeezed(model.event.title)) == len(on_page)
        for board in on_page:
            assert f"第{board.number}台" in text
            for player in (board.first, board.second):
                assert player is not None
                assert squeezed(model.player(player).name) in text
    assert words_outside_page(path) == []
