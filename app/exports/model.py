"""The plain input model of every export: what the services hand to `app.exports`.

Frozen dataclasses only; no database, no Qt. The services fill an `ExportModel` from an
event once, and every printer (PDF), workbook writer (Excel) and the federation package read
it. Players are referred to by their stable surrogate `id` (same-name players exist), never by
their names.

Points are integers in the group's own units (胜2 和1 负0 by default, see ARCHITECTURE.md);
a `scale` says how to show them: the shown value is `value / scale` (scale 1: shown as stored;
scale 2 with 1/0.5/0 points stored as 2/1/0). Tie-break and team values (`Value`) may also be
exact Fractions (the standings hand them over typed, never as text), or text for a cell with
no figure (a team short of members). Excel cells get the shown value as a number. Results are
typed (`app.results`: a board's `BoardResult`, a game's `GameResult`, first mover (先手, black)
first; None while not in), decoded once by the services where the rows leave the store; the
papers word them here (`result_zh`, `board_result_zh`) or write their code
(`app.wording.code_text`: `1-0`, `1-0 =` for a double-game round, 双盘制).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from functools import lru_cache

from app import results, wording
from app.errors import UserError
from app.pairing.system import System
from app.pairing.team import MatchScore
from app.pairing.types import REQUESTED_BYES, Outcome, PointSystem, SitOut
from app.results import GameResult, Side
from app.rules.endings import Ending
from app.rules.game import GameSettings
from app.standings.awards import Award as Decision
from app.standings.scoring import player_games
from app.wording import RESULT_WORDS, number_text, place_text, withdrawn_text

# ---------------------------------------------------------------------------- numbers


Value = int | Fraction | str
"""A ranking value: an integer in stored units (shown as value / scale), an exact Fraction
in stored units, or text already formatted (e.g. "3.5", "—"); text that reads as a number is
still written to Excel as a number."""


@lru_cache(maxsize=1 << 14)  # the workbooks write the same few hundred values 9,000 times
def scaled(value: Value, scale: int = 1) -> int | float | str:
    """The shown number of a stored value: an int when exact, else a float (for Excel); text
    that is not a number stays text."""
    if isinstance(value, str):
        try:
            number = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            return value
        return int(number) if number.denominator == 1 else float(number)
    number = Fraction(value) / scale
    return int(number) if number.denominator == 1 else float(number)


def format_scaled(value: Value, scale: int = 1) -> str:
    """The shown text of a stored value: `7`, `3.5`, `2.25` (no trailing zeros)."""
    if isinstance(value, str):
        return value
    return _number_text(value, scale)


@lru_cache(maxsize=1 << 14)
def _number_text(value: int | Fraction, scale: int) -> str:
    # the papers print the same few hundred points and tie-break values thousands of times
    return number_text(value, scale, digits=4)


# ---------------------------------------------------------------------------- event, people


@dataclass(frozen=True)
class ScheduleItem:
    """One line of the schedule (竞赛日程): round `round` of group `group` (empty: every
    group), or with round 0 another item such as 报到 named by `label`."""

    round: int
    day: date | None = None
    time: str = ""  # 09:00
    room: str = ""  # 比赛室
    group: str = ""  # Group.key; "" for every group
    label: str = ""

    @property
    def what(self) -> str:
        return f"第{self.round}轮" if self.round else self.label

    @property
    def when(self) -> str:
        """`11月26日 09:00` (the year is on the cover)."""
        day = f"{self.day.month}月{self.day.day}日" if self.day else ""
        return " ".join(x for x in (day, self.time) if x)


@dataclass(frozen=True)
class OrganiserRole:
    """One role of the 组织机构 as the regulation names it (主办单位, 冠名单位, 资助单位, 承办单位,
    协办单位) and the bodies holding it, in the regulation's order."""

    role: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class EventInfo:
    """The event as printed on every page (赛事名称、主办单位、地点、日期)."""

    title: str
    organisers: tuple[str, ...] = ()  # 主办单位, then 承办/协办 in the order to print
    venue: str = ""  # 比赛地点
    start_date: date | None = None
    end_date: date | None = None
    chief_arbiter: str = ""  # 裁判长
    short_title: str = ""  # for file names and running headers; `title` when empty
    deputy_chief_arbiters: tuple[str, ...] = ()  # 副裁判长
    chief_pairing_officer: str = ""  # 编排长
    appeals_committee: tuple[str, ...] = ()  # 仲裁委员会（主任在前）
    officials_note: str = ""  # who appoints them, as the regulation states it
    schedule: tuple[ScheduleItem, ...] = ()  # 竞赛日程, in date and time order
    venue_address: str = ""  # the venue server's address on the LAN (QR codes), when known
    organiser_roles: tuple[OrganiserRole, ...] = ()  # every role after 主办单位 (承办, 协办 ...)

    @property
    def roles(self) -> tuple[OrganiserRole, ...]:
        """Every organiser role with its bodies, 主办单位 (`organisers`) first; roles without
        a body left out."""
        first = (OrganiserRole("主办单位", self.organisers),) if self.organisers else ()
        return tuple(r for r in (*first, *self.organiser_roles) if r.names)

    @property
    def dates_text(self) -> str:
        """`2022年8月6日` or `2022年8月6日至8日` (至 the end date)."""
        if self.start_date is None:
            return ""
        start = date_zh(self.start_date)
        end = self.end_date
        if end is None or end == self.start_date:
            return start
        if end.year != self.start_date.year:
            return f"{start}至{date_zh(end)}"
        if end.month != self.start_date.month:
            return f"{start}至{end.month}月{end.day}日"
        return f"{start}至{end.day}日"

    @property
    def name_for_files(self) -> str:
        return safe_filename(self.short_title or self.title)


