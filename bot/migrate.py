"""``python -m bot migrate --from brade.sqlite3 --to postgresql://…``: moving a server up.

Copies a SQLite database (games, matches, events, ratings, tournaments, players and
settings) into a PostgreSQL database and proves the copy by comparing every row
(``bot/store/copy.py`` does the work).  The source file is never written, and a target
row is never overwritten: a row already there under the same key with other content
stops the copy before anything is written.  Running it again adds nothing and says so.

Like ``python -m bot`` a failure is one line on stderr (``brade: …``) and an exit code:
1 the target holds different data (or lacks rows after the copy), 2 bad arguments,
3 a database cannot be used or failed during the copy.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from bot.config import ConfigError, check_database_url
from bot.store.dialect import is_postgres_url, mask_in_text, mask_url

if TYPE_CHECKING:
    from bot.store.copy import Report

EXIT_OK, EXIT_DIFFERENT, EXIT_USAGE, EXIT_DATABASE = 0, 1, 2, 3
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report it
USAGE = "python -m bot migrate --from FILE.sqlite3 --to postgresql://user:password@host/db"


class UsageError(Exception):
    """The arguments are wrong: one line saying how."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse quotes what it did not understand: a stray URL's password never shows
        raise UsageError(mask_in_text(message))


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m bot migrate", description=(
        "Copy a SQLite database of the bot into PostgreSQL and verify the copy. "
        "Stop the bot first. The source is not changed; rows already in the target are "
        "never overwritten; running it twice changes nothing."))
    p.add_argument("--from", dest="source", required=True, metavar="FILE",
                   help="the bot's SQLite database (BRADE_DB of the running bot)")
    p.add_argument("--to", dest="target", required=True, metavar="URL",
                   help="postgresql://user:password@host:5432/database (its tables are "
                        "created or migrated first)")
    p.add_argument("--batch", type=int, default=500, metavar="N",
                   help="rows per transaction (default 500)")
    return p


def fail(text: str) -> None:
    """The one line a failure prints (the same form as ``python -m bot``)."""
    print(f"brade: {' '.join(text.split())}", file=sys.stderr, flush=True)


def say(text: str) -> None:
    print(text, flush=True)


def parse(argv: list[str]) -> argparse.Namespace:
    """The checked arguments; raises ``UsageError`` with one line."""
    if argv and argv[0] == "migrate":
        argv = argv[1:]
    args = _parser().parse_args(argv)
    if not is_postgres_url(args.target):
        raise UsageError(f"--to {mask_url(args.target)} is not a PostgreSQL URL; write "
                         "postgresql://user:password@host:5432/database")
    try:
        check_database_url(args.target)
    except ConfigError as e:
        raise UsageError(str(e).replace("BRADE_DB=", "--to ", 1)) from None
    if args.batch < 1:
        raise UsageError(f"--batch {args.batch}: give a number of rows, 1 or more")
    return args


def main(argv: list[str]) -> int:
    try:
        args = parse(argv)
    except UsageError as e:
        fail(f"migrate: {e} (usage: {USAGE})")
        return EXIT_USAGE
    try:
        return asyncio.run(run(Path(args.source), args.target, args.batch))
    except KeyboardInterrupt:
        fail("migrate: interrupted; rows already copied stay, and a new run adds the rest")
        return EXIT_INTERRUPTED


def table_lines(report: Report) -> list[str]:
    """The comparison as a table, one line per copied table."""
    head = ("table", "source", "in target", "new", "differ", "missing")
    rows = [(t.table, t.source, t.same, t.new, t.differ, t.missing) for t in report.tallies]
    width = max(len(r[0]) for r in [head, *rows])
    fmt = f"{{:<{width}}}  {{:>7}}  {{:>9}}  {{:>7}}  {{:>6}}  {{:>7}}"
    return [fmt.format(*head), *(fmt.format(*r) for r in rows)]


async def run(source: Path, url: str, batch: int) -> int:
    from bot.store import StoreError, open_store
    from bot.store import copy as copying

    try:
        async with copying.open_source(source) as src:
            say(f"source: {source} (read from a snapshot; the file is not changed)")
            try:
                target = await open_store(url)
            except StoreError as e:
                fail(f"migrate: cannot use the {e}")
                return EXIT_DATABASE
            try:
                say(f"target: {target.target} (schema migrated)")
                report = await copying.migrate(src, target, batch=batch, progress=say)
            finally:
                await target.close()
    except copying.CopyError as e:
        fail(f"migrate: {e}")
        return EXIT_DATABASE
    except copying.DB_ERRORS as e:
        fail(f"migrate stopped: {str(e).strip() or type(e).__name__}. Rows already "
             "copied stay; run the command again to add the rest.")
        return EXIT_DATABASE

    for line in table_lines(report):
        say(line)
    for name, count in report.skipped_tables.items():
        say(f"not copied: table {name} ({count} rows) is unknown to this version")
    problem = report.first_problem()
    if problem is not None and (problem.differ or problem.clash):
        written = ("nothing was written" if not report.written else
                   "rows of other tables were added, none was overwritten")
        how = (f"{problem.differ} row(s) differ" if problem.differ else
               f"{problem.clash} row(s) clash with the target's own")
        fail(f"migrate: the target already holds different data: table {problem.table}, "
             f"{problem.example} ({how}); {written}. Migrate into an "
             "empty database, or one this command filled from the same file.")
        return EXIT_DIFFERENT
    if problem is not None:
        fail(f"migrate: table {problem.table}: {problem.missing} row(s) did not arrive, "
             f"e.g. {problem.example} (refused by a unique key that rows already in the "
             "target hold?); the copy stopped there and overwrote nothing.")
        return EXIT_DIFFERENT
    total = sum(t.source for t in report.tallies)
    if report.new:
        say(f"done: all {len(report.tallies)} tables match, {total} rows; "
            f"{report.new} new rows copied.")
    else:
        say(f"done: all {len(report.tallies)} tables match, {total} rows; 0 new rows "
            "(already copied: nothing changed).")
    return EXIT_OK
