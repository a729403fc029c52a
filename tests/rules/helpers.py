"""Helpers for the rules tests: build positions from names, read the labelled data files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.rules.board import Point, Position, format_point, parse_point

DATA = Path(__file__).resolve().parent.parent / "data" / "renju"


def pos(black: str = "", white: str = "") -> Position:
    """`pos("h8 h9", "i9")` -> a position."""
    return Position.of(
        [parse_point(t) for t in black.split()], [parse_point(t) for t in white.split()]
    )


def names(points: Any) -> list[str]:
    return [format_point(p) for p in points]


def pt(name: str) -> Point:
    return parse_point(name)


def records(file_name: str) -> list[dict[str, Any]]:
    with open(DATA / file_name, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def position_of(record: dict[str, Any]) -> Position:
    return Position.of(
        [parse_point(t) for t in record["black"]], [parse_point(t) for t in record["white"]]
    )
