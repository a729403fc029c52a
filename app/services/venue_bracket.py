"""A knockout's bracket (淘汰赛对阵图) as the venue's pages draw it: the bracket with how each
match was decided (`knockout.decided_bracket`), its entrants, and the stored board of every
match paired so far, whose result the pages say in the papers' words; and its entrants
for the window's bracket (`bracket_entrants`), withdrawals (退赛) included."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from app.errors import UserError
from app.pairing.knockout import Bracket
from app.services.event import Event
from app.services.knockout import decided_bracket
from app.services.lookup import withdrawn_from
from app.services.queries import BoardInfo, PlayerRef, round_info, system_of
from app.services.team_swiss import team_withdrawn_from
from app.store.models import BoardRow, Group, Round


@dataclass(frozen=True)
class BracketInfo:
    """The bracket, its entrants by id (players, or teams in a team knockout; `number` the
    seed) and each paired match's board by (round, match): board number = match number
    (`knockout.round_pairing`)."""

    group: str
    teams: bool
    bracket: Bracket
    entrants: Mapping[int, PlayerRef] = field(hash=False)
    boards: Mapping[tuple[int, int], BoardInfo] = field(hash=False)


def _entrants(found: Group, seeds: Mapping[int, int]) -> dict[int, PlayerRef]:
    """The group's entrants by id: its teams in a team knockout, else its players, each with
    its seed (`seeds`, 0 where not given) and the first round it no longer plays (退赛), as
    the printed bracket reads them (`exporting._bracket`)."""
    if system_of(found).team:
        return {t.id: PlayerRef(t.id, t.name, t.unit, seeds.get(t.id, 0), team_withdrawn_from(t))
                for t in found.teams}
    return {p.id: PlayerRef(p.id, p.name, p.unit, seeds.get(p.id, 0), withdrawn_from(p))
            for p in found.players}


def bracket_entrants(event: Event, group: str) -> dict[int, PlayerRef]:
    """A knockout's entrants as the window's bracket names them (teams or players, by id),
    each with the round it withdrew from (退赛, None: plays on); seeds are the bracket's own."""
    with event.reading() as session:
        return _entrants(Event.group(session, group), {})


def drawn_bracket(event: Event, group: str) -> BracketInfo | None:
    """The knockout's bracket with its boards; None before its first round is paired (the
    draw may still change). A group played otherwise is refused, saying so."""
    with event.reading() as session:
        found = Event.group(session, group)
        system = system_of(found)
        if not system.bracket:
            raise UserError(f"{found.name}（{system.zh}）不是淘汰赛，没有对阵图",
                            f"{found.name} ({system.en}) is no knockout and has no bracket",
                            found.name)
        played = list(found.rounds_played)
        if not played:
            return None
        # every board with its games in two queries, not one per board (held while read)
        rows = session.scalars(select(BoardRow).join(Round).where(Round.group_id == found.id)
                               .options(selectinload(BoardRow.games))).all()
        shown = decided_bracket(found)
        entrants = _entrants(found, {e: k for k, e in enumerate(shown.seeding, start=1)})
        boards = {(round_.number, board.number): board for round_ in played
                  for board in round_info(session, found, round_).boards}
        del rows
        return BracketInfo(found.name, system.team, shown, entrants, boards)
