"""Late arrival (迟到): a player who comes past the limit forfeits the game.

2022-shenzhen-championship.txt 十、(三): "迟到时限为开赛后15分钟，超时未到者弃权处理，判到达者
胜，未到者负"; both late: a double forfeit. The limit is the group's `late_limit_minutes`
(`app.group_settings`); the rule itself is the core's `late_forfeit`. A forfeit is entered
as the board's result (one operation, undoable), exactly as `result` would enter it.
"""

from __future__ import annotations

from app.services.event import Event, settings_of
from app.services.rounds import enter_result
from app.standings.scoring import late_forfeit


def record_late_arrival(event: Event, group: str, round_number: int, board_number: int,
                        first_late: float | None, second_late: float | None) -> str | None:
    """Minutes each player of the board came after the start (None: did not come). Returns
    the forfeit entered (`+-`, `-+`, `--`), or None when both came in time (nothing entered:
    the game is played)."""
    with event.reading() as session:
        limit = settings_of(Event.group(session, group)).late_limit_minutes
    result = late_forfeit(first_late, second_late, limit)
    if result is None:
        return None
    enter_result(event, group, round_number, board_number, [str(result)])
    return str(result)
