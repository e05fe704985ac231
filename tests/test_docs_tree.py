"""docs/engine.md's "Layout of the repository" matches the files the repository tracks:
every directory it names exists, and every tracked directory (outside tests/, which
mirrors the packages) is named there, so a new package cannot go unmentioned."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "engine.md"


def tree() -> str:
    text = DOC.read_text(encoding="utf-8")
    head = text.index("## Layout of the repository")
    start = text.index("```\n", head) + 4
    return text[start:text.index("```", start)]


def tracked() -> list[str]:
    """``git ls-files``: what the repository ships (a worktree's untracked files aside)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: nothing to compare the tree with")
    return subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.split()


def named_dirs(block: str) -> set[str]:
    """The directories the tree names: each entry at a line's start (``engine/rules/``)
    and each ``name/`` in its description, taken as under that entry."""
    found: set[str] = set()
    entry = ""
    for line in block.splitlines():
        file_entry = re.match(r"^([\w.][\w.-]*)/[\w.-]+\s", line)  # ``.ci/run``
        if file_entry:
            found.add(file_entry.group(1))
        m = re.match(r"^([\w.][\w./-]*/)\s", line)
        if m:
            entry = m.group(1)
            found.add(entry.rstrip("/"))
        for sub in re.findall(r"(?<![\w./])([a-z][\w]*(?:/[a-z][\w]*)*)/(?![\w])", line):
            if entry and not line.startswith(sub + "/"):
                found.add(entry + sub)
    return found


def test_every_named_directory_exists() -> None:
    starts = re.findall(r"^([\w.][\w./-]*/)\s", tree(), re.M)
    assert starts, "the tree names no directory"
    missing = [d for d in starts if not (ROOT / d).is_dir()]
    assert not missing, f"docs/engine.md names directories that do not exist: {missing}"


def test_every_tracked_directory_is_named() -> None:
    named = named_dirs(tree())
    dirs = {str(Path(f).parent) for f in tracked()} - {"."}
    unnamed = sorted(d for d in dirs if not d.startswith("tests") and d not in named)
    assert not unnamed, f"docs/engine.md's tree does not name {unnamed}"


def test_every_top_level_file_is_named() -> None:
    block = tree()
    top = [f for f in tracked() if "/" not in f and not f.startswith(".")]
    unnamed = [f for f in top if f != "README.md" and f not in block]
    assert not unnamed, f"docs/engine.md's tree does not name {unnamed}"
