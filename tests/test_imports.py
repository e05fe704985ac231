"""The house's shape, as its imports say: no import circle between modules, and the
layers written down as import-linter contracts in pyproject.toml (``[tool.importlinter]``)
hold, so that ``python -m pytest`` keeps them even where ``lint-imports`` (.ci/run) is not
run.

Typing-only imports (``if TYPE_CHECKING:``) count: a reader, and a tool, follows them as
any other, and a circle of them is the same knot to untie.  grimp (import-linter's graph)
reads them as imports unless told to leave them out.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("bot", "engine", "render", include_external_packages=False,
                             exclude_type_checking_imports=False)


def circles(graph: grimp.ImportGraph) -> list[tuple[list[str], list[str]]]:
    """Each group of modules that import one another round loops (Tarjan's strongly
    connected components), sorted, with one loop through it in its order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(start: str) -> None:  # iterative: the tree is deeper than recursion allows
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, todo = work[-1]
            for nxt in todo:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.find_modules_directly_imported_by(nxt)))))
                    break
                if nxt in on_stack:
                    low[module] = min(low[module], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == module:
                            break
                    if len(group) > 1:
                        groups.append(group)

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return [(sorted(group), _one_loop(graph, group)) for group in groups]


def _one_loop(graph: grimp.ImportGraph, group: set[str]) -> list[str]:
    """A loop through the first module of ``group`` and back, by the shortest way."""
    first = min(group)
    for back in sorted(graph.find_modules_that_directly_import(first) & group):
        chain = graph.find_shortest_chain(importer=first, imported=back)
        if chain is not None:
            return [*chain, first]
    return sorted(group)  # unreachable for a strongly connected group


def test_no_import_circle_between_modules() -> None:
    found = circles(_graph())
    assert not found, "import circles (typing-only imports count):\n" + "\n".join(
        f"  {len(group)} modules ({', '.join(group)}); one loop: " + " -> ".join(loop)
        for group, loop in found)


def test_the_circle_finder_names_a_circle() -> None:
    """The test above can fail: a made-up graph with a loop of three is named in order."""
    graph = grimp.ImportGraph()
    for module in ("a", "a.b", "a.c", "a.d", "a.e"):
        graph.add_module(module)
    graph.add_import(importer="a.b", imported="a.c")
    graph.add_import(importer="a.c", imported="a.d")
    graph.add_import(importer="a.d", imported="a.b")
    graph.add_import(importer="a.e", imported="a.b")
    assert circles(graph) == [(["a.b", "a.c", "a.d"], ["a.b", "a.c", "a.d", "a.b"])]


def test_the_layers_hold() -> None:
    """pyproject.toml's contracts, as ``lint-imports`` checks them in CI."""
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.fail(f"import-linter is not installed beside {sys.executable} "
                    "(the test extra brings it)")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout
