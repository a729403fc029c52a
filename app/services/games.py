"""Games recorded on the board (记谱): store a game of a board, and its result with it.

The game object of `app.rules.game` is kept as its action log (so swap, offers and a
claimed foul replay exactly), with the plain move string and the opening name beside it.
When the game has ended, its result is the board's result: a single-game round takes it at
once; a double-game round once both games have one.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from app import wording
from app.errors import UserError
from app.group_settings import RULE_SET_OF
from app.results import BoardResult, GameResult
from app.rules.endings import Ending
from app.rules.game import Game, GameSettings, decode_actions, encode_actions
from app.rules.protocols import Protocol
from app.rules.records import write_moves
from app.services.boards import movers_of_game
from app.services.event import Event
from app.services.lookup import at_board
from app.services.queries import find_board, find_round, match_boards, system_of
from app.store import codec
from app.store.models import BoardRow, Group
from app.store.models import Game as GameRow


def game_settings(group: Group) -> GameSettings:
    """The rules a game of this group is played under (专业规则 / 大众规则 / standard) and its
    opening rule (`app.rules.protocols`: 指定开局, 自由开局, Swap2, Soosõrv-8, Taraguchi-10,
    Yamaguchi). 指定开局 belongs to 专业规则; under other rule sets it is 自由开局."""
    return GameSettings.of_group(RULE_SET_OF[group.rule_set], Protocol(group.opening),
                                 group.fifth_move_offers)


def _players_of_game(board: BoardRow, index: int) -> tuple[int | None, int | None]:
    """(first mover, second) of game `index` as paired: game 2 of a double round reverses."""
    if board.first_team_id is None:
        return movers_of_game(board, index)
    return board.first_player_id, board.second_player_id


def game_settings_for(event: Event, group: str) -> GameSettings:
    with event.reading() as session:
        return game_settings(Event.group(session, group))


def new_game(event: Event, group: str) -> Game:
    """An empty game under the group's rules."""
    with event.reading() as session:
        return Game.new(game_settings(Event.group(session, group)))


def load_game(event: Event, group: str, round_number: int, board_number: int,
              index: int = 1) -> Game:
    """The stored game of a board, replayed from its action log (a new game if none)."""
    with event.reading() as session:
        found = Event.group(session, group)
        board = find_board(find_round(session, found, round_number), board_number)
        row = next((g for g in board.games if g.index == index), None)
        settings = game_settings(found)
        if row is None or not row.record.get("actions"):
            return Game.new(settings)
        return decode_actions(settings, row.record["actions"],
                              f"round {round_number} board {board_number} game {index}")


def save_game(event: Event, group: str, round_number: int, board_number: int, index: int,
              game: Game) -> BoardResult | None:
    """Store the game; once it has ended, its result fills the board. Returns the board's
    result (None while it is not decided)."""
    with event.operation("save_game", f"保存对局 {group} "
                         f"{wording.board_place_text(round_number, board_number)} / save a "
                         "game") as session:
        found = Event.group(session, group)
        board = find_board(find_round(session, found, round_number), board_number)
        team = system_of(found).team
        # a team match's boards are its team size (3 in huazhi, 5 or more elsewhere); past
        # them its captains' playoff games, while the match has them or waits for one
        last = match_boards(found) or max(found.games_per_round, 1)
        if team and index > last:  # the captains' playoff (主将加赛) of a level match
            from app.services.knockout import playoff_game_due

            if not playoff_game_due(found, board, index):
                raise at_board(UserError(
                    f"该场只有{last}台；第{index}局是主将加赛，只在两队局分打平、加赛未分胜负时"
                    "依次进行",
                    f"the match has {last} boards: game {index} is a captains' playoff game, "
                    "played in turn only while the match is level and undecided"),
                    found, round_number, board_number)
        elif not 1 <= index <= last:
            refused = (UserError(f"该场没有第{index}台", f"the match has no board {index}")
                       if team else UserError(f"没有第{index}盘", f"there is no game {index}"))
            raise at_board(refused, found, round_number, board_number)
        if board.second_player_id is None and board.first_team_id is None:
            raise at_board(UserError("轮空台没有对局", "a bye has no game"), found,
                           round_number, board_number)
        if system_of(found).forfeits_missing:  # a missing player's board: forfeited, no game
            from app.services.missing_players import check_result

            check_result(found, round_number, board, None)
        _store(session, found, board, index, game, round_number)
        if team:  # its last board recorded: the match's result
            from app.services.knockout import settle_recorded_match

            settle_recorded_match(found, board, round_number)
        return codec.board_result(board.result, found.games_per_round == 2, board.label)


def _store(session: Session, group: Group, board: BoardRow, index: int, game: Game,
           round_number: int) -> None:
    row = next((g for g in board.games if g.index == index), None)
    if system_of(group).team:
        from app.services.knockout import game_movers

        # the game's movers as paired, whatever colours the row holds now: after a swap
        # (三手交换) its black is the second mover, and reading its colours as the movers
        # turned them round at every save
        first, second = game_movers(group, board, index)
        if row is None and index > (match_boards(group) or 0):  # the next playoff game
            row = GameRow(index=index, black_player_id=first, white_player_id=second,
                          opening="主将加赛")  # (save_game checked the match waits for it)
            board.games.append(row)
        if row is None:
            raise at_board(UserError("团体赛该台不存在", "no such board in the match"),
                           group, round_number, board.number, index)
    else:
        first, second = _players_of_game(board, index)
        if row is None:
            row = GameRow(index=index)
            board.games.append(row)
    result = game.result
    black_is_first = result.black_player.value == "first" if result else not game.swapped
    row.black_player_id, row.white_player_id = (first, second) if black_is_first else (
        second, first)
    row.moves = write_moves(game.moves)
    row.opening = game.opening.name_zh if game.opening else row.opening
    row.record = {"actions": encode_actions(game)}
    if result is None:
        row.result, row.ending = codec.NO_RESULT, ""
        return
    # A game row's result is black first; the board's results the paired first mover first.
    played = GameResult(result.code, result.ending is Ending.TIME and result.code.decisive)
    row.result = codec.game_text(played if black_is_first else played.flipped())
    row.ending = result.ending.value
    if system_of(group).team:
        return
    board_games = _board_games(board)
    if len(board_games) == group.games_per_round:
        try:
            codec.store_board(board, BoardResult(board_games, group.games_per_round == 2))
        except UserError as error:
            raise at_board(error, group, round_number, board.number) from None


def _board_games(board: BoardRow) -> tuple[GameResult, ...]:
    """The results of the board's games stored so far, each its game's paired first mover
    first, in game order; it stops at the first game without a result."""
    found = []
    for row in sorted(board.games, key=lambda g: g.index):
        stored = codec.game_result(row.result, row.ending)
        if stored is None:
            break
        paired_first = _players_of_game(board, row.index)[0]
        found.append(stored if row.black_player_id == paired_first else stored.flipped())
    return tuple(found)
