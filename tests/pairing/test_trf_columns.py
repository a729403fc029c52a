"""TRF columns counted in bytes (app.pairing.trf, "Columns"): what we write puts every field of a
line with a Chinese name at the byte columns TRF-2016 / TRF-2026 give (the Go reference
library slices lines by bytes, gacrux reads TRF as Latin-1, one character a byte); what we
read is read by its bytes, and still by its characters where only that aligns (files this
program wrote before), in the file's own encoding (UTF-8, GB18030, Latin-1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.pairing.trf import TrfPlayerInfo, TrfTeam, read_trf, write_trf
from app.pairing.trf_teams import read_teams

PLAYERS = ("欧阳娜娜", "B", "C")


def _line(number: int, name: str, points: str, rounds: list[str], rating: int = 2000,
          birth: str = "2010/05/01") -> str:
    """A `001` record with the name padded to 33 CHARACTERS (the layout written before)."""
    return (f"001 {number:4d} w    {name:<33} {rating:4d}" + " " * 17 + f"{birth:<10} "
            + f"{points:>4}" + "  " + f"{number:>3}" + "".join("  " + c for c in rounds))


def _in_bytes(text: str, encoding: str, cut: int = 33) -> bytes:
    """`text` (written by `_line`) with its names padded to 33 bytes of `encoding`, as a
    program counting bytes writes them; `cut`: the bytes of a name kept."""
    lines = []
    for line in text.split("\n"):
        if line.startswith("001"):
            name = line[14:47].rstrip().encode(encoding)[:cut]
            lines.append(line[:14].encode() + name.ljust(33) + line[47:].encode())
        else:
            lines.append(line.encode(encoding))
    return b"\n".join(lines)


def _text(names: tuple[str, ...] = PLAYERS) -> str:
    return "\n".join([
        "012 测试",
        "XXR 3",
        _line(1, names[0], "2.0", ["   2 w 1", "   3 b 1"]),
        _line(2, names[1], "1.0", ["   1 b 0", "0000 - U"]),
        _line(3, names[2], "0.0", ["0000 - Z", "   1 w 0"]),
    ]) + "\n"


def _written(name: str) -> bytes:
    snapshot = read_trf(_text(("A", "B", "C"))).snapshot()
    info = {1: TrfPlayerInfo(name=name, sex="w", birth="2010/05/01", rank=2)}
    text = write_trf(snapshot, info=info, newline="\n")
    return next(line for line in text.split("\n") if line.startswith("001    1")).encode()


def test_a_chinese_name_leaves_every_field_at_its_byte_column() -> None:
    """TRF-2026 player section, 1-based columns: 5-8 pairing number, 10 sex, 15-47 name,
    70-79 birth date, 81-84 points, 86-89 rank, 92-95 / 97 / 99 round 1 (opponent, colour,
    result), every round 10 columns on."""
    line = _written("欧阳娜娜")
    assert line[4:8] == b"   1" and line[9:10] == b"w"
    assert line[14:47] == "欧阳娜娜".encode().ljust(33)  # 12 bytes of 33
    assert line[69:79] == b"2010/05/01"
    assert line[80:84] == b" 4.0" and line[85:89] == b"   2"
    assert line[91:95] == b"   2" and line[96:97] == b"w" and line[98:99] == b"1"
    assert line[101:109] == b"   3 b 1" and len(line) == 89 + 2 * 10


def test_a_long_name_is_cut_on_a_character_boundary() -> None:
    name = "A" + "张" * 12  # 37 bytes: 10 characters of 张 fit with the A, the 11th would not
    line = _written(name)
    assert line[14:47].decode("utf-8") == "A" + "张" * 10 + "  "
    assert line[47:48] == b" " and line[80:84] == b" 4.0"


def test_what_we_write_reads_back_by_its_bytes() -> None:
    before = read_trf(_text())
    written = write_trf(before.snapshot(), newline="\n",
                        info={n: TrfPlayerInfo(name=name) for n, name in enumerate(PLAYERS, 1)})
    again = read_trf(written)
    assert [p.name for p in again.players] == list(PLAYERS)
    assert again.snapshot() == before.snapshot()


def test_a_file_written_in_character_columns_before_still_reads() -> None:
    """The layout this program wrote before (the name padded to 33 characters) is misaligned
    by its bytes, aligned by its characters: read so, names and rounds as they were."""
    old = read_trf(_text())
    assert old.player(1).name == "欧阳娜娜" and old.player(1).birth == "2010/05/01"
    assert old.player(1).points == 4 and old.rounds_played == 2
    assert [(e.opponent, e.colour, e.code) for e in old.player(1).entries if e] == [
        (2, "w", "1"), (3, "b", "1")]


def test_a_latin1_file_has_a_column_a_byte_either_way() -> None:
    text = _text(("Müller, Jörg", "Ødegaard, Åse", "C")).replace("测试", "Test")
    data = text.encode("latin-1")
    read = read_trf(data.decode("latin-1"), encoding="latin-1")
    assert [p.name for p in read.players[:2]] == ["Müller, Jörg", "Ødegaard, Åse"]
    assert read.player(2).points == 2


def test_a_gb18030_file_counts_two_bytes_a_chinese_character() -> None:
    """A file another program wrote in GB18030 (GBK): its columns are its bytes, two for 张."""
    data = _in_bytes(_text(("张三丰", "B", "C")), "gb18030")
    assert data.split(b"\n")[2][14:47] == "张三丰".encode("gb18030").ljust(33)
    read = read_trf(data.decode("gb18030"), encoding="gb18030")
    assert read.player(1).name == "张三丰" and read.player(1).birth == "2010/05/01"
    assert read.player(1).points == 4


@pytest.mark.parametrize("name", ["李超", "迟到者"])
def test_a_name_ending_in_a_byte_latin1_calls_a_blank_reads_whole(name: str) -> None:
    """超 and 者 end in the byte 0x85 in UTF-8 (U+0085, a blank to `str.strip` in the byte
    view): the last character was stripped with it, 李超 read back as 李 (so in `trf check`'s
    messages, `trf standings` and a TRF import)."""
    text = write_trf(read_trf(_text(("A", "B", "C"))).snapshot(), newline="\n",
                     info={1: TrfPlayerInfo(name=name, birth="2010/05/01")})
    read = read_trf(text)
    assert read.player(1).name == name and read.player(1).birth == "2010/05/01"


def test_a_name_another_program_cut_in_a_character_loses_that_character(
        tmp_path: Path) -> None:
    """The file is then no valid UTF-8: the loader keeps the stray bytes as they are, so the
    columns after them stay in place, and the name is read without the cut character."""
    from app.commands.trf import load_text

    path = tmp_path / "cut.trf"
    path.write_bytes(_in_bytes(_text(("A" + "张" * 11, "B", "C")), "utf-8", cut=33))
    text, encoding = load_text(str(path))
    read = read_trf(text, encoding=encoding)
    assert encoding == "utf-8" and read.player(1).name == "A" + "张" * 10
    assert read.player(1).points == 4 and read.rounds_played == 2


def test_a_latin1_file_is_not_taken_for_utf8_with_cut_characters(tmp_path: Path) -> None:
    """A Latin-1 ü in the middle of a name is no UTF-8, nor a character cut at the name's
    end: the loader does not read the file as UTF-8 (which would drop the letter)."""
    from app.commands.trf import load_text

    path = tmp_path / "latin1.trf"
    path.write_bytes(_text(("Müller, Jörg", "B", "C")).replace("测试", "Test").encode(
        "latin-1"))
    text, encoding = load_text(str(path))
    assert encoding != "utf-8"
    read = read_trf(text, encoding=encoding)
    assert read.player(1).points == 4 and read.rounds_played == 2


def test_a_team_name_in_013_takes_its_bytes() -> None:
    snapshot = read_trf(_text()).snapshot()
    text = write_trf(snapshot, newline="\n", teams=[TrfTeam("深圳市坪山区代表队", (1, 2))])
    line = next(x for x in text.split("\n") if x.startswith("013")).encode()
    assert line[4:36].decode().rstrip() == "深圳市坪山区代表队"  # 27 bytes of 32
    assert line[36:40] == b"   1" and line[41:45] == b"   2"  # TRF26 37-40, 42-45
    assert read_trf(text).teams[0].name == "深圳市坪山区代表队"
    old = text.replace(line.decode(), "013 " + f"{'深圳市坪山区代表队':<32}" + "   1    2")
    assert read_trf(old).teams[0].players == (1, 2)  # written in characters before


def test_a_310_record_in_bytes_and_one_written_in_characters_before_both_read() -> None:
    line = (f"310   1 {'甲队':<32} {'':5} {'':6} {'4.0':>6} {'7.0':>6} {'1':>3}  "
            "   1    2")
    teams, _bye = read_teams(line + "\n")
    assert (teams[0].name, teams[0].players) == ("甲队", (1, 2))
    in_bytes = b"310   1 " + "甲队".encode().ljust(32) + line[40:].encode()
    teams, _bye = read_teams(in_bytes.decode() + "\n")
    assert (teams[0].name, teams[0].players) == ("甲队", (1, 2))


@pytest.mark.parametrize("encoding", ["utf-8", "gb18030"])
def test_trf_pair_reads_the_file_in_its_own_encoding(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str) -> None:
    from app.cli import main

    path = tmp_path / "f.trf"
    path.write_bytes(_in_bytes(_text(), encoding))
    assert main(["trf", "pair", str(path)]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == ["2", "2 3", "1 0"]
