"""What the team rankings and the export share: each group's standings are worked out once for
all the team rankings made together (qiwang's rankings read the same groups) and for the
export's sheets, and the export command warns from the team rankings the export works out,
not from a ranking of its own."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from app.cli import main
from app.services import exporting, ranking
from app.services.event import Event


@pytest.fixture(scope="module")
def qiwang(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("teams") / "qiwang.db"
    assert main(["demo", str(path), "--preset", "qiwang-2022", "--size", "公开组=24"]) == 0
    return path


def test_each_group_is_ranked_once_for_all_team_rankings(
        qiwang: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    computed: Counter[str] = Counter()
    original = ranking.compute_standings

    def counted(session: Any, group: Any, **options: Any) -> Any:
        computed[group.name] += 1
        return original(session, group, **options)

    monkeypatch.setattr(ranking, "compute_standings", counted)
    with Event.open(qiwang) as event:
        infos = ranking.team_standings(event)
    # The demo's team rankings read fewer groups than there are rankings: without the
    # sharing a group would be ranked once per ranking that reads it.
    assert len(infos) > len(computed) > 0
    assert set(computed.values()) == {1}
    assert all(info.rows for info in infos)


def test_the_export_command_works_the_team_rankings_out_once(
        qiwang: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    calls = []
    original, original_of = ranking.team_standings, ranking.team_standings_of

    def counted(event: Event) -> list[ranking.TeamStandingsInfo]:
        calls.append(event)
        return original(event)

    def counted_of(session: Any, standings: Any) -> list[ranking.TeamStandingsInfo]:
        calls.append(session)
        return original_of(session, standings)

    # Either way counts: a ranking of the command's own (from the ranking module), or the
    # export's, in its reading session (the service holds its own name for it).
    monkeypatch.setattr(ranking, "team_standings", counted)
    monkeypatch.setattr(exporting, "team_standings_of", counted_of)
    out = tmp_path / "out"
    capsys.readouterr()
    assert main(["export", str(qiwang), "--out", str(out), "--xlsx"]) == 0
    assert len(calls) == 1
    written = [Path(line) for line in capsys.readouterr().out.splitlines()]
    cells = {cell for p in written if p.suffix == ".xlsx"
             for sheet in openpyxl.load_workbook(p, read_only=True).worksheets
             for row in sheet.iter_rows(values_only=True) for cell in row}
    with Event.open(qiwang) as event:
        infos = original(event)
    # The team rankings handed on still reach the workbook: every ranking's every team.
    assert all(row.team in cells for info in infos for row in info.rows)


def test_the_export_model_ranks_each_group_once_for_its_sheets_and_team_rankings(
        qiwang: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """build_model's final standings of a group serve its sheets and every team ranking
    that reads it: each group's own standings are worked out once (sub-rankings and the
    standings after each round are other rankings, worked out apart)."""
    own: Counter[str] = Counter()
    original = ranking.compute_standings

    def counted(session: Any, group: Any, **options: Any) -> Any:
        if not options:
            own[group.name] += 1
        return original(session, group, **options)

    monkeypatch.setattr(ranking, "compute_standings", counted)
    monkeypatch.setattr(exporting, "compute_standings", counted)
    with Event.open(qiwang) as event:
        model = exporting.build_model(event)
    assert model.team_standings and own and set(own.values()) == {1}
    assert {s.title for s in model.standings} >= set(own)
