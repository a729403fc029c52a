"""Team knockout with full placement (huazhi 2021), playoffs (加赛), games recorded on the board."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app import wording
from app.errors import Place, UserError
from app.pairing.team import MatchScore
from app.results import LevelDecision, Side
from app.rules.board import parse_point
from app.rules.game import Game, GameSettings
from app.services import games, knockout, playoffs, rounds
from app.services.event import Event
from app.services.queries import players as listed
from app.services.queries import round_view
from app.services.ranking import standings
from app.standings.ranking import PlayoffState
from app.store.models import Playoff
from app.wording import code_text, game_code, prize_text

Make = Callable[..., Event]


def register_teams(event: Event, group: str, count: int) -> None:
    for k in range(1, count + 1):
        knockout.add_team(event, group, f"队{k}", [(f"甲{k}", "M"), (f"乙{k}", "M"),
                                                   (f"丙{k}", "F")], source="")


def test_a_team_needs_a_woman_on_board_three(make_event: Make) -> None:
    """huazhi 五、(一)3: 女选手在第三台."""
    event = make_event("huazhi-2021")
    with pytest.raises(UserError):
        knockout.add_team(event, "决赛", "全男队", [("甲", "M"), ("乙", "M"), ("丙", "M")])


def test_huazhi_final_plays_out_to_places_one_to_sixteen(make_event: Make) -> None:
    """huazhi 六、(三)1,3,5: 16 teams, 4 rounds, every place decided; level -> captains."""
    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 16)
    for number in range(1, 5):
        info = rounds.pair_next_round(event, "决赛")
        assert len(info.boards) == 8
        for board in info.boards:
            # First-named team black on boards 1 and 3 (先行方第1、3台黑棋).
            blacks = [g.black.name[0] for g in board.games]
            assert blacks[0] == "甲" and blacks[2] == "丙"
            if board.number == 1:
                assert knockout.enter_team_result(event, "决赛", number, 1,
                                                  ["1-0", "=", "0-1"]).result is None
                assert code_text(knockout.enter_team_result(
                    event, "决赛", number, 1, ["1-0", "=", "0-1"], ["=", "1-0"],
                    replace=True).result) in ("1-0", "0-1")
            else:
                knockout.enter_team_result(event, "决赛", number, board.number,
                                           ["1-0", "0-1", "1-0"])
    table = standings(event, "决赛")
    assert [row.place for row in table.rows] == list(range(1, 17))
    assert prize_text(table.rows[0].award).startswith("30000元")
    with pytest.raises(UserError):
        rounds.pair_next_round(event, "决赛")


def test_cross_group_round_pairs_first_against_last(make_event: Make) -> None:
    """huazhi 五、(二): 大众场第一名对专业场第八名 ..."""
    event = make_event("huazhi-2021")
    for k in range(1, 9):
        for label in ("大众场", "专业场"):
            knockout.add_team(event, "复赛", f"{label}{k}", [("甲", "M"), ("乙", "M"),
                                                            ("丙", "F")], source=label, seed=k)
    info = rounds.pair_next_round(event, "复赛")
    assert [(b.first_team, b.second_team) for b in info.boards][:2] == [
        ("大众场1", "专业场8"), ("大众场2", "专业场7")]


def test_playoff_for_a_tie_at_a_prize_place_orders_the_final_table(make_event: Make) -> None:
    """shenzhen 十一(一)2: a tie touching a prize place is played off (two games, then
    single games until one wins); the result orders the final standings."""
    event = make_event("shenzhen-2022", "男子组", players=5, system="round_robin")
    for number in range(1, 6):
        info = rounds.pair_next_round(event, "男子组")
        rounds.enter_results(event, "男子组", number,
                             {b.number: ["="] for b in info.boards if b.second})
    table = standings(event, "男子组")
    assert table.playoffs_needed and table.playoffs_needed[0].place == 1
    assert all(row.playoff is PlayoffState.NEEDED for row in table.rows)
    assert all(not prize_text(row.award) for row in table.rows)  # nothing while it is open
    playoff_id = playoffs.create_playoff(event, "男子组", 1)
    for _ in range(40):
        view = playoffs.record_playoff_result(event, playoff_id, "1-0")
        if view.decided:
            break
    assert view.decided
    with pytest.raises(UserError) as decided:  # its place in words of each language
        playoffs.record_playoff_result(event, playoff_id, "1-0")
    assert decided.value.where == Place(f"加赛 {playoff_id}", f"playoff {playoff_id}")
    final = standings(event, "男子组")
    assert [row.player.id for row in final.rows] == [p.id for p in view.order]
    assert final.rows[0].playoff is PlayoffState.PLAYED and prize_text(final.rows[0].award)
    assert not final.playoffs_needed


def test_a_tie_gets_one_playoff_at_a_time(make_event: Make) -> None:
    """A second playoff for a tie whose playoff is still open is refused; nothing written."""
    event = make_event("shenzhen-2022", "男子组", players=3, system="round_robin")
    for number in range(1, 4):
        info = rounds.pair_next_round(event, "男子组")
        rounds.enter_results(event, "男子组", number,
                             {b.number: ["="] for b in info.boards if b.second})
    playoffs.create_playoff(event, "男子组", 1)
    undo = event.can_undo()
    with pytest.raises(UserError, match="已开始"):
        playoffs.create_playoff(event, "男子组", 1)
    assert len(playoffs.playoffs(event, "男子组")) == 1 and event.can_undo() == undo


def test_a_two_player_playoff_is_two_games_then_sudden_death(make_event: Make) -> None:
    """2016 八(二)2: two games at 5 min + 3 s, each black once; level -> 3 min + 2 s games."""
    event = make_event("shenzhen-2022", "男子组", players=3, system="round_robin")
    for number in range(1, 4):
        info = rounds.pair_next_round(event, "男子组")
        codes = {b.number: ["="] for b in info.boards if b.second}
        rounds.enter_results(event, "男子组", number, codes)
    # Three tied: a knockout seeded by the tie-breaks; the lower two meet first.
    playoff_id = playoffs.create_playoff(event, "男子组", 1, "knockout")
    view = playoffs.playoff_view(event, playoff_id)
    duel = view.next_game
    assert duel is not None and duel.time_control == "5′+3″"
    with pytest.raises(UserError):
        playoffs.record_playoff_result(event, playoff_id, "+-")
    view = playoffs.record_playoff_result(event, playoff_id, "1-0")
    second = view.next_game
    assert second is not None and (second.black, second.white) == (duel.white, duel.black)
    view = playoffs.record_playoff_result(event, playoff_id, "1-0")  # 1-1: still level
    sudden = view.next_game
    assert sudden is not None and sudden.time_control == "3′+2″" and not view.decided


def test_three_tied_play_off_in_the_groups_own_format_unless_told(make_event: Make) -> None:
    """The group's setting `playoff_format` (小循环 by default) is how three or more tied play
    off unless the arbiter chooses; a format the program does not know is refused, unwritten."""
    event = make_event("shenzhen-2022", "男子组", players=3, system="round_robin",
                       settings={"playoff_format": "knockout"})
    for number in range(1, 4):
        info = rounds.pair_next_round(event, "男子组")
        rounds.enter_results(event, "男子组", number,
                             {b.number: ["="] for b in info.boards if b.second})
    with pytest.raises(UserError) as caught:
        playoffs.create_playoff(event, "男子组", 1, "lottery")
    assert caught.value.where == "playoff_format"
    assert playoffs.playoffs(event, "男子组") == []
    by_setting = playoffs.create_playoff(event, "男子组", 1)
    assert playoffs.playoff_view(event, by_setting).games[0].stage == "双盘加赛"  # a knockout
    with event.reading() as session:
        assert playoffs.row_format(session.get(Playoff, by_setting)) == "knockout"
    # The tie still shows while its playoff is played; opening it again is refused and
    # writes nothing.
    with pytest.raises(UserError) as again:
        playoffs.create_playoff(event, "男子组", 1)
    assert "已开始" in again.value.zh and "already open" in again.value.en
    assert [p.id for p in playoffs.playoffs(event, "男子组")] == [by_setting]


def test_a_game_on_the_board_ending_in_a_claimed_foul_fills_the_result(make_event: Make
                                                                         ) -> None:
    """A whole designated game: 花月, swap, 五手两打, black's 33 claimed by white."""
    event = make_event("qiwang-2022", "少儿组", players=2)
    rounds.pair_next_round(event, "少儿组")
    game = Game.new(GameSettings.designated(fifth_offers=2))
    actions = "h8 h9 i9 swap g10 j7 a1 j7 g7 j9 a15 k9 o1 k7 m12 j8".split()
    for action in actions:
        game = game.swap(True) if action == "swap" else game.play(parse_point(action))
    assert games.save_game(event, "少儿组", 1, 1, 1, game) is None  # not over yet
    game = game.claim_foul()
    assert code_text(games.save_game(event, "少儿组", 1, 1, 1, game)) == "1-0"
    board = round_view(event, "少儿组", 1).boards[0]
    assert code_text(board.result) == "1-0"
    stored = board.games[0]
    assert (stored.ending, stored.opening) == ("foul", "花月")
    # After the swap the first mover holds white: the game row is black first.
    assert stored.black.id == board.second.id and game_code(stored.result) == "0-1"
    again = games.load_game(event, "少儿组", 1, 1)
    assert again.result is not None and again.result.code == "1-0"


