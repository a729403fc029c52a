"""Every kind of operation undoes to exactly the state before it and redoes to exactly the
state after it (the undo log of app/store/undo.py, one entry per operation).

"Exactly" is every column of every table of the event except the bookkeeping the stations
use to notice each other's edits (`version`, `changed_by`) and the log itself.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from app.rules.board import parse_point
from app.rules.game import Game, GameSettings
from app.services import (
    awards,
    games,
    knockout,
    lots,
    players,
    playoffs,
    queries,
    rounds,
    team_swiss,
    teams,
    tie_lots,
)
from app.services.event import (
    Event,
    add_group,
    remove_group,
    set_officials,
    set_schedule_entry,
    update_event,
)
from app.services.groups import update_group
from app.services.importing import import_lists
from app.services.venue import set_player_confirmation
from app.store.models import Base

APP = Path(__file__).resolve().parents[2] / "app"
IMPORTS = Path(__file__).resolve().parents[1] / "data" / "imports"
_BOOKKEEPING = {"version", "changed_by"}
_UNTRACKED_TABLES = {"undo_log", "meta"}


def state(event: Event) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in primary-key order, without the bookkeeping columns."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    with event.reading() as session:
        for table in Base.metadata.sorted_tables:
            if table.name in _UNTRACKED_TABLES:
                continue
            columns = [c for c in table.c if c.name not in _BOOKKEEPING]
            rows = session.execute(select(*columns).order_by(*table.primary_key.columns))
            out[table.name] = [tuple(row) for row in rows]
    return out


def _swiss(tmp: Path, count: int = 6) -> Event:
    event = Event.create(tmp / "e.db", preset="qiwang-2022", station="A")
    for k in range(count):
        players.add_player(event, "少儿组", name=f"棋手{k}", gender="M" if k % 2 else "F",
                           unit=f"单位{k % 3}")
    return event


def _with_empty_group(tmp: Path) -> Event:
    event = _swiss(tmp)
    add_group(event, "新组", like="少儿组")
    return event


def _paired(tmp: Path) -> Event:
    event = _swiss(tmp)
    rounds.pair_next_round(event, "少儿组")
    return event


def _decided(tmp: Path) -> Event:
    event = _paired(tmp)
    rounds.enter_results(event, "少儿组", 1, {1: ["1-0"], 2: ["1-0"], 3: ["1-0"]})
    return event


def _withdrawn(tmp: Path) -> Event:
    event = _swiss(tmp)
    players.withdraw_player(event, _first_player(event))
    return event


def _with_teams(tmp: Path, preset: str, group: str, teams: int) -> Event:
    """A new event of `preset` with `teams` teams of three (队1, 队2, ...) in `group`."""
    event = Event.create(tmp / "e.db", preset=preset, station="A")
    for k in range(1, teams + 1):
        knockout.add_team(event, group, f"队{k}", [(f"甲{k}", "M"), (f"乙{k}", "M"),
                                                 (f"丙{k}", "F")])
    return event


def _teams(tmp: Path) -> Event:
    return _with_teams(tmp, "huazhi-2021", "决赛", 2)


def _team_swiss(tmp: Path) -> Event:
    """A FIDE Team Swiss (tuanti template) of four teams of three, none paired yet."""
    return _with_teams(tmp, "tuanti-2026", "团体赛", 4)


def _team_withdrawn(tmp: Path) -> Event:
    event = _team_swiss(tmp)
    team_swiss.withdraw_team(event, "团体赛", "队2")
    return event


def _round_robin(tmp: Path) -> Event:
    event = _swiss(tmp)
    update_group(event, "少儿组", system="round_robin")
    return event


def _reversed_numbers(event: Event) -> dict[int, int]:
    ids = players_of(event)
    return {player: len(ids) - k for k, player in enumerate(ids)}


def _knockout_both_missing(tmp: Path) -> Event:
    """An individual knockout of four (少儿组 played so), round 2 paired with the two round-1
    winners withdrawn: they meet on board 1, neither there."""
    event = _swiss(tmp, count=4)
    update_group(event, "少儿组", system="knockout")
    rounds.pair_next_round(event, "少儿组")
    rounds.enter_results(event, "少儿组", 1, {1: ["1-0"], 2: ["1-0"]})
    info = queries.round_view(event, "少儿组", 1)
    for board in info.boards:
        assert board.first is not None
        players.withdraw_player(event, board.first.id)
    rounds.pair_next_round(event, "少儿组")
    return event


def _teams_paired(tmp: Path) -> Event:
    event = _teams(tmp)
    rounds.pair_next_round(event, "决赛")
    return event


def _tied(tmp: Path) -> Event:
    """Two players level on everything after the only round: a playoff for place 1."""
    event = Event.create(tmp / "e.db", preset="qiwang-2022", station="A")
    update_group(event, "少儿组", rounds=1)
    for k in range(2):
        players.add_player(event, "少儿组", name=f"棋手{k}", gender="M")
    rounds.pair_next_round(event, "少儿组")
    rounds.enter_result(event, "少儿组", 1, 1, ["="])
    return event


def _playing(tmp: Path) -> Event:
    event = _tied(tmp)
    playoffs.create_playoff(event, "少儿组", 1, "round_robin")
    return event


MEN = "公开组团体（男子）"


def _open(tmp: Path) -> Event:
    """Two units of three men in the open group, for the team ranking over it."""
    event = Event.create(tmp / "e.db", preset="qiwang-2022", station="A")
    update_group(event, "公开组", rounds=1)
    for unit in ("甲", "乙"):
        for k in range(3):
            players.add_player(event, "公开组", name=f"{unit}{k}", gender="M", unit=unit)
    return event


def _declared(tmp: Path) -> Event:
    event = _open(tmp)
    teams.declare_team(event, MEN, "甲队", ["甲0", "甲1", "甲2"])
    return event


def _teams_level(tmp: Path) -> Event:
    event = _open(tmp)
    rounds.pair_next_round(event, "公开组")
    rounds.enter_results(event, "公开组", 1, {1: ["="], 2: ["="], 3: ["="]})
    return event


def _import_teams(event: Event, tmp: Path) -> None:
    source = tmp / "teams.csv"
    source.write_text("队名,姓名\n乙队,乙0\n乙队,乙1\n乙队,乙2\n", encoding="utf-8")
    teams.import_teams(event, MEN, source)


def _game() -> Game:
    game = Game.new(GameSettings.designated(fifth_offers=2))
    for action in "h8 h9 i9 swap g10 j7 a1 j7 g7".split():
        game = game.swap(True) if action == "swap" else game.play(parse_point(action))
    return game


def _import(event: Event, tmp: Path) -> None:
    source = tmp / "网络入围赛.csv"
    shutil.copy(IMPORTS / "qiwang-2022-period-1.csv", source)
    import_lists(event, [source], "公开组", valid_only=True, sources=["网络入围赛"])


def _first_player(event: Event) -> int:
    return players_of(event)[0]


def players_of(event: Event) -> list[int]:
    from app.services.queries import players as listed
    return [p.id for p in listed(event, "少儿组")]


# operation name -> (set-up, the operation)
KINDS: dict[str, tuple[Callable[[Path], Event], Callable[[Event, Path], object]]] = {
    "update_event": (_swiss, lambda e, _t: update_event(e, title="新名称", venue="杭州")),
    "set_officials": (_swiss, lambda e, _t: set_officials(e, chief_arbiter="林建国")),
    "set_schedule": (_swiss, lambda e, _t: set_schedule_entry(e, 1, "2022-11-26", "09:00")),
    "add_group": (_swiss, lambda e, _t: add_group(e, "新组", like="少儿组")),
    # an empty group no team ranking is worked out from (qiwang's 公开组 has two)
    "remove_group": (_with_empty_group, lambda e, _t: remove_group(e, "新组")),
    "add_player": (_paired, lambda e, _t: players.add_player(e, "少儿组", name="迟到者")),
    "update_player": (_swiss, lambda e, _t: players.update_player(
        e, _first_player(e), name="改名", unit="新单位")),
    "withdraw_player": (_paired, lambda e, _t: players.withdraw_player(e, _first_player(e))),
    "reinstate_player": (_withdrawn, lambda e, _t: players.reinstate_player(e, _first_player(e))),
    "set_absence": (_swiss, lambda e, _t: players.set_absence(e, _first_player(e), 1, "absent")),
    "update_group": (_swiss, lambda e, _t: update_group(e, "少儿组", rounds=5,
                                                         tiebreaks=["wins"])),
    "add_team": (_teams, lambda e, _t: knockout.add_team(
        e, "决赛", "新队", [("甲", "M"), ("乙", "M"), ("丙", "F")])),
    "edit_team": (_teams, lambda e, _t: knockout.edit_team(
        e, "决赛", "队1", [("乙1", "M"), ("甲1", "M"), ("丁1", "F")], name="一队")),
    "enter_team_result": (_teams_paired, lambda e, _t: knockout.enter_team_result(
        e, "决赛", 1, 1, ["1-0", "0-1", "1-0"])),
    "pair_round": (_swiss, lambda e, _t: rounds.pair_next_round(e, "少儿组")),
    "unpair_round": (_paired, lambda e, _t: rounds.unpair_last_round(e, "少儿组")),
    "enter_result": (_paired, lambda e, _t: rounds.enter_result(e, "少儿组", 1, 1, ["0-1"])),
    "enter_results": (_paired, lambda e, _t: rounds.enter_results(
        e, "少儿组", 1, {1: ["1-0"], 2: ["="], 3: ["+-"]})),
    "swap_colours": (_paired, lambda e, _t: rounds.swap_colours(e, "少儿组", 1, 2)),
    # the lots' label beside the result comes and goes with it
    "enter_board_lots": (_knockout_both_missing, lambda e, _t: rounds.enter_lots(
        e, "少儿组", 2, 1, queries.round_view(e, "少儿组", 2).boards[0].first.name)),
    "exchange_players": (_paired, lambda e, _t: rounds.exchange_players(
        e, "少儿组", 1, 1, "first", 2, "second")),
    "import_lists": (lambda t: Event.create(t / "e.db", preset="qiwang-2022", station="A"),
                     _import),
    "save_game": (_paired, lambda e, _t: games.save_game(e, "少儿组", 1, 1, 1, _game())),
    "create_playoff": (_tied, lambda e, _t: playoffs.create_playoff(e, "少儿组", 1,
                                                                     "round_robin")),
    "playoff_result": (_playing, lambda e, _t: playoffs.record_playoff_result(
        e, playoffs.playoffs(e, "少儿组")[0].id, "1-0")),
    # lots replacing the playoff opened and not played: the playoff's rows come back on undo
    "record_tie_lots": (_playing, lambda e, _t: tie_lots.record_tie_lots(
        e, "少儿组", 1, [p.id for p in reversed(queries.players(e, "少儿组"))])),
    "decline_award": (_decided, lambda e, _t: awards.decline_award(e, _first_player(e),
                                                                   "title")),
    "declare_team": (_open, lambda e, _t: teams.declare_team(e, MEN, "乙队",
                                                             ["乙0", "乙1", "乙2"])),
    "remove_team": (_declared, lambda e, _t: teams.remove_team(e, MEN, "甲队")),
    "update_declared_team": (_declared, lambda e, _t: teams.update_declared_team(
        e, MEN, "甲队", ["甲2", "甲1", "甲0"], name="甲一队")),
    "import_teams": (_open, _import_teams),
    "team_ranking_rules": (_open, lambda e, _t: teams.set_team_ranking_rules(
        e, MEN, ["best_place"], "playoff")),
    "record_lots": (_teams_level, lambda e, _t: teams.record_lots(e, MEN, ["乙", "甲"])),
    "draw_knockout": (_teams, lambda e, _t: lots.draw_knockout(e, "决赛", seed=7)),
    "give_numbers": (_round_robin, lambda e, _t: lots.give_round_robin_numbers(
        e, "少儿组", _reversed_numbers(e))),
    "withdraw_team": (_team_swiss, lambda e, _t: team_swiss.withdraw_team(e, "团体赛", "队2")),
    "reinstate_team": (_team_withdrawn, lambda e, _t: team_swiss.reinstate_team(e, "团体赛",
                                                                                "队2")),
    "set_player_confirmation": (_swiss, lambda e, _t: set_player_confirmation(e, "少儿组",
                                                                               True)),
}
# The demo builder's own operation (its players come with the demo event itself).
NOT_A_USER_OPERATION = {"demo_players"}


def test_every_kind_of_undoable_operation_in_the_program_is_tested_here() -> None:
    names: set[str] = set()
    not_undoable: set[str] = set()
    for path in APP.rglob("*.py"):
        text = path.read_text("utf-8")
        names |= set(re.findall(r"\.operation\(\s*\"([a-z_]+)\"", text))
        not_undoable |= set(re.findall(r"\.operation\(\s*\"([a-z_]+)\"[^)]*undoable=False",
                                       text))
    assert names - not_undoable - NOT_A_USER_OPERATION == set(KINDS)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_undo_restores_the_state_before_and_redo_the_state_after(kind: str,
                                                                 tmp_path: Path) -> None:
    set_up, operate = KINDS[kind]
    with set_up(tmp_path) as event:
        before = state(event)
        operate(event, tmp_path)
        after = state(event)
        assert after != before
        [last] = event.history(1)
        assert last.operation == kind and not last.undone
        assert event.undo() == last.description
        assert state(event) == before
        assert event.redo() == last.description
        assert state(event) == after
        assert event.undo() is not None
        assert state(event) == before
