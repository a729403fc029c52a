"""Results of a round (对局结果) -> outcomes and points: single games, byes, double-game rounds.

Rules implemented (each cited where it is coded):
- Points per group (积分): win 2 / draw 1 / loss 0 by default, configurable (`PointSystem`;
  2022-national-online-open-yike.txt uses 4/1/0 in 专业场). 2016-national-online-mind-games.txt
  八、(一)2 and 2022-shenzhen-championship.txt 九、(一): 胜2分 和1分 负0分.
- Late arrival (迟到): 2022-shenzhen-championship.txt 九、(三) and 十、(三): "迟到时限为开赛后15分钟，
  超时未到者弃权处理，判到达者胜，未到者负" - the limit is per group, 15 minutes by default.
- Double-game rounds (双盘制): 2022-shenzhen-championship.txt 九、(一) and 九、(三)1, and
  2016-national-online-mind-games.txt 七、(三): two games, first movers exchanged (the round's
  first mover is black in game 1); round points "赢2盘或赢1盘和1盘计2分，赢1盘输1盘或和2盘计1分，
  输2盘或输1盘和1盘计0分"; "如第一盘未结束有一方超时，则判超时方当轮比赛负" (shenzhen 九、(三)1,
  2016 七、(五)2-3): a time loss in game 1 loses the whole round.

Results themselves (codes, games, boards, what settles a double round) live in `app.results`;
this module turns them into the players' round records in the group's points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from app.errors import UserError
from app.pairing.types import (
    Board,
    Colour,
    GameOutcome,
    Outcome,
    Pairing,
    PointSystem,
    RoundRecord,
)
from app.results import (
    BoardResult,
    GameCode,
    GameResult,
    Side,
    parse_board,
)

DEFAULT_LATE_LIMIT_MINUTES = 15  # 2022-shenzhen 九、(三), 十、(三)


_OUTCOMES: dict[GameCode, tuple[Outcome, Outcome]] = {
    GameCode.FIRST_WINS: (Outcome.WIN, Outcome.LOSS),
    GameCode.SECOND_WINS: (Outcome.LOSS, Outcome.WIN),
    GameCode.DRAW: (Outcome.DRAW, Outcome.DRAW),
    GameCode.FIRST_FORFEIT_WIN: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    GameCode.SECOND_FORFEIT_WIN: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    GameCode.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
}


def outcomes(result: GameResult) -> tuple[Outcome, Outcome]:
    """(first mover's outcome, second mover's outcome) of one game."""
    return _OUTCOMES[result.code]


def parse_point_system(text: str, where: str = "points") -> PointSystem:
    """Points of a group as `win/draw/loss` (e.g. `2/1/0`, `4/1/0`); forfeit wins and the
    pairing-allocated and full-point byes score a win, a half-point bye a draw."""
    parts = text.replace(" ", "").split("/")
    try:
        win, draw, loss = (int(p) for p in parts)
    except ValueError:
        raise UserError(
            f"积分制应写作 胜/和/负，例如 2/1/0：{text!r}",
            f"points must be written win/draw/loss, e.g. 2/1/0: {text!r}",
            where,
        ) from None
    if not win >= draw >= loss >= 0:
        raise UserError(
            f"积分须满足 胜 ≥ 和 ≥ 负 ≥ 0：{text!r}",
            f"points must satisfy win >= draw >= loss >= 0: {text!r}",
            where,
        )
    return PointSystem(win=win, draw=draw, loss=loss, forfeit_win=win, forfeit_loss=loss,
                       pab=win, full_bye=win, half_bye=draw, zero_bye=loss, absent=loss)


# --- single games ------------------------------------------------------------------------


def late_forfeit(first_late: float | None, second_late: float | None,
                 limit: float = DEFAULT_LATE_LIMIT_MINUTES) -> GameResult | None:
    """The forfeit a late arrival causes, or None when the game is played.

    2022-shenzhen 九、(三)/十、(三): "迟到时限为开赛后15分钟，超时未到者弃权处理，判到达者胜，未到者负".
    Minutes late after the start of the round; None = did not come at all. Arriving exactly at
    the limit is in time. Both beyond the limit: double forfeit (双方弃权).
    """
    first_out = first_late is None or first_late > limit
    second_out = second_late is None or second_late > limit
    if first_out and second_out:
        return GameResult(GameCode.DOUBLE_FORFEIT)
    if first_out:
        return GameResult(GameCode.SECOND_FORFEIT_WIN)
    if second_out:
        return GameResult(GameCode.FIRST_FORFEIT_WIN)
    return None


def game_records(round_number: int, board: Board, result: GameResult,
                 points: PointSystem) -> tuple[RoundRecord, RoundRecord]:
    """The two players' records of a single-game round (单盘制): first mover's, then second's."""
    if board.second is None:
        raise UserError(
            f"第{board.number}台是轮空，不能录入对局结果",
            f"board {board.number} is a bye: it takes no game result",
            f"round {round_number} board {board.number}",
        )
    first, second = outcomes(result)
    return (
        RoundRecord(round_number, first, board.second, Colour.FIRST, points.points(first)),
        RoundRecord(round_number, second, board.first, Colour.SECOND, points.points(second)),
    )


