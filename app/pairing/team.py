"""Team matches (分台定人制): fixed board order, first movers by board, game points, captains'
playoff, and the huazhi cross-group round (复赛交叉对阵).

Rules implemented (2021-huazhi-cup-team-championship.txt):
- 五、(一)3: "每队由3名选手组成，其中至少有1名女选手，女选手在第三台"; 五、(三)3: 至少有女选手1人.
- 六、(三)3: "每场设3台比赛，采用分台定人制。每队报名时必须提交队员的台号号码，比赛过程中不可改变。
  每轮每两支队伍之间的比赛共三局，由两队之间台号相同的选手对局。先行方第1、3台黑棋，后行方第2台黑棋。
  设第1台为主将。如两队打平，由两队主将进行加赛。" Generalised to any number of boards: the
  first-named team (先行方) moves first (black) on odd boards, the other team on even boards.
- 六、(二): "两队局分高的队伍获胜，如两队打平，由两队主将进行加赛": the match is won on game
  points (局分); a level match is decided by a playoff between the board-1 captains (主将加赛),
  recorded as part of the match. Its details are left to a supplement (六、(三)6 "见补充规定");
  here the second-named team's captain moves first in playoff game 1 (the first-named one
  had black on board 1), colours alternating in further playoff games, and the first
  decisive playoff game decides the match. The arbiter may name the first mover instead.
  Where the playoff cannot be played (neither team there; a playoff the venue cannot hold)
  the chief arbiter has the match decided by lots (抽签, 八、(五) "抽签工作由赛会竞赛组会同裁判长
  共同主持"), recorded as such (`LevelDecision.LOTS`), never as a playoff game.
- 五、(二): the cross-group round: "大众场规则的第一名对专业场规则的第八名，大众场规则的第二名对专业场
  规则的第七名依次类推" (1st of list A v last of list B, 2nd v second-to-last, ...).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from app.errors import UserError
from app.pairing.types import Board, Outcome, Pairing, PointSystem
from app.results import GameResult, LevelDecision, Side, missing_forfeit
from app.standings.scoring import outcomes


@dataclass(frozen=True)
class TeamMember:
    """A player of a team; `female` for the women's board rule."""

    player: int
    female: bool = False
    name: str = ""


@dataclass(frozen=True)
class Team:
    """A team with its board order declared at registration: `members[0]` plays board 1 and
    is the captain (主将), `members[1]` board 2, ... The order never changes."""

    number: int
    name: str
    members: tuple[TeamMember, ...]
    unit: str = ""

    @property
    def captain(self) -> TeamMember:
        return self.members[0]

    def player_on(self, board: int) -> int:
        return self.members[board - 1].player

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(m.player for m in self.members)


@dataclass(frozen=True)
class TeamRules:
    """Composition rules of a team event (huazhi defaults: 3 boards, a woman on board 3)."""

    boards: int = 3
    women_boards: frozenset[int] = frozenset({3})  # boards a woman must hold
    min_women: int = 1
    captain_board: int = 1


HUAZHI_RULES = TeamRules()


def validate_team(team: Team, rules: TeamRules = HUAZHI_RULES) -> None:
    """Check one team's registration; a `UserError` naming the team and the reason.

    huazhi 五、(一)3 / 五、(三)3: 3 players, at least one woman, the woman on board 3.
    """
    where = team.name or str(team.number)  # the team's name: data, in either language
    if len(team.members) != rules.boards:
        raise UserError(
            f"每队须有{rules.boards}名台次选手，{team.name} 有 {len(team.members)} 名",
            f"a team needs {rules.boards} board players, {team.name} has {len(team.members)}",
            where,
        )
    seen: set[int] = set()
    for board, member in enumerate(team.members, start=1):
        if member.player in seen:
            raise UserError(
                f"棋手 {member.name or member.player} 在队内出现两次",
                f"player {member.name or member.player} is listed twice", where,
            )
        seen.add(member.player)
        if board in rules.women_boards and not member.female:
            raise UserError(
                f"第{board}台须为女棋手，{member.name or member.player} 不是",
                f"board {board} must be a woman; {member.name or member.player} is not",
                where,
            )
    women = sum(1 for m in team.members if m.female)
    if women < rules.min_women:
        raise UserError(
            f"每队至少需要{rules.min_women}名女棋手，{team.name} 有 {women} 名",
            f"a team needs at least {rules.min_women} woman/women, {team.name} has {women}",
            where,
        )