@dataclass(frozen=True)
class Group:
    """One group (组别) of the event and how it is played."""

    key: str  # stable id used in file names and references, e.g. "open"
    name: str  # 公开组, 女子组, 少儿组 ...
    system: System = System.SWISS  # the layout of its crosstable follows the system
    rounds: int = 0  # rounds planned
    rules: str = ""  # 专业规则（禁手） / 大众规则（无禁手）, printed on slips
    double_game: bool = False  # 双盘制: each board plays two games, colours exchanged
    scale: int = 1  # how stored points are shown (see module docstring)
    points: PointSystem = field(default_factory=PointSystem)  # for the TRF 162 line
    time_control: str = ""  # 用时, e.g. 45分钟+每步30秒 (TRF 122)
    forfeits_meet: bool = True  # a forfeited pairing counts as having met (TRF 260)
    unit_avoidance_rounds: int = 0  # 同单位回避 in rounds 1..n (-1: every round)
    game_settings: GameSettings | None = None  # how its games are played (records replay)
    forbidden: bool = True  # 黑方禁手 (专业规则); False for 大众规则 / 无禁手
    designated_opening: bool = True  # 指定开局 with 三手交换 and 五手N打; False: 自由开局
    opening_text: str = ""  # the opening rule by name: 指定开局, 自由开局, Swap2 ...
    fifth_move_offers: int = 2  # N of 五手N打 (0: N chosen by black, 五手N打)
    system_text: str = ""  # 积分编排制（9轮）... for the 秩序册
    tiebreak_text: str = ""  # 积分、对手分、中间对手分、胜局
    unplayed_text: str = ""  # how an unplayed round counts in the tie-breaks
    certificate_text: str = ""  # who receives a certificate (奖状), stated in the 秩序册
    board_count: int = 0  # boards of a team match (分台定人制); 0 for individual play
    team_swiss_colours: str = "A"  # a Team Swiss group's colour preferences (C.04.6 Art. 1.7)
    team_swiss_primary: str = "match"  # its primary score, match or game (Art. 1.2)


@dataclass(frozen=True)
class Player:
    """A player (棋手) as registered; `number` is the pairing number (编号) in the group."""

    id: int
    name: str
    group: str  # Group.key
    number: int = 0
    gender: str = ""  # 男 / 女
    birth_date: date | None = None
    id_number: str = ""  # 身份证号
    unit: str = ""  # 单位 / 代表队
    grade: str = ""  # current 段级位
    platform_id: str = ""  # online qualifier account
    withdrawn_from: int | None = None  # 退赛: the first round the player no longer plays
    entered_round: int = 1  # a late entry's (迟到报名) first round


# ---------------------------------------------------------------------------- rounds


@dataclass(frozen=True)
class BoardResult:
    """One board of a round: `first` moves first (先手, black); `second` None for a bye (轮空).

    `result` is the board's result (None while the game is on, and on a bye's board).
    `first_points` and `second_points` are the round points in the group's units when the
    result is in.
    """

    number: int
    first: int  # player id
    second: int | None
    result: results.BoardResult | None = None
    how_ended: tuple[Ending | None, ...] = ()  # 终局方式 of each game (None: not known)
    first_points: int | None = None
    second_points: int | None = None
    label: str = ""  # printed instead of the number when set, e.g. 第2场1台 (team matches)
    match: int = 0  # team matches: the match (场) this game belongs to
    match_board: int = 0  # team matches: the game's board (台) in its match; 0 for a playoff
    first_team: str = ""  # team matches (分台定人制): the teams, printed instead of units
    second_team: str = ""
    match_score: MatchScore | None = None  # team matches: the match's game points (局分)
    confirm_codes: tuple[str, ...] = ()  # the players' own codes to confirm on the venue pages
    # a round robin: why the player seated first / second does not play the round (退赛,
    # 缺席, 请假); the board is lost by forfeit, entered when it was paired
    first_missing: SitOut | None = None
    second_missing: SitOut | None = None

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def is_captains_playoff(self) -> bool:
        """A team match's game after its boards: the captains' playoff of a level match
        (主将加赛, huazhi 六、(三)3), played only then, so no board of the pairing."""
        return bool(self.match) and not self.match_board

    @property
    def how_ended_zh(self) -> str:
        """终局方式 as printed: the games' endings, or 轮空 for a bye; 抽签 for a knockout board
        neither of whose players came (no game ended: the lots decided it, never 弃权)."""
        if self.result is not None and self.result.lots is not None:
            return "抽签"
        return "、".join(e.zh for e in self.how_ended if e) or ("轮空" if self.is_bye else "")

    def ending_of_game(self, game_no: int) -> Ending | None:
        return self.how_ended[game_no - 1] if game_no <= len(self.how_ended) else None

    @property
    def board_text(self) -> str:
        return self.label or str(self.number)


