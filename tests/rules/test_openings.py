"""The 26 designated openings (指定开局, Chinese 2013 rules = RIF 26-opening rule)."""

from __future__ import annotations

import json

import pytest

from app.errors import UserError
from app.rules.board import SYMMETRIES, Position, transform
from app.rules.openings import (
    OPENINGS,
    equivalent,
    find_opening,
    recognise,
    second_stone_allowed,
    stabiliser,
)

from .helpers import DATA, pt


def test_table_agrees_with_reference_data() -> None:
    data = json.loads((DATA / "openings.json").read_text(encoding="utf-8"))["openings"]
    assert len(OPENINGS) == len(data) == 26
    for opening, item in zip(OPENINGS, data, strict=True):
        assert (opening.no, opening.code, opening.name_zh, opening.name_ja) == (
            item["no"], item["code"], item["name_zh"], item["name_ja"])
        first, second, third = (pt(m) for m in item["moves"])
        assert recognise(first, second, third) == opening
        if item["third_mirror_equivalent"]:
            assert recognise(first, second, pt(item["third_mirror_equivalent"])) == opening


@pytest.mark.parametrize("opening", OPENINGS, ids=[o.code for o in OPENINGS])
def test_every_symmetry_is_the_same_opening(opening) -> None:  # noqa: ANN001
    for k in SYMMETRIES:
        stones = tuple(transform(p, k) for p in opening.canonical())
        assert recognise(*stones) == opening


def test_openings_are_distinct_under_symmetry() -> None:
    images = [
        {tuple(transform(p, k) for p in o.canonical()) for k in SYMMETRIES} for o in OPENINGS
    ]
    for i, a in enumerate(images):
        for b in images[i + 1 :]:
            assert not a & b


def test_thirteen_direct_and_thirteen_indirect() -> None:
    assert sum(o.direct for o in OPENINGS) == 13
    assert {o.kind_zh for o in OPENINGS} == {"直指", "斜指"}


def test_not_an_opening() -> None:
    assert recognise(pt("h8"), pt("h9"), pt("l12")) is None  # third stone outside 5x5
    assert recognise(pt("g7"), pt("h9"), pt("h10")) is None  # first stone off the centre
    assert recognise(pt("h8"), pt("h10"), pt("h11")) is None  # second stone not adjacent


def test_second_stone() -> None:
    assert second_stone_allowed(pt("h9")) and second_stone_allowed(pt("g7"))
    assert not second_stone_allowed(pt("h10")) and not second_stone_allowed(pt("h8"))
    assert second_stone_allowed(pt("g8"), find_opening("花月"))
    assert not second_stone_allowed(pt("g9"), find_opening("花月"))
    assert second_stone_allowed(pt("g9"), find_opening("浦月"))


def test_find_opening_by_name_code_number() -> None:
    assert find_opening("浦月").code == "7I"
    assert find_opening("4d").name_zh == "花月"
    assert find_opening("Kagetsu").no == 4
    assert find_opening(26).name_zh == "彗星"
    with pytest.raises(UserError):
        find_opening("月亮")


def test_stabiliser_and_equivalent_points() -> None:
    symmetric = Position(frozenset({pt("h8"), pt("h10")}), frozenset({pt("h9"), pt("h7")}))
    keep = stabiliser(symmetric)
    assert len(keep) == 2 and 0 in keep
    assert equivalent(pt("g8"), pt("i8"), keep)
    assert not equivalent(pt("g8"), pt("g9"), keep)
    assert stabiliser(Position(frozenset({pt("h8")}))) == SYMMETRIES
