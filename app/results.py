"""The results of games and boards (对局结果) as typed values: the one home of result codes.

Everything that reads or writes a result goes through this module: the store's codec
(`app.store.codec`), the standings (`app.standings.scoring`), team matches, knockouts, the
exports' notations and every place a person types a result (window, command line, venue
tablet). It imports nothing of the program but `app.errors` (itself a leaf of the standard
library), so every layer may import it.

Codes (docs/CLI.md), always the first mover of that game first:
`1-0` first mover wins, `0-1` second mover wins, `=` draw, `+-` / `-+` forfeit win of the
first / second mover, `--` double forfeit. A trailing `t` (or 超时) marks the loss as a loss on
time (超时判负), e.g. `0-1t`. The words arbiters say are accepted as input with the same
meaning (../shared/docs/CLI.md "Arguments and output"): 胜 / 黑胜 / 先手胜 = `1-0`,
负 / 白胜 / 后手胜 = `0-1`, 和 = `=`, and `1:0`, `0:1`, `½:½` (or `½`).

Double-game rounds (双盘制), 2022-shenzhen-championship.txt 九、(一) and 九、(三)1, and
2016-national-online-mind-games.txt 七、(三)/(五): two games with the first move exchanged;
"赢2盘或赢1盘和1盘计2分，赢1盘输1盘或和2盘计1分，输2盘或输1盘和1盘计0分"; "如第一盘未结束有一方
超时，则判超时方当轮比赛负": a loss on time in game 1 loses the whole round (the clock is shared
by both games, 双盘包干), so it is entered alone; so is a forfeit, for the whole round. A group
whose system lets one game of the two be forfeited (the FIDE Double-Swiss, C.04.5 Preface: a
match is a forfeit only when a player forfeits both games; `System.game_forfeits`) takes a
forfeit code for one game beside the other's result (`1-0 -+`: no one came to game 2); a
match with no game played is still one forfeit code.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from app.errors import Place, UserError


class Side(StrEnum):
    """The move order of one player in one game (values as `app.pairing.types.Colour`)."""

    FIRST = "first"  # 先手 (black)
    SECOND = "second"  # 后手 (white)

    @property
    def other(self) -> Side:
        return Side.SECOND if self is Side.FIRST else Side.FIRST


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
        """True when the game was played over the board (a loss on time included)."""
        return self in (GameCode.FIRST_WINS, GameCode.SECOND_WINS, GameCode.DRAW)

    @property
    def decisive(self) -> bool:
        """A game won over the board (the only results that can be a loss on time)."""
        return self in (GameCode.FIRST_WINS, GameCode.SECOND_WINS)

    @property
    def winner(self) -> Side | None:
        """Who won, over the board or by the other's forfeit; None for a draw or `--`."""
        return _WINNERS.get(self)

    @property
    def flipped(self) -> GameCode:
        """The same game told with the other player first (second mover first)."""
        return _FLIPPED[self]


_WINNERS = {
    GameCode.FIRST_WINS: Side.FIRST, GameCode.FIRST_FORFEIT_WIN: Side.FIRST,
    GameCode.SECOND_WINS: Side.SECOND, GameCode.SECOND_FORFEIT_WIN: Side.SECOND,
}
_FLIPPED = {
    GameCode.FIRST_WINS: GameCode.SECOND_WINS, GameCode.SECOND_WINS: GameCode.FIRST_WINS,
    GameCode.FIRST_FORFEIT_WIN: GameCode.SECOND_FORFEIT_WIN,
    GameCode.SECOND_FORFEIT_WIN: GameCode.FIRST_FORFEIT_WIN,
    GameCode.DRAW: GameCode.DRAW, GameCode.DOUBLE_FORFEIT: GameCode.DOUBLE_FORFEIT,
}
class LevelDecision(StrEnum):
    """How a team match level on game points was decided (平局的决定方式); the value is what a
    stored match keeps (`app.store.codec`).

    2021-huazhi-cup-team-championship.txt 六、(二)/(三)3: "如两队打平，由两队主将进行加赛" — the
    captains' playoff (主将加赛), read from its games. Where it cannot be played (neither team
    there, 整队退赛 or both absent; a playoff the venue cannot hold) the match is decided by
    lots (抽签), which 八、(五) gives to the competition group with the chief arbiter:
    "抽签工作由赛会竞赛组会同裁判长共同主持"."""

    PLAYOFF = "playoff"  # 主将加赛
    LOTS = "lots"  # 抽签


