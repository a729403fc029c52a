"""One game as it is played, driven one action at a time (对局): the object behind the board.

Protocols (《中国五子棋竞赛规则》2013; RIF rules for the 26-opening protocol):
- 指定开局 + 三手交换 + 五手N打 (designated opening, `GameSettings(designated_opening=True)`):
  the tentative black (假先方, the pairing's first mover) places stones 1-3 (black h8, white
  next to it, black), which must form one of the 26 openings (`app.rules.openings`), or the
  opening fixed in advance by lot. The other player then decides whether to swap colours
  (三手交换); the player now holding white plays move 4; black offers N fifth moves (五手N打;
  N from the group's rules, 2 for juniors), pairwise not symmetric under the symmetries
  that keep the position; white chooses one (it becomes move 5) and plays move 6; then play
  alternates.
- 自由开局 (free opening, 大众规则): stones alternate from move 1, black first, no swap.
- Endings (`Ending`, whose table is `app.rules.endings`): five (连五, derived from the rule
  set: exactly five for black under 专业规则), a black foul (禁手) claimed by white at once
  (black loses; a foul that white does not claim before playing on stands and the game goes
  on), resignation (认输), loss on time (超时), agreed draw (协议和棋), full board (满盘和棋)
  and an arbiter's decision (裁判判定).

Where the regulations ask for these (in /work/shared/regulations): 2022-shenzhen-championship.txt
(三)各组比赛规则 2 (指定开局规则: 三手交换, 五手两打 for juniors / 五手N打 for adults, 黑方有禁手)
and 1 (大众规则组: 自由开局, 一人一手, 先五为胜, 无禁手); 2021-huazhi-cup-team-championship.txt
决赛 2 and 2022-qiwang-championship-shaoxing.txt (2013 rules, 指定开局); 2016-national-online-
mind-games.txt 七(二)(三) (禁手组 指定开局, 无禁手组 自由开局). A black foul loses only when white
points it out at once; if white plays on, the foul stands (2013 rules, 禁手 clause).

A `Game` is immutable: every action returns a new `Game`, and `undo()` gives back the one
before the last action. An illegal action raises `UserError` with a Chinese and an English
reason, and changes nothing.

API for the board widget and the results:
- `Game.new(settings)`; `GameSettings(rules, designated_opening, fifth_offers, fixed_opening)`
- state: `phase` (`Phase`), `prompt` -> (zh, en) status line, `to_move` (Stone whose turn it
  is), `actor` (which player, as pairing `Colour`, must act), `black_player`
- `legal_actions()` -> frozenset of `ActionKind`; `legal_points()` -> points a click may use now
- `forbidden_points()` -> {point: kind} for black now (专业规则 only)
- `moves` (points in order), `numbered_moves()` (number, point, stone, foul kind),
  `stone_at(point)`, `position`, `last_move`, `winning_line()`, `opening`, `offers`,
  `swapped`, `foul_pending`, `fouls`
- actions: `play(point)` (place / offer / choose, whichever the phase wants), `swap(bool)`,
  `claim_foul()`, `resign(stone)`, `lose_on_time(stone)`, `agree_draw()`,
  `arbiter_decision(winner, reason)`, `apply(action)`, `undo()`
- `result` -> `GameResult | None` (winner stone, winner player, ending, 1-0 / 0-1 / = code,
  `outcome_of(Colour)` as a pairing `Outcome`, `points_of(Colour)`)
- `encode_actions(game)` / `decode_actions(settings, text)`: the game as one line of text
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from app.errors import UserError
from app.pairing.types import Colour, Outcome
from app.results import GameCode
from app.rules.board import CENTRE, SIZE, Point, Position, Stone, format_point, parse_point
from app.rules.endings import Ending
from app.rules.judge import (
    FiveResult,
    RuleSet,
    Verdict,
    forbidden_kind,
    judge_position,
    move_result,
)
from app.rules.openings import (
    Opening,
    equivalent,
    find_opening,
    recognise,
    second_stone_allowed,
    stabiliser,
)
from app.rules.protocols import (
    MAX_OFFERS,
    Protocol,
    Role,
    Step,
    StepKind,
    after,
    in_area,
    script,
)

KIND_ZH = {"overline": "长连", "44": "四四", "33": "三三"}


class Phase(StrEnum):
    """What the game expects next."""

    OPENING = "opening"  # 指定开局: the tentative black places stones 1-3
    SWAP = "swap"  # 三手交换: the other player decides whether to swap
    DECLARE = "declare"  # the number of fifth moves is declared (Yamaguchi, Soosõrv, 五手N打)
    OFFER = "offer"  # 五手N打: black offers the fifth moves
    CHOOSE = "choose"  # 五手N打: white chooses one of them
    MOVE = "move"  # ordinary move
    OVER = "over"  # the game has a result


class ActionKind(StrEnum):
    PLACE = "place"
    SWAP = "swap"
    OFFER = "offer"
    CHOOSE = "choose"
    DECLARE = "declare"
    PASS = "pass"
    CLAIM_FOUL = "claim_foul"
    RESIGN = "resign"
    TIME_LOSS = "time_loss"
    AGREE_DRAW = "agree_draw"
    ARBITER = "arbiter"
    UNDO = "undo"


# --- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """A stone on `point` (stones 1-3 of the designated opening, or an ordinary move)."""

    point: Point


@dataclass(frozen=True)
class Swap:
    """三手交换: the other player's decision after move 3 (True = take black)."""

    swap: bool


