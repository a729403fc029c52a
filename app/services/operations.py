"""The operations a window runs, each with what it returns: its value, its warnings, and the
areas of the event it changed (so that a screen refreshes only what an operation touched).

An `Operation` wraps one service function (still one transaction, still undoable); calling it
gives an `Outcome`. What it changed is not declared per operation: it is derived from the
rows the undo recorder saw it write (`EventStore.watching`), table by table, as an undo or
redo step's changes are (as Anki derives its redraws from the changes it recorded). An
operation that wrote nothing changed nothing. The command line calls the service functions
themselves.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar

from app.store.undo import SNAPSHOT, WHOLE_EVENT, RowChange

if TYPE_CHECKING:
    from app.services import (
        awards,
        games,
        groups,
        importing,
        knockout,
        players,
        playoffs,
        rounds,
        snapshots,
        teams,
        tie_lots,
        venue,
    )
    from app.services import event as event_service
    from app.services.event import Event

P = ParamSpec("P")
T = TypeVar("T")


class Area(Enum):
    """A part of the event that screens show."""

    EVENT = "event"  # the event's details and its groups' settings
    PLAYERS = "players"
    TEAMS = "teams"
    ROUNDS = "rounds"  # pairings and results
    GAMES = "games"  # game records on boards
    STANDINGS = "standings"
    PLAYOFFS = "playoffs"
    SNAPSHOTS = "snapshots"


EVERYTHING = frozenset(Area)

_RESULTS = frozenset({Area.ROUNDS, Area.GAMES, Area.STANDINGS, Area.PLAYOFFS, Area.EVENT})
_PEOPLE = frozenset({Area.PLAYERS, Area.TEAMS, Area.STANDINGS, Area.ROUNDS, Area.EVENT})

TABLE_AREAS: Mapping[str, frozenset[Area]] = {
    # the event's details, its officials and schedule, its team rankings and their teams
    "tournament": frozenset({Area.EVENT, Area.TEAMS, Area.STANDINGS}),
    "group": EVERYTHING,  # a group's settings change how everything of it is shown
    "player": _PEOPLE,
    "absence": _PEOPLE,
    "team": _PEOPLE,
    "team_member": _PEOPLE,
    "round": _RESULTS | {Area.PLAYERS},  # a round paired or taken back
    "board": _RESULTS,  # a result, or a pairing changed by hand
    "game": _RESULTS,
    "playoff": frozenset({Area.PLAYOFFS, Area.STANDINGS, Area.GAMES}),
    SNAPSHOT: frozenset({Area.SNAPSHOTS}),
    WHOLE_EVENT: EVERYTHING,
}
"""What each table's rows are shown in (a table not named here: anything)."""


def areas_changed(rows: Iterable[RowChange]) -> frozenset[Area]:
    """The areas the written rows are shown in."""
    areas: set[Area] = set()
    for row in rows:
        areas |= TABLE_AREAS.get(row.table, EVERYTHING)
    return frozenset(areas)


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What one operation did: its value, its warnings (shown, not refused), what changed."""

    value: T
    warnings: tuple[str, ...] = ()
    changes: frozenset[Area] = field(default_factory=frozenset)


def _no_warnings(_value: Any) -> Sequence[str]:
    return ()


def _value_is_warnings(value: Any) -> Sequence[str]:
    return tuple(value or ())


def _event_of(args: Sequence[Any], kwargs: Mapping[str, Any]) -> Event:
    from app.services.event import Event

    found = next((a for a in (*args, *kwargs.values()) if isinstance(a, Event)), None)
    if found is None:
        raise TypeError("an operation is run on an open event")
    return found


@dataclass(frozen=True)
class Operation(Generic[P, T]):
    """A service function as an operation: where its warnings are; what it changed is seen."""

    call: Callable[P, T]
    warnings: Callable[[T], Sequence[str]] = _no_warnings
    name: str = ""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Outcome[T]:
        with _event_of(args, kwargs).store.watching() as rows:
            value = self.call(*args, **kwargs)
        return Outcome(value, tuple(self.warnings(value)), areas_changed(rows))


def _op(call: Callable[P, T], warnings: Callable[[T], Sequence[str]] = _no_warnings
        ) -> Operation[P, T]:
    return Operation(call, warnings, call.__name__)


class _Later:
    """A service module as the table below names it: each of its functions is a stand-in
    that imports the module when first called (the table is read, typed, against the real
    modules; importing it loads none of them: issue 28, the window loads a service when an
    operation of it is first run, the command line never loads this table)."""

    def __init__(self, module: str) -> None:
        self._module = module

    def __getattr__(self, function: str) -> Callable[..., Any]:
        module = self._module

        def call(*args: Any, **kwargs: Any) -> Any:
            return getattr(importlib.import_module(module), function)(*args, **kwargs)

        call.__name__ = call.__qualname__ = function
        return call


if not TYPE_CHECKING:
    (awards, games, groups, importing, knockout, players, playoffs, rounds, snapshots, teams,
     tie_lots, venue) = (_Later(f"app.services.{name}") for name in (
        "awards", "games", "groups", "importing", "knockout", "players", "playoffs", "rounds",
        "snapshots", "teams", "tie_lots", "venue"))
    event_service = _Later("app.services.event")


# The event and its groups
UPDATE_EVENT = _op(event_service.update_event)
SET_OFFICIALS = _op(event_service.set_officials)
SET_SCHEDULE_ENTRY = _op(event_service.set_schedule_entry)
ADD_GROUP = _op(event_service.add_group)
REMOVE_GROUP = _op(event_service.remove_group)
UPDATE_GROUP = _op(groups.update_group)

# Players and teams
ADD_PLAYER = _op(players.add_player)
UPDATE_PLAYER = _op(players.update_player)
WITHDRAW_PLAYER = _op(players.withdraw_player)
REINSTATE_PLAYER = _op(players.reinstate_player)
SET_ABSENCE = _op(players.set_absence, _value_is_warnings)
ADD_TEAM = _op(knockout.add_team)
EDIT_TEAM = _op(knockout.edit_team)
IMPORT_LISTS = _op(importing.import_lists)



def withdraw_team(event: Event, group: str, team: str, from_round: int | None = None) -> int:
    """`app.services.team_swiss.withdraw_team`, loaded when first asked for."""
    from app.services import team_swiss

    return team_swiss.withdraw_team(event, group, team, from_round)


def reinstate_team(event: Event, group: str, team: str) -> None:
    from app.services import team_swiss

    team_swiss.reinstate_team(event, group, team)


WITHDRAW_TEAM = _op(withdraw_team)
"""A Team Swiss team withdraws (整队退赛): every member, from one round on (C.04.1)."""
REINSTATE_TEAM = _op(reinstate_team)

# Team rankings: declared teams, their tie-break chain, lots (qiwang 十二(四)4)
DECLARE_TEAM = _op(teams.declare_team)
REMOVE_TEAM = _op(teams.remove_team)
UPDATE_TEAM = _op(teams.update_declared_team)
IMPORT_TEAMS = _op(teams.import_teams)
RECORD_LOTS = _op(teams.record_lots)
RECORD_GROUP_LOTS = _op(teams.record_group_lots)
"""The order drawn by lots among a Team Swiss group's tied teams (team-lots --group)."""
TEAM_RULES = _op(teams.set_team_ranking_rules)