def validate_teams(teams: Sequence[Team], rules: TeamRules = HUAZHI_RULES) -> None:
    """Check every team and that no team number or player appears in two teams."""
    numbers: set[int] = set()
    owner: dict[int, Team] = {}
    for team in teams:
        if team.number in numbers:
            raise UserError(f"队伍编号 {team.number} 重复", f"team number {team.number} is used "
                            "twice", team.name or str(team.number))
        numbers.add(team.number)
        validate_team(team, rules)
        for member in team.members:
            other = owner.get(member.player)
            if other is not None:
                raise UserError(
                    f"棋手 {member.name or member.player} 同时在 {other.name} 和 {team.name}",
                    f"player {member.name or member.player} is in both {other.name} and "
                    f"{team.name}",
                    team.name or str(team.number),
                )
            owner[member.player] = team


def lineup_differences(team: Team, lineup: Sequence[int]) -> tuple[int, ...]:
    """The boards on which a line-up given for a match (players by board) is not the
    registered board order (huazhi 六、(三)3: 台号号码 ... 比赛过程中不可改变); () when it is."""
    boards = max(len(lineup), len(team.players))
    return tuple(k for k in range(1, boards + 1)
                 if (lineup[k - 1] if k <= len(lineup) else None)
                 != (team.players[k - 1] if k <= len(team.players) else None))


def registered_order(team: Team, lang: str = "zh") -> str:
    """A team's registered board order by name: `第1台 张三，第2台 李四` / `board 1 张三, board 2
    李四`."""
    if lang == "en":
        return ", ".join(f"board {k} {m.name or m.player}"
                         for k, m in enumerate(team.members, start=1))
    return "，".join(f"第{k}台 {m.name or m.player}" for k, m in enumerate(team.members, start=1))


def check_lineup(team: Team, lineup: Sequence[int]) -> None:
    """A line-up given for a match must be the registered board order (huazhi 六、(三)3:
    台号号码 ... 比赛过程中不可改变)."""
    if lineup_differences(team, lineup):
        raise UserError(
            f"{team.name} 的台次顺序在比赛中不可改变（报名顺序：{registered_order(team)}）",
            f"the board order of {team.name} cannot change during the event (registered: "
            f"{registered_order(team, 'en')})",
            team.name or str(team.number),
        )


def match_boards(first: Team, second: Team) -> tuple[Board, ...]:
    """The boards of a match, first mover first: the first-named team (先行方) is black on
    boards 1 and 3, the other on board 2 (huazhi 六、(三)3); generally odd boards / even."""
    if len(first.members) != len(second.members):
        raise UserError(
            f"{first.name} 与 {second.name} 台数不同",
            f"{first.name} and {second.name} have different numbers of boards",
            f"{first.name}–{second.name}",
        )
    boards = []
    for k in range(1, len(first.members) + 1):
        a, b = first.player_on(k), second.player_on(k)
        boards.append(Board(k, a, b) if k % 2 == 1 else Board(k, b, a))
    return tuple(boards)


def missing_member_forfeits(first: Team, second: Team, missing: Collection[int]
                            ) -> dict[int, GameResult]:
    """The boards of a match held by a member who is not there (`missing`: withdrawn 退赛, or
    absent from the round), each with its result, first mover first: the board is lost by
    forfeit by that member's team (弃权负) and won by forfeit by the opponent there (判到达者胜),
    lost by both when neither is there. Every other board is played as paired.

    Why the board is forfeited and the others do not move up: the line-up is 分台定人制
    (huazhi 六、(三)3: "每队报名时必须提交队员的台号号码，比赛过程中不可改变 ... 由两队之间台号相同的选手
    对局"), so a member plays their own board or none, and moving the others up would put a
    man on the woman's board (五、(一)3) and change the order the regulations fix; a player
    who does not come loses their game by forfeit and the one who came wins it (shenzhen
    十、(三): "超时未到者弃权处理，判到达者胜，未到者负"). The pairing system (FIDE C.04.6)
    pairs the teams and scores a match from its boards (match and game points): the
    forfeited board scores as any forfeit does, and the match counts as played (not as a
    forfeited match) while one of its boards is played."""
    results: dict[int, GameResult] = {}
    for board in match_boards(first, second):
        result = missing_forfeit(board.first in missing, board.second in missing)
        if result is not None:
            results[board.number] = result
    return results


