"""Every labelled position of tests/data/renju must be judged exactly as labelled."""

from __future__ import annotations

import pytest

from app.rules.board import format_point
from app.rules.judge import RuleSet, judge_position

from .helpers import position_of, records

POSITIONS = records("positions.jsonl")
TRICKY = records("tricky_cases.jsonl")


def _as_labels(verdict):  # noqa: ANN001, ANN202 - local helper
    return (
        {format_point(p): k for p, k in sorted(verdict.forbidden.items())},
        [format_point(p) for p in verdict.black_five],
        [format_point(p) for p in verdict.white_five],
    )


def _mismatches(batch: list[dict]) -> list[str]:
    wrong = []
    for record in batch:
        got = _as_labels(judge_position(position_of(record)))
        expected = (record["forbidden"], record["black_five"], record["white_five"])
        if got != expected:
            wrong.append(f"{record['id']}: got {got}, expected {expected}")
    return wrong


def test_data_sizes() -> None:
    assert len(POSITIONS) == 1500
    assert len(TRICKY) == 71


@pytest.mark.parametrize("start", range(0, 1500, 250))
def test_positions_match_labels(start: int) -> None:
    assert _mismatches(POSITIONS[start : start + 250]) == []


@pytest.mark.parametrize("record", TRICKY, ids=[r["id"] for r in TRICKY])
def test_tricky_case(record: dict) -> None:
    assert _mismatches([record]) == []
    if "forbidden_all_kinds" in record:
        verdict = judge_position(position_of(record))
        got = {format_point(p): sorted(k) for p, k in verdict.forbidden_all_kinds.items()}
        for name, kinds in record["forbidden_all_kinds"].items():
            assert got[name] == sorted(kinds)


def test_other_reading_of_five_completion() -> None:
    """Where a record gives the verdict under the reading that ignores the RIF clause
    "without at the same time making a five", the option reproduces it."""
    checked = 0
    for record in POSITIONS + TRICKY:
        other = record.get("forbidden_if_five_completion_counts")
        if other is None:
            continue
        verdict = judge_position(position_of(record), five_completion_counts=True)
        assert {format_point(p): k for p, k in verdict.forbidden.items()} == other, record["id"]
        variant = judge_position(position_of(record), RuleSet.RENJU_JRF)  # the named variant
        assert variant.forbidden == verdict.forbidden, record["id"]
        checked += 1
    assert checked >= 10
