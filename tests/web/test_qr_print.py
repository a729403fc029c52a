"""The QR code printed on the pairing lists: it encodes the group's venue page, module by
module, and appears on the lists once the server's address is known."""

from __future__ import annotations

import subprocess
from pathlib import Path

import segno
from reportlab.pdfgen.canvas import Canvas

from app.exports.pdf_lists import write_pairings_by_board, write_pairings_by_name
from app.exports.pdf_qr import QUIET_ZONE, draw_qr, group_page_address
from app.services import venue
from app.services.event import Event
from app.services.exporting import build_model
from tests.web.conftest import GROUP

ADDRESS = "http://192.168.1.20:8000/"


def _pixels(pdf: Path, out: Path, dpi: int) -> tuple[int, int, bytes]:
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-singlefile", str(pdf), str(out)],
                   check=True)
    data = (out.with_suffix(".pgm")).read_bytes()
    # P5 header: magic, width height, maxval, then the bytes
    parts = data.split(b"\n", 3)
    width, height = (int(v) for v in parts[1].split())
    return width, height, parts[3]


def test_the_drawn_code_matches_the_qr_of_the_address_module_by_module(tmp_path: Path) -> None:
    address = group_page_address(ADDRESS, GROUP)
    assert address == "http://192.168.1.20:8000/groups/%E5%85%AC%E5%BC%80%E7%BB%84/pairings"
    pdf = tmp_path / "qr.pdf"
    side = 200.0
    canvas = Canvas(str(pdf), pagesize=(side, side))
    draw_qr(canvas, address, 0, 0, side)
    canvas.save()
    width, height, pixels = _pixels(pdf, tmp_path / "qr", 144)
    rows = [list(r) for r in segno.make_qr(address, error="m").matrix_iter(
        scale=1, border=QUIET_ZONE)]
    module = width / len(rows)
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            x, y = int((c + 0.5) * module), int((r + 0.5) * module)
            assert (pixels[y * width + x] < 128) == bool(dark), (r, c)


def test_the_pairing_lists_carry_the_code_once_the_address_is_known(tmp_path: Path) -> None:
    from tests.web.conftest import build_event

    path = tmp_path / "event.db"
    build_event(path)
    with Event.open(path) as event:
        without = build_model(event)
        venue.set_venue_address(event, ADDRESS)
        model = build_model(event)
    key = model.groups[0].key
    assert model.event.venue_address == ADDRESS and without.event.venue_address == ""
    for write in (write_pairings_by_board, write_pairings_by_name):
        pdf = write(model, key, 1, tmp_path / f"{write.__name__}.pdf")
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert f"{ADDRESS}groups/{GROUP}/pairings" in text and "扫码" in text
        plain = write(without, key, 1, tmp_path / f"plain-{write.__name__}.pdf")
        text = subprocess.run(["pdftotext", str(plain), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert "扫码" not in text


def test_each_player_s_confirmation_code_is_on_the_slip_where_the_group_enables_it(
        tmp_path: Path) -> None:
    from app.exports.pdf_slips import write_result_slips
    from tests.web.conftest import build_event

    path = tmp_path / "event.db"
    build_event(path)
    with Event.open(path) as event:
        plain = build_model(event)
        venue.set_player_confirmation(event, GROUP, True)
        model = build_model(event)
        codes = venue.slip_codes(event, GROUP, 1)
    key = model.groups[0].key
    assert sorted(codes) == [1, 2, 3, 4, 5]  # board 6 is the bye
    text = subprocess.run(["pdftotext", str(write_result_slips(model, key, 1, tmp_path / "s.pdf")),
                           "-"], capture_output=True, text=True, check=True).stdout
    for first, second in codes.values():
        assert f"确认码 {first}" in text and f"确认码 {second}" in text
    text = subprocess.run(["pdftotext", str(write_result_slips(plain, key, 1, tmp_path / "p.pdf")),
                           "-"], capture_output=True, text=True, check=True).stdout
    assert "确认码" not in text
