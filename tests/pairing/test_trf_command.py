"""`trf pair` as a command: what it imports (the start-up bench/bench_fide_systems.py measures
against the reference's), the Team Swiss options a file states (TRF26 192, the Go reference
library's XXT / XXG), and the parser's values kept equal to the standings' own."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.commands.trf import UNPLAYED, team_options
from app.pairing.trf import read_trf, write_trf
from app.pairing.trf_teams import coded_team_type, team_options_of_code
from app.pairing.types import Outcome, PlayerHistory, RoundRecord, TournamentSnapshot
from app.standings.tiebreaks import Unplayed
from tests.pairing.reference_rounds import with_team_records

ROOT = Path(__file__).resolve().parents[2]
NOT_FOR_PAIRING = ("app.wording", "app.standings.ranking", "app.standings.tiebreaks",
                   "app.group_settings", "app.team_rankings", "app.imports", "sqlalchemy")
"""What `trf pair` has no use for: the standings and the wording (a quarter of a second of
start-up), the event's settings, the database."""

RUN = """
import json, runpy, sys
out = sys.argv.pop(1)
try:
    runpy.run_module("app", run_name="__main__", alter_sys=True)
except SystemExit:
    pass
with open(out, "w", encoding="utf-8") as file:
    json.dump(sorted(sys.modules), file)
"""


def _file(tmp_path: Path, system: str, extra: str = "") -> Path:
    history = {n: [] for n in range(1, 5)}  # type: dict[int, list[RoundRecord]]
    for first, second in ((1, 3), (2, 4)):
        history[first].append(RoundRecord(1, Outcome.WIN, second, None, 2))
        history[second].append(RoundRecord(1, Outcome.LOSS, first, None, 0))
    from app.pairing.types import Colour

    players = tuple(PlayerHistory(n, tuple(
        RoundRecord(r.round, r.outcome, r.opponent,
                    Colour.FIRST if r.outcome is Outcome.WIN else Colour.SECOND, r.points)
        for r in rounds), name=f"选手{n}") for n, rounds in history.items())
    from app.pairing.trf import TrfHeader

    text = write_trf(TournamentSnapshot(players, 3), newline="\n",
                     header=TrfHeader(system=system))
    if "TEAM" in system:  # a Team Swiss is read by its teams (310), one player each here
        text = with_team_records(text)
    text += extra
    path = tmp_path / "f.trf"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.slow  # a fresh interpreter each
@pytest.mark.parametrize("system", ["FIDE_DUTCH_2025", "FIDE_DOUBLE_SWISS_2026",
                                    "FIDE_TEAM_SWISS_2026"])
def test_trf_pair_imports_neither_the_standings_nor_the_wording(tmp_path: Path, system: str
                                                                ) -> None:
    path = _file(tmp_path, system)
    out = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", RUN, str(out), "trf", "pair", str(path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    modules = json.loads(out.read_text(encoding="utf-8"))
    assert "app.pairing.trf" in modules
    assert [m for m in modules if m.startswith(NOT_FOR_PAIRING)] == []


def test_the_parser_s_unplayed_values_are_the_standings_own() -> None:
    assert UNPLAYED == tuple(u.value for u in Unplayed)


@pytest.mark.parametrize("colours", ["A", "B", "none"])
@pytest.mark.parametrize("primary", ["match", "game"])
def test_the_192_code_states_the_team_swiss_options(colours: str, primary: str) -> None:
    code = coded_team_type(colours, primary)
    assert code.startswith("FIDE_TEAM") and team_options_of_code(code) == (colours, primary)


def test_codes_written_by_others_are_read_as_gacrux_reads_them() -> None:
    assert team_options_of_code("FIDE_TEAM") == ("A", "match")
    assert team_options_of_code("FIDE_TEAM_TYPEB_MP_BAKU") == ("B", "match")
    assert team_options_of_code("FIDE_TEAM_GP") == ("none", "game")
    assert team_options_of_code("FIDE_DOUBLESWISS") == (None, None)
    assert team_options_of_code("FIDE_TEAM_ROUNDROBIN") == (None, None)


def test_the_options_come_from_the_flags_else_the_file_else_the_defaults(tmp_path: Path
                                                                        ) -> None:
    def options(extra: str, **flags: str) -> tuple[str, str]:
        tournament = read_trf(_file(tmp_path, "FIDE_TEAM_SWISS_2026", extra).read_text())
        return team_options(argparse.Namespace(**flags), tournament)

    assert options("") == ("A", "match")  # FIDE C.04.6 Art. 1.7.1 and 1.2.2
    assert options("192 FIDE_TEAM_TYPEB_GP_MP\n") == ("B", "game")
    assert options("192 FIDE_TEAM_TYPEB_GP_MP\n", team_colours="none",
                   team_primary="match") == ("none", "match")
    # the Go reference library's own lines (its XXG is not the games' points lines)
    assert options("XXT B\nXXG game\n") == ("B", "game")
