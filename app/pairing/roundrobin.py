"""Round robin (单循环 / 双循环) by the FIDE Berger tables: schedule, numbering, unit spreading.

Rules implemented (cited in each function):
- FIDE Handbook C.05, Annex 1 ("Berger Tables for Round-Robin Tournaments"): the pairings and
  the first mover of every round for any number of players; with an odd number of players the
  highest number counts as a bye (here: player `p` sits out, written `p-0`); in a double
  round robin the second cycle repeats the first with the first movers reversed.
- Pairing numbers are drawn by lot (抽签) with a recorded seed, or given by the arbiter.
- RIF practice: players of one unit (同单位) meet in the earliest rounds, never in the last
  three; done here by choosing the numbering.
- 2022-shenzhen-championship.txt 十、(二) "积分编排制或单循环制 ... 视参赛人数而定": a group may
  switch between Swiss and round robin, but only before round 1 is paired.

The first mover (先手) is black in our program (`Colour.FIRST`); the tables are written
"first mover - second mover", which is "white - black" in the FIDE text.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from app.errors import UserError
from app.pairing.types import Board, Outcome, Pairing
from app.results import GameResult, missing_forfeit

BYE = 0  # the number shown for "nobody" in `p-0`
REST_OUTCOME = Outcome.ZERO_BYE
"""What the player who sits out a round of an odd round robin gets (轮空): a rest round, no
game and no points (scored as a zero-point bye, `PointSystem.zero_bye`, 0 unless the group sets
another), not a pairing-allocated bye's win: everyone rests once (C.05 Annex 1)."""

Table = tuple[tuple[tuple[int, int], ...], ...]


def _check_players(n: int, where: str = "N") -> None:
    if n < 2:
        raise UserError(
            f"单循环至少需要2名棋手，得到 {n}",
            f"a round robin needs at least 2 players, got {n}",
            where,
        )


def table_size(n: int) -> int:
    """Size of the Berger table used for `n` players: `n` when even, `n + 1` when odd."""
    return n if n % 2 == 0 else n + 1


def round_count(n: int, double: bool = False) -> int:
    """Rounds of a (double) round robin of `n` players (单循环轮数)."""
    _check_players(n)
    cycle = table_size(n) - 1
    return 2 * cycle if double else cycle


