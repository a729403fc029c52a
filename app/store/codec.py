"""The one codec of stored results: board and game rows' result text <-> `app.results` values.

Results are decoded here, where rows leave the store, and encoded here when they go in;
nothing above `app.store` reads or writes the stored notation. What is stored (unchanged by
this codec, so every event file reads as before):
- a board row (`BoardRow.result`): the round's result first-named player first, the games of
  a double-game round joined by a space (`1-0 =`), a loss on time marked `t` (`0-1t`);
  `""` while the result is not in, `"bye"` on the board of a bye; a team match stores the
  match's result (`1-0`: the first-named team won);
- a game row (`Game.result`): that game's code black first, without the time mark (the
  row's `ending` says `time`);
- a team match's board row decided by lots (抽签), level on game points: its `label` holds
  `lots` (`LevelDecision.LOTS`) beside the result of the team drawn; a match decided by the
  captains' playoff keeps its playoff games instead and an empty label;
- an individual knockout board neither of whose players came, decided by lots
  (`BoardResult.lots`): its `label` holds `lots` beside the forfeit code of the side drawn
  (`-+`: the second-named goes on), as a team match's does, and its game row `--` (neither
  played). A program that does not know the label reads the board as the forfeit win it was
  entered as before lots were typed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from app.results import (
    BoardResult,
    GameCode,
    GameResult,
    LevelDecision,
    Side,
    board_from_notation,
    drawn_by_lots,
    from_notation,
)
from app.rules.endings import Ending

if TYPE_CHECKING:
    from sqlalchemy import ColumnElement
    from sqlalchemy.orm import InstrumentedAttribute

NO_RESULT = ""  # a board or game row still waiting for its result
BYE = "bye"  # the result text of a bye's board


_LOTS_CODES = {GameCode.FIRST_FORFEIT_WIN: Side.FIRST, GameCode.SECOND_FORFEIT_WIN: Side.SECOND}
_LOTS_TEXT = {side: code.value for code, side in _LOTS_CODES.items()}


@lru_cache(maxsize=512)
def board_result(text: str | None, double: bool, label: str | None) -> BoardResult | None:
    """The stored result of a board (its row's `result` and `label`), None while there is
    none (or for a bye). A forfeit code beside the `lots` label is an individual board
    decided by lots (`BoardResult.lots`); a team match's lots keep a game code (`1-0`) and
    read as the match's result.

    A board of a double-game group holding one game's code that does not settle the round
    alone (a hand-edited file) is read as that game alone rather than refused, so a file can
    always be opened and corrected.

    Each stored text is decoded once (a result is a frozen value, shared): an event holds a
    handful of distinct texts on thousands of boards.
    """
    if not text or text == BYE:
        return None
    found = board_from_notation(text, double)
    if found is None and double:
        found = board_from_notation(text, False)
    if found is not None and label == LevelDecision.LOTS.value and len(found.games) == 1 \
            and found.games[0].code in _LOTS_CODES:
        return drawn_by_lots(_LOTS_CODES[found.games[0].code], found.double)
    return found


def board_text(result: BoardResult | None) -> str:
    """What a board row stores in `result` for `result` (`""` for none); a board decided by
    lots the forfeit code of the side drawn (its `label` says lots: `board_label`)."""
    if result is None:
        return NO_RESULT
    if result.lots is not None:
        return _LOTS_TEXT[result.lots]
    return str(result)


def board_label(result: BoardResult | None) -> str:
    """What an individual board row keeps in `label` for `result`: `lots` for a board decided
    by lots, else `""`."""
    return LevelDecision.LOTS.value if result is not None and result.lots is not None else ""


class _BoardRow(Protocol):
    result: str
    label: str


def store_board(row: _BoardRow, result: BoardResult | None) -> None:
    """Write an individual board's result on its row: the text and the label beside it (a
    board decided by lots), never one without the other."""
    row.result = board_text(result)
    row.label = board_label(result)


def is_bye(text: str | None) -> bool:
    return text == BYE


def waiting(column: InstrumentedAttribute[str]) -> ColumnElement[bool]:
    """A query's condition on a result column: the row's result is not in yet."""
    from sqlalchemy import or_

    return or_(column == NO_RESULT, column.is_(None))


def game_result(text: str | None, ending: str | None = None) -> GameResult | None:
    """A game row's result, black first; a loss on time when the row's ending says so."""
    if not text:
        return None
    found = from_notation(text)
    if found is None:
        return None
    if ending == Ending.TIME.value and found.code.decisive and not found.time_loss:
        return GameResult(found.code, True)
    return found


def game_text(result: GameResult | None) -> str:
    """What a game row stores in `result`: the code without the time mark (`ending` has it)."""
    return NO_RESULT if result is None else result.code.value


def game_ending(result: GameResult) -> Ending | None:
    """The ending a typed result gives a game row: time for a loss on time, forfeit for a
    game not played; None when the result says nothing of it."""
    if result.time_loss:
        return Ending.TIME
    if result.forfeit:
        return Ending.FORFEIT
    return None



def match_decision(label: str | None) -> LevelDecision | None:
    """How a stored team match, level on game points, was decided where its games do not say
    it: lots (抽签); None otherwise (the captains' playoff is read from its games)."""
    return LevelDecision.LOTS if label == LevelDecision.LOTS.value else None


def match_decision_text(decision: LevelDecision | None) -> str:
    """What a team match's board row keeps in `label` for `decision` (`""` but for lots)."""
    return LevelDecision.LOTS.value if decision is LevelDecision.LOTS else ""
