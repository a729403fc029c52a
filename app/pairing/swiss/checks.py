"""Checks of a finished pairing against the absolute rules (编排检查), for boards changed by
hand: which players are missing or paired twice, and which boards break [C1] (a second
meeting or a forbidden pair), [C2] (a PAB to a player who may not have it) or [C3] (two
non-topscorers with the same absolute colour preference), FIDE C.04.3 Art. 2.1 / C.04.1.

Messages are bilingual (Chinese / English), one per problem, ready to show: they name boards
and players, never the articles' codes, which an arbiter does not read.
"""

from __future__ import annotations

from app.pairing.board_checks import board_violations, named, names_of
from app.pairing.swiss.players import derive_players
from app.pairing.types import Board, Pairing, PairingRequest


def violations(request: PairingRequest, pairing: Pairing) -> tuple[str, ...]:
    """Every absolute rule `pairing` breaks for `request` (empty when none)."""
    players = {p.number: p for p in derive_players(request)}
    snapshot = request.snapshot
    rounds_played = request.round - 1
    last_round = rounds_played >= snapshot.total_rounds - 1
    best = max(snapshot.points.win, snapshot.points.draw)
    threshold = (rounds_played * best) // 2
    names = names_of(snapshot)

    def colours(board: Board) -> list[str]:
        # [C3]: two non-topscorers with the same absolute colour preference
        a, b = players[board.first], players[board.second or 0]
        topscorer = last_round and max(a.score, b.score) > threshold
        if a.absolute and b.absolute and a.preference is b.preference and not topscorer:
            (a_zh, a_en), (b_zh, b_en) = named(a.number, names), named(b.number, names)
            return [f"第{board.number}台 {a_zh} 与 {b_zh} 绝对先后手要求相同"
                    f" / board {board.number}: {a_en} and {b_en} have the same"
                    " absolute colour preference"]
        return []

    return board_violations(pairing, players,
                            bye_barred=lambda number: not players[number].bye_eligible,
                            have_met=lambda a, b: b in players[a].met,
                            forbidden_pairs=request.forbidden_pairs, also=colours,
                            names=names)