@dataclass(frozen=True)
class Offer:
    """五手N打: black offers `point` as one of the N fifth moves."""

    point: Point


@dataclass(frozen=True)
class Choose:
    """五手N打: white chooses the offered `point`; it becomes move 5."""

    point: Point


@dataclass(frozen=True)
class Declare:
    """The number of fifth moves that will be offered (Yamaguchi, Soosõrv-8, 五手N打)."""

    count: int


@dataclass(frozen=True)
class Pass:
    """The player to move gives up the move (弃权); two in a row end the game as a draw."""


@dataclass(frozen=True)
class ClaimFoul:
    """White points out black's forbidden move at once (black loses)."""


@dataclass(frozen=True)
class Resign:
    """The player holding `stone` resigns."""

    stone: Stone


@dataclass(frozen=True)
class TimeLoss:
    """The player holding `stone` lost on time."""

    stone: Stone


@dataclass(frozen=True)
class AgreeDraw:
    """Both players agree to a draw."""


@dataclass(frozen=True)
class ArbiterDecision:
    """The arbiter decides the game: `winner` None is a draw."""

    winner: Stone | None
    reason: str = ""


Action = (Place | Swap | Offer | Choose | Declare | Pass | ClaimFoul | Resign | TimeLoss | AgreeDraw
          | ArbiterDecision)


# --- settings, moves, result --------------------------------------------------------------------


@dataclass(frozen=True)
class GameSettings:
    """The rules a game is played under (from the group's rules).

    `protocol` is the opening rule (`app.rules.protocols`); left out, `designated_opening`
    chooses between 指定开局 and 自由开局, and afterwards says whether the protocol is the
    designated one. `declared_offers`: under 指定开局 the tentative black declares N of
    五手N打 (1 to `fifth_offers`) with the opening, instead of N being fixed.
    """

    rules: RuleSet = RuleSet.RENJU
    designated_opening: bool = True  # 指定开局 + 三手交换 + 五手N打; False = 自由开局
    fifth_offers: int = 2  # N of 五手N打 (2 for juniors)
    fixed_opening: Opening | None = None  # opening drawn in advance, else any of the 26
    protocol: Protocol | None = None
    declared_offers: bool = False

    def __post_init__(self) -> None:
        protocol = self.protocol or (
            Protocol.DESIGNATED if self.designated_opening else Protocol.FREE)
        object.__setattr__(self, "protocol", Protocol(protocol))
        object.__setattr__(self, "designated_opening", protocol is Protocol.DESIGNATED)
        if self.designated_opening and not 1 <= self.fifth_offers <= 20:
            raise UserError(
                f"五手N打的 N 应在 1 至 20 之间（现为 {self.fifth_offers}）",
                f"N of the fifth-move offers must be 1 to 20 (is {self.fifth_offers})",
                "fifth_offers",
            )

    @classmethod
    def free(cls, rules: RuleSet = RuleSet.FREESTYLE) -> GameSettings:
        """自由开局: 大众规则 by default."""
        return cls(rules=rules, designated_opening=False)

    @classmethod
    def designated(cls, fifth_offers: int = 2, fixed_opening: str | Opening | None = None
                   ) -> GameSettings:
        """专业规则 with 指定开局; `fixed_opening` by name (花月), code (4D) or number."""
        opening = fixed_opening
        if opening is not None and not isinstance(opening, Opening):
            opening = find_opening(opening)
        return cls(RuleSet.RENJU, True, fifth_offers, opening)

    @classmethod
    def of_group(cls, rules: RuleSet, protocol: Protocol, fifth_move_offers: int
                 ) -> GameSettings:
        """A game under a group's rules. 指定开局 belongs to 专业规则 (elsewhere 自由开局); its
        `fifth_move_offers` N is fixed (五手两打 for juniors), or 0: N declared by the
        tentative black with the opening (1 to MAX_OFFERS)."""
        protocol = cls.opening_played(rules, protocol)
        if cls.reads_group_offers(rules, protocol):
            declared = fifth_move_offers == 0
            return cls(rules=rules, fifth_offers=MAX_OFFERS if declared else fifth_move_offers,
                       protocol=protocol, declared_offers=declared)
        return cls(rules=rules, protocol=protocol)

    @staticmethod
    def opening_played(rules: RuleSet, protocol: Protocol) -> Protocol:
        """The opening rule a group's games are played under: 指定开局 belongs to 专业规则
        (the rules with forbidden moves); under any other rule set the group plays 自由开局."""
        if protocol is Protocol.DESIGNATED and not rules.has_forbidden:
            return Protocol.FREE
        return protocol

    @classmethod
    def reads_group_offers(cls, rules: RuleSet, protocol: Protocol) -> bool:
        """Whether a group's N of 五手N打 (`fifth_move_offers`) is read: by 指定开局 only
        (2013 rules: 三手交换、五手N打). 自由开局 and Swap2 have no fifth-move offers; Yamaguchi
        and Soosõrv-8 have them declared in each game (by the tentative black, by white),
        Taraguchi-10 offers ten (`protocols.script`)."""
        return cls.opening_played(rules, protocol) is Protocol.DESIGNATED

    @property
    def group_offers(self) -> int:
        """N of 五手N打 as a group states it: 0 when the tentative black declares it."""
        return 0 if self.declared_offers else self.fifth_offers

    @property
    def opening_rule(self) -> Protocol:
        """The opening protocol (never None once built)."""
        assert self.protocol is not None
        return self.protocol

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        """The protocol's opening steps, ordinary moves last."""
        return script(self.opening_rule, self.fifth_offers, self.declared_offers)


