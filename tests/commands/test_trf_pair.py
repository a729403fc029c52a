"""`trf pair` and `trf check`: output format, exit codes and errors. The command logic is tested
with stand-in engines here; tests against the real Swiss engine follow below them."""

from __future__ import annotations

from pathlib import Path

import pytest

import app.commands.trf as trf_command
from app.cli import main
from app.pairing.trf import read_trf
from app.pairing.types import Board, NoLegalPairing, Pairing, PairingRequest

DATA = Path(__file__).resolve().parents[1] / "data" / "swiss"
SMALL = DATA / "complete" / "n007_r05_mixed_s1033.trf"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _file_engine(path: Path):
    """An engine that answers with the file's own pairing of the round asked for."""
    tournament = read_trf(path.read_text())

    def pair(request: PairingRequest) -> Pairing:
        return tournament.pairing_of_round(request.round)

    return pair


def test_pair_prints_count_then_boards_with_pab_as_zero(capsys, monkeypatch, tmp_path) -> None:
    seen: list[PairingRequest] = []

    def engine(request: PairingRequest) -> Pairing:
        seen.append(request)
        return Pairing(request.round, (Board(1, 4, 1), Board(2, 2, 5), Board(3, 6, 3),
                                       Board(4, 7, None)))

    monkeypatch.setattr(trf_command, "_pair", engine)
    code, out, _ = _run(capsys, "trf", "pair", str(SMALL))
    assert code == 0
    assert out == "4\n4 1\n2 5\n6 3\n7 0\n"
    assert seen[0].round == 6  # the round after the last one with results
    assert seen[0].snapshot.rounds_played == 5


def test_pair_no_legal_pairing_exits_1(capsys, monkeypatch) -> None:
    def engine(request: PairingRequest) -> Pairing:
        raise NoLegalPairing("every pair has met")

    monkeypatch.setattr(trf_command, "_pair", engine)
    code, out, err = _run(capsys, "trf", "pair", str(SMALL))
    assert code == 1 and out == ""
    assert "no legal pairing" in err


def test_check_all_rounds_match_exit_0(capsys, monkeypatch) -> None:
    monkeypatch.setattr(trf_command, "_pair", _file_engine(SMALL))
    code, out, _ = _run(capsys, "trf", "check", str(SMALL))
    assert code == 0 and out == ""


def test_check_asks_each_round_from_the_rounds_before_it(capsys, monkeypatch) -> None:
    asked: list[tuple[int, int]] = []
    inner = _file_engine(SMALL)

    def engine(request: PairingRequest) -> Pairing:
        asked.append((request.round, request.snapshot.rounds_played))
        return inner(request)

    monkeypatch.setattr(trf_command, "_pair", engine)
    _run(capsys, "trf", "check", str(SMALL))
    assert asked == [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4)]


def test_check_prints_the_rounds_that_differ_exit_1(capsys, monkeypatch) -> None:
    inner = _file_engine(SMALL)

    def engine(request: PairingRequest) -> Pairing:
        if request.round == 3:
            raise NoLegalPairing()
        if request.round == 4:
            boards = inner(request).boards
            swapped = (Board(1, boards[0].second, boards[0].first), *boards[1:])  # type: ignore[arg-type]
            return Pairing(4, swapped)
        return inner(request)

    monkeypatch.setattr(trf_command, "_pair", engine)
    code, out, err = _run(capsys, "trf", "check", str(SMALL))
    assert code == 1
    assert out.count("differs") == 2
    assert "round 3:" in out and "round 4:" in out and "no legal pairing" in out
    assert "2 of 5 rounds differ" in err


def test_check_ignores_board_order(capsys, monkeypatch) -> None:
    inner = _file_engine(SMALL)

    def engine(request: PairingRequest) -> Pairing:
        boards = tuple(reversed(inner(request).boards))
        return Pairing(request.round, boards)

    monkeypatch.setattr(trf_command, "_pair", engine)
    assert _run(capsys, "trf", "check", str(SMALL))[0] == 0


