"""The one wording of the standings' typed values, in Chinese and English: places, numbers,
playoff marks, prizes, why a tie is played off, team lines and the legend."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from app import wording
from app.results import parse_board
from app.standings.awards import Award, AwardBasis, TieRule
from app.standings.legend import LegendLine, Note, TeamNote
from app.standings.ranking import PlayoffState
from app.standings.stakes import PlaceAward, PlayoffReason, Stake
from app.standings.tiebreaks import Unplayed
from app.wording import (
    applied_title,
    award_list_note,
    award_note,
    board_result_text,
    decision_text,
    legend_text,
    match_result_text,
    number_text,
    place_text,
    playoff_marks_note,
    playoff_text,
    prize_text,
    reason_text,
    singular,
    team_criterion,
    team_match_text,
    team_note_text,
    team_total_label,
    title_text,
)


def award(money: Fraction | int = 0, items: tuple[str, ...] = (), title: str | None = None,
          basis: AwardBasis = AwardBasis.PLACE, covered: tuple[int, int] = (1, 1)) -> Award:
    return Award(1, covered[0], covered != (covered[0], covered[0]), covered, basis,
                 Fraction(money), items, title)


def test_a_place_reads_3_and_a_shared_place_3_equals() -> None:
    """不涉及录取名次的为并列名次 (2016 八(二)1): a shared place is printed `3=`."""
    assert place_text(3) == "3" and place_text(3, shared=True) == "3="
    assert place_text(None) == "" and place_text(None, missing="-") == "-"
    assert place_text(0, missing="-") == "-"  # the export model's 'no place'


@pytest.mark.parametrize(("value", "scale", "shown"), [
    (4, 1, "4"), (Fraction(9, 2), 1, "4.5"), (9, 2, "4.5"), (Fraction(7000, 3), 1, "2333.33"),
    (Fraction(1, 4), 1, "0.25"), (0, 1, "0"), (-3, 2, "-1.5")])
def test_numbers_read_without_trailing_zeros(value: int | Fraction, scale: int, shown: str
                                             ) -> None:
    assert number_text(value, scale) == shown


def test_numbers_may_keep_more_decimals() -> None:
    assert number_text(Fraction(1, 3), digits=4) == "0.3333"


def test_playoff_marks_in_both_languages() -> None:
    assert [playoff_text(s) for s in PlayoffState] == ["", "需加赛", "加赛", "抽签"]
    assert [playoff_text(s, "en") for s in PlayoffState] == ["", "playoff needed", "playoff",
                                                             "lots"]


def test_the_marks_note_explains_the_marks_shown_and_lots_never_as_a_playoff() -> None:
    assert playoff_marks_note([PlayoffState.NONE]) == ""
    lots = playoff_marks_note([PlayoffState.LOTS, PlayoffState.NONE])
    assert lots == "备注“抽签”：名次由抽签决定（未能加赛，由裁判长抽签）。" and "“加赛”" not in lots
    both = playoff_marks_note([PlayoffState.NEEDED, PlayoffState.PLAYED, PlayoffState.LOTS])
    assert both.startswith("备注“加赛”：名次由加赛决定；“抽签”") and "“需加赛”" in both
    assert playoff_marks_note([PlayoffState.LOTS], "en").startswith('Notes: "lots": placed by')


def test_lots_are_said_with_the_order_drawn() -> None:
    line = LegendLine(Note.LOTS, ties=((3, 4),), named=("李四", "张三"))
    assert legend_text(line) == "第3-4名并列，由抽签决定：李四、张三"
    assert legend_text(line, "en") == "Places 3-4 were tied and decided by lots: 李四, 张三"


def test_a_board_result_in_the_papers_words() -> None:
    """The window and the results lists word a result alike: 黑胜, 白胜（黑超时）, 白弃权; a
    double-game round its two games and its points, the first-named player's first."""
    assert board_result_text(parse_board(["1-0"], False)) == "黑胜"
    assert board_result_text(parse_board(["0-1t"], False)) == "白胜（黑超时）"
    assert board_result_text(parse_board(["+-"], False)) == "白弃权"
    assert board_result_text(parse_board(["0-1"], False), lost_on_time={1}) == "白胜（黑超时）"
    double = parse_board(["1-0", "0-1t"], True)
    assert board_result_text(double, points=(2, 0)) == "黑胜／白胜（黑超时） 2:0"
    assert board_result_text(double) == "黑胜／白胜（黑超时）"
    assert board_result_text(double, "en", points=(2, 0)) == \
        "black won / white won (black lost on time) 2:0"
    assert board_result_text(None) == ""
    assert match_result_text(parse_board(["1-0"], False), "一队", "二队") == "一队胜"
    assert match_result_text(parse_board(["+-"], False), "一队", "二队") == "二队弃权"
    assert match_result_text(parse_board(["="], False), "一队", "二队", "en") == "drawn"