def playoff_board(first: Team, second: Team, game: int = 1,
                  first_mover: int | None = None) -> Board:
    """Playoff game `game` between the captains (主将加赛). By default the second-named team's
    captain moves first in game 1 and colours alternate; `first_mover` (a captain's id) fixes
    who moves first in game 1 instead (e.g. drawn by lot)."""
    a, b = first.captain.player, second.captain.player
    if first_mover is None:
        opener = b
    elif first_mover in (a, b):
        opener = first_mover
    else:
        raise UserError(
            f"{first_mover} 不是两队主将", f"{first_mover} is not one of the two captains",
            f"playoff {first.name} v {second.name}",
        )
    other = a if opener == b else b
    return Board(game, opener, other) if game % 2 == 1 else Board(game, other, opener)


@dataclass(frozen=True)
class MatchScore:
    """A team match's score: the game points (局分) of each team, first-named team first
    (huazhi 六、(二)), and how a level match was decided: by the captains' playoff (主将加赛,
    六、(三)3) or by lots (抽签, where the playoff cannot be played; `LevelDecision`), with the
    side it sent through. Level and not decided: the match waits for its playoff."""

    first: int
    second: int
    decided_by: LevelDecision | None = None
    drawn: bool = False  # level and so a drawn match (FIDE C.04.6 Team Swiss: no playoff)
    level_winner: Side | None = None  # a level match decided: the side that won it

    @property
    def level(self) -> bool:
        return self.first == self.second

    @property
    def decided_by_playoff(self) -> bool:
        return self.decided_by is LevelDecision.PLAYOFF

    @property
    def decided_by_lots(self) -> bool:
        return self.decided_by is LevelDecision.LOTS

    @property
    def waits_for_playoff(self) -> bool:
        return self.level and self.decided_by is None and not self.drawn


@dataclass(frozen=True)
class TeamMatchResult:
    """A team match: game points of each team (局分), the playoff games, and the winner.

    `winner` is None while the match is level and no playoff game has been decisive
    (`needs_playoff`).
    """

    first: int
    second: int
    first_points: int
    second_points: int
    games: tuple[GameResult, ...]
    playoffs: tuple[GameResult, ...] = ()
    winner: int | None = None
    by_lots: bool = False  # level, and the winner drawn by lots (抽签), not played off

    @property
    def level(self) -> bool:
        return self.first_points == self.second_points

    @property
    def forfeited(self) -> bool:
        """Every board forfeited: the match was not played (a forfeit, not a result)."""
        return bool(self.games) and all(game.forfeit for game in self.games)

    @property
    def needs_playoff(self) -> bool:
        return self.winner is None

    @property
    def decided_by(self) -> LevelDecision | None:
        """How the level match was decided (None: not level, or not decided yet)."""
        if not self.level or self.winner is None:
            return None
        return LevelDecision.LOTS if self.by_lots else LevelDecision.PLAYOFF

    @property
    def decided_by_playoff(self) -> bool:
        return self.decided_by is LevelDecision.PLAYOFF

    @property
    def loser(self) -> int | None:
        if self.winner is None:
            return None
        return self.second if self.winner == self.first else self.first

    @property
    def score(self) -> MatchScore:
        decided = self.decided_by
        won = None if decided is None else Side.FIRST if self.winner == self.first else Side.SECOND
        return MatchScore(self.first_points, self.second_points, decided, level_winner=won)

    def match_points(self, points: PointSystem | None = None) -> dict[int, int]:
        """Match points (大分) of both teams: a win's points to the winner, a loss's to the
        loser; a `UserError` while the captains' playoff is still to be played."""
        points = points or PointSystem()
        if self.winner is None:
            raise UserError(
                "比赛打平，需要主将加赛后才有胜负", "the match is level: the captains' playoff "
                "must be played first", f"{self.first}–{self.second}",
            )
        loser = self.loser
        assert loser is not None
        return {self.winner: points.win, loser: points.loss}


