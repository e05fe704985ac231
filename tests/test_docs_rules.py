"""docs/rules.md stays the place to look a rule id up, and every cited document exists.

The code and the tests cite rules by id (a capital G, T, B, P or M, a hyphen, a number),
and the reference says where each rule lives as `path.py: Name`.  An id cited with no
entry in the reference, or a location that was renamed or moved away, sends a reader to a
dead end; these tests catch both when they happen rather than when someone gets lost.
So does a Markdown document named in the code, the tests or the docs that the repository
does not have: a reader of the project has only what it ships.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules.md"
README = ROOT / "README.md"
#: The packages whose source may cite rule ids.
CITING = ("engine", "render", "bot", "tests")

#: Where a document may be cited: these packages' Python and every Markdown page.
CITING_DOCS = (*CITING, "benchmarks")

RULE_ID = re.compile(r"\b[GTBPM]-[0-9]+\b")
#: A Markdown document named in a text: ``docs/rules.md``, ``rules.md``, a relative path.
DOCUMENT = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w-]+\.md)\b")
URL = re.compile(r"[a-z][a-z+.-]*://\S+")
#: An id is defined by a heading that starts with it, or by a bold definition.
HEADING = re.compile(r"^#{1,6}[ \t]+(?:\*\*)?([GTBPM]-[0-9]+)\b", re.MULTILINE)
BOLD = re.compile(r"\*\*([GTBPM]-[0-9]+)\b[^*\n]*\*\*")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`([^`]+)`")
LOCATION = re.compile(r"^([\w./-]+\.py):\s+([A-Za-z_][\w.]*)$")
FILE_ONLY = re.compile(r"^[\w./-]+/[\w.-]+\.py$")


def cited_ids(root: Path = ROOT) -> dict[str, str]:
    """Every rule id cited in the packages' Python source -> the first place citing it."""
    found: dict[str, str] = {}
    for package in CITING:
        for path in sorted((root / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for lineno, line in enumerate(text.splitlines(), 1):
                for rule in RULE_ID.findall(line):
                    found.setdefault(rule, f"{path.relative_to(root)}:{lineno}")
    return found


def defined_ids(doc: str) -> set[str]:
    return set(HEADING.findall(doc)) | set(BOLD.findall(doc))


def missing_ids(doc: str, cited: dict[str, str]) -> list[str]:
    """The cited ids the reference does not define, each with where it is cited."""
    have = defined_ids(doc)
    return [f"{rule} (cited at {where})" for rule, where in sorted(cited.items())
            if rule not in have]


def code_spans(doc: str) -> list[str]:
    """The inline code of the reference, fenced blocks left out; a span may wrap a line."""
    return [" ".join(m.group(1).split()) for m in CODE_SPAN.finditer(FENCE.sub("", doc))]


def _names_in(body: list[ast.stmt]) -> dict[str, ast.AST]:
    names: dict[str, ast.AST] = {}
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] = node
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        names[leaf.id] = node
    return names


def is_defined(path: Path, dotted: str) -> bool:
    """Does ``path`` define ``dotted`` (``name`` or ``Class.member``) at that nesting?"""
    body: list[ast.stmt] = ast.parse(path.read_text(encoding="utf-8")).body
    node: ast.AST | None = None
    for part in dotted.split("."):
        node = _names_in(body).get(part)
        if node is None:
            return False
        body = getattr(node, "body", [])
    return True


def bad_locations(doc: str, root: Path = ROOT) -> list[str]:
    """The `path.py: Name` and `path.py` spans of the reference that name nothing."""
    bad = []
    for span in code_spans(doc):
        m = LOCATION.match(span)
        if m:
            path = root / m.group(1)
            if not path.is_file():
                bad.append(f"{span}: no such file")
            elif not is_defined(path, m.group(2)):
                bad.append(f"{span}: {m.group(2)} is not defined in {m.group(1)}")
        elif FILE_ONLY.match(span) and not (root / span).is_file():
            bad.append(f"{span}: no such file")
    return bad


def _shipped(path: Path, root: Path) -> bool:
    """A file of the repository itself: no hidden folder (``.venv``, ``.git``, caches),
    no build output."""
    parts = path.relative_to(root).parts
    return not any(p.startswith(".") or p.endswith(".egg-info") for p in parts[:-1])


def cited_documents(root: Path = ROOT) -> dict[tuple[str, Path], str]:
    """Every document named in the code, the tests and the docs: (name, the citing file's
    folder) -> the first place citing it.  Web addresses are left out."""
    sources = [p for package in CITING_DOCS for p in sorted((root / package).rglob("*.py"))]
    sources += sorted(p for p in root.rglob("*.md") if _shipped(p, root))
    found: dict[tuple[str, Path], str] = {}
    for path in sources:
        if not _shipped(path, root):
            continue
        text = path.read_text(encoding="utf-8")
        for lineno, line in enumerate(text.splitlines(), 1):
            for name in DOCUMENT.findall(URL.sub(" ", line)):
                found.setdefault((name, path.parent), f"{path.relative_to(root)}:{lineno}")
    return found


def missing_documents(cited: dict[tuple[str, Path], str], root: Path = ROOT) -> list[str]:
    """The cited documents the repository does not have, each with where it is cited.

    A path is looked up from the repository's root and from the citing file's folder (a
    page's relative link); a bare name (``rules.md``) may be any file of that name the
    repository ships.
    """
    shipped = {p.name for p in root.rglob("*.md") if _shipped(p, root)}
    top = root.resolve()
    missing = []
    for (name, folder), where in sorted(cited.items()):
        candidates = [(root / name).resolve(), (folder / name).resolve()]
        if any(c.is_file() and c.is_relative_to(top) for c in candidates):
            continue
        if "/" not in name and name in shipped:
            continue
        missing.append(f"{name} (cited at {where})")
    return missing


def test_every_cited_document_exists() -> None:
    cited = cited_documents()
    assert ("docs/rules.md", ROOT) in cited  # the scan works: the README links it
    assert missing_documents(cited) == []


def test_a_cited_document_the_repository_lacks_is_reported(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("See [league](league.md).\n", encoding="utf-8")
    (tmp_path / "engine").mkdir()
    # Spelled apart: this file is scanned too and must not cite them itself.
    reference, outside = "RULES" + ".md", "../shared/rules" + ".md"
    (tmp_path / "engine" / "x.py").write_text(
        f'"""As {reference} §3 and docs/rules.md say; https://example.org/A.md is a web page,\n'
        f'{outside} is outside."""\n', encoding="utf-8")
    cited = cited_documents(tmp_path)
    assert {name for name, _ in cited} == {reference, "docs/rules.md", "league.md", outside}
    assert missing_documents(cited, tmp_path) == [
        f"{outside} (cited at engine/x.py:2)",
        f"{reference} (cited at engine/x.py:1)",
        "league.md (cited at docs/rules.md:1)"]


def test_every_cited_rule_id_is_defined_in_the_reference() -> None:
    cited = cited_ids()
    assert len(cited) > 20  # the scan itself works: the code cites dozens of ids
    assert missing_ids(DOC.read_text(encoding="utf-8"), cited) == []


def test_every_code_location_in_the_reference_exists() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert sum(1 for s in code_spans(doc) if LOCATION.match(s)) > 50
    assert bad_locations(doc) == []


def test_a_missing_definition_is_reported() -> None:
    doc = DOC.read_text(encoding="utf-8")
    rule = "B-" + "10"
    assert rule in defined_ids(doc)
    without = re.sub(rf"^(#+[ \t]+){rule}\b", r"\1", doc, flags=re.MULTILINE)
    assert missing_ids(without, {rule: "here"}) == [f"{rule} (cited at here)"]


def test_a_stale_code_location_is_reported() -> None:
    doc = "`engine/movegen.py: Board.no_such_method` `engine/no_such_module.py: x`"
    problems = bad_locations(doc)
    assert len(problems) == 2
    assert is_defined(ROOT / "engine" / "movegen.py", "Board.steps")
    assert not is_defined(ROOT / "engine" / "movegen.py", "steps")  # a method, not a function


def test_the_readme_links_the_reference() -> None:
    assert "docs/rules.md" in README.read_text(encoding="utf-8")
