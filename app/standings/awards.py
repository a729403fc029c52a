"""Prizes and grade titles (录取与奖励、段级位申报): final places turned into what each player or team
receives, with ties never paid more than the places they cover; team awards that shrink with
few teams; groups cancelled for want of players.

Sources:
- qiwang 2022 十五1-3: prize tables (公开组 1st 30000 ... 9-16 800; 公开组（女子）; 团体; 少儿组);
  "参加团体不足3支队录取冠军，3支队录取前两名"; 十五4: "本次比赛获得名次的选手可以申请技术等级称号，
  可申请等级见下表", each title "不顺延" (a title a player declines is not passed down).
- shenzhen 2022 十二(一): individual top 4 (1st trophy, medal, certificate; 2-4 certificate and
  medal); 十二(二): team top 4, "参赛数量不足4队时，按实际参赛队数减一录取"; 九(三)/十二(一): "参赛
  人数少于4人（含4人），取消该组比赛"; 九(一): groups under 8 (大众) / 6 (专业) players merge, and
  "不影响到各组录取前4名，分数相同并列的不加赛".
- 2016 八(二)1 and shenzhen 十一(一)2: "不涉及录取名次的为并列名次，涉及录取名次的进行加赛": a tie is
  played off only where the places it covers are worth different things (`AwardScheme`).
- 2016 八(二)3: qualification places passed down in order (依次顺延) when a qualifier declines.
- Where a regulation gives no rule for a tie (qiwang teams), the arbiter chooses per ranking:
  the tie-break chain, then either a playoff / drawing of lots (`TieRule.PLAYOFF`), or the
  covered prizes shared equally (`TieRule.SHARE`, the Hort system of FIDE C.07 art. 2 notes);
  the award list says which was applied (`AwardBasis`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from app.standings.ranking import Standings
from app.standings.stakes import PlaceAward, PlayoffReason, Stake

__all__ = [
    "QIWANG_JUNIOR_GRADES",
    "QIWANG_JUNIOR_PRIZES",
    "QIWANG_OPEN_GRADES",
    "QIWANG_OPEN_PRIZES",
    "QIWANG_TEAM_MEN_PRIZES",
    "QIWANG_TEAM_WOMEN_PRIZES",
    "QIWANG_WOMEN_PRIZES",
    "SHENZHEN_INDIVIDUAL_PRIZES",
    "SHENZHEN_MERGE_MINIMUM",
    "SHENZHEN_TEAM_PRIZES",
    "Award",
    "AwardBasis",
    "AwardList",
    "AwardScheme",
    "CertificateRule",
    "Declines",
    "GradeTable",
    "Placing",
    "Prize",
    "PrizeTable",
    "TeamAwardRule",
    "TieRule",
    "decide_awards",
    "gets_certificate",
    "group_cancelled",
    "needs_merge",
    "open_ties",
    "placings",
    "team_award_places",
]


@dataclass(frozen=True)
class Prize:
    """What one place receives: money (yuan, tax included) and things (奖杯, 奖牌, 奖状, 晋级资格
    ...), in the order the regulation lists them."""

    money: int = 0
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class PrizeTable:
    """Bands of places `(first, last, prize)`, e.g. `(4, 8, Prize(2000, ("奖状",)))`."""

    bands: tuple[tuple[int, int, Prize], ...]

    @classmethod
    def from_settings(cls, entries: Iterable[Mapping[str, Any]]) -> PrizeTable:
        """From the stored form `{"from": 4, "to": 8, "money": 2000, "items": ["奖状"]}`."""
        return cls(tuple((int(e["from"]), int(e["to"]),
                          Prize(int(e.get("money") or 0), tuple(e.get("items", ()))))
                         for e in entries))

    def prize_for(self, place: int) -> Prize | None:
        for first, last, prize in self.bands:
            if first <= place <= last:
                return prize
        return None

    @property
    def places(self) -> frozenset[int]:
        return frozenset(p for first, last, _ in self.bands for p in range(first, last + 1))

    def limited_to(self, places: int) -> PrizeTable:
        """Only the first `places` places (team awards with few teams)."""
        return PrizeTable(tuple((f, min(last, places), p) for f, last, p in self.bands
                                if f <= places))


@dataclass(frozen=True)
class GradeTable:
    """Grade titles (段级位) a place gives the right to apply for (可申请), by place bands.
    `passed_down` False = "不顺延" (qiwang 十五4): a player who declines does not pass the title
    to the next player; True = 依次顺延 (the players below move up one place per decliner)."""

    bands: tuple[tuple[int, int, str], ...]
    passed_down: bool = False

    def title_for(self, place: int) -> str | None:
        for first, last, title in self.bands:
            if first <= place <= last:
                return title
        return None

    @property
    def places(self) -> frozenset[int]:
        return frozenset(p for first, last, _ in self.bands for p in range(first, last + 1))


def _cert(money: int, medal: bool = False) -> Prize:
    return Prize(money, ("奖牌", "奖状") if medal else ("奖状",))


# qiwang 2022 十五1: 公开组取前16名，女子单独取前6名，授予奖金和奖状
QIWANG_OPEN_PRIZES = PrizeTable((
    (1, 1, _cert(30000)), (2, 2, _cert(10000)), (3, 3, _cert(6000)),
    (4, 8, _cert(2000)), (9, 16, _cert(800)),
))
QIWANG_WOMEN_PRIZES = PrizeTable((
    (1, 1, _cert(8000)), (2, 2, _cert(4000)), (3, 3, _cert(2000)),
    (4, 4, _cert(1000)), (5, 5, _cert(800)), (6, 6, _cert(600)),
))
# 十五2: 团体 男子录取前6名，女子录取前3名，授予奖金、奖牌和奖状
QIWANG_TEAM_MEN_PRIZES = PrizeTable(tuple(
    (i, i, _cert(m, medal=True)) for i, m in enumerate((10000, 6000, 4000, 2000, 1000, 800), 1)
))
QIWANG_TEAM_WOMEN_PRIZES = PrizeTable(tuple(
    (i, i, _cert(m, medal=True)) for i, m in enumerate((5000, 3000, 2000), 1)
))
# 十五3: 少儿赛录取前8名，授予奖金、奖牌和奖状
QIWANG_JUNIOR_PRIZES = PrizeTable((
    (1, 1, _cert(2000, True)), (2, 2, _cert(1000, True)), (3, 3, _cert(800, True)),
    (4, 8, _cert(500, True)),
))
# 十五4②③: 总决赛 grade titles, all 不顺延
QIWANG_OPEN_GRADES = GradeTable((
    (1, 1, "六段"), (2, 3, "五段"), (4, 6, "四段"), (7, 9, "三段"), (10, 13, "二段"),
    (14, 17, "一段"), (18, 22, "一级"), (23, 26, "二级"), (27, 30, "三级"),
))
QIWANG_JUNIOR_GRADES = GradeTable((
    (1, 1, "二段"), (2, 3, "一段"), (4, 6, "一级"), (7, 9, "二级"), (10, 13, "三级"),
))
# shenzhen 2022 十二(一)(二)
SHENZHEN_INDIVIDUAL_PRIZES = PrizeTable((
    (1, 1, Prize(items=("奖杯", "奖牌", "奖状"))),
    (2, 4, Prize(items=("奖牌", "奖状"))),
))
SHENZHEN_TEAM_PRIZES = PrizeTable((
    (1, 1, Prize(items=("奖杯", "奖状"))),
    (2, 4, Prize(items=("奖状",))),
))
SHENZHEN_MERGE_MINIMUM = {"大众": 8, "专业": 6}  # 九(一): smaller groups merge


class AwardBasis(StrEnum):
    """How a place was decided (the one typed decision), printed in the standings, on the
    award list and on the certificates (`app.wording.decision_text` words it)."""

    PLACE = "place"  # 按名次 (places told apart by the tie-break chain, or a tie inside one band)
    PLAYOFF = "playoff"  # 加赛决定: the order among equals played off
    LOTS = "lots"  # 抽签决定: the order among equals drawn by lots (huazhi 预选赛 (6))
    SHARED = "shared"  # 并列，奖金平分
    AWAITING_PLAYOFF = "awaiting_playoff"  # 待加赛（或抽签）: nothing given yet
    AWAITING_LOTS = "awaiting_lots"  # 待抽签: a team's tie, which no playoff can settle
    AWAITING_RULE = "awaiting_rule"  # 待定并列办法: the regulation states no rule for it


class TieRule(StrEnum):
    """What happens to a tie still level after the ranking's tie-break chain where the places
    it covers are worth different things."""

    PLAYOFF = "playoff"  # 加赛（或抽签）: 2016 八(二)1, shenzhen 十一(一)2; flagged for the arbiter
    SHARE = "share"  # 平分: the covered prizes' money shared equally (Hort)


@dataclass(frozen=True)
class AwardScheme:
    """A ranking's awards: prize and title tables and how ties over them are settled.

    Decisive places are exactly the places these tables give something to.
    `playoffs` False: the group never plays off (every tie is shared, prizes by `SHARE`).
    `playoff_all_admitted`: the event plays off every tie inside its admitted places, even
    where the places are worth the same (the default follows shenzhen 九(一): "不加赛").
    """

    prizes: PrizeTable | None = None
    grades: GradeTable | None = None
    tie_rule: TieRule = TieRule.PLAYOFF
    playoffs: bool = True
    playoff_all_admitted: bool = False
    # How a tie that waits is marked: a player's tie waits for a playoff (or lots), a team's
    # for lots (teams play no playoff: Team Swiss, team rankings), and a team ranking's whose
    # regulation states no rule for the arbiter to choose one.
    waiting: AwardBasis = AwardBasis.AWAITING_PLAYOFF

    def place_award(self, place: int) -> PlaceAward:
        """What `place` receives by the tables."""
        prize = self.prizes.prize_for(place) if self.prizes else None
        title = self.grades.title_for(place) if self.grades else None
        return PlaceAward(place, prize.money if prize else 0, prize.items if prize else (),
                          title or "")

    @property
    def admitted_places(self) -> frozenset[int]:
        """Places that receive a prize or a title (录取名次)."""
        places: set[int] = set()
        for table in (self.prizes, self.grades):
            if table is not None:
                places |= table.places
        return frozenset(places)

    def differences(self, first: int, last: int) -> tuple[Stake, ...]:
        """The kinds of award that differ across places `first`..`last`."""
        covered = [self.place_award(p) for p in range(first, last + 1)]
        stakes = []
        for stake, value in ((Stake.MONEY, lambda a: a.money), (Stake.ITEMS, lambda a: a.items),
                             (Stake.TITLE, lambda a: a.title)):
            if len({value(a) for a in covered}) > 1:
                stakes.append(stake)
        return tuple(stakes)

    def playoff_reason(self, first: int, last: int) -> PlayoffReason | None:
        """Whether a tie over `first`..`last` is played off (2016 八(二)1, shenzhen 十一(一)2,
        九(一)); with `SHARE` money is shared, so only things that cannot be shared count."""
        if not self.playoffs:
            return None
        stakes = self.differences(first, last)
        if self.tie_rule is TieRule.SHARE:
            stakes = tuple(s for s in stakes if s is not Stake.MONEY)
        if not stakes and self.playoff_all_admitted and any(
                p in self.admitted_places for p in range(first, last + 1)):
            stakes = (Stake.ADMITTED,)
        if not stakes:
            return None
        return PlayoffReason(first, last, stakes,
                             tuple(self.place_award(p) for p in range(first, last + 1)))


@dataclass(frozen=True)
class Placing:
    """A ranked entry as the awards need it: `key` is a pairing number or a team name; `place`
    None for an entry without a result (a unit short of members)."""

    key: int | str
    place: int | None
    shared: bool = False
    needs_playoff: bool = False
    decided_by: AwardBasis | None = None  # PLAYOFF or LOTS: the order among equals was set

    @property
    def decided(self) -> bool:
        return self.decided_by is not None


def placings(standings: Standings) -> tuple[Placing, ...]:
    """The placings of an individual ranking (an order among equals set by a playoff, or
    drawn by lots: the decision a team's lots are, `AwardBasis.LOTS`)."""
    return tuple(Placing(r.number, r.place, r.shared, r.needs_playoff,
                         AwardBasis.LOTS if r.decided_by_lots
                         else AwardBasis.PLAYOFF if r.decided_by_playoff else None)
                 for r in standings.rows)


@dataclass(frozen=True)
class Declines:
    """Entries who declined their grade title or their prize (recorded by the arbiter)."""

    titles: frozenset[int | str] = frozenset()
    prizes: frozenset[int | str] = frozenset()


@dataclass(frozen=True)
class Award:
    """What one entry receives in one ranking.

    `money` is the amount paid (a share under `AwardBasis.SHARED`, so a Fraction); `items` the
    things given; `title` the grade title the place gives the right to apply for (可申请),
    None when none or declined. `covered` = the places the entry's tie covers (first, last).
    """

    key: int | str
    place: int
    shared: bool
    covered: tuple[int, int]
    basis: AwardBasis
    money: Fraction = Fraction(0)
    items: tuple[str, ...] = ()
    title: str | None = None
    declined_title: bool = False
    declined_prize: bool = False

    @property
    def has_prize(self) -> bool:
        return bool(self.money or self.items)

    @property
    def waiting(self) -> bool:
        """Held back until a playoff, lots or the arbiter's rule decides the tie."""
        return self.basis in (AwardBasis.AWAITING_PLAYOFF, AwardBasis.AWAITING_LOTS,
                              AwardBasis.AWAITING_RULE)

    @property
    def listed(self) -> bool:
        """On the award list: it gives something, or something was declined."""
        return self.has_prize or bool(self.title) or self.declined_title or self.declined_prize

    @property
    def number(self) -> int:
        """The pairing number of an individual award."""
        assert isinstance(self.key, int)
        return self.key


@dataclass(frozen=True)
class AwardList:
    """A ranking's awards in place order; `final` False = provisional (临时，非最终)."""

    awards: tuple[Award, ...]
    final: bool
    tie_rule: TieRule
    pending_playoffs: int = 0  # entries still waiting for a playoff (or lots)

    def of(self, key: int | str) -> Award | None:
        return next((a for a in self.awards if a.key == key), None)


def _share(scheme: AwardScheme, first: int, last: int, place: int
           ) -> tuple[AwardBasis, Fraction, tuple[str, ...], str | None]:
    """What each entry of a tie over `first`..`last` (ranked at `place`) receives: the same as
    one place where the covered places are worth the same; else the covered money shared
    equally (Hort), with the things and the title all covered places give (never more than
    the places are worth: the last covered place's title)."""
    covered = [scheme.place_award(p) for p in range(first, last + 1)]
    if not scheme.differences(first, last):
        one = covered[0]
        return AwardBasis.PLACE, Fraction(one.money), one.items, one.title or None
    count = last - first + 1
    money = Fraction(sum(a.money for a in covered), count)
    items = tuple(i for i in covered[0].items if all(i in a.items for a in covered))
    return AwardBasis.SHARED, money, items, covered[-1].title or None


def open_ties(entries: Sequence[Placing], scheme: AwardScheme, final: bool
              ) -> tuple[tuple[Placing, ...], dict[int, PlayoffReason]]:
    """Ranked entries (teams) whose ties the ranking's tie rule settles by lots or a playoff:
    a tie still undecided where it changes what the entries receive waits (`needs_playoff`),
    with the reason (`scheme.playoff_reason`: what differs across its places), keyed by its
    first place. Nothing waits while the ranking is unfinished (a tie is only a tie then)."""
    sizes: dict[int, int] = {}
    for entry in entries:
        if entry.place is not None:
            sizes[entry.place] = sizes.get(entry.place, 0) + 1
    reasons: dict[int, PlayoffReason] = {}
    for place, size in sizes.items():
        if size > 1 and final and not any(e.decided for e in entries if e.place == place):
            reason = scheme.playoff_reason(place, place + size - 1)
            if reason is not None:
                reasons[place] = reason
    out = tuple(replace(entry, needs_playoff=entry.place is not None and entry.place in reasons)
                for entry in entries)
    return out, reasons


def _tie_sizes(entries: Sequence[Placing]) -> dict[int, int]:
    """How many entries share each place (an order set by a playoff or lots is no tie)."""
    sizes: dict[int, int] = {}
    for entry in entries:
        if entry.place is not None and not entry.decided:
            sizes[entry.place] = sizes.get(entry.place, 0) + 1
    return sizes


def decide_awards(
    entries: Sequence[Placing],
    scheme: AwardScheme,
    *,
    final: bool = True,
    declines: Declines = Declines(),
) -> AwardList:
    """Prizes and titles by place (录取与奖励).

    - A tie decided by a playoff or by lots gives each its own place (`PLAYOFF`, `LOTS`); a
      tie still waiting for one gives nothing yet (`scheme.waiting`); any other tie shares
      (`_share`).
    - A declined prize is not paid and not passed down. A declined title is not given; with a
      不顺延 table (qiwang 十五4) nobody moves up, with 依次顺延 (2016 八(二)3) each player below
      takes the title one place higher per decliner above.
    Only entries that receive something, wait for a playoff, or declined are listed.
    """
    sizes = _tie_sizes(entries)
    out: list[Award] = []
    pending = 0
    declined_above = 0
    grades = scheme.grades
    for entry in entries:
        if entry.place is None:
            continue
        place = entry.place
        last = place + sizes.get(place, 1) - 1 if entry.shared else place
        if entry.needs_playoff:
            pending += 1
            out.append(Award(entry.key, place, entry.shared, (place, last),
                             scheme.waiting))
            continue
        if entry.decided_by is not None:
            _basis, money, items, title = _share(scheme, place, place, place)
            basis = entry.decided_by
        else:
            basis, money, items, title = _share(scheme, place, last, place)
        if grades is not None and grades.passed_down and declined_above:
            title = grades.title_for(last - declined_above)
        no_title = entry.key in declines.titles
        no_prize = entry.key in declines.prizes
        if no_title and title:
            declined_above += 1
        award = Award(entry.key, place, entry.shared, (place, last), basis,
                      Fraction(0) if no_prize else money, () if no_prize else items,
                      None if no_title else title, declined_title=no_title and bool(title),
                      declined_prize=no_prize and bool(money or items))
        if award.listed:
            out.append(award)
    return AwardList(tuple(out), final and not pending, scheme.tie_rule, pending)


class CertificateRule(StrEnum):
    """Who receives a certificate (奖状). The regulations give 奖状 to the awarded places (录取名次):
    qiwang 十五1 "公开组取前16名，女子单独取前6名 … 授予奖金和奖状", 十五2-3 the awarded teams and
    juniors 1-8; the places that only give the right to apply for a grade title (可申请, 十五4)
    receive none unless the event asks for more (stated in its 秩序册)."""

    AWARDED = "awarded"  # the places a prize table rewards
    PLACED = "placed"  # those and every place with a grade title to apply for


def gets_certificate(award: Award, rule: CertificateRule = CertificateRule.AWARDED) -> bool:
    """Whether an award's entry receives a certificate under `rule`."""
    return award.has_prize or (rule is CertificateRule.PLACED and award.title is not None)


class TeamAwardRule(StrEnum):
    FULL = "full"
    QIWANG = "qiwang"  # <3 teams: champion only; 3 teams: top two
    SHENZHEN = "shenzhen"  # <4 teams: teams minus one


def team_award_places(teams: int, places: int, rule: TeamAwardRule = TeamAwardRule.FULL
                      ) -> int:
    """How many team places are awarded when `teams` teams took part."""
    if rule is TeamAwardRule.QIWANG:
        if teams < 3:
            return min(1, teams)
        if teams == 3:
            return min(2, places)
    if rule is TeamAwardRule.SHENZHEN and teams < 4:
        return max(0, min(places, teams - 1))
    return min(places, teams)


def group_cancelled(players: int, limit: int = 4) -> bool:
    """shenzhen 九(三): a group of `limit` (4) players or fewer is cancelled (取消该组比赛)."""
    return players <= limit


def needs_merge(players: int, minimum: int) -> bool:
    """shenzhen 九(一): a group with fewer than `minimum` players merges with the same age
    group (men and women still ranked apart)."""
    return players < minimum