BYE_OUTCOMES = (Outcome.PAB, Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE,
                Outcome.ABSENT)


def bye_record(round_number: int, outcome: Outcome, points: PointSystem,
               double_game: bool = False) -> RoundRecord:
    """A round without an opponent: pairing-allocated bye (轮空), a bye given in advance
    (full, half or zero points), or absence. In a double-game group the game score (小分)
    of a bye counts as two games at the bye's value per game."""
    if outcome not in BYE_OUTCOMES:
        raise UserError(
            f"{outcome.value} 不是轮空或缺席", f"{outcome.value} is not a bye or an absence",
            f"round {round_number}",
        )
    value = points.points(outcome)
    return RoundRecord(round_number, outcome, None, None, value,
                       bye_game_points(value, double_game))


def bye_game_points(value: int, double_game: bool) -> int | None:
    """The game score (小分) of a round without an opponent worth `value` round points (a bye,
    a late entry's points for a round it missed): in a double-game group two games at that
    value each (None in a single-game group, whose rounds have no game score apart)."""
    return 2 * value if double_game else None


# --- double-game rounds (双盘制) ------------------------------------------------------------


_TABLE_OUTCOME = {2: Outcome.WIN, 1: Outcome.DRAW, 0: Outcome.LOSS}


def double_game_boards(board: Board) -> tuple[Board, Board]:
    """The two games of a double-game round, first mover (black) first: game 1 as paired,
    game 2 with the first move exchanged (2016 七、(三): 第一局比赛先手方执黑，第二局交换先后手)."""
    if board.second is None:
        raise UserError(
            f"第{board.number}台是轮空", f"board {board.number} is a bye", f"board {board.number}"
        )
    return Board(board.number, board.first, board.second), Board(board.number, board.second,
                                                                 board.first)


def double_game_records(round_number: int, board: Board, result: BoardResult,
                        points: PointSystem) -> tuple[RoundRecord, RoundRecord]:
    """The two players' records of a double-game round; `game_points` keeps the games' score.

    `board.first` is black (first mover) in game 1 and `board.second` in game 2 (先后手互换,
    2016 七、(三)). What settles the round is the home's (`BoardResult.round_points`, the
    shenzhen table; a forfeit or a loss on time in game 1 decides it alone): table 2 = a
    win's points in the group's units, 1 = a draw's, 0 = a loss's. `game_points` (小分) =
    the sum of the two games at the group's per-game points. A forfeit keeps its forfeit
    outcomes (not played over the board).
    """
    if board.second is None:
        raise UserError(
            f"第{board.number}台是轮空，不能录入对局结果",
            f"board {board.number} is a bye: it takes no game result",
            f"round {round_number} board {board.number}",
        )
    if not result.double:
        raise UserError("双盘制每轮需要两盘结果", "a double-game round needs two game results",
                        f"round {round_number} board {board.number}")
    records = []
    for side, opponent, colour in ((Side.FIRST, board.second, Colour.FIRST),
                                   (Side.SECOND, board.first, Colour.SECOND)):
        outcome = double_round_outcome(result, side)
        game_points = sum(points.points(o) for o in _game_outcomes(result, side))
        records.append(RoundRecord(round_number, outcome, opponent, colour,
                                   points.points(outcome), game_points,
                                   () if result.forfeit else player_games(result, side)))
    return records[0], records[1]


def double_round_outcome(result: BoardResult, side: Side) -> Outcome:
    """`side`'s outcome of a double-game round (双盘制), as it scores: a forfeit of the round
    is its forfeit outcome; else the round's table points (`BoardResult.round_points`, the
    shenzhen table) read as a round won (2), drawn (1) or lost (0)."""
    if result.forfeit:
        return outcomes(result.games[0])[0 if side is Side.FIRST else 1]
    return _TABLE_OUTCOME[result.round_points(side)]


def double_round_scores(result: BoardResult, points: PointSystem) -> tuple[int, int]:
    """The points a double-game round gave its two players, the first-named first, in the
    group's units (what the results list prints after the two games: `黑胜／白胜 2:0`)."""
    return (points.points(double_round_outcome(result, Side.FIRST)),
            points.points(double_round_outcome(result, Side.SECOND)))


def player_games(result: BoardResult, side: Side) -> tuple[GameOutcome, ...]:
    """`side`'s games of a double-game round as they were entered, each its outcome for that
    player (game 2 with the first move exchanged, 先后手互换) and whether a loss on time
    decided it; a result that settled the round alone is its one game."""
    found = []
    mover = side
    for game in result.games:
        found.append(GameOutcome(outcomes(game)[0 if mover is Side.FIRST else 1],
                                 game.time_loss))
        mover = mover.other
    return tuple(found)