@dataclass(frozen=True)
class Round:
    """The boards of one round of one group, in board order."""

    group: str
    number: int
    boards: tuple[BoardResult, ...]
    date_text: str = ""  # e.g. 8月6日 9:00, printed on the pairing list
    day: date | None = None  # the day it was paired (TRF 132)
    report: tuple[str, ...] = ()  # the pairing report (同单位回避 kept / relaxed, changes)
    room: str = ""  # 比赛室 / 赛场
    team_byes: tuple[TeamBye, ...] = ()  # team matches: the teams with no opponent (轮空)
    # players of the group with no board this round, and why (请假, 缺席, 退赛 in its round)
    sitting_out: tuple[SittingOut, ...] = ()
    # a team round: the members who do not play it (退赛, 缺席, 请假), each round they miss;
    # on a board that board is lost by forfeit (分台定人制), with no board their team is not
    # paired (every member missing)
    team_missing: tuple[SittingOut, ...] = ()
    # the points the round gave players with no board in it (a bye requested in advance, a
    # late entry's points for the rounds it missed): (player id, points), none for nothing
    off_board_points: tuple[tuple[int, int], ...] = ()

    def decided_level_matches(self) -> tuple[DecidedLevelMatch, ...]:
        """The team matches of the round level on game points and decided (huazhi 六、(三)3
        主将加赛, 八、(五) 抽签), in match order: what the papers and the TRF say of them, since
        no board's result shows who went through."""
        found = []
        for board in self.boards:
            score = board.match_score
            if (board.match_board != 1 or score is None or score.decided_by is None
                    or score.level_winner is None):
                continue
            played_off = any(b.match == board.match and not b.match_board for b in self.boards)
            found.append(DecidedLevelMatch(board.match, (board.first_team, board.second_team),
                                           score, played_off))
        return tuple(found)


@dataclass(frozen=True)
class DecidedLevelMatch:
    """A team match level on game points and decided by the captains' playoff (主将加赛) or by
    lots (抽签): its number, the teams (first-named first: its board 1's first mover), the
    score with the decision, and whether captains' playoff games were played (a playoff
    without a decisive game before lots, 加赛未分胜负)."""

    match: int
    teams: tuple[str, str]
    score: MatchScore
    played_off: bool

    @property
    def winner(self) -> str:
        return self.teams[0] if self.score.level_winner is Side.FIRST else self.teams[1]


@dataclass(frozen=True)
class SittingOut:
    """A player with no board in a round (not a bye's board): player id, why, and the
    round's points it gives (a bye requested in advance; None while unknown)."""

    player: int
    why: SitOut
    points: int | None = None


@dataclass(frozen=True)
class RoundAhead:
    """The next round of a group, not paired yet, and who is known already not to play it: an
    absence or a bye requested in advance (缺席, 请假全分/半分/零分, `python -m app absent`), with
    the points it is to give (None: the group's own for it). The TRF writes them in that
    round's column (`app.exports.group_trf.known_ahead`)."""

    group: str
    number: int
    sitting_out: tuple[SittingOut, ...] = ()


@dataclass(frozen=True)
class TeamBye:
    """A team without an opponent in a team round (轮空): its match number and name, and in a
    Team Swiss what the bye gave it (match points 场分, game points 局分; None elsewhere)."""

    match: int
    team: str
    match_points: int | None = None
    game_points: int | None = None

    def scores_text(self, scale: int = 1) -> str:
        """What the bye gave, as a list line says it (计胜一场：场分2，局分3); "" where a bye
        is not scored (a knockout's)."""
        if self.match_points is None or self.game_points is None:
            return ""
        return wording.team_bye_scores_text(self.match_points,
                                            format_scaled(self.game_points, scale))


# ---------------------------------------------------------------------------- rankings


@dataclass(frozen=True)
class TieBreakColumn:
    """One ranking column after the points: its Chinese header and how to show it."""

    key: str  # buchholz, median_buchholz, wins ...
    header: str  # 对手分, 中间对手分, 胜局 ...
    scale: int = 1
    legend: str = ""  # what it counts, printed under the ranking


@dataclass(frozen=True)
class StandingRow:
    """One line of a ranking; `shared` prints the place as `3=` (并列)."""

    rank: int
    player: int  # player id
    points: int
    tiebreaks: tuple[Value, ...] = ()
    shared: bool = False
    playoff: str = ""  # 加赛 mark / note, e.g. "加赛胜"
    open_rank: str = ""  # a sub-ranking: the player's place in the open ranking (qiwang 十五1)
    prize: str = ""  # 奖励 at this place (printed when the ranking is final)
    grade_title: str = ""  # 段级位 earned at this place

    @property
    def rank_text(self) -> str:
        return place_text(self.rank, self.shared)


@dataclass(frozen=True)
class Standings:
    """A group's ranking (or a sub-ranking: women, juniors) in place order."""

    group: str
    title: str  # 公开组, 公开组（女子）...
    columns: tuple[TieBreakColumn, ...]
    rows: tuple[StandingRow, ...]
    points_header: str = "积分"
    final: bool = True  # False: provisional (临时，非最终): rounds or decisive playoffs remain
    after_round: int = 0
    parent: str = ""  # a sub-ranking: the title of the ranking its places are taken from
    legend: tuple[str, ...] = ()  # the policies in force (unplayed rounds, ties, titles ...)
    # what the tie marks its 备注 shows mean (`wording.playoff_marks_note`: 加赛, 抽签, 需加赛)
    marks_note: str = ""

    @property
    def shows_awards(self) -> bool:
        """Whether the 名次表 has its 奖励 and 可申请段级位 columns: a final ranking that gives
        something (a ranking after a round gives nothing yet)."""
        return self.final and any(row.prize or row.grade_title for row in self.rows)


@dataclass(frozen=True)
class TeamRow:
    """One team in a team ranking; `values` follow the columns of `TeamStandings`; rank 0
    for a team that gets no place (units short of members, 人数不足)."""

    rank: int
    team: str
    values: tuple[Value, ...]
    members: tuple[str, ...] = ()  # each with its points or place, e.g. 张三（14分）
    shared: bool = False
    note: str = ""  # e.g. 人数不足, 不计团体名次
    prize: str = ""  # 奖励 at this place (printed when the ranking is final), as a player's

    @property
    def rank_text(self) -> str:
        """`3`, `3=` (shared), or empty for a team without a place (rank 0)."""
        return place_text(self.rank, self.shared)