def _members(event: Event) -> list[tuple[str, str]]:
    return [(name, gender) for _id, name, gender in knockout.teams(event, "决赛")[0].members]


def test_a_line_up_is_corrected_before_play_and_fixed_once_it_starts(make_event: Make) -> None:
    """huazhi 六、(三)3: 台号号码 are declared at registration and cannot change during play."""
    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 2)
    first = knockout.teams(event, "决赛")[0]
    ids = {name: pid for pid, name, _g in first.members}
    # Boards 1 and 2 swapped, board 3 replaced by another woman, the team renamed.
    knockout.edit_team(event, "决赛", "队1", [("乙1", "M"), ("甲1", "M"), ("丁1", "F")],
                       name="一队", unit="北京")
    edited = knockout.teams(event, "决赛")[0]
    assert (edited.name, edited.unit) == ("一队", "北京")
    assert [(name, g) for _id, name, g in edited.members] == [("乙1", "M"), ("甲1", "M"),
                                                              ("丁1", "F")]
    assert edited.members[0][0] == ids["乙1"] and edited.members[1][0] == ids["甲1"]
    names = {p.name for p in listed(event, "决赛")}
    assert "丁1" in names and "丙1" not in names  # the replaced player is gone
    before = _members(event)
    with pytest.raises(UserError, match="第3台须为女棋手"):  # the core's line-up rule
        knockout.edit_team(event, "决赛", "一队", [("乙1", "M"), ("丁1", "F"), ("甲1", "M")])
    with pytest.raises(UserError, match="已有队伍"):
        knockout.edit_team(event, "决赛", "一队", before, name="队2")
    assert _members(event) == before and knockout.teams(event, "决赛")[0].name == "一队"
    rounds.pair_next_round(event, "决赛")
    with pytest.raises(UserError, match="比赛已开始") as refused:
        knockout.edit_team(event, "决赛", "一队", [("甲1", "M"), ("乙1", "M"), ("丁1", "F")])
    assert "cannot" in refused.value.en or "no longer" in refused.value.en
    assert _members(event) == before


