"""Tie-breaks (名次区分): a registry of named functions over a `TournamentSnapshot`.

Every function returns one value per player, higher is better, as an exact `Fraction` in the
group's point units (counts such as 胜局 are plain integers). Sources:

- 2016 national online mind games, 八(二)1 and the 2022 shenzhen championship 十一(一)2 (Swiss):
  积分, then 对手分 (`buchholz`), 中间对手分 (`median_buchholz`), 胜局 (`wins`), all higher first.
- shenzhen 十一(一)1 (round robin): 积分, 小分, 胜局; shenzhen 九(一) (online): 大分, 小分 = the sum
  of all opponents' scores (`buchholz`), 小小分 = the opponents' 小分 (`buchholz_of_buchholz`).
- FIDE Handbook C.07 Tie-Break Regulations (2024): Buchholz (art. 8.1), its cut / median
  modifiers (art. 14), Sonneborn-Berger (art. 9.1), progressive score (art. 7.5), direct
  encounter (art. 6), games with black (art. 7.3, here: as first mover 先手), wins with black
  (art. 7.4), number of wins: WIN, rounds won with or without playing (art. 7.1,
  `rounds_won`), and WON, games won over the board (art. 7.2, `games_won`); `wins` (胜局) is
  WIN under the `fide` policy and the Chinese count otherwise (see `wins`). Where a round is
  two games (双盘制, a Double-Swiss match) the articles that count games (7.2, 7.3, 7.4) count
  each game of it, those that count rounds (7.1, 7.5) the round.

Rounds without a game (byes, forfeits, absences) count in opponent-based tie-breaks by the
group's `Unplayed` policy:

- `zero` (default): the round contributes 0, as SP98 and Chinese arbiters count it (对手分 is the
  sum of the opponents really met).
- `own`: FIDE C.07 (2024) art. 16.4, the "dummy opponent": the unplayed round counts as if
  played against an opponent with the player's own final score. (The article 16.3 adjustment of
  an opponent's own unplayed rounds at the end of the event is not applied.)
- `lowest`: the lowest final score in the group, the conservative choice some Chinese events
  state in their supplementary rules.
- `fide`: FIDE C.07 (2024) article 16 in full: the dummy opponent of `own`; an opponent's
  voluntarily unplayed rounds (VUR: half- or zero-point bye, forfeit loss, absence) after the
  last round he was present count as draws in his score (16.3); and a cut (median) drops
  the player's VURs before any other lowest contribution (16.5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from math import lcm

from app.errors import UserError
from app.pairing.types import Colour, Outcome, PlayerHistory, RoundRecord, TournamentSnapshot

__all__ = [
    "REGISTRY",
    "TieBreak",
    "TieBreakContext",
    "TieBreakOptions",
    "Unplayed",
    "compute",
    "tiebreak",
    "voluntarily_unplayed",
]


class Unplayed(StrEnum):
    """How a round without a game counts in opponent-based tie-breaks."""

    ZERO = "zero"
    OWN = "own"
    LOWEST = "lowest"
    FIDE = "fide"


_VOLUNTARY = frozenset({Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.FORFEIT_LOSS, Outcome.ABSENT})


def voluntarily_unplayed(record: RoundRecord | None) -> bool:
    """FIDE C.07 (2024) 16.2: a voluntary unplayed round (VUR): a half-point or zero-point bye,
    a forfeit loss, or a round the player was not paired (a PAB, a full-point bye and a forfeit
    win are not voluntary)."""
    return record is None or record.outcome in _VOLUNTARY


@dataclass(frozen=True)
class TieBreakOptions:
    """A group's tie-break settings.

    `cut`: how many contributions `median_buchholz` drops at each end (中间对手分: 1).
    `forfeit_wins_count` / `byes_count`: what `wins` (胜局) counts besides games won over the
    board (default: forfeit wins yes, byes no).
    """

    unplayed: Unplayed = Unplayed.ZERO
    cut: int = 1
    forfeit_wins_count: bool = True
    byes_count: bool = False


@dataclass(frozen=True)
class TieBreakContext:
    """A snapshot and its options, with the values several tie-breaks share computed once."""

    snapshot: TournamentSnapshot
    options: TieBreakOptions = field(default_factory=TieBreakOptions)

    @cached_property
    def players(self) -> dict[int, PlayerHistory]:
        return {p.number: p for p in self.snapshot.players}

    @cached_property
    def rounds(self) -> int:
        return self.snapshot.rounds_played

    @cached_property
    def scores(self) -> dict[int, int]:
        return {n: p.score for n, p in self.players.items()}

    @cached_property
    def whole_group(self) -> dict[str, dict[int, Fraction]]:
        """Tie-break values over every player, by tie-break name, as they are worked out."""
        return {}

    def records(self, number: int) -> tuple[RoundRecord | None, ...]:
        """One entry per round 1..rounds_played; None where the player has no record."""
        return self._records[number]

    @cached_property
    def _records(self) -> dict[int, tuple[RoundRecord | None, ...]]:
        # Every tie-break walks each player's rounds; laid out once per context.
        out = {}
        for number, player in self.players.items():
            by_round = {r.round: r for r in player.rounds}
            out[number] = tuple(by_round.get(k) for k in range(1, self.rounds + 1))
        return out

    @cached_property
    def opponent_contributions(self) -> dict[int, list[Fraction]]:
        """Each player's opponents' scores round by round (the policy value where unplayed):
        what Buchholz, its cuts and the opponents' progressive scores all add up."""
        return {n: self.per_round(n, self.scores, self.opponent_scores) for n in self.players}

    def unplayed_value(self, number: int, values: Mapping[int, Fraction | int]) -> Fraction:
        """The value an unplayed round contributes under the group's policy."""
        policy = self.options.unplayed
        if policy in (Unplayed.OWN, Unplayed.FIDE):
            return Fraction(values[number])
        if policy is Unplayed.LOWEST:
            return Fraction(min(values.values(), default=0))
        return Fraction(0)

    def per_round(self, number: int, values: Mapping[int, Fraction | int],
                  opponent_values: Mapping[int, Fraction | int] | None = None
                  ) -> list[Fraction]:
        """For each round: the opponent's value if a game was played (from `opponent_values`
        when given), else the policy value (from `values`)."""
        theirs = values if opponent_values is None else opponent_values
        out: list[Fraction] = []
        for record in self.records(number):
            if _played(record):
                assert record is not None and record.opponent is not None
                value = theirs[record.opponent]
                out.append(value if type(value) is Fraction else Fraction(value))
            else:
                out.append(self.unplayed_value(number, values))
        return out

    @cached_property
    def opponent_scores(self) -> dict[int, Fraction]:
        """Scores as opponents count them: the final scores, except under the `fide` policy,
        where VURs after a player's last present round count as draws (FIDE C.07 16.3)."""
        if self.options.unplayed is not Unplayed.FIDE:
            return {n: Fraction(v) for n, v in self.scores.items()}
        draw = self.snapshot.points.draw
        out: dict[int, Fraction] = {}
        for n in self.players:
            records = self.records(n)
            present = [i for i, r in enumerate(records) if not voluntarily_unplayed(r)]
            last = present[-1] if present else -1
            total = 0
            for i, record in enumerate(records):
                if i > last and (record is None or record.opponent is None):
                    total += draw
                else:
                    total += record.points if record is not None else 0
            out[n] = Fraction(total)
        return out

    def cut(self, number: int, values: list[Fraction], low: int, high: int) -> list[Fraction]:
        """Drop `low` lowest and `high` highest contributions (FIDE C.07 art. 14); under the
        `fide` policy the lowest cut takes the player's VURs first, the lowest of them each
        time (16.5). The kept values come back in ascending order (they are summed)."""
        if self.options.unplayed is Unplayed.FIDE:
            vur = [voluntarily_unplayed(r) and not _played(r) for r in self.records(number)]
            vurs = sorted(v for v, flag in zip(values, vur, strict=True) if flag)
            taken = min(low, len(vurs))
            rest = sorted([v for v, flag in zip(values, vur, strict=True) if not flag]
                          + vurs[taken:])
            low -= taken
        else:
            rest = sorted(values)
        # one sort instead of a search for each value dropped: thousands of cuts an event
        kept = rest[min(low, len(rest)):]
        return kept[:len(kept) - min(high, len(kept))]

    @cached_property
    def buchholz(self) -> dict[int, Fraction]:
        return {n: exact_sum(self.opponent_contributions[n]) for n in self.players}


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The sum of `values`, exactly, as `sum(values, Fraction(0))` gives it: over their common
    denominator at once (half points, thirds) instead of a reduction after every addition,
    a third of the time for the thousands of sums of an event's tie-breaks."""
    values = list(values)
    common = lcm(*(v.denominator for v in values))  # 1 for no values
    return Fraction(sum(v.numerator * (common // v.denominator) for v in values), common)


def _played(record: RoundRecord | None) -> bool:
    return record is not None and record.outcome.played and record.opponent is not None


# --- the tie-breaks ---------------------------------------------------------------------------

def buchholz(ctx: TieBreakContext) -> dict[int, Fraction]:
    """对手分 / 小分 (shenzhen online): the sum of the opponents' final scores (FIDE C.07 art.
    8.1); unplayed rounds by the group's policy."""
    return dict(ctx.buchholz)


def median_buchholz(ctx: TieBreakContext) -> dict[int, Fraction]:
    """中间对手分: Buchholz without the `cut` highest and `cut` lowest contributions (2016 八(二)1;
    FIDE C.07 art. 14.3 Median-1)."""
    cut = ctx.options.cut
    out: dict[int, Fraction] = {}
    for n in ctx.players:
        values = ctx.opponent_contributions[n]
        kept = ctx.cut(n, values, cut, cut) if len(values) > 2 * cut else []
        out[n] = exact_sum(kept)
    return out


def wins(ctx: TieBreakContext) -> dict[int, Fraction]:
    """胜局. Under the `fide` policy FIDE's own "number of wins" (C.07 (2024) art. 7.1, WIN:
    `rounds_won`). Under the Chinese policies (2016 八(二)1, shenzhen 十一(一)2 say only 胜局)
    games won over the board, plus forfeit wins and byes as the group's options say (default:
    forfeit wins yes, byes no); the legend says which (`app.standings.legend`, Note.WINS)."""
    if ctx.options.unplayed is Unplayed.FIDE:
        return rounds_won(ctx)
    counted = {Outcome.WIN}
    if ctx.options.forfeit_wins_count:
        counted.add(Outcome.FORFEIT_WIN)
    if ctx.options.byes_count:
        counted |= {Outcome.PAB, Outcome.FULL_BYE}
    return {
        n: Fraction(sum(1 for r in p.rounds if r.outcome in counted))
        for n, p in ctx.players.items()
    }


def rounds_won(ctx: TieBreakContext) -> dict[int, Fraction]:
    """胜轮 (FIDE C.07 (2024) art. 7.1, WIN): the rounds in which the player obtained, with or
    without playing, as many points as a win gives: games won, forfeit wins, and the byes
    worth a win (a pairing-allocated bye, a full-point bye); a bye worth less does not count.
    In a Double-Swiss a round is a match scored by its games: won with 1½ or 2 of its 2 points
    (`TournamentSnapshot.round_won`), the bye's 1½ included, a drawn match not."""
    won = ctx.snapshot.round_won
    return {
        n: Fraction(sum(1 for r in p.rounds if won(r.points)))
        for n, p in ctx.players.items()
    }


def games_won(ctx: TieBreakContext) -> dict[int, Fraction]:
    """实胜局 (FIDE C.07 (2024) art. 7.2, WON): the games won over the board; forfeit wins and
    byes do not count. A round of two games (双盘制, a Double-Swiss match) counts each game
    won, not the round: its record's `games`, a game forfeited alone no win."""
    return {
        n: Fraction(sum(_games_won(r) for r in p.rounds)) for n, p in ctx.players.items()
    }


def _games_won(record: RoundRecord) -> int:
    """The games of one round won over the board (art. 7.2)."""
    if record.games:
        return sum(1 for game in record.games if game.outcome is Outcome.WIN)
    return int(record.outcome is Outcome.WIN and _played(record))


def progressive(ctx: TieBreakContext) -> dict[int, Fraction]:
    """累进分: the sum of the running scores after each round (FIDE C.07 art. 7.5)."""
    out: dict[int, Fraction] = {}
    for n in ctx.players:
        running = 0
        total = 0
        for record in ctx.records(n):
            running += record.points if record is not None else 0
            total += running
        out[n] = Fraction(total)
    return out


def sonneborn_berger(ctx: TieBreakContext) -> dict[int, Fraction]:
    """索伯分: for each game, the opponent's final score times the share of the win points the
    player scored: beaten opponents' scores in full, drawn ones' by half (FIDE C.07 art. 9.1;
    with a win worth 1 this is FIDE's product of the opponent's score and the points scored,
    with a win worth 2 it stays the classic "full / half" rather than doubling). An unplayed
    round counts the policy value times the round's points share."""
    win = ctx.snapshot.points.win or 1
    out: dict[int, Fraction] = {}
    for n in ctx.players:
        total = Fraction(0)
        values = ctx.opponent_contributions[n]
        for record, value in zip(ctx.records(n), values, strict=True):
            if record is not None:
                total += value * Fraction(record.points, win)
        out[n] = total
    return out


def buchholz_of_buchholz(ctx: TieBreakContext) -> dict[int, Fraction]:
    """小小分: the sum of the opponents' 对手分 (shenzhen 九(一): 对手的小分总和); unplayed rounds
    by the policy, applied to Buchholz values."""
    return {n: exact_sum(ctx.per_round(n, ctx.buchholz)) for n in ctx.players}


def black_games(ctx: TieBreakContext) -> dict[int, Fraction]:
    """先手局: games played over the board as first mover (black in our program; FIDE C.07
    (2024) art. 7.3, BPG, counts games with black, the side that moves second in chess); a
    round of two games counts each game in the colour the player had in it (`_black_games`)."""
    return {
        n: Fraction(sum(len(_black_games(r)) for r in p.rounds))
        for n, p in ctx.players.items()
    }


def black_wins(ctx: TieBreakContext) -> dict[int, Fraction]:
    """先手胜: games won over the board as first mover (FIDE C.07 (2024) art. 7.4, BWG, by
    move order); a round of two games counts each game won with black (`_black_games`)."""
    return {
        n: Fraction(sum(1 for r in p.rounds for outcome in _black_games(r)
                        if outcome is Outcome.WIN))
        for n, p in ctx.players.items()
    }


def _black_games(record: RoundRecord) -> list[Outcome]:
    """The outcomes of one round's games the player played over the board as first mover
    (black, 先手; FIDE C.07 (2024) art. 7.3, 7.4 count games, not rounds). A single game: the
    round's, when he moved first. A round of two games (双盘制, a Double-Swiss match, C.04.5):
    `colour` is his in game 1 and game 2 exchanges it (2016 七、(三): 第二局交换先后手), so the
    game in which he had black, if it was played (a loss on time in game 1 settles the round
    alone; a game forfeited alone is none)."""
    if record.games:
        black_in_first = record.colour is Colour.FIRST
        return [game.outcome for k, game in enumerate(record.games)
                if game.outcome.played and black_in_first == (k % 2 == 0)]
    return [record.outcome] if _played(record) and record.colour is Colour.FIRST else []


def game_points(ctx: TieBreakContext) -> dict[int, Fraction]:
    """小分 of double-game rounds (双盘制): the sum of the game scores beside the round points
    (大分); rounds without a game score count 0."""
    return {
        n: Fraction(sum(r.game_points or 0 for r in p.rounds))
        for n, p in ctx.players.items()
    }


def direct_encounter(ctx: TieBreakContext, group: Iterable[int]) -> dict[int, Fraction]:
    """直胜: points scored against the other tied players, used only where every two of them
    met (FIDE C.07 art. 6.1); otherwise it separates nobody (0 for each)."""
    members = frozenset(group)
    zero = {n: Fraction(0) for n in members}
    if len(members) < 2:
        return zero
    met: set[frozenset[int]] = set()
    totals = dict(zero)
    for n in members:
        for record in ctx.players[n].rounds:
            if record.outcome.has_opponent and record.opponent in members:
                met.add(frozenset((n, record.opponent)))
                totals[n] += record.points
    pairs = len(members) * (len(members) - 1) // 2
    return totals if len(met) == pairs else zero


# --- the registry -----------------------------------------------------------------------------

@dataclass(frozen=True)
class TieBreak:
    """A named tie-break. `kind` says how to print it: `points` (in the group's points) or
    `count`. `per_group` tie-breaks are computed among the players still tied."""

    name: str
    zh: str
    kind: str
    function: Callable[..., dict[int, Fraction]]
    per_group: bool = False

    def values(self, ctx: TieBreakContext, group: Iterable[int] | None = None
               ) -> dict[int, Fraction]:
        """The values of the players of `group` (per-group tie-breaks) or of every player;
        the latter are worked out once per context (an open ranking and its sub-rankings
        share them: a woman's 对手分 counts the men she met)."""
        if self.per_group:
            return self.function(ctx, ctx.players if group is None else group)
        known = ctx.whole_group
        if self.name not in known:
            known[self.name] = self.function(ctx)
        return known[self.name]


REGISTRY: dict[str, TieBreak] = {
    tb.name: tb
    for tb in (
        TieBreak("buchholz", "对手分", "points", buchholz),
        TieBreak("median_buchholz", "中间对手分", "points", median_buchholz),
        TieBreak("wins", "胜局", "count", wins),
        TieBreak("rounds_won", "胜轮", "count", rounds_won),
        TieBreak("games_won", "实胜局", "count", games_won),
        TieBreak("progressive", "累进分", "points", progressive),
        TieBreak("sonneborn_berger", "索伯分", "points", sonneborn_berger),
        TieBreak("buchholz_of_buchholz", "小小分", "points", buchholz_of_buchholz),
        TieBreak("direct_encounter", "直胜", "points", direct_encounter, per_group=True),
        TieBreak("black_games", "先手局", "count", black_games),
        TieBreak("black_wins", "先手胜", "count", black_wins),
        TieBreak("game_points", "小分", "points", game_points),
    )
}


DEFAULT_TIEBREAKS: tuple[str, ...] = ("buchholz", "median_buchholz", "wins")
"""The chain a group ranks by unless it says otherwise (after 积分): 对手分, 中间对手分, 胜局
(2016-national-online-mind-games.txt 八、(二)1, 2022-shenzhen-championship.txt 十一、(一)2)."""


def tiebreak(name: str) -> TieBreak:
    """The tie-break called `name`; `UserError` naming the known ones otherwise."""
    try:
        return REGISTRY[name]
    except KeyError:
        known = ", ".join(REGISTRY)
        raise UserError(f"未知的名次区分方法：{name}（可用：{known}）",
                        f"unknown tie-break {name!r} (known: {known})", "--tiebreaks") from None


def compute(name: str, snapshot: TournamentSnapshot,
            options: TieBreakOptions | None = None) -> dict[int, Fraction]:
    """One tie-break's values for every player (direct encounter: among all players)."""
    return tiebreak(name).values(TieBreakContext(snapshot, options or TieBreakOptions()))
