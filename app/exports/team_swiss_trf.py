"""The TRF-2026 team section of a Team Swiss group (FIDE C.04.6): 352, 362, 310 per team, 320
for the byes and 330 per forfeited match (won by one team, or `--` lost by both)
(`app.pairing.trf_teams` writes and reads them), so that `trf pair --system team_swiss` pairs
the group's next round from the file as the event does. A withdrawn team (整队退赛) is in its
members' round records (`0000 - Z`, `group_trf`), not in 240 records: TRF-2026 keeps those for
byes that bring points, and the reference reader refuses a file with a `240 Z`."""

from __future__ import annotations

from app.exports.model import ExportModel, Round
from app.pairing.team_swiss import forfeited_meetings
from app.pairing.trf import ForbiddenPairs
from app.pairing.trf_teams import TeamBye, TeamEntry, team_histories, team_lines
from app.pairing.types import TournamentSnapshot
from app.standings.team_swiss import MATCH_WIN, bye_game_points


def _entries(model: ExportModel, group_key: str, numbers: dict[int, int]) -> list[TeamEntry]:
    """The group's teams numbered in their seed order (their first board's pairing number),
    each with its players' pairing numbers in board order."""
    members: dict[str, list[tuple[int, int]]] = {}
    for player, team, board in model.team_members:
        if player in numbers:
            members.setdefault(team, []).append((board, numbers[player]))
    ordered = sorted(members.items(), key=lambda item: min(n for _b, n in item[1]))
    return [TeamEntry(k, name, tuple(n for _b, n in sorted(boards)))
            for k, (name, boards) in enumerate(ordered, start=1)]


def team_section_of(model: ExportModel, group_key: str, snapshot: TournamentSnapshot,
                    numbers: dict[int, int], rounds: tuple[Round, ...]
                    ) -> tuple[list[str], list[ForbiddenPairs]]:
    """The team lines and the team pairs whose match was forfeited (forbidden from the round
    after it, as the event pairs them where forfeits count as meetings)."""
    group = model.group(group_key)
    teams = _entries(model, group_key, numbers)
    number_of = {t.name: t.number for t in teams}
    byes = tuple(next((number_of.get(b.team, 0) for b in rnd.team_byes), 0) for rnd in rounds)
    bye = TeamBye(MATCH_WIN, bye_game_points(group.board_count, group.points.draw), byes)
    histories = team_histories(teams, snapshot.players, len(rounds), bye)
    # the group's first team table is its standings (the crosstable follows it)
    table = next((t for t in model.team_standings if t.group == group_key), None)
    ranks = {number_of[row.team]: row.rank for row in table.rows
             if row.team in number_of} if table is not None else {}
    # every forfeited match, won by one team or lost by both (双方弃权), as the event
    # forbids it (app.services.team_swiss.pair_round, the core's forfeited_meetings)
    met = forfeited_meetings(histories)
    forbidden = [ForbiddenPairs(tuple(sorted(pair)), first + 1, 0)
                 for pair, first in sorted(met.items(), key=lambda x: (x[1], sorted(x[0])))
                 if first < snapshot.total_rounds]
    ratings = {p.number: p.rating for p in snapshot.players}
    strengths = {t.number: sum(ratings.get(n, 0) for n in t.players) // max(len(t.players), 1)
                 for t in teams}
    return team_lines(teams, histories, group.board_count, bye, 1, ranks, strengths), forbidden
