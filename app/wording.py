"""How the standings read (名次、积分、小分、加赛、奖励、说明): the one wording of the typed values the
standings services return, in Chinese (`zh`, the default) and English (`en`).

The services hand over numbers and enums (a place and whether it is shared, points in the
group's units, tie-break values as Fractions, the playoff state, the `Award` decided, the
reason a tie is played off, the legend's typed lines); the window, the venue pages, the
printouts and the command line word them here, once, and never parse the words back.
Names that are data (a player's name, a grade title such as 六段, a group's own tie-break
label such as 小分) stay as they are in both languages.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from app.pairing.types import Colour, GameOutcome, NoteKind, Outcome, PairingNote, SitOut
from app.results import BoardResult, GameCode, GameResult, LevelDecision, Side, notation
from app.rules.judge import RuleSet
from app.rules.protocols import MAX_OFFERS, Protocol
from app.standings.awards import Award, AwardBasis, CertificateRule, TieRule
from app.standings.legend import LegendLine, Note, TeamNote
from app.standings.ranking import PlayoffState
from app.standings.stakes import PlaceAward, PlayoffReason, Stake
from app.standings.teams import BEST_PLACE
from app.standings.tiebreaks import Unplayed
from app.team_rankings import TeamMethod

if TYPE_CHECKING:
    from app.pairing.knockout import LotsDraw
    from app.pairing.roundrobin import ColourDeparture
    from app.pairing.team import MatchScore
    from app.pairing.team_swiss import PrimaryScore
    from app.standings.crosstable import GridNotes, RoundCell, RoundNotes
    from app.standings.team_swiss import CrossCell

LANGUAGES = ("zh", "en")

# English names of the tie-breaks (their Chinese names are the core's, `app.standings`).
TIEBREAK_ENGLISH = {
    "buchholz": "Buchholz", "median_buchholz": "Median Buchholz", "wins": "Wins",
    "progressive": "Progressive score", "sonneborn_berger": "Sonneborn-Berger",
    "buchholz_of_buchholz": "Buchholz of Buchholz", "direct_encounter": "Direct encounter",
    "black_games": "Games as first mover", "black_wins": "Wins as first mover",
    "game_points": "Game points", "match_points": "Match points",
    "rounds_won": "Rounds won (FIDE WIN)",
    "games_won": "Games won over the board (FIDE WON)",
}

# Things a prize gives (奖项), in English; a thing not listed reads as the regulation wrote it.
ITEM_ENGLISH = {"奖状": "certificate", "奖牌": "medal", "奖杯": "trophy",
                "晋级线下决赛": "qualified for the final"}


def _pick(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


_PLURALS = {"ties": "tie", "players": "player", "men": "man", "women": "woman",
            "teams": "team", "rounds": "round", "games": "game", "boards": "board",
            "entrants": "entrant", "problems": "problem", "errors": "error", "files": "file",
            "members": "member", "points": "point"}
_ONE_OF_MANY = re.compile(r"(?<![\d.])1 (" + "|".join(_PLURALS) + r")\b")


def singular(text: str) -> str:
    """An English text with a count filled in, "1 ties" written "1 tie" (and so on)."""
    return _ONE_OF_MANY.sub(lambda found: f"1 {_PLURALS[found.group(1)]}", text)


# ----- numbers and places -------------------------------------------------------------------


def number_text(value: int | Fraction, scale: int = 1, digits: int = 2) -> str:
    """A number as shown (points, a tie-break value, money): whole numbers without decimals,
    else at most `digits` decimals without trailing zeros (`4`, `4.5`, `2333.33`); `value`
    in units of `1/scale` (scale 2: 9 -> `4.5`)."""
    shown = Fraction(value) / scale
    if shown.denominator == 1:
        return str(shown.numerator)
    return f"{float(shown):.{digits}f}".rstrip("0").rstrip(".")


def numbers_text(numbers: Sequence[int], zh_unit: str = "台", en_unit: str = "board",
                 lang: str = "zh") -> str:
    """Numbered things listed in words: `第1、2台` / `boards 1, 2` (`board 1` for one); the
    units as the thing is called, e.g. `场` / `match` for the matches of a team round."""
    if lang == "en":
        plural = en_unit if len(numbers) == 1 else (
            en_unit + "es" if en_unit.endswith(("ch", "sh", "s", "x")) else en_unit + "s")
        return f"{plural} {', '.join(str(n) for n in numbers)}"
    return f"第{'、'.join(str(n) for n in numbers)}{zh_unit}"


def place_text(place: int | None, shared: bool = False, missing: str = "") -> str:
    """A place as printed: `3`, `3=` when shared (并列); `missing` for none (a team short of
    members)."""
    if place is None or place <= 0:
        return missing
    return f"{place}=" if shared else str(place)


# ----- playoffs -----------------------------------------------------------------------------


PLAYOFF_WORDS = {PlayoffState.NONE: ("", ""), PlayoffState.NEEDED: ("需加赛", "playoff needed"),
                 PlayoffState.PLAYED: ("加赛", "playoff"), PlayoffState.LOTS: ("抽签", "lots")}
STAKE_WORDS = {Stake.MONEY: ("奖金", "prize money"), Stake.ITEMS: ("奖项", "prizes"),
               Stake.TITLE: ("等级称号", "grade title"),
               Stake.ADMITTED: ("本组规定录取名次内的并列一律加赛",
                                "every tie inside the admitted places is played off")}


def playoff_text(state: PlayoffState, lang: str = "zh") -> str:
    """The tie mark of a standings line: nothing, 需加赛 (needed), 加赛 (placed by a playoff)
    or 抽签 (placed by lots)."""
    return _pick(lang, *PLAYOFF_WORDS[state])


PLAYOFF_MARK_NOTES = {
    PlayoffState.PLAYED: ("“加赛”：名次由加赛决定", "\"playoff\": placed by a playoff"),
    PlayoffState.LOTS: ("“抽签”：名次由抽签决定（未能加赛，由裁判长抽签）",
                        "\"lots\": placed by lots (no playoff could be played; the chief "
                        "arbiter had lots drawn)"),
    PlayoffState.NEEDED: ("“需加赛”：涉及录取名次，尚待加赛（或抽签）",
                          "\"playoff needed\": it touches the awards, a playoff (or lots) is "
                          "still to come"),
}


def playoff_marks_note(states: Iterable[PlayoffState], lang: str = "zh") -> str:
    """What the tie marks a ranking's 备注 shows mean, those it shows only: `备注“加赛”：名次由
    加赛决定；“抽签”：…`; "" when it shows none."""
    shown = set(states)
    said = [_pick(lang, *words) for state, words in PLAYOFF_MARK_NOTES.items() if state in shown]
    if not said:
        return ""
    return _pick(lang, "备注" + "；".join(said) + "。", "Notes: " + "; ".join(said) + ".")


def applied_title(title: str | None, lang: str = "zh") -> str:
    """A grade title as a place gives the right to apply for it (可申请六段); nothing for none."""
    if not title:
        return ""
    return _pick(lang, f"可申请{title}", f"may apply for {title}")


def _gives(money: int | Fraction, items: tuple[str, ...], title: str, lang: str) -> str:
    """What a place gives: money, things, the title one may apply for (、-separated)."""
    titles = [applied_title(title, lang)] if title else []
    if lang == "en":
        parts = [f"{number_text(money)} yuan"] if money else []
        parts += [ITEM_ENGLISH.get(item, item) for item in items]
        return ", ".join([*parts, *titles])
    parts = [f"{number_text(money)}元"] if money else []
    return "、".join([*parts, *items, *titles])


def _place_gives(award: PlaceAward, lang: str) -> str:
    gives = _gives(award.money, award.items, award.title, lang) or _pick(lang, "无", "none")
    return _pick(lang, f"第{award.place}名 {gives}", f"place {award.place}: {gives}")


def reason_text(reason: PlayoffReason, lang: str = "zh") -> str:
    """Why a tie is played off (2016 八(二)1, shenzhen 十一(一)2: what differs across its
    places), e.g. `第3-5名奖金不同：第3名 4000元；第4名 2000元；第5名 1000元`."""
    joint = ", " if lang == "en" else "、"
    stakes = joint.join(_pick(lang, *STAKE_WORDS[s]) for s in reason.stakes)
    first, last = reason.first, reason.last
    if reason.stakes == (Stake.ADMITTED,):
        return _pick(lang, f"第{first}-{last}名：{stakes}", f"Places {first}-{last}: {stakes}")
    places = ("; " if lang == "en" else "；").join(_place_gives(a, lang) for a in reason.places)
    return _pick(lang, f"第{first}-{last}名{stakes}不同：{places}",
                 singular(f"Places {first}-{last}: the {stakes} differ: {places}"))


# ----- awards -------------------------------------------------------------------------------


def prize_text(award: Award | None, lang: str = "zh") -> str:
    """What an award gives, as printed: `6000元、奖状`, a share as `2333.33元`; nothing when
    none (or declined, or not decided yet)."""
    if award is None or not award.has_prize:
        return ""
    return _gives(award.money, award.items, "", lang)


def title_text(award: Award | None) -> str:
    """The grade title an award gives the right to apply for (可申请), as its table names it."""
    return (award.title or "") if award is not None else ""


DECISION_WORDS = {
    AwardBasis.PLACE: ("", ""),
    AwardBasis.PLAYOFF: ("加赛决定名次", "placed by a playoff"),
    AwardBasis.LOTS: ("抽签决定名次", "placed by lots"),
    AwardBasis.AWAITING_PLAYOFF: ("待加赛（或抽签）", "awaiting a playoff (or lots)"),
    AwardBasis.AWAITING_LOTS: ("待抽签", "awaiting lots"),
    AwardBasis.AWAITING_RULE: ("待定并列办法", "awaiting the tie rule"),
}


def decision_text(award: Award | None, lang: str = "zh") -> str:
    """How a place was decided where not by the places alone, the one wording of the typed
    decision for the standings, the award lists (PDF, Excel, CSV) and the certificates:
    加赛决定名次, 抽签决定名次, 并列第3-4名，奖金平分, 待加赛（或抽签）, 待抽签; nothing for a place the
    tie-break chain decided."""
    if award is None:
        return ""
    if award.basis is AwardBasis.SHARED:
        first, last = award.covered
        return _pick(lang, f"并列第{first}-{last}名，奖金平分",
                     f"places {first}-{last} shared, the prizes split equally")
    return _pick(lang, *DECISION_WORDS[award.basis])


def award_note(award: Award | None, lang: str = "zh") -> str:
    """How an award was decided (`decision_text`) and what was declined, for the command line
    and the award lists."""
    if award is None:
        return ""
    parts = [decision_text(award, lang)] if decision_text(award, lang) else []
    parts += [_pick(lang, "放弃等级称号", "grade title declined")] if award.declined_title else []
    parts += [_pick(lang, "放弃奖励", "prize declined")] if award.declined_prize else []
    return ("; " if lang == "en" else "，").join(parts)


def award_list_note(award: Award | None, lang: str = "zh") -> str:
    """An award list's 说明 (录取名单: the PDF, the 成绩册, the workbook, the package's CSV): how
    the place was decided and what was declined (`award_note`), and a place shared inside one
    band of prizes said so, since nothing was played off for it (2016 八(二)1: 不涉及录取名次的
    为并列名次; shenzhen 九(一) 不加赛): `并列第4-5名（奖励相同，不加赛）`."""
    note = award_note(award, lang)
    if award is None or note or not award.shared or award.basis is not AwardBasis.PLACE:
        return note
    first, last = award.covered
    return _pick(lang, f"并列第{first}-{last}名（奖励相同，不加赛）",
                 f"places {first}-{last} shared (the same award, no playoff)")


CERTIFICATE_WORDS = {
    CertificateRule.AWARDED: ("奖状颁发给录取名次（获奖金或奖品的名次）",
                              "Certificates for the awarded places (those with a prize)"),
    CertificateRule.PLACED: ("奖状颁发给录取名次及获得可申请等级称号的名次",
                             "Certificates for the awarded places and for every place with a "
                             "grade title to apply for"),
}


def certificate_rule_text(rule: CertificateRule, lang: str = "zh") -> str:
    """Who receives a certificate (奖状), as the 秩序册 states it."""
    return _pick(lang, *CERTIFICATE_WORDS[rule])


# ----- teams --------------------------------------------------------------------------------


TEAM_NOTE_WORDS = {TeamNote.NONE: ("", ""),
                   TeamNote.SHORT: ("人数不足，不计团体成绩", "Incomplete team: no team result"),
                   TeamNote.LOTS: DECISION_WORDS[AwardBasis.LOTS]}
TEAM_TOTAL_WORDS = {TeamMethod.SUM_SCORES: ("积分", "Points"),
                    TeamMethod.BEST_PLACES: ("名次和", "Sum of places")}


def team_note_text(note: TeamNote, lang: str = "zh") -> str:
    return _pick(lang, *TEAM_NOTE_WORDS[note])


def team_row_note(note: TeamNote, award: Award | None, lang: str = "zh") -> str:
    """The note of a team's line: no team result, or how its place was decided (抽签决定名次,
    并列…平分) and what was declined."""
    return team_note_text(note, lang) or award_note(award, lang)


def team_total_label(method: TeamMethod, lang: str = "zh") -> str:
    """The header of a team ranking's total: 积分 (members' points) or 名次和 (places added)."""
    return _pick(lang, *TEAM_TOTAL_WORDS[method])


def team_criterion(key: str, label: str, lang: str = "zh") -> str:
    """A team tie-break: 个人最好名次 (the best member's place), or a group tie-break summed
    over the members (`label` is the group's own name of it: 对手分之和)."""
    if key == BEST_PLACE:
        return _pick(lang, "个人最好名次", "best individual place")
    return _pick(lang, f"{label}之和", f"sum of {TIEBREAK_ENGLISH.get(key, label)}")


# ----- the legend ---------------------------------------------------------------------------


UNPLAYED_WORDS = {
    Unplayed.ZERO: ("未赛轮次（轮空、弃权）在对手分中按0分计",
                    "Unplayed rounds (byes, forfeits) count 0 in the opponents' scores"),
    Unplayed.OWN: ("未赛轮次在对手分中按本人积分计",
                   "Unplayed rounds count the player's own score in the opponents' scores"),
    Unplayed.LOWEST: ("未赛轮次在对手分中按最低对手分计",
                      "Unplayed rounds count the lowest opponent's score"),
    Unplayed.FIDE: ("未赛轮次按国际棋联 C.07 第16条计（虚拟对手，对手的未赛轮次按和棋计）",
                    "Unplayed rounds as FIDE C.07 article 16 (a dummy opponent; the opponents' "
                    "unplayed rounds count as draws)"),
}
TIE_RULE_WORDS = {
    TieRule.PLAYOFF: ("破同分后仍相同：涉及奖项、称号或录取的加赛（或抽签），其余并列",
                      "Still level after the tie-breaks: a playoff (or lots) where prizes, "
                      "titles or admission differ; otherwise shared"),
    TieRule.SHARE: ("破同分后仍相同：并列，所涉名次奖金平分",
                    "Still level after the tie-breaks: shared, the prizes of the places covered "
                    "split equally"),
}
TEAM_SWISS_TIE_WORDS = {
    TieRule.PLAYOFF: ("团体名次区分后仍相同的队伍：涉及奖项、称号或录取的由抽签决定，其余并列",
                      "Teams still level after the team tie-breaks: drawn by lots "
                      "where prizes, titles or admission differ; otherwise shared"),
    TieRule.SHARE: ("团体名次区分后仍相同的队伍：并列，所涉名次奖金平分",
                    "Teams still level after the team tie-breaks: shared, the prizes of the "
                    "places covered split equally"),
}
TEAM_TIE_WORDS: dict[TieRule | None, tuple[str, str]] = {
    TieRule.PLAYOFF: ("抽签（或加赛）由裁判长决定", "lots (or a playoff), as the chief arbiter decides"),
    TieRule.SHARE: ("并列，所涉名次奖金平分", "shared, the prizes of the places covered split equally"),
    None: ("规程未规定，由裁判长选择（破同分顺序、抽签或并列平分）",
           "the regulation says nothing; the chief arbiter chooses (a tie-break chain, lots, "
           "or sharing)"),
}
FIXED_WORDS = {
    # huazhi 五、(二), 五、(三)2, 六、(二): the cross-group round (复赛)
    Note.QUALIFYING_ROUND: ("复赛只赛一轮，不排名次：每场胜队出线进入决赛（规程五、(二)、五、(三)2），"
                            "两队打平由主将加赛决定（六、(二)），无法加赛时由裁判长抽签",
                            "The cross-group round is one round and ranks nobody: each match's "
                            "winner goes on to the final; a level match goes to the captains' "
                            "playoff, or lots where it cannot be played"),
    Note.NO_PLAYOFFS: ("本组不加赛：破同分后仍相同者并列，所涉名次奖金平分",
                       "No playoffs in this group: players still level share, the prizes of the "
                       "places covered split equally"),
    Note.ALL_ADMITTED: ("本组规定：录取名次内的并列一律加赛",
                        "This group plays off every tie inside its admitted places"),
    Note.SUB_RANKING: ("分项名次另录，选手同时保留公开组名次（公开组名次不顺延）",
                       "A sub-ranking is listed on its own; its players keep their open places "
                       "(not passed down)"),
    Note.TEAM_PROVISIONAL: ("临时名次（非最终）：个人赛尚未结束或尚有加赛；奖金和证书以最终名次为准",
                            "Provisional (not final): the individual event or its playoffs are "
                            "not over; prizes and certificates follow the final standings"),
    Note.TEAM_DECLARED: ("按各单位赛前报名的队伍计算（以队员个人赛成绩之和）",
                         "Teams as the units declared them before the final (the sum of the "
                         "members' results)"),
    Note.TEAM_SHORT: ("人数不足的单位不计团体成绩，列出其队员",
                      "A unit without a complete team gets no team result; its members are listed"),
}


def wins_text(line: LegendLine, lang: str = "zh") -> str:
    """What 胜局 counts (`app.standings.tiebreaks.wins`): FIDE's WIN under the FIDE policy,
    else games won over the board with forfeit wins and byes as the group's settings say."""
    if line.unplayed is Unplayed.FIDE:
        return _pick(lang, "胜局：按国际棋联 C.07 第7.1条（WIN），计获胜得分的轮次，含不战胜和轮空",
                     "Wins: as FIDE C.07 article 7.1 (WIN), the rounds scored as a win, forfeit "
                     "wins and byes included")
    zh_extra = {(True, True): "，含不战胜和轮空", (True, False): "，含不战胜，不含轮空",
                (False, True): "，含轮空，不含不战胜", (False, False): "，不含不战胜和轮空"}
    en_extra = {(True, True): ", forfeit wins and byes included",
                (True, False): ", forfeit wins included, byes not",
                (False, True): ", byes included, forfeit wins not",
                (False, False): ", neither forfeit wins nor byes"}
    key = (line.forfeit_wins, line.byes)
    if line.matches:  # 双盘制: one result a round, its two games together
        return _pick(lang, "胜局：实战获胜的轮数（双盘制按两盘综合的当轮结果计）" + zh_extra[key],
                     "Wins: rounds won over the board (a double-game round counts as its two "
                     "games together)" + en_extra[key])
    return _pick(lang, "胜局：实战获胜的局数" + zh_extra[key],
                 "Wins: games won over the board" + en_extra[key])


def unplayed_text(policy: Unplayed, lang: str = "zh", label: str = "对手分") -> str:
    """How unplayed rounds count in the opponents' scores (FIDE C.07 art. 16); `label`: the
    group's own name of them (shenzhen 九(一) calls them 小分), as its column is headed."""
    zh, en = UNPLAYED_WORDS[policy]
    if label != "对手分":
        zh, en = zh.replace("对手分", label), f"{en} ({label})"
    return _pick(lang, zh, en)


def _provisional(line: LegendLine, lang: str) -> str:
    if line.knockout:
        return _pick(lang, f"临时名次（非最终）：已完成 {line.complete}/{line.planned} 轮",
                     f"Provisional (not final): {line.complete}/{line.planned} rounds played")
    if line.complete < line.planned:
        why = _pick(lang, f"已完成 {line.complete}/{line.planned} 轮",
                    f"{line.complete}/{line.planned} rounds played")
    elif line.lots:
        why = _pick(lang, f"尚有 {line.pending} 处团体并列待抽签",
                    f"{line.pending} team ties still to be drawn by lots")
    else:
        why = _pick(lang, f"尚有 {line.pending} 处并列待加赛",
                    f"{line.pending} ties still to play off")
    return _pick(lang, f"临时名次（非最终）：{why}；奖金、称号和证书以最终名次为准",
                 f"Provisional (not final): {why}; prizes, titles and certificates follow the "
                 "final standings")


def _team_line(line: LegendLine, lang: str) -> str:
    if line.note is Note.TEAM_BEST:
        return _pick(lang, f"未报名队伍：按各单位成绩最好的{line.count}名选手计算",
                     f"No team declared: each unit's best {line.count} players count")
    if line.note is Note.TEAM_PLACES:
        return _pick(lang, f"各单位成绩最好的{line.men}男{line.women}女名次相加，小者列前",
                     f"Each unit's best {line.men} men and {line.women} women: places added, "
                     "the lower sum first")
    if line.note is Note.TEAM_MEMBERS:
        zh_clause = f"（{line.clause}）" if line.clause else ""
        en_clause = f" ({line.clause})" if line.clause else ""  # the regulation's own words
        return _pick(lang, f"队员限{'、'.join(line.lists)}晋级选手，其他名单（外卡等）的选手不计团体成绩{zh_clause}",
                     f"Team members come from {', '.join(line.lists)} only; players of other "
                     f"lists (wild cards ...) count for no team{en_clause}")
    if line.note is Note.TEAM_NO_RULE:
        places = (", " if lang == "en" else "、").join(
            _pick(lang, f"第{a}-{b}名", f"places {a}-{b}") for a, b in line.ties)
        return _pick(lang, f"规程未规定团体名次的破同分办法：{places}并列涉及奖励，须由裁判长设定破同分顺序，"
                     "或抽签，或决定并列平分（之前不作最终名次）",
                     f"The regulation gives no team tie-break: the tie over {places} touches the "
                     "awards; the chief arbiter sets a tie-break chain, draws lots, or has it "
                     "shared (not final before)")
    if line.note is Note.TEAM_CHAIN:
        chain = (", " if lang == "en" else "、").join(
            team_criterion(key, label, lang) for key, label in line.criteria)
        chain = chain or _pick(lang, "无", "none")
        tie = _pick(lang, *TEAM_TIE_WORDS[line.tie_rule])
        return _pick(lang, f"团体并列依次比较：{chain}；仍相同：{tie}",
                     f"Team ties compared in order: {chain}; still level: {tie}")
    assert line.note is Note.TEAM_AWARDED
    if line.awarded:
        return _pick(lang, f"参赛队数 {line.teams}：按规程录取前{line.awarded}名",
                     f"{line.teams} teams: the first {line.awarded} are awarded, as the "
                     "regulation says")
    return _pick(lang, f"参赛队数 {line.teams}：不录取", f"{line.teams} teams: none awarded")


def legend_text(line: LegendLine, lang: str = "zh") -> str:
    """One line of a ranking's legend (说明), as printed below it (English counts one in the
    singular: 1 tie, 1 team)."""
    text = _legend_text(line, lang)
    return singular(text) if lang == "en" else text


def _legend_text(line: LegendLine, lang: str) -> str:
    note = line.note
    if note is Note.PROVISIONAL:
        return _provisional(line, lang)
    if note is Note.UNPLAYED:
        return unplayed_text(line.unplayed, lang, line.label or "对手分")
    if note is Note.WINS:
        return wins_text(line, lang)
    if note is Note.TIE_RULE:
        return _pick(lang, *TIE_RULE_WORDS[line.tie_rule or TieRule.PLAYOFF])
    if note is Note.TEAM_SWISS_TIE:
        return _pick(lang, *TEAM_SWISS_TIE_WORDS[line.tie_rule or TieRule.PLAYOFF])
    if note is Note.GRADES:
        return _pick(lang, "等级称号为可申请等级" + ("（依次顺延）" if line.passed_down else "（不顺延）"),
                     "Grade titles are titles one may apply for ("
                     + ("passed down in order)" if line.passed_down else "not passed down)"))
    if note is Note.LOTS:
        return lots_text(line, lang)
    if note in FIXED_WORDS:
        return _pick(lang, *FIXED_WORDS[note])
    return _team_line(line, lang)


def lots_text(line: LegendLine, lang: str = "zh") -> str:
    """What lots decided (抽签, the chief arbiter's decision where no playoff was played):
    the places tied and the order drawn, best first — never worded as a playoff."""
    first, last = line.ties[0] if line.ties else (0, 0)
    order = (", " if lang == "en" else "、").join(line.named)
    return _pick(lang, f"第{first}-{last}名并列，由抽签决定：{order}",
                 f"Places {first}-{last} were tied and decided by lots: {order}")


def legend_texts(lines: tuple[LegendLine, ...], lang: str = "zh") -> tuple[str, ...]:
    return tuple(legend_text(line, lang) for line in lines)


# ----- knockouts and team matches -----------------------------------------------------------


def places_text(places: tuple[int, int], lang: str = "zh") -> str:
    """The places a knockout match decides (名次段): `1–8名` / `places 1–8`; one place
    (the last of the entrants against an empty slot): `第5名` / `place 5`."""
    best, worst = places
    if worst <= best:
        return _pick(lang, f"第{best}名", f"place {best}")
    return _pick(lang, f"{best}–{worst}名", f"places {best}–{worst}")


def decided_places_text(places: tuple[int, int], lang: str = "zh") -> str:
    """What a knockout's last-round match gives: `决第5、6名` / `decides places 5 and 6`, or
    one place (`决第5名`) when the other side is an empty slot."""
    best, worst = places
    if worst <= best:
        return _pick(lang, f"决第{best}名", f"decides place {best}")
    return _pick(lang, f"决第{best}、{worst}名", f"decides places {best} and {worst}")


LEVEL_DECISION_WORDS = {
    LevelDecision.PLAYOFF: ("主将加赛", "captains' playoff"),  # huazhi 六、(三)3
    LevelDecision.LOTS: ("抽签", "lots"),  # huazhi 八、(五)
}


def level_decision_text(decision: LevelDecision, lang: str = "zh") -> str:
    """How a level team match was decided: 主将加赛 / 抽签."""
    return _pick(lang, *LEVEL_DECISION_WORDS[decision])


def knockout_decision_text(decision: LevelDecision, team: bool, lang: str = "zh") -> str:
    """How a knockout match its games did not decide was decided: a level team match's
    主将加赛 / 抽签; an individual match's lots, neither player having come (`双方均未到场，抽签`,
    `BoardResult.lots`)."""
    if team or decision is not LevelDecision.LOTS:
        return level_decision_text(decision, lang)
    return _pick(lang, "双方均未到场，抽签", "neither came, lots")


def captains_playoff_text(lang: str = "zh") -> str:
    """The captains' playoff of a level team match (主将加赛, huazhi 六、(三)3)."""
    return level_decision_text(LevelDecision.PLAYOFF, lang)


def lots_winner_text(winner: str, lang: str = "zh", after_playoff: bool = False) -> str:
    """A level team match decided by lots, naming the team drawn: `两队打平，抽签决定：队2胜`, or
    after captains' playoff games none of which was decisive `加赛未分胜负，抽签决定：队2胜`."""
    if after_playoff:
        return _pick(lang, f"加赛未分胜负，抽签决定：{winner}胜",
                     f"the playoff undecided: decided by lots, {winner} wins")
    return _pick(lang, f"两队打平，抽签决定：{winner}胜",
                 f"level: decided by lots, {winner} wins")


LEVEL_MATCH_DRAWN = "两队局分相同即为和局，不设主将加赛"
"""What a Team Swiss paper says of a level match (FIDE C.04.6: match points 2/1/0, a drawn
match), where a knockout's papers offer the captains' playoff (主将加赛)."""


def team_score_note(level_match_drawn: bool) -> str:
    """The note under a list of team matches: what the score is, and what a level one means."""
    score = "比分为两队的局分（各台得分之和，先行方在前）"
    if level_match_drawn:
        return f"{score}；{LEVEL_MATCH_DRAWN}。"
    return f"{score}，主将加赛不计入比分。"


def match_score_text(score: MatchScore, lang: str = "zh",
                     teams: tuple[str, str] | None = None) -> str:
    """A team match's game points, first-named team first (局分, huazhi 六、(二)): `5:1`, or
    `3:3 主将加赛` / `3:3 captains' playoff` when the captains' playoff decided it, `3:3 抽签`
    when lots did; given the two `teams` (first-named first), lots name the team they drew
    (`3:3 抽签（队2胜）`), which no game line below the match shows."""
    points = f"{score.first}:{score.second}"
    if score.decided_by is None:
        return points
    text = f"{points} {level_decision_text(score.decided_by, lang)}"
    if (score.decided_by is LevelDecision.LOTS and teams is not None
            and score.level_winner is not None):
        winner = teams[0] if score.level_winner is Side.FIRST else teams[1]
        text += _pick(lang, f"（{winner}胜）", f" ({winner} wins)")
    return text


def cross_group_entrant_text(name: str, source: str, rank: int, lang: str = "zh") -> str:
    """A team of the cross-group round with the list it qualified from: `大1（大众场第1名）`."""
    if not source or not rank:
        return name
    return _pick(lang, f"{name}（{source}第{rank}名）", f"{name} ({source} no. {rank})")


def cross_group_note_text(lang: str = "zh") -> str:
    """What the cross-group round decides (huazhi 五、(二), 五、(三)2, 六、(二)): no places, each
    match's winner goes on."""
    return _pick(lang, *FIXED_WORDS[Note.QUALIFYING_ROUND])