@dataclass(frozen=True)
class NumberedMove:
    """One stone of the move list: its number (1 = first stone), point and colour; `foul` is
    the forbidden kind when the stone was a black foul."""

    number: int
    point: Point
    stone: Stone
    foul: str | None = None

    @property
    def name(self) -> str:
        return format_point(self.point)


@dataclass(frozen=True)
class GameResult:
    """The result derived from a game. `black_player` says which player of the pairing held
    black at the end (三手交换 may have changed it)."""

    winner: Stone | None  # None: draw
    ending: Ending
    black_player: Colour
    moves: int
    reason: str = ""

    @property
    def winner_player(self) -> Colour | None:
        if self.winner is None:
            return None
        return self.black_player if self.winner is Stone.BLACK else self.black_player.other

    @property
    def code(self) -> GameCode:
        """`1-0`, `0-1` or `=`, the pairing's first mover first (as `app result` takes it)."""
        if self.winner_player is None:
            return GameCode.DRAW
        return GameCode.FIRST_WINS if self.winner_player is Colour.FIRST else (
            GameCode.SECOND_WINS)

    def outcome_of(self, player: Colour) -> Outcome:
        """The round outcome of one player of the pairing (WIN / DRAW / LOSS)."""
        if self.winner_player is None:
            return Outcome.DRAW
        return Outcome.WIN if self.winner_player is player else Outcome.LOSS

    def points_of(self, player: Colour, win: int = 2, draw: int = 1, loss: int = 0) -> int:
        """Points of one player of the pairing (default 胜2 和1 负0)."""
        if self.winner_player is None:
            return draw
        return win if self.winner_player is player else loss

    @property
    def zh(self) -> str:
        if self.winner is None:
            return f"和棋（{self.ending.zh}）"
        return f"{self.winner.zh}胜（{self.ending.zh}）"

    @property
    def en(self) -> str:
        if self.winner is None:
            return f"draw ({self.ending.en})"
        return f"{self.winner.value} wins ({self.ending.en})"


def _colour_name(stone: Stone) -> tuple[str, str]:
    return (stone.zh + "方", stone.value)


