"""The knockout bracket sheet as a federation posts it (issue 24, item 12): landscape A4 or A3,
names at 10 pt (labels 9 pt), no line crossing another or a match, every place band of a
full-placement knockout (huazhi 六、(三)5) drawn as its own bracket; checked on the layout and
on the PDF (pdftotext -bbox, pdfinfo)."""

from __future__ import annotations

import re
import subprocess
from itertools import combinations
from pathlib import Path

import pytest

from app.exports import pdf_bracket
from app.exports.model import Bracket, BracketMatch, ExportModel, Group
from app.pairing.system import System
from tests.exports.helpers import page_size, pdf_text, squeezed
from tests.exports.sample import sample_model

Segment = tuple[float, float, float, float]


def full_placement(teams: int, reverse_later: bool = False) -> Bracket:
    """A finished knockout with full placement: seed k beats seed k+1... the better seed wins;
    match k of a band is fed by matches 2k-1 and 2k of the band before (`reverse_later`:
    later rounds numbered the other way round, as a service may number them)."""
    names = [f"第{k}号代表队" for k in range(1, teams + 1)]
    seed = {name: k for k, name in enumerate(names)}
    bands: list[tuple[tuple[int, int], list[tuple[str, str]]]] = [
        ((1, teams), [(names[k], names[teams - 1 - k]) for k in range(teams // 2)])]
    rounds = []
    number_round = 1
    while bands:
        matches, next_bands = [], []
        for (lo, hi), pairs in bands:
            won, lost = [], []
            for top, bottom in pairs:
                winner = min(top, bottom, key=seed.__getitem__)
                won.append(winner)
                lost.append(bottom if winner == top else top)
                matches.append(((lo, hi), top, bottom, winner))
            if hi - lo > 1:
                mid = (lo + hi) // 2
                next_bands += [((lo, mid), list(zip(won[::2], won[1::2], strict=True))),
                               ((mid + 1, hi), list(zip(lost[::2], lost[1::2], strict=True)))]
        order = list(reversed(matches)) if reverse_later and number_round > 1 else matches
        rounds.append(tuple(BracketMatch(number_round, k, top, bottom, winner, band,
                                         final=band[1] - band[0] == 1)
                            for k, (band, top, bottom, winner) in enumerate(order, start=1)))
        bands = [(band, pairs) for band, pairs in next_bands if pairs]
        number_round += 1
    return Bracket("ko", tuple(rounds))


def crosses(a: Segment, b: Segment) -> bool:
    """Two axis-parallel segments meet other than at an end they share."""
    def span(lo: float, hi: float) -> tuple[float, float]:
        return (min(lo, hi), max(lo, hi))
    ax, ay, bx, by = (span(a[0], a[2]), span(a[1], a[3]), span(b[0], b[2]), span(b[1], b[3]))
    overlap_x = min(ax[1], bx[1]) - max(ax[0], bx[0])
    overlap_y = min(ay[1], by[1]) - max(ay[0], by[0])
    if overlap_x < -0.01 or overlap_y < -0.01:
        return False
    ends = {(round(a[0], 2), round(a[1], 2)), (round(a[2], 2), round(a[3], 2))}
    if {(round(b[0], 2), round(b[1], 2)), (round(b[2], 2), round(b[3], 2))} & ends:
        return False
    return True


def inside(segment: Segment, box: pdf_bracket.Box) -> bool:
    """A segment passing through a match box (not just touching its edge)."""
    x1, x2 = sorted((segment[0], segment[2]))
    y1, y2 = sorted((segment[1], segment[3]))
    return (x1 < box.x + box.width - 0.5 and x2 > box.x + 0.5
            and y1 < box.y + 2 * pdf_bracket.ROW - 0.5 and y2 > box.y + 0.5)


@pytest.mark.parametrize("teams,reverse", [(16, False), (16, True), (8, False), (32, False)])
def test_no_line_crosses_another_or_a_match(teams: int, reverse: bool) -> None:
    bracket = full_placement(teams, reverse)
    plan = pdf_bracket.layout(bracket, 700)
    assert len(plan.boxes) == sum(len(r) for r in bracket.rounds)
    assert not [(a, b) for a, b in combinations(plan.segments, 2) if crosses(a, b)]
    assert not [(s, b.match.number) for s in plan.segments for b in plan.boxes if inside(s, b)]
    for one, other in combinations(plan.boxes, 2):  # no two matches on top of each other
        apart_x = one.x + one.width <= other.x or other.x + other.width <= one.x
        apart_y = one.y + 2 * pdf_bracket.ROW + pdf_bracket.LABEL_SPACE <= other.y or \
            other.y + 2 * pdf_bracket.ROW + pdf_bracket.LABEL_SPACE <= one.y
        assert apart_x or apart_y, (one.match, other.match)


def test_every_place_band_has_its_bracket_and_every_match_sits_between_its_feeders() -> None:
    """huazhi 六、(三)5: winners of round 1 play for 1-8, losers for 9-16, and so on."""
    bracket = full_placement(16)
    titles = [tree.title for tree in pdf_bracket.trees(bracket)]
    assert titles[0] == "第1-16名" and titles[1].startswith("第9-16名")
    assert len(titles) == 8  # 1-16, 9-16, 5-8, 13-16, and the four last matches' own bands
    plan = pdf_bracket.layout(bracket, 700)
    at = {(b.match.round, b.match.number): b for b in plan.boxes}
    final = next(b for b in plan.boxes if b.match.places == (1, 2))
    semis = [b for b in plan.boxes if b.match.places == (1, 4)]
    assert min(s.middle for s in semis) < final.middle < max(s.middle for s in semis)
    assert all(s.x < final.x for s in semis) and len(at) == len(plan.boxes)


def model_with(bracket: Bracket) -> ExportModel:
    base = sample_model(players=8, rounds=1, seed=3)
    return ExportModel(event=base.event, groups=(Group("ko", "决赛", System.KNOCKOUT),),
                       players=(), brackets=(bracket,))


def word_heights(path: Path) -> dict[str, float]:
    html = subprocess.run(["pdftotext", "-bbox", "-enc", "UTF-8", str(path), "-"],
                          capture_output=True, check=True).stdout.decode("utf-8")
    heights: dict[str, float] = {}
    for y0, y1, word in re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<',
                                   html):
        heights[word] = min(heights.get(word, 99.0), float(y1) - float(y0))
    return heights


@pytest.mark.parametrize("teams,sheet", [(16, "A3"), (8, "A4")])
def test_the_sheet_prints_every_name_at_nine_points_or_more_on_a_landscape_sheet(
        tmp_path: Path, teams: int, sheet: str) -> None:
    bracket = full_placement(teams)
    path = pdf_bracket.write_bracket(model_with(bracket), bracket, tmp_path / "b.pdf")
    width, height = page_size(path)
    assert width > height
    assert (round(width), round(height)) == ({"A3": (1191, 842), "A4": (842, 595)}[sheet])
    heights = word_heights(path)
    names = {n for r in bracket.rounds for m in r for n in (m.top, m.bottom)}
    assert names <= set(heights)
    # a 9 pt glyph box of the embedded font is 8.67 pt high
    assert min(heights[name] for name in names) >= 8.6
    labels = [h for w, h in heights.items() if w.startswith("第") and "轮第" in w]
    assert labels and min(labels) >= 8.6
    text = squeezed(pdf_text(path))
    assert "第1名第1号代表队" in text and f"第{teams}名第{teams}号代表队" in text