def match_waiting_text(lang: str = "zh") -> str:
    """A level team match whose captains' playoff is still to be played."""
    return _pick(lang, "战平，需主将加赛", "level: the captains play off")


def match_place_text(round_number: int, match: int, board: int | None = None,
                     playoff: int | None = None, lang: str = "zh") -> str:
    """Where in the rounds a team match (or one of its boards, or its k-th playoff game) is:
    `第1轮第2场第3台` / `round 1, match 2, board 3`."""
    if lang == "en":
        parts = [f"round {round_number}", f"match {match}"]
        if board is not None:
            parts.append(f"board {board}")
        if playoff is not None:
            parts.append(f"captains' playoff game {playoff}")
        return ", ".join(parts)
    text = f"第{round_number}轮第{match}场"
    if board is not None:
        text += f"第{board}台"
    if playoff is not None:
        text += f"主将加赛第{playoff}局"
    return text


def paired_on_old_result_text(later: Sequence[int]) -> str:
    """A correction made once later rounds are paired: which were paired on the old result
    (both languages, as the other warnings of an operation): `注意：第3轮已根据原结果编排`."""
    return (f"注意：{numbers_text(later, '轮', 'round')}已根据原结果编排 / note: "
            f"{numbers_text(later, '轮', 'round', lang='en')} "
            f"{'was' if len(later) == 1 else 'were'} paired on the old result")


