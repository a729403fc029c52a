"""What every command on an event shares: its arguments, the opened event, the group.

A command declares `add_event(parser)` (the event file, and `--group` unless told
otherwise), and its handler runs inside `with opened(args) as context:`, which opens the
event once and resolves the group once (`context.group`: the group's name, or None where the
command takes none). Numbers on the command line go through `whole_number`, so an id of 10^30
is refused with exit 2 naming the argument instead of failing in the database
(docs/CLI.md, "Numbers").

Imported lazily: listing the commands (`--help`) must not load the database layer.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.services.event import Event

# The largest id or number an event stores (a 32-bit integer column on PostgreSQL).
LARGEST = 2_147_483_647


def whole_number(low: int = 1, high: int = LARGEST) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` (else exit 2, one line)."""

    def parse(text: str) -> int:
        stripped = text.strip()
        if not re.fullmatch(r"[+-]?[0-9]{1,12}", stripped):
            raise argparse.ArgumentTypeError(
                f"应为{low}到{high}之间的整数：{text[:40]!r} / "
                f"must be a whole number from {low} to {high}: {text[:40]!r}")
        number = int(stripped)
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(
                f"应在{low}到{high}之间：{number} / must be from {low} to {high}: {number}")
        return number

    parse.__name__ = "number"
    return parse


NUMBER = whole_number()


def add_event(parser: argparse.ArgumentParser, *, group: str = "optional") -> None:
    """The event file (or PostgreSQL URL) and, unless `group="none"`, `--group`:
    `"required"` always needed; `"optional"` needed when the event has several groups;
    `"filter"` optional, without it the command covers every group; `"check"` optional for
    a command on one player by id, whose group it is (given, the player must be in it)."""
    parser.add_argument("file", help="赛事文件路径或 PostgreSQL URL / event file or database URL")
    if group == "check":
        parser.add_argument("--group", help="组别（可省略；给出时核对棋手属于该组）/ group "
                                            "(optional; given, the player must be in it)")
    elif group != "none":
        parser.add_argument("--group", required=group == "required", help="组别 / group")
    parser.set_defaults(_group_mode=group)


@dataclass
class CommandContext:
    """The opened event, and the group the command works on (its name), resolved once."""

    event: Event
    group: str | None

    @property
    def group_name(self) -> str:
        """The group the command changes: the one named, else the event's only group (a
        UserError asking for `--group` when it has several)."""
        if self.group is None:
            from app.services.event import Event

            with self.event.reading() as session:
                self.group = Event.group(session, None).name
        return self.group


@contextmanager
def opened(args: argparse.Namespace) -> Iterator[CommandContext]:
    """Open the event named on the command line; close it whatever happens."""
    from app.cli import start_up_done
    from app.services.event import Event

    event = Event.open(args.file)
    try:
        group: str | None = None
        mode = getattr(args, "_group_mode", "none")
        if mode != "none" and not (mode in ("filter", "check")
                                   and getattr(args, "group", None) is None):
            with event.reading() as session:
                group = Event.group(session, getattr(args, "group", None)).name
        if mode == "check" and group is not None:
            from app.services.players import check_player_in_group
            check_player_in_group(event, args.player_id, group)
        start_up_done()
        yield CommandContext(event, group)
    finally:
        event.close()
