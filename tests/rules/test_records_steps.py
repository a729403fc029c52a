"""Game records keep the whole game: the protocol steps (opening, 三手交换, 五手N打 offers and
the chosen one, passes, a claimed foul) survive SGF, PSQ and the RenjuNet XML, and an
independent SGF reader (sgfmill) reads every record."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sgfmill import sgf

from app.errors import UserError
from app.rules.board import SIZE, format_point
from app.rules.game import Game, GameSettings, decode_actions, encode_actions
from app.rules.records import (
    GameRecord,
    read_moves,
    read_psq,
    read_sgf,
    record_of_game,
    with_steps,
    write_psq,
    write_sgf,
)
from app.rules.renjunet import (
    RenjuNetGame,
    RenjuNetPlayer,
    RenjuNetTournament,
    alt_text,
    read_renjunet,
    swap_text,
    write_renjunet,
)

# A designated-opening game: 花月 (h8 h9 i9), white swaps, two fifth moves offered, the
# second chosen, then play until white claims black's foul or black resigns.
PLAYED = "h8 h9 i9 swap g10 offer:j7 offer:a1 choose:a1 j10 b2 k11"


def _game(actions: str = PLAYED) -> Game:
    return decode_actions(GameSettings.designated(2), actions)


def test_sgf_keeps_swap_offers_and_the_chosen_fifth_move() -> None:
    record = record_of_game(_game(), "甲", "乙")
    text = write_sgf(record)
    assert ";AC[swap]" in text and ";FO[ji][ao]B[ao]" in text
    back = read_sgf(text)
    assert back == record
    assert back.steps == tuple(PLAYED.split())
    # the steps replay to the same game
    assert encode_actions(decode_actions(GameSettings.designated(2), " ".join(back.steps))) \
        == PLAYED


def test_psq_keeps_the_steps_after_piskvorks_trailer() -> None:
    record = record_of_game(_game(), "甲", "乙")
    text = write_psq(record)
    lines = text.splitlines()
    assert lines[len(record.moves) + 1:len(record.moves) + 5] == ["-1", "甲", "乙", "-1"]
    assert read_psq(text) == _timed(record)


def _timed(record: GameRecord) -> GameRecord:
    """PSQ writes a time for every move (0 where none was kept)."""
    return replace(record, times=record.times or (0,) * len(record.moves))


def test_a_claimed_foul_and_a_resignation_are_steps() -> None:
    game = _game(PLAYED + " resign:white")
    record = record_of_game(game)
    assert record.steps[-1] == "resign:white" and record.result == "B+R"
    assert read_sgf(write_sgf(record)) == record


def test_a_pass_is_an_empty_move() -> None:
    record = with_steps(GameRecord(()), ["h8", "pass", "h9"])
    text = write_sgf(record)
    assert ";B[hh];W[];B[hg]" in text
    assert read_sgf(text) == record
    main = sgf.Sgf_game.from_bytes(text.encode()).get_main_sequence()
    assert [n.get_move() for n in main[1:]] == [("b", (7, 7)), ("w", None), ("b", (8, 7))]


def test_sgfmill_reads_steps_and_stones() -> None:
    record = record_of_game(_game(), "甲", "乙")
    game = sgf.Sgf_game.from_bytes(write_sgf(record).encode("utf-8"))
    assert game.get_size() == SIZE
    moves = [n.get_move() for n in game.get_main_sequence()[1:] if n.get_move()[0]]
    stones = [(row, col) for _, (row, col) in moves]
    # sgfmill counts rows from the bottom from 0: h8 -> (7, 7)
    assert [format_point((col, row)) for row, col in stones] == \
        [format_point(p) for p in record.moves]
    assert game.get_player_name("b") == "甲"


POINT = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
NAME = st.text(st.characters(whitelist_categories=("Lu", "Ll", "Lo", "Nd")), max_size=8)
OTHER = st.sampled_from(["swap", "noswap", "claim", "resign:black", "time:white", "draw",
                         "pass"])


@st.composite
def stepped_records(draw: st.DrawFn) -> GameRecord:
    points = draw(st.lists(POINT, unique=True, min_size=1, max_size=40))
    steps: list[str] = []
    for point in points:
        kind = draw(st.sampled_from(["place", "place", "choose", "other"]))
        if kind == "choose":
            offers = draw(st.lists(POINT, min_size=1, max_size=3))
            steps += ["offer:" + format_point(p) for p in offers]
            steps.append("choose:" + format_point(point))
            continue
        if kind == "other":
            steps.append(draw(OTHER))
        steps.append(format_point(point))
    record = GameRecord((), black=draw(NAME), white=draw(NAME))
    return with_steps(record, steps)


@settings(max_examples=120, deadline=None)
@given(stepped_records())
def test_every_record_round_trips_and_sgfmill_reads_it(record: GameRecord) -> None:
    text = write_sgf(record)
    assert read_sgf(text) == record
    assert write_sgf(read_sgf(text)) == text
    assert read_psq(write_psq(record)) == _timed(record)
    main = sgf.Sgf_game.from_bytes(text.encode("utf-8")).get_main_sequence()
    stones = [n.get_move()[1] for n in main if n.get_move()[1] is not None]
    assert [(col, row) for row, col in stones] == list(record.moves)


@settings(max_examples=60, deadline=None)
@given(st.lists(stepped_records(), min_size=1, max_size=4), st.integers(1, 20))
def test_renjunet_xml_round_trips(records: list[GameRecord], round_number: int) -> None:
    tournament = RenjuNetTournament("赛事 公开组", 2022, 8, "2022-08-06", "2022-08-08",
                                    "China", "深圳", "指定开局", rated=False)
    games = [
        RenjuNetGame(tournament, str(round_number), "指定开局",
                     RenjuNetPlayer(r.black or "甲", "", "China", "深圳"),
                     RenjuNetPlayer(r.white or "乙"), "1-0", r.moves, "Kagetsu", "4D",
                     alt_text((i % SIZE, 3) for i in range(2)), swap_text([True]),
                     btime=12, info="B=1245")
        for r in records
    ]
    text = write_renjunet(games)
    assert read_renjunet(text) == games
    assert write_renjunet(read_renjunet(text)) == text


def test_renjunet_refuses_entities_and_unknown_ids() -> None:
    with pytest.raises(UserError):
        read_renjunet('<!DOCTYPE x [<!ENTITY a "b">]><database/>')
    with pytest.raises(UserError) as error:
        read_renjunet('<database><games><game id="1" tournament="9"/></games></database>')
    assert "tournament" in error.value.where


def test_a_one_megabyte_move_string_reads_in_linear_time() -> None:
    """Whitespace and a bad move at the very end: the reader must not rescan the text."""
    small = " " * 100_000 + "h8 z9"
    big = " " * 1_000_000 + "h8 z9"
    timings = []
    for text in (small, big):
        start = time.perf_counter()
        with pytest.raises(UserError) as error:
            read_moves(text)
        timings.append(time.perf_counter() - start)
    assert error.value.where == "moves:1:1000004"
    assert timings[1] < 2.0 and timings[1] < 30 * max(timings[0], 0.005)


def test_describe_steps_names_swap_offers_passes_and_claims() -> None:
    from app.rules.records import describe_steps

    assert describe_steps(PLAYED.split()) == ("三手交换：交换", "五手2打：j7、a1，选定 a1")
    assert describe_steps(["h8", "pass", "noswap", "claim", "resign:white"]) == (
        "第1手后白方弃手", "第1手后：不交换", "白方指出禁手", "白方认输")
    # Yamaguchi: the declaration; Taraguchi: swaps after moves 1 and 2; passes alternate
    assert describe_steps("h8 h9 h10 declare:3 noswap".split()) == ("声明五手3打", "三手交换：不交换")
    assert describe_steps("h8 noswap h9 swap j9 pass pass".split()) == (
        "第1手后：不交换", "第2手后：交换", "第3手后白方弃手", "第3手后黑方弃手")


def test_the_game_sheet_carries_the_same_steps(tmp_path) -> None:  # noqa: ANN001
    """The printed game sheet shows what the SGF and PSQ hold: swap and every offer."""
    from dataclasses import replace as with_fields

    from app.exports import pdf_games
    from tests.exports.helpers import pdf_text, small_event, squeezed

    model = small_event()
    game = with_fields(model.games[0], moves=tuple(format_point(p) for p in _game().moves),
                       actions=PLAYED)
    path = pdf_games.write_game_sheets(model, [game], tmp_path / "sheet.pdf")
    text = squeezed(pdf_text(path))
    assert "三手交换：交换" in text and "五手2打：j7、a1，选定a1" in text