def board_place_text(round_number: int, board: int, lang: str = "zh") -> str:
    """A board of a round: `第1轮第2台` / `round 1, board 2`."""
    return _pick(lang, f"第{round_number}轮第{board}台", f"round {round_number}, board {board}")


# ----- withdrawals (退赛) -------------------------------------------------------------------


_ROUND_ROBIN_UNSCORED = {
    "pab": ("单循环没有编排轮空：人数为奇数时每轮按伯格表有一人轮空休息，按“单循环轮空”一栏计分",
            "a round robin has no pairing-allocated bye: with an odd number of players one "
            "rests each round by the Berger table, scored as the round-robin bye"),
    "full_bye": ("单循环请假不给分：伯格表不变，请假者该轮的对局判弃权负，对手不战胜",
                 "a round robin gives no points for leave: the Berger table stands and the "
                 "player on leave forfeits the round's game, the opponent wins by forfeit"),
    "absent": ("单循环缺席不另计分：伯格表不变，缺席者该轮的对局判弃权负，对手不战胜",
               "a round robin scores no absence: the Berger table stands and the absent "
               "player forfeits the round's game, the opponent wins by forfeit"),
}
_ROUND_ROBIN_UNSCORED["half_bye"] = _ROUND_ROBIN_UNSCORED["full_bye"]


