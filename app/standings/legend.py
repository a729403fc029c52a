"""The notes under a ranking (说明), typed: which policies it was computed under and whether
it is final. The standings services state them; the edges (window, paper, command line) word
them through `app.wording`.

Sources: 2016 national online mind games 八(二)1 and shenzhen 2022 十一(一)2 (ties and
playoffs), qiwang 2022 十五1 and 十五4 (open places kept by women; titles 不顺延), FIDE C.07
art. 16 (unplayed rounds), art. 7.1 / 7.2 (what a count of wins counts).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.standings.awards import TieRule
from app.standings.tiebreaks import Unplayed

__all__ = ["LegendLine", "Note", "TeamNote"]


class Note(StrEnum):
    """What one line of a ranking's legend says."""

    PROVISIONAL = "provisional"  # rounds remain (`complete`/`planned`) or ties wait (`pending`)
    UNPLAYED = "unplayed"  # how unplayed rounds count in opponent-based tie-breaks
    WINS = "wins"  # what 胜局 counts (`unplayed`, `forfeit_wins`, `byes`), where the chain has it
    TIE_RULE = "tie_rule"  # what a tie still level after the tie-breaks becomes
    NO_PLAYOFFS = "no_playoffs"  # the group never plays off: ties share
    ALL_ADMITTED = "all_admitted"  # every tie inside the admitted places is played off
    GRADES = "grades"  # grade titles one may apply for, passed down (依次顺延) or not
    SUB_RANKING = "sub_ranking"  # a sub-ranking: its players keep their open places
    TEAM_SWISS_TIE = "team_swiss_tie"  # a Team Swiss: teams level after the chain (`tie_rule`)
    TEAM_PROVISIONAL = "team_provisional"  # the individual event or its playoffs are not over
    TEAM_DECLARED = "team_declared"  # teams as the units declared them
    TEAM_BEST = "team_best"  # no team declared: each unit's best `count` players
    TEAM_PLACES = "team_places"  # each unit's best `men` and `women`, places added
    TEAM_MEMBERS = "team_members"  # members from these `lists` only (`clause`: qiwang 十二(四)4)
    TEAM_CHAIN = "team_chain"  # the team tie-break chain (`criteria`), then `tie_rule`
    TEAM_NO_RULE = "team_no_rule"  # the regulation gives no team tie rule: `ties` await a choice
    LOTS = "lots"  # the tie over `ties[0]` was decided by lots, in the order `named` (players
    # or teams: the one decision, `AwardBasis.LOTS`)
    TEAM_SHORT = "team_short"  # a unit short of members gets no team result
    TEAM_AWARDED = "team_awarded"  # few teams: only the first `awarded` of `teams` (or none)
    QUALIFYING_ROUND = "qualifying_round"  # the cross-group round: no places, winners go on


@dataclass(frozen=True)
class LegendLine:
    """One line of a ranking's legend; the fields its `note` needs are set, the others left."""

    note: Note
    complete: int = 0  # PROVISIONAL: rounds complete ...
    planned: int = 0  # ... of rounds planned
    pending: int = 0  # PROVISIONAL with every round played: ties still to play off ...
    lots: bool = False  # ... or, a Team Swiss's ties between teams, still to draw by lots
    knockout: bool = False  # PROVISIONAL of a knockout (its bracket: rounds only)
    unplayed: Unplayed = Unplayed.ZERO  # UNPLAYED, WINS
    label: str = ""  # UNPLAYED: the group's name of the opponents' scores (对手分, 小分)
    forfeit_wins: bool = True  # WINS: 胜局 counts forfeit wins ...
    byes: bool = False  # ... and byes (the Chinese policies; `fide`: FIDE's WIN)
    matches: bool = False  # WINS: a double-game group's rounds (两盘综合的当轮结果) are counted
    tie_rule: TieRule | None = TieRule.PLAYOFF  # TIE_RULE, TEAM_CHAIN (None: none stated)
    passed_down: bool = False  # GRADES: 依次顺延 (True) or 不顺延
    count: int = 0  # TEAM_BEST: members counted
    men: int = 0  # TEAM_PLACES
    women: int = 0
    criteria: tuple[tuple[str, str], ...] = ()  # TEAM_CHAIN: (criterion key, group's label)
    lists: tuple[str, ...] = ()  # TEAM_MEMBERS: the lists members come from ...
    clause: str = ""  # ... as the regulation's clause says
    ties: tuple[tuple[int, int], ...] = ()  # TEAM_NO_RULE, LOTS: the places tied
    named: tuple[str, ...] = ()  # LOTS: the players or teams in the order drawn
    teams: int = 0  # TEAM_AWARDED: teams placed ...
    awarded: int = 0  # ... and places awarded (0: none)


class TeamNote(StrEnum):
    """The note on a team's line."""

    NONE = ""
    SHORT = "short"  # 人数不足: no team result
    LOTS = "lots"  # the order among equals drawn by lots (or a playoff)
