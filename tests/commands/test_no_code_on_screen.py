"""What the command line prints for a person shows no code identifier (issue 25; docs/CLI.md
"Arguments and output"): over the demo event of every preset, every command that shows the
event is run and its output scanned for the enums' values and the setting keys. The
machine-readable forms (`--json`, and a CSV's header row of column keys that scripts read) are
left out; everything else is words, Chinese first."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from app.cli import main
from app.commands._words import cjk

CJK = cjk()

# Identifiers that are also ordinary English words: the English half of a line may use them
# in prose ("9 rounds", "a forfeit win", "renju, free-style"); anywhere else they are codes.
ENGLISH_WORDS = frozenset({
    "absent", "active", "admitted", "arbiter", "designated", "draw", "eligibility", "first",
    "five", "forfeit", "foul", "free", "freestyle", "gomoku", "items", "knockout", "lists",
    "lots", "loss", "lowest", "money", "name", "note", "opening", "own", "passes", "place", "playoff",
    "playoffs", "points", "prize", "prizes", "progressive", "quota", "renju", "resignation",
    "rounds", "second", "share", "shared", "stage", "standard", "system", "team", "teams", "tie",
    "time", "title", "win", "wins", "withdrawn", "zero"})


def code_identifiers() -> frozenset[str]:
    """The values of the enums whose values the event file stores or the command line takes,
    the group settings' keys (and the points' keys), and a player's states."""
    from app.group_settings import RULE_SETS, GroupSettings
    from app.imports.merge import Route
    from app.imports.text import Gender
    from app.pairing.system import System
    from app.pairing.types import Colour, NoteKind, Outcome, PointSystem
    from app.rules.endings import Ending
    from app.rules.judge import RuleSet
    from app.rules.protocols import Protocol
    from app.services.awards import Declined
    from app.standings.awards import AwardBasis, TieRule
    from app.standings.playoff import PlayoffFormat
    from app.standings.stakes import Stake
    from app.standings.tiebreaks import REGISTRY, Unplayed

    enums = (System, Colour, Outcome, NoteKind, Protocol, RuleSet, Unplayed, PlayoffFormat,
             TieRule, AwardBasis, Gender, Route, Stake, Declined, Ending)
    return frozenset({str(member.value) for enum in enums for member in enum}
                     | set(RULE_SETS) | set(REGISTRY) | set(GroupSettings.keys())
                     | {f.name for f in fields(PointSystem)} | {"active", "withdrawn"})


_TOKEN = re.compile(r"[A-Za-z0-9_]+")


def codes_in(line: str, identifiers: frozenset[str]) -> list[str]:
    """The code identifiers `line` shows: JSON, `key=value`, a code-only identifier anywhere,
    an identifier that is also an English word where no English prose is (the Chinese half of
    a line, a line without Chinese and English halves)."""
    found = []
    if re.search(r"\{\s*\"", line):
        found.append("JSON")
    found += [m.group(1) for m in re.finditer(r"(?<![\w-])([a-z_]+)=", line)
              if m.group(1) in identifiers]
    halves = re.split(r" ?/ ", line, maxsplit=1)
    chinese = halves[0] if len(halves) == 2 and CJK.search(halves[0]) else line
    for token in _TOKEN.findall(line):
        if token in identifiers and token not in ENGLISH_WORDS:
            found.append(token)
    found += [t for t in _TOKEN.findall(chinese) if t in identifiers and t in ENGLISH_WORDS
              and not re.search(rf"--[\w-]*{t}", chinese)]
    return found


def test_the_scanner_finds_the_codes_the_issue_names() -> None:
    ids = code_identifiers()
    before = {
        "公开组: swiss, 9 轮/rounds, 1 盘/games, renju, opening=designated, "
        "tiebreaks=buchholz,median_buchholz,wins, points={\"win\": 2}": {
            "swiss", "renju", "opening", "buchholz", "median_buchholz", "JSON"},
        "41,叶宇,M,2014-07-27,绍兴棋类协会,少儿组,演示,,,1,,,active,1": {"M", "active"},
        "R1 M1 [1-16] 北京五子队1 v 上海棋院队16 -> 上海棋院队16": set(),
    }
    for line, codes in before.items():
        assert codes <= set(codes_in(line, ids)), line
    assert codes_in("轮数：9 / Rounds: 9", ids) == []
    assert codes_in("41,叶宇,男,2014-07-27,绍兴棋类协会,少儿组,演示,,,1,,,在赛,1", ids) == []


def _run(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 0, (args, err)
    return out


def _outputs(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """Every command that shows the event, for each of its groups: what it prints."""
    import json

    groups = [g["name"] for g in json.loads(_run(capsys, "group", path, "--json"))]
    shown: dict[str, str] = {}
    for args in (("presets",), ("event", path), ("group", path), ("players", path),
                 ("team-standings", path), ("undo", path, "--list"), ("snapshots", path),
                 ("venue", path), ("export", path, "--list")):
        shown[" ".join(map(str, args))] = _run(capsys, *args)
    shown["players --csv"] = _csv_body(_run(capsys, "players", path, "--csv"))
    for group in groups:
        g = ("--group", group)
        settings = json.loads(_run(capsys, "group", path, *g, "--json"))[0]
        # the cross-group round has no crosstable (one round, its winners go on), nor a team
        # knockout a players' one (its teams rank by the bracket): refused
        tables = ("standings",) if settings["system"] in ("cross_group", "team_knockout") \
            else ("standings", "crosstable")
        for args in (("standings", path, *g, "--sub"), ("playoffs", path, *g),
                     ("declines", path, *g)):
            shown[" ".join(map(str, args))] = _run(capsys, *args)
        if "crosstable" in tables:
            shown[f"crosstable {path} --group {group}"] = _run(capsys, "crosstable", path, *g)
        for csv_command in tables:
            shown[f"{csv_command} {group} --csv"] = _csv_body(
                _run(capsys, csv_command, path, *g, "--csv"))
        for number in range(1, settings["rounds"] + 1):
            code = main(["round", str(path), *g, str(number)])
            out, _err = capsys.readouterr()
            if code == 0:
                shown[f"round {group} {number}"] = out
        if settings["system"] in ("knockout", "team_knockout"):
            shown[f"bracket {group}"] = _run(capsys, "bracket", path, *g)
        if settings["system"] in ("team_knockout", "cross_group"):
            shown[f"teams {group}"] = _run(capsys, "teams", path, *g)
    return shown


def _csv_body(text: str) -> str:
    """A CSV without its header row (the column keys scripts read)."""
    return "".join(text.splitlines(keepends=True)[1:])


PRESETS = ("huazhi-2021", "mindgames-2016", "qiwang-2022", "rif-openings-2026",
           "shenzhen-2022", "tuanti-2026", "yike-2022")


def test_the_presets_are_the_ones_scanned(capsys: pytest.CaptureFixture[str]) -> None:
    listed = [line.split("\t")[0] for line in _run(capsys, "presets").splitlines()]
    assert tuple(listed) == PRESETS


@pytest.mark.parametrize("preset", PRESETS)
def test_no_command_shows_a_code_identifier(preset: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from app.services import demo

    path = tmp_path / f"{preset}.db"
    demo.build_demo(path, preset).close()
    identifiers = code_identifiers()
    found = {}
    for command, text in _outputs(path, capsys).items():
        for line in text.splitlines():
            codes = codes_in(line, identifiers)
            if codes:
                found.setdefault(command, []).append((codes, line[:160]))
    assert not found, "\n".join(f"{c}: {lines[:3]}" for c, lines in found.items())