def test_a_team_match_waiting_for_its_captains_playoff_says_so() -> None:
    """huazhi 六、(三)3: every board played, level, no playoff yet: 战平，需主将加赛 where the
    winner goes (the window and the venue alike); a drawn Team Swiss match is 平局."""
    from app.pairing.team import MatchScore

    assert team_match_text(None, MatchScore(3, 3), "一队", "二队") == "战平，需主将加赛"
    assert team_match_text(None, None, "一队", "二队") == ""  # boards still playing
    assert team_match_text(parse_board(["0-1"], False), MatchScore(2, 4), "一队", "二队") == \
        "二队胜"
    assert team_match_text(parse_board(["="], False), MatchScore(3, 3, drawn=True), "一队",
                           "二队", "en") == "drawn"


def test_a_prize_and_a_shared_prize() -> None:
    """A share of the covered prizes is paid to the fen (Hort; FIDE C.07 art. 2 notes)."""
    assert prize_text(award(6000, ("奖状",))) == "6000元、奖状"
    assert prize_text(award(6000, ("奖状",)), "en") == "6000 yuan, certificate"
    shared = award(Fraction(7000, 3), (), basis=AwardBasis.SHARED, covered=(2, 4))
    assert prize_text(shared) == "2333.33元" and prize_text(shared, "en") == "2333.33 yuan"
    assert prize_text(award(0, ("奖杯", "自制奖品")), "en") == "trophy, 自制奖品"
    assert prize_text(None) == "" and prize_text(award(title="六段")) == ""
    assert title_text(award(title="六段")) == "六段" and title_text(None) == ""
    assert applied_title("六段") == "可申请六段" and applied_title("六段", "en") == "may apply for 六段"
    assert applied_title(None) == applied_title("") == ""


def test_how_an_award_was_decided() -> None:
    assert award_note(award(6000)) == ""
    assert award_note(award(basis=AwardBasis.PLAYOFF)) == "加赛决定名次"
    assert award_note(award(basis=AwardBasis.LOTS)) == "抽签决定名次"
    assert award_note(award(basis=AwardBasis.LOTS), "en") == "placed by lots"
    assert award_note(award(3000, basis=AwardBasis.SHARED, covered=(3, 4))) == \
        "并列第3-4名，奖金平分"
    declined = Award(1, 1, False, (1, 1), AwardBasis.AWAITING_PLAYOFF, declined_title=True,
                     declined_prize=True)
    assert award_note(declined) == "待加赛（或抽签），放弃等级称号，放弃奖励"
    for basis in AwardBasis:  # one wording of every decision, in both languages
        one = award(basis=basis, covered=(3, 4))
        assert bool(decision_text(one)) == bool(decision_text(one, "en")) == (
            basis is not AwardBasis.PLACE)


def test_an_award_lists_note_says_a_place_shared_inside_one_band() -> None:
    """2016 八(二)1 (不涉及录取名次的为并列名次), shenzhen 九(一) (不加赛): a tie whose places give
    the same is shared without a playoff; the award lists' 说明 says so, and says nothing of
    a place alone."""
    shared = Award(1, 4, True, (4, 5), AwardBasis.PLACE, Fraction(800))
    assert award_list_note(shared) == "并列第4-5名（奖励相同，不加赛）"
    assert award_list_note(shared, "en") == "places 4-5 shared (the same award, no playoff)"
    assert award_list_note(award(6000)) == "" and award_list_note(None) == ""
    assert award_list_note(award(basis=AwardBasis.PLAYOFF)) == "加赛决定名次"


