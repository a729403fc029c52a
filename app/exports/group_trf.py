"""One TRF-2026 file per group for the federation package (编排文件): what a rating officer and
a pairing checker (bbpPairings `-c`, gacrux, `trf check`) need to read the group again.

FIDE "Format of Tournament Report File, Version 2026" (written by `app.pairing.trf.write_trf`,
its columns counted in UTF-8 bytes, as the Go reference library and gacrux read them):
- the header: 012 event and group, 022 venue, 032 CHN, 042 / 052 dates, 062 / 072
  players, 082 teams, 092 the system (`FIDE_DUTCH_2025` for the Swiss groups, the engine's rules), 192
  the coded type of the FIDE 2026 systems (`FIDE_DOUBLESWISS`, `FIDE_TEAM_TYPEB_MP_GP`), 102 chief
  arbiter, 122 time control, 132 the day each round was paired; 142 and XXR the rounds;
  152 the colour of the top player in round 1 (from round 1 itself); 162 the points;
- `260` forbidden pairs: every pairing the event treats as having met without a game
  (a forfeit, where the group counts forfeits as meetings, the Chinese practice of
  app.services.rounds), forbidden from the round after it to the end; and the same-unit
  avoidance (同单位回避) for the rounds whose pairing report says it was kept, one `260`
  record per unit for those rounds (where it had to be relaxed the round's pairing was made
  without it, and a `###` comment says so);
- a withdrawn player (退赛) of a Swiss group, `0000 - Z` (TRF "zero-point-bye: known absence
  from round") for the rounds played since and the next round to pair, and an absence entered
  in advance for the next round (缺席 `0000 - Z`, 请假 `0000 - H` / `F` / `Z`; `known_ahead`), so
  that a reader re-pairing the file leaves them out as the event does;
- a late entry's points for the rounds it missed (迟到报名所缺轮次得分, `Round.off_board_points`),
  the bye of those points (`0000 - F` / `H` / `Z` as the 162 line scores them, `_bye_of`; a
  Double-Swiss round's games' points in XXD), so that the points column, the round records
  and a reader re-pairing the file score the late entry as the event does (a `###` comment
  names points no bye gives; the total keeps them);
- team groups: `013` team records (name, then the members' pairing numbers in board order);
  a Team Swiss group the TRF-2026 team section instead (`app.exports.team_swiss_trf`: 352,
  362, one 310 per team, 320, 330; no 013); a second game of one pair in one round (a
  captains' playoff, 主将加赛) has no place in the round records and is named in a `###`
  comment instead, and so is how a team match level on game points was decided (主将加赛 or
  抽签, with the team that won it: `decision_comment`), which no record holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from app.errors import UserError
from app.exports.model import (
    BoardResult,
    DecidedLevelMatch,
    ExportModel,
    Group,
    Round,
    SittingOut,
    outcome_of,
)
from app.pairing.system import TRF_TYPES, System
from app.pairing.trf import (
    ForbiddenPairs,
    TrfHeader,
    TrfPlayerInfo,
    TrfTeam,
    format_points,
    write_trf,
)
from app.pairing.trf_teams import coded_team_type
from app.pairing.types import (
    REQUESTED_BYES,
    Colour,
    Outcome,
    PlayerHistory,
    RoundRecord,
    SitOut,
    TournamentSnapshot,
    unit_key,
)
from app.results import Side
from app.standings.scoring import bye_game_points
from app.wording import code_text

SYSTEMS = {
    System.SWISS: "FIDE_DUTCH_2025",
    System.ROUND_ROBIN: "ROUND_ROBIN_BERGER",
    System.DOUBLE_ROUND_ROBIN: "DOUBLE_ROUND_ROBIN_BERGER",
    System.KNOCKOUT: "KNOCKOUT_WITH_PLACEMENT",
    System.TEAM_KNOCKOUT: "TEAM_KNOCKOUT_WITH_PLACEMENT",
    System.CROSS_GROUP: "TEAM_CROSS_GROUP_ROUND",
    System.DOUBLE_SWISS: TRF_TYPES[System.DOUBLE_SWISS],
    System.TEAM_SWISS: TRF_TYPES[System.TEAM_SWISS],
}
FEDERATION = "CHN"  # 032: the events of the regulations are held in China (FIDE code)
_KEPT = "同单位回避：已满足"
_RELAXED = "同单位回避无法完全满足"


@dataclass(frozen=True)
class GroupRounds:
    """The finished rounds of a group as the TRF holds them: boards with one entry per player
    and round, and the boards left out (a second game of a pair in one round)."""

    rounds: tuple[Round, ...]
    left_out: tuple[tuple[int, BoardResult], ...]


def finished_rounds(model: ExportModel, group_key: str) -> GroupRounds:
    rounds = []
    left_out: list[tuple[int, BoardResult]] = []
    for rnd in model.rounds_of(group_key):
        if not all(b.result is not None or b.second is None for b in rnd.boards):
            continue
        seen: set[int] = set()
        kept = []
        for board in rnd.boards:
            players = {board.first} | ({board.second} if board.second is not None else set())
            if players & seen:
                left_out.append((rnd.number, board))
                continue
            seen |= players
            kept.append(board)
        # the round as it is but its boards (a Team Swiss's byes, team_byes, kept: 320)
        rounds.append(replace(rnd, boards=tuple(kept)))
    return GroupRounds(tuple(rounds), tuple(left_out))


def pairing_numbers(model: ExportModel, group_key: str) -> dict[int, int]:
    """Player id -> pairing number: the registered numbers, then free ones for the rest."""
    group = model.group(group_key)
    players = sorted(model.players_of(group_key), key=lambda p: (p.number or 10**9, p.id))
    taken = [p.number for p in players if p.number]
    if len(set(taken)) != len(taken):
        raise UserError(f"{group.name}中有重复的编号", f"duplicate pairing numbers in {group.name}")
    numbers: dict[int, int] = {}
    next_free = max(taken, default=0) + 1
    for player in players:
        if player.number:
            numbers[player.id] = player.number
        else:
            numbers[player.id] = next_free
            next_free += 1
    return numbers


def _records(group: Group, rnd: Round, numbers: dict[int, int]
             ) -> Iterator[tuple[int, RoundRecord]]:
    for board in rnd.boards:
        for me, other, colour, points in (
            (board.first, board.second, Colour.FIRST, board.first_points),
            (board.second, board.first, Colour.SECOND, board.second_points),
        ):
            if me is None or me not in numbers:
                continue
            outcome = outcome_of(board, me)
            if outcome is None:  # finished rounds only: every board has its result
                continue
            yield me, RoundRecord(
                rnd.number, outcome,
                numbers.get(other) if other is not None else None,
                colour if other is not None else None,
                # a Double-Swiss board's points are its games' (FIDE C.04.5): the TRF round
                # record holds the match result, scored as the file's 162 line says
                points if points is not None and group.system is not System.DOUBLE_SWISS
                else group.points.points(outcome),
                # and its games' points go to XXD, so that `trf check` pairs on them
                points if group.system is System.DOUBLE_SWISS else None,
            )


def _bye_record(group: Group, round_number: int, outcome: Outcome, points: int | None
                ) -> RoundRecord:
    """A round without a board written as the TRF bye `outcome` with the points it gave (None:
    the group's own for it): a bye requested in advance (请假全分/半分/零分, F / H / Z), a late
    entry's points for a round it missed (迟到报名所缺轮次得分, `_bye_of`). A Double-Swiss
    group's points are its games' (FIDE C.04.5): there the round record holds the bye as the
    162 line scores it, and the games' points it gave go to XXD, as a board's do."""
    if group.system is System.DOUBLE_SWISS:
        return RoundRecord(round_number, outcome, points=group.points.points(outcome),
                           game_points=points)
    return RoundRecord(round_number, outcome,
                       points=group.points.points(outcome) if points is None else points)


_BYES = (Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE)


def _bye_worth(group: Group, bye: Outcome) -> int:
    """What the bye `bye` gives, in the points the export model holds for a round: a
    Double-Swiss group's are its games' points, two games at the bye's value
    (`bye_game_points`, FIDE C.04.5 Art. 1.2.1)."""
    value = group.points.points(bye)
    games = bye_game_points(value, True) if group.system is System.DOUBLE_SWISS else None
    return value if games is None else games


def _bye_of(group: Group, points: int, asked: Outcome) -> Outcome:
    """The TRF bye whose points are `points` (as `_bye_worth` counts them): `asked` if it gives
    them, else the first of F / H / Z that does (the file's 162 line scores F, H and Z);
    `asked` where none does."""
    if _bye_worth(group, asked) == points:
        return asked
    return next((bye for bye in _BYES if _bye_worth(group, bye) == points), asked)


def _initial_colour(rounds: tuple[Round, ...], numbers: dict[int, int]) -> Colour:
    """TRF26 152: the colour of the highest-ranked player paired in round 1."""
    if not rounds or rounds[0].number != 1:
        return Colour.FIRST
    best: tuple[int, Colour] | None = None
    for board in rounds[0].boards:
        if board.second is None:
            continue
        for pid, colour in ((board.first, Colour.FIRST), (board.second, Colour.SECOND)):
            number = numbers.get(pid)
            if number is not None and (best is None or number < best[0]):
                best = (number, colour)
    return best[1] if best else Colour.FIRST


def group_snapshot(model: ExportModel, group_key: str) -> tuple[TournamentSnapshot,
                                                                 dict[int, int]]:
    """The group as a `TournamentSnapshot` (rounds with every result in), and the map from
    player id to the pairing number used in it."""
    group = model.group(group_key)
    numbers = pairing_numbers(model, group_key)
    finished = finished_rounds(model, group_key)
    withdrawn = model.trf_withdrawals(group_key)
    records: dict[int, list[RoundRecord]] = {pid: [] for pid in numbers}
    for rnd in finished.rounds:
        seen: set[int] = set()
        for pid, record in _records(group, rnd, numbers):
            seen.add(pid)
            records[pid].append(record)
        # a bye requested in advance (请假全分/半分/零分, TRF F / H / Z) with what it gave
        requested = {out.player: out for out in rnd.sitting_out if out.why in REQUESTED_BYES}
        # a late entry's points for the round it missed (迟到报名所缺轮次得分): the bye of
        # those points, so that the file scores the round as the event does
        given = dict(rnd.off_board_points)
        for pid in records:
            if pid in seen:
                continue
            bye = requested.get(pid)
            if bye is not None:
                records[pid].append(_bye_record(group, rnd.number, bye.why.outcome, bye.points))
            elif withdrawn.get(pid, rnd.number + 1) <= rnd.number:  # 退赛: a known absence
                records[pid].append(RoundRecord(rnd.number, Outcome.ZERO_BYE,
                                                points=group.points.points(Outcome.ABSENT)))
            elif pid in given:
                records[pid].append(_bye_record(
                    group, rnd.number, _bye_of(group, given[pid], Outcome.ZERO_BYE), given[pid]))
            else:
                records[pid].append(RoundRecord(rnd.number, Outcome.ABSENT))
    players = sorted(model.players_of(group_key), key=lambda p: numbers[p.id])
    histories = tuple(
        PlayerHistory(numbers[p.id], tuple(records[p.id]), unit=p.unit, name=p.name)
        for p in players
    )
    snapshot = TournamentSnapshot(histories, max(group.rounds, len(finished.rounds)),
                                  group.points, _initial_colour(finished.rounds, numbers))
    return snapshot, numbers


def known_ahead(model: ExportModel, group_key: str, played: int, total: int
                ) -> dict[int, tuple[tuple[int, Outcome], ...]]:
    """Player id -> the rounds after the `played` ones that the player is known not to play,
    each with its TRF bye, written after the played rounds (`TrfPlayerInfo.ahead`):
    - a withdrawn player (`ExportModel.trf_withdrawals`): `0000 - Z`, "known absence";
    - in an individual Swiss or Double-Swiss group, an absence entered in advance for the
      next round (`ExportModel.sitting_out_of`, `python -m app absent`): a bye requested
      (请假) `0000 - H` / `F` / `Z` as its points, a plain absence (缺席) `0000 - Z`
      (`_bye_ahead`), so that a reader pairing that round leaves them out as the event does.

    An individual group's file marks the next round to pair only: bbpPairings takes an entry
    in round k as saying that rounds 1..k-1 were paired (its TRF reader counts the rounds so),
    and would pair a later round than the next. A Team Swiss file marks every round up to
    `total`: its team reader (`app.pairing.trf_teams`) leaves a team whose members are all
    marked so out of those rounds; no Dutch reader pairs it.
    """
    group = model.group(group_key)
    team_swiss = group.system is System.TEAM_SWISS
    last = total if team_swiss else min(played + 1, total)
    ahead: dict[int, dict[int, Outcome]] = {}
    for pid, start in model.trf_withdrawals(group_key).items():
        for number in range(max(start, played + 1), last + 1):
            ahead.setdefault(pid, {})[number] = Outcome.ZERO_BYE
    if group.system.swiss and not group.system.team and played < total:
        for out in model.sitting_out_of(group_key, played + 1):
            if out.why is SitOut.ABSENT or out.why in REQUESTED_BYES:
                ahead.setdefault(out.player, {}).setdefault(played + 1, _bye_ahead(group, out))
    return {pid: tuple(sorted(rounds.items())) for pid, rounds in ahead.items()}


def _bye_ahead(group: Group, out: SittingOut) -> Outcome:
    """The TRF bye of an absence entered for the next round: the bye requested (请假全分/半分/
    零分: F / H / Z), a plain absence (缺席) Z (TRF-16 / TRF-2026 "zero-point-bye: known
    absence from round"); where the event gives it other points, the bye of those points
    (`_bye_of`)."""
    asked = out.why.outcome if out.why in REQUESTED_BYES else Outcome.ZERO_BYE
    points = _bye_worth(group, out.why.outcome) if out.points is None else out.points
    return _bye_of(group, points, asked)


def _uncoded_byes(group: Group, snapshot: TournamentSnapshot) -> list[str]:
    """Comment lines for the rounds without a board whose points no TRF bye gives (a late
    entry's points, 迟到报名所缺轮次得分, that are not F's, H's nor Z's as the 162 line scores
    them): written as the bye `_bye_of` falls back to, with the event's points in the total,
    which a reader adding up the codes finds different."""
    if group.system is System.DOUBLE_SWISS:  # the games' points are XXD's, any value
        return []
    return [f"round {record.round}: player {player.number} was given "
            f"{format_points(record.points)} points without a board, which no TRF bye "
            "(F, H, Z as 162 scores them) gives; the total counts them"
            for player in snapshot.players for record in player.rounds
            if record.opponent is None and record.outcome is not Outcome.PAB
            and record.points != group.points.points(record.outcome)]


def forfeit_pairs(group: Group, snapshot: TournamentSnapshot) -> list[ForbiddenPairs]:
    """Pairs who met by forfeit: forbidden from the next round on (260), where the group
    counts a forfeit as a meeting."""
    if not group.forfeits_meet:
        return []
    found: dict[frozenset[int], int] = {}
    for player in snapshot.players:
        for record in player.rounds:
            if record.opponent is not None and not record.outcome.played:
                pair = frozenset((player.number, record.opponent))
                found[pair] = min(found.get(pair, record.round), record.round)
    return [ForbiddenPairs(tuple(sorted(pair)), first + 1, 0)
            for pair, first in sorted(found.items(), key=lambda x: (x[1], sorted(x[0])))
            if first < snapshot.total_rounds]


def unit_avoidance(group: Group, snapshot: TournamentSnapshot, rounds: tuple[Round, ...]
                   ) -> tuple[list[ForbiddenPairs], list[str]]:
    """Same-unit avoidance that shaped a pairing: 260 records per unit for the rounds whose
    report says it was kept, and comment lines for every round it touched."""
    if not group.unit_avoidance_rounds:
        return [], []
    kept = [r.number for r in rounds if any(line.startswith(_KEPT) for line in r.report)]
    relaxed = [r.number for r in rounds if any(line.startswith(_RELAXED) for line in r.report)]
    comments = []
    if kept:
        comments.append("same-unit avoidance kept in rounds " + ", ".join(map(str, kept))
                        + " (同单位回避), written as 260 records")
    if relaxed:
        comments.append("same-unit avoidance relaxed in rounds " + ", ".join(map(str, relaxed))
                        + " (同单位回避已放宽): no legal pairing kept it")
    units: dict[str, list[int]] = {}
    for player in snapshot.players:
        if unit_key(player.unit):
            units.setdefault(unit_key(player.unit), []).append(player.number)
    entries = []
    for start, end in _runs(kept):
        entries += [ForbiddenPairs(tuple(members), start, end)
                    for members in units.values() if len(members) > 1]
    return entries, comments


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    """[1, 2, 3, 5] -> [(1, 3), (5, 5)]."""
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def round_comments(rounds: Iterable[Round], finished: GroupRounds, numbers: dict[int, int]
                   ) -> list[str]:
    """Comment lines for what the records of the `finished` rounds cannot hold, round by
    round: a further game of a pair (a captains' playoff, 主将加赛), and how each team match
    level on game points was decided (`decision_comment`; read off the round as played,
    `rounds`, whose playoff games the finished rounds leave out)."""
    comments = []
    done = {rnd.number for rnd in finished.rounds}
    for rnd in (r for r in rounds if r.number in done):
        for number, board in finished.left_out:
            if number == rnd.number:
                label = board.label or str(board.number)
                comments.append(f"round {number}: a further game {numbers.get(board.first)}-"
                                f"{numbers.get(board.second or 0, 0)} {code_text(board.result)} "
                                f"({label if '加赛' in label else label + ', 加赛'}) is not a "
                                "round record")
        comments += [decision_comment(rnd.number, level)
                     for level in rnd.decided_level_matches()]
    return comments


def decision_comment(round_number: int, level: DecidedLevelMatch) -> str:
    """How a team match level on game points was decided, which no round record shows (its
    games add up to a level score): by the captains' playoff (主将加赛, huazhi 六、(三)3) or by
    lots (抽签, 八、(五)), naming the team that won the match; the TRF-2026 format has no record
    for it (its team records are a Team Swiss's), so a `###` comment states it, as the
    papers do."""
    score = level.score
    if score.decided_by_lots:
        how = ("the captains' playoff (主将加赛) undecided, decided by lots (抽签)"
               if level.played_off else "decided by lots (抽签)")
    else:
        how = "decided by the captains' playoff (主将加赛)"
    first, second = level.teams
    return (f"round {round_number}: match {level.match} {first} - {second} level "
            f"{score.first}:{score.second} on game points, {how}: {level.winner} wins the match")


def teams_of(model: ExportModel, rounds: tuple[Round, ...], numbers: dict[int, int]
             ) -> list[TrfTeam]:
    """013 records: each team with its members in the order they first sat at the boards."""
    members: dict[str, list[int]] = {}
    for rnd in rounds:
        for board in rnd.boards:
            for team, pid in ((board.first_team, board.first), (board.second_team, board.second)):
                if team and pid is not None and numbers.get(pid) not in members.setdefault(
                        team, []):
                    members[team].append(numbers[pid])
    return [TrfTeam(name, tuple(players)) for name, players in members.items()]


def team_records_text(group: Group) -> str:
    """The team records `group_trf` writes for a team group, in words for the package's
    explanation (说明.txt): a Team Swiss's TRF-2026 team section, another team system's
    013 records."""
    if group.system is System.TEAM_SWISS:
        return "310 队伍记录及 352、362、320、330 团体行"
    return "013 队伍记录"


def coded_type(group: Group) -> str:
    """TRF26 192, the encoded type of tournament, for the FIDE 2026 systems: what a pairing
    program (gacrux) selects the system by, and for a Team Swiss its options (the colour
    preferences of C.04.6 Art. 1.7, the primary score of Art. 1.2); "" for the others."""
    if group.system is System.DOUBLE_SWISS:
        return "FIDE_DOUBLESWISS"
    if group.system is System.TEAM_SWISS:
        return coded_team_type(group.team_swiss_colours, group.team_swiss_primary)
    return ""


def needs_character_columns(model: ExportModel, group_key: str) -> bool:
    """Whether bbpPairings needs its own file of the group: a Dutch group (the system it
    checks) with a name that is not ASCII, whose byte columns it does not read (it counts
    code points, `app.pairing.trf` "Columns")."""
    return model.group(group_key).system is System.SWISS and not all(
        player.name.isascii() for player in model.players_of(group_key))


def _lots_comments(rounds: tuple[Round, ...], numbers: dict[int, int]) -> list[str]:
    """A knockout board neither player came to is a forfeit lost by both in the round records
    (`-` each, as it scores: no game, no win; `outcome_of`); the lots that sent one on (抽签,
    huazhi 八、(五)) have no TRF code, so a `###` comment names them."""
    return [f"round {rnd.number}: board {board.number} {numbers.get(board.first)}-"
            f"{numbers.get(board.second or 0)} neither came, recorded as lost by both; the "
            f"chief arbiter's lots sent {numbers.get(drawn)} on (抽签)"
            for rnd in rounds for board in rnd.boards
            if board.result is not None and board.result.lots is not None
            and (drawn := board.first if board.result.winner is Side.FIRST
                 else board.second) is not None]


def group_trf(model: ExportModel, group_key: str, with_teams: bool = True,
              character_columns: bool = False) -> str:
    """A TRF-2026 text of the group (names, sex, birth dates, final ranks, the header, the
    forbidden pairs, the teams). `with_teams=False` leaves the team records out (013, or a Team
    Swiss's team section, `team_records_text`), for pairing
    programs that refuse team files (bbpPairings: "team tournaments are not supported");
    `character_columns` counts the columns in characters, as bbpPairings does, not bytes."""
    group = model.group(group_key)
    snapshot, numbers = group_snapshot(model, group_key)
    finished = finished_rounds(model, group_key)
    standings = model.standings_of(group_key)
    ranks = {row.player: row.rank for row in standings.rows} if standings else {}
    ahead = known_ahead(model, group_key, len(finished.rounds), snapshot.total_rounds)
    info = {}
    for player in model.players_of(group_key):
        info[numbers[player.id]] = TrfPlayerInfo(
            name=player.name,
            sex={"男": "m", "女": "w"}.get(player.gender, ""),
            birth=player.birth_date.strftime("%Y/%m/%d") if player.birth_date else "",
            rank=ranks.get(player.id),
            ahead=ahead.get(player.id, ()),
        )
    team_swiss = group.system is System.TEAM_SWISS
    teams = (teams_of(model, finished.rounds, numbers)
             if group.system.team and with_teams and not team_swiss else [])
    forbidden = [] if team_swiss else forfeit_pairs(group, snapshot)
    team_section: list[str] = []
    if team_swiss and with_teams:
        from app.exports.team_swiss_trf import team_section_of

        team_section, team_forfeits = team_section_of(model, group_key, snapshot, numbers,
                                                      finished.rounds)
        forbidden = team_forfeits if group.forfeits_meet else []
    avoidance, comments = unit_avoidance(group, snapshot, finished.rounds)
    if group.double_game:
        comments.insert(0, "double-game rounds (双盘制): each round's points are the round "
                        "result of two games")
    if group.system is System.DOUBLE_SWISS:
        comments.insert(1, "Double-Swiss (FIDE C.04.5): each round record is the match, its "
                        "colour the first mover of game 1; the program pairs and ranks on the "
                        "games' points, in the XXD lines")
    comments += _uncoded_byes(group, snapshot)
    comments += round_comments(model.rounds_of(group_key), finished, numbers)
    comments += _lots_comments(finished.rounds, numbers)
    header = TrfHeader(
        site=model.event.venue, federation=FEDERATION,
        start=model.event.start_date, end=model.event.end_date,
        teams=len(teams) or sum(1 for line in team_section if line.startswith("310 ")),
        system=SYSTEMS[group.system],
        # a team code without the 310 records it declares is refused (gacrux)
        coded_type=coded_type(group) if with_teams or not group.system.team else "",
        chief_arbiter=model.event.chief_arbiter, time_control=group.time_control,
        round_dates=tuple(r.day for r in finished.rounds),
    )
    title = f"{model.event.title} {group.name}"
    text = write_trf(snapshot, name=title, info=info, newline="\n", header=header,
                     forbidden=[*forbidden, *avoidance], teams=teams, comments=comments,
                     character_columns=character_columns)
    return text + "".join(line + "\n" for line in team_section)