def test_eight_teams_play_three_rounds_and_then_nothing_is_left_to_pair(make_event: Make
                                                                        ) -> None:
    """huazhi 六、(三)5 with 8 teams: 3 rounds decide places 1-8 (the preset plans 4 for 16)."""
    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 8)
    for number in range(1, 4):
        assert rounds.round_refusals(event, "决赛", number - 1 or None).pair is None
        info = rounds.pair_next_round(event, "决赛")
        for board in info.boards:
            knockout.enter_team_result(event, "决赛", number, board.number,
                                       ["1-0", "0-1", "1-0"])
    refusals = rounds.round_refusals(event, "决赛", 3)
    assert refusals.finished and refusals.pair is not None
    assert refusals.playoff is not None and "淘汰赛" in refusals.playoff.zh  # the bracket placed all
    assert "共3轮" in refusals.pair.zh
    with pytest.raises(UserError, match="共3轮"):
        rounds.pair_next_round(event, "决赛")


def test_printed_match_scores_are_the_game_points_that_decided_the_match(make_event: Make
                                                                         ) -> None:
    """huazhi 六、(二): 局分 decide (win 2, draw 1); a level match names the captains' playoff."""
    from app.services.exporting import build_model

    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 4)
    rounds.pair_next_round(event, "决赛")
    knockout.enter_team_result(event, "决赛", 1, 1, ["1-0", "=", "1-0"])  # first team: 5:1
    knockout.enter_team_result(event, "决赛", 1, 2, ["1-0", "1-0", "="], ["0-1"])  # 3:3
    model = build_model(event)
    scores = {b.match: b.match_score for r in model.rounds for b in r.boards}
    assert scores == {1: MatchScore(5, 1), 2: MatchScore(3, 3, LevelDecision.PLAYOFF, level_winner=Side.FIRST)}
    assert [wording.match_score_text(scores[n]) for n in (1, 2)] == ["5:1", "3:3 主将加赛"]
    assert wording.match_score_text(scores[2], "en") == "3:3 captains' playoff"
    drawn = {(m.round, m.number): m.score for b in model.brackets for r in b.rounds for m in r}
    assert drawn[(1, 1)] == scores[1] and drawn[(1, 2)] == scores[2]


