"""The huazhi cross-group round (复赛) decided: which team of each match goes on (出线).

2021-huazhi-cup-team-championship.txt 五、(二): "复赛只赛一轮，大众场规则的第一名对专业场规则的第八名，
大众场规则的第二名对专业场规则的第七名依次类推进行对阵"; 六、(二): "两队局分高的队伍获胜，如两队打平，由两队
主将进行加赛"; 五、(三)2: the final takes "复赛出线的8支队伍". The round ranks nobody: each match's
winner qualifies for the final and its loser is out, so what it decided is its matches with
their winners (the final places the qualifiers by its own draw, 抽签), not places, and not the
players' points of a ranking (a team match scores no player).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.pairing.system import System
from app.results import Side
from app.services.event import Event
from app.services.lookup import system_of
from app.store import codec

if TYPE_CHECKING:
    from app.pairing.team import MatchScore
    from app.store.models import Group


@dataclass(frozen=True)
class Entrant:
    """A team of the round: its name, the list it qualified from and its rank there."""

    name: str
    source: str  # the list (大众场 / 专业场)
    rank: int  # its place on that list (A组第1名 …)


@dataclass(frozen=True)
class CrossGroupMatch:
    """One match of the round, the team of the first list named first (先行方); `score`
    once every board has its result, `winner` (Side) once the match is decided."""

    number: int
    first: Entrant
    second: Entrant
    score: MatchScore | None = None
    winner: Side | None = None

    @property
    def qualified(self) -> Entrant | None:
        """The team that goes on to the final (出线); None while the match is undecided."""
        if self.winner is None:
            return None
        return self.first if self.winner is Side.FIRST else self.second


@dataclass(frozen=True)
class CrossGroupOutcome:
    """The round so far: its matches (none before it is paired) and who qualified."""

    group: str
    matches: tuple[CrossGroupMatch, ...] = ()

    @property
    def paired(self) -> bool:
        return bool(self.matches)

    @property
    def decided(self) -> int:
        return sum(1 for m in self.matches if m.winner is not None)

    @property
    def final(self) -> bool:
        """Every match decided: the qualifiers are known."""
        return self.paired and self.decided == len(self.matches)

    @property
    def qualified(self) -> tuple[Entrant, ...]:
        return tuple(m.qualified for m in self.matches if m.qualified is not None)


def cross_group_outcome(event: Event, group: str | None) -> CrossGroupOutcome | None:
    """The cross-group round's matches and qualifiers; None for a group of another system."""
    with event.reading() as session:
        found = Event.group(session, group)
        if system_of(found) is not System.CROSS_GROUP:
            return None
        return group_outcome(found)


def group_outcome(group: Group) -> CrossGroupOutcome:
    """The outcome of the cross-group round `group`, read in the caller's session (the
    export reads it beside the other groups)."""
    # here only: `standings` of another group loads nothing of the knockouts
    from app.services.knockout import list_entrants, match_score

    ranks = {team: (label, rank) for label, teams in list_entrants(group).items()
             for rank, team in enumerate(teams, start=1)}
    names = {t.id: t.name for t in group.teams}

    def entrant(team: int | None) -> Entrant:
        label, rank = ranks.get(team or 0, ("", 0))
        return Entrant(names.get(team or 0, ""), label, rank)

    played = next((r for r in group.rounds_played if r.number == 1), None)
    matches = []
    for board in sorted(played.boards if played is not None else (), key=lambda b: b.number):
        result = codec.board_result(board.result, False, board.label)  # the match's, first-named first
        winner = result.winner if result is not None else None
        matches.append(CrossGroupMatch(board.number, entrant(board.first_team_id),
                                       entrant(board.second_team_id),
                                       match_score(group, board), winner))
    return CrossGroupOutcome(group.name, tuple(matches))