# Rounds
PAIR_NEXT_ROUND = _op(rounds.pair_next_round)
UNPAIR_LAST_ROUND = _op(rounds.unpair_last_round)
SWAP_COLOURS = _op(rounds.swap_colours, _value_is_warnings)
EXCHANGE_PLAYERS = _op(rounds.exchange_players, _value_is_warnings)
ENTER_RESULT = _op(rounds.enter_result, _value_is_warnings)
ENTER_TEAM_RESULT = _op(knockout.enter_team_result, lambda entry: entry.warnings)
ENTER_BOARD_LOTS = _op(rounds.enter_lots, _value_is_warnings)
"""A knockout board neither of whose players came: the player the lots sent on."""

# Games recorded on the board, playoffs
CREATE_PLAYOFF = _op(playoffs.create_playoff)
RECORD_PLAYOFF_RESULT = _op(playoffs.record_playoff_result)
RECORD_TIE_LOTS = _op(tie_lots.record_tie_lots)
"""Players tied where the awards differ, placed by lots when no playoff can be played."""

SAVE_GAME = _op(games.save_game)

# The venue on the LAN (the serve dialog; the server's own writes: tablets, players, address)
SET_PLAYER_CONFIRMATION = _op(venue.set_player_confirmation)
SET_ARBITER_CODE = _op(venue.set_arbiter_code)
ENTER_HALL_RESULT = _op(venue.enter_hall_result, _value_is_warnings)
PLAYER_CLAIM = _op(venue.player_claim)
SET_VENUE_ADDRESS = _op(venue.set_venue_address)

# Awards
DECLINE_AWARD = _op(awards.decline_award)
"""A player declines (or takes back declining) a grade title or a prize: the standings, the
award list and the certificates follow (qiwang 2022 十五4 不顺延; 2016 八(二)3 依次顺延)."""

# Snapshots
RESTORE_SNAPSHOT = _op(snapshots.restore)
TAKE_SNAPSHOT = _op(snapshots.take)


def export(event: Event, out_dir: str | Path, **options: Any) -> list[Path]:
    """`app.services.exporting.export` (its snapshot before the papers is the write), loaded
    when first asked for: the window starts without the papers' modules."""
    from app.services import exporting

    return exporting.export(event, out_dir, **options)


# Exports: the papers are files, the snapshot taken first is the event's one write
EXPORT = _op(export)


@dataclass(frozen=True)
class StepChanges:
    """What an undo or redo step changed, as the screens see it: the areas, and the boards
    whose result alone changed."""

    areas: frozenset[Area]
    boards: tuple[int, ...] = ()


def step_changes(rows: Sequence[RowChange]) -> StepChanges:
    """The areas an undo or redo step changed, from the rows it changed (`EventStore.
    last_step`), as an operation's are; a result taken back or put again (its board
    updated, its games) names its board, so that only its row is shown again."""
    result_only = bool(rows) and all(
        row.table == "game" or (row.table == "board" and row.done == "update") for row in rows)
    boards = tuple(dict.fromkeys(int(row.pk["id"]) for row in rows
                                 if row.table == "board" and "id" in row.pk)) \
        if result_only else ()
    return StepChanges(areas_changed(rows), boards)