# --- the game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """A game in progress or finished. Build with `Game.new(settings)`, then apply actions.

    `step` is the index of the opening protocol's step the game is at
    (`settings.steps`, `app.rules.protocols`); `stones` the colour of each move (passes mean
    colours need not alternate); `swaps` every swap decision in order (`swapped` the last);
    `declared` the number of fifth moves declared, where the protocol asks for one.
    """

    settings: GameSettings
    actions: tuple[Action, ...] = ()
    moves: tuple[Point, ...] = ()
    black_player: Colour = Colour.FIRST
    swapped: bool | None = None
    opening: Opening | None = None
    offers: tuple[Point, ...] = ()
    fouls: tuple[tuple[int, str], ...] = ()  # (move number, kind) of every black foul
    foul_pending: bool = False  # black's last move was a foul white may still claim
    result: GameResult | None = None
    step: int = 0
    stones: tuple[Stone, ...] = ()
    swaps: tuple[bool, ...] = ()
    declared: int | None = None
    passes: int = 0  # passes so far (they change whose turn it is)
    passes_in_row: int = 0
    previous: Game | None = field(default=None, compare=False, repr=False)

    @classmethod
    def new(cls, settings: GameSettings | None = None) -> Game:
        return cls(settings or GameSettings())

    # -- derived state --

    @cached_property
    def position(self) -> Position:
        black = frozenset(p for p, s in zip(self.moves, self.stones, strict=True)
                          if s is Stone.BLACK)
        return Position(black, frozenset(self.moves) - black)

    @property
    def current_step(self) -> Step:
        """The protocol step the game is at (MOVE once the opening is over)."""
        return self.settings.steps[self.step]

    @property
    def phase(self) -> Phase:
        if self.result is not None:
            return Phase.OVER
        step = self.current_step
        return Phase.MOVE if step.ordinary else _PHASE_OF[step.kind]

    @property
    def to_move(self) -> Stone:
        """The colour of the next stone on the board."""
        return Stone.BLACK if (len(self.moves) + self.passes) % 2 == 0 else Stone.WHITE

    def holder(self, stone: Stone) -> Colour:
        """The pairing's player who holds `stone` now."""
        return self.black_player if stone is Stone.BLACK else self.black_player.other

    @property
    def actor(self) -> Colour | None:
        """The player who must act now (None once the game is over)."""
        if self.result is not None:
            return None
        step = self.current_step
        if step.kind is StepKind.MOVE:
            return self.holder(self.to_move)
        return {Role.FIRST: Colour.FIRST, Role.SECOND: Colour.SECOND,
                Role.BLACK: self.holder(Stone.BLACK),
                Role.WHITE: self.holder(Stone.WHITE)}[step.role]

    @property
    def offers_wanted(self) -> int:
        """How many fifth moves black offers in this game (declared, or fixed by the rule)."""
        step = self.current_step
        if step.offers:
            return step.offers
        for candidate in self.settings.steps:
            if candidate.kind is StepKind.OFFER and candidate.offers:
                return candidate.offers
        return self.declared or self.settings.fifth_offers

    def stone_at(self, point: Point) -> Stone | None:
        return self.position.stone_at(point)

    def numbered_moves(self) -> tuple[NumberedMove, ...]:
        fouls = dict(self.fouls)
        return tuple(NumberedMove(i + 1, p, s, fouls.get(i + 1))
                     for i, (p, s) in enumerate(zip(self.moves, self.stones, strict=True)))

    @property
    def last_move(self) -> Point | None:
        return self.moves[-1] if self.moves else None

    def winning_line(self) -> tuple[Point, ...]:
        """The stones of the winning row when the game ended with a five, else ()."""
        result = self.result
        if result is None or result.ending is not Ending.FIVE or not self.moves:
            return ()
        last = self.moves[-1]
        own = self.position.black if result.winner is Stone.BLACK else self.position.white
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            row = [last]
            for sign in (1, -1):
                c, r = last[0] + sign * dc, last[1] + sign * dr
                while (c, r) in own:
                    row.append((c, r))
                    c, r = c + sign * dc, r + sign * dr
            if self.settings.rules.wins_with(result.winner, len(row)):  # type: ignore[arg-type]
                return tuple(sorted(row))
        return ()

    def forbidden_points(self) -> dict[Point, str]:
        """Black's forbidden points now, {point: kind} (专业规则 only; empty otherwise)."""
        if not self.settings.rules.has_forbidden or self.result is not None:
            return {}
        return dict(self._verdict.forbidden)

    @cached_property
    def _verdict(self) -> Verdict:
        """The judge's verdict on the current position, computed once per game state."""
        return judge_position(self.position, self.settings.rules)

    def legal_actions(self) -> frozenset[ActionKind]:
        kinds: set[ActionKind] = set()
        if self.actions:
            kinds.add(ActionKind.UNDO)
        if self.result is not None:
            return frozenset(kinds)
        kinds |= {ActionKind.RESIGN, ActionKind.TIME_LOSS, ActionKind.AGREE_DRAW,
                  ActionKind.ARBITER}
        step = self.current_step
        kinds |= _ACTIONS_OF[step.kind]
        if step.kind is StepKind.DECIDE:
            if step.place_instead:
                kinds.add(ActionKind.PLACE)
            if step.offer_instead:
                kinds.add(ActionKind.OFFER)
        if self.foul_pending:
            kinds.add(ActionKind.CLAIM_FOUL)
        return frozenset(kinds)

    def legal_points(self) -> frozenset[Point]:
        """The points a click may use now (stones, offers or the choice). Black's forbidden
        points stay legal to click: a foul is played, then claimed (see `forbidden_points`)."""
        if self.result is not None:
            return frozenset()
        step = self.current_step
        if step.kind is StepKind.CHOOSE:
            return frozenset(self.offers)
        kind = self._click_kind(step)
        if kind is None:
            return frozenset()
        empty = self.position.empty_points()
        keep = stabiliser(self.position) if kind is ActionKind.OFFER else ()
        return frozenset(p for p in empty if self._refusal(kind, p, keep) is None)

    def offer_points(self) -> frozenset[Point]:
        """The points black may offer now (also where a click would place a stone instead,
        as at Taraguchi's choice after move 4); empty when no offer is allowed."""
        if ActionKind.OFFER not in self.legal_actions():
            return frozenset()
        keep = stabiliser(self.position)
        return frozenset(p for p in self.position.empty_points()
                         if self._refusal(ActionKind.OFFER, p, keep) is None)

    @property
    def prompt(self) -> tuple[str, str]:
        """A status line for the current phase: (Chinese, English)."""
        if self.result is not None:
            return (f"对局结束：{self.result.zh}", f"Game over: {self.result.en}")
        if self.settings.designated_opening:
            return self._designated_prompt()
        step = self.current_step
        n = len(self.moves) + 1
        if step.kind is StepKind.MOVE:
            return self._move_prompt()
        zh, en = step.prompt_zh, step.prompt_en
        if step.kind is StepKind.OFFER:
            i, count = len(self.offers) + 1, self.offers_wanted
            zh += f"（第{i}个，共{count}个）"
            en += f" ({i} of {count})"
        if step.kind is StepKind.PLACE or step.kind is StepKind.DECIDE and step.place_instead:
            zh, en = f"第{n}手：{zh}", f"Move {n}: {en}"
        return (f"{self.settings.opening_rule.zh}：{zh}", f"{self.settings.opening_rule.en}: {en}")

    def _designated_prompt(self) -> tuple[str, str]:
        phase = self.phase
        n = len(self.moves) + 1
        zh_colour, en_colour = _colour_name(self.to_move)
        if phase is Phase.OPENING:
            fixed = self.settings.fixed_opening
            zh = f"指定开局：假先方摆第{n}手（{zh_colour}）"
            en = f"Designated opening: the tentative black places stone {n} ({en_colour})"
            if fixed is not None:
                zh += f"，开局为{fixed.name_zh}"
                en += f", opening {fixed.name_ja} ({fixed.code})"
            return (zh, en)
        if phase is Phase.DECLARE:
            upper = self.current_step.declare[1]
            return (f"五手N打：假先方声明打点数 N（1至{upper}）",
                    f"N fifth moves: the tentative black declares N (1 to {upper})")
        if phase is Phase.SWAP:
            name = self.opening.name_zh if self.opening else ""
            return (f"三手交换：开局{name}，假后方选择是否交换",
                    "Swap after move 3: the other player chooses whether to take black")
        count = self.offers_wanted
        if phase is Phase.OFFER:
            i = len(self.offers) + 1
            return (f"五手{count}打：黑方提出第{i}个第五手打点（共{count}个）",
                    f"Fifth move: black offers candidate {i} of {count}")
        if phase is Phase.CHOOSE:
            return (f"五手{count}打：白方从{count}个打点中选择第五手",
                    f"Fifth move: white chooses one of the {count} offered points")
        return self._move_prompt()

    def _move_prompt(self) -> tuple[str, str]:
        n = len(self.moves) + 1
        zh_colour, en_colour = _colour_name(self.to_move)
        if self.foul_pending:
            number, kind = self.fouls[-1]
            return (
                f"黑方第{number}手为禁手（{KIND_ZH[kind]}）：白方可立即指出（黑负），或继续落子",
                f"Black's move {number} is a foul ({kind}): white may claim it now (black "
                f"loses) or play on",
            )
        if self.passes_in_row:
            return (f"对方弃权。第{n}手：{zh_colour}落子或弃权（连续两次弃权为和棋）",
                    f"The other player passed. Move {n}: {en_colour} to play or pass (two "
                    f"passes in a row draw)")
        return (f"第{n}手：{zh_colour}落子", f"Move {n}: {en_colour} to play")

    # -- actions --

    def play(self, point: Point) -> Game:
        """A click on `point`: a stone, an offer or the choice, whichever the step wants."""
        step = self.current_step
        if self.result is None and step.kind is StepKind.OFFER:
            return self.apply(Offer(point))
        if self.result is None and step.kind is StepKind.CHOOSE:
            return self.apply(Choose(point))
        return self.apply(Place(point))

    def swap(self, swap: bool = True) -> Game:
        return self.apply(Swap(swap))

    def declare(self, count: int) -> Game:
        return self.apply(Declare(count))

    def offer(self, point: Point) -> Game:
        return self.apply(Offer(point))

    def pass_move(self) -> Game:
        return self.apply(Pass())

    def claim_foul(self) -> Game:
        return self.apply(ClaimFoul())

    def resign(self, stone: Stone) -> Game:
        return self.apply(Resign(stone))

    def lose_on_time(self, stone: Stone) -> Game:
        return self.apply(TimeLoss(stone))

    def agree_draw(self) -> Game:
        return self.apply(AgreeDraw())

    def arbiter_decision(self, winner: Stone | None, reason: str = "") -> Game:
        return self.apply(ArbiterDecision(winner, reason))

    def undo(self) -> Game:
        """The game before the last action."""
        if self.previous is None:
            raise UserError("没有可以撤销的操作", "nothing to undo", "undo")
        return self.previous

    def apply(self, action: Action) -> Game:
        """The game after `action`; `UserError` (Chinese + English reason) if it is illegal."""
        phase = self.phase
        if phase is Phase.OVER:
            raise UserError("对局已经结束", "the game is over", _describe(action))
        if isinstance(action, Place | Offer | Choose):
            return self._point_action(action)
        if isinstance(action, Swap):
            if self.current_step.kind is not StepKind.DECIDE:
                raise _wrong_phase(action, phase)
            black = self.black_player.other if action.swap else self.black_player
            return self._next(action, swapped=action.swap, swaps=(*self.swaps, action.swap),
                              black_player=black,
                              step=self._after("swap" if action.swap else "noswap"))
        if isinstance(action, Declare):
            return self._declare(action, phase)
        if isinstance(action, Pass):
            return self._pass(action, phase)
        if isinstance(action, ClaimFoul):
            if not self.foul_pending:
                raise UserError("现在没有可以指出的黑方禁手",
                                "there is no black foul to claim now", "claim_foul")
            return self._end(action, Stone.WHITE, Ending.FOUL, foul_pending=False)
        if isinstance(action, Resign):
            return self._end(action, action.stone.other, Ending.RESIGNATION)
        if isinstance(action, TimeLoss):
            return self._end(action, action.stone.other, Ending.TIME)
        if isinstance(action, AgreeDraw):
            return self._end(action, None, Ending.AGREED_DRAW)
        if isinstance(action, ArbiterDecision):
            return self._end(action, action.winner, Ending.ARBITER, reason=action.reason)
        raise UserError("未知的操作", "unknown action", repr(action))

    # -- internals --

    def _after(self, what: str) -> int:
        return after(self.settings.steps, self.step, what)

    def _next(self, action: Action, **changes: object) -> Game:
        values = {
            "settings": self.settings, "actions": (*self.actions, action), "moves": self.moves,
            "black_player": self.black_player, "swapped": self.swapped,
            "opening": self.opening, "offers": self.offers, "fouls": self.fouls,
            "foul_pending": self.foul_pending, "result": self.result, "step": self.step,
            "stones": self.stones, "swaps": self.swaps, "declared": self.declared,
            "passes": self.passes, "passes_in_row": self.passes_in_row, "previous": self,
        }
        values.update(changes)
        return Game(**values)  # type: ignore[arg-type]

    def _end(self, action: Action, winner: Stone | None, ending: Ending, reason: str = "",
             **changes: object) -> Game:
        moves = changes.get("moves", self.moves)
        result = GameResult(winner, ending, self.black_player, len(moves), reason)  # type: ignore[arg-type]
        return self._next(action, result=result, **changes)

    def _declare(self, action: Declare, phase: Phase) -> Game:
        step = self.current_step
        if step.kind is not StepKind.DECLARE:
            raise _wrong_phase(action, phase)
        low, high = step.declare
        if not low <= action.count <= high:
            raise UserError(f"打点数应在 {low} 至 {high} 之间（声明了 {action.count}）",
                            f"the number of fifth moves must be {low} to {high} "
                            f"(declared {action.count})", _describe(action))
        return self._next(action, declared=action.count, step=self._after("declare"))

    def _pass(self, action: Pass, phase: Phase) -> Game:
        """弃权 (RIF rules, pass): only once the opening is over; two in a row draw."""
        if self.current_step.kind is not StepKind.MOVE:
            raise UserError("开局阶段不能弃权", "no pass during the opening",
                            _describe(action))
        in_row = self.passes_in_row + 1
        if in_row == 2:
            return self._end(action, None, Ending.PASSES, passes=self.passes + 1,
                             passes_in_row=in_row, foul_pending=False)
        return self._next(action, passes=self.passes + 1, passes_in_row=in_row,
                          foul_pending=False)

    def _click_kind(self, step: Step) -> ActionKind | None:
        """What a click on the board does at `step`."""
        if step.kind in (StepKind.PLACE, StepKind.MOVE):
            return ActionKind.PLACE
        if step.kind is StepKind.OFFER:
            return ActionKind.OFFER
        if step.kind is StepKind.CHOOSE:
            return ActionKind.CHOOSE
        if step.kind is StepKind.DECIDE and step.place_instead:
            return ActionKind.PLACE
        return None

    def _refusal(self, kind: ActionKind, point: Point, keep: tuple[int, ...] | None = None
                 ) -> tuple[str, str] | None:
        """Why `point` may not be used for `kind` now, or None (`keep`: the position's
        stabiliser, for offers)."""
        if self.stone_at(point) is not None:
            return ("此处已有棋子", "the point is not empty")
        step = self.current_step
        if kind is ActionKind.OFFER:
            if point in self.offers:
                return ("此点已经提出", "this point was already offered")
            keep = stabiliser(self.position) if keep is None else keep
            for other in self.offers:
                if equivalent(point, other, keep):
                    return (f"与已提出的 {format_point(other)} 对称，视为同一打点",
                            f"symmetric to the offered {format_point(other)}: the same move")
            return None
        if step.kind is StepKind.MOVE:
            return None
        if self.settings.opening_rule.opening_at_once and len(self.moves) < 3:
            return self._opening_refusal(point)
        if not in_area(point, step.area):
            if step.area == 1:
                return ("第1手应下在天元 h8", "the first stone goes on the centre h8")
            return (f"此手应下在中心 {step.area}×{step.area} 范围内",
                    f"this stone goes in the central {step.area}x{step.area} square")
        if step.adjacent or step.opening:
            return self._opening_refusal(point)
        return None

    def _opening_refusal(self, point: Point) -> tuple[str, str] | None:
        fixed = self.settings.fixed_opening
        count = len(self.moves)
        if count == 0:
            if point != CENTRE:
                return ("第1手应下在天元 h8", "the first stone goes on the centre h8")
        elif count == 1:
            if not second_stone_allowed(point, fixed):
                if fixed is not None:
                    kind = "直指" if fixed.direct else "斜指"
                    return (f"指定开局{fixed.name_zh}为{kind}，第2手位置不符",
                            f"the fixed opening {fixed.code} needs a "
                            f"{'direct' if fixed.direct else 'diagonal'} second stone")
                return ("第2手应紧贴天元（直指或斜指）",
                        "the second stone goes next to h8 (direct or diagonal)")
        else:
            opening = recognise(self.moves[0], self.moves[1], point)
            if opening is None:
                return ("前三手不构成26种指定开局之一",
                        "stones 1-3 do not form one of the 26 designated openings")
            if fixed is not None and opening != fixed:
                return (f"本局指定开局为{fixed.name_zh}，此手构成{opening.name_zh}",
                        f"the fixed opening is {fixed.code}; this makes {opening.code}")
        return None

    def _point_action(self, action: Place | Offer | Choose) -> Game:
        point = action.point
        kind = {Place: ActionKind.PLACE, Offer: ActionKind.OFFER,
                Choose: ActionKind.CHOOSE}[type(action)]
        if kind not in self.legal_actions():
            raise _wrong_phase(action, self.phase)
        if not (0 <= point[0] < SIZE and 0 <= point[1] < SIZE):
            raise UserError("坐标超出棋盘", "point off the board", str(point))
        if isinstance(action, Choose):
            if point not in self.offers:
                raise UserError("只能从黑方提出的打点中选择",
                                "choose one of the points black offered", _describe(action))
            return self._place(action, point, self._after("choose"))
        refusal = self._refusal(kind, point)
        if refusal is not None:
            raise UserError(refusal[0], refusal[1], _describe(action))
        if isinstance(action, Offer):
            offers = (*self.offers, point)
            done = len(offers) >= self.offers_wanted
            return self._next(action, offers=offers,
                              step=self._after("offers_done" if done else "offer"))
        step = self._after("place")
        if self.current_step.kind is not StepKind.MOVE and len(self.moves) == 2 and (
                self.settings.opening_rule.uses_openings):
            opening = recognise(*self.moves, point)
            return self._next(action, moves=(*self.moves, point),
                              stones=(*self.stones, self.to_move), opening=opening, step=step)
        return self._place(action, point, step)

    def _place(self, action: Action, point: Point, step: int) -> Game:
        """A stone: five, foul or neither; full board is a draw."""
        stone = self.to_move
        rules = self.settings.rules
        outcome = move_result(self.position, point, stone, rules)
        moves = (*self.moves, point)
        stones = (*self.stones, stone)
        common: dict[str, object] = {"moves": moves, "stones": stones, "step": step,
                                     "passes_in_row": 0}
        if outcome is FiveResult.FIVE:
            return self._end(action, stone, Ending.FIVE, "", foul_pending=False, **common)
        fouls = self.fouls
        pending = False
        if outcome is FiveResult.FORBIDDEN:
            kind = forbidden_kind(self.position, point, rules) or ""
            fouls = (*fouls, (len(moves), kind))
            pending = True
        if len(moves) == SIZE * SIZE:
            return self._end(action, None, Ending.FULL_BOARD, "", fouls=fouls,
                             foul_pending=False, **common)
        return self._next(action, fouls=fouls, foul_pending=pending, **common)