@dataclass(frozen=True)
class TeamStandings:
    """A team ranking (团体名次), e.g. the sum of members' scores or of their places."""

    title: str
    columns: tuple[TieBreakColumn, ...]
    rows: tuple[TeamRow, ...]
    group: str = ""
    final: bool = True
    legend: tuple[str, ...] = ()  # how teams were formed, the tie-break chain, the tie rule
    heading: str = ""  # the whole title where it is not 团体名次（title）(a Team Swiss's tables)
    entrant: str = "代表队"  # the name column's heading: 姓名 for an individual knockout's places

    @property
    def shows_prizes(self) -> bool:
        """Whether the table has a 奖励 column: a final ranking that gives something, as the
        individual 名次表 (`Standings.shows_awards`); a crosstable gives nothing."""
        return self.final and any(row.prize for row in self.rows)

    @property
    def of_teams(self) -> bool:
        """Whether the rows are teams (an individual knockout's places are players)."""
        return self.entrant == "代表队"

    @property
    def caption(self) -> str:
        """The title printed and the document named: 团体名次（团体总分）, or the heading (a Team
        Swiss group's 团体赛 团体名次 / 团体赛 团体交叉表, a knockout's 决赛 团体名次 or
        禁手组 淘汰赛名次)."""
        if self.heading:
            return self.heading
        return f"团体名次（{self.title}）" if self.title else "团体名次"


@dataclass(frozen=True)
class QualifierMatch:
    """One match of the cross-group round (复赛, huazhi 五、(二)): the teams, each with the list
    it came from and its place there (the first list's team named first, 先行方), the score
    once every board is in, and the team that goes on (出线; "" while undecided)."""

    number: int
    first: str
    second: str
    first_list: str = ""
    first_rank: int = 0
    second_list: str = ""
    second_rank: int = 0
    score: MatchScore | None = None
    qualified: str = ""


@dataclass(frozen=True)
class Qualifiers:
    """The cross-group round's outcome (出线名单): no places (huazhi 五、(二), 五、(三)2: one
    round, each match's winner goes on to the final), its matches in order."""

    group: str  # Group.key
    title: str  # the group's name
    matches: tuple[QualifierMatch, ...]

    @property
    def final(self) -> bool:
        """Every match decided: the list is the final one."""
        return all(m.qualified for m in self.matches)

    @property
    def qualified(self) -> tuple[str, ...]:
        return tuple(m.qualified for m in self.matches if m.qualified)

    @property
    def caption(self) -> str:
        """The title printed and the document named: 复赛 出线名单."""
        return f"{self.title} 出线名单"


# ---------------------------------------------------------------------------- awards, games


@dataclass(frozen=True)
class PlayoffGame:
    """One playoff game (加赛): `black` moved first; `result` None while unplayed."""

    stage: str  # 双盘加赛, 单盘加赛, 小循环加赛
    black: int  # player id
    white: int
    result: GameResult | None = None
    time_control: str = ""  # 5′+3″


@dataclass(frozen=True)
class PlayoffRecord:
    """A playoff for a tie (加赛) and its games; `order` (player ids, best first) once decided."""

    group: str  # Group.key
    ranking: str  # the ranking whose tie it settles
    place: int
    players: tuple[int, ...]
    games: tuple[PlayoffGame, ...]
    order: tuple[int, ...] = ()
    reason: str = ""  # why it was needed (what differed across the tied places)


@dataclass(frozen=True)
class Award:
    """One placed player or team (录取): place, prize and grade title (段级位) where earned."""

    ranking: str  # title of the ranking: 公开组, 公开组（女子）, 团体
    place: int
    recipient: str  # player's or team's name
    unit: str = ""
    group: str = ""  # Group.key; empty for an event-wide team award
    player: int | None = None  # player id; None for a team
    prize: str = ""  # 奖金 30000元, 奖杯, 奖牌, 证书
    grade_title: str = ""  # 六段, 一级 ...: the title the place gives the right to apply for
    shared: bool = False
    final: bool = True  # False: printed only as provisional (临时，非最终)
    decision: Decision | None = None  # the typed decision: rule applied, share, declines
    certificate: bool = True  # receives a certificate (奖状): an awarded place, or as the event asks

    @property
    def place_text(self) -> str:
        return place_zh(self.place)

    @property
    def provisional(self) -> bool:
        return not self.final

    @property
    def is_team(self) -> bool:
        return self.player is None


@dataclass(frozen=True)
class Game:
    """A recorded game (棋谱): `black` moved first in it; moves as `h8` coordinates."""

    group: str
    round: int
    board: int
    black: int  # player id
    white: int  # player id
    moves: tuple[str, ...]
    result: GameResult | None = None  # black first; its loss on time told by `how_ended`
    how_ended: Ending | None = None
    game_no: int = 1  # 2 for the second game of a double-game round
    opening: str = ""  # 指定开局 name, e.g. 花月
    actions: str = ""  # the game step by step (`app.rules.game.encode_actions`): swap, offers
    playoff_place: int = 0  # a playoff game (加赛): the place it decides; `round` is 0


