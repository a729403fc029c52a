"""Dialogs for one player (late entry 补报, edit) and for registering a team (队伍)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)

from app.services.queries import PlayerInfo
from app.ui.i18n import tr

TEXT_FIELDS = (("name", "col_name"), ("unit", "col_unit"), ("birth_date", "col_birth"),
               ("id_number", "col_id_number"), ("grade", "col_grade"),
               ("platform_id", "col_platform"), ("source", "col_source"))


class _SubmittingDialog(QDialog):
    """A dialog whose OK stores what was typed through `submit` (given its `values()`): a
    refusal is shown in `error` and the dialog stays open, what was typed kept for
    correcting; None (stored) closes it."""

    submit: Callable[..., str | None] | None
    error: QLabel

    def values(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def accept(self) -> None:
        if self.submit is not None:
            refusal = self.submit(*self.values())
            if refusal is not None:
                self.error.setText(refusal)
                return
        super().accept()


class PlayerDialog(_SubmittingDialog):
    """A form over one player's fields; `values()` gives (group, fields) to the services."""

    def __init__(self, parent: QWidget, player: PlayerInfo | None, groups: list[str],
                 group: str, origin: str = "",
                 submit: Callable[[str, dict[str, Any]], str | None] | None = None) -> None:
        """`origin` says which list the player was imported from (shown, not edited).
        `submit` stores what was typed and says why not (None: stored): a refused player
        keeps the dialog open, everything typed still in it and the reason shown in it (as
        the team dialog does), rather than closing on what the arbiter must type again."""
        super().__init__(parent)
        self.setWindowTitle(tr("player_dialog_edit" if player else "player_dialog_add"))
        self.player = player
        self.submit = submit
        self.error = QLabel()
        self.error.setObjectName("player_error")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        form = QFormLayout(self)
        self.group = QComboBox()
        self.group.addItems(groups)
        self.group.setCurrentText(group)
        self.group.setEnabled(player is None)
        form.addRow(tr("col_group"), self.group)
        self.edits: dict[str, QLineEdit] = {}
        for key, label in TEXT_FIELDS:
            edit = QLineEdit()
            if player is not None:
                value = getattr(player, key)
                edit.setText("" if value is None else str(value))
            if key == "birth_date":
                edit.setPlaceholderText("YYYY-MM-DD")
            self.edits[key] = edit
            form.addRow(tr(label), edit)
        self.gender = QComboBox()
        self.gender.addItem("", "")
        self.gender.addItem(tr("gender_m"), "M")
        self.gender.addItem(tr("gender_f"), "F")
        if player is not None:
            self.gender.setCurrentIndex(max(self.gender.findData(player.gender), 0))
        form.addRow(tr("col_gender"), self.gender)
        self.origin = QLabel(origin)
        self.origin.setObjectName("player_origin")
        self.origin.setWordWrap(True)
        if origin:
            form.addRow(tr("player_origin"), self.origin)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("ok"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("cancel"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(self.error)
        form.addRow(buttons)
        self.edits["name"].setFocus()  # the name is typed first (the group is chosen for it)

    def values(self) -> tuple[str, dict[str, Any]]:
        fields: dict[str, Any] = {k: e.text().strip() for k, e in self.edits.items()}
        if not fields["birth_date"]:
            fields["birth_date"] = None
        fields["gender"] = self.gender.currentData() or ""
        if self.player is not None:  # only what changed
            fields = {k: v for k, v in fields.items()
                      if (getattr(self.player, k) if k != "birth_date"
                          else (str(self.player.birth_date) if self.player.birth_date else None))
                      != v}
        return self.group.currentText(), fields


class TeamDialog(_SubmittingDialog):
    """A team's name and unit, and its players one per line in board order: `姓名 男`."""

    def __init__(self, parent: QWidget,
                 submit: Callable[[str, str, list[tuple[str, str]]], str | None] | None = None,
                 team: Any = None) -> None:
        """`submit` stores the team and says why not (None: stored); a refused team keeps
        the dialog open with everything typed, and the reason shown in it. With `team` (a
        registered team) the dialog starts from its name, unit and players by board."""
        super().__init__(parent)
        self.submit = submit
        self.setWindowTitle(tr("players_team_edit" if team is not None else "players_team"))
        self.error = QLabel()
        self.error.setObjectName("team_error")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        form = QFormLayout(self)
        self.name = QLineEdit()
        self.unit = QLineEdit()
        self.members = QPlainTextEdit()
        self.members.setPlaceholderText(tr("team_members_example"))
        form.addRow(tr("teams_name"), self.name)
        form.addRow(tr("teams_unit"), self.unit)
        form.addRow(QLabel(tr("team_members_hint")))
        form.addRow(self.members)
        if team is not None:
            self.name.setText(team.name)
            self.unit.setText(team.unit)
            genders = {"M": tr("gender_m"), "F": tr("gender_f")}
            self.members.setPlainText("\n".join(f"{name} {genders.get(gender, gender)}".strip()
                                                 for _id, name, gender in team.members))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("ok"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("cancel"))
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(self.error)
        form.addRow(buttons)

    def values(self) -> tuple[str, str, list[tuple[str, str]]]:
        members = []
        for line in self.members.toPlainText().splitlines():
            parts = line.split()
            if parts:
                gender = {"男": "M", "女": "F", "m": "M", "f": "F"}.get(
                    parts[-1].lower() if parts[-1].isascii() else parts[-1], parts[-1]) \
                    if len(parts) > 1 else ""
                name = " ".join(parts[:-1]) if len(parts) > 1 else parts[0]
                members.append((name, gender.upper()))
        return self.name.text().strip(), self.unit.text().strip(), members
