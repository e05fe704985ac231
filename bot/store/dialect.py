"""Where SQLite and PostgreSQL differ: the one place that knows.

The feature modules (``*_sql.py``) and the typed ``Tx`` methods write one portable text
with ``?`` placeholders; both databases accept it as written except for the placeholder
style, which ``to_postgres`` translates.  Portable spellings chosen over dialect ones:

- ``a IS NULL`` or ``a = ?``, chosen in Python, rather than ``a IS NOT DISTINCT FROM ?``
  (SQLite only has that from 3.39; the store needs 3.35 for ``RETURNING``, and
  ``Store.open`` refuses an older library: ``SQLITE_MIN``);
- ``CASE WHEN b > a THEN b ELSE a END`` rather than SQLite's two-argument ``MAX(a, b)``;
- ``INTEGER`` 0/1 flags rather than booleans (``rated = 1`` reads the same on both).

A lock that serialises transactions on a key that is not a row (a member's count of
games, ``limits_sql``) is PostgreSQL's advisory lock; SQLite's transactions are serial
already (``XACT_LOCK``).

Case-insensitive names (tournaments) fold ASCII letters only, as SQLite's ``lower()`` and
``NOCASE`` do: ``ascii_lower`` spells that ``lower(x COLLATE "C")`` on PostgreSQL, whose
plain ``lower()`` follows the database's locale (en_US.utf8 folds Å to å, C does not), so
the same names would clash on one server and not on another.

What cannot be portable is written out here for PostgreSQL only: the turn's save with its
events in one statement (SQLite does that with the trigger of migration 0005) and the
event append, both numbering events on from the game's last ``seq``.  Those carry explicit
casts because PostgreSQL cannot infer a parameter's type inside a ``SELECT`` list.
"""

from __future__ import annotations

import re
from functools import lru_cache

SQLITE = "sqlite"
POSTGRESQL = "postgresql"
SQLITE_MIN = (3, 35, 0)  # RETURNING (3.35), UPSERT (3.24)

FOR_UPDATE = {SQLITE: "", POSTGRESQL: " FOR UPDATE"}
#: Serialises the transactions that name one key until each commits: PostgreSQL's
#: transaction-scoped advisory lock on a 64-bit key.  SQLite needs none: its write
#: transactions already run one at a time (``BEGIN IMMEDIATE`` on one connection).
XACT_LOCK = {SQLITE: None, POSTGRESQL: "SELECT pg_advisory_xact_lock(?)"}


def ascii_lower(dialect: str, expr: str) -> str:
    """``expr`` lower-cased in ASCII only, the same on both databases and every locale.

    PostgreSQL's ``lower()`` under the C collation folds A-Z alone, like SQLite's; the
    unique index on live tournament names (postgresql/0003) is built on this very
    expression, so the queries written with it can use it.
    """
    return f'lower({expr} COLLATE "C")' if dialect == POSTGRESQL else f"lower({expr})"


_URL = re.compile(r"^postgres(?:ql)?://", re.IGNORECASE)


def is_postgres_url(target: object) -> bool:
    """A ``postgresql://`` or ``postgres://`` URL (a Path is always a SQLite file)."""
    return isinstance(target, str) and bool(_URL.match(target.strip()))


_QUERY_PASSWORD = re.compile(r"([?&]password=)([^&]*)", re.IGNORECASE)


def mask_url(url: str) -> str:
    """The URL with any password replaced by ``***``; safe for logs and error lines.

    Works on malformed URLs too (it does not parse: it masks a ``password=`` query, then
    cuts at the last ``@``), because a malformed URL is exactly the one that ends up in an
    error message; ``urlsplit`` would misread a password holding ``/`` or ``#`` as the
    host or path and let it through.  The one masking of the bot (bot/config.py too).
    """
    url = url.strip()
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    rest = _QUERY_PASSWORD.sub(r"\1***", rest)
    userinfo, at, host = rest.rpartition("@")
    if not at:
        return f"{scheme}://{rest}"
    user, colon, _ = userinfo.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{host}"


_URL_IN_TEXT = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s'\"<>]*", re.IGNORECASE)
_PASSWORD_KEY = re.compile(r"(\bpassword\s*=\s*)('[^']*'|[^\s&'\"]+)", re.IGNORECASE)


