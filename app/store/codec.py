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
  captains' playoff keeps its playoff games instead and an empty label.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from app.results import (
    BoardResult,
    GameResult,
    LevelDecision,
    board_from_notation,
    from_notation,
)
from app.rules.endings import Ending

if TYPE_CHECKING:
    from sqlalchemy import ColumnElement
    from sqlalchemy.orm import InstrumentedAttribute

NO_RESULT = ""  # a board or game row still waiting for its result
BYE = "bye"  # the result text of a bye's board


@lru_cache(maxsize=512)
def board_result(text: str | None, double: bool) -> BoardResult | None:
    """The stored result of a board, None while there is none (or for a bye).

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
    return found


def board_text(result: BoardResult | None) -> str:
    """What a board row stores for `result` (`""` for none)."""
    return NO_RESULT if result is None else str(result)


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
