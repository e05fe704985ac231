"""The dialect layer alone: placeholder translation, URL masking, the SQLite floor."""

from __future__ import annotations

import ast
import re
import sqlite3
from pathlib import Path

import pytest

import bot.store
from bot.store.db import migration_files
from bot.store.dialect import (
    SQLITE_MIN,
    is_postgres_url,
    mask_in_text,
    mask_url,
    to_postgres,
)


@pytest.mark.parametrize(("sql", "want"), [
    ("SELECT 1", "SELECT 1"),
    ("a = ? AND b IN (?, ?)", "a = $1 AND b IN ($2, $3)"),
    ("name LIKE ? ESCAPE '\\' LIMIT ?", "name LIKE $1 ESCAPE '\\' LIMIT $2"),
    ("x = '?' AND y = ?", "x = '?' AND y = $1"),
    ("x = 'it''s ?' AND y = ?", "x = 'it''s ?' AND y = $1"),
    ('"odd?col" = ?', '"odd?col" = $1'),
    ("a - ? -- why?\n, b / ? /* ? */", "a - $1 -- why?\n, b / $2 /* ? */"),
    ("x = ?-1", "x = $1-1"),
])
def test_placeholders_translate_outside_quotes_and_comments(sql: str, want: str) -> None:
    assert to_postgres(sql) == want


@pytest.mark.parametrize("sql", [
    "SELECT E'\\'?' , ?",  # a backslash escape would end the string elsewhere
    "SELECT e'x' || ?",
    "SELECT ($$?$$)",  # dollar quoting
    "SELECT $1 + ?",  # already translated
    "SELECT data ?| ?",  # jsonb operators that start with ?
    "SELECT data ?& ?",
])
def test_what_the_scanner_cannot_translate_is_refused(sql: str) -> None:
    with pytest.raises(ValueError, match="not portable"):
        to_postgres(sql)


@pytest.mark.parametrize("sql", ["SELECT 'E' || ?", "name='e' AND x = ?",
                                 "SELECT '$1' || ?", "SELECT '?|' || ?"])
def test_e_dollar_and_operators_inside_strings_are_fine(sql: str) -> None:
    assert to_postgres(sql).endswith("$1")


def url_password(url: str) -> str | None:
    """The password written in the URL's user part or ``password=`` query, if any (the
    test's own reading, beside the store's masking)."""
    _, sep, rest = url.strip().partition("://")
    if not sep:
        return None
    query = re.compile(r"([?&]password=)([^&]*)", re.IGNORECASE)
    m = query.search(rest)
    userinfo, at, _ = query.sub(r"\1", rest).rpartition("@")
    if at and ":" in userinfo:
        return userinfo.split(":", 1)[1]
    return m.group(2) if m else None


@pytest.mark.parametrize(("url", "masked"), [
    ("postgresql://brade:hunter22@db:5432/brade", "postgresql://brade:***@db:5432/brade"),
    ("postgres://u:p@ss:w@rd@h/d", "postgres://u:***@h/d"),
    ("postgresql://u@h/d?password=hunter22&x=1", "postgresql://u@h/d?password=***&x=1"),
    ("postgresql://h/d", "postgresql://h/d"),
    ("postgresql://u:pw@[::1/d", "postgresql://u:***@[::1/d"),
    ("postgresql://u@h/d?password=p:x@y", "postgresql://u@h/d?password=***"),
    ("postgresql://u:pw@h/d?sslmode=require&PASSWORD=zz", "postgresql://u:***@h/d?"
     "sslmode=require&PASSWORD=***"),
])
def test_mask_url_hides_the_password(url: str, masked: str) -> None:
    assert mask_url(url) == masked
    password = url_password(url)
    assert password is None or password not in mask_url(url)


def test_masking_a_text_masks_the_password_field_not_its_every_occurrence() -> None:
    """Issue 26: with the password ``wrong``, "wrong password" printed as "*** password"."""
    line = ("database postgresql://brade:wrong@db/brade: wrong password (password "
            "authentication failed); check the URL's user and password")
    assert mask_in_text(line) == line.replace("brade:wrong@", "brade:***@")
    assert mask_in_text("unrecognized arguments: postgres://u:p@ss:w@rd@h/d and x") == \
        "unrecognized arguments: postgres://u:***@h/d and x"
    assert mask_in_text("dsn 'host=h user=u password=hunter22 dbname=d'") == \
        "dsn 'host=h user=u password=*** dbname=d'"
    assert mask_in_text("'postgresql://u@h/d?password=hunter22&x=1'") == \
        "'postgresql://u@h/d?password=***&x=1'"
    assert mask_in_text("no password here: wrong password") == \
        "no password here: wrong password"


def test_which_targets_are_postgresql() -> None:
    assert is_postgres_url("postgresql://u:p@h/d")
    assert is_postgres_url(" POSTGRES://h/d")
    assert not is_postgres_url("brade.sqlite3")
    assert not is_postgres_url(Path("postgresql:/x"))
    assert not is_postgres_url("./postgresql://x")


def test_the_sqlite_library_meets_the_floor() -> None:
    assert sqlite3.sqlite_version_info >= SQLITE_MIN
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v INTEGER)")
    assert conn.execute("INSERT INTO t VALUES (1, 2) ON CONFLICT (k) DO UPDATE SET v = 3 "
                        "RETURNING v").fetchall() == [(2,)]
    conn.close()


#: SQL that SQLite understands only after ``SQLITE_MIN`` (3.35): the version adding it.
NEWER_THAN_THE_FLOOR = {
    r"\bIS\s+(NOT\s+)?DISTINCT\s+FROM\b": "3.39",
    r"\b(RIGHT|FULL)\s+(OUTER\s+)?JOIN\b": "3.39",
    r"->>?": "3.38",
    r"\bunixepoch\s*\(": "3.38",
    r"\)\s*STRICT\b": "3.37",
}


def store_sql_texts() -> list[str]:
    """Every string in the store's code (docstrings aside) and its SQLite migrations."""
    texts = [sql for _, _, sql in migration_files()]
    for path in Path(bot.store.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef
                              | ast.AsyncFunctionDef)
                and n.body and isinstance(n.body[0], ast.Expr)}
        texts += [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
                  and isinstance(n.value, str) and id(n) not in docs]
    return texts


def test_no_store_statement_needs_a_newer_sqlite_than_the_floor() -> None:
    """Store.open refuses a library below SQLITE_MIN; above it every statement must work
    (IS NOT DISTINCT FROM, 3.39, once broke every new game on Ubuntu 22.04's 3.37)."""
    texts = store_sql_texts()
    assert any("RETURNING" in t for t in texts)  # the scan sees the statements
    for pattern, version in NEWER_THAN_THE_FLOOR.items():
        found = [t for t in texts if re.search(pattern, t, re.IGNORECASE)]
        assert not found, f"needs SQLite {version}: {found[0]!r}"