def team_match_result(first: Team, second: Team, games: Sequence[GameResult],
                      playoffs: Sequence[GameResult] = (), points: PointSystem | None = None,
                      playoff_first_mover: int | None = None, lots_winner: int | None = None
                      ) -> TeamMatchResult:
    """Score a match from its board results (board order, each code first mover first).

    huazhi 六、(二)/(三)3: the team with more game points wins; level -> the captains' playoff
    (`playoffs`, each code with that playoff game's first mover first), or, where it cannot
    be played, lots (`lots_winner`, the team number drawn; 八、(五) "抽签工作由赛会竞赛组会同
    裁判长共同主持"), after playoff games none of which was decisive, if any. A playoff or lots
    given for a match that is not level, a playoff game after a decisive one, lots after a
    decisive playoff game or for a team not in the match are refused.
    """
    points = points or PointSystem()
    where = f"{first.name}–{second.name}"
    totals = _game_points(first, second, games, points)
    a, b = totals[first.number], totals[second.number]
    if a != b:
        if playoffs:
            raise UserError(
                "比赛未打平，不需要主将加赛", "the match is not level: there is no playoff",
                where,
            )
        if lots_winner is not None:
            raise UserError(
                f"比赛未打平（{a}:{b}），胜负已由局分决定，不能抽签",
                f"the match is not level ({a}:{b}): the game points decide it, no lots",
                where,
            )
        return TeamMatchResult(first.number, second.number, a, b, tuple(games), (),
                               first.number if a > b else second.number)
    winner = _playoff_winner(first, second, playoffs, playoff_first_mover)
    if lots_winner is None:
        return TeamMatchResult(first.number, second.number, a, b, tuple(games),
                               tuple(playoffs), winner)
    if winner is not None:
        raise UserError(
            "主将加赛已分出胜负，不能再抽签",
            "the captains' playoff decided the match already: no lots", where,
        )
    if lots_winner not in (first.number, second.number):
        raise UserError(
            f"抽签胜方须为本场两队之一（{first.name} 或 {second.name}）",
            f"lots go to one of the match's teams ({first.name} or {second.name})", where,
        )
    return TeamMatchResult(first.number, second.number, a, b, tuple(games), tuple(playoffs),
                           lots_winner, by_lots=True)


def _game_points(first: Team, second: Team, games: Sequence[GameResult],
                 points: PointSystem) -> dict[int, int]:
    """Each team's game points (局分) of a match, by team number (huazhi 六、(二))."""
    boards = match_boards(first, second)
    if len(games) != len(boards):
        raise UserError(
            f"{first.name} 对 {second.name} 需要 {len(boards)} 台结果，得到 {len(games)} 个",
            f"{first.name} v {second.name} needs {len(boards)} board results, got {len(games)}",
            f"{first.name}–{second.name}",
        )
    first_players = set(first.players)
    totals = {first.number: 0, second.number: 0}
    for board, result in zip(boards, games, strict=True):
        a_out, b_out = outcomes(result)
        a_team = first.number if board.first in first_players else second.number
        b_team = second.number if a_team == first.number else first.number
        totals[a_team] += points.points(a_out)
        totals[b_team] += points.points(b_out)
    return totals


def _playoff_winner(first: Team, second: Team, playoffs: Sequence[GameResult],
                    playoff_first_mover: int | None) -> int | None:
    """The team whose captain won the first decisive playoff game (主将加赛, huazhi
    六、(三)3); None while none was. A game after the decisive one is refused."""
    first_players = set(first.players)
    winner: int | None = None
    for k, result in enumerate(playoffs, start=1):
        if winner is not None:
            raise UserError(
                f"加赛第{k - 1}局已分出胜负，不能再有第{k}局",
                f"playoff game {k - 1} already decided the match: no game {k}",
                f"{first.name}–{second.name}",
            )
        board = playoff_board(first, second, k, playoff_first_mover)
        a_out, b_out = outcomes(result)
        if a_out in (Outcome.WIN, Outcome.FORFEIT_WIN):
            winner = first.number if board.first in first_players else second.number
        elif b_out in (Outcome.WIN, Outcome.FORFEIT_WIN):
            winner = first.number if board.second in first_players else second.number
    return winner


def cross_group_pairing(list_a: Sequence[int], list_b: Sequence[int],
                        round_number: int = 1) -> Pairing:
    """The huazhi cross-group round (复赛, 五、(二)): list A in rank order against list B in
    reverse rank order - 1st of A v last of B, 2nd of A v second-to-last of B, ...; the
    team from list A is named first (先行方)."""
    if not list_a or len(list_a) != len(list_b):
        raise UserError(
            f"两组名单人数须相同且不为空（{len(list_a)} 与 {len(list_b)}）",
            f"both lists must be non-empty and of equal length ({len(list_a)} and "
            f"{len(list_b)})",
            "cross-group lists",
        )
    both = set(list_a) & set(list_b)
    if both or len(set(list_a)) != len(list_a) or len(set(list_b)) != len(list_b):
        twice = sorted(both) or "?"
        raise UserError(
            f"同一队伍在名单中出现两次：{twice}", f"a team appears twice in the lists: {twice}",
            "cross-group lists",
        )
    boards = tuple(Board(k + 1, a, b)
                   for k, (a, b) in enumerate(zip(list_a, reversed(list_b), strict=True)))
    return Pairing(round_number, boards)
