"""The engine's import graph has no circle, and every module imports on its own.

Issue 12 found ``movegen`` → ``puff`` → ``rules`` → ``puff`` and ``rules.ruleset`` →
``movegen``.  Issue 21 put the value below the algorithms: the ``RuleSet`` value
(``engine.rules.ruleset``) depends on nothing but the board's geometry, the rulesets
describe themselves with it (``engine.rules.brade``, ``engine.rules.puff``) and the
registry (``engine.rules``) collects them; the generators (``engine.movegen``,
``engine.puff``) import the value and nothing else of ``engine.rules``; and a small
dispatcher (``engine.generators``) finds a ruleset's generator.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(path: Path) -> set[str]:
    """Engine modules ``path`` imports when it runs: module level and inside functions,
    but not under ``if TYPE_CHECKING:`` (annotations only, never executed)."""
    found: set[str] = set()

    def target(name: str) -> None:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name:
            found.add(name)

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                target(alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:  # ``from engine.rules import brade``: a submodule
                full = f"{node.module}.{alias.name}"
                target(full if full in MODULES else node.module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def _graph() -> dict[str, set[str]]:
    return {m: _imports(p) - {m} for m, p in MODULES.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return [*stack[stack.index(n):], n]
            if n not in state:
                found = dfs(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = dfs(m)
            if found:
                return found
    return None


def test_the_engine_import_graph_has_no_cycle() -> None:
    graph = _graph()
    assert "engine.movegen" in graph and "engine.rules.ruleset" in graph
    assert _cycle(graph) is None, " → ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_layers_issues_12_and_21_ask_for() -> None:
    graph = _graph()
    for generator in ("engine.movegen", "engine.puff", "engine.bands"):
        rules = {m for m in graph[generator] if m.startswith("engine.rules")}
        assert rules <= {"engine.rules.ruleset"}, generator  # the value, never the registry
    assert "engine.rules.puff" in graph["engine.rules"]  # the registry collects them
    assert graph["engine.rules.ruleset"] == {"engine.position"}  # the value needs no algorithm
    assert {"engine.movegen", "engine.puff"} <= graph["engine.generators"]  # the dispatcher
    assert not graph["engine.bands"]  # the run measure stands at the bottom


def test_every_engine_module_imports_first_in_a_fresh_interpreter() -> None:
    """Importing any module first (before its neighbours) must work: each runs in a fresh
    ``sys.modules`` for the engine, in one child interpreter."""
    code = (
        "import importlib, sys\n"
        "bad = []\n"
        f"for name in {sorted(m for m in MODULES if m != 'engine.__main__')!r}:\n"
        "    for k in [k for k in sys.modules if k == 'engine' or k.startswith('engine.')]:\n"
        "        del sys.modules[k]\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception as e:\n"
        "        bad.append(f'{name}: {type(e).__name__}: {e}')\n"
        "print('\\n'.join(bad))\n"
        "sys.exit(1 if bad else 0)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
