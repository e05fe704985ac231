"""The tests mirror the packages, as tests/README.md promises: each module
``pkg/sub/name.py`` has its own test module ``tests/pkg/sub/test_name.py`` (or several,
``test_name_<aspect>.py``).  The few without one are named below with the reason; a new
module must bring its tests or a reason here."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Modules tested by one module for many, or that are tests' own tools.
WITHOUT_OWN: dict[str, str] = {
    **{f"bot/i18n/{n}.py": "the string tables: tests/bot/i18n/test_tables.py holds each "
       "to the same keys and placeholders in both languages"
       for n in ("analysis", "commands", "correspondence", "en", "limits", "picker",
                 "problems", "ratings", "rights", "spectate", "sv", "tournaments",
                 "league")},
    "engine/testing.py": "the tests' own positions and games (hypothesis strategies)",
}


def _modules() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "engine", "render", "bot"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    return [m for m in listed if m.endswith(".py") and Path(m).name not in (
        "__init__.py", "__main__.py")]


def _has_tests(module: str) -> bool:
    path = Path(module)
    folder = ROOT / "tests" / path.parent
    return (folder / f"test_{path.stem}.py").exists() or any(
        folder.glob(f"test_{path.stem}_*.py"))


def test_every_module_has_its_own_test_module() -> None:
    modules = _modules()
    assert len(modules) > 100  # git listed the tree
    missing = [m for m in modules if not _has_tests(m) and m not in WITHOUT_OWN]
    assert missing == []


def test_the_exceptions_are_still_modules_without_their_own_tests() -> None:
    """An exception that got its test module, or whose module went, leaves the list."""
    modules = set(_modules())
    stale = [m for m in WITHOUT_OWN if m not in modules or _has_tests(m)]
    assert stale == []