_PHASE_OF = {
    StepKind.PLACE: Phase.OPENING, StepKind.DECIDE: Phase.SWAP,
    StepKind.DECLARE: Phase.DECLARE, StepKind.OFFER: Phase.OFFER,
    StepKind.CHOOSE: Phase.CHOOSE, StepKind.MOVE: Phase.MOVE,
}
_ACTIONS_OF = {
    StepKind.PLACE: frozenset({ActionKind.PLACE}), StepKind.DECIDE: frozenset({ActionKind.SWAP}),
    StepKind.DECLARE: frozenset({ActionKind.DECLARE}),
    StepKind.OFFER: frozenset({ActionKind.OFFER}),
    StepKind.CHOOSE: frozenset({ActionKind.CHOOSE}),
    StepKind.MOVE: frozenset({ActionKind.PLACE, ActionKind.PASS}),
}


def _describe(action: Action) -> str:
    """Where a refused action was: the board point it names (`j10`, as the board's edges
    label it), else nothing (the text says what was refused; a class name is no place)."""
    point = getattr(action, "point", None)
    return format_point(point) if point is not None else ""


_PHASE_ZH = {
    Phase.OPENING: "应先按开局规则摆子", Phase.SWAP: "应先决定是否交换",
    Phase.DECLARE: "应先声明五手打点数",
    Phase.OFFER: "应由黑方提出第五手打点", Phase.CHOOSE: "应由白方选择第五手",
    Phase.MOVE: "应正常落子", Phase.OVER: "对局已经结束",
}
_PHASE_EN = {
    Phase.OPENING: "the opening stones come first",
    Phase.SWAP: "the swap decision comes first",
    Phase.DECLARE: "the number of fifth moves must be declared first", Phase.OFFER: "black must offer fifth moves",
    Phase.CHOOSE: "white must choose the fifth move", Phase.MOVE: "a move is expected",
    Phase.OVER: "the game is over",
}