@dataclass(frozen=True)
class BracketMatch:
    """One match of a knockout bracket as drawn: entrants by name ("" = not yet known,
    "轮空" = empty slot), the winner's name when decided, and the places it decides."""

    round: int
    number: int
    top: str
    bottom: str
    winner: str = ""
    places: tuple[int, int] = (0, 0)
    score: MatchScore | None = None  # a team match: its game points, once all are played
    final: bool = False  # a last-round match: it gives its two entrants their places
    # an individual match neither of whose players came, the winner sent on by lots (抽签)
    lots: bool = False
    # the side withdrew (退赛) by the match's round: it does not play the match
    top_withdrawn: bool = False
    bottom_withdrawn: bool = False

    def shown(self, top: bool) -> str:
        """A side's name as the bracket prints it, a withdrawn one marked as the pairing
        lists mark a player who does not play his board: `王三（退赛）`."""
        name, gone = (self.top, self.top_withdrawn) if top else \
            (self.bottom, self.bottom_withdrawn)
        return wording.missing_mark(name, SitOut.WITHDRAWN) if gone and name else name


@dataclass(frozen=True)
class Bracket:
    """A knockout with full placement (淘汰制，决出全部名次), round by round."""

    group: str  # Group.key
    rounds: tuple[tuple[BracketMatch, ...], ...]


# ---------------------------------------------------------------------------- the whole


@dataclass(frozen=True)
class ExportModel:
    """Everything an export may print, for one event. Build it once; pass it everywhere."""

    event: EventInfo
    groups: tuple[Group, ...]
    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    standings: tuple[Standings, ...] = ()
    sub_rankings: tuple[Standings, ...] = ()
    team_standings: tuple[TeamStandings, ...] = ()
    awards: tuple[Award, ...] = ()
    games: tuple[Game, ...] = ()
    progress_standings: tuple[Standings, ...] = ()  # after each round before the last
    brackets: tuple[Bracket, ...] = ()
    # an individual knockout's players in the order of its places (rank 0: not decided yet),
    # the rows of its crosstable: it has no standings of points (huazhi 六、(三)5)
    bracket_orders: tuple[Standings, ...] = ()
    team_members: tuple[tuple[int, str, int], ...] = ()  # (player id, team, board number)
    # the list a team entered by (外卡, A组 …), for the teams entered from one: (group key,
    # team, list)
    team_sources: tuple[tuple[str, str, str], ...] = ()
    playoffs: tuple[PlayoffRecord, ...] = ()
    playoff_games: tuple[Game, ...] = ()  # 加赛 games, `playoff_place` set, `board` = playoff
    rounds_ahead: tuple[RoundAhead, ...] = ()  # each group's next round to pair, if any
    qualifiers: tuple[Qualifiers, ...] = ()  # each cross-group round's (复赛 出线名单), paired
    _players_by_id: dict[int, Player] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        index = {player.id: player for player in self.players}
        if len(index) != len(self.players):
            raise UserError("棋手编号重复", "duplicate player ids in the export model")
        self._players_by_id.update(index)

    def player(self, player_id: int) -> Player:
        try:
            return self._players_by_id[player_id]
        except KeyError:
            raise UserError(
                f"导出数据中没有编号为 {player_id} 的棋手",
                f"no player with id {player_id} in the export model",
            ) from None

    def group(self, key: str) -> Group:
        for group in self.groups:
            if group.key == key:
                return group
        raise UserError(f"没有组别 {key}", f"no group {key!r}")

    def players_of(self, group: str) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.group == group)

    def trf_withdrawals(self, group_key: str) -> dict[int, int]:
        """Player id -> the first round a withdrawn player (退赛) no longer plays, for a group
        paired round by round on its scores (a Swiss of any kind: Dutch, Double-Swiss, Team
        Swiss), whose TRF file marks them (round result `Z`, TRF-16 / TRF-2026 "zero-point-bye:
        known absence from round"; a Team Swiss's withdrawn team so, by its members) so that a reader re-pairing the file (`trf pair`,
        bbpPairings) leaves them out of the rounds they no longer play, as the event does
        (FIDE C.04.1: only the players present are paired). Other systems: none."""
        if not self.group(group_key).system.swiss:
            return {}
        return {p.id: p.withdrawn_from for p in self.players_of(group_key)
                if p.withdrawn_from is not None}

    def sitting_out_of(self, group: str, number: int) -> tuple[SittingOut, ...]:
        """Who has no board in round `number` of a group and why, whether the round is paired
        (`Round.sitting_out`) or is the next to pair (`RoundAhead`); () for another round."""
        for rnd in self.rounds:
            if rnd.group == group and rnd.number == number:
                return rnd.sitting_out
        return next((ahead.sitting_out for ahead in self.rounds_ahead
                     if ahead.group == group and ahead.number == number), ())

    def rounds_of(self, group: str) -> tuple[Round, ...]:
        return tuple(sorted((r for r in self.rounds if r.group == group), key=lambda r: r.number))

    def round(self, group: str, number: int) -> Round:
        for candidate in self.rounds:
            if candidate.group == group and candidate.number == number:
                return candidate
        raise UserError(f"{group} 没有第{number}轮", f"group {group!r} has no round {number}")

    def seat_name(self, player: int, why: SitOut | None) -> str:
        """A seated player's name as a pairing list prints it, marked where they do not play
        the round (a round robin's `BoardResult.first_missing`): `王三（退赛）`."""
        name = self.player(player).name
        return name if why is None else wording.missing_mark(name, why)

    def missing_forfeits_of(self, rnd: Round, lang: str = "zh") -> list[str]:
        """A round robin's or knockout's boards held by a player who does not play the round,
        as the notes below its pairing lists say them: `第3台 王三（退赛）弃权，李四不战胜`; a
        knockout board neither of whose players came `第2台 王三（退赛）、李四（退赛）双方均未
        到场，抽签决定李四晋级` once the lots are in."""
        return [wording.missing_forfeit_text(
                    board.number, (self.player(board.first).name, board.first_missing),
                    (self.player(board.second).name, board.second_missing), lang,
                    board.result)
                for board in rnd.boards if board.second is not None
                and (board.first_missing or board.second_missing
                     or (board.result is not None and board.result.lots is not None))]

    def team_missing_of(self, rnd: Round
                        ) -> tuple[list[tuple[str, SittingOut]], list[tuple[str, SitOut]]]:
        """A team round's missing members (`Round.team_missing`) as its papers name them: each
        member seated on a board (that board's place, 第5场2台: lost by forfeit, nobody moves
        up), then the teams none of whose members plays (not paired), with the first why."""
        seats = {pid: board.board_text for board in rnd.boards
                 for pid in (board.first, board.second) if pid is not None}
        team_of = {pid: team for pid, team, _board in self.team_members}
        on_boards = [(seats[o.player], o) for o in rnd.team_missing if o.player in seats]
        teams: dict[str, SitOut] = {}
        for out in rnd.team_missing:
            if out.player not in seats and out.player in team_of:
                teams.setdefault(team_of[out.player], out.why)
        return on_boards, list(teams.items())

    def standings_of(self, group: str) -> Standings | None:
        for standings in self.standings:
            if standings.group == group:
                return standings
        return None

    def crosstable_order_of(self, group: str) -> Standings | None:
        """The lines a group's crosstable is ranked by: its standings, or a knockout's
        order of places (`bracket_orders`)."""
        found = self.standings_of(group)
        if found is not None:
            return found
        return next((order for order in self.bracket_orders if order.group == group), None)

    def schedule_of(self, group: str, number: int) -> ScheduleItem | None:
        """When and where round `number` of `group` is played (its own line first)."""
        for wanted in (group, ""):
            for item in self.event.schedule:
                if item.round == number and item.group == wanted:
                    return item
        return None

    def games_played(self, player: int) -> int:
        """Games a player actually played (byes and forfeits not counted): 段级位申报."""
        count = 0
        for rnd in self.rounds:
            for board in rnd.boards:
                if player not in (board.first, board.second) or board.second is None:
                    continue
                count += board.result.games_played() if board.result is not None else 0
        return count

    def games_of(self, group: str) -> tuple[Game, ...]:
        return tuple(
            sorted(
                (g for g in self.games if g.group == group),
                key=lambda g: (g.round, g.board, g.game_no),
            )
        )

    def awards_in_place_order(self) -> tuple[Award, ...]:
        """Awards grouped by ranking in the order first given, each in place order."""
        order: dict[str, int] = {}
        for award in self.awards:
            order.setdefault(award.ranking, len(order))
        return tuple(sorted(self.awards, key=lambda a: (order[a.ranking], a.place)))

    def score_before(self, group: str, round_number: int) -> dict[int, int]:
        """Each player's points before round `round_number` (for pairing lists)."""
        totals = {p.id: 0 for p in self.players_of(group)}
        for past in self.rounds_of(group):
            if past.number >= round_number:
                break
            for board in past.boards:
                totals[board.first] = totals.get(board.first, 0) + (board.first_points or 0)
                if board.second is not None:
                    totals[board.second] = totals.get(board.second, 0) + (
                        board.second_points or 0
                    )
            for player, points in past.off_board_points:  # 请假半分, a late entry's points
                totals[player] = totals.get(player, 0) + points
        return totals


