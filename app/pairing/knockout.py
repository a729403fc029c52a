"""Knockout with full placement (淘汰制，决出全部名次), as the huazhi-2021 final plays it.

2021-huazhi-cup-team-championship.txt 六、(三)1 and 5: "决赛共16支代表队，采取淘汰制，共进行4轮比赛"
and "首轮获胜的队伍为1-8名，败者为9-16名，第二轮前8名再决出1-4名和5-8名，后续比赛办法依此类推，直至
决出所有名次". Every round, winners play winners and losers play losers inside their bracket
(名次段) until every place 1..n is decided.

Generalised to any number n >= 2 of entrants (players or teams, by id):
- The bracket has P slots, P the smallest power of two >= n, and log2(P) rounds. Entrants
  are seeded (from a previous stage, or by lot with a recorded seed) and placed in the usual
  seeded order (1 v P, P/2 v P/2+1, ...: seeds 1 and 2 can only meet in the final).
- Slots of seeds n+1..P are empty (`BYE` = 0): the top seeds get a bye (轮空) in round 1, and
  an entrant facing an empty slot in a later round advances without a game. Empty slots
  always finish below every entrant, so the entrants take exactly places 1..n: a match's
  places (名次段) stop at n (six entrants play round 1 for places 1-6, not 1-8), and a match
  that only empty slots can reach (`KnockoutMatch.void`, e.g. the one "for places 7-8" of
  six) decides no place and is no match at all (byes do not create places).
- Match `k` of a bracket sends its winner to the winners' half and its loser to the losers'
  half, both to match k//2 in the next round (a fixed tree, drawn once, shown as a bracket).
- The entrant from the upper slot is named first (先行方): in a team match it has black on
  boards 1 and 3 (app/pairing/team.py).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from app.errors import UserError
from app.pairing.roundrobin import missing_player_forfeits as scheduled_forfeits
from app.pairing.roundrobin import refuse_late_entry
from app.pairing.types import Board, Pairing
from app.results import BoardResult, GameCode, GameResult, LevelDecision, Side, drawn_by_lots

BYE = 0  # an empty slot: no entrant (seeds above n)


def bracket_size(n: int) -> int:
    """Slots of the bracket for `n` entrants: the smallest power of two >= n."""
    size = 1
    while size < n:
        size *= 2
    return size


def bracket_order(size: int) -> tuple[int, ...]:
    """Seed numbers in slot order for a bracket of `size` (a power of two): 1, size, ...

    Built by doubling: each seed s of the half-size order is followed by its partner
    2m + 1 - s, so seeds 1 and 2 sit in opposite halves, 1-4 in different quarters, ...
    """
    order = [1]
    while len(order) < size:
        m = len(order) * 2
        order = [x for s in order for x in (s, m + 1 - s)]
    return tuple(order)


def draw_seeding(entrants: Sequence[int], seed: int, fixed: int = 0) -> tuple[int, ...]:
    """Seeding by lot (抽签) with a recorded `seed`; the first `fixed` entrants keep their
    seeds (e.g. the directly qualified teams) and the rest are drawn."""
    _check_entrants(entrants)
    if not 0 <= fixed <= len(entrants):
        raise UserError(f"固定种子数 {fixed} 超出范围", f"fixed seeds {fixed} out of range",
                        "fixed")
    rest = list(entrants[fixed:])
    random.Random(seed).shuffle(rest)
    return tuple(entrants[:fixed]) + tuple(rest)


def _check_entrants(entrants: Sequence[int]) -> None:
    if len(entrants) < 2:
        raise UserError("淘汰赛至少需要2个参赛者", "a knockout needs at least 2 entrants",
                        "entrants")
    seen: set[int] = set()
    for entrant in entrants:
        if entrant <= 0:
            raise UserError(f"参赛者编号必须为正整数：{entrant}",
                            f"entrant ids must be positive: {entrant}", "entrants")
        if entrant in seen:
            raise UserError(f"参赛者 {entrant} 重复出现", f"entrant {entrant} appears twice",
                            "entrants")
        seen.add(entrant)


@dataclass(frozen=True)
class KnockoutMatch:
    """One match of the bracket.

    `top` / `bottom`: an entrant id, `BYE` (0) for an empty slot, None while not yet known.
    `places`: best and worst place of the bracket this match belongs to (名次段), e.g. (1, 16)
    in round 1 of 16 and (9, 12) for a round-3 match among the losers of round 2's 9-16; never
    past the number of entrants (`match_places`).
    `winner`: None until decided; byes are decided without a game.
    `final`: a match of the last round, which gives its two entrants their places.
    `void`: only empty slots can reach it, whatever the results (not a match: not shown, no
    place); its `places` mean nothing.
    `decided_by`: a team match level on game points, how it was decided (主将加赛 or 抽签);
    an individual match neither of whose players came, by lots (抽签, `decided_by_lots`).
    """

    round: int
    number: int
    places: tuple[int, int]
    top: int | None
    bottom: int | None
    winner: int | None = None
    final: bool = False
    void: bool = False
    decided_by: LevelDecision | None = None

    @property
    def known(self) -> bool:
        return self.top is not None and self.bottom is not None

    @property
    def is_game(self) -> bool:
        """Two entrants meet: a real match (not a bye, not two empty slots)."""
        return self.known and self.top != BYE and self.bottom != BYE

    @property
    def is_bye(self) -> bool:
        """One entrant against an empty slot: advances without a game (轮空)."""
        return self.known and (self.top == BYE) != (self.bottom == BYE)

    @property
    def loser(self) -> int | None:
        if self.winner is None:
            return None
        return self.bottom if self.winner == self.top else self.top

    @property
    def decides_places(self) -> tuple[int, int] | None:
        """In the last round: the places this match decides (winner, loser); one place
        (5, 5) when the loser's is an empty slot's (the fifth of five entrants)."""
        return self.places if self.final and not self.void else None


@dataclass(frozen=True)
class Bracket:
    """A placement knockout: the seeding, every round's matches, and the lot seed if drawn."""

    seeding: tuple[int, ...]
    rounds: tuple[tuple[KnockoutMatch, ...], ...]
    results: Mapping[tuple[int, int], int] = field(default_factory=dict, hash=False)
    lot_seed: int | None = None

    @property
    def size(self) -> int:
        return bracket_size(len(self.seeding))

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    def match(self, round_number: int, number: int) -> KnockoutMatch:
        if not 1 <= round_number <= len(self.rounds):
            raise UserError(
                f"淘汰赛没有第{round_number}轮（共{len(self.rounds)}轮）",
                f"the knockout has no round {round_number} (rounds 1..{len(self.rounds)})",
                "round",  # the message names the round
            )
        matches = self.rounds[round_number - 1]
        if not 1 <= number <= len(matches):
            raise UserError(
                f"第{round_number}轮没有第{number}场",
                f"round {round_number} has no match {number} (1..{len(matches)})",
                "round",
            )
        return matches[number - 1]

    @property
    def complete(self) -> bool:
        return all(m.winner is not None for m in self.rounds[-1])

    def places(self) -> dict[int, int]:
        """Final places of the entrants decided so far (entrant -> place)."""
        decided: dict[int, int] = {}
        for m in self.rounds[-1]:
            if m.winner is None:
                continue
            best, worst = m.places
            if m.winner != BYE:
                decided[m.winner] = best
            loser = m.loser
            if loser is not None and loser != BYE:
                decided[loser] = worst
        return decided

    def standing_order(self) -> tuple[int, ...]:
        """The entrants in the order of their places so far (the knockout's crosstable rows):
        a place decided (`places`) by that place; one still to be decided by the band (名次段)
        of the latest match it is in, the places it still plays for (after round 1 of 16 the
        winners play for 1-8, the losers for 9-16: huazhi 六、(三)5); within a band by seed."""
        bands: dict[int, tuple[int, int]] = {}
        for round_matches in self.rounds:  # round order: the latest match a band holds wins
            for match in round_matches:
                for entrant in (match.top, match.bottom):
                    if entrant is not None and entrant != BYE:
                        bands[entrant] = match.places
        bands.update({entrant: (place, place) for entrant, place in self.places().items()})
        seed = {entrant: k for k, entrant in enumerate(self.seeding)}
        return tuple(sorted(bands, key=lambda entrant: (bands[entrant], seed[entrant])))

    def final_places(self) -> dict[int, int]:
        """Places 1..n of every entrant; a `UserError` while matches remain."""
        if not self.complete:
            waiting = [f"{m.round}.{m.number}" for r in self.rounds for m in r
                       if m.winner is None]
            raise UserError(
                f"尚有比赛未完成：{', '.join(waiting)}",
                f"matches still to play: {', '.join(waiting)}", "knockout",
            )
        return self.places()

    def pending(self) -> tuple[KnockoutMatch, ...]:
        """Matches with both entrants known and no winner yet (the games to play now)."""
        return tuple(m for r in self.rounds for m in r if m.is_game and m.winner is None)

    def games_of(self, entrant: int) -> tuple[KnockoutMatch, ...]:
        """The matches `entrant` has played, decided, in round order: its path through the
        bracket (byes left out: no one played them)."""
        return tuple(m for r in self.rounds for m in r
                     if m.is_game and m.winner is not None and entrant in (m.top, m.bottom))

    def place_match(self, entrant: int) -> KnockoutMatch | None:
        """The match that decided `entrant`'s place: its last one played. After it the entrant
        meets empty slots only (byes), which finish below every entrant and change no place
        (six entrants: the 5-6 match may be a round before the last); None before it has
        played one, or while the bracket is not complete for it."""
        if entrant not in self.places():
            return None
        games = self.games_of(entrant)
        return games[-1] if games else None

    def lots_path(self, entrant: int) -> tuple[LotsDraw, ...]:
        """The matches on `entrant`'s path to its place decided by lots (抽签, huazhi 八、(五))
        before the match that decided the place (whose lots decide the place itself,
        抽签决定名次): each with its round and whether the entrant won it. A lot lost in round
        1 sent a team to the losers' half (9-16 of 16) whatever it did after, one won sent it
        to the winners'; the place carries that, as the papers must say how it was decided."""
        deciding = self.place_match(entrant)
        return tuple(LotsDraw(m.round, m.winner == entrant) for m in self.games_of(entrant)
                     if m.decided_by is LevelDecision.LOTS and m != deciding)


