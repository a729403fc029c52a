"""Plain data shared by every pairing system and the standings: who met whom, with which
colour, and what came of it.

Colours are named by the move order, not by stone colour: `Colour.FIRST` is the first mover
(先手). In our program the first mover plays black; in a FIDE TRF file the first mover is
`w` (white). Converting happens at the file boundary, never inside the engines.

Scores are integers in the group's own units (win 2 / draw 1 / loss 0 by default), never
floats (see ARCHITECTURE.md, "Rules of the house").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Colour(StrEnum):
    """Move order of one player in one game."""

    FIRST = "first"  # 先手: black in our program, 'w' in a TRF file
    SECOND = "second"  # 后手

    @property
    def other(self) -> Colour:
        return Colour.SECOND if self is Colour.FIRST else Colour.FIRST


class Outcome(StrEnum):
    """One player's outcome of one round."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit_win"  # opponent named but game not played (对手弃权)
    FORFEIT_LOSS = "forfeit_loss"  # 弃权负 (absent, late beyond the limit)
    PAB = "pab"  # pairing-allocated bye (轮空)
    FULL_BYE = "full_bye"  # full-point bye given in advance
    HALF_BYE = "half_bye"  # half-point bye given in advance
    ZERO_BYE = "zero_bye"  # zero-point bye given in advance
    ABSENT = "absent"  # not paired this round (absent, withdrawn, late entry)

    @property
    def played(self) -> bool:
        """True when a game was really played over the board."""
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)

    @property
    def has_opponent(self) -> bool:
        """True when the round names an opponent (played or forfeited)."""
        return self in (
            Outcome.WIN,
            Outcome.DRAW,
            Outcome.LOSS,
            Outcome.FORFEIT_WIN,
            Outcome.FORFEIT_LOSS,
        )


class SitOut(StrEnum):
    """Why a player has no board in a round: the entry list (a late entry, a withdrawal) or
    the arbiter's absence entry (its stored kinds are these values)."""

    LATE = "late"  # entered after this round (迟到报名): the late-entry points, if any
    WITHDRAWN = "withdrawn"  # 退赛, from its round on
    ABSENT = "absent"  # 缺席: nothing
    FULL_BYE = "full_bye"  # 请假全分
    HALF_BYE = "half_bye"  # 请假半分
    ZERO_BYE = "zero_bye"  # 请假零分

    @property
    def outcome(self) -> Outcome:
        """The round's outcome it gives (a bye requested in advance is its own)."""
        return _SIT_OUT_OUTCOME[self]


def withdrawn_by(round_number: int, withdrawn_from: int | None) -> bool:
    """Whether an entrant withdrawn (退赛) from round `withdrawn_from` on (None: plays on) no
    longer plays round `round_number`: the round it withdrew from and every later one. A
    knockout's match of such a round is forfeited by it, and the brackets mark it there."""
    return withdrawn_from is not None and withdrawn_from <= round_number


def sit_out_of(round_number: int, entered_round: int, withdrawn_from: int | None,
               absence: str | None) -> SitOut | None:
    """Why a player has no board in round `round_number`: entered later (late entry),
    withdrawn from `withdrawn_from` on, or the arbiter's absence entry for the round (its
    stored kind, typed here); None when he is to be paired."""
    if round_number < entered_round:
        return SitOut.LATE
    if withdrawn_by(round_number, withdrawn_from):
        return SitOut.WITHDRAWN
    return SitOut(absence) if absence is not None else None


def on_pairing_list(why: SitOut, round_number: int, withdrawn_from: int | None) -> bool:
    """Whether a pairing list names a player sitting out for `why`: an absence or a bye
    requested in advance, and a withdrawal in its first round only; a late entry is no one
    to look for on a list printed before he entered."""
    if why is SitOut.LATE:
        return False
    return why is not SitOut.WITHDRAWN or withdrawn_from == round_number


REQUESTED_BYES = frozenset({SitOut.FULL_BYE, SitOut.HALF_BYE, SitOut.ZERO_BYE})
"""Byes given in advance at the player's request (请假): each its own round outcome."""

_SIT_OUT_OUTCOME = {SitOut.LATE: Outcome.ABSENT, SitOut.WITHDRAWN: Outcome.ABSENT,
                    SitOut.ABSENT: Outcome.ABSENT, SitOut.FULL_BYE: Outcome.FULL_BYE,
                    SitOut.HALF_BYE: Outcome.HALF_BYE, SitOut.ZERO_BYE: Outcome.ZERO_BYE}