_LEAVE_FORFEITED = {
    "team": ("团体赛请假不给分：请假的队员该轮所在台判弃权负，对手不战胜",
             "a team event gives no points for leave: the member on leave forfeits the "
             "round's board, the opponent wins it by forfeit"),
    "knockout": ("淘汰赛请假不给分：对阵图不变，请假者该轮的对局判弃权负，对手不战胜晋级",
                 "a knockout gives no points for leave: the bracket stands and the player on "
                 "leave forfeits the round's match, the opponent goes through by forfeit"),
}


def leave_forfeited_text(kind: str, *, team: bool, round_robin: bool,
                         lang: str = "zh") -> str:
    """What leave asked for (请假半分/零分/全分, `kind`) comes to where a player keeps their
    board and forfeits it (a team's member, a round robin's Berger table, a knockout's
    bracket: `System.forfeits_missing`): no points, the board lost by forfeit; "" for an
    absence (缺席: a forfeit, as it says) and where the leave scores as asked (a Swiss)."""
    if kind == "absent":
        return ""
    if team:
        return _pick(lang, *_LEAVE_FORFEITED["team"])
    if round_robin:
        return round_robin_unscored_text(kind, lang)
    return _pick(lang, *_LEAVE_FORFEITED["knockout"])


def round_robin_unscored_text(key: str, lang: str = "zh") -> str:
    """Why a round robin does not score the points value `key` (one `GroupSettings.
    point_keys` leaves out: a bye or leave asked for, an absence), as the setup form's tooltip
    and `group`'s note say it."""
    return _pick(lang, *_ROUND_ROBIN_UNSCORED[key])


def round_robin_rest_label(lang: str = "zh") -> str:
    """The points value a round robin's rest round takes (`roundrobin.REST_OUTCOME`, stored
    as the zero-point bye's), as the setup form labels it in a round robin."""
    return _pick(lang, "单循环轮空", "round-robin bye")


def round_robin_rest_tip(lang: str = "zh") -> str:
    """What the round-robin bye's points are, as the setup form's tooltip says it."""
    return _pick(lang, "单循环人数为奇数时，每轮按伯格表有一人轮空休息：不赛，按此计分（默认0，即不计分）；"
                       "请假不另计分，请假者判弃权负",
                 "with an odd number of players one rests each round by the Berger table: no "
                 "game, scored this (0 by default: no points); leave gives no points of its "
                 "own, the player on leave forfeits")


_NO_GROUP_OFFERS = {
    Protocol.FREE: ("自由开局没有五手打点（五手N打只用于指定开局）",
                    "a free opening has no fifth-move offers (N is for designated openings "
                    "only)"),
    Protocol.SWAP2: ("Swap2 开局没有五手打点（五手N打只用于指定开局）",
                     "Swap2 has no fifth-move offers (N is for designated openings only)"),
    Protocol.YAMAGUCHI: (f"山口规则由假先方每局声明五手打点数（1至{MAX_OFFERS}），不由组别设定",
                         "under Yamaguchi the tentative black declares the number of fifth "
                         f"moves in each game (1 to {MAX_OFFERS}); the group does not set it"),
    Protocol.SOOSYRV8: ("索索夫-8 由白方每局声明五手打点数（1至8），不由组别设定",
                        "under Soosõrv-8 white declares the number of fifth moves in each "
                        "game (1 to 8); the group does not set it"),
    Protocol.TARAGUCHI10: ("塔拉口-10 的五手打点固定为10个，不由组别设定",
                           "Taraguchi-10 offers ten fifth moves; the group does not set the "
                           "number"),
}


def group_offers_unread_text(rules: RuleSet, protocol: Protocol, lang: str = "zh") -> str:
    """Why a group's N of 五手N打 is not the group's to set (`GameSettings.reads_group_offers`
    is false for its rule set and opening rule), as the setup form says it beside the field:
    指定开局 under rules without forbidden moves is played as 自由开局; the other opening rules
    have no offers, or have them declared in each game (`protocols.script`)."""
    if protocol is Protocol.DESIGNATED and not rules.has_forbidden:
        return _pick(lang, "本组规则无禁手，指定开局只用于专业规则：对局为自由开局，没有五手打点",
                     "this group's rules have no forbidden moves and designated openings "
                     "belong to renju rules: the games open freely, with no fifth-move offers")
    return _pick(lang, *_NO_GROUP_OFFERS[protocol])


def withdrawn_text(from_round: int | None, lang: str = "zh") -> str:
    """A withdrawn player's mark on a ranking line: `第5轮起退赛` / `withdrew from round 5`;
    nothing for a player who did not withdraw (None)."""
    if from_round is None:
        return ""
    return _pick(lang, f"第{from_round}轮起退赛", f"withdrew from round {from_round}")


SIT_OUT_WORDS = {
    SitOut.LATE: ("迟到报名", "late entry"),
    SitOut.WITHDRAWN: ("退赛", "withdrawn"),
    SitOut.ABSENT: ("缺席", "absent"),
    SitOut.FULL_BYE: ("请假全分", "full-point bye"),
    SitOut.HALF_BYE: ("请假半分", "half-point bye"),
    SitOut.ZERO_BYE: ("请假零分", "zero-point bye"),
}