@dataclass(frozen=True)
class LotsDraw:
    """A match of an entrant's path through the bracket decided by lots (抽签): its round and
    whether the entrant won it (`Bracket.lots_path`)."""

    round: int
    won: bool


def _slot_entrants(seeding: Sequence[int]) -> list[int]:
    size = bracket_size(len(seeding))
    return [seeding[s - 1] if s <= len(seeding) else BYE for s in bracket_order(size)]


def match_places(entrants: int, round_number: int, number: int) -> tuple[int, int]:
    """The places (名次段, best and worst) match `number` of round `round_number` belongs to
    in a bracket of `entrants`: every match of round 1 plays for 1..size, round 2's winners'
    half for 1..size/2 and losers' half for size/2+1..size, and so on (full placement) —
    never past `entrants`: the empty slots below them take no place (six entrants play
    round 1 for 1-6, round 2's losers for 5-6). A band wholly past `entrants` holds only
    empty slots (`KnockoutMatch.void`)."""
    block = bracket_size(entrants) >> (round_number - 1)
    if block < 2 or number < 1 or number > bracket_size(entrants) // 2:
        raise UserError(f"第{round_number}轮第{number}场不存在",
                        f"round {round_number} has no match {number}", "round")
    b = (number - 1) // (block // 2)
    best = b * block + 1
    return (best, max(best, min((b + 1) * block, entrants)))


