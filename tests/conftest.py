"""Suite-wide hooks.

A worker process left by the bot's AI pool can keep the interpreter alive after the last
test (seen in CI: all tests passed, then the run hung).  Until that leak is found, end the
process with pytest's own exit status once the summary is printed.
"""

from __future__ import annotations

import os
import sys

_status = {"code": 0}


def pytest_sessionfinish(session, exitstatus) -> None:  # type: ignore[no-untyped-def]
    _status["code"] = int(exitstatus)


def pytest_unconfigure(config) -> None:  # type: ignore[no-untyped-def]
    if os.environ.get("CI"):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_status["code"])