def sit_out_text(why: SitOut, lang: str = "zh") -> str:
    """Why a player has no board this round, as the pairing lists print it (请假半分, 退赛)."""
    return _pick(lang, *SIT_OUT_WORDS[why])


def sitting_out_text(players: Iterable[tuple[int | None, str, SitOut]], lang: str = "zh") -> str:
    """The players (pairing number, name, why) with no board in a round, as a pairing list
    and the round's view say it: `本轮不参加编排：2号 王五（请假半分）、9号 赵六（退赛）`;
    nothing when every player has a board."""
    listed = sorted(players, key=lambda p: (p[0] or 0, p[1]))
    if not listed:
        return ""
    if lang == "en":
        named = ", ".join(f"{name} (no. {n}, {sit_out_text(why, lang)})" if n
                          else f"{name} ({sit_out_text(why, lang)})" for n, name, why in listed)
        return f"not paired this round: {named}"
    return "本轮不参加编排：" + "、".join(
        f"{f'{n}号 ' if n else ''}{name}（{sit_out_text(why)}）" for n, name, why in listed)


def player_state_text(withdrawn_from: int | None, entered_round: int,
                      absences: Mapping[int, SitOut], lang: str = "zh") -> str:
    """A player's state as the players list says it: 在赛, or 退赛 / 第5轮起退赛; then, in
    brackets, a late entry's first round and the absences entered for rounds (缺席, 请假):
    `在赛（迟到报名，第2轮起参赛；第3轮请假半分）`."""
    if withdrawn_from is None:
        state = _pick(lang, "在赛", "playing")
    elif withdrawn_from > 1:
        state = withdrawn_text(withdrawn_from, lang)
    else:
        state = _pick(lang, "退赛", "withdrawn")
    marks = []
    if entered_round > 1:
        marks.append(_pick(lang, f"迟到报名，第{entered_round}轮起参赛",
                           f"late entry, from round {entered_round}"))
    for number, why in sorted(absences.items()):
        marks.append(_pick(lang, f"第{number}轮{sit_out_text(why)}",
                           f"round {number}: {sit_out_text(why, lang)}"))
    if not marks:
        return state
    if lang == "en":
        return f"{state} ({'; '.join(marks)})"
    return f"{state}（{'；'.join(marks)}）"


_TEAM_MISSING_WORDS = {SitOut.WITHDRAWN: ("退赛", "withdrawn"), SitOut.ABSENT: ("缺席", "absent")}


def team_missing_why(why: SitOut, lang: str = "zh") -> str:
    """Why a team member does not play a round: 退赛, 缺席, or 请假 for any bye asked for (in
    a team the board is lost by forfeit whatever the individual groups would give)."""
    return _pick(lang, *_TEAM_MISSING_WORDS.get(why, ("请假", "on leave")))


def missing_why_text(why: SitOut, round_number: int, withdrawn_from: int | None,
                     lang: str = "zh") -> str:
    """Why a player seated on a board of round `round_number` does not play it, as a refusal
    names it: `第3轮起退赛`, `第2轮缺席`, `第2轮请假` (any bye asked for: the board is forfeited
    whatever the bye would give)."""
    if why is SitOut.WITHDRAWN:
        return withdrawn_text(withdrawn_from or 1, lang)
    if why is SitOut.ABSENT:
        return _pick(lang, f"第{round_number}轮缺席", f"absent from round {round_number}")
    return _pick(lang, f"第{round_number}轮请假", f"on leave in round {round_number}")


def missing_mark(name: str, why: SitOut, lang: str = "zh") -> str:
    """A player seated on a board they do not play, as a pairing list names them:
    `王三（退赛）` / `王三 (withdrawn)` (请假 for any bye asked for: the board is forfeited)."""
    return _pick(lang, f"{name}（{team_missing_why(why)}）",
                 f"{name} ({team_missing_why(why, 'en')})")


def missing_forfeit_words(first: tuple[str, SitOut | None], second: tuple[str, SitOut | None],
                          lang: str = "zh", result: BoardResult | None = None) -> str:
    """A board of a scheduled round (单循环, 淘汰赛) held by a player who does not play it, as
    its line on a pairing list says it (the names and, where missing, why): `王三（退赛）弃权，
    李四不战胜`; both missing `王三（退赛）、李四（缺席）双方弃权` — in a knockout, where one has
    to go on, as its `result` stands: decided by lots `…双方均未到场，抽签决定李四晋级`
    (`lots_board_words`), not yet `…均不出场，待裁判长抽签决定晋级的一方`; "" when both play.
    A board decided by lots says so whoever is marked missing now (a player reinstated
    since)."""
    (one, one_why), (other, other_why) = first, second
    if result is not None and result.lots is not None:
        return lots_board_words(first, second, result.lots, lang)
    if one_why is not None and other_why is not None:
        marks = (_pick(lang, f"{missing_mark(one, one_why)}、{missing_mark(other, other_why)}",
                       f"{missing_mark(one, one_why, 'en')} and "
                       f"{missing_mark(other, other_why, 'en')}"))
        if result is None:  # a knockout's: a round robin's is entered when paired (--)
            return _pick(lang, f"{marks}均不出场，待裁判长抽签决定晋级的一方",
                         f"{marks} both do not play: the chief arbiter's lots decide who "
                         "goes on")
        if result.winner is not None:  # entered as a forfeit win before lots were typed
            goes_on = one if result.winner is Side.FIRST else other
            return _pick(lang, f"{marks}均不出场，{goes_on}晋级",
                         f"{marks} both do not play: {goes_on} goes on")
        return _pick(lang, f"{marks}双方弃权", f"{marks} both forfeit")
    if one_why is None:  # the second-named player is the one missing
        (one, one_why), (other, other_why) = second, first
    if one_why is None:
        return ""
    return _pick(lang, f"{missing_mark(one, one_why)}弃权，{other}不战胜",
                 f"{missing_mark(one, one_why, 'en')} forfeits, {other} wins by forfeit")


def missing_forfeit_text(board: int, first: tuple[str, SitOut | None],
                         second: tuple[str, SitOut | None], lang: str = "zh",
                         result: BoardResult | None = None) -> str:
    """`missing_forfeit_words` with its board, as the pairing's report and the notes below a
    pairing list say it: `第1台 王三（退赛）弃权，李四不战胜` / `board 1: …`."""
    words = missing_forfeit_words(first, second, lang, result)
    if not words:
        return ""
    return _pick(lang, f"第{board}台 {words}", f"board {board}: {words}")


def both_missing_text(board: int, first: tuple[str, SitOut | None],
                      second: tuple[str, SitOut | None], lang: str = "zh",
                      round_number: int | None = None) -> str:
    """A knockout board whose two players both do not play, as the pairing's report says it:
    someone has to go through and neither came to win by forfeit, so the chief arbiter has
    lots decide who (huazhi 八、(五)): `第2台 王三（退赛）、李四（缺席）均不出场：须由裁判长抽签
    决定晋级的一方，录入 result … 2 2 --lots 棋手` (`round_number` given, the command's round
    and board)."""
    (one, one_why), (other, other_why) = first, second
    assert one_why is not None and other_why is not None
    where = f"{round_number} {board} " if round_number is not None else ""
    return _pick(lang, f"第{board}台 {one}（{team_missing_why(one_why)}）、{other}"
                       f"（{team_missing_why(other_why)}）均不出场：须由裁判长抽签决定晋级的一方，"
                       f"录入 result … {where}--lots 棋手",
                 f"board {board}: {one} ({team_missing_why(one_why, 'en')}) and {other} "
                 f"({team_missing_why(other_why, 'en')}) both do not play: the chief arbiter "
                 f"has lots decide who goes through, entered as result … {where}--lots PLAYER")


def lots_board_words(first: tuple[str, SitOut | None], second: tuple[str, SitOut | None],
                     drawn: Side, lang: str = "zh") -> str:
    """A knockout board neither of whose players came, decided by lots (抽签, huazhi 八、(五);
    `BoardResult.lots`), naming who the lots sent on — never a forfeit (no one came to win
    it): `王三（退赛）、李四（缺席）双方均未到场，抽签决定李四晋级` (a player marked where missing)."""
    (one, one_why), (other, other_why) = first, second
    marked = [name if why is None else missing_mark(name, why, lang)
              for name, why in ((one, one_why), (other, other_why))]
    goes_on = one if drawn is Side.FIRST else other
    return _pick(lang, f"{marked[0]}、{marked[1]}双方均未到场，抽签决定{goes_on}晋级",
                 f"neither {marked[0]} nor {marked[1]} came: the lots sent {goes_on} on")


def lots_board_text(winner: str, lang: str = "zh") -> str:
    """A knockout board decided by lots, by the one sent on alone (the bracket's match, a
    command's answer): `双方均未到场，抽签决定李四晋级`."""
    return _pick(lang, f"双方均未到场，抽签决定{winner}晋级",
                 f"neither came: the lots sent {winner} on")


_GRID_FORFEITS = {Outcome.FORFEIT_WIN: ("不战胜", "+f"), Outcome.FORFEIT_LOSS: ("弃权负", "-f")}


def grid_game_text(outcome: Outcome | None, points: int, scale: int = 1,
                   lang: str = "zh") -> str:
    """One game of a round-robin grid cell: the points scored, or for a game not played
    `不战胜` / `弃权负` (its points are the group's, said in the legend); `outcome` None: a
    game played."""
    words = None if outcome is None else _GRID_FORFEITS.get(outcome)
    return number_text(points, scale) if words is None else _pick(lang, *words)


