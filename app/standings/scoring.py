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

Result codes are those of the command line (docs/CLI.md): `1-0`, `0-1`, `=`, `+-`, `-+`, `--`,
always the first mover of that game first. A trailing `t` (or 超时) marks a loss on time
(超时判负), e.g. `0-1t`. In a double-game round the second code is game 2, whose first mover
is the round's second player (先后手互换).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from app.errors import Place, UserError
from app.pairing.types import Board, Colour, Outcome, Pairing, PointSystem, RoundRecord

DEFAULT_LATE_LIMIT_MINUTES = 15  # 2022-shenzhen 九、(三), 十、(三)


class GameCode(StrEnum):
    """The result of one game, first mover first (docs/CLI.md)."""

    FIRST_WINS = "1-0"  # 先手胜
    SECOND_WINS = "0-1"  # 后手胜
    DRAW = "="  # 和棋
    FIRST_FORFEIT_WIN = "+-"  # 后手弃权（缺席或迟到超时），先手判胜
    SECOND_FORFEIT_WIN = "-+"  # 先手弃权，后手判胜
    DOUBLE_FORFEIT = "--"  # 双方弃权

    @property
    def played(self) -> bool:
        return self in (GameCode.FIRST_WINS, GameCode.SECOND_WINS, GameCode.DRAW)

    @property
    def decisive(self) -> bool:
        return self in (GameCode.FIRST_WINS, GameCode.SECOND_WINS)


_OUTCOMES: dict[GameCode, tuple[Outcome, Outcome]] = {
    GameCode.FIRST_WINS: (Outcome.WIN, Outcome.LOSS),
    GameCode.SECOND_WINS: (Outcome.LOSS, Outcome.WIN),
    GameCode.DRAW: (Outcome.DRAW, Outcome.DRAW),
    GameCode.FIRST_FORFEIT_WIN: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    GameCode.SECOND_FORFEIT_WIN: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    GameCode.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
}

_SYNONYMS = {
    "1-0": GameCode.FIRST_WINS,
    "0-1": GameCode.SECOND_WINS,
    "=": GameCode.DRAW,
    "1/2-1/2": GameCode.DRAW,
    "½-½": GameCode.DRAW,
    "0.5-0.5": GameCode.DRAW,
    "+-": GameCode.FIRST_FORFEIT_WIN,
    "-+": GameCode.SECOND_FORFEIT_WIN,
    "--": GameCode.DOUBLE_FORFEIT,
}
_TIME_MARKS = ("超时", "t", "T")
VALID_CODES = "1-0, 0-1, =, +-, -+, --"


@dataclass(frozen=True)
class GameResult:
    """One game: its code and whether the loser lost on time (超时判负)."""

    code: GameCode
    time_loss: bool = False

    def __post_init__(self) -> None:
        if self.time_loss and not self.code.decisive:
            raise UserError(
                f"只有胜负结果才能是超时负：{self.code.value}",
                f"only a decisive result can be a loss on time: {self.code.value}",
            )

    @property
    def outcomes(self) -> tuple[Outcome, Outcome]:
        """(first mover's outcome, second mover's outcome)."""
        return _OUTCOMES[self.code]

    def __str__(self) -> str:
        return self.code.value + ("t" if self.time_loss else "")


def parse_result(text: str, where: str | Place = "") -> GameResult:
    """Read one result code (`1-0`, `0-1`, `=`, `+-`, `-+`, `--`, optional `t` for time).

    Full-width characters (１－０, ＝) are accepted as typed on a Chinese keyboard; anything
    else is a `UserError` naming `where` and the valid codes.
    """
    raw = text
    normal = unicodedata.normalize("NFKC", text).strip().replace("−", "-").replace("⁄", "/")
    normal = normal.replace(" ", "")
    time_loss = False
    for mark in _TIME_MARKS:
        if normal.endswith(mark) and len(normal) > len(mark):
            normal = normal[: -len(mark)]
            time_loss = True
            break
    code = _SYNONYMS.get(normal)
    if code is None:
        raise UserError(
            f"无法识别的结果 {raw!r}，应为 {VALID_CODES}（先手在前，超时负加 t）",
            f"unknown result {raw!r}; use one of {VALID_CODES} (first mover first, "
            "add t for a loss on time)",
            where or "result",
        )
    if time_loss and not code.decisive:
        raise UserError(
            f"{raw!r}: 只有 1-0 或 0-1 可以标记超时",
            f"{raw!r}: only 1-0 or 0-1 can be marked as a loss on time",
            where or "result",
        )
    return GameResult(code, time_loss)


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
    first, second = result.outcomes
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
                       2 * value if double_game else None)