TIME_MARK = "t"  # the notation's mark of a loss on time: 1-0t
VALID_CODES = ", ".join(code.value for code in GameCode)


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
    def played(self) -> bool:
        """Played over the board: a loss on time is a game played (段级位申报 counts it)."""
        return self.code.played

    @property
    def winner(self) -> Side | None:
        return self.code.winner

    @property
    def draw(self) -> bool:
        return self.code is GameCode.DRAW

    @property
    def forfeit(self) -> bool:
        return not self.code.played

    def flipped(self) -> GameResult:
        """The game told with its second mover first (a stored black-first game read for a
        board whose first-named player had white, 先后手互换)."""
        return GameResult(self.code.flipped, self.time_loss)

    def score_of(self, side: Side) -> int:
        """The game's score of `side` in table units: win 2, draw 1, loss 0 (forfeits alike)."""
        if self.winner is None:
            return 1 if self.draw else 0
        return 2 if self.winner is side else 0

    def __str__(self) -> str:
        return notation(self)


FIRST_WINS = GameResult(GameCode.FIRST_WINS)
SECOND_WINS = GameResult(GameCode.SECOND_WINS)
DRAW = GameResult(GameCode.DRAW)


def notation(result: GameResult) -> str:
    """The code of a game as the command line, the files and the store write it (`0-1t`)."""
    return result.code.value + (TIME_MARK if result.time_loss else "")


def from_notation(text: str) -> GameResult | None:
    """A code written by `notation` read back exactly (no words, no full-width); None when
    `text` is no code. The store's codec and the file readers use it."""
    time_loss = text.endswith(TIME_MARK)
    code = text[:-1] if time_loss else text
    try:
        found = GameCode(code)
    except ValueError:
        return None
    if time_loss and not found.decisive:
        return None
    return GameResult(found, time_loss)


# --- what settles a round ------------------------------------------------------------------


DOUBLE_ROUND_TABLE = {  # (games won, drawn, lost) -> round points in table units 2/1/0
    (2, 0, 0): 2,
    (1, 1, 0): 2,
    (1, 0, 1): 1,
    (0, 2, 0): 1,
    (0, 0, 2): 0,
    (0, 1, 1): 0,
}


def double_round_points(wins: int, draws: int, losses: int) -> int:
    """Round points of one player in a double-game round, in table units 2/1/0.

    2022-shenzhen-championship.txt 九、(一): 赢2盘或赢1盘和1盘计2分，赢1盘输1盘或和2盘计1分，
    输2盘或输1盘和1盘计0分.
    """
    key = (wins, draws, losses)
    if key not in DOUBLE_ROUND_TABLE:
        raise ValueError(f"not the score of two games: {key}")
    return DOUBLE_ROUND_TABLE[key]


def settles_double_round(game: GameResult) -> bool:
    """True when this one result decides a double-game round alone: a forfeit (for the whole
    round), or a loss on time in game 1 (shenzhen 九、(三)1: 如第一盘未结束有一方超时，则判超时方
    当轮比赛负)."""
    return game.forfeit or game.time_loss


def missing_forfeit(first_missing: bool, second_missing: bool) -> GameResult | None:
    """The result of a game one of whose players is not there (withdrawn 退赛, absent 缺席):
    2022-shenzhen-championship.txt 十、(三) "超时未到者弃权处理，判到达者胜，未到者负" — the one
    who does not come forfeits and the one who came wins by forfeit (`+-` / `-+`, first mover
    first); neither there, lost by both (`--`). None when both are there (the game is played).
    A double-game round is settled by this one code (`settles_double_round`)."""
    if first_missing and second_missing:
        return GameResult(GameCode.DOUBLE_FORFEIT)
    if second_missing:
        return GameResult(GameCode.FIRST_FORFEIT_WIN)
    if first_missing:
        return GameResult(GameCode.SECOND_FORFEIT_WIN)
    return None


