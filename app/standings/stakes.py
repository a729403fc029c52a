"""What a tie puts at stake (录取名次): the kinds of award that differ across tied places, and
why a playoff (加赛) is needed there.

Sources: 2016 national online mind games 八(二)1 and shenzhen 2022 十一(一)2 ("不涉及录取名次的为并列
名次，涉及录取名次的进行加赛"); shenzhen 2022 九(一) ("不影响到各组录取前4名，分数相同并列的不加赛"):
a tie is played off only where it changes what someone receives.

This module is the seam between `ranking` (which finds the ties) and `awards` (which knows
the prize and title tables): `rank` asks a `PlayoffStakes` whether a tie needs a playoff.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

__all__ = ["PlaceAward", "PlayoffReason", "PlayoffStakes", "Stake"]


class Stake(StrEnum):
    """A kind of award that may differ between two places."""

    MONEY = "money"  # 奖金
    ITEMS = "items"  # 奖杯、奖牌、奖状、晋级资格 ... (things that cannot be shared)
    TITLE = "title"  # 段级位称号
    ADMITTED = "admitted"  # the group plays off every tie inside its admitted places


@dataclass(frozen=True)
class PlaceAward:
    """What one place of a tie receives by the tables (for the reason shown on the standings):
    the prize's text pieces and the grade title, empty when nothing."""

    place: int
    money: int = 0
    items: tuple[str, ...] = ()
    title: str = ""

    @property
    def nothing(self) -> bool:
        return not (self.money or self.items or self.title)


@dataclass(frozen=True)
class PlayoffReason:
    """Why the tie over places `first`..`last` is played off: the stakes that differ and what
    each covered place receives."""

    first: int
    last: int
    stakes: tuple[Stake, ...]
    places: tuple[PlaceAward, ...]


class PlayoffStakes(Protocol):
    """Decides whether a tie still level after every tie-break needs a playoff."""

    def playoff_reason(self, first: int, last: int) -> PlayoffReason | None:
        """The reason the tie over places `first`..`last` needs a playoff, or None (shared)."""
        ...
