"""TRF reader and writer: the shared reference files, the TRF26 codes, and errors by line."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.errors import UserError
from app.pairing.trf import TrfPlayerInfo, TrfTournament, format_points, read_trf, write_trf
from app.pairing.types import (
    Board,
    Colour,
    Outcome,
    PlayerHistory,
    PointSystem,
    RoundRecord,
    TournamentSnapshot,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "swiss"
FILES = sorted(DATA.glob("*/*.trf"))


@cache
def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@cache
def _parsed(path: Path) -> TrfTournament:
    return read_trf(_text(path), str(path))


def _line(number: int, name: str, points: str, rounds: list[str], rating: int = 2000) -> str:
    """A `001` record with the TRF26 fixed columns."""
    head = f"001 {number:4d}      {name:<33} {rating:4d}" + " " * 28 + f"{points:>4}" + "     "
    assert len(head) == 89
    return head + "".join("  " + chunk for chunk in rounds)


def _small(points: tuple[str, str, str] = ("2.0", "1.0", "0.0")) -> str:
    return "\n".join(
        [
            "012 Small",
            "XXR 3",
            _line(1, "A", points[0], ["   2 w 1", "   3 b 1"]),
            _line(2, "B", points[1], ["   1 b 0", "0000 - U"]),
            _line(3, "C", points[2], ["0000 - Z", "   1 w 0", "0000 - H"]),
        ]
    )


SMALL = _small()
BLANK_POINTS = _small(("", "", ""))


def test_every_shared_file_parses() -> None:
    assert len(FILES) == 251
    for path in FILES:
        tournament = _parsed(path)
        assert tournament.players
        assert tournament.rounds_played >= 1


def test_scores_recomputed_equal_columns_81_84() -> None:
    """README: columns 81-84 = sum of the results (or including byes entered in advance)."""
    for path in FILES:
        tournament = _parsed(path)
        snapshot = tournament.snapshot()
        for line in _text(path).replace("\r", "\n").split("\n"):
            if not line.startswith("001"):
                continue
            number = int(line[4:8])
            column = round(float(line[80:84]) * tournament.point_scale)
            history = snapshot.player(number)
            later = [c for c in _later_codes(line, tournament.rounds_played)]
            extra = sum(tournament.points.points(_BYE[c]) for c in later)
            assert column in (history.score, history.score + extra), (path, number)


_BYE = {"H": Outcome.HALF_BYE, "F": Outcome.FULL_BYE, "Z": Outcome.ZERO_BYE}


def _later_codes(line: str, played: int) -> list[str]:
    codes = []
    start = 91 + 10 * played
    while start < len(line):
        codes.append(line[start + 7])
        start += 10
    return codes


def test_complete_files_total_rounds_are_the_rounds_written() -> None:
    tournament = read_trf(_text(DATA / "complete" / "n007_r05_mixed_s1033.trf"))
    assert tournament.total_rounds == 5
    assert tournament.rounds_played == 5
    assert tournament.point_scale == 2
    assert tournament.points == PointSystem()  # FIDE 1 / 0.5 / 0 = 2 / 1 / 0 units


def test_nopairing_files_take_142() -> None:
    tournament = read_trf(_text(DATA / "nopairing" / "n007_r06_forfeits_s1041.trf"))
    assert tournament.total_rounds == 6
    assert tournament.rounds_played == 5
    request = tournament.next_round_request()
    assert request.round == 6
    assert request.snapshot.total_rounds == 6


def test_162_line_sets_points_and_scale() -> None:
    tournament = read_trf(_text(DATA / "complete" / "n007_r03_pts210_s1011.trf"))
    assert tournament.point_scale == 1
    assert tournament.points.win == 2 and tournament.points.draw == 1
    assert tournament.points.pab == 2  # TRF26: P defaults to W
    assert tournament.format_points(tournament.snapshot().player(1).score) == "6.0"


def test_162_with_all_codes() -> None:
    tournament = read_trf("162  W 3.0    D 1.5    L 0.5    A 0.0    P 2.5\n" + BLANK_POINTS)
    ps = tournament.points
    assert tournament.point_scale == 2
    assert (ps.win, ps.draw, ps.loss, ps.zero_bye, ps.pab) == (6, 3, 1, 0, 5)
    assert (ps.forfeit_win, ps.full_bye, ps.half_bye, ps.forfeit_loss) == (6, 6, 3, 0)


def test_bb_lines_set_points() -> None:
    tournament = read_trf("BBW 3.0\nBBD 1.0\nBBU 1.0\n" + BLANK_POINTS)
    assert tournament.points.win == 3 and tournament.points.draw == 1
    assert tournament.points.pab == 1


@pytest.mark.parametrize("ending", ["\r", "\n", "\r\n"])
def test_line_endings(ending: str) -> None:
    tournament = read_trf(SMALL.replace("\n", ending))
    assert tournament.snapshot() == read_trf(SMALL).snapshot()


def test_round_codes_and_history() -> None:
    tournament = read_trf(SMALL)
    assert tournament.rounds_played == 2
    snap = tournament.snapshot()
    a, b, c = (snap.player(n) for n in (1, 2, 3))
    assert a.rounds[0].outcome is Outcome.WIN and a.rounds[0].colour is Colour.FIRST
    assert a.rounds[1].colour is Colour.SECOND and a.rounds[1].opponent == 3
    assert b.rounds[1].outcome is Outcome.PAB and b.rounds[1].opponent is None
    assert b.rounds[1].points == 2
    assert c.rounds[0].outcome is Outcome.ZERO_BYE
    assert (a.score, b.score, c.score) == (4, 2, 0)


def test_request_for_next_round_leaves_out_preentered_byes() -> None:
    request = read_trf(SMALL).next_round_request()
    assert request.round == 3
    assert request.unavailable == frozenset({3})  # 0000 - H in round 3
    assert request.snapshot.total_rounds == 3
    assert all(len(p.rounds) == 2 for p in request.snapshot.players)


def test_request_for_a_played_round_uses_rounds_before_it() -> None:
    request = read_trf(SMALL).request_for_round(2)
    assert all(len(p.rounds) == 1 for p in request.snapshot.players)
    assert request.unavailable == frozenset()


def test_request_beyond_next_round_is_refused() -> None:
    with pytest.raises(UserError):
        read_trf(SMALL).request_for_round(4)


def test_xxz_marks_absent_next_round() -> None:
    request = read_trf(SMALL + "\nXXZ 2").next_round_request()
    assert request.unavailable == frozenset({2, 3})


def test_pairing_of_round() -> None:
    tournament = read_trf(SMALL)
    assert tournament.pairing_of_round(2).boards == (Board(1, 3, 1), Board(2, 2, None))
    assert tournament.pairing_of_round(1).boards == (Board(1, 1, 2),)
    assert tournament.pairing_of_round(1).bye is None


def test_pairing_of_round_shared_file() -> None:
    tournament = read_trf(_text(DATA / "complete" / "n007_r05_mixed_s1033.trf"))
    boards = tournament.pairing_of_round(1).boards
    assert {(b.first, b.second) for b in boards} == {(4, 1), (2, 5), (6, 3), (7, None)}
    assert boards[-1] == Board(4, 7, None)


def test_initial_colour_inferred_from_top_player_in_round_1() -> None:
    """TRF26 tag 152: colour of the highest ranked player paired in round 1."""
    tournament = read_trf(_text(DATA / "complete" / "n008_r05_byes_s1103.trf"))
    assert tournament.player(1).entry(1).code == "H"
    assert tournament.initial_colour is Colour.SECOND  # player 2 had black
    assert not tournament.initial_colour_stated
    assert read_trf(SMALL).initial_colour is Colour.FIRST


@pytest.mark.parametrize(
    ("line", "colour"),
    [("XXC white1", Colour.FIRST), ("XXC black1", Colour.SECOND), ("152 W", Colour.FIRST),
     ("152 B", Colour.SECOND)],
)
def test_initial_colour_stated(line: str, colour: Colour) -> None:
    tournament = read_trf(line + "\n" + SMALL)
    assert tournament.initial_colour is colour
    assert tournament.next_round_request().snapshot.initial_colour is colour


def test_wdl_codes_read_as_played() -> None:
    text = SMALL.replace("   2 w 1", "   2 w W").replace("   1 b 0", "   1 b L")
    assert read_trf(text).snapshot() == read_trf(SMALL).snapshot()


def test_forfeit_keeps_opponent() -> None:
    text = SMALL.replace("   2 w 1", "   2 w +").replace("   1 b 0", "   1 b -")
    snap = read_trf(text).snapshot()
    assert snap.player(1).rounds[0].outcome is Outcome.FORFEIT_WIN
    assert snap.player(1).rounds[0].opponent == 2
    assert snap.player(2).rounds[0].outcome is Outcome.FORFEIT_LOSS
    assert not snap.player(2).rounds[0].outcome.played


def test_blank_round_in_played_round_is_absent() -> None:
    text = "\n".join([
        _line(1, "A", "1.0", ["   2 w 1"]),
        _line(2, "B", "0.0", ["   1 b 0"]),
        _line(3, "C", "0.0", []),
    ])
    tournament = read_trf(text)
    assert tournament.snapshot().player(3).rounds[0].outcome is Outcome.ABSENT
    assert tournament.request_for_round(1).unavailable == frozenset({3})
    assert tournament.next_round_request().unavailable == frozenset()


# --- malformed files: UserError naming the line and the field ------------------------------

def _error(text: str) -> UserError:
    with pytest.raises(UserError) as info:
        read_trf(text, "x.trf")
    return info.value


def test_error_bad_opponent_number() -> None:
    error = _error(SMALL.replace("   3 b 1", "  3x b 1"))
    assert error.where == "x.trf:3 round 2 (columns 102-109)"


def test_error_bad_colour() -> None:
    error = _error(SMALL.replace("   2 w 1", "   2 x 1"))
    assert error.where == "x.trf:3 round 1 (columns 92-99)"
    assert "colour" in error.en


def test_error_bad_result() -> None:
    error = _error(SMALL.replace("   2 w 1", "   2 w Q"))
    assert error.where.startswith("x.trf:3 round 1")


def test_error_game_result_without_opponent() -> None:
    error = _error(SMALL.replace("0000 - Z", "0000 - 1"))
    assert error.where.startswith("x.trf:5 round 1")


def test_error_unknown_opponent() -> None:
    error = _error(SMALL.replace("   3 b 1", "   9 b 1"))
    assert error.where == "x.trf:3 round 2 opponent"
    assert "9" in error.en


def test_error_asymmetric_pairing() -> None:
    error = _error(SMALL.replace("   1 w 0", "0000 - Z"))
    assert error.where == "x.trf:3 round 2 opponent"


def test_error_results_do_not_match() -> None:
    error = _error(SMALL.replace("   1 b 0", "   1 b 1"))
    assert error.where == "x.trf:3 round 1 opponent"


def test_error_same_colour() -> None:
    error = _error(SMALL.replace("   1 b 0", "   1 w 0"))
    assert "colour" in error.en


def test_error_score_mismatch() -> None:
    error = _error(SMALL.replace("   2.0", "   2.5"))
    assert error.where == "x.trf:3 points (columns 81-84)"


def test_error_bad_points_text() -> None:
    error = _error(SMALL.replace("   2.0", "   2.x"))
    assert error.where == "x.trf:3 points (columns 81-84)"


def test_error_duplicate_number() -> None:
    error = _error(SMALL + "\n" + _line(3, "D", "", []))
    assert error.where == "x.trf:6 pairing number"


def test_error_bad_number_of_rounds() -> None:
    assert _error("XXR x\n" + SMALL).where == "x.trf:1 XXR"
    error = _error(SMALL.replace("XXR 3", "142 1"))
    assert "total rounds 1" in error.en and error.where == "x.trf"


def test_error_bad_point_system() -> None:
    assert _error("162  W x.0\n" + SMALL).where == "x.trf:1 162 W"
    assert _error("162  Q 1.0\n" + SMALL).where == "x.trf:1 162"


def test_error_bad_initial_colour() -> None:
    assert _error("152 Q\n" + SMALL).where == "x.trf:1 152"


def test_error_missing_result_in_played_round() -> None:
    text = SMALL.replace("   2 w 1", "   2 w  ").replace("   1 b 0", "   1 b  ")
    # round 1 now has no results but round 2 has: round 1 is incomplete
    assert _error(text).where == "x.trf:3 round 1"


# --- writing ----------------------------------------------------------------------------------

def test_write_read_back_equal_on_shared_files() -> None:
    for path in FILES[::10]:
        tournament = _parsed(path)
        for scale in (1, tournament.point_scale):
            text = write_trf(tournament.snapshot(), name=tournament.name, point_scale=scale)
            again = read_trf(text)
            assert again.snapshot() == tournament.snapshot(), path
            assert again.initial_colour is tournament.initial_colour


def test_write_columns_and_info() -> None:
    snapshot = read_trf(SMALL).snapshot()
    info = {1: TrfPlayerInfo(name="张三", sex="m", birth="2010/05/01", rank=1)}
    text = write_trf(snapshot, name="测试", info=info, newline="\n")
    lines = text.split("\n")
    assert lines[0] == "012 测试"
    assert lines[1:3] == ["062 3", "072 3"]  # players, rated players
    assert lines[3:5] == ["142 3", "XXR 3"]
    assert lines[5] == "152 W"
    # A (absence) is left out at its default 0: bbpPairings reads no A.
    assert lines[6] == "162  W 2.0    D 1.0    L 0.0    P 2.0"
    # columns counted in UTF-8 bytes (tests/pairing/test_trf_columns.py): 张三 fills 6 of 33
    record = lines[7].encode("utf-8")
    assert record[4:8] == b"   1" and record[9:10] == b"m" and record[14:20] == "张三".encode()
    assert record[69:79] == b"2010/05/01" and record[80:84] == b" 4.0"
    assert record[85:89] == b"   1" and record[91:99] == b"   2 w 1"
    back = read_trf(text)
    assert back.player(1).name == "张三" and back.player(1).birth == "2010/05/01"
    assert back.snapshot().player(2) == snapshot.player(2)
    assert back.snapshot().player(1) == replace(snapshot.player(1), name="张三")


def test_write_refuses_inexpressible_point_system() -> None:
    snapshot = read_trf(SMALL).snapshot()
    odd = replace(snapshot, points=PointSystem(forfeit_win=1))
    with pytest.raises(ValueError):
        write_trf(odd)


def test_format_points() -> None:
    assert format_points(7, 2) == "3.5"
    assert format_points(8, 2) == "4.0"
    assert format_points(5, 4) == "1.25"
    assert format_points(0) == "0.0"


# --- property: any snapshot written and read back is equal --------------------------------------

@st.composite
def _snapshots(draw: st.DrawFn) -> TournamentSnapshot:
    n = draw(st.integers(1, 12))
    rounds = draw(st.integers(0, 6))
    rng = random.Random(draw(st.integers(0, 10**6)))
    ps = draw(st.sampled_from([PointSystem(), PointSystem(win=3, forfeit_win=3, pab=3,
                                                          full_bye=3)]))
    history: dict[int, list[RoundRecord]] = {k: [] for k in range(1, n + 1)}
    games = [("1", "0"), ("0", "1"), ("=", "=")] * 3 + [("+", "-"), ("-", "+"), ("-", "-")]
    code_outcome = {"1": Outcome.WIN, "0": Outcome.LOSS, "=": Outcome.DRAW,
                    "+": Outcome.FORFEIT_WIN, "-": Outcome.FORFEIT_LOSS}
    for r in range(1, rounds + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        while len(order) >= 2 and rng.random() < 0.85:
            a, b = order.pop(), order.pop()
            ca, cb = rng.choice(games)
            for me, opp, code, colour in ((a, b, ca, Colour.FIRST), (b, a, cb, Colour.SECOND)):
                outcome = code_outcome[code]
                history[me].append(RoundRecord(r, outcome, opp, colour, ps.points(outcome)))
        for me in order:
            outcome = rng.choice([Outcome.PAB, Outcome.FULL_BYE, Outcome.HALF_BYE,
                                  Outcome.ZERO_BYE, Outcome.ABSENT])
            history[me].append(RoundRecord(r, outcome, None, None, ps.points(outcome)))
    players = tuple(
        PlayerHistory(k, tuple(sorted(history[k], key=lambda x: x.round)),
                      rating=draw(st.integers(0, 2800)), name=f"棋手{k}")
        for k in range(1, n + 1)
    )
    colour = draw(st.sampled_from(list(Colour)))
    return TournamentSnapshot(players, max(rounds, draw(st.integers(rounds, rounds + 3))), ps,
                              colour)


@settings(max_examples=80, deadline=None)
@given(_snapshots(), st.sampled_from(["\r", "\n", "\r\n"]))
def test_any_snapshot_round_trips(snapshot: TournamentSnapshot, newline: str) -> None:
    text = write_trf(snapshot, name="往返", newline=newline)
    back = read_trf(text)
    rounds = snapshot.rounds_played
    assert back.snapshot(rounds) == snapshot
    assert back.total_rounds == snapshot.total_rounds


_HEADER = "XXR 9\nXXC white1\n162  W 1.0    D 0.5    P 1.0\n152 W\nBBW 1.0\nXXZ 3 4\n"
_MUTATION_CHARS = " 0123456789wbWB-+=UFHZDL.,\t\r\nx#"


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(FILES[:40]),
    st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from(["set", "del", "ins"]),
                       st.sampled_from(_MUTATION_CHARS)), min_size=1, max_size=4),
)
def test_damaged_files_give_a_user_error_or_parse(path: Path, edits) -> None:
    """Whatever is damaged, reading ends in a result or a UserError, never another error."""
    chars = list(_HEADER + _text(path))
    for where, op, char in edits:
        pos = int(where * len(chars))
        if op == "set":
            chars[pos] = char
        elif op == "del":
            del chars[pos]
        else:
            chars.insert(pos, char)
    try:
        tournament = read_trf("".join(chars), "x.trf")
    except UserError as error:
        assert error.where.startswith("x.trf")
        return
    tournament.next_round_request()
    for k in range(1, tournament.rounds_played + 1):
        tournament.request_for_round(k)
        tournament.pairing_of_round(k)


# --- forbidden pairs, accelerations, JaVaFo's half-point bye, teams, the header -------------

def _four(extra: list[str]) -> str:
    """Four players, one round played (1-3, 2-4), round 2 to pair."""
    return "\n".join([
        "012 Four", "XXR 3",
        _line(1, "A", "1.0", ["   3 w 1"], 2400),
        _line(2, "B", "1.0", ["   4 b 1"], 2300),
        _line(3, "C", "0.0", ["   1 b 0"], 2200),
        _line(4, "D", "0.0", ["   2 w 0"], 2100),
        *extra,
    ]) + "\n"


def _pairs(tournament: TrfTournament) -> set[frozenset[int]]:
    from app.pairing.swiss import pair

    pairing = pair(tournament.next_round_request())
    return {frozenset((b.first, b.second)) for b in pairing.boards if b.second}


def test_a_260_forbidden_pair_is_not_paired() -> None:
    """TRF26 260: players listed may not meet in the rounds given; without it 1-2 meet."""
    assert frozenset((1, 2)) in _pairs(read_trf(_four([])))
    forbidden = read_trf(_four(["260   2   3    1    2"]))
    assert forbidden.forbidden[0].players == (1, 2)
    assert frozenset((1, 2)) not in _pairs(forbidden)
    later = read_trf(_four(["260   3   3    1    2"]))  # only from round 3 on
    assert frozenset((1, 2)) in _pairs(later)


def test_an_xxp_forbidden_pair_is_not_paired() -> None:
    assert frozenset((1, 2)) not in _pairs(read_trf(_four(["XXP 1 2"])))


def test_accelerations_are_refused_rather_than_ignored() -> None:
    tournament = read_trf(_four(["250      1.0   2   3    1    2"]))
    assert tournament.accelerations[0].points == 1
    with pytest.raises(UserError) as error:
        tournament.next_round_request()
    assert "250" in error.value.where and "accelerat" in error.value.en
    with pytest.raises(UserError):
        read_trf(_four(["XXA    1  1.0  1.0"])).next_round_request()


def test_javafo_half_point_bye_is_read() -> None:
    """JaVaFo writes a half-point bye as `0000 - =`: half the points, no opponent."""
    text = _four([]).replace(_line(4, "D", "0.0", ["   2 w 0"], 2100),
                             _line(4, "D", "0.0", ["   2 w 0", "0000 - ="], 2100))
    tournament = read_trf(text)
    entry = tournament.player(4).entry(2)
    assert entry is not None and entry.outcome is Outcome.HALF_BYE
    assert 4 in tournament.request_for_round(2).unavailable


def test_team_records_and_header_are_read() -> None:
    tournament = read_trf(_four(["013 Team One                          1    3",
                                 "092 FIDE_DUTCH_2025", "102 张裁判"]))
    assert tournament.teams[0].name == "Team One" and tournament.teams[0].players == (1, 3)
    assert ("092", "FIDE_DUTCH_2025") in tournament.header


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "x.trf"),  # empty
        ("\x00\xff\x13 binary \x01" * 50, "x.trf"),  # random bytes
        (_line(1, "A", "0.0", []).replace("   1", "   ¹"), "x.trf:1 pairing number"),
        ("XXR " + "9" * 5000 + "\n" + _line(1, "A", "0.0", []), "x.trf:1 XXR"),
        (_line(1, "A", "0.0", []) + "\n260   1   2    1    " + "7" * 5000, "x.trf:2 260"),
        (_line(1, "A", "0.0", []) + "\nXXZ ²", "x.trf:2 XXZ"),
        (_four(["013 Team                               1    9"]), "x.trf:7 013"),
    ],
)
def test_hostile_files_are_refused_naming_line_and_field(text: str, where: str) -> None:
    with pytest.raises(UserError) as error:
        read_trf(text, "x.trf")
    assert error.value.where.startswith(where)


def test_hostile_file_on_the_command_line_exits_2_with_one_line(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str],
                                                                ) -> None:
    from app.cli import main

    for data in (b"", bytes(range(256)) * 40, ("XXR " + "9" * 5000).encode()):
        path = tmp_path / "bad.trf"
        path.write_bytes(data)
        for command in ("pair", "check"):
            assert main(["trf", command, str(path)]) == 2
            err = capsys.readouterr().err.strip()
            assert len(err.splitlines()) == 1 and "bad.trf" in err and "Traceback" not in err


def test_written_header_forbidden_pairs_and_teams_read_back() -> None:
    from datetime import date

    from app.pairing.trf import ForbiddenPairs, TrfHeader, TrfTeam

    snapshot = read_trf(SMALL).snapshot()
    header = TrfHeader(site="绍兴", start=date(2022, 11, 25), end=date(2022, 11, 30),
                       system="FIDE_DUTCH_2025", chief_arbiter="张三", time_control="45'+30\"",
                       round_dates=(date(2022, 11, 25), None, date(2022, 11, 26)), teams=1)
    text = write_trf(snapshot, name="测试", header=header, newline="\n",
                     forbidden=[ForbiddenPairs((1, 3), 2, 0)], teams=[TrfTeam("队", (1, 2))])
    lines = text.split("\n")
    assert "092 FIDE_DUTCH_2025" in lines and "022 绍兴" in lines and "102 张三" in lines
    assert "042 2022/11/25" in lines and "082 1" in lines
    dates = next(line for line in lines if line.startswith("132"))
    assert dates[91:99] == "22/11/25" and dates[111:119] == "22/11/26"
    back = read_trf(text)
    assert back.forbidden[0].players == (1, 3) and back.forbidden[0].last == 3
    assert back.teams[0].players == (1, 2)
    assert back.snapshot() == snapshot


def test_an_independent_reader_reads_what_we_write() -> None:
    """The PyPI `trf` reader (sklangen/TRF) reads our files: players, names, points."""
    import trf

    snapshot = read_trf(SMALL).snapshot()
    text = write_trf(snapshot, name="Small", newline="\n", point_scale=1)
    tour = trf.loads(text)
    assert [p.startrank for p in tour.players] == [1, 2, 3]
    assert [float(p.points) for p in tour.players] == [4.0, 2.0, 0.0]


def test_games_points_round_trip_through_xxg_and_a_bad_number_is_refused() -> None:
    from app.pairing.trf import write_trf as write
    from app.pairing.types import Colour as C
    from app.pairing.types import Outcome as O
    from app.pairing.types import PlayerHistory as H
    from app.pairing.types import RoundRecord as R
    from app.pairing.types import TournamentSnapshot as S

    snapshot = S((H(1, (R(1, O.WIN, 2, C.FIRST, 2, 3),)), H(2, (R(1, O.LOSS, 1, C.SECOND, 0, 1),)),
                  H(3, (R(1, O.PAB, None, None, 2, 3),))), 3)
    text = write(snapshot, newline="\n")
    assert "XXD    1   3.0" in text and "XXG" not in text  # the Go library's XXG is its own
    read = read_trf(text)
    assert [r.game_points for p in read.snapshot().players for r in p.rounds] == [3, 1, 3]
    # files written before under XXG still read
    old = read_trf(text.replace("XXD ", "XXG "))
    assert [r.game_points for p in old.snapshot().players for r in p.rounds] == [3, 1, 3]
    with pytest.raises(UserError) as refused:
        read_trf(text + "XXD    9     1\n")
    assert "XXD" in refused.value.en and "9" in refused.value.en