def round_robin_legend(notes: GridNotes, names: Sequence[str], scale: int = 1,
                       lang: str = "zh") -> tuple[str, ...]:
    """The round-robin crosstable's legend lines for what its grid holds besides points
    (`app.standings.crosstable.grid_notes`; `names` the rows' players): games not played
    (不战胜 / 弃权负), the withdrawn players' rows and the rest rounds (轮空（不计分）：第1轮 张一)."""
    lines = []
    if notes.forfeits:
        lines.append(_pick(lang, "不战胜：对手弃权（退赛、缺席或未到），判本人胜；弃权负：本人弃权，"
                                 "判负；该局未赛",
                           "+f: won by forfeit (the opponent withdrew, was absent or did not "
                           "come); -f: lost by forfeit; the game was not played"))
    if notes.withdrawn:
        out = [(names[k], start) for k, start in notes.withdrawn]
        lines.append(_pick(
            lang, "退赛：" + "、".join(f"{name} 第{start}轮起" for name, start in out)
            + "（此后各局判弃权负）",
            "withdrawn: " + ", ".join(f"{name} from round {start}" for name, start in out)
            + " (every game since lost by forfeit)"))
    if notes.rests:
        given = {points for _round, _k, points in notes.rests}
        score = (_pick(lang, "不计分", "no points") if given == {0} else
                 _pick(lang, "计" + "/".join(number_text(p, scale) for p in sorted(given)) + "分",
                       "/".join(number_text(p, scale) for p in sorted(given)) + " points"))
        rests = [(r, names[k]) for r, k, _points in notes.rests]
        lines.append(_pick(
            lang, f"轮空（{score}）：" + "、".join(f"第{r}轮 {name}" for r, name in rests),
            f"rest rounds ({score}): " + ", ".join(f"round {r} {name}" for r, name in rests)))
    return tuple(lines)


def withdrawn_row_text(name: str, start: int | None, lang: str = "zh") -> str:
    """A round-robin crosstable row's name, marked when the player withdrew:
    `张六（第3轮起退赛）`."""
    mark = withdrawn_text(start, lang)
    if not mark:
        return name
    return _pick(lang, f"{name}（{mark}）", f"{name} ({mark})")


ROUND_CELL_WORDS = {
    Outcome.WIN: ("胜", "+"), Outcome.DRAW: ("和", "="), Outcome.LOSS: ("负", "−"),
    Outcome.FORFEIT_WIN: ("不战胜", "+f"), Outcome.FORFEIT_LOSS: ("弃权负", "−f"),
    Outcome.PAB: ("轮空", "bye"), Outcome.FULL_BYE: ("免赛胜", "bye+"),
    Outcome.HALF_BYE: ("免赛和", "bye="), Outcome.ZERO_BYE: ("免赛", "bye0"),
    Outcome.ABSENT: ("缺席", "abs"),
}
"""A crosstable by rounds: the outcome of a round (the window's cells say them in English so)."""
LATE_CELL = ("迟报", "late")
LOTS_CELLS = {True: ("抽签晋级", "lots+"), False: ("抽签负", "lots−")}
"""A knockout board neither player came to, decided by lots: the one sent on, the other
(neither won a game: never 不战胜 / 弃权负)."""


def left_out_before_round_one(names: Sequence[str], drawn: int, bracket: bool,
                              teams: bool = False) -> str:
    """Round 1's report line for the players (or teams) withdrawn before it: a round robin's
    Berger table (`bracket` False) or a knockout's bracket is made for the `drawn` others."""
    zh_what, en_what, en_where = (("对阵图", "the bracket is drawn", "in it") if bracket
                                  else ("伯格表", "the Berger table is made", "on it"))
    zh_unit, en_unit = ("队", "teams") if teams else ("人", "players")
    return (f"{zh_what}按{drawn}{zh_unit}排定，第1轮前退赛的{'、'.join(names)}不编入 / {en_what} "
            f"for {drawn} {en_unit}; {', '.join(names)}, withdrawn before round 1, not "
            f"{en_where}")


def lots_sent_on(result: BoardResult | GameResult | None, first: bool | None) -> bool | None:
    """Whether the lots of a knockout board neither player came to sent the player seated
    first (`first`) or second on; None for any other result, or no seat."""
    if not isinstance(result, BoardResult) or result.lots is None or first is None:
        return None
    return result.lots is (Side.FIRST if first else Side.SECOND)


def round_cell_text(cell: RoundCell, lang: str = "zh") -> str:
    """A crosstable cell by rounds (Swiss) as the command line and the window show it: the
    opponent's row, the colour (黑 = first mover), the outcome: `12黑胜` / `12b+`; a
    double-game round its games and points instead of the outcome (`double_round_text`:
    `12黑胜／和 2:0`); a round without a game says why: `轮空`, `缺席`, `退赛`, `迟报`,
    `免赛和`."""
    if cell.late:
        return _pick(lang, *LATE_CELL)
    if cell.withdrawn:
        return withdrawn_cell(lang)
    word = _pick(lang, *(ROUND_CELL_WORDS[cell.outcome] if cell.lots is None
                         else LOTS_CELLS[cell.lots]))
    if cell.opponent_place is None:
        return word
    if cell.games and cell.opponent_points is not None:
        word = double_round_text(cell.games, cell.points, cell.opponent_points, lang=lang)
    colour = "" if cell.colour is None else _pick(
        lang, *(("黑", "b") if cell.colour is Colour.FIRST else ("白", "w")))
    return f"{cell.opponent_place}{colour}{word}"


_ON_TIME_WORDS = {Outcome.WIN: ("超时胜", "+t"), Outcome.LOSS: ("超时负", "−t")}


def double_round_text(games: Sequence[GameOutcome], mine: int, theirs: int, scale: int = 1,
                      lang: str = "zh") -> str:
    """A double-game round (双盘制) as one player had it: each game's outcome, then the round's
    points, own first: `胜／和 2:0`, `胜／负 1:1`, a loss on time `超时负 0:2` (in game 1 it
    settles the round alone, 2016 七、(五)2) / `+/= 2:0`, `−t 0:2`."""
    said = _pick(lang, "／", "/").join(_pick(lang, *_game_words(game)) for game in games)
    return f"{said} {number_text(mine, scale)}:{number_text(theirs, scale)}"


def _game_words(game: GameOutcome) -> tuple[str, str]:
    """One game's outcome for one player, a loss on time said so (超时胜 / 超时负)."""
    if game.on_time and game.outcome in _ON_TIME_WORDS:
        return _ON_TIME_WORDS[game.outcome]
    return ROUND_CELL_WORDS[game.outcome]


def round_legend(notes: RoundNotes, names: Sequence[str], scale: int = 1,
                 lang: str = "zh") -> tuple[str, ...]:
    """The legend lines of a crosstable by rounds (Swiss, double game or single) for what its
    cells hold besides games (`app.standings.crosstable.round_notes`; `names` the rows'
    players): the byes asked for (免赛胜 …), the late entries' rounds (迟报), the withdrawn
    players (退赛：孙六 第2轮起…) and the absences (缺席：第2轮 王三…), each with what it gave."""
    lines = []
    if notes.double_game:
        lines.append(_pick(lang, "双盘制：执子为本人第一盘所执（第二盘互换），其后为本人各盘结果"
                                 "（超时胜、超时负：该盘由超时判定）和本轮积分（本人在前，如 2:0）",
                           "double games: the colour is the player's in game 1 (exchanged in "
                           "game 2), then each game's result (+t, −t: decided on time) and "
                           "the round's points, the player's first (2:0)"))
    if notes.lots:  # huazhi 八、(五): the chief arbiter's lots
        lines.append(_pick(lang, "抽签晋级、抽签负：双方均未到场，由裁判长抽签决定晋级的一方（该局"
                                 "未赛，双方均不计胜局）",
                           "lots+, lots−: neither player came, the chief arbiter's lots sent "
                           "one on (no game played, no win for either)"))
    if notes.requested:
        lines.append(_pick(lang, "免赛胜、免赛和、免赛：请假全分、半分、零分",
                           "bye+, bye=, bye0: a full-, half- or zero-point bye asked for"))
    if notes.late:
        lines.append(_pick(lang, "迟报：迟到报名，参赛前的轮次（按规程记分）",
                           "late: a late entry's rounds before it entered (scored as the "
                           "regulation says)"))
    if notes.withdrawn:
        lines.append(_pick(
            lang, "退赛：" + "、".join(f"{names[k]} 第{start}轮起" for k, start, _p in notes.withdrawn)
            + f"（此后不再编排，{_each_round_scores(notes.withdrawn, scale, lang)}）",
            "withdrawn: " + ", ".join(f"{names[k]} from round {start}"
                                      for k, start, _p in notes.withdrawn)
            + f" (no longer paired; {_each_round_scores(notes.withdrawn, scale, lang)})"))
    if notes.absent:
        lines.append(_pick(
            lang, "缺席：" + "、".join(f"第{r}轮 {names[k]}" for r, k, _p in notes.absent)
            + f"（该轮不参加编排，{_each_round_scores(notes.absent, scale, lang, False)}）",
            "absent: " + ", ".join(f"round {r} {names[k]}" for r, k, _p in notes.absent)
            + f" (not paired that round; "
              f"{_each_round_scores(notes.absent, scale, lang, False)})"))
    return tuple(lines)


