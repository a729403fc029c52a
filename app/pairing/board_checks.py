"""The checks every system makes of a hand-changed pairing (编排检查), board by board: each
player paired once and only players of the round, at most one pairing-allocated bye and not
to a player barred from it, no second meeting and no forbidden pair (C.04.1; [C1]-[C3] of
the Dutch, Double-Swiss and Team Swiss systems alike). A system adds its own rule for a
played board through `also` (the Dutch colour rule). Messages are bilingual, ready to show:
they name boards and players, never an article's code."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from app.pairing.types import Board, Pairing


def board_violations(pairing: Pairing, numbers: Collection[int], *,
                     bye_barred: Callable[[int], bool],
                     have_met: Callable[[int, int], bool],
                     forbidden_pairs: Collection[frozenset[int]],
                     also: Callable[[Board], Iterable[str]] = lambda _board: ()
                     ) -> tuple[str, ...]:
    """What `pairing` breaks for the round's players `numbers` (empty when nothing)."""
    found: list[str] = []
    seen: dict[int, int] = {}
    byes = 0
    for board in pairing.boards:
        for number in (board.first, board.second):
            if number is None:
                continue
            if number not in numbers:
                found.append(f"第{board.number}台 {number} 本轮不参加编排"
                             f" / board {board.number}: {number} is not to be paired this round")
            elif number in seen:
                found.append(f"第{board.number}台 {number} 重复出现（第{seen[number]}台）"
                             f" / board {board.number}: {number} is already on board "
                             f"{seen[number]}")
            else:
                seen[number] = board.number
        if board.second is None:
            byes += 1
            if board.first in numbers and bye_barred(board.first):
                found.append(f"{board.first} 已轮空或已不战而得胜分，不能再轮空"
                             f" / {board.first} may not receive the pairing-allocated bye "
                             "again")
            continue
        first, second = board.first, board.second
        if first not in numbers or second not in numbers:
            continue
        if have_met(first, second):
            found.append(f"第{board.number}台 {first} 与 {second} 已经对局过"
                         f" / board {board.number}: {first} and {second} have met")
        if frozenset((first, second)) in forbidden_pairs:
            found.append(f"第{board.number}台 {first} 与 {second} 不得相遇"
                         f" / board {board.number}: {first} and {second} may not meet")
        found += also(board)
    for number in sorted(set(numbers) - set(seen)):
        found.append(f"{number} 未被编排 / {number} is not paired")
    if byes > len(numbers) % 2:
        found.append("轮空多于一个 / more than one pairing-allocated bye")
    return tuple(found)