def _wrong_phase(action: Action, phase: Phase) -> UserError:
    return UserError(f"现在不能这样做：{_PHASE_ZH[phase]}",
                     f"not allowed now: {_PHASE_EN[phase]}", _describe(action))


# --- the game as one line of text -------------------------------------------------------------


def _action_text(action: Action) -> str:
    if isinstance(action, Place):
        return format_point(action.point)
    if isinstance(action, Offer):
        return "offer:" + format_point(action.point)
    if isinstance(action, Choose):
        return "choose:" + format_point(action.point)
    if isinstance(action, Swap):
        return "swap" if action.swap else "noswap"
    if isinstance(action, Declare):
        return f"declare:{action.count}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, ClaimFoul):
        return "claim"
    if isinstance(action, Resign):
        return "resign:" + action.stone.value
    if isinstance(action, TimeLoss):
        return "time:" + action.stone.value
    if isinstance(action, AgreeDraw):
        return "draw"
    winner = action.winner.value if action.winner else "draw"
    reason = action.reason.replace("%", "%25").replace(" ", "%20")
    return f"arbiter:{winner}" + (f":{reason}" if reason else "")


def encode_actions(game: Game) -> str:
    """Every action of the game as one line, e.g. `h8 h9 h10 swap i9 offer:j8 offer:g6 ...`."""
    return " ".join(_action_text(a) for a in game.actions)


