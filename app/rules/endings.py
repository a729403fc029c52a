"""How a game ended (终局方式): the one table of endings with their names and record codes.

Every other part of the program (the board, the stored games, the printed lists and slips, the
federation package and its SGF records) reads the names and codes from here.

- five 连五: the game is won by five in a row (exactly five for black under 专业规则,
  《中国五子棋竞赛规则》2013);
- foul 禁手: black made a forbidden move and white pointed it out at once (black loses);
- resignation 认输, time 超时 (loss on time; 2016 七、(五)2 and shenzhen 十、(三) make a loss
  on time in game 1 of a double round lose the round);
- agreed draw 协议和棋, full board 满盘和棋, arbiter's decision 裁判判定;
- two passes in a row 双方连续放弃行棋: a draw (RIF rules, pass; see `app.rules.protocols`);
- forfeit 弃权: the game was not played (late arrival past the limit, shenzhen 十、(三):
  迟到…超时未到者弃权).

The record code is what follows `B+` / `W+` in an SGF `RE` property (FF[4]: `R` resigned,
`T` on time, `F` forfeit); a foul is written `F` too, as the game records of this program
have always written it.
"""

from __future__ import annotations

from enum import StrEnum


class Ending(StrEnum):
    """How a game ended; the value is what the event file stores."""

    FIVE = "five"
    FOUL = "foul"
    RESIGNATION = "resignation"
    TIME = "time"
    AGREED_DRAW = "agreed_draw"
    FULL_BOARD = "full_board"
    PASSES = "passes"
    ARBITER = "arbiter"
    FORFEIT = "forfeit"

    @classmethod
    def stored(cls, value: str | None) -> Ending | None:
        """The ending a stored game row holds ('' or an unknown word: none)."""
        try:
            return cls(value) if value else None
        except ValueError:
            return None

    @property
    def zh(self) -> str:
        return ENDINGS[self][0]

    @property
    def en(self) -> str:
        return ENDINGS[self][1]

    @property
    def record_code(self) -> str:
        """The letter after `B+` / `W+` in an SGF result ('' when there is none)."""
        return ENDINGS[self][2]


# ending: (Chinese, English, SGF result letter)
ENDINGS: dict[Ending, tuple[str, str, str]] = {
    Ending.FIVE: ("连五", "five in a row", ""),
    Ending.FOUL: ("禁手", "forbidden move", "F"),
    Ending.RESIGNATION: ("认输", "resignation", "R"),
    Ending.TIME: ("超时", "loss on time", "T"),
    Ending.AGREED_DRAW: ("协议和棋", "agreed draw", ""),
    Ending.FULL_BOARD: ("满盘和棋", "full board", ""),
    Ending.PASSES: ("双方连续放弃行棋", "two passes in a row", ""),
    Ending.ARBITER: ("裁判判定", "arbiter's decision", ""),
    Ending.FORFEIT: ("弃权", "forfeit", "F"),
}
