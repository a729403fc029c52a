"""A slow, plain reference judge for property tests, written from the RIF definitions in a
different shape from `app.rules.judge` (segments of five cells instead of cached windows)."""

from __future__ import annotations

from app.rules.board import Point, on_board

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _run(black: frozenset[Point], p: Point, d: tuple[int, int]) -> int:
    n = 1
    for sign in (1, -1):
        c, r = p[0] + sign * d[0], p[1] + sign * d[1]
        while (c, r) in black:
            n += 1
            c, r = c + sign * d[0], r + sign * d[1]
    return n


def _empty(p: Point, black: frozenset[Point], white: frozenset[Point]) -> bool:
    return on_board(p) and p not in black and p not in white


def _five_points(black: frozenset[Point], white: frozenset[Point], p: Point,
                 d: tuple[int, int]) -> set[Point]:
    """Empty points q of the line through p such that q makes exactly five with p in it."""
    out = set()
    for start in range(-4, 1):  # segments of five cells that hold p
        cells = [(p[0] + (start + i) * d[0], p[1] + (start + i) * d[1]) for i in range(5)]
        holes = [c for c in cells if c not in black]
        if len(holes) != 1 or not _empty(holes[0], black, white):
            continue
        before = (cells[0][0] - d[0], cells[0][1] - d[1])
        after = (cells[4][0] + d[0], cells[4][1] + d[1])
        if before not in black and after not in black:
            out.add(holes[0])
    return out


def status(black: frozenset[Point], white: frozenset[Point], p: Point,
           five_counts: bool = False) -> str | None:
    """'five', 'overline', '44', '33' or None for black playing the empty point p."""
    b = black | {p}
    runs = [_run(b, p, d) for d in DIRECTIONS]
    if 5 in runs:
        return "five"
    if max(runs) >= 6:
        return "overline"
    fours = []
    for d in DIRECTIONS:
        points = sorted(_five_points(b, white, p, d))
        straight = len(points) == 2 and abs(points[0][0] - points[1][0]) + abs(
            points[0][1] - points[1][1]) in (5, 10)
        fours.append(1 if straight else len(points))
    if sum(fours) >= 2:
        return "44"
    threes = 0
    for d, count in zip(DIRECTIONS, fours, strict=True):
        if count:
            continue
        for k in range(-4, 5):
            q = (p[0] + k * d[0], p[1] + k * d[1])
            if k == 0 or not _empty(q, b, white):
                continue
            points = _five_points(b | {q}, white, p, d)
            if len(points) != 2 or not _straight(b | {q}, p, q, d, points):
                continue
            verdict = status(b, white, q, five_counts)
            if verdict is None or (five_counts and verdict == "five"):
                threes += 1
                break
    return "33" if threes >= 2 else None


def _straight(b: frozenset[Point], p: Point, q: Point, d: tuple[int, int],
              points: set[Point]) -> bool:
    """Both five points lie at the two ends of one row of four that holds p and q."""
    first, second = sorted(points)
    gap = max(abs(first[0] - second[0]), abs(first[1] - second[1]))
    if gap != 5:
        return False
    inner = {(first[0] + i * d[0], first[1] + i * d[1]) for i in range(1, 5)}
    if (second[0] - first[0]) * d[0] < 0 or (second[1] - first[1]) * d[1] < 0:
        inner = {(second[0] + i * d[0], second[1] + i * d[1]) for i in range(1, 5)}
    return p in inner and q in inner and inner <= b