def test_why_a_tie_is_played_off_in_both_languages() -> None:
    """2016 八(二)1, shenzhen 十一(一)2: what differs across the places the tie covers."""
    reason = PlayoffReason(1, 4, (Stake.MONEY, Stake.TITLE),
                           (PlaceAward(1, 30000, ("奖状",), "六段"), PlaceAward(4)))
    assert reason_text(reason) == "第1-4名奖金、等级称号不同：第1名 30000元、奖状、可申请六段；第4名 无"
    assert reason_text(reason, "en") == (
        "Places 1-4: the prize money, grade title differ: "
        "place 1: 30000 yuan, certificate, may apply for 六段; place 4: none")
    admitted = PlayoffReason(3, 5, (Stake.ADMITTED,), ())
    assert reason_text(admitted) == "第3-5名：本组规定录取名次内的并列一律加赛"
    assert reason_text(admitted, "en") == \
        "Places 3-5: every tie inside the admitted places is played off"


def test_team_lines_in_both_languages() -> None:
    assert team_criterion("best_place", "") == "个人最好名次"
    assert team_criterion("best_place", "", "en") == "best individual place"
    assert team_criterion("buchholz", "小分") == "小分之和"
    assert team_criterion("buchholz", "小分", "en") == "sum of Buchholz"
    assert (team_total_label("sum_scores"), team_total_label("best_places", "en")) == \
        ("积分", "Sum of places")
    assert [team_note_text(n) for n in TeamNote] == ["", "人数不足，不计团体成绩", "抽签决定名次"]
    assert team_note_text(TeamNote.SHORT, "en") == "Incomplete team: no team result"


@pytest.mark.parametrize(("line", "zh", "en"), [
    (LegendLine(Note.PROVISIONAL, complete=1, planned=9),
     "临时名次（非最终）：已完成 1/9 轮；奖金、称号和证书以最终名次为准",
     "Provisional (not final): 1/9 rounds played; prizes, titles and certificates follow the "
     "final standings"),
    (LegendLine(Note.PROVISIONAL, complete=9, planned=9, pending=2),
     "临时名次（非最终）：尚有 2 处并列待加赛；奖金、称号和证书以最终名次为准",
     "Provisional (not final): 2 ties still to play off; prizes, titles and certificates "
     "follow the final standings"),
    (LegendLine(Note.PROVISIONAL, complete=1, planned=4, knockout=True),
     "临时名次（非最终）：已完成 1/4 轮", "Provisional (not final): 1/4 rounds played"),
    (LegendLine(Note.UNPLAYED, unplayed=Unplayed.ZERO), "未赛轮次（轮空、弃权）在对手分中按0分计",
     "Unplayed rounds (byes, forfeits) count 0 in the opponents' scores"),
    (LegendLine(Note.TIE_RULE, tie_rule=TieRule.SHARE), "破同分后仍相同：并列，所涉名次奖金平分",
     "Still level after the tie-breaks: shared, the prizes of the places covered split equally"),
    (LegendLine(Note.GRADES, passed_down=True), "等级称号为可申请等级（依次顺延）",
     "Grade titles are titles one may apply for (passed down in order)"),
    (LegendLine(Note.GRADES), "等级称号为可申请等级（不顺延）",
     "Grade titles are titles one may apply for (not passed down)"),
    (LegendLine(Note.TEAM_BEST, count=3), "未报名队伍：按各单位成绩最好的3名选手计算",
     "No team declared: each unit's best 3 players count"),
    (LegendLine(Note.TEAM_PLACES, men=2, women=1), "各单位成绩最好的2男1女名次相加，小者列前",
     "Each unit's best 2 men and 1 woman: places added, the lower sum first"),
    (LegendLine(Note.TEAM_CHAIN, criteria=(("best_place", ""), ("buchholz", "对手分")),
                tie_rule=TieRule.PLAYOFF),
     "团体并列依次比较：个人最好名次、对手分之和；仍相同：抽签（或加赛）由裁判长决定",
     "Team ties compared in order: best individual place, sum of Buchholz; still level: lots "
     "(or a playoff), as the chief arbiter decides"),
    (LegendLine(Note.TEAM_CHAIN, tie_rule=TieRule.SHARE),
     "团体并列依次比较：无；仍相同：并列，所涉名次奖金平分",
     "Team ties compared in order: none; still level: shared, the prizes of the places "
     "covered split equally"),
    (LegendLine(Note.TEAM_AWARDED, teams=3, awarded=2), "参赛队数 3：按规程录取前2名",
     "3 teams: the first 2 are awarded, as the regulation says"),
    (LegendLine(Note.TEAM_AWARDED, teams=1), "参赛队数 1：不录取", "1 team: none awarded"),
])
def test_legend_lines_in_both_languages(line: LegendLine, zh: str, en: str) -> None:
    assert legend_text(line) == zh and legend_text(line, "en") == en


