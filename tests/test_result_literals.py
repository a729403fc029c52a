"""Result codes are written once: in the results home (`app/results.py`) and the store's
codec (`app/store/codec.py`). Anywhere else in `app/` a result is a typed value, and a string
constant spelling a result code (`"1-0t"`, `"+-"`, `"="` ...) is a copy that drifts (issue 23:
two live bugs came from such copies). So is the bye's sentinel (`"bye"`, what a bye's board
row stores), a comparison of a `.result` with text, a `.result` split or searched as text, and
a stored notation read back (`from_notation` and the like) above the codec. This test reads
every module's syntax tree."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app"
HOMES = {"results.py", "store/codec.py"}
# The wording: text tables where `bye` is the English word for 轮空, never the sentinel.
WORDING = {"wording.py", "ui/texts.py", "web/texts.py"}
BYE = "bye"
RESULT_LITERALS = frozenset({
    "1-0", "0-1", "=", "+-", "-+", "--", "1-0t", "0-1t", "1-0 =", "½-½", "1/2-1/2",
})
# A string that spells a code but means something else, with why (file, value):
NOT_RESULTS = {
    ("cli.py", "--"): "argparse's end of options (POSIX), not the double forfeit",
    ("cli.py", "-+"): "the forfeit codes kept from argparse's option parsing (words engineer)",
    ("pairing/trf.py", "="): "FIDE TRF-16's own draw column code, not ours",
    ("pairing/trf_teams.py", "+-"): "TRF-2026's forfeited-match record (330), its own code",
    ("pairing/trf_teams.py", "-+"): "TRF-2026's forfeited-match record (330), its own code",
    ("pairing/trf_teams.py", "--"): "TRF-2026's double-forfeit match record (330), its own code",
    ("imports/text.py", "--"): "an empty cell in an imported list (-- / 无), not a result",
    ("exports/model.py", "="): "a spreadsheet formula's first character (CSV injection guard)",
    ("wording.py", "="): "the crosstable's English mark for a drawn round or game (shown text)",
    ("ui/views/rounds_entry.py", "="): "the draw key of the quick entry (a key on the keyboard)",
    ("ui/views/playoff_panel.py", "="): "the draw key of the playoff list (a key pressed)",
}
# Separators: `text.partition("=")` reads `key=value`, never a result.
SEPARATOR_METHODS = {"partition", "rpartition", "split", "rsplit", "startswith", "endswith"}
# What reading text does: a `.result` read so is a stored notation parsed again.
TEXT_METHODS = SEPARATOR_METHODS | {"strip", "lower", "upper", "replace", "find", "index",
                                    "count", "removesuffix", "removeprefix", "isdigit"}
# The home's readers of the stored notation: only the codec reads what the store holds.
NOTATION_READERS = {"from_notation", "read_notation", "board_from_notation"}
TEXT_KEY_CALLS = {"tr", "_t"}  # a text table's key (`tr("bye")` looks up 轮空 / bye)


def _not_codes(tree: ast.AST) -> set[int]:
    """Constants that cannot be a result: separators given to `partition` and the like, and
    the literal pieces of f-strings (`f"--{option}"`, `f"{place}="`)."""
    found = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in SEPARATOR_METHODS):
            found.update(id(arg) for arg in node.args)
        if isinstance(node, ast.JoinedStr):
            found.update(id(part) for part in node.values)
    return found


def _words(tree: ast.AST) -> set[int]:
    """`bye` constants that are words, not the sentinel: a text table's key looked up
    (`tr("bye")`), and the English word beside its Chinese (`("轮空", "bye")`)."""
    found = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in TEXT_KEY_CALLS and node.args):
            found.add(id(node.args[0]))
        items = node.elts if isinstance(node, ast.Tuple | ast.List) else \
            node.args if isinstance(node, ast.Call) else []
        if any(isinstance(item, ast.Constant) and item.value == "轮空" for item in items):
            found.update(id(item) for item in items)
    return found


def result_literals(path: Path, wording: bool = False) -> list[tuple[int, str]]:
    """Result codes, and the bye's sentinel (anywhere but the wording), written as constants."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    separators = _not_codes(tree)
    words = _words(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and ((node.value in RESULT_LITERALS and id(node) not in separators)
                 or (node.value == BYE and not wording and id(node) not in words))]


def _is_result(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "result"


def _is_text(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return bool(node.elts) and all(_is_text(item) for item in node.elts)
    return False


def result_text_uses(path: Path) -> list[tuple[int, str]]:
    """A `.result` compared with text (`board.result == "bye"`, `game.result != ""`), read
    as text (`board.result.split()`), or a notation parsed back (`read_notation(...)`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_result(side) for side in sides) and any(_is_text(s) for s in sides):
                found.append((node.lineno, "a result compared with text"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in TEXT_METHODS and _is_result(node.func.value):
            found.append((node.lineno, f"a result read as text (.{node.func.attr})"))
        elif isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else ""
            if name in NOTATION_READERS:
                found.append((node.lineno, f"a notation parsed back ({name})"))
    return found


def _modules() -> list[tuple[str, Path]]:
    return [(path.relative_to(APP).as_posix(), path) for path in sorted(APP.rglob("*.py"))]


def test_no_result_literal_outside_the_home_and_the_codec() -> None:
    found = []
    for name, path in _modules():
        if name in HOMES:
            continue
        found += [f"app/{name}:{line}: {value!r}"
                  for line, value in result_literals(path, wording=name in WORDING)
                  if (name, value) not in NOT_RESULTS]
    assert not found, "result codes written outside app/results.py:\n" + "\n".join(found)


def test_no_result_read_as_text_above_the_codec() -> None:
    """Above the codec a result is a `BoardResult` / `GameResult` (or None, and a bye is a
    field): nothing compares it with text, splits it, or reads a notation back."""
    found = []
    for name, path in _modules():
        if name in HOMES:
            continue
        found += [f"app/{name}:{line}: {what}" for line, what in result_text_uses(path)]
    assert not found, "result text read above the store's codec:\n" + "\n".join(found)


def test_the_scan_finds_a_result_literal(tmp_path: Path) -> None:
    copy = tmp_path / "copy.py"
    copy.write_text('won = code in ("1-0", "+-")\nkey, _, value = text.partition("=")\n'
                    'flag = f"--{name}"\nbye = board.result == "bye"\nshown = tr("bye")\n'
                    'words = ("轮空", "bye")\n', encoding="utf-8")
    assert sorted(result_literals(copy)) == [(1, "+-"), (1, "1-0"), (4, "bye")]
    assert sorted(result_literals(copy, wording=True)) == [(1, "+-"), (1, "1-0")]


def test_the_scan_finds_result_text_read_back(tmp_path: Path) -> None:
    copy = tmp_path / "copy.py"
    copy.write_text('a = board.result != ""\nb = board.result.split()\n'
                    'c = read_notation(board.result)\nd = board.result is None\n'
                    'e = board.result == other.result\nf = m.from_notation(text)\n'
                    'g = x.result in ("1-0", "0-1")\n', encoding="utf-8")
    assert sorted(line for line, _ in result_text_uses(copy)) == [1, 2, 3, 6, 7]


def test_the_home_imports_only_the_standard_library_and_the_errors() -> None:
    """The ground floor: `app.results` imports nothing of the program but `app.errors`,
    which itself imports only the standard library."""
    for name, allowed in (("results.py", {"app.errors"}), ("errors.py", set())):
        tree = ast.parse((APP / name).read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for alias in node.names}
        assert {m for m in imported if m.split(".")[0] == "app"} == allowed, name