@pytest.mark.parametrize("sub", ["pair", "check"])
def test_missing_file_exit_2(sub: str, capsys, tmp_path: Path) -> None:
    code, out, err = _run(capsys, "trf", sub, str(tmp_path / "none.trf"))
    assert code == 2 and out == ""
    assert "none.trf" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("sub", ["pair", "check"])
def test_malformed_file_exit_2_names_line_and_field(sub: str, capsys, tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(SMALL.read_text().replace("    4 b 1", "    4 b ?", 1))
    code, out, err = _run(capsys, "trf", sub, str(bad))
    assert code == 2 and out == ""
    assert f"{bad}:2 round 1 (columns 92-99)" in err


@pytest.mark.parametrize("argv", [["trf"], ["trf", "pair"], ["trf", "frobnicate", "x"]])
def test_bad_arguments_exit_2(argv: list[str], capsys) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == "" and err.strip()


# --- against the Swiss engine (app.pairing.swiss) --------------------------------------------

SMALL_FILES = sorted((DATA / "complete").glob("n00[78]_*.trf"))[::3]
NOPAIRING = sorted((DATA / "nopairing").glob("*.trf"))[::4]


def _cut_before_round(path: Path, k: int) -> str:
    """The file as it stood before round k was paired: rounds 1..k-1, round k's byes entered
    in advance kept, points column blanked (it counted every round)."""
    out = []
    for line in path.read_text().replace("\r", "\n").split("\n"):
        if line.startswith("001"):
            start = 91 + 10 * (k - 1)
            head = line[:80] + "    " + line[84:start]
            entry = line[start:start + 8]
            if entry.startswith("0000") and entry[7:8] in ("H", "Z", "F"):
                head += entry
            line = head.rstrip()
        out.append(line)
    return "\n".join(out)


@pytest.mark.parametrize("path", SMALL_FILES, ids=lambda p: p.name)
def test_check_reference_files_exit_0(path: Path, capsys) -> None:
    code, out, err = _run(capsys, "trf", "check", str(path))
    assert code == 0, out + err
    assert out == ""


@pytest.mark.parametrize("path", SMALL_FILES, ids=lambda p: p.name)
def test_pair_prints_the_reference_next_round(path: Path, capsys, tmp_path: Path) -> None:
    tournament = read_trf(path.read_text())
    k = tournament.rounds_played
    cut = tmp_path / "cut.trf"
    cut.write_text(f"XXR {tournament.total_rounds}\n" + _cut_before_round(path, k))
    code, out, err = _run(capsys, "trf", "pair", str(cut))
    assert code == 0, err
    lines = out.splitlines()
    expected = tournament.pairing_of_round(k).boards
    assert int(lines[0]) == len(lines) - 1 == len(expected)
    assert set(lines[1:]) == {f"{b.first} {b.second or 0}" for b in expected}
    if tournament.pairing_of_round(k).bye is not None:
        assert lines[-1].endswith(" 0")  # the PAB comes last


@pytest.mark.parametrize("path", NOPAIRING, ids=lambda p: p.name)
def test_pair_nopairing_files_exit_1(path: Path, capsys) -> None:
    code, out, err = _run(capsys, "trf", "pair", str(path))
    assert code == 1 and out == ""
    assert "no legal pairing" in err


def test_pair_refuses_a_score_bracket_beyond_the_engine_limit_with_exit_2(
        capsys, monkeypatch) -> None:
    """A bracket too large for its graph (and whose first candidate is not provably best)
    is refused: exit 2, one line naming the file and the limit, nothing on stdout."""
    from app.pairing.swiss.dutch import DutchPairer

    monkeypatch.setattr(DutchPairer, "graph_limit", 4)
    path = DATA / "complete" / "n033_r05_draws_s1255.trf"
    code, out, err = _run(capsys, "trf", "pair", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith(str(path)) and "at most 4 players in one score bracket" in err
    assert "score bracket 3 from the top needs 7" in err
