"""Knockout groups (淘汰制, with full placement), team matches (分台定人制) and the huazhi
cross-group round (复赛), from the event file.

A stored round of such a group holds one board row per match: players (individual knockout)
or teams (team matches, with one game row per board and the captains' playoff games after
them). The match's result is "1-0" / "0-1" (the first-named side first) once decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace as dataclass_replace

from sqlalchemy.orm import Session

from app import wording
from app.errors import CorrectionNotConfirmed, UserError
from app.pairing import knockout, team
from app.pairing.system import System
from app.pairing.types import Board, Outcome, Pairing
from app.results import (
    DRAW,
    FIRST_WINS,
    SECOND_WINS,
    BoardResult,
    GameCode,
    GameResult,
    LevelDecision,
    Side,
    missing_forfeit,
    parse_game,
)
from app.services.boards import game_row, record_code, sync_games
from app.services.event import Event, settings_of
from app.services.lookup import (
    absence_outcome,
    bracket_players,
    bracket_teams,
    find_board,
    find_round,
    system_of,
)
from app.standings.team_swiss import match_outcome as team_match_outcome
from app.store import codec
from app.store.models import BoardRow, Game, Group, Player, Team, TeamMember


@dataclass(frozen=True)
class TeamInfo:
    id: int
    name: str
    unit: str
    source: str
    seed: int
    members: tuple[tuple[int, str, str], ...]  # (player id, name, gender) in board order


def team_rules(group: Group) -> team.TeamRules:
    lineup = settings_of(group).team
    woman = lineup.woman_board
    return team.TeamRules(
        boards=lineup.boards,
        women_boards=frozenset({woman}) if woman else frozenset(),
        min_women=lineup.min_women if lineup.min_women is not None else (1 if woman else 0),
        captain_board=lineup.captain_board,
    )


def _plain_team(row: Team) -> team.Team:
    return team.Team(
        number=row.id,
        name=row.name,
        members=tuple(team.TeamMember(m.player_id, m.player.gender == "F", m.player.name)
                      for m in row.members),
        unit=row.unit,
    )


def add_team(
    event: Event,
    group: str,
    name: str,
    members: Sequence[tuple[str, str]],
    *,
    unit: str = "",
    source: str = "",
    seed: int | None = None,
) -> int:
    """Register a team with its players in board order (台次, board 1 = captain 主将).

    `members`: (name, gender) per board; the order cannot change later (huazhi 六、(三)3).
    """
    with event.operation("add_team", f"添加队伍 {name} / add team") as session:
        found = Event.group(session, group)
        if not system_of(found).team:
            raise UserError("本组不是团体赛", "this group is not a team event", group)
        if found.rounds_played:
            raise UserError("比赛开始后不能再添加队伍", "no new teams once play has started",
                            group)
        if any(t.name == name for t in found.teams):
            raise UserError(f"已有队伍“{name}”", f"a team '{name}' exists already", group)
        row = Team(group=found, name=name, unit=unit or name, source=source,
                   seed=seed if seed is not None else len(found.teams) + 1)
        for board, (member_name, gender) in enumerate(members, start=1):
            player = Player(group=found, name=member_name, gender=gender, unit=unit or name,
                            seed=1000 * row.seed + board)
            session.add(player)
            row.members.append(TeamMember(player=player, board_order=board))
        session.add(row)
        session.flush()
        team.validate_team(_plain_team(row), team_rules(found))
        return row.id


def _lineup_fixed(group: Group, team_name: str) -> UserError | None:
    """Why a team's line-up can no longer change: play has started (huazhi 六、(三)3)."""
    if not group.rounds_played:
        return None
    return UserError(
        f"比赛已开始，{team_name} 的台次不可改变（规程六、(三)3：每队报名时提交台号，"
        "比赛过程中不可改变）",
        f"play has started: the board order of {team_name} can no longer change "
        "(boards are declared at registration and fixed for the event)", group.name)


def team_edit_refusal(event: Event, group: str, team_name: str) -> UserError | None:
    """What `edit_team` would answer about changing this team's line-up now (None: it may
    change), for the window to say before the arbiter types a new line-up."""
    with event.reading() as session:
        return _lineup_fixed(Event.group(session, group), team_name)


def edit_team(
    event: Event,
    group: str,
    team_name: str,
    members: Sequence[tuple[str, str]],
    *,
    name: str | None = None,
    unit: str | None = None,
) -> int:
    """Correct a registered team before play starts: its players in board order (台次: who
    plays which board, a player replaced), and its name or unit.

    huazhi 六、(三)3: "每队报名时必须提交队员的台号号码，比赛过程中不可改变" — once the group's
    first round is paired the board order is fixed and the change is refused. A player kept
    (same name) keeps their player id; a player no longer named is removed. The line-up is
    checked by the core's `validate_team` (a woman on board 3 ...); refused, nothing changes.
    """
    with event.operation("edit_team", f"修改队伍 {team_name} / edit team") as session:
        found = Event.group(session, group)
        if not system_of(found).team:
            raise UserError("本组不是团体赛", "this group is not a team event", group)
        row = next((t for t in found.teams if t.name == team_name), None)
        if row is None:
            raise UserError(f"没有队伍“{team_name}”", f"no team '{team_name}'", group)
        refusal = _lineup_fixed(found, team_name)
        if refusal is not None:
            raise refusal
        new_name = (name if name is not None else row.name).strip()
        if not new_name:
            raise UserError("队名不能为空", "the team needs a name", team_name)
        if any(t.name == new_name and t is not row for t in found.teams):
            raise UserError(f"已有队伍“{new_name}”", f"a team '{new_name}' exists already",
                            team_name)
        names = [member_name.strip() for member_name, _gender in members]
        if len(set(names)) != len(names):
            twice = next(n for n in names if names.count(n) > 1)
            raise UserError(f"棋手 {twice} 在队内出现两次", f"player {twice} is listed twice",
                            team_name)
        row.name = new_name
        row.unit = (unit if unit is not None else row.unit).strip() or new_name
        kept = {m.player.name: m.player for m in row.members}
        boards = list(row.members)  # each board's row keeps its number; its player changes
        for board, (member_name, gender) in enumerate(members, start=1):
            player = kept.pop(member_name.strip(), None)
            if player is None:
                player = Player(group=found, name=member_name.strip(), gender=gender)
                session.add(player)
            player.gender = gender
            player.unit = row.unit
            player.seed = 1000 * row.seed + board
            if board <= len(boards):
                boards[board - 1].player = player
            else:
                row.members.append(TeamMember(player=player, board_order=board))
        for extra in boards[len(members):]:
            row.members.remove(extra)
        for dropped in kept.values():  # replaced: before round 1 they have no games
            found.players.remove(dropped)
        session.flush()
        team.validate_team(_plain_team(row), team_rules(found))
        return row.id