@dataclass(frozen=True)
class PointSystem:
    """Points for each outcome, in the group's integer units (默认 胜2 和1 负0)."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    forfeit_win: int = 2
    forfeit_loss: int = 0
    pab: int = 2
    full_bye: int = 2
    half_bye: int = 1
    zero_bye: int = 0
    absent: int = 0

    def points(self, outcome: Outcome) -> int:
        return int(getattr(self, outcome.value))


@dataclass(frozen=True)
class GameOutcome:
    """One game of a double-game round as one player had it: won, drawn, lost (or forfeited
    alone, a Double-Swiss match's), and whether a loss on time decided it (超时)."""

    outcome: Outcome
    on_time: bool = False


@dataclass(frozen=True)
class RoundRecord:
    """What one player did in one round."""

    round: int
    outcome: Outcome
    opponent: int | None = None  # pairing number; None when there was no opponent
    colour: Colour | None = None  # this player's move order; None when no game was set up
    points: int = 0  # round points in the group's units
    game_points: int | None = None  # double-game rounds: the games' own score (小分)
    # double-game rounds played: each game as this player had it, in game order (one alone
    # when it settled the round, a loss on time in game 1); none for a round forfeited
    games: tuple[GameOutcome, ...] = ()
    # a knockout board neither player came to, decided by lots (抽签, `BoardResult.lots`):
    # True for the one the lots sent on, False for the other; `outcome` is the forfeit loss
    # both scored (no game won). None for any other round
    lots: bool | None = None


@dataclass(frozen=True)
class PlayerHistory:
    """One player as the pairing engines and the standings see them.

    `number` is the pairing number (1 = top of the initial ranking). `rounds` holds one
    record per round already played, in order (round 1 first).
    """

    number: int
    rounds: tuple[RoundRecord, ...] = ()
    rating: int = 0
    unit: str = ""  # 单位, for same-unit avoidance
    name: str = ""

    @property
    def score(self) -> int:
        return sum(record.points for record in self.rounds)

    def score_after(self, round_count: int) -> int:
        """Score after the first `round_count` rounds."""
        return sum(record.points for record in self.rounds[:round_count])

    def opponents(self) -> tuple[int, ...]:
        return tuple(r.opponent for r in self.rounds if r.opponent is not None)


@dataclass(frozen=True)
class TournamentSnapshot:
    """A group's state between rounds: the input of pairing and standings."""

    players: tuple[PlayerHistory, ...]
    total_rounds: int
    points: PointSystem = field(default_factory=PointSystem)
    # Colour of the top pairing number in round 1 (drawn by lot or chosen; FIDE C.04.3 A.?)
    initial_colour: Colour = Colour.FIRST
    # the fewest points a round won brings when a round is not one game: a Double-Swiss match
    # scored by its two games (C.04.5 Art. 1.2.1) is won with 1½ of 2 (`double_swiss.
    # scored_by_games`); None: a round is one game, won with `points.win`
    round_won_from: int | None = None

    def round_won(self, points: int) -> bool:
        """A round that brought `points` brought as many as a round won (FIDE C.07 art. 7.1,
        WIN: with or without playing): a game's win, or in a match scored by its games the
        points of a match won (a drawn match, 1:1, brings one game's win and is no win)."""
        if self.round_won_from is not None:
            return points >= self.round_won_from
        return bool(self.points.win) and points == self.points.win

    @property
    def rounds_played(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)

    def player(self, number: int) -> PlayerHistory:
        for candidate in self.players:
            if candidate.number == number:
                return candidate
        raise KeyError(number)


@dataclass(frozen=True)
class PairingRequest:
    """Pair round `round` of `snapshot`.

    `unavailable`: players not to be paired this round (absent, withdrawn, a half-point or
    zero-point bye given in advance). `forbidden_pairs`: pairs that must not meet (by
    arbiter decision, or forfeits counted as meetings in Chinese practice, or same-unit
    avoidance: the caller decides and passes them here).
    """

    snapshot: TournamentSnapshot
    round: int
    unavailable: frozenset[int] = frozenset()
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()


@dataclass(frozen=True)
class Board:
    """One board of a round: `first` moves first (black); `second` is None for the PAB."""

    number: int
    first: int
    second: int | None


class NoteKind(StrEnum):
    """What a pairing had to give up, as its report says it (编排说明)."""

    DOWNFLOAT = "downfloat"  # 降档: a higher-scored player meets a lower-scored one
    COLOUR_NOT_GRANTED = "colour_not_granted"  # 未得到所需先后手 (C.04.3 Art. 5)
    PAB = "pab"  # 轮空: the pairing-allocated bye
    UPFLOAT = "upfloat"  # 升档: a lower-scored player meets a higher-scored one (Double-Swiss)
    SAME_COLOUR_AGAIN = "same_colour_again"  # 第一盘连续第三次同一先后手 (C.04.5 Art. 4)
    TEAM_COLOUR_NOT_GRANTED = "team_colour_not_granted"  # 第N场 一队未得到所需先后手 (C.04.6 Art. 4)


@dataclass(frozen=True)
class PairingNote:
    """One line of a pairing's report, typed: the board (0 for the bye), the players by
    pairing number (the one who floats down first), the colour preference's strength
    (`absolute`, `strong` or `mild`) where one was not granted, the colour a player has a
    third time. Worded, with the players' names, by `app.wording.pairing_note_text`."""

    kind: NoteKind
    board: int
    players: tuple[int, ...]
    strength: str = ""
    colour: Colour | None = None


@dataclass(frozen=True)
class Pairing:
    """The boards of one round, and a report of what the pairing had to give up: `remarks`
    typed (about players), `notes` as text (about the round)."""

    round: int
    boards: tuple[Board, ...]
    notes: tuple[str, ...] = ()
    remarks: tuple[PairingNote, ...] = ()

    @property
    def bye(self) -> int | None:
        for board in self.boards:
            if board.second is None:
                return board.first
        return None


class NoLegalPairing(Exception):
    """No pairing satisfies the absolute criteria (不存在合法的编排)."""

    def __init__(self, detail: str = "") -> None:
        self.detail = detail
        super().__init__("no legal pairing" + (f": {detail}" if detail else ""))


NO_UNIT = frozenset({"个人", "个人报名", "个人参赛", "无", "无单位", "-", "—"})
"""What qualifier lists write in the 单位 column for a player who represents no unit."""


def unit_key(unit: str) -> str:
    """The unit (单位, 代表队) a player represents, or "" for none: "个人" (an individual
    entry) is no unit, so two individuals are not kept apart as one unit (同单位回避) and do
    not make a team (qiwang 十二(四)4: teams are a unit's players)."""
    text = unit.strip()
    return "" if text in NO_UNIT else text
