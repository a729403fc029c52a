"""The five regulations as ready-made event templates (resources/presets/*.json)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from app.errors import UserError

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
PRESET_DIR = RESOURCES / "presets"


@dataclass(frozen=True)
class PresetInfo:
    name: str
    title: str
    description: str
    groups: tuple[str, ...]


@cache
def _load(name: str) -> dict[str, Any]:
    path = PRESET_DIR / f"{name}.json"
    if not path.is_file():
        known = ", ".join(p.name for p in list_presets())
        raise UserError(
            f"没有名为“{name}”的预设（可用：{known}）",
            f"no preset named '{name}' (known: {known})",
            "--preset",
        )
    return json.loads(path.read_text(encoding="utf-8"))


def load_preset(name: str) -> dict[str, Any]:
    """The preset's settings as a fresh dict (callers may change their copy)."""
    return json.loads(json.dumps(_load(name)))


def list_presets() -> list[PresetInfo]:
    infos = []
    for path in sorted(PRESET_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        infos.append(
            PresetInfo(
                name=data["name"],
                title=data["title"],
                description=data["description"],
                groups=tuple(g["name"] for g in data["groups"]),
            )
        )
    return infos


def preset_info(name: str) -> PresetInfo | None:
    """The preset called `name` (its title and description, for the arbiter to read), None
    when there is none by that name (an event made by another version)."""
    return next((p for p in list_presets() if p.name == name), None)