def lineup_problem(event: Event, group: str, team_name: str, names: Sequence[str]
                   ) -> tuple[str, str] | None:
    """Check the line-up a team hands in before a match (台次表, players by board) against
    its registered board order, which cannot change (huazhi 六、(三)3). None when it is the
    same; else what differs, in Chinese and English. An unknown team or player is refused."""
    with event.reading() as session:
        found = Event.group(session, group)
        row = next((t for t in found.teams if t.name == team_name), None)
        if row is None:
            raise UserError(f"没有队伍“{team_name}”", f"no team '{team_name}'", group)
        ids = {m.player.name: m.player_id for m in row.members}
        unknown = [name for name in names if name not in ids]
        if unknown:
            raise UserError(f"{team_name} 没有队员 {'、'.join(unknown)}",
                            f"{team_name} has no member {', '.join(unknown)}", team_name)
        registered = _plain_team(row)
        differ = team.lineup_differences(registered, [ids[name] for name in names])
        if not differ:
            return None
        return (f"{team_name} 的台次表与报名不符：{wording.numbers_text(differ)}；台次顺序在比赛中"
                f"不可改变（报名顺序：{team.registered_order(registered)}）",
                f"the line-up of {team_name} differs from its registration on "
                f"{wording.numbers_text(differ, lang='en')}: the board order cannot change "
                f"during the event (registered: {team.registered_order(registered, 'en')})")


def teams(event: Event, group: str) -> list[TeamInfo]:
    with event.reading() as session:
        found = Event.group(session, group)
        return [
            TeamInfo(t.id, t.name, t.unit, t.source, t.seed,
                     tuple((m.player_id, m.player.name, m.player.gender) for m in t.members))
            for t in sorted(found.teams, key=lambda t: (t.seed, t.id))
        ]


def _entrants(group: Group) -> list[int]:
    """The bracket's entrants by seed: the teams or the players drawn (`bracket_teams`,
    `bracket_players`); a cross-group round's teams, all of them."""
    system = system_of(group)
    if system.team and system.bracket:
        return [t.id for t in bracket_teams(group)]
    if system.team:
        return [t.id for t in sorted(group.teams, key=lambda t: (t.seed, t.id))]
    return [p.id for p in bracket_players(group)]


def _winner(board: BoardRow, result: BoardResult | None) -> int | None:
    """The entrant (team or player id) a match's result `result` sends on; None while the
    match is not decided (a loss on time decides it like any other loss)."""
    first = board.first_team_id or board.first_player_id
    second = board.second_team_id or board.second_player_id
    winner = None if result is None else result.winner
    if first is None or second is None or winner is None:
        return None
    return first if winner is Side.FIRST else second


def _results(group: Group, before_round: int | None = None) -> dict[tuple[int, int], int]:
    """(round, match) -> winner id, from the stored decided matches (of the rounds before
    `before_round` only, when given)."""
    results: dict[tuple[int, int], int] = {}
    for round_ in group.rounds_played:
        if before_round is not None and round_.number >= before_round:
            break
        for board in round_.boards:
            winner = _winner(board, codec.board_result(board.result,
                                                       group.games_per_round == 2, board.label))
            if winner is not None:
                results[(round_.number, board.number)] = winner
    return results


def check_match_result(group: Group, round_number: int, board: BoardRow,
                       result: BoardResult) -> None:
    """In a knockout, the bracket must take the match's new result (the core's
    `record_winner` refuses a winner who is not in the match); the rounds after it follow a
    correction once it is stored (`follow_correction`). Other systems: nothing to check."""
    winner = _winner(board, result)
    if winner is None or not system_of(group).bracket:
        return
    try:
        knockout.record_winner(bracket(group, before_round=round_number + 1), round_number,
                               board.number, winner, replace=True, names=_entrant_names(group))
    except UserError as error:
        raise _at(error, group.name, round_number, board.number) from None


def bracket(group: Group, before_round: int | None = None) -> knockout.Bracket:
    """The group's bracket with its stored results (those of the rounds before
    `before_round` only, when given)."""
    entrants = _entrants(group)
    if len(entrants) < 2:
        raise UserError("参赛队伍/棋手不足两个", "fewer than two entrants", group.name)
    return knockout.build_bracket(entrants, _results(group, before_round))


def follow_correction(group: Group, round_number: int, number: int) -> list[str]:
    """After a result of round `round_number` is corrected: each later round already paired
    on the old result seats its boards as the bracket now has them (the new winner where the
    old one was, the new loser likewise), as long as those boards have no result yet — a
    match not played yet is simply played by the right players, as an arbiter expects. A
    board that has a result (a match played by the wrong players) is never changed behind
    the arbiter's back: the correction is refused naming that board, and nothing is written.
    Returns what the correction says (and each round's report keeps) of the boards moved;
    `number` is the corrected board (or match) of round `round_number`."""
    said: list[str] = []
    for round_ in sorted(group.rounds_played, key=lambda r: r.number):
        if round_.number <= round_number:
            continue
        now = bracket(group, before_round=round_.number)
        rows = {row.number: row for row in round_.boards}
        moved = knockout.reseated_boards(now, round_.number,
                                         [_paired_board(row) for row in round_.boards])
        for before, after in moved:
            if _has_result(group, round_.number, rows[before.number]):
                raise _depends_on(group, (round_number, number), round_.number,
                                  rows[before.number], before, after)
        lines = [_reseat(group, round_.number, rows[before.number], before, after)
                 for before, after in moved]
        lines += _reenter_forfeits(group, round_.number, [rows[b.number] for b, _ in moved])
        round_.report = [*(round_.report or []), *lines]
        said += lines
    return said


