"""Import cycles between the product's modules (bot, cogs, images), read from their source.

Every ``import`` and ``from … import`` counts, wherever it stands: at module level, inside a function (where a
cycle hides, because it only bites when the function runs) or under ``if TYPE_CHECKING``. An edge goes to the
module named (``from images import png`` names ``images.png``, ``from bot.engine import GameView`` names
``bot.engine``); the packages above it are not counted (importing ``bot.engine.store`` runs
``bot/engine/__init__.py`` first, but a package importing its own modules is how packages are made, not a
circle). A cycle is a strongly connected set of two or more modules, or a module importing itself.

``python3 -m tools.import_cycles`` prints each cycle and exits 1 if there is one (``tests/test_import_cycles.py``
runs the same check).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from pathlib import Path

PRODUCT = ("bot", "cogs", "images")


def modules(root: Path, packages: Iterable[str] = PRODUCT) -> dict[str, Path]:
    """Module name -> source file, for every ``.py`` file of ``packages`` under ``root``."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _targets(name: str, is_package: bool, tree: ast.AST, known: dict[str, Path]) -> set[str]:
    """The known modules that the module ``name`` imports anywhere in its source."""
    out: set[str] = set()
    here = name.split(".") if is_package else name.split(".")[:-1]   # the package relative imports start from
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = alias.name
                while target and target not in known:                  # import a.b.c of a module we know
                    target = target.rpartition(".")[0]
                if target:
                    out.add(target)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = here[:len(here) - (node.level - 1)]
                base = ".".join([*base_parts, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:                                       # from package import module
                    out.add(sub)
                elif base in known:                                    # from module import name
                    out.add(base)
    return out


def graph(root: Path, packages: Iterable[str] = PRODUCT) -> dict[str, set[str]]:
    """Module -> the product modules it imports (function-level imports included)."""
    known = modules(root, packages)
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        edges[name] = _targets(name, path.name == "__init__.py", tree, known)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected group of modules (Tarjan), each as a path ``[a, b, …, a]``, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    counter = 0

    def connect(start: str) -> None:            # iterative Tarjan: no recursion limit on deep chains
        nonlocal counter
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1 or node in edges.get(node, ()):
                        groups.append(group)

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return sorted(_path_through(group, edges) for group in groups)


def _path_through(group: set[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest cycle within ``group`` through its first module (breadth first)."""
    start = min(group)
    if start in edges.get(start, ()):
        return [start, start]
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(edges.get(node, ())):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [*reversed(path), start]
                if child in group and child not in came:
                    came[child] = node
                    following.append(child)
        frontier = following
    return sorted(group)                        # not reached: a strongly connected group has a cycle


def describe(found: list[list[str]]) -> str:
    return "\n".join(" -> ".join(path) for path in found)


def main(argv: list[str] | None = None) -> int:
    root = Path(argv[0]) if argv else Path.cwd()
    found = cycles(graph(root))
    if found:
        print(f"{len(found)} import cycle(s):\n{describe(found)}")
        return 1
    print("no import cycles in " + ", ".join(PRODUCT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
