"""The shape of the code, kept by tests: no class of the window over 500 lines (a view
shows and asks; its parts are modules of their own)."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app"
MAX_UI_CLASS_LINES = 500


def _classes(folder: Path) -> list[tuple[str, int]]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                found.append((f"{path.relative_to(APP.parent)}:{node.name}", lines))
    return found


def test_no_class_of_the_window_is_over_500_lines() -> None:
    classes = _classes(APP / "ui")
    assert classes  # the walk found the window's classes
    over = [f"{name} ({lines} lines)" for name, lines in classes if lines > MAX_UI_CLASS_LINES]
    assert not over, "classes over 500 lines in app/ui: " + ", ".join(over)


# ----- imports -----------------------------------------------------------------------------


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(APP.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.Module, package: str, modules: set[str] | frozenset[str] = frozenset()
             ) -> set[str]:
    """The modules a module imports when it runs (at the top or inside a function); imports
    only for the type checker (`if TYPE_CHECKING:`) are no dependency at run time. `from
    package import module` depends on that module (of `modules`), as import tools count it,
    not on the package's `__init__`."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = {f"{base}.{alias.name}" for alias in node.names}
            submodules = names & modules
            found.update(submodules)
            if submodules != names:
                found.add(base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _import_graph() -> dict[str, set[str]]:
    paths = {_module_name(path): path for path in APP.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = {m for m in _imports(tree, package, set(paths))
                       if m in paths and m != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def test_the_import_graph_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                     "    from app.x import y\ndef f():\n    from app.z import w\n")
    assert _imports(tree, "app", {"app.z.w"}) == {"typing", "app.z.w"}


def test_no_two_modules_of_the_app_import_each_other() -> None:
    graph = _import_graph()
    assert "app.services.queries" in graph and graph["app.services.queries"]
    circles = _cycles(graph)
    assert not circles, "import circles: " + "; ".join(" <-> ".join(c) for c in circles)