def _each_round_scores(marks: Sequence[tuple[int, int, int]], scale: int, lang: str,
                       each: bool = True) -> str:
    """What a marked round gave (the last of each mark): `每轮计0分` / `0 points a round`
    (`each`: the mark covers rounds), `计0分` / `0 points`."""
    given = "/".join(number_text(p, scale) for p in sorted({mark[2] for mark in marks}))
    if each:
        return _pick(lang, f"每轮计{given}分", f"{given} points a round")
    return _pick(lang, f"计{given}分", f"{given} points")


def team_missing_text(on_boards: Sequence[tuple[str, str, SitOut]],
                      teams: Sequence[tuple[str, SitOut]], lang: str = "zh") -> str:
    """A team round's missing members as its pairing list says them: the boards lost by
    forfeit (place, member, why: `第1场3台 成都丙（缺席）`) and the teams not paired because
    none of their members plays (`南京队（退赛）`); nothing when every member plays."""
    parts = []
    if on_boards:
        named = [f"{place} {name}（{team_missing_why(why)}）" for place, name, why in on_boards]
        named_en = [f"{place} {name} ({team_missing_why(why, 'en')})"
                    for place, name, why in on_boards]
        parts.append(_pick(lang, "以下台次的棋手不出场，判其弃权负：" + "、".join(named),
                           "lost by forfeit, the member not playing: " + ", ".join(named_en)))
    if teams:
        parts.append(_pick(
            lang, "本轮不参赛的队伍：" + "、".join(
                f"{team}（{team_missing_why(why)}）" for team, why in teams),
            "teams not paired this round: " + ", ".join(
                f"{team} ({team_missing_why(why, 'en')})" for team, why in teams)))
    return _pick(lang, "；", "; ").join(parts)


def team_missing_board_text(why: SitOut, lang: str = "zh") -> str:
    """A team member seated on a board who does not play it, as a list line says it:
    `不出场（退赛），判弃权负` (分台定人制: the board is lost by forfeit, nobody moves up)."""
    return _pick(lang, f"不出场（{team_missing_why(why)}），判弃权负",
                 f"does not play ({team_missing_why(why, 'en')}): lost by forfeit")


def team_not_paired_text(why: SitOut, lang: str = "zh") -> str:
    """A team none of whose members plays the round, as a list line says it: `本轮不参赛（退赛）`."""
    return _pick(lang, f"本轮不参赛（{team_missing_why(why)}）",
                 f"not paired this round ({team_missing_why(why, 'en')})")


def team_bye_scores_text(match_points: int, game_points: str, lang: str = "zh") -> str:
    """What a Team Swiss bye (轮空) gives its team, as a list line says it: `计胜一场：场分2，局分3`
    (a match won, C.04.1 c; a drawn game on every board, `team_swiss.bye_game_points`)."""
    return _pick(lang, f"计胜一场：场分{match_points}，局分{game_points}",
                 f"counts as a match won: {match_points} match points, {game_points} game points")


def standing_note(withdrawn_from: int | None, award: Award | None, lang: str = "zh",
                  lots_path: Sequence[LotsDraw] = ()) -> str:
    """A ranking line's 备注 (a player's, or a Team Swiss team's, wherever the line is shown:
    the command line, the papers, the workbook): the withdrawal (`第5轮起退赛`; a team's from
    its members as `team_withdrawn_from` reads them), a knockout's matches decided by lots on
    the way to the place (`lots_path_text`) and how the award was decided, so that an award
    still held by a player who withdrew is seen for what it is: `第1轮抽签负，抽签决定名次`."""
    decided = [x for x in (lots_path_text(lots_path, lang), award_note(award, lang)) if x]
    return with_withdrawal(withdrawn_from, ("; " if lang == "en" else "，").join(decided), lang)


def place_decision_text(award: Award | None, lots_path: Sequence[LotsDraw] = (),
                        lang: str = "zh") -> str:
    """How a place was decided (`decision_text`), after a knockout's matches decided by lots
    on the way to it (`lots_path_text`): the window's 备注 of a team ranking line."""
    parts = [x for x in (lots_path_text(lots_path, lang), decision_text(award, lang)) if x]
    return ("; " if lang == "en" else "，").join(parts)


def lots_path_text(path: Sequence[LotsDraw], lang: str = "zh") -> str:
    """The matches decided by lots (抽签, huazhi 八、(五)) on a knockout entrant's way to its
    place, before the match that decided it (`Bracket.lots_path`): `第1轮抽签负`,
    `第1轮抽签胜、第2轮抽签负`; nothing where none was."""
    if lang == "en":
        return ", ".join(f"{'won' if d.won else 'lost'} round {d.round} by lots" for d in path)
    return "、".join(f"第{d.round}轮抽签{'胜' if d.won else '负'}" for d in path)


def with_withdrawal(withdrawn_from: int | None, note: str, lang: str = "zh") -> str:
    """`note` after a withdrawal's mark (`第5轮起退赛，加赛决定名次`), either alone where the other
    is empty: a ranking line's 备注 and an award list's 说明 alike."""
    parts = [x for x in (withdrawn_text(withdrawn_from, lang), note) if x]
    return ("; " if lang == "en" else "，").join(parts)


def bye_word(lang: str = "zh") -> str:
    """A seat without an opponent, as a pairing line names it: `轮空` / `bye`."""
    return _pick(lang, "轮空", "bye")


def withdrawn_cell(lang: str = "zh") -> str:
    """A crosstable cell of a round after a player withdrew: `退赛` / `wd`."""
    return _pick(lang, "退赛", "wd")


# ----- a Team Swiss's scores and crosstable (场分、局分、团体交叉表) -------------------------------

_POINTS = ("积分", "Points")  # a group's points: no Team Swiss code loaded for them


@cache
def points_words() -> dict[PrimaryScore | None, tuple[str, str]]:
    """The points column by the score it holds: a group's points (积分), or a Team Swiss's
    primary score, match points 场分 or game points 局分 (FIDE C.04.6 Art. 1.2; 局分 as huazhi
    六、(三)1 calls a match's game points). Made when first asked for: the Team Swiss modules
    load with a Team Swiss, not with every command that words something (issue 28)."""
    from app.pairing.team_swiss import PrimaryScore

    return {
        None: _POINTS,
        PrimaryScore.MATCH: ("场分", "Match points"),
        PrimaryScore.GAME: ("局分", "Game points"),
    }


def points_header(primary: PrimaryScore | None, lang: str = "zh") -> str:
    """The heading of a ranking's points column (积分, or 场分 / 局分 in a Team Swiss)."""
    return _pick(lang, *(_POINTS if primary is None else points_words()[primary]))


def secondary_header(primary: PrimaryScore, lang: str = "zh") -> str:
    """The heading of a Team Swiss's other score: 局分 beside 场分, 场分 beside 局分."""
    from app.pairing.team_swiss import PrimaryScore

    other = PrimaryScore.GAME if primary is PrimaryScore.MATCH else PrimaryScore.MATCH
    return _pick(lang, *points_words()[other])


_TEAM_SIDE = {Colour.FIRST: ("先", "f"), Colour.SECOND: ("后", "s")}
_TEAM_OUTCOME = {Outcome.WIN: ("胜", "W"), Outcome.DRAW: ("和", "D"), Outcome.LOSS: ("负", "L"),
                 Outcome.FORFEIT_WIN: ("不战胜", "W+"), Outcome.FORFEIT_LOSS: ("弃权负", "L-")}


def team_cross_cell(cell: CrossCell, withdrawn_from: int | None = None,
                    lang: str = "zh") -> str:
    """A team crosstable cell: the opponent's row, the team's side (先 = the first-named team
    先行方, 后 = the second-named), the match's result and its game points, own first:
    `12先 胜 3:1`; 轮空 for the pairing-allocated bye, with the game points it gave (`轮空 3`:
    the row's 局分 is the sum of its cells); 退赛 after a withdrawal, 缺赛 for a round not
    played otherwise."""
    if cell.outcome is Outcome.PAB:
        return f"{_pick(lang, '轮空', 'bye')} {cell.game_points}"
    if cell.opponent_row is None:
        if withdrawn_from is not None and cell.round >= withdrawn_from:
            return withdrawn_cell(lang)
        return _pick(lang, "缺赛", "absent")
    side = _pick(lang, *_TEAM_SIDE[cell.colour]) if cell.colour in _TEAM_SIDE else ""
    outcome = _pick(lang, *_TEAM_OUTCOME.get(cell.outcome, ("", "")))
    return f"{cell.opponent_row}{side} {outcome} {cell.game_points}:{cell.opponent_game_points}"


def team_cross_cells(cells: Sequence[CrossCell], withdrawn_from: int | None, rounds: int,
                     lang: str = "zh") -> list[str]:
    """A team's cells of the crosstable worded (`team_cross_cell`), blank up to `rounds`."""
    worded = [team_cross_cell(c, withdrawn_from, lang) for c in cells]
    return worded + [""] * (rounds - len(worded))


def team_cross_legend(lang: str = "zh") -> str:
    """What a team crosstable's cells say (printed under it, shown under the page's table)."""
    return _pick(lang, "格中依次为：对手序号（即行号，按名次排列）、先（先行方，单数台执黑）或后（后行方）、"
                       "本场胜和负、本队与对手的局分；轮空计胜一场，其后为轮空所得局分；退赛如所写。",
                 "Each cell: the opponent's row (rows in standings order), f (named first: "
                 "black on the odd boards) or s (the team named after it), the match won (W), "
                 "drawn (D) or lost (L), then the game points, own first; a bye counts as a "
                 "match won, followed by the game points it gave; wd as written.")