def _paired_board(row: BoardRow) -> Board:
    """A stored board as the pairing seated it (teams in a team knockout)."""
    first = row.first_team_id or row.first_player_id or 0
    second = row.second_team_id if row.first_team_id else row.second_player_id
    return Board(row.number, first, second)


def _has_result(group: Group, round_number: int, row: BoardRow) -> bool:
    """Whether a board has a result the players made (a bye's and a forfeit the pairing
    entered for a missing player are the pairing's own)."""
    from app.services.missing_players import due_forfeits

    if row.second_player_id is None and row.second_team_id is None:
        return False  # a bye
    if system_of(group).team:
        if forfeited_by_pairing(group, round_number, row):
            return False
        by_id = {t.id: t for t in group.teams}
        due = team.missing_member_forfeits(_plain_team(by_id[row.first_team_id or 0]),
                                           _plain_team(by_id[row.second_team_id or 0]),
                                           missing_members(group, round_number))
        return any(codec.game_result(g.result, g.ending) not in (None, due.get(g.index))
                   for g in row.games)
    if not row.result:
        return False
    stored = codec.board_result(row.result, group.games_per_round == 2, row.label)
    return stored != due_forfeits(group, round_number, [row]).get(row.number)


def _entrant_names(group: Group) -> dict[int, str]:
    """The bracket's entrants (players, or teams in a team knockout) by id: their names."""
    rows = group.teams if system_of(group).team else group.players
    return {row.id: row.name for row in rows}


def _entrant_name(group: Group, entrant: int | None) -> str:
    if entrant is None:
        return "轮空"
    return _entrant_names(group).get(entrant, str(entrant))


def _seats(group: Group, board: Board, lang: str = "zh") -> str:
    if board.second is None:
        return f"{_entrant_name(group, board.first)} {wording.bye_word(lang)}"
    joint = " 对 " if lang == "zh" else " v "
    return _entrant_name(group, board.first) + joint + _entrant_name(group, board.second)


def _place(group: Group, round_number: int, number: int, lang: str = "zh") -> str:
    if system_of(group).team:
        return wording.match_place_text(round_number, number, lang=lang)
    return wording.board_place_text(round_number, number, lang)


def _depends_on(group: Group, corrected: tuple[int, int], round_number: int, row: BoardRow,
                before: Board, after: Board) -> UserError:
    """The refusal of a correction that a played board of a later round depends on."""
    score = match_score(group, row) if system_of(group).team else None
    result = wording.match_score_text(score) if score is not None else (
        row.result or "、".join(str(codec.game_result(g.result, g.ending))
                                for g in row.games if g.result))
    where = (_place(group, round_number, row.number), _place(group, round_number, row.number,
                                                                "en"))
    fixed = (_place(group, *corrected), _place(group, *corrected, lang="en"))
    return UserError(
        f"不能更正{fixed[0]}：{where[0]}（{_seats(group, before)}）已有结果 {result}，它的对阵取决于"
        f"{fixed[0]}的胜负（按更正后的结果应为 {_seats(group, after)}）。已赛的对局不能更换对手，"
        f"本次未作任何改动；如确需更正，请先撤销{where[0]}的成绩（undo --list 查到那次录入，"
        f"undo --entry N 撤销），再更正{fixed[0]}",
        f"{fixed[1]} cannot be corrected: {where[1]} ({_seats(group, before, 'en')}) has a "
        f"result already, {result}, and its players depend on {fixed[1]} (corrected, it would "
        f"be {_seats(group, after, 'en')}). A game played cannot change its players, so "
        f"nothing was changed; to correct it, first undo the result of {where[1]} (undo --list "
        f"finds that entry, undo --entry N takes it back), then correct {fixed[1]}", group.name)


def _reseat(group: Group, round_number: int, row: BoardRow, before: Board, after: Board
            ) -> str:
    """Seat a board of a later round, no result on it yet, as the bracket now has it."""
    for game in list(row.games):
        row.games.remove(game)
    row.result = codec.BYE if after.second is None else codec.NO_RESULT
    row.label = ""  # a lots decision (an individual board's) was for the old players
    if system_of(group).team:
        store_team_boards(group, row, after.first, after.second, round_number)
    else:
        row.first_player_id, row.second_player_id = after.first, after.second
    where = (_place(group, round_number, row.number), _place(group, round_number, row.number,
                                                                "en"))
    return (f"更正后重排：{where[0]}改为 {_seats(group, after)}（原为 {_seats(group, before)}）"
            f" / re-seated after the correction: {where[1]} is now "
            f"{_seats(group, after, 'en')} (was {_seats(group, before, 'en')})")


def _reenter_forfeits(group: Group, round_number: int, rows: Sequence[BoardRow]) -> list[str]:
    """The forfeits due on boards just re-seated (a missing player's, `missing_players`);
    a team knockout's are entered by `store_team_boards` already."""
    if system_of(group).team:
        return []
    from app.services import missing_players

    for number, result in missing_players.due_forfeits(group, round_number, rows).items():
        row = next(r for r in rows if r.number == number)
        codec.store_board(row, result)
        sync_games(row, result.games)
    return missing_players.forfeit_report(group, round_number, rows)