def decode_action(token: str, where: str) -> Action:
    """One token of an action line (`encode_actions`); `UserError` when it is none."""
    head, _, rest = token.partition(":")
    stones = {"black": Stone.BLACK, "white": Stone.WHITE}
    if head in ("offer", "choose"):
        point = parse_point(rest, where)
        return Offer(point) if head == "offer" else Choose(point)
    if head in ("swap", "noswap") and not rest:
        return Swap(head == "swap")
    if head == "claim" and not rest:
        return ClaimFoul()
    if head == "pass" and not rest:
        return Pass()
    if head == "declare" and rest.isascii() and rest.isdigit() and len(rest) <= 3:
        return Declare(int(rest))
    if head == "draw" and not rest:
        return AgreeDraw()
    if head in ("resign", "time") and rest in stones:
        return Resign(stones[rest]) if head == "resign" else TimeLoss(stones[rest])
    if head == "arbiter":
        winner, _, reason = rest.partition(":")
        if winner in stones or winner == "draw":
            text = reason.replace("%20", " ").replace("%25", "%")
            return ArbiterDecision(stones.get(winner), text)
    if not rest:
        return Place(parse_point(head, where))
    raise UserError(f"无法识别的操作 {token!r}", f"unknown action {token!r}", where)


_STEP_WORDS = frozenset({"swap", "noswap", "claim", "draw", "pass"})
_STEP_HEADS = ("offer:", "choose:", "declare:", "resign:", "time:", "arbiter:")


def is_action_line(text: str) -> bool:
    """True when `text` reads as an action line (it names a step, not only stones)."""
    return any(token in _STEP_WORDS or token.startswith(_STEP_HEADS) for token in text.split())


def decode_actions(settings: GameSettings, text: str, where: str = "game") -> Game:
    """Replay a line written by `encode_actions`; `UserError` names the bad action."""
    game = Game.new(settings)
    for i, token in enumerate(text.split(), start=1):
        place = f"{where}: action {i}"
        try:
            game = game.apply(decode_action(token, place))
        except UserError as error:
            raise UserError(error.zh, error.en, f"{place} ({token})") from None
    return game