# ----- game results (对局结果) ----------------------------------------------------------------


RESULT_WORDS = {
    GameCode.FIRST_WINS: ("黑胜", "black won"), GameCode.SECOND_WINS: ("白胜", "white won"),
    GameCode.DRAW: ("和", "draw"), GameCode.FIRST_FORFEIT_WIN: ("白弃权", "white forfeited"),
    GameCode.SECOND_FORFEIT_WIN: ("黑弃权", "black forfeited"),
    GameCode.DOUBLE_FORFEIT: ("双方弃权", "double forfeit"),
}
"""One game's result in words (black = the first mover of that game)."""


def code_text(result: BoardResult | GameResult | None) -> str:
    """A result in the notation (`1-0`, `1-0 =`, `0-1t`: a board's first-named side first, a
    game's black), as the pairing lists, the files, the command line and the venue API show
    it; "" while not in."""
    return "" if result is None else str(result)


def game_code(result: GameResult | None) -> str:
    """One game's code, black first, without the mark of a loss on time (`1-0`): the game
    lists show it so, the game's ending telling a loss on time; "" while not played."""
    return "" if result is None else notation(GameResult(result.code))


def game_result_text(result: GameResult, lang: str = "zh") -> str:
    """One game as printed: `黑胜`, `白胜（黑超时）` for a loss on time (超时判负) / `white won
    (black lost on time)`."""
    zh, en = RESULT_WORDS[result.code]
    if not result.time_loss:
        return _pick(lang, zh, en)
    loser_zh, loser_en = ("黑", "black") if result.winner is Side.SECOND else ("白", "white")
    return _pick(lang, f"{zh}（{loser_zh}超时）", f"{en} ({loser_en} lost on time)")


def games_text(games: Sequence[GameResult], lang: str = "zh") -> str:
    """Games in words, joined by ／ (`黑胜／白胜`): a double-game round's, or the games of one
    played so far."""
    return _pick(lang, "／", " / ").join(game_result_text(game, lang) for game in games)


def board_result_text(result: BoardResult | GameResult | None, lang: str = "zh", *,
                      points: tuple[int, int] | None = None,
                      lost_on_time: Collection[int] = ()) -> str:
    """A board's result in the words the papers print (先手执黑), the one wording of the
    results lists and the window: each game as `game_result_text` says it (黑胜, 和,
    白胜（黑超时）, 白弃权), the games of a double-game round (双盘制) joined by ／ and, given its
    `points` (the first-named player's first), followed by them: `黑胜／白胜 2:0`,
    `白胜（黑超时） 0:2` (a loss on time in game 1 settles the round alone). `lost_on_time`:
    the games (from 1) whose ending says the loser ran out of time where the code does not;
    "" while not in."""
    if result is None:
        return ""
    if isinstance(result, BoardResult) and result.lots is not None:
        return lots_result_text(result.lots, lang)
    games = result.games if isinstance(result, BoardResult) else (result,)
    text = games_text([GameResult(game.code, time_loss=True)
                       if k in lost_on_time and game.code.decisive else game
                       for k, game in enumerate(games, start=1)], lang)
    if isinstance(result, BoardResult) and result.double and points is not None:
        text += f" {number_text(points[0])}:{number_text(points[1])}"
    return text


def lots_result_text(drawn: Side, lang: str = "zh") -> str:
    """A knockout board neither of whose players came, in a result column (先手执黑): `抽签
    （白晋级）` — the lots sent the second-named on; no game, no forfeit win (the names and
    why stand in the note below the list, `lots_board_words`)."""
    zh, en = ("黑", "black") if drawn is Side.FIRST else ("白", "white")
    return _pick(lang, f"抽签（{zh}晋级）", f"lots ({en} goes on)")


MATCH_RESULT_WORDS = {
    GameCode.FIRST_WINS: ("{first}胜", "{first} won"),
    GameCode.SECOND_WINS: ("{second}胜", "{second} won"),
    GameCode.DRAW: ("平局", "drawn"),
    GameCode.FIRST_FORFEIT_WIN: ("{second}弃权", "{second} forfeited"),
    GameCode.SECOND_FORFEIT_WIN: ("{first}弃权", "{first} forfeited"),
    GameCode.DOUBLE_FORFEIT: ("双方弃权", "both forfeited"),
}
"""A team match's result by the teams' names (the match is one result, the first-named team
first; its boards are games, `game_result_text`)."""


def match_result_text(result: BoardResult | None, first: str, second: str,
                      lang: str = "zh") -> str:
    """A team match's result in words: `一队胜`, `平局`, `二队弃权`; "" while not in."""
    if result is None:
        return ""
    zh, en = MATCH_RESULT_WORDS[result.games[0].code]
    return _pick(lang, zh, en).format(first=first, second=second)


def team_match_text(result: BoardResult | None, score: MatchScore | None, first: str,
                    second: str, lang: str = "zh") -> str:
    """A team match's result cell as the window's rounds list and the venue's pairings page
    show it: who won (`match_result_text`: 一队胜, 平局, 二队弃权), or, every board played and
    the teams level, the captains' playoff still to come (战平，需主将加赛, huazhi 六、(三)3);
    "" while boards are still playing."""
    if score is not None and score.waits_for_playoff:
        return match_waiting_text(lang)
    return match_result_text(result, first, second, lang)


# ----- the pairing's report -------------------------------------------------------------------

_STRENGTH_ZH = {"absolute": "绝对", "strong": "强", "mild": "弱"}


def player_with_number(name: str, number: int, lang: str = "zh") -> str:
    """A player as a pairing report names them: `张三（137号）` / `张三 (no. 137)`."""
    return _pick(lang, f"{name}（{number}号）", f"{name} (no. {number})")


def colour_departure_text(departure: ColourDeparture, round_number: int,
                          names: Mapping[int, str], numbers: Mapping[int, int]) -> str:
    """A round-robin board whose colours were swapped by hand, as the round's report and the
    swap say it, Chinese and English (players by name and 编号): `第1台 先后手与伯格表
    不同：按表由张六（6号）先手` and, in a double round robin, `；张四（4号）两次与张六（6号）相遇都
    先手（第2轮、第7轮）`."""
    first = (names.get(departure.table_first, "?"), numbers.get(departure.table_first, 0))
    second = (names.get(departure.table_second, "?"), numbers.get(departure.table_second, 0))
    zh = (f"第{departure.board}台 先后手与伯格表不同：按表由{player_with_number(*first)}先手")
    en = (f"board {departure.board}: colours differ from the Berger table, which has "
          f"{player_with_number(*first, lang='en')} move first")
    again = departure.same_first_round
    if again is not None:
        rounds = sorted((round_number, again))
        zh += (f"；{player_with_number(*second)}两次与{player_with_number(*first)}相遇都先手"
               f"（第{rounds[0]}轮、第{rounds[1]}轮）")
        en += (f"; {player_with_number(*second, lang='en')} moves first in both meetings with "
               f"{player_with_number(*first, lang='en')} (rounds {rounds[0]} and {rounds[1]})")
    return f"{zh} / {en}"


def pairing_note_text(note: PairingNote, names: Mapping[int, str]) -> str:
    """One line of the pairing's report, Chinese / English, each player by name with their
    pairing number (`names`: number -> name; the number alone where a name is not known)."""

    def who(number: int, lang: str) -> str:
        name = names.get(number)
        return player_with_number(name, number, lang) if name else str(number)

    players = note.players
    if note.kind is NoteKind.DOWNFLOAT:
        return (f"第{note.board}台 {who(players[0], 'zh')} 降档对阵 {who(players[1], 'zh')}"
                f" / board {note.board}: {who(players[0], 'en')} floats down to meet "
                f"{who(players[1], 'en')}")
    if note.kind is NoteKind.COLOUR_NOT_GRANTED:
        return (f"第{note.board}台 {who(players[0], 'zh')} 未得到所需先后手"
                f"（{_STRENGTH_ZH.get(note.strength, note.strength)}偏好）"
                f" / board {note.board}: {who(players[0], 'en')} does not get the "
                f"{note.strength} colour preference")
    if note.kind is NoteKind.TEAM_COLOUR_NOT_GRANTED:  # a team's match (第N场), not a board
        zh_strength = f"（{_STRENGTH_ZH.get(note.strength, note.strength)}偏好）" if note.strength else ""
        en_strength = f"{note.strength} " if note.strength else ""
        return (f"第{note.board}场 {who(players[0], 'zh')} 未得到所需先后手{zh_strength}"
                f" / match {note.board}: {who(players[0], 'en')} does not get its "
                f"{en_strength}colour preference")
    if note.kind is NoteKind.UPFLOAT:
        return (f"第{note.board}台 {who(players[0], 'zh')} 升档对阵 {who(players[1], 'zh')}"
                f" / board {note.board}: {who(players[0], 'en')} floats up to meet "
                f"{who(players[1], 'en')}")
    if note.kind is NoteKind.SAME_COLOUR_AGAIN:
        side = "先手" if note.colour is Colour.FIRST else "后手"
        return (f"第{note.board}台 {who(players[0], 'zh')} 第一盘连续第三次{side}"
                f" / board {note.board}: {who(players[0], 'en')} has the same game-1 colour "
                "a third time running")
    return (f"{who(players[0], 'zh')} 轮空 / {who(players[0], 'en')} receives the "
            "pairing-allocated bye")