@dataclass(frozen=True)
class BoardResult:
    """What one board of a round came to: one game (单盘制), or a double-game round (双盘制)
    of two games, or one result that settles the double round alone (`settles_double_round`).

    `games[0]` lists the round's first-named player first; in a double round `games[1]` lists
    game 2's first mover first, that is the round's second-named player (先后手互换).

    `lots`: a knockout board neither of whose players came (退赛, 缺席: both missing), on
    which the chief arbiter had lots decide who goes on (抽签 — 2021-huazhi 八、(五) "抽签工作
    由赛会竞赛组会同裁判长共同主持"; the match must send someone on, 六、(三)5): the side the
    lots sent on. Its one game is lost by both (`--`: neither played, neither won a game;
    both score a loss), and the match's `winner` is the side drawn — a board decided by lots,
    never a forfeit win (`decided_by_lots`).
    """

    games: tuple[GameResult, ...]
    double: bool = False
    lots: Side | None = None

    def __post_init__(self) -> None:
        # a value may hold a game forfeited alone: whether a group takes one is asked where
        # a result is typed (`parse_board`)
        problem = _board_problem(self.games, self.double, game_forfeits=True)
        if problem is not None:
            raise UserError(*problem)
        if self.lots is not None and self.games != (GameResult(GameCode.DOUBLE_FORFEIT),):
            raise ValueError("a board decided by lots is lost by both: its one game is --")

    @property
    def decided_by_lots(self) -> bool:
        """Neither player came and lots sent one on (`lots`)."""
        return self.lots is not None

    @property
    def winner(self) -> Side | None:
        """The side (as named on the board) that won the round, or that the lots sent on
        (`lots`); None when level."""
        if self.lots is not None:
            return self.lots
        first = self.round_points(Side.FIRST)
        second = self.round_points(Side.SECOND)
        if first == second:
            return None
        return Side.FIRST if first > second else Side.SECOND

    @property
    def forfeit(self) -> bool:
        """The round was not played: one forfeit code."""
        return len(self.games) == 1 and self.games[0].forfeit

    def game_scores(self, side: Side) -> tuple[int, ...]:
        """`side`'s score of each game, in table units (2/1/0), in game order."""
        mover = side
        scores = []
        for game in self.games:
            scores.append(game.score_of(mover))
            mover = mover.other  # game 2: the first move exchanged
        if self.double and len(self.games) == 1:
            scores.append(scores[0])  # decided alone: game 2 counts the same (双盘包干)
        return tuple(scores)

    def round_points(self, side: Side) -> int:
        """`side`'s round points in table units: a single game's score, or the double round's
        by the shenzhen table (`double_round_points`)."""
        scores = self.game_scores(side)
        if not self.double:
            return scores[0]
        if len(self.games) == 2 and any(g.code is GameCode.DOUBLE_FORFEIT for g in self.games):
            # one game of the two lost by both (forfeited alone, `System.game_forfeits`): the
            # table counts on a winner or a draw in each game, so that the two scores add up
            # to a round's; here the higher score of the two games wins the round
            mine, theirs = sum(scores), sum(self.game_scores(side.other))
            return 2 if mine > theirs else 1 if mine == theirs else 0
        return double_round_points(scores.count(2), scores.count(1), scores.count(0))

    def games_played(self) -> int:
        """Games played over the board on this board (forfeits not counted; a loss on time
        is a game played)."""
        return sum(1 for game in self.games if game.played)

    def __str__(self) -> str:
        return " ".join(notation(game) for game in self.games)


def drawn_by_lots(side: Side, double: bool = False) -> BoardResult:
    """A knockout board neither of whose players came, decided by lots for `side` (the one
    sent on, as named on the board; `BoardResult.lots`): its game lost by both."""
    return BoardResult((GameResult(GameCode.DOUBLE_FORFEIT),), double, lots=side)


def _board_problem(games: Sequence[GameResult], double: bool, game_forfeits: bool = False
                   ) -> tuple[str, str] | None:
    """Why `games` is not one board's result in a single- or double-game group (one whose
    games may be forfeited one alone with `game_forfeits`, the module docstring)."""
    if not games:
        return "缺少结果", "no result given"
    if not double:
        if len(games) != 1:
            return (f"本组为单盘制，每台只能有一个结果，得到 {len(games)} 个",
                    f"this group plays single games: one result per board, got {len(games)}")
        return None
    if len(games) == 1:
        if settles_double_round(games[0]):
            return None
        return ("本组为双盘制，需要两盘结果，例如 1-0 =（第二盘以第二盘先手在前）",
                "this group plays double-game rounds: give both games, e.g. `1-0 =` (game 2 "
                "with its own first mover first)")
    if len(games) > 2:
        return (f"双盘制每台最多两个结果，得到 {len(games)} 个",
                f"a double-game round takes at most two results, got {len(games)}")
    if games[0].time_loss:
        return ("第一盘超时负即判当轮负，不能再有第二盘结果",
                "a loss on time in game 1 loses the round: there is no game 2")
    if games[0].played and games[1].played:
        return None
    if not game_forfeits:
        return ("双盘制中弃权只能作为整轮结果单独录入（+-、-+ 或 --）",
                "in a double-game round a forfeit is entered alone for the whole round "
                "(+-, -+ or --)")
    if not (games[0].played or games[1].played):
        return ("两盘都未下即整场弃权：请只录入一个弃权结果（+-、-+ 或 --）",
                "a match with no game played is a forfeit of the match: enter one forfeit "
                "code alone (+-, -+ or --)")
    return None