def test_english_counts_one_in_the_singular() -> None:
    line = LegendLine(Note.PROVISIONAL, complete=9, planned=9, pending=1)
    assert legend_text(line, "en").startswith("Provisional (not final): 1 tie still to play off;")
    assert singular("1 ties, 11 ties, 2.1 points") == "1 tie, 11 ties, 2.1 points"


def test_every_note_has_both_wordings() -> None:
    for note in Note:
        line = LegendLine(note, teams=2, awarded=1, count=3, men=2, women=1, planned=1,
                          ties=((3, 4),), named=("甲", "乙"), lists=("网络入围赛",))
        zh, en = legend_text(line), legend_text(line, "en")
        assert zh and en and zh != en, note


def test_every_tie_break_has_an_english_name() -> None:
    """English mode names each tie-break in words: one added to the registry without an
    English name would show its code name (`games_won`) in the window and on paper."""
    from app.standings.tiebreaks import REGISTRY
    from app.wording import TIEBREAK_ENGLISH

    missing = sorted(set(REGISTRY) - set(TIEBREAK_ENGLISH))
    assert not missing, f"tie-breaks without an English name: {missing}"


def test_numbers_are_listed_in_words_in_both_languages() -> None:
    assert wording.numbers_text([1, 2]) == "第1、2台"
    assert wording.numbers_text([1, 2], lang="en") == "boards 1, 2"
    assert wording.numbers_text([3], lang="en") == "board 3"
    assert wording.numbers_text([2, 5], "场", "match") == "第2、5场"
    assert wording.numbers_text([2, 5], "场", "match", lang="en") == "matches 2, 5"


def test_a_correction_names_the_rounds_paired_since_in_words(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Correcting a result once later rounds are paired says which, in words (第2、3轮 /
    rounds 2, 3), not as a list."""
    from app.services.event import Event
    from app.services.players import add_player
    from app.services.rounds import enter_result, pair_next_round

    event = Event.create(tmp_path / "e.db", "qiwang-2022")
    try:
        for k in range(4):
            add_player(event, "公开组", name=f"棋手{k}")
        for number in (1, 2, 3):
            pair_next_round(event, "公开组")
            if number < 3:
                for board in (1, 2):
                    enter_result(event, "公开组", number, board, ["1-0"])
        warning = enter_result(event, "公开组", 1, 1, ["0-1"], replace=True)
    finally:
        event.close()
    assert warning == ["注意：第2、3轮已根据原结果编排 / note: rounds 2, 3 were paired on the "
                       "old result"]


def test_every_opening_rule_that_sets_no_fifth_move_offers_says_why() -> None:
    """The setup form's note in place of 五手N打, for each rule that does not read it."""
    from app.rules.game import GameSettings
    from app.rules.judge import RuleSet
    from app.rules.protocols import Protocol

    for rules in RuleSet:
        for protocol in Protocol:
            if GameSettings.reads_group_offers(rules, protocol):
                continue
            zh, en = (wording.group_offers_unread_text(rules, protocol, lang)
                      for lang in ("zh", "en"))
            assert "五手" in zh and "fifth" in en and not re.search(r"[\u4e00-\u9fff]", en)