# ---------------------------------------------------------------------------- text helpers

TIEBREAK_LEGENDS = {
    "buchholz": "对手分：本人各轮对手的积分之和",
    "median_buchholz": "中间对手分：对手分去掉最高和最低的一个对手积分",
    "wins": "胜局：获胜的局数（计法见说明）",
    "rounds_won": "胜轮：获胜得分的轮次，含不战胜和轮空（国际棋联 C.07 第7.1条 WIN）",
    "games_won": "实胜局：实战获胜的局数，不含不战胜和轮空（国际棋联 C.07 第7.2条 WON）",
    "progressive": "累进分：各轮后本人积分的累加",
    "sonneborn_berger": "索伯分：所胜对手积分之和加所和对手积分之半",
    "buchholz_of_buchholz": "小小分：各对手的对手分之和",
    "direct_encounter": "直胜：同分棋手之间对局的得分",
    "black_games": "先手局：执黑（先手）的局数",
    "black_wins": "先手胜：执黑（先手）获胜的局数",
    "game_points": "小分：各盘得分之和",
}
"""What each tie-break counts, printed as the legend under a ranking (2016 五(二) and
shenzhen 十(五)2 name 对手分、中间对手分、胜局; the others as the standings define them)."""



def tiebreak_legend(name: str, median_cut: int = 1) -> str:
    """What tie-break `name` counts, as printed; 中间对手分 names the group's own cut
    (`median_cut`, 0-5 from each end), not always one."""
    if name != "median_buchholz" or median_cut == 1:
        return TIEBREAK_LEGENDS.get(name, "")
    if median_cut == 0:
        return "中间对手分：本人各轮对手的积分之和（不去掉最高和最低）"
    return f"中间对手分：对手分去掉最高和最低各{median_cut}个对手积分"


_DIGITS = "零一二三四五六七八九"


