"""Generator of event files of every schema version, for the upgrade tests.

`python tests/data/schema/generate.py` writes `event-v<SCHEMA_VERSION>.gomoku` (a small event:
two groups' settings, 8 players with Chinese names, a paired round with results and a game,
an undo log) and `event-v<N>.json` with the facts the upgrade test checks after upgrading.
Keep every file committed: when the schema changes, the older files stay here, and
`tests/reliability/test_schema.py` upgrades each of them to the current version.

`make_event_file(path, version)` makes a file of an older version on the fly: it builds a
current file and applies the registered `DOWNGRADES` (version k+1 -> k) down to `version`.
The tests register a fake downgrade for a fake older version; a real schema change adds its
real downgrade here beside its upgrade in app/store/database.py.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from sqlalchemy import func, select

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from app.services.event import Event  # noqa: E402
from app.store.database import SCHEMA_VERSION  # noqa: E402
from app.store.models import BoardRow, Game, Group, Player, Round, UndoEntry  # noqa: E402

HERE = Path(__file__).resolve().parent

# version k+1 -> version k, on a plain sqlite3 connection (inside one transaction).
DOWNGRADES: dict[int, Callable[[sqlite3.Connection], None]] = {}

NAMES = ["王小明", "李娜", "张伟", "刘洋", "陈静", "杨帆", "赵磊", "黄丽"]


def _fill(event: Event) -> None:
    with event.reading() as session:
        group_id = session.scalars(select(Group.id).order_by(Group.position, Group.id)).first()
    with event.operation("add_players", "添加棋手") as session:
        players = [
            Player(group_id=group_id, name=name, unit=f"单位{i % 3}", gender="F" if i % 2 else "M",
                   birth_date=dt.date(2000 + i, 1, 1 + i), seed=i + 1)
            for i, name in enumerate(NAMES)
        ]
        session.add_all(players)
    with event.operation("pair_round", "第1轮编排") as session:
        round_ = Round(group_id=group_id, number=1, paired_at=dt.datetime(2022, 8, 1, 9, 0),
                       report=["test"], numbers={str(p.id): i + 1 for i, p in enumerate(players)})
        session.add(round_)
        session.flush()
        for board in range(4):
            session.add(BoardRow(round_id=round_.id, number=board + 1,
                                 first_player_id=players[2 * board].id,
                                 second_player_id=players[2 * board + 1].id))
    for board, result in ((1, "1-0"), (2, "="), (3, "0-1")):
        with event.operation("enter_result", f"第{board}台结果") as session:
            row = session.scalars(select(BoardRow).where(BoardRow.number == board)).one()
            row.result = result
            if board == 1:
                session.add(Game(board=row, index=1, black_player_id=row.first_player_id,
                                 white_player_id=row.second_player_id, result="1-0",
                                 ending="five", moves="h8 h9 i9 g7 j10 k11 i8 i10 j8 k8 i7",
                                 opening="D1", record={"actions": []}))


def facts(event: Event) -> dict[str, object]:
    """What must survive an upgrade: counts, names, results, the undo log."""
    with event.reading() as session:
        return {
            "players": list(session.scalars(select(Player.name).order_by(Player.id))),
            "results": [r for r in session.scalars(select(BoardRow.result).order_by(BoardRow.id))],
            "games": session.scalar(select(func.count()).select_from(Game)),
            "undo_entries": session.scalar(select(func.count()).select_from(UndoEntry)),
            "groups": list(session.scalars(select(Group.name).order_by(Group.position))),
        }


def make_current_file(path: Path) -> dict[str, object]:
    """A current-version event file at `path` (single file, no WAL); returns its facts."""
    event = Event.create(path, preset="yike-2022", station="generator")
    try:
        _fill(event)
        found = facts(event)
    finally:
        event.close()
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA journal_mode=DELETE")
        connection.execute("VACUUM")
    return found


def make_event_file(path: Path, version: int) -> dict[str, object]:
    """An event file of schema `version` (<= current), via the registered downgrades."""
    found = make_current_file(path)
    with closing(sqlite3.connect(path)) as connection:
        for step in range(SCHEMA_VERSION - 1, version - 1, -1):
            with connection:
                DOWNGRADES[step](connection)
                connection.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'",
                                   (str(step),))
    return found


def main() -> None:
    target = HERE / f"event-v{SCHEMA_VERSION}.gomoku"
    if target.exists():
        target.unlink()
    found = make_current_file(target)
    (HERE / f"event-v{SCHEMA_VERSION}.json").write_text(
        json.dumps(found, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(target)


if __name__ == "__main__":
    main()