def pair_knockout_round(group: Group, session: Session, number: int
                        ) -> tuple[Pairing, list[str]]:
    """The next round of a knockout, team knockout or cross-group group."""
    system = system_of(group)
    if system.team:
        check_registered_teams(group)
    if system is System.CROSS_GROUP:
        return _cross_group(group), []
    if not system.bracket:
        raise UserError(f"{system.zh}不按淘汰制编排", f"a {system.en} is not paired as a "
                        "knockout", group.name)
    current = bracket(group)
    if number > current.round_count:
        raise UserError(f"淘汰赛共{current.round_count}轮", f"the knockout has "
                        f"{current.round_count} rounds", group.name)
    drawn = set(current.seeding)
    entrants = group.teams if system.team else group.players
    out = [e.name for e in entrants if e.id not in drawn] if number == 1 else []
    said = [wording.left_out_before_round_one(out, len(drawn), bracket=True,
                                              teams=system.team)] if out else []
    return knockout.round_pairing(current, number), said


def check_registered_teams(group: Group) -> None:
    """The group's teams as registered, checked again before a round is paired: a member's
    details may have changed since registration (huazhi 六、(三)3)."""
    team.validate_teams([_plain_team(t) for t in group.teams], team_rules(group))


def list_entrants(group: Group) -> dict[str, list[int]]:
    """The cross-group round's two source lists (huazhi 五、(二): the 大众场 and 专业场
    qualifiers), each list's team ids in its rank order (the seed each team entered with)."""
    labels = list(settings_of(group).lists)
    if len(labels) != 2:
        raise UserError("复赛交叉编排需要恰好两个来源名单（两个小组的出线队），请在赛事模板中设定",
                        "the cross-group round pairs the teams of exactly two source lists (the "
                        "two groups' qualifiers): set them in the event template", group.name)
    return {
        label: [t.id for t in sorted(group.teams, key=lambda t: (t.seed, t.id))
                if t.source == label]
        for label in labels
    }


def _cross_group(group: Group) -> Pairing:
    first, second = list_entrants(group).values()
    return team.cross_group_pairing(first, second)


def missing_members(group: Group, round_number: int) -> dict[int, tuple[str, str]]:
    """The group's team members who do not play round `round_number` (withdrawn 退赛, or
    absent that round): player id -> why, in Chinese and English."""
    gone: dict[int, tuple[str, str]] = {}
    for row in group.teams:
        for member in row.members:
            player = member.player
            if absence_outcome(player, round_number) is None:
                continue
            since = player.withdrawn_from_round or 1
            if player.status == "withdrawn" and since <= round_number:
                gone[player.id] = (wording.withdrawn_text(since),
                                   wording.withdrawn_text(since, "en"))
            elif any(a.round_number == round_number and a.kind == "absent"
                     for a in player.absences):
                gone[player.id] = (f"第{round_number}轮缺席", f"is absent from round {round_number}")
            else:
                gone[player.id] = (f"第{round_number}轮请假", f"is on leave in round {round_number}")
    return gone


def store_team_boards(group: Group, board: BoardRow, first_team: int, second_team: int | None,
                      round_number: int | None = None) -> list[str]:
    """Fill a match's board row: the two teams and one game per board (黑先). With
    `round_number`, a board held by a member who does not play that round (withdrawn,
    absent) is entered at once as lost by forfeit by their team (`team.missing_member_
    forfeits`: the others do not move up); returns what the round's report says of them."""
    board.first_team_id = first_team
    board.second_team_id = second_team
    if second_team is None:
        return []
    by_id = {t.id: t for t in group.teams}
    first, second = _plain_team(by_id[first_team]), _plain_team(by_id[second_team])
    gone = missing_members(group, round_number) if round_number is not None else {}
    forfeits = team.missing_member_forfeits(first, second, gone)
    names = {m.player: m.name for t in (first, second) for m in t.members}
    said = []
    for game_board in team.match_boards(first, second):
        game = Game(index=game_board.number, black_player_id=game_board.first,
                    white_player_id=game_board.second)
        board.games.append(game)
        result = forfeits.get(game_board.number)
        if result is None:
            continue
        record_code(game, result)
        for player in (game_board.first, game_board.second):
            if player in gone:
                zh, en = gone[player]
                place = (wording.match_place_text(round_number or 0, board.number,
                                                  game_board.number),
                         wording.match_place_text(round_number or 0, board.number,
                                                  game_board.number, lang="en"))
                said.append(f"{place[0]} {names[player]} {zh}，该台判其弃权负 / {place[1]}: "
                            f"{names[player]} {en}: the board is lost by forfeit")
    if round_number is not None and system_of(group).bracket:
        said += _forfeited_match(group, board, first, second, forfeits, round_number)
    return said


def forfeited_by_pairing(group: Group, round_number: int, board: BoardRow) -> bool:
    """Whether a team knockout match's result is the pairing's own: every board forfeited by
    a member who does not play the round (`_forfeited_match`), nothing entered since."""
    if not (system_of(group).team and system_of(group).bracket) or board.second_team_id is None:
        return False
    by_id = {t.id: t for t in group.teams}
    first, second = (_plain_team(by_id[board.first_team_id or 0]),
                     _plain_team(by_id[board.second_team_id]))
    if codec.match_decision(board.label) is not None:
        return False  # decided by lots: the arbiter's decision, not the pairing's
    due = team.missing_member_forfeits(first, second, missing_members(group, round_number))
    stored = {g.index: codec.game_result(g.result, g.ending) for g in board.games}
    return len(due) == len(team.match_boards(first, second)) and stored == due