def mask_in_text(text: str) -> str:
    """``text`` with the password *fields* it quotes masked: every URL in it through
    ``mask_url``, and any ``password=…`` (a query or a keyword connection string).

    Only those fields: the password's text elsewhere is left alone, so with the password
    ``wrong`` the line "wrong password (password authentication failed)" stays as it is
    rather than turning into "*** password".
    """
    text = _URL_IN_TEXT.sub(lambda m: mask_url(m.group(0)), text)
    return _PASSWORD_KEY.sub(r"\1***", text)


@lru_cache(maxsize=2048)
def to_postgres(sql: str) -> str:
    """``?`` placeholders → ``$1, $2, …``, leaving quoted text and comments alone.

    Refuses (``ValueError``) what this scanner does not understand rather than guess:
    ``$`` outside quotes (dollar quoting, or a ``$n`` already there), ``E'…'`` strings
    (backslash escapes) and the ``?|`` / ``?&`` operators.  Cached: the same few hundred
    statement texts are translated once per process.
    """
    out: list[str] = []
    n = 0
    i, size = 0, len(sql)
    while i < size:
        c = sql[i]
        if c in "'\"":  # a string or quoted identifier; a doubled quote stays inside
            if c == "'" and i > 0 and sql[i - 1] in "eE" and (
                    i == 1 or not (sql[i - 2].isalnum() or sql[i - 2] in "_$")):
                raise ValueError(f"E'...' strings are not portable SQL: {sql[:80]!r}")
            j = sql.find(c, i + 1)
            while j != -1 and j + 1 < size and sql[j + 1] == c:
                j = sql.find(c, j + 2)
            end = size if j == -1 else j + 1
            out.append(sql[i:end])
            i = end
        elif c == "-" and sql.startswith("--", i):
            j = sql.find("\n", i)
            end = size if j == -1 else j
            out.append(sql[i:end])
            i = end
        elif c == "/" and sql.startswith("/*", i):
            j = sql.find("*/", i + 2)
            end = size if j == -1 else j + 2
            out.append(sql[i:end])
            i = end
        elif c == "?":
            if sql.startswith(("?|", "?&"), i):
                raise ValueError(f"the ?| and ?& operators are not portable SQL: {sql[:80]!r}")
            n += 1
            out.append(f"${n}")
            i += 1
        elif c == "$":
            raise ValueError(f"$ outside a string is not portable SQL: {sql[:80]!r}")
        else:
            j = i + 1
            while j < size and sql[j] not in "'\"-/?$":
                j += 1
            out.append(sql[i:j])
            i = j
    return "".join(out)


# -- PostgreSQL-only statements ------------------------------------------------------------

# The events of a turn, numbered on from the game's last seq.  One statement: every row
# of the INSERT sees the same snapshot, so the same MAX, and ORDINALITY numbers them.
PG_APPEND_EVENTS = (
    "INSERT INTO events (game_id, seq, at, actor_id, kind, data) "
    "SELECT $1::bigint, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = $1::bigint)"
    " + j.n, $2::double precision, $3::bigint, j.kind, j.data "
    "FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS j(kind, data, n)")


def pg_save_game(sets: list[str], columns: tuple[str, ...]) -> str:
    """The version-checked UPDATE of a game and the INSERT of its events, one statement.

    ``sets`` are the updated column names, bound as ``$1..$k``; then ``updated_at``,
    ``id``, the expected version, the events' time, actor, kinds and data.  The events
    are joined to the UPDATE's ``RETURNING``: when the version check fails, no row comes
    back and no event is written.  The kinds and data travel as two text arrays, so each
    event's JSON is stored byte for byte as the bot wrote it.
    """
    k = len(sets)
    assign = "".join(f"{c} = ${i}, " for i, c in enumerate(sets, 1))
    cols = ", ".join(columns)
    return (
        f"WITH g AS (UPDATE games SET {assign}version = version + 1, updated_at = ${k + 1} "
        f"WHERE id = ${k + 2} AND version = ${k + 3} RETURNING {cols}), "
        "e AS (INSERT INTO events (game_id, seq, at, actor_id, kind, data) "
        "SELECT g.id, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = g.id) + j.n, "
        f"${k + 4}::double precision, ${k + 5}::bigint, j.kind, j.data "
        f"FROM g, unnest(${k + 6}::text[], ${k + 7}::text[]) WITH ORDINALITY AS j(kind, data, n)) "
        f"SELECT {cols} FROM g")
