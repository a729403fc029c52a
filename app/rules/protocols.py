"""Opening protocols (开局规则): who places which stone, who may swap, who offers fifth moves.

Each protocol is a short script of steps played before ordinary moves begin. A `Game`
(`app.rules.game`) keeps the index of the step it is at; `step_at(protocol, index, ...)`
says what that step asks for, and `after(...)` which step follows an action. The scripts,
with the reading taken where a text is unclear:

- `DESIGNATED` 指定开局 + 三手交换 + 五手N打 (《中国五子棋竞赛规则》2013; the regulations in
  2022-shenzhen-championship.txt (三)2, 2022-qiwang-championship-shaoxing.txt,
  2021-huazhi-cup-team-championship.txt 决赛 2): the tentative black places stones 1-3
  (h8, a stone next to it, a third forming one of the 26 openings); where the group lets
  the player choose N (五手N打 for adults), the tentative black declares N with the opening;
  the other player decides whether to swap (三手交换); white plays 4 anywhere; black offers
  N fifth moves, pairwise not symmetric; white chooses one and plays 6. A group with a fixed
  N (五手两打 for juniors) skips the declaration.
- `YAMAGUCHI` (RIF, Yamaguchi rule): the first player puts one of the 26 openings and declares
  how many fifth moves will be offered; the next player may swap; white puts the 4th move
  anywhere; black puts the declared number of fifth moves (no two symmetric); white chooses
  one and plays the 6th. The text gives no upper bound for the number: we take 1 to
  `MAX_OFFERS`.
- `SOOSYRV8` (RIF, Soosõrv-N with N = 8): the first player puts one of the 26 openings; the
  other may swap; white puts the 4th move anywhere and declares 1 to 8 fifth moves; the other
  may swap; black puts that many fifth moves (not symmetric); white chooses one and plays 6th.
- `TARAGUCHI10` (RIF, Taraguchi-N with N = 10): black puts move 1 on the centre, the other
  may swap; white puts move 2 in the central 3x3, the other may swap; black puts move 3 in
  the 5x5, the other may swap; white puts move 4 in the 7x7. Then the text gives two
  choices: (1) the other player may swap, black puts move 5 in the 9x9, the other may swap,
  white plays 6 anywhere; (2) black puts ten fifth moves anywhere (not symmetric), white
  chooses one and plays 6. Reading taken: after move 4 the player holding black acts; he
  either swaps (choice 1, and the new black then puts move 5 in the 9x9), or puts move 5 in
  the 9x9 himself (choice 1 without a swap), or starts offering ten fifth moves (choice 2).
  "The other player" of each swap is the one who did not put the stone just placed.
- `SWAP2` (the Swap2 rule of the 2025 national individual championship's open group, as
  Gomocup and the RIF's gomoku events play it): the first player puts three stones anywhere,
  black, white, black; the second player then (a) stays white and plays move 4, (b) swaps
  and takes black, or (c) puts two more stones, white then black, after which the first
  player chooses his colour; white then plays the next move. No area limit is stated: none
  is applied.
- `FREE` 自由开局 (大众规则): no opening steps; black moves first anywhere.

Pass (弃权, RIF rules art. 9; the 2013 rules allow PASS too): once the opening steps are over
the player to move may pass instead of placing a stone; two passes in a row end the game as a
draw. No pass is allowed during the opening steps (RIF swap rule: "not allowed to pass within
the opening stage").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.rules.board import CENTRE, Point, Stone

MAX_OFFERS = 20  # the most fifth-move offers a declaration may ask for


class Protocol(StrEnum):
    """An opening rule, as a group setting (`opening` of the group)."""

    DESIGNATED = "designated"
    FREE = "free"
    SWAP2 = "swap2"
    SOOSYRV8 = "soosyrv8"
    TARAGUCHI10 = "taraguchi10"
    YAMAGUCHI = "yamaguchi"

    @property
    def zh(self) -> str:
        return _LABELS[self][0]

    @property
    def en(self) -> str:
        return _LABELS[self][1]

    @property
    def opening_at_once(self) -> bool:
        """The first player puts stones 1-3 as one of the 26 openings (no swap between)."""
        return self in (Protocol.DESIGNATED, Protocol.YAMAGUCHI, Protocol.SOOSYRV8)

    @property
    def uses_openings(self) -> bool:
        """Stones 1-3 must form one of the 26 designated openings."""
        return self in (Protocol.DESIGNATED, Protocol.YAMAGUCHI, Protocol.SOOSYRV8,
                        Protocol.TARAGUCHI10)


_LABELS = {
    Protocol.DESIGNATED: ("指定开局（三手交换、五手N打）",
                          "designated openings (swap after 3, N fifth moves)"),
    Protocol.FREE: ("自由开局", "free opening"),
    Protocol.SWAP2: ("Swap2", "Swap2"),
    Protocol.SOOSYRV8: ("索索夫-8（Soosõrv-8）", "Soosõrv-8"),
    Protocol.TARAGUCHI10: ("塔拉口-10（Taraguchi-10）", "Taraguchi-10"),
    Protocol.YAMAGUCHI: ("山口规则（Yamaguchi）", "Yamaguchi"),
}


class StepKind(StrEnum):
    PLACE = "place"  # put a stone of `stone` (inside `area`)
    DECIDE = "decide"  # swap colours or not (with the alternatives `place_instead`, `offer`)
    DECLARE = "declare"  # declare how many fifth moves will be offered
    OFFER = "offer"  # offer fifth moves, pairwise not symmetric
    CHOOSE = "choose"  # choose one of the offered fifth moves
    MOVE = "move"  # the opening is over: ordinary moves (and passes)


class Role(StrEnum):
    """Who acts at a step: a fixed player of the pairing, or whoever holds a colour now."""

    FIRST = "first"  # the pairing's first mover (tentative black)
    SECOND = "second"
    BLACK = "black"  # the player who holds black now
    WHITE = "white"


@dataclass(frozen=True)
class Step:
    """One step of an opening protocol.

    `area` is the side of the central square a stone must go in (1 = the centre, 3, 5, 7, 9),
    None for anywhere; `adjacent` (the second stone of the 26 openings) and `opening` (the
    third) add the designated-opening checks. A DECIDE step may allow placing a stone
    instead (`place_instead`: Swap2 option (c), Taraguchi choice 1 without a swap) or
    starting the offers (`offer_instead`: Taraguchi choice 2). `declare` is the range a
    DECLARE step allows; `offers` the number of offers an OFFER step wants (0: as declared).
    """

    kind: StepKind
    role: Role
    stone: Stone | None = None
    area: int | None = None
    adjacent: bool = False
    opening: bool = False
    place_instead: bool = False
    offer_instead: bool = False
    declare: tuple[int, int] = (0, 0)
    offers: int = 0
    ordinary: bool = False  # a stone anywhere, shown as an ordinary move (move 4)
    then: tuple[tuple[str, int], ...] = ()  # a branch: action -> index of the next step
    prompt_zh: str = ""
    prompt_en: str = ""


def in_area(point: Point, area: int | None) -> bool:
    """True when `point` lies in the central `area` x `area` square (None: anywhere)."""
    if area is None:
        return True
    half = area // 2
    return abs(point[0] - CENTRE[0]) <= half and abs(point[1] - CENTRE[1]) <= half


_B, _W = Stone.BLACK, Stone.WHITE
_MOVE = Step(StepKind.MOVE, Role.BLACK)


def _opening_stones(role: Role) -> list[Step]:
    return [
        Step(StepKind.PLACE, role, _B, area=1,
             prompt_zh="摆第1手（黑，天元）", prompt_en="place stone 1 (black, on the centre)"),
        Step(StepKind.PLACE, role, _W, area=3, adjacent=True,
             prompt_zh="摆第2手（白，紧贴天元）", prompt_en="place stone 2 (white, next to h8)"),
        Step(StepKind.PLACE, role, _B, area=5, opening=True,
             prompt_zh="摆第3手（黑，构成26种开局之一）",
             prompt_en="place stone 3 (black, one of the 26 openings)"),
    ]


def _swap(role: Role, zh: str, en: str) -> Step:
    return Step(StepKind.DECIDE, role, prompt_zh=zh, prompt_en=en)


def _fifth(count: int) -> list[Step]:
    return [
        Step(StepKind.OFFER, Role.BLACK, _B, offers=count,
             prompt_zh="黑方提出第五手打点", prompt_en="black offers fifth moves"),
        Step(StepKind.CHOOSE, Role.WHITE, _B,
             prompt_zh="白方从打点中选择第五手", prompt_en="white chooses the fifth move"),
    ]


def script(protocol: Protocol, fifth_offers: int = 2, declared: bool = False) -> tuple[Step, ...]:
    """The steps of `protocol` before ordinary moves (the last one is MOVE).

    `fifth_offers` is the fixed N of 五手N打 (DESIGNATED without a declaration); `declared`
    lets the tentative black declare N (1 to `fifth_offers`) with the opening instead.
    """
    four_anywhere = Step(StepKind.PLACE, Role.WHITE, _W, ordinary=True,
                         prompt_zh="白方下第4手", prompt_en="white plays move 4")
    if protocol is Protocol.FREE:
        return (_MOVE,)
    if protocol in (Protocol.DESIGNATED, Protocol.YAMAGUCHI):
        steps = _opening_stones(Role.FIRST)
        upper = MAX_OFFERS if protocol is Protocol.YAMAGUCHI else fifth_offers
        if protocol is Protocol.YAMAGUCHI or declared:
            steps.append(Step(StepKind.DECLARE, Role.FIRST, declare=(1, upper),
                              prompt_zh=f"假先方声明五手打点数（1至{upper}）",
                              prompt_en=f"the tentative black declares the number of fifth "
                                        f"moves (1 to {upper})"))
        steps.append(_swap(Role.SECOND, "三手交换：假后方选择是否交换",
                           "swap after move 3: the other player chooses whether to take black"))
        steps.append(four_anywhere)
        steps += _fifth(0 if protocol is Protocol.YAMAGUCHI or declared else fifth_offers)
        return (*steps, _MOVE)
    if protocol is Protocol.SOOSYRV8:
        steps = _opening_stones(Role.FIRST)
        steps.append(_swap(Role.SECOND, "假后方选择是否交换", "the other player may swap"))
        steps.append(four_anywhere)
        steps.append(Step(StepKind.DECLARE, Role.WHITE, declare=(1, 8),
                          prompt_zh="白方声明五手打点数（1至8）",
                          prompt_en="white declares the number of fifth moves (1 to 8)"))
        steps.append(_swap(Role.BLACK, "黑方选择是否交换", "the other player may swap"))
        steps += _fifth(0)
        return (*steps, _MOVE)
    if protocol is Protocol.TARAGUCHI10:
        return (
            Step(StepKind.PLACE, Role.BLACK, _B, area=1,
                 prompt_zh="黑方下第1手（天元）", prompt_en="black plays move 1 (centre)"),
            _swap(Role.WHITE, "对方可选择交换", "the other player may swap"),
            Step(StepKind.PLACE, Role.WHITE, _W, area=3,
                 prompt_zh="白方下第2手（中心3×3内）", prompt_en="white plays move 2 (central 3x3)"),
            _swap(Role.BLACK, "对方可选择交换", "the other player may swap"),
            Step(StepKind.PLACE, Role.BLACK, _B, area=5, opening=True,
                 prompt_zh="黑方下第3手（中心5×5内）", prompt_en="black plays move 3 (central 5x5)"),
            _swap(Role.WHITE, "对方可选择交换", "the other player may swap"),
            Step(StepKind.PLACE, Role.WHITE, _W, area=7,
                 prompt_zh="白方下第4手（中心7×7内）", prompt_en="white plays move 4 (central 7x7)"),
            # 7: black's choice after move 4 (see the module docstring for the reading).
            Step(StepKind.DECIDE, Role.BLACK, _B, area=9, place_instead=True, offer_instead=True,
                 offers=10, then=(("swap", 8), ("noswap", 8), ("place", 9), ("offer", 11),
                                  ("offers_done", 12)),
                 prompt_zh="黑方选择：交换，或在中心9×9内下第5手，或提出10个第五手打点",
                 prompt_en="black chooses: swap, play move 5 in the central 9x9, or offer "
                           "ten fifth moves"),
            # 8: after a swap at 7, the new black plays move 5 in the 9x9.
            Step(StepKind.PLACE, Role.BLACK, _B, area=9,
                 prompt_zh="黑方下第5手（中心9×9内）", prompt_en="black plays move 5 (central 9x9)"),
            # 9: after a single fifth move the other player may swap, then white plays 6.
            _swap(Role.WHITE, "对方可选择交换", "the other player may swap"),
            _MOVE,
            # 11, 12: choice 2, ten offers and white's choice.
            *_fifth(10),
            _MOVE,
        )
    if protocol is Protocol.SWAP2:
        anywhere = [
            Step(StepKind.PLACE, Role.FIRST, stone,
                 prompt_zh=f"先手方摆第{i}子（{stone.zh}）",
                 prompt_en=f"the first player places stone {i} ({stone.value})")
            for i, stone in ((1, _B), (2, _W), (3, _B))
        ]
        return (
            *anywhere,
            # 3: the second player: stay white, take black, or put two more stones.
            Step(StepKind.DECIDE, Role.SECOND, _W, place_instead=True,
                 then=(("swap", 4), ("noswap", 4), ("place", 5)),
                 prompt_zh="后手方选择：执白、交换执黑，或再摆两子（白、黑）",
                 prompt_en="the second player: stay white, swap to black, or place two more "
                           "stones"),
            _MOVE,
            # 5, 6: option (c), stones 4 (white) and 5 (black) by the second player.
            Step(StepKind.PLACE, Role.SECOND, _B,
                 prompt_zh="后手方摆第5子（黑）", prompt_en="the second player places stone 5 (black)"),
            _swap(Role.FIRST, "先手方选择执黑或执白", "the first player chooses his colour"),
            _MOVE,
        )
    raise ValueError(protocol)


def after(steps: tuple[Step, ...], index: int, action: str) -> int:
    """The index of the step that follows `action` at step `index` of a script.

    `action` is `place`, `swap`, `noswap`, `declare`, `offer` (an offer that leaves more to
    make), `offers_done` (the offer that completes the set) or `choose`. A step that branches
    names its next steps (`Step.then`); otherwise ordinary moves (MOVE) and an offer that
    leaves more to make stay at their step, and anything else goes on to the next.
    """
    step = steps[index]
    branch = dict(step.then).get(action)
    if branch is not None:
        return branch
    if step.kind is StepKind.MOVE or action == "offer":
        return index
    return index + 1