def number_zh(n: int) -> str:
    """1 -> 一, 12 -> 十二, 20 -> 二十, 105 -> 一百零五 (places on certificates)."""
    if n < 0:
        raise ValueError(n)
    if n < 10:
        return _DIGITS[n]
    if n < 20:
        return "十" + (_DIGITS[n % 10] if n % 10 else "")
    if n < 100:
        return _DIGITS[n // 10] + "十" + (_DIGITS[n % 10] if n % 10 else "")
    if n < 1000:
        rest = n % 100
        head = _DIGITS[n // 100] + "百"
        if rest == 0:
            return head
        if rest < 10:
            return head + "零" + _DIGITS[rest]
        if rest < 20:
            return head + "一" + number_zh(rest)
        return head + number_zh(rest)
    return str(n)


def place_zh(place: int) -> str:
    """第一名, 第十二名."""
    return f"第{number_zh(place)}名"


def date_zh(day: date) -> str:
    return f"{day.year}年{day.month}月{day.day}日"


_FORBIDDEN_IN_NAMES = '<>:"/\\|?*\0[]'


def safe_filename(text: str) -> str:
    """A file or folder name for any OS from a (Chinese) title; never empty."""
    cleaned = "".join("_" if c in _FORBIDDEN_IN_NAMES or ord(c) < 32 else c for c in text)
    cleaned = cleaned.strip(" .")
    return cleaned[:80] or "event"


RESULT_ZH = {code: words[0] for code, words in RESULT_WORDS.items()}


def result_zh(result: GameResult | results.BoardResult | None) -> str:
    """A result as printed (先手执黑), one wording on every paper: `1-0` -> 黑胜, `0-1t` ->
    白胜（黑超时）; the games of a double-game round joined with ／; "" while not in."""
    return wording.board_result_text(result)


def board_result_zh(board: BoardResult, with_points: bool = False) -> str:
    """A board's result as printed, a loss on time in words wherever it is known: by the
    result (`0-1t`) or by the game's ending (终局方式 超时), `白胜（黑超时）`; `with_points`: a
    double-game round followed by its points (`黑胜／白胜 2:0`, `wording.board_result_text`)."""
    if board.result is None:
        return ""
    timed = {k for k in range(1, len(board.result.games) + 1)
             if board.ending_of_game(k) is Ending.TIME}
    points = (board.first_points, board.second_points) if with_points and \
        board.first_points is not None and board.second_points is not None else None
    return wording.board_result_text(board.result, points=points, lost_on_time=timed)


OUTCOME_WORDS = {Outcome.PAB: "轮空", Outcome.FORFEIT_WIN: "弃胜", Outcome.FORFEIT_LOSS: "弃负",
                 Outcome.WIN: "胜", Outcome.DRAW: "和", Outcome.LOSS: "负",
                 # a bye requested in advance (请假全分/半分/零分), as the window's and the
                 # command line's crosstables say it (app.standings.crosstable)
                 Outcome.FULL_BYE: "免赛胜", Outcome.HALF_BYE: "免赛和", Outcome.ZERO_BYE: "免赛",
                 Outcome.ABSENT: "缺席"}
_MARKED = REQUESTED_BYES | {SitOut.ABSENT}
"""The rounds a player sat out that a crosstable by rounds names (the others read —, a
withdrawal's 退赛 and a late entry's 迟报 are marked by the crosstable itself)."""


def outcome_for(board: BoardResult, player: int) -> str:
    """One player's outcome of a board as printed: 胜 / 和 / 负 / 弃胜 / 弃负 / 轮空 / ""
    (not in yet)."""
    outcome = outcome_of(board, player)
    return "" if outcome is None else OUTCOME_WORDS[outcome]


def _better(mine: int, theirs: int) -> Outcome:
    return Outcome.WIN if mine > theirs else Outcome.LOSS if mine < theirs else Outcome.DRAW


def outcome_of(board: BoardResult, player: int) -> Outcome | None:
    """One player's outcome of a board (None while the result is not in); a knockout board
    neither player came to is a forfeit loss for both, as it scores (`BoardResult.lots`: the
    lots sent one on, no one won the game)."""
    if board.second is None:
        return Outcome.PAB
    side = Side.FIRST if board.first == player else Side.SECOND
    value = board.result
    if value is None:
        return None
    if value.lots is not None:  # neither came: both lost the game (the lots sent one on)
        return Outcome.FORFEIT_LOSS
    if value.forfeit:
        return Outcome.FORFEIT_WIN if value.winner is side else Outcome.FORFEIT_LOSS
    mine = board.first_points if side is Side.FIRST else board.second_points
    theirs = board.second_points if side is Side.FIRST else board.first_points
    if mine is not None and theirs is not None:
        return _better(mine, theirs)
    # No round points given: compare the games' score (win 2, draw 1); each code is its
    # game's black first and the players change colours (双盘制 先后手互换): the home's.
    return _better(sum(value.game_scores(side)), sum(value.game_scores(side.other)))


def _round_text(board: BoardResult, player: int) -> str:
    """One player's round on a crosstable by rounds: the outcome (胜 / 和 / 负 / 弃胜 ...); a
    double-game round played its games and points (`wording.double_round_text`: 胜／和 2:0)."""
    value = board.result
    if value is not None and value.lots is not None:  # neither came: the lots decided it
        side = Side.FIRST if board.first == player else Side.SECOND
        return wording.LOTS_CELLS[value.lots is side][0]
    if value is None or not value.double or value.forfeit or board.first_points is None \
            or board.second_points is None:
        return outcome_for(board, player)
    side = Side.FIRST if board.first == player else Side.SECOND
    mine, theirs = board.first_points, board.second_points
    if side is Side.SECOND:
        mine, theirs = theirs, mine
    return wording.double_round_text(player_games(value, side), mine, theirs)


def round_cells(rounds: Iterable[Round], order: list[int],
                labels: dict[int, int] | None = None) -> dict[int, list[str]]:
    """Crosstable cells by rounds (Swiss, knockout, team): for each player in `order`, one
    cell per round: the opponent's 编号 from `labels` (else the position in `order`), the
    colour (黑 = first mover, 白) and the outcome, e.g. `12黑胜` (a double-game round its
    games and points, `12黑胜／和 2:0`); 轮空 for a bye; a bye
    requested in advance as its outcome (免赛和: 请假半分), an absence 缺席; — when not
    paired; a player on two boards in one round (a team captain's playoff game, 主将加赛)
    gets both, joined by 、."""
    position = labels if labels is not None else {
        pid: index for index, pid in enumerate(order, start=1)}
    cells: dict[int, list[str]] = {pid: [] for pid in order}
    for rnd in rounds:
        this_round: dict[int, list[str]] = {}
        for board in rnd.boards:
            for me, other, colour in ((board.first, board.second, "黑"),
                                      (board.second, board.first, "白")):
                if me is None or me not in cells:
                    continue
                text = "轮空" if other is None else (
                    f"{position.get(other, '?')}{colour}{_round_text(board, me)}")
                this_round.setdefault(me, []).append(text)
        for out in rnd.sitting_out:  # a bye asked for (免赛和), an absence (缺席)
            if out.why in _MARKED and out.player in cells:
                this_round.setdefault(out.player, [OUTCOME_WORDS[out.why.outcome]])
        for pid in order:
            cells[pid].append("、".join(this_round.get(pid, ["—"])))
    return cells


def has_crosstable(model: ExportModel, group: str) -> bool:
    """Whether a group's players have a crosstable (the workbook's sheet, the 成绩册's table,
    as the 交叉表 PDF prints one): a group with standings, or an individual knockout by the
    order of its places (`ExportModel.crosstable_order_of`); not a team group, whose papers
    show its matches (a team knockout has no players' crosstable,
    `ranking._check_has_crosstable`)."""
    return (not model.group(group).system.team
            and model.crosstable_order_of(group) is not None)


def award_headers(model: ExportModel, standings: Standings) -> list[str]:
    """The award columns of a final ranking that gives something (`shows_awards`), as every
    paper of it has them: 奖励, the grade held before the event (原段级位) where the lists gave
    one — a bare 段级位 reads as a grade held — and what the place lets one apply for
    (可申请段级位); none on a ranking after a round."""
    if not standings.shows_awards:
        return []
    held = any(model.player(r.player).grade for r in standings.rows)
    return ["奖励", *(["原段级位"] if held else []), "可申请段级位"]


def award_cells(model: ExportModel, row: StandingRow, headers: Sequence[str]) -> list[str]:
    """A ranking line's cells under `award_headers`."""
    if not headers:
        return []
    held = [model.player(row.player).grade] if "原段级位" in headers else []
    return [row.prize, *held, row.grade_title]


def remark(model: ExportModel, row: StandingRow, standings: Standings) -> str:
    """A ranking line's 备注: the playoff mark and a withdrawal (第5轮起退赛) — on a ranking
    after a round only once the player has missed a round by it (the final one always)."""
    start = model.player(row.player).withdrawn_from
    shown = start is not None and (standings.final or start <= standings.after_round)
    withdrawn = withdrawn_text(start) if shown else ""
    return "；".join(x for x in (row.playoff, withdrawn) if x)


def unique(items: Iterable[str]) -> tuple[str, ...]:
    """Items in first-seen order without repeats."""
    return tuple(dict.fromkeys(items))


# Compound surnames (复姓) kept whole when sorting by surname; and the surname readings of
# characters read otherwise in ordinary words (单 shàn, 曾 zēng, 解 xiè ...).
COMPOUND_SURNAMES = frozenset(
    "欧阳 司马 诸葛 上官 东方 皇甫 尉迟 公孙 慕容 令狐 长孙 宇文 司徒 夏侯 轩辕 端木 独孤 "
    "南宫 西门 呼延 万俟 澹台 公冶 申屠 太史 闻人 钟离 宗政 濮阳 淳于 单于 赫连 拓跋".split())
SURNAME_READINGS = {
    "单": "shan", "曾": "zeng", "解": "xie", "仇": "qiu", "朴": "piao", "区": "ou", "查": "zha",
    "盖": "ge", "乐": "yue", "覃": "qin", "缪": "miao", "翟": "zhai", "召": "shao", "秘": "bi",
    "种": "chong", "员": "yun", "重": "chong", "纪": "ji", "句": "gou", "隗": "wei",
    "繁": "po", "能": "nai", "那": "na", "尉": "wei", "折": "she", "柏": "bai", "长": "chang",
    "万俟": "moqi", "尉迟": "yuchi", "长孙": "zhangsun", "单于": "chanyu",
    "沈": "shen", "应": "ying", "过": "guo", "郇": "xun", "洗": "xian",
}


def split_name(name: str) -> tuple[str, str]:
    """A Chinese name as (surname, given name): a compound surname kept whole. Names in
    Latin letters (or with a space / ·) keep their first word as given order is unknown."""
    name = name.strip()
    if not name:
        return "", ""
    if name[:2] in COMPOUND_SURNAMES and len(name) > 2:
        return name[:2], name[2:]
    return name[:1], name[1:]


@lru_cache(maxsize=1 << 12)  # every pairing list by name sorts the same players again
def name_sort_key(name: str) -> tuple[str, str, str, str]:
    """Pinyin order by surname, then given name, players of one surname together (张 before
    章 when both read zhang: the characters keep their own block)."""
    from app.pinyin import lazy_pinyin

    surname, given = split_name(name)
    reading = SURNAME_READINGS.get(surname) or "".join(lazy_pinyin(surname))
    return (reading.lower(), surname, "".join(lazy_pinyin(given)).lower(), given)


FORMULA_STARTS = ("=", "+", "-", "@")


def csv_safe(value: object) -> object:
    """A CSV cell that no spreadsheet reads as a formula: text from imported data starting
    with = + - or @ gets a leading apostrophe (numbers are left as they are)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
