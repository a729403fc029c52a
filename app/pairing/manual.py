"""Checks of a pairing changed by hand: every rule the arbiter's change breaks, in words.

The arbiter may swap colours, exchange players between boards or re-pair boards (人工调整);
the program never refuses such a change, but lists each rule it breaks so the decision is
made knowingly and kept in the round's report. The rules are those of the Swiss pairing:
- FIDE C.04.1 (Basic rules for Swiss systems) b: two players shall not meet more than once.
- C.04.1 d and C.04.3 (absolute criteria): a player who already had the pairing-allocated bye, or scored a
  point without playing, shall not get the bye.
- C.04.3, absolute colour criteria: no colour difference beyond +2 / -2, and no player
  with the same colour three times in a row.
- Every player available for the round is paired exactly once; unavailable ones are not.
- Same-unit avoidance (同单位回避) where the group asks for it; forbidden pairs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from app.pairing.types import Colour, Outcome, Pairing, PlayerHistory, TournamentSnapshot


def colour_sequence(player: PlayerHistory) -> list[Colour]:
    """The colours of the games the player really played (forfeits and byes do not count)."""
    return [r.colour for r in player.rounds if r.outcome.played and r.colour is not None]


def colour_difference(player: PlayerHistory) -> int:
    """First-mover games minus second-mover games."""
    colours = colour_sequence(player)
    return colours.count(Colour.FIRST) - colours.count(Colour.SECOND)


def had_bye_or_unplayed_point(player: PlayerHistory) -> bool:
    return any(
        r.outcome in (Outcome.PAB, Outcome.FORFEIT_WIN, Outcome.FULL_BYE) for r in player.rounds
    )


def met_before(player: PlayerHistory, *, forfeits_count: bool) -> set[int]:
    return {
        r.opponent
        for r in player.rounds
        if r.opponent is not None and (r.outcome.played or forfeits_count)
    }


def broken_rules(
    snapshot: TournamentSnapshot,
    pairing: Pairing,
    *,
    unavailable: Iterable[int] = (),
    forbidden_pairs: Iterable[frozenset[int]] = (),
    forfeits_count_as_meeting: bool = False,
    avoid_same_unit: bool = False,
    names: dict[int, str] | None = None,
) -> list[str]:
    """Every rule the pairing breaks, one line each in Chinese and English ([] when none)."""
    label = names or {p.number: (p.name or str(p.number)) for p in snapshot.players}
    by_number = {p.number: p for p in snapshot.players}
    unavailable = set(unavailable)
    forbidden = set(forbidden_pairs)
    problems: list[str] = []

    seated = Counter()
    for board in pairing.boards:
        seated[board.first] += 1
        if board.second is not None:
            seated[board.second] += 1
    for number, count in sorted(seated.items()):
        if count > 1:
            problems.append(f"{label[number]} 被编排了{count}次 / paired {count} times")
        if number in unavailable:
            problems.append(f"{label[number]} 本轮不参赛却被编排 / paired though not playing")
    for number in sorted(set(by_number) - unavailable - set(seated)):
        problems.append(f"{label[number]} 未被编排 / not paired")

    for board in pairing.boards:
        first = by_number[board.first]
        where = f"第{board.number}台 / board {board.number}"
        if board.second is None:
            if had_bye_or_unplayed_point(first):
                problems.append(
                    f"{where}: {label[first.number]} 已轮空过或已不战而胜 "
                    f"/ already had a bye or an unplayed point (C.04.1 d)"
                )
            continue
        second = by_number[board.second]
        pair = frozenset((first.number, second.number))
        if second.number in met_before(first, forfeits_count=forfeits_count_as_meeting):
            problems.append(
                f"{where}: {label[first.number]} 与 {label[second.number]} 已经交过手 "
                f"/ have met before (C.04.1 b)"
            )
        if pair in forbidden:
            problems.append(f"{where}: 禁止相遇的两人 / a forbidden pair")
        if avoid_same_unit and first.unit and first.unit == second.unit:
            problems.append(f"{where}: 同单位相遇（{first.unit}）/ same unit meets")
        for player, colour in ((first, Colour.FIRST), (second, Colour.SECOND)):
            colours = colour_sequence(player)
            difference = colour_difference(player) + (1 if colour is Colour.FIRST else -1)
            if abs(difference) > 2:
                problems.append(
                    f"{where}: {label[player.number]} 先后手差将为 {difference:+d} "
                    f"/ colour difference would be {difference:+d} (FIDE C.04.3 absolute colour criteria)"
                )
            if len(colours) >= 2 and colours[-1] == colours[-2] == colour:
                side = "先手" if colour is Colour.FIRST else "后手"
                problems.append(
                    f"{where}: {label[player.number]} 将连续三次{side} "
                    f"/ same colour three times in a row (FIDE C.04.3 absolute colour criteria)"
                )
    return problems


def pairing_report(snapshot: TournamentSnapshot, pairing: Pairing,
                   names: dict[int, str] | None = None) -> list[str]:
    """What a pairing had to give up, for the round's report (编排报告): floats (players paired
    outside their score group, 上浮/下浮), colour imbalances, and the bye."""
    label = names or {p.number: (p.name or str(p.number)) for p in snapshot.players}
    by_number = {p.number: p for p in snapshot.players}
    lines: list[str] = []
    for board in pairing.boards:
        first = by_number[board.first]
        if board.second is None:
            lines.append(f"第{board.number}台: {label[first.number]} 轮空 / bye "
                         f"(积分 {first.score})")
            continue
        second = by_number[board.second]
        if first.score != second.score:
            high, low = (first, second) if first.score > second.score else (second, first)
            lines.append(
                f"第{board.number}台: {label[low.number]}（{low.score}分）上浮对 "
                f"{label[high.number]}（{high.score}分）/ float: {low.score} v {high.score}"
            )
        for player, colour in ((first, Colour.FIRST), (second, Colour.SECOND)):
            difference = colour_difference(player) + (1 if colour is Colour.FIRST else -1)
            if abs(difference) >= 2:
                lines.append(f"第{board.number}台: {label[player.number]} 先后手差 "
                             f"{difference:+d} / colour difference {difference:+d}")
    return lines
