"""Helpers for export tests: a small finished event, and poppler's pdftotext/pdffonts/pdfinfo
(poppler-utils, installed by .ci/run)."""

from __future__ import annotations

import re
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any

from app.exports.model import ExportModel
from app.exports.xlsx import PAGE_NUMBER
from tests.exports.sample import sample_model


@lru_cache(maxsize=4)
def small_event(players: int = 30, rounds: int = 5, women: int = 6) -> ExportModel:
    return sample_model(players=players, rounds=rounds, seed=7, women_round_robin=women)


def pdf_text(path: Path, page: int | None = None) -> str:
    args = ["pdftotext", "-enc", "UTF-8"]
    if page is not None:
        args += ["-f", str(page), "-l", str(page)]
    result = subprocess.run([*args, str(path), "-"], capture_output=True, check=True)
    return result.stdout.decode("utf-8")


def pdf_layout_lines(path: Path, page: int | None = None) -> list[str]:
    """The text with the page layout kept (table rows stay on one line)."""
    args = ["pdftotext", "-layout", "-enc", "UTF-8"]
    if page is not None:
        args += ["-f", str(page), "-l", str(page)]
    result = subprocess.run([*args, str(path), "-"], capture_output=True, check=True)
    return result.stdout.decode("utf-8").splitlines()


def footer_legend(sheet: Any) -> str:
    """The legend a workbook sheet prints in its footer: the footer's centre above the page
    number's line (`app.exports.xlsx.print_legend`)."""
    legend, _, page = (sheet.oddFooter.center.text or "").rpartition("\n")
    assert page == PAGE_NUMBER
    return legend


SOFFICE = "/usr/bin/soffice"  # Debian's LibreOffice (README, .ci/run): the receivers' reader


def office_pdf(document: Path, out: Path) -> Path:
    """`document` (a workbook, a Word file) printed to PDF by LibreOffice, as a receiver
    opens and prints it; a profile of its own, so that runs in parallel do not share one."""
    profile = out / "office-profile"
    subprocess.run([SOFFICE, f"-env:UserInstallation={profile.as_uri()}", "--headless",
                    "--convert-to", "pdf", "--outdir", str(out), str(document)],
                   capture_output=True, check=True, timeout=180)
    printed = out / f"{document.stem}.pdf"
    assert printed.exists(), f"LibreOffice printed no {printed.name}"
    return printed


def squeezed(text: str) -> str:
    """Text without any whitespace (wrapped cells break names across lines)."""
    return re.sub(r"\s+", "", text)


def pdf_fonts(path: Path) -> list[tuple[str, str, str]]:
    """(name, type, embedded yes/no) of every font in the PDF."""
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, check=True,
                         text=True).stdout.splitlines()[2:]
    rows = []
    for line in out:
        parts = line.split()
        # name type [type2] encoding emb sub uni id gen
        rows.append((parts[0], parts[1], parts[-5]))
    return rows


def pdf_pages(path: Path) -> int:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, check=True,
                         text=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))  # type: ignore[union-attr]


def page_size(path: Path) -> tuple[float, float]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, check=True,
                         text=True).stdout
    match = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", out, re.M)
    assert match is not None
    return float(match.group(1)), float(match.group(2))


def word_heights(path: Path) -> list[tuple[str, float]]:
    """Every word of the PDF (pdftotext -bbox: a table cell of Chinese text is one word) with
    its height, which goes with the size it is printed at."""
    html = subprocess.run(["pdftotext", "-bbox", "-enc", "UTF-8", str(path), "-"],
                          capture_output=True, check=True).stdout.decode("utf-8")
    return [(word.group(3), float(word.group(2)) - float(word.group(1)))
            for word in re.finditer(r'<word xMin="[-\d.]+" yMin="([-\d.]+)" xMax="[-\d.]+" '
                                    r'yMax="([-\d.]+)">(.*)</word>', html)]


def words_outside_page(path: Path, margin: float = 0.0) -> list[str]:
    """Words whose bounding box leaves the page (pdftotext -bbox), i.e. overflowing text."""
    html = subprocess.run(["pdftotext", "-bbox", "-enc", "UTF-8", str(path), "-"],
                          capture_output=True, check=True).stdout.decode("utf-8")
    bad = []
    width = height = 0.0
    for line in html.splitlines():
        page = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', line)
        if page:
            width, height = float(page.group(1)), float(page.group(2))
            continue
        word = re.search(r'xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" '
                         r'yMax="([-\d.]+)">(.*)</word>', line)
        if word:
            x0, y0, x1, y1 = (float(word.group(i)) for i in range(1, 5))
            if x0 < margin or y0 < margin or x1 > width - margin or y1 > height - margin:
                bad.append(word.group(5))
    return bad


def assert_all_fonts_embedded(path: Path) -> None:
    fonts = pdf_fonts(path)
    assert fonts, f"{path.name} has no fonts"
    not_embedded = [f for f in fonts if f[2] != "yes"]
    assert not not_embedded, f"{path.name}: fonts not embedded: {not_embedded}"
    assert all(f[1] == "TrueType" for f in fonts), fonts