# --- double-game rounds (双盘制) ------------------------------------------------------------


def double_game_round_points(wins: int, draws: int, losses: int) -> int:
    """Round points of one player in a double-game round, in table units 2/1/0.

    2022-shenzhen-championship.txt 九、(一): 赢2盘或赢1盘和1盘计2分，赢1盘输1盘或和2盘计1分，
    输2盘或输1盘和1盘计0分.
    """
    table = {
        (2, 0, 0): 2,
        (1, 1, 0): 2,
        (1, 0, 1): 1,
        (0, 2, 0): 1,
        (0, 0, 2): 0,
        (0, 1, 1): 0,
    }
    key = (wins, draws, losses)
    if key not in table:
        raise ValueError(f"not the score of two games: {key}")
    return table[key]


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


def double_game_records(round_number: int, board: Board, games: Sequence[GameResult],
                        points: PointSystem) -> tuple[RoundRecord, RoundRecord]:
    """The two players' records of a double-game round; `game_points` keeps the games' score.

    `board.first` is black (first mover) in game 1 and `board.second` in game 2 (先后手互换,
    2016 七、(三)); each game's code lists that game's first mover first. Round points by the
    shenzhen table (`double_game_round_points`), in the group's units: table 2 = a win's
    points, 1 = a draw's, 0 = a loss's. `game_points` (小分) = the sum of the two games at
    the group's per-game points.

    A single forfeit code (`+-`, `-+`, `--`) stands for the whole round not played. A loss on
    time in game 1 loses the round (2016 七、(五)2-3, shenzhen 九、(三)1): the double clock
    (双盘包干) is spent, so game 2 cannot be played and counts as lost too.
    """
    where = f"round {round_number} board {board.number}"
    if board.second is None:
        raise UserError(
            f"第{board.number}台是轮空，不能录入对局结果",
            f"board {board.number} is a bye: it takes no game result", where,
        )
    if len(games) == 1 and not games[0].code.played:
        first, second = games[0].outcomes
        return (
            RoundRecord(round_number, first, board.second, Colour.FIRST, points.points(first),
                        2 * points.points(first)),
            RoundRecord(round_number, second, board.first, Colour.SECOND,
                        points.points(second), 2 * points.points(second)),
        )
    if len(games) == 1 and games[0].time_loss:
        first, second = games[0].outcomes
        return (
            RoundRecord(round_number, first, board.second, Colour.FIRST, points.points(first),
                        2 * points.points(first)),
            RoundRecord(round_number, second, board.first, Colour.SECOND,
                        points.points(second), 2 * points.points(second)),
        )
    if len(games) != 2:
        raise UserError(
            f"双盘制每轮需要两盘结果（或一个弃权结果、第一盘超时负），得到 {len(games)} 个",
            f"a double-game round needs two game results (or one forfeit, or a loss on time "
            f"in game 1), got {len(games)}",
            where,
        )
    game1, game2 = games
    if game1.time_loss:
        raise UserError(
            "第一盘超时负即判当轮负，不能再有第二盘结果",
            "a loss on time in game 1 loses the round: there is no game 2", where,
        )
    if not (game1.code.played and game2.code.played):
        raise UserError(
            "双盘制中弃权只能作为整轮结果单独录入（+-、-+ 或 --）",
            "in a double-game round a forfeit is entered alone for the whole round "
            "(+-, -+ or --)",
            where,
        )
    # game 1: board.first moves first; game 2: board.second moves first.
    first_outcomes = (game1.outcomes[0], game2.outcomes[1])
    tally = {o: sum(1 for x in first_outcomes if x is o) for o in _TABLE_OUTCOME.values()}
    first_table = double_game_round_points(tally[Outcome.WIN], tally[Outcome.DRAW],
                                           tally[Outcome.LOSS])
    second_table = 2 - first_table
    first_round = _TABLE_OUTCOME[first_table]
    second_round = _TABLE_OUTCOME[second_table]
    first_games = sum(points.points(o) for o in first_outcomes)
    second_games = points.points(game1.outcomes[1]) + points.points(game2.outcomes[0])
    return (
        RoundRecord(round_number, first_round, board.second, Colour.FIRST,
                    points.points(first_round), first_games),
        RoundRecord(round_number, second_round, board.first, Colour.SECOND,
                    points.points(second_round), second_games),
    )


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