def berger_table(n: int) -> Table:
    """The FIDE Berger table for `n` players (C.05 Annex 1), one tuple of pairs per round.

    Each pair is `(first mover, second mover)` in the order the FIDE tables print them. For
    an even table size `t` (t = n, or n + 1 when n is odd) round `r` (1..t-1) is built as the
    FIDE tables are: the player `s` with 2s = r + 1 (mod t - 1) meets the top number `t`
    (`s` moves first in odd rounds, `t` in even rounds) and the remaining players meet as
    `s+k` (first) against `s-k` (second), k = 1 .. t/2 - 1, counted cyclically over 1..t-1.
    When `n` is odd the number `t` is the bye: the pair is printed `s-0`.
    """
    _check_players(n)
    t = table_size(n)
    m = t - 1  # players that rotate
    rounds: list[tuple[tuple[int, int], ...]] = []
    for r in range(1, t):
        s = next(p for p in range(1, t) if (2 * p - (r + 1)) % m == 0)
        pairs: list[tuple[int, int]] = []
        if t != n:
            pairs.append((s, BYE))
        elif r % 2 == 1:
            pairs.append((s, t))
        else:
            pairs.append((t, s))
        for k in range(1, t // 2):
            up = (s - 1 + k) % m + 1
            down = (s - 1 - k) % m + 1
            pairs.append((up, down))
        rounds.append(tuple(pairs))
    return tuple(rounds)


def double_berger_table(n: int, swap_last_two: bool = False) -> Table:
    """Double round robin (双循环): the Berger table, then again with first movers reversed.

    FIDE C.05 Annex 1 recommends exchanging the last two rounds of the first cycle so that no
    player has three consecutive first (or second) moves; `swap_last_two=True` does so (the
    second cycle still reverses the original rounds in their original order). A bye keeps
    its `p-0` form in the second cycle.
    """
    first = list(berger_table(n))
    second = [
        tuple((a, b) if b == BYE else (b, a) for a, b in pairs) for pairs in first
    ]
    if swap_last_two and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    return tuple(first) + tuple(second)


def schedule(n: int, double: bool = False) -> Table:
    """The whole schedule for `n` players: single or double round robin."""
    return double_berger_table(n) if double else berger_table(n)


def format_round(number: int, pairs: Sequence[tuple[int, int]]) -> str:
    """One printed line of a schedule: `R: a-b c-d ...`, first mover first, bye as `p-0`."""
    return f"{number}: " + " ".join(f"{a}-{b}" for a, b in pairs)


def meeting_rounds(n: int) -> dict[frozenset[int], int]:
    """For each pair of numbers 1..n, the round (1-based, first cycle) in which they meet."""
    meets: dict[frozenset[int], int] = {}
    for r, pairs in enumerate(berger_table(n), start=1):
        for a, b in pairs:
            if b != BYE:
                meets[frozenset((a, b))] = r
    return meets


# --- numbering (抽签) ---------------------------------------------------------------------


@dataclass(frozen=True)
class Numbering:
    """Berger numbers of the players: `players[k]` holds number k + 1 (an id of the group).

    `seed` records the lot (抽签) that produced it; None when the arbiter gave the numbers.
    """

    players: tuple[int, ...]
    seed: int | None = None

    def number_of(self, player: int) -> int:
        return self.players.index(player) + 1

    def player_at(self, number: int) -> int:
        return self.players[number - 1]

    def as_dict(self) -> dict[int, int]:
        """Player id -> Berger number."""
        return {player: k for k, player in enumerate(self.players, start=1)}


def _check_ids(players: Sequence[int], where: str) -> None:
    seen: set[int] = set()
    for player in players:
        if player in seen:
            raise UserError(f"棋手 {player} 重复出现", f"player {player} appears twice", where)
        seen.add(player)
    _check_players(len(players), where)


def draw_numbers(players: Sequence[int], seed: int) -> Numbering:
    """Draw the Berger numbers by lot (抽签) with a recorded `seed`: same seed, same draw."""
    _check_ids(players, "players")
    order = list(players)
    random.Random(seed).shuffle(order)
    return Numbering(tuple(order), seed)


def given_numbers(numbers: Mapping[int, int]) -> Numbering:
    """Numbers given by the arbiter: player id -> number; must be exactly 1..n, each once."""
    n = len(numbers)
    _check_players(n, "numbers")
    expected = set(range(1, n + 1))
    got = set(numbers.values())
    if got != expected:
        wrong = sorted(got ^ expected)
        raise UserError(
            f"编号必须是1到{n}且各用一次，有误的编号：{wrong}",
            f"numbers must be 1..{n}, each used once; wrong numbers: {wrong}",
            "numbers",
        )
    by_number = sorted(numbers.items(), key=lambda item: item[1])
    return Numbering(tuple(player for player, _ in by_number), None)


def unit_clashes(numbering: Numbering, units: Mapping[int, str], last: int = 3,
                 names: Mapping[int, str] | None = None) -> list[str]:
    """Same-unit pairs that meet in the last `last` rounds of a cycle (RIF practice).

    Returns readable notes (empty when none), naming players by `names` where given (ids
    otherwise); players without a unit never clash. In a double round robin the last rounds
    of the second cycle repeat those of the first, so one check covers both.
    """
    n = len(numbering.players)
    rounds = round_count(n)
    names = names or {}
    notes: list[str] = []
    for pair, r in sorted(meeting_rounds(n).items(), key=lambda item: (item[1], sorted(item[0]))):
        a, b = sorted(numbering.player_at(x) for x in pair)
        unit = units.get(a, "")
        if unit and unit == units.get(b, "") and r > rounds - last:
            who = f"{names.get(a, a)}-{names.get(b, b)}"
            notes.append(f"同单位 {unit}: {who} 第{r}轮 / same unit {unit}: {who} round {r}")
    return notes


def _unit_cost(assign: list[int], units: Sequence[str], meets: dict[tuple[int, int], int],
               rounds: int, last: int) -> int:
    """Cost of a numbering: sum of the meeting rounds of same-unit pairs, heavily penalising
    a meeting in the last `last` rounds. `assign[k]` is the player index holding number k+1."""
    cost = 0
    size = len(assign)
    for x in range(size):
        ux = units[assign[x]]
        if not ux:
            continue
        for y in range(x + 1, size):
            if units[assign[y]] == ux:
                r = meets[(x + 1, y + 1)]
                cost += r * r
                if r > rounds - last:
                    cost += 10_000
    return cost


def numbering_for_units(players: Sequence[int], units: Mapping[int, str], seed: int,
                        last: int = 3) -> Numbering:
    """Numbers by lot such that same-unit players (同单位) meet as early as possible.

    RIF practice: players of one unit meet in the earliest rounds and never in the last
    `last` (3) rounds. Starting from the seeded draw, numbers are exchanged while that lowers
    the cost (sum of squared meeting rounds of same-unit pairs, a heavy penalty for the last
    rounds); the result depends only on the players, their units and `seed`. When no
    numbering avoids the last rounds (one unit holds most of the group) the best found is
    returned; `unit_clashes` lists what is left.
    """
    start = draw_numbers(players, seed)
    n = len(start.players)
    rounds = round_count(n)
    meets_set = meeting_rounds(n)
    meets = {}
    for pair, r in meets_set.items():
        a, b = sorted(pair)
        meets[(a, b)] = r
    ids = list(start.players)
    unit_list = [units.get(p, "") for p in ids]
    rng = random.Random(seed)
    best = list(range(n))
    best_cost = _unit_cost(best, unit_list, meets, rounds, last)
    if best_cost == 0:
        return start
    for _restart in range(8):
        assign = best[:] if _restart == 0 else rng.sample(range(n), n)
        cost = _unit_cost(assign, unit_list, meets, rounds, last)
        improved = True
        while improved:
            improved = False
            for x in range(n):
                for y in range(x + 1, n):
                    if unit_list[assign[x]] == unit_list[assign[y]]:
                        continue
                    assign[x], assign[y] = assign[y], assign[x]
                    new = _unit_cost(assign, unit_list, meets, rounds, last)
                    if new < cost:
                        cost = new
                        improved = True
                    else:
                        assign[x], assign[y] = assign[y], assign[x]
        if cost < best_cost:
            best, best_cost = assign[:], cost
    return Numbering(tuple(ids[k] for k in best), seed)


# --- pairing of one round ------------------------------------------------------------------


def round_robin_pairing(numbering: Numbering, round_number: int, double: bool = False) -> Pairing:
    """The boards of round `round_number` for players numbered by `numbering`.

    Boards follow the order of the FIDE table (C.05 Annex 1); the player who sits out (odd
    number of players) comes last with `second=None`, as a pairing-allocated bye (轮空).
    """
    n = len(numbering.players)
    total = round_count(n, double)
    if not 1 <= round_number <= total:
        raise UserError(
            f"轮次 {round_number} 超出范围 1..{total}",
            f"round {round_number} is outside 1..{total}",
            "round",
        )
    pairs = schedule(n, double)[round_number - 1]
    boards: list[Board] = []
    bye: int | None = None
    for a, b in pairs:
        if b == BYE:
            bye = numbering.player_at(a)
            continue
        boards.append(Board(len(boards) + 1, numbering.player_at(a), numbering.player_at(b)))
    if bye is not None:
        boards.append(Board(len(boards) + 1, bye, None))
    return Pairing(round_number, tuple(boards))


# --- a round changed by hand ---------------------------------------------------------------


def exchange_refusal(group: str) -> UserError:
    """Why players are not exchanged between boards of a round robin (人工调换棋手).

    FIDE C.05 Annex 1: once the numbers are drawn the Berger table fixes, for every round,
    who meets whom and who moves first, and each pair meets once a cycle; two players
    exchanged between boards meet opponents the table has them meet in another round, so
    those pairs would meet twice and the pairs broken never. The regulations name the system
    only (2022-shenzhen-championship.txt 十、(二) "积分编排制或单循环制"), nothing allows
    another schedule: the exchange is refused, saying what the arbiter can do instead."""
    return UserError(
        "单循环的对阵由伯格表排定：抽签定号后每轮谁与谁对局、谁先手都已确定，每对棋手每个循环只相遇"
        "一次；在本轮调换两名棋手，他们就会遇到表上安排在其他轮次的对手，那几对以后会重复相遇，"
        "被拆开的几对却再也不遇，因此不能人工调换棋手。棋手未到或退赛时保留其台次，判其弃权负；"
        "编号有误只能在第1轮录入成绩前撤销编排、重新指定编号（berger-numbers）后再编排；"
        "只需交换某台的先后手，请用“交换先后手”（swap）",
        "a round robin's boards are its Berger table's: once the numbers are drawn, who "
        "meets whom in every round and who moves first are fixed, and each pair meets once "
        "a cycle; two players exchanged in this round would meet opponents the table has "
        "them meet in another round, so those pairs would meet twice and the pairs broken "
        "never: players cannot be exchanged by hand. A player who does not come or withdraws "
        "keeps the board and forfeits it; wrong numbers can only be put right before round "
        "1 has a result, by unpairing it and giving the numbers again (berger-numbers); to "
        "change only who moves first on a board, swap its colours", group)


@dataclass(frozen=True)
class ColourDeparture:
    """A board of a scheduled round whose first mover is not the Berger table's (a colour
    swap by hand): the players the table has move first and second, and in a double round
    robin the round of the pair's other meeting when the same player moves first there too
    (None: not so, or a single cycle)."""

    board: int
    table_first: int
    table_second: int
    same_first_round: int | None = None


def colour_departures(numbering: Numbering, round_number: int, double: bool,
                      boards: Sequence[Board], earlier_first: Mapping[frozenset[int], int]
                      ) -> list[ColourDeparture]:
    """The boards of round `round_number` whose first mover differs from the Berger table's
    (FIDE C.05 Annex 1 fixes the first mover as well as the pairs); `earlier_first`: for a
    pair that met in an earlier round, who moved first then. In a double round robin the
    second cycle reverses the first's first movers (`double_berger_table`): a swap makes the
    same player move first in both meetings, said with the other meeting's round (as played
    when it is earlier, as the table has it when later)."""
    table = {frozenset((b.first, b.second)): b
             for b in round_robin_pairing(numbering, round_number, double).boards
             if b.second is not None}
    cycle = round_count(len(numbering.players))
    found = []
    for board in boards:
        if board.second is None:
            continue  # the rest round
        pair = frozenset((board.first, board.second))
        scheduled = table.get(pair)
        if scheduled is None or scheduled.second is None or scheduled.first == board.first:
            continue  # the table's own colours (or no pair of it: nothing to compare)
        repeat = None
        if double:
            other = round_number + cycle if round_number <= cycle else round_number - cycle
            if other < round_number:
                first_there = earlier_first.get(pair)
            else:
                first_there = next(b.first for b in round_robin_pairing(
                    numbering, other, double).boards if frozenset((b.first, b.second)) == pair)
            repeat = other if first_there == board.first else None
        found.append(ColourDeparture(board.number, scheduled.first, scheduled.second, repeat))
    return found


# --- players who do not play a round of the schedule -------------------------------------


def missing_player_forfeits(boards: Sequence[Board], missing: Collection[int]
                            ) -> dict[int, GameResult]:
    """The boards of a scheduled round held by a player who does not play it (`missing`:
    withdrawn 退赛, absent 缺席 or on leave 请假 that round), each with its result, first
    mover first: the missing player forfeits and the opponent wins by forfeit (不战胜); both
    missing, lost by both (`--`). The pairing's bye (no second player) is no such board.

    Why the board is kept and forfeited: the schedule is the Berger table drawn for every
    player who started (FIDE C.05 Annex 1; one withdrawn before round 1 has no line in it,
    `starts`), so a player who does not come is not taken off it and nobody
    meets anyone else instead; the regulations say nothing of a withdrawal in a round robin,
    and the nearest rule is the one for a player who does not turn up (2022-shenzhen-
    championship.txt 十、(三): "超时未到者弃权处理，判到达者胜，未到者负", `missing_forfeit`). The
    round is entered so when it is paired, and no other result is taken for it while the
    player is still missing."""
    results: dict[int, GameResult] = {}
    for board in boards:
        if board.second is None:
            continue
        result = missing_forfeit(board.first in missing, board.second in missing)
        if result is not None:
            results[board.number] = result
    return results


# --- switching systems ---------------------------------------------------------------------


def may_switch_system(rounds_paired: int) -> bool:
    """True while a group may still switch between Swiss and round robin (no round paired).

    2022-shenzhen-championship.txt 十、(二): the system depends on the number of players and
    is chosen for the group; once round 1 is paired the schedule is fixed.
    """
    return rounds_paired == 0


def check_system_switch(rounds_paired: int, group: str = "") -> None:
    """Raise a `UserError` when the group already has a paired round."""
    if not may_switch_system(rounds_paired):
        raise UserError(
            f"已编排 {rounds_paired} 轮，不能再更改赛制（只能在第1轮编排前更改）",
            f"{rounds_paired} round(s) already paired: the system can only change before round 1",
            group or "system",
        )


# --- who the table is made for ---------------------------------------------------------------


def starts(withdrawn_from: int | None) -> bool:
    """Whether a player has a line in the Berger table made when round 1 is paired: not one
    who withdrew before it (退赛 from round 1 on, `withdrawn_from` 1).

    FIDE C.05 Annex 1: the table is made for the number of players who play, and
    2022-shenzhen-championship.txt 十、(二) sets the system and the rounds by the players there
    ("赛制、轮数视参赛人数而定"); a player who withdrew before the first round plays none of it,
    so keeping them would only add a forfeit to every other player's line (and, for an even
    number, turn a rest round into a forfeit win). Once the table exists a withdrawal keeps
    its line: the boards are forfeited (`missing_player_forfeits`)."""
    return withdrawn_from is None or withdrawn_from > 1


def check_return(rounds_paired: int, on_table: bool, name: str, group: str) -> None:
    """Refuse to reinstate (恢复参赛) a player who withdrew before round 1 once the table is
    made without them: they have no line in it, as a late entry has none (`check_late_entry`);
    before round 1 they may come back and the table is made with them."""
    if rounds_paired == 0 or on_table:
        return
    raise UserError(
        f"{name}在第1轮前退赛，{group}的伯格表已按第1轮编排时的人数排定（已编排{rounds_paired}轮），"
        "表中没有该棋手，不能恢复参赛",
        f"{name} withdrew before round 1 and the Berger table of {group} was made without "
        f"them ({rounds_paired} round(s) paired): they have no line in it and cannot be "
        "reinstated", group)


# --- entries once play has started -----------------------------------------------------------


def check_late_entry(rounds_paired: int, names: Sequence[str], group: str) -> None:
    """Refuse a late entry (迟到报名) into a round robin whose schedule exists.

    FIDE C.05 Annex 1: the Berger table is made for a number of players, and the rounds
    paired so far are rounds of that table (our numbering is drawn when round 1 is paired);
    a player added now has no line in it and would meet nobody the table has already paired,
    so the entry is refused, naming the players. Before round 1 a player may join: the table
    is made for everyone then.
    """
    refuse_late_entry(rounds_paired, names, group,
                      ("单循环", "单循环按第1轮编排时的人数排定伯格表"),
                      ("the round robin is scheduled", "the Berger table is made for the "
                       "players there when round 1 is paired and takes no player"))


def refuse_late_entry(rounds_paired: int, names: Sequence[str], group: str,
                      zh: tuple[str, str], en: tuple[str, str]) -> None:
    """Refuse the late entry of `names` once `rounds_paired` rounds are paired, in the words
    of a system whose schedule is made at round 1 (`zh`, `en`: what is made, and how)."""
    if rounds_paired == 0:
        return
    who = "、".join(names) if names else "新棋手"
    who_en = ", ".join(names) if names else "a new player"
    raise UserError(
        f"{zh[0]}已编排，不能迟到报名：{who}（{group}已编排{rounds_paired}轮；{zh[1]}，开赛后不能再"
        "加入棋手）",
        f"{en[0]}: no late entry for {who_en} ({group} has {rounds_paired} round(s) paired; "
        f"{en[1]} once play has started)",
        group,
    )
