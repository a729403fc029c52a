"""Results read as typed values where rows leave the store (issue 23): the knockout and the
grade-title list take a loss on time as the game it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.exports import booklet, pdf_booklet, pdf_lists
from app.services import rounds
from app.services.event import Event, add_group
from app.services.exporting import build_model, write_result_slips
from app.services.players import add_player
from tests.exports.helpers import pdf_layout_lines, pdf_text, squeezed

Make = Callable[..., Event]


def test_a_knockout_winner_on_time_goes_on_to_round_two(make_event: Make) -> None:
    """A game won because the other lost on time (超时判负) is won: the bracket sends the
    winner on, and round 2 is paired."""
    event = make_event("qiwang-2022", "公开组", players=4, system="knockout")
    rounds.pair_next_round(event, "公开组")
    rounds.enter_result(event, "公开组", 1, 1, ["1-0t"])
    rounds.enter_result(event, "公开组", 1, 2, ["0-1"])
    second = rounds.pair_next_round(event, "公开组")
    assert second.number == 2
    assert len([b for b in second.boards if b.second is not None]) == 2


def test_the_grade_title_list_counts_a_game_lost_on_time(make_event: Make,
                                                         tmp_path: Path) -> None:
    """段级位申报表: the games a player played include a game lost on time (超时判负 is a
    game played over the board), as the printed list says. Four players, three rounds, the
    lower number always wins (no ties, so every place gets its title); the first game lost
    in round 1 is lost on time."""
    event = make_event("qiwang-2022", "公开组", players=4, rounds=3)
    timed_out = None
    for number in (1, 2, 3):
        paired = rounds.pair_next_round(event, "公开组")
        for board in paired.boards:
            assert board.first is not None and board.second is not None
            first_wins = board.first.id < board.second.id
            code = "1-0" if first_wins else "0-1"
            if timed_out is None:
                timed_out = board.second if first_wins else board.first
                code += "t"
            rounds.enter_result(event, "公开组", number, board.number, [code])
    assert timed_out is not None
    model = build_model(event)
    assert model.games_played(timed_out.id) == 3
    path = pdf_lists.write_grade_applications(model, tmp_path / "grades.pdf")
    row = next(line for line in pdf_layout_lines(path) if timed_out.name in line)
    assert row.split()[-3] == "3"  # games played, then place and title


def test_a_free_rule_group_prints_no_designated_opening(make_event: Make,
                                                       tmp_path: Path) -> None:
    """The opening is the game's (`GameSettings.of_group`): 指定开局 belongs to 专业规则
    (中国五子棋竞赛规则 2013), so a free-rule group (大众规则, shenzhen 九、(三)1: 自由开局) whose
    setting still says designated prints neither 指定开局 nor 三手交换 on its booklet and
    slips."""
    event = make_event(None, players=0)
    add_group(event, "大众组", rule_set="free", opening="designated")
    for k in range(4):
        add_player(event, "大众组", name=f"棋手{k + 1}", unit="北京")
    rounds.pair_next_round(event, "大众组")
    model = build_model(event)
    book = booklet.order_book(model)
    text = squeezed(pdf_text(pdf_booklet.write_booklet_pdf(model, book, tmp_path / "b.pdf")))
    slips = squeezed(pdf_text(write_result_slips(event, "大众组", 1, tmp_path / "s.pdf")))
    assert "自由开局" in text
    for printed in (text, slips):
        assert "指定开局" not in printed and "三手交换" not in printed


def test_the_median_buchholz_legend_names_the_group_s_cut(make_event: Make,
                                                         tmp_path: Path) -> None:
    """中间对手分 drops the group's `median_cut` from each end (0-5); the legend printed under
    the standings after a round says that cut, not always one."""
    event = make_event("qiwang-2022", "公开组", players=4, rounds=3, median_cut=2)
    for number in (1, 2):
        paired = rounds.pair_next_round(event, "公开组")
        for board in paired.boards:
            rounds.enter_result(event, "公开组", number, board.number, ["1-0"])
    model = build_model(event)
    after = next(s for s in model.progress_standings if s.after_round == 1)
    legend = next(c.legend for c in after.columns if c.key == "median_buchholz")
    assert legend == "中间对手分：对手分去掉最高和最低各2个对手积分"
    printed = squeezed(pdf_text(pdf_lists.write_standings(model, after, tmp_path / "s.pdf")))
    assert "去掉最高和最低各2个对手积分" in printed
    assert "去掉最高和最低的一个" not in printed
