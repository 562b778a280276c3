"""The import rules of the project, checked by reading the source (Django-free).

Each top-level package of ``agentweb`` sits in one layer; a module may import
its own package and packages of lower layers only, and no chain of imports —
at module level or inside functions — may lead back to where it started.
Imports under ``if TYPE_CHECKING:`` are annotations only and do not count.

    python -m agentweb.lib.layers      # prints every violation; exit status 1 if any
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

# Lowest first. ``engine`` is pure Python; ``lib`` and ``core`` import no app;
# the apps adapt the engine and the workflows to the database and the web.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine",),
    ("lib",),
    ("llm",),
    ("research",),
    ("workflows",),
    ("core",),
    ("game",),
    ("ftb",),
    ("control",),
    ("assistant",),
    ("traces", "gameserver"),
    ("settings", "urls", "routing", "asgi", "serve"),
)
# Not code that runs: generated migrations name the apps they depend on.
SKIPPED_DIRS = frozenset({"migrations", "__pycache__"})


@dataclass(frozen=True, slots=True)
class Import:
    source: str  # the importing module, dotted
    target: str  # the imported module, dotted
    line: int


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``root`` by dotted name (packages by their name)."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if SKIPPED_DIRS.intersection(parts):
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        else:
            yield from _import_nodes(node)


def imports(name: str, path: Path, known: dict[str, Path], package: str) -> Iterator[Import]:
    """The project modules ``name`` imports (``from a import b`` is ``a.b`` if that is a module)."""
    is_package = path.name == "__init__.py"
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = _absolute(name, is_package, node.module, node.level)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        for target in targets:
            if target == package or target.startswith(package + "."):
                yield Import(name, _known_prefix(target, known), node.lineno)


def _absolute(name: str, is_package: bool, module: str | None, level: int) -> str:
    if level == 0:
        return module or ""
    parts = name.split(".") if is_package else name.split(".")[:-1]
    base = parts[: len(parts) - (level - 1)]
    return ".".join([*base, module] if module else base)


def _known_prefix(target: str, known: dict[str, Path]) -> str:
    while target not in known and "." in target:
        target = target.rsplit(".", 1)[0]
    return target


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    for rank, names in enumerate(LAYERS):
        if top in names:
            return rank
    return None


def _top(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def upward(edges: list[Import]) -> list[str]:
    problems = []
    for edge in edges:
        if _top(edge.source) == _top(edge.target):
            continue
        source, target = layer_of(edge.source), layer_of(edge.target)
        if source is None or target is None:
            unplaced = edge.source if source is None else edge.target
            problems.append(f"{unplaced}: its package is in no layer (add it to LAYERS)")
        elif target > source:
            problems.append(
                f"{edge.source} (line {edge.line}) imports {edge.target}: "
                f"{_top(edge.target)} is not below {_top(edge.source)}"
            )
    return problems


def cycles(edges: list[Import]) -> list[list[str]]:
    """Groups of modules that import each other, directly or through others (Tarjan)."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        if edge.source != edge.target:
            graph.setdefault(edge.source, set()).add(edge.target)
            graph.setdefault(edge.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def check(root: Path, package: str = "agentweb") -> list[str]:
    """Every broken rule, as one line each; an empty list when the tree is clean."""
    known = modules(root, package)
    edges = [edge for name, path in known.items() for edge in imports(name, path, known, package)]
    problems = list(dict.fromkeys(upward(edges)))
    problems += [f"import cycle: {' → '.join(group)}" for group in cycles(edges)]
    return problems


def main() -> int:
    root = Path(__file__).resolve().parents[2]
    problems = check(root)
    for problem in problems:
        print(problem)
    if not problems:
        print("layers: no upward import, no import cycle")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