def _forfeited_match(group: Group, board: BoardRow, first: team.Team, second: team.Team,
                     forfeits: dict[int, GameResult], round_number: int) -> list[str]:
    """A knockout match none of whose boards is played (a team withdrawn, 整队退赛): the match
    is decided by those forfeits as the rules score it (`team.team_match_result`) and entered
    now, the other team going through; level (both teams gone) it waits for the chief
    arbiter, who has it decided by lots (抽签, huazhi 八、(五); `team-result … --lots TEAM`):
    no captain is there to play the playoff. Returns what the round's report says of it."""
    count = len(team.match_boards(first, second))
    if len(forfeits) < count:
        return []  # a board is played: the match is entered as usual
    outcome = team.team_match_result(first, second, [forfeits[k] for k in range(1, count + 1)],
                                     (), settings_of(group).points)
    place = (wording.match_place_text(round_number, board.number),
             wording.match_place_text(round_number, board.number, lang="en"))
    if outcome.winner is None:
        return [f"{place[0]} {first.name}、{second.name} 均不出场：两队打平，须由裁判长抽签决定"
                f"胜方，录入 team-result … {round_number} {board.number} --lots 队名 / "
                f"{place[1]}: neither {first.name} nor {second.name} plays: level, the chief "
                f"arbiter has it decided by lots, entered as team-result … {round_number} "
                f"{board.number} --lots TEAM"]
    board.result = codec.board_text(BoardResult((FIRST_WINS if outcome.winner == first.number
                                                 else SECOND_WINS,)))
    won, lost = (first, second) if outcome.winner == first.number else (second, first)
    return [f"{place[0]} {lost.name} 全队不出场，{won.name} 不战胜 / {place[1]}: {lost.name} "
            f"does not play: {won.name} goes through by forfeit"]


@dataclass(frozen=True)
class TeamEntry:
    """What entering a team match's results did: the match result (the first-named team's
    side first; None while a level match waits for its captains' playoff) and the warnings
    (a correction once later rounds are paired names them: they were paired on the old
    result, FIDE C.04.6 / the Basic Rules: a pairing made stands)."""

    result: BoardResult | None
    warnings: tuple[str, ...] = ()


def enter_team_result(
    event: Event,
    group: str,
    round_number: int,
    match: int,
    codes: Sequence[str],
    playoff: Sequence[str] = (),
    *,
    lots: str | None = None,
    replace: bool = False,
) -> TeamEntry:
    """Results of a team match: one code per board (黑先), then the captains' playoff games.

    The match result is None while a level match waits for its playoff (主将加赛); in a Team
    Swiss a level match is drawn (FIDE C.04.6 match points) and no playoff is taken. `lots`
    names the team a level match was drawn to by lots (抽签, huazhi 八、(五)) where its playoff
    cannot be played; `codes` may then be left out, the boards kept as stored (a match the
    pairing entered as forfeited by both teams).
    """
    with event.operation("enter_team_result", f"录入团体赛成绩 {group} "
                         f"{wording.match_place_text(round_number, match)} / enter team "
                         f"result") as session:
        found = Event.group(session, group)
        round_ = find_round(session, found, round_number)
        board = find_board(round_, match)
        if board.second_team_id is None or board.first_team_id is None:
            raise _at(UserError("该场不是两队之间的比赛", "not a match between two teams"),
                      group, round_number, match)
        entry = _typed_entry(found, board, round_number, codes, playoff, lots)
        if board.result and _same_entry(found, board, entry):
            # the results it has: nothing written, no undo entry
            return TeamEntry(codec.board_result(board.result, False, board.label))
        corrected = bool(board.result)
        result = _set_team_result(found, board, round_number, entry, replace)
        if entry.lots is not None:
            round_.report = [*round_.report, _lots_report_line(found, round_number, board,
                                                               entry)]
        later = [r.number for r in found.rounds_played if r.number > round_number]
        if system_of(found).bracket and later:
            return TeamEntry(result, tuple(follow_correction(found, round_number, match)))
        return TeamEntry(result, (wording.paired_on_old_result_text(later),)
                         if corrected and later else ())


def _lots_report_line(group: Group, round_number: int, board: BoardRow,
                      entry: _MatchEntry) -> str:
    """The round report's record of the lots entered for a match, after its pairing's line
    that they were to be drawn (`_forfeited_match`): `第1轮第3场 两队打平，抽签决定：队2胜`."""
    winner = next(t.name for t in group.teams if t.id == entry.lots)
    after_playoff = bool(entry.playoffs)
    return (f"{wording.match_place_text(round_number, board.number)} "
            f"{wording.lots_winner_text(winner, after_playoff=after_playoff)} / "
            f"{wording.match_place_text(round_number, board.number, lang='en')}: "
            f"{wording.lots_winner_text(winner, 'en', after_playoff=after_playoff)}")


@dataclass(frozen=True)
class _MatchEntry:
    """What was entered for a team match, typed: each board's game, the captains' playoff
    games, and the team the lots drew (None: no lots)."""

    games: tuple[GameResult, ...]
    playoffs: tuple[GameResult, ...]
    lots: int | None = None


def _typed_entry(group: Group, board: BoardRow, round_number: int, codes: Sequence[str],
                 playoff: Sequence[str], lots: str | None) -> _MatchEntry:
    """The codes typed for a match read (`UserError` naming the board or playoff game), the
    lots' team found among the match's two; with lots and no codes, the boards (and playoff
    games) as stored, each of which must have its result."""
    where = (group.name, round_number, board.number)
    by_id = {t.id: t for t in group.teams}
    pair = (by_id[board.first_team_id or 0], by_id[board.second_team_id or 0])
    drawn = None if lots is None else _lots_team(pair, lots, where)
    playoffs = tuple(_parsed(code, *where, playoff=k) for k, code in enumerate(playoff, 1))
    if codes or drawn is None:
        return _MatchEntry(
            tuple(_parsed(code, *where, board=k) for k, code in enumerate(codes, 1)),
            playoffs, drawn)
    count = len(team.match_boards(_plain_team(pair[0]), _plain_team(pair[1])))
    stored = _stored_games(group, board)
    games = []
    for k in range(1, count + 1):
        found = stored.get(k)
        if found is None:
            raise _at(UserError("该台尚无结果：抽签只决定打平的比赛，请先录入各台结果",
                                "this board has no result yet: lots decide a level match "
                                "only, enter every board's result first"), *where, board=k)
        games.append(found)
    kept = tuple(found for k, found in sorted(stored.items()) if k > count and found)
    return _MatchEntry(tuple(games), playoffs or kept, drawn)


def _lots_team(pair: tuple[Team, Team], name: str, where: tuple[str, int, int]) -> int:
    """The team of the match the lots drew, named as typed; refused for another."""
    drawn = next((t.id for t in pair if t.name == name.strip()), None)
    if drawn is None:
        raise _at(UserError(
            f"抽签胜方 {name} 不是本场的队伍（本场：{pair[0].name} 对 {pair[1].name}）",
            f"{name} does not play this match ({pair[0].name} v {pair[1].name}): the lots "
            "go to one of its two teams"), *where)
    return drawn