def board_from_notation(text: str, double: bool) -> BoardResult | None:
    """A board's result as `str(BoardResult)` writes it, read back; None when `text` is not
    such a result for a group of this format."""
    games = [from_notation(word) for word in text.split()]
    if not games or any(game is None for game in games):
        return None
    # what was stored passed its group's check: a game forfeited alone reads back as one
    if _board_problem([g for g in games if g is not None], double, game_forfeits=True
                      ) is not None:
        return None
    return BoardResult(tuple(g for g in games if g is not None), double)


# --- what a person types -------------------------------------------------------------------


_SPOKEN = {  # what arbiters type, normalised (NFKC, no spaces): the code it means
    "1-0": GameCode.FIRST_WINS, "1:0": GameCode.FIRST_WINS,
    "胜": GameCode.FIRST_WINS, "黑胜": GameCode.FIRST_WINS, "先手胜": GameCode.FIRST_WINS,
    "0-1": GameCode.SECOND_WINS, "0:1": GameCode.SECOND_WINS,
    "负": GameCode.SECOND_WINS, "白胜": GameCode.SECOND_WINS, "后手胜": GameCode.SECOND_WINS,
    "=": GameCode.DRAW, "和": GameCode.DRAW, "1/2": GameCode.DRAW, "1/2:1/2": GameCode.DRAW,
    "1/2-1/2": GameCode.DRAW, "0.5-0.5": GameCode.DRAW, "0.5:0.5": GameCode.DRAW,
    "+-": GameCode.FIRST_FORFEIT_WIN, "-+": GameCode.SECOND_FORFEIT_WIN,
    "--": GameCode.DOUBLE_FORFEIT,
}
_TIME_WORDS = ("超时", "t", "T")
WORDS = tuple(word for word in _SPOKEN if not word.isascii())  # 胜, 黑胜 ...: F1 lists them


def _normal(text: str) -> str:
    normal = unicodedata.normalize("NFKC", text).strip()
    return normal.replace("−", "-").replace("⁄", "/").replace(" ", "")


def parse_game(text: str, where: str | Place = "") -> GameResult:
    """Read one result a person typed: a code (`1-0`, `0-1`, `=`, `+-`, `-+`, `--`, `t` for a
    loss on time) or a word arbiters say (胜, 白胜, 和, `1:0`, `½:½` ...; module docstring).

    Full-width characters (１－０, ＝, ：) are accepted as typed on a Chinese keyboard; anything
    else is a `UserError` naming `where` and the valid codes.
    """
    normal = _normal(text)
    time_loss = False
    for mark in _TIME_WORDS:
        if normal.endswith(mark) and len(normal) > len(mark):
            normal = normal[: -len(mark)]
            time_loss = True
            break
    code = _SPOKEN.get(normal)
    if code is None:
        raise UserError(
            f"无法识别的结果 {text!r}，应为 {VALID_CODES} 或 胜/负/和（先手在前，超时负加 t）",
            f"unknown result {text!r}; use one of {VALID_CODES} or 胜/负/和 (first mover "
            "first, add t for a loss on time)",
            where or "result",
        )
    if time_loss and not code.decisive:
        raise UserError(
            f"{text!r}: 只有 1-0 或 0-1 可以标记超时",
            f"{text!r}: only 1-0 or 0-1 can be marked as a loss on time",
            where or "result",
        )
    return GameResult(code, time_loss)


def parse_board(words: Sequence[str], double: bool, where: str | Place = "result",
                game_forfeits: bool = False) -> BoardResult:
    """Read what a person typed for one board and check the number of games against the
    group's format: one code (单盘制); two, or one that settles the round alone (双盘制);
    with `game_forfeits` (`System.game_forfeits`) one of the two may be a forfeit code.
    Several results typed in one argument (`"1-0 ="`) are split at the spaces."""
    split = [word for typed in words for word in typed.split()]
    games = tuple(parse_game(word, f"{where} ({k})" if isinstance(where, str) else where)
                  for k, word in enumerate(split, 1))
    problem = _board_problem(games, double, game_forfeits)
    if problem is not None:
        raise UserError(*problem, where)
    return BoardResult(games, double)


def complete_entry(games: Sequence[GameResult], games_per_round: int) -> bool:
    """True when `games` typed so far make a whole board's result (the window's quick entry
    saves then): all the games, or in a double round one result that settles it alone."""
    if len(games) == games_per_round:
        return True
    return games_per_round == 2 and len(games) == 1 and settles_double_round(games[0])


def read_notation(text: str) -> BoardResult | None:
    """A board's notation read where the group's format is not known (a file, a printed
    model): two games are a double round, one settling code a double round decided alone,
    one other code a single game; None for no result."""
    return board_from_notation(text, True) or board_from_notation(text, False)