@dataclass(frozen=True)
class Source:
    """Where an entrant of a match comes from: the winner (`won`) or the loser of match
    `number` of round `round` (`sources`)."""

    round: int
    number: int
    won: bool


def sources(size: int, round_number: int, number: int) -> tuple[Source, Source] | None:
    """Where the two entrants of match `number` of round `round_number` come from in a
    bracket of `size` slots, the upper slot's first; None in round 1 (the draw seats it).

    The tree `build_bracket` fixes, read backwards (huazhi 六、(三)5: winners play winners
    and losers play losers inside their place band): the winners' half of a band of the round
    before holds its matches' winners, the losers' half their losers, match k of either half
    taking those of the band's matches 2k-1 and 2k. So a band's winners stay in one tree,
    and the losers of a band begin a tree of their own (第9-16名 …)."""
    if not (1 <= round_number < size.bit_length() and 1 <= number <= size // 2):
        raise UserError(f"第{round_number}轮第{number}场不存在",
                        f"round {round_number} has no match {number}", "round")
    if round_number == 1:
        return None
    before = size >> (round_number - 2)  # a band's slots in the round before
    band, k = divmod(number - 1, before // 4)
    parent, lost = divmod(band, 2)
    first = parent * (before // 2) + 2 * k + 1
    return (Source(round_number - 1, first, not lost),
            Source(round_number - 1, first + 1, not lost))


def build_bracket(seeding: Sequence[int], results: Mapping[tuple[int, int], int] | None = None,
                  lot_seed: int | None = None,
                  decisions: Mapping[tuple[int, int], LevelDecision] | None = None) -> Bracket:
    """The whole bracket for entrants in seed order, with the winners known so far.

    `results` maps (round, match number) -> winner id, for matches with two entrants. A
    winner who is not in that match, a result for a bye or for a match whose entrants are not
    known yet is a `UserError` (nothing is built). `decisions` says, by (round, match), how
    a level team match was decided (shown with its winner).
    """
    _check_entrants(seeding)
    results = dict(results or {})
    size = bracket_size(len(seeding))
    slots: list[int | None] = list(_slot_entrants(seeding))
    # whether an entrant can reach each slot: fixed by the seeding alone, since an empty slot
    # loses every match (an entrant goes on from a slot either feeds, a loser only when both
    # held one)
    reached = [slot != BYE for slot in slots]
    rounds: list[tuple[KnockoutMatch, ...]] = []
    used: set[tuple[int, int]] = set()
    r = 1
    block = size  # size of each place bracket in this round
    while block >= 2:
        per_block = block // 2
        matches: list[KnockoutMatch] = []
        nxt: list[int | None] = [None] * size
        nxt_reached = [False] * size
        for i in range(size // 2):
            b, j = divmod(i, per_block)
            top, bottom = slots[2 * i], slots[2 * i + 1]
            places = match_places(len(seeding), r, i + 1)
            winner = _winner(r, i + 1, top, bottom, results)
            if (r, i + 1) in results:
                used.add((r, i + 1))
            void = not (reached[2 * i] or reached[2 * i + 1])
            decided = (decisions or {}).get((r, i + 1)) if winner is not None else None
            matches.append(KnockoutMatch(r, i + 1, places, top, bottom, winner,
                                         final=block == 2, void=void, decided_by=decided))
            if block > 2:
                quarter = block // 4
                win_slot = 2 * ((2 * b) * quarter + j // 2) + j % 2
                lose_slot = 2 * ((2 * b + 1) * quarter + j // 2) + j % 2
                nxt_reached[win_slot] = reached[2 * i] or reached[2 * i + 1]
                nxt_reached[lose_slot] = reached[2 * i] and reached[2 * i + 1]
                if winner is not None:
                    nxt[win_slot] = winner
                    nxt[lose_slot] = bottom if winner == top else top
        rounds.append(tuple(matches))
        slots, reached = nxt, nxt_reached
        block //= 2
        r += 1
    unused = sorted(set(results) - used)
    if unused:
        rnd, number = unused[0]
        raise UserError(
            f"第{rnd}轮第{number}场不存在",
            f"round {rnd} has no match {number}", "round",
        )
    return Bracket(tuple(seeding), tuple(rounds), results, lot_seed)


def _winner(r: int, number: int, top: int | None, bottom: int | None,
            results: Mapping[tuple[int, int], int],
            names: Mapping[int, str] | None = None) -> int | None:
    """The winner of match `number` of round `r` (`top` v `bottom`) from `results`; a winner
    who is not in the match refused, the entrants named by `names` where given."""
    where = "round"  # each message names the round and the match
    given = results.get((r, number))
    if top is None or bottom is None:
        if given is not None:
            raise UserError(
                f"第{r}轮第{number}场的双方尚未确定，不能录入结果",
                f"round {r} match {number} has no entrants yet: it takes no result", where,
            )
        return None
    if top == BYE or bottom == BYE:
        if given is not None:
            raise UserError(
                f"第{r}轮第{number}场是轮空，不需要结果",
                f"round {r} match {number} is a bye: it takes no result", where,
            )
        return bottom if top == BYE else top
    if given is None:
        return None
    if given not in (top, bottom):
        def name(entrant: int) -> str:
            return (names or {}).get(entrant, str(entrant))

        raise UserError(
            f"{name(given)} 不在第{r}轮第{number}场（{name(top)} 对 {name(bottom)}）",
            f"{name(given)} does not play round {r} match {number} ({name(top)} v "
            f"{name(bottom)})", where,
        )
    return given


def undecided_result(result: BoardResult) -> UserError | None:
    """Why a knockout match cannot take `result`, or None when it has a winner: someone has
    to go through (huazhi 六、(三)5, every place is decided in the bracket). A draw is played
    off first (2016 and shenzhen: 加赛 until one wins); a double forfeit (`--`, both lost)
    sends no one on: where neither came, the chief arbiter's lots send one on
    (`decided_by_lots`, entered as lots, not as a result)."""
    if result.winner is not None:
        return None
    if any(game.code is GameCode.DOUBLE_FORFEIT for game in result.games):
        return UserError(
            "淘汰赛不能双方弃权（--）：本场必须有一方晋级。如双方均未到场，由裁判长抽签决定晋级的一方，"
            "录入抽签结果：result … --lots 棋手（窗口：抽签…，或台号后 L1 / L2）",
            "a knockout match cannot be lost by both (--): one side has to go through. If "
            "neither came, the chief arbiter's lots decide who goes on: enter them with "
            "result … --lots PLAYER (in the window: Lots…, or L1 / L2 after the board)")
    return UserError("淘汰赛必须分出胜负：请录入加赛后的结果",
                     "a knockout match needs a winner: enter the result after the playoff")


def missing_player_forfeits(boards: Sequence[Board], missing: Collection[int]
                            ) -> dict[int, GameResult]:
    """The boards of a knockout round held by an entrant who does not play it (`missing`:
    withdrawn 退赛, absent 缺席), each with its result, first mover first: the bracket keeps
    them in their match, so the match is forfeited and the other goes through (不战胜) — the
    round robin's rule (`roundrobin.missing_player_forfeits`, shenzhen 十、(三) "超时未到者
    弃权处理，判到达者胜"). A match whose two players are both missing is not among them:
    lost by both it would send no one on (`undecided_result`), so lots decide who goes
    through (`both_missing`, `decided_by_lots`)."""
    return {number: result for number, result in scheduled_forfeits(boards, missing).items()
            if result.code is not GameCode.DOUBLE_FORFEIT}


def both_missing(boards: Sequence[Board], missing: Collection[int]) -> tuple[int, ...]:
    """The knockout boards whose two players are both missing (`missing_player_forfeits`):
    neither came, so neither wins by forfeit; the chief arbiter has lots decide who goes
    through (`decided_by_lots`)."""
    return tuple(b.number for b in boards
                 if b.second is not None and b.first in missing and b.second in missing)


def decided_by_lots(board: Board, drawn: int, double: bool = False,
                    names: Mapping[int, str] | None = None) -> BoardResult:
    """The result of a knockout board neither of whose players came, the lots having sent
    `drawn` on (抽签): 2021-huazhi 六、(三)5 has every match send one on to decide every
    place, and 八、(五) gives the lots to the chief arbiter ("抽签工作由赛会竞赛组会同裁判长
    共同主持"), as it does for a team match nobody can play off. Neither won a game: the
    board's one game is lost by both (`BoardResult.lots`), and the match's winner is the one
    drawn, never a forfeit win (no one came to claim it). That neither came is the arbiter's
    word: both recorded as not playing the round (`both_missing`), or both not there when a
    paired round began (the store knows no one's presence, only absences entered ahead).

    Refused (`UserError`): a bye; a player named who is not on the board. `names` name the
    players in the messages."""

    def name(player: int) -> str:
        return (names or {}).get(player, str(player))

    where = "lots"  # each message names the board's players
    if board.second is None:
        raise UserError("轮空台不需要抽签", "a bye takes no lots", where)
    if drawn not in (board.first, board.second):
        raise UserError(
            f"{name(drawn)} 不在本台（本台：{name(board.first)} 对 {name(board.second)}）：抽签只在"
            "本台两名棋手之间进行",
            f"{name(drawn)} does not play this board ({name(board.first)} v "
            f"{name(board.second)}): the lots are drawn between its two players", where)
    side = Side.FIRST if drawn == board.first else Side.SECOND
    return drawn_by_lots(side, double)


def record_winner(bracket: Bracket, round_number: int, number: int, winner: int,
                  replace: bool = False, names: Mapping[int, str] | None = None) -> Bracket:
    """A new bracket with the winner of one match; a second result needs `replace`, and a
    replaced result must not contradict results of later rounds (those must be removed).
    `names`: the entrants' names, for the messages."""
    match = bracket.match(round_number, number)
    key = (round_number, number)
    if key in bracket.results and not replace:
        had = bracket.results[key]
        had_name = (names or {}).get(had, str(had))
        raise UserError(
            f"第{round_number}轮第{number}场已有结果（胜者 {had_name}）",
            f"round {round_number} match {number} already has a result (winner {had_name})",
            "round",
        )
    _winner(round_number, number, match.top, match.bottom, {key: winner}, names)
    results = dict(bracket.results)
    results[key] = winner
    return build_bracket(bracket.seeding, results, bracket.lot_seed)


def round_pairing(bracket: Bracket, round_number: int) -> Pairing:
    """Round `round_number` as a `Pairing`: one board per match, board number = match number,
    the upper entrant first (先行方); a bye has `second=None`; two empty slots are left out.
    Refused while an entrant of the round is still unknown."""
    boards: list[Board] = []
    bracket.match(round_number, 1)  # refuses a round the bracket does not have
    matches = bracket.rounds[round_number - 1]
    for m in matches:
        if not m.known:
            raise UserError(
                f"第{round_number}轮第{m.number}场的双方尚未确定（上一轮结果未录完）",
                f"round {round_number} match {m.number} is not known yet (results of the "
                "previous round are missing)",
                "round",  # the message names the round
            )
        if m.is_game:
            assert m.top is not None and m.bottom is not None
            boards.append(Board(m.number, m.top, m.bottom))
        elif m.is_bye:
            entrant = m.top if m.top != BYE else m.bottom
            assert entrant is not None
            boards.append(Board(m.number, entrant, None))
    notes = tuple(f"名次段 {_band_text(m.places)}: 第{m.number}场 / places "
                  f"{_band_text(m.places)}: match {m.number}"
                  for m in matches if m.is_game or m.is_bye)
    return Pairing(round_number, tuple(boards), notes)


def _band_text(places: tuple[int, int]) -> str:
    best, worst = places
    return f"{best}-{worst}" if worst > best else str(best)


def reseated_boards(bracket: Bracket, round_number: int, paired: Sequence[Board]
                    ) -> tuple[tuple[Board, Board], ...]:
    """The boards of round `round_number` as they were paired (`paired`) that `bracket` —
    built on the results before that round, one of them corrected since — seats otherwise:
    (as paired, as the bracket has it now), in board order. A corrected result sends its new
    winner on to the old winner's seat and its new loser to the old loser's (the tree is
    fixed, `build_bracket`), so a round paired on the old result differs on those boards (a
    bye's included: the empty slots do not move)."""
    now = {board.number: board for board in round_pairing(bracket, round_number).boards}
    return tuple((board, now[board.number]) for board in paired
                 if now.get(board.number, board) != board)


def bracket_lines(bracket: Bracket, names: Mapping[int, str] | None = None) -> list[str]:
    """A plain-text view of the bracket, round by round (for logs and the command line)."""
    names = names or {}

    def label(entrant: int | None) -> str:
        if entrant is None:
            return "?"
        if entrant == BYE:
            return "轮空/bye"
        return names.get(entrant, str(entrant))

    lines: list[str] = []
    for matches in bracket.rounds:
        for m in matches:
            if m.void or (m.top == BYE and m.bottom == BYE):
                continue
            won = f" -> {label(m.winner)}" if m.winner not in (None, BYE) else ""
            lines.append(f"R{m.round} M{m.number} [{_band_text(m.places)}] "
                         f"{label(m.top)} v {label(m.bottom)}{won}")
    return lines


def check_return(rounds_paired: int, drawn: bool, name: str, group: str,
                 team: bool = False) -> None:
    """Refuse to reinstate (恢复参赛) a player (or a `team`) who withdrew before round 1 once
    the bracket is drawn without them (`drawn`: they have a slot in it): they have none, as a
    late entry has none (`check_late_entry`); before round 1 they may come back and are drawn
    with everyone."""
    if rounds_paired == 0 or drawn:
        return
    count, who = ("队数", "该队") if team else ("人数", "该棋手")
    raise UserError(
        f"{name}在第1轮前退赛，{group}的淘汰赛对阵图已按第1轮编排时的{count}排定（已编排{rounds_paired}轮），"
        f"图中没有{who}，不能恢复参赛",
        f"{name} withdrew before round 1 and the knockout bracket of {group} was drawn without "
        f"them ({rounds_paired} round(s) paired): they have no slot in it and cannot be "
        "reinstated", group)


def check_late_entry(rounds_paired: int, names: Sequence[str], group: str) -> None:
    """Refuse a late entry (迟到报名) into a knockout whose bracket is drawn.

    The bracket is drawn for the entrants there when round 1 is paired (huazhi 六、(三)5:
    the places follow from the first round's winners and losers); a player added later has
    no slot that is not already decided (a round-1 bye taken, a match played), and would
    leave a match of a played round open, the next round unpairable. Before round 1 a player
    may join: the bracket is drawn for everyone then."""
    refuse_late_entry(rounds_paired, names, group,
                      ("淘汰赛", "对阵图按第1轮编排时的人数排定"),
                      ("the knockout is drawn", "the bracket is drawn for the entrants there "
                       "when round 1 is paired and takes no entrant"))


def exchange_refusal(group: str) -> UserError:
    """Why players are not exchanged between boards of a knockout (人工调换棋手).

    The bracket fixes each match: round 1's by the draw (its seeds), every later one by the
    results before it (huazhi 六、(三)5: winners meet winners, losers losers, in their place
    band); a board changed by hand would hold a pair the bracket does not have, whose result
    it could not take, and the next round would wait for it. The draw is changed before play
    instead: unpair round 1, draw again or give the seeds, pair again."""
    return UserError(
        "淘汰赛的对阵由对阵图决定：第1轮按抽签（种子）排定，以后各轮按前一轮的胜负排定，"
        "不能人工调换棋手（调换后的对阵不在对阵图中，其结果无法录入，下一轮也无法编排）。"
        "如需改变第1轮对阵，请在录入成绩前撤销编排（unpair），重新抽签（knockout-draw）或修改种子后"
        "再编排；只需交换某台的先后手，请用“交换先后手”（swap）",
        "a knockout's matches are its bracket's: round 1's by the draw (the seeds), each later "
        "one by the results before it; players cannot be exchanged by hand (the pair would "
        "not be in the bracket, its result could not be taken and the next round not be "
        "paired). To change round 1, unpair it before any result, draw again (knockout-draw) "
        "or change the seeds, and pair again; to change only who moves first on a board, "
        "swap its colours", group)