def _set_team_result(found: Group, board: BoardRow, round_number: int, entry: _MatchEntry,
                     replace: bool) -> BoardResult | None:
    """Store a team match's boards (and playoff games) and its derived result."""
    group, match = found.name, board.number
    first, second = _match_teams(found, board)
    games, playoffs = entry.games, entry.playoffs
    if board.result and not replace:
        error = _at(UserError(f"该场已有结果 {board.result}", f"the match has a result "
                              f"already: {board.result}"), group, round_number, match)
        raise CorrectionNotConfirmed(error.zh, error.en, error.where, board.result)
    drawn_when_level = system_of(found).level_match_drawn
    if drawn_when_level and (playoffs or entry.lots is not None):
        what = ("不设主将加赛", "there is no captains' playoff") if playoffs else (
            "不以抽签决定胜负（并列名次的抽签请用 team-lots）",
            "no lots decide a match (lots for tied places: team-lots)")
        raise _at(UserError("团体积分编排中两队局分相同即为和局（FIDE C.04.6：场分 2/1/0），"
                            + what[0],
                            "in a Team Swiss a level match is drawn (FIDE C.04.6: match "
                            f"points 2/1/0): {what[1]}"),
                  group, round_number, match)
    try:
        outcome = team.team_match_result(first, second, games, playoffs,
                                         settings_of(found).points, lots_winner=entry.lots)
    except UserError as error:
        raise _at(error, group, round_number, match) from None
    _check_missing_members(found, round_number, match, first, second, games)
    _check_missing_captains(found, round_number, match, first, second, playoffs)
    boards = team.match_boards(first, second)
    for game_board, result in zip(boards, games, strict=True):
        _set_game(board, game_board.number, game_board.first, game_board.second, result)
    for k, result in enumerate(playoffs, start=1):
        duel = team.playoff_board(first, second, k)
        _set_game(board, len(boards) + k, duel.first, duel.second, result, playoff=True)
    for extra in [g for g in board.games if g.index > len(boards) + len(playoffs)]:
        board.games.remove(extra)
    _write_match_result(found, board, round_number, outcome)
    return codec.board_result(board.result, False, board.label)


def settle_recorded_match(found: Group, board: BoardRow, round_number: int) -> None:
    """A team match each of whose boards has its game recorded (on the board view: games
    stores one game at a time) and no result yet: the match's result from those games, as
    typed ones give it (huazhi 六、(二)); a level match still waits for its captains' playoff,
    entered with the match's result. Without this the games were stored and the score shown,
    but the match had no result and a knockout could not pair its next round. A match with
    a result keeps it: a correction is typed in the entry (it follows the later rounds)."""
    if board.result:
        return
    outcome = match_outcome(found, board)
    if outcome is not None:  # every board has its game
        _write_match_result(found, board, round_number, outcome)


def _write_match_result(found: Group, board: BoardRow, round_number: int,
                        outcome: team.TeamMatchResult) -> None:
    """A team match's result from its outcome: a drawn match where a level match is drawn
    (Team Swiss), none while a level match waits for its playoff, else the winner (the
    bracket taking it); a decision by lots kept beside it."""
    drawn_when_level = system_of(found).level_match_drawn
    if drawn_when_level and outcome.forfeited:  # not played: stored as a forfeit
        board.result = codec.board_text(BoardResult((_forfeit_code(outcome),)))
    elif outcome.winner is None and drawn_when_level:
        board.result = codec.board_text(BoardResult((DRAW,)))  # a drawn match
    elif outcome.winner is None:
        board.result = codec.NO_RESULT
    else:
        decided = BoardResult((FIRST_WINS if outcome.winner == board.first_team_id
                               else SECOND_WINS,))
        check_match_result(found, round_number, board, decided)
        board.result = codec.board_text(decided)
    # the score is read from the games (`match_score`), never stored; a decision by lots,
    # which no game shows, is kept beside the result
    board.label = codec.match_decision_text(outcome.decided_by)


def _check_missing_members(group: Group, round_number: int, match: int, first: team.Team,
                           second: team.Team, games: Sequence[GameResult]) -> None:
    """Refuse a result that credits a member who is not there (withdrawn, absent): their
    board is lost by forfeit by their team (`team.missing_member_forfeits`)."""
    gone = missing_members(group, round_number)
    names = {m.player: m.name for t in (first, second) for m in t.members}
    boards = {b.number: b for b in team.match_boards(first, second)}
    for number, due in team.missing_member_forfeits(first, second, gone).items():
        if games[number - 1].code is due.code:
            continue
        who = [p for p in (boards[number].first, boards[number].second) if p in gone]
        zh = "，".join(f"{names[p]} {gone[p][0]}" for p in who)
        en = "; ".join(f"{names[p]} {gone[p][1]}" for p in who)
        raise _at(UserError(
            f"{zh}：该台判其弃权负，应录 {due.code.value}（如其已到场，请先取消其请假或退赛）",
            f"{en}: the board is lost by forfeit, entered as {due.code.value} "
            "(if they are there after all, take the absence or withdrawal back first)"),
            group.name, round_number, match, board=number)


