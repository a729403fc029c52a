"""Checks of a finished pairing against the absolute rules (编排检查), for boards changed by
hand: which players are missing or paired twice, and which boards break [C1] (a second
meeting or a forbidden pair), [C2] (a PAB to a player who may not have it) or [C3] (two
non-topscorers with the same absolute colour preference), FIDE C.04.3 Art. 2.1 / C.04.1.

Messages are bilingual (Chinese / English), one per problem, ready to show: they name boards
and players, never the articles' codes, which an arbiter does not read.
"""

from __future__ import annotations

from app.pairing.swiss.players import derive_players
from app.pairing.types import Pairing, PairingRequest


def violations(request: PairingRequest, pairing: Pairing) -> tuple[str, ...]:
    """Every absolute rule `pairing` breaks for `request` (empty when none)."""
    players = {p.number: p for p in derive_players(request)}
    snapshot = request.snapshot
    rounds_played = request.round - 1
    last_round = rounds_played >= snapshot.total_rounds - 1
    best = max(snapshot.points.win, snapshot.points.draw)
    threshold = (rounds_played * best) // 2
    found: list[str] = []
    seen: dict[int, int] = {}
    byes = 0
    for board in pairing.boards:
        for number in (board.first, board.second):
            if number is None:
                continue
            if number not in players:
                found.append(
                    f"第{board.number}台 {number} 本轮不参加编排"
                    f" / board {board.number}: {number} is not to be paired this round"
                )
            elif number in seen:
                found.append(
                    f"第{board.number}台 {number} 重复出现（第{seen[number]}台）"
                    f" / board {board.number}: {number} is already on board {seen[number]}"
                )
            else:
                seen[number] = board.number
        if board.second is None:
            byes += 1
            bye = players.get(board.first)
            if bye is not None and not bye.bye_eligible:
                found.append(
                    f"{board.first} 已轮空或已不战而得胜分，不能再轮空"
                    f" / {board.first} may not receive the pairing-allocated bye again"
                )
            continue
        a, b = players.get(board.first), players.get(board.second)
        if a is None or b is None:
            continue
        if b.number in a.met:
            found.append(
                f"第{board.number}台 {a.number} 与 {b.number} 已经对局过"
                f" / board {board.number}: {a.number} and {b.number} have met"
            )
        if frozenset((a.number, b.number)) in request.forbidden_pairs:
            found.append(
                f"第{board.number}台 {a.number} 与 {b.number} 不得相遇"
                f" / board {board.number}: {a.number} and {b.number} may not meet"
            )
        topscorer = last_round and max(a.score, b.score) > threshold
        if a.absolute and b.absolute and a.preference is b.preference and not topscorer:
            found.append(
                f"第{board.number}台 {a.number} 与 {b.number} 绝对先后手要求相同"
                f" / board {board.number}: {a.number} and {b.number} have the same"
                " absolute colour preference"
            )
    for number in sorted(set(players) - set(seen)):
        found.append(f"{number} 未被编排 / {number} is not paired")
    if byes > len(players) % 2:
        found.append("轮空多于一个 / more than one pairing-allocated bye")
    return tuple(found)
