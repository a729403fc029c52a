"""The checks every system makes of a hand-changed pairing (编排检查), board by board: each
player paired once and only players of the round, at most one pairing-allocated bye and not
to a player barred from it, no second meeting and no forbidden pair (C.04.1; [C1]-[C3] of
the Dutch, Double-Swiss and Team Swiss systems alike). A system adds its own rule for a
played board through `also` (the Dutch colour rule). Messages are bilingual, ready to show:
they name boards and players (by name and pairing number, `named`, where the snapshot has
the names), never an article's code."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping

from app.pairing.types import Board, Pairing, TournamentSnapshot


def names_of(snapshot: TournamentSnapshot) -> dict[int, str]:
    """Pairing number -> name, for the players the snapshot names."""
    return {p.number: p.name for p in snapshot.players if p.name}


def named(number: int, names: Mapping[int, str]) -> tuple[str, str]:
    """A player as a check names them, (Chinese, English): `张三（4号）` / `张三 (no. 4)`, as
    the pairing's report does; the number alone where the name is not known."""
    name = names.get(number)
    if not name:
        return str(number), str(number)
    return f"{name}（{number}号）", f"{name} (no. {number})"


def board_violations(pairing: Pairing, numbers: Collection[int], *,
                     bye_barred: Callable[[int], bool],
                     have_met: Callable[[int, int], bool],
                     forbidden_pairs: Collection[frozenset[int]],
                     also: Callable[[Board], Iterable[str]] = lambda _board: (),
                     names: Mapping[int, str] | None = None) -> tuple[str, ...]:
    """What `pairing` breaks for the round's players `numbers` (empty when nothing); the
    players named by `names` (pairing number -> name) where given."""
    known = names or {}

    def who(number: int) -> tuple[str, str]:
        return named(number, known)

    found: list[str] = []
    seen: dict[int, int] = {}
    byes = 0
    for board in pairing.boards:
        for number in (board.first, board.second):
            if number is None:
                continue
            zh, en = who(number)
            if number not in numbers:
                found.append(f"第{board.number}台 {zh} 本轮不参加编排"
                             f" / board {board.number}: {en} is not to be paired this round")
            elif number in seen:
                found.append(f"第{board.number}台 {zh} 重复出现（第{seen[number]}台）"
                             f" / board {board.number}: {en} is already on board "
                             f"{seen[number]}")
            else:
                seen[number] = board.number
        if board.second is None:
            byes += 1
            if board.first in numbers and bye_barred(board.first):
                zh, en = who(board.first)
                found.append(f"{zh} 已轮空或已不战而得胜分，不能再轮空"
                             f" / {en} may not receive the pairing-allocated bye again")
            continue
        first, second = board.first, board.second
        if first not in numbers or second not in numbers:
            continue
        (first_zh, first_en), (second_zh, second_en) = who(first), who(second)
        if have_met(first, second):
            found.append(f"第{board.number}台 {first_zh} 与 {second_zh} 已经对局过"
                         f" / board {board.number}: {first_en} and {second_en} have met")
        if frozenset((first, second)) in forbidden_pairs:
            found.append(f"第{board.number}台 {first_zh} 与 {second_zh} 不得相遇"
                         f" / board {board.number}: {first_en} and {second_en} may not meet")
        found += also(board)
    for number in sorted(set(numbers) - set(seen)):
        zh, en = who(number)
        found.append(f"{zh} 未被编排 / {en} is not paired")
    if byes > len(numbers) % 2:
        found.append("轮空多于一个 / more than one pairing-allocated bye")
    return tuple(found)