def _check_missing_captains(group: Group, round_number: int, match: int, first: team.Team,
                            second: team.Team, playoffs: Sequence[GameResult]) -> None:
    """Refuse a captains' playoff game that credits a captain who is not there (withdrawn,
    absent): he loses it by forfeit, as a board; with neither captain there no playoff can
    be played, and the match is decided by lots (`--lots`, huazhi 八、(五))."""
    gone = missing_members(group, round_number)
    for k, result in enumerate(playoffs, start=1):
        duel = team.playoff_board(first, second, k)
        due = missing_forfeit(duel.first in gone, duel.second in gone)
        if due is None or (due.code is not GameCode.DOUBLE_FORFEIT and result.code is due.code):
            continue  # both captains there, or the missing one's forfeit entered
        names = {m.player: m.name for t in (first, second) for m in t.members}
        who = [p for p in (duel.first, duel.second) if p in gone]
        zh = "，".join(f"{names[p]} {gone[p][0]}" for p in who)
        en = "; ".join(f"{names[p]} {gone[p][1]}" for p in who)
        if due.code is GameCode.DOUBLE_FORFEIT:
            error = UserError(f"{zh}：两队主将均不出场，不能加赛；请由裁判长抽签决定胜方（--lots 队名）",
                              f"{en}: neither captain plays, there is no playoff; the chief "
                              "arbiter has the match decided by lots (--lots TEAM)")
        else:
            error = UserError(f"{zh}：该局判其弃权负，应录 {due.code.value}",
                              f"{en}: the playoff game is lost by forfeit, entered as "
                              f"{due.code.value}")
        raise _at(error, group.name, round_number, match, playoff=k)


def _forfeit_code(outcome: team.TeamMatchResult) -> GameResult:
    """A Team Swiss match with every board forfeited as one forfeit code, the first-named
    team first: won by forfeit by the team ahead on game points, lost by both when level
    (the core's `match_outcome`, which the standings read the same games with)."""
    if team_match_outcome(outcome.first_points, outcome.second_points,
                          forfeited=True) is Outcome.FORFEIT_WIN:
        return GameResult(GameCode.FIRST_FORFEIT_WIN)
    if team_match_outcome(outcome.second_points, outcome.first_points,
                          forfeited=True) is Outcome.FORFEIT_WIN:
        return GameResult(GameCode.SECOND_FORFEIT_WIN)
    return GameResult(GameCode.DOUBLE_FORFEIT)


def _at(error: UserError, group: str, round_number: int, match: int, *,
        board: int | None = None, playoff: int | None = None) -> UserError:
    """`error` with the match (and board, or captains' playoff game) it is about said in
    words in each language, the group as its place."""
    zh = wording.match_place_text(round_number, match, board, playoff, "zh")
    en = wording.match_place_text(round_number, match, board, playoff, "en")
    return UserError(f"{zh}：{error.zh}", f"{en}: {error.en}", group)


def _parsed(code: str, group: str, round_number: int, match: int, *,
            board: int | None = None, playoff: int | None = None) -> GameResult:
    try:
        return parse_game(code)
    except UserError as error:
        raise _at(error, group, round_number, match, board=board, playoff=playoff) from None


def match_outcome(group: Group, board: BoardRow) -> team.TeamMatchResult | None:
    """A stored team match as the rules score it (huazhi 六、(二)/(三)3), from its games;
    None while a board has no result (or for a bye)."""
    by_id = {t.id: t for t in group.teams}
    if board.first_team_id not in by_id or board.second_team_id not in by_id:
        return None
    first, second = _match_teams(group, board)
    count = len(first.members)
    results = _stored_games(group, board)
    games = [results.get(k) for k in range(1, count + 1)]
    if any(game is None for game in games):
        return None
    playoffs = [found for k, found in sorted(results.items()) if k > count and found]
    played = [g for g in games if g is not None]
    outcome = team.team_match_result(first, second, played, playoffs, settings_of(group).points)
    if (outcome.level and outcome.winner is None
            and codec.match_decision(board.label) is LevelDecision.LOTS):
        drawn = _winner(board, codec.board_result(board.result, False, board.label))
        if drawn is not None:  # the team the lots drew, kept as the match's result
            return team.team_match_result(first, second, played, playoffs,
                                          settings_of(group).points, lots_winner=drawn)
    return outcome


def _match_teams(group: Group, board: BoardRow) -> tuple[team.Team, team.Team]:
    """A stored match's two teams as the rules read them, first-named first."""
    by_id = {t.id: t for t in group.teams}
    return (_plain_team(by_id[board.first_team_id or 0]),
            _plain_team(by_id[board.second_team_id or 0]))


def _game_movers(first: team.Team, second: team.Team, boards: Sequence[Board],
                 index: int) -> Board:
    """Game `index` of a match with `boards` as paired, first mover first: a board's
    (`team.match_boards`), past them its captains' playoff game (`team.playoff_board`: the
    second-named team's captain first in game 1, the colours alternating)."""
    if index <= len(boards):
        return boards[index - 1]
    return team.playoff_board(first, second, index - len(boards))


def game_movers(group: Group, board: BoardRow, index: int) -> tuple[int | None, int | None]:
    """(first mover, second mover) of a stored team match's game `index`, whatever colours
    its row holds (after a swap, 三手交换, the second mover has black)."""
    first, second = _match_teams(group, board)
    paired = _game_movers(first, second, team.match_boards(first, second), index)
    return paired.first, paired.second


def _stored_games(group: Group, board: BoardRow) -> dict[int, GameResult | None]:
    """A stored team match's games by index, each first mover first as the match is scored
    (`_first_mover_first`, the movers of `_game_movers`)."""
    first, second = _match_teams(group, board)
    boards = team.match_boards(first, second)
    return {g.index: _first_mover_first(g, _game_movers(first, second, boards, g.index).first)
            for g in board.games}


def playoff_game_due(found: Group, board: BoardRow, index: int) -> bool:
    """Whether a team match's game `index` past its boards is a captains' playoff game it
    has (主将加赛, huazhi 六、(三)3) or the next one it waits for (level on its boards, no
    playoff game decisive yet); never in a group whose level match is drawn (Team Swiss)."""
    if (system_of(found).level_match_drawn or board.first_team_id is None
            or board.second_team_id is None):
        return False
    count = len(team.match_boards(*_match_teams(found, board)))
    played = [g.index for g in board.games if g.index > count]
    if index <= count:
        return False
    if index in played:
        return True
    outcome = match_outcome(found, board)  # a new one: the next game, while the match waits
    return (index == count + len(played) + 1 and outcome is not None
            and outcome.score.waits_for_playoff)