def side_outcome(result: BoardResult | GameResult, side: Side) -> Outcome:
    """`side`'s outcome of a board (`BoardResult`, its first-named side first) or of one game
    (`GameResult`, black first): a single game's (`outcomes`), a double-game round's as it
    scores (`double_round_outcome`)."""
    if isinstance(result, GameResult):
        return outcomes(result)[0 if side is Side.FIRST else 1]
    if result.double:
        return double_round_outcome(result, side)
    return outcomes(result.games[0])[0 if side is Side.FIRST else 1]


def _game_outcomes(result: BoardResult, side: Side) -> list[Outcome]:
    """`side`'s outcome of each game of a double-game round, game 2 with the first move
    exchanged; a result that settles the round alone counts for game 2 the same (a forfeit of
    the round, a loss on time in game 1: 双盘包干). A game forfeited alone (a Double-Swiss
    match, `System.game_forfeits`) is scored as the forfeit it is."""
    found = [game.outcome for game in player_games(result, side)]
    if len(found) == 1:
        found.append(found[0])
    return found


# --- a round's results against its pairing -------------------------------------------------


def board_of(pairing: Pairing, number: int) -> Board:
    """The board `number` of `pairing`; a `UserError` naming the valid boards otherwise."""
    for board in pairing.boards:
        if board.number == number:
            return board
    boards = ", ".join(str(b.number) for b in pairing.boards)
    raise UserError(
        f"第{pairing.round}轮没有第{number}台（有：{boards}）",
        f"round {pairing.round} has no board {number} (boards: {boards})",
        f"round {pairing.round} board {number}",
    )


def enter_result(pairing: Pairing, entered: Mapping[int, BoardResult],
                 board_number: int, codes: Sequence[str], *, double_game: bool,
                 replace: bool = False) -> dict[int, BoardResult]:
    """Add the result of one board to the results already entered for the round.

    Refused with a `UserError` (before anything changes): a board the round does not have,
    the bye's board, a second result for a board already entered (unless `replace`), or the
    wrong number of games for the group's format. Returns a new mapping board -> result.
    """
    where = f"round {pairing.round} board {board_number}"
    board = board_of(pairing, board_number)
    if board.second is None:
        raise UserError(
            f"第{board_number}台是轮空（{board.first}），不需要录入结果",
            f"board {board_number} is the bye of {board.first}: it takes no result", where,
        )
    if board_number in entered and not replace:
        old = entered[board_number]
        raise UserError(
            f"第{board_number}台已有结果 {old}，如需更正请使用更正功能",
            f"board {board_number} already has the result {old}; correct it explicitly",
            where,
        )
    updated = dict(entered)
    updated[board_number] = parse_board(codes, double_game, where)
    return updated


def missing_boards(pairing: Pairing, entered: Mapping[int, BoardResult]) -> tuple[int, ...]:
    """Boards with a game still waiting for a result."""
    return tuple(b.number for b in pairing.boards
                 if b.second is not None and b.number not in entered)


def round_records(pairing: Pairing, entered: Mapping[int, BoardResult],
                  points: PointSystem, *, double_game: bool = False,
                  byes: Mapping[int, Outcome] | None = None,
                  partial: bool = False) -> dict[int, RoundRecord]:
    """Every player's record of the round: boards with results, the PAB, and `byes` given in
    advance or absences (player -> outcome). Unless `partial`, every game must have a result.
    """
    missing = missing_boards(pairing, entered)
    if missing and not partial:
        listed = ", ".join(str(m) for m in missing)
        raise UserError(
            f"第{pairing.round}轮尚缺结果：第{'、'.join(str(m) for m in missing)}台",
            f"round {pairing.round} still lacks results on board{'s' if len(missing) > 1 else ''}"
            f" {listed}",
            f"round {pairing.round}",
        )
    records: dict[int, RoundRecord] = {}
    for board in pairing.boards:
        if board.second is None:
            records[board.first] = bye_record(pairing.round, Outcome.PAB, points, double_game)
            continue
        result = entered.get(board.number)
        if result is None:
            continue
        if double_game:
            first, second = double_game_records(pairing.round, board, result, points)
        else:
            if result.double:
                raise UserError(
                    "单盘制每台只能有一个结果", "a single-game round takes one result",
                    f"round {pairing.round} board {board.number}",
                )
            first, second = game_records(pairing.round, board, result.games[0], points)
        if result.lots is not None:  # neither came: both lost the game, the lots sent one on
            first = replace(first, lots=result.lots is Side.FIRST)
            second = replace(second, lots=result.lots is Side.SECOND)
        records[board.first] = first
        records[board.second] = second
    for player, outcome in (byes or {}).items():
        if player in records:
            raise UserError(
                f"棋手 {player} 本轮已有对局，不能同时轮空或缺席",
                f"player {player} is paired this round and cannot also have a bye",
                f"round {pairing.round}",
            )
        records[player] = bye_record(pairing.round, outcome, points, double_game)
    return records
