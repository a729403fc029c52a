"""The rounds view's printing: the pairing list as shown (对阵表), with a preview or saved as
a PDF, and the round's result slips (成绩记录单) as the export draws them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.errors import NoAnswer, UserError
from app.ui.i18n import tr

if TYPE_CHECKING:
    from app.ui.views.rounds import RoundsView


def print_refusal(view: RoundsView) -> str | None:
    """Why the round's lists cannot be printed now (None: they can)."""
    return tr("rounds_none") if view.round is None else None


def print_pairings(view: RoundsView, pdf: bool = False) -> bool:
    """The pairing list as shown, with a print preview, or saved as a PDF in the event's
    folder."""
    if view.round is None:
        return False
    from app.ui.printing import print_table  # Qt's print support loads when first printed

    title = tr("print_pairings_title", group=view.selected_group() or "",
               round=view.current_round_number() or "")
    return print_table(view, title, view.headers(), view.board_texts(),
                       pdf_folder=view.main.event_folder() if pdf else None)


def print_slips(view: RoundsView, pdf: bool = False) -> bool:
    """The round's result slips: shown in the PDF viewer to print, or saved as a PDF in the
    event's folder."""
    number, name = view.current_round_number(), view.selected_group()
    if view.round is None or number is None or name is None:
        return False
    title = tr("print_slips_title", group=name, round=number)
    from app.services import exporting  # the export stack (reportlab) loads when first printed
    from app.ui.printing import print_document

    event = view.ev
    try:
        return print_document(
            view, title, lambda path: exporting.write_result_slips(event, name, number, path),
            pdf_folder=view.main.event_folder() if pdf else None)
    except (UserError, NoAnswer) as error:
        view.main.refuse(error)
        return False
