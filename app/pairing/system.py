"""The competition systems (赛制) a group can be played by, with what each one implies.

This is the one place where a system is named. The rest of the program asks a `System` what
it can do (is it played by teams, does it have a bracket, how many rounds does it plan, which
pairing engine pairs it) instead of comparing names. The stored value of a group's system in
the event file is the enum's value, so files written before the enum existed open unchanged.

The systems, from the regulations (see ../shared/docs/DOMAIN.md, "Systems"):
- Swiss 积分编排制 (2016 national rules, shenzhen 十、(二)): FIDE Dutch engine.
- Round robin 单循环 and double round robin 双循环 (shenzhen 十、(二)): FIDE Berger tables
  (C.05 Annex 1); with an odd number of players one sits out each round.
- Knockout with full placement 淘汰制（全部排位） (huazhi 六、(三)5).
- Team matches 分台定人制 in a placement knockout (huazhi 六、(三)) and the cross-group round
  复赛 (huazhi 五、(二): 1st of list A against 8th of list B, ...).
- FIDE's 2026 Double-Swiss System (C.04.5, in force from 1 February 2026): every round a
  two-game match with the colours alternating in it (双盘制).
- FIDE's 2026 Swiss Team Pairing System (C.04.6, in force from 1 February 2026): a Swiss of
  teams (团体积分编排), each round a team match of fixed boards (分台定人制, huazhi 六、(三)3),
  for a team championship with more teams than a bracket takes.
"""

from __future__ import annotations

from enum import Enum, StrEnum

from app.errors import UserError


class Engine(Enum):
    """The pairing engine that pairs a system's rounds."""

    DUTCH = "dutch"  # app.pairing.swiss: FIDE Dutch system (C.04.3)
    BERGER = "berger"  # app.pairing.roundrobin: FIDE Berger tables (C.05 Annex 1)
    BRACKET = "bracket"  # app.pairing.knockout: placement knockout
    CROSS_GROUP = "cross_group"  # app.pairing.team.cross_group_pairing
    DOUBLE_SWISS = "double_swiss"  # app.pairing.double_swiss: FIDE Double-Swiss (C.04.5)
    TEAM_SWISS = "team_swiss"  # app.pairing.team_swiss: FIDE Swiss Team (C.04.6)


