"""The TRF files of the federation package, laid out as their readers count columns: the
group's file in UTF-8 bytes (the Go reference library, gacrux's own Latin-1 reading), and,
for a Dutch group with Chinese names, a copy in characters for bbpPairings (it counts code
points); the 192 coded type of the FIDE 2026 systems (FIDE_DOUBLESWISS, FIDE_TEAM_...)."""

from __future__ import annotations

import pytest

from app.exports import federation
from app.exports.group_trf import coded_type
from app.exports.model import Group
from app.pairing.system import System
from app.pairing.trf import read_trf
from tests.exports.helpers import small_event


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    return federation.package_contents(small_event())


def _first_record(data: bytes) -> bytes:
    return next(line for line in data.split(b"\n") if line.startswith(b"001"))


@pytest.mark.slow  # the whole package of the sample event
def test_the_group_file_counts_bytes_and_bbp_s_copy_characters(files: dict[str, bytes]
                                                                ) -> None:
    model = small_event()
    group = next(g for g in model.groups if g.system is System.SWISS)
    main = files[f"trf/{group.key}.trf"]
    bbp = files[f"trf/{group.key}-bbpPairings.trf"]
    name = _first_record(main).decode()[14:].split()[0]
    assert not name.isascii()  # the sample's names are Chinese
    # TRF-2026 player section: 15-47 the name, 81-84 the points, 92-99 round 1
    record = _first_record(main)
    assert record[14:47] == name.encode().ljust(33) and record[47:48] == b" "
    text = _first_record(bbp).decode()
    assert text[14:47] == name.ljust(33) and text[47:48] == " "
    assert record[80:84].decode() == text[80:84] and record[91:99].decode() == text[91:99]
    # both read back to the same tournament
    assert read_trf(main.decode()).snapshot() == read_trf(bbp.decode()).snapshot()
    assert "供 bbpPairings 核对编排" in files["说明.txt"].decode()


@pytest.mark.slow  # the whole package of the sample event
def test_only_dutch_groups_with_names_beyond_ascii_get_the_copy(files: dict[str, bytes]
                                                                ) -> None:
    model = small_event()
    for group in model.groups:
        copy = f"trf/{group.key}-bbpPairings.trf" in files
        assert copy == (group.system is System.SWISS), group.system


@pytest.mark.parametrize(("system", "colours", "primary", "code"), [
    (System.DOUBLE_SWISS, "A", "match", "FIDE_DOUBLESWISS"),
    (System.TEAM_SWISS, "A", "match", "FIDE_TEAM_TYPEA_MP_GP"),
    (System.TEAM_SWISS, "B", "game", "FIDE_TEAM_TYPEB_GP_MP"),
    (System.TEAM_SWISS, "none", "match", "FIDE_TEAM_MP_GP"),
    (System.SWISS, "A", "match", ""),
])
def test_the_192_code_names_the_system_and_its_options(system: System, colours: str,
                                                        primary: str, code: str) -> None:
    group = Group(key="g", name="g", system=system, team_swiss_colours=colours,
                  team_swiss_primary=primary)
    assert coded_type(group) == code
