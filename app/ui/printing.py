"""Printing a list as the window shows it: a print preview, or a PDF file in the event's
folder (Qt's own printing: the page is the table with its title and the date). A document
the export draws itself (the result slips) is shown in the system's PDF viewer, which is
its preview and prints it, or saved where the arbiter says."""

from __future__ import annotations

import datetime as dt
import html
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QRectF, QSizeF, QUrl
from PySide6.QtGui import QDesktopServices, QFont, QPageLayout, QPageSize, QPainter, QTextDocument
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QWidget

from app.ui import common
from app.ui.i18n import tr

WIDE = 10
"""A list with more columns than this (the crosstable: a column per round) is printed on a
landscape page, its cells unbroken (a name split over two lines is misread)."""


def table_document(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]
                   ) -> QTextDocument:
    """The list as a printable document: a title line, then the table with its headers."""
    wide = len(headers) > WIDE
    cell = "<td style='white-space:nowrap'>" if wide else "<td>"
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"{cell}{html.escape(str(c))}</td>" for c in row)
                   + "</tr>" for row in rows)
    document = QTextDocument()
    document.setProperty(LANDSCAPE, wide)
    document.setHtml(
        f"<h2>{html.escape(title)}</h2>"
        f"<p>{dt.date.today():%Y-%m-%d}</p>"
        "<table border='1' cellspacing='0' cellpadding='3' width='100%'>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    return document


LANDSCAPE = "landscape"  # the document's property: print it on a landscape page


def _printer(document: QTextDocument | None = None) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    landscape = document is not None and bool(document.property(LANDSCAPE))
    printer.setPageOrientation(QPageLayout.Orientation.Landscape if landscape
                               else QPageLayout.Orientation.Portrait)
    return printer


def show_preview(parent: QWidget, document: QTextDocument) -> bool:
    """The print preview (the arbiter prints from it); a module function so tests replace it.
    The dialog does not own its printer: the printer is held here until the dialog closes."""
    printer = _printer(document)
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.paintRequested.connect(document.print_)
    return bool(dialog.exec())


def write_pdf(document: QTextDocument, path: Path) -> Path:
    printer = _printer(document)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    document.print_(printer)
    return path


def print_table(parent: QWidget, title: str, headers: Sequence[str],
                rows: Sequence[Sequence[str]], pdf_folder: str | None = None) -> bool:
    """Print the list with a preview; with `pdf_folder`, save it as a PDF (the file dialog
    opens in that folder: the event's)."""
    document = table_document(title, headers, rows)
    if pdf_folder is None:
        return show_preview(parent, document)
    path = common.ask_save_path(parent, tr("save_pdf"), _start_path(title, pdf_folder),
                                tr("pdf_files"))
    if path is None:
        return False
    write_pdf(document, path)
    return True


Painting = Callable[[QPainter, QSizeF], None]
"""Paints a drawing (the bracket) into the size it is given, from (0, 0)."""


def _page_printer() -> QPrinter:
    """A landscape A4 page at the screen's resolution: a drawing laid out from the screen
    font's metrics is painted on paper with the same proportions (its text stays text)."""
    printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    printer.setPageOrientation(QPageLayout.Orientation.Landscape)
    return printer


def paint_page(printer: QPrinter, title: str, painting: Painting) -> None:
    """One page: the title and the date on top, the drawing fitted into the rest."""
    painter = QPainter(printer)
    page = QRectF(printer.pageRect(QPrinter.Unit.DevicePixel))
    font = QFont(painter.font())
    font.setPointSizeF(12)
    font.setBold(True)
    painter.setFont(font)
    line = painter.fontMetrics().height() * 1.5
    painter.drawText(QRectF(0, 0, page.width(), line), f"{title}    {dt.date.today():%Y-%m-%d}")
    painter.translate(0, line)
    painting(painter, QSizeF(page.width(), page.height() - line))
    painter.end()


def show_page_preview(parent: QWidget, render: Callable[[QPrinter], None]) -> bool:
    """The print preview of a drawing; a module function so tests replace it. The printer is
    held here until the dialog closes (the dialog does not own it)."""
    printer = _page_printer()
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.paintRequested.connect(render)
    return bool(dialog.exec())


def write_page_pdf(title: str, painting: Painting, path: Path) -> Path:
    printer = _page_printer()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    paint_page(printer, title, painting)
    return path


def _start_path(title: str, pdf_folder: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in title).strip("_")
    return str(Path(pdf_folder) / f"{safe or 'list'}.pdf") if pdf_folder else f"{safe}.pdf"


def print_painting(parent: QWidget, title: str, painting: Painting,
                   pdf_folder: str | None = None) -> bool:
    """Print a drawing (the knockout bracket) on a landscape page with a preview; with
    `pdf_folder`, save it as a PDF (the file dialog opens in that folder: the event's)."""
    if pdf_folder is None:
        return show_page_preview(parent, lambda printer: paint_page(printer, title, painting))
    path = common.ask_save_path(parent, tr("save_pdf"), _start_path(title, pdf_folder),
                                tr("pdf_files"))
    if path is None:
        return False
    write_page_pdf(title, painting, path)
    return True


Writing = Callable[[Path], Path]
"""Writes a finished PDF (drawn by the export) at the path it is given."""


def open_document(path: Path) -> bool:
    """The PDF in the system's viewer (preview and print); a module function so tests
    replace it."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


def print_document(parent: QWidget, title: str, write: Writing,
                   pdf_folder: str | None = None) -> bool:
    """Print a document the export draws: written to a temporary file and shown in the PDF
    viewer to print from; with `pdf_folder`, saved as a PDF where the arbiter says (the file
    dialog opens in that folder: the event's). A refused write raises the `UserError`."""
    if pdf_folder is None:
        folder = Path(tempfile.mkdtemp(prefix="gomoku-print-"))
        return open_document(write(Path(_start_path(title, str(folder)))))
    path = common.ask_save_path(parent, tr("save_pdf"), _start_path(title, pdf_folder),
                                tr("pdf_files"))
    if path is None:
        return False
    write(path)
    return True