class System(StrEnum):
    """A group's competition system; its value is what the event file stores."""

    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    KNOCKOUT = "knockout"
    TEAM_KNOCKOUT = "team_knockout"
    CROSS_GROUP = "cross_group"
    DOUBLE_SWISS = "double_swiss"
    TEAM_SWISS = "team_swiss"

    @classmethod
    def of(cls, value: object, where: str = "system") -> System:
        """The system stored as `value`; a `UserError` naming `where` when there is none."""
        if isinstance(value, System):
            return value
        try:
            return cls(str(value))
        except ValueError:
            known = ", ".join(s.value for s in cls)
            raise UserError(f"未知赛制 {value}（可用：{known}）",
                            f"unknown system {value} (known: {known})", where) from None

    @property
    def zh(self) -> str:
        """The system's name as arbiters write it."""
        return _NAMES[self][0]

    @property
    def en(self) -> str:
        return _NAMES[self][1]

    @property
    def team(self) -> bool:
        """Played by teams (分台定人制): entrants are teams, each match is several boards."""
        return self in (System.TEAM_KNOCKOUT, System.CROSS_GROUP, System.TEAM_SWISS)

    @property
    def bracket(self) -> bool:
        """Played as a placement knockout with a bracket (对阵图); places come from it."""
        return self in (System.KNOCKOUT, System.TEAM_KNOCKOUT)

    @property
    def round_robin(self) -> bool:
        """Everyone meets everyone by the Berger tables (单循环 / 双循环)."""
        return self in (System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN)

    @property
    def pairs_on_results(self) -> bool:
        """A round's pairing depends on the results before it (a Swiss's scores, a bracket's
        winners); a round robin's schedule is the Berger table's whatever the results (FIDE
        C.05 Annex 1), so a result corrected later changes no pairing made since."""
        return not self.round_robin

    @property
    def forfeits_missing(self) -> bool:
        """A player who does not play a round keeps their board, which they forfeit: the
        round robin's Berger schedule and an individual knockout's bracket keep everyone in
        place (nobody meets anyone else instead); a Swiss pairs only who plays."""
        return self.round_robin or self is System.KNOCKOUT

    @property
    def cycles(self) -> int:
        """How often each pair meets in a round robin (1, or 2 for 双循环); 0 otherwise."""
        if not self.round_robin:
            return 0
        return 2 if self is System.DOUBLE_ROUND_ROBIN else 1

    @property
    def ranked_by_points(self) -> bool:
        """Ranked by points and tie-breaks (名次区分); a bracket ranks by its own matches and
        the cross-group round only decides who goes on."""
        return not self.bracket and self is not System.CROSS_GROUP

    @property
    def games_per_round(self) -> int | None:
        """The games each pairing plays in a round, when the system fixes it: 2 for the
        Double-Swiss (C.04.5 Preface: every pairing is a match of two games); else None (the
        group's setting decides)."""
        return 2 if self is System.DOUBLE_SWISS else None

    @property
    def game_forfeits(self) -> bool:
        """A game of a two-game match may be forfeited alone, the other played (a player who
        does not come to game 2): the Double-Swiss, whose Preface (C.04.5) counts a match a
        forfeit only when a player forfeits both games, and a match with a game played a
        meeting. Elsewhere a double-game round's forfeit is for the whole round (shenzhen's
        双盘包干, `app.results`)."""
        return self is System.DOUBLE_SWISS

    @property
    def swiss(self) -> bool:
        """Paired round by round on the scores so far (a Swiss of any kind)."""
        return self in (System.SWISS, System.DOUBLE_SWISS, System.TEAM_SWISS)

    @property
    def level_match_drawn(self) -> bool:
        """A team match with equal game points is a drawn match (FIDE C.04.6: match points
        2 / 1 / 0), not one the captains play off (huazhi 六、(三)3, a knockout's need)."""
        return self is System.TEAM_SWISS

    @property
    def decisive_games(self) -> bool:
        """Every match must have a winner (an individual knockout: a drawn match is played
        off before its result is entered, and no match is lost by both,
        `knockout.undecided_result`)."""
        return self is System.KNOCKOUT

    @property
    def engine(self) -> Engine:
        if self is System.SWISS:
            return Engine.DUTCH
        if self is System.DOUBLE_SWISS:
            return Engine.DOUBLE_SWISS
        if self is System.TEAM_SWISS:
            return Engine.TEAM_SWISS
        if self.round_robin:
            return Engine.BERGER
        if self.bracket:
            return Engine.BRACKET
        return Engine.CROSS_GROUP

    def planned_rounds(self, entrants: int, rounds: int) -> int:
        """Rounds the group plays with `entrants` players or teams; `rounds` is what the
        group's settings ask for, which only Swiss and the cross-group round follow.

        Round robin: n - 1 rounds for even n, n for odd n (one sits out each round), twice
        that for a double round robin (FIDE C.05 Annex 1). Knockout: log2 of the bracket size
        (huazhi: 16 teams, 4 rounds). Nothing to play with fewer than two entrants.
        """
        if self.round_robin:
            if entrants < 2:
                return 0
            table = entrants if entrants % 2 == 0 else entrants + 1
            return self.cycles * (table - 1)
        if self.bracket:
            if entrants < 2:
                return 0
            return max(1, (entrants - 1).bit_length())
        return rounds


_NAMES: dict[System, tuple[str, str]] = {
    System.SWISS: ("积分编排制", "Swiss"),
    System.ROUND_ROBIN: ("单循环", "round robin"),
    System.DOUBLE_ROUND_ROBIN: ("双循环", "double round robin"),
    System.KNOCKOUT: ("淘汰制（全部排位）", "knockout (all places)"),
    System.TEAM_KNOCKOUT: ("团体分台定人制", "team matches"),
    System.CROSS_GROUP: ("交叉赛", "cross-group round"),
    System.DOUBLE_SWISS: ("双盘积分编排制（FIDE Double-Swiss）", "Double-Swiss (FIDE)"),
    System.TEAM_SWISS: ("团体积分编排制（FIDE Team Swiss）", "Team Swiss (FIDE)"),
}


SWISS_SYSTEMS = (System.SWISS, System.DOUBLE_SWISS)
"""The systems a TRF file is paired by (`trf pair --system`)."""

TRF_TYPES: dict[System, str] = {
    System.SWISS: "FIDE_DUTCH_2025",
    System.DOUBLE_SWISS: "FIDE_DOUBLE_SWISS_2026",
    System.TEAM_SWISS: "FIDE_TEAM_SWISS_2026",
}
"""The `092` type of tournament a TRF file of a Swiss system states (TRF-2026)."""


def system_of_trf_type(text: str) -> System | None:
    """The Swiss system a TRF `092` line names, or None when it names none of ours (a file
    without 092, or another program's wording: the Dutch system is then assumed by the
    caller). Read loosely: `FIDE_DOUBLE_SWISS_2026`, `Double-Swiss`, `team swiss` ..."""
    key = "".join(ch for ch in text.upper() if ch.isalnum())
    if "DOUBLESWISS" in key:
        return System.DOUBLE_SWISS
    if "TEAMSWISS" in key or "SWISSTEAM" in key:
        return System.TEAM_SWISS
    if "DUTCH" in key:
        return System.SWISS
    return None