def _first_mover_first(game: Game, first_mover: int | None) -> GameResult | None:
    """A board's stored game (black first) as the match is scored: first mover first. After
    a swap (三手交换) recorded on the board the second mover holds black, and the game is
    read the other way round; a captains' playoff game (no board's mover) as stored."""
    result = codec.game_result(game.result, game.ending)
    swapped = (first_mover is not None and game.white_player_id == first_mover
               and game.black_player_id != first_mover)
    return result.flipped() if result is not None and swapped else result


def match_score(group: Group, board: BoardRow) -> team.MatchScore | None:
    """The score of a stored team match (game points each side, decided by the captains'
    playoff or not), None while a board has no result (or for a bye)."""
    outcome = match_outcome(group, board)
    if outcome is None:
        return None
    if outcome.level and system_of(group).level_match_drawn:
        return dataclass_replace(outcome.score, drawn=True)  # a drawn match (C.04.6)
    return outcome.score


def round_scores(group: Group, round_number: int) -> dict[int, team.MatchScore]:
    """Team groups: the score of each match of round `round_number` that has one, by match."""
    if not system_of(group).team:
        return {}
    found = next((r for r in group.rounds_played if r.number == round_number), None)
    scores = {}
    for board in found.boards if found is not None else ():
        score = match_score(group, board)
        if score is not None:
            scores[board.number] = score
    return scores


def round_places(group: Group, round_number: int) -> dict[int, tuple[int, int]]:
    """Knockouts: the places (名次段) each match of round `round_number` decides, by match."""
    if not system_of(group).bracket:
        return {}
    entrants = len(_entrants(group))
    if entrants < 2:
        return {}
    size = knockout.bracket_size(entrants)
    if round_number > size.bit_length() - 1:
        return {}
    return {n: knockout.match_places(entrants, round_number, n) for n in range(1, size // 2 + 1)}


def _same_entry(group: Group, board: BoardRow, entry: _MatchEntry) -> bool:
    """Whether the match holds `entry` already: its games board by board then its playoff,
    and the same lots (or none)."""
    stored = [found for _index, found in sorted(_stored_games(group, board).items())]
    if stored != [*entry.games, *entry.playoffs]:
        return False
    by_lots = codec.match_decision(board.label) is LevelDecision.LOTS
    if entry.lots is None:
        return not by_lots
    return by_lots and _winner(board, codec.board_result(board.result, False, board.label)) == entry.lots


def same_team_result(event: Event, group: str, round_number: int, match: int,
                     codes: Sequence[str], playoff: Sequence[str] = (),
                     lots: str | None = None) -> bool:
    """Whether `codes` (and `playoff`, `lots`) are the results the match has already:
    entering them again changes nothing. False for codes that do not read."""
    with event.reading() as session:
        found = Event.group(session, group)
        board = find_board(find_round(session, found, round_number), match)
        if board.first_team_id is None or board.second_team_id is None:
            return False
        try:
            entry = _typed_entry(found, board, round_number, codes, playoff, lots)
        except UserError:
            return False
        return bool(board.result) and _same_entry(found, board, entry)


def _set_game(board: BoardRow, index: int, black: int, white: int | None, result: GameResult,
              playoff: bool = False) -> None:
    game = game_row(board, index, black, white)
    if white is not None and (game.black_player_id, game.white_player_id) == (white, black):
        result = result.flipped()  # swapped on the board: the row is black first
    record_code(game, result)
    if playoff:
        game.opening = game.opening or "主将加赛"


def knockout_places(event: Event, group: str) -> dict[int, int]:
    """Final places of the knockout's entrants so far (entrant id -> place)."""
    with event.reading() as session:
        return bracket(Event.group(session, group)).places()


def played_by_teams(event: Event, group: str) -> bool:
    """Whether the group's entrants are teams (a team knockout), not players."""
    with event.reading() as session:
        return system_of(Event.group(session, group)).team


def decisions(group: Group) -> dict[tuple[int, int], LevelDecision]:
    """The knockout's matches its games did not decide, by (round, match): how — a team
    match level on game points by the captains' playoff (主将加赛) or lots (抽签), an
    individual board neither of whose players came by lots (`BoardResult.lots`)."""
    decided: dict[tuple[int, int], LevelDecision] = {}
    if not system_of(group).team:
        double = group.games_per_round == 2
        for round_ in group.rounds_played:
            for board in round_.boards:
                stored = codec.board_result(board.result, double, board.label)
                if stored is not None and stored.lots is not None:
                    decided[(round_.number, board.number)] = LevelDecision.LOTS
        return decided
    for round_ in group.rounds_played:
        for board in round_.boards:
            outcome = match_outcome(group, board) if board.result else None
            if outcome is not None and outcome.decided_by is not None:
                decided[(round_.number, board.number)] = outcome.decided_by
    return decided


def decided_bracket(group: Group) -> knockout.Bracket:
    """The group's bracket as it is shown: each level team match with how it was decided."""
    entrants = _entrants(group)
    if len(entrants) < 2:
        raise UserError("参赛队伍/棋手不足两个", "fewer than two entrants", group.name)
    return knockout.build_bracket(entrants, _results(group), decisions=decisions(group))


def bracket_view(event: Event, group: str) -> knockout.Bracket:
    """The knockout's bracket as shown; a `UserError` for a group played otherwise, naming
    what to read instead (a cross-group round's qualifiers, a ranking's standings)."""
    with event.reading() as session:
        found = Event.group(session, group)
        system = system_of(found)
        if not system.bracket:
            instead = (("复赛每场胜队出线：出线名单请用 standings，各场成绩请用 round",
                        "each match's winner goes on: the qualifiers are in standings, the "
                        "matches in round") if system is System.CROSS_GROUP else
                       ("名次请用 standings", "its places are in standings"))
            raise UserError(f"{found.name}（{system.zh}）不是淘汰赛，没有对阵图；{instead[0]}",
                            f"{found.name} ({system.en}) is no knockout and has no bracket; "
                            f"{instead[1]}", found.name)
        return decided_bracket(found)
