"""The venue's data as the JSON and the pages use it, built from the services' plain data."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from app import wording
from app.pairing.types import Outcome
from app.pinyin import lazy_pinyin
from app.results import BoardResult, GameResult, LevelDecision, Side
from app.services.queries import BoardInfo, PlayerRef, RoundInfo, seat_outcome
from app.services.ranking import StandingsInfo


def _player(ref: PlayerRef | None, team: str = "") -> dict[str, Any] | None:
    if ref is None:
        if team:
            return {"id": None, "number": None, "name": team}
        return None
    return {"id": ref.id, "number": ref.number, "name": ref.name}


def _result(board: BoardInfo) -> str | None:
    """The board's result in the notation CLI.md gives the API (`1-0 =`), null while not in
    (and on a bye's board)."""
    return wording.code_text(board.result) or None


def _board_json(board: BoardInfo) -> dict[str, Any]:
    entry: dict[str, Any] = {"board": board.number,
                             "black": _player(board.first, board.first_team),
                             "white": _player(board.second, board.second_team),
                             "result": _result(board)}
    if board.result is not None and board.result.lots is not None:
        # neither came: the result is `--` (both lost the game), the lots sent one on
        # (`decided_by` as `bracket --json` says it; `winner` that player's id)
        drawn = board.first if board.result.winner is Side.FIRST else board.second
        entry["decided_by"] = LevelDecision.LOTS.value
        entry["winner"] = drawn.id if drawn is not None else None
    if board.first_team:
        # A team match (分台定人制): the teams above, each board's game below.
        entry["games"] = [{"board": game.index, "black": _player(game.black),
                           "white": _player(game.white),
                           "result": wording.game_code(game.result) or None}
                          for game in board.games]
    return entry


def round_json(info: RoundInfo | None) -> dict[str, Any]:
    """`GET /api/groups/<group>/round` as CLI.md states it (the last round paired); a team
    match names the teams as black and white and lists its games under `games`."""
    if info is None:
        return {"round": 0, "boards": []}
    return {"round": info.number, "boards": [_board_json(board) for board in info.boards]}


def _number(value: int | Fraction) -> int | float:
    """A value for JSON: an int when whole, else the float of the exact value."""
    exact = Fraction(value)
    return exact.numerator if exact.denominator == 1 else float(exact)


def standings_json(info: StandingsInfo) -> dict[str, Any]:
    """`GET /api/groups/<group>/standings`: the rows in the order of `standings --csv`."""
    return {
        "round": info.rounds_complete,
        "rows": [
            {"place": wording.place_text(row.place, row.shared),
             "number": row.player.number,
             "name": row.player.name,
             "points": _number(row.points),
             "tiebreaks": {key: _number(value)
                           for (key, _label), value in zip(info.columns, row.tiebreaks,
                                                           strict=True)}}
            for row in info.rows
        ],
    }


@dataclass(frozen=True)
class Seat:
    """One player's place in the round, for the list by name and for find-yourself."""

    player: PlayerRef
    board: int
    first: bool  # True: first mover (black)
    opponent: PlayerRef | None
    # the board's result (a team match: this player's game), typed; the page says it in
    # words (黑胜, 白弃权); None while not in
    result: BoardResult | GameResult | None = None
    game: int = 0  # team matches: the board within the match (第几台), 0 otherwise
    # a double-game round's points, this player's first (负，黑胜／和 0:2)
    round_points: tuple[int, int] | None = None

    @property
    def outcome(self) -> Outcome | None:
        """The result from this player's side (胜, 和, 负, 对手弃权, 弃权负); None while not in."""
        return seat_outcome(self.result, self.first)


def seats(info: RoundInfo) -> list[Seat]:
    """Every player of the round once, in the order of their names (pinyin)."""
    found = []
    for board in info.boards:
        if board.first_team:
            for game in board.games:
                if game.black is not None:
                    found.append(Seat(game.black, board.number, True, game.white,
                                      game.result, game.index))
                if game.white is not None:
                    found.append(Seat(game.white, board.number, False, game.black,
                                      game.result, game.index))
            continue
        points = board.round_points
        for player, first, opponent, own in (
                (board.first, True, board.second, points),
                (board.second, False, board.first, points and (points[1], points[0]))):
            if player is not None:
                found.append(Seat(player, board.number, first, opponent, board.result,
                                  round_points=own))
    return sorted(found, key=lambda s: (lazy_pinyin(s.player.name), s.player.number))


def find(info: RoundInfo, query: str) -> list[Seat]:
    """Players whose name contains `query`, or whose pairing number (编号) it is."""
    query = query.strip()
    if not query:
        return []
    if query.isdigit():
        return [s for s in seats(info) if s.player.number == int(query)]
    return [s for s in seats(info) if query.casefold() in s.player.name.casefold()]


def chunks(items: list[Any], size: int) -> list[list[Any]]:
    """`items` in slides of `size` (at least one slide, possibly empty)."""
    size = max(1, size)
    return [items[i:i + size] for i in range(0, len(items), size)] or [[]]
