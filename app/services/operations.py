"""The operations a window runs, each with what it returns: its value, its warnings, and the
areas of the event it changes (so that a screen refreshes only what an operation touched).

An `Operation` wraps one service function (still one transaction, still undoable); calling it
gives an `Outcome`. The command line calls the service functions themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, ParamSpec, TypeVar

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
    venue,
)
from app.services import event as event_service

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


@dataclass(frozen=True)
class Operation(Generic[P, T]):
    """A service function as an operation: the areas it changes, where its warnings are."""

    call: Callable[P, T]
    changes: frozenset[Area]
    warnings: Callable[[T], Sequence[str]] = _no_warnings
    name: str = ""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Outcome[T]:
        value = self.call(*args, **kwargs)
        return Outcome(value, tuple(self.warnings(value)), self.changes)


def _op(call: Callable[P, T], *areas: Area,
        warnings: Callable[[T], Sequence[str]] = _no_warnings) -> Operation[P, T]:
    return Operation(call, frozenset(areas), warnings, call.__name__)


_RESULTS = (Area.ROUNDS, Area.GAMES, Area.STANDINGS, Area.PLAYOFFS)
_PEOPLE = (Area.PLAYERS, Area.TEAMS, Area.STANDINGS, Area.ROUNDS)

# The event and its groups
UPDATE_EVENT = _op(event_service.update_event, Area.EVENT)
ADD_GROUP = _op(event_service.add_group, *EVERYTHING)
REMOVE_GROUP = _op(event_service.remove_group, *EVERYTHING)
UPDATE_GROUP = _op(groups.update_group, *EVERYTHING)

# Players and teams
ADD_PLAYER = _op(players.add_player, *_PEOPLE)
UPDATE_PLAYER = _op(players.update_player, *_PEOPLE)
WITHDRAW_PLAYER = _op(players.withdraw_player, *_PEOPLE)
REINSTATE_PLAYER = _op(players.reinstate_player, *_PEOPLE)
SET_ABSENCE = _op(players.set_absence, *_PEOPLE)
ADD_TEAM = _op(knockout.add_team, *_PEOPLE)
EDIT_TEAM = _op(knockout.edit_team, *_PEOPLE)
IMPORT_LISTS = _op(importing.import_lists, *_PEOPLE, Area.EVENT)

# Rounds
PAIR_NEXT_ROUND = _op(rounds.pair_next_round, Area.ROUNDS, Area.STANDINGS, Area.EVENT,
                      Area.SNAPSHOTS, Area.PLAYERS)
UNPAIR_LAST_ROUND = _op(rounds.unpair_last_round, Area.ROUNDS, Area.STANDINGS, Area.EVENT,
                        Area.PLAYERS)
SWAP_COLOURS = _op(rounds.swap_colours, Area.ROUNDS, warnings=_value_is_warnings)
EXCHANGE_PLAYERS = _op(rounds.exchange_players, Area.ROUNDS, warnings=_value_is_warnings)
ENTER_RESULT = _op(rounds.enter_result, *_RESULTS, Area.EVENT, warnings=_value_is_warnings)
ENTER_TEAM_RESULT = _op(knockout.enter_team_result, *_RESULTS, Area.EVENT, Area.TEAMS)

# Games recorded on the board, playoffs
PLAYOFF_CHANGES = (Area.PLAYOFFS, Area.STANDINGS, Area.GAMES)
CREATE_PLAYOFF = _op(playoffs.create_playoff, *PLAYOFF_CHANGES)
RECORD_PLAYOFF_RESULT = _op(playoffs.record_playoff_result, *PLAYOFF_CHANGES)

SAVE_GAME = _op(games.save_game, *_RESULTS, Area.EVENT)

# The venue on the LAN (the serve dialog)
SET_PLAYER_CONFIRMATION = _op(venue.set_player_confirmation, Area.EVENT)
SET_ARBITER_CODE = _op(venue.set_arbiter_code, Area.EVENT)

# Awards
DECLINE_AWARD = _op(awards.decline_award, Area.STANDINGS)
"""A player declines (or takes back declining) a grade title or a prize: the standings, the
award list and the certificates follow (qiwang 2022 十五4 不顺延; 2016 八(二)3 依次顺延)."""

# Snapshots
RESTORE_SNAPSHOT = _op(snapshots.restore, *EVERYTHING)
TAKE_SNAPSHOT = _op(snapshots.take, Area.SNAPSHOTS)


@dataclass(frozen=True)
class StepChanges:
    """What an undo or redo step changed, as the screens see it: the areas (None: any), and
    the boards whose result alone changed."""

    areas: frozenset[Area] | None
    boards: tuple[int, ...] = ()


def step_changes(rows: Sequence[tuple[str, str, dict[str, Any]]]) -> StepChanges:
    """The areas an undo or redo step changed, from the rows it changed (`EventStore.
    last_step`: what was done, table, key): a result taken back or put again (its board
    updated, its games) changes what entering it changes, and names its board; any other
    step may change anything."""
    result_only = bool(rows) and all(
        table == "game" or (table == "board" and done == "update") for done, table, _pk in rows)
    if not result_only:
        return StepChanges(None)
    boards = tuple(dict.fromkeys(int(pk["id"]) for _done, table, pk in rows
                                 if table == "board" and "id" in pk))
    return StepChanges(ENTER_RESULT.changes, boards)
