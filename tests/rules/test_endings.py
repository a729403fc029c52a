"""The one table of game endings: names and record codes (app.rules.endings)."""

from __future__ import annotations

from app.rules.endings import ENDINGS, Ending


def test_every_ending_has_its_chinese_and_english_name_and_record_code() -> None:
    assert set(ENDINGS) == set(Ending)
    for ending in Ending:
        assert ending.zh and ending.en
        assert ending.record_code in ("", "F", "R", "T")


def test_sgf_letters_follow_ff4_resign_time_forfeit() -> None:
    assert Ending.RESIGNATION.record_code == "R"
    assert Ending.TIME.record_code == "T"
    assert Ending.FORFEIT.record_code == "F"
    assert Ending.FIVE.record_code == ""


def test_a_stored_ending_is_read_back_and_an_empty_one_is_none() -> None:
    assert Ending.stored("time") is Ending.TIME
    assert Ending.stored("") is None
    assert Ending.stored("not-an-ending") is None


def test_the_names_arbiters_read_on_paper() -> None:
    assert [e.zh for e in Ending] == ["连五", "禁手", "认输", "超时", "协议和棋", "满盘和棋",
                                      "双方连续放弃行棋", "裁判判定", "弃权"]
