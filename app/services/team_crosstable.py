"""The team crosstable of a Team Swiss group (团体交叉表): teams x rounds, each cell the
opponent (by its row in the standings), the team's side (先行方 / 后行方), the match's result
and its game points; for the papers and the venue pages (the words: `app.wording`)."""

from __future__ import annotations

from dataclasses import dataclass

from app.pairing.team_swiss import PrimaryScore
from app.services.event import Event
from app.services.queries import PlayerRef
from app.services.ranking import team_swiss_standings
from app.services.team_swiss import options_of, team_records
from app.standings.team_swiss import CrossCell, TeamPlace, crosstable
from app.store.models import Group


@dataclass(frozen=True)
class TeamCrossRow:
    """A team's line of the crosstable: its row number (序号), place, the team (its
    withdrawal with it), its scores and one cell per round."""

    row: int
    place: int
    shared: bool
    team: PlayerRef
    match_points: int
    game_points: int
    cells: tuple[CrossCell, ...]


@dataclass(frozen=True)
class TeamCrosstable:
    group: str
    primary: PrimaryScore
    rounds: int  # the rounds shown (one cell each)
    rows: tuple[TeamCrossRow, ...]  # in standings order
    final: bool


def team_crosstable(group: Group) -> TeamCrosstable:
    """The group's team crosstable (teams x rounds: opponent, colour, match result, game
    points) in the order of its standings."""
    info = team_swiss_standings(group)
    records = {r.number: r for r in team_records(group)}
    places = [TeamPlace(r.player.number, r.place, r.shared, 0, 0, ()) for r in info.rows]
    cells = crosstable(places, list(records.values()))
    rows = tuple(TeamCrossRow(k, r.place, r.shared, r.player,
                              records[r.player.number].match_points,
                              records[r.player.number].game_points, row)
                 for k, (r, row) in enumerate(zip(info.rows, cells, strict=True), start=1))
    return TeamCrosstable(group.name, options_of(group).primary,
                          max((len(r.cells) for r in rows), default=0), rows, info.final)


def crosstable_view(event: Event, group: str) -> TeamCrosstable:
    with event.reading() as session:
        return team_crosstable(Event.group(session, group))
