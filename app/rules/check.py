"""The checker for finished game records (棋谱审核): did every step follow the opening rule and
the renju rules, which fouls went unclaimed, and what result do the moves support.

A record either states every step of the opening (the program's action line, e.g.
`h8 h9 h10 declare:3 noswap i9 offer:j8 ...`, see `app.rules.game.encode_actions`), or only
the stones in order (plain moves, SGF, PSQ). For a stone-only record the steps the record
cannot show are taken as the rule allows them: a swap decision as "no swap" (colours in a
record are the colours played, so a swap changes names, never stones); a declaration as the
number the rule's own choice needs; fifth-move offers as the recorded fifth move plus any
other legal offers (the record is checked to hold a fifth move that could have been offered
and chosen); Taraguchi's choice after move 4 as choice 1 when move 5 lies in the 9x9, else
choice 2. Such steps are listed as `implied`.

`first_illegal_step` counts the record's own steps from 1 (actions of an action line, stones
of a stone-only record). A black foul that white did not claim before playing on stands
(《中国五子棋竞赛规则》2013, 禁手 clause; RIF rules): it is listed in `unclaimed_fouls` and the
game goes on. `result` is black first (`1-0` black won, `0-1` white won, `=` a draw), the
result the moves show: a five, a claimed foul, two passes in a row, a full board, or a record
that ends right after black's foul (white wins by claiming it); otherwise None.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.errors import UserError
from app.results import GameCode
from app.rules.board import Point, Stone, format_point
from app.rules.endings import Ending
from app.rules.game import Declare, Game, GameSettings, Offer, Swap, decode_action
from app.rules.protocols import StepKind


@dataclass(frozen=True)
class UnclaimedFoul:
    move: int
    point: Point
    kind: str


@dataclass(frozen=True)
class RecordCheck:
    legal: bool
    first_illegal_step: int | None
    reason: str | None
    reason_zh: str | None
    unclaimed_fouls: tuple[UnclaimedFoul, ...]
    result: str | None
    implied: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        """The JSON line of `record check` (docs/CLI.md)."""
        return {
            "legal": self.legal,
            "first_illegal_step": self.first_illegal_step,
            "reason": self.reason,
            "reason_zh": self.reason_zh,
            "unclaimed_fouls": [
                {"move": f.move, "point": format_point(f.point), "kind": f.kind}
                for f in self.unclaimed_fouls
            ],
            "result": self.result,
            "implied": list(self.implied),
        }


def check_actions(settings: GameSettings, tokens: Sequence[str]) -> RecordCheck:
    """Check an action line (every step stated), token by token."""
    game = Game.new(settings)
    for number, token in enumerate(tokens, start=1):
        try:
            game = game.apply(decode_action(token, f"step {number}"))
        except UserError as error:
            return _verdict(game, number, error)
    return _verdict(game)


def check_moves(settings: GameSettings, moves: Sequence[Point]) -> RecordCheck:
    """Check a stone-only record, filling in the steps it cannot show (see the module)."""
    game = Game.new(settings)
    implied: list[str] = []
    for number, point in enumerate(moves, start=1):
        try:
            game = _fill_steps(game, point, implied).play(point)
        except UserError as error:
            return _verdict(game, number, error, implied)
    return _verdict(game, implied=implied)


def _fill_steps(game: Game, point: Point, implied: list[str]) -> Game:
    """Apply the steps a stone-only record leaves out before the stone on `point`."""
    while game.result is None:
        step = game.current_step
        if step.kind is StepKind.DECIDE:
            if step.place_instead and point in game.legal_points():
                return game  # Swap2 option (c), Taraguchi choice 1 without a swap
            if step.offer_instead and point in game.offer_points():
                return _implied_offers(game, point, implied)  # Taraguchi choice 2
            implied.append(f"after move {len(game.moves)}: no swap")
            game = game.apply(Swap(False))
        elif step.kind is StepKind.DECLARE:
            count = step.declare[0]
            implied.append(f"after move {len(game.moves)}: {count} fifth move(s) declared")
            game = game.apply(Declare(count))
        elif step.kind is StepKind.OFFER:
            return _implied_offers(game, point, implied)
        else:
            return game
    return game


def _implied_offers(game: Game, fifth: Point, implied: list[str]) -> Game:
    """Offers a stone-only record does not show: the recorded fifth move, then other legal
    offers up to the number wanted; the next `play` chooses the recorded one."""
    game = game.apply(Offer(fifth))
    while game.current_step.kind is StepKind.OFFER:
        spare = sorted(game.offer_points())
        if not spare:
            raise UserError("无法补足第五手打点", "no room for the fifth-move offers",
                            f"move {len(game.moves) + 1}")
        game = game.apply(Offer(spare[0]))
    implied.append(f"move 5: {format_point(fifth)} chosen from {game.offers_wanted} offers")
    return game


def _verdict(game: Game, illegal: int | None = None, error: UserError | None = None,
             implied: Sequence[str] = ()) -> RecordCheck:
    claimed_last = game.result is not None and game.result.ending is Ending.FOUL
    fouls = game.fouls[:-1] if claimed_last else game.fouls
    unclaimed = tuple(UnclaimedFoul(n, game.moves[n - 1], kind) for n, kind in fouls
                      if not (game.foul_pending and n == len(game.moves)))
    return RecordCheck(
        legal=error is None,
        first_illegal_step=illegal,
        reason=error.en if error else None,
        reason_zh=error.zh if error else None,
        unclaimed_fouls=unclaimed,
        result=_result(game),
        implied=tuple(implied),
    )


def _result(game: Game) -> str | None:
    if game.result is not None:
        if game.result.winner is None:
            return GameCode.DRAW.value
        return (GameCode.FIRST_WINS if game.result.winner is Stone.BLACK
                else GameCode.SECOND_WINS).value
    if game.foul_pending:
        return GameCode.SECOND_WINS.value
    return None

