"""Result codes are written once: in the results home (`app/results.py`) and the store's
codec (`app/store/codec.py`). Anywhere else in `app/` a result is a typed value, and a string
constant spelling a result code (`"1-0t"`, `"+-"`, `"="` ...) is a copy that drifts (issue 23:
two live bugs came from such copies). This test reads every module's syntax tree."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app"
HOMES = {"results.py", "store/codec.py"}
RESULT_LITERALS = frozenset({
    "1-0", "0-1", "=", "+-", "-+", "--", "1-0t", "0-1t", "1-0 =", "½-½", "1/2-1/2",
})
# A string that spells a code but means something else, with why (file, value):
NOT_RESULTS = {
    ("cli.py", "--"): "argparse's end of options (POSIX), not the double forfeit",
    ("cli.py", "-+"): "the forfeit codes kept from argparse's option parsing (words engineer)",
    ("pairing/trf.py", "="): "FIDE TRF-16's own draw column code, not ours",
    ("imports/text.py", "--"): "an empty cell in an imported list (-- / 无), not a result",
    ("exports/model.py", "="): "a spreadsheet formula's first character (CSV injection guard)",
    ("ui/crosstable_widget.py", "="): "the crosstable's mark for a drawn round (shown text)",
    ("ui/views/rounds_entry.py", "="): "the draw key of the quick entry (a key on the keyboard)",
    ("ui/views/playoff_panel.py", "="): "the draw key of the playoff list (a key pressed)",
}
# Separators: `text.partition("=")` reads `key=value`, never a result.
SEPARATOR_METHODS = {"partition", "rpartition", "split", "rsplit", "startswith", "endswith"}


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


def result_literals(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    separators = _not_codes(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value in RESULT_LITERALS and id(node) not in separators]


def test_no_result_literal_outside_the_home_and_the_codec() -> None:
    found = []
    for path in sorted(APP.rglob("*.py")):
        name = path.relative_to(APP).as_posix()
        if name in HOMES:
            continue
        found += [f"app/{name}:{line}: {value!r}" for line, value in result_literals(path)
                  if (name, value) not in NOT_RESULTS]
    assert not found, "result codes written outside app/results.py:\n" + "\n".join(found)


def test_the_scan_finds_a_result_literal(tmp_path: Path) -> None:
    copy = tmp_path / "copy.py"
    copy.write_text('won = code in ("1-0", "+-")\nkey, _, value = text.partition("=")\n'
                    'flag = f"--{name}"\n', encoding="utf-8")
    assert result_literals(copy) == [(1, "1-0"), (1, "+-")]


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