def test_a_team_round_reads_its_scores_and_places_as_typed_values(make_event: Make) -> None:
    """huazhi 六、(二)/(三)3,5: before a result a match shows the places it decides; once every
    board is in, its game points, a level one waiting for the captains' playoff, then decided
    by it. The values are read from the games and the bracket, not from a stored note."""
    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 8)
    info = rounds.pair_next_round(event, "决赛")
    assert [(b.places, b.score) for b in info.boards] == [((1, 8), None)] * 4
    knockout.enter_team_result(event, "决赛", 1, 1, ["1-0", "=", "1-0"])
    knockout.enter_team_result(event, "决赛", 1, 2, ["1-0", "1-0", "="])
    boards = round_view(event, "决赛", 1).boards
    assert boards[0].score == MatchScore(5, 1) and boards[0].places == (1, 8)
    assert boards[1].score == MatchScore(3, 3) and boards[1].score.waits_for_playoff
    assert boards[2].score is None
    knockout.enter_team_result(event, "决赛", 1, 2, ["1-0", "1-0", "="], ["0-1"], replace=True)
    decided = rounds.board_view(event, "决赛", 1, 2)
    assert decided.score == MatchScore(3, 3, LevelDecision.PLAYOFF, level_winner=Side.FIRST)
    assert wording.match_score_text(decided.score) == "3:3 主将加赛"
    for number in (3, 4):
        knockout.enter_team_result(event, "决赛", 1, number, ["1-0", "0-1", "1-0"])
    second = rounds.pair_next_round(event, "决赛")
    assert [b.places for b in second.boards] == [(1, 4), (1, 4), (5, 8), (5, 8)]
    assert wording.places_text((5, 8)) == "5–8名"
    assert wording.places_text((5, 8), "en") == "places 5–8"


