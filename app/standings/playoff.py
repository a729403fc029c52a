"""Playoffs (加赛) for players still level after every tie-break at a decisive place.

Sources: 2016 national online mind games 八(二)2 and shenzhen 2022 十一(一)2: "加赛采用双盘制，每方一次
先手，时限为每方5分钟，每手加3秒，如两盘加赛总分不能分出胜负，则再加赛采用单盘制，每方3分钟，每手加2秒，
直到有一方取胜为止". FIDE C.07 (2024) art. 3 (format, pairing numbers and colours of play-offs set
by the event's regulations).

- Two players (`duel`): two games, each first mover (black) once, 5 min + 3 s; if the two
  games are level, single sudden-death games at 3 min + 2 s, first movers alternating, until
  one is won.
- Three or more, `ROUND_ROBIN` (default): a mini round robin (5 min + 3 s), ordered by its
  points; two players still level play the two-player rule; three or more still level play a
  knockout seeded by the group's tie-break order.
- Three or more, `KNOCKOUT`: a knockout seeded by the tie-break order (the tied players as
  given, best first): top seeds get the byes, seed 1 meets the lowest seed, each meeting is a
  two-player playoff; losers of a round are placed after the players still in, in seed order.

Games are plain data: `PlayoffGame(stage, among, first, second, result)`; `among` names the
players the stage is settling (so the same two players can meet in a mini round robin and
again in a two-player playoff). `resolve` turns the games played so far into the order, or into
the games still to play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from app.results import GameResult, Side

__all__ = [
    "MATCH_TIME",
    "SUDDEN_DEATH_TIME",
    "PlayoffFormat",
    "PlayoffGame",
    "PlayoffState",
    "Stage",
    "TimeControl",
    "plan",
    "resolve",
]


@dataclass(frozen=True)
class TimeControl:
    """Minutes per player plus seconds added per move."""

    minutes: int
    increment: int

    def __str__(self) -> str:
        return f"{self.minutes}′+{self.increment}″"


MATCH_TIME = TimeControl(5, 3)  # 双盘制加赛 每方5分钟 每手加3秒
SUDDEN_DEATH_TIME = TimeControl(3, 2)  # 单盘制加赛 每方3分钟 每手加2秒


class PlayoffFormat(StrEnum):
    ROUND_ROBIN = "round_robin"  # 小循环
    KNOCKOUT = "knockout"  # 淘汰


class Stage(StrEnum):
    MINI_ROUND_ROBIN = "mini_round_robin"  # 小循环加赛
    MATCH = "match"  # 双盘加赛
    SUDDEN_DEATH = "sudden_death"  # 单盘加赛，直到分出胜负


@dataclass(frozen=True)
class PlayoffGame:
    """One playoff game; `first` moves first (black). `result`: a game played over the board,
    first mover first (`app.results`), None while unplayed."""

    stage: Stage
    among: tuple[int, ...]  # the players this stage settles, sorted
    first: int
    second: int
    result: GameResult | None = None

    @property
    def time_control(self) -> TimeControl:
        return SUDDEN_DEATH_TIME if self.stage is Stage.SUDDEN_DEATH else MATCH_TIME

    def score(self, player: int) -> int:
        """Half-points scored by `player` (2 win, 1 draw, 0 loss)."""
        if self.result is None:
            raise ValueError("an unplayed playoff game has no score")
        return self.result.score_of(Side.FIRST if player == self.first else Side.SECOND)

    def with_result(self, result: GameResult) -> PlayoffGame:
        if not result.played:
            raise ValueError(str(result))
        return PlayoffGame(self.stage, self.among, self.first, self.second, result)


@dataclass(frozen=True)
class PlayoffState:
    """`order` (best first) once decided, else None; `pending`: games to play next."""

    order: tuple[int, ...] | None
    pending: tuple[PlayoffGame, ...] = ()

    @property
    def decided(self) -> bool:
        return self.order is not None


def _played(games: Sequence[PlayoffGame], stage: Stage, among: tuple[int, ...]
            ) -> list[PlayoffGame]:
    return [g for g in games if g.stage is stage and g.among == among and g.result is not None]


def duel(a: int, b: int, games: Sequence[PlayoffGame]) -> PlayoffState:
    """The two-player rule; `a` is the higher seed (first mover in game 1)."""
    among = tuple(sorted((a, b)))
    match = _played(games, Stage.MATCH, among)
    if len(match) < 2:
        schedule = [PlayoffGame(Stage.MATCH, among, a, b), PlayoffGame(Stage.MATCH, among, b, a)]
        return PlayoffState(None, tuple(schedule[len(match):]))
    score_a = sum(g.score(a) for g in match)
    score_b = sum(g.score(b) for g in match)
    if score_a != score_b:
        return PlayoffState((a, b) if score_a > score_b else (b, a))
    sudden = _played(games, Stage.SUDDEN_DEATH, among)
    for game in sudden:
        if game.result is not None and not game.result.draw:
            return PlayoffState((a, b) if game.score(a) == 2 else (b, a))
    first, second = (a, b) if len(sudden) % 2 == 0 else (b, a)
    return PlayoffState(None, (PlayoffGame(Stage.SUDDEN_DEATH, among, first, second),))


def _round_robin(players: tuple[int, ...], games: Sequence[PlayoffGame]) -> PlayoffState:
    among = tuple(sorted(players))
    played = _played(games, Stage.MINI_ROUND_ROBIN, among)
    met = {frozenset((g.first, g.second)) for g in played}
    missing = []
    for i, j in combinations(range(len(players)), 2):
        a, b = players[i], players[j]
        if frozenset((a, b)) not in met:
            first, second = (a, b) if (i + j) % 2 == 1 else (b, a)
            missing.append(PlayoffGame(Stage.MINI_ROUND_ROBIN, among, first, second))
    if missing:
        return PlayoffState(None, tuple(missing))
    points = {p: 0 for p in players}
    for game in played:
        points[game.first] += game.score(game.first)
        points[game.second] += game.score(game.second)
    order: list[int] = []
    pending: list[PlayoffGame] = []
    levels = sorted(set(points.values()), reverse=True)
    for level in levels:
        tied = tuple(p for p in players if points[p] == level)  # keeps seed order
        if len(tied) == 1:
            order.extend(tied)
            continue
        state = duel(*tied, games) if len(tied) == 2 else _knockout(tied, games)
        if state.order is None:
            pending.extend(state.pending)
        else:
            order.extend(state.order)
    return PlayoffState(None if pending else tuple(order), tuple(pending))


def _knockout(seeds: tuple[int, ...], games: Sequence[PlayoffGame]) -> PlayoffState:
    if len(seeds) == 1:
        return PlayoffState(seeds)
    size = 1
    while size < len(seeds):
        size *= 2
    byes = size - len(seeds)
    advancing = list(seeds[:byes])
    rest = list(seeds[byes:])
    losers: list[int] = []
    pending: list[PlayoffGame] = []
    while rest:
        high, low = rest.pop(0), rest.pop()
        state = duel(high, low, games)
        if state.order is None:
            pending.extend(state.pending)
        else:
            advancing.append(state.order[0])
            losers.append(state.order[1])
    if pending:
        return PlayoffState(None, tuple(pending))
    winners = tuple(s for s in seeds if s in advancing)
    later = _knockout(winners, games)
    if later.order is None:
        return later
    return PlayoffState(later.order + tuple(s for s in seeds if s in losers))


def resolve(
    tied: Sequence[int],
    games: Sequence[PlayoffGame] = (),
    playoff_format: PlayoffFormat = PlayoffFormat.ROUND_ROBIN,
) -> PlayoffState:
    """The playoff of `tied` (best tie-break order first) after `games`."""
    players = tuple(tied)
    if len(players) < 2:
        return PlayoffState(players)
    if len(players) == 2:
        return duel(players[0], players[1], games)
    if playoff_format is PlayoffFormat.KNOCKOUT:
        return _knockout(players, games)
    return _round_robin(players, games)


def plan(tied: Sequence[int], playoff_format: PlayoffFormat = PlayoffFormat.ROUND_ROBIN
         ) -> tuple[PlayoffGame, ...]:
    """The first games of the playoff of `tied` (best tie-break order first)."""
    return resolve(tied, (), playoff_format).pending