def parse_board_result(codes: Sequence[str], double_game: bool,
                       where: str = "result") -> tuple[GameResult, ...]:
    """Read the codes typed for one board and check their number against the group's format.

    Single-game groups take exactly one code. Double-game groups take two (game 1, game 2),
    or one forfeit code for the whole round, or one decisive code marked as a loss on time in
    game 1.
    """
    words = [word for code in codes for word in code.split()]  # "1-0 =" typed as one argument
    games = tuple(parse_result(code, f"{where} ({k})") for k, code in enumerate(words, 1))
    if not games:
        raise UserError("缺少结果", "no result given", where)
    if not double_game:
        if len(games) != 1:
            raise UserError(
                f"本组为单盘制，每台只能有一个结果，得到 {len(games)} 个",
                f"this group plays single games: one result per board, got {len(games)}",
                where,
            )
        return games
    if len(games) == 1 and games[0].code.played and not games[0].time_loss:
        raise UserError(
            "本组为双盘制，需要两盘结果，例如 1-0 =（第二盘以第二盘先手在前）",
            "this group plays double-game rounds: give both games, e.g. `1-0 =` (game 2 with "
            "its own first mover first)",
            where,
        )
    if len(games) > 2:
        raise UserError(
            f"双盘制每台最多两个结果，得到 {len(games)} 个",
            f"a double-game round takes at most two results, got {len(games)}", where,
        )
    if len(games) == 2 and games[0].time_loss:
        raise UserError(
            "第一盘超时负即判当轮负，不能再有第二盘结果",
            "a loss on time in game 1 loses the round: there is no game 2", where,
        )
    if len(games) == 2 and not (games[0].code.played and games[1].code.played):
        raise UserError(
            "双盘制中弃权只能作为整轮结果单独录入（+-、-+ 或 --）",
            "in a double-game round a forfeit is entered alone for the whole round", where,
        )
    return games


def enter_result(pairing: Pairing, entered: Mapping[int, tuple[GameResult, ...]],
                 board_number: int, codes: Sequence[str], *, double_game: bool,
                 replace: bool = False) -> dict[int, tuple[GameResult, ...]]:
    """Add the result of one board to the results already entered for the round.

    Refused with a `UserError` (before anything changes): a board the round does not have,
    the bye's board, a second result for a board already entered (unless `replace`), or the
    wrong number of games for the group's format. Returns a new mapping board -> games.
    """
    where = f"round {pairing.round} board {board_number}"
    board = board_of(pairing, board_number)
    if board.second is None:
        raise UserError(
            f"第{board_number}台是轮空（{board.first}），不需要录入结果",
            f"board {board_number} is the bye of {board.first}: it takes no result", where,
        )
    if board_number in entered and not replace:
        old = " ".join(str(g) for g in entered[board_number])
        raise UserError(
            f"第{board_number}台已有结果 {old}，如需更正请使用更正功能",
            f"board {board_number} already has the result {old}; correct it explicitly",
            where,
        )
    games = parse_board_result(codes, double_game, where)
    updated = dict(entered)
    updated[board_number] = games
    return updated


def missing_boards(pairing: Pairing, entered: Mapping[int, tuple[GameResult, ...]]
                   ) -> tuple[int, ...]:
    """Boards with a game still waiting for a result."""
    return tuple(b.number for b in pairing.boards
                 if b.second is not None and b.number not in entered)


def round_records(pairing: Pairing, entered: Mapping[int, tuple[GameResult, ...]],
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
            f"第{pairing.round}轮尚缺结果的台次：{listed}",
            f"round {pairing.round} still lacks results on boards {listed}",
            f"round {pairing.round}",
        )
    records: dict[int, RoundRecord] = {}
    for board in pairing.boards:
        if board.second is None:
            records[board.first] = bye_record(pairing.round, Outcome.PAB, points, double_game)
            continue
        games = entered.get(board.number)
        if games is None:
            continue
        if double_game:
            first, second = double_game_records(pairing.round, board, games, points)
        else:
            if len(games) != 1:
                raise UserError(
                    "单盘制每台只能有一个结果", "a single-game round takes one result",
                    f"round {pairing.round} board {board.number}",
                )
            first, second = game_records(pairing.round, board, games[0], points)
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