def test_a_refused_team_result_names_its_place_in_words(make_event: Make) -> None:
    """A bad code on a board, or a playoff for a match that is not level, is refused naming
    the round, the match and the board in each language, never a code fragment."""
    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 4)
    rounds.pair_next_round(event, "决赛")
    with pytest.raises(UserError) as refused:
        knockout.enter_team_result(event, "决赛", 1, 2, ["1-0", "1-0", "x"])
    assert refused.value.zh.startswith("第1轮第2场第3台：")
    assert refused.value.en.startswith("round 1, match 2, board 3: ")
    assert refused.value.where == "决赛"
    with pytest.raises(UserError) as refused:
        knockout.enter_team_result(event, "决赛", 1, 1, ["1-0", "1-0", "1-0"], ["x"])
    assert refused.value.zh.startswith("第1轮第1场主将加赛第1局：")
    assert refused.value.en.startswith("round 1, match 1, captains' playoff game 1: ")
    with pytest.raises(UserError) as refused:
        knockout.enter_team_result(event, "决赛", 1, 1, ["1-0", "1-0", "1-0"], ["1-0"])
    assert refused.value.zh.startswith("第1轮第1场：") and "主将加赛" in refused.value.zh
    assert refused.value.en.startswith("round 1, match 1: ")
    with pytest.raises(UserError) as refused:
        rounds.enter_result(event, "决赛", 1, 1, ["1-0"])
    assert refused.value.zh.startswith("第1轮第1场：")  # a team round's rows are matches
    assert refused.value.en.startswith("round 1, match 1: ")
    assert "team-result" not in refused.value.message()
    with pytest.raises(UserError) as refused:  # a recorded game for a board a match lacks
        games.save_game(event, "决赛", 1, 1, 4, Game.new(GameSettings.designated()))
    assert refused.value.zh.startswith("第1轮第1场：该场只有3台；第4局是主将加赛，只在两队局分打平")
    assert refused.value.en.startswith("round 1, match 1: the match has 3 boards: game 4 is a "
                                       "captains' playoff game")


def test_a_team_match_is_not_changed_by_hand(make_event: Make) -> None:
    """huazhi 六、(三)3: boards meet boards, the first-named team black on 1 and 3; swapping
    colours or exchanging players is refused for the reason, and the window's actions say it."""
    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 2)
    rounds.pair_next_round(event, "决赛")
    refusal = rounds.round_refusals(event, "决赛", 1).change_pairing
    assert refusal is not None and "台次" in refusal.zh
    with pytest.raises(UserError, match="不能人工调整"):
        rounds.swap_colours(event, "决赛", 1, 1)
    with pytest.raises(UserError, match="不能人工调整"):
        rounds.exchange_players(event, "决赛", 1, 1, "first", 1, "second")


def test_a_team_s_bye_has_its_line_in_the_round_lists(make_event: Make) -> None:
    """Seven teams: one has no opponent in round 1; the pairing and result lists print it as
    轮空 in its match's place, shaded like the matches."""
    from app.exports import pdf_lists
    from app.services.exporting import build_model

    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 7)
    info = rounds.pair_next_round(event, "决赛")
    byes = [b for b in info.boards if b.second_team in (None, "")]
    assert len(byes) == 1
    model = build_model(event)
    key = next(g.key for g in model.groups if g.name == "决赛")
    (bye,) = model.round(key, 1).team_byes
    assert bye.team == byes[0].first_team and bye.match == byes[0].number
    for filled in (False, True):
        _columns, rows = pdf_lists.board_rows(model, key, 1, filled=filled)
        lines = [row for row in rows if row[0] == f"第{bye.match}场"]
        assert lines == [[f"第{bye.match}场", "", bye.team, "", "轮空", *[""] * (len(rows[0]) - 5)]]
        matches = [row[0] for row in rows if row[0].startswith("第") and row[0].endswith("场")]
        assert matches == sorted(matches, key=lambda text: int(text[1:-1]))  # in match order
