"""Who may be a team member (qiwang 2022 十二(四)4 "所有队员需要通过网络选拔赛取得晋级资格"): a player of
the 外卡 list counts for no team, neither in a unit's best N nor in a declared team; on a final
imported from the real-shaped period and wild-card lists (tests/data/imports)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.cli import main
from app.errors import UserError
from app.services import rounds, teams
from app.services.event import Event
from app.services.groups import update_group
from app.services.importing import import_lists
from app.services.ranking import team_standings
from app.wording import legend_texts

DATA = Path(__file__).resolve().parents[1] / "data" / "imports"
LISTS = [DATA / "qiwang-2022-period-1.csv", DATA / "qiwang-2022-period-2.csv",
         DATA / "qiwang-2022-wildcards.xlsx"]
OPEN = "公开组"
MEN, WOMEN = "公开组团体（男子）", "公开组团体（女子）"
WILD_MEN = {"高丽", "郭磊", "孙娟", "董军军"}  # the wild-card list's men (黄然平 its woman)

Make = Callable[..., Event]


@pytest.fixture
def final(make_event: Make) -> Event:
    """The qiwang final of the two period lists and the wild cards: 26 players, one round."""
    event = make_event("qiwang-2022")
    report = import_lists(event, LISTS, OPEN)
    assert report.written and report.entrants == 26
    update_group(event, OPEN, rounds=1)
    return event


def _play_one_round(event: Event) -> None:
    info = rounds.pair_next_round(event, OPEN)
    rounds.enter_results(event, OPEN, info.number,
                         {b.number: ["="] for b in info.boards if b.second})


def test_wild_cards_count_in_no_units_best_three(final: Event) -> None:
    """杭州棋院 has three men, one a wild card (董军军): two members, no team result."""
    _play_one_round(final)
    men = next(t for t in team_standings(final) if t.name == MEN)
    counted = {name for row in men.rows for name in row.members}
    assert not counted & WILD_MEN
    hangzhou = next(r for r in men.rows if r.team == "杭州棋院")
    assert hangzhou.place is None and set(hangzhou.members) == {"蔡刚轩", "郑宇鹏"}
    assert any("队员限网络入围赛晋级选手" in line and "十二(四)4" in line
               for line in legend_texts(men.legend))


def test_a_wild_card_in_a_declared_team_is_refused_naming_the_player_and_the_clause(
        final: Event, capsys: pytest.CaptureFixture[str]) -> None:
    file = str(final.store.location)
    final.close()
    assert main(["team-add", file, "--ranking", WOMEN, "杭州女队", "马宇敏", "黄然平"]) == 2
    err = capsys.readouterr().err
    assert "黄然平" in err and "外卡" in err and "十二(四)4" in err
    assert main(["team-list", file, "--ranking", WOMEN]) == 0
    assert capsys.readouterr().out == ""  # nothing written
    assert main(["team-add", file, "--ranking", WOMEN, "杭州女队", "马宇敏", "周平"]) == 0


def test_a_team_list_with_a_wild_card_is_refused_whole(final: Event, tmp_path: Path) -> None:
    listing = tmp_path / "teams.csv"
    listing.write_text("队名,姓名\n杭州队,蔡刚轩\n杭州队,郑宇鹏\n杭州队,董军军\n"
                       "武汉队,许静\n武汉队,宋勇\n武汉队,赵明\n", encoding="utf-8")
    with pytest.raises(UserError) as raised:
        teams.import_teams(final, MEN, listing)
    assert "董军军" in raised.value.zh and "第2行" in raised.value.where
    assert teams.declared_teams(final, MEN) == []


def test_the_printed_team_standings_state_the_member_rule(final: Event, tmp_path: Path
                                                          ) -> None:
    from app.services.exporting import export
    from tests.exports.helpers import pdf_text, squeezed

    _play_one_round(final)
    written = export(final, tmp_path / "out", only=[f"团体名次（{MEN}）"],
                     provisional=True)
    text = squeezed(pdf_text(next(p for p in written if p.suffix == ".pdf")))
    assert "队员限网络入围赛晋级选手，其他名单（外卡等）的选手不计团体成绩" in text
    assert "十二(四)4" in text and "董军军" not in text
